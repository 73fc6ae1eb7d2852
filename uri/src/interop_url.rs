//! Checked conversions between this crate's URIs and [`url::Url`] (feature `url`), both ways.
//!
//! `url::Url` follows the WHATWG URL Standard, not RFC 3986: its parser rewrites what it reads
//! (its serialization is the standard's normal form), and it accepts some texts RFC 3986 does
//! not. The conversions here change nothing: a URI converts to a `url::Url` only when the
//! `url::Url`'s text is the URI's text, and a `url::Url` to a [`UriBuf`] only when its text is
//! an RFC 3986 URI with the same components. Anything else is refused with the component that
//! would change, in [`WhatwgError`]. To take the WHATWG reading of a URI instead, call
//! `url::Url::parse(uri.as_str())`.
//!
//! What WHATWG rewrites, so that the URI is refused (see the tests for each case):
//! - the scheme to lower case (`HTTP://a/` is `http://a/`);
//! - for its special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`): the host to lower case
//!   and IDNA's ASCII form (`%C3%A9.example` is `xn--9ca.example`), IPv4 addresses in other
//!   notations (`http://0x7f.1/` is `http://127.0.0.1/`), the scheme's default port and an empty
//!   port dropped (`http://a:80/`, `http://a:/` are `http://a/`), an empty path to `/`, and `'`
//!   in the query to `%27`;
//! - for every scheme: dot segments removed from a path (`/a/../b` is `/b`, and `%2e` counts as
//!   a dot), IPv6 addresses to RFC 5952 text (`[0:0::1]` is `[::1]`), an empty password and an
//!   empty userinfo dropped (`u:@h`, `@h` are `u@h`, `h`), and userinfo bytes outside its set
//!   percent-encoded (`u;v@h` is `u%3Bv@h`);
//! - anything it rejects outright: a relative reference (no scheme), an empty host for a
//!   special scheme other than `file`, a port above 65535, forbidden host bytes.
//!
//! The other way, WHATWG leaves some bytes unencoded that RFC 3986 does not allow where they
//! stand: `|`, `^`, `[` and `]` in a path, query or fragment, also `{`, `}` and `` ` `` in a
//! query or fragment, and spaces in the path of a URL without `/` after the scheme
//! (`foo:a b`). Such a `url::Url` is refused with this crate's [`ParseError`]. And a path that
//! starts with `//` without an authority WHATWG writes after `/.` (`foo:/.//a`), which is not
//! part of its path (`//a`) but is of RFC 3986's: refused as a changed path.

use alloc::string::String;
use core::fmt;

use crate::{ParseError, Uri, UriBuf, UriRef};

/// Why a URI could not become a [`url::Url`] unchanged, or a `url::Url` a [`UriBuf`].
///
/// ```
/// let uri = uri::UriBuf::parse("http://EXAMPLE.com:80/a/../b").unwrap();
/// let err = url::Url::try_from(&uri).unwrap_err();
/// assert_eq!(err.to_string(), "url::Url (WHATWG) rewrites the authority \"EXAMPLE.com:80\" as \"example.com\"");
/// assert_eq!(err.component(), Some("authority"));
///
/// // WHATWG leaves `|` alone in a path; RFC 3986 does not allow it there.
/// let url = url::Url::parse("http://example.com/a|b").unwrap();
/// assert!(uri::UriBuf::try_from(&url).unwrap_err().parse_error().is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatwgError {
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    NoScheme,
    Rejected(url::ParseError),
    Changed { component: &'static str, ours: Option<String>, theirs: Option<String> },
    Invalid(ParseError),
}

impl WhatwgError {
    /// The component `url::Url` would have changed (`"scheme"`, `"authority"`, `"path"`,
    /// `"query"`, `"fragment"`, or `"text"` when its text is no RFC 3986 URI at all), if that is
    /// why the conversion was refused.
    #[must_use]
    pub fn component(&self) -> Option<&'static str> {
        match &self.kind {
            Kind::Changed { component, .. } => Some(component),
            _ => None,
        }
    }

    /// The parse error, when a `url::Url` is refused because its text is no RFC 3986 URI.
    #[must_use]
    pub fn parse_error(&self) -> Option<&ParseError> {
        match &self.kind {
            Kind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for WhatwgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::NoScheme => f.write_str("url::Url holds only absolute URLs; this reference has no scheme"),
            Kind::Rejected(e) => write!(f, "url::Url (WHATWG) rejects this URI: {e}"),
            Kind::Changed { component, ours, theirs } => {
                f.write_str("url::Url (WHATWG) rewrites the ")?;
                match (ours, theirs) {
                    (Some(ours), Some(theirs)) => write!(f, "{component} {ours:?} as {theirs:?}"),
                    (Some(ours), None) => write!(f, "{component} {ours:?} away"),
                    (None, Some(theirs)) => write!(f, "missing {component} as {theirs:?}"),
                    (None, None) => write!(f, "{component}"),
                }
            }
            Kind::Invalid(e) => write!(f, "the url::Url is not an RFC 3986 URI: {e}"),
        }
    }
}

impl core::error::Error for WhatwgError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            Kind::Rejected(e) => Some(e),
            Kind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

fn error(kind: Kind) -> WhatwgError {
    WhatwgError { kind }
}

/// The first component of `ours` that `theirs` (a `url::Url`'s text) holds differently.
fn first_change(ours: &UriRef<'_>, theirs: &str) -> WhatwgError {
    let Ok(theirs) = UriRef::parse(theirs) else {
        return error(Kind::Changed {
            component: "text",
            ours: Some(ours.as_str().into()),
            theirs: Some(theirs.into()),
        });
    };
    let pairs = [
        ("scheme", ours.scheme(), theirs.scheme()),
        ("authority", ours.authority().map(|a| a.as_str()), theirs.authority().map(|a| a.as_str())),
        ("path", Some(ours.path()), Some(theirs.path())),
        ("query", ours.query(), theirs.query()),
        ("fragment", ours.fragment(), theirs.fragment()),
    ];
    let (component, a, b) = pairs.into_iter().find(|(_, a, b)| a != b).unwrap_or(("text", None, None));
    error(Kind::Changed { component, ours: a.map(Into::into), theirs: b.map(Into::into) })
}

fn to_url(r: &UriRef<'_>) -> Result<url::Url, WhatwgError> {
    if r.scheme().is_none() {
        return Err(error(Kind::NoScheme));
    }
    let converted = url::Url::parse(r.as_str()).map_err(|e| error(Kind::Rejected(e)))?;
    if converted.as_str() != r.as_str() {
        return Err(first_change(r, converted.as_str()));
    }
    same_components(r, &converted)?;
    Ok(converted)
}

/// Parses a `url::Url`'s text and checks that RFC 3986 reads the components WHATWG does.
fn from_url(url: &url::Url) -> Result<UriBuf, WhatwgError> {
    let parsed = UriBuf::parse(url.as_str()).map_err(|e| error(Kind::Invalid(e)))?;
    same_components(&parsed.as_uri_ref(), url)?;
    Ok(parsed)
}

/// Checks that `url` has the components RFC 3986 reads in its text, `r`.
fn same_components(r: &UriRef<'_>, url: &url::Url) -> Result<(), WhatwgError> {
    let authority = url.has_authority().then(|| url.authority());
    let pairs = [
        ("scheme", r.scheme(), Some(url.scheme())),
        ("authority", r.authority().map(|a| a.as_str()), authority),
        ("path", Some(r.path()), Some(url.path())),
        ("query", r.query(), url.query()),
        ("fragment", r.fragment(), url.fragment()),
    ];
    if let Some((component, ours, theirs)) = pairs.into_iter().find(|(_, a, b)| a != b) {
        return Err(error(Kind::Changed {
            component,
            ours: ours.map(Into::into),
            theirs: theirs.map(Into::into),
        }));
    }
    Ok(())
}

/// A `url::Url` with exactly this URI's text, or the reason WHATWG parsing refuses it or would
/// change it (see [`WhatwgError`]).
///
/// ```
/// let uri = uri::Uri::parse("https://example.com/a?b#c").unwrap();
/// assert_eq!(url::Url::try_from(uri).unwrap().as_str(), "https://example.com/a?b#c");
/// let err = url::Url::try_from(uri::Uri::parse("https://example.com").unwrap()).unwrap_err();
/// assert_eq!(err.component(), Some("path")); // WHATWG writes `https://example.com/`
/// ```
impl TryFrom<Uri<'_>> for url::Url {
    type Error = WhatwgError;

    fn try_from(uri: Uri<'_>) -> Result<url::Url, WhatwgError> {
        to_url(&uri.as_uri_ref())
    }
}

/// As for [`Uri`]; a relative reference is refused.
impl TryFrom<UriRef<'_>> for url::Url {
    type Error = WhatwgError;

    fn try_from(r: UriRef<'_>) -> Result<url::Url, WhatwgError> {
        to_url(&r)
    }
}

/// As for [`Uri`].
impl TryFrom<&UriBuf> for url::Url {
    type Error = WhatwgError;

    fn try_from(uri: &UriBuf) -> Result<url::Url, WhatwgError> {
        to_url(&uri.as_uri_ref())
    }
}

/// As for [`Uri`].
impl TryFrom<UriBuf> for url::Url {
    type Error = WhatwgError;

    fn try_from(uri: UriBuf) -> Result<url::Url, WhatwgError> {
        to_url(&uri.as_uri_ref())
    }
}

/// The URI with a `url::Url`'s text, when that text is an RFC 3986 URI whose components are
/// the ones WHATWG read.
///
/// ```
/// let url = url::Url::parse("HTTP://Example.COM:80/a/./b?q#f").unwrap();
/// assert_eq!(uri::UriBuf::try_from(&url).unwrap(), "http://example.com/a/b?q#f");
/// ```
impl TryFrom<&url::Url> for UriBuf {
    type Error = WhatwgError;

    fn try_from(url: &url::Url) -> Result<UriBuf, WhatwgError> {
        from_url(url)
    }
}

/// As for `&url::Url`.
impl TryFrom<url::Url> for UriBuf {
    type Error = WhatwgError;

    fn try_from(url: url::Url) -> Result<UriBuf, WhatwgError> {
        from_url(&url)
    }
}
