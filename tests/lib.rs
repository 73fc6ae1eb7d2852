//! Shared helpers for the cross-crate tests: where the workspace and the test data are.

use std::path::{Path, PathBuf};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// A file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name)
}

/// The text of a file under `tests/data/`.
pub fn read_data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The lines of a URL list under `tests/data/corpus/` (a leading byte-order mark dropped).
pub fn corpus_lines(name: &str) -> Vec<String> {
    let text = read_data(&format!("corpus/{name}"));
    text.trim_start_matches('\u{feff}').lines().map(str::to_owned).collect()
}

/// The 10,000 Common Crawl pairs of `abnf/training/relative_urls_cc_10k.csv` (header
/// `base,relative`), as (base, reference): the `uri` crate's training inputs
/// ([`xtask::project::URI_TRAINING`]), and the resolution corpus of the tests and benches.
pub fn resolution_pairs() -> Vec<(String, String)> {
    let path = workspace_root().join(xtask::project::URI_TRAINING);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .skip(1)
        .map(|line| {
            let (base, relative) = line.split_once(',').unwrap_or_else(|| panic!("no comma in {line:?}"));
            (base.to_owned(), relative.to_owned())
        })
        .collect()
}

/// The two texts that `find_uris` is timed on: URL-dense text (the lines of `corpus/kasztp.txt`
/// joined by spaces, about 2.2 MB) and prose (`text/rfc3986.txt`, the whole RFC, repeated 15
/// times to about the same size).
pub fn find_texts() -> (String, String) {
    let dense = corpus_lines("kasztp.txt").join(" ");
    let prose = read_data("text/rfc3986.txt").repeat(15);
    (dense, prose)
}

/// Times `count` tasks taking turns, `rounds` times over, and returns the fastest time of each
/// in seconds: `run(i)` runs task `i` once. On a shared machine the load changes during a run;
/// taking turns exposes every task to the same load, and the fastest round is the one least
/// disturbed by it.
pub fn fastest_interleaved(rounds: usize, count: usize, mut run: impl FnMut(usize)) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; count];
    for _ in 0..rounds {
        for (i, best) in best.iter_mut().enumerate() {
            let start = std::time::Instant::now();
            run(i);
            *best = best.min(start.elapsed().as_secs_f64());
        }
    }
    best
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The URI-reference parser that re2rust generates from `tests/re2c/uri.re` (a benchmark peer;
/// present when re2rust was installed at build time, see `tests/build.rs`).
#[cfg(re2c)]
#[allow(unused_assignments, unused_mut, unused_variables, clippy::all, clippy::pedantic)]
pub mod re2c {
    include!(concat!(env!("OUT_DIR"), "/uri_re2c.rs"));
}

/// Every component of a reference, the host's kind included: what tests compare between a
/// reference built or edited in place and the parse of its text.
pub type Parts<'a> = (
    Option<&'a str>,
    Option<(&'a str, Option<&'a str>, &'a str, uri::HostKind, Option<&'a str>)>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

/// The [`Parts`] of `r`.
pub fn parts<'a>(r: &uri::UriRef<'a>) -> Parts<'a> {
    let authority = r.authority().map(|a| (a.as_str(), a.userinfo(), a.host(), a.host_kind(), a.port()));
    (r.scheme(), authority, r.path(), r.query(), r.fragment())
}
