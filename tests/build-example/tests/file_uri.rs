//! The parser generated in `build.rs`, on the examples of RFC 8089 Appendix B and on inputs
//! that are not `file-URI`s.

use build_example::file_uri::rules::Rule;
use build_example::FileUri;

/// `(uri, host, path)`: the examples of RFC 8089 Appendix B, and authorities RFC 8089 section 2
/// allows.
const VALID: [(&str, Option<&str>, &str); 6] = [
    ("file:///path/to/file", Some(""), "/path/to/file"),
    ("file:/path/to/file", None, "/path/to/file"),
    ("file://host.example.com/path/to/file", Some("host.example.com"), "/path/to/file"),
    ("file://localhost/etc/fstab", None, "/etc/fstab"),
    ("file://[2001:db8::1]/share/a%20b.txt", Some("[2001:db8::1]"), "/share/a%20b.txt"),
    ("file://192.0.2.7/", Some("192.0.2.7"), "/"),
];

/// `(input, index)`: inputs that are not `file-URI`s and the index of the first byte that no
/// `file-URI` continues with.
const INVALID: [(&str, usize); 5] = [
    ("file:path/to/file", 5),
    ("http://example.com/", 0),
    ("file:///a b", 9),
    ("file://host", 11),
    ("file://ho st/x", 9),
];

#[test]
fn valid_file_uris_parse_into_host_and_path() {
    for (text, host, path) in VALID {
        assert!(Rule::FileUri.matches(text.as_bytes()), "{text}");
        let uri = FileUri::parse(text).unwrap_or_else(|f| panic!("{text}: fails at {}", f.index));
        assert_eq!(uri.host(), host, "{text}");
        assert_eq!(uri.path(), path, "{text}");
    }
}

#[test]
fn localhost_and_an_empty_authority_are_local() {
    let local: Vec<bool> =
        VALID.iter().map(|(text, ..)| FileUri::parse(text).map(|u| u.is_local()).unwrap_or(false)).collect();
    assert_eq!(local, [true, true, false, true, false, false]);
}

#[test]
fn invalid_inputs_fail_where_no_file_uri_can_go_on() {
    for (text, index) in INVALID {
        assert!(!Rule::FileUri.matches(text.as_bytes()), "{text}");
        assert_eq!(Rule::FileUri.valid_up_to(text.as_bytes()), index, "{text}");
        let failure = FileUri::parse(text).expect_err(text);
        assert_eq!(failure.index, index, "{text}");
    }
}

/// The bytes of a failure's expected set, in order.
fn expected(failure: &build_example::file_uri::parser::Failure) -> Vec<u8> {
    (0..=255u8).filter(|&b| failure.expects(b)).collect()
}

#[test]
fn failures_say_what_could_have_come_and_whether_the_input_could_end() {
    let failure = FileUri::parse("file:path").expect_err("a relative path");
    assert_eq!((failure.index, expected(&failure), failure.end_allowed()), (5, b"/".to_vec(), false));
    // `file:/a` is complete: a space cannot follow, `/`, `%` and the path's characters can.
    let failure = FileUri::parse("file:/a b").expect_err("a space");
    assert_eq!((failure.index, failure.end_allowed()), (7, true));
    let bytes = expected(&failure);
    assert!(bytes.contains(&b'/') && bytes.contains(&b'%') && bytes.contains(&b'~'), "{bytes:?}");
    assert!(!bytes.contains(&b' ') && !bytes.contains(&b'#') && !bytes.contains(&b'?'), "{bytes:?}");
    // The input ends inside the authority: a path must follow.
    let failure = FileUri::parse("file://host").expect_err("no path");
    assert_eq!((failure.index, failure.end_allowed()), (11, false));
    assert!(failure.expects(b'/') && failure.expects(b'.') && !failure.expects(b':'), "no port in file-auth");
    // What the parser expects is what the recognizer allows after the same prefix.
    for (text, _) in INVALID {
        let failure = FileUri::parse(text).expect_err(text);
        let (bytes, end) = Rule::FileUri.continuations(&text.as_bytes()[..failure.index]);
        assert_eq!(failure.expected(), bytes, "{text}");
        assert_eq!(failure.end_allowed(), end && failure.index < text.len(), "{text}");
    }
}

#[test]
fn every_rule_of_the_grammars_is_a_recognizer() {
    assert!(Rule::FileAuth.matches(b"localhost"));
    assert!(Rule::PathAbsolute.matches(b"/a/b"));
    assert!(!Rule::PathAbsolute.matches(b"//a"));
    assert_eq!(Rule::from_name("file-scheme"), Some(Rule::FileScheme));
}
