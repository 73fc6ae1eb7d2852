//! Conversions with `url::Url` (feature `url`), judged by url's own parser: over every text of
//! the conformance vectors and corpora, a URI converts exactly when WHATWG parsing leaves its
//! text as it is, and converts back unchanged; a `url::Url` converts exactly when its text is an
//! RFC 3986 URI. Each WHATWG rewrite the crate documents is checked by an example.

#[path = "../common/texts.rs"]
mod texts;

use std::collections::BTreeMap;

use uri::{UriBuf, UriRef};

#[test]
fn every_vector_that_whatwg_leaves_alone_converts_both_ways() {
    let (mut converted, mut urls_back, mut urls_refused) = (0, 0, 0);
    let mut refused: BTreeMap<&'static str, usize> = BTreeMap::new();
    for text in texts::all() {
        let parsed = url::Url::parse(&text);
        if let Ok(r) = UriRef::parse(&text) {
            let result = url::Url::try_from(r);
            let unchanged = parsed.as_ref().is_ok_and(|u| u.as_str() == text && u.path() == r.path());
            assert_eq!(result.is_ok(), unchanged, "{text:?}: {result:?}");
            match result {
                Ok(theirs) => {
                    converted += 1;
                    assert_eq!(theirs.as_str(), text);
                    assert_eq!(UriBuf::try_from(&theirs).expect("back"), text.as_str());
                }
                Err(e) => {
                    let kind = match (e.component(), &parsed) {
                        (Some(component), Ok(url)) => {
                            // The component named is one WHATWG really wrote (or read) differently.
                            let theirs = UriRef::parse(url.as_str());
                            let differs = theirs.is_err()
                                || parts(&r, component) != parts(&theirs.unwrap(), component)
                                || (component == "path" && r.path() != url.path());
                            assert!(differs, "{text:?}: {e}");
                            component
                        }
                        (None, Err(_)) if r.scheme().is_none() => "no scheme",
                        (None, Err(_)) => "rejected by url",
                        (component, parsed) => panic!("{text:?}: {e} ({component:?}, {parsed:?})"),
                    };
                    *refused.entry(kind).or_default() += 1;
                }
            }
        }
        // The other way: every URL of the texts that url reads.
        if let Ok(theirs) = parsed {
            match UriBuf::try_from(&theirs) {
                Ok(ours) => {
                    urls_back += 1;
                    assert_eq!(ours.as_str(), theirs.as_str());
                    assert_eq!(url::Url::try_from(&ours).expect("again"), theirs, "{text:?}");
                }
                Err(e) => match (e.parse_error(), e.component()) {
                    (Some(error), _) => {
                        assert_eq!(uri::Uri::parse(theirs.as_str()).unwrap_err(), *error);
                        urls_refused += 1;
                    }
                    // WHATWG's `/.` before a path of `//` without authority: in its text, not its path.
                    (None, Some("path")) => {
                        assert!(
                            theirs.as_str().contains(":/.//") && theirs.path().starts_with("//"),
                            "{theirs}: {e}"
                        );
                        urls_refused += 1;
                    }
                    _ => panic!("{text:?} as {theirs}: {e}"),
                },
            }
        }
    }
    eprintln!("converted {converted}; url::Url values back {urls_back}, refused {urls_refused}; URIs refused, by the component WHATWG rewrites: {refused:#?}");
    assert!(converted > 50_000 && urls_back > 50_000, "{converted} {urls_back}");
}

/// The text of one component, by name.
fn parts<'a>(r: &UriRef<'a>, component: &str) -> Option<&'a str> {
    match component {
        "scheme" => r.scheme(),
        "authority" => r.authority().map(|a| a.as_str()),
        "path" => Some(r.path()),
        "query" => r.query(),
        "fragment" => r.fragment(),
        _ => Some(r.as_str()),
    }
}

/// Each rewrite the `url` feature's documentation lists, with the component it names.
#[test]
fn the_documented_whatwg_rewrites_are_refused() {
    let cases = [
        ("HTTP://a/", "scheme", "http"),
        ("http://A/", "authority", "a"),
        ("http://%C3%A9.example/", "authority", "xn--9ca.example"),
        ("http://0x7f.1/", "authority", "127.0.0.1"),
        ("http://a:80/", "authority", "a"),
        ("https://a:443/", "authority", "a"),
        ("http://a:/", "authority", "a"),
        ("http://a", "path", "/"),
        ("http://a/?it's", "query", "it%27s"),
        ("http:///a", "authority", "a"),
        ("foo://a/b/../c", "path", "/c"),
        ("foo://a/b/%2e/c", "path", "/b/c"),
        ("foo://[0:0::1]/", "authority", "[::1]"),
        ("foo://u:@h/", "authority", "u@h"),
        ("foo://@h/", "authority", "h"),
        ("foo://u;v@h/", "authority", "u%3Bv@h"),
    ];
    for (text, component, theirs) in cases {
        let error = url::Url::try_from(UriRef::parse(text).unwrap()).expect_err(text);
        assert_eq!(error.component(), Some(component), "{text}: {error}");
        assert!(error.to_string().ends_with(&format!("as {theirs:?}")), "{text}: {error}");
    }
    for (text, reason) in [
        ("a/b", "url::Url holds only absolute URLs; this reference has no scheme"),
        ("http://", "url::Url (WHATWG) rejects this URI: empty host"),
        ("http://a:65536/", "url::Url (WHATWG) rejects this URI: invalid port number"),
    ] {
        let error = url::Url::try_from(UriRef::parse(text).unwrap()).expect_err(text);
        assert_eq!(error.to_string(), reason, "{text}");
    }
    // Schemes WHATWG does not know keep what RFC 3986 allows.
    for text in ["mailto:a@b.example", "urn:isbn:0451450523", "foo://A:1/%7e?x#y", "file:///C:/a%20b"] {
        let theirs = url::Url::try_from(UriRef::parse(text).unwrap()).expect(text);
        assert_eq!(UriBuf::try_from(theirs).unwrap(), text);
    }
}

#[test]
fn whatwg_serializations_that_are_no_rfc3986_uris_are_refused() {
    for text in
        ["http://a/b|c", "http://a/^", "foo:/[a]", "foo:/?{x}", "http://a/?`", "http://a/#|", "foo:a b"]
    {
        let theirs = url::Url::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let error = UriBuf::try_from(&theirs).expect_err(text);
        assert!(error.parse_error().is_some(), "{text}: {error}");
        assert!(error.to_string().starts_with("the url::Url is not an RFC 3986 URI: invalid URI"), "{error}");
    }
    // A path of `//` without authority: WHATWG writes `/.` before it, RFC 3986 reads it as part
    // of the path.
    let theirs = url::Url::parse("foo:/.//a").unwrap();
    assert_eq!((theirs.as_str(), theirs.path()), ("foo:/.//a", "//a"));
    let error = UriBuf::try_from(&theirs).unwrap_err();
    assert_eq!(error.to_string(), "url::Url (WHATWG) rewrites the path \"/.//a\" as \"//a\"");
    let error = url::Url::try_from(UriRef::parse("foo:/.//a").unwrap()).unwrap_err();
    assert_eq!(error.component(), Some("path"));
}
