//! The port as a number ([`Port`]), the port a URI means when it names none
//! (`port_or_default`), and scheme-based normalization with a caller's [`Ports`].

use crate::normalize::{captures_of, normalize_with_ports_into};
use crate::{Authority, Normalization, Ports, Uri, UriBuf, UriRef, UriRefBuf};
use alloc::string::String;

/// The port of a URI reference as a number, from [`Authority::port_number`].
///
/// RFC 3986 (section 3.2.3) allows a port of any number of digits, or none after the `:`, so
/// "no port", "an empty port" and "a port too large for TCP or UDP" are different answers.
///
/// ```
/// use uri::{Port, UriRef};
///
/// let port = |text| UriRef::parse(text).unwrap().authority().unwrap().port_number();
/// assert_eq!(port("http://h/"), Port::Absent);
/// assert_eq!(port("http://h:/"), Port::Empty);
/// assert_eq!(port("http://h:0080/"), Port::Number(80));
/// assert_eq!(port("http://h:65536/"), Port::OutOfRange("65536"));
/// assert_eq!(port("http://h:65536/").number(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Port<'a> {
    /// No `:` after the host.
    Absent,
    /// A `:` with no digits after it (section 3.2.3: the same as no port).
    Empty,
    /// A port that fits in `u16`, leading zeros ignored.
    Number(u16),
    /// Digits whose value is more than 65535, as written.
    OutOfRange(&'a str),
}

impl Port<'_> {
    /// The number, when there is one that fits in `u16`.
    #[must_use]
    pub fn number(&self) -> Option<u16> {
        match *self {
            Port::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The port of the digits after the `:` (`None`: no `:`).
    pub(crate) fn from_digits(digits: Option<&str>) -> Port<'_> {
        let Some(digits) = digits else { return Port::Absent };
        if digits.is_empty() {
            return Port::Empty;
        }
        // Every byte is a digit (the `port` rule), so only the value can fail to fit.
        let significant = digits.trim_start_matches('0');
        match significant.parse::<u16>() {
            Ok(n) => Port::Number(n),
            Err(_) if significant.is_empty() => Port::Number(0),
            Err(_) => Port::OutOfRange(digits),
        }
    }
}

impl<'a> Authority<'a> {
    /// The port as a number, telling an absent, empty and out-of-range port apart.
    #[must_use]
    pub fn port_number(&self) -> Port<'a> {
        Port::from_digits(self.port())
    }
}

impl<'a> UriRef<'a> {
    /// The port as a number; [`Port::Absent`] without an authority too.
    ///
    /// ```
    /// assert_eq!(uri::UriRef::parse("mailto:a@b").unwrap().port_number(), uri::Port::Absent);
    /// ```
    #[must_use]
    pub fn port_number(&self) -> Port<'a> {
        self.authority().map_or(Port::Absent, |a| a.port_number())
    }

    /// The port, or when it is absent or empty the scheme's default from [`DEFAULT_PORTS`](crate::DEFAULT_PORTS).
    ///
    /// `None` when there is no authority (no host, so no port), when the port is out of range
    /// (the URI then names no port a connection can use; the default would be another one),
    /// or when the scheme has no default port (or the reference no scheme).
    ///
    /// ```
    /// use uri::UriRef;
    ///
    /// let port = |text| UriRef::parse(text).unwrap().port_or_default();
    /// assert_eq!(port("https://h/"), Some(443));
    /// assert_eq!(port("HTTP://h:/"), Some(80));
    /// assert_eq!(port("http://h:8080/"), Some(8080));
    /// assert_eq!(port("http://h:99999/"), None);
    /// assert_eq!(port("foo://h/"), None);
    /// assert_eq!(port("foo://h:7/"), Some(7));
    /// assert_eq!(port("//h/"), None);
    /// ```
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.port_or_default_with(&Ports::STANDARD)
    }

    /// The port, or the scheme's default from `ports`; see [`UriRef::port_or_default`].
    ///
    /// ```
    /// let r = uri::UriRef::parse("foo://h/").unwrap();
    /// assert_eq!(r.port_or_default_with(&uri::Ports::with(&[("foo", 4673)])), Some(4673));
    /// ```
    #[must_use]
    pub fn port_or_default_with(&self, ports: &Ports<'_>) -> Option<u16> {
        match self.authority()?.port_number() {
            Port::Number(n) => Some(n),
            Port::Absent | Port::Empty => ports.default_port(self.scheme()?),
            Port::OutOfRange(_) => None,
        }
    }

    /// Normalizes with the chosen steps, taking default ports for scheme-based normalization
    /// (section 6.2.3) from `ports` instead of [`DEFAULT_PORTS`](crate::DEFAULT_PORTS); see
    /// [`UriRef::normalize_with`] and [`Ports`].
    ///
    /// # Panics
    ///
    /// As [`UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize_with_ports(&self, steps: Normalization, ports: &Ports<'_>) -> UriRefBuf {
        let mut out = String::with_capacity(self.as_str().len() + 2);
        let spans = normalize_with_ports_into(self, steps, ports, &mut out);
        match captures_of(self, &out, &spans) {
            Some(captures) => UriRefBuf::from_built(out, captures),
            None => UriRefBuf::from_valid(out),
        }
    }
}

impl<'a> Uri<'a> {
    /// The port as a number; see [`UriRef::port_number`].
    #[must_use]
    pub fn port_number(&self) -> Port<'a> {
        self.as_uri_ref().port_number()
    }

    /// The port or the scheme's default; see [`UriRef::port_or_default`].
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.as_uri_ref().port_or_default()
    }

    /// The port or the scheme's default from `ports`; see [`UriRef::port_or_default_with`].
    #[must_use]
    pub fn port_or_default_with(&self, ports: &Ports<'_>) -> Option<u16> {
        self.as_uri_ref().port_or_default_with(ports)
    }

    /// Normalizes with the chosen steps and default ports; see [`UriRef::normalize_with_ports`].
    ///
    /// ```
    /// use uri::{Normalization, Ports, Uri};
    ///
    /// let uri = Uri::parse("coap://h:5683/x").unwrap();
    /// assert_eq!(uri.normalize(), "coap://h/x");
    /// assert_eq!(uri.normalize_with_ports(Normalization::FULL, &Ports::NONE), "coap://h:5683/x");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize_with_ports(&self, steps: Normalization, ports: &Ports<'_>) -> UriBuf {
        let mut out = String::with_capacity(self.as_str().len() + 2);
        let spans = normalize_with_ports_into(&self.as_uri_ref(), steps, ports, &mut out);
        match captures_of(&self.as_uri_ref(), &out, &spans) {
            Some(captures) => UriBuf::from_built(out, captures),
            None => UriBuf::from_valid(out),
        }
    }
}

impl UriRefBuf {
    /// The port as a number; see [`UriRef::port_number`].
    #[must_use]
    pub fn port_number(&self) -> Port<'_> {
        self.as_uri_ref().port_number()
    }

    /// The port or the scheme's default; see [`UriRef::port_or_default`].
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.as_uri_ref().port_or_default()
    }

    /// The port or the scheme's default from `ports`; see [`UriRef::port_or_default_with`].
    #[must_use]
    pub fn port_or_default_with(&self, ports: &Ports<'_>) -> Option<u16> {
        self.as_uri_ref().port_or_default_with(ports)
    }

    /// Normalizes with the chosen steps and default ports; see [`UriRef::normalize_with_ports`].
    #[must_use]
    pub fn normalize_with_ports(&self, steps: Normalization, ports: &Ports<'_>) -> UriRefBuf {
        self.as_uri_ref().normalize_with_ports(steps, ports)
    }
}

impl UriBuf {
    /// The port as a number; see [`UriRef::port_number`].
    #[must_use]
    pub fn port_number(&self) -> Port<'_> {
        self.as_uri_ref().port_number()
    }

    /// The port or the scheme's default; see [`UriRef::port_or_default`].
    ///
    /// ```
    /// assert_eq!(uri::UriBuf::parse("wss://h/chat").unwrap().port_or_default(), Some(443));
    /// ```
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.as_uri_ref().port_or_default()
    }

    /// The port or the scheme's default from `ports`; see [`UriRef::port_or_default_with`].
    #[must_use]
    pub fn port_or_default_with(&self, ports: &Ports<'_>) -> Option<u16> {
        self.as_uri_ref().port_or_default_with(ports)
    }

    /// Normalizes with the chosen steps and default ports; see [`UriRef::normalize_with_ports`].
    #[must_use]
    pub fn normalize_with_ports(&self, steps: Normalization, ports: &Ports<'_>) -> UriBuf {
        self.as_uri().normalize_with_ports(steps, ports)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_become_the_right_answer() {
        let cases = [
            (None, Port::Absent),
            (Some(""), Port::Empty),
            (Some("0"), Port::Number(0)),
            (Some("0000"), Port::Number(0)),
            (Some("65535"), Port::Number(65535)),
            (Some("000065535"), Port::Number(65535)),
            (Some("65536"), Port::OutOfRange("65536")),
            (Some("0065536"), Port::OutOfRange("0065536")),
            (Some("99999999999999999999999"), Port::OutOfRange("99999999999999999999999")),
        ];
        for (digits, expected) in cases {
            assert_eq!(Port::from_digits(digits), expected, "{digits:?}");
        }
    }

    #[test]
    fn every_type_gives_the_port_and_its_default() {
        let text = "ldap://h:/x";
        assert_eq!(UriRef::parse(text).unwrap().port_number(), Port::Empty);
        assert_eq!(Uri::parse(text).unwrap().port_or_default(), Some(389));
        assert_eq!(UriRefBuf::parse(text).unwrap().port_or_default(), Some(389));
        assert_eq!(UriBuf::parse(text).unwrap().port_number(), Port::Empty);
        let ports = Ports::only(&[("ldap", 1)]);
        assert_eq!(UriBuf::parse(text).unwrap().port_or_default_with(&ports), Some(1));
        assert_eq!(UriRefBuf::parse(text).unwrap().port_or_default_with(&ports), Some(1));
        assert_eq!(UriRef::parse("ldap:x").unwrap().port_or_default(), None);
    }

    #[test]
    fn normalization_drops_the_ports_the_table_names() {
        let r = UriRefBuf::parse("LDAP://h:389/x").unwrap();
        assert_eq!(r.normalize(), "ldap://h/x");
        assert_eq!(r.normalize_with_ports(Normalization::FULL, &Ports::NONE), "ldap://h:389/x");
        let ports = Ports::only(&[("ldap", 390)]);
        let other = UriBuf::parse("ldap://h:390/x").unwrap();
        assert_eq!(other.normalize_with_ports(Normalization::SCHEME_BASED, &ports), "ldap://h/x");
        // An empty port goes whatever the table says.
        let empty = UriRef::parse("x://h:/").unwrap();
        assert_eq!(empty.normalize_with_ports(Normalization::SCHEME_BASED, &Ports::NONE), "x://h/");
    }
}
