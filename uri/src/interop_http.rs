//! Checked conversions between this crate's URIs and [`http::Uri`] (feature `http`), both ways.
//!
//! `http::Uri` is what hyper, reqwest and axum take. It parses its input again whatever we
//! do, so the conversion is text handed over and then checked: every component `http::Uri`
//! reads must be the one this crate parsed, or the conversion is refused with the reason.
//!
//! What `http::Uri` cannot hold, and is therefore refused:
//! - a fragment (it keeps none: a request target has none);
//! - more than 65,534 bytes;
//! - a URI with a scheme but no authority (`mailto:a@b`, `urn:x`): it reads only
//!   `scheme://authority...`; an empty authority (`file:///x`) it rejects too;
//! - a relative reference other than a path from `/` (origin-form, with its query) or `*`;
//! - whatever else its own parser rejects or reads differently (some schemes, hosts or ports),
//!   reported in its words or as the component it would change.
//!
//! Two differences are accepted, both equivalences of RFC 3986 section 6.2.3 for `http` and
//! `https`: `http::Uri` spells those two schemes in lower case (`HTTP://a/` comes back as
//! `http://a/`), and it reads an empty path after the authority as `/` (`http://a` comes back
//! as `http://a/`). For any other scheme an empty path is refused, since `foo://a` and
//! `foo://a/` need not name the same resource.
//!
//! The other way, an `http::Uri` becomes a [`UriBuf`] when it has a scheme, or a [`UriRefBuf`]
//! in origin-form or asterisk-form. The authority-form of `CONNECT` (`example.com:443`) is
//! refused: RFC 3986 reads that text as a scheme and a path. `http::Uri` lets through bytes
//! RFC 3986 does not (`"`, `{`, `|`, non-ASCII, ...); those are refused with this crate's
//! [`ParseError`].

use alloc::string::{String, ToString};
use core::fmt;

use crate::{ParseError, Uri, UriBuf, UriRef, UriRefBuf};

/// The most bytes an `http::Uri` holds.
const MAX_LEN: usize = u16::MAX as usize - 1;

/// Why a URI could not become an [`http::Uri`], or an `http::Uri` one of this crate's URIs.
///
/// ```
/// let uri = uri::UriBuf::parse("https://example.com/a#top").unwrap();
/// let err = http::Uri::try_from(&uri).unwrap_err();
/// assert_eq!(err.to_string(), "http::Uri holds no fragment (here `top`)");
///
/// let target: http::Uri = "example.com:443".parse().unwrap(); // CONNECT's authority-form
/// let err = uri::UriRefBuf::try_from(&target).unwrap_err();
/// assert!(err.to_string().starts_with("the authority-form `example.com:443`"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpUriError {
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Fragment(String),
    TooLong(usize),
    NoAuthority,
    NotOriginForm,
    EmptyPath(String),
    Rejected(String),
    Changed { component: &'static str, ours: Option<String>, theirs: Option<String> },
    NoScheme,
    AuthorityForm(String),
    Invalid(ParseError),
}

impl HttpUriError {
    /// The parse error, when an `http::Uri` is refused because its text is no RFC 3986 URI.
    #[must_use]
    pub fn parse_error(&self) -> Option<&ParseError> {
        match &self.kind {
            Kind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for HttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Fragment(fragment) => write!(f, "http::Uri holds no fragment (here `{fragment}`)"),
            Kind::TooLong(len) => write!(f, "http::Uri holds at most {MAX_LEN} bytes; this URI has {len}"),
            Kind::NoAuthority => f.write_str(
                "http::Uri holds a URI with a scheme only as `scheme://authority`; this one has no authority",
            ),
            Kind::NotOriginForm => f.write_str(
                "http::Uri holds a relative reference only as a path from `/` (origin-form) or as `*`",
            ),
            Kind::EmptyPath(scheme) => write!(
                f,
                "http::Uri reads an empty path after the authority as `/`, which is the same resource only \
                 for http and https, not for scheme `{scheme}`"
            ),
            Kind::Rejected(reason) => write!(f, "http::Uri rejects this URI: {reason}"),
            Kind::Changed { component, ours, theirs } => {
                write!(f, "http::Uri reads the {component} as {theirs:?}, not {ours:?}")
            }
            Kind::NoScheme => f.write_str("the http::Uri has no scheme: convert it to a UriRefBuf"),
            Kind::AuthorityForm(text) => write!(
                f,
                "the authority-form `{text}` is no URI reference (RFC 3986 reads it as a scheme and a path)"
            ),
            Kind::Invalid(e) => write!(f, "the http::Uri is not an RFC 3986 URI reference: {e}"),
        }
    }
}

impl core::error::Error for HttpUriError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            Kind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

fn error(kind: Kind) -> HttpUriError {
    HttpUriError { kind }
}

/// What `http::Uri` cannot hold, found before handing it the text.
fn check_holdable(r: &UriRef<'_>) -> Result<(), HttpUriError> {
    if let Some(fragment) = r.fragment() {
        return Err(error(Kind::Fragment(fragment.into())));
    }
    if r.as_str().len() > MAX_LEN {
        return Err(error(Kind::TooLong(r.as_str().len())));
    }
    match (r.scheme(), r.authority()) {
        (Some(_), None) => Err(error(Kind::NoAuthority)),
        (Some(scheme), Some(_)) if r.path().is_empty() && !is_http(scheme) => {
            Err(error(Kind::EmptyPath(scheme.into())))
        }
        (None, Some(_)) => Err(error(Kind::NotOriginForm)),
        (None, None) if !(r.path().starts_with('/') || r.as_str() == "*") => Err(error(Kind::NotOriginForm)),
        _ => Ok(()),
    }
}

fn is_http(scheme: &str) -> bool {
    scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
}

/// Checks that `theirs` has the components of `ours`, up to the two accepted differences.
fn check_same(ours: &UriRef<'_>, theirs: &http::Uri) -> Result<(), HttpUriError> {
    let changed = |component, ours: Option<&str>, theirs: Option<&str>| {
        Err(error(Kind::Changed { component, ours: ours.map(Into::into), theirs: theirs.map(Into::into) }))
    };
    let scheme_same = match (ours.scheme(), theirs.scheme_str()) {
        (Some(a), Some(b)) => a == b || (is_http(a) && a.eq_ignore_ascii_case(b)),
        (a, b) => a == b,
    };
    if !scheme_same {
        return changed("scheme", ours.scheme(), theirs.scheme_str());
    }
    let authority = ours.authority().map(|a| a.as_str());
    if authority != theirs.authority().map(|a| a.as_str()) {
        return changed("authority", authority, theirs.authority().map(|a| a.as_str()));
    }
    let path = if ours.path().is_empty() && authority.is_some() { "/" } else { ours.path() };
    if path != theirs.path() {
        return changed("path", Some(ours.path()), Some(theirs.path()));
    }
    if ours.query() != theirs.query() {
        return changed("query", ours.query(), theirs.query());
    }
    Ok(())
}

/// Hands `text` (the text of `r`) to `http::Uri` and checks what it read.
fn to_http(r: &UriRef<'_>, text: impl FnOnce() -> String) -> Result<http::Uri, HttpUriError> {
    check_holdable(r)?;
    let converted = http::Uri::try_from(text()).map_err(|e| error(Kind::Rejected(e.to_string())))?;
    check_same(r, &converted)?;
    Ok(converted)
}

/// Parses the text of an `http::Uri` as a reference and checks that it has the same components.
fn from_http(uri: &http::Uri) -> Result<UriRefBuf, HttpUriError> {
    let text = uri.to_string();
    if uri.scheme().is_none() && uri.authority().is_some() {
        return Err(error(Kind::AuthorityForm(text)));
    }
    let parsed = UriRefBuf::parse(text).map_err(|e| error(Kind::Invalid(e)))?;
    check_same(&parsed.as_uri_ref(), uri)?;
    Ok(parsed)
}

/// An `http::Uri` holding this URI's text, after checking that `http::Uri` reads every
/// component as this crate does (see [`HttpUriError`] for what is refused).
///
/// ```
/// let uri = uri::Uri::parse("https://user@example.com:8443/a/b?q=1").unwrap();
/// let converted = http::Uri::try_from(uri).unwrap();
/// assert_eq!(converted.authority().unwrap().port_u16(), Some(8443));
/// assert_eq!(converted, "https://user@example.com:8443/a/b?q=1");
/// assert!(http::Uri::try_from(uri::Uri::parse("mailto:a@example.com").unwrap()).is_err());
/// ```
impl TryFrom<Uri<'_>> for http::Uri {
    type Error = HttpUriError;

    fn try_from(uri: Uri<'_>) -> Result<http::Uri, HttpUriError> {
        to_http(&uri.as_uri_ref(), || uri.as_str().into())
    }
}

/// As for [`Uri`]; a relative reference converts only in origin-form (`/path?query`) or as `*`.
///
/// ```
/// let target = uri::UriRef::parse("/search?q=rust").unwrap();
/// assert_eq!(http::Uri::try_from(target).unwrap().path_and_query().unwrap(), "/search?q=rust");
/// assert!(http::Uri::try_from(uri::UriRef::parse("a/b").unwrap()).is_err());
/// ```
impl TryFrom<UriRef<'_>> for http::Uri {
    type Error = HttpUriError;

    fn try_from(r: UriRef<'_>) -> Result<http::Uri, HttpUriError> {
        to_http(&r, || r.as_str().into())
    }
}

/// As for [`Uri`], copying the text.
impl TryFrom<&UriBuf> for http::Uri {
    type Error = HttpUriError;

    fn try_from(uri: &UriBuf) -> Result<http::Uri, HttpUriError> {
        http::Uri::try_from(uri.as_uri())
    }
}

/// As for [`Uri`].
impl TryFrom<UriBuf> for http::Uri {
    type Error = HttpUriError;

    fn try_from(uri: UriBuf) -> Result<http::Uri, HttpUriError> {
        http::Uri::try_from(uri.as_uri())
    }
}

/// As for [`UriRef`], copying the text.
impl TryFrom<&UriRefBuf> for http::Uri {
    type Error = HttpUriError;

    fn try_from(r: &UriRefBuf) -> Result<http::Uri, HttpUriError> {
        http::Uri::try_from(r.as_uri_ref())
    }
}

/// The URI an `http::Uri` with a scheme holds; one without (origin-form, asterisk-form) is
/// refused, as is one whose text is no RFC 3986 URI.
///
/// ```
/// let target: http::Uri = "http://example.com/a?b".parse().unwrap();
/// assert_eq!(uri::UriBuf::try_from(&target).unwrap(), "http://example.com/a?b");
/// // http::Uri reads an empty path as `/`.
/// let target: http::Uri = "http://example.com".parse().unwrap();
/// assert_eq!(uri::UriBuf::try_from(&target).unwrap(), "http://example.com/");
/// let target: http::Uri = "/a?b".parse().unwrap();
/// assert!(uri::UriBuf::try_from(&target).is_err());
/// ```
impl TryFrom<&http::Uri> for UriBuf {
    type Error = HttpUriError;

    fn try_from(uri: &http::Uri) -> Result<UriBuf, HttpUriError> {
        if uri.scheme().is_none() {
            return Err(error(if uri.authority().is_some() {
                Kind::AuthorityForm(uri.to_string())
            } else {
                Kind::NoScheme
            }));
        }
        UriBuf::try_from(from_http(uri)?).map_err(|e| error(Kind::Invalid(e)))
    }
}

/// As for `&http::Uri`.
impl TryFrom<http::Uri> for UriBuf {
    type Error = HttpUriError;

    fn try_from(uri: http::Uri) -> Result<UriBuf, HttpUriError> {
        UriBuf::try_from(&uri)
    }
}

/// The reference an `http::Uri` holds, with a scheme or in origin-form or asterisk-form;
/// the authority-form is refused.
///
/// ```
/// let target: http::Uri = "/a?b".parse().unwrap();
/// assert_eq!(uri::UriRefBuf::try_from(&target).unwrap().path(), "/a");
/// ```
impl TryFrom<&http::Uri> for UriRefBuf {
    type Error = HttpUriError;

    fn try_from(uri: &http::Uri) -> Result<UriRefBuf, HttpUriError> {
        from_http(uri)
    }
}

/// As for `&http::Uri`.
impl TryFrom<http::Uri> for UriRefBuf {
    type Error = HttpUriError;

    fn try_from(uri: http::Uri) -> Result<UriRefBuf, HttpUriError> {
        from_http(&uri)
    }
}
