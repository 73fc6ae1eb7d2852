//! RFC 3986 validity vectors from other projects' suites (`tests/data/validity.json`, attribution
//! in `tests/data/CONFORMANCE-SOURCES.md`) against the generated recognizer.

use serde::Deserialize;
use uri::Rule;

#[derive(Deserialize, Debug)]
struct Record {
    input: String,
    rule: String,
    valid: bool,
    status: String,
    source: String,
    line: Option<u32>,
}

fn records() -> Vec<Record> {
    serde_json::from_str(&uri_tests::read_data("validity.json")).expect("validity.json parses")
}

#[test]
fn every_rfc3986_validity_record_passes() {
    let records = records();
    let mut failures = Vec::new();
    let mut checked = 0;
    for r in records.iter().filter(|r| r.status == "rfc3986") {
        let rule = Rule::from_name(&r.rule).unwrap_or_else(|| panic!("unknown rule {}", r.rule));
        checked += 1;
        if rule.matches(r.input.as_bytes()) != r.valid {
            failures.push(format!(
                "{:?} as {} should be valid={} ({}:{:?})",
                r.input, r.rule, r.valid, r.source, r.line
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {checked} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(checked, 1079, "the data set has 1,079 rfc3986 records");
}

#[test]
fn zone_ids_are_not_rfc3986() {
    let records = records();
    let zone: Vec<_> = records.iter().filter(|r| r.status == "non-3986-extension").collect();
    assert!(!zone.is_empty());
    for r in zone {
        let rule = Rule::from_name(&r.rule).unwrap_or_else(|| panic!("unknown rule {}", r.rule));
        assert!(
            !rule.matches(r.input.as_bytes()),
            "{:?} uses an RFC 6874 zone ID and must be rejected as {}",
            r.input,
            r.rule
        );
    }
}
