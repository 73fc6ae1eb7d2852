//! RFC 3986 component vectors from other projects' suites (`tests/data/components.json`,
//! attribution in `tests/data/CONFORMANCE-SOURCES.md`) against the generated parser, plus the
//! invariants every parse must keep: the components recompose to the input (section 5.3), every
//! captured span matches its own rule, and error indexes agree with the recognizer.

use proptest::prelude::*;
use serde_json::Value;
use uri::{HostKind, Rule, UriRef};

fn kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::RegName => "reg-name",
        HostKind::Ipv4 => "IPv4address",
        HostKind::Ipv6 => "IPv6address",
        HostKind::IpvFuture => "IPvFuture",
        other => panic!("a host kind this test does not know: {other:?}"),
    }
}

/// The components of a parse, keyed like the vector files (`None` for an absent component).
fn components(r: &UriRef<'_>) -> Vec<(&'static str, Option<String>)> {
    let a = r.authority();
    vec![
        ("scheme", r.scheme().map(str::to_owned)),
        ("authority", a.map(|a| a.as_str().to_owned())),
        ("userinfo", a.and_then(|a| a.userinfo()).map(str::to_owned)),
        ("host", a.map(|a| a.host().to_owned())),
        ("port", a.and_then(|a| a.port()).map(str::to_owned)),
        ("path", Some(r.path().to_owned())),
        ("query", r.query().map(str::to_owned)),
        ("fragment", r.fragment().map(str::to_owned)),
        ("host_kind", a.map(|a| kind_name(a.host_kind()).to_owned())),
    ]
}

#[test]
fn every_component_record_passes() {
    let records: Vec<Value> =
        serde_json::from_str(&uri_tests::read_data("components.json")).expect("components.json parses");
    let mut failures = Vec::new();
    for record in &records {
        let input = record["input"].as_str().expect("input is a string");
        let parsed = match UriRef::parse(input) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{input:?}: {e}"));
                continue;
            }
        };
        for (key, got) in components(&parsed) {
            let Some(expected) = record.get(key) else { continue };
            let expected = expected.as_str().map(str::to_owned);
            if expected != got {
                failures.push(format!(
                    "{input:?}: {key} expected {expected:?}, got {got:?} ({})",
                    record["source"]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(records.len(), 301);
}

/// RFC 3986 section 5.3: putting the components back together gives the input.
fn recompose(r: &UriRef<'_>) -> String {
    let mut out = String::new();
    if let Some(s) = r.scheme() {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        if let Some(u) = a.userinfo() {
            out.push_str(u);
            out.push('@');
        }
        out.push_str(a.host());
        if let Some(p) = a.port() {
            out.push(':');
            out.push_str(p);
        }
    }
    out.push_str(r.path());
    if let Some(q) = r.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// Every invariant of a successful parse; returns a description of the first broken one.
fn check_parse(input: &str) -> Result<(), String> {
    let r = match UriRef::parse(input) {
        Ok(r) => r,
        Err(e) => {
            let bytes = input.as_bytes();
            if Rule::UriReference.matches(bytes) {
                return Err(format!("{input:?} is recognized but does not parse: {e}"));
            }
            let i = e.index();
            if i != Rule::UriReference.valid_up_to(bytes) {
                return Err(format!("{input:?}: error index {i} differs from the recognizer"));
            }
            // The prefix before the index can still be extended; the one including it cannot.
            if Rule::UriReference.continuations(&bytes[..i]) == ([0; 4], false) {
                return Err(format!("{input:?}: prefix before {i} is already dead"));
            }
            if i < bytes.len() && Rule::UriReference.continuations(&bytes[..=i]) != ([0; 4], false) {
                return Err(format!("{input:?}: prefix through {i} is still alive"));
            }
            return Ok(());
        }
    };
    if !Rule::UriReference.matches(input.as_bytes()) {
        return Err(format!("{input:?} parses but is not recognized"));
    }
    if recompose(&r) != input {
        return Err(format!("{input:?} recomposes to {:?}", recompose(&r)));
    }
    let mut spans: Vec<(&str, Rule)> = Vec::new();
    if let Some(s) = r.scheme() {
        spans.push((s, Rule::Scheme));
    }
    if let Some(a) = r.authority() {
        spans.push((a.as_str(), Rule::Authority));
        spans.push((a.host(), Rule::Host));
        if let Some(u) = a.userinfo() {
            spans.push((u, Rule::Userinfo));
        }
        if let Some(p) = a.port() {
            spans.push((p, Rule::Port));
        }
        let kind_rule = match a.host_kind() {
            HostKind::RegName => Rule::RegName,
            HostKind::Ipv4 => Rule::Ipv4address,
            HostKind::Ipv6 => Rule::IpLiteral,
            HostKind::IpvFuture => Rule::IpLiteral,
            other => return Err(format!("{input:?}: a host kind this test does not know: {other:?}")),
        };
        spans.push((a.host(), kind_rule));
        if a.host_kind() == HostKind::RegName && Rule::Ipv4address.matches(a.host().as_bytes()) {
            return Err(format!("{input:?}: an IPv4 address host was reported as a reg-name"));
        }
        spans.push((a.host(), Rule::Host));
    }
    let path_rules =
        [Rule::PathAbempty, Rule::PathAbsolute, Rule::PathNoscheme, Rule::PathRootless, Rule::PathEmpty];
    if !path_rules.iter().any(|rule| rule.matches(r.path().as_bytes())) {
        return Err(format!("{input:?}: path {:?} matches no path rule", r.path()));
    }
    if let Some(q) = r.query() {
        spans.push((q, Rule::Query));
    }
    if let Some(f) = r.fragment() {
        spans.push((f, Rule::Fragment));
    }
    for (text, rule) in spans {
        if !rule.matches(text.as_bytes()) {
            return Err(format!("{input:?}: {text:?} does not match {}", rule.name()));
        }
    }
    Ok(())
}

#[test]
fn every_valid_vector_round_trips() {
    let validity: Vec<Value> = serde_json::from_str(&uri_tests::read_data("validity.json")).expect("parses");
    let components: Vec<Value> =
        serde_json::from_str(&uri_tests::read_data("components.json")).expect("parses");
    let mut checked = 0;
    for record in validity.iter().chain(&components) {
        let input = record["input"].as_str().expect("input");
        check_parse(input).unwrap_or_else(|e| panic!("{e}"));
        checked += 1;
    }
    assert!(checked > 1300);
}

/// Strings built from the bytes that matter to URI syntax, so that most are valid or nearly so.
fn uri_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "Z",
        "0",
        "9",
        "1",
        ".",
        "-",
        "_",
        "~",
        "%",
        "%2F",
        "%4",
        ":",
        "/",
        "//",
        "?",
        "#",
        "[",
        "]",
        "@",
        "!",
        "$",
        "&",
        "'",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        "::",
        "v1.x",
        "127.0.0.1",
        "255",
        "256",
        "[::1]",
        "[v7.a]",
        "http:",
        "//h",
        ":80",
        " ",
        "\"",
        "é",
    ]);
    prop::collection::vec(pieces, 0..14).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn parses_keep_their_invariants(input in uri_like()) {
        if let Err(e) = check_parse(&input) {
            return Err(TestCaseError::fail(e));
        }
    }
}

#[test]
fn uri_parse_requires_a_scheme_and_reports_uri_errors() {
    assert!(uri::Uri::parse("//host/x").is_err());
    assert_eq!(uri::Uri::parse("a/b:c").unwrap_err().index(), 1);
    assert_eq!(uri::Uri::parse("http:/ok").unwrap().path(), "/ok");
    let e = uri::Uri::parse("http").unwrap_err();
    assert_eq!(e.index(), 4);
    assert!(e.expects(b':') && !e.expects_end());
}

#[test]
fn typed_helpers() {
    let r = UriRef::parse("http://10.0.0.1:65535/").unwrap();
    let a = r.authority().unwrap();
    assert_eq!(a.ipv4(), Some(std::net::Ipv4Addr::new(10, 0, 0, 1)));
    assert_eq!(a.port_u16(), Some(65535));
    let r = UriRef::parse("http://h:65536/").unwrap();
    assert_eq!(r.authority().unwrap().port_u16(), None);
    let r = UriRef::parse("http://[::ffff:1.2.3.4]:/").unwrap();
    let a = r.authority().unwrap();
    assert_eq!(a.host_kind(), HostKind::Ipv6);
    assert_eq!(a.ipv6(), Some("::ffff:1.2.3.4".parse().unwrap()));
    assert_eq!(a.port(), Some(""));
    assert_eq!(a.port_u16(), None);
    let r = UriRef::parse("x://[v1.fe]").unwrap();
    assert_eq!(r.authority().unwrap().host_kind(), HostKind::IpvFuture);
    assert_eq!(r.authority().unwrap().ipv6(), None);
}
