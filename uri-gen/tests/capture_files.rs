//! Capture files checked like code: each bad declaration is one error at its name, with what was
//! expected; names that pass give a module that compiles; no text makes the reader panic.

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use uri_gen::capture::CaptureSpec;
use uri_gen::emit::{render_file, Header};
use uri_gen::emit::{runtime_file, EmitOptions};
use uri_gen::{compile_parsers, Diagnostic, DiagnosticKind, Diagnostics, Options, Pos, SourceFile};

/// The grammar every capture file here is read against: rules named like Rust keywords included.
const GRAMMAR: &str = "\
top = nid \":\" nss [ \";\" type ] [ \"!\" self ]
nid = 1*%x61-7A
nss = 1*%x30-39
type = \"t\"
self = \"s\"
";

const FILE: &str = "g.captures";

/// A bad capture file and the one error it must give.
struct Case {
    name: &'static str,
    text: &'static str,
    kind: DiagnosticKind,
    /// 1-based line and column.
    at: (u32, u32),
    /// The file text at that position starts with this, so the expected position checks itself.
    word: &'static str,
    /// A part of the message.
    says: &'static str,
}

const fn case(
    name: &'static str,
    text: &'static str,
    kind: DiagnosticKind,
    at: (u32, u32),
    word: &'static str,
    says: &'static str,
) -> Case {
    Case { name, text, kind, at, word, says }
}

use DiagnosticKind::{DuplicateName, InvalidName, Syntax};

const CASES: &[Case] = &[
    case(
        "keyword capture",
        "parser Top top\ncapture type type\n",
        InvalidName,
        (2, 9),
        "type",
        "capture name `type` gives the accessor `Captures::type`, but `type` is a Rust keyword; expected another name",
    ),
    case("self capture", "parser Top top\ncapture self self\n", InvalidName, (2, 9), "self", "`self` is a Rust keyword"),
    case("Self parser", "parser Self top\n", InvalidName, (1, 8), "Self", "the variant `Parser::Self`, but `Self` is a Rust keyword"),
    case("reserved word", "parser Top top\ncapture gen nid\n", InvalidName, (2, 9), "gen", "`gen` is a Rust keyword"),
    case(
        "leading digit",
        "parser Top top\ncapture 9nid nid\n",
        InvalidName,
        (2, 9),
        "9nid",
        "capture name `9nid` gives the accessor `Captures::9nid`, which starts with a digit; expected a name that starts with a letter",
    ),
    case("underscore alone", "parser Top top\ncapture - nid\n", InvalidName, (2, 9), "-", "`_` alone is not a Rust name"),
    case(
        "dash in a parser name",
        "parser Uri-Ref top\n",
        InvalidName,
        (1, 8),
        "Uri-Ref",
        "parser name `Uri-Ref` holds `-`, which a Rust name cannot; expected ASCII letters, digits and `_`",
    ),
    case(
        "dot in a capture name",
        "parser Top top\ncapture nid.x nid\n",
        InvalidName,
        (2, 9),
        "nid.x",
        "capture name `nid.x` holds `.`; expected ASCII letters, digits, `-` and `_`",
    ),
    case("non-ASCII capture name", "parser Top top\ncapture n\u{e9} nid\n", InvalidName, (2, 9), "n\u{e9}", "holds `\u{e9}`"),
    case(
        "digit-led kind",
        "parser Top top\nkind 4x nid=A\n",
        InvalidName,
        (2, 6),
        "4x",
        "kind name `4x` gives the accessor `Captures::4x_kind`, which starts with a digit",
    ),
    case("keyword variant", "parser Top top\nkind k nid=Self\n", InvalidName, (2, 12), "Self", "the variant `KKind::Self`, but `Self` is a Rust keyword"),
    case("dash in a variant", "parser Top top\nkind k nid=Ipv-4\n", InvalidName, (2, 12), "Ipv-4", "kind variant `Ipv-4` holds `-`"),
    case("parse parser", "parser parse top\n", InvalidName, (1, 8), "parse", "the method `Parser::parse`"),
    case(
        "same accessor after mapping",
        "parser Top top\ncapture nid-x nid\ncapture nid_x nss\n",
        DuplicateName,
        (3, 9),
        "nid_x",
        "capture name `nid_x` gives the accessor `Captures::nid_x`, as capture `nid-x` does at 2:9; expected a name of its own",
    ),
    case("same capture twice", "parser Top top\ncapture x nid\ncapture x nss\n", DuplicateName, (3, 9), "x", "as capture `x` does at 2:9"),
    case(
        "a method every Captures has",
        "parser Top top\ncapture shifted nid\n",
        DuplicateName,
        (2, 9),
        "shifted",
        "gives the accessor `Captures::shifted`, a method every `Captures` already has",
    ),
    case("setter of span", "parser Top top\ncapture span nid\n", DuplicateName, (2, 9), "span", "`Captures::span`, a method every"),
    case(
        "accessor that is a setter",
        "parser Top top\ncapture x nid\ncapture set_x nss\n",
        DuplicateName,
        (3, 9),
        "set_x",
        "capture name `set_x` gives the accessor `Captures::set_x`, as capture `x` does at 2:9",
    ),
    case(
        "capture named like a kind accessor",
        "parser Top top\nkind x nid=A nss=B\ncapture x_kind nid\n",
        DuplicateName,
        (3, 9),
        "x_kind",
        "gives the accessor `Captures::x_kind`, as kind `x` does at 2:6",
    ),
    case(
        "kind accessor that is a setter",
        "parser Top top\ncapture x_kind nid\nkind set_x nss=A\n",
        DuplicateName,
        (3, 6),
        "set_x",
        "kind name `set_x` gives the accessor `Captures::set_x_kind`, as capture `x_kind` does at 2:9",
    ),
    case(
        "same kind type",
        "parser Top top\nkind host nid=A\nkind Host nss=B\n",
        DuplicateName,
        (3, 6),
        "Host",
        "kind name `Host` gives the type `HostKind`, as kind `host` does at 2:6",
    ),
    case(
        "repeated parser",
        "parser Top top\nparser Top nid\n",
        DuplicateName,
        (2, 8),
        "Top",
        "parser name `Top` gives the variant `Parser::Top`, as parser `Top` does at 1:8",
    ),
    case(
        "duplicate kind variant",
        "parser Top top\nkind k nid=A nss=A\n",
        DuplicateName,
        (2, 18),
        "A",
        "kind variant `A` gives the variant `KKind::A`, as `nid=A` does at 2:12; expected a name of its own",
    ),
    case(
        "rule twice in a kind",
        "parser Top top\nkind k nid=A nid=B\n",
        DuplicateName,
        (2, 14),
        "nid=B",
        "rule `nid` is listed again in kind `k`, as `nid=A` at 2:8; expected each rule once in a kind",
    ),
    case(
        "no parser line",
        "# only captures\ncapture nid nid\n",
        Syntax,
        (1, 1),
        "#",
        "the capture file declares no parser; expected at least one `parser NAME RULE` line",
    ),
    case("empty file", "", Syntax, (1, 1), "", "declares no parser"),
    case("parser without a rule", "parser Top\n", Syntax, (1, 1), "parser", "expected `parser NAME RULE`, found `parser Top`"),
    case("kind without a variant", "parser Top top\nkind k =A\n", Syntax, (2, 8), "=A", "expected RULE=VARIANT, found `=A`"),
];

fn grammar_files() -> [SourceFile; 1] {
    [SourceFile::new("g.abnf", GRAMMAR)]
}

/// The diagnostics of a capture file: none when it compiles.
fn diagnostics(text: &str) -> Vec<Diagnostic> {
    match compile_parsers(&grammar_files(), FILE, text, &Options::default()) {
        Ok(parsers) => parsers.warnings,
        Err(Diagnostics(diags)) => diags,
    }
}

/// The text of `text` from `pos` on (columns count characters).
fn text_at(text: &str, pos: Pos) -> &str {
    let Some(line) = text.split('\n').nth(pos.line as usize - 1) else { return "" };
    let start = line.char_indices().nth(pos.column as usize - 1).map_or(line.len(), |(i, _)| i);
    &line[start..]
}

/// A message starts in lower case and is one line without a final period.
fn well_formed(message: &str) -> bool {
    !message.starts_with(char::is_uppercase) && !message.ends_with('.') && !message.contains('\n')
}

fn check_case(case: &Case) -> Option<String> {
    let diags = diagnostics(case.text);
    let [d] = diags.as_slice() else {
        let shown: Vec<String> = diags.iter().map(ToString::to_string).collect();
        return Some(format!(
            "{}: expected one diagnostic, got {}:\n  {}",
            case.name,
            diags.len(),
            shown.join("\n  ")
        ));
    };
    let want = Pos { line: case.at.0, column: case.at.1 };
    let mut problems = Vec::new();
    if !d.is_error() || d.kind != case.kind {
        problems.push(format!("{:?} {:?}, expected an error {:?}", d.severity, d.kind, case.kind));
    }
    if d.file != FILE || d.pos != want {
        problems.push(format!("at {}:{}, expected {FILE}:{want}", d.file, d.pos));
    }
    if !d.message.contains(case.says) {
        problems.push(format!("message does not say {:?}", case.says));
    }
    if !well_formed(&d.message) {
        problems.push("badly formed message".to_owned());
    }
    if !text_at(case.text, want).starts_with(case.word) {
        problems.push(format!("the expectation is wrong: the text at {want} is not {:?}", case.word));
    }
    (!problems.is_empty()).then(|| format!("{}: {d}\n  {}", case.name, problems.join("\n  ")))
}

#[test]
fn bad_capture_files_give_one_positioned_error() {
    let failures: Vec<String> = CASES.iter().filter_map(check_case).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn every_problem_of_a_file_is_reported_in_file_order() {
    let text = "capture type type\nkind k nid=A nss=A\ncapture 9nid nid\n";
    let found: Vec<(DiagnosticKind, u32, u32)> =
        diagnostics(text).iter().map(|d| (d.kind, d.pos.line, d.pos.column)).collect();
    assert_eq!(found, vec![(Syntax, 1, 1), (InvalidName, 1, 9), (DuplicateName, 2, 18), (InvalidName, 3, 9)],);
}

/// Names at the edge of what is allowed, each mapped to a Rust item that compiles.
const EDGE_NAMES: &str = "\
parser Top top
parser Nid nid
capture nid-x nid
capture r_type type
capture self_ self
capture set nss
kind type nid=Nid nss=Nss
kind self-ref type=Type self=SelfRule
";

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

#[test]
fn names_that_pass_give_a_module_that_compiles() {
    let parsers = compile_parsers(&grammar_files(), FILE, EDGE_NAMES, &Options::default()).expect("compiles");
    let tokens = uri_gen::emit::parser(&parsers, "edge names", &EmitOptions::default()).expect("emits");
    let header = Header { command: "capture_files test".to_owned(), inputs: Vec::new() };
    let module = render_file(tokens, &header).expect("the module parses");
    for item in [
        "pub const fn nid_x(",
        "pub fn set_nid_x(",
        "pub const fn r_type(",
        "pub const fn self_(",
        "pub const fn set(",
        "pub const fn type_kind(",
        "pub enum TypeKind",
        "pub const fn self_ref_kind(",
        "pub enum SelfRefKind",
    ] {
        assert!(module.contains(item), "no `{item}` in the module");
    }
    let dir = scratch("capture_edge_names");
    std::fs::write(dir.join("uri_gen_runtime.rs"), runtime_file(false)).expect("write");
    std::fs::write(dir.join("edge.rs"), module).expect("write");
    let lib = dir.join("lib.rs");
    std::fs::write(
        &lib,
        "#![forbid(unsafe_code)]\n#![deny(warnings)]\n#[path = \"uri_gen_runtime.rs\"]\nmod uri_gen_runtime;\n\
         #[path = \"edge.rs\"]\npub mod edge;\n",
    )
    .expect("write");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let out = Command::new(rustc)
        .args(["--edition", "2021", "--crate-type", "lib", "--emit", "metadata", "--crate-name", "edge"])
        .arg("--out-dir")
        .arg(&dir)
        .arg(&lib)
        .output()
        .expect("rustc runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Words of capture files, good and bad, and the characters between them.
const TOKENS: &[&str] = &[
    "parser",
    "capture",
    "kind",
    "Top",
    "top",
    "nid",
    "nss",
    "type",
    "self",
    "Self",
    "9nid",
    "nid-x",
    "nid_x",
    "span",
    "set_x",
    "x",
    "x_kind",
    "parse",
    "_",
    "-",
    "=",
    "nid=A",
    "nss=A",
    "type=Self",
    "=A",
    "A=",
    "nid=",
    "#",
    "é",
    "\u{1F600}",
    "r#type",
    " ",
    " ",
    " ",
    "\t",
    "\n",
    "\n",
    "\r\n",
];

fn capture_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..48).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn capture_files_never_panic_and_errors_point_into_the_file(text in capture_text()) {
        let (grammar, _) = uri_gen::check(&grammar_files(), &Options::default()).expect("the grammar is valid");
        match CaptureSpec::parse(FILE, &text, &grammar) {
            Ok(spec) => prop_assert!(!spec.parsers.is_empty()),
            Err(Diagnostics(diags)) => {
                prop_assert!(!diags.is_empty());
                let lines = text.split('\n').count() as u32;
                for d in &diags {
                    prop_assert!(d.is_error() && d.file == FILE, "{d}");
                    prop_assert!(d.pos.line >= 1 && d.pos.line <= lines && d.pos.column >= 1, "{d} is outside the file");
                    prop_assert!(well_formed(&d.message), "{d}");
                }
            }
        }
    }

    #[test]
    fn accepted_capture_files_emit_a_module_that_parses(rest in capture_text()) {
        let text = format!("parser Top top\n{rest}");
        if let Ok(parsers) = compile_parsers(&grammar_files(), FILE, &text, &Options::default()) {
            let tokens = uri_gen::emit::parser(&parsers, "proptest", &EmitOptions::default());
            let header = Header { command: String::new(), inputs: Vec::new() };
            let module = tokens.and_then(|tokens| render_file(tokens, &header));
            prop_assert!(module.is_ok(), "{text:?}: {module:?}");
        }
    }
}
