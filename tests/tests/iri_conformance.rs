//! RFC 3987 vectors from the test suites of oxiri, iri-string and fluent-uri (`tests/data/iri_*.json`,
//! attribution and statuses in `tests/data/CONFORMANCE-SOURCES.md`) against the IRI types.
//!
//! A record whose status is `rfc3987` must pass as written. One marked `source-deviates` holds
//! what the source expects against RFC 3987 and, in `rfc3987_literal`, the RFC's answer, which
//! must hold. One marked `rfc3987-equivalent` (a normalization that also decodes escapes of
//! non-ASCII characters, beyond section 5.3.2.3) must be equivalent to its input by
//! [`IriRef::normalized_eq`], and its expected text an IRI.

use serde_json::Value;
use uri::{Iri, IriRef, Normalization, UriRef};

fn records(name: &str) -> Vec<Value> {
    serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn text<'a>(record: &'a Value, key: &str) -> &'a str {
    record[key].as_str().unwrap_or_else(|| panic!("{record}: no string {key}"))
}

/// Where a record comes from, for failure messages.
fn origin(record: &Value) -> String {
    format!("{}:{}", text(record, "source"), record["line"])
}

/// The expectation to hold for a record: the source's for `rfc3987`, the RFC's for
/// `source-deviates`; `None` for other statuses.
fn expected<'a>(record: &'a Value, key: &str) -> Option<&'a Value> {
    match text(record, "status") {
        "rfc3987" => Some(&record[key]),
        "source-deviates" => record.get("rfc3987_literal"),
        _ => None,
    }
}

/// Runs `check` on every record of `name`, then fails with every failure, and checks the number
/// of records checked (so that a change to the data is a decision).
fn run(name: &str, count: usize, mut check: impl FnMut(&Value) -> Option<String>) {
    let records = records(name);
    assert_eq!(records.len(), count, "{name} has {count} records");
    let failures: Vec<String> =
        records.iter().filter_map(|r| check(r).map(|f| format!("{f} ({})", origin(r)))).collect();
    assert!(failures.is_empty(), "{} of {count} failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn validity() {
    run("iri_validity.json", 332, |r| {
        let input = text(r, "input");
        let valid = expected(r, "valid")?.as_bool().expect("valid is a boolean");
        let got = match text(r, "rule") {
            "IRI" => Iri::parse(input).is_ok(),
            "IRI-reference" => IriRef::parse(input).is_ok(),
            rule => panic!("unknown rule {rule}"),
        };
        (got != valid).then(|| format!("{input:?} as {} should be valid={valid}", text(r, "rule")))
    });
}

#[test]
fn components() {
    run("iri_components.json", 138, |r| {
        let input = text(r, "input");
        let Ok(iri) = IriRef::parse(input) else { return Some(format!("{input:?} does not parse")) };
        let a = iri.authority();
        let got = [
            ("scheme", iri.scheme()),
            ("userinfo", a.and_then(|a| a.userinfo())),
            ("host", a.map(|a| a.host())),
            ("port", a.and_then(|a| a.port())),
            ("path", Some(iri.path())),
            ("query", iri.query()),
            ("fragment", iri.fragment()),
        ];
        let wrong: Vec<String> = got
            .iter()
            .filter(|(key, value)| r.get(*key).is_some_and(|want| want.as_str() != *value))
            .map(|(key, value)| format!("{key} {value:?}, expected {}", r[*key]))
            .collect();
        (!wrong.is_empty()).then(|| format!("{input:?}: {}", wrong.join("; ")))
    });
}

#[test]
fn resolution() {
    run("iri_resolution.json", 451, |r| {
        let (base, reference) = (text(r, "base"), text(r, "ref"));
        let want = expected(r, "expected")?.as_str().expect("expected is a string");
        let base = Iri::parse(base).ok()?;
        let reference = IriRef::parse(reference).ok()?;
        let got = base.resolve(&reference);
        (got != want).then(|| format!("{reference} against {base} gave {got}, expected {want}"))
    });
}

#[test]
fn normalization() {
    run("iri_normalization.json", 149, |r| {
        let input = IriRef::parse(text(r, "input")).expect("a valid input");
        if let Some(different) = r.get("different").and_then(Value::as_str) {
            let other = IriRef::parse(different).expect("a valid IRI");
            // The sources compare by syntax-based normalization alone: `urn:uuid:` and
            // `urn:UUID:` differ there, though RFC 8141's case-insensitive NID, which
            // `normalized_eq` applies, makes them equivalent.
            let syntax = |iri: &IriRef<'_>| iri.to_uri().as_uri_ref().normalize_with(Normalization::SYNTAX);
            return (syntax(&input) == syntax(&other))
                .then(|| format!("{input} is not equivalent to {other} by syntax-based normalization"));
        }
        match text(r, "status") {
            "rfc3987-equivalent" => {
                let want = IriRef::parse(text(r, "expected")).expect("a valid IRI");
                (!input.normalized_eq(&want)).then(|| format!("{input} should be equivalent to {want}"))
            }
            _ => {
                let want = expected(r, "expected")?.as_str().expect("expected is a string");
                // The sources normalize by syntax alone (no default ports removed).
                let got = input.normalize_with(Normalization::SYNTAX);
                (got != want).then(|| format!("{input} normalized to {got}, expected {want}"))
            }
        }
    });
}

#[test]
fn mapping() {
    run("iri_mapping.json", 11, |r| {
        let input = text(r, "input");
        let want = expected(r, "expected")?.as_str().expect("expected is a string");
        let got = match text(r, "direction") {
            "to_uri" => IriRef::parse(input).expect("a valid IRI").to_uri().into_string(),
            "to_iri" => UriRef::parse(input).expect("a valid URI").to_iri().into_string(),
            direction => panic!("unknown direction {direction}"),
        };
        (got != want).then(|| format!("{input} mapped to {got}, expected {want}"))
    });
}
