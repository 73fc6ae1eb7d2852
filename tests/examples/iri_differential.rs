//! The long differential run of `uri`'s IRI parser against oxiri, iri-string and fluent-uri (the
//! bounded one is `tests/tests/iri_peers.rs`): sampled members of RFC 3987's `IRI-reference`,
//! their mutations, members with a character from around `ucschar`'s bounds inserted, and
//! noise, until `COUNT` inputs are tried.
//!
//! ```sh
//! cargo run --release -p uri-tests --example iri_differential -- 1000000 [SEED]
//! ```
//!
//! Prints the counts and the first 20 disagreements; exits with status 1 when there is one.

#[path = "../tests/iri_peers/compare.rs"]
#[allow(dead_code)]
mod compare;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let count: usize =
        args.next().map_or(1_000_000, |a| a.replace('_', "").parse().expect("COUNT is a number"));
    let seed: u64 = args.next().map_or(3987, |a| a.parse().expect("SEED is a number"));
    let started = Instant::now();
    let files = xtask::iri::iri_sources(&uri_tests::workspace_root()).expect("the grammar files");
    let options = uri_gen::Options { roots: uri_gen::Roots::All, ..uri_gen::Options::default() };
    let grammar = uri_gen::check(&files, &options).expect("the RFC 3987 grammar loads").0;
    let mut inputs = compare::Inputs::new(&grammar, seed);
    let mut tally = compare::Tally::default();
    for i in 0..count {
        let input = inputs.input(i);
        tally.add(&input);
    }
    print!("{}", tally.report());
    println!("seed {seed}, {:.1} s", started.elapsed().as_secs_f64());
    if tally.disagreements == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
