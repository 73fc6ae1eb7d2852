//! The `uri` crate's grammar as these tests read it: RFC 3986 with the core rules, its capture
//! declarations and its training inputs, at the paths of this workspace (`xtask` holds the list
//! of every generated file and what it is made from).

// Each test file uses a part of this module.
#![allow(dead_code)]

use std::path::Path;

use uri_gen::{
    compile, compile_parsers, Compiled, CompiledParsers, Grammar, Options, Roots, SourceFile, Training,
};

/// The grammar files, RFC 3986 then the core rules of RFC 5234 (a library).
pub const GRAMMARS: [&str; 2] = ["abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf"];

/// The capture declarations of the parsers.
pub const CAPTURES: &str = "abnf/rfc3986.captures";

/// The training inputs: a header line, then one base, a comma and one reference a line.
pub const TRAINING: &str = "abnf/training/relative_urls_cc_10k.csv";

/// The workspace root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("uri-gen is in a workspace")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The grammar files.
pub fn sources() -> Vec<SourceFile> {
    vec![SourceFile::new(GRAMMARS[0], read(GRAMMARS[0])), SourceFile::library(GRAMMARS[1], read(GRAMMARS[1]))]
}

/// The training inputs as samples of `URI-reference`: every base and every reference.
pub fn training(grammar: &Grammar) -> Training {
    let rule = grammar.lookup("URI-reference").expect("RFC 3986 has URI-reference");
    let inputs = read(TRAINING)
        .lines()
        .skip(1)
        .map(|line| line.split_once(',').expect("a base, a comma and a reference"))
        .flat_map(|(base, reference)| [base.as_bytes().to_vec(), reference.as_bytes().to_vec()])
        .collect();
    Training { rule, inputs }
}

/// Every rule as an entry point.
fn options() -> Options {
    Options { roots: Roots::All, ..Options::default() }
}

/// The recognizer of every rule, trained as the `uri` crate's is.
pub fn compile_uri() -> Compiled {
    let mut compiled = compile(&sources(), &options()).unwrap_or_else(|d| panic!("{d}"));
    compiled.training = Some(training(&compiled.grammar));
    compiled
}

/// The parsers of the capture declarations, trained as the `uri` crate's are.
pub fn compile_uri_parsers() -> CompiledParsers {
    let mut parsers =
        compile_parsers(&sources(), CAPTURES, &read(CAPTURES), &options()).unwrap_or_else(|d| panic!("{d}"));
    parsers.training = Some(training(&parsers.grammar));
    parsers
}
