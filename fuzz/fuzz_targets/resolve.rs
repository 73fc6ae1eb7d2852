//! Fuzz target: reference resolution and `remove_dot_segments` (see `uri_fuzz::resolve`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::resolve::check(data));
