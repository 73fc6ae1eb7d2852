//! Every example URI of RFCs 8141 (urn), 8089 (file), 2397 (data) and 5870 (geo), from
//! `tests/data/scheme_examples.json`: each valid one parses with the components its RFC's prose
//! gives, and each one the RFC's own grammar (or prose) refuses is refused where the record says.

use serde_json::{json, Map, Value};
use uri::scheme::{Data, File, FileHost, FileOptions, Geo, SchemeError, Urn};
use uri::Uri;

fn examples() -> Value {
    serde_json::from_str(&uri_tests::read_data("scheme_examples.json")).expect("valid JSON")
}

fn host(host: FileHost<'_>) -> String {
    match host {
        FileHost::None => "none".to_owned(),
        FileHost::Empty => "empty".to_owned(),
        FileHost::Localhost => "localhost".to_owned(),
        FileHost::Name(name) => format!("name:{name}"),
    }
}

/// The components of `input` parsed as `scheme`, named as the records name them.
fn components(scheme: &str, input: &str, options: Option<&str>) -> Result<Map<String, Value>, SchemeError> {
    let value = match scheme {
        "urn" => {
            let u = Urn::parse(input)?;
            json!({"nid": u.nid(), "nss": u.nss(), "r_component": u.r_component(),
                   "q_component": u.q_component(), "f_component": u.f_component()})
        }
        "file" => {
            let options =
                if options == Some("nonstandard") { FileOptions::NONSTANDARD } else { FileOptions::STANDARD };
            let f = File::parse_with(input, options)?;
            json!({"host": host(f.host()), "path": f.path(), "drive_letter": f.drive_letter(),
                   "userinfo": f.userinfo()})
        }
        "data" => {
            let d = Data::parse(input)?;
            let decoded = d.decode().ok().and_then(|bytes| String::from_utf8(bytes).ok());
            let parameters: Vec<Value> = d
                .parameters()
                .map(|p| json!({"name": p.name(), "value": p.value(), "decoded_value": p.decoded_value().ok()}))
                .collect();
            json!({"media_type": d.media_type(), "base64": d.is_base64(), "data": d.data(),
                   "decoded": decoded, "parameters": parameters})
        }
        "geo" => {
            let g = Geo::parse(input)?;
            let parameters: Vec<Value> = g
                .parameters()
                .map(|p| {
                    let decoded = p.decoded_value().and_then(Result::ok);
                    json!({"name": p.name(), "value": p.value(), "decoded_value": decoded})
                })
                .collect();
            json!({"coord_a": g.coord_a(), "coord_b": g.coord_b(), "coord_c": g.coord_c(),
                   "crs": g.crs(), "uncertainty": g.uncertainty_str(), "parameters": parameters})
        }
        other => panic!("unknown scheme {other}"),
    };
    Ok(value.as_object().cloned().unwrap_or_default())
}

#[test]
fn every_rfc_example_parses_with_the_components_its_prose_gives() {
    let examples = examples();
    let mut failures = Vec::new();
    let valid = examples["valid"].as_array().expect("valid list");
    for record in valid {
        let scheme = record["scheme"].as_str().unwrap_or_default();
        let input = record["input"].as_str().unwrap_or_default();
        let expected = record["components"].as_object().cloned().unwrap_or_default();
        match components(scheme, input, record["options"].as_str()) {
            Ok(found) if found == expected => {}
            Ok(found) => failures.push(format!("{record}\n  found {}", Value::Object(found))),
            Err(e) => failures.push(format!("{record}\n  refused: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples differ:\n{}",
        failures.len(),
        valid.len(),
        failures.join("\n")
    );
    // Every scheme is covered.
    for scheme in ["urn", "file", "data", "geo"] {
        assert!(valid.iter().any(|r| r["scheme"] == scheme), "no example of {scheme}");
    }
}

#[test]
fn examples_the_rfcs_own_grammar_refuses_are_refused_where_the_record_says() {
    let examples = examples();
    for record in examples["rejected"].as_array().expect("rejected list") {
        let scheme = record["scheme"].as_str().unwrap_or_default();
        let input = record["input"].as_str().unwrap_or_default();
        let err = components(scheme, input, None).expect_err(&record.to_string());
        assert_eq!(Some(err.index() as u64), record["index"].as_u64(), "{record}: {err}");
        assert_eq!(err.out_of(), record["out_of"].as_str(), "{record}: {err}");
        assert!(record["reason"].as_str().is_some_and(|r| !r.is_empty()), "{record} gives no reason");
    }
}

/// RFC 2397 section 4: the GIF decodes to an image with the GIF87a signature and the GIF
/// trailer byte; the note decodes to its text.
#[test]
fn rfc2397_examples_decode() {
    let examples = examples();
    let gif = examples["valid"]
        .as_array()
        .and_then(|v| v.iter().find(|r| r["input"].as_str().is_some_and(|i| i.starts_with("data:image/gif"))))
        .and_then(|r| r["input"].as_str())
        .expect("the GIF example");
    let bytes = Data::parse(gif).unwrap().decode().unwrap();
    assert!(bytes.starts_with(b"GIF87a"), "{:?}", &bytes[..6]);
    assert_eq!(bytes.last(), Some(&0x3B));
    // 0x30 by 0x30 pixels, little-endian, as the header says.
    assert_eq!(&bytes[6..10], &[0x30, 0, 0x30, 0]);
}

/// RFC 8141 section 3.2: which of its examples are URN-equivalent to which.
#[test]
fn rfc8141_equivalence_examples() {
    let classes: [&[&str]; 7] = [
        &[
            "urn:example:a123,z456",
            "URN:example:a123,z456",
            "urn:EXAMPLE:a123,z456",
            "urn:example:a123,z456?+abc",
            "urn:example:a123,z456?=xyz",
            "urn:example:a123,z456#789",
        ],
        &["urn:example:a123,z456/foo"],
        &["urn:example:a123,z456/bar"],
        &["urn:example:a123,z456/baz"],
        &["urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"],
        &["urn:example:A123,z456"],
        &["urn:example:a123,Z456"],
    ];
    let cyrillic = Urn::parse("urn:example:%D0%B0123,z456").unwrap();
    for (i, class) in classes.iter().enumerate() {
        for a in *class {
            let a = Urn::parse(a).unwrap();
            assert!(!a.rfc8141_eq(&cyrillic), "{a}");
            for (j, other) in classes.iter().enumerate() {
                for b in *other {
                    let b = Urn::parse(b).unwrap();
                    assert_eq!(a.rfc8141_eq(&b), i == j, "{a} {b}");
                }
            }
        }
    }
}

/// RFC 5870 section 6.4, each comparison example with the answer the section gives: equal
/// (`Some(true)`) or undefined (`None`).
#[test]
fn rfc5870_comparison_examples() {
    let geo = |t| Geo::parse(t).unwrap();
    let cases = [
        ("geo:90,-22.43;crs=WGS84", "geo:90,46", Some(true)),
        ("geo:22.3,-118.4400", "geo:22.300,-118.44", Some(true)),
        // Parameter names compared without case, values percent-decoded.
        ("geo:66,30;u=6.500;FOo=this%2dthat", "geo:66.0,30;u=6.5;foo=this-that", Some(true)),
        // The values of an unknown parameter differ as written: `1.00` may or may not be `1`.
        ("geo:70,20;foo=1.00;bar=white", "geo:70,20;foo=1;bar=white", None),
        // Parameter order is insignificant.
        ("geo:47,11;foo=blue;bar=white", "geo:47,11;bar=white;foo=blue", Some(true)),
        // Names have no case; an unknown parameter's values may have.
        ("geo:22,0;bar=Blue", "geo:22,0;BAR=blue", None),
    ];
    for (a, b, expected) in cases {
        assert_eq!(geo(a).rfc5870_eq(&geo(b)), expected, "{a} {b}");
        assert_eq!(geo(b).rfc5870_eq(&geo(a)), expected, "{b} {a}");
    }
    // Section 3.4.4's other rules.
    assert_eq!(geo("geo:1,2").rfc5870_eq(&geo("geo:1,2;crs=wgs84")), Some(true));
    assert_eq!(geo("geo:1,2").rfc5870_eq(&geo("geo:1,2;crs=other")), Some(false));
    assert_eq!(geo("geo:1,2;crs=Other").rfc5870_eq(&geo("geo:1,2;crs=other")), Some(true));
    assert_eq!(geo("geo:1,2").rfc5870_eq(&geo("geo:1,2,3")), Some(false));
    assert_eq!(geo("geo:1,2;u=0").rfc5870_eq(&geo("geo:1,2")), Some(false));
    assert_eq!(geo("geo:1,180").rfc5870_eq(&geo("geo:1,-180.0")), Some(true));
    assert_eq!(geo("geo:1,180;crs=other").rfc5870_eq(&geo("geo:1,-180;crs=other")), Some(false));
    assert_eq!(geo("geo:-0,0").rfc5870_eq(&geo("geo:0,-0.0")), Some(true));
    assert_eq!(geo("geo:1,2;a=b").rfc5870_eq(&geo("geo:1,2")), Some(false));
    // "Equivalent only if the same set of unknown parameter names appears in each URI".
    let unknown = [
        ("geo:1,2;a=b", "geo:1,2;c=b", Some(false)),
        ("geo:1,2;a=b;c=d", "geo:1,2;a=b", Some(false)),
        ("geo:1,2;a;b=%41", "geo:1,2;B=A;A", Some(true)),
        ("geo:1,2;a", "geo:1,2;a=1", None),
        ("geo:1,2;a=1;a=1", "geo:1,2;a=1", None),
        ("geo:1,2;a=1;A=2", "geo:1,2;a=2;a=1", Some(true)),
        ("geo:1,2;a=%5B", "geo:1,2;a=[", Some(true)),
        // The other parts decide first.
        ("geo:1,2;a=1", "geo:1,3;a=2", Some(false)),
    ];
    for (a, b, expected) in unknown {
        assert_eq!(geo(a).rfc5870_eq(&geo(b)), expected, "{a} {b}");
        assert_eq!(geo(b).rfc5870_eq(&geo(a)), expected, "{b} {a}");
    }
}

/// Every example that RFC 3986 also reads converts from a `Uri` to the same components.
#[test]
fn examples_read_from_a_uri_give_the_same_components() {
    let examples = examples();
    for record in examples["valid"].as_array().expect("valid list") {
        if record["options"].as_str() == Some("nonstandard") {
            continue;
        }
        let input = record["input"].as_str().unwrap_or_default();
        let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let same = match record["scheme"].as_str().unwrap_or_default() {
            "urn" => Urn::try_from(&uri).map(|u| u.as_str() == input),
            "file" => File::try_from(&uri).map(|u| u.as_str() == input),
            "data" => Data::try_from(&uri).map(|u| u.as_str() == input),
            "geo" => Geo::try_from(&uri).map(|u| u.as_str() == input),
            other => panic!("unknown scheme {other}"),
        };
        assert_eq!(same, Ok(true), "{input}");
    }
}

/// Scheme-based normalization (RFC 3986 section 6.2.3) with what RFC 8089 and RFC 8141 define:
/// `localhost` as a `file` host is no host, and a URN's NID has no case.
#[test]
fn scheme_based_normalization_follows_rfc8089_and_rfc8141() {
    use uri::{Normalization, UriRef};
    let full = |t| UriRef::parse(t).unwrap().normalize();
    assert_eq!(full("file://localhost/path/to/file"), "file:///path/to/file");
    assert_eq!(full("FILE://LocalHost/a%2Fb"), "file:///a%2Fb");
    // Another host, or `localhost` under another scheme, stays.
    assert_eq!(full("file://host.example.com/path/to/file"), "file://host.example.com/path/to/file");
    assert_eq!(full("http://localhost/"), "http://localhost/");
    // The URN equivalence classes of RFC 8141 section 3.2 that differ in case alone.
    for text in ["urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456"] {
        assert_eq!(full(text), "urn:example:a123,z456", "{text}");
    }
    // The NSS keeps its case; percent-encodings are upper-cased by section 6.2.2.1, not decoded
    // where they stand for reserved characters.
    assert_eq!(full("URN:EXAMPLE:a123%2cz456"), "urn:example:a123%2Cz456");
    assert_eq!(full("urn:example:A123,z456"), "urn:example:A123,z456");
    // Not a URN by RFC 8141: left as it is.
    assert_eq!(full("urn:X:y"), "urn:X:y");
    // Without scheme-based steps, nothing of this happens.
    let syntax = |t| UriRef::parse(t).unwrap().normalize_with(Normalization::SYNTAX);
    assert_eq!(syntax("file://localhost/x"), "file://localhost/x");
    assert_eq!(syntax("urn:EXAMPLE:x"), "urn:EXAMPLE:x");
    assert!(UriRef::parse("file://localhost/x").unwrap().normalized_eq(&UriRef::parse("file:///x").unwrap()));
}

/// RFC 8089's examples as platform paths (Appendices D, E.2, E.2.2, E.3), through the same
/// conversions as `Uri::to_unix_path` and `Uri::to_windows_path`.
#[test]
fn rfc8089_examples_as_platform_paths() {
    let standard = |t| File::parse(t).unwrap();
    let nonstandard = |t| File::parse_with(t, FileOptions::NONSTANDARD).unwrap();
    assert_eq!(standard("file:///path/to/file").to_unix_path().unwrap(), b"/path/to/file");
    assert_eq!(standard("file:/path/to/file").to_unix_path().unwrap(), b"/path/to/file");
    assert_eq!(standard("file://localhost/path/to/file").to_unix_path().unwrap(), b"/path/to/file");
    assert!(standard("file://host.example.com/path/to/file").to_unix_path().is_err());
    assert_eq!(standard("file:///c:/path/to/file.txt").to_windows_path().unwrap(), r"c:\path\to\file.txt");
    assert_eq!(
        standard("file://host.example.com/Share/path/to/file.txt").to_windows_path().unwrap(),
        r"\\host.example.com\Share\path\to\file.txt"
    );
    for text in
        ["file:c:/path/to/file", "file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file"]
    {
        let f = nonstandard(text);
        assert_eq!(f.to_windows_path().unwrap(), r"c:\path\to\file", "{text}");
        assert!(f.to_unix_path().is_err(), "{text}");
    }
    for text in ["file:////host.example.com/path/to/file", "file://///host.example.com/path/to/file"] {
        assert_eq!(
            nonstandard(text).to_windows_path().unwrap(),
            r"\\host.example.com\path\to\file",
            "{text}"
        );
    }
    // User information (Appendix E.1) and IP literals name no path.
    let user = nonstandard("file://user@host.example.com/path");
    assert_eq!(user.userinfo(), Some("user"));
    assert_eq!(user.to_windows_path().unwrap_err().to_string(), user.to_unix_path().unwrap_err().to_string());
    assert!(standard("file://[fe80::1%25eth0]/x").to_windows_path().is_err());
    assert!(standard("file://[fe80::1]/x").to_unix_path().is_err());
}
