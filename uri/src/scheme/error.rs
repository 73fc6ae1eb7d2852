//! The error of a scheme parser: the scheme and its rule, where the input stopped matching, in
//! which component, and what could have come there.

use alloc::{collections::BTreeSet, vec::Vec};
use core::fmt;

use crate::error::{Expected, Found};

/// Why a string is not a URI of a scheme ([`Urn`](super::Urn), [`File`](super::File),
/// [`Data`](super::Data), [`Geo`](super::Geo), [`Tel`](super::Tel), [`Mailto`](super::Mailto),
/// [`Sip`](super::Sip)).
///
/// The index is the first byte at which the input stops being a prefix of any string of the
/// scheme's rule, or the input length where the input ended too early; the expected bytes are
/// those the generated parser could have read there. The component is the part of the scheme's
/// syntax that the refused byte would have belonged to, found by completing the valid prefix in
/// the fewest bytes the parser accepts and reading the captures of the result.
///
/// ```
/// use uri::scheme::Urn;
///
/// let err = Urn::parse("urn:example:a b").unwrap_err();
/// assert_eq!((err.scheme(), err.rule(), err.index()), ("urn", "namestring", 13));
/// assert_eq!(err.component(), Some("NSS"));
/// assert_eq!(err.found(), Some(b' '));
/// assert!(err.expects(b'/') && err.expects_end() && !err.expects(b' '));
/// assert_eq!(
///     err.to_string(),
///     "invalid urn URI (RFC 8141 `namestring`): unexpected space at byte 13 in the NSS; \
///      expected a letter, a digit, '!', '#', '$', '%', '&', ''', '(', ')', '*', '+', ',', '-', \
///      '.', '/', ':', ';', '=', '?', '@', '_', '~', end of input"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeError {
    names: &'static Names,
    index: usize,
    found: Option<u8>,
    expected: Expected,
    component: Option<&'static str>,
    /// The range a number is outside of, for a number the RFC's prose refuses.
    range: Option<&'static str>,
}

impl SchemeError {
    /// The scheme name, lower case (`urn`).
    #[must_use]
    pub fn scheme(&self) -> &'static str {
        self.names.scheme
    }

    /// The rule of the scheme's RFC that the input was parsed as (`namestring`).
    #[must_use]
    pub fn rule(&self) -> &'static str {
        self.names.rule
    }

    /// The byte index of the first byte that cannot be part of a match, or the input length
    /// when the input ended too early.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte found at [`SchemeError::index`], or `None` at the end of the input.
    #[must_use]
    pub fn found(&self) -> Option<u8> {
        self.found
    }

    /// The range that the number at [`SchemeError::index`] is outside of, where the RFC's prose
    /// refuses a number the grammar accepts (a `geo` latitude or longitude, RFC 5870 section
    /// 3.4.2); `None` for a syntax error.
    #[must_use]
    pub fn out_of(&self) -> Option<&'static str> {
        self.range
    }

    /// Whether `byte` would have been accepted at [`SchemeError::index`].
    #[must_use]
    pub fn expects(&self, byte: u8) -> bool {
        self.expected.contains(byte)
    }

    /// Whether the input could have ended at [`SchemeError::index`].
    #[must_use]
    pub fn expects_end(&self) -> bool {
        self.expected.end()
    }

    /// The component the refused byte would have belonged to, named as the scheme's accessors
    /// and RFC name it (`NSS`, `host`, `latitude`), or `None` where no component is being read
    /// (in the scheme name, or after the input could have ended).
    #[must_use]
    pub fn component(&self) -> Option<&'static str> {
        self.component
    }
}

impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(range) = self.range {
            return write!(
                f,
                "invalid {} URI ({} `{}`): the {} at byte {} is outside {range}",
                self.names.scheme,
                self.names.rfc,
                self.names.rule,
                self.component.unwrap_or("number"),
                self.index
            );
        }
        write!(
            f,
            "invalid {} URI ({} `{}`): unexpected {} at byte {}",
            self.names.scheme,
            self.names.rfc,
            self.names.rule,
            Found(self.found),
            self.index
        )?;
        if let Some(component) = self.component {
            write!(f, " in the {component}")?;
        }
        if self.expected == Expected::from_parts([0; 4], false) {
            Ok(())
        } else {
            write!(f, "; expected {}", self.expected)
        }
    }
}

impl core::error::Error for SchemeError {}

/// What an error says of its scheme.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Names {
    /// The scheme name.
    pub(crate) scheme: &'static str,
    /// The RFC, for messages (`RFC 8141`).
    pub(crate) rfc: &'static str,
    /// The rule the parser matches.
    pub(crate) rule: &'static str,
}

impl Names {
    /// The names of a generated parser: its scheme and rule as [`Parser::scheme`] and
    /// [`Parser::rule_name`] give them (`Parser` being the parser's module's), and `rfc`, the
    /// label of the RFC its grammar comes from, which the grammar text does not say.
    ///
    /// [`Parser::scheme`]: super::generated::urn::Parser::scheme
    /// [`Parser::rule_name`]: super::generated::urn::Parser::rule_name
    pub(crate) const fn of(scheme: Option<&'static str>, rfc: &'static str, rule: &'static str) -> Names {
        match scheme {
            Some(scheme) => Names { scheme, rfc, rule },
            // Evaluated in constants only: a grammar that writes no scheme fails the build.
            None => panic!("a scheme parser's grammar writes its scheme"),
        }
    }
}

/// The spans of the components of one match, each with its name.
pub(crate) type Spans = Vec<(&'static str, (usize, usize))>;

/// A scheme's generated parser, seen from the error: its names, and a run that gives the spans
/// of the named components or the failure.
pub(crate) trait SchemeGrammar {
    /// The scheme, its RFC and rule.
    const NAMES: &'static Names;
    /// Parses `input`: each present component's name and span (the parts a user names, not
    /// the spans that hold several of them), or the failure's index, its expected bytes and
    /// whether the input could have ended there.
    fn run(input: &[u8]) -> Result<Spans, Miss>;
}

/// A failed run of a generated parser.
pub(crate) struct Miss {
    pub(crate) index: usize,
    pub(crate) expected: [u64; 4],
    pub(crate) end: bool,
}

/// `From<Failure> for Miss` for the `Failure` of each generated scheme module.
macro_rules! miss_from_failure {
    ($($module:ident),+) => {$(
        impl From<super::generated::$module::Failure> for Miss {
            fn from(f: super::generated::$module::Failure) -> Miss {
                Miss { index: f.index, expected: f.expected(), end: f.end_allowed() }
            }
        }
    )+};
}

miss_from_failure!(data, file, file_nonstandard, geo, mailto, sip, tel, urn);

/// The most prefixes the search for a completion tries before it gives up on naming the
/// component.
const SEARCH_LIMIT: usize = 4096;

/// The most bytes the search for a completion walks in all (each try walks the whole prefix
/// again), so that a long input's error costs a bounded multiple of its length.
const SEARCH_BYTES: usize = 1 << 24;

impl SchemeError {
    /// The error of `input` failing `G` as `miss` says. Out of line and cold: it searches for
    /// the shortest completion of the valid prefix to name the component.
    #[cold]
    #[inline(never)]
    pub(crate) fn new<G: SchemeGrammar>(input: &[u8], miss: impl Into<Miss>) -> SchemeError {
        let miss = &miss.into();
        let index = miss.index.min(input.len());
        SchemeError {
            names: G::NAMES,
            index,
            found: input.get(index).copied(),
            expected: Expected::from_parts(miss.expected, miss.end),
            component: component::<G>(&input[..index], miss),
            range: None,
        }
    }

    /// The error of a number at `index`, the start of `component`, outside `range`.
    #[cold]
    pub(crate) fn out_of_range<G: SchemeGrammar>(
        index: usize,
        component: &'static str,
        range: &'static str,
    ) -> SchemeError {
        SchemeError {
            names: G::NAMES,
            index,
            found: None,
            expected: Expected::from_parts([0; 4], false),
            component: Some(component),
            range: Some(range),
        }
    }
}

/// The component the byte after `prefix` belongs to, read from the captures of the shortest
/// completion of `prefix` that the parser accepts (found breadth first, one expected byte at a
/// time, prefixes with the same expected bytes counting as one, then, if that finds none, each
/// prefix on its own): the component being read at that byte (started before it, not ended
/// before it; the innermost), else the one starting there.
fn component<G: SchemeGrammar>(prefix: &[u8], miss: &Miss) -> Option<&'static str> {
    let at = prefix.len();
    let spans = if miss.end {
        // The prefix itself is a match: the input had bytes too many.
        G::run(prefix).ok()?
    } else {
        complete::<G>(prefix, miss, true).or_else(|| complete::<G>(prefix, miss, false))?
    };
    let innermost = |spans: &mut dyn Iterator<Item = &(&'static str, (usize, usize))>| {
        spans.max_by_key(|(_, (s, e))| (*s, usize::MAX - e)).map(|(name, _)| *name)
    };
    innermost(&mut spans.iter().filter(|(_, (s, e))| *s < at && at <= *e))
        .or_else(|| innermost(&mut spans.iter().filter(|(_, (s, _))| *s == at)))
}

/// The captures of the shortest accepted completion of `prefix`, if one is found in time.
/// With `merge`, prefixes with the same expected bytes count as one, which keeps the search
/// narrow but can drop the one prefix that leads on (after `mailto:a`, both `.` and `@` are
/// followed by the bytes of an atom); without it, every prefix is kept, up to the same limit.
fn complete<G: SchemeGrammar>(prefix: &[u8], miss: &Miss, merge: bool) -> Option<Spans> {
    let mut seen = BTreeSet::new();
    seen.insert(miss.expected);
    let mut frontier = alloc::vec![(prefix.to_vec(), miss.expected)];
    let mut tried = 0;
    let limit = SEARCH_LIMIT.min(1 + SEARCH_BYTES / (prefix.len() + 1));
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (text, expected) in &frontier {
            for byte in 0..=255u8 {
                if expected[usize::from(byte / 64)] & (1 << (byte % 64)) == 0 {
                    continue;
                }
                tried += 1;
                if tried > limit {
                    return None;
                }
                let mut longer = text.clone();
                longer.push(byte);
                match G::run(&longer) {
                    Ok(spans) => return Some(spans),
                    Err(m) if m.index == longer.len() && (!merge || seen.insert(m.expected)) => {
                        next.push((longer, m.expected));
                    }
                    Err(_) => {}
                }
            }
        }
        frontier = next;
    }
    None
}
