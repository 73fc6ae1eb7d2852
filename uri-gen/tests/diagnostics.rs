//! Diagnostics on broken grammars: every kind of error with its file, line, column and rule, the
//! same for grammars laid out as RFCs print them, and no panic on any input.

use proptest::prelude::*;
use uri_gen::syntax::source::{scan, split_rules};
use uri_gen::{
    compile, Compiled, Diagnostic, DiagnosticKind, Diagnostics, Encoding, Options, Pos, Roots, Severity,
};
use uri_gen::{Grammar, SourceFile};

const CORE: &str = include_str!("../../abnf/rfc5234-core.abnf");
const RFC3986: &str = include_str!("../../abnf/rfc3986.abnf");

/// What one diagnostic should be.
struct Expect {
    severity: Severity,
    kind: DiagnosticKind,
    file: &'static str,
    line: u32,
    column: u32,
    /// The file text at the position starts with this, so the expected position checks itself.
    at: &'static str,
    rule: &'static str,
    /// A part of the message.
    says: &'static str,
}

/// A broken grammar and the one diagnostic it must produce.
struct Case {
    name: &'static str,
    files: Vec<SourceFile>,
    options: Options,
    expect: Expect,
}

fn all_roots() -> Options {
    Options { roots: Roots::All, ..Options::default() }
}

fn case(name: &'static str, text: &str, expect: Expect) -> Case {
    Case { name, files: vec![SourceFile::new("g.abnf", text)], options: all_roots(), expect }
}

fn error(
    kind: DiagnosticKind,
    (line, column): (u32, u32),
    at: &'static str,
    rule: &'static str,
    says: &'static str,
) -> Expect {
    Expect { severity: Severity::Error, kind, file: "g.abnf", line, column, at, rule, says }
}

fn syntax(pos: (u32, u32), at: &'static str, says: &'static str) -> Expect {
    error(DiagnosticKind::Syntax, pos, at, "a", says)
}

/// Every diagnostic `files` produce, warnings included.
fn diagnostics(files: &[SourceFile], options: &Options) -> Vec<Diagnostic> {
    match compile(files, options) {
        Ok(compiled) => compiled.warnings,
        Err(Diagnostics(diags)) => diags,
    }
}

/// The text of `file` from `pos` on (columns count characters).
fn text_at<'a>(files: &'a [SourceFile], file: &str, pos: Pos) -> &'a str {
    let Some(file) = files.iter().find(|f| f.name == file) else { return "" };
    let Some(line) = file.text.split('\n').nth(pos.line as usize - 1) else { return "" };
    let start = line.char_indices().nth(pos.column as usize - 1).map_or(line.len(), |(i, _)| i);
    &line[start..]
}

/// Checks the conventions every message follows: lower-case start, one line, no final period.
fn message_problem(d: &Diagnostic) -> Option<String> {
    let first = d.message.chars().next()?;
    if first.is_uppercase() || d.message.ends_with('.') || d.message.contains('\n') {
        return Some(format!("badly formed message: {:?}", d.message));
    }
    None
}

fn check_case(case: &Case) -> Option<String> {
    let e = &case.expect;
    let diags = diagnostics(&case.files, &case.options);
    let [d] = diags.as_slice() else {
        let shown: Vec<String> = diags.iter().map(ToString::to_string).collect();
        return Some(format!(
            "{}: expected one diagnostic, got {}:\n  {}",
            case.name,
            diags.len(),
            shown.join("\n  ")
        ));
    };
    let want = Pos { line: e.line, column: e.column };
    let mut problems = Vec::new();
    if (d.severity, d.kind) != (e.severity, e.kind) {
        problems.push(format!("kind {:?} {:?}, expected {:?} {:?}", d.severity, d.kind, e.severity, e.kind));
    }
    if d.file != e.file || d.pos != want {
        problems.push(format!("at {}:{}, expected {}:{want}", d.file, d.pos, e.file));
    }
    if d.rule.as_deref() != Some(e.rule) {
        problems.push(format!("rule {:?}, expected {:?}", d.rule, e.rule));
    }
    if !d.message.contains(e.says) {
        problems.push(format!("message does not say {:?}", e.says));
    }
    if !text_at(&case.files, e.file, want).starts_with(e.at) {
        problems.push(format!("the expectation is wrong: the text at {want} is not {:?}", e.at));
    }
    problems.extend(message_problem(d));
    (!problems.is_empty()).then(|| format!("{}: {d}\n  {}", case.name, problems.join("\n  ")))
}

fn run(cases: &[Case]) {
    let failures: Vec<String> = cases.iter().filter_map(check_case).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn syntax_errors_say_where_and_what_was_expected() {
    run(&[
        case(
            "unclosed group",
            "a = \"q\"\n    ( \"x\" / \"y\"\n",
            syntax((2, 5), "(", "unclosed group: expected `)`"),
        ),
        case("unclosed option", "a = [ \"x\"\n", syntax((1, 5), "[", "unclosed option: expected `]`")),
        case(
            "mismatched bracket",
            "a = ( \"x\" ]\n",
            syntax(
                (1, 11),
                "]",
                "unexpected `]`; expected `/`, another element or `)` to close the group opened at 1:5",
            ),
        ),
        case("unmatched parenthesis", "a = \"x\" )\n", syntax((1, 9), ")", "unmatched `)`")),
        case("empty group", "a = \"x\" ( )\n", syntax((1, 9), "(", "empty group")),
        case(
            "bad hex digit",
            "a = \"a\" %x4G\n",
            syntax((1, 12), "G", "invalid hexadecimal digit `G` in `%x4G`"),
        ),
        case("no hex digits", "a = %xZZ\n", syntax((1, 7), "ZZ", "invalid hexadecimal digit `Z`")),
        case(
            "bad binary digit",
            "a = %b0102\n",
            syntax((1, 10), "2", "invalid binary digit `2` in `%b0102`; expected 0 or 1"),
        ),
        case(
            "bad decimal digit",
            "a = %d6A\n",
            syntax((1, 8), "A", "invalid decimal digit `A` in `%d6A`; expected 0-9"),
        ),
        case(
            "range without end",
            "a = %x41- \"x\"\n",
            syntax((1, 5), "%x41-", "expected hexadecimal digits after `%x41-`"),
        ),
        case(
            "range and concatenation",
            "a = %x41-43.44\n",
            syntax((1, 12), ".44", "unexpected `.` after `%x41-43`"),
        ),
        case("unknown base", "a = %q41\n", syntax((1, 5), "%q", "expected `b`, `d` or `x`")),
        case(
            "trailing slash",
            "a = \"x\" /\n",
            syntax((1, 9), "/", "expected an alternative after `/`, found the end of the rule"),
        ),
        case(
            "trailing slash on a continuation line",
            "a = \"x\"\n    / \"y\" /\n",
            syntax((2, 11), "/", "expected an alternative after `/`"),
        ),
        case(
            "double slash",
            "a = \"x\" / / \"y\"\n",
            syntax((1, 9), "/ /", "expected an alternative after `/`, found `/`"),
        ),
        case(
            "slash before parenthesis",
            "a = ( \"x\" / )\n",
            syntax((1, 11), "/ )", "expected an alternative after `/`"),
        ),
        case(
            "garbage",
            "a = \"x\" @@ \"y\"\n",
            syntax((1, 9), "@@", "unexpected `@`; expected `/`, another element"),
        ),
        case(
            "garbage instead of an element",
            "a = $\n",
            syntax((1, 5), "$", "unexpected `$`; expected an element"),
        ),
        case(
            "garbage on a continuation line",
            "a = \"x\"\n    ! \"y\"\n",
            syntax((2, 5), "!", "unexpected `!`"),
        ),
        case(
            "missing whitespace",
            "a = \"x\"\"y\"\n",
            syntax((1, 8), "\"y\"", "expected whitespace before `\"`"),
        ),
        case("unclosed string", "a = \"x\n", syntax((1, 5), "\"x", "unclosed quoted string: expected `\"`")),
        case("unclosed prose", "a = <x\n", syntax((1, 5), "<x", "unclosed prose value: expected `>`")),
        case(
            "non-ascii in a string",
            "a = \"caf\u{e9}\"\n",
            syntax((1, 9), "\u{e9}", "`\u{e9}` cannot appear in a quoted string"),
        ),
        case(
            "tab in a string",
            "a = \"a\tb\"\n",
            syntax((1, 7), "\t", "whitespace cannot appear in a quoted string"),
        ),
        case(
            "no definition",
            "a =\n",
            syntax((1, 3), "=", "rule `a` has no definition: expected an element after `=`"),
        ),
        case(
            "repeat without element",
            "a = 3* \"x\"\n",
            syntax((1, 5), "3*", "expected an element after the repetition `3*`"),
        ),
        case(
            "case-sensitive marker without string",
            "a = %s x\n",
            syntax((1, 5), "%s", "expected a quoted string after `%s`"),
        ),
        case(
            "huge repetition count",
            "a = 99999999999999999999999\"x\"\n",
            syntax((1, 5), "9999", "repetition count `99999999999999999999999` does not fit"),
        ),
        case(
            "nesting too deep",
            &format!("a = {}\"x\"{}\n", "(".repeat(65), ")".repeat(65)),
            syntax((1, 69), "(\"x\"", "nested more than 64 deep"),
        ),
    ]);
}

#[test]
fn reference_errors_point_at_the_reference() {
    run(&[
        case(
            "undefined rule",
            "a = \"x\" b\n",
            error(DiagnosticKind::UndefinedRule, (1, 9), "b", "a", "undefined rule `b`"),
        ),
        case(
            "undefined rule on a continuation line",
            "a = \"x\"\n    / c d\nd = \"q\"\n",
            error(DiagnosticKind::UndefinedRule, (2, 7), "c d", "a", "undefined rule `c`"),
        ),
        case(
            "undefined rule after a case-sensitive string",
            "a = %s\"x\" %i\"y\" b\n",
            error(DiagnosticKind::UndefinedRule, (1, 17), "b", "a", "undefined rule `b`"),
        ),
        case(
            "incremental without base",
            "a = \"x\"\nb =/ \"y\"\n",
            error(
                DiagnosticKind::IncrementalWithoutBase,
                (2, 1),
                "b =/",
                "b",
                "`b =/` adds alternatives to a rule that is not defined",
            ),
        ),
        case(
            "incremental before its base",
            "a = b\nb =/ \"y\"\nb = \"x\"\n",
            error(DiagnosticKind::IncrementalWithoutBase, (2, 1), "b =/", "b", "expected `b =` before it"),
        ),
    ]);
}

#[test]
fn a_reference_under_a_prose_value_is_reported_after_it() {
    // Two problems in one rule, in text order: positions stay in step across tokens of all kinds.
    let files = [SourceFile::new("g.abnf", "a = %x41-5A 2( \"x\" / %x30.31 ) <p> zzz\n")];
    let diags = diagnostics(&files, &all_roots());
    let found: Vec<(DiagnosticKind, Pos)> = diags.iter().map(|d| (d.kind, d.pos)).collect();
    assert_eq!(
        found,
        [
            (DiagnosticKind::ProseValue, Pos { line: 1, column: 32 }),
            (DiagnosticKind::UndefinedRule, Pos { line: 1, column: 36 })
        ]
    );
}

#[test]
fn duplicates_note_the_first_definition() {
    let files = [SourceFile::new("g.abnf", "a = b\nb = \"x\"\nB = \"y\"\n")];
    let diags = diagnostics(&files, &all_roots());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    assert_eq!(
        (d.kind, d.pos, d.rule.as_deref()),
        (DiagnosticKind::DuplicateRule, Pos { line: 3, column: 1 }, Some("B"))
    );
    assert!(d.message.contains("defined more than once"), "{d}");
    assert_eq!(d.notes, ["first defined at g.abnf:2:1"]);

    let files =
        [SourceFile::new("one.abnf", "a = b\nb = \"x\"\n"), SourceFile::new("two.abnf", "\n   b = \"y\"\n")];
    let diags = diagnostics(&files, &all_roots());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    assert_eq!((d.file.as_str(), d.pos), ("two.abnf", Pos { line: 2, column: 4 }));
    assert_eq!(d.notes, ["first defined at one.abnf:2:1"]);
}

#[test]
fn a_grammar_may_redefine_a_library_rule() {
    // RFC 8259 defines `char`, RFC 5234 `CHAR`: the grammar's own definition wins, silently.
    let files = [
        SourceFile::library("core.abnf", CORE),
        SourceFile::new("json.abnf", "string = 1*char\nchar = %x61\n"),
    ];
    let compiled = compile(&files, &Options::default()).unwrap_or_else(|d| panic!("{d}"));
    assert!(compiled.warnings.is_empty(), "{:?}", compiled.warnings);
    let char_rule = compiled.grammar.lookup("CHAR").expect("char is defined");
    assert_eq!(compiled.grammar.files[compiled.grammar.rule(char_rule).file].name, "json.abnf");
    assert!(compiled.matches(char_rule, b"a"));
    assert!(!compiled.matches(char_rule, b"b"));
}

#[test]
fn unused_rules_are_warnings() {
    let files = vec![SourceFile::new("g.abnf", "a = \"x\"\n\n   b = \"y\"\n")];
    let options = Options { roots: Roots::Named(vec!["a".into()]), ..Options::default() };
    let expect = Expect {
        severity: Severity::Warning,
        kind: DiagnosticKind::UnusedRule,
        file: "g.abnf",
        line: 3,
        column: 4,
        at: "b =",
        rule: "b",
        says: "rule `b` is never used",
    };
    run(&[Case { name: "unused rule", files: files.clone(), options, expect }]);
    // The warning does not stop compilation, and naming the rule as a root silences it; by
    // default every rule nothing uses is a root, never reported unused.
    assert!(diagnostics(&files, &Options::default()).is_empty());
    let named = Options { roots: Roots::Named(vec!["a".into(), "B".into()]), ..Options::default() };
    assert!(diagnostics(&files, &named).is_empty());
}

#[test]
fn prose_values_are_errors_unless_repeated_zero_times() {
    run(&[case(
        "prose value",
        "a = \"x\"\n    / <anything at all>\n",
        error(
            DiagnosticKind::ProseValue,
            (2, 7),
            "<anything",
            "a",
            "prose value `<anything at all>` has no formal meaning",
        ),
    )]);
    let compiled = compile(&[SourceFile::new("g.abnf", "a = 0<pchar> / \"x\"\n")], &all_roots())
        .unwrap_or_else(|d| panic!("{d}"));
    let a = compiled.grammar.lookup("a").expect("a is defined");
    assert!(compiled.matches(a, b""));
    assert!(compiled.matches(a, b"x"));
    assert!(!compiled.matches(a, b"pchar"));
}

#[test]
fn recursion_lists_the_cycle() {
    run(&[case(
        "self recursion",
        "a = \"x\" a / \"y\"\n",
        error(
            DiagnosticKind::Recursion,
            (1, 1),
            "a =",
            "a",
            "recursive rules cannot be compiled to a finite automaton: a",
        ),
    )]);
    let files = vec![SourceFile::new("g.abnf", "top = a\n\n  a = \"x\" b / \"y\"\n  b = \"(\" a \")\"\n")];
    let diags = diagnostics(&files, &all_roots());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    assert_eq!(
        (d.kind, d.pos, d.rule.as_deref()),
        (DiagnosticKind::Recursion, Pos { line: 3, column: 3 }, Some("a"))
    );
    let members = d.message.rsplit(": ").next().unwrap_or("");
    let mut names: Vec<&str> = members.split(" -> ").collect();
    names.sort_unstable();
    assert_eq!(names, ["a", "b"], "{d}");
}

#[test]
fn invalid_ranges_point_at_the_value_or_repetition() {
    run(&[
        case(
            "backwards value range",
            "a = \"q\" %x5A-41\n",
            error(DiagnosticKind::InvalidRange, (1, 9), "%x5A-41", "a", "empty value range `%x5A-41`"),
        ),
        case(
            "backwards decimal range",
            "a = \"q\"\n    / %d90-65\n",
            error(DiagnosticKind::InvalidRange, (2, 7), "%d90-65", "a", "empty value range `%d90-65`"),
        ),
        case(
            "backwards repetition",
            "a = \"q\" 3*1\"x\"\n",
            error(
                DiagnosticKind::InvalidRange,
                (1, 9),
                "3*1",
                "a",
                "repetition `3*1` has a minimum greater than its maximum",
            ),
        ),
        case(
            "backwards repetition with maximum zero",
            "a = \"q\" *1\"y\" 3*0\"x\"\n",
            error(DiagnosticKind::InvalidRange, (1, 15), "3*0", "a", "repetition `3*0`"),
        ),
    ]);
}

#[test]
fn values_that_are_not_characters_point_at_the_value() {
    run(&[
        case(
            "above U+10FFFF",
            "a = \"q\" %x110000\n",
            error(
                DiagnosticKind::InvalidValue,
                (1, 9),
                "%x110000",
                "a",
                "value `%x110000` is above %x10FFFF",
            ),
        ),
        case(
            "range above U+10FFFF",
            "a = \"q\"\n    / %x41-110000\n",
            error(
                DiagnosticKind::InvalidValue,
                (2, 7),
                "%x41-110000",
                "a",
                "value %x110000 in `%x41-110000` is above %x10FFFF",
            ),
        ),
        case(
            "too large to read",
            "a = %xFFFFFFFFFF\n",
            error(
                DiagnosticKind::InvalidValue,
                (1, 5),
                "%xFFFFFFFFFF",
                "a",
                "value `%xFFFFFFFFFF` is above %x10FFFF",
            ),
        ),
        case(
            "surrogate",
            "a = \"q\" %xD800\n",
            error(
                DiagnosticKind::InvalidValue,
                (1, 9),
                "%xD800",
                "a",
                "value `%xD800` is a UTF-16 surrogate",
            ),
        ),
        case(
            "surrogate in a concatenation",
            "a = %x41.DFFF\n",
            error(
                DiagnosticKind::InvalidValue,
                (1, 5),
                "%x41.DFFF",
                "a",
                "`%x41.DFFF` holds a UTF-16 surrogate",
            ),
        ),
        case(
            "range of surrogates",
            "a = %xD800-DBFF\n",
            error(DiagnosticKind::InvalidValue, (1, 5), "%xD800-DBFF", "a", "a UTF-16 surrogate"),
        ),
    ]);
    // A range that only passes over the surrogates is fine: they are left out.
    let compiled = compile(&[SourceFile::new("g.abnf", "a = %xD000-E000\n")], &all_roots())
        .unwrap_or_else(|d| panic!("{d}"));
    let a = compiled.grammar.lookup("a").expect("a is defined");
    assert!(compiled.matches(a, "\u{d7ff}".as_bytes()));
    assert!(compiled.matches(a, "\u{e000}".as_bytes()));
    assert!(!compiled.matches(a, &[0xED, 0xA0, 0x80]), "the UTF-8 form of a surrogate is not UTF-8");
}

#[test]
fn octet_grammars_reject_values_above_ff() {
    let text = "a = \"q\" b\n\n   b = %x41\n     / %x100 ; not an octet\n";
    let files = [SourceFile::new("g.abnf", text)];
    let octets = Options { encoding: Encoding::Octets, ..all_roots() };
    let diags = diagnostics(&files, &octets);
    assert!(!diags.is_empty());
    for d in &diags {
        assert_eq!(
            (d.severity, d.kind, d.file.as_str()),
            (Severity::Error, DiagnosticKind::InvalidValue, "g.abnf"),
            "{d}"
        );
        assert!(d.message.contains("0x100"), "{d}");
        assert!(message_problem(d).is_none(), "{d}");
    }
    // One error, at the value, in the rule that writes it (`a` fails only through `b`).
    let places: Vec<(Option<&str>, Pos)> = diags.iter().map(|d| (d.rule.as_deref(), d.pos)).collect();
    assert_eq!(places, [(Some("b"), Pos { line: 4, column: 8 })], "{diags:?}");

    // The value's own position, for both rules: it is written in `b`.
    let (grammar, _) = uri_gen::check(&files, &octets).unwrap_or_else(|d| panic!("{d}"));
    let at = |name: &str| {
        let id = grammar.lookup(name).expect("rule exists");
        uri_gen::syntax::lower::locate_value(&grammar, id, 0x100)
            .map(|(rule, file, pos)| (grammar.rule(rule).name.as_str(), file, pos))
    };
    assert_eq!(at("a"), Some(("b", 0, Pos { line: 4, column: 8 })));
    assert_eq!(at("b"), Some(("b", 0, Pos { line: 4, column: 8 })));
    assert_eq!(uri_gen::syntax::lower::locate_value(&grammar, grammar.lookup("a").expect("a"), 0x101), None);

    // The same grammar is fine as UTF-8.
    assert!(diagnostics(&files, &all_roots()).is_empty());
}

#[test]
fn reference_chains_too_deep_to_compile_are_refused() {
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(&format!("r{i} = r{} \"x\"\n", i + 1));
    }
    text.push_str("r400 = \"y\"\n");
    let diags = diagnostics(&[SourceFile::new("g.abnf", text)], &all_roots());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    assert_eq!(
        (d.kind, d.pos, d.rule.as_deref()),
        (DiagnosticKind::TooLarge, Pos { line: 1, column: 1 }, Some("r0"))
    );
    assert!(d.message.contains("levels deep through the rules it refers to"), "{d}");
}

/// A grammar laid out as RFCs print it: prose, rules indented 3 and 9 spaces, comments on
/// continuation lines, a page break (footer, form feed, running header) inside a rule.
const RFC_TEXT: &str = "
RFC 1234                 Example Greetings                    May 2024


3.  Collected ABNF

   The rules below are laid out as the RFC prints them.  The greeting is
   the only entry point; the other rules serve it.

   greeting    = salutation 1*SP name   ; the first rule
                 / \"hi\" SP name         ; a second way
                 ; a comment alone on a continuation line
                 / %x48.49              ; \"HI\" as values

   A paragraph of prose between two rules, which mentions greeting and
   salutation and must not be read as ABNF.

   salutation  = \"hello\"
               / \"good\" SP day



Doe                          Informational                    [Page 12]
\u{c}
RFC 1234                 Example Greetings                    May 2024


               / \"hey\"                 ; continued across the page break

        day         = %s\"morning\" / %s\"evening\"
        name        = 1*ALPHA
";

/// [`RFC_TEXT`] with `find` replaced, as file `rfc1234.abnf`, with the core rules as a library.
fn rfc_files(find: &str, replace: &str, line_end: &str) -> Vec<SourceFile> {
    assert!(RFC_TEXT.contains(find), "{find:?} is not in the template");
    let text = RFC_TEXT.replacen(find, replace, 1).replace('\n', line_end);
    vec![SourceFile::new("rfc1234.abnf", text), SourceFile::library("rfc5234-core.abnf", CORE)]
}

fn rfc_case(name: &'static str, find: &str, replace: &str, line_end: &str, expect: Expect) -> Case {
    let options = Options { roots: Roots::Named(vec!["greeting".into()]), ..Options::default() };
    Case { name, files: rfc_files(find, replace, line_end), options, expect }
}

fn rfc_error(
    kind: DiagnosticKind,
    (line, column): (u32, u32),
    at: &'static str,
    rule: &'static str,
    says: &'static str,
) -> Expect {
    Expect { severity: Severity::Error, kind, file: "rfc1234.abnf", line, column, at, rule, says }
}

#[test]
fn rfc_layout_compiles() {
    for line_end in ["\n", "\r\n"] {
        let files = rfc_files("", "", line_end);
        let compiled: Compiled = compile(&files, &Options::default()).unwrap_or_else(|d| panic!("{d}"));
        assert!(compiled.warnings.is_empty(), "{:?}", compiled.warnings);
        let grammar: &Grammar = &compiled.grammar;
        let names: Vec<&str> =
            grammar.rules.iter().filter(|r| r.file == 0).map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["greeting", "salutation", "day", "name"]);
        let positions: Vec<(u32, u32)> =
            grammar.rules.iter().filter(|r| r.file == 0).map(|r| (r.pos.line, r.pos.column)).collect();
        assert_eq!(positions, [(10, 4), (18, 4), (30, 9), (31, 9)]);
        let greeting = grammar.lookup("greeting").expect("greeting is defined");
        for yes in ["hello world", "HELLO  World", "hi Bob", "HI", "hey you", "good morning Sun"] {
            assert!(compiled.matches(greeting, yes.as_bytes()), "{yes:?} is a greeting");
        }
        for no in ["hello", "hi  Bob", "Hi", "good Morning Sun", "hello w0rld", "RFC 1234"] {
            assert!(!compiled.matches(greeting, no.as_bytes()), "{no:?} is not a greeting");
        }
    }
}

#[test]
fn rfc_layout_positions_are_file_positions() {
    let mut cases = Vec::new();
    for line_end in ["\n", "\r\n"] {
        cases.extend([
            rfc_case(
                "undefined rule after the page break",
                "/ \"hey\" ",
                "/ \"hey\" salute",
                line_end,
                rfc_error(
                    DiagnosticKind::UndefinedRule,
                    (28, 24),
                    "salute",
                    "salutation",
                    "undefined rule `salute`",
                ),
            ),
            rfc_case(
                "bad value after a comment-only line",
                "%x48.49",
                "%x48.4G",
                line_end,
                rfc_error(DiagnosticKind::Syntax, (13, 26), "G", "greeting", "invalid hexadecimal digit `G`"),
            ),
            rfc_case(
                "unmatched parenthesis in a rule indented 9",
                "1*ALPHA",
                "1*ALPHA )",
                line_end,
                rfc_error(DiagnosticKind::Syntax, (31, 31), ")", "name", "unmatched `)`"),
            ),
            rfc_case(
                "prose value on a continuation line",
                "\"hi\" SP name",
                "\"hi\" SP <a name>",
                line_end,
                rfc_error(
                    DiagnosticKind::ProseValue,
                    (11, 28),
                    "<a name>",
                    "greeting",
                    "prose value `<a name>`",
                ),
            ),
            rfc_case(
                "backwards repetition before the page break",
                "\"good\" SP day",
                "\"good\" SP day 3*2\"x\"",
                line_end,
                rfc_error(DiagnosticKind::InvalidRange, (19, 32), "3*2", "salutation", "repetition `3*2`"),
            ),
            rfc_case(
                "unclosed group across the page break",
                "/ \"good\" SP day",
                "/ ( \"good\" SP day",
                line_end,
                rfc_error(DiagnosticKind::Syntax, (19, 18), "(", "salutation", "unclosed group"),
            ),
            rfc_case(
                "undefined rule in the core rules' place",
                "1*SP name",
                "1*SPACE name",
                line_end,
                rfc_error(
                    DiagnosticKind::UndefinedRule,
                    (10, 31),
                    "SPACE",
                    "greeting",
                    "undefined rule `SPACE`",
                ),
            ),
            rfc_case(
                "unused rule after the page break",
                "        name        = 1*ALPHA\n",
                "        name        = 1*ALPHA\n\n   spare = \"x\" ; never used\n",
                line_end,
                Expect {
                    severity: Severity::Warning,
                    kind: DiagnosticKind::UnusedRule,
                    file: "rfc1234.abnf",
                    line: 33,
                    column: 4,
                    at: "spare",
                    rule: "spare",
                    says: "rule `spare` is never used",
                },
            ),
        ]);
    }
    run(&cases);

    // A duplicate after the page break notes the first definition before it.
    let files = rfc_files(
        "        name        = 1*ALPHA\n",
        "        name        = 1*ALPHA\n        SALUTATION  = \"yo\"\n",
        "\n",
    );
    let diags = diagnostics(&files, &Options::default());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    assert_eq!((d.kind, d.pos), (DiagnosticKind::DuplicateRule, Pos { line: 32, column: 9 }), "{d}");
    assert_eq!(d.notes, ["first defined at rfc1234.abnf:18:4"]);
}

#[test]
fn rendered_diagnostics_show_the_file_line() {
    let files = rfc_files("/ \"hey\" ", "/ \"hey\" salute", "\n");
    let diags = diagnostics(&files, &Options::default());
    let [d] = diags.as_slice() else { panic!("expected one diagnostic: {diags:?}") };
    let rendered = d.render(Some(&files[0].text));
    let expected = [
        "error[undefined-rule]: rfc1234.abnf:28:24: undefined rule `salute`; expected a definition `salute = ...` \
         in one of the grammar files, such as a file of your own given beside them (in rule `salutation`)",
        "   |",
        "28 |                / \"hey\" salute                ; continued across the page break",
        "   |                        ^",
        "  = note: such a file may also bind it to a rule of a loaded document by a prose value: \
         `salute = <RULE, see [RFCnnnn], Section N>`",
        "",
    ]
    .join("\n");
    assert_eq!(rendered, expected);
}

// No input makes the compiler panic. Proptest reports a panic as a failure with the input.

/// Characters ABNF gives meaning to, and some it does not.
const ABNF_CHARS: &str = "[a-zA-Z0-9 \t\n\r\u{c}=/()\\[\\]<>\"%*;.\\-#@!\u{e9}\u{1F600}]{0,160}";

/// Edits to grammar text: an edit position, what to do and what to insert.
fn edits() -> impl Strategy<Value = Vec<(usize, u8, String)>> {
    prop::collection::vec((any::<usize>(), 0u8..6, "[ -~\t\n\u{c}\u{e9}]{0,6}"), 1..5)
}

fn mutate(text: &str, edits: &[(usize, u8, String)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, op, payload) in edits {
        let at = at % (chars.len() + 1);
        let payload: Vec<char> = payload.chars().collect();
        let line_start = chars[..at].iter().rposition(|&c| c == '\n').map_or(0, |i| i + 1);
        let line_end = chars[at..].iter().position(|&c| c == '\n').map_or(chars.len(), |i| at + i + 1);
        match op {
            0 => drop(chars.splice(at..at, payload)),
            1 => drop(chars.drain(at..(at + payload.len() + 1).min(chars.len()))),
            2 => drop(chars.splice(at..(at + payload.len()).min(chars.len()), payload)),
            3 => {
                let line: Vec<char> = chars[line_start..line_end].to_vec();
                drop(chars.splice(line_start..line_start, line));
            }
            4 => drop(chars.drain(line_start..line_end)),
            _ => {
                let special = "()[]/\"%<>*=;-.0123456789".chars().nth(payload.len() * 4 % 24).unwrap_or('(');
                chars.insert(at, special);
            }
        }
    }
    chars.into_iter().collect()
}

/// Compiles and checks what every diagnostic must be: in a file given, at a line of it.
fn compiles_without_panic(files: &[SourceFile], options: &Options) -> Result<(), TestCaseError> {
    for d in diagnostics(files, options) {
        let file = files.iter().find(|f| f.name == d.file);
        prop_assert!(file.is_some(), "{d} names an unknown file");
        let lines = file.map_or(0, |f| f.text.split('\n').count()) as u32;
        prop_assert!(d.pos.line >= 1 && d.pos.line <= lines && d.pos.column >= 1, "{d} is outside the file");
        prop_assert!(message_problem(&d).is_none(), "{d}");
        prop_assert!(
            !d.message.starts_with("invalid ABNF at"),
            "the scanner passed what the parser rejects: {d}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in prop_oneof![any::<String>(), ABNF_CHARS]) {
        for encoding in [Encoding::Utf8, Encoding::Octets] {
            let options = Options { encoding, ..Options::default() };
            compiles_without_panic(&[SourceFile::new("g.abnf", text.as_str())], &options)?;
        }
    }

    #[test]
    fn mutated_core_rules_never_panic(edits in edits()) {
        let text = mutate(CORE, &edits);
        for encoding in [Encoding::Utf8, Encoding::Octets] {
            let options = Options { encoding, roots: Roots::All, ..Options::default() };
            compiles_without_panic(&[SourceFile::new("rfc5234-core.abnf", text.as_str())], &options)?;
        }
    }

    #[test]
    fn scanner_agrees_with_the_abnf_crate(edits in edits(), which in 0usize..2) {
        let text = mutate([CORE, RFC3986][which], &edits);
        for chunk in split_rules(&text) {
            let scanned = scan(&chunk);
            // The crate reads `%b`, `%d`, `%x` in lower case only; the front end lower-cases them.
            let parser_text = chunk.text.replace("%X", "%x").replace("%D", "%d").replace("%B", "%b");
            let parsed = abnf::rule(&parser_text);
            let too_deep = scanned.as_ref().is_err_and(|e| e.message.contains("nested more than"));
            prop_assert!(
                too_deep || scanned.is_ok() == parsed.is_ok(),
                "scan: {scanned:?}\nabnf crate: {parsed:?}\nchunk: {:?}",
                chunk.text
            );
        }
    }
}

proptest! {
    // Each case that still compiles costs a whole RFC 3986 build, so fewer cases.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn mutated_rfc3986_never_panics(edits in edits()) {
        let files = [SourceFile::new("rfc3986.abnf", mutate(RFC3986, &edits)), SourceFile::library("rfc5234-core.abnf", CORE)];
        compiles_without_panic(&files, &Options::default())?;
    }
}
