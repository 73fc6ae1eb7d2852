//! The generated recognizers of recursive grammars at work: nesting beyond the limit is an error
//! with a position and never a stack overflow, long inputs cost linear time, mismatches say where
//! and what was expected; and the table sizes of every module, pinned so that growth is a decision.

use std::path::Path;
use std::time::Instant;

use grammar_tests::generated::{abnf, imf, json};
use uri_gen::emit::rtn::program_stats;
use xtask::project::GRAMMAR_MODULES;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("workspace root")
}

fn brackets(depth: usize) -> Vec<u8> {
    let mut input = vec![b'['; depth];
    input.extend(std::iter::repeat_n(b']', depth));
    input
}

#[test]
fn json_nested_past_the_limit_is_an_error_not_an_overflow() {
    // `value` calls `array` calls `value`: two calls per bracket.
    assert_eq!(json::DEFAULT_DEPTH_LIMIT, 512);
    // The innermost of 256 arrays is call 512; its elements would be call 513.
    assert!(json::Rule::Value.matches(&brackets(256)));
    assert!(!json::Rule::Value.matches(&brackets(257)));
    let m = json::Rule::Value.recognize(&brackets(257), json::DEFAULT_DEPTH_LIMIT).expect_err("too deep");
    assert_eq!(m.too_deep, Some(256));
    // 200,000 brackets, far deeper than a stack would take: an error at once, a match with the
    // limit raised, and an ordinary mismatch (the calls cut inside the innermost array could not
    // have matched the `]` there) when one bracket is missing.
    let deep = brackets(200_000);
    let started = Instant::now();
    let m = json::Rule::Value.recognize(&deep, json::DEFAULT_DEPTH_LIMIT).expect_err("too deep");
    assert_eq!(m.too_deep, Some(256));
    assert!(json::Rule::Value.recognize(&deep, 400_001).is_ok());
    let m = json::Rule::Value.recognize(&deep[..deep.len() - 1], 400_001).expect_err("one bracket short");
    assert_eq!((m.index, m.too_deep), (deep.len() - 1, None));
    assert!(m.expects(b']') && m.expects(b',') && !m.expects(b'}'));
    println!("200,000 nested brackets, three times, in {:.1?}", started.elapsed());
}

#[test]
fn nested_comments_in_addresses_are_bounded_the_same_way() {
    let mut address = b"user".to_vec();
    address.extend(std::iter::repeat_n(b'(', 10_000));
    address.extend(std::iter::repeat_n(b')', 10_000));
    address.extend_from_slice(b"@example.com");
    let m = imf::Rule::AddrSpec.recognize(&address, imf::DEFAULT_DEPTH_LIMIT).expect_err("too deep");
    assert!(m.too_deep.is_some_and(|at| at < 600), "{m:?}");
    assert!(imf::Rule::AddrSpec.recognize(&address, 100_000).is_ok());
}

#[test]
fn long_inputs_cost_linear_time() {
    let array = |n: usize| {
        let mut s = b"[".to_vec();
        for i in 0..n {
            if i > 0 {
                s.extend_from_slice(b", ");
            }
            s.extend_from_slice(br#"{"id": 12345, "tags": ["a", "b"], "ok": true}"#);
        }
        s.push(b']');
        s
    };
    let time = |input: &[u8]| {
        let started = Instant::now();
        assert!(json::Rule::Value.matches(input));
        started.elapsed().as_secs_f64()
    };
    time(&array(100));
    let (small, large) = (time(&array(2_000)), time(&array(8_000)));
    assert!(large < small * 12.0 + 0.05, "4x the input took {:.1}x the time", large / small);
}

#[test]
fn mismatches_in_generated_modules_say_where_and_what_was_expected() {
    let m = json::Rule::Value.recognize(br#"{"a": tru}"#, json::DEFAULT_DEPTH_LIMIT).expect_err("no match");
    assert_eq!(m.index, 9);
    assert!(m.expects(b'e') && !m.expects(b'}'), "{m:?}");
    let m = json::Rule::Number.recognize(b"12x", 8).expect_err("regular rules say it too");
    assert_eq!((m.index, m.end_allowed, m.too_deep), (2, true, None));
    assert!(m.expects(b'.') && m.expects(b'e') && m.expects(b'5'));
    // The ABNF of ABNF recognizes itself, once its line ends are CRLF.
    let text = include_str!("../../../abnf/rfc5234-sec4.abnf");
    let rules: Vec<String> = uri_gen::syntax::source::split_rules(text)
        .into_iter()
        .map(|c| c.source.replace('\n', "\r\n"))
        .collect();
    assert_eq!(rules.len(), 21);
    for rule in &rules {
        assert!(abnf::Rule::Rulelist.matches(rule.as_bytes()), "{rule:?}");
    }
    assert!(abnf::Rule::Rulelist.matches(rules.concat().as_bytes()));
    assert_eq!(abnf::Rule::Rulelist.valid_up_to(b"a = ( b\r\n"), 9);
}

#[test]
fn table_sizes_are_pinned() {
    // (module, rules, DFA states, machines, network states, call edges): update with the reason
    // when the construction changes.
    let expected = [
        ("iri", 42, 1411, 0, 1, 0),
        ("zone_id", 37, 1075, 0, 1, 0),
        ("json", 31, 70, 4, 60, 7),
        ("imf", 143, 124, 99, 895, 303),
        ("abnf", 33, 60, 9, 89, 15),
        ("case_sensitive", 6, 14, 0, 1, 0),
        ("http_lists", 39, 67, 2, 17, 2),
        ("http_lists_recipient", 22, 25, 2, 19, 2),
        ("http", 121, 532, 3, 18, 3),
        ("http_fields", 29, 46, 0, 1, 0),
        ("http_message", 58, 250, 0, 1, 0),
    ];
    for (module, want) in GRAMMAR_MODULES.iter().zip(expected) {
        let program = module.compile(root()).unwrap_or_else(|e| panic!("{e:#}"));
        let s = program_stats(&program);
        let got = (module.name, program.grammar.rules.len(), s.dfa_states, s.machines, s.rtn_states, s.calls);
        assert_eq!(got, want);
    }
}
