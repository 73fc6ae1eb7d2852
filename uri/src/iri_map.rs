//! Mapping between IRIs and URIs: [`IriRef::to_uri`] (RFC 3987 section 3.1) and
//! [`UriRef::to_iri`] (section 3.2).
//!
//! An IRI becomes a URI by percent-encoding the UTF-8 bytes of its non-ASCII characters, the
//! only characters an IRI holds that a URI cannot; a `%` already there starts an escape of the
//! IRI, kept as it is. The other way, an escape run is decoded when its octets are one UTF-8
//! character that an IRI may hold at that place, as the IRI grammar says (`ucschar`, and in the
//! query `iprivate`), or an ASCII unreserved character; every other escape stays: reserved
//! characters, `%` itself, octets that are no UTF-8, and the characters section 4.1 forbids in
//! IRIs though the grammar allows them, the bidirectional formatting characters.

use alloc::string::String;

use crate::generated::iri_parser::Parser as IriParser;
use crate::generated::parser::Captures;
use crate::{Iri, IriBuf, IriRef, IriRefBuf, Rule, Uri, UriBuf, UriRef, UriRefBuf};

/// The bidirectional formatting characters LRM, RLM, LRE, RLE, PDF, LRO and RLO: RFC 3987
/// section 4.1 says an IRI must not hold them, so a URI's escapes of them stay escaped.
const BIDI_FORMATTING: [char; 7] =
    ['\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}'];

/// Upper-case hexadecimal digits, for escapes.
const HEX: &[u8; 16] = b"0123456789ABCDEF";

impl IriRef<'_> {
    /// The URI reference this IRI reference maps to (RFC 3987 section 3.1): each non-ASCII
    /// character's UTF-8 bytes percent-encoded, everything else (escapes included) as it is.
    ///
    /// ```
    /// let iri = uri::IriRef::parse("http://résumé.example/dé%20jà?ü#✓").unwrap();
    /// let uri = iri.to_uri();
    /// assert_eq!(uri, "http://r%C3%A9sum%C3%A9.example/d%C3%A9%20j%C3%A0?%C3%BC#%E2%9C%93");
    /// assert_eq!(uri.authority().unwrap().host(), "r%C3%A9sum%C3%A9.example");
    /// ```
    ///
    /// A registered name is mapped the same way, as section 3.1 allows; a name for the DNS is
    /// better written with IDNA's `xn--` labels, which this crate does not compute.
    ///
    /// # Panics
    ///
    /// When the result is 4 GiB or longer, as [`crate::UriRef::normalize`].
    #[must_use]
    pub fn to_uri(&self) -> UriRefBuf {
        let text = self.as_str();
        let mut out = String::with_capacity(text.len() + 2 * non_ascii_bytes(text));
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                let mut bytes = [0; 4];
                for &b in c.encode_utf8(&mut bytes).as_bytes() {
                    out.extend([
                        '%',
                        char::from(HEX[usize::from(b >> 4)]),
                        char::from(HEX[usize::from(b & 15)]),
                    ]);
                }
            }
        }
        let captures = (out.len() < u32::MAX as usize).then(|| grown(self.core().captures(), text));
        match captures {
            Some(captures) => UriRefBuf::from_built(out, captures),
            None => UriRefBuf::from_valid(out),
        }
    }
}

impl Iri<'_> {
    /// The URI this IRI maps to; see [`IriRef::to_uri`].
    ///
    /// ```
    /// let iri = uri::Iri::parse("urn:ex:ĉu").unwrap();
    /// assert_eq!(iri.to_uri().scheme(), "urn");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`IriRef::to_uri`].
    #[must_use]
    pub fn to_uri(&self) -> UriBuf {
        self.as_iri_ref().to_uri().into_uri().unwrap_or_else(|r| unreachable!("{r} keeps its scheme"))
    }
}

impl UriRef<'_> {
    /// The IRI reference this URI reference converts to (RFC 3987 section 3.2): each run of
    /// escapes that encodes, in UTF-8, a character an IRI may hold at that place is decoded
    /// (a `ucschar`, a private-use character in the query, or an ASCII unreserved character, as
    /// step 2 of section 3.2 decodes those too). Every other escape stays: reserved characters,
    /// `%`, octets that form no UTF-8, characters outside `ucschar`, private-use characters
    /// outside the query, and the bidirectional formatting characters of section 4.1.
    ///
    /// ```
    /// let uri = uri::UriRef::parse("http://www.example.org/r%E9sum%C3%A9%2Fx%7E?%EE%80%80#%EE%80%80").unwrap();
    /// // %E9 alone is no UTF-8; %2F is a reserved `/`; U+E000 is private use, an IRI holds it
    /// // only in the query.
    /// assert_eq!(uri.to_iri(), "http://www.example.org/r%E9sumé%2Fx~?\u{E000}#%EE%80%80");
    /// // A right-to-left override stays encoded.
    /// assert_eq!(uri::UriRef::parse("a%E2%80%AEb").unwrap().to_iri(), "a%E2%80%AEb");
    /// ```
    ///
    /// [`IriRef::to_uri`] maps the result back to a URI equivalent to this one
    /// ([`UriRef::normalized_eq`]): the same text but for the case of hexadecimal digits and
    /// the decoded unreserved characters.
    #[must_use]
    pub fn to_iri(&self) -> IriRefBuf {
        let text = self.as_str();
        let bytes = text.as_bytes();
        let query = self.captures().query(text.len());
        let mut out = String::with_capacity(text.len());
        let mut copied = 0;
        let mut at = 0;
        while let Some(offset) = bytes[at..].iter().position(|&b| b == b'%') {
            let start = at + offset;
            let in_query = query.is_some_and(|(q_start, q_end)| q_start <= start && start < q_end);
            match decoded_char(&bytes[start..]) {
                Some((c, len)) if may_decode(c, in_query) => {
                    out.push_str(&text[copied..start]);
                    out.push(c);
                    copied = start + len;
                    at = copied;
                }
                // Kept: the escape, whose octet no longer starts a character to decode.
                _ => at = start + 3,
            }
        }
        out.push_str(&text[copied..]);
        IriRefBuf::from_built(out, None)
    }
}

impl Uri<'_> {
    /// The IRI this URI converts to; see [`UriRef::to_iri`].
    ///
    /// ```
    /// let uri = uri::Uri::parse("http://xn--ls8h.example/%F0%9F%92%A9").unwrap();
    /// assert_eq!(uri.to_iri(), "http://xn--ls8h.example/💩");
    /// ```
    #[must_use]
    pub fn to_iri(&self) -> IriBuf {
        self.as_uri_ref().to_iri().into_iri().unwrap_or_else(|r| unreachable!("{r} keeps its scheme"))
    }
}

impl IriRefBuf {
    /// The URI reference this IRI reference maps to; see [`IriRef::to_uri`].
    ///
    /// # Panics
    ///
    /// As [`IriRef::to_uri`].
    #[must_use]
    pub fn to_uri(&self) -> UriRefBuf {
        self.as_iri_ref().to_uri()
    }
}

impl IriBuf {
    /// The URI this IRI maps to; see [`IriRef::to_uri`].
    ///
    /// ```
    /// let iri = uri::IriBuf::parse("http://例え.jp/").unwrap();
    /// assert_eq!(iri.to_uri(), "http://%E4%BE%8B%E3%81%88.jp/");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`IriRef::to_uri`].
    #[must_use]
    pub fn to_uri(&self) -> UriBuf {
        self.as_iri().to_uri()
    }
}

impl UriRefBuf {
    /// The IRI reference this URI reference converts to; see [`UriRef::to_iri`].
    #[must_use]
    pub fn to_iri(&self) -> IriRefBuf {
        self.as_uri_ref().to_iri()
    }
}

impl UriBuf {
    /// The IRI this URI converts to; see [`UriRef::to_iri`].
    #[must_use]
    pub fn to_iri(&self) -> IriBuf {
        self.as_uri().to_iri()
    }
}

/// How many bytes of `text` are non-ASCII.
fn non_ascii_bytes(text: &str) -> usize {
    text.bytes().filter(|b| !b.is_ascii()).count()
}

/// The offsets of `text`'s captures once each non-ASCII byte before them became a
/// three-byte escape.
fn grown(captures: Captures, text: &str) -> Captures {
    let mut slots = captures.slots(text.len());
    if text.is_ascii() {
        return captures;
    }
    for slot in &mut slots {
        if *slot != u32::MAX {
            let before = non_ascii_bytes(&text[..*slot as usize]);
            *slot += 2 * before as u32;
        }
    }
    Captures::from_slots_unchecked(slots)
}

/// The character that the escapes `text` starts with encode, and how many bytes they take:
/// one escape of an ASCII byte, or two to four of one UTF-8 sequence. `None` when the first
/// escape's octet starts no such character.
fn decoded_char(text: &[u8]) -> Option<(char, usize)> {
    let octet = |i: usize| -> Option<u8> {
        let escape = text.get(3 * i..3 * i + 3)?;
        if escape[0] != b'%' {
            return None;
        }
        let digit = |d: u8| char::from(d).to_digit(16);
        Some((digit(escape[1])? * 16 + digit(escape[2])?) as u8)
    };
    let lead = octet(0)?;
    let len = match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut utf8 = [lead, 0, 0, 0];
    for (i, byte) in utf8.iter_mut().enumerate().take(len).skip(1) {
        *byte = octet(i)?;
    }
    let c = core::str::from_utf8(&utf8[..len]).ok()?.chars().next()?;
    Some((c, 3 * len))
}

/// Whether `c`, decoded from escapes, may stand for them in an IRI: an ASCII unreserved
/// character, or a non-ASCII one that [`iri_allows`].
fn may_decode(c: char, in_query: bool) -> bool {
    if c.is_ascii() {
        let mut buffer = [0; 1];
        return Rule::Unreserved.matches(c.encode_utf8(&mut buffer).as_bytes());
    }
    iri_allows(c, in_query)
}

/// Whether the non-ASCII character `c` may stand as it is in an IRI component where an
/// unreserved character may (in the query with `in_query`): the IRI grammar allows it there (a
/// path segment of that one character is a valid IRI reference exactly when it is a `ucschar`;
/// after a `?`, when it is a `ucschar` or `iprivate`), and section 4.1 does not forbid it.
pub(crate) fn iri_allows(c: char, in_query: bool) -> bool {
    !BIDI_FORMATTING.contains(&c) && iri_grammar_allows(c, in_query)
}

/// Whether the IRI grammar allows the non-ASCII character `c` where an unreserved character
/// may stand (in the query with `in_query`); see [`iri_allows`].
pub(crate) fn iri_grammar_allows(c: char, in_query: bool) -> bool {
    let mut buffer = [0; 5];
    buffer[0] = b'?';
    let len = c.encode_utf8(&mut buffer[1..]).len();
    let probe = if in_query { &buffer[..=len] } else { &buffer[1..=len] };
    IriParser::IriRef.parse(probe).is_ok()
}

#[cfg(test)]
mod tests {
    use crate::{IriRef, UriRef};

    #[test]
    fn rfc_3987_examples_map_both_ways() {
        // Section 3.1's example, and section 3.2.1's.
        let iri = IriRef::parse("http://www.example.org/D\u{FC}rst").unwrap();
        assert_eq!(iri.to_uri(), "http://www.example.org/D%C3%BCrst");
        let uri = UriRef::parse("http://www.example.org/D%C3%BCrst").unwrap();
        assert_eq!(uri.to_iri(), "http://www.example.org/D\u{FC}rst");
        let uri = UriRef::parse("http://www.example.org/r%E9sum%E9.html").unwrap();
        assert_eq!(uri.to_iri(), "http://www.example.org/r%E9sum%E9.html");
        let uri = UriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae").unwrap();
        assert_eq!(uri.to_iri(), "http://xn--99zt52a.example.org/%e2%80%ae");
    }

    #[test]
    fn escapes_that_form_no_allowed_character_stay() {
        for (text, expected) in [
            // Cut short, then an ASCII escape decoded on its own.
            ("%C3", "%C3"),
            ("%C3%41", "%C3A"),
            // Overlong, a surrogate, past U+10FFFF, a noncharacter, a C1 control.
            ("%C0%80", "%C0%80"),
            ("%ED%A0%80", "%ED%A0%80"),
            ("%F4%90%80%80", "%F4%90%80%80"),
            ("%EF%BF%BE", "%EF%BF%BE"),
            ("%C2%85", "%C2%85"),
            // `%`, reserved characters and what no URI holds literally.
            ("%25%2F%3F%23%20%22", "%25%2F%3F%23%20%22"),
            // Private use: in the query only.
            ("%F3%B0%80%80?%F3%B0%80%80", "%F3%B0%80%80?\u{F0000}"),
        ] {
            let uri = UriRef::parse(text).unwrap();
            assert_eq!(uri.to_iri(), expected, "{text}");
        }
    }
}
