//! The walks at their edges: URIs of every length from 18 to 118 bytes, so that the AVX2 walk's
//! 64-byte blocks end at every offset of a URI's components, and one bad byte at every position.
//! Small enough to run under Miri, which checks the runtime's `unsafe`:
//!
//! ```text
//! cargo +nightly miri test -p uri --test walk
//! RUSTFLAGS="-C target-feature=+avx2,+bmi1,+bmi2,+lzcnt" cargo +nightly miri test -p uri --test walk
//! ```
//!
//! The second command turns the AVX2 walk on (Miri reports only the CPU features the build
//! enables); the first runs the table walk.

use uri::{Rule, UriRef};

/// `http://host/` then a path of `n` bytes, a query and a fragment.
fn with_path_of(n: usize) -> String {
    let path: String = (0..n).map(|i| if i % 7 == 6 { '/' } else { 'a' }).collect();
    format!("http://host/{path}?q=1#f")
}

#[test]
fn every_length_parses_into_the_same_components() {
    for n in 0..=100 {
        let text = with_path_of(n);
        let parsed = UriRef::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.scheme(), Some("http"), "{text}");
        assert_eq!(parsed.authority().map(|a| a.host()), Some("host"), "{text}");
        assert_eq!(parsed.path(), &text["http://host".len()..text.len() - "?q=1#f".len()]);
        assert_eq!(parsed.query(), Some("q=1"), "{text}");
        assert_eq!(parsed.fragment(), Some("f"), "{text}");
        assert!(Rule::UriReference.matches(text.as_bytes()), "{text}");
    }
}

#[test]
fn a_bad_byte_is_found_wherever_it_is() {
    let text = with_path_of(80);
    let path_start = "http://host/".len();
    for at in path_start..text.len() {
        let mut bad = text.clone().into_bytes();
        bad[at] = b' ';
        let bad = String::from_utf8(bad).expect("ASCII");
        let error = UriRef::parse(&bad).expect_err(&bad);
        assert_eq!(error.index(), at, "{bad}");
        assert!(!Rule::UriReference.matches(bad.as_bytes()), "{bad}");
        assert_eq!(Rule::UriReference.valid_up_to(bad.as_bytes()), at, "{bad}");
    }
}

#[test]
fn longest_match_stops_at_every_length() {
    for n in 0..=100 {
        let text = format!("{}\n", "a".repeat(n));
        assert_eq!(Rule::Segment.longest_match(text.as_bytes()), Some(n), "length {n}");
    }
}

#[test]
fn a_run_after_a_table_tested_run_that_crosses_blocks() {
    // The user information's set (it holds ':') is not classified: its run is tested byte by
    // byte across one or two block edges, and the host's run after '@' then starts in a block
    // the walk has not classified yet.
    for n in [31, 32, 62, 63, 64, 65, 100] {
        let text = format!("//{}@host.example/path?query", "u:".repeat(n));
        let parsed = UriRef::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.authority().map(|a| a.host()), Some("host.example"), "{text}");
        assert_eq!(parsed.authority().and_then(|a| a.userinfo()), Some(&text[2..2 + 2 * n]), "{text}");
        assert_eq!(parsed.path(), "/path", "{text}");
        assert_eq!(parsed.query(), Some("query"), "{text}");
        assert!(Rule::UriReference.matches(text.as_bytes()), "{text}");
    }
}
