//! Conversions with `http::Uri` (feature `http`), judged by http's own parser: over every text of
//! the conformance vectors and corpora, a URI converts exactly when `http::Uri` reads its text
//! with the same components (up to the two documented differences), and converts back unchanged.

#[path = "../common/texts.rs"]
mod texts;

use std::collections::BTreeMap;

use uri::{UriBuf, UriRef, UriRefBuf};

/// The text `http::Uri` must write for a reference it holds: the reference's own, but for the
/// two documented differences, both only for http and https: the scheme in lower case, and an
/// empty path after the authority as `/`.
fn as_http_writes(r: &UriRef<'_>) -> String {
    let mut out = String::new();
    let http = r.scheme().is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    if let Some(scheme) = r.scheme() {
        out += &if http { scheme.to_ascii_lowercase() } else { scheme.to_owned() };
        out.push(':');
    }
    if let Some(authority) = r.authority() {
        out += "//";
        out += authority.as_str();
    }
    out += if r.path().is_empty() && http { "/" } else { r.path() };
    if let Some(query) = r.query() {
        out.push('?');
        out += query;
    }
    out
}

/// Whether http's own parser reads `text` with `r`'s components, written as `as_http_writes`:
/// the independent statement of when a conversion must succeed.
fn http_reads_the_same(r: &UriRef<'_>, text: &str) -> bool {
    let Ok(theirs) = text.parse::<http::Uri>() else { return false };
    let expected = as_http_writes(r);
    let Ok(expected) = UriRef::parse(&expected) else { return false };
    let written = theirs.to_string();
    r.fragment().is_none()
        && written == expected.as_str()
        && theirs.scheme_str() == expected.scheme()
        && theirs.authority().map(|a| a.as_str()) == expected.authority().map(|a| a.as_str())
        && theirs.path() == expected.path()
        && theirs.query() == expected.query()
}

#[test]
fn every_vector_that_http_reads_alike_converts_both_ways() {
    let mut converted = 0;
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for text in texts::all() {
        let Ok(r) = UriRef::parse(&text) else { continue };
        let result = http::Uri::try_from(r);
        assert_eq!(result.is_ok(), http_reads_the_same(&r, &text), "{text:?}: {result:?}");
        match result {
            Ok(theirs) => {
                converted += 1;
                let written = as_http_writes(&r);
                assert_eq!(theirs.to_string(), written, "{text:?}");
                let back = UriRefBuf::try_from(&theirs).unwrap_or_else(|e| panic!("{text:?} back: {e}"));
                assert_eq!(back, written.as_str(), "{text:?}");
                if r.is_uri() {
                    assert_eq!(UriBuf::try_from(&theirs).expect("a URI back"), written.as_str(), "{text:?}");
                }
                // And again to http: the same value.
                assert_eq!(http::Uri::try_from(&back).expect("again"), theirs, "{text:?}");
            }
            Err(e) => {
                let reason = e.to_string();
                // The reason's kind: its words up to the first detail.
                let kind = reason.split(['(', '`', '"', ';']).next().unwrap_or_default().trim().to_owned();
                *refused.entry(kind).or_default() += 1;
                if r.fragment().is_some() {
                    assert!(reason.contains("fragment"), "{text:?}: {reason}");
                }
            }
        }
    }
    eprintln!("converted {converted}; refused: {refused:#?}");
    assert!(converted > 90_000, "{converted}");
}

#[test]
fn what_http_cannot_hold_is_refused_with_the_reason() {
    let cases = [
        ("http://a/b#f", "http::Uri holds no fragment (here `f`)"),
        ("mailto:user@example.com", "http::Uri holds a URI with a scheme only as `scheme://authority`"),
        ("file:///etc/hosts", "http::Uri rejects this URI: invalid format"),
        ("foo://a", "http::Uri reads an empty path after the authority as `/`"),
        ("a/b?c", "http::Uri holds a relative reference only as a path from `/`"),
        ("//host/path", "http::Uri holds a relative reference only as a path from `/`"),
    ];
    for (text, reason) in cases {
        let error = http::Uri::try_from(UriRef::parse(text).unwrap()).expect_err(text);
        assert!(error.to_string().starts_with(reason), "{text}: {error}");
    }
    let long = format!("http://a/{}", "x".repeat(65_534 - 9));
    assert!(http::Uri::try_from(UriRef::parse(&long).unwrap()).is_ok());
    let longer = long + "x";
    let error = http::Uri::try_from(UriRef::parse(&longer).unwrap()).unwrap_err();
    assert_eq!(error.to_string(), "http::Uri holds at most 65534 bytes; this URI has 65535");
    // The documented differences: accepted, and visible on the way back.
    for (text, back) in
        [("HTTP://a/b", "http://a/b"), ("https://a", "https://a/"), ("https://a?q", "https://a/?q")]
    {
        let theirs = http::Uri::try_from(uri::Uri::parse(text).unwrap()).expect(text);
        assert_eq!(UriBuf::try_from(theirs).unwrap(), back);
    }
    // `*` and origin-form are request targets.
    for text in ["*", "/", "/a?b=c"] {
        let theirs = http::Uri::try_from(UriRef::parse(text).unwrap()).expect(text);
        assert_eq!(UriRefBuf::try_from(theirs).unwrap(), text);
    }
}

#[test]
fn http_uris_that_are_no_rfc3986_references_are_refused() {
    for (text, expect_parse_error) in [
        ("http://a/{b}", true),
        ("/a|b", true),
        ("http://a/\"q\"", true),
        ("example.com:443", false), // authority-form
    ] {
        let theirs: http::Uri = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let error = UriRefBuf::try_from(&theirs).expect_err(text);
        assert_eq!(error.parse_error().is_some(), expect_parse_error, "{text}: {error}");
        assert!(UriBuf::try_from(&theirs).is_err(), "{text}");
    }
    let origin: http::Uri = "/a".parse().unwrap();
    assert_eq!(
        UriBuf::try_from(&origin).unwrap_err().to_string(),
        "the http::Uri has no scheme: convert it to a UriRefBuf"
    );
}
