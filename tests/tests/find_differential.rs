//! `find_uris` against a reference finder kept here: the plain algorithm that tries every byte
//! of the text as the start of a URI, on random text mixing URI pieces, delimiters and prose.

use proptest::prelude::*;
use uri::{find_uris, Delimiter, Rule, Uri, UriBuf};

/// What a finder reports for one URI: where it is, how it was delimited, and its text.
type Found = (std::ops::Range<usize>, Delimiter, String);

fn in_set(set: [u64; 4], b: u8) -> bool {
    set[usize::from(b / 64)] & (1 << (b % 64)) != 0
}

/// The reference: walks the text byte by byte, trying a `<`, a `"` or a letter that does not
/// continue a word as the start of a URI, with the public API only (`Uri::parse`, the rules'
/// `longest_match`).
fn reference(text: &str) -> Vec<Found> {
    let bytes = text.as_bytes();
    let continues = Rule::Scheme.continuations(b"a").0;
    let first = Rule::Scheme.single_bytes();
    let mut found = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let b = bytes[pos];
        let attempt = match b {
            b'<' => angle_brackets(text, pos),
            b'"' => double_quotes(text, pos),
            _ if in_set(first, b) && (pos == 0 || !in_set(continues, bytes[pos - 1])) => {
                undelimited(text, pos)
            }
            _ => None,
        };
        match attempt {
            Some((f, end)) => {
                found.push(f);
                pos = end;
            }
            None => pos += 1,
        }
    }
    found
}

fn angle_brackets(text: &str, open: usize) -> Option<(Found, usize)> {
    let close = open + 1 + text[open + 1..].find('>')?;
    let inner = &text[open + 1..close];
    if inner.contains('<') {
        return None;
    }
    let mut start = open + 1 + (inner.len() - inner.trim_start().len());
    if text.get(start..start + 4).is_some_and(|p| p.eq_ignore_ascii_case("URL:")) {
        start += 4;
        start += text[start..close].len() - text[start..close].trim_start().len();
    }
    let end = start + text[start..close].trim_end().len();
    let candidate = &text[start..end];
    let uri = if candidate.bytes().any(|b| b.is_ascii_whitespace()) {
        let joined: String = candidate.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        UriBuf::parse(joined).ok()?.as_str().to_owned()
    } else {
        Uri::parse(candidate).ok()?.as_str().to_owned()
    };
    Some(((start..end, Delimiter::AngleBrackets, uri), close + 1))
}

fn double_quotes(text: &str, open: usize) -> Option<(Found, usize)> {
    let close = open + 1 + text[open + 1..].find('"')?;
    let uri = Uri::parse(&text[open + 1..close]).ok()?;
    Some(((open + 1..close, Delimiter::DoubleQuotes, uri.as_str().to_owned()), close + 1))
}

fn undelimited(text: &str, start: usize) -> Option<(Found, usize)> {
    let rest = &text.as_bytes()[start..];
    let scheme_len = Rule::Scheme.longest_match(rest)?;
    if rest.get(scheme_len) != Some(&b':') {
        return None;
    }
    let mut len = Rule::Uri.longest_match(rest)?;
    let count = |open: u8, close: u8| -> isize {
        rest[..len].iter().map(|&b| isize::from(b == open) - isize::from(b == close)).sum()
    };
    let (mut parens, mut brackets) = (count(b'(', b')'), count(b'[', b']'));
    while len > scheme_len + 1 {
        let drop = match rest[len - 1] {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' if parens < 0 => {
                parens += 1;
                true
            }
            b']' if brackets < 0 => {
                brackets += 1;
                true
            }
            _ => false,
        };
        if !drop {
            break;
        }
        len -= 1;
    }
    if len <= scheme_len + 1 {
        return None;
    }
    let uri = Uri::parse(&text[start..start + len]).ok()?;
    Some(((start..start + len, Delimiter::Bare, uri.as_str().to_owned()), start + len))
}

fn finder(text: &str) -> Vec<Found> {
    find_uris(text).map(|f| (f.range(), f.delimiter(), f.as_str().to_owned())).collect()
}

/// Pieces of text: URI parts, delimiters, punctuation, prose, whitespace and non-ASCII.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "http", "https", "urn", "x-y+z.1", "a", "Z9", ":", "://", "//", "/", "?", "#", "@", "[", "]",
    "(", ")", "<", ">", "\"", "'", ".", ",", ";", "!", "%", "%4", "%41", "%G", "[::1]", "[v1.x]",
    "1.2.3.4", ":80", "example.com", "~user", "a=b&c", " ", "  ", "\n", "\t", "\r\n", "URL:",
    "url:", "note: ", "the ", "word", "3:4", "é", "日本", "-\n ", "e.g.: ", "mailto:a@b", "x:",
];

fn text_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn finds_what_the_reference_finds(text in text_strategy()) {
        prop_assert_eq!(finder(&text), reference(&text), "{:?}", text);
    }

    #[test]
    fn finds_what_the_reference_finds_in_any_ascii(text in "[ -~\t\n]{0,60}") {
        prop_assert_eq!(finder(&text), reference(&text), "{:?}", text);
    }
}

#[test]
fn finds_what_the_reference_finds_in_the_bench_texts() {
    let (dense, prose) = uri_tests::find_texts();
    // The prose text is one RFC repeated: one copy is enough.
    let prose = &prose[..prose.len() / 15];
    assert_eq!(finder(prose), reference(prose));
    let found = finder(&dense);
    assert_eq!(found, reference(&dense));
    assert!(found.len() > 47_000, "{} URIs found in the dense text", found.len());
}
