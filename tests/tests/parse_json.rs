//! What `uri-gen parse` prints for RFC 3986 with `abnf/rfc3986.captures`, read back as JSON and
//! compared with `uri::UriRef::parse` on the validity and component vectors: the same
//! components, host kind and byte offsets for every input that parses, and the same failing
//! index and expected bytes for every input that does not.

use serde_json::Value;
use uri::{HostKind, UriRef};

fn kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::RegName => "RegName",
        HostKind::Ipv4 => "Ipv4",
        HostKind::Ipv6 => "Ipv6",
        HostKind::IpvFuture => "IpvFuture",
        other => panic!("a host kind this test does not know: {other:?}"),
    }
}

/// The text of capture `name` in a parse line, checking that its offsets give that text.
fn captured(line: &Value, input: &str, name: &str) -> Option<String> {
    let capture = &line["captures"][name];
    if capture.is_null() {
        return None;
    }
    let (start, end) =
        (capture["start"].as_u64().unwrap() as usize, capture["end"].as_u64().unwrap() as usize);
    let text = capture["text"].as_str().expect("a capture has a text").to_owned();
    assert_eq!(&input[start..end], text, "{name} of {input:?}: the offsets and the text disagree");
    Some(text)
}

/// The bytes that a list of ranges as `uri-gen match` prints them (`a-z`, `%`, `0x80-0xBF`)
/// stands for.
fn byte_set(ranges: &[Value]) -> Vec<u8> {
    let one = |s: &str| -> (u8, usize) {
        match s.strip_prefix("0x") {
            Some(hex) => (u8::from_str_radix(&hex[..2], 16).expect("two hex digits"), 4),
            None => (s.as_bytes()[0], 1),
        }
    };
    let mut bytes = Vec::new();
    for range in ranges {
        let range = range.as_str().expect("a range is a string");
        let (low, used) = one(range);
        let high = match range[used..].strip_prefix('-') {
            Some(rest) => one(rest).0,
            None => low,
        };
        bytes.extend(low..=high);
    }
    bytes
}

#[test]
fn parse_lines_agree_with_the_uri_crate() {
    let parsers =
        xtask::project::compile_uri_parsers(&uri_tests::workspace_root()).expect("the parsers compile");
    let parser = parsers.parser_named("UriRef").expect("the declaration has a UriRef parser");
    let mut inputs: Vec<String> = Vec::new();
    for file in ["validity.json", "components.json"] {
        let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data(file)).expect("vectors parse");
        inputs.extend(records.iter().filter_map(|r| r["input"].as_str().map(str::to_owned)));
    }
    let (mut parsed, mut refused) = (0, 0);
    let mut failures = Vec::new();
    for input in &inputs {
        let (ok, text) = parsers.parse_json(parser, input.as_bytes());
        let line: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: not JSON: {e}"));
        assert_eq!(line["input"].as_str(), Some(input.as_str()), "{text}");
        assert_eq!(line["ok"].as_bool(), Some(ok), "{text}");
        match UriRef::parse(input) {
            Ok(r) => {
                parsed += 1;
                let a = r.authority();
                let expected = [
                    ("scheme", r.scheme().map(str::to_owned)),
                    ("authority", a.map(|a| a.as_str().to_owned())),
                    ("userinfo", a.and_then(|a| a.userinfo()).map(str::to_owned)),
                    ("host", a.map(|a| a.host().to_owned())),
                    ("port", a.and_then(|a| a.port()).map(str::to_owned)),
                    ("path", Some(r.path().to_owned())),
                    ("query", r.query().map(str::to_owned)),
                    ("fragment", r.fragment().map(str::to_owned)),
                ];
                if !ok {
                    failures.push(format!("{input:?}: uri parses it, the line says {text}"));
                    continue;
                }
                for (name, want) in expected {
                    let got = captured(&line, input, name);
                    if got != want {
                        failures.push(format!("{input:?}: {name} {got:?}, uri gives {want:?}"));
                    }
                }
                // `uri` reads an authority without a kind (the empty host) as a reg-name.
                let kind = line["kinds"]["host"].as_str().unwrap_or("RegName");
                if let Some(a) = a {
                    if kind != kind_name(a.host_kind()) {
                        failures.push(format!("{input:?}: host kind {kind}, uri gives {:?}", a.host_kind()));
                    }
                } else if !line["kinds"]["host"].is_null() {
                    failures.push(format!("{input:?}: a host kind without an authority: {text}"));
                }
            }
            Err(e) => {
                refused += 1;
                if ok {
                    failures.push(format!("{input:?}: uri refuses it ({e}), the line says {text}"));
                    continue;
                }
                let index = line["index"].as_u64().map(|i| i as usize);
                let expected = byte_set(line["expected"].as_array().expect("a failure has an expected list"));
                let want: Vec<u8> = (0..=255u8).filter(|&b| e.expects(b)).collect();
                if index != Some(e.index())
                    || expected != want
                    || line["end_allowed"].as_bool() != Some(e.expects_end())
                {
                    failures.push(format!(
                        "{input:?}: {text}; uri fails at {} expecting {want:?} (end: {})",
                        e.index(),
                        e.expects_end()
                    ));
                }
            }
        }
    }
    assert!(parsed > 500 && refused > 50, "{parsed} parsed, {refused} refused: the vectors should hold both");
    assert!(
        failures.is_empty(),
        "{} of {} inputs disagree:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n")
    );
}
