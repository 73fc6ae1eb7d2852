//! Borrowed, parsed URI references: [`UriRef`], [`Uri`] and [`Authority`].
//!
//! All component boundaries come from the generated tagged DFA in one pass over the input; this
//! module only turns the recorded offsets into string slices and typed views.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::generated::parser::{Captures, Parser};
use crate::{HostKind, ParseError, Rule};

/// A parsed URI reference (RFC 3986 section 4.1): a URI, or a relative reference.
///
/// Parsing borrows the input and allocates nothing; the value is a string slice and the offsets
/// of its components.
///
/// ```
/// use uri::{HostKind, UriRef};
///
/// let r = UriRef::parse("https://user@[2001:db8::7]:8443/a/b?q=1#top").unwrap();
/// assert_eq!(r.scheme(), Some("https"));
/// let authority = r.authority().unwrap();
/// assert_eq!(authority.userinfo(), Some("user"));
/// assert_eq!(authority.host(), "[2001:db8::7]");
/// assert_eq!(authority.host_kind(), HostKind::Ipv6);
/// assert_eq!(authority.port(), Some("8443"));
/// assert_eq!(r.path(), "/a/b");
/// assert_eq!(r.query(), Some("q=1"));
/// assert_eq!(r.fragment(), Some("top"));
///
/// let relative = UriRef::parse("../up?").unwrap();
/// assert_eq!(relative.scheme(), None);
/// assert_eq!(relative.path(), "../up");
/// assert_eq!(relative.query(), Some(""));
/// ```
///
/// On 64-bit targets a `UriRef` is 48 bytes, as are [`Uri`], [`Authority`] and
/// [`IriRef`](crate::IriRef): the text and 32 bytes of offsets (seven positions and the host's
/// kind; every other boundary is worked out from them when read). The owned
/// [`UriRefBuf`](crate::UriRefBuf) and [`UriBuf`](crate::UriBuf) are 64 bytes.
///
/// `UriRef`, [`Uri`] and [`Authority`] compare, order and hash as their text, like the owned
/// [`UriBuf`](crate::UriBuf) and [`UriRefBuf`](crate::UriRefBuf); they compare equal to strings
/// and to one another. Equivalence beyond the text is [`UriRef::normalized_eq`].
///
/// ```
/// use uri::{Uri, UriRef};
///
/// let r = UriRef::parse("http://a/b").unwrap();
/// assert_eq!(r, "http://a/b");
/// assert_eq!(r, Uri::parse("http://a/b").unwrap());
/// assert!(r < UriRef::parse("http://a/c").unwrap());
/// assert_ne!(r, "HTTP://a/b");
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    text: &'a str,
    captures: Captures,
}

impl<'a> UriRef<'a> {
    /// Parses `text` as a URI reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the index of the first byte that cannot continue a valid URI
    /// reference and the bytes that could have.
    ///
    /// Component offsets are 32-bit: an input of `u32::MAX` bytes (4 GiB) or more is refused,
    /// with an error at index `u32::MAX - 1`, even when it is a valid URI reference.
    // Inlined on x86-64 without `portable`, as the generated `Parser::parse` is: both walks stay
    // out of line there, and the caller keeps the registers, the exit and the result in its own
    // frame (PERFORMANCE.md). Where the table walk is inlined into the parser instead
    // (`portable`, other targets), inlining this as well measured slower.
    #[cfg_attr(all(target_arch = "x86_64", not(feature = "portable")), inline)]
    pub fn parse(text: &'a str) -> Result<UriRef<'a>, ParseError> {
        match Parser::UriRef.parse(text.as_bytes()) {
            Ok(captures) => Ok(UriRef { text, captures }),
            Err(failure) => Err(ParseError::reference(text.as_bytes(), failure)),
        }
    }

    /// A reference from text and the captures the parser recorded for exactly that text.
    pub(crate) const fn from_parts(text: &'a str, captures: Captures) -> UriRef<'a> {
        UriRef { text, captures }
    }

    /// The recorded capture offsets.
    pub(crate) fn captures(&self) -> Captures {
        self.captures
    }

    /// The recorded capture offsets, borrowed: code that reads a few spans of a value it does
    /// not keep (resolution) then loads only those.
    pub(crate) fn captures_ref(&self) -> &Captures {
        &self.captures
    }

    fn slice(&self, span: Option<(usize, usize)>) -> Option<&'a str> {
        span.map(|(start, end)| &self.text[start..end])
    }

    /// The whole reference as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The scheme, without its `:`; present exactly when the reference is a URI.
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.slice(self.captures.scheme(self.text.len()))
    }

    /// The authority (after `//`), if present; it may be empty (`file:///x`).
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.captures
            .authority(self.text.len())
            .map(|_| Authority { text: self.text, captures: self.captures })
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.slice(self.captures.path(self.text.len())).unwrap_or("")
    }

    /// The query, without its `?`; `Some("")` for a `?` with nothing after it.
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.slice(self.captures.query(self.text.len()))
    }

    /// The fragment, without its `#`; `Some("")` for a `#` with nothing after it.
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.slice(self.captures.fragment(self.text.len()))
    }

    /// Whether this reference is a URI (it has a scheme), as opposed to a relative reference.
    #[must_use]
    pub const fn is_uri(&self) -> bool {
        self.captures.scheme(self.text.len()).is_some()
    }

    /// This reference as a [`Uri`], if it has a scheme.
    #[must_use]
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        self.is_uri().then_some(Uri { inner: *self })
    }
}

impl PartialEq for UriRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for UriRef<'_> {}

impl Hash for UriRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// A parsed URI (RFC 3986 section 3): a URI reference with a scheme.
///
/// ```
/// let uri = uri::Uri::parse("mailto:someone@example.com").unwrap();
/// assert_eq!(uri.scheme(), "mailto");
/// assert_eq!(uri.path(), "someone@example.com");
/// assert!(uri.authority().is_none());
///
/// let err = uri::Uri::parse("//example.com/").unwrap_err();
/// assert_eq!(err.index(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uri<'a> {
    inner: UriRef<'a>,
}

impl<'a> Uri<'a> {
    /// Parses `text` as a URI.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the `URI` rule: a relative reference fails where it stops being a
    /// prefix of any URI. Inputs of 4 GiB or more are refused as by [`UriRef::parse`].
    #[cfg_attr(all(target_arch = "x86_64", not(feature = "portable")), inline)]
    pub fn parse(text: &'a str) -> Result<Uri<'a>, ParseError> {
        // The parser's result goes straight into the `Uri` (one copy of the offsets, where
        // `UriRef::parse` then `Uri::try_from` make two), and a failure builds one error.
        let bytes = text.as_bytes();
        match Parser::UriRef.parse(bytes) {
            Ok(captures) if captures.scheme(text.len()).is_some() => {
                Ok(Uri { inner: UriRef { text, captures } })
            }
            Ok(_) => Err(ParseError::new(Rule::Uri, bytes, Rule::Uri.valid_up_to(bytes))),
            // A prefix of a URI is a prefix of a URI reference, so the URI rule stops no later,
            // except past the parser's size limit, where the reference's error stands.
            Err(failure) => {
                let index = Rule::Uri.valid_up_to(bytes).min(failure.index);
                Err(ParseError::new(Rule::Uri, bytes, index))
            }
        }
    }

    /// A URI from a reference known to have a scheme.
    pub(crate) const fn from_uri_ref_unchecked(inner: UriRef<'a>) -> Uri<'a> {
        debug_assert!(inner.is_uri());
        Uri { inner }
    }

    /// The scheme, without its `:`.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        self.inner.scheme().unwrap_or("")
    }

    /// The URI as a [`UriRef`].
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'a> {
        self.inner
    }

    /// The URI as a borrowed [`UriRef`], with no copy of its offsets.
    pub(crate) fn uri_ref(&self) -> &UriRef<'a> {
        &self.inner
    }

    /// The whole URI as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.inner.as_str()
    }

    /// The authority, if present.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.inner.authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.inner.path()
    }

    /// The query, without its `?`.
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.inner.query()
    }

    /// The fragment, without its `#`.
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.inner.fragment()
    }
}

impl fmt::Debug for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> From<Uri<'a>> for UriRef<'a> {
    fn from(uri: Uri<'a>) -> Self {
        uri.inner
    }
}

/// The authority of a URI reference: `[ userinfo "@" ] host [ ":" port ]`.
#[derive(Clone, Copy)]
pub struct Authority<'a> {
    text: &'a str,
    captures: Captures,
}

impl<'a> Authority<'a> {
    fn slice(&self, span: Option<(usize, usize)>) -> Option<&'a str> {
        span.map(|(start, end)| &self.text[start..end])
    }

    /// The whole authority.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.slice(self.captures.authority(self.text.len())).unwrap_or("")
    }

    /// The user information, without its `@`.
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.slice(self.captures.userinfo(self.text.len()))
    }

    /// The host; an IP literal keeps its brackets. Possibly empty (`file:///`).
    #[must_use]
    pub fn host(&self) -> &'a str {
        self.slice(self.captures.host(self.text.len())).unwrap_or("")
    }

    /// Which kind of host this is. A host that matches `IPv4address` is an IPv4 address, even
    /// though it also matches `reg-name` (RFC 3986 section 3.2.2).
    #[must_use]
    pub fn host_kind(&self) -> HostKind {
        self.captures.host_kind().unwrap_or(HostKind::RegName)
    }

    /// The port digits, without the `:`; `Some("")` when the `:` is there with no digits.
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.slice(self.captures.port(self.text.len()))
    }

    /// The port as a number: `None` when absent or empty, or when it does not fit in `u16`
    /// (RFC 3986 allows any number of digits).
    #[must_use]
    pub fn port_u16(&self) -> Option<u16> {
        self.port().filter(|p| !p.is_empty()).and_then(|p| p.parse().ok())
    }

    /// The host as an IPv4 address, when it is one.
    #[must_use]
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        (self.host_kind() == HostKind::Ipv4).then(|| self.host().parse().ok()).flatten()
    }

    /// The host as an IPv6 address, when it is one (brackets removed).
    #[must_use]
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        let host = self.host();
        (self.host_kind() == HostKind::Ipv6)
            .then(|| host.get(1..host.len().saturating_sub(1)).and_then(|h| h.parse().ok()))
            .flatten()
    }
}

impl PartialEq for Authority<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Authority<'_> {}

impl Hash for Authority<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("host_kind", &self.host_kind())
            .field("port", &self.port())
            .finish()
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> TryFrom<UriRef<'a>> for Uri<'a> {
    type Error = ParseError;

    /// Fails with the [`ParseError`] of [`Uri::parse`] for a relative reference.
    fn try_from(r: UriRef<'a>) -> Result<Uri<'a>, ParseError> {
        match r.as_uri() {
            Some(uri) => Ok(uri),
            None => {
                let text = r.as_str().as_bytes();
                Err(ParseError::new(Rule::Uri, text, Rule::Uri.valid_up_to(text)))
            }
        }
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;

    /// [`UriRef::parse`].
    fn try_from(text: &'a str) -> Result<UriRef<'a>, ParseError> {
        UriRef::parse(text)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;

    /// [`Uri::parse`].
    fn try_from(text: &'a str) -> Result<Uri<'a>, ParseError> {
        Uri::parse(text)
    }
}

/// Text-based ordering, `AsRef<str>` and comparison with strings, for the borrowed types; the
/// same as the owned types have (`Eq` and `Hash` are by text too).
macro_rules! borrowed_string_like {
    ($($ty:ident),*) => {$(
        impl PartialOrd for $ty<'_> {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $ty<'_> {
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl AsRef<str> for $ty<'_> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $ty<'_> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $ty<'_> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<String> for $ty<'_> {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$ty<'_>> for str {
            fn eq(&self, other: &$ty<'_>) -> bool {
                self == other.as_str()
            }
        }

        impl PartialEq<$ty<'_>> for &str {
            fn eq(&self, other: &$ty<'_>) -> bool {
                *self == other.as_str()
            }
        }

        impl PartialEq<$ty<'_>> for String {
            fn eq(&self, other: &$ty<'_>) -> bool {
                self.as_str() == other.as_str()
            }
        }
    )*};
}

borrowed_string_like!(UriRef, Uri, Authority);

pub(crate) use borrowed_string_like;
