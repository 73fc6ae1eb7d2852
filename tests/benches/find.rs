//! `find_uris` throughput on URL-dense text (the lines of `corpus/kasztp.txt` joined by spaces)
//! and on prose (`text/rfc3986.txt` repeated), beside linkify 0.10's `LinkFinder` for URLs on the
//! same texts.
//!
//! ```sh
//! cargo bench -p uri-tests --bench find
//! ```
//!
//! The two finders do not find the same things: `find_uris` follows RFC 3986 Appendix C (any
//! scheme, `<...>` and `"..."` delimiters, whitespace removed inside angle brackets), linkify
//! finds URLs by its own rules (schemes followed by `://` and a few others, and domains without a
//! scheme when asked, which is off here). Both report a count per text before the timings.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use linkify::{LinkFinder, LinkKind};

fn uri_count(text: &str) -> usize {
    uri::find_uris(text).count()
}

fn linkify_count(text: &str) -> usize {
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url]);
    finder.links(text).count()
}

/// A finder under test: its name, and a run that counts what it finds in a text.
type Finder = (&'static str, fn(&str) -> usize);

const FINDERS: [Finder; 2] = [("uri find_uris", uri_count), ("linkify 0.10", linkify_count)];

fn bench(c: &mut Criterion) {
    let (dense, prose) = uri_tests::find_texts();
    for (name, text) in [("dense", &dense), ("prose", &prose)] {
        let mut group = c.benchmark_group(format!("find/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        for (finder, run) in FINDERS {
            eprintln!("{name}: {finder} finds {} in {} bytes", run(text), text.len());
            group.bench_with_input(BenchmarkId::from_parameter(finder), text, |b, text| {
                b.iter(|| run(black_box(text)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
