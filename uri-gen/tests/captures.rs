//! Capture declarations and the tagged DFA, run directly from the generator's tables.

use uri_gen::{compile_parsers, DiagnosticKind, Options, SourceFile};

mod uri_grammar;

use uri_grammar::{compile_uri, compile_uri_parsers};

#[test]
fn rfc3986_parsers_have_no_unexplained_ambiguity_and_pinned_sizes() {
    let parsers = compile_uri_parsers();
    assert!(parsers.warnings.is_empty(), "{:?}", parsers.warnings);
    let stats = uri_gen::emit::parser_stats(&parsers);
    // Pinned so that growth is a decision: update with the reason when the construction changes.
    assert_eq!((stats.states, stats.classes), (645, 21), "{stats:?}");
    // Copies whose source and destination never hold different values share a register.
    assert!(stats.registers <= 28, "{stats:?}");
}

#[test]
fn rfc3986_tables_share_the_ip_literal_automaton_and_fit_in_64_kib() {
    let compiled = compile_uri();
    let shared = uri_gen::plan::share::share(&compiled.dfa, uri_gen::plan::share::MIN_BODY);
    // `IP-literal` is the one prefix-free rule big enough to share: its copies in the contexts of
    // `URI`, `absolute-URI`, `hier-part`, `authority` and `host` (what may follow "]" differs in
    // each) become calls into one body.
    assert_eq!(shared.bodies, 1, "{shared:?}");
    assert_eq!((compiled.dfa.len(), shared.len()), (1069, 449));
    let recognizer = uri_gen::emit::table_stats(&compiled);
    let parser = uri_gen::emit::parser_stats(&compile_uri_parsers());
    let total = recognizer.bytes + parser.bytes;
    assert!(total < 64 * 1024, "recognizer {recognizer:?} + parser {parser:?} = {total} bytes");
    eprintln!("tables: recognizer {} B, parser {} B, {total} B in all", recognizer.bytes, parser.bytes);
}

#[test]
fn slots_follow_source_order_for_declared_kinds() {
    let parsers = compile_uri_parsers();
    let names = parsers.spec.slot_names();
    let run = |input: &str| -> Vec<String> {
        let values = parsers.tdfa.run(0, input.as_bytes()).expect("valid");
        names.iter().zip(values).filter_map(|(n, v)| v.map(|v| format!("{n}={v}"))).collect()
    };
    let v4 = run("//1.2.3.4");
    assert!(v4.contains(&"host=Ipv4=2".to_owned()), "{v4:?}");
    assert!(!v4.iter().any(|s| s.starts_with("host=RegName")), "{v4:?}");
    let reg = run("//1.2.3.4.5");
    assert!(reg.contains(&"host=RegName=2".to_owned()), "{reg:?}");
    // The IPv4address inside an IPv6 literal's ls32 does not make the host IPv4.
    let v6 = run("//[::1.2.3.4]");
    assert!(
        v6.contains(&"host=Ipv6=3".to_owned()) && !v6.iter().any(|s| s.starts_with("host=Ipv4")),
        "{v6:?}"
    );
    assert_eq!(parsers.tdfa.run(0, b"http://a b"), Err(8));
    assert_eq!(parsers.tdfa.run(0, b"http://[::1"), Err(11));
}

#[test]
fn undeclared_ambiguity_is_refused_and_a_declared_preference_takes_the_earlier_alternative() {
    let grammar = SourceFile::new("g.abnf", "top = x / y\nx = \"a\" *\"b\"\ny = \"a\" *\"b\"\n");
    let captures = "parser Top top\ncapture x x\ncapture y y prefer=earliest\n";
    let err = compile_parsers(std::slice::from_ref(&grammar), "g.captures", captures, &Options::default())
        .expect_err("refused");
    let found: Vec<(DiagnosticKind, u32)> = err.0.iter().map(|d| (d.kind, d.pos.line)).collect();
    // `x` is ambiguous; `y`, which `x` always takes the input from, can never be set.
    assert_eq!(found, vec![(DiagnosticKind::Ambiguity, 2), (DiagnosticKind::Ambiguity, 3)], "{err:?}");
    assert!(
        err.0[0].message.contains("`A` reads as `x` = `A` (0..1) or as `x` unset"),
        "{}",
        err.0[0].message
    );
    assert!(err.0[1].message.contains("capture `y` can never be set"), "{}", err.0[1].message);
    let captures = "parser Top top\ncapture x x prefer=earliest\n";
    let parsers = compile_parsers(&[grammar], "g.captures", captures, &Options::default()).expect("compiles");
    assert!(parsers.warnings.is_empty(), "{:?}", parsers.warnings);
    // The earlier alternative wins.
    assert_eq!(parsers.tdfa.run(0, b"abb"), Ok(vec![Some(0), Some(3)]));
}

#[test]
fn capture_file_errors_have_positions() {
    let grammar = SourceFile::new("g.abnf", "top = \"a\"\n");
    let captures = "parser Top top\ncapture x  nosuch\nbogus line\n";
    let err = compile_parsers(&[grammar], "g.captures", captures, &Options::default()).expect_err("fails");
    let found: Vec<(DiagnosticKind, u32, u32)> =
        err.0.iter().map(|d| (d.kind, d.pos.line, d.pos.column)).collect();
    assert_eq!(found, vec![(DiagnosticKind::UnknownRule, 2, 12), (DiagnosticKind::Syntax, 3, 1)]);
}

#[test]
fn a_capture_of_nested_rules_records_the_outer_occurrence() {
    // `b` occurs inside `a`: the capture is `a`'s span, never `b`'s start with `a`'s end (the
    // fuzzer's case was `capture host host ref` over a grammar where `ref` refers to `host`).
    let grammar = SourceFile::new("g.abnf", "a = \"x\" b \"y\"\nb = \"z\"\n");
    for captures in ["parser A a\ncapture c a b\n", "parser A a\ncapture c b a\n"] {
        let parsers =
            compile_parsers(std::slice::from_ref(&grammar), "g.captures", captures, &Options::default())
                .expect("compiles");
        assert_eq!(parsers.tdfa.run(0, b"xzy"), Ok(vec![Some(0), Some(3)]), "{captures}");
    }
    // A capture of `b` alone still records `b`.
    let parsers = compile_parsers(&[grammar], "g.captures", "parser A a\ncapture c b\n", &Options::default())
        .expect("compiles");
    assert_eq!(parsers.tdfa.run(0, b"xzy"), Ok(vec![Some(1), Some(2)]));
}
