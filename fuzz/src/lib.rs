//! The invariants the fuzz targets check, one module per target: each `check` takes the raw fuzz
//! input and panics when an invariant breaks. The targets in `fuzz_targets/` are one-line
//! wrappers, and `tests/tests/fuzz_corpus.rs` replays the committed corpora through these same
//! functions in `cargo test`, so a fixed crash stays fixed without libFuzzer.

#![forbid(unsafe_code)]

pub mod captures;
pub mod grammar;
pub mod normalize;
pub mod parse;
pub mod percent;
pub mod program;
pub mod resolve;
pub mod rules;

/// The grammar of the `uri` crate, as the generator reads it (RFC 3986 Appendix A, verbatim).
pub const RFC3986_ABNF: &str = include_str!("../../abnf/rfc3986.abnf");

/// The core rules of RFC 5234 Appendix B.1, a library grammar.
pub const CORE_ABNF: &str = include_str!("../../abnf/rfc5234-core.abnf");

/// Whether bit `byte` is set in a 256-bit set as the generated tables return them.
pub fn in_set(set: [u64; 4], byte: u8) -> bool {
    set[usize::from(byte / 64)] & (1 << (byte % 64)) != 0
}

/// A seed for the generator's sampler that depends on the whole input (FNV-1a), so that a
/// crashing input replays the same samples.
pub fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The byte offset of `part` inside `whole`, when `part` is a slice of it.
pub fn offset_in(whole: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    assert!(offset + part.len() <= whole.len(), "{part:?} is not a slice of {whole:?}");
    offset
}
