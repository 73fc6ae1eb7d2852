//! One `name` or `name=value` parameter of a `geo:` or SIP URI: [`Parameter`], as written and
//! percent-decoded.

use alloc::borrow::Cow;

use crate::{DecodeError, Encoded};

/// One parameter of a [`Geo`](super::Geo) (RFC 5870 section 3.3, after `crs` and `u`) or a
/// [`Sip`](super::Sip) URI (RFC 3261 section 19.1.1): a name, then a value after `=` or none,
/// as written and percent-decoded.
///
/// The two schemes' parameters agree on what a parameter is: a name compared without case (RFC
/// 5870 section 3.3: "Parameter names are case insensitive"; RFC 3261 section 19.1.4), and a
/// value that may be absent and holds percent-encodings. They differ in what they allow and in
/// how their comparisons read escapes, which is each scheme's comparison's business, not the
/// parameter's:
///
/// - a `geo` name is letters, digits and `-` (`pname`), so it has no escape and
///   [`Parameter::decoded_name`] is the name; a SIP name (`pname`, or `transport`, `user`,
///   `method`, `ttl`, `maddr`, `lr`) may hold escapes;
/// - [`Geo::rfc5870_eq`](super::Geo::rfc5870_eq) compares values once decoded, byte for byte;
///   [`Sip::rfc3261_eq`](super::Sip::rfc3261_eq) compares names and values without case and
///   reads an escape of a character outside RFC 2396's `reserved` set as the character, but
///   keeps an escaped reserved character apart from the character.
///
/// A `data:` media type's parameter always has a value, and is a
/// [`DataParameter`](super::DataParameter).
///
/// ```
/// use uri::scheme::{Geo, Sip};
///
/// let geo = Geo::parse("geo:66,30;u=6.500;FOo=this%2dthat;flag").unwrap();
/// let params: Vec<_> = geo.parameters().map(|p| (p.as_str(), p.name(), p.value())).collect();
/// assert_eq!(params, [("FOo=this%2dthat", "FOo", Some("this%2dthat")), ("flag", "flag", None)]);
/// assert_eq!(geo.parameters().next().unwrap().decoded_value().unwrap().unwrap(), "this-that");
///
/// let sip = Sip::parse("sip:alice@atlanta.com;maddr=239.255.255.1;x%79=a%20b;lr").unwrap();
/// let xy = sip.parameters().nth(1).unwrap();
/// assert_eq!((xy.as_str(), xy.name(), xy.value()), ("x%79=a%20b", "x%79", Some("a%20b")));
/// assert_eq!((xy.decoded_name().unwrap(), xy.decoded_value().unwrap().unwrap()), ("xy".into(), "a b".into()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Parameter<'a> {
    text: &'a str,
    name: &'a str,
    value: Option<&'a str>,
}

impl<'a> Parameter<'a> {
    /// The parameter `text` (`name` or `name=value`, without the `;` before it), whose name and
    /// value the grammar found.
    pub(super) fn new(text: &'a str, name: &'a str, value: Option<&'a str>) -> Parameter<'a> {
        Parameter { text, name, value }
    }

    /// The parameter as written, `name` or `name=value`, without the `;` before it.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The name as written; both schemes compare names without case.
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The value as written, `None` for a parameter without `=` (`lr`, a `geo` flag).
    #[must_use]
    pub fn value(&self) -> Option<&'a str> {
        self.value
    }

    /// The name, to decode in other ways (see [`Encoded`]).
    #[must_use]
    pub fn encoded_name(&self) -> Encoded<'a> {
        Encoded::new(self.name)
    }

    /// The value, to decode in other ways (see [`Encoded`]); `None` for a parameter without `=`.
    #[must_use]
    pub fn encoded_value(&self) -> Option<Encoded<'a>> {
        self.value.map(Encoded::new)
    }

    /// The percent-decoded name.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`Parameter::name`].
    pub fn decoded_name(&self) -> Result<Cow<'a, str>, DecodeError> {
        self.encoded_name().decoded()
    }

    /// The percent-decoded value; `None` for a parameter without `=`.
    ///
    /// Each `Err` is a [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`Parameter::value`].
    ///
    /// ```
    /// let geo = uri::scheme::Geo::parse("geo:1,2;x=%FF").unwrap();
    /// let x = geo.parameters().next().unwrap();
    /// assert!(x.decoded_value().unwrap().unwrap_err().is_invalid_utf8());
    /// assert_eq!(x.encoded_value().unwrap().decoded_bytes().unwrap().as_ref(), b"\xFF");
    /// ```
    #[must_use]
    pub fn decoded_value(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.encoded_value().map(|v| v.decoded())
    }
}
