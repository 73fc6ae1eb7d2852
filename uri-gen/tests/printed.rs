//! RFC text as printed: what `uri-gen` reads with a warning (a repetition glued to a group, prose
//! after a rule, a comment continued without `;`), what it refuses (`:=`, a file without rules),
//! how duplicate definitions are explained, and which syntax errors the roots make warnings.

use uri_gen::{check, compile_program, Diagnostic, DiagnosticKind, Options, Roots, Severity, SourceFile};

fn core() -> SourceFile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../abnf/rfc5234-core.abnf");
    SourceFile::library("rfc5234-core.abnf", std::fs::read_to_string(path).expect("core rules"))
}

fn diagnostics(files: &[SourceFile], roots: Roots) -> Vec<Diagnostic> {
    match check(files, &Options { roots, ..Options::default() }) {
        Ok((_, warnings)) => warnings,
        Err(d) => d.0,
    }
}

fn only(names: &[&str]) -> Roots {
    Roots::Only(names.iter().map(|n| n.to_string()).collect())
}

fn matches(files: &[SourceFile], rule: &str, input: &str) -> bool {
    let program = compile_program(files, &Options { roots: only(&[rule]), ..Options::default() })
        .unwrap_or_else(|d| panic!("{d}"));
    let id = program.grammar.lookup(rule).expect("compiled");
    program.recognize(id, input.as_bytes(), 512).is_ok()
}

#[test]
fn a_repetition_glued_to_a_group_is_read_with_a_warning() {
    let text = "   a = \"x\" (\"y\" / \"z\")*\"w\"\n";
    let files = [SourceFile::new("glued.abnf", text)];
    let diags = diagnostics(&files, Roots::Unreferenced);
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags[0].render(Some(text)),
        "warning[printed]: glued.abnf:1:23: repetition `*\"w\"` printed against the `)` before it: read as the next element of the concatenation; RFC 5234 expects whitespace between elements (in rule `a`)\n  |\n1 |    a = \"x\" (\"y\" / \"z\")*\"w\"\n  |                       ^\n"
    );
    assert!(matches(&files, "a", "xzww"));
    assert!(matches(&files, "a", "xy"));
    assert!(!matches(&files, "a", "xwy"));
}

#[test]
fn a_glued_element_that_is_no_repetition_stays_an_error() {
    let files = [SourceFile::new("glued.abnf", "a = (\"y\" / \"z\")\"w\"\n")];
    let diags = diagnostics(&files, Roots::Unreferenced);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].kind, DiagnosticKind::Syntax);
    assert!(diags[0].is_error());
}

#[test]
fn prose_after_a_column_0_rule_ends_it_with_a_warning() {
    let text = "port = 1*DIGIT\n\n   The BNF for this rule can be found in another\n   document, which is cited here.\n\nhost = port \".\"\n";
    let files = [SourceFile::new("prose.abnf", text), core()];
    let diags = diagnostics(&files, Roots::Unreferenced);
    let shown: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        ["warning[printed]: prose.abnf:3:4: this paragraph reads as prose, though it is indented under rule `port`: read as text, not as part of the rule (in rule `port`)"]
    );
    assert!(matches(&files, "host", "80."));
}

#[test]
fn an_indented_continuation_is_still_part_of_its_rule() {
    // Continuation lines after a blank line that do not read as sentences continue the rule.
    let text = "a = \"x\"\n\n     / \"y\"\n";
    let files = [SourceFile::new("cont.abnf", text)];
    assert_eq!(diagnostics(&files, Roots::Unreferenced), []);
    assert!(matches(&files, "a", "y"));
}

#[test]
fn a_comment_continued_without_a_semicolon_is_read_as_comment() {
    let text = "a = b ; the same as b, as specified\n      by HTTP/1.1\nb = \"x\"\n";
    let files = [SourceFile::new("comment.abnf", text)];
    let diags = diagnostics(&files, Roots::Unreferenced);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(
        diags[0].to_string(),
        "warning[printed]: comment.abnf:2:7: this line continues the comment of line 1 without `;`: read as comment text, not as part of rule `a` (in rule `a`)"
    );
    assert_eq!(
        diags[0].notes,
        ["as ABNF it does not parse: expected an element after the repetition `1`, found `.`"]
    );
    assert!(matches(&files, "a", "x"));
}

#[test]
fn bnf_with_colon_equals_is_an_error_that_says_so() {
    let files = [SourceFile::new("bnf.abnf", "Syntax\n\n   url := \"x:\" rest\n   rest := *char\n")];
    let diags = diagnostics(&files, Roots::Unreferenced);
    let found: Vec<(Severity, DiagnosticKind, u32, u32)> =
        diags.iter().map(|d| (d.severity, d.kind, d.pos.line, d.pos.column)).collect();
    assert_eq!(
        found,
        [(Severity::Error, DiagnosticKind::NotAbnf, 3, 4), (Severity::Error, DiagnosticKind::NotAbnf, 4, 4)]
    );
}

#[test]
fn a_file_without_rules_is_an_error() {
    let files = [SourceFile::new("prose.txt", "Only prose here.\nNo rule at all.\n")];
    let diags = diagnostics(&files, Roots::Unreferenced);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].kind, DiagnosticKind::NoRules);
    assert!(diags[0].is_error());
    assert_eq!(diags[0].pos, uri_gen::Pos { line: 1, column: 1 });
}

#[test]
fn with_rule_a_syntax_error_in_an_unused_rule_is_a_warning() {
    let files = [SourceFile::new("g.abnf", "a = \"x\"\nbroken = ( \"y\"\n")];
    let unreferenced = diagnostics(&files, Roots::Unreferenced);
    assert!(unreferenced.iter().any(|d| d.kind == DiagnosticKind::Syntax && d.is_error()));
    let rooted = diagnostics(&files, only(&["a"]));
    assert_eq!(rooted.len(), 1);
    assert_eq!(rooted[0].severity, Severity::Warning);
    assert_eq!(rooted[0].notes, ["no rule compiled uses this rule, so this is a warning"]);
    // A root that uses the broken rule keeps the error.
    let files = [SourceFile::new("g.abnf", "a = broken\nbroken = ( \"y\"\n")];
    assert!(diagnostics(&files, only(&["a"])).iter().any(Diagnostic::is_error));
}

#[test]
fn a_library_syntax_error_in_an_unused_rule_is_a_warning() {
    let files = [
        SourceFile::new("g.abnf", "a = good\n"),
        SourceFile::library("lib.abnf", "good = \"x\"\nbad = ( \"y\"\n"),
    ];
    let diags = diagnostics(&files, Roots::Unreferenced);
    assert_eq!(diags.len(), 1);
    assert_eq!((diags[0].severity, diags[0].kind), (Severity::Warning, DiagnosticKind::Syntax));
    // A grammar file that redefines the broken rule does not need the library's.
    let files = [
        SourceFile::new("g.abnf", "a = good bad\nbad = \"z\"\n"),
        SourceFile::library("lib.abnf", "good = \"x\"\nbad = ( \"y\"\n"),
    ];
    assert!(!diagnostics(&files, Roots::Unreferenced).iter().any(Diagnostic::is_error));
}

#[test]
fn equals_slash_is_suggested_only_for_a_definition_that_follows_the_first() {
    let files = [SourceFile::new(
        "twice.abnf",
        "a = \"x\"\na = \"y\"\nb = a c\nc = \"1\"\n\nSome prose.\n\nc = \"2\"\n",
    )];
    let diags = diagnostics(&files, Roots::Unreferenced);
    let messages: Vec<(&str, &str)> =
        diags.iter().map(|d| (d.rule.as_deref().unwrap_or(""), d.message.as_str())).collect();
    assert_eq!(
        messages,
        [
            ("a", "rule `a` is defined more than once; expected `=/` to add alternatives to it"),
            ("c", "rule `c` is defined more than once; expected one definition: to choose one, load this file with `--library` and give the chosen `c = ...` in a file of your own declaring `; uri-gen: override c`"),
        ]
    );
}

#[test]
fn a_library_defining_a_rule_twice_is_chosen_by_an_override() {
    let library =
        SourceFile::library("lib.abnf", "top = n \",\" n\nn = 1*DIGIT\n\nNarrower:\n\nn = 1*2DIGIT\n");
    let choice = SourceFile::new("choice.abnf", "; uri-gen: override n\nn = 1*3DIGIT\n");
    let files = [choice, library, core()];
    assert!(matches(&files, "top", "123,456"));
    assert!(!matches(&files, "top", "1234,1"));
}
