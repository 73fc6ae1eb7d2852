//! The errors of the `uri::scheme` parsers: the rule, the byte index, the component being read
//! and what was expected there, for typical mistakes in each scheme.

use uri::scheme::{Data, File, FileOptions, Geo, SchemeError, Urn};

fn urn(t: &str) -> SchemeError {
    Urn::parse(t).unwrap_err()
}
fn file(t: &str) -> SchemeError {
    File::parse(t).unwrap_err()
}
fn data(t: &str) -> SchemeError {
    Data::parse(t).unwrap_err()
}
fn geo(t: &str) -> SchemeError {
    Geo::parse(t).unwrap_err()
}

#[test]
fn each_error_names_the_rule_index_and_component() {
    let cases: [(SchemeError, &str, usize, Option<&str>); 16] = [
        (urn("urx:a:b"), "namestring", 2, None),
        (urn("urn:a:b"), "namestring", 5, Some("NID")),
        (urn("urn:-ab:c"), "namestring", 4, Some("NID")),
        (urn("urn:example:"), "namestring", 12, Some("NSS")),
        (urn("urn:example:a b"), "namestring", 13, Some("NSS")),
        (urn("urn:example:a?x"), "namestring", 14, None),
        (urn("urn:example:a?+"), "namestring", 15, Some("r-component")),
        (urn("urn:example:a?=q#f#"), "namestring", 18, Some("f-component")),
        (file("file://host/a b"), "file-URI", 13, Some("path")),
        (file("file://ho st/a"), "file-URI", 9, Some("host")),
        (file("file:relative"), "file-URI", 5, Some("path")),
        (data("data:text/plain"), "dataurl", 15, Some("subtype")),
        (data("data:,a b"), "dataurl", 7, Some("data")),
        (geo("geo:1"), "geo-URI", 5, Some("latitude")),
        (geo("geo:1,x"), "geo-URI", 6, Some("longitude")),
        (geo("geo:1,2;u=x"), "geo-URI", 10, Some("uncertainty")),
    ];
    let mut failures = Vec::new();
    for (err, rule, index, component) in cases {
        if (err.rule(), err.index(), err.component()) != (rule, index, component) || err.out_of().is_some() {
            failures.push(format!("expected {rule} {index} {component:?}: {err}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn messages_say_the_scheme_rfc_byte_and_expected_set() {
    assert_eq!(
        urn("urn:example:a?x").to_string(),
        "invalid urn URI (RFC 8141 `namestring`): unexpected 'x' at byte 14; expected '+', '='"
    );
    assert_eq!(
        data("data:,a b").to_string(),
        "invalid data URI (RFC 2397 `dataurl`): unexpected space at byte 7 in the data; expected a letter, \
         a digit, '!', '$', '%', '&', ''', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', \
         '@', '_', '~', end of input"
    );
    let err = File::parse_with("file:c|/x y", FileOptions::NONSTANDARD).unwrap_err();
    assert_eq!((err.index(), err.component()), (9, Some("path")));
    assert!(err.to_string().starts_with("invalid file URI (RFC 8089 Appendix F `file-URI`)"), "{err}");
    let err = geo("geo:94,0");
    assert_eq!((err.index(), err.component(), err.out_of()), (4, Some("latitude"), Some("-90 to 90")));
    assert!(!err.expects(b'0') && !err.expects_end());
}

/// An input the grammar's end allows: the error is at the first byte too many.
#[test]
fn bytes_after_a_complete_uri_are_refused_where_they_start() {
    let err = geo("geo:1,2 ");
    assert_eq!((err.index(), err.found()), (7, Some(b' ')));
    assert!(err.expects_end() && err.expects(b',') && err.expects(b';'));
    // The longitude could have gone on.
    assert_eq!(err.component(), Some("longitude"));
}

/// A long input refused at its end: the search that names the component walks a bounded
/// multiple of the input, and here finds it at once (the data can end anywhere).
#[test]
fn a_long_input_refused_at_its_end_still_names_its_component() {
    let text = format!("data:;base64,{} ", "QUFB".repeat(1 << 18));
    let err = data(&text);
    assert_eq!((err.index(), err.component()), (text.len() - 1, Some("data")));
    let text = format!("geo:1,2;{}", "a".repeat(1 << 20));
    let err = geo(&format!("{text}="));
    assert_eq!((err.index(), err.component()), (text.len() + 1, Some("parameters")));
}

/// RFC 3966's `par` reads `;ext=`, `;isub=` and `;phone-context=` also as a generic `parameter`
/// named `ext`, `isub` or `phone-context`, whose value takes any `paramchar`: inside such a
/// value both readings stay open, and the expected bytes are those of either. A value that
/// only the generic reading takes is a generic parameter, not an extension.
#[test]
fn a_value_that_a_generic_parameter_also_reads_expects_the_bytes_of_both() {
    let tel = uri::scheme::Tel::parse("tel:+1-201-555-0123;ext=12a4").unwrap();
    assert_eq!((tel.extension(), tel.params().collect::<Vec<_>>()), (None, vec![";ext=12a4"]));
    let tel = uri::scheme::Tel::parse("tel:+1-201-555-0123;ext=1-2").unwrap();
    assert_eq!(tel.extension(), Some("1-2"));

    let err = uri::scheme::Tel::parse("tel:+1-201-555-0123;ext=12 4").unwrap_err();
    assert_eq!((err.index(), err.component()), (26, Some("extension")));
    // A digit or separator continues the extension, a letter or `[` the generic parameter.
    assert!(err.expects(b'3') && err.expects(b'(') && err.expects(b'a') && err.expects(b'['));
    assert!(err.expects_end() && !err.expects(b' ') && !err.expects(b','));
    assert_eq!(
        err.to_string(),
        "invalid tel URI (RFC 3966 `telephone-uri`): unexpected space at byte 26 in the extension; \
         expected a letter, a digit, '!', '$', '%', '&', ''', '(', ')', '*', '+', '-', '.', '/', ':', \
         ';', '[', ']', '_', '~', end of input"
    );
    // After a `,`, which `isub-uric` allows and `paramchar` does not, only the subaddress is
    // left, and `[` is no longer expected.
    let err = uri::scheme::Tel::parse("tel:+1-201-555-0123;isub=a,[").unwrap_err();
    assert_eq!((err.index(), err.component()), (27, Some("ISDN subaddress")));
    assert!(err.expects(b'@') && !err.expects(b'['));
    let err = uri::scheme::Tel::parse("tel:7042;phone-context=exa mple.com").unwrap_err();
    assert_eq!((err.index(), err.component()), (26, Some("phone context")));
    assert!(err.expects(b'_') && err.expects(b'['), "{err}");
}
