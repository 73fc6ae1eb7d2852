//! The URI parameters of a SIP URI as names and values: [`SipParameters`] of
//! [`SipParameter`]s, each parameter read by the generated `Param` parser.

use alloc::borrow::Cow;

use super::generated::sip::Parser;
use crate::percent::DecodeError;
use crate::runtime::Occurrences;
use crate::Encoded;

/// The URI parameters of a [`Sip`](super::Sip) as names and values, in order: see
/// [`Sip::parameters`](super::Sip::parameters).
#[derive(Clone, Debug)]
pub struct SipParameters<'a> {
    text: &'a str,
    items: Occurrences<'a>,
}

impl<'a> SipParameters<'a> {
    pub(super) fn new(text: &'a str, items: Occurrences<'a>) -> SipParameters<'a> {
        SipParameters { text, items }
    }
}

impl<'a> Iterator for SipParameters<'a> {
    type Item = SipParameter<'a>;

    fn next(&mut self) -> Option<SipParameter<'a>> {
        let (start, end) = self.items.next()?;
        let item = self.text.get(start..end)?;
        Some(match Parser::Param.parse_str(item) {
            Ok(p) => SipParameter { text: item, name: p.pname().unwrap_or_default(), value: p.pvalue() },
            Err(_) => named(self.text, start, end),
        })
    }
}

/// The parameter at `start..end` of `text` that reads as no `other-param`: a `transport`,
/// `user` or `method` parameter whose token holds a "`" or a `%` that starts no escape. The
/// parameters' parser, run on it with its `;`, finds its value, which follows the name and its
/// `=` (`transport-param = "transport=" ...`).
fn named(text: &str, start: usize, end: usize) -> SipParameter<'_> {
    let item = &text[start..end];
    let whole = SipParameter { text: item, name: item, value: None };
    let Some(with_semicolon) = start.checked_sub(1).and_then(|s| text.get(s..end)) else { return whole };
    let Ok(c) = Parser::Params.parse(with_semicolon.as_bytes()) else { return whole };
    match c.transport().or(c.user_param()).or(c.method()) {
        Some((vs, ve)) if vs >= 2 => {
            SipParameter { text: item, name: &with_semicolon[1..vs - 1], value: with_semicolon.get(vs..ve) }
        }
        _ => whole,
    }
}

/// One URI parameter of a SIP URI (`name` or `name=value`), as written and percent-decoded.
///
/// ```
/// use uri::scheme::Sip;
///
/// let sip = Sip::parse("sip:alice@atlanta.com;maddr=239.255.255.1;x=a%20b;lr").unwrap();
/// let pairs: Vec<_> = sip.parameters().map(|p| (p.name(), p.value())).collect();
/// assert_eq!(pairs, [("maddr", Some("239.255.255.1")), ("x", Some("a%20b")), ("lr", None)]);
/// let x = sip.parameters().nth(1).unwrap();
/// assert_eq!((x.as_str(), x.decoded_value().unwrap().unwrap()), ("x=a%20b", "a b".into()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SipParameter<'a> {
    text: &'a str,
    name: &'a str,
    value: Option<&'a str>,
}

impl<'a> SipParameter<'a> {
    /// The parameter as written, without its `;`.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The name as written (`pname`, or the name of a parameter section 19.1.1 defines).
    /// RFC 3261 section 19.1.4 compares names without case, and an escape of a character
    /// outside RFC 2396's `reserved` set as the character.
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The value as written, if the parameter has one (`lr` has none).
    #[must_use]
    pub fn value(&self) -> Option<&'a str> {
        self.value
    }

    /// The percent-decoded name.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`SipParameter::name`].
    pub fn decoded_name(&self) -> Result<Cow<'a, str>, DecodeError> {
        Encoded::new(self.name).decoded()
    }

    /// The percent-decoded value, if there is one.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`SipParameter::value`].
    pub fn decoded_value(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.value.map(|v| Encoded::new(v).decoded())
    }
}
