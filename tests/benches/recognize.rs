//! Recognition and parsing throughput on real URL corpora, beside `fluent-uri` in the same run.
//!
//! Run with `cargo bench -p uri-tests --bench recognize`. Each benchmark processes every line of
//! a corpus file once per iteration; criterion reports time per file and bytes per second, and a
//! line at the start gives how many lines each parser accepted.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn corpus(name: &str) -> Vec<String> {
    let text = uri_tests::read_data(&format!("corpus/{name}"));
    text.trim_start_matches('\u{feff}').lines().map(str::to_owned).collect()
}

fn bench(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        let lines = corpus(name);
        let bytes: usize = lines.iter().map(String::len).sum();
        let ours_ok = lines.iter().filter(|l| uri::Rule::UriReference.matches(l.as_bytes())).count();
        let parse_ok = lines.iter().filter(|l| uri::UriRef::parse(l).is_ok()).count();
        let fluent_ok = lines.iter().filter(|l| fluent_uri::UriRef::parse(l.as_str()).is_ok()).count();
        eprintln!(
            "{name}: {} lines, {bytes} bytes; accepted: uri matches {ours_ok}, uri parse {parse_ok}, fluent-uri {fluent_ok}",
            lines.len()
        );
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function("uri Rule::UriReference.matches", |b| {
            b.iter(|| {
                lines.iter().filter(|l| uri::Rule::UriReference.matches(black_box(l.as_bytes()))).count()
            })
        });
        group.bench_function("uri UriRef::parse", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| uri::UriRef::parse(black_box(l)).ok())
                    .map(|r| r.path().len() + r.query().map_or(0, str::len))
                    .sum::<usize>()
            })
        });
        group.bench_function("fluent-uri UriRef::parse", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| fluent_uri::UriRef::parse(black_box(l.as_str())).ok())
                    .map(|r| r.path().as_str().len() + r.query().map_or(0, |q| q.as_str().len()))
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
