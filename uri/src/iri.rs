//! Borrowed, parsed IRI references (RFC 3987): [`IriRef`] and [`Iri`].
//!
//! The generated IRI parser (`generated/iri_parser.rs`, from `abnf/rfc3987.abnf` and
//! `abnf/rfc3987.captures`) records the same captures, in the same slots, as the URI parser: its
//! offsets are read as the URI parser's `Captures`, and an IRI reference is held as the
//! [`UriRef`] core (text and offsets) whose accessors, views ([`Authority`], path segments,
//! query pairs, decoded components), resolution and normalization serve both families. Only
//! what the grammars tell apart is here: parsing, errors, and which type a result is.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::generated::iri_parser::{Captures as IriCaptures, Parser as IriParser};
use crate::generated::parser::Captures;
use crate::{Authority, Encoded, ParseError, PathSegments, QueryOptions, QueryPairs, UriRef};

/// A parsed IRI reference (RFC 3987 section 2.2): an IRI, or a relative IRI reference.
///
/// An IRI is a URI that may hold non-ASCII characters: any `ucschar` where a URI allows an
/// unreserved character, and private-use characters (`iprivate`) in the query. Parsing borrows
/// the input and allocates nothing; the accessors are those of [`UriRef`], and return the text
/// as written, non-ASCII characters included.
///
/// ```
/// use uri::{HostKind, IriRef};
///
/// let r = IriRef::parse("https://résumé.example/ドキュメント?q=ü#frag").unwrap();
/// assert_eq!(r.scheme(), Some("https"));
/// let authority = r.authority().unwrap();
/// assert_eq!(authority.host(), "résumé.example");
/// assert_eq!(authority.host_kind(), HostKind::RegName);
/// assert_eq!(r.path(), "/ドキュメント");
/// assert_eq!(r.query(), Some("q=ü"));
/// assert_eq!(r.fragment(), Some("frag"));
///
/// // A private-use character is allowed in the query only.
/// assert!(IriRef::parse("s:?\u{E000}").is_ok());
/// let err = IriRef::parse("s:/\u{E000}").unwrap_err();
/// assert_eq!((err.index(), err.component()), (3, uri::Component::Path));
/// ```
///
/// `IriRef` and [`Iri`] compare, order and hash as their text, as the URI types do; equivalence
/// beyond the text is [`IriRef::normalized_eq`]. Every [`UriRef`] is an IRI reference
/// ([`UriRef::as_iri_ref`]).
#[derive(Clone, Copy)]
pub struct IriRef<'a> {
    /// The IRI's text and offsets, in the URI parser's layout.
    core: UriRef<'a>,
}

// An IRI reference costs no more than a URI reference: the same text and offsets.
const _: () = assert!(size_of::<IriRef<'static>>() <= size_of::<UriRef<'static>>());

/// The IRI parser's offsets as the URI parser's `Captures`: both capture files declare the same
/// captures and kinds in the same order, so the slots mean the same (a test parses URIs with
/// both parsers and compares them).
#[inline(always)]
pub(crate) const fn uri_captures(captures: IriCaptures, len: usize) -> Captures {
    Captures::from_slots_unchecked(captures.slots(len))
}

impl<'a> IriRef<'a> {
    /// Parses `text` as an IRI reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the `IRI-reference` rule, with the index of the first character
    /// that cannot continue a valid IRI reference (at a character boundary) and the bytes that
    /// could have. Inputs of 4 GiB or more are refused as by [`UriRef::parse`].
    #[inline]
    pub fn parse(text: &'a str) -> Result<IriRef<'a>, ParseError> {
        match IriParser::IriRef.parse(text.as_bytes()) {
            Ok(captures) => Ok(IriRef { core: UriRef::from_parts(text, uri_captures(captures, text.len())) }),
            Err(failure) => Err(ParseError::iri(false, text, failure.index)),
        }
    }

    /// An IRI reference from text and the offsets the IRI parser records for it.
    pub(crate) const fn from_parts(text: &'a str, captures: Captures) -> IriRef<'a> {
        IriRef { core: UriRef::from_parts(text, captures) }
    }

    /// The shared core: the text and its offsets, read with the URI types' code.
    pub(crate) const fn core(&self) -> UriRef<'a> {
        self.core
    }

    /// The whole IRI reference as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.core.as_str()
    }

    /// The scheme, without its `:`; present exactly when the reference is an IRI.
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.core.scheme()
    }

    /// The authority (after `//`), if present: `iauthority`, whose user information and
    /// registered name may hold non-ASCII characters.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.core.authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.core.path()
    }

    /// The query, without its `?`; `Some("")` for a `?` with nothing after it.
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.core.query()
    }

    /// The fragment, without its `#`; `Some("")` for a `#` with nothing after it.
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.core.fragment()
    }

    /// Whether this reference is an IRI (it has a scheme), as opposed to a relative reference.
    #[must_use]
    pub const fn is_iri(&self) -> bool {
        self.core.is_uri()
    }

    /// This reference as an [`Iri`], if it has a scheme.
    #[must_use]
    pub fn as_iri(&self) -> Option<Iri<'a>> {
        self.is_iri().then_some(Iri { inner: *self })
    }

    /// Whether the scheme is `name`, compared without regard to case (see
    /// [`UriRef::scheme_is`]).
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.core.scheme_is(name)
    }

    /// The path's segments (see [`UriRef::path_segments`]).
    ///
    /// ```
    /// let r = uri::IriRef::parse("/día/%C3%B1o").unwrap();
    /// let segments: Vec<_> = r.path_segments().map(|s| s.decoded().unwrap()).collect();
    /// assert_eq!(segments, ["día", "ño"]);
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'a> {
        self.core.path_segments()
    }

    /// The query's `key=value` pairs, split on `&` (see [`UriRef::query_pairs`]).
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        self.core.query_pairs()
    }

    /// The query's pairs, split as `options` say (see [`UriRef::query_pairs_with`]).
    #[must_use]
    pub fn query_pairs_with(&self, options: QueryOptions) -> QueryPairs<'a> {
        self.core.query_pairs_with(options)
    }

    /// The path, to decode (see [`Encoded`]).
    #[must_use]
    pub fn encoded_path(&self) -> Encoded<'a> {
        self.core.encoded_path()
    }

    /// The query, to decode (see [`Encoded`]).
    pub fn encoded_query(&self) -> Option<Encoded<'a>> {
        self.core.encoded_query()
    }

    /// The fragment, to decode (see [`Encoded`]).
    pub fn encoded_fragment(&self) -> Option<Encoded<'a>> {
        self.core.encoded_fragment()
    }
}

impl PartialEq for IriRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for IriRef<'_> {}

impl Hash for IriRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IriRef")
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A parsed IRI (RFC 3987 section 2.2): an IRI reference with a scheme.
///
/// ```
/// let iri = uri::Iri::parse("mailto:jürgen@example.com").unwrap();
/// assert_eq!(iri.scheme(), "mailto");
/// assert_eq!(iri.path(), "jürgen@example.com");
///
/// let err = uri::Iri::parse("//bücher.example/").unwrap_err();
/// assert!(err.is_missing_scheme());
/// assert_eq!(err.index(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Iri<'a> {
    inner: IriRef<'a>,
}

impl<'a> Iri<'a> {
    /// Parses `text` as an IRI.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the `IRI` rule: a relative reference fails where it stops being a
    /// prefix of any IRI (in its scheme).
    pub fn parse(text: &'a str) -> Result<Iri<'a>, ParseError> {
        match IriRef::parse(text) {
            Ok(r) => Iri::try_from(r),
            Err(e) => Err(ParseError::iri(true, text, e.index())),
        }
    }

    /// An IRI from a reference known to have a scheme.
    pub(crate) fn from_iri_ref_unchecked(inner: IriRef<'a>) -> Iri<'a> {
        debug_assert!(inner.is_iri());
        Iri { inner }
    }

    /// The scheme, without its `:`.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        self.inner.scheme().unwrap_or("")
    }

    /// The IRI as an [`IriRef`].
    #[must_use]
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        self.inner
    }

    /// The whole IRI as written.
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

    /// Whether the scheme is `name`, compared without regard to case.
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.inner.scheme_is(name)
    }

    /// The path's segments (see [`UriRef::path_segments`]).
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'a> {
        self.inner.path_segments()
    }

    /// The query's `key=value` pairs (see [`UriRef::query_pairs`]).
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        self.inner.query_pairs()
    }
}

impl fmt::Debug for Iri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

impl fmt::Display for Iri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> From<Iri<'a>> for IriRef<'a> {
    fn from(iri: Iri<'a>) -> Self {
        iri.inner
    }
}

impl<'a> TryFrom<IriRef<'a>> for Iri<'a> {
    type Error = ParseError;

    /// Fails with the [`ParseError`] of [`Iri::parse`] for a relative reference.
    fn try_from(r: IriRef<'a>) -> Result<Iri<'a>, ParseError> {
        match r.as_iri() {
            Some(iri) => Ok(iri),
            None => Err(ParseError::iri(true, r.as_str(), r.as_str().len())),
        }
    }
}

impl<'a> TryFrom<&'a str> for IriRef<'a> {
    type Error = ParseError;

    /// [`IriRef::parse`].
    fn try_from(text: &'a str) -> Result<IriRef<'a>, ParseError> {
        IriRef::parse(text)
    }
}

impl<'a> TryFrom<&'a str> for Iri<'a> {
    type Error = ParseError;

    /// [`Iri::parse`].
    fn try_from(text: &'a str) -> Result<Iri<'a>, ParseError> {
        Iri::parse(text)
    }
}

impl<'a> UriRef<'a> {
    /// This URI reference as an IRI reference, with the same text: every URI reference is one
    /// (RFC 3987 section 2.2 extends RFC 3986's grammar). Percent-encoded characters stay
    /// encoded; [`UriRef::to_iri`] decodes those an IRI may hold as characters.
    ///
    /// ```
    /// let r = uri::UriRef::parse("http://a/%C3%A9").unwrap();
    /// assert_eq!(r.as_iri_ref().path(), "/%C3%A9");
    /// ```
    #[must_use]
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        IriRef { core: *self }
    }
}

/// Every URI reference is an IRI reference: the same text and offsets.
impl<'a> From<UriRef<'a>> for IriRef<'a> {
    fn from(r: UriRef<'a>) -> IriRef<'a> {
        r.as_iri_ref()
    }
}

/// Every URI is an IRI.
impl<'a> From<crate::Uri<'a>> for Iri<'a> {
    fn from(uri: crate::Uri<'a>) -> Iri<'a> {
        Iri { inner: uri.as_uri_ref().as_iri_ref() }
    }
}

impl<'a> TryFrom<IriRef<'a>> for UriRef<'a> {
    type Error = ParseError;

    /// The IRI reference as a URI reference, the same text and offsets, when it is ASCII (RFC
    /// 3987's grammar holds RFC 3986's, and differs only by non-ASCII characters); otherwise the
    /// [`UriRef::parse`] error at its first non-ASCII character. [`IriRef::to_uri`] maps any.
    ///
    /// ```
    /// let iri = uri::IriRef::parse("/a?b").unwrap();
    /// assert_eq!(uri::UriRef::try_from(iri).unwrap().query(), Some("b"));
    /// let iri = uri::IriRef::parse("/ä").unwrap();
    /// assert_eq!(uri::UriRef::try_from(iri).unwrap_err().index(), 1);
    /// ```
    fn try_from(r: IriRef<'a>) -> Result<UriRef<'a>, ParseError> {
        let text = r.as_str();
        match text.bytes().position(|b| !b.is_ascii()) {
            None => Ok(r.core),
            Some(at) => Err(ParseError::new(crate::Rule::UriReference, text.as_bytes(), at)),
        }
    }
}

crate::uri_ref::borrowed_string_like!(IriRef, Iri);

/// Equality by text between IRIs and IRI references, in both directions.
impl PartialEq<Iri<'_>> for IriRef<'_> {
    fn eq(&self, other: &Iri<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<IriRef<'_>> for Iri<'_> {
    fn eq(&self, other: &IriRef<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(test)]
#[path = "iri_tests.rs"]
mod tests;
