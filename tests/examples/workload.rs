//! Times the parsers of `tests/common/parsers.rs` on the URL corpora, or runs one of them once for
//! instruction counts under callgrind.
//!
//! - `cargo run --release -p uri-tests --example workload -- table [N]`: every parser on every
//!   corpus, N passes each (default 50), interleaved; prints the fastest pass in ns per URL as a
//!   Markdown table. The minimum of many passes resists a busy machine better than the mean.
//! - `workload tsv N`: the same measurements as tab-separated lines, for `cargo xtask bench-report`.
//! - `valgrind --tool=callgrind target/release/examples/workload one PREFIX FILE`: one pass of the
//!   first parser whose name starts with PREFIX (`none` reads the file only, to subtract).
//!
//! Besides the three corpora, `repeated` is the first line of `kasztp.txt` 48,010 times: every
//! branch a parser takes is then predictable, so the difference from `kasztp.txt` is the price
//! of the branch mispredictions that real, varied URLs cause.

use std::hint::black_box;

#[path = "../common/parsers.rs"]
mod parsers;

use parsers::parsers;

const FILES: [&str; 4] = ["kasztp.txt", "node_files.txt", "isaacs_files.txt", "repeated"];

/// The lines of a corpus of `FILES`.
fn lines(file: &str) -> Vec<String> {
    if file == "repeated" {
        let first = uri_tests::corpus_lines("kasztp.txt").swap_remove(0);
        return vec![first; 48_010];
    }
    uri_tests::corpus_lines(file)
}

fn pass(f: fn(&str) -> Option<usize>, lines: &[String]) -> usize {
    lines.iter().filter_map(|l| f(black_box(l))).map(black_box).count()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["table"] => table(50, false),
        ["table", n] => table(n.parse().unwrap_or(50), false),
        ["tsv", n] => table(n.parse().unwrap_or(50), true),
        ["one", "none", file] => {
            let lines = lines(file);
            println!("{}", lines.iter().map(|l| black_box(l.len())).sum::<usize>());
        }
        ["one", prefix, file] => {
            let Some((name, f)) = parsers().into_iter().find(|(name, _)| name.starts_with(prefix)) else {
                eprintln!("no parser named {prefix}...");
                std::process::exit(2);
            };
            let lines = lines(file);
            println!("{name} on {file}: {} of {} accepted", pass(f, &lines), lines.len());
        }
        _ => {
            eprintln!("usage: workload table [N] | workload tsv N | workload one PREFIX|none FILE");
            std::process::exit(2);
        }
    }
}

/// Times every parser on every corpus; prints Markdown, or with `tsv` one line per measurement:
/// parser, file, best ns per URL, lines accepted, lines, bytes.
fn table(reps: usize, tsv: bool) {
    let corpora: Vec<Vec<String>> = FILES.iter().map(|f| lines(f)).collect();
    let parsers = parsers();
    // One task per (parser, corpus), parser-major; the best time per URL of each.
    let seconds = uri_tests::fastest_interleaved(reps, parsers.len() * corpora.len(), |i| {
        black_box(pass(parsers[i / corpora.len()].1, &corpora[i % corpora.len()]));
    });
    let best: Vec<Vec<f64>> = seconds
        .chunks(corpora.len())
        .map(|row| row.iter().zip(&corpora).map(|(s, lines)| s * 1e9 / lines.len() as f64).collect())
        .collect();
    if tsv {
        for (p, (name, f)) in parsers.iter().enumerate() {
            for (c, lines) in corpora.iter().enumerate() {
                let bytes: usize = lines.iter().map(String::len).sum();
                let ok = pass(*f, lines);
                println!("{name}\t{}\t{:.2}\t{ok}\t{}\t{bytes}", FILES[c], best[p][c], lines.len());
            }
        }
        return;
    }
    println!("| parser | {} |", FILES.join(" | "));
    println!("|---|{}", "---|".repeat(FILES.len()));
    for (p, (name, f)) in parsers.iter().enumerate() {
        let cells: Vec<String> = corpora
            .iter()
            .enumerate()
            .map(|(c, lines)| format!("{:.1} ns ({} ok)", best[p][c], pass(*f, lines)))
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}
