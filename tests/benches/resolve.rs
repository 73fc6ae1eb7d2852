//! Reference resolution on the 10,000 Common Crawl pairs of `abnf/training/relative_urls_cc_10k.csv` (from
//! oxiri), beside `oxiri`, `fluent-uri` and `iri-string` in the same run.
//!
//! Run with `cargo bench -p uri-tests --bench resolve`. Every library does the same work per
//! pair and per iteration: parse the base, parse the reference, resolve into a new owned value.
//! The other libraries compute the result's component offsets while resolving; `uri` keeps the
//! text and finds them when first asked, so the `then path()` line is the like-for-like one for
//! a caller that reads components. A line at the start gives how many pairs each library resolved (they differ on
//! inputs that are not RFC 3986, and oxiri and iri-string are IRI libraries), then a table of
//! the fastest of 40 rounds in which the libraries take turns (robust to a machine whose load
//! changes during the run). Divide criterion's time per iteration by 10,000 for the time per
//! pair.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use iri_string::format::ToDedicatedString;
use iri_string::types::{UriReferenceStr, UriStr};

/// Parses a base and a reference and resolves; the length of the result, or `None` when the
/// library rejects an input.
type Resolver = fn(&str, &str) -> Option<usize>;

fn ours(base: &str, relative: &str) -> Option<usize> {
    let base = uri::Uri::parse(base).ok()?;
    let relative = uri::UriRef::parse(relative).ok()?;
    Some(base.resolve(&relative).as_str().len())
}

/// Like [`ours`], then reads a component of the result: a resolved `UriBuf` computes its
/// offsets on first use, so this variant includes that parse.
fn ours_then_path(base: &str, relative: &str) -> Option<usize> {
    let base = uri::Uri::parse(base).ok()?;
    let relative = uri::UriRef::parse(relative).ok()?;
    Some(base.resolve(&relative).path().len())
}

fn ours_into(base: &str, relative: &str, buffer: &mut String) -> Option<usize> {
    let base = uri::Uri::parse(base).ok()?;
    let relative = uri::UriRef::parse(relative).ok()?;
    buffer.clear();
    base.resolve_into(&relative, uri::ResolveOptions::STRICT, buffer);
    Some(buffer.len())
}

fn oxiri(base: &str, relative: &str) -> Option<usize> {
    let base = oxiri::Iri::parse(base).ok()?;
    let relative = oxiri::IriRef::parse(relative).ok()?;
    Some(base.resolve(&relative).ok()?.as_str().len())
}

fn fluent(base: &str, relative: &str) -> Option<usize> {
    let base = fluent_uri::Uri::parse(base).ok()?;
    let relative = fluent_uri::UriRef::parse(relative).ok()?;
    Some(relative.resolve_against(&base).ok()?.as_str().len())
}

fn iri_string(base: &str, relative: &str) -> Option<usize> {
    let base = UriStr::new(base).ok()?;
    let relative = UriReferenceStr::new(relative).ok()?;
    Some(relative.resolve_against(base.to_absolute()).to_dedicated_string().as_str().len())
}

/// Prints the fastest of `rounds` rounds of each library, in ns per pair; the libraries take
/// turns within a round (see [`uri_tests::fastest_interleaved`]).
fn interleaved_minimum(libraries: &[(&str, Resolver)], pairs: &[(String, String)], rounds: usize) {
    let best = uri_tests::fastest_interleaved(rounds, libraries.len(), |i| {
        let f = libraries[i].1;
        black_box(pairs.iter().filter_map(|(base, r)| f(black_box(base), black_box(r))).sum::<usize>());
    });
    for ((name, _), seconds) in libraries.iter().zip(best) {
        eprintln!(
            "fastest of {rounds} interleaved rounds: {name}: {:.1} ns/pair",
            seconds * 1e9 / pairs.len() as f64
        );
    }
}

fn bench(c: &mut Criterion) {
    let pairs = uri_tests::resolution_pairs();
    let count =
        |f: &dyn Fn(&str, &str) -> Option<usize>| pairs.iter().filter(|(b, r)| f(b, r).is_some()).count();
    let mut buffer = String::new();
    let into_ok = pairs.iter().filter(|(b, r)| ours_into(b, r, &mut buffer).is_some()).count();
    eprintln!(
        "{} pairs; resolved: uri {} (resolve_into {into_ok}), oxiri {}, fluent-uri {}, iri-string {}",
        pairs.len(),
        count(&ours),
        count(&oxiri),
        count(&fluent),
        count(&iri_string),
    );
    let mut group = c.benchmark_group("relative_urls_cc_10k");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    let libraries: [(&str, Resolver); 5] = [
        ("uri Uri::resolve", ours),
        ("uri Uri::resolve, then path()", ours_then_path),
        ("oxiri Iri::resolve", oxiri),
        ("fluent-uri UriRef::resolve_against", fluent),
        ("iri-string resolve_against", iri_string),
    ];
    interleaved_minimum(&libraries, &pairs, 40);
    for (name, f) in libraries {
        group.bench_function(name, |b| {
            b.iter(|| pairs.iter().filter_map(|(base, r)| f(black_box(base), black_box(r))).sum::<usize>())
        });
    }
    group.bench_function("uri Uri::resolve_into (reused buffer)", |b| {
        let mut buffer = String::new();
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(base, r)| ours_into(black_box(base), black_box(r), &mut buffer))
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
