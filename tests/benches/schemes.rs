//! The scheme parsers of `uri::scheme` on their RFCs' example URIs, beside the generic
//! `UriRef::parse` on the same texts, and beside the `data-url` crate for `data:` URLs.
//!
//! Run with `cargo bench -p uri-tests --bench schemes`. The inputs are the valid examples of
//! `tests/data/scheme_examples.json` for each scheme (the `file` forms of RFC 8089 section 2
//! and, separately, those of Appendix F), and for `tel`, `sip` and `mailto` the example tables
//! of `uri-gen/tests/scheme_captures/` (the examples each type reads); criterion reports the time per example set with
//! `Throughput::Elements`, so its rate is URIs per second (ns per URI is its inverse).
//! `data-url` follows the WHATWG fetch standard's "data: URL processor", which decodes as it
//! parses: its row is parse and decode, beside `Data::parse` then `Data::decode`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use serde_json::Value;
use uri::scheme::{Data, File, FileOptions, Geo, Mailto, Sip, Tel, Urn};
use uri::UriRef;

#[path = "../../uri-gen/tests/scheme_captures/mailto.rs"]
mod mailto;
#[path = "../../uri-gen/tests/scheme_captures/sip.rs"]
mod sip;
#[path = "../../uri-gen/tests/scheme_captures/tel.rs"]
mod tel;

#[path = "../../uri-gen/tests/scheme_captures/example.rs"]
mod example;
use example::{ok, Example, Rejected};

/// The examples of `table` that `parsers` read, after checking that `parse` refuses what
/// `rejected` lists for them.
fn table(table: &[Example], rejected: &[Rejected], parsers: &[&str], parse: Parse) -> Vec<String> {
    for r in rejected.iter().filter(|r| parsers.contains(&r.parser)) {
        assert!(!parse(r.input), "{} ({}): {} should be refused: {}", r.input, r.section, r.parser, r.reason);
    }
    table.iter().filter(|e| parsers.contains(&e.parser)).map(|e| e.input.to_owned()).collect()
}

/// The valid examples of `scheme`, and whether the record asks for the nonstandard file forms.
fn examples(scheme: &str, nonstandard: bool) -> Vec<String> {
    let all: Value = serde_json::from_str(&uri_tests::read_data("scheme_examples.json")).expect("valid JSON");
    all["valid"]
        .as_array()
        .expect("valid list")
        .iter()
        .filter(|r| r["scheme"] == scheme && (r["options"] == "nonstandard") == nonstandard)
        .filter_map(|r| r["input"].as_str().map(str::to_owned))
        .collect()
}

type Parse = fn(&str) -> bool;

const TEL: Parse = |t| Tel::parse(t).is_ok();
const SIP: Parse = |t| Sip::parse(t).is_ok();
const MAILTO: Parse = |t| Mailto::parse(t).is_ok();

fn bench(c: &mut Criterion) {
    let sets: [(&str, Vec<String>, Parse); 8] = [
        ("urn (RFC 8141)", examples("urn", false), |t| Urn::parse(t).is_ok()),
        ("file (RFC 8089)", examples("file", false), |t| File::parse(t).is_ok()),
        ("file (RFC 8089 Appendix F)", examples("file", true), |t| {
            File::parse_with(t, FileOptions::NONSTANDARD).is_ok()
        }),
        ("data (RFC 2397)", examples("data", false), |t| Data::parse(t).is_ok()),
        ("geo (RFC 5870)", examples("geo", false), |t| Geo::parse(t).is_ok()),
        ("tel (RFC 3966)", table(tel::EXAMPLES, tel::REJECTED, &["Tel"], TEL), TEL),
        ("sip (RFC 3261)", table(sip::EXAMPLES, sip::REJECTED, &["Sip", "Sips"], SIP), SIP),
        ("mailto (RFC 6068)", table(mailto::EXAMPLES, mailto::REJECTED, &["Mailto"], MAILTO), MAILTO),
    ];
    for (name, inputs, parse) in &sets {
        assert!(inputs.iter().all(|t| parse(t)), "{name}: an example does not parse");
        let mut group = c.benchmark_group(*name);
        group.throughput(Throughput::Elements(inputs.len() as u64));
        group.bench_function("uri::scheme parse", |b| {
            b.iter(|| inputs.iter().filter(|t| parse(black_box(t))).count())
        });
        group.bench_function("uri UriRef::parse", |b| {
            b.iter(|| inputs.iter().filter(|t| UriRef::parse(black_box(t)).is_ok()).count())
        });
        if name.starts_with("data") {
            group.bench_function("uri::scheme Data parse and decode", |b| {
                b.iter(|| {
                    let decoded = inputs.iter().filter_map(|t| Data::parse(black_box(t)).ok()?.decode().ok());
                    decoded.map(|d| d.len()).sum::<usize>()
                })
            });
            group.bench_function("data-url process and decode", |b| {
                b.iter(|| {
                    let urls = inputs.iter().filter_map(|t| data_url::DataUrl::process(black_box(t)).ok());
                    urls.filter_map(|u| u.decode_to_vec().ok()).map(|(d, _)| d.len()).sum::<usize>()
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
