//! Fuzz target: percent-encoding round trips and decoding (see `uri_fuzz::percent`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::percent::check(data));
