//! Path segments and query pairs of already parsed URLs, beside url and fluent-uri.
//!
//! Run with `cargo bench -p uri-tests --bench views`. Every library parses the lines once, before
//! timing; a round then walks the views of every parsed value and adds up the lengths of what
//! it yields, so the figures are the views alone, not parsing. A table of the fastest of 30
//! rounds in which the libraries take turns (see `benches/resolve.rs`) comes first, then
//! criterion's groups.
//!
//! - `path_segments`, every line of `kasztp.txt`: `uri`'s `path_segments` (raw, then each
//!   decoded lossily), url's `path_segments` (raw; url has no decoded segments of its own) and
//!   fluent-uri's `segments_if_absolute` (raw, then `decode().to_string_lossy()`).
//! - `query_pairs`, the lines of `kasztp.txt` and `isaacs_files.txt` with a query: `uri`'s
//!   `query_pairs` raw, and decoded as an HTML form lossily (`QueryOptions::FORM`, what url's
//!   `query_pairs` does), beside url's `query_pairs`; fluent-uri has no query pairs, so its row
//!   splits on `&` and the first `=` by hand (`EStr::split`, `split_once`), raw.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use uri::{QueryOptions, UriRef};

/// The three libraries' parsed values of the same lines.
struct Parsed<'a> {
    ours: Vec<UriRef<'a>>,
    url: Vec<url::Url>,
    fluent: Vec<fluent_uri::UriRef<&'a str>>,
}

impl<'a> Parsed<'a> {
    fn new(lines: &'a [String]) -> Parsed<'a> {
        Parsed {
            ours: lines.iter().filter_map(|l| UriRef::parse(l).ok()).collect(),
            url: lines.iter().filter_map(|l| url::Url::parse(l).ok()).collect(),
            fluent: lines.iter().filter_map(|l| fluent_uri::UriRef::parse(l.as_str()).ok()).collect(),
        }
    }
}

type Task = fn(&Parsed<'_>) -> usize;

const SEGMENTS: [(&str, Task); 5] = [
    ("uri path_segments", |p| p.ours.iter().flat_map(|r| r.path_segments()).map(|s| s.as_str().len()).sum()),
    ("uri path_segments decoded_lossy", |p| {
        p.ours.iter().flat_map(|r| r.path_segments()).map(|s| s.decoded_lossy().len()).sum()
    }),
    ("url path_segments", |p| p.url.iter().filter_map(|u| u.path_segments()).flatten().map(str::len).sum()),
    ("fluent-uri segments_if_absolute", |p| {
        p.fluent.iter().filter_map(|r| r.path().segments_if_absolute()).flatten().map(|s| s.len()).sum()
    }),
    ("fluent-uri segments_if_absolute decode lossy", |p| {
        let segments = p.fluent.iter().filter_map(|r| r.path().segments_if_absolute()).flatten();
        segments.map(|s| s.decode().to_string_lossy().len()).sum()
    }),
];

const PAIRS: [(&str, Task); 4] = [
    ("uri query_pairs", |p| {
        let pairs = p.ours.iter().flat_map(|r| r.query_pairs());
        pairs.map(|q| q.key().len() + q.value().map_or(0, str::len)).sum()
    }),
    ("uri query_pairs FORM decoded_lossy", |p| {
        let pairs = p.ours.iter().flat_map(|r| r.query_pairs_with(QueryOptions::FORM));
        pairs.map(|q| q.decoded_key_lossy().len() + q.decoded_value_lossy().map_or(0, |v| v.len())).sum()
    }),
    ("url query_pairs", |p| p.url.iter().flat_map(|u| u.query_pairs()).map(|(k, v)| k.len() + v.len()).sum()),
    ("fluent-uri split('&') split_once('=')", |p| {
        let pieces = p.fluent.iter().filter_map(|r| r.query()).flat_map(|q| q.split('&'));
        let pairs = pieces
            .filter(|s| !s.is_empty())
            .map(|s| s.split_once('=').map_or((s, None), |(k, v)| (k, Some(v))));
        pairs.map(|(k, v)| k.len() + v.map_or(0, |v| v.len())).sum()
    }),
];

fn group(c: &mut Criterion, name: &str, lines: &[String], tasks: &[(&str, Task)]) {
    let parsed = Parsed::new(lines);
    let counts = format!(
        "parsed: uri {}, url {}, fluent-uri {}",
        parsed.ours.len(),
        parsed.url.len(),
        parsed.fluent.len()
    );
    eprintln!("{name}: {} lines; {counts}", lines.len());
    let best = uri_tests::fastest_interleaved(30, tasks.len(), |i| {
        black_box(tasks[i].1(black_box(&parsed)));
    });
    for ((task, _), seconds) in tasks.iter().zip(best) {
        eprintln!(
            "{name}: fastest of 30 interleaved rounds: {task}: {:.1} ns/line",
            seconds * 1e9 / lines.len() as f64
        );
    }
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(lines.len() as u64));
    for &(task, f) in tasks {
        group.bench_function(task, |b| b.iter(|| f(black_box(&parsed))));
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let kasztp = uri_tests::corpus_lines("kasztp.txt");
    group(c, "path_segments kasztp.txt", &kasztp, &SEGMENTS);
    let mut with_query = kasztp;
    with_query.extend(uri_tests::corpus_lines("isaacs_files.txt"));
    with_query.retain(|l| l.contains('?'));
    group(c, "query_pairs kasztp.txt+isaacs_files.txt", &with_query, &PAIRS);
}

criterion_group!(benches, bench);
criterion_main!(benches);
