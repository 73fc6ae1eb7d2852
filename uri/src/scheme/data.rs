//! `data:` URLs (RFC 2397): [`Data`], its media type with the RFC's default, the `;base64`
//! flag, and the data raw or decoded.

use alloc::{borrow::Cow, string::String, vec::Vec};
use core::fmt;

use super::decode::base64;
use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::data::{Parsed, Parser};
use super::params::DataParameters;
use crate::percent::decode;
use crate::{DecodeError, Encoded, Uri, UriRef};

/// The media type of a `data:` URL without one (RFC 2397 section 3).
const DEFAULT_MEDIA_TYPE: &str = "text/plain;charset=US-ASCII";

/// The type and subtype a media type without them stands for (RFC 2397 section 3: "As a
/// shorthand, "text/plain" can be omitted but the charset parameter supplied").
const DEFAULT_TYPE: &str = "text/plain";

/// [`DEFAULT_TYPE`]'s type and subtype.
const DEFAULT_MIME_TYPE: (&str, &str) = ("text", "plain");

/// A `data:` URL (RFC 2397 `dataurl`), borrowing its text, read by a parser generated from an
/// ABNF transcription of section 3's grammar (`abnf/rfc2397-data.abnf`): a media type of RFC
/// 2045 tokens (with its parameters one by one: [`Data::parameters`]), `;base64` or not, then
/// the data.
///
/// ```
/// use uri::scheme::Data;
///
/// let gif = Data::parse("data:image/gif;base64,R0lGODdh").unwrap();
/// assert_eq!((gif.media_type(), gif.is_base64(), gif.data()), ("image/gif".into(), true, "R0lGODdh"));
/// assert_eq!(gif.decode().unwrap(), b"GIF87a");
///
/// let note = Data::parse("data:,A%20brief%20note").unwrap();
/// assert_eq!(note.media_type(), "text/plain;charset=US-ASCII");
/// assert_eq!(note.decode().unwrap(), b"A brief note");
/// ```
///
/// # Comparing media types
///
/// RFC 2397 defines no comparison of `data:` URLs, and this type offers none. The media type is
/// RFC 2045's, whose tokens a URL may percent-encode: [`Data::media_type`] and
/// [`Data::mime_type`] give it as written, [`Data::decoded_mime_type`] and the parameters'
/// [`DataParameter::decoded_name`](super::DataParameter::decoded_name) and
/// [`DataParameter::decoded_value`](super::DataParameter::decoded_value) decoded. RFC 2045
/// section 5.1 matches the type, the subtype and parameter names without case, and parameter
/// values with case "unless otherwise specified for the specific parameter" (RFC 2046 section
/// 4.1.2 makes `charset` values case-insensitive); parameter order carries no meaning there.
///
/// ```
/// use uri::scheme::Data;
///
/// let (a, b) = (Data::parse("data:Text/Plain;charset=utf-8,x").unwrap(), Data::parse("data:text/%50lain;CharSet=utf-8,x").unwrap());
/// assert_ne!(a.mime_type(), b.mime_type());
/// let (ta, sa) = a.decoded_mime_type().unwrap();
/// let (tb, sb) = b.decoded_mime_type().unwrap();
/// assert!(ta.eq_ignore_ascii_case(&tb) && sa.eq_ignore_ascii_case(&sb));
/// let charset = |d: &Data<'static>| d.parameters().find(|p| p.name().eq_ignore_ascii_case("charset")).map(|p| p.value());
/// assert_eq!(charset(&a), charset(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Data<'a> {
    parsed: Parsed<'a>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names = &Names::of(Parser::Data.scheme(), "RFC 2397", Parser::Data.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = Parser::Data.parse(input).map_err(Miss::from)?;
        let parts = [
            ("media type", c.mediatype(input.len())),
            ("type", c.main_type(input.len())),
            ("subtype", c.subtype(input.len())),
            ("data", c.data(input.len())),
        ];
        Ok(parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect())
    }
}

/// Why the data of a `data:` URL did not decode: its base64 text is malformed.
///
/// ```
/// let err = uri::scheme::Data::parse("data:;base64,SGk!").unwrap().decode().unwrap_err();
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(), "invalid base64 data: unexpected '!' at byte 3 of the decoded data text");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataDecodeError {
    index: usize,
    found: Option<u8>,
}

impl DataDecodeError {
    /// The index, in the data once percent-decoded, of the first byte that breaks the base64
    /// form, or its length when the last group is cut short.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for DataDecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid base64 data: unexpected {} at byte {} of the decoded data text",
            crate::error::Found(self.found),
            self.index
        )
    }
}

impl core::error::Error for DataDecodeError {}

impl<'a> Data<'a> {
    /// Parses `text` as a `data:` URL.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] where `text` stops matching `dataurl`.
    ///
    /// ```
    /// // RFC 2397 section 4's `%be%fg%be`: `%fg` is no escape.
    /// let err = uri::scheme::Data::parse("data:text/plain;charset=iso-8859-7,%be%fg%be").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (40, Some("data")));
    /// ```
    pub fn parse(text: &'a str) -> Result<Data<'a>, SchemeError> {
        match Parser::Data.parse_str(text) {
            Ok(parsed) => Ok(Data { parsed }),
            Err(f) => Err(SchemeError::new::<Grammar>(text.as_bytes(), f)),
        }
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// The media type as written (type, subtype and parameters; empty when omitted).
    #[must_use]
    pub fn media_type_raw(&self) -> &'a str {
        self.parsed.mediatype().unwrap_or_default()
    }

    /// The media type, with RFC 2397 section 3's defaults: `text/plain;charset=US-ASCII` when it
    /// is omitted, and `text/plain` in front of parameters given without a type. Its escapes
    /// are kept as written: its parts come decoded from [`Data::decoded_mime_type`] and
    /// [`Data::parameters`].
    ///
    /// ```
    /// use uri::scheme::Data;
    ///
    /// let media = |t| Data::parse(t).unwrap().media_type().into_owned();
    /// assert_eq!(media("data:;charset=utf-8,x"), "text/plain;charset=utf-8");
    /// assert_eq!(media("data:text/html,x"), "text/html");
    /// ```
    #[must_use]
    pub fn media_type(&self) -> Cow<'a, str> {
        let raw = self.media_type_raw();
        if raw.is_empty() {
            Cow::Borrowed(DEFAULT_MEDIA_TYPE)
        } else if self.parsed.main_type().is_none() {
            let mut out = String::with_capacity(DEFAULT_TYPE.len() + raw.len());
            out.push_str(DEFAULT_TYPE);
            out.push_str(raw);
            Cow::Owned(out)
        } else {
            Cow::Borrowed(raw)
        }
    }

    /// The type and subtype as written (`image`, `gif`; percent-encoded where the URL encodes
    /// them), if the media type names them.
    #[must_use]
    pub fn mime_type(&self) -> Option<(&'a str, &'a str)> {
        Some((self.parsed.main_type()?, self.parsed.subtype()?))
    }

    /// The type and subtype percent-decoded, with RFC 2397 section 3's default (`text`,
    /// `plain`) where the media type names none. Their case is kept: RFC 2045 section 5.1
    /// matches both without case (see [Comparing media types](Data#comparing-media-types)).
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes of the type or the subtype are not UTF-8; its
    /// index is into that part as [`Data::mime_type`] gives it.
    ///
    /// ```
    /// use uri::scheme::Data;
    ///
    /// let data = Data::parse("data:image/svg%2Bxml,x").unwrap();
    /// assert_eq!(data.mime_type(), Some(("image", "svg%2Bxml")));
    /// assert_eq!(data.decoded_mime_type().unwrap(), ("image".into(), "svg+xml".into()));
    /// assert_eq!(Data::parse("data:;charset=utf-8,x").unwrap().decoded_mime_type().unwrap(), ("text".into(), "plain".into()));
    /// assert_eq!(Data::parse("data:x/%FF,x").unwrap().decoded_mime_type().unwrap_err().index(), 0);
    /// ```
    pub fn decoded_mime_type(&self) -> Result<(Cow<'a, str>, Cow<'a, str>), DecodeError> {
        let Some((main, sub)) = self.mime_type() else {
            let (main, sub) = DEFAULT_MIME_TYPE;
            return Ok((Cow::Borrowed(main), Cow::Borrowed(sub)));
        };
        Ok((Encoded::new(main).decoded()?, Encoded::new(sub).decoded()?))
    }

    /// Each `attribute=value` parameter of the media type, in order, as written and decoded: a
    /// lazy iterator that allocates nothing. None for a media type without parameters, and none
    /// for an omitted media type (whose default `charset=US-ASCII` is [`Data::media_type`]'s,
    /// not written in the URL).
    ///
    /// ```
    /// use uri::scheme::Data;
    ///
    /// let data = Data::parse("data:text/plain;charset=iso-8859-7;format=flowed,x").unwrap();
    /// let params: Vec<_> = data.parameters().map(|p| (p.name(), p.value())).collect();
    /// assert_eq!(params, [("charset", "iso-8859-7"), ("format", "flowed")]);
    /// assert_eq!(Data::parse("data:,x").unwrap().parameters().count(), 0);
    /// ```
    #[must_use]
    pub fn parameters(&self) -> DataParameters<'a> {
        let (text, c) = (self.parsed.input, &self.parsed.captures);
        let bytes = text.as_bytes();
        DataParameters::new(text, c.parameters(bytes), c.attributes(bytes), c.values(bytes))
    }

    /// Whether the data is base64 (`;base64` before the comma).
    #[must_use]
    pub fn is_base64(&self) -> bool {
        self.parsed.base64().is_some()
    }

    /// The data as written, after the comma.
    #[must_use]
    pub fn data(&self) -> &'a str {
        self.parsed.data().unwrap_or_default()
    }

    /// The data's bytes: percent-decoded, then base64-decoded when [`Data::is_base64`].
    ///
    /// # Errors
    ///
    /// A [`DataDecodeError`] for base64 data that is malformed (RFC 4648 section 4, padding
    /// optional).
    pub fn decode(&self) -> Result<Vec<u8>, DataDecodeError> {
        // The grammar's `escaped` makes every `%` start a well-formed triplet.
        let text = decode(self.data()).unwrap_or_default();
        if !self.is_base64() {
            return Ok(text.into_owned());
        }
        base64(&text).map_err(|index| DataDecodeError { index, found: text.get(index).copied() })
    }
}

impl fmt::Display for Data<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every `data:` URL is a URI (its media type and data form a rootless path, or an empty path
/// then a query where the data holds `?`).
impl<'a> TryFrom<&Uri<'a>> for Data<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Data<'a>, SchemeError> {
        Data::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Data<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Data<'a>, SchemeError> {
        Data::parse(uri.as_str())
    }
}
