//! Owned IRI references: [`IriRefBuf`] and [`IriBuf`], one `String` and the IRI parser's offsets
//! (in the URI parser's layout, see `iri.rs`), with the traits of the owned URI types.

use alloc::{borrow::ToOwned, string::String};
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::generated::iri_parser::Parser as IriParser;
use crate::generated::parser::Captures;
use crate::iri::uri_captures;
use crate::{Authority, Iri, IriRef, ParseError};

/// An owned IRI reference (RFC 3987 section 2.2): an IRI or a relative IRI reference.
///
/// ```
/// use uri::{IriRef, IriRefBuf};
///
/// let owned: IriRefBuf = "../café?q=ü#x".parse().unwrap();
/// assert_eq!(owned.path(), "../café");
/// assert_eq!(owned.query(), Some("q=ü"));
/// assert!(!owned.is_iri());
///
/// let borrowed: IriRef<'_> = owned.as_iri_ref();
/// assert_eq!(borrowed.to_buf(), owned);
/// assert!(IriRefBuf::try_from("a b").is_err());
/// ```
#[derive(Clone)]
pub struct IriRefBuf {
    text: String,
    /// The IRI parser's offsets for `text`.
    captures: Captures,
}

/// An owned IRI (RFC 3987 section 2.2): an IRI reference with a scheme.
///
/// ```
/// let iri = uri::IriBuf::try_from("https://例え.jp/パス").unwrap();
/// assert_eq!(iri.scheme(), "https");
/// assert_eq!(iri.authority().unwrap().host(), "例え.jp");
/// assert_eq!(uri::IriBuf::try_from("/relative").unwrap_err().index(), 0);
/// ```
#[derive(Clone)]
pub struct IriBuf {
    inner: IriRefBuf,
}

impl IriRefBuf {
    /// Parses `text` as an IRI reference, keeping it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`IriRef::parse`].
    pub fn parse(text: impl Into<String>) -> Result<IriRefBuf, ParseError> {
        let text = text.into();
        let captures = IriRef::parse(&text)?.core().captures();
        Ok(IriRefBuf { text, captures })
    }

    /// Wraps an IRI reference this crate built (a resolution or normalization result), with
    /// its offsets when they were worked out while building it, parsing it otherwise.
    ///
    /// # Panics
    ///
    /// When `text` is no IRI reference the parser can read: 4 GiB (`u32::MAX` bytes) or longer,
    /// which the 32-bit offsets cannot hold.
    pub(crate) fn from_built(text: String, captures: Option<Captures>) -> IriRefBuf {
        let parsed = || IriParser::IriRef.parse(text.as_bytes()).ok().map(|c| uri_captures(c, text.len()));
        let captures = match captures {
            Some(captures) => {
                debug_assert_eq!(
                    parsed(),
                    Some(captures),
                    "{text:?}: the offsets built are not the parser's"
                );
                captures
            }
            None => parsed().unwrap_or_else(|| {
                panic!(
                    "an IRI reference of {} bytes is past the parser's limit of u32::MAX - 1 bytes",
                    text.len()
                )
            }),
        };
        IriRefBuf { text, captures }
    }

    /// The reference as a borrowed [`IriRef`], with every component accessor.
    #[inline]
    #[must_use]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef::from_parts(&self.text, self.captures)
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

    /// The scheme, without its `:`; present exactly when the reference is an IRI.
    #[must_use]
    pub fn scheme(&self) -> Option<&str> {
        self.as_iri_ref().scheme()
    }

    /// The authority, if present.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.as_iri_ref().authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &str {
        self.as_iri_ref().path()
    }

    /// The query, without its `?`.
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.as_iri_ref().query()
    }

    /// The fragment, without its `#`.
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.as_iri_ref().fragment()
    }

    /// Whether this reference is an IRI (it has a scheme).
    #[must_use]
    pub fn is_iri(&self) -> bool {
        self.as_iri_ref().is_iri()
    }

    /// This reference as a borrowed [`Iri`], if it has a scheme.
    #[must_use]
    pub fn as_iri(&self) -> Option<Iri<'_>> {
        self.as_iri_ref().as_iri()
    }

    /// This reference as an [`IriBuf`] when it has a scheme.
    ///
    /// # Errors
    ///
    /// The reference itself, unchanged, when it is a relative reference.
    pub fn into_iri(self) -> Result<IriBuf, IriRefBuf> {
        if self.is_iri() {
            Ok(IriBuf { inner: self })
        } else {
            Err(self)
        }
    }
}

impl IriBuf {
    /// Parses `text` as an IRI, keeping it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`Iri::parse`].
    pub fn parse(text: impl Into<String>) -> Result<IriBuf, ParseError> {
        let text = text.into();
        let captures = Iri::parse(&text)?.as_iri_ref().core().captures();
        Ok(IriBuf { inner: IriRefBuf { text, captures } })
    }

    /// Wraps an IRI this crate built; see [`IriRefBuf::from_built`].
    pub(crate) fn from_built(text: String, captures: Option<Captures>) -> IriBuf {
        let inner = IriRefBuf::from_built(text, captures);
        debug_assert!(inner.is_iri(), "{:?} is not an IRI", inner.as_str());
        IriBuf { inner }
    }

    /// The IRI as a borrowed [`Iri`].
    #[inline]
    #[must_use]
    pub fn as_iri(&self) -> Iri<'_> {
        Iri::from_iri_ref_unchecked(self.inner.as_iri_ref())
    }

    /// The IRI as a borrowed [`IriRef`].
    #[inline]
    #[must_use]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        self.inner.as_iri_ref()
    }

    /// The whole IRI.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.inner.as_str()
    }

    /// The text, giving up the parse.
    #[must_use]
    pub fn into_string(self) -> String {
        self.inner.into_string()
    }

    /// The scheme, without its `:`.
    #[must_use]
    pub fn scheme(&self) -> &str {
        self.as_iri().scheme()
    }

    /// The authority, if present.
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.inner.authority()
    }

    /// The path; always present, possibly empty.
    #[must_use]
    pub fn path(&self) -> &str {
        self.inner.path()
    }

    /// The query, without its `?`.
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The fragment, without its `#`.
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }
}

impl IriRef<'_> {
    /// An owned copy.
    #[must_use]
    pub fn to_buf(&self) -> IriRefBuf {
        IriRefBuf { text: self.as_str().to_owned(), captures: self.core().captures() }
    }
}

impl Iri<'_> {
    /// An owned copy.
    #[must_use]
    pub fn to_buf(&self) -> IriBuf {
        IriBuf { inner: self.as_iri_ref().to_buf() }
    }
}

/// Every URI reference is an IRI reference: the same text and offsets.
impl From<crate::UriRefBuf> for IriRefBuf {
    fn from(r: crate::UriRefBuf) -> IriRefBuf {
        let captures = r.as_uri_ref().captures();
        IriRefBuf { text: r.into_string(), captures }
    }
}

/// Every URI is an IRI.
impl From<crate::UriBuf> for IriBuf {
    fn from(uri: crate::UriBuf) -> IriBuf {
        IriBuf { inner: crate::UriRefBuf::from(uri).into() }
    }
}

impl From<IriBuf> for IriRefBuf {
    fn from(iri: IriBuf) -> IriRefBuf {
        iri.inner
    }
}

impl TryFrom<IriRefBuf> for IriBuf {
    type Error = ParseError;

    /// Fails with the [`ParseError`] of the `IRI` rule for a relative reference.
    fn try_from(r: IriRefBuf) -> Result<IriBuf, ParseError> {
        r.into_iri().map_err(|r| ParseError::iri(true, r.as_str(), r.as_str().len()))
    }
}

impl PartialEq<IriBuf> for IriRefBuf {
    fn eq(&self, other: &IriBuf) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<IriRefBuf> for IriBuf {
    fn eq(&self, other: &IriRefBuf) -> bool {
        self.as_str() == other.as_str()
    }
}

crate::owned::string_like!(IriRefBuf, IriRef, as_iri_ref);
crate::owned::string_like!(IriBuf, Iri, as_iri);

#[cfg(feature = "serde")]
mod serde_impls {
    //! Serialization as strings; deserialization validates with the generated IRI parser.

    use alloc::string::String;
    use serde::de::{Deserialize, Deserializer, Error};
    use serde::ser::{Serialize, Serializer};

    use super::{Iri, IriBuf, IriRef, IriRefBuf};

    macro_rules! serialize_as_str {
        ($($ty:ty),*) => {$(
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }
        )*};
    }

    serialize_as_str!(IriRef<'_>, Iri<'_>, IriRefBuf, IriBuf);

    impl<'de> Deserialize<'de> for IriRefBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            IriRefBuf::parse(String::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    impl<'de> Deserialize<'de> for IriBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            IriBuf::parse(String::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    /// Borrows from the input; formats that cannot lend a `&str` fail: deserialize an
    /// [`IriRefBuf`] there.
    impl<'de: 'a, 'a> Deserialize<'de> for IriRef<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            IriRef::parse(<&'de str>::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    /// Borrows from the input, like the [`IriRef`] implementation.
    impl<'de: 'a, 'a> Deserialize<'de> for Iri<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Iri::parse(<&'de str>::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }
}
