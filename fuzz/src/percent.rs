//! Percent-encoding and decoding (RFC 3986 section 2.1) on arbitrary bytes: every encode set's
//! output is ASCII, matches the rule the set comes from and decodes back to the input; `decode`
//! and `decode_utf8` agree with a plain reference decoder, errors included.

use std::borrow::Cow;

use uri::{decode, decode_utf8, EncodeSet, Rule};

/// Every encode set the crate exports, with a rule that any encoding by it matches.
const SETS: [(EncodeSet, Rule); 8] = [
    (EncodeSet::PATH_SEGMENT, Rule::Segment),
    (EncodeSet::PATH_SEGMENT_NO_COLON, Rule::SegmentNzNc),
    (EncodeSet::PATH, Rule::Path),
    (EncodeSet::QUERY, Rule::Query),
    (EncodeSet::FRAGMENT, Rule::Fragment),
    (EncodeSet::USERINFO, Rule::Userinfo),
    (EncodeSet::REG_NAME, Rule::RegName),
    // `unreserved` is one character; a run of them and triplets is a `segment`.
    (EncodeSet::UNRESERVED, Rule::Segment),
];

/// Checks one input.
pub fn check(data: &[u8]) {
    let text = std::str::from_utf8(data).ok();
    for (set, rule) in SETS {
        let encoded = set.encode_bytes(data);
        assert!(encoded.is_ascii());
        let all_kept = data.iter().all(|&b| set.keeps(b));
        assert_eq!(matches!(encoded, Cow::Borrowed(_)), all_kept, "{set:?} on {data:?}");
        // `segment-nz-nc` needs one character; every other rule takes the empty string.
        if !data.is_empty() {
            assert!(rule.matches(encoded.as_bytes()), "{set:?} gives {encoded:?}, not a {rule:?}");
        }
        assert_eq!(decode(&encoded).expect("encoded text decodes").as_ref(), data, "{set:?}: {encoded:?}");
        assert_eq!(encoded.len(), data.len() + 2 * data.iter().filter(|&&b| !set.keeps(b)).count());
        if let Some(text) = text {
            assert_eq!(set.encode(text), encoded);
            assert_eq!(decode_utf8(&encoded).expect("encoded UTF-8 decodes"), text);
        }
    }
    if let Some(text) = text {
        check_decode(text);
    }
}

/// The value of a hex digit.
fn hex(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).map(|d| d as u8)
}

/// The plain decoder: the decoded bytes with, for each, the index in `text` it comes from; or
/// the index of the first `%` that does not start a `%XX` triplet.
fn reference_decode(text: &[u8]) -> Result<Vec<(u8, usize)>, usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%' {
            let hi = text.get(i + 1).copied().and_then(hex).ok_or(i)?;
            let lo = text.get(i + 2).copied().and_then(hex).ok_or(i)?;
            out.push((hi * 16 + lo, i));
            i += 3;
        } else {
            out.push((text[i], i));
            i += 1;
        }
    }
    Ok(out)
}

/// `decode` and `decode_utf8` on arbitrary text.
fn check_decode(text: &str) {
    let expected = reference_decode(text.as_bytes());
    match (decode(text), &expected) {
        (Ok(got), Ok(bytes)) => {
            let bytes: Vec<u8> = bytes.iter().map(|&(b, _)| b).collect();
            assert_eq!(got.as_ref(), bytes.as_slice(), "decode {text:?}");
            assert_eq!(matches!(got, Cow::Borrowed(_)), !text.contains('%'));
        }
        (Err(e), Err(at)) => {
            assert_eq!(e.index(), *at, "decode error index for {text:?}");
            assert!(!e.is_invalid_utf8());
        }
        (got, _) => panic!("decode {text:?}: got {got:?}, expected {expected:?}"),
    }
    match (decode_utf8(text), &expected) {
        (Ok(got), Ok(bytes)) => {
            let bytes: Vec<u8> = bytes.iter().map(|&(b, _)| b).collect();
            assert_eq!(Ok(got.as_ref()), std::str::from_utf8(&bytes), "decode_utf8 {text:?}");
        }
        (Err(e), Ok(bytes)) => {
            assert!(e.is_invalid_utf8(), "decode_utf8 {text:?}: {e}");
            let plain: Vec<u8> = bytes.iter().map(|&(b, _)| b).collect();
            let valid =
                std::str::from_utf8(&plain).expect_err("the decoded bytes are not UTF-8").valid_up_to();
            assert_eq!(e.index(), bytes[valid].1, "decode_utf8 error index for {text:?}");
            // Everything before the error decodes to UTF-8.
            assert!(decode_utf8(&text[..e.index()]).is_ok());
        }
        (Err(e), Err(at)) => assert!(!e.is_invalid_utf8() && e.index() == *at, "decode_utf8 {text:?}: {e}"),
        (Ok(got), Err(_)) => panic!("decode_utf8 {text:?} succeeded with {got:?}"),
    }
}
