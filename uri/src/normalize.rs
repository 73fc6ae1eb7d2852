//! Normalization and comparison (RFC 3986 section 6): syntax-based (6.2.2) and scheme-based
//! (6.2.3), each step selectable on its own.
//!
//! Components come from the generated parser and the unreserved set from the generated tables
//! ([`EncodeSet::UNRESERVED`]); this module is only the section 6 algorithms. The choices made
//! where the RFC is silent are documented at [`UriRef::normalize`], the comparison ladder at
//! [`UriRef::normalized_eq`].

use crate::generated::parser::Captures;
use crate::layout::{host_captures, Spans};
use crate::percent::{push_folded, unreserved, Fold};
use crate::resolve::remove_dots_into;
use crate::{Port, Ports, Uri, UriBuf, UriRef, UriRefBuf};
use alloc::{string::String, vec::Vec};

/// A set of components, for the percent-encoding steps of [`Normalization`].
///
/// ```
/// use uri::Components;
///
/// let some = Components::QUERY | Components::FRAGMENT;
/// assert!(some.contains(Components::QUERY) && !some.contains(Components::PATH));
/// assert!(Components::ALL.contains(some));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Components(u8);

impl Components {
    /// No component.
    pub const NONE: Components = Components(0);
    /// The user information.
    pub const USERINFO: Components = Components(1);
    /// The host.
    pub const HOST: Components = Components(2);
    /// The path.
    pub const PATH: Components = Components(4);
    /// The query.
    pub const QUERY: Components = Components(8);
    /// The fragment.
    pub const FRAGMENT: Components = Components(16);
    /// Every component that may hold percent-encodings.
    pub const ALL: Components = Components(31);

    /// Whether every component of `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: Components) -> bool {
        self.0 & other.0 == other.0
    }

    /// The components of both.
    #[must_use]
    pub const fn union(self, other: Components) -> Components {
        Components(self.0 | other.0)
    }
}

impl core::ops::BitOr for Components {
    type Output = Components;

    fn bitor(self, other: Components) -> Components {
        self.union(other)
    }
}

/// Which normalization steps to apply; build one from a constant and the `const` setters.
///
/// ```
/// use uri::{Components, Normalization, UriRef};
///
/// let r = UriRef::parse("HTTP://Example.COM:80/%7euser/./a?%41").unwrap();
/// assert_eq!(r.normalize_with(Normalization::SYNTAX), "http://example.com:80/~user/a?A");
/// assert_eq!(r.normalize_with(Normalization::SCHEME_BASED), "HTTP://Example.COM/%7euser/./a?%41");
/// assert_eq!(r.normalize(), "http://example.com/~user/a?A");
///
/// // One step of section 6.2.2 alone: decode unreserved octets in the query only.
/// let only_query = Normalization::NONE.percent_decode(Components::QUERY);
/// assert_eq!(r.normalize_with(only_query), "HTTP://Example.COM:80/%7euser/./a?A");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Normalization {
    scheme_case: bool,
    host_case: bool,
    percent_case: Components,
    percent_decode: Components,
    dot_segments: bool,
    scheme_based: bool,
    ipv6_canonical: bool,
}

impl Normalization {
    /// Nothing: the reference is copied as it is.
    pub const NONE: Normalization = Normalization {
        scheme_case: false,
        host_case: false,
        percent_case: Components::NONE,
        percent_decode: Components::NONE,
        dot_segments: false,
        scheme_based: false,
        ipv6_canonical: false,
    };
    /// Syntax-based normalization (section 6.2.2): case (6.2.2.1), percent-encoding (6.2.2.2)
    /// and path segments (6.2.2.3).
    ///
    /// These steps know nothing of schemes: they remove dot segments from every path, so also
    /// from the paths of `urn`, `mailto`, `tel`, `sip`, `data` and `geo` URIs, whose RFCs give
    /// them no hierarchy (`urn:example:ab/../c` becomes `urn:/c`, no URN at all), and they
    /// decode escapes that a scheme keeps (a URN's NSS). Add
    /// [`SCHEME_BASED`](Normalization::SCHEME_BASED), as [`FULL`](Normalization::FULL) does, to
    /// keep those.
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let urn = UriRef::parse("urn:example:ab/../c").unwrap();
    /// assert_eq!(urn.normalize_with(Normalization::SYNTAX), "urn:/c");
    /// assert_eq!(urn.normalize_with(Normalization::FULL), "urn:example:ab/../c");
    /// let mailto = UriRef::parse("mailto:a/../b@example.com").unwrap();
    /// assert_eq!(mailto.normalize_with(Normalization::SYNTAX), "mailto:/b@example.com");
    /// assert_eq!(mailto.normalize(), "mailto:a/../b@example.com");
    /// ```
    pub const SYNTAX: Normalization = Normalization {
        scheme_case: true,
        host_case: true,
        percent_case: Components::ALL,
        percent_decode: Components::ALL,
        dot_segments: true,
        scheme_based: false,
        ipv6_canonical: false,
    };
    /// Scheme-based normalization (section 6.2.3) alone: empty and default ports
    /// ([`DEFAULT_PORTS`](crate::DEFAULT_PORTS)) removed,
    /// an empty `http`/`https` path with an authority becomes `/`, and a `file` host
    /// `localhost` (after the syntax steps) becomes empty (RFC 8089 section 2) unless a
    /// userinfo or a port is there, beside which RFC 3986 section 6.2.3 writes the host.
    /// A URI that a [`uri::scheme`](crate::scheme) type reads is written in its scheme's normal
    /// form, where its RFC defines an equivalence that one text can stand for:
    ///
    /// - `urn` (RFC 8141 section 3.1): the NID in lower case and the NSS with upper-case
    ///   percent-encodings, none decoded, whatever the syntax steps say (the RFC forbids
    ///   decoding them for URN-equivalence, which this form follows); the r- and q-components,
    ///   which URN-equivalence ignores, and the f-component get the syntax steps chosen for the
    ///   query and the fragment.
    /// - `tel` (RFC 3966 sections 3 and 4): in lower case, escapes of unreserved characters
    ///   decoded and the hex digits of the others in upper case, the number and a global-number
    ///   context without visual separators, the ISDN subaddress, extension and context
    ///   parameters first and the others after them in the order of their text.
    /// - `sip`, `sips` (RFC 3261 section 19.1.4): escapes of unreserved characters (RFC
    ///   2396's, which RFC 3261 uses: RFC 3986's and `!*'()`) decoded and the hex digits of the
    ///   others in upper case; the host, the parameter names and the
    ///   values of `transport`, `user`, `ttl` and `maddr` in lower case, the other values (a
    ///   `method`, an extension's) as written; the parameters in the order of their names,
    ///   unless a name repeats (the last one counts, so they keep their order); the headers in
    ///   the order of their names, those of one name in their own order (RFC 3261 section
    ///   7.3.1), the names in lower case; the user, the password and the header values as
    ///   written.
    /// - `mailto` (RFC 6068 section 2): the domains of the addresses and the header field names
    ///   in lower case; the local parts and the header field values as written. The syntax
    ///   steps apply: `%2E` is a dot-atom's dot, so `exampl%2e.org` is no address, as
    ///   `exampl..org` is none, and decoding never makes an address invalid.
    /// - `geo` (RFC 5870 section 3.4.4): `crs`, `u`, the CRS label and the parameter names in
    ///   lower case, no `;crs=wgs84` (the default CRS), each number in its shortest text, exact
    ///   to the digit (`22.300` is `22.3`, `-0` is `0`), for WGS-84 the longitude `0` at a pole
    ///   and `180` for -180, the further parameters in the order of their names, unless a name
    ///   repeats, and their values with escapes of unreserved characters (RFC 2396's) decoded,
    ///   the hex digits of the others in upper case, letters as written.
    ///
    /// Where a scheme's comparison ignores a part (a URN's r-, q- and f-components, a SIP
    /// parameter that only one of two URIs has) or leaves a value's case to the value's own
    /// definition (a SIP `method`'s or extension parameter's value, which `Sip::rfc3261_eq`
    /// compares without case but for `method`), URIs it calls equivalent can keep different
    /// normal forms; so can SIP and `tel` URIs that repeat a parameter their RFCs allow once.
    ///
    /// The normal form is written from the URI as given when its scheme's type reads it, so
    /// that a valid URI stays valid for its scheme, and from the result of the syntax steps
    /// otherwise (`URN:E%41XAMPLE:x`, no URN with its escape in the NID, is
    /// `urn:eaxample:x`), so that normalizing a normal form again changes nothing.
    ///
    /// With [`dot_segments`](Normalization::dot_segments), the path of a `mailto`, `tel`, `sip`,
    /// `sips`, `urn`, `data` or `geo` URI without an authority keeps its `.` and `..` segments:
    /// those RFCs give the path no hierarchy, so a `/` in it separates nothing and
    /// `remove_dot_segments` (section 5.2.4) would change what it names
    /// (`mailto:x/../y@example.com` is no `mailto:/y@example.com`).
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let scheme_based = |t| UriRef::parse(t).unwrap().normalize_with(Normalization::SCHEME_BASED);
    /// assert_eq!(scheme_based("file://LocalHost/etc/hosts"), "file:///etc/hosts");
    /// assert_eq!(scheme_based("file://u@localhost/x"), "file://u@localhost/x");
    /// assert_eq!(scheme_based("file://localhost:80/x"), "file://localhost:80/x");
    /// assert_eq!(scheme_based("urn:ISBN:0451450523"), "urn:isbn:0451450523");
    /// assert_eq!(scheme_based("urn:Example:A%2fB?=Q"), "urn:example:A%2FB?=Q");
    /// assert_eq!(scheme_based("tel:+1-201-555-0123;Ext=12"), "tel:+12015550123;ext=12");
    /// assert_eq!(scheme_based("sip:Alice@AtLanTa.CoM;Transport=TCP;lr"), "sip:Alice@atlanta.com;lr;transport=tcp");
    /// assert_eq!(scheme_based("mailto:Joe@Example.COM?Subject=Hi"), "mailto:Joe@example.com?subject=Hi");
    /// assert_eq!(scheme_based("geo:90,-22.4300;CRS=WGS84;U=010;Foo=A%2dB;bar"), "geo:90,0;u=10;bar;foo=A-B");
    ///
    /// let full = |t| UriRef::parse(t).unwrap().normalize();
    /// assert_eq!(full("URN:EXAMPLE:%41a123"), "urn:example:%41a123");
    /// assert_eq!(full("URN:E%41XAMPLE:a123%2cz456"), "urn:eaxample:a123%2Cz456");
    /// assert_eq!(full("mailto:%22a%2e%2eb%22@Exampl%65.org"), "mailto:%22a..b%22@example.org");
    /// ```
    pub const SCHEME_BASED: Normalization = Normalization::NONE.scheme_based(true);
    /// Both: what [`UriRef::normalize`] applies. Where a scheme's normal form follows an RFC
    /// stricter than the syntax steps, the scheme's rule wins: a URN's NSS keeps its escapes
    /// (RFC 8141 section 3.1), which [`Normalization::SYNTAX`] alone decodes.
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let urn = UriRef::parse("urn:example:%41").unwrap();
    /// assert_eq!(urn.normalize_with(Normalization::FULL), "urn:example:%41");
    /// assert_eq!(urn.normalize_with(Normalization::SYNTAX), "urn:example:A");
    /// ```
    pub const FULL: Normalization = Normalization::SYNTAX.scheme_based(true);

    /// Section 6.2.2.1 for the scheme: lower-case it.
    #[must_use]
    pub const fn scheme_case(self, on: bool) -> Normalization {
        Normalization { scheme_case: on, ..self }
    }

    /// Section 6.2.2.1 for the host: lower-case its ASCII letters (percent-encodings excepted).
    #[must_use]
    pub const fn host_case(self, on: bool) -> Normalization {
        Normalization { host_case: on, ..self }
    }

    /// Section 6.2.2.1 for percent-encodings: upper-case their hex digits in `components`.
    #[must_use]
    pub const fn percent_case(self, components: Components) -> Normalization {
        Normalization { percent_case: components, ..self }
    }

    /// Section 6.2.2.2: decode percent-encoded unreserved characters in `components`.
    #[must_use]
    pub const fn percent_decode(self, components: Components) -> Normalization {
        Normalization { percent_decode: components, ..self }
    }

    /// Section 6.2.2.3: remove dot segments from the path (after any percent-decoding, so that
    /// `%2E%2E` counts as `..` once decoded); with [`scheme_based`](Normalization::scheme_based)
    /// too, not from the paths that [`SCHEME_BASED`](Normalization::SCHEME_BASED) says keep them.
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let r = UriRef::parse("mailto:x/../y@example.com").unwrap();
    /// assert_eq!(r.normalize_with(Normalization::NONE.dot_segments(true)), "mailto:/y@example.com");
    /// assert_eq!(r.normalize(), "mailto:x/../y@example.com");
    /// ```
    #[must_use]
    pub const fn dot_segments(self, on: bool) -> Normalization {
        Normalization { dot_segments: on, ..self }
    }

    /// Section 6.2.3: scheme-based normalization.
    #[must_use]
    pub const fn scheme_based(self, on: bool) -> Normalization {
        Normalization { scheme_based: on, ..self }
    }

    /// An IPv6 host in the canonical text of RFC 5952 ([`crate::ipv6_canonical`]). Not part of
    /// RFC 3986's normalization (section 6.2.2 keeps `2041:0000:140F::875B:131B` as it is, but
    /// for case), so in no constant: add it to one.
    ///
    /// ```
    /// let r = uri::UriRef::parse("http://[2041:0000:140F::875B:131B]/").unwrap();
    /// assert_eq!(r.normalize(), "http://[2041:0000:140f::875b:131b]/");
    /// let steps = uri::Normalization::FULL.ipv6_canonical(true);
    /// assert_eq!(r.normalize_with(steps), "http://[2041:0:140f::875b:131b]/");
    /// ```
    #[must_use]
    pub const fn ipv6_canonical(self, on: bool) -> Normalization {
        Normalization { ipv6_canonical: on, ..self }
    }
}

impl Normalization {
    /// The percent-encoding steps chosen for `component`, nothing lower-cased.
    pub(crate) const fn fold(self, component: Components) -> Fold {
        Fold {
            decode: if self.percent_decode.contains(component) { Some(unreserved) } else { None },
            upper_hex: self.percent_case.contains(component),
            lower: false,
        }
    }
}

impl Default for Normalization {
    /// [`Normalization::FULL`].
    fn default() -> Normalization {
        Normalization::FULL
    }
}

impl<'a> UriRef<'a> {
    /// Normalizes with [`Normalization::FULL`]: syntax-based, then scheme-based.
    ///
    /// # Where RFC 3986 is silent
    ///
    /// - **Relative references.** Section 6 defines normalization for URIs. A relative reference gets
    ///   the same case and percent-encoding steps. Its dot segments are removed so that it keeps its
    ///   meaning: resolved against any base with an authority or an absolute path, the normalized
    ///   reference gives the same URI as the original (section 5.2). An absolute-path or
    ///   network-path reference gets section 5.2.4 as it is (resolution applies it to such a path
    ///   unchanged). A relative-path reference keeps its leading `..` segments (`../../a/..` gives
    ///   `../../`), becomes `./` rather than empty (`a/..`: an empty reference would mean the base
    ///   document itself), and gets a `./` in front when its first segment would otherwise contain
    ///   a `:` (section 4.2) or be empty (a path that would start with `/`).
    ///   Percent-encoded dots are the exception: `%2E` decodes to `.` (section 6.2.2.2) before dot
    ///   segments go (6.2.2.3), as the vectors of other implementations expect, while resolution
    ///   (section 5.2.4) takes `%2E` for an ordinary segment. So `c/%2E/../d` normalizes to `d`
    ///   but resolves like `c/d`.
    /// - **Rootless paths of URIs.** Section 5.2.4 is applied literally: `zz:a/../b` becomes
    ///   `zz:/b`, like resolution does (see [`Uri::resolve`]).
    /// - **A path that would start with `//` without an authority** gets `/.` in front
    ///   (`scheme:/.//x` stays as it is), for the reason given at [`Uri::resolve`]; under
    ///   scheme-based normalization so does a `file:` path after an authority, which RFC 8089
    ///   makes a `path-absolute` (`file://h/.//x` stays as it is, not `file://h//x`).
    /// - **Hosts.** Case normalization lower-cases the ASCII letters of the host, whatever its
    ///   kind, also beside percent-encoded non-ASCII octets (`Alpha%ce%b1` becomes
    ///   `alpha%CE%B1`): the hex digits of the triplets are upper-cased instead.
    /// - **Ports.** Scheme-based normalization drops an empty port for every scheme (section 3.2.3:
    ///   normalizers should omit it) and the scheme's default port from
    ///   [`DEFAULT_PORTS`](crate::DEFAULT_PORTS), compared as a number (`:0080` is port 80);
    ///   [`UriRef::normalize_with_ports`] takes another table.
    ///
    /// ```
    /// use uri::UriRef;
    ///
    /// let r = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
    /// assert_eq!(r.normalize(), "example://a/b/c/%7Bfoo%7D");
    ///
    /// // Relative references keep their meaning.
    /// assert_eq!(UriRef::parse("../../abc/../def").unwrap().normalize(), "../../def");
    /// assert_eq!(UriRef::parse("./a:b").unwrap().normalize(), "./a:b");
    /// assert_eq!(UriRef::parse("a/..").unwrap().normalize(), "./");
    /// ```
    ///
    /// # Panics
    ///
    /// When the result is 4 GiB (`u32::MAX` bytes) or longer, past what a [`UriRefBuf`]'s 32-bit
    /// offsets can hold. Normalization adds at most two bytes (`/.`, `./` or an `http` path's
    /// `/`), so only an input within two bytes of that limit can do it.
    #[must_use]
    pub fn normalize(&self) -> UriRefBuf {
        self.normalize_with(Normalization::FULL)
    }

    /// Normalizes with the chosen steps.
    ///
    /// # Panics
    ///
    /// As [`UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> UriRefBuf {
        let mut out = String::with_capacity(self.as_str().len() + 2);
        let spans = normalize_into(self, steps, &mut out);
        match captures_of(self, &out, &spans) {
            Some(captures) => UriRefBuf::from_built(out, captures),
            None => UriRefBuf::from_valid(out),
        }
    }

    /// Whether both references are equivalent by the comparison ladder of section 6.2.1: the
    /// same string, or the same after syntax-based and scheme-based normalization.
    ///
    /// # The comparison ladder (section 6.2.1)
    ///
    /// Section 6.2.1 orders comparison methods from cheap to thorough: simple string comparison
    /// (6.2.1), syntax-based normalization (6.2.2), scheme-based normalization (6.2.3) and
    /// protocol-based normalization (6.2.4). [`UriRef::normalized_eq`] climbs the first three rungs:
    /// equal strings are equal; otherwise both sides are normalized with [`Normalization::FULL`] and
    /// compared. Protocol-based normalization (following redirects, asking a server) is out of scope.
    ///
    /// ```
    /// use uri::UriRef;
    ///
    /// let a = UriRef::parse("http://example.com").unwrap();
    /// for b in ["http://example.com/", "HTTP://EXAMPLE.com:/", "http://example.com:80/", "http://%65xample.com/./"] {
    ///     assert!(a.normalized_eq(&UriRef::parse(b).unwrap()), "{b}");
    /// }
    /// assert!(!a.normalized_eq(&UriRef::parse("http://example.com/?").unwrap()));
    /// assert!(!a.normalized_eq(&UriRef::parse("https://example.com/").unwrap()));
    /// ```
    ///
    /// Where a scheme's RFC is stricter than section 2.3, its rule wins: RFC 8141 section 3.1
    /// forbids decoding a URN's NSS for URN-equivalence, so `urn:example:%41` and
    /// `urn:example:A` differ here, while the syntax steps alone (section 6.2.2.2) make them
    /// equal.
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let (a, b) = (UriRef::parse("urn:example:%41").unwrap(), UriRef::parse("urn:example:A").unwrap());
    /// assert!(!a.normalized_eq(&b));
    /// assert!(a.normalized_eq_with(&b, Normalization::SYNTAX));
    /// ```
    #[must_use]
    pub fn normalized_eq(&self, other: &UriRef<'_>) -> bool {
        if self.as_str() == other.as_str() {
            return true;
        }
        // Compared as text, so that no size limit of an owned value applies: this never panics.
        let (mut a, mut b) = (String::new(), String::new());
        normalize_into(self, Normalization::FULL, &mut a);
        normalize_into(other, Normalization::FULL, &mut b);
        a == b
    }
}

impl<'a> Uri<'a> {
    /// Normalizes with [`Normalization::FULL`]; see [`UriRef::normalize`].
    ///
    /// ```
    /// let uri = uri::Uri::parse("HTTPS://User@Example.COM:443").unwrap();
    /// assert_eq!(uri.normalize(), "https://User@example.com/");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize(&self) -> UriBuf {
        self.normalize_with(Normalization::FULL)
    }

    /// Normalizes with the chosen steps; see [`UriRef::normalize_with`].
    ///
    /// # Panics
    ///
    /// As [`UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> UriBuf {
        let mut out = String::with_capacity(self.as_str().len() + 2);
        let spans = normalize_into(&self.as_uri_ref(), steps, &mut out);
        match captures_of(&self.as_uri_ref(), &out, &spans) {
            Some(captures) => UriBuf::from_built(out, captures),
            None => UriBuf::from_valid(out),
        }
    }

    /// Whether both URIs are equivalent; see [`UriRef::normalized_eq`].
    #[must_use]
    pub fn normalized_eq(&self, other: &Uri<'_>) -> bool {
        self.as_uri_ref().normalized_eq(&other.as_uri_ref())
    }
}

/// Whether the port is to be dropped by scheme-based normalization.
fn port_is_redundant(scheme: Option<&str>, port: &str, ports: &Ports<'_>) -> bool {
    match Port::from_digits(Some(port)) {
        Port::Empty => true,
        // Any number of digits is a valid port; only values that fit in `u16` can be a default.
        Port::Number(n) => scheme.and_then(|s| ports.default_port(s)) == Some(n),
        Port::Absent | Port::OutOfRange(_) => false,
    }
}

/// The offsets of a normalization result `out` of `r`, its components at `spans`: the host's kind
/// travels with `r`'s captures when the host is unchanged, and comes from parsing the host alone
/// when normalization changed it (a decoded `%31.2.3.4` is an IPv4 address). `None` for a
/// result too long for the offsets.
pub(crate) fn captures_of(r: &UriRef<'_>, out: &str, spans: &Spans) -> Option<Captures> {
    if out.len() >= u32::MAX as usize {
        return None;
    }
    let captures = r.captures();
    let template = match (spans.host, captures.host(r.as_str().len())) {
        (Some((start, end)), Some((old_start, old_end)))
            if out[start..end] == r.as_str()[old_start..old_end] =>
        {
            captures.shifted(start as isize - old_start as isize)
        }
        (Some((start, end)), _) => host_captures(&out[start..end])?.shifted(start as isize - 2),
        (None, _) => captures,
    };
    Some(spans.apply(template))
}

/// Appends the normalization of `r` to `out` and returns where its components went (relative to
/// where it started in `out`).
pub(crate) fn normalize_into(r: &UriRef<'_>, steps: Normalization, out: &mut String) -> Spans {
    normalize_with_ports_into(r, steps, &Ports::STANDARD, out)
}

/// `normalize_into`, with default ports from `ports`.
pub(crate) fn normalize_with_ports_into(
    r: &UriRef<'_>,
    steps: Normalization,
    ports: &Ports<'_>,
    out: &mut String,
) -> Spans {
    let base = out.len();
    let at = |out: &String, start: usize| (start - base, out.len() - base);
    let mut spans = Spans::default();
    let scheme = r.scheme();
    if let Some(s) = scheme {
        if steps.scheme_case {
            out.extend(s.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            out.push_str(s);
        }
        spans.scheme = Some(at(out, base));
        out.push(':');
    }
    let authority = r.authority();
    if let Some(a) = authority {
        out.push_str("//");
        let authority_start = out.len();
        if let Some(userinfo) = a.userinfo() {
            push_percent_normalized(out, userinfo, steps, Components::USERINFO, false);
            spans.userinfo = Some(at(out, authority_start));
            out.push('@');
        }
        let host_start = out.len();
        match if steps.ipv6_canonical { a.ipv6() } else { None } {
            Some(ip) => {
                out.push('[');
                crate::ipv6::push_canonical(out, ip);
                out.push(']');
            }
            _ => {
                push_percent_normalized(out, a.host(), steps, Components::HOST, steps.host_case);
                // RFC 8089 section 2: `file://localhost/p` is `file:///p`, the host read after
                // the syntax steps (`localhos%74` is `localhost` once decoded); but RFC 3986
                // section 6.2.3 gives the host explicitly beside a userinfo or a port that
                // stays.
                let port_stays = a.port().is_some_and(|p| !port_is_redundant(scheme, p, ports));
                if steps.scheme_based
                    && a.userinfo().is_none()
                    && !port_stays
                    && crate::scheme::normalize::is_file_localhost(scheme, &out[host_start..])
                {
                    out.truncate(host_start);
                }
            }
        }
        spans.host = Some(at(out, host_start));
        if let Some(port) = a.port() {
            if !(steps.scheme_based && port_is_redundant(scheme, port, ports)) {
                out.push(':');
                let port_start = out.len();
                out.push_str(port);
                spans.port = Some(at(out, port_start));
            }
        }
        spans.authority = Some(at(out, authority_start));
    }
    let path_start = out.len();
    let path = r.path();
    let keeps_dots =
        steps.scheme_based && crate::scheme::normalize::has_no_hierarchy(scheme, authority.is_some());
    if steps.dot_segments && !keeps_dots {
        let mut decoded = String::new();
        push_percent_normalized(&mut decoded, path, steps, Components::PATH, false);
        if scheme.is_some() || authority.is_some() || decoded.starts_with('/') {
            remove_dots_into(out, "", &decoded);
        } else {
            push_relative_path(out, &decoded);
        }
    } else {
        push_percent_normalized(out, path, steps, Components::PATH, false);
    }
    let guards_path = authority.is_none()
        || steps.scheme_based && crate::scheme::normalize::path_is_absolute_after_authority(scheme);
    if guards_path && out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
    let is_http = scheme.is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    if steps.scheme_based && is_http && authority.is_some() && out.len() == path_start {
        out.push('/');
    }
    spans.path = Some(at(out, path_start));
    if let Some(query) = r.query() {
        out.push('?');
        let query_start = out.len();
        push_percent_normalized(out, query, steps, Components::QUERY, false);
        spans.query = Some(at(out, query_start));
    }
    // RFCs 8141, 3966, 3261, 6068 and 5870: a `urn`, `tel`, `sip`, `mailto` or `geo` URI in
    // its scheme's normal form, written from the input where the input is valid for the scheme,
    // else from the syntax steps' output; the scheme as the steps above wrote it, and the path and query
    // where the generic parser finds them again.
    if let (true, Some(s), None) = (steps.scheme_based, scheme, authority) {
        let input = match r.fragment() {
            Some(f) => &r.as_str()[..r.as_str().len() - f.len() - 1],
            None => r.as_str(),
        };
        if let Some(form) = crate::scheme::normalize::normal_form(s, input, &out[base..], steps) {
            let written = [&out[base..path_start], &form[s.len() + 1..]].concat();
            if let Ok(c) = UriRef::parse(&written).map(|f| f.captures()) {
                out.truncate(base);
                out.push_str(&written);
                (spans.path, spans.query) = (c.path(written.len()), c.query(written.len()));
            }
        }
    }
    if let Some(fragment) = r.fragment() {
        out.push('#');
        let fragment_start = out.len();
        push_percent_normalized(out, fragment, steps, Components::FRAGMENT, false);
        spans.fragment = Some(at(out, fragment_start));
    }
    spans
}

/// Appends `text` (one component) with the percent-encoding steps chosen for `component`, and
/// with its ASCII letters outside triplets lower-cased when `lower` (a host).
fn push_percent_normalized(
    out: &mut String,
    text: &str,
    steps: Normalization,
    component: Components,
    lower: bool,
) {
    push_folded(out, text, Fold { lower, ..steps.fold(component) });
}

/// Dot-segment removal for a relative-path reference that keeps its meaning (see the module
/// documentation): leading `..` stay, an empty result is `./`, and a first segment that would
/// be empty or hold a `:` gets `./` in front.
fn push_relative_path(out: &mut String, path: &str) {
    if path.is_empty() {
        return;
    }
    let mut ups = 0usize;
    let mut kept: Vec<&str> = Vec::new();
    let mut segments = path.split('/').peekable();
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        match segment {
            "." => {}
            ".." => {
                if kept.pop().is_none() {
                    ups += 1;
                }
            }
            _ => {
                kept.push(segment);
                continue;
            }
        }
        if last {
            kept.push("");
        }
    }
    for _ in 0..ups {
        out.push_str("../");
    }
    if ups == 0 {
        match kept.first() {
            None => {
                out.push_str("./");
                return;
            }
            Some(&"") if kept.len() == 1 => {
                out.push_str("./");
                return;
            }
            Some(first) if first.is_empty() || first.contains(':') => out.push_str("./"),
            Some(_) => {}
        }
    }
    // `../` already ends with the separator the first kept segment needs.
    let mut kept = kept.into_iter();
    if let Some(first) = kept.next() {
        out.push_str(first);
    }
    for segment in kept {
        out.push('/');
        out.push_str(segment);
    }
}
