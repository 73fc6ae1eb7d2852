//! The long differential run of `uri` against `fluent-uri` and `iri-string` (the bounded one is
//! `tests/tests/peers.rs`): every corpus and conformance input, then sampled members of
//! `URI-reference`, mutations of them and of the corpus, and noise over the delimiters, until `COUNT` inputs are tried.
//!
//! ```sh
//! cargo run --release -p uri-tests --example differential -- 1000000 [SEED]
//! ```
//!
//! Prints the counts and the first 20 disagreements; exits with status 1 when there is one.

#[path = "../tests/peers/compare.rs"]
#[allow(dead_code)]
mod compare;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let count: usize =
        args.next().map_or(1_000_000, |a| a.replace('_', "").parse().expect("COUNT is a number"));
    let seed: u64 = args.next().map_or(3986, |a| a.parse().expect("SEED is a number"));
    let started = Instant::now();
    let compiled =
        xtask::project::compile_uri(&uri_tests::workspace_root()).expect("the RFC 3986 grammar compiles");
    let mut inputs = compare::Inputs::new(&compiled.grammar, seed);
    let corpus = compare::corpus_inputs();
    let mut tally = compare::Tally::default();
    for input in corpus.iter().take(count) {
        tally.add(input);
    }
    let mut i = 0usize;
    while tally.inputs < count {
        let input = match i % 5 {
            0 | 1 => inputs.sample(),
            4 => inputs.noise(),
            2 => {
                let member = inputs.sample();
                inputs.mutate(&member)
            }
            _ => inputs.mutate(&corpus[(i / 5) % corpus.len()]),
        };
        tally.add(&input);
        i += 1;
    }
    print!("{}", tally.report());
    println!("seed {seed}, {:.1} s", started.elapsed().as_secs_f64());
    if tally.disagreements == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
