//! Per-component percent-encoding and decoding: the encode sets are the grammar's single-byte
//! sets, encoded text matches its component's rule, and decoding gives the input back.

use proptest::prelude::*;
use uri::{
    decode, decode_utf8, encode_fragment, encode_path, encode_path_segment, encode_query, encode_reg_name,
    encode_userinfo, EncodeSet, Rule,
};

/// Every encode set, the rule its encoded output must match, and its shorthand function.
type Encoder = fn(&str) -> std::borrow::Cow<'_, str>;
const SETS: [(EncodeSet, Rule, Encoder); 6] = [
    (EncodeSet::PATH_SEGMENT, Rule::Segment, encode_path_segment),
    (EncodeSet::PATH, Rule::Path, encode_path),
    (EncodeSet::QUERY, Rule::Query, encode_query),
    (EncodeSet::FRAGMENT, Rule::Fragment, encode_fragment),
    (EncodeSet::USERINFO, Rule::Userinfo, encode_userinfo),
    (EncodeSet::REG_NAME, Rule::RegName, encode_reg_name),
];

#[test]
fn each_set_keeps_exactly_the_bytes_its_rule_accepts_alone() {
    let all = SETS.iter().map(|s| s.0).chain([EncodeSet::PATH_SEGMENT_NO_COLON, EncodeSet::UNRESERVED]);
    for set in all {
        for b in 0..=255u8 {
            assert_eq!(set.keeps(b), set.rule().matches(&[b]), "{set:?}, byte {b:#04x}");
        }
        assert!(!set.keeps(b'%'), "{set:?} keeps '%'");
    }
}

#[test]
fn the_sets_differ_where_the_grammar_does() {
    let q = EncodeSet::QUERY;
    assert!(q.keeps(b'/') && q.keeps(b'?') && q.keeps(b'&') && q.keeps(b'=') && !q.keeps(b'#'));
    assert!(!EncodeSet::PATH_SEGMENT.keeps(b'/') && EncodeSet::PATH_SEGMENT.keeps(b':'));
    assert!(!EncodeSet::PATH_SEGMENT_NO_COLON.keeps(b':') && EncodeSet::PATH_SEGMENT_NO_COLON.keeps(b'@'));
    assert!(EncodeSet::USERINFO.keeps(b':') && !EncodeSet::USERINFO.keeps(b'@'));
    assert!(!EncodeSet::REG_NAME.keeps(b':') && EncodeSet::REG_NAME.keeps(b'!'));
    assert!(EncodeSet::UNRESERVED.keeps(b'~') && !EncodeSet::UNRESERVED.keeps(b'!'));
    assert_eq!(encode_query("a=1&b=2 3#x"), "a=1&b=2%203%23x");
    assert_eq!(encode_path_segment("a/b?c"), "a%2Fb%3Fc");
    assert_eq!(encode_path("/a b/c?d"), "/a%20b/c%3Fd");
    assert_eq!(encode_fragment("x#y"), "x%23y");
    assert_eq!(encode_userinfo("u:p@w"), "u:p%40w");
    assert_eq!(encode_reg_name("a:b.c"), "a%3Ab.c");
    assert_eq!(EncodeSet::PATH_SEGMENT_NO_COLON.encode("a:b"), "a%3Ab");
}

#[test]
fn encoding_borrows_when_nothing_changes() {
    assert!(matches!(encode_query("a=b&c"), std::borrow::Cow::Borrowed(_)));
    assert!(matches!(decode("abc").unwrap(), std::borrow::Cow::Borrowed(_)));
    assert!(matches!(decode_utf8("abc").unwrap(), std::borrow::Cow::Borrowed(_)));
    assert_eq!(EncodeSet::QUERY.encode_bytes(&[0, 0x7F, 0x80, 0xFF]), "%00%7F%80%FF");
}

#[test]
fn malformed_escapes_fail_with_their_index() {
    for (input, index) in [("%", 0), ("a%4", 1), ("ab%G1", 2), ("%41%4", 3), ("%41%%41", 3), ("x%4g", 1)] {
        let err = decode(input).unwrap_err();
        assert_eq!(err.index(), index, "{input:?}");
        assert!(!err.is_invalid_utf8(), "{input:?}");
        assert_eq!(decode_utf8(input).unwrap_err(), err, "{input:?}");
    }
}

#[test]
fn invalid_utf8_fails_where_the_sequence_starts() {
    for (input, index) in [("a%C3", 1), ("ab%E2%82", 2), ("%E2%82%ACx%FF", 10), ("%C3%A9%C3", 6), ("%80", 0)]
    {
        let err = decode_utf8(input).unwrap_err();
        assert!(err.is_invalid_utf8(), "{input:?}");
        assert_eq!(err.index(), index, "{input:?}");
        assert!(decode(input).is_ok(), "{input:?}");
    }
    assert_eq!(decode_utf8("%c3%a9t%C3%A9").unwrap(), "été");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn encoding_round_trips_and_matches_the_rule(text in any::<String>()) {
        for (set, rule, shorthand) in SETS {
            let encoded = set.encode(&text);
            prop_assert_eq!(&shorthand(&text), &encoded);
            prop_assert!(rule.matches(encoded.as_bytes()), "{:?} does not match {}", encoded, rule.name());
            prop_assert_eq!(decode_utf8(&encoded).unwrap(), text.as_str());
        }
        if !text.is_empty() {
            let encoded = EncodeSet::PATH_SEGMENT_NO_COLON.encode(&text);
            prop_assert!(Rule::SegmentNzNc.matches(encoded.as_bytes()), "{:?}", encoded);
        }
    }

    #[test]
    fn byte_encoding_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for (set, rule, _) in SETS {
            let encoded = set.encode_bytes(&bytes);
            prop_assert!(rule.matches(encoded.as_bytes()), "{:?}", encoded);
            let decoded = decode(&encoded).unwrap();
            prop_assert_eq!(decoded.as_ref(), bytes.as_slice());
        }
    }

    #[test]
    fn decoding_never_panics(text in "([a-z]|%|[0-9A-Fa-f]|%[0-9A-Fa-f]{2}|é){0,12}") {
        match decode(&text) {
            Ok(bytes) => prop_assert!(bytes.len() <= text.len()),
            Err(e) => prop_assert_eq!(text.as_bytes()[e.index()], b'%'),
        }
    }
}
