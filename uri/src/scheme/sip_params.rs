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
    /// Where the first parameter's delimiter starts in `text`.
    params_start: usize,
    items: Occurrences<'a>,
}

impl<'a> SipParameters<'a> {
    pub(super) fn new(text: &'a str, params_start: usize, items: Occurrences<'a>) -> SipParameters<'a> {
        SipParameters { text, params_start, items }
    }
}

impl<'a> Iterator for SipParameters<'a> {
    type Item = SipParameter<'a>;

    fn next(&mut self) -> Option<SipParameter<'a>> {
        let (start, end) = self.items.next()?;
        let item = self.text.get(start..end)?;
        Some(match Parser::Param.parse_str(item) {
            Ok(p) => SipParameter { text: item, name: p.pname().unwrap_or_default(), value: p.pvalue() },
            Err(_) => named(self.text, self.params_start, start, end),
        })
    }
}

/// The parameter at `start..end` of `text` that reads as no `other-param`: a `transport`,
/// `user` or `method` parameter whose token holds a "`" or a `%` that starts no escape. The
/// parameters' parser, run from the first parameter to this one, finds its value (the one of
/// its `transport`, `user` or `method` captures that ends where the parameter does); the name
/// is the longest part before the value that reads as an `other-param` without a value.
fn named(text: &str, params_start: usize, start: usize, end: usize) -> SipParameter<'_> {
    let item = &text[start..end];
    let whole = SipParameter { text: item, name: item, value: None };
    let Some(params) = text.get(params_start..end) else { return whole };
    let Ok(c) = Parser::Params.parse(params.as_bytes()) else { return whole };
    let value = [c.transport(), c.user_param(), c.method()]
        .into_iter()
        .flatten()
        .find(|&(vs, ve)| ve == params.len() && params_start + vs > start);
    let Some((vs, ve)) = value else { return whole };
    let value_start = params_start + vs - start;
    let is_name = |n: &str| Parser::Param.parse_str(n).is_ok_and(|p| p.pvalue().is_none());
    match (1..value_start).rev().filter_map(|k| item.get(..k)).find(|n| is_name(n)) {
        Some(name) => SipParameter { text: item, name, value: params.get(vs..ve) },
        None => whole,
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
