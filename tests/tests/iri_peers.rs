//! `uri`'s IRI parser against oxiri, iri-string and fluent-uri, bounded for `cargo test`:
//! validity and every component on the IRI conformance inputs, sampled members of RFC 3987's
//! `IRI-reference`, their mutations, members with a character from around `ucschar`'s bounds
//! inserted anywhere (private use, bidirectional formatting, noncharacters, U+FFFD for invalid
//! UTF-8) and noise. Any disagreement fails with the input and both verdicts.
//!
//! The long run is `cargo run --release -p uri-tests --example iri_differential -- 1000000`.

#[path = "iri_peers/compare.rs"]
mod compare;

use compare::{Inputs, Tally};

/// RFC 3987's grammar, which the sampler draws from.
fn grammar() -> uri_gen::Grammar {
    let files = xtask::iri::iri_sources(&uri_tests::workspace_root()).expect("the grammar files");
    let options = uri_gen::Options { roots: uri_gen::Roots::All, ..uri_gen::Options::default() };
    uri_gen::check(&files, &options).expect("the RFC 3987 grammar loads").0
}

/// The inputs of the IRI conformance files.
fn conformance_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for name in ["iri_validity.json", "iri_components.json", "iri_resolution.json", "iri_normalization.json"]
    {
        let records: Vec<serde_json::Value> =
            serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for record in records {
            for key in ["input", "expected", "base", "ref", "different"] {
                if let Some(s) = record.get(key).and_then(|v| v.as_str()) {
                    inputs.push(s.to_owned());
                }
            }
        }
    }
    inputs
}

#[test]
fn peers_agree_on_iri_samples_mutations_and_noise() {
    let grammar = grammar();
    let mut inputs = Inputs::new(&grammar, 3987);
    let mut tally = Tally::default();
    for input in conformance_inputs() {
        tally.add(&input);
    }
    for i in 0..30_000 {
        let input = inputs.input(i);
        tally.add(&input);
    }
    eprintln!("{}", tally.report());
    assert!(tally.valid > tally.inputs / 3 && tally.valid < tally.inputs, "{}", tally.report());
    assert!(tally.non_ascii > tally.inputs / 3, "{}", tally.report());
    assert_eq!(tally.disagreements, 0, "{}", tally.report());
}
