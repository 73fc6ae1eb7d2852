//! Setters of [`UriRefBuf`]: each component set, checked with its generated rule, or removed,
//! with the offsets worked out from the components' lengths rather than by parsing the result
//! (the path, query and fragment are replaced in place, `edit_tail.rs`; the others rewrite the
//! text from its components, `layout.rs`).
//!
//! A value is checked alone with its rule (`scheme`, `userinfo`, `host`, `path`, `query`,
//! `fragment`), then the whole is checked for the constraints of RFC 3986 section 3 that no
//! component's rule can see: after an authority a path is empty or starts with `/`; without
//! one it does not start with `//`; in a relative reference without authority its first
//! segment holds no `:`. An edit that breaks one of them is refused with an [`EditError`] and
//! the value is left as it was; nothing is inserted to make it fit (write `./` or `/.` in front
//! of such a path yourself).

use alloc::{borrow::ToOwned, string::String, string::ToString};
use core::net::IpAddr;

use crate::edit_error::EditErrorKind;
use crate::generated::parser::Captures;
use crate::layout::{AuthorityParts, HostSource, Parts};
use crate::percent::push_triplet;
use crate::{EditError, EncodeSet, Rule, UriRefBuf};

/// The text and offsets after applying `$change` to the components of `$self` (named
/// `$parts`), or the error that refuses it.
macro_rules! built {
    ($self:ident, $component:literal, |$parts:ident| $change:expr) => {{
        let r = $self.as_uri_ref();
        let mut $parts = Parts::of(&r);
        $change;
        finish($component, &$parts)
    }};
}

/// Applies `$change` to the components of `$self` (named `$parts`) and stores the result.
macro_rules! edit {
    ($self:ident, $component:literal, |$parts:ident| $change:expr) => {{
        let (text, captures) = built!($self, $component, |$parts| $change)?;
        $self.replace_built(text, captures);
        Ok(())
    }};
}

/// Checks that `parts` fit together and writes them.
fn finish(component: &'static str, parts: &Parts<'_>) -> Result<(String, Captures), EditError> {
    path_fits(component, parts.scheme.is_some(), parts.authority.is_some(), parts.path)?;
    if parts.len() >= u32::MAX as usize {
        return Err(EditError::new(component, EditErrorKind::TooLong));
    }
    match parts.write() {
        Some(built) => Ok(built),
        // Only a new host that does not parse alone, which `set_host` checked before.
        None => Err(EditError::check("host", Rule::Host, parts.authority.map_or("", |a| a.host))
            .err()
            .unwrap_or_else(|| EditError::new("host", EditErrorKind::TooLong))),
    }
}

/// Checks the constraints of RFC 3986 section 3 on a path that no rule sees alone: after an
/// authority it is empty or starts with `/`; without one it does not start with `//`; in a
/// relative reference without authority its first segment holds no `:`.
pub(crate) fn path_fits(
    component: &'static str,
    has_scheme: bool,
    has_authority: bool,
    path: &str,
) -> Result<(), EditError> {
    let kind = if has_authority {
        (!path.is_empty() && !path.starts_with('/')).then_some(EditErrorKind::PathNotAbsolute)
    } else if path.starts_with("//") {
        Some(EditErrorKind::PathStartsWithTwoSlashes)
    } else if !has_scheme && path.split('/').next().is_some_and(|first| first.contains(':')) {
        Some(EditErrorKind::ColonInFirstSegment)
    } else {
        None
    };
    kind.map_or(Ok(()), |kind| Err(EditError::new(component, kind)))
}

impl UriRefBuf {
    /// Stores the result of a removal, which only shortens a valid reference and so cannot be
    /// refused (debug builds check it).
    fn store_removal(&mut self, built: Result<(String, Captures), EditError>) {
        match built {
            Ok((text, captures)) => self.replace_built(text, captures),
            Err(e) => debug_assert!(false, "a removal was refused: {e}"),
        }
    }
}

impl UriRefBuf {
    /// Sets the scheme (without `:`), checked with the `scheme` rule; a relative reference
    /// becomes a URI.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the scheme when it does not match its rule.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("//example.com/a").unwrap();
    /// r.set_scheme("https").unwrap();
    /// assert_eq!((r.as_str(), r.scheme()), ("https://example.com/a", Some("https")));
    /// assert!(r.set_scheme("1http").is_err());
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), EditError> {
        EditError::check("scheme", Rule::Scheme, scheme)?;
        edit!(self, "scheme", |parts| parts.scheme = Some(scheme))
    }

    /// Removes the scheme: the URI becomes a relative reference.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the scheme when the path has no authority before it and its first
    /// segment holds a `:`, which would then read as a scheme (`mailto:a:b`).
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("https://example.com/a").unwrap();
    /// r.remove_scheme().unwrap();
    /// assert_eq!(r, "//example.com/a");
    /// assert!(uri::UriRefBuf::parse("urn:isbn:1").unwrap().remove_scheme().is_err());
    /// ```
    pub fn remove_scheme(&mut self) -> Result<(), EditError> {
        edit!(self, "scheme", |parts| parts.scheme = None)
    }

    /// Sets the user information (without `@`), checked with the `userinfo` rule.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the user information when it does not match its rule or when the
    /// reference has no authority.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("ftp://example.com/f").unwrap();
    /// r.set_userinfo("anonymous").unwrap();
    /// assert_eq!(r.authority().unwrap().userinfo(), Some("anonymous"));
    /// assert_eq!(r, "ftp://anonymous@example.com/f");
    /// assert!(r.set_userinfo("a@b").is_err());
    /// ```
    pub fn set_userinfo(&mut self, userinfo: &str) -> Result<(), EditError> {
        EditError::check("userinfo", Rule::Userinfo, userinfo)?;
        edit!(self, "userinfo", |parts| match &mut parts.authority {
            Some(authority) => authority.userinfo = Some(userinfo),
            None => return Err(EditError::new("userinfo", EditErrorKind::NoAuthority)),
        })
    }

    /// Removes the user information (and its `@`), if any.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("ftp://user:pass@example.com/f").unwrap();
    /// r.remove_userinfo();
    /// assert_eq!(r, "ftp://example.com/f");
    /// ```
    pub fn remove_userinfo(&mut self) {
        let built = built!(self, "userinfo", |parts| if let Some(authority) = &mut parts.authority {
            authority.userinfo = None;
        });
        self.store_removal(built);
    }

    /// Sets the host, checked with the `host` rule (an IPv6 address goes in brackets; see
    /// [`UriRefBuf::set_ip_host`]). A reference without authority gets one (`//host`).
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the host when it does not match its rule, or when the reference
    /// gets an authority and its path is neither empty nor starts with `/`.
    ///
    /// ```
    /// use uri::{HostKind, UriRefBuf};
    ///
    /// let mut r = UriRefBuf::parse("http://example.com:8080/a").unwrap();
    /// r.set_host("192.0.2.1").unwrap();
    /// assert_eq!(r, "http://192.0.2.1:8080/a");
    /// assert_eq!(r.authority().unwrap().host_kind(), HostKind::Ipv4);
    ///
    /// let mut r = UriRefBuf::parse("file:/etc/hosts").unwrap();
    /// r.set_host("").unwrap();
    /// assert_eq!(r, "file:///etc/hosts");
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), EditError> {
        EditError::check("host", Rule::Host, host)?;
        edit!(self, "host", |parts| {
            let (userinfo, port) = parts.authority.map_or((None, None), |a| (a.userinfo, a.port));
            parts.authority = Some(AuthorityParts { userinfo, host, port, source: HostSource::New });
        })
    }

    /// Sets the host to an IP address: an IPv4 address in dotted decimal, an IPv6 address in
    /// brackets in the canonical text of RFC 5952 ([`crate::ipv6_canonical`]).
    ///
    /// # Errors
    ///
    /// As [`UriRefBuf::set_host`], when the reference gets an authority that its path does not
    /// fit.
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv6Addr};
    ///
    /// let mut r = uri::UriRefBuf::parse("http://example.com/").unwrap();
    /// r.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST)).unwrap();
    /// assert_eq!(r, "http://[::1]/");
    /// assert_eq!(r.authority().unwrap().ipv6(), Some(Ipv6Addr::LOCALHOST));
    /// ```
    pub fn set_ip_host(&mut self, ip: IpAddr) -> Result<(), EditError> {
        let host = match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => {
                let mut host = String::with_capacity(41);
                host.push('[');
                crate::ipv6::push_canonical(&mut host, v6);
                host.push(']');
                host
            }
        };
        self.set_host(&host)
    }

    /// Removes the authority (user information, host and port, and the `//`).
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the authority when the path starts with `//` (it would then read
    /// as an authority), or when the reference has no scheme and the path's first segment
    /// holds a `:`.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("file://host/etc/hosts").unwrap();
    /// r.remove_authority().unwrap();
    /// assert_eq!(r, "file:/etc/hosts");
    /// assert!(uri::UriRefBuf::parse("s://h//x").unwrap().remove_authority().is_err());
    /// ```
    pub fn remove_authority(&mut self) -> Result<(), EditError> {
        edit!(self, "authority", |parts| parts.authority = None)
    }

    /// Sets the port, or removes it (and its `:`) with `None`.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the port when a port is given and the reference has no authority.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://example.com/").unwrap();
    /// r.set_port(Some(8080)).unwrap();
    /// assert_eq!(r, "http://example.com:8080/");
    /// assert_eq!(r.authority().unwrap().port_u16(), Some(8080));
    /// r.set_port(None).unwrap();
    /// assert_eq!(r, "http://example.com/");
    /// assert!(uri::UriRefBuf::parse("a/b").unwrap().set_port(Some(1)).is_err());
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), EditError> {
        let digits = port.map(|p| p.to_string());
        edit!(self, "port", |parts| match (&mut parts.authority, &digits) {
            (Some(authority), digits) => authority.port = digits.as_deref(),
            (None, Some(_)) => return Err(EditError::new("port", EditErrorKind::NoAuthority)),
            (None, None) => {}
        })
    }

    /// Sets the path as written (percent-encode it first, for example with
    /// [`crate::encode_path`]), checked with the `path` rule and against the rest of the
    /// reference (see the module's rules above: [`EditError`]).
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the path when it does not match its rule or does not fit.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://example.com/a?q").unwrap();
    /// r.set_path("/b/c").unwrap();
    /// assert_eq!((r.as_str(), r.path(), r.query()), ("http://example.com/b/c?q", "/b/c", Some("q")));
    /// assert!(r.set_path("b").is_err());
    /// assert!(uri::UriRefBuf::parse("x").unwrap().set_path("a:b").is_err());
    /// assert!(uri::UriRefBuf::parse("s:x").unwrap().set_path("//h").is_err());
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), EditError> {
        EditError::check("path", Rule::Path, path)?;
        self.replace_path("path", path)
    }

    /// Appends one segment to the path, percent-encoding whatever a segment cannot hold
    /// literally (`/`, `%`, and, as the first segment of a relative reference, `:`).
    ///
    /// Segments are counted as Boost.URL and url count them: the `/` that starts an absolute
    /// path is not a segment's, so `/` has no segment and pushing `a` gives `/a`; otherwise the
    /// segment goes after a new `/` (`/a/` ends with an empty segment: pushing `b` gives
    /// `/a//b`). An empty path after an authority becomes absolute. `.` and `..` are pushed
    /// as they are: they are dot segments, which resolution and normalization remove.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the path only when the result would be 4 GiB or longer.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://example.com").unwrap();
    /// r.push_segment("a b").unwrap();
    /// r.push_segment("c/d").unwrap();
    /// assert_eq!(r, "http://example.com/a%20b/c%2Fd");
    ///
    /// let mut relative = uri::UriRefBuf::parse("").unwrap();
    /// relative.push_segment("a:b").unwrap();
    /// assert_eq!(relative, "a%3Ab");
    /// ```
    pub fn push_segment(&mut self, segment: &str) -> Result<(), EditError> {
        let (slash, set) = {
            let r = self.as_uri_ref();
            match r.path() {
                "" if r.authority().is_some() => (true, EncodeSet::PATH_SEGMENT),
                "" if r.scheme().is_none() => (false, EncodeSet::PATH_SEGMENT_NO_COLON),
                "" | "/" => (false, EncodeSet::PATH_SEGMENT),
                _ => (true, EncodeSet::PATH_SEGMENT),
            }
        };
        self.append_to_path(3 * segment.len() + 1, |out| {
            if slash {
                out.push('/');
            }
            push_encoded(out, segment, |byte| set.keeps(byte));
        })
    }

    /// Removes the last segment of the path and the `/` before it (`/a/b` gives `/a`, `/a/`
    /// gives `/a`, `/a` gives `/`, `a` gives the empty path); `false` when the path has no
    /// segment (it is empty or `/`).
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://h/a/b?q").unwrap();
    /// assert!(r.pop_segment());
    /// assert_eq!(r, "http://h/a?q");
    /// assert!(r.pop_segment());
    /// assert_eq!(r, "http://h/?q");
    /// assert!(!r.pop_segment());
    /// ```
    pub fn pop_segment(&mut self) -> bool {
        let r = self.as_uri_ref();
        let path = r.path();
        let kept = match path.rfind('/') {
            _ if path.is_empty() || path == "/" => return false,
            Some(0) => "/",
            Some(slash) => &path[..slash],
            None => "",
        };
        let kept = kept.to_owned();
        let done = self.replace_path("path", &kept);
        debug_assert!(done.is_ok(), "popping a segment was refused: {done:?}");
        true
    }

    /// Sets the query (without `?`), checked with the `query` rule; `""` leaves a lone `?`.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the query when it does not match its rule.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("/search#top").unwrap();
    /// r.set_query("q=uri").unwrap();
    /// assert_eq!(r, "/search?q=uri#top");
    /// assert_eq!(r.set_query("a b").unwrap_err().index(), Some(1));
    /// ```
    pub fn set_query(&mut self, query: &str) -> Result<(), EditError> {
        EditError::check("query", Rule::Query, query)?;
        self.replace_query(Some(query))
    }

    /// Removes the query (and its `?`), if any.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("/a?b#c").unwrap();
    /// r.remove_query();
    /// assert_eq!(r, "/a#c");
    /// ```
    pub fn remove_query(&mut self) {
        let done = self.replace_query(None);
        debug_assert!(done.is_ok(), "removing the query was refused: {done:?}");
    }

    /// Appends `key=value` to the query, after a `&` unless the query is absent or empty,
    /// percent-encoding in both what a query cannot hold literally and every sub-delimiter
    /// (`&`, `=`, `+`, `;` and the others of RFC 3986 section 2.2, which conventions use to
    /// split a query into pairs), so that the pair reads back as it was given.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the query only when the result would be 4 GiB or longer.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("https://example.com/search").unwrap();
    /// r.append_query_pair("q", "fish & chips").unwrap();
    /// r.append_query_pair("a=b", "1+1").unwrap();
    /// assert_eq!(r.query(), Some("q=fish%20%26%20chips&a%3Db=1%2B1"));
    /// ```
    pub fn append_query_pair(&mut self, key: &str, value: &str) -> Result<(), EditError> {
        const SUB_DELIMS: EncodeSet = EncodeSet::from_rule(Rule::SubDelims);
        let keep = |byte| EncodeSet::QUERY.keeps(byte) && !SUB_DELIMS.keeps(byte);
        self.append_to_query(3 * (key.len() + value.len()) + 1, |out| {
            push_encoded(out, key, keep);
            out.push('=');
            push_encoded(out, value, keep);
        })
    }

    /// Sets the fragment (without `#`), checked with the `fragment` rule.
    ///
    /// # Errors
    ///
    /// An [`EditError`] for the fragment when it does not match its rule.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://h/a?q").unwrap();
    /// r.set_fragment("top").unwrap();
    /// assert_eq!(r, "http://h/a?q#top");
    /// assert!(r.set_fragment("a#b").is_err());
    /// ```
    pub fn set_fragment(&mut self, fragment: &str) -> Result<(), EditError> {
        EditError::check("fragment", Rule::Fragment, fragment)?;
        self.replace_fragment(Some(fragment))
    }

    /// Removes the fragment (and its `#`), if any.
    ///
    /// ```
    /// let mut r = uri::UriRefBuf::parse("http://h/a#top").unwrap();
    /// r.remove_fragment();
    /// assert_eq!(r, "http://h/a");
    /// ```
    pub fn remove_fragment(&mut self) {
        let done = self.replace_fragment(None);
        debug_assert!(done.is_ok(), "removing the fragment was refused: {done:?}");
    }
}

/// Appends `text` with every byte `keep` refuses percent-encoded (the sets come from the
/// generated tables: a segment's, or a query's less the sub-delimiters for a query pair).
fn push_encoded(out: &mut String, text: &str, keep: impl Fn(u8) -> bool) {
    for &byte in text.as_bytes() {
        if keep(byte) {
            out.push(char::from(byte));
        } else {
            push_triplet(out, byte);
        }
    }
}
