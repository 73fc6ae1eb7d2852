//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the fuzz targets' own
//! checks (`fuzz/src/`), so that `cargo test` holds every input the fuzzers found interesting,
//! crashes that were fixed included, without libFuzzer or a nightly feature.
//!
//! `FUZZ_CORPUS=<dir>` replays `<dir>/<target>/` instead (for example freshly written seeds).

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod uri_fuzz;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

fn corpus_dir(target: &str) -> PathBuf {
    match std::env::var_os("FUZZ_CORPUS") {
        Some(dir) => PathBuf::from(dir).join(target),
        None => uri_tests::workspace_root().join("fuzz/corpus").join(target),
    }
}

/// Runs `check` on every file of the target's corpus; reports every failing file at once.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} is empty", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failures.push(format!("{} ({:?})", path.display(), String::from_utf8_lossy(&data)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} inputs fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_corpus() {
    replay("parse", uri_fuzz::parse::check);
}

#[test]
fn rules_corpus() {
    replay("rules", uri_fuzz::rules::check);
}

#[test]
fn percent_corpus() {
    replay("percent", uri_fuzz::percent::check);
}

#[test]
fn resolve_corpus() {
    replay("resolve", uri_fuzz::resolve::check);
}

#[test]
fn normalize_corpus() {
    replay("normalize", uri_fuzz::normalize::check);
}

#[test]
fn grammar_corpus() {
    replay("grammar", uri_fuzz::grammar::check);
}

#[test]
fn program_corpus() {
    replay("program", uri_fuzz::program::check);
}

#[test]
fn captures_corpus() {
    replay("captures", uri_fuzz::captures::check);
}
