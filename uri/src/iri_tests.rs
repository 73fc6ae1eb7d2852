//! Unit tests of the borrowed IRI types: the capture layout both parsers share, and errors.

use crate::{IriRef, UriRef};
use std::prelude::rust_2021::*;

/// Both parsers record each capture and the host's kind in the same slots: on URIs, which
/// both grammars accept, the offsets agree.
#[test]
fn both_parsers_share_one_capture_layout() {
    for text in [
        "",
        "http://user:pw@example.com:8080/a/b?q=1#f",
        "//[2001:db8::1]/x",
        "//[v7.abc]:1",
        "s://1.2.3.4",
        "s://1.2.3.400",
        "a/b/c?#",
        "mailto:x@y",
        "/p;q=1?a#b?c",
        "?",
        "#",
        "//",
        "s:",
    ] {
        let uri = UriRef::parse(text).unwrap();
        let iri = IriRef::parse(text).unwrap();
        assert_eq!(iri.core().captures(), uri.captures(), "{text:?}");
        assert_eq!(
            iri.authority().map(|a| a.host_kind()),
            uri.authority().map(|a| a.host_kind()),
            "{text:?}"
        );
    }
}

/// An ASCII text is an IRI reference exactly when it is a URI reference: RFC 3987's grammar
/// differs from RFC 3986's only by non-ASCII characters (`UriRef::try_from` relies on it).
#[test]
fn ascii_iris_are_uris() {
    let pieces =
        ["a", ":", "/", "?", "#", "[", "]", "@", "%", "%4", "%41", " ", "1.2", "v1.x", "::", "!", "~", "-"];
    for a in pieces {
        for b in pieces {
            for c in pieces {
                let text = std::format!("{a}{b}{c}");
                assert_eq!(IriRef::parse(&text).is_ok(), UriRef::parse(&text).is_ok(), "{text:?}");
            }
        }
    }
}

#[test]
fn errors_fall_on_character_boundaries() {
    // U+FDD0 is a noncharacter: its last byte is the first the parser refuses.
    let text = "s:/ab\u{FDD0}c";
    let err = IriRef::parse(text).unwrap_err();
    assert_eq!(err.index(), 5);
    assert!(text.is_char_boundary(err.index()));
    assert!(err.to_string().contains("U+FDD0"), "{err}");
    assert_eq!(err.rule_name(), "IRI-reference");
    assert!(err.is_iri());
    assert_eq!(
        err.to_string(),
        "invalid IRI reference: unexpected '\\u{fdd0}' (U+FDD0) at byte 5 in the path; expected a letter, \
         a digit, '!', '#', '$', '%', '&', ''', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', \
         '?', '@', '_', '~', non-ASCII characters, end of input"
    );
    // Private use is allowed in the query only.
    let err = IriRef::parse("s:/\u{E000}").unwrap_err();
    assert!(err.expects(0xC3) && !err.expects(0xEE) && err.expects(b'a'), "{err}");
    let err = IriRef::parse("s:?a b").unwrap_err();
    assert!(err.expects(0xEE) && !err.expects(b' '), "{err}");
    assert_eq!((err.index(), err.component()), (4, crate::Component::Query));
    // An IRI's scheme is ASCII; the IRI rule stops where the scheme does.
    let err = crate::Iri::parse("sché:x").unwrap_err();
    assert_eq!((err.index(), err.component(), err.rule_name()), (3, crate::Component::Scheme, "IRI"));
    assert!(!err.is_missing_scheme());
    assert!(crate::Iri::parse("é/x").unwrap_err().is_missing_scheme());
    // The component of an error after non-ASCII text.
    let at = |text| IriRef::parse(text).map_err(|e| (e.component(), e.index()));
    assert_eq!(at("s://ü:pä ss@h"), Err((crate::Component::Userinfo, 10)));
    assert_eq!(at("s://hé:8o/"), Err((crate::Component::Userinfo, 10)));
    assert_eq!(at("//hé:80 "), Err((crate::Component::Port, 8)));
    assert_eq!(at("é/ü#f#"), Err((crate::Component::Fragment, 7)));
    // U+FFFE is no `ucschar`: the parser refuses its third byte.
    assert_eq!(IriRef::parse("s://h\u{FFFE}/").unwrap_err().index(), 5);
}
