//! Snapshots of the generated recognizer for tiny fixture grammars (`tests/fixtures/`), so that
//! a change to emission shows as a reviewable diff. Update with `INSTA_UPDATE=always cargo test`
//! or `cargo insta review`.

use uri_gen::emit::EmitOptions;
use uri_gen::emit::{recognizer, render_file, Header};
use uri_gen::{compile, Options, Roots, SourceFile};

/// Compiles a fixture with every rule as an entry point and renders the module with the default
/// emit options (the table walk alone).
fn generate(name: &str, text: &str, what: &str) -> String {
    generate_with(name, text, what, &EmitOptions::default())
}

/// As [`generate`], with `options`.
fn generate_with(name: &str, text: &str, what: &str, emit: &EmitOptions) -> String {
    let files = [SourceFile::new(format!("uri-gen/tests/fixtures/{name}"), text)];
    let options = Options { roots: Roots::All, ..Options::default() };
    let compiled = compile(&files, &options).unwrap_or_else(|d| panic!("{name} does not compile:\n{d}"));
    let header = Header { command: format!("uri-gen generate {name}"), inputs: files.to_vec() };
    let tokens = recognizer(&compiled, what, emit).unwrap_or_else(|e| panic!("{name}: {e}"));
    render_file(tokens, &header).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn digits() {
    let text = generate("digits.abnf", include_str!("fixtures/digits.abnf"), "a decimal number");
    insta::assert_snapshot!("digits", text);
}

#[test]
fn digits_with_the_avx2_walk() {
    let options = EmitOptions { vector: true, ..EmitOptions::default() };
    let text =
        generate_with("digits.abnf", include_str!("fixtures/digits.abnf"), "a decimal number", &options);
    insta::assert_snapshot!("digits_vector", text);
}

#[test]
fn greeting_with_strings_of_both_cases_and_incremental_alternatives() {
    let text = generate("greeting.abnf", include_str!("fixtures/greeting.abnf"), "a greeting");
    insta::assert_snapshot!("greeting", text);
}

#[test]
fn utf8_letters() {
    let text =
        generate("utf8.abnf", include_str!("fixtures/utf8.abnf"), "words of Latin-1 and Greek letters");
    insta::assert_snapshot!("utf8", text);
}

#[test]
fn generation_is_deterministic() {
    let text = include_str!("fixtures/greeting.abnf");
    assert_eq!(generate("greeting.abnf", text, "a greeting"), generate("greeting.abnf", text, "a greeting"));
}
