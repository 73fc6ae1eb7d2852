//! Hostile input: megabyte inputs of every shape, runs of `%`, `[` and `:`, NUL and non-UTF-8
//! bytes, overlong UTF-8, and deeply nested or long-chained grammars for the generator. Parsing
//! must give the right answer with an error that points at the right byte, allocate nothing,
//! and keep its error message short; the generator must answer with diagnostics.
//!
//! Sizes are 1 MiB by default; `HOSTILE_MIB=64 cargo test --release -p uri-tests --test hostile`
//! runs the same tests at 64 MiB. Time per byte is measured by `benches/linear.rs`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use uri::{decode, decode_utf8, Normalization, ParseError, Rule, Uri, UriRef};
use uri_gen::{compile, DiagnosticKind, Options, SourceFile};

/// Counts the allocations of the current thread, so that a test can assert that parsing makes
/// none (tests run on several threads at once).
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is a
// thread-local `Cell` with a constant initializer, which neither allocates nor needs a destructor.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// How many allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

/// The size of the large inputs: 1 MiB, or `HOSTILE_MIB` MiB.
fn size() -> usize {
    let mib = std::env::var("HOSTILE_MIB").ok().and_then(|v| v.parse::<usize>().ok()).unwrap_or(1);
    mib << 20
}

/// `head`, then `unit` repeated up to `size()` bytes in all, then `tail`.
fn build(head: &str, unit: &str, tail: &str) -> String {
    let mut s = String::with_capacity(size() + tail.len());
    s.push_str(head);
    while s.len() + unit.len() <= size() {
        s.push_str(unit);
    }
    s.push_str(tail);
    s
}

/// Parses without allocating and checks the verdict: `Ok(())` for a valid reference, or the
/// byte index of the error. Errors are checked against the recognizer and kept short.
fn parse(input: &str) -> Result<UriRef<'_>, ParseError> {
    let (result, count) = allocations(|| UriRef::parse(input));
    assert_eq!(count, 0, "parsing {} bytes allocated", input.len());
    let (recognized, count) = allocations(|| Rule::UriReference.matches(input.as_bytes()));
    assert_eq!(count, 0);
    assert_eq!(recognized, result.is_ok());
    if let Err(e) = &result {
        assert_eq!(e.index(), Rule::UriReference.valid_up_to(input.as_bytes()));
        assert!(e.to_string().len() < 1024, "the message grows with the input");
    }
    result
}

fn error_index(input: &str) -> usize {
    parse(input).expect_err("a hostile input is rejected").index()
}

#[test]
fn megabyte_components_parse_whole() {
    let path = build("http://example.com", "/segment", "");
    let r = parse(&path).expect("a long path is valid");
    assert_eq!(r.path().len(), path.len() - "http://example.com".len());

    let query = build("https://h/p?", "k=v&%41;", "#f");
    let r = parse(&query).expect("a long query is valid");
    assert_eq!(r.query().map(str::len), Some(query.len() - "https://h/p?".len() - 2));
    assert_eq!(r.fragment(), Some("f"));

    let host = build("//", "a.b-c", ":65536");
    let r = parse(&host).expect("a long reg-name is valid");
    let authority = r.authority().expect("an authority");
    assert_eq!((authority.port(), authority.port_u16()), (Some("65536"), None));

    let port = build("s://h:", "9", "/");
    let r = parse(&port).expect("any number of port digits is valid (section 3.2.3)");
    assert_eq!(r.authority().and_then(|a| a.port_u16()), None);

    let userinfo = build("s://", "user:pw", "@h");
    assert_eq!(parse(&userinfo).expect("valid").authority().map(|a| a.host()), Some("h"));

    let colons = build("a:", ":", "");
    assert_eq!(parse(&colons).expect("a rootless path may hold colons").path().len(), colons.len() - 2);
}

/// The error index for `head`, `unit` repeated, `tail`, counted from the end of the input.
fn error_from_end(head: &str, unit: &str, tail: &str) -> usize {
    let input = build(head, unit, tail);
    input.len() - error_index(&input)
}

#[test]
fn runs_of_percent_signs_fail_at_the_second() {
    assert_eq!(error_index(&build("", "%", "")), 1);
    assert_eq!(error_index(&build("http://h/", "%", "")), 10);
    // Well-formed triplets up to an incomplete one: the input ends too early.
    assert_eq!(error_from_end("http://h/", "%41", "%4"), 0);
    assert_eq!(error_from_end("http://h/", "%41", "%4g"), 1);
    let encoded = build("http://h/", "%41", "");
    assert!(parse(&encoded).is_ok());
    assert_eq!(decode(&encoded[9..]).expect("well formed").len(), (encoded.len() - 9) / 3);
    assert_eq!(decode(&build("", "%", "")).expect_err("malformed").index(), 0);
}

#[test]
fn runs_of_brackets_and_colons_fail_early() {
    assert_eq!(error_index(&build("", "[", "")), 0);
    assert_eq!(error_index(&build("http://", "[", "")), 8);
    // "[::" then a third colon.
    assert_eq!(error_index(&build("http://[", "::", "]")), 10);
    // Eight groups, then a colon that no IPv6 address can take.
    assert_eq!(error_index(&build("http://[", "1:", "")), 23);
    // IPvFuture takes any number of colons: the input ends before its "]".
    assert_eq!(error_from_end("//[v1.", ":", ""), 0);
    assert_eq!(error_index(&build("", ":", "")), 0);
    // Colons after "//" may be user information still waiting for its "@".
    assert_eq!(error_from_end("//", ":", ""), 0);
    assert_eq!(error_from_end("//", ":", "@::"), 1);
    assert_eq!(error_index(&build("http://a]", "]", "")), 8);
}

#[test]
fn nul_and_control_bytes_are_rejected_where_they_stand() {
    assert_eq!(error_index(&build("", "\0", "")), 0);
    assert_eq!(error_from_end("http://h/", "a", "\0"), 1);
    assert_eq!(error_from_end("http://h/", "ab", "\n"), 1);
    assert_eq!(error_index(&build("http://h/", "\0a", "")), 9);
    assert_eq!(error_index("http://h/a\u{7f}"), 10);
    assert_eq!(error_index("http://h/a b"), 10);
}

#[test]
fn bytes_above_ascii_never_match() {
    let high = vec![0xFFu8; size()];
    assert!(!Rule::UriReference.matches(&high));
    assert_eq!(Rule::UriReference.valid_up_to(&high), 0);
    let mut tail = build("http://h/", "a", "").into_bytes();
    tail.push(0x80);
    assert_eq!(Rule::UriReference.valid_up_to(&tail), tail.len() - 1);
    for rule in Rule::ALL {
        assert!(!rule.matches(&[0xC3, 0xA9]), "{rule:?} matches a non-ASCII character");
    }
    // Valid UTF-8 that is not ASCII: an IRI, not a URI.
    let iri = build("http://h/", "é", "");
    assert_eq!(error_index(&iri), 9);
    assert_eq!(Uri::parse(&iri).expect_err("not a URI").index(), 9);
}

/// Overlong UTF-8 (RFC 3629 section 3) must never be read as the ASCII byte it encodes: not by
/// the recognizer, and not by percent-decoding to text.
#[test]
fn overlong_utf8_is_never_a_delimiter() {
    // C0 AF is an overlong "/", C0 AE an overlong ".", E0 80 AF a three-byte "/".
    for overlong in [&[0xC0, 0xAF][..], &[0xC0, 0xAE], &[0xE0, 0x80, 0xAF], &[0xF0, 0x80, 0x80, 0xAF]] {
        let input = [b"http://h/a".as_slice(), overlong, b"b"].concat();
        assert_eq!(Rule::UriReference.valid_up_to(&input), 10);
        assert!(!Rule::Path.matches(&input[9..]));
        let encoded: String = overlong.iter().map(|b| format!("%{b:02X}")).collect();
        assert_eq!(decode(&encoded).expect("well formed").as_ref(), overlong);
        let err = decode_utf8(&encoded).expect_err("overlong UTF-8 is not UTF-8");
        assert!(err.is_invalid_utf8() && err.index() == 0);
        // Normalization decodes only unreserved octets: the triplets stay as they are.
        let text = format!("http://h/a{encoded}b");
        let r = UriRef::parse(&text).expect("valid when encoded");
        assert!(r.normalize().as_str().contains(&encoded), "{}", r.normalize());
    }
}

#[test]
fn megabyte_resolution_and_normalization_stay_valid() {
    let base = Uri::parse("http://a/b/c/d;p?q").expect("valid");
    let up = build("", "../", "g");
    let target = base.resolve(&UriRef::parse(&up).expect("valid"));
    assert_eq!(target, "http://a/g");
    let deep = build("/", "a/", "");
    let down = format!("{deep}{}", "../".repeat((deep.len() - 1) / 2));
    let target = base.resolve(&UriRef::parse(&down).expect("valid"));
    assert_eq!(target, "http://a/");
    let dots = build("/", "./", "x");
    assert_eq!(UriRef::parse(&dots).expect("valid").normalize(), "/x");
    let encoded = build("HTTP://H/", "%7e", "");
    let normal = UriRef::parse(&encoded).expect("valid").normalize();
    assert_eq!(normal.as_str().len(), "http://h/".len() + (encoded.len() - 9) / 3);
    assert!(UriRef::parse(&encoded).expect("valid").normalize_with(Normalization::NONE) == encoded.as_str());
}

/// The deepest grammar nesting tried; the generator's front end refuses what is deeper than its
/// limits with a diagnostic instead of exhausting the stack.
const DEEP: usize = 100_000;

#[test]
fn deeply_nested_grammars_get_diagnostics() {
    let options = Options::default();
    let nested = format!("a = {}\"x\"{}\n", "(".repeat(DEEP), ")".repeat(DEEP));
    let diagnostics = compile(&[SourceFile::new("deep.abnf", nested)], &options).expect_err("too deep");
    assert!(diagnostics.errors().next().is_some());
    let options_nested = format!("a = {}\"x\"{}\n", "[".repeat(DEEP), "]".repeat(DEEP));
    assert!(compile(&[SourceFile::new("deep.abnf", options_nested)], &options).is_err());
    let unclosed = format!("a = {}\n", "(".repeat(DEEP));
    let diagnostics = compile(&[SourceFile::new("open.abnf", unclosed)], &options).expect_err("unclosed");
    assert!(diagnostics.errors().all(|d| d.pos.line == 1));
}

#[test]
fn recursive_grammars_are_refused_by_the_automaton_compiler() {
    let options = Options::default();
    let recursive = "a = \"(\" a \")\" / \"x\"\n";
    let diagnostics = compile(&[SourceFile::new("rec.abnf", recursive)], &options).expect_err("recursive");
    assert!(diagnostics.errors().any(|d| d.kind == DiagnosticKind::Recursion), "{diagnostics}");
    // A long cycle of rules is refused too, with a diagnostic rather than a deep recursion.
    let cycle: String = (0..2_000).map(|i| format!("r{i} = \"x\" r{}\n", (i + 1) % 2_000)).collect();
    let diagnostics = compile(&[SourceFile::new("cycle.abnf", cycle)], &options).expect_err("recursive");
    assert!(
        diagnostics.errors().any(|d| matches!(d.kind, DiagnosticKind::Recursion | DiagnosticKind::TooLarge)),
        "{diagnostics}"
    );
}

#[test]
fn long_chains_of_rules_compile_or_stop_at_a_limit() {
    // Each rule doubles the one below: the language is finite but its NFA is 2^40 states big,
    // which the NFA limit refuses long before memory runs out (a lower limit than the default
    // keeps the test fast in debug builds; the default of 2^20 refuses it the same way).
    let mut text = String::from("r0 = \"x\"\n");
    for i in 1..=40 {
        text.push_str(&format!("r{i} = r{} r{}\n", i - 1, i - 1));
    }
    let options = Options {
        roots: uri_gen::Roots::Named(vec!["r40".into()]),
        nfa_limit: 1 << 14,
        ..Options::default()
    };
    let diagnostics = compile(&[SourceFile::new("doubling.abnf", text)], &options).expect_err("too large");
    assert!(diagnostics.errors().any(|d| d.kind == DiagnosticKind::TooLarge), "{diagnostics}");
    // A chain of references 200 rules deep compiles; 4,000 deep is past the nesting limit.
    let chain = |n: usize| {
        (0..n).map(|i| format!("c{i} = c{} / \"y\"\n", i + 1)).collect::<String>()
            + &format!("c{n} = \"z\"\n")
    };
    let options = Options { roots: uri_gen::Roots::Named(vec!["c0".into()]), ..Options::default() };
    let compiled =
        compile(&[SourceFile::new("chain.abnf", chain(200))], &options).expect("a long chain compiles");
    let c0 = compiled.grammar.lookup("c0").expect("c0 is a rule");
    assert!(compiled.matches(c0, b"z") && compiled.matches(c0, b"y") && !compiled.matches(c0, b"x"));
    let diagnostics =
        compile(&[SourceFile::new("chain.abnf", chain(4_000))], &options).expect_err("too deep");
    assert!(diagnostics.errors().any(|d| d.kind == DiagnosticKind::TooLarge), "{diagnostics}");
}

#[test]
fn deep_nesting_in_recursive_grammars_stops_at_the_limit() {
    let text = "a = \"(\" a \")\" / \"x\"\nlist = \"[\" *( list ) \"]\"\n";
    let options = Options { roots: uri_gen::Roots::All, ..Options::default() };
    let program =
        uri_gen::compile_program(&[SourceFile::new("nest.abnf", text)], &options).expect("compiles");
    let a = program.grammar.lookup("a").expect("a is a rule");
    let list = program.grammar.lookup("list").expect("list is a rule");
    let limit = uri_gen::rtn::program::DEFAULT_DEPTH_LIMIT;
    let nested = |depth: usize, open: &str, middle: &str, close: &str| {
        format!("{}{middle}{}", open.repeat(depth), close.repeat(depth)).into_bytes()
    };
    // Within the limit: matched.
    assert!(program.matches(a, &nested(limit - 1, "(", "x", ")")));
    assert!(program.matches(list, &nested(limit, "[", "", "]")));
    // Past it: a clean "too deep" answer at the first call past the limit, never a stack overflow.
    let deep = size() / 2;
    for (rule, input) in [(a, nested(deep, "(", "x", ")")), (list, nested(deep, "[", "", "]"))] {
        assert!(!program.matches(rule, &input));
        let mismatch = program.recognize(rule, &input, limit).expect_err("too deep");
        assert_eq!(mismatch.too_deep, Some(limit), "{mismatch:?}");
    }
    // Unbalanced input fails where it stops balancing.
    let unbalanced = [nested(100, "(", "x", ")"), b")".to_vec()].concat();
    assert_eq!(program.recognize(a, &unbalanced, limit).expect_err("unbalanced").index, 201);
}
