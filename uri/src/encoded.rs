//! Percent-decoded views of components: [`Encoded`], a piece of a URI as written, that decodes
//! strictly or lossily and borrows when there is nothing to decode.

use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::percent::triplet_at;
use crate::{decode, decode_utf8, Authority, DecodeError, Uri, UriBuf, UriRef, UriRefBuf};

/// A component, path segment or query key or value as written in the URI: percent-encoded text.
///
/// [`Encoded::decoded`] is strict: a malformed `%` escape or decoded bytes that are not UTF-8
/// are a [`DecodeError`] (whose index is into [`Encoded::as_str`]). [`Encoded::decoded_lossy`]
/// never fails: invalid UTF-8 becomes U+FFFD and a `%` that starts no escape stays as it is
/// (a parsed URI has none). Both return [`Cow::Borrowed`] when the text has no `%`.
///
/// ```
/// use std::borrow::Cow;
/// use uri::UriRef;
///
/// let r = UriRef::parse("http://h/caf%C3%A9/menu?q=%FF#top").unwrap();
/// assert_eq!(r.encoded_path().decoded().unwrap(), "/café/menu");
/// assert!(matches!(r.encoded_fragment().unwrap().decoded(), Ok(Cow::Borrowed("top"))));
///
/// let query = r.encoded_query().unwrap();
/// assert_eq!(query.decoded().unwrap_err().index(), 2);
/// assert_eq!(query.decoded_lossy(), "q=\u{FFFD}");
/// assert_eq!(query.decoded_bytes().unwrap().as_ref(), b"q=\xFF");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Encoded<'a> {
    text: &'a str,
    plus_as_space: bool,
}

impl<'a> Encoded<'a> {
    /// Percent-encoded `text`, to decode as RFC 3986 section 2.1 says (`+` is a plus sign).
    ///
    /// ```
    /// assert_eq!(uri::Encoded::new("a+b%20c").decoded().unwrap(), "a+b c");
    /// ```
    #[must_use]
    pub const fn new(text: &'a str) -> Encoded<'a> {
        Encoded { text, plus_as_space: false }
    }

    /// `text` from an HTML form (`application/x-www-form-urlencoded`): a `+` decodes to a space,
    /// and `%2B` to a plus sign.
    ///
    /// ```
    /// assert_eq!(uri::Encoded::form("a+b%2Bc").decoded().unwrap(), "a b+c");
    /// ```
    #[must_use]
    pub const fn form(text: &'a str) -> Encoded<'a> {
        Encoded { text, plus_as_space: true }
    }

    /// The text as written.
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether a `+` decodes to a space (see [`Encoded::form`]).
    #[must_use]
    pub const fn is_form(&self) -> bool {
        self.plus_as_space
    }

    /// Whether decoding would change the text (it holds a `%`, or a `+` in form decoding).
    #[must_use]
    pub fn has_escapes(&self) -> bool {
        self.text.bytes().any(|b| b == b'%' || (self.plus_as_space && b == b'+'))
    }

    /// The decoded text.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] at the `%` of a malformed escape, or where the decoded bytes stop
    /// being UTF-8; its index is into [`Encoded::as_str`].
    pub fn decoded(&self) -> Result<Cow<'a, str>, DecodeError> {
        match self.spaced() {
            None => decode_utf8(self.text),
            // A `+` and its space are one byte each: indexes into the copy are indexes into the text.
            Some(spaced) => decode_utf8(&spaced).map(|s| Cow::Owned(s.into_owned())),
        }
    }

    /// The decoded text, with each invalid UTF-8 sequence replaced by U+FFFD and each `%` that
    /// starts no escape kept as it is.
    ///
    /// ```
    /// assert_eq!(uri::Encoded::new("100%-%e9%41").decoded_lossy(), "100%-\u{FFFD}A");
    /// ```
    #[must_use]
    pub fn decoded_lossy(&self) -> Cow<'a, str> {
        if !self.has_escapes() {
            return Cow::Borrowed(self.text);
        }
        let bytes = self.text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            if let Some(byte) = triplet_at(bytes, i) {
                out.push(byte);
                i += 3;
            } else {
                out.push(if self.plus_as_space && bytes[i] == b'+' { b' ' } else { bytes[i] });
                i += 1;
            }
        }
        match String::from_utf8(out) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        }
    }

    /// The decoded bytes, for text that is not UTF-8 (a legacy charset, binary data).
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] at the `%` of a malformed escape.
    pub fn decoded_bytes(&self) -> Result<Cow<'a, [u8]>, DecodeError> {
        match self.spaced() {
            None => decode(self.text),
            Some(spaced) => decode(&spaced).map(|b| Cow::Owned(b.into_owned())),
        }
    }

    /// The text with `+` replaced by a space, when form decoding has any `+` to replace.
    fn spaced(&self) -> Option<String> {
        (self.plus_as_space && self.text.contains('+')).then(|| self.text.replace('+', " "))
    }
}

impl fmt::Debug for Encoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text, f)
    }
}

impl fmt::Display for Encoded<'_> {
    /// The text as written, not decoded.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl PartialEq<str> for Encoded<'_> {
    /// Compares the text as written.
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Encoded<'_> {
    /// Compares the text as written.
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl<'a> UriRef<'a> {
    /// The path, to decode (see [`Encoded`]).
    ///
    /// ```
    /// let r = uri::UriRef::parse("/a%20b/c").unwrap();
    /// assert_eq!(r.encoded_path().decoded().unwrap(), "/a b/c");
    /// ```
    #[must_use]
    pub fn encoded_path(&self) -> Encoded<'a> {
        Encoded::new(self.path())
    }

    /// The query, to decode (see [`Encoded`]; [`UriRef::query_pairs`] splits it first).
    pub fn encoded_query(&self) -> Option<Encoded<'a>> {
        self.query().map(Encoded::new)
    }

    /// The fragment, to decode (see [`Encoded`]).
    pub fn encoded_fragment(&self) -> Option<Encoded<'a>> {
        self.fragment().map(Encoded::new)
    }
}

impl<'a> Authority<'a> {
    /// The user information, to decode (see [`Encoded`]).
    ///
    /// ```
    /// let r = uri::UriRef::parse("ftp://j%C3%B8rn:p%40ss@h/").unwrap();
    /// let userinfo = r.authority().unwrap().encoded_userinfo().unwrap();
    /// assert_eq!(userinfo.decoded().unwrap(), "jørn:p@ss");
    /// ```
    pub fn encoded_userinfo(&self) -> Option<Encoded<'a>> {
        self.userinfo().map(Encoded::new)
    }

    /// The host, to decode (see [`Encoded`]): a registered name may hold escapes (an IP literal
    /// or IPv4 address has none, and decodes to itself).
    ///
    /// ```
    /// let r = uri::UriRef::parse("http://b%C3%BCcher.example/").unwrap();
    /// assert_eq!(r.authority().unwrap().encoded_host().decoded().unwrap(), "bücher.example");
    /// ```
    #[must_use]
    pub fn encoded_host(&self) -> Encoded<'a> {
        Encoded::new(self.host())
    }
}

/// The decoded views of [`UriRef`], on the other types with those components.
macro_rules! encoded_views {
    ($($ty:ty => $view:ident),*) => {$(
        impl $ty {
            /// The path, to decode; see [`UriRef::encoded_path`].
            pub fn encoded_path(&self) -> Encoded<'_> {
                self.$view().encoded_path()
            }

            /// The query, to decode; see [`UriRef::encoded_query`].
            pub fn encoded_query(&self) -> Option<Encoded<'_>> {
                self.$view().encoded_query()
            }

            /// The fragment, to decode; see [`UriRef::encoded_fragment`].
            pub fn encoded_fragment(&self) -> Option<Encoded<'_>> {
                self.$view().encoded_fragment()
            }
        }
    )*};
}

encoded_views!(Uri<'_> => as_uri_ref, UriBuf => as_uri_ref, UriRefBuf => as_uri_ref);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_to_decode_borrows() {
        for text in ["", "abc", "a+b", "/x/y"] {
            assert!(matches!(Encoded::new(text).decoded(), Ok(Cow::Borrowed(t)) if t == text));
            assert!(matches!(Encoded::new(text).decoded_lossy(), Cow::Borrowed(t) if t == text));
            assert!(matches!(Encoded::new(text).decoded_bytes(), Ok(Cow::Borrowed(_))));
        }
        assert!(matches!(Encoded::form("ab").decoded(), Ok(Cow::Borrowed("ab"))));
        assert!(matches!(Encoded::form("a+b").decoded_lossy(), Cow::Owned(s) if s == "a b"));
    }

    #[test]
    fn errors_point_into_the_text_as_written() {
        assert_eq!(Encoded::form("a+b%4").decoded().unwrap_err().index(), 3);
        assert_eq!(Encoded::form("+%C3+").decoded().unwrap_err().index(), 1);
        assert!(Encoded::form("+%C3+").decoded().unwrap_err().is_invalid_utf8());
        assert_eq!(Encoded::new("%zz").decoded_bytes().unwrap_err().index(), 0);
        assert_eq!(Encoded::form("%2B+%2b").decoded_bytes().unwrap().as_ref(), b"+ +");
    }

    #[test]
    fn lossy_decoding_keeps_bad_escapes_and_replaces_bad_utf8() {
        assert_eq!(Encoded::new("%").decoded_lossy(), "%");
        assert_eq!(Encoded::new("%4").decoded_lossy(), "%4");
        assert_eq!(Encoded::new("%G1%41").decoded_lossy(), "%G1A");
        assert_eq!(Encoded::new("%C3%A9%C3").decoded_lossy(), "é\u{FFFD}");
        assert_eq!(Encoded::form("%C3+").decoded_lossy(), "\u{FFFD} ");
    }

    #[test]
    fn every_type_with_a_path_has_the_views() {
        let text = "s://%75@h%41/p%2F?q%3F#f%23";
        let r = UriRef::parse(text).unwrap();
        let a = r.authority().unwrap();
        assert_eq!(a.encoded_userinfo().unwrap().decoded().unwrap(), "u");
        assert_eq!(a.encoded_host().decoded().unwrap(), "hA");
        let owned = UriBuf::parse(text).unwrap();
        let views = [
            (r.encoded_path(), r.encoded_query(), r.encoded_fragment()),
            (owned.encoded_path(), owned.encoded_query(), owned.encoded_fragment()),
        ];
        for (path, query, fragment) in views {
            assert_eq!(path.decoded().unwrap(), "/p/");
            assert_eq!(query.unwrap().decoded().unwrap(), "q?");
            assert_eq!(fragment.unwrap().decoded().unwrap(), "f#");
        }
        let relative = UriRefBuf::parse("a%2fb").unwrap();
        assert_eq!(relative.encoded_path().decoded_lossy(), "a/b");
        assert_eq!(relative.encoded_query(), None);
        assert_eq!(Uri::parse("s:x").unwrap().encoded_fragment(), None);
    }
}
