//! IPv6 hosts in the canonical text of RFC 5952 as a normalization step of their own, the
//! comparison that uses it, and the offsets that normalization results carry (every step, on
//! the normalization vectors and a URL corpus, against a fresh parse).

use proptest::prelude::*;
use serde_json::Value;
use uri::{Components, HostKind, Normalization, Uri, UriRef};

/// The vector of `tests/data/normalization.json` (from uriparser) whose IPv6 host keeps its zero
/// field under RFC 3986 normalization: the canonical step alone compresses it.
#[test]
fn the_zero_keeping_vector_and_the_canonical_step() {
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("normalization.json")).unwrap();
    let record = records
        .iter()
        .find(|r| r["input"] == "https://[2041:0000:140F::875B:131B]")
        .expect("the IPv6 vector is in normalization.json");
    let r = UriRef::parse(record["input"].as_str().unwrap()).unwrap();
    // Its kind, "full", is syntax-based normalization (as in normalization.rs).
    assert_eq!(record["kind"], "full");
    assert_eq!(r.normalize_with(Normalization::SYNTAX), record["expected"].as_str().unwrap());
    let canonical = Normalization::SYNTAX.ipv6_canonical(true);
    assert_eq!(r.normalize_with(canonical), "https://[2041:0:140f::875b:131b]");
    assert_eq!(
        r.normalize_with(Normalization::FULL.ipv6_canonical(true)),
        "https://[2041:0:140f::875b:131b]/"
    );
    assert_eq!(
        r.normalize_with(Normalization::NONE.ipv6_canonical(true)),
        "https://[2041:0:140f::875b:131b]"
    );
}

#[test]
fn other_hosts_are_left_to_the_other_steps() {
    let steps = Normalization::NONE.ipv6_canonical(true);
    for text in ["http://Example.COM/", "http://192.0.2.1/", "http://[v7.ABC]/", "http:/a"] {
        assert_eq!(UriRef::parse(text).unwrap().normalize_with(steps), text);
    }
}

#[test]
fn ipv6_hosts_compare_by_value_with_the_step() {
    let steps = Normalization::FULL.ipv6_canonical(true);
    let same = [
        ("http://[2001:DB8::1]/", "http://[2001:0db8:0:0::1]"),
        ("http://[::ffff:192.0.2.1]:80/", "http://[0:0:0:0:0:FFFF:C000:0201]/"),
        ("http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/"),
    ];
    for (a, b) in same {
        let (a, b) = (Uri::parse(a).unwrap(), Uri::parse(b).unwrap());
        assert!(a.normalized_eq_with(&b, steps), "{a} {b}");
    }
    for (a, b) in [("http://[::1]/", "http://[::2]/"), ("http://[1:0:0:2::3]/", "http://[1::2:0:0:3]/")] {
        let (a, b) = (Uri::parse(a).unwrap(), Uri::parse(b).unwrap());
        assert!(!a.normalized_eq_with(&b, steps), "{a} {b}");
    }
}

fn all_steps() -> [Normalization; 5] {
    [
        Normalization::FULL,
        Normalization::SYNTAX,
        Normalization::SCHEME_BASED,
        Normalization::FULL.ipv6_canonical(true),
        Normalization::NONE.percent_decode(Components::HOST).dot_segments(true),
    ]
}

/// A normalization result's offsets are the parser's.
fn assert_offsets(input: &str) {
    let Ok(r) = UriRef::parse(input) else { return };
    for steps in all_steps() {
        let normalized = r.normalize_with(steps);
        let parsed = UriRef::parse(normalized.as_str()).expect("a normalization result parses");
        assert_eq!(
            uri_tests::parts(&normalized.as_uri_ref()),
            uri_tests::parts(&parsed),
            "{input} with {steps:?}"
        );
    }
}

#[test]
fn normalization_results_carry_the_parsers_offsets() {
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("normalization.json")).unwrap();
    for record in &records {
        assert_offsets(record["input"].as_str().unwrap_or_default());
    }
    for line in uri_tests::corpus_lines("kasztp.txt").iter().take(3000) {
        assert_offsets(line);
    }
    // A host that decoding turns into an IPv4 address changes kind.
    let decoded = UriRef::parse("http://%31.2.3.4/").unwrap().normalize();
    assert_eq!(decoded.authority().unwrap().host_kind(), HostKind::Ipv4);
}

proptest! {
    #[test]
    fn canonical_text_is_the_standard_librarys_and_parses_back(fields in prop::array::uniform8(prop::sample::select(vec![0u16, 1, 0xa, 0xffff, 0x1234]))) {
        let address = std::net::Ipv6Addr::from(fields);
        let text = uri::ipv6_canonical(address);
        prop_assert_eq!(&text, &address.to_string());
        prop_assert_eq!(text.parse::<std::net::Ipv6Addr>().unwrap(), address);
        let uri = format!("http://[{}]/", text.to_uppercase());
        assert_offsets(&uri);
    }
}
