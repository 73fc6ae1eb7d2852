//! Fuzz target: `uri_gen::compile_program` (recursive grammars, Earley engine) on arbitrary grammar text (see `uri_fuzz::program`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::program::check(data));
