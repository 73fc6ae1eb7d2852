//! [`Builder::build_iri_ref`] and [`Builder::build_iri`]: the builder's components checked as an
//! IRI's (RFC 3987), with the URI builder's code (`builder.rs`).

use crate::{BuildError, BuildErrorKind, Builder, Iri, IriBuf, IriRef, IriRefBuf, Rule};

impl Builder {
    /// Checks every component as an IRI reference's and builds it: as [`Builder::build`], but a
    /// component may hold the non-ASCII characters RFC 3987 allows in it (`ucschar` where
    /// RFC 3986 allows unreserved characters, and private-use characters in the query).
    ///
    /// ```
    /// use uri::{Builder, Component};
    ///
    /// let iri = Builder::new().scheme("http").host("bücher.example").path("/ß").query("q=\u{E000}").build_iri_ref();
    /// assert_eq!(iri.unwrap(), "http://bücher.example/ß?q=\u{E000}");
    ///
    /// // A private-use character is refused outside the query, at its index.
    /// let err = Builder::new().path("ab\u{E000}").build_iri_ref().unwrap_err();
    /// assert_eq!((err.component(), err.index()), (Component::Path, 2));
    /// // The scheme stays ASCII.
    /// assert!(Builder::new().scheme("é").build_iri_ref().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the component, the RFC 3986 rule that RFC 3987's rule of the
    /// component extends, and the index of the first character refused.
    pub fn build_iri_ref(&self) -> Result<IriRefBuf, BuildError> {
        let text = self.checked_text(true)?;
        IriRefBuf::parse(text).map_err(BuildError::of_whole)
    }

    /// Builds, requiring a scheme: the result is an IRI.
    ///
    /// ```
    /// let iri = uri::Builder::new().scheme("urn").path("例:1").build_iri().unwrap();
    /// assert_eq!(iri.scheme(), "urn");
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`Builder::build_iri_ref`], and a [`BuildError`] for the `scheme` rule when no
    /// scheme was set.
    pub fn build_iri(&self) -> Result<IriBuf, BuildError> {
        let missing = || BuildError::missing(Rule::Scheme, BuildErrorKind::MissingScheme);
        let iri = self.build_iri_ref()?;
        iri.into_iri().map_err(|_| missing())
    }
}

impl IriRef<'_> {
    /// A [`Builder`] holding this IRI reference's components, to change some of them and build
    /// again with [`Builder::build_iri_ref`].
    ///
    /// ```
    /// let r = uri::IriRef::parse("http://ü/ä?ö#é").unwrap();
    /// assert_eq!(r.to_builder().query("ß").build_iri_ref().unwrap(), "http://ü/ä?ß#é");
    /// ```
    #[must_use]
    pub fn to_builder(&self) -> Builder {
        self.core().to_builder()
    }
}

impl Iri<'_> {
    /// A [`Builder`] holding this IRI's components; see [`IriRef::to_builder`].
    #[must_use]
    pub fn to_builder(&self) -> Builder {
        self.as_iri_ref().to_builder()
    }
}
