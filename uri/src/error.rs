//! The error of a failed parse: where the input stopped being a URI, in which component, and what
//! could have come next; and the wording of expected bytes that build errors share.

use alloc::{
    borrow::ToOwned,
    format,
    string::{String, ToString},
    vec::Vec,
};
use core::fmt;
use core::hash::{Hash, Hasher};

mod expecting;
mod words;

use expecting::Expecting;

use crate::component::{self, Component};
use crate::generated::iri_parser::Parser as IriParser;
use crate::generated::parser::Failure;
use crate::Rule;

/// Why a string is not a URI (or URI reference), or not an IRI (or IRI reference,
/// [`ParseError::is_iri`]).
///
/// The index is the first byte at which the input stops being a prefix of any valid string of the
/// rule, or the input length if the input ended too early. The expected set lists the bytes that
/// could have continued a valid prefix there, derived from the generated automaton. The component
/// is the one being read when the byte was refused, found by reading the valid prefix again with
/// the component rules ([`Component`]).
///
/// For an IRI, the index is that of the first character that cannot continue a valid prefix
/// (the parser may refuse the second or third byte of a character, as for U+FDD0, a
/// noncharacter), [`ParseError::found`] is that character's first byte, and the message names
/// the character.
///
/// ```
/// use uri::{Component, Uri, UriRef};
///
/// let err = UriRef::parse("http://exa mple.com").unwrap_err();
/// assert_eq!((err.index(), err.component()), (10, Component::Host));
/// assert_eq!(err.found(), Some(b' '));
/// assert!(err.expects(b'm') && err.expects(b'/') && !err.expects(b' '));
/// // Whole classes in words, every other byte by itself.
/// assert_eq!(
///     err.to_string(),
///     "invalid URI reference: unexpected space at byte 10 in the host; expected a letter, a digit, \
///      '!', '#', '$', '%', '&', ''', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', \
///      '_', '~', end of input"
/// );
///
/// // A relative reference is no URI: its scheme is missing.
/// let err = Uri::parse("/rel").unwrap_err();
/// assert!(err.is_missing_scheme());
/// assert_eq!((err.index(), err.component()), (0, Component::Scheme));
/// assert_eq!(
///     err.to_string(),
///     "invalid URI: the scheme is missing (the text is a relative reference); \
///      unexpected '/' at byte 0; expected a letter"
/// );
/// ```
#[derive(Clone, Copy)]
pub struct ParseError {
    index: usize,
    found: Option<u8>,
    /// Read from the parser's state when asked, for a refused URI reference: the set is
    /// needed only by a caller who looks at it, and finding it reads every byte value's
    /// transition.
    expected: Expecting,
    rule: Rule,
    component: Component,
    missing_scheme: bool,
    /// Whether the text was parsed as an IRI (RFC 3987) rather than a URI.
    iri: bool,
    /// The character at the index, for an IRI error.
    found_char: Option<char>,
}

impl ParseError {
    /// Builds the error for `input` failing `rule` at `index`. Out of line and marked cold: it
    /// runs the recognizer over the input again to find the expected bytes and the component,
    /// code that would otherwise be inlined into every parse function and keep them from being
    /// inlined in turn.
    #[cold]
    #[inline(never)]
    pub(crate) fn new(rule: Rule, input: &[u8], index: usize) -> ParseError {
        let prefix = &input[..index.min(input.len())];
        let scheme_required = matches!(rule, Rule::Uri | Rule::AbsoluteUri);
        let component = component::locate(prefix, scheme_required);
        // A URI refused in its scheme, when the whole text is a relative reference.
        let missing_scheme =
            scheme_required && component == Component::Scheme && Rule::UriReference.matches(input);
        ParseError {
            index,
            found: input.get(index).copied(),
            expected: Expecting::Known(Expected::after(rule, prefix)),
            rule,
            component,
            missing_scheme,
            iri: false,
            found_char: None,
        }
    }

    /// Builds the error for `input` refused by the `URI-reference` parser with `failure`. The
    /// expected set stays the parser's state until asked ([`Expecting`]); the component is
    /// found now, since it needs the input. Out of line and cold, as [`ParseError::new`].
    #[cold]
    #[inline(never)]
    pub(crate) fn reference(input: &[u8], failure: Failure) -> ParseError {
        let index = failure.index;
        if input.len() >= u32::MAX as usize {
            // Past the parser's size limit, where its failure holds no state: the recognizer
            // finds the set.
            return ParseError::new(Rule::UriReference, input, index);
        }
        ParseError {
            index,
            found: input.get(index).copied(),
            expected: Expecting::Parser(failure),
            rule: Rule::UriReference,
            component: component::locate(&input[..index], false),
            missing_scheme: false,
            iri: false,
            found_char: None,
        }
    }

    /// Builds the error for `input` failing the IRI rule (`scheme_required`) or the
    /// IRI-reference rule, whose generated parser stopped at byte `index`. The index moves back
    /// to the start of the character it falls in, the first character that cannot continue.
    ///
    /// The component is found as for a URI, on a copy of the valid prefix where every byte from
    /// 0x80 on is an ASCII letter: RFC 3987 allows non-ASCII characters exactly where RFC 3986
    /// allows an unreserved character (and, for private-use ones, in the query only), so the copy
    /// is a valid prefix of a URI reference read into the same components.
    #[cold]
    #[inline(never)]
    pub(crate) fn iri(scheme_required: bool, input: &str, index: usize) -> ParseError {
        let bytes = input.as_bytes();
        let mut index = index.min(bytes.len());
        while !input.is_char_boundary(index) {
            index -= 1;
        }
        let scheme = Rule::Scheme.longest_match(bytes).unwrap_or(0);
        let has_scheme = scheme > 0 && bytes.get(scheme) == Some(&b':');
        if scheme_required && !has_scheme {
            // No `scheme ":"`: the IRI rule stops inside the scheme, which is ASCII and the same
            // rule as RFC 3986's.
            index = index.min(Rule::Uri.valid_up_to(bytes));
        }
        let prefix = &input[..index];
        let ascii: Vec<u8> = prefix.bytes().map(|b| if b < 0x80 { b } else { b'a' }).collect();
        let component = component::locate(&ascii, scheme_required);
        let expected = if scheme_required && component == Component::Scheme {
            Expected::after(Rule::Uri, &ascii)
        } else {
            Expected::after_iri(prefix)
        };
        ParseError {
            index,
            found: bytes.get(index).copied(),
            expected: Expecting::Known(expected),
            rule: if scheme_required { Rule::Uri } else { Rule::UriReference },
            component,
            missing_scheme: scheme_required
                && component == Component::Scheme
                && crate::IriRef::parse(input).is_ok(),
            iri: true,
            found_char: input[index..].chars().next(),
        }
    }

    /// The byte index of the first byte that cannot be part of a valid string, or the input
    /// length when the input ended too early.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte found at [`ParseError::index`], or `None` at the end of the input.
    #[must_use]
    pub fn found(&self) -> Option<u8> {
        self.found
    }

    /// Whether `byte` would have been accepted at [`ParseError::index`].
    #[must_use]
    pub fn expects(&self, byte: u8) -> bool {
        self.expected.get().contains(byte)
    }

    /// Whether the input could have ended at [`ParseError::index`].
    #[must_use]
    pub fn expects_end(&self) -> bool {
        self.expected.get().end
    }

    /// The rule the input was parsed as; for an IRI, the RFC 3986 rule that the RFC 3987 rule
    /// extends (`URI-reference` for `IRI-reference`, `URI` for `IRI`), see
    /// [`ParseError::rule_name`].
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The name of the rule the input was parsed as, in its RFC's grammar: `URI-reference` or
    /// `URI` (RFC 3986), `IRI-reference` or `IRI` (RFC 3987).
    ///
    /// ```
    /// assert_eq!(uri::UriRef::parse("a b").unwrap_err().rule_name(), "URI-reference");
    /// assert_eq!(uri::Iri::parse("/r\u{e9}").unwrap_err().rule_name(), "IRI");
    /// ```
    #[must_use]
    pub fn rule_name(&self) -> &'static str {
        match (self.iri, self.rule) {
            (true, Rule::Uri) => "IRI",
            (true, _) => "IRI-reference",
            (false, rule) => rule.name(),
        }
    }

    /// Whether the input was parsed as an IRI or IRI reference (RFC 3987).
    #[must_use]
    pub fn is_iri(&self) -> bool {
        self.iri
    }

    /// The expected bytes, for an error that wraps this one.
    pub(crate) fn expected(&self) -> Expected {
        self.expected.get()
    }

    /// The component being read when the input was refused: the one the byte at
    /// [`ParseError::index`] would have belonged to.
    ///
    /// Until the `:` after a scheme is read, that is the scheme for a URI, and the path for a URI
    /// reference (whose first segment reads like a scheme until a `/`). In an authority before
    /// any `@`, it is the host or port when the text so far can be `host [ ":" port ]`, and the
    /// user information otherwise.
    ///
    /// ```
    /// use uri::{Component, UriRef};
    ///
    /// let at = |text| UriRef::parse(text).map_err(|e| (e.component(), e.index()));
    /// assert_eq!(at("s://user:pass word@h"), Err((Component::Userinfo, 13)));
    /// assert_eq!(at("s://h:80 "), Err((Component::Port, 8)));
    /// // `h:8o` can only be user information: the input ended where an '@' was due.
    /// assert_eq!(at("s://h:8o"), Err((Component::Userinfo, 8)));
    /// assert_eq!(at("s://h/a b"), Err((Component::Path, 7)));
    /// assert_eq!(at("s:?q=x y"), Err((Component::Query, 6)));
    /// assert_eq!(at("s:#a#b"), Err((Component::Fragment, 4)));
    /// ```
    #[must_use]
    pub fn component(&self) -> Component {
        self.component
    }

    /// Whether the input was parsed as a URI and refused because it has no scheme: it is a
    /// relative reference (`/rel`, `a/b`, the empty string).
    ///
    /// ```
    /// let missing = |text| uri::Uri::parse(text).unwrap_err().is_missing_scheme();
    /// assert!(missing("/rel") && missing("a/b") && missing(""));
    /// // Not a relative reference either: a scheme starts with a letter.
    /// assert!(!missing("1http://a"));
    /// ```
    #[must_use]
    pub fn is_missing_scheme(&self) -> bool {
        self.missing_scheme
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match (self.iri, self.rule) {
            (false, Rule::Uri) => "URI",
            (false, _) => "URI reference",
            (true, Rule::Uri) => "IRI",
            (true, _) => "IRI reference",
        };
        let found = match self.found_char {
            Some(c) if !c.is_ascii() => FoundChar(c).to_string(),
            _ => Found(self.found).to_string(),
        };
        if self.missing_scheme {
            write!(f, "invalid {what}: the scheme is missing (the text is a relative reference); ")?;
            write!(f, "unexpected {found} at byte {}", self.index)?;
        } else {
            write!(f, "invalid {what}: unexpected {found} at byte {} in the {}", self.index, self.component)?;
        }
        let expected = self.expected.get();
        if expected.is_empty() {
            Ok(())
        } else {
            write!(f, "; expected {expected}")
        }
    }
}

impl ParseError {
    /// Every field, the expected set computed: what equality, hashing and `Debug` read, so that
    /// two errors alike in all they say are equal however their expected sets are kept.
    #[allow(clippy::type_complexity)]
    fn fields(&self) -> (usize, Option<u8>, Expected, Rule, Component, bool, bool, Option<char>) {
        (
            self.index,
            self.found,
            self.expected.get(),
            self.rule,
            self.component,
            self.missing_scheme,
            self.iri,
            self.found_char,
        )
    }
}

impl PartialEq for ParseError {
    fn eq(&self, other: &ParseError) -> bool {
        self.fields() == other.fields()
    }
}

impl Eq for ParseError {}

impl Hash for ParseError {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.fields().hash(state);
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("index", &self.index)
            .field("found", &self.found)
            .field("expected", &self.expected.get())
            .field("rule", &self.rule)
            .field("component", &self.component)
            .field("missing_scheme", &self.missing_scheme)
            .field("iri", &self.iri)
            .field("found_char", &self.found_char)
            .finish()
    }
}

impl core::error::Error for ParseError {}

/// The bytes that could have continued a valid prefix of a rule, and whether it could have ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Expected {
    bytes: [u64; 4],
    end: bool,
}

impl Expected {
    /// What may follow `prefix` in a match of `rule` (nothing when `prefix` starts none).
    pub(crate) fn after(rule: Rule, prefix: &[u8]) -> Expected {
        let (bytes, end) = rule.continuations(prefix);
        Expected { bytes, end }
    }

    /// The bytes of a generated parser's failure (bit `b % 64` of word `b / 64`) and whether
    /// the input could have ended.
    pub(crate) fn from_parts(bytes: [u64; 4], end: bool) -> Expected {
        Expected { bytes, end }
    }

    /// What may follow `prefix`, a valid prefix of an IRI reference, read from the generated IRI
    /// parser: a NUL byte, which no IRI holds, makes it fail right after the prefix.
    pub(crate) fn after_iri(prefix: &str) -> Expected {
        let mut probe = Vec::with_capacity(prefix.len() + 1);
        probe.extend_from_slice(prefix.as_bytes());
        probe.push(0);
        match IriParser::IriRef.parse(&probe) {
            Err(failure) if failure.index == prefix.len() => {
                Expected::from_parts(failure.expected(), failure.end_allowed())
            }
            _ => Expected::from_parts([0; 4], false),
        }
    }

    pub(crate) fn contains(&self, byte: u8) -> bool {
        self.bytes[usize::from(byte / 64)] & (1 << (byte % 64)) != 0
    }

    pub(crate) fn end(&self) -> bool {
        self.end
    }

    fn is_empty(&self) -> bool {
        !self.end && self.bytes == [0; 4]
    }
}

/// A refused byte for a message, or the end of the input.
pub(crate) struct Found(pub(crate) Option<u8>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(byte) => f.write_str(&show(byte)),
            None => f.write_str("end of input"),
        }
    }
}

/// A refused non-ASCII character for a message: `'é' (U+00E9)`.
struct FoundChar(char);

impl fmt::Display for FoundChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' (U+{:04X})", self.0.escape_debug(), u32::from(self.0))
    }
}

/// Shows a byte for a message: printable ASCII as itself, the rest in hex.
pub(crate) fn show(byte: u8) -> String {
    match byte {
        0x21..=0x7E => format!("'{}'", byte as char),
        b' ' => "space".to_owned(),
        _ => format!("0x{byte:02X}"),
    }
}
