//! What the front end reads beyond plain RFC 5234, and how several grammar files combine: the
//! `#list` extension of RFC 9110 (each form checked against the RFCs' own expansions),
//! and compiling only the rules some entry points need (how names bind between files is
//! `binding.rs`'s).

use std::collections::{HashMap, VecDeque};
use std::path::Path;

use uri_gen::automata::Dfa;
use uri_gen::syntax::ListForm;
use uri_gen::tools::Sampler;
use uri_gen::{
    compile_program, Diagnostic, DiagnosticKind, Options, Pos, Program, Roots, Severity, SourceFile,
};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root")
}

fn file(name: &str, library: bool) -> SourceFile {
    let text = std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    if library {
        SourceFile::library(name, text)
    } else {
        SourceFile::new(name, text)
    }
}

fn compile(files: &[SourceFile], roots: Roots, lists: ListForm) -> Program {
    let options = Options { roots, lists, ..Options::default() };
    compile_program(files, &options).unwrap_or_else(|d| panic!("{d}"))
}

fn diagnostics(files: &[SourceFile], roots: Roots) -> Vec<Diagnostic> {
    let options = Options { roots, ..Options::default() };
    match compile_program(files, &options) {
        Ok(program) => program.warnings,
        Err(diags) => diags.0,
    }
}

/// A state of each DFA.
type Pair = (u32, u32);

/// A shortest input on which rule `a` of `pa` and rule `b` of `pb` disagree (both regular), by a
/// breadth-first walk of the product of their DFAs.
fn difference(pa: &Program, a: &str, pb: &Program, b: &str) -> Option<Vec<u8>> {
    let start = |p: &Program, name: &str| {
        let id = p.grammar.lookup(name).unwrap_or_else(|| panic!("no rule {name}"));
        p.dfa.starts[p.dfa_rule[id.index()].unwrap_or_else(|| panic!("{name} is not regular"))]
    };
    let (da, db): (&Dfa, &Dfa) = (&pa.dfa, &pb.dfa);
    let first = (start(pa, a), start(pb, b));
    let mut seen: HashMap<Pair, (Option<Pair>, u8)> = HashMap::from([(first, (None, 0))]);
    let mut queue = VecDeque::from([first]);
    while let Some((x, y)) = queue.pop_front() {
        if da.accept[x as usize] != db.accept[y as usize] {
            let mut path = Vec::new();
            let mut at = (x, y);
            while let Some(&(Some(parent), byte)) = seen.get(&at) {
                path.push(byte);
                at = parent;
            }
            path.reverse();
            return Some(path);
        }
        for byte in 0..=255u8 {
            let next = (da.next(x, byte), db.next(y, byte));
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(next) {
                e.insert((Some((x, y)), byte));
                queue.push_back(next);
            }
        }
    }
    None
}

#[test]
fn sender_lists_expand_as_rfc_9110_appendix_a_prints_them() {
    let lists = compile(
        &[
            file("abnf/rfc9110-list.abnf", false),
            file("abnf/rfc9110-appendix-a.abnf", true),
            file("abnf/rfc3986.abnf", true),
            file("abnf/rfc5234-core.abnf", true),
        ],
        Roots::All,
        ListForm::Sender,
    );
    let appendix = compile(
        &[file("abnf/rfc9110-appendix-a.abnf", false), file("abnf/rfc5234-core.abnf", true)],
        Roots::Only(
            ["Accept-Encoding", "Connection", "Content-Encoding", "range-set"].map(String::from).to_vec(),
        ),
        ListForm::Sender,
    );
    for rule in ["Accept-Encoding", "Connection", "Content-Encoding", "range-set"] {
        let found = difference(&lists, rule, &appendix, rule);
        assert_eq!(found, None, "`{rule}` differs on {:?}", found.as_deref().map(String::from_utf8_lossy));
    }
    // `Via` refers to the recursive `comment`: compared on samples of each side instead. The list
    // file writes `1#(...)` as RFC 7230 did, RFC 9110 `#(...)`: they differ on the empty string.
    let via = compile(
        &[
            file("abnf/rfc9110-appendix-a.abnf", false),
            file("abnf/rfc3986.abnf", true),
            file("abnf/rfc5234-core.abnf", true),
        ],
        Roots::Only(vec!["Via".to_owned()]),
        ListForm::Sender,
    );
    // RFC 9110 Appendix A's own `port` is a placeholder, replaced by RFC 3986's: it compiled.
    let (a, b) = (lists.grammar.lookup("Via").expect("Via"), via.grammar.lookup("Via").expect("Via"));
    assert!(!lists.matches(a, b"") && via.matches(b, b""));
    for (from, other, rule, other_rule, seed) in [(&lists, &via, a, b, 1), (&via, &lists, b, a, 2)] {
        let mut sampler = Sampler::new(&from.grammar, from.encoding, seed);
        for _ in 0..300 {
            let member = sampler.sample(rule);
            let mutated = sampler.mutate(&member);
            for input in [&member, &mutated] {
                if !input.is_empty() {
                    let (x, y) = (from.matches(rule, input), other.matches(other_rule, input));
                    assert_eq!(x, y, "{:?}", String::from_utf8_lossy(input));
                }
            }
        }
    }
}

#[test]
fn recipient_lists_expand_as_the_rfcs_print_them() {
    // RFC 7230 Appendix B prints `Connection = 1#connection-option` in the recipient form.
    let list = SourceFile::new("list.abnf", "Connection = 1#connection-option\n");
    let lists = compile(
        &[list, file("abnf/rfc7230-appendix-b.abnf", true), file("abnf/rfc5234-core.abnf", true)],
        Roots::All,
        ListForm::Recipient,
    );
    let appendix = compile(
        &[file("abnf/rfc7230-appendix-b.abnf", false), file("abnf/rfc5234-core.abnf", true)],
        Roots::Only(vec!["Connection".to_owned()]),
        ListForm::Sender,
    );
    assert_eq!(difference(&lists, "Connection", &appendix, "Connection"), None);
    // RFC 9110 section 5.6.1.2's `#element`: empty elements anywhere.
    let text = "a = #b\nb = \"x\"\nOWS = *( %x20 / %x09 )\n";
    let p = compile(&[SourceFile::new("g.abnf", text)], Roots::All, ListForm::Recipient);
    let a = p.grammar.lookup("a").expect("a");
    for yes in ["", "x", ",", "x,", ", x", "x , ,x", " ,"] {
        assert!(p.matches(a, yes.as_bytes()), "{yes:?}");
    }
    for no in ["xx", " x", "x y"] {
        assert!(!p.matches(a, no.as_bytes()), "{no:?}");
    }
    let p = compile(&[SourceFile::new("g.abnf", text)], Roots::All, ListForm::Sender);
    for (input, yes) in [("", true), ("x", true), ("x , x", true), (",", false), ("x,", false)] {
        assert_eq!(p.matches(a, input.as_bytes()), yes, "{input:?}");
    }
}

#[test]
fn bounded_sender_lists_count_elements() {
    let text = "a = 2#3b\nb = \"x\"\nc = 0#1b\nOWS = *%x20\n";
    let p = compile(&[SourceFile::new("g.abnf", text)], Roots::All, ListForm::Sender);
    let (a, c) = (p.grammar.lookup("a").expect("a"), p.grammar.lookup("c").expect("c"));
    for (input, yes) in [("x", false), ("x,x", true), ("x , x,x", true), ("x,x,x,x", false)] {
        assert_eq!(p.matches(a, input.as_bytes()), yes, "{input:?}");
    }
    for (input, yes) in [("", true), ("x", true), ("x,x", false)] {
        assert_eq!(p.matches(c, input.as_bytes()), yes, "{input:?}");
    }
}

#[test]
fn lists_that_cannot_be_expanded_are_reported_where_they_are() {
    let files = [SourceFile::new("g.abnf", "a = \"(\" 1#b \")\"\nb = \"x\"\n")];
    let diags = diagnostics(&files, Roots::All);
    let [d] = diags.as_slice() else { panic!("{diags:?}") };
    assert_eq!(
        (d.kind, d.pos, d.rule.as_deref()),
        (DiagnosticKind::UndefinedRule, Pos { line: 1, column: 9 }, Some("a"))
    );
    assert!(d.message.contains("the list `1#` (RFC 9110 section 5.6.1) refers to `OWS`"), "{d}");
    let files = [SourceFile::new("g.abnf", "a = b 2#3b\nb = \"x\"\nOWS = \"\"\n")];
    let options = Options { roots: Roots::All, lists: ListForm::Recipient, ..Options::default() };
    let diags = compile_program(&files, &options).expect_err("no recipient form").0;
    let [d] = diags.as_slice() else { panic!("{diags:?}") };
    assert_eq!((d.kind, d.pos), (DiagnosticKind::Syntax, Pos { line: 1, column: 7 }));
    assert!(d.message.contains("not of `2#3element`"), "{d}");
    // Plain RFC 5234 scanning still refuses `#`.
    let chunk = uri_gen::syntax::source::split_rules("a = 1#b\n").remove(0);
    assert!(uri_gen::syntax::source::scan(&chunk).is_err());
}

#[test]
fn only_the_rules_the_entry_points_need_are_compiled() {
    let text = "a = b\nb = \"x\"\nbroken = undefined-thing\nc = <prose>\n";
    let files = [SourceFile::new("g.abnf", text)];
    let all = diagnostics(&files, Roots::All);
    assert_eq!(all.iter().filter(|d| d.severity == Severity::Error).count(), 2, "{all:?}");
    let p = compile(&files, Roots::Only(vec!["a".to_owned()]), ListForm::Sender);
    let names: Vec<&str> = p.grammar.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    // The rules no root uses are still read: their problems are warnings.
    let found: Vec<(Severity, DiagnosticKind, Option<&str>)> =
        p.warnings.iter().map(|d| (d.severity, d.kind, d.rule.as_deref())).collect();
    assert_eq!(
        found,
        [
            (Severity::Warning, DiagnosticKind::UndefinedRule, Some("broken")),
            (Severity::Warning, DiagnosticKind::ProseValue, Some("c")),
        ]
    );
    let diags = diagnostics(&files, Roots::Only(vec!["nope".to_owned()]));
    assert!(
        diags.iter().any(|d| d.kind == DiagnosticKind::UnknownRule && d.message.contains("`nope`")),
        "{diags:?}"
    );
}

#[test]
fn a_rule_that_matches_nothing_is_a_warning() {
    let files =
        [SourceFile::new("g.abnf", "top = \"a\" / never\nnever = \"(\" never \")\"\nalso = never never\n")];
    let diags = diagnostics(&files, Roots::All);
    let found: Vec<(DiagnosticKind, Severity, Pos, Option<&str>)> =
        diags.iter().map(|d| (d.kind, d.severity, d.pos, d.rule.as_deref())).collect();
    assert_eq!(
        found,
        [
            (DiagnosticKind::EmptyLanguage, Severity::Warning, Pos { line: 2, column: 1 }, Some("never")),
            (DiagnosticKind::EmptyLanguage, Severity::Warning, Pos { line: 3, column: 1 }, Some("also")),
        ]
    );
    assert!(diags[0].message.contains("rule `never` matches no string"), "{}", diags[0]);
}
