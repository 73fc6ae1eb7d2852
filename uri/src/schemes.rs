//! Schemes and their default ports: [`DEFAULT_PORTS`], each entry with the RFC that defines it,
//! [`Ports`] to extend it without global state, and scheme comparison that ignores case.

use crate::{Uri, UriBuf, UriRef, UriRefBuf};

/// One scheme's default port, and the RFC that defines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DefaultPort {
    /// The scheme, lower case.
    pub scheme: &'static str,
    /// The port a URI of the scheme means when it names none.
    pub port: u16,
    /// The number of the RFC that gives the port.
    pub rfc: u16,
}

const fn entry(scheme: &'static str, port: u16, rfc: u16) -> DefaultPort {
    DefaultPort { scheme, port, rfc }
}

/// The default ports of the schemes whose RFC defines one, by scheme name.
///
/// The IANA URI scheme registry has no port column, so each entry names the RFC that gives the
/// port. The list holds the five schemes the WHATWG URL Standard (and so the url crate) knows,
/// `ftp`, `http`, `https`, `ws` and `wss`, and the other permanent IANA schemes whose RFC gives a
/// default port, as fluent-uri's table has them; the ports agree with both. Schemes whose port
/// depends on the transport (`sip`: 5060 or 5061, RFC 3261) are not listed.
///
/// [`Ports`] reads it, and adds a caller's entries.
///
/// ```
/// let http = uri::DEFAULT_PORTS.iter().find(|e| e.scheme == "http").unwrap();
/// assert_eq!((http.port, http.rfc), (80, 9110));
/// assert!(uri::DEFAULT_PORTS.windows(2).all(|w| w[0].scheme < w[1].scheme));
/// ```
pub const DEFAULT_PORTS: &[DefaultPort] = &[
    entry("aaa", 3868, 6733),
    entry("aaas", 5658, 6733),
    entry("acap", 674, 2244),
    entry("cap", 1026, 4324),
    entry("coap", 5683, 7252),
    entry("coap+tcp", 5683, 8323),
    entry("coap+ws", 80, 8323),
    entry("coaps", 5684, 7252),
    entry("coaps+tcp", 5684, 8323),
    entry("coaps+ws", 443, 8323),
    entry("dict", 2628, 2229),
    entry("dns", 53, 4501),
    entry("ftp", 21, 1738),
    entry("go", 1096, 3368),
    entry("gopher", 70, 4266),
    entry("http", 80, 9110),
    entry("https", 443, 9110),
    entry("icap", 1344, 3507),
    entry("imap", 143, 5092),
    entry("ipp", 631, 3510),
    entry("ipps", 631, 7472),
    entry("ldap", 389, 4516),
    entry("mtqp", 1038, 3887),
    entry("mupdate", 3905, 3656),
    entry("nfs", 2049, 2224),
    entry("nntp", 119, 5538),
    entry("pop", 110, 2384),
    entry("rtsp", 554, 7826),
    entry("rtsps", 322, 7826),
    entry("rtspu", 554, 2326),
    entry("snmp", 161, 4088),
    entry("stun", 3478, 7064),
    entry("stuns", 5349, 7064),
    entry("telnet", 23, 4248),
    entry("tip", 3372, 2371),
    entry("tn3270", 23, 6270),
    entry("turn", 3478, 7065),
    entry("turns", 5349, 7065),
    entry("vemmi", 575, 2122),
    entry("vnc", 5900, 7869),
    entry("ws", 80, 6455),
    entry("wss", 443, 6455),
    entry("z39.50r", 210, 2056),
    entry("z39.50s", 210, 2056),
];

/// The default port of `scheme` in [`DEFAULT_PORTS`], whatever its case.
///
/// ```
/// assert_eq!(uri::default_port("HTTPS"), Some(443));
/// assert_eq!(uri::default_port("coap+tcp"), Some(5683));
/// assert_eq!(uri::default_port("mailto"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    Ports::STANDARD.default_port(scheme)
}

/// Where default ports are looked up: [`DEFAULT_PORTS`], a caller's own entries, or both.
///
/// A value, passed to [`UriRef::port_or_default_with`] and [`UriRef::normalize_with_ports`];
/// there is no global table to change. The caller's entries come first, so one can also give a
/// listed scheme another port. Scheme names compare without regard to case.
///
/// ```
/// use uri::{Normalization, Ports, UriRef};
///
/// const MINE: Ports<'static> = Ports::with(&[("foo", 4673), ("http", 8080)]);
/// assert_eq!(MINE.default_port("FOO"), Some(4673));
/// assert_eq!(MINE.default_port("http"), Some(8080));
/// assert_eq!(MINE.default_port("https"), Some(443));
/// assert_eq!(Ports::only(&[("foo", 4673)]).default_port("https"), None);
///
/// let r = UriRef::parse("foo://h:4673/x").unwrap();
/// assert_eq!(r.normalize_with_ports(Normalization::FULL, &MINE), "foo://h/x");
/// assert_eq!(r.normalize(), "foo://h:4673/x");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ports<'t> {
    extra: &'t [(&'t str, u16)],
    standard: bool,
}

impl Ports<'static> {
    /// [`DEFAULT_PORTS`] alone.
    pub const STANDARD: Ports<'static> = Ports { extra: &[], standard: true };
    /// No default ports at all.
    pub const NONE: Ports<'static> = Ports { extra: &[], standard: false };
}

impl<'t> Ports<'t> {
    /// `extra` (scheme and port), then [`DEFAULT_PORTS`].
    #[must_use]
    pub const fn with(extra: &'t [(&'t str, u16)]) -> Ports<'t> {
        Ports { extra, standard: true }
    }

    /// `extra` alone.
    #[must_use]
    pub const fn only(extra: &'t [(&'t str, u16)]) -> Ports<'t> {
        Ports { extra, standard: false }
    }

    /// The default port of `scheme`: the first entry for it, caller's entries first.
    #[must_use]
    pub fn default_port(&self, scheme: &str) -> Option<u16> {
        let extra = self.extra.iter().find(|(name, _)| name.eq_ignore_ascii_case(scheme));
        extra.map(|&(_, port)| port).or_else(|| {
            let standard = if self.standard { DEFAULT_PORTS } else { &[] };
            standard.iter().find(|e| e.scheme.eq_ignore_ascii_case(scheme)).map(|e| e.port)
        })
    }
}

impl Default for Ports<'_> {
    /// [`Ports::STANDARD`].
    fn default() -> Self {
        Ports::STANDARD
    }
}

impl UriRef<'_> {
    /// Whether the reference has a scheme and it is `name`, ignoring case (RFC 3986 section 3.1:
    /// schemes are case-insensitive; [`UriRef::scheme`] gives it as written).
    ///
    /// ```
    /// let r = uri::UriRef::parse("HTTP://a").unwrap();
    /// assert_eq!(r.scheme(), Some("HTTP"));
    /// assert!(r.scheme_is("http") && r.scheme_is("Http"));
    /// assert!(!r.scheme_is("https"));
    /// assert!(!uri::UriRef::parse("//a").unwrap().scheme_is(""));
    /// ```
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme().is_some_and(|s| s.eq_ignore_ascii_case(name))
    }
}

impl Uri<'_> {
    /// Whether the scheme is `name`, ignoring case; see [`UriRef::scheme_is`].
    ///
    /// ```
    /// assert!(uri::Uri::parse("HTTP://a").unwrap().scheme_is("http"));
    /// ```
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme().eq_ignore_ascii_case(name)
    }
}

impl UriRefBuf {
    /// Whether the reference has a scheme and it is `name`, ignoring case; see
    /// [`UriRef::scheme_is`].
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme().is_some_and(|s| s.eq_ignore_ascii_case(name))
    }
}

impl UriBuf {
    /// Whether the scheme is `name`, ignoring case; see [`UriRef::scheme_is`].
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme().eq_ignore_ascii_case(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    #[test]
    fn the_table_is_sorted_lower_case_schemes_without_repeats() {
        for e in DEFAULT_PORTS {
            assert!(Rule::Scheme.matches(e.scheme.as_bytes()), "{e:?}");
            assert_eq!(e.scheme, e.scheme.to_ascii_lowercase(), "{e:?}");
            assert!(e.port != 0 && e.rfc != 0, "{e:?}");
        }
        assert!(DEFAULT_PORTS.windows(2).all(|w| w[0].scheme < w[1].scheme));
    }

    #[test]
    fn lookups_ignore_case_and_prefer_the_callers_entries() {
        assert_eq!(default_port("WsS"), Some(443));
        assert_eq!(default_port("ht"), None);
        assert_eq!(default_port(""), None);
        assert_eq!(Ports::NONE.default_port("http"), None);
        let mine = [("HTTP", 8080), ("x-y", 1)];
        assert_eq!(Ports::with(&mine).default_port("http"), Some(8080));
        assert_eq!(Ports::with(&mine).default_port("X-Y"), Some(1));
        assert_eq!(Ports::only(&mine).default_port("ftp"), None);
        assert_eq!(Ports::default(), Ports::STANDARD);
    }

    #[test]
    fn every_type_compares_its_scheme_without_case() {
        assert!(UriRefBuf::parse("wS:x").unwrap().scheme_is("Ws"));
        assert!(!UriRefBuf::parse("x").unwrap().scheme_is("x"));
        assert!(UriBuf::parse("A+b.C-d:x").unwrap().scheme_is("a+B.c-D"));
        assert!(!UriBuf::parse("ab:x").unwrap().scheme_is("a"));
    }
}
