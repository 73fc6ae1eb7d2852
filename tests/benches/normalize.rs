//! Normalization (RFC 3986 section 6.2.2, and 6.2.3 where a library has it) of every line of the
//! three URL corpora, beside `fluent-uri` and `iri-string` in the same run.
//!
//! Run with `cargo bench -p uri-tests --bench normalize`. Every library does the same work per
//! line and per iteration: parse the line, normalize it into a new owned string. A line per corpus
//! gives how many lines each library normalized and how many results equal `uri`'s, then a table
//! of the fastest of 30 rounds in which the libraries take turns (see `benches/resolve.rs`).
//!
//! What each library does differs at the edges: `uri` (`Normalization::SYNTAX`) and fluent-uri
//! apply section 6.2.2 (case, percent-encoding, dot segments); `uri`'s default
//! (`Normalization::FULL`) adds section 6.2.3 (default ports, empty http path); iri-string
//! normalizes absolute URIs only, and the corpora's lines are all absolute.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use iri_string::format::ToDedicatedString;
use iri_string::types::UriStr;

/// Parses and normalizes a line; the normal form, or `None` when the library rejects the line.
type Normalizer = fn(&str) -> Option<String>;

const LIBRARIES: [(&str, Normalizer); 4] = [
    ("uri normalize_with(SYNTAX)", |l| {
        Some(uri::UriRef::parse(l).ok()?.normalize_with(uri::Normalization::SYNTAX).into_string())
    }),
    ("uri normalize (FULL)", |l| Some(uri::UriRef::parse(l).ok()?.normalize().into_string())),
    ("fluent-uri normalize", |l| Some(fluent_uri::UriRef::parse(l).ok()?.normalize().into_string())),
    ("iri-string normalize", |l| Some(UriStr::new(l).ok()?.normalize().to_dedicated_string().into())),
];

fn run(f: Normalizer, lines: &[String]) -> usize {
    lines.iter().filter_map(|l| f(black_box(l))).map(|s| s.len()).sum()
}

fn bench(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        let lines = uri_tests::corpus_lines(name);
        let ours: Vec<Option<String>> = lines.iter().map(|l| LIBRARIES[0].1(l)).collect();
        let summary: Vec<String> = LIBRARIES
            .iter()
            .map(|(library, f)| {
                let results: Vec<Option<String>> = lines.iter().map(|l| f(l)).collect();
                let same = results.iter().zip(&ours).filter(|(a, b)| a.is_some() && a == b).count();
                let done = results.iter().filter(|r| r.is_some()).count();
                format!("{library} {done} ({same} equal to uri SYNTAX)")
            })
            .collect();
        eprintln!("{name}: {} lines; normalized: {}", lines.len(), summary.join(", "));
        let best = uri_tests::fastest_interleaved(30, LIBRARIES.len(), |i| {
            black_box(run(LIBRARIES[i].1, &lines));
        });
        for ((library, _), seconds) in LIBRARIES.iter().zip(best) {
            eprintln!(
                "{name}: fastest of 30 interleaved rounds: {library}: {:.1} ns/line",
                seconds * 1e9 / lines.len() as f64
            );
        }
        let mut group = c.benchmark_group(format!("normalize {name}"));
        group.throughput(Throughput::Elements(lines.len() as u64));
        for (library, f) in LIBRARIES {
            group.bench_function(library, |b| b.iter(|| run(f, &lines)));
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
