//! `urn:` URIs (RFC 8141): [`Urn`], its parts, and URN-equivalence (section 3).

use alloc::string::String;
use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::urn::{Parsed, Parser};
use crate::percent::{push_triplet, triplet_at};
use crate::{Uri, UriRef};

/// A URN (RFC 8141 `namestring`), borrowing its text: `urn:` NID `:` NSS, then optional
/// r-, q- and f-components, read by a parser generated from section 2's grammar.
///
/// Section 2.3.1 says an r-component ends at the first `?=` (which starts the q-component); the
/// grammar's `r-component` rule alone allows `?=` inside it, and the parser follows the prose.
///
/// ```
/// use uri::scheme::Urn;
///
/// let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=x#f").unwrap();
/// assert_eq!((urn.nid(), urn.nss()), ("example", "foo-bar-baz-qux"));
/// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
/// assert_eq!((urn.q_component(), urn.f_component()), (Some("x"), Some("f")));
/// assert_eq!(urn.assigned_name(), "urn:example:foo-bar-baz-qux");
/// assert!(Urn::parse("urn:example:a?b").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    pub(super) parsed: Parsed<'a>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names = &Names::of(Parser::Urn.scheme(), "RFC 8141", Parser::Urn.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = Parser::Urn.parse(input).map_err(Miss::from)?;
        let parts = [
            ("NID", c.nid(input.len())),
            ("NSS", c.nss(input.len())),
            ("r-component", c.r_component(input.len())),
            ("q-component", c.q_component(input.len())),
            ("f-component", c.f_component(input.len())),
        ];
        Ok(parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect())
    }
}

impl<'a> Urn<'a> {
    /// Parses `text` as a URN.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] with the index, the component and the expected bytes where `text`
    /// stops matching `namestring`.
    ///
    /// ```
    /// let err = uri::scheme::Urn::parse("urn:a:b").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (5, Some("NID")));
    /// ```
    pub fn parse(text: &'a str) -> Result<Urn<'a>, SchemeError> {
        match Parser::Urn.parse_str(text) {
            Ok(parsed) => Ok(Urn { parsed }),
            Err(f) => Err(SchemeError::new::<Grammar>(text.as_bytes(), f)),
        }
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// `urn:` NID `:` NSS, the part that URN-equivalence compares (section 3).
    #[must_use]
    pub fn assigned_name(&self) -> &'a str {
        self.parsed.assigned_name().unwrap_or_default()
    }

    /// The namespace identifier (section 2.1), as written.
    #[must_use]
    pub fn nid(&self) -> &'a str {
        self.parsed.nid().unwrap_or_default()
    }

    /// The namespace-specific string (section 2.2), as written.
    #[must_use]
    pub fn nss(&self) -> &'a str {
        self.parsed.nss().unwrap_or_default()
    }

    /// The r-component (section 2.3.1), after `?+`.
    #[must_use]
    pub fn r_component(&self) -> Option<&'a str> {
        self.parsed.r_component()
    }

    /// The q-component (section 2.3.2), after `?=`.
    #[must_use]
    pub fn q_component(&self) -> Option<&'a str> {
        self.parsed.q_component()
    }

    /// The f-component (section 2.3.3), after `#`.
    #[must_use]
    pub fn f_component(&self) -> Option<&'a str> {
        self.parsed.f_component()
    }

    /// Whether two URNs are URN-equivalent (RFC 8141 section 3.1): their assigned names are
    /// equal once the `urn` scheme and the NID are lower-cased and the hex digits of
    /// percent-encodings upper-cased; nothing is decoded, and the r-, q- and f-components are
    /// ignored. Section 3 decides every pair, so the answer is a `bool`.
    ///
    /// ```
    /// use uri::scheme::Urn;
    ///
    /// let urn = |t| Urn::parse(t).unwrap();
    /// assert!(urn("URN:EXAMPLE:a123%2cz456").rfc8141_eq(&urn("urn:example:a123%2Cz456?+abc")));
    /// assert!(!urn("urn:example:a123%2Cz456").rfc8141_eq(&urn("urn:example:a123,z456")));
    /// assert!(!urn("urn:example:A123,z456").rfc8141_eq(&urn("urn:example:a123,z456")));
    /// ```
    #[must_use]
    pub fn rfc8141_eq(&self, other: &Urn<'_>) -> bool {
        self.equivalence_key() == other.equivalence_key()
    }

    /// The assigned name in the form URN-equivalence compares: `urn:`, the NID in lower case,
    /// `:`, the NSS with upper-case percent-encodings. Two URNs are equivalent exactly when
    /// their keys are equal, so the key can index a map.
    ///
    /// ```
    /// let urn = uri::scheme::Urn::parse("URN:Example:a%2fb?=q").unwrap();
    /// assert_eq!(urn.equivalence_key(), "urn:example:a%2Fb");
    /// ```
    #[must_use]
    pub fn equivalence_key(&self) -> String {
        let nss = self.nss();
        let mut out = String::with_capacity(self.assigned_name().len());
        out.push_str("urn:");
        out.extend(self.nid().chars().map(|c| c.to_ascii_lowercase()));
        out.push(':');
        let bytes = nss.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if let Some(byte) = triplet_at(bytes, i) {
                push_triplet(&mut out, byte);
                i += 3;
            } else {
                // Every byte of a valid NSS is ASCII.
                out.push(char::from(bytes[i]));
                i += 1;
            }
        }
        out
    }
}

impl fmt::Display for Urn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every URN is a URI: the NSS a rootless path, the r- and q-components in the query, the
/// f-component the fragment.
impl<'a> TryFrom<&Uri<'a>> for Urn<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Urn<'a>, SchemeError> {
        Urn::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Urn<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Urn<'a>, SchemeError> {
        Urn::parse(uri.as_str())
    }
}
