//! `mailto:` URIs (RFC 6068): [`Mailto`], its addresses and header fields, raw and
//! percent-decoded, one at a time ([`MailtoAddresses`], [`MailtoHeaders`], [`MailtoHeader`]).

use alloc::borrow::Cow;
use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::mailto::{Parsed, Parser};
use crate::percent::{decode_utf8, DecodeError};
use crate::runtime::Texts;
use crate::{Uri, UriRef};

/// A `mailto:` URI (RFC 6068 `mailtoURI`), borrowing its text, read by a parser generated from
/// section 2's grammar with the addresses as items 1 to 3 of section 2 say a URI writes them:
/// no comments or whitespace, and the characters that a URI cannot hold, `%`, the gen-delims
/// but `@` and `:`, and `&`, `;` and `=` percent-encoded (so a quoted local part's `"` is
/// `%22`). An escape in an address stands for a character the RFC 5322 form allows there
/// (`atext`, `qtext`, `dtext`, or an octet of UTF-8 from `%80` on), and `%2E` is a dot-atom's
/// dot: `a@b%40c.example` and `a%2E%2Eb@c.example` are refused, as their decoded text is no
/// `addr-spec`. With that narrowing the grammar is regular, and each address and header field
/// is read from the parser's captures.
///
/// ```
/// use uri::scheme::Mailto;
///
/// let m = Mailto::parse("mailto:joe@example.com,ann@example.com?cc=bob@example.com&body=hello%20there").unwrap();
/// assert_eq!(m.to().collect::<Vec<_>>(), ["joe@example.com", "ann@example.com"]);
/// let headers: Vec<_> = m.headers().map(|h| (h.name(), h.value())).collect();
/// assert_eq!(headers, [("cc", "bob@example.com"), ("body", "hello%20there")]);
/// assert_eq!(m.body().unwrap().unwrap(), "hello there");
/// assert_eq!(m.subject(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mailto<'a> {
    pub(super) parsed: Parsed<'a>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names = &Names::of(Parser::Mailto.scheme(), "RFC 6068", Parser::Mailto.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = Parser::Mailto.parse(input).map_err(Miss::from)?;
        let mut spans: Spans = c.addresses(input).map(|s| ("address", s)).collect();
        spans.extend(c.hfnames(input).map(|s| ("header field name", s)));
        spans.extend(c.hfvalues(input).map(|s| ("header field value", s)));
        Ok(spans)
    }
}

impl<'a> Mailto<'a> {
    /// Parses `text` as a `mailto:` URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] with the index, the component and the expected bytes where `text`
    /// stops matching `mailtoURI`.
    ///
    /// ```
    /// let err = uri::scheme::Mailto::parse("mailto:a b@example.com").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (8, Some("address")));
    /// let err = uri::scheme::Mailto::parse("mailto:joe@exa mple.com").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (14, Some("address")));
    /// let err = uri::scheme::Mailto::parse("mailto:joe@example.com?subject=a b").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (32, Some("header field value")));
    /// ```
    pub fn parse(text: &'a str) -> Result<Mailto<'a>, SchemeError> {
        match Parser::Mailto.parse_str(text) {
            Ok(parsed) => Ok(Mailto { parsed }),
            Err(f) => Err(SchemeError::new::<Grammar>(text.as_bytes(), f)),
        }
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// The addresses before any `?` (the `to` component) as written, from the first to the
    /// last; empty when there are none.
    #[must_use]
    pub fn to_str(&self) -> &'a str {
        self.parsed.to().unwrap_or_default()
    }

    /// Each address of the `to` component (`addr-spec`), in order, as written (percent-encoded).
    /// Addresses given in a `to=` header field are among [`Mailto::headers`], not here.
    ///
    /// ```
    /// let m = uri::scheme::Mailto::parse("mailto:%22not%40me%22@example.org").unwrap();
    /// assert_eq!(m.to().collect::<Vec<_>>(), ["%22not%40me%22@example.org"]);
    /// assert_eq!(m.to_decoded().next().unwrap().unwrap(), "\"not@me\"@example.org");
    /// ```
    #[must_use]
    pub fn to(&self) -> MailtoAddresses<'a> {
        MailtoAddresses { inner: self.parsed.addresses() }
    }

    /// Each address of [`Mailto::to`], percent-decoded as UTF-8 (section 2: "percent-encoded
    /// octets ... based on UTF-8"); an error for an address whose octets are not UTF-8.
    pub fn to_decoded(&self) -> impl Iterator<Item = Result<Cow<'a, str>, DecodeError>> + 'a {
        self.to().map(decode_utf8)
    }

    /// The header fields as written, from the `?` to the end; empty when there are none.
    #[must_use]
    pub fn hfields_str(&self) -> &'a str {
        self.parsed.hfields().unwrap_or_default()
    }

    /// Each header field (`hfname=hfvalue`), in order, as written. Names compare without case
    /// (RFC 5322); a field may appear more than once.
    #[must_use]
    pub fn headers(&self) -> MailtoHeaders<'a> {
        MailtoHeaders { names: self.parsed.hfnames(), values: self.parsed.hfvalues() }
    }

    /// The value of the first `subject` header field (any case), percent-decoded as UTF-8.
    ///
    /// ```
    /// let m = uri::scheme::Mailto::parse("mailto:user@example.org?subject=caf%C3%A9").unwrap();
    /// assert_eq!(m.subject().unwrap().unwrap(), "café");
    /// ```
    #[must_use]
    pub fn subject(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.header("subject")
    }

    /// The value of the first `body` header field (any case), percent-decoded as UTF-8: the
    /// text of the message's first part (section 2).
    #[must_use]
    pub fn body(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.header("body")
    }

    /// The decoded value of the first header field named `name` (compared without case), as
    /// written in the URI.
    fn header(&self, name: &str) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.headers().find(|h| h.name().eq_ignore_ascii_case(name)).map(|h| h.decoded_value())
    }
}

/// The addresses of a [`Mailto`]'s `to` component, one at a time: see [`Mailto::to`].
#[derive(Clone, Debug)]
pub struct MailtoAddresses<'a> {
    inner: Texts<'a>,
}

impl<'a> Iterator for MailtoAddresses<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.next()
    }
}

/// The header fields of a [`Mailto`], one at a time: see [`Mailto::headers`].
#[derive(Clone, Debug)]
pub struct MailtoHeaders<'a> {
    names: Texts<'a>,
    values: Texts<'a>,
}

impl<'a> Iterator for MailtoHeaders<'a> {
    type Item = MailtoHeader<'a>;

    fn next(&mut self) -> Option<MailtoHeader<'a>> {
        // Every `hfield` has one `hfname` and one `hfvalue` (both possibly empty), and both
        // lists keep empty occurrences, so the n-th value belongs to the n-th name.
        Some(MailtoHeader { name: self.names.next()?, value: self.values.next()? })
    }
}

/// One header field of a `mailto:` URI (`hfname=hfvalue`), as written.
///
/// ```
/// let m = uri::scheme::Mailto::parse("mailto:?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E").unwrap();
/// let h = m.headers().next().unwrap();
/// assert_eq!((h.name(), h.value()), ("In-Reply-To", "%3C3469A91.D10AF4C@example.com%3E"));
/// assert_eq!(h.decoded_value().unwrap(), "<3469A91.D10AF4C@example.com>");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MailtoHeader<'a> {
    name: &'a str,
    value: &'a str,
}

impl<'a> MailtoHeader<'a> {
    /// The field name as written (`hfname`).
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The field value as written (`hfvalue`), percent-encoded; possibly empty.
    #[must_use]
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// The field name, percent-decoded as UTF-8.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded octets are not UTF-8.
    pub fn decoded_name(&self) -> Result<Cow<'a, str>, DecodeError> {
        decode_utf8(self.name)
    }

    /// The field value, percent-decoded as UTF-8.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded octets are not UTF-8.
    pub fn decoded_value(&self) -> Result<Cow<'a, str>, DecodeError> {
        decode_utf8(self.value)
    }
}

impl fmt::Display for Mailto<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `mailto:` URI that RFC 3986 also reads: every one, since section 2 makes an address
/// percent-encode whatever a URI cannot hold.
impl<'a> TryFrom<&Uri<'a>> for Mailto<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Mailto<'a>, SchemeError> {
        Mailto::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Mailto<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Mailto<'a>, SchemeError> {
        Mailto::parse(uri.as_str())
    }
}
