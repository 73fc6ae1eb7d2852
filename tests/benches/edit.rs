//! Setters and `relativize`, beside the peers that have them: url (`set_path`, `set_query`,
//! `set_fragment`, `path_segments_mut().push`, `query_pairs_mut().append_pair`,
//! `make_relative`), fluent-uri (`set_fragment`) and oxiri (`relativize`).
//!
//! Run with `cargo bench -p uri-tests --bench edit`. Setters: the first 1,000 URLs of
//! `corpus/kasztp.txt` that every library parses, each parsed once outside the timing; an
//! iteration clones each parsed value and sets one component (the `clone` lines time the copy
//! alone). `relativize`: the Common Crawl pairs of `abnf/training/relative_urls_cc_10k.csv`,
//! the target being the base resolved with the reference; the base and target are parsed
//! outside the timing. Divide a time per iteration by the element count for the time per URL or pair.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use fluent_uri::pct_enc::EStr;

fn setters(c: &mut Criterion) {
    let lines: Vec<String> = uri_tests::corpus_lines("kasztp.txt")
        .into_iter()
        .filter(|line| {
            uri::UriBuf::parse(line.as_str()).is_ok()
                && url::Url::parse(line).is_ok_and(|u| !u.cannot_be_a_base())
                && fluent_uri::Uri::parse(line.as_str()).is_ok()
        })
        .take(1000)
        .collect();
    let ours: Vec<uri::UriBuf> = lines.iter().map(|l| uri::UriBuf::parse(l.as_str()).unwrap()).collect();
    let urls: Vec<url::Url> = lines.iter().map(|l| url::Url::parse(l).unwrap()).collect();
    let fluent: Vec<fluent_uri::Uri<String>> =
        lines.iter().map(|l| fluent_uri::Uri::parse(l.as_str()).unwrap().to_owned()).collect();
    let mut group = c.benchmark_group("setters_kasztp_1000");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("uri clone", |b| {
        b.iter(|| ours.iter().map(|u| black_box(u.clone()).as_str().len()).sum::<usize>())
    });
    group.bench_function("url clone", |b| {
        b.iter(|| urls.iter().map(|u| black_box(u.clone()).as_str().len()).sum::<usize>())
    });
    group.bench_function("uri set_path", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_path(black_box("/a/b/c")).unwrap();
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("url set_path", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_path(black_box("/a/b/c"));
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("uri set_query", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_query(black_box("x=1")).unwrap();
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("url set_query", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_query(Some(black_box("x=1")));
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("uri set_fragment", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_fragment(black_box("top")).unwrap();
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("url set_fragment", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_fragment(Some(black_box("top")));
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("fluent-uri set_fragment", |b| {
        b.iter(|| {
            fluent
                .iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_fragment(Some(EStr::new(black_box("top")).unwrap()));
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("uri push_segment", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.push_segment(black_box("seg ment")).unwrap();
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("url path_segments_mut().push", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    let mut u = u.clone();
                    if let Ok(mut segments) = u.path_segments_mut() {
                        segments.push(black_box("seg ment"));
                    }
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("uri append_query_pair", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.append_query_pair(black_box("key"), black_box("a value")).unwrap();
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("url query_pairs_mut().append_pair", |b| {
        b.iter(|| {
            urls.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.query_pairs_mut().append_pair(black_box("key"), black_box("a value"));
                    u.as_str().len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn relativize(c: &mut Criterion) {
    let pairs: Vec<(String, String)> = uri_tests::resolution_pairs()
        .into_iter()
        .filter_map(|(base, relative)| {
            let b = uri::Uri::parse(&base).ok()?;
            let target = b.resolve(&uri::UriRef::parse(&relative).ok()?).into_string();
            Some((base, target))
        })
        .collect();
    let ours: Vec<(uri::Uri<'_>, uri::Uri<'_>)> =
        pairs.iter().map(|(b, t)| (uri::Uri::parse(b).unwrap(), uri::Uri::parse(t).unwrap())).collect();
    let oxiri: Vec<_> = pairs
        .iter()
        .filter_map(|(b, t)| Some((oxiri::Iri::parse(b.as_str()).ok()?, oxiri::Iri::parse(t.as_str()).ok()?)))
        .collect();
    let urls: Vec<_> = pairs
        .iter()
        .filter_map(|(b, t)| Some((url::Url::parse(b).ok()?, url::Url::parse(t).ok()?)))
        .collect();
    eprintln!("relativize pairs: uri {}, oxiri {}, url {}", ours.len(), oxiri.len(), urls.len());
    let mut group = c.benchmark_group("relativize_cc_10k");
    group.throughput(Throughput::Elements(ours.len() as u64));
    group.bench_function("uri Uri::relativize", |b| {
        b.iter(|| ours.iter().map(|(base, t)| base.relativize(black_box(t)).as_str().len()).sum::<usize>())
    });
    group.bench_function("oxiri Iri::relativize", |b| {
        b.iter(|| {
            oxiri
                .iter()
                .filter_map(|(base, t)| base.relativize(black_box(t)).ok())
                .map(|r| r.as_str().len())
                .sum::<usize>()
        })
    });
    group.bench_function("url Url::make_relative", |b| {
        b.iter(|| {
            urls.iter()
                .filter_map(|(base, t)| base.make_relative(black_box(t)))
                .map(|r| r.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = setters, relativize
}
criterion_main!(benches);
