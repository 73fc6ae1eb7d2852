//! Times IRI parsing, `uri`'s beside oxiri's, iri-string's and fluent-uri's, on an IRI corpus:
//! the URL corpora (`kasztp.txt`, `node_files.txt`, `isaacs_files.txt` and both sides of the
//! pairs of `relative_urls_cc_10k.csv`) mapped by `UriRef::to_iri` (a line that is no URI
//! reference is kept as it is), and the valid non-ASCII IRIs of the peers' test suites
//! (`tests/data/iri_*.json`). The lines that hold a non-ASCII character are timed apart from the
//! others.
//!
//! - `cargo run --release -p uri-tests --example iri_workload -- table [N]`: every parser on
//!   the ASCII lines, the non-ASCII lines and all lines, N passes each (default 50),
//!   interleaved; prints the fastest pass in ns per line as a Markdown table.
//! - `valgrind --tool=callgrind target/release/examples/iri_workload one PREFIX [ascii|non-ascii]`:
//!   one pass of the first parser whose name starts with PREFIX over all lines, or those of one
//!   set (`none` builds the corpus only, to subtract).

use std::hint::black_box;

/// Each parser: a name and a function returning whether the line parsed, touching its path and
/// query as a caller would.
type Parser = (&'static str, fn(&str) -> Option<usize>);

const PARSERS: [Parser; 4] = [
    ("uri IriRef::parse", |l| {
        uri::IriRef::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
    ("oxiri IriRef::parse", |l| {
        oxiri::IriRef::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
    ("iri-string IriReferenceStr::new", |l| {
        iri_string::types::IriReferenceStr::new(l)
            .ok()
            .map(|r| r.path_str().len() + r.query().map_or(0, |q| q.as_str().len()))
    }),
    ("fluent-uri IriRef::parse", |l| {
        fluent_uri::IriRef::parse(l)
            .ok()
            .map(|r| r.path().as_str().len() + r.query().map_or(0, |q| q.as_str().len()))
    }),
];

/// The IRI corpus: the URL corpora mapped to IRIs, then the peers' non-ASCII test IRIs.
fn corpus() -> Vec<String> {
    let mut lines = Vec::new();
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        for line in uri_tests::corpus_lines(name) {
            let mapped = uri::UriRef::parse(&line).map(|r| r.to_iri().into_string());
            lines.push(mapped.unwrap_or(line));
        }
    }
    // The Common Crawl pairs of the resolution benchmark, bases and references: the URL corpus
    // with the most escaped UTF-8 (and the training input of both parsers' AVX2 plans).
    for (base, reference) in uri_tests::resolution_pairs() {
        for line in [base, reference] {
            let mapped = uri::UriRef::parse(&line).map(|r| r.to_iri().into_string());
            lines.push(mapped.unwrap_or(line));
        }
    }
    for name in ["iri_validity.json", "iri_components.json", "iri_resolution.json", "iri_normalization.json"]
    {
        let records: Vec<serde_json::Value> =
            serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The IRIs only: the invalid inputs of the validity vectors are left out.
        for record in records.iter().filter(|r| r.get("valid").is_none_or(|v| v == true)) {
            for key in ["input", "base", "ref", "expected"] {
                if let Some(s) = record.get(key).and_then(|v| v.as_str()).filter(|s| !s.is_ascii()) {
                    lines.push(s.to_owned());
                }
            }
        }
    }
    lines
}

/// One pass of `parse` over `lines`: how many parsed, folded with what it read.
fn pass(parse: fn(&str) -> Option<usize>, lines: &[String]) -> usize {
    lines.iter().map(|l| parse(black_box(l)).map_or(0, |n| n + 1)).sum()
}

fn table(reps: usize) {
    let all = corpus();
    let (non_ascii, ascii): (Vec<String>, Vec<String>) = all.iter().cloned().partition(|l| !l.is_ascii());
    let sets = [("ASCII lines", &ascii), ("non-ASCII lines", &non_ascii), ("all lines", &all)];
    let seconds = uri_tests::fastest_interleaved(reps, PARSERS.len() * sets.len(), |i| {
        black_box(pass(PARSERS[i / sets.len()].1, sets[i % sets.len()].1));
    });
    let heads: Vec<String> = sets.iter().map(|(name, lines)| format!("{name} ({})", lines.len())).collect();
    println!("| parser | {} |", heads.join(" | "));
    println!("|---|{}", "---|".repeat(sets.len()));
    for (p, (name, parse)) in PARSERS.iter().enumerate() {
        let cells: Vec<String> = sets
            .iter()
            .enumerate()
            .map(|(s, (_, lines))| {
                let ns = seconds[p * sets.len() + s] * 1e9 / lines.len() as f64;
                let ok = lines.iter().filter(|l| parse(l).is_some()).count();
                format!("{ns:.1} ns ({ok} ok)")
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("table") | None => table(args.next().map_or(50, |n| n.parse().expect("N is a number"))),
        Some("one") => {
            let prefix = args.next().expect("one PREFIX");
            let set = args.next();
            let lines: Vec<String> = corpus()
                .into_iter()
                .filter(|l| match set.as_deref() {
                    Some("ascii") => l.is_ascii(),
                    Some("non-ascii") => !l.is_ascii(),
                    _ => true,
                })
                .collect();
            if prefix != "none" {
                let (_, parse) =
                    PARSERS.iter().find(|(name, _)| name.starts_with(&prefix)).expect("a parser");
                black_box(pass(*parse, &lines));
            }
        }
        Some(other) => panic!("unknown mode {other}: table [N] or one PREFIX [ascii|non-ascii]"),
    }
}
