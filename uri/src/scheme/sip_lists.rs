//! The lists of a SIP URI, one item at a time: [`SipParams`] and [`SipHeaders`] of
//! [`SipHeader`]s, read from the list captures of the generated parsers.

use alloc::borrow::Cow;

use crate::percent::{decode_utf8, DecodeError};
use crate::runtime::Texts;

/// The URI parameters of a [`Sip`](super::Sip), one at a time: see
/// [`Sip::params`](super::Sip::params).
#[derive(Clone, Debug)]
pub struct SipParams<'a> {
    inner: Texts<'a>,
}

impl<'a> SipParams<'a> {
    pub(crate) fn new(inner: Texts<'a>) -> SipParams<'a> {
        SipParams { inner }
    }
}

impl<'a> Iterator for SipParams<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.next()
    }
}

/// The headers of a [`Sip`](super::Sip), one at a time: see
/// [`Sip::headers`](super::Sip::headers).
#[derive(Clone, Debug)]
pub struct SipHeaders<'a> {
    names: Texts<'a>,
    values: Texts<'a>,
}

impl<'a> SipHeaders<'a> {
    pub(crate) fn new(names: Texts<'a>, values: Texts<'a>) -> SipHeaders<'a> {
        SipHeaders { names, values }
    }
}

impl<'a> Iterator for SipHeaders<'a> {
    type Item = SipHeader<'a>;

    fn next(&mut self) -> Option<SipHeader<'a>> {
        // Every `header` has one `hname` and one `hvalue` (possibly empty), and both lists keep
        // empty occurrences, so the n-th value belongs to the n-th name.
        Some(SipHeader { name: self.names.next()?, value: self.values.next()? })
    }
}

/// One header of a SIP URI (`hname=hvalue`), as written.
///
/// ```
/// let sip = uri::scheme::Sip::parse("sip:alice@atlanta.com?to=alice%40atlanta.com&x=").unwrap();
/// let pairs: Vec<_> = sip.headers().map(|h| (h.name(), h.value())).collect();
/// assert_eq!(pairs, [("to", "alice%40atlanta.com"), ("x", "")]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SipHeader<'a> {
    name: &'a str,
    value: &'a str,
}

impl<'a> SipHeader<'a> {
    /// The header's name as written (`hname`).
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The header's value as written (`hvalue`), escaped; possibly empty.
    #[must_use]
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// The header's name with its escapes decoded, as UTF-8.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded octets are not UTF-8.
    ///
    /// ```
    /// let sip = uri::scheme::Sip::parse("sip:alice@atlanta.com?%53ubject=hi").unwrap();
    /// assert_eq!(sip.headers().next().unwrap().decoded_name().unwrap(), "Subject");
    /// ```
    pub fn decoded_name(&self) -> Result<Cow<'a, str>, DecodeError> {
        decode_utf8(self.name)
    }

    /// The header's value with its escapes decoded, as UTF-8.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded octets are not UTF-8.
    pub fn decoded_value(&self) -> Result<Cow<'a, str>, DecodeError> {
        decode_utf8(self.value)
    }
}
