//! A snapshot of the module generated for a tiny recursive grammar (`tests/fixtures/nested.abnf`):
//! the regular rule's DFA, the network of the two recursive rules and the engine, so that a change
//! to their emission shows as a reviewable diff. Update with `INSTA_UPDATE=always cargo test` or
//! `cargo insta review`.

use uri_gen::emit::module;
use uri_gen::emit::{render_file, Header};
use uri_gen::{compile_program, Options, Roots, SourceFile};

fn generate() -> String {
    let files = [SourceFile::new("uri-gen/tests/fixtures/nested.abnf", include_str!("fixtures/nested.abnf"))];
    let options = Options { roots: Roots::All, ..Options::default() };
    let program = compile_program(&files, &options).unwrap_or_else(|d| panic!("{d}"));
    let header = Header { command: "uri-gen generate nested.abnf".to_owned(), inputs: files.to_vec() };
    let tokens = module(&program, "nested lists of words", None, &uri_gen::emit::EmitOptions::default())
        .unwrap_or_else(|e| panic!("{e:#}"));
    render_file(tokens, &header).unwrap_or_else(|e| panic!("{e:#}"))
}

#[test]
fn nested_lists() {
    insta::assert_snapshot!("nested", generate());
}

#[test]
fn generation_is_deterministic() {
    assert_eq!(generate(), generate());
}
