//! The build-script API: inputs by path, text or bundled name; every problem, unreadable files
//! included, as diagnostics with file and position; the bundled grammars are the workspace's.

use std::path::{Path, PathBuf};

use uri_gen::{bundled, Build, DiagnosticKind, Severity};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("uri-gen is in a workspace")
}

#[test]
fn bundled_grammars_are_the_workspace_copies() {
    for b in bundled::BUNDLED {
        let workspace = std::fs::read_to_string(root().join(b.workspace_path())).expect("abnf/ copy");
        assert!(
            workspace == b.text,
            "{} differs from {}: run `cargo xtask regen`",
            b.path,
            b.workspace_path()
        );
        assert_eq!(bundled::find(&format!("{}.abnf", b.name.to_uppercase())), Some(&b));
    }
}

#[test]
fn files_are_read_as_given_and_listed_for_cargo() {
    let grammar = root().join("abnf/rfc8259-json.abnf");
    let output = Build::new()
        .grammar_file(&grammar)
        .library_named("rfc5234-core")
        .rule("number")
        .generate()
        .expect("compiles");
    assert_eq!(output.files, vec![grammar.clone()]);
    assert!(output.module.contains(&format!("// Source: {} (sha256 ", grammar.display())));
    assert!(output.module.contains("    Number,\n"));
    assert!(!output.module.contains("    Object,\n"), "only `number` and what it uses");
}

#[test]
fn unreadable_files_and_unknown_names_are_diagnostics() {
    let error = Build::new()
        .grammar_file("no/such/grammar.abnf")
        .library_named("rfc9999")
        .captures_file(PathBuf::from("no/such/file.captures"))
        .generate()
        .expect_err("nothing to read");
    let found: Vec<(DiagnosticKind, &str)> = error.0.iter().map(|d| (d.kind, d.file.as_str())).collect();
    assert_eq!(
        found,
        [
            (DiagnosticKind::Input, "no/such/grammar.abnf"),
            (DiagnosticKind::Input, "rfc9999"),
            (DiagnosticKind::Input, "no/such/file.captures"),
        ]
    );
    let text = error.to_string();
    assert!(
        text.contains("error[input]: no/such/grammar.abnf:0:0: cannot read no/such/grammar.abnf: "),
        "{text}"
    );
    assert!(
        text.contains("no bundled grammar is named `rfc9999`; the bundled ones are rfc5234-core, rfc3986")
    );
    assert!(text.ends_with("3 error(s), 0 warning(s)"), "{text}");
}

#[test]
fn grammar_errors_carry_file_line_and_column() {
    let error = Build::new().grammar_text("g.abnf", "a = b\n    / ( \"x\"\n").generate().expect_err("broken");
    let syntax = error.0.iter().find(|d| d.kind == DiagnosticKind::Syntax).expect("a syntax error");
    assert_eq!((syntax.file.as_str(), syntax.pos.line, syntax.pos.column), ("g.abnf", 2, 7));
    let error = Build::new()
        .grammar_text("g.abnf", "a = \"x\"\n")
        .emit_options(uri_gen::emit::EmitOptions { runtime: "runtime".to_owned(), vector: false })
        .generate()
        .expect_err("a relative runtime path");
    assert_eq!(error.0[0].kind, DiagnosticKind::Emit);
    assert!(error.0[0].message.contains("the runtime path `runtime` is relative"), "{}", error.0[0].message);
}

#[test]
fn warnings_come_with_the_output() {
    let output = Build::new()
        .grammar_text("g.abnf", "a = \"x\" / b\nb = \"y\"\nc = \"z\"\n")
        .captures_text("g.captures", "parser A a\ncapture b b\n")
        .generate()
        .expect("compiles");
    assert!(output.diagnostics.iter().all(|d| d.severity == Severity::Warning));
    assert!(output.module.contains("pub mod rules {") && output.module.contains("pub mod parser {"));
    let none = Build::new().grammar_text("empty.abnf", "Only prose.\n").generate().expect_err("no rule");
    assert!(none.to_string().contains("defines no rule"), "{none}");
}
