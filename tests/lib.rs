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
