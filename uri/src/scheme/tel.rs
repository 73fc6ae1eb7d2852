//! `tel:` URIs (RFC 3966): [`Tel`], its number, extension, ISDN subaddress, phone context and
//! parameters, [`TelParams`], the parameters one at a time, and the comparison of section 4.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::tel::{Captures, NumberKind, Parsed, Parser};
use crate::percent::decoded_where;
use crate::runtime::{Occurrences, Texts};
use crate::{Uri, UriRef};

/// A `tel:` URI (RFC 3966 `telephone-uri`), borrowing its text, read by a parser generated from
/// section 3's grammar with the extension and the ISDN subaddress read as sections 3, 5.2 and
/// 5.3 read them (`;ext=` is the extension and `;isub=` the subaddress, never a generic
/// parameter, and a subaddress's value holds no unencoded `;`, `=`, `?` or `+`). A value that
/// only RFC 3966's generic `parameter` reads (`;ext=12a4`: `12a4` is no `extension`) makes a
/// generic parameter of that name; inside such a value, an error expects the bytes of both
/// readings.
///
/// Where a parameter appears more than once (section 3 says it may not; the grammar lets it),
/// the accessors of single parameters give the last one.
///
/// A local number may hold `#` (section 3's `phonedigit-hex`), which RFC 3986 reads as the start
/// of a fragment: [`Tel::parse`] reads `tel:*23#;phone-context=+1-914-555` as the number `*23#`,
/// and `TryFrom<&Uri>` and `TryFrom<&UriRef>` refuse it at the `#` (see there).
///
/// ```
/// use uri::scheme::Tel;
///
/// let tel = Tel::parse("tel:7042;ext=22;phone-context=example.com").unwrap();
/// assert_eq!((tel.number(), tel.is_global()), ("7042", false));
/// assert_eq!((tel.extension(), tel.phone_context()), (Some("22"), Some("example.com")));
/// assert_eq!(tel.params().collect::<Vec<_>>(), [";ext=22", ";phone-context=example.com"]);
/// assert!(Tel::parse("tel:7042").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tel<'a> {
    pub(super) parsed: Parsed<'a>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names = &Names::of(Parser::Tel.scheme(), "RFC 3966", Parser::Tel.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = Parser::Tel.parse(input).map_err(Miss::from)?;
        let parts = [
            ("number", c.number(input.len())),
            ("ISDN subaddress", c.isdn_subaddress(input.len())),
            ("extension", c.extension(input.len())),
            ("phone context", c.phone_context(input.len())),
        ];
        let mut spans: Spans = parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect();
        // A parameter without a name of its own: the generic parameter being read. A value
        // starts after its `=`, strictly inside its parameter (an empty extension ends where
        // the next parameter starts).
        let named = spans.clone();
        let generic = c.params(input).filter(|p| !named.iter().any(|(_, s)| s.0 > p.0 && s.1 <= p.1));
        spans.extend(generic.map(|p| ("parameter", p)));
        Ok(spans)
    }
}

impl<'a> Tel<'a> {
    /// The `tel` view of a match of the module's `Subscriber` parser, whose captures are laid
    /// out as the `Tel` parser's.
    pub(super) fn from_parsed(parsed: Parsed<'a>) -> Tel<'a> {
        Tel { parsed }
    }

    /// Parses `text` as a `tel:` URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] with the index, the component and the expected bytes where `text`
    /// stops matching `telephone-uri`.
    ///
    /// ```
    /// let err = uri::scheme::Tel::parse("tel:+1-201-555-0123;isub=a b").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (26, Some("ISDN subaddress")));
    /// let err = uri::scheme::Tel::parse("tel:+1-201-555-0123;postd=p p").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (27, Some("parameter")));
    /// ```
    pub fn parse(text: &'a str) -> Result<Tel<'a>, SchemeError> {
        match Parser::Tel.parse_str(text) {
            Ok(parsed) => Ok(Tel { parsed }),
            Err(f) => Err(SchemeError::new::<Grammar>(text.as_bytes(), f)),
        }
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// The telephone number as written, with its visual separators: `+` and the digits of a
    /// global number (section 5.1.4), the digits of a local one (section 5.1.5); never the
    /// digits of the phone context.
    #[must_use]
    pub fn number(&self) -> &'a str {
        self.parsed.number().unwrap_or_default()
    }

    /// Whether the number is global (`global-number`, starting with `+`), rather than local to
    /// a [`Tel::phone_context`].
    #[must_use]
    pub fn is_global(&self) -> bool {
        self.parsed.captures.number_kind() == Some(NumberKind::Global)
    }

    /// The extension's digits (`;ext=`, section 5.3), as written.
    #[must_use]
    pub fn extension(&self) -> Option<&'a str> {
        self.parsed.extension()
    }

    /// The ISDN subaddress (`;isub=`, section 5.2), as written (percent-encoded).
    #[must_use]
    pub fn isdn_subaddress(&self) -> Option<&'a str> {
        self.parsed.isdn_subaddress()
    }

    /// The phone context of a local number (`;phone-context=`, section 5.1.5): a domain name or
    /// a global number's digits, as written. Every local number has one; a global number none.
    #[must_use]
    pub fn phone_context(&self) -> Option<&'a str> {
        self.parsed.phone_context()
    }

    /// Every parameter after the number as written, from the first one's `;` to the last one's
    /// end; empty when there are none.
    #[must_use]
    pub fn parameters_str(&self) -> &'a str {
        self.parsed.parameters().unwrap_or_default()
    }

    /// Each parameter after the number, in order, as written with its leading `;`: the
    /// extension, the ISDN subaddress, the phone context and the generic parameters alike.
    /// Lazy: each call walks [`Tel::parameters_str`] again with a small automaton generated
    /// from the grammar, allocating nothing.
    ///
    /// ```
    /// let tel = uri::scheme::Tel::parse("tel:+358-555-1234567;postd=pp22;isub=1").unwrap();
    /// assert_eq!(tel.params().collect::<Vec<_>>(), [";postd=pp22", ";isub=1"]);
    /// ```
    #[must_use]
    pub fn params(&self) -> TelParams<'a> {
        TelParams { inner: self.parsed.params() }
    }
}

impl Tel<'_> {
    /// Whether two `tel:` URIs are equivalent by RFC 3966 section 4, every comparison without
    /// case: both numbers global or both local; the numbers' digits equal once their visual
    /// separators are left out; the phone contexts equal (a domain name as a host name, a
    /// global number's digits without their visual separators); the extensions and ISDN
    /// subaddresses equal as written; and the same further parameters, in any order (each
    /// compared whole, name and value, as section 3 lets a name appear once).
    ///
    /// Section 4 gives no rule for the visual separators of an extension, so they count.
    /// Section 3 says that a character outside RFC 2396's `reserved` and `unsafe` sets is
    /// equivalent to its escape: an escape of an unreserved character (RFC 2396's, which
    /// section 3 repeats: alphanumerics and `-_.!~*'()`) is the character (`;isub=%41b` is
    /// `;isub=ab`, `;x=%21` is `;x=!`, and `;ext=12%34`, a generic parameter as written, is
    /// the extension `;ext=124`), and the hex digits of other escapes compare without case
    /// like every other letter.
    ///
    /// ```
    /// use uri::scheme::Tel;
    ///
    /// let tel = |t| Tel::parse(t).unwrap();
    /// assert!(tel("tel:+1-201-555-0123").rfc3966_eq(&tel("tel:+1(201)5550123")));
    /// assert!(tel("tel:7042;a=1;phone-context=Example.COM;b=2")
    ///     .rfc3966_eq(&tel("tel:70-42;b=2;phone-context=example.com;A=1")));
    /// assert!(tel("tel:863-1234;phone-context=+1-914-555").rfc3966_eq(&tel("tel:8631234;phone-context=+1914555")));
    /// assert!(!tel("tel:+1-201-555-0123").rfc3966_eq(&tel("tel:+1-201-555-0123;ext=1")));
    /// assert!(!tel("tel:+7042;phone-context=x").rfc3966_eq(&tel("tel:7042;phone-context=x")));
    /// assert!(tel("tel:+1-201-555-0123;isub=%41b").rfc3966_eq(&tel("tel:+1-201-555-0123;isub=ab")));
    /// assert!(tel("tel:+1-201-555-0123;ext=12%34").rfc3966_eq(&tel("tel:+1-201-555-0123;ext=124")));
    /// assert!(tel("tel:+1-201-555-0123;isub=%28a%29").rfc3966_eq(&tel("tel:+1-201-555-0123;isub=(a)")));
    /// assert!(!tel("tel:+1-201-555-0123;isub=%3B").rfc3966_eq(&tel("tel:+1-201-555-0123;isub=%3A")));
    /// ```
    #[must_use]
    pub fn rfc3966_eq(&self, other: &Tel<'_>) -> bool {
        let (mine, theirs) = (self.unescaped(), other.unescaped());
        read(self, &mine).eq_unescaped(&read(other, &theirs))
    }

    /// The telephone subscriber (the text from the number on) with the escapes of unreserved
    /// characters ([`is_unreserved`]) decoded, and its captures; `None` when it holds none
    /// (or, which no subscriber does, when the decoded text is no subscriber: it is then
    /// compared as written). Decoding an unreserved character leaves a valid subscriber valid:
    /// the grammar takes escapes only in parameter values, which take unreserved characters too.
    fn unescaped(&self) -> Option<(String, Captures)> {
        let text = self.as_str();
        let subscriber = &text[self.parsed.captures.number(text.len()).map_or(0, |(start, _)| start)..];
        let Cow::Owned(decoded) = decoded_where(subscriber, is_unreserved) else { return None };
        let captures = Parser::Subscriber.parse(decoded.as_bytes()).ok()?;
        Some((decoded, captures))
    }

    /// [`Tel::rfc3966_eq`] for subscribers whose escapes of unreserved characters are decoded.
    fn eq_unescaped(&self, other: &Tel<'_>) -> bool {
        let (a, b) = (self.facts(), other.facts());
        let same = |x: Option<&str>, y: Option<&str>| match (x, y) {
            (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
            (x, y) => x.is_none() && y.is_none(),
        };
        self.is_global() == other.is_global()
            && a.number == b.number
            && a.context == b.context
            && same(self.extension(), other.extension())
            && same(self.isdn_subaddress(), other.isdn_subaddress())
            && same_multiset(&a.generic, &b.generic)
    }

    /// What the comparison reads: the number's and the context's bytes, lower-cased, without
    /// their visual separators, and the generic parameters.
    pub(super) fn facts(&self) -> Facts<'_> {
        let (text, c) = (self.as_str(), &self.parsed.captures);
        let input = text.as_bytes();
        // A parameter is generic unless it holds the extension, subaddress or context value
        // (which starts after the parameter's `=`: an empty extension ends where the next
        // parameter starts, and is not inside it).
        let named = [c.extension(text.len()), c.isdn_subaddress(text.len()), c.phone_context(text.len())];
        let generic = c
            .params(input)
            .filter(|&(s, e)| !named.iter().flatten().any(|&(vs, ve)| s < vs && ve <= e))
            .map(|(s, e)| &text[s..e])
            .collect();
        Facts {
            number: kept(input, c.number(text.len()), c.number_separators(input)),
            context: kept(input, c.phone_context(text.len()), c.context_separators(input)),
            generic,
        }
    }
}

/// Whether `byte` is in RFC 2396's `unreserved` set (alphanumerics and `mark`), which section 3
/// repeats as its own rule and makes equal to its escape: read from the generated parser of
/// that rule.
pub(super) fn is_unreserved(byte: u8) -> bool {
    Parser::Unreserved.parse(&[byte]).is_ok()
}

/// `tel`, or the subscriber `unescaped` read from it ([`Tel::unescaped`]).
fn read<'t>(tel: &Tel<'t>, unescaped: &'t Option<(String, Captures)>) -> Tel<'t> {
    match unescaped {
        Some((text, captures)) => Tel::from_parsed(Parsed { input: text, captures: *captures }),
        None => *tel,
    }
}

/// Whether `a` and `b` hold the same parameters, each as often, in any order and without case.
fn same_multiset(a: &[&str], b: &[&str]) -> bool {
    let sorted = |v: &[&str]| {
        let mut v: Vec<String> = v.iter().map(|p| p.to_ascii_lowercase()).collect();
        v.sort_unstable();
        v
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

/// The parts of a [`Tel`] that [`Tel::rfc3966_eq`] compares.
pub(super) struct Facts<'a> {
    pub(super) number: Vec<u8>,
    pub(super) context: Vec<u8>,
    generic: Vec<&'a str>,
}

/// The bytes of `span` in `input`, lower-cased, without those of the spans `left_out`.
fn kept(input: &[u8], span: Option<(usize, usize)>, left_out: Occurrences<'_>) -> Vec<u8> {
    let Some((start, end)) = span else { return Vec::new() };
    let mut out = Vec::with_capacity(end - start);
    let mut at = start;
    for (s, e) in left_out.filter(|&(s, _)| s >= start && s < end) {
        out.extend(input[at..s].iter().map(u8::to_ascii_lowercase));
        at = e;
    }
    out.extend(input[at..end].iter().map(u8::to_ascii_lowercase));
    out
}

/// The parameters of a [`Tel`], one at a time, as written: see [`Tel::params`].
#[derive(Clone, Debug)]
pub struct TelParams<'a> {
    inner: Texts<'a>,
}

impl<'a> Iterator for TelParams<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.next()
    }
}

impl fmt::Display for Tel<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `tel:` URI as RFC 3986 reads it: every one whose parameter values hold no `[` or `]` (RFC
/// 3966's `param-unreserved`, which RFC 3986 allows in no path), the tel reading stopping at the
/// reference's fragment.
///
/// RFC 3966 section 3 lets a local number hold an unencoded `#` (`phonedigit-hex`), while RFC
/// 3986 section 3.5 makes the first `#` start the fragment, which "is separated from the rest of
/// the URI prior to a dereference" and takes no part in the scheme's own reading. So
/// `tel:*23#;phone-context=+1-914-555`, which [`Tel::parse`] accepts, is refused here: as a
/// reference it is `tel:*23` with a fragment, and `tel:*23` has no phone context. The error is at
/// the `#` and expects what the number could go on with there, but the `#`. Write the `#` of a
/// local number as `%23` (RFC 3966's grammar allows it only unencoded) or keep the text out of
/// a [`UriRef`].
///
/// ```
/// use uri::scheme::Tel;
/// use uri::UriRef;
///
/// let text = "tel:*23#;phone-context=+1-914-555";
/// assert!(Tel::parse(text).is_ok());
/// let reference = UriRef::parse(text).unwrap();
/// assert_eq!((reference.path(), reference.fragment()), ("*23", Some(";phone-context=+1-914-555")));
/// let err = Tel::try_from(&reference).unwrap_err();
/// assert_eq!((err.index(), err.found()), (7, Some(b'#')));
/// assert!(err.expects(b';') && !err.expects(b'#'));
/// ```
impl<'a> TryFrom<&Uri<'a>> for Tel<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Tel<'a>, SchemeError> {
        before_fragment(uri.as_str(), uri.fragment())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Tel<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Tel<'a>, SchemeError> {
        before_fragment(uri.as_str(), uri.fragment())
    }
}

/// `text` as a tel URI, refused where a reading of it goes on past the `#` that starts
/// `fragment` (the `#` is then a digit of a local number, section 3).
fn before_fragment<'a>(text: &'a str, fragment: Option<&str>) -> Result<Tel<'a>, SchemeError> {
    let tel = Tel::parse(text)?;
    let Some(fragment) = fragment else {
        return Ok(tel);
    };
    let hash = text.len() - fragment.len() - 1;
    // The text before the `#` is a valid prefix of `text`, so its run fails at its end (a local
    // number needs its phone context after the digits); what it expects there, but the `#`
    // that RFC 3986 gives to the fragment, is what the error lists.
    let (mut expected, end) = match Parser::Tel.parse_str(&text[..hash]) {
        Ok(_) => ([0; 4], true),
        Err(f) => (f.expected(), f.end_allowed()),
    };
    // Byte `b` is bit `b % 64` of word `b / 64`: `#` (35) is in word 0.
    expected[0] &= !(1 << b'#');
    Err(SchemeError::new::<Grammar>(text.as_bytes(), Miss { index: hash, expected, end }))
}
