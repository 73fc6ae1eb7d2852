//! Runs `uri::find_uris` over the two texts of the `find` bench, for instruction counts under
//! callgrind or a quick timing without criterion.
//!
//! - `cargo run --release -p uri-tests --example find_texts -- time [N]`: the fastest of N passes
//!   (default 20) over each text, in MB/s, with the number of URIs found.
//! - `valgrind --tool=callgrind target/release/examples/find_texts one dense|prose|none`: one
//!   pass (`none` builds the texts only, to subtract).
//!
//! `dense` is the lines of `corpus/kasztp.txt` joined by spaces; `prose` is `text/rfc3986.txt`
//! repeated to the same order of size (`uri_tests::find_texts`).

use std::hint::black_box;
use std::time::Instant;

fn count(text: &str) -> usize {
    uri::find_uris(black_box(text)).count()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dense, prose) = uri_tests::find_texts();
    match args.first().map(String::as_str) {
        Some("one") => match args.get(1).map(String::as_str) {
            Some("prose") => println!("{}", count(&prose)),
            Some("none") => println!("{}", dense.len() + prose.len()),
            _ => println!("{}", count(&dense)),
        },
        Some("time") | None => {
            let passes: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20);
            for (name, text) in [("dense", &dense), ("prose", &prose)] {
                let mut best = f64::INFINITY;
                let mut found = 0;
                for _ in 0..passes {
                    let start = Instant::now();
                    found = count(text);
                    best = best.min(start.elapsed().as_secs_f64());
                }
                let rate = text.len() as f64 / best / 1e6;
                println!("{name}: {} bytes, {found} URIs, {rate:.0} MB/s", text.len());
            }
        }
        Some(other) => {
            eprintln!("unknown mode {other:?}: use `time [N]` or `one dense|prose|none`");
            std::process::exit(2);
        }
    }
}
