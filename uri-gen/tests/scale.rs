//! Generation at scale: the state limit's error names the parser and the captures whose tags
//! multiply its states, at the capture file's lines; progress reports go nowhere unless asked
//! for; and the output is the same on every run.

use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};

use uri_gen::emit::EmitOptions;
use uri_gen::progress::{Observer, Stage};
use uri_gen::{compile_parsers, DiagnosticKind, Options, Pos, SourceFile};

/// Parameters that overlap: `i` and `j` swallow the `;` that starts the next one, so every way
/// of reading the list keeps its own version of `e` and `p`, and the tagged DFA has several
/// copies of most states of the untagged one (403 states before minimization against 71).
const OVERLAPPING: &str = "\
r = 1*( \";\" ( e / p / i / j ) )
e = \"e=\" 1*\"1\"
p = 1*\"e\" [ \"=\" 1*( \"1\" / \"e\" ) ]
i = \"i=\" 1*( \"1\" / \"e\" / \";\" / \"=\" )
j = \"e\" 1*( \"1\" / \"e\" / \";\" / \"=\" / \"i\" )
";

const OVERLAPPING_CAPTURES: &str =
    "# the parameters\nparser R r\ncapture e e occurs=last prefer=earliest\ncapture p p occurs=last prefer=earliest\ncapture i i occurs=last prefer=earliest\ncapture j j occurs=last prefer=earliest\n";

fn grammar(text: &str) -> Vec<SourceFile> {
    vec![SourceFile::new("g.abnf", text)]
}

fn limited(limit: usize) -> Options {
    Options { dfa_limit: limit, ..Options::default() }
}

#[test]
fn the_limit_names_the_parser_and_the_captures_that_multiply_its_states() {
    let err = compile_parsers(&grammar(OVERLAPPING), "g.captures", OVERLAPPING_CAPTURES, &limited(100))
        .expect_err("403 states do not fit in 100");
    assert_eq!(err.0.len(), 1, "{err:?}");
    let d = &err.0[0];
    assert_eq!(d.kind, DiagnosticKind::TooLarge);
    assert_eq!(d.file, "g.captures");
    assert!(d.message.contains("parser `R` needs more than 100 tagged DFA states"), "{}", d.message);
    // The captures that grow the states are named, and the error stands at the first one's line.
    assert!(d.message.contains("`e`") && d.message.contains("`p`"), "{}", d.message);
    let lines = [("e", 3), ("p", 4), ("i", 5), ("j", 6)];
    assert_ne!(d.pos, Pos::default(), "never 0:0");
    assert!(lines.iter().any(|&(_, line)| d.pos == Pos { line, column: 1 }), "{:?}", d.pos);
    // Every other capture it names, and the parser, are shown where they are declared.
    assert!(d.notes.iter().any(|n| n.contains("parser `R` is declared at g.captures:2:1")), "{:?}", d.notes);
    for &(capture, line) in &lines {
        let named = d.message.contains(&format!("`{capture}`"));
        let at_error = d.pos.line == line;
        let in_note =
            d.notes.iter().any(|n| n.contains(&format!("`{capture}` is declared at g.captures:{line}:1")));
        assert_eq!(named, at_error || in_note, "{capture}: {d:?}");
    }
    assert!(d.notes.iter().any(|n| n.contains("--max-states")), "{:?}", d.notes);
}

#[test]
fn a_rule_too_large_without_its_captures_is_said_to_be_so_at_the_parser() {
    // The rule's own automaton remembers the last seven letters; the capture adds nothing.
    let text = "r = x *( \"a\" / \"b\" ) \"a\" 6( \"a\" / \"b\" )\nx = \"x\"\n";
    let captures = "parser R r\n\ncapture x x\n";
    let err = compile_parsers(&grammar(text), "g.captures", captures, &limited(50)).expect_err("too large");
    let d = &err.0[0];
    assert_eq!(d.kind, DiagnosticKind::TooLarge);
    assert_eq!((d.file.as_str(), d.pos), ("g.captures", Pos { line: 1, column: 1 }));
    assert!(d.message.contains("its rule alone is that large"), "{}", d.message);
    // With room enough it compiles.
    compile_parsers(&grammar(text), "g.captures", captures, &limited(1 << 16)).unwrap();
}

/// A progress report as the observer keeps it: stage, what, states, done.
type Report = (Stage, String, usize, bool);

#[test]
fn progress_is_silent_by_default_and_heard_when_asked_for() {
    assert!(Options::default().progress.is_silent());
    let seen: Arc<Mutex<Vec<Report>>> = Arc::default();
    let log = Arc::clone(&seen);
    let progress =
        Observer::new(move |p| log.lock().unwrap().push((p.stage, p.what.to_owned(), p.states, p.done)));
    let options = Options { progress, ..Options::default() };
    let parsers =
        compile_parsers(&grammar(OVERLAPPING), "g.captures", OVERLAPPING_CAPTURES, &options).unwrap();
    let seen = seen.lock().unwrap();
    let built = seen.iter().find(|r| r.0 == Stage::TaggedDfa && r.3).expect("the tagged DFA reports its end");
    assert_eq!(built.2, 403, "states before minimization");
    let last = seen.last().unwrap();
    assert_eq!((last.0, last.2, last.3), (Stage::Registers, parsers.tdfa.len(), true));
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uri-gen-scale-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_command_line_prints_no_progress_for_short_work_and_every_report_with_timings() {
    let dir = scratch("cli");
    std::fs::write(dir.join("g.abnf"), OVERLAPPING).unwrap();
    std::fs::write(dir.join("g.captures"), OVERLAPPING_CAPTURES).unwrap();
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_uri-gen"))
            .args(["generate", "g.abnf", "--captures", "g.captures", "--out", "g.rs"])
            .args(extra)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let quiet = run(&[]);
    assert!(!quiet.contains(" states "), "{quiet}");
    let timed = run(&["--timings"]);
    assert!(timed.contains("building the tagged DFA: 403 states done"), "{timed}");
    assert!(timed.lines().any(|l| l.starts_with('[') && l.contains(" s] ")), "{timed}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_same_grammar_gives_the_same_parser_every_time() {
    let build = || {
        let parsers =
            compile_parsers(&grammar(OVERLAPPING), "g.captures", OVERLAPPING_CAPTURES, &Options::default())
                .unwrap();
        let tokens = uri_gen::emit::parser(&parsers, "g", &EmitOptions::default()).unwrap();
        (parsers.tdfa, tokens.to_string())
    };
    let (first, first_text) = build();
    for _ in 0..3 {
        let (again, text) = build();
        assert!(again == first, "the tagged DFA differs between runs");
        assert!(text == first_text, "the emitted parser differs between runs");
    }
}
