//! Fuzz target: normalization: validity, idempotence, meaning under resolution, `normalized_eq` (see `uri_fuzz::normalize`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::normalize::check(data));
