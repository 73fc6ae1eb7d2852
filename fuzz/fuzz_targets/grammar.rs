//! Fuzz target: `uri_gen::compile` on arbitrary grammar text (see `uri_fuzz::grammar`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::grammar::check(data));
