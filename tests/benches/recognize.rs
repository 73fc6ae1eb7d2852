//! Recognition and parsing throughput on real URL corpora, beside peer crates in the same run.
//!
//! Run with `cargo bench -p uri-tests --bench recognize`. Each benchmark processes every line of
//! a corpus file once per iteration; criterion reports time per file and bytes per second. A line
//! per corpus at the start gives how many lines each parser accepted: the strict RFC 3986 parsers
//! (`uri`, fluent-uri, iri-string) must agree; oxiri parses IRIs and `url` follows the WHATWG URL
//! standard, so their counts differ by design.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
#[path = "../common/parsers.rs"]
mod parsers;

use parsers::parsers;

fn bench(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        let lines = uri_tests::corpus_lines(name);
        let bytes: usize = lines.iter().map(String::len).sum();
        let accepted: Vec<String> = parsers()
            .iter()
            .map(|(parser, f)| format!("{parser} {}", lines.iter().filter(|l| f(l).is_some()).count()))
            .collect();
        eprintln!("{name}: {} lines, {bytes} bytes; accepted: {}", lines.len(), accepted.join(", "));
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(bytes as u64));
        for (parser, f) in parsers() {
            group.bench_function(parser, |b| {
                b.iter(|| lines.iter().filter_map(|l| f(black_box(l))).sum::<usize>())
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
