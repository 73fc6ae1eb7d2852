//! Fuzz target: `uri::UriRef::parse` and `uri::Uri::parse` on arbitrary bytes (see `uri_fuzz::parse`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| uri_fuzz::parse::check(data));
