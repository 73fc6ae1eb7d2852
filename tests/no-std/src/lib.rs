//! A `#![no_std]` library over `uri` built without its `std` feature: recognition, parsing,
//! resolution, normalization and percent-decoding with nothing but `core` and `alloc`.
//!
//! No target without `std` is installed where this workspace is built, so the check is that
//! this crate, which never names `std`, compiles and links against `uri` with default features
//! off (`cargo test -p uri-no-std` builds it alone, so no other member turns `std` back on).
//! The tests below then run its functions with the test harness's `std`.

#![no_std]

extern crate alloc;

use alloc::string::String;
use alloc::vec::Vec;

use uri::{Rule, Uri, UriRef};

/// Whether `text` is an absolute URI (the `URI` rule), by the recognizer alone.
pub fn is_absolute_uri(text: &str) -> bool {
    Rule::Uri.matches(text.as_bytes())
}

/// The host of a URI reference, borrowed from the text, or the byte index where parsing failed.
pub fn host(text: &str) -> Result<Option<&str>, usize> {
    let parsed = UriRef::parse(text).map_err(|e| e.index())?;
    Ok(parsed.authority().map(|a| a.host()))
}

/// `reference` resolved against `base` (RFC 3986 section 5.2), as text.
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    let base = Uri::parse(base).ok()?;
    let reference = UriRef::parse(reference).ok()?;
    Some(String::from(base.resolve(&reference).as_str()))
}

/// The normal form of a URI reference (RFC 3986 section 6.2.2 and 6.2.3), as text.
pub fn normalize(text: &str) -> Option<String> {
    Some(String::from(UriRef::parse(text).ok()?.normalize().as_str()))
}

/// The path's segments, percent-decoded.
pub fn decoded_segments(text: &str) -> Option<Vec<String>> {
    let parsed = UriRef::parse(text).ok()?;
    parsed.path_segments().map(|s| s.decoded().ok().map(|d| String::from(&*d))).collect()
}

/// The error message for a text that is no URI reference (its `Display`, through `core::fmt`).
pub fn error_message(text: &str) -> Option<String> {
    use core::fmt::Write;
    let error = UriRef::parse(text).err()?;
    let mut out = String::new();
    write!(out, "{error}").ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn recognizes_and_parses() {
        assert!(is_absolute_uri("https://example.com/a?b#c"));
        assert!(!is_absolute_uri("//example.com/a"));
        assert_eq!(host("http://[2001:db8::1]:80/x"), Ok(Some("[2001:db8::1]")));
        assert_eq!(host("a/b"), Ok(None));
        assert_eq!(host("http://a b/"), Err(8));
        // Long enough for the AVX2 walk, where the build has it.
        for len in [10, 43, 44, 45, 100] {
            let long = alloc::format!("https://example.com/{} b", "a".repeat(len));
            assert_eq!(host(&long), Err(20 + len), "{long}");
            assert_eq!(host(&long[..20 + len]), Ok(Some("example.com")), "{long}");
        }
    }

    #[test]
    fn resolves_the_rfc_examples() {
        let base = "http://a/b/c/d;p?q";
        for (reference, expected) in [
            ("g", "http://a/b/c/g"),
            ("../g", "http://a/b/g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("../../../g", "http://a/g"),
        ] {
            assert_eq!(resolve(base, reference).as_deref(), Some(expected), "{reference}");
        }
        assert_eq!(resolve("relative", "g"), None);
    }

    #[test]
    fn normalizes_and_decodes() {
        assert_eq!(
            normalize("HTTP://Example.COM:80/%7Euser/./x").as_deref(),
            Some("http://example.com/~user/x")
        );
        assert_eq!(decoded_segments("/a%20b/c").unwrap(), ["a b", "c"]);
        assert_eq!(decoded_segments("/%FF"), None);
        let message = error_message("http://a b/").unwrap();
        assert!(message.contains('8'), "{message}");
    }
}
