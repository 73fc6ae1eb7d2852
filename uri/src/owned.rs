//! Owned URI references: [`UriRefBuf`] and [`UriBuf`], one `String` and the generated parser's
//! capture offsets, with the conversions and traits of owned string types.
//!
//! The component accessors are those of the borrowed [`UriRef`] and [`Uri`] (the owned value
//! lends one out with `as_uri_ref` or `as_uri`); nothing is allocated per component.
//!
//! A value made by parsing holds its offsets, and so does one made by resolution,
//! normalization or a setter (`edit.rs`): those work the offsets out while writing the text, so
//! no second pass reads it. Only a result too long for the 32-bit offsets holds its text alone
//! (and is refused where it is made, see `from_valid`). The setters replace the text and
//! offsets together; debug builds check the offsets against the parser's.

use alloc::{borrow::ToOwned, string::String};
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::generated::parser::Captures;
use crate::{Authority, Builder, Normalization, ParseError, ResolveOptions, Rule, Uri, UriRef};

/// Resolution and normalization results at least this long are parsed when they are made,
/// to fail there if they are past the parser's size limit (see [`UriRefBuf::from_valid`]).
const EAGER_PARSE_LEN: usize = 1 << 31;

/// An owned URI reference (RFC 3986 section 4.1): a URI or a relative reference.
///
/// ```
/// use uri::{UriRef, UriRefBuf};
///
/// let owned: UriRefBuf = "../a?b#c".parse().unwrap();
/// assert_eq!(owned.path(), "../a");
/// assert_eq!(owned.query(), Some("b"));
/// assert!(!owned.is_uri());
///
/// let from_string = UriRefBuf::try_from(String::from("//host/x")).unwrap();
/// assert_eq!(from_string.authority().unwrap().host(), "host");
///
/// let borrowed: UriRef<'_> = from_string.as_uri_ref();
/// assert_eq!(borrowed.to_buf(), from_string);
/// assert_eq!(from_string, "//host/x");
/// assert!(UriRefBuf::try_from("a b").is_err());
/// ```
#[derive(Clone)]
pub struct UriRefBuf {
    text: String,
    /// The parser's offsets for `text`; `None` for a value this crate built, not yet parsed.
    captures: Option<Captures>,
}

/// An owned URI (RFC 3986 section 3): a reference with a scheme.
///
/// ```
/// use std::collections::HashSet;
/// use uri::UriBuf;
///
/// let uri = UriBuf::try_from("https://example.com/a?q").unwrap();
/// assert_eq!(uri.scheme(), "https");
/// assert_eq!(uri.to_string(), "https://example.com/a?q");
///
/// // Owned URIs compare, order and hash as their text, and borrow as `str`.
/// let set: HashSet<UriBuf> = [uri.clone()].into_iter().collect();
/// assert!(set.contains("https://example.com/a?q"));
/// assert!(UriBuf::try_from("a:b").unwrap() < UriBuf::try_from("b:a").unwrap());
///
/// assert_eq!(UriBuf::try_from("/relative").unwrap_err().index(), 0);
/// ```
#[derive(Clone)]
pub struct UriBuf {
    inner: UriRefBuf,
}

impl UriRefBuf {
    /// Parses `text` as a URI reference, keeping it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`UriRef::parse`].
    pub fn parse(text: impl Into<String>) -> Result<UriRefBuf, ParseError> {
        let text = text.into();
        let captures = UriRef::parse(&text)?.captures();
        Ok(UriRefBuf { text, captures: Some(captures) })
    }

    /// Wraps text this crate built as a URI reference (a resolution or normalization result),
    /// without parsing it.
    ///
    /// # Panics
    ///
    /// When `text` is 4 GiB (`u32::MAX` bytes) or longer: the parser's offsets are 32-bit, so
    /// no component could be read from it. Texts past 2 GiB are parsed here, so that the panic
    /// comes at once with its reason, never later from an accessor.
    pub(crate) fn from_valid(text: String) -> UriRefBuf {
        if text.len() >= EAGER_PARSE_LEN {
            return match UriRef::parse(&text) {
                Ok(r) => UriRefBuf { captures: Some(r.captures()), text },
                Err(_) => panic!(
                    "a URI reference of {} bytes is past the parser's limit of u32::MAX - 1 bytes",
                    text.len()
                ),
            };
        }
        debug_assert!(UriRef::parse(&text).is_ok(), "{text:?} is not a URI reference");
        UriRefBuf { text, captures: None }
    }

    /// Wraps text this crate built together with its component offsets, worked out while
    /// building it (a resolution result), so that it needs no parse.
    pub(crate) fn from_built(text: String, captures: Captures) -> UriRefBuf {
        debug_assert!(
            UriRef::parse(&text).is_ok_and(|r| r.captures() == captures),
            "{text:?}: the offsets built for it are not the parser's"
        );
        UriRefBuf { text, captures: Some(captures) }
    }

    /// Replaces the text and offsets with an edit's result, whose offsets were worked out
    /// from its components (debug builds check them against the parser's).
    pub(crate) fn replace_built(&mut self, text: String, captures: Captures) {
        debug_assert!(
            UriRef::parse(&text).is_ok_and(|r| r.captures() == captures),
            "{text:?}: the offsets built for it are not the parser's"
        );
        self.text = text;
        self.captures = Some(captures);
    }

    /// Edits the text and offsets in place (an edit from the path on, see `edit_tail.rs`);
    /// debug builds check the offsets against the parser's afterwards.
    pub(crate) fn edit_in_place(&mut self, edit: impl FnOnce(&mut String, &mut Captures)) {
        let mut captures = self.captures();
        edit(&mut self.text, &mut captures);
        debug_assert!(
            UriRef::parse(&self.text).is_ok_and(|r| r.captures() == captures),
            "{:?}: the offsets worked out for it are not the parser's",
            self.text
        );
        self.captures = Some(captures);
    }

    /// The parser's offsets, found now for a value this crate built.
    #[inline]
    fn captures(&self) -> Captures {
        match self.captures {
            Some(captures) => captures,
            None => match UriRef::parse(&self.text) {
                Ok(r) => r.captures(),
                Err(e) => unreachable!("a URI reference built by this crate is valid: {e}"),
            },
        }
    }

    /// The same reference, holding its component offsets. Values from parsing, resolution,
    /// normalization and the setters hold them already; this matters only for a result this
    /// crate wrapped without them (one too long for the offsets, which then fails here).
    ///
    /// ```
    /// use uri::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://example.com/a/").unwrap();
    /// let target = base.resolve(&UriRef::parse("b?c").unwrap()).parsed();
    /// assert_eq!((target.path(), target.query()), ("/a/b", Some("c")));
    /// ```
    #[must_use]
    pub fn parsed(self) -> UriRefBuf {
        let captures = Some(self.captures());
        UriRefBuf { text: self.text, captures }
    }

    /// The reference as a borrowed [`UriRef`], with every component accessor.
    #[inline]
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.text, self.captures())
    }

    /// The whole reference.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, giving up the parse.
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }

    /// The scheme, without its `:`; present exactly when the reference is a URI.
    #[must_use]
    pub fn scheme(&self) -> Option<&str> {
        self.as_uri_ref().scheme()
    }

    /// The authority, if present.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.as_uri_ref().authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &str {
        self.as_uri_ref().path()
    }

    /// The query, without its `?`.
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.as_uri_ref().query()
    }

    /// The fragment, without its `#`.
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.as_uri_ref().fragment()
    }

    /// Whether this reference is a URI (it has a scheme).
    #[must_use]
    pub fn is_uri(&self) -> bool {
        self.as_uri_ref().is_uri()
    }

    /// This reference as a borrowed [`Uri`], if it has a scheme (as [`UriRef::as_uri`]).
    ///
    /// ```
    /// let owned = uri::UriRefBuf::parse("s:p").unwrap();
    /// assert_eq!(owned.as_uri().unwrap().scheme(), "s");
    /// assert!(uri::UriRefBuf::parse("p").unwrap().as_uri().is_none());
    /// ```
    #[must_use]
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.as_uri_ref().as_uri()
    }

    /// This reference as a [`UriBuf`] when it has a scheme; itself otherwise.
    ///
    /// # Errors
    ///
    /// The reference itself, unchanged, when it is a relative reference.
    pub fn into_uri(self) -> Result<UriBuf, UriRefBuf> {
        if self.is_uri() {
            Ok(UriBuf { inner: self })
        } else {
            Err(self)
        }
    }
}

impl UriBuf {
    /// Parses `text` as a URI, keeping it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`Uri::parse`].
    pub fn parse(text: impl Into<String>) -> Result<UriBuf, ParseError> {
        let text = text.into();
        let captures = Uri::parse(&text)?.as_uri_ref().captures();
        Ok(UriBuf { inner: UriRefBuf { text, captures: Some(captures) } })
    }

    /// Wraps the text of a resolution or normalization result, which is a URI by construction
    /// (it has a scheme), without parsing it.
    ///
    /// # Panics
    ///
    /// As [`UriRefBuf::from_valid`], when `text` is 4 GiB or longer.
    pub(crate) fn from_valid(text: String) -> UriBuf {
        let inner = UriRefBuf::from_valid(text);
        debug_assert!(inner.is_uri(), "{:?} is not a URI", inner.text);
        UriBuf { inner }
    }

    /// Wraps a URI this crate built together with its component offsets.
    pub(crate) fn from_built(text: String, captures: Captures) -> UriBuf {
        let inner = UriRefBuf::from_built(text, captures);
        debug_assert!(inner.is_uri(), "{:?} is not a URI", inner.as_str());
        UriBuf { inner }
    }

    /// The URI as an owned reference to edit, for the setters, which never remove its scheme.
    pub(crate) fn as_mut_ref_buf(&mut self) -> &mut UriRefBuf {
        &mut self.inner
    }

    /// The same URI, holding its component offsets; see [`UriRefBuf::parsed`].
    #[must_use]
    pub fn parsed(self) -> UriBuf {
        UriBuf { inner: self.inner.parsed() }
    }

    /// The URI as a borrowed [`Uri`].
    #[inline]
    #[must_use]
    pub fn as_uri(&self) -> Uri<'_> {
        Uri::from_uri_ref_unchecked(self.inner.as_uri_ref())
    }

    /// The URI as a borrowed [`UriRef`].
    #[inline]
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        self.inner.as_uri_ref()
    }

    /// The whole URI.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.inner.text
    }

    /// The text, giving up the parse.
    #[must_use]
    pub fn into_string(self) -> String {
        self.inner.text
    }

    /// The URI as an owned reference.
    #[must_use]
    pub fn into_uri_ref(self) -> UriRefBuf {
        self.inner
    }

    /// The scheme, without its `:`.
    #[must_use]
    pub fn scheme(&self) -> &str {
        self.as_uri().scheme()
    }

    /// The authority, if present.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.as_uri().authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &str {
        self.as_uri().path()
    }

    /// The query, without its `?`.
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.as_uri().query()
    }

    /// The fragment, without its `#`.
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.as_uri().fragment()
    }
}

/// The operations of the borrowed types, on the owned ones (each borrows and delegates).
impl UriRefBuf {
    /// Resolves this reference against `base`; see [`UriRef::resolve_against`].
    ///
    /// ```
    /// let base = uri::Uri::parse("http://a/b/c").unwrap();
    /// let r = uri::UriRefBuf::parse("../d?q").unwrap();
    /// assert_eq!(r.resolve_against(&base), "http://a/d?q");
    /// ```
    #[must_use]
    pub fn resolve_against(&self, base: &Uri<'_>) -> UriBuf {
        self.as_uri_ref().resolve_against(base)
    }

    /// The normal form; see [`UriRef::normalize`].
    #[must_use]
    pub fn normalize(&self) -> UriRefBuf {
        self.as_uri_ref().normalize()
    }

    /// The normal form with the chosen steps; see [`UriRef::normalize_with`].
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> UriRefBuf {
        self.as_uri_ref().normalize_with(steps)
    }

    /// Whether both references are equivalent; see [`UriRef::normalized_eq`].
    ///
    /// ```
    /// let a = uri::UriRefBuf::parse("HTTP://a/%7e").unwrap();
    /// assert!(a.normalized_eq(&uri::UriRef::parse("http://a/~").unwrap()));
    /// ```
    #[must_use]
    pub fn normalized_eq(&self, other: &UriRef<'_>) -> bool {
        self.as_uri_ref().normalized_eq(other)
    }

    /// A builder holding this reference's components; see [`UriRef::to_builder`].
    #[must_use]
    pub fn to_builder(&self) -> Builder {
        self.as_uri_ref().to_builder()
    }
}

impl UriBuf {
    /// Resolves `reference` against this URI; see [`Uri::resolve`].
    ///
    /// ```
    /// let base = uri::UriBuf::parse("http://a/b/c").unwrap();
    /// assert_eq!(base.resolve(&uri::UriRef::parse("d").unwrap()), "http://a/b/d");
    /// ```
    #[must_use]
    pub fn resolve(&self, reference: &UriRef<'_>) -> UriBuf {
        self.as_uri().resolve(reference)
    }

    /// Resolves `reference` against this URI with `options`; see [`Uri::resolve_with`].
    #[must_use]
    pub fn resolve_with(&self, reference: &UriRef<'_>, options: ResolveOptions) -> UriBuf {
        self.as_uri().resolve_with(reference, options)
    }

    /// The normal form; see [`Uri::normalize`].
    #[must_use]
    pub fn normalize(&self) -> UriBuf {
        self.as_uri().normalize()
    }

    /// The normal form with the chosen steps; see [`Uri::normalize_with`].
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> UriBuf {
        self.as_uri().normalize_with(steps)
    }

    /// Whether both URIs are equivalent; see [`Uri::normalized_eq`].
    #[must_use]
    pub fn normalized_eq(&self, other: &Uri<'_>) -> bool {
        self.as_uri().normalized_eq(other)
    }

    /// A builder holding this URI's components; see [`Uri::to_builder`].
    #[must_use]
    pub fn to_builder(&self) -> Builder {
        self.as_uri().to_builder()
    }
}

impl UriRef<'_> {
    /// An owned copy of this reference (no re-parse).
    #[must_use]
    pub fn to_buf(&self) -> UriRefBuf {
        UriRefBuf { text: self.as_str().to_owned(), captures: Some(self.captures()) }
    }
}

impl Uri<'_> {
    /// An owned copy of this URI (no re-parse).
    ///
    /// ```
    /// let uri = uri::Uri::parse("urn:isbn:0451450523").unwrap().to_buf();
    /// assert_eq!(uri.path(), "isbn:0451450523");
    /// ```
    #[must_use]
    pub fn to_buf(&self) -> UriBuf {
        UriBuf { inner: self.as_uri_ref().to_buf() }
    }
}

impl From<UriRef<'_>> for UriRefBuf {
    fn from(r: UriRef<'_>) -> UriRefBuf {
        r.to_buf()
    }
}

impl From<Uri<'_>> for UriBuf {
    fn from(uri: Uri<'_>) -> UriBuf {
        uri.to_buf()
    }
}

impl From<Uri<'_>> for UriRefBuf {
    fn from(uri: Uri<'_>) -> UriRefBuf {
        uri.as_uri_ref().to_buf()
    }
}

impl From<UriBuf> for UriRefBuf {
    fn from(uri: UriBuf) -> UriRefBuf {
        uri.inner
    }
}

impl TryFrom<UriRefBuf> for UriBuf {
    type Error = ParseError;

    /// Fails with the [`ParseError`] of the `URI` rule for a relative reference.
    fn try_from(r: UriRefBuf) -> Result<UriBuf, ParseError> {
        r.into_uri().map_err(|r| {
            ParseError::new(Rule::Uri, r.text.as_bytes(), Rule::Uri.valid_up_to(r.text.as_bytes()))
        })
    }
}

/// The traits both owned types share: text-based comparison, conversions from and to strings.
macro_rules! string_like {
    ($owned:ident, $borrowed:ident, $as_borrowed:ident) => {
        impl FromStr for $owned {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<$owned, ParseError> {
                $owned::parse(text)
            }
        }

        impl TryFrom<&str> for $owned {
            type Error = ParseError;

            fn try_from(text: &str) -> Result<$owned, ParseError> {
                $owned::parse(text)
            }
        }

        impl TryFrom<String> for $owned {
            type Error = ParseError;

            fn try_from(text: String) -> Result<$owned, ParseError> {
                $owned::parse(text)
            }
        }

        impl From<$owned> for String {
            fn from(owned: $owned) -> String {
                owned.into_string()
            }
        }

        impl AsRef<str> for $owned {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl Borrow<str> for $owned {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl fmt::Display for $owned {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $owned {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.$as_borrowed(), f)
            }
        }

        impl PartialEq for $owned {
            fn eq(&self, other: &$owned) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $owned {}

        impl PartialOrd for $owned {
            fn partial_cmp(&self, other: &$owned) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $owned {
            fn cmp(&self, other: &$owned) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl Hash for $owned {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        impl PartialEq<str> for $owned {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $owned {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<String> for $owned {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$borrowed<'_>> for $owned {
            fn eq(&self, other: &$borrowed<'_>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$owned> for $borrowed<'_> {
            fn eq(&self, other: &$owned) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$owned> for str {
            fn eq(&self, other: &$owned) -> bool {
                self == other.as_str()
            }
        }

        impl PartialEq<$owned> for &str {
            fn eq(&self, other: &$owned) -> bool {
                *self == other.as_str()
            }
        }

        impl PartialEq<$owned> for String {
            fn eq(&self, other: &$owned) -> bool {
                self.as_str() == other.as_str()
            }
        }
    };
}

/// Equality by text across the URI and URI-reference types, in both directions.
macro_rules! cross_eq {
    ($(($a:ty, $b:ty)),*) => {$(
        impl PartialEq<$b> for $a {
            fn eq(&self, other: &$b) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$a> for $b {
            fn eq(&self, other: &$a) -> bool {
                self.as_str() == other.as_str()
            }
        }
    )*};
}

cross_eq!((UriRef<'_>, Uri<'_>), (UriBuf, UriRefBuf), (UriBuf, UriRef<'_>), (UriRefBuf, Uri<'_>));

pub(crate) use string_like;

string_like!(UriRefBuf, UriRef, as_uri_ref);
string_like!(UriBuf, Uri, as_uri);

#[cfg(feature = "serde")]
mod serde_impls {
    //! Serialization as strings; deserialization validates with the generated parser.

    use alloc::string::String;
    use serde::de::{Deserialize, Deserializer, Error};
    use serde::ser::{Serialize, Serializer};

    use super::{Uri, UriBuf, UriRef, UriRefBuf};

    macro_rules! serialize_as_str {
        ($($ty:ty),*) => {$(
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }
        )*};
    }

    serialize_as_str!(UriRef<'_>, Uri<'_>, UriRefBuf, UriBuf);

    impl<'de> Deserialize<'de> for UriRefBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            UriRefBuf::parse(String::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    impl<'de> Deserialize<'de> for UriBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            UriBuf::parse(String::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    /// Borrows from the input; formats that cannot lend a `&str` (escaped JSON strings, for
    /// example) fail: deserialize a [`UriRefBuf`] there.
    impl<'de: 'a, 'a> Deserialize<'de> for UriRef<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            UriRef::parse(<&'de str>::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    /// Borrows from the input, like the [`UriRef`] implementation.
    impl<'de: 'a, 'a> Deserialize<'de> for Uri<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Uri::parse(<&'de str>::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Normalization, UriRef};
    use std::prelude::rust_2021::*;

    /// A URI reference of `len` bytes: `http://` and a registered name.
    fn long_http(len: usize) -> String {
        let mut text = String::with_capacity(len + 1);
        text.push_str("http://");
        text.extend(core::iter::repeat_n('a', len - text.len()));
        text
    }

    /// The parser's offsets are 32-bit, so it takes inputs up to `u32::MAX - 1` bytes; scheme-based
    /// normalization of such an input adds a `/` (an `http` URI's empty path) and makes a result
    /// no parser can read. It used to come back as if valid and panic later, in a component
    /// accessor (`unreachable!`): now `normalize_with` panics at once, as documented.
    #[test]
    #[ignore = "needs about 9 GiB of memory; run with `cargo test -p rfc3986-uri --release -- --ignored`"]
    #[should_panic(expected = "past the parser's limit")]
    fn a_result_past_the_size_limit_panics_where_it_is_made() {
        let text = long_http(u32::MAX as usize - 1);
        let r = UriRef::parse(&text).expect("the parser takes inputs below u32::MAX bytes");
        let normalized = r.normalize_with(Normalization::SCHEME_BASED);
        drop(text);
        assert_eq!(normalized.path(), "/");
    }
}
