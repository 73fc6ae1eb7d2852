//! Percent-encoding (RFC 3986 section 2.1) per component, with encode sets taken from the grammar.
//!
//! Each [`EncodeSet`] is the set of bytes that one rule of the grammar accepts literally: the
//! bytes that alone match the rule, as the generator emits them in [`Rule::single_bytes`]. Every
//! other byte is written as a `%XX` triplet, so the encoded text always matches the rule. Nothing
//! here lists URI characters by hand.

use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::Rule;

/// The bytes a component may hold without percent-encoding, expanded for one lookup per byte.
///
/// The sets come from the generated tables at compile time: [`EncodeSet::from_rule`] is a
/// `const fn` over [`Rule::single_bytes`].
///
/// ```
/// use uri::{EncodeSet, Rule};
///
/// assert!(EncodeSet::QUERY.keeps(b'?') && EncodeSet::QUERY.keeps(b'/'));
/// assert!(!EncodeSet::PATH_SEGMENT.keeps(b'/') && !EncodeSet::PATH_SEGMENT.keeps(b'%'));
/// assert_eq!(EncodeSet::QUERY.rule(), Rule::Query);
/// assert_eq!(EncodeSet::QUERY.encode("a b&c=d/e?#"), "a%20b&c=d/e?%23");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    keep: [bool; 256],
    rule: Rule,
}

impl EncodeSet {
    /// One `segment` of a path (`Rule::Segment`): `pchar` without `%`, so `/` is encoded.
    pub const PATH_SEGMENT: EncodeSet = EncodeSet::from_rule(Rule::Segment);
    /// The first segment of a relative-path reference (`Rule::SegmentNzNc`): like
    /// [`EncodeSet::PATH_SEGMENT`], but `:` is encoded too, so that the segment is not read as a
    /// scheme (RFC 3986 section 4.2).
    pub const PATH_SEGMENT_NO_COLON: EncodeSet = EncodeSet::from_rule(Rule::SegmentNzNc);
    /// A whole path (`Rule::Path`): the segment bytes and `/`.
    pub const PATH: EncodeSet = EncodeSet::from_rule(Rule::Path);
    /// A query (`Rule::Query`): `pchar`, `/` and `?`.
    pub const QUERY: EncodeSet = EncodeSet::from_rule(Rule::Query);
    /// A fragment (`Rule::Fragment`): `pchar`, `/` and `?`.
    pub const FRAGMENT: EncodeSet = EncodeSet::from_rule(Rule::Fragment);
    /// User information (`Rule::Userinfo`): unreserved, sub-delims and `:`.
    pub const USERINFO: EncodeSet = EncodeSet::from_rule(Rule::Userinfo);
    /// A registered name (`Rule::RegName`): unreserved and sub-delims.
    pub const REG_NAME: EncodeSet = EncodeSet::from_rule(Rule::RegName);
    /// The unreserved characters (`Rule::Unreserved`): the only bytes whose percent-encoding is
    /// equivalent to the byte itself (RFC 3986 sections 2.3 and 6.2.2.2).
    pub const UNRESERVED: EncodeSet = EncodeSet::from_rule(Rule::Unreserved);

    /// The set of bytes that alone match `rule`, from the generated tables.
    #[must_use]
    pub const fn from_rule(rule: Rule) -> EncodeSet {
        let bits = rule.single_bytes();
        let mut keep = [false; 256];
        let mut b = 0;
        while b < 256 {
            // Only ASCII is kept: any other byte is never literal in a URI.
            keep[b] = b < 128 && bits[b / 64] & (1 << (b % 64)) != 0;
            b += 1;
        }
        EncodeSet { keep, rule }
    }

    /// The rule this set was taken from.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether `byte` is left as it is by [`EncodeSet::encode`].
    #[inline]
    #[must_use]
    pub const fn keeps(&self, byte: u8) -> bool {
        self.keep[byte as usize]
    }

    /// Percent-encodes every byte of `text` that the set does not keep; borrows when nothing
    /// needs encoding. A `%` is always encoded, so decoding gives `text` back.
    #[must_use]
    pub fn encode<'a>(&self, text: &'a str) -> Cow<'a, str> {
        match self.encode_bytes(text.as_bytes()) {
            Cow::Owned(s) => Cow::Owned(s),
            Cow::Borrowed(_) => Cow::Borrowed(text),
        }
    }

    /// Percent-encodes arbitrary bytes (for example, text in a legacy charset): the result is
    /// ASCII. Borrows when `bytes` is already made only of kept bytes.
    ///
    /// ```
    /// let encoded = uri::EncodeSet::PATH_SEGMENT.encode_bytes(&[b'a', 0xFF, b'/']);
    /// assert_eq!(encoded, "a%FF%2F");
    /// ```
    #[must_use]
    pub fn encode_bytes<'a>(&self, bytes: &'a [u8]) -> Cow<'a, str> {
        let Some(first) = bytes.iter().position(|&b| !self.keeps(b)) else {
            // Every kept byte is ASCII, so the bytes are a `str`.
            return match core::str::from_utf8(bytes) {
                Ok(s) => Cow::Borrowed(s),
                Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
            };
        };
        let mut out = String::with_capacity(bytes.len() + 2 * (bytes.len() - first) + 2);
        for &b in bytes {
            if self.keeps(b) {
                out.push(b as char);
            } else {
                push_triplet(&mut out, b);
            }
        }
        Cow::Owned(out)
    }
}

impl fmt::Debug for EncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kept: String = (0..=255u8).filter(|&b| self.keeps(b)).map(char::from).collect();
        f.debug_struct("EncodeSet").field("rule", &self.rule).field("keeps", &kept).finish()
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XX` for `byte`, with upper-case hex digits (RFC 3986 section 2.1).
#[inline]
pub(crate) fn push_triplet(out: &mut String, byte: u8) {
    out.push('%');
    out.push(HEX_UPPER[usize::from(byte >> 4)] as char);
    out.push(HEX_UPPER[usize::from(byte & 15)] as char);
}

/// The value of one hex digit.
#[inline]
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The byte of the `%XX` triplet at `bytes[i]`, if there is a well-formed one.
#[inline]
pub(crate) fn triplet_at(bytes: &[u8], i: usize) -> Option<u8> {
    if bytes.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*bytes.get(i + 1)?)?;
    let lo = hex_value(*bytes.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// What [`push_folded`] does to a component's text: the percent-encoding steps of RFC 3986
/// section 6.2.2.2 (decode) and 6.2.2.1 (hex case), and the case of everything else.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fold {
    /// The bytes whose triplets are decoded, if any: [`unreserved`] for RFC 3986 section
    /// 6.2.2.2, or the wider set that a scheme's RFC makes equal to its escapes.
    pub(crate) decode: Option<fn(u8) -> bool>,
    /// Write the hex digits of the triplets kept in upper case.
    pub(crate) upper_hex: bool,
    /// Write ASCII letters outside triplets (and decoded ones) in lower case.
    pub(crate) lower: bool,
}

/// Whether `byte` is one of RFC 3986's unreserved characters ([`EncodeSet::UNRESERVED`]),
/// whose triplets the syntax steps decode.
pub(crate) fn unreserved(byte: u8) -> bool {
    EncodeSet::UNRESERVED.keeps(byte)
}

impl Fold {
    /// Every letter in lower case but the hex digits of triplets, which are in upper case;
    /// nothing decoded.
    pub(crate) const CASE: Fold = Fold { decode: None, upper_hex: true, lower: true };
    /// Triplets of unreserved characters decoded, the others with upper-case hex digits;
    /// nothing else changed.
    pub(crate) const PERCENT: Fold = Fold { decode: Some(unreserved), upper_hex: true, lower: false };
}

/// Appends `text`, ASCII (as every URI is), rewritten as `fold` says.
pub(crate) fn push_folded(out: &mut String, text: &str, fold: Fold) {
    if !fold.lower && ((fold.decode.is_none() && !fold.upper_hex) || !text.contains('%')) {
        out.push_str(text);
        return;
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(byte) = triplet_at(bytes, i) {
            if fold.decode.is_some_and(|decode| decode(byte)) {
                out.push(char::from(if fold.lower { byte.to_ascii_lowercase() } else { byte }));
            } else if fold.upper_hex {
                push_triplet(out, byte);
            } else {
                out.push_str(&text[i..i + 3]);
            }
            i += 3;
            continue;
        }
        // Copy up to the next '%'.
        let end = bytes[i + 1..].iter().position(|&b| b == b'%').map_or(bytes.len(), |p| i + 1 + p);
        let run = &text[i..end];
        if fold.lower {
            out.extend(run.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            out.push_str(run);
        }
        i = end;
    }
}

/// `text` with the triplets of the bytes `decode` picks decoded and every other byte as written;
/// borrowed when nothing is decoded.
pub(crate) fn decoded_where(text: &str, decode: fn(u8) -> bool) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    push_folded(&mut out, text, Fold { decode: Some(decode), upper_hex: false, lower: false });
    if out.len() == text.len() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(out)
    }
}

/// Encodes one path segment: everything outside `segment`'s literal bytes, `/` included.
///
/// ```
/// assert_eq!(uri::encode_path_segment("a/b c:d@e"), "a%2Fb%20c:d@e");
/// assert_eq!(uri::encode_path_segment("100%"), "100%25");
/// ```
#[must_use]
pub fn encode_path_segment(text: &str) -> Cow<'_, str> {
    EncodeSet::PATH_SEGMENT.encode(text)
}

/// Encodes a whole path: like [`encode_path_segment`], but `/` separates segments and stays.
///
/// The result matches the `path` rule, but not every path fits every URI (RFC 3986 section
/// 3.3): `/` and `:` are kept, so a path that starts with `//` is read as an authority in a
/// reference without one, and a `:` in the first segment of a relative reference is read as
/// the end of a scheme. [`Builder`](crate::Builder) checks the path against the rule that fits;
/// encode a path segment by segment with [`encode_path_segment`] (and
/// [`EncodeSet::PATH_SEGMENT_NO_COLON`] for the first segment of a relative reference) to stay
/// clear of both.
///
/// ```
/// assert_eq!(uri::encode_path("/docs/read me.txt"), "/docs/read%20me.txt");
/// // Kept as they are: whether they fit is up to the rest of the reference.
/// assert_eq!(uri::encode_path("//not-a-host/a:b"), "//not-a-host/a:b");
/// assert_eq!(uri::EncodeSet::PATH_SEGMENT_NO_COLON.encode("a:b"), "a%3Ab");
/// ```
#[must_use]
pub fn encode_path(text: &str) -> Cow<'_, str> {
    EncodeSet::PATH.encode(text)
}

/// Encodes a query: `#` and bytes outside `query` are encoded; `&`, `=`, `/`, `?` stay.
///
/// ```
/// assert_eq!(uri::encode_query("q=rust uri&lang=en#top"), "q=rust%20uri&lang=en%23top");
/// ```
#[must_use]
pub fn encode_query(text: &str) -> Cow<'_, str> {
    EncodeSet::QUERY.encode(text)
}

/// Encodes a fragment.
///
/// ```
/// assert_eq!(uri::encode_fragment("section 2#b"), "section%202%23b");
/// ```
#[must_use]
pub fn encode_fragment(text: &str) -> Cow<'_, str> {
    EncodeSet::FRAGMENT.encode(text)
}

/// Encodes user information; `@` (which would end it) is encoded, `:` stays.
///
/// ```
/// assert_eq!(uri::encode_userinfo("me@home:p@ss"), "me%40home:p%40ss");
/// ```
#[must_use]
pub fn encode_userinfo(text: &str) -> Cow<'_, str> {
    EncodeSet::USERINFO.encode(text)
}

/// Encodes a registered name (a host that is not an IP literal or IPv4 address).
///
/// ```
/// assert_eq!(uri::encode_reg_name("bücher.example"), "b%C3%BCcher.example");
/// ```
#[must_use]
pub fn encode_reg_name(text: &str) -> Cow<'_, str> {
    EncodeSet::REG_NAME.encode(text)
}

/// Why percent-decoding failed, and where.
///
/// ```
/// let err = uri::decode("a%2Gb").unwrap_err();
/// assert_eq!(err.index(), 1);
/// assert_eq!(err.to_string(), "malformed percent-encoding at byte 1");
///
/// let err = uri::decode_utf8("ok%C3%28").unwrap_err();
/// assert_eq!(err.index(), 2);
/// assert!(err.is_invalid_utf8());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    index: usize,
    kind: DecodeErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum DecodeErrorKind {
    MalformedEscape,
    InvalidUtf8,
}

impl DecodeError {
    /// The byte index in the encoded input: of the `%` that does not start a well-formed `%XX`
    /// triplet, or of the start of the text (a byte or a triplet) where the decoded bytes stop
    /// being UTF-8.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Whether the input was well-formed but did not decode to UTF-8.
    #[must_use]
    pub fn is_invalid_utf8(&self) -> bool {
        self.kind == DecodeErrorKind::InvalidUtf8
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DecodeErrorKind::MalformedEscape => {
                write!(f, "malformed percent-encoding at byte {}", self.index)
            }
            DecodeErrorKind::InvalidUtf8 => {
                write!(f, "percent-decoded bytes are not UTF-8 from byte {}", self.index)
            }
        }
    }
}

impl core::error::Error for DecodeError {}

/// Decodes every `%XX` triplet of `text`; other bytes are kept as they are. Borrows when there
/// is no `%`.
///
/// # Errors
///
/// A [`DecodeError`] with the index of a `%` not followed by two hex digits.
///
/// ```
/// assert_eq!(uri::decode("a%20b%2fc").unwrap().as_ref(), b"a b/c");
/// assert_eq!(uri::decode("%FF").unwrap().as_ref(), &[0xFF]);
/// assert_eq!(uri::decode("50%").unwrap_err().index(), 2);
/// ```
pub fn decode(text: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    let bytes = text.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Ok(Cow::Borrowed(bytes));
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let byte = triplet_at(bytes, i)
                .ok_or(DecodeError { index: i, kind: DecodeErrorKind::MalformedEscape })?;
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Ok(Cow::Owned(out))
}

/// Decodes like [`decode`] and checks that the result is UTF-8.
///
/// # Errors
///
/// A [`DecodeError`] for a malformed triplet, or, when the decoded bytes are not UTF-8, one
/// whose [`DecodeError::index`] is where the first invalid sequence starts in `text`.
///
/// ```
/// assert_eq!(uri::decode_utf8("caf%C3%A9").unwrap(), "café");
/// assert_eq!(uri::decode_utf8("plain").unwrap(), "plain");
/// assert_eq!(uri::decode_utf8("a%E9").unwrap_err().index(), 1);
/// ```
pub fn decode_utf8(text: &str) -> Result<Cow<'_, str>, DecodeError> {
    match decode(text)? {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(text)),
        Cow::Owned(bytes) => String::from_utf8(bytes).map(Cow::Owned).map_err(|e| {
            let decoded_index = e.utf8_error().valid_up_to();
            DecodeError {
                index: encoded_index(text.as_bytes(), decoded_index),
                kind: DecodeErrorKind::InvalidUtf8,
            }
        }),
    }
}

/// The index in well-formed encoded `bytes` where decoded byte `decoded` comes from.
fn encoded_index(bytes: &[u8], decoded: usize) -> usize {
    let (mut i, mut n) = (0, 0);
    while n < decoded && i < bytes.len() {
        i += if bytes[i] == b'%' { 3 } else { 1 };
        n += 1;
    }
    i
}
