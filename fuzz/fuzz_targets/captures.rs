//! Fuzz target: `uri_gen::compile_parsers` on arbitrary grammar and capture text (see `uri_fuzz::captures`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::captures::check(data));
