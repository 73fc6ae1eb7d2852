//! Resolution and normalization of IRIs: the URI types' algorithms (`resolve.rs`,
//! `normalize.rs`) run on the shared core, their results read as IRIs.
//!
//! RFC 3987 section 6.5 resolves IRI references with RFC 3986 section 5.2 unchanged, and section
//! 5.3.2 normalizes with RFC 3986's steps: case (scheme, host, hexadecimal digits of escapes),
//! percent-encoding (escapes of ASCII unreserved characters decoded) and path segments. Both
//! work on the text's ASCII delimiters and escapes and copy every other character as it is.

use alloc::string::String;

use crate::normalize::{captures_of, normalize_into};
use crate::resolve::{resolve_into, result_capacity};
use crate::{Iri, IriBuf, IriRef, IriRefBuf, Normalization, ResolveOptions, Uri};

impl Iri<'_> {
    /// Resolves `reference` against this base IRI (RFC 3987 section 6.5, which is RFC 3986
    /// section 5.2), strictly; the choices [`Uri::resolve`] documents hold here too.
    ///
    /// ```
    /// use uri::{Iri, IriRef};
    ///
    /// let base = Iri::parse("http://例え.jp/a/b/c?q").unwrap();
    /// assert_eq!(base.resolve(&IriRef::parse("../ドキュメント#x").unwrap()), "http://例え.jp/a/ドキュメント#x");
    /// assert_eq!(base.resolve(&IriRef::parse("//ü/./p").unwrap()), "http://ü/p");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve(&self, reference: &IriRef<'_>) -> IriBuf {
        self.resolve_with(reference, ResolveOptions::STRICT)
    }

    /// Resolves `reference` against this base IRI with `options` (see [`ResolveOptions`]).
    ///
    /// ```
    /// use uri::{Iri, IriRef, ResolveOptions};
    ///
    /// let base = Iri::parse("http://a/b/c").unwrap();
    /// let reference = IriRef::parse("http:ç").unwrap();
    /// assert_eq!(base.resolve_with(&reference, ResolveOptions::STRICT), "http:ç");
    /// assert_eq!(base.resolve_with(&reference, ResolveOptions::NON_STRICT), "http://a/b/ç");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve_with(&self, reference: &IriRef<'_>, options: ResolveOptions) -> IriBuf {
        let base = Uri::from_uri_ref_unchecked(self.as_iri_ref().core());
        let reference = reference.core();
        let mut out = String::with_capacity(result_capacity(&base, &reference));
        let captures = resolve_into(&base, &reference, options, &mut out);
        IriBuf::from_built(out, captures)
    }

    /// Normalizes with [`Normalization::FULL`]; see [`IriRef::normalize`].
    ///
    /// # Panics
    ///
    /// As [`IriRef::normalize`].
    #[must_use]
    pub fn normalize(&self) -> IriBuf {
        self.normalize_with(Normalization::FULL)
    }

    /// Normalizes with the chosen steps; see [`IriRef::normalize_with`].
    ///
    /// # Panics
    ///
    /// As [`IriRef::normalize`].
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> IriBuf {
        let normalized = self.as_iri_ref().normalize_with(steps);
        normalized.into_iri().unwrap_or_else(|r| unreachable!("normalization keeps the scheme of {r}"))
    }

    /// Whether both IRIs are equivalent; see [`IriRef::normalized_eq`].
    #[must_use]
    pub fn normalized_eq(&self, other: &Iri<'_>) -> bool {
        self.as_iri_ref().normalized_eq(&other.as_iri_ref())
    }
}

impl IriRef<'_> {
    /// Resolves this reference against `base`; the same as [`Iri::resolve`].
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve_against(&self, base: &Iri<'_>) -> IriBuf {
        base.resolve(self)
    }

    /// Normalizes with [`Normalization::FULL`]: RFC 3987 section 5.3.2's syntax-based steps and
    /// RFC 3986 section 6.2.3's scheme-based ones, as [`crate::UriRef::normalize`] does.
    ///
    /// The scheme is lower-cased, and so is a host of ASCII characters only: section 5.3.2.1
    /// leaves the case of a host with non-ASCII characters (or escapes of non-ASCII octets) to
    /// IDNA (section 5.3.3), which this crate does not implement. Escapes of ASCII unreserved
    /// characters are decoded and the others' hexadecimal digits upper-cased (section 5.3.2.3,
    /// which decodes only RFC 3986's unreserved characters: an escaped `é` stays escaped, but
    /// [`IriRef::normalized_eq`] finds it equivalent to `é`); dot segments are removed.
    /// Character normalization (NFC, section 5.3.2.2) is not applied: it needs the Unicode
    /// tables, a dependency this crate does not take.
    ///
    /// ```
    /// let r = uri::IriRef::parse("HTTP://Bücher.EXAMPLE:80/./%7e/é/../%c3%a9?Ä").unwrap();
    /// assert_eq!(r.normalize(), "http://Bücher.EXAMPLE/~/%C3%A9?Ä");
    /// let r = uri::IriRef::parse("HTTP://Example.COM/ü").unwrap();
    /// assert_eq!(r.normalize(), "http://example.com/ü");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`crate::UriRef::normalize`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn normalize(&self) -> IriRefBuf {
        self.normalize_with(Normalization::FULL)
    }

    /// Normalizes with the chosen steps (see [`Normalization`]).
    ///
    /// # Panics
    ///
    /// As [`IriRef::normalize`].
    #[must_use]
    pub fn normalize_with(&self, steps: Normalization) -> IriRefBuf {
        let core = self.core();
        let ascii_host = self.authority().is_none_or(|a| ascii_only(a.host()));
        let steps = if ascii_host { steps } else { steps.host_case(false) };
        let mut out = String::with_capacity(self.as_str().len() + 2);
        let spans = normalize_into(&core, steps, &mut out);
        // The offsets are worked out while writing, except for a host that changed and holds
        // a non-ASCII character, which the URI parser that finds a host's kind cannot read:
        // then the result is parsed.
        let captures = captures_of(&core, &out, &spans);
        IriRefBuf::from_built(out, captures)
    }

    /// Whether both IRI references are equivalent by the comparison ladder of RFC 3987 section
    /// 5.3: the same string, or the same URI once both are mapped to URIs ([`IriRef::to_uri`],
    /// which aligns their escapes as section 5.3.2.3 suggests) and normalized as URIs
    /// ([`crate::UriRef::normalized_eq`]).
    ///
    /// ```
    /// let a = uri::IriRef::parse("http://example.org/~ü").unwrap();
    /// let b = uri::IriRef::parse("HTTP://EXAMPLE.org:80/%7E%c3%bc").unwrap();
    /// assert!(a.normalized_eq(&b));
    /// // No character normalization: a precomposed and a decomposed ü differ.
    /// assert!(!a.normalized_eq(&uri::IriRef::parse("http://example.org/~u\u{308}").unwrap()));
    /// ```
    ///
    /// # Panics
    ///
    /// As [`IriRef::to_uri`], when a mapped URI is 4 GiB or longer.
    #[must_use]
    pub fn normalized_eq(&self, other: &IriRef<'_>) -> bool {
        self.as_str() == other.as_str()
            || self.to_uri().as_uri_ref().normalized_eq(&other.to_uri().as_uri_ref())
    }
}

impl IriBuf {
    /// Resolves `reference` against this base IRI; see [`Iri::resolve`].
    ///
    /// ```
    /// let base = uri::IriBuf::parse("http://a/ü/v").unwrap();
    /// assert_eq!(base.resolve(&uri::IriRef::parse("ö").unwrap()), "http://a/ü/ö");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve(&self, reference: &IriRef<'_>) -> IriBuf {
        self.as_iri().resolve(reference)
    }

    /// Normalizes with [`Normalization::FULL`]; see [`IriRef::normalize`].
    ///
    /// # Panics
    ///
    /// As [`IriRef::normalize`].
    #[must_use]
    pub fn normalize(&self) -> IriBuf {
        self.as_iri().normalize()
    }
}

impl IriRefBuf {
    /// Normalizes with [`Normalization::FULL`]; see [`IriRef::normalize`].
    ///
    /// # Panics
    ///
    /// As [`IriRef::normalize`].
    #[must_use]
    pub fn normalize(&self) -> IriRefBuf {
        self.as_iri_ref().normalize()
    }

    /// Whether both IRI references are equivalent; see [`IriRef::normalized_eq`].
    #[must_use]
    pub fn normalized_eq(&self, other: &IriRef<'_>) -> bool {
        self.as_iri_ref().normalized_eq(other)
    }
}

/// Whether `host` holds only ASCII characters and escapes of ASCII octets: the hosts whose case
/// section 5.3.2.1 of RFC 3987 normalizes.
fn ascii_only(host: &str) -> bool {
    let bytes = host.as_bytes();
    host.is_ascii()
        && !bytes.iter().enumerate().any(|(i, &b)| b == b'%' && bytes.get(i + 1).is_some_and(|d| *d >= b'8'))
}

#[cfg(test)]
mod tests {
    use crate::{Iri, IriRef, Normalization};
    use std::prelude::rust_2021::*;

    /// Every resolution's offsets are checked against the IRI parser's (in debug builds, by
    /// `from_built`); here, the results of RFC 3986's examples with non-ASCII segments.
    #[test]
    fn resolution_follows_rfc_3986_with_any_characters() {
        let base = Iri::parse("http://á/b/c/d;p?q").unwrap();
        for (reference, expected) in [
            ("g", "http://á/b/c/g"),
            ("./gé", "http://á/b/c/gé"),
            ("/ü/./g", "http://á/ü/g"),
            ("//ú", "http://ú"),
            ("?ÿ", "http://á/b/c/d;p?ÿ"),
            ("#ß", "http://á/b/c/d;p?q#ß"),
            ("../../../ø", "http://á/ø"),
            ("", "http://á/b/c/d;p?q"),
        ] {
            let resolved = base.resolve(&IriRef::parse(reference).unwrap());
            assert_eq!(resolved, expected, "{reference}");
            assert_eq!(resolved.as_iri_ref(), IriRef::parse(expected).unwrap());
        }
    }

    #[test]
    fn normalization_results_carry_the_parsers_offsets() {
        for (text, expected) in [
            ("HTTP://ÉXAMPLE.com/a/../b", "http://ÉXAMPLE.com/b"),
            ("s://%C3%89XAMPLE.com/a/../b", "s://%C3%89XAMPLE.com/b"),
            ("s://%7EXAMPLE.com", "s://~xample.com"),
            ("s://%41é@H/%7e", "s://Aé@h/~"),
            ("s://%41é@Hé/%7e", "s://Aé@Hé/~"),
            ("http://ü:80", "http://ü/"),
            ("//[::1]/./é", "//[::1]/é"),
        ] {
            let r = IriRef::parse(text).unwrap();
            let normalized = r.normalize();
            assert_eq!(normalized, expected, "{text}");
            let parsed = IriRef::parse(expected).unwrap();
            assert_eq!(normalized.authority(), parsed.authority(), "{text}");
            assert_eq!(normalized.path(), parsed.path(), "{text}");
            assert_eq!(r.normalize_with(Normalization::NONE), text);
        }
    }
}
