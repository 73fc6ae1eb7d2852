//! A snapshot of the parser module of a small list capture (items between commas, which may be
//! empty), so that a change to the emission of lists shows as a reviewable diff. Update with
//! `INSTA_UPDATE=always cargo test` or `cargo insta review`.

use uri_gen::Build;

#[test]
fn comma_separated_items() {
    let output = Build::new()
        .grammar_text("uri-gen/tests/fixtures/items.abnf", include_str!("fixtures/items.abnf"))
        .captures_text("uri-gen/tests/fixtures/items.captures", include_str!("fixtures/items.captures"))
        .what("comma-separated items")
        .command("uri-gen generate items.abnf --captures items.captures")
        .generate()
        .unwrap_or_else(|d| panic!("{d}"));
    insta::assert_snapshot!("items", output.module);
}
