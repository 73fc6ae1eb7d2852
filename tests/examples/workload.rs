//! One workload over one corpus file, for instruction counts under callgrind:
//! `cargo build --release -p uri-tests --example workload` then
//! `valgrind --tool=callgrind target/release/examples/workload matches kasztp.txt`.
//!
//! Workloads: `matches` (the recognizer), `parse` (the capturing parser), `fluent` (fluent-uri),
//! `none` (reading the file only, to subtract). With a third argument N, the workload runs N
//! times and the fastest pass is printed in ns per URL (the minimum resists a busy machine).

use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (workload, file, reps) = match args.as_slice() {
        [w, f] => (w.as_str(), f.as_str(), 1),
        [w, f, n] => (w.as_str(), f.as_str(), n.parse().unwrap_or(1)),
        _ => {
            eprintln!("usage: workload matches|parse|fluent|none FILE (a name under tests/data/corpus)");
            std::process::exit(2);
        }
    };
    let text = uri_tests::read_data(&format!("corpus/{file}"));
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let run = || match workload {
        "matches" => {
            lines.iter().filter(|l| uri::Rule::UriReference.matches(black_box(l.as_bytes()))).count()
        }
        "parse" => lines.iter().filter_map(|l| uri::UriRef::parse(black_box(l)).ok()).map(black_box).count(),
        "fluent" => {
            lines.iter().filter_map(|l| fluent_uri::UriRef::parse(black_box(*l)).ok()).map(black_box).count()
        }
        "none" => lines.iter().map(|l| black_box(l.len())).filter(|&n| n > 0).count(),
        other => {
            eprintln!("unknown workload {other}");
            std::process::exit(2);
        }
    };
    let mut best = f64::INFINITY;
    let mut accepted = 0;
    for _ in 0..reps {
        let start = std::time::Instant::now();
        accepted = run();
        best = best.min(start.elapsed().as_nanos() as f64);
    }
    if reps > 1 {
        println!("{workload} {file}: best {:.1} ns/URL", best / lines.len() as f64);
    }
    println!("{workload} {file}: {} lines, {bytes} bytes, {accepted} accepted", lines.len());
}
