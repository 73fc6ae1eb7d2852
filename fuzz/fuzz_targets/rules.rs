//! Fuzz target: every `uri::Rule` recognizer against the reference interpreter (see `uri_fuzz::rules`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::rules::check(data));
