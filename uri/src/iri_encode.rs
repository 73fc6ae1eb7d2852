//! Percent-encoding for IRI components: [`EncodeSet::encode_iri`], the URI component's set for
//! ASCII and the IRI grammar's characters kept as they are.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write;

use crate::iri_map::iri_allows;
use crate::{EncodeSet, Rule};

impl EncodeSet {
    /// Percent-encodes `text` for the IRI component of this set: ASCII bytes as
    /// [`EncodeSet::encode`] does (RFC 3987's rules hold RFC 3986's ASCII characters), and each
    /// non-ASCII character kept when an IRI may hold it there: a `ucschar`, or a private-use
    /// character in a query ([`EncodeSet::QUERY`]), but none of the bidirectional formatting
    /// characters (section 4.1). The others' UTF-8 bytes are encoded. Borrows when nothing
    /// needs encoding.
    ///
    /// ```
    /// use uri::EncodeSet;
    ///
    /// assert_eq!(EncodeSet::PATH_SEGMENT.encode_iri("café au lait/x"), "café%20au%20lait%2Fx");
    /// // Private use: kept in a query only; a right-to-left override never.
    /// assert_eq!(EncodeSet::QUERY.encode_iri("\u{E000}"), "\u{E000}");
    /// assert_eq!(EncodeSet::PATH.encode_iri("\u{E000}\u{202E}"), "%EE%80%80%E2%80%AE");
    /// let iri = format!("s:/{}?{}", EncodeSet::PATH.encode_iri("ü ?"), EncodeSet::QUERY.encode_iri("#\u{E000}"));
    /// assert_eq!(uri::IriRef::parse(&iri).unwrap().path(), "/ü%20%3F");
    /// ```
    #[must_use]
    pub fn encode_iri<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let in_query = self.rule() == Rule::Query;
        let kept = |c: char| if c.is_ascii() { self.keeps(c as u8) } else { iri_allows(c, in_query) };
        let Some(first) = text.char_indices().find(|&(_, c)| !kept(c)).map(|(i, _)| i) else {
            return Cow::Borrowed(text);
        };
        let mut out = String::with_capacity(text.len() + 8);
        out.push_str(&text[..first]);
        for c in text[first..].chars() {
            if kept(c) {
                out.push(c);
            } else {
                let mut buffer = [0; 4];
                for &b in c.encode_utf8(&mut buffer).as_bytes() {
                    // Infallible: writing to a `String`.
                    let _ = write!(out, "%{b:02X}");
                }
            }
        }
        Cow::Owned(out)
    }
}
