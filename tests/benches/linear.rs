//! Parse time per byte from 1 KiB to 64 MiB, on inputs shaped to stress one part of the
//! automaton each: a long path, a long query of percent-encodings, a long IPvFuture literal, a
//! valid prefix that fails on its last byte (the error path re-reads the prefix for its expected
//! set), and the recognizer alone. One table lookup per byte means the time per byte stays
//! flat; a quadratic path would grow 65,536 times over this range.
//!
//! ```sh
//! cargo bench -p uri-tests --bench linear
//! ```
//!
//! Before criterion's own runs, a table of the best time per byte over a few runs of at least
//! 64 MiB each is printed to stderr, one column per size.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use uri::{Rule, UriRef};

const KIB: usize = 1 << 10;
const MIB: usize = 1 << 20;
const SIZES: [usize; 5] = [KIB, 16 * KIB, 256 * KIB, 4 * MIB, 64 * MIB];

/// A shape: how to build an input of a size, and what to run on it.
struct Shape {
    name: &'static str,
    head: &'static str,
    unit: &'static str,
    tail: &'static str,
    run: fn(&str) -> usize,
}

fn parse_ok(input: &str) -> usize {
    UriRef::parse(input).map(|r| r.path().len() + r.query().map_or(0, str::len)).unwrap_or(0)
}

fn parse_err(input: &str) -> usize {
    UriRef::parse(input).err().map_or(0, |e| e.index())
}

fn recognize(input: &str) -> usize {
    usize::from(Rule::UriReference.matches(input.as_bytes()))
}

const SHAPES: [Shape; 5] = [
    Shape { name: "path", head: "http://example.com", unit: "/segment", tail: "", run: parse_ok },
    Shape { name: "percent-query", head: "https://h/p?", unit: "k=%41&%7e;", tail: "#f", run: parse_ok },
    Shape { name: "ipvfuture", head: "//[v1.", unit: "a:b!", tail: "]/", run: parse_ok },
    Shape { name: "error-at-end", head: "http://h/", unit: "a%20/", tail: "\u{0}", run: parse_err },
    Shape { name: "recognizer", head: "http://example.com", unit: "/segment", tail: "", run: recognize },
];

/// `head`, `unit` repeated, `tail`: exactly `size` bytes (the head and tail are ASCII, and so
/// is the unit, so the padding of `a` keeps the shape valid wherever it stands).
fn build(shape: &Shape, size: usize) -> String {
    let mut s = String::with_capacity(size);
    s.push_str(shape.head);
    while s.len() + shape.unit.len() + shape.tail.len() <= size {
        s.push_str(shape.unit);
    }
    while s.len() + shape.tail.len() < size {
        s.push('a');
    }
    s.push_str(shape.tail);
    s
}

/// The best nanoseconds per byte over five runs of at least 64 MiB of input each.
fn ns_per_byte(shape: &Shape, input: &str) -> f64 {
    let iterations = (64 * MIB / input.len()).max(1);
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        for _ in 0..iterations {
            black_box((shape.run)(black_box(input)));
        }
        best = best.min(started.elapsed());
    }
    best.as_nanos() as f64 / (iterations * input.len()) as f64
}

fn table() {
    let header: Vec<String> = SIZES.iter().map(|&s| size_name(s)).collect();
    eprintln!("ns/byte | {}", header.join(" | "));
    eprintln!("--- |{}", " ---: |".repeat(SIZES.len()));
    for shape in &SHAPES {
        let row: Vec<String> = SIZES
            .iter()
            .map(|&size| {
                let input = build(shape, size);
                assert_eq!(input.len(), size);
                format!("{:.3}", ns_per_byte(shape, &input))
            })
            .collect();
        eprintln!("{} | {}", shape.name, row.join(" | "));
    }
}

fn size_name(size: usize) -> String {
    if size >= MIB {
        format!("{} MiB", size / MIB)
    } else {
        format!("{} KiB", size / KIB)
    }
}

fn bench(c: &mut Criterion) {
    table();
    for shape in &SHAPES {
        let mut group = c.benchmark_group(format!("linear/{}", shape.name));
        for size in SIZES {
            let input = build(shape, size);
            assert!((shape.run)(&input) > 0, "{} at {size} bytes is not the intended case", shape.name);
            group.throughput(Throughput::Bytes(size as u64));
            group.bench_with_input(BenchmarkId::from_parameter(size_name(size)), &input, |b, input| {
                b.iter(|| (shape.run)(black_box(input)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
