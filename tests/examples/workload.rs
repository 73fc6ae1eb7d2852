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
//! - `workload lengths`: `uri`'s `matches` and `UriRef::parse` on the lines of kasztp, node_files
//!   and both sides of the resolution pairs, grouped by length; shows the fixed cost of a walk
//!   (`PERFORMANCE.md` compares the vector and table walks this way).
//! - `workload order FILE`: `matches` and `UriRef::parse` on one corpus in the file's order,
//!   sorted by length and shuffled: what the order of the lines does to branch prediction and to
//!   the caches (the sorted lines are read out of their order in memory).
//! - `workload resolve`: the resolution pairs' time split into its steps (parse the base, parse
//!   the reference, resolve parsed inputs into a reused buffer or a new value, and all three as
//!   the resolve bench does them), for `uri` and oxiri, the fastest of 40 interleaved passes in
//!   ns per pair. `workload resolve shapes` times the pairs grouped by the reference's shape
//!   (scheme, `//`, `?`, `#`, `/`, led by `.`, other relative path), for `uri` and oxiri.
//! - `valgrind --tool=callgrind target/release/examples/workload resolve-one into|new [SHAPE]`:
//!   resolves the parsed resolution pairs once, into a reused buffer or into new values (the
//!   inputs' parse is the same in both, so the difference from `resolve-one none` is the
//!   resolution's own); with SHAPE (0 to 6, the rows of `resolve shapes`), only those pairs.
//! - `workload parse [N]`: `UriRef::parse` on the three corpora, three ways: the value kept
//!   (`black_box` of the parse result, what a caller who returns or stores it pays), the path
//!   and query read (as `table` does), and every component read; fluent-uri's and oxiri's
//!   parsers the same three ways; the fastest of N interleaved passes.
//! - `workload profile`: what the generated loops do per URL of each corpus (accelerated runs,
//!   bytes inside them, table transitions, the parser's register operations), counted by walking
//!   the generator's automata the way the emitted loops walk their tables. `PERFORMANCE.md`
//!   quotes these figures.
//!
//! Besides the three corpora, `repeated` is the first line of `kasztp.txt` 48,010 times: every
//! branch a parser takes is then predictable, so the difference from `kasztp.txt` is the price
//! of the branch mispredictions that real, varied URLs cause. `one` and `order` also take
//! `bases` and `references`, the two sides of the resolution pairs.

use std::hint::black_box;

#[path = "../common/parsers.rs"]
mod parsers;

use parsers::parsers;

#[path = "workload/resolve.rs"]
mod resolve;

const FILES: [&str; 4] = ["kasztp.txt", "node_files.txt", "isaacs_files.txt", "repeated"];

/// The lines of a corpus of `FILES`, or one side of the resolution pairs (`bases`,
/// `references`).
fn lines(file: &str) -> Vec<String> {
    match file {
        "repeated" => {
            let first = uri_tests::corpus_lines("kasztp.txt").swap_remove(0);
            vec![first; 48_010]
        }
        "bases" => uri_tests::resolution_pairs().into_iter().map(|(base, _)| base).collect(),
        "references" => uri_tests::resolution_pairs().into_iter().map(|(_, r)| r).collect(),
        _ => uri_tests::corpus_lines(file),
    }
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
        ["profile"] => profile(),
        ["lengths"] => lengths(),
        ["order", file] => order(file),
        ["resolve"] => resolve::steps(),
        ["resolve", "shapes"] => resolve::shapes(),
        ["parse"] => parse_ways(30),
        ["parse", n] => parse_ways(n.parse().unwrap_or(30)),
        ["resolve-one", what] => resolve::once(what, None),
        ["resolve-one", what, shape] => resolve::once(what, shape.parse().ok()),
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
            eprintln!(
                "usage: workload table [N] | workload tsv N | workload profile | workload lengths | workload order FILE | workload resolve [shapes] | workload resolve-one into|new|none [SHAPE] | workload one PREFIX|none FILE"
            );
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

/// A parse result kept as a caller that returns or stores it keeps it: `Some` when it parsed.
#[inline(always)]
fn kept<T, E>(result: Result<T, E>) -> Option<usize> {
    black_box(&result);
    result.is_ok().then_some(0)
}

/// `UriRef::parse` with the value kept, with the path and query read, and with every component
/// read, on the three corpora; fluent-uri's and oxiri's parsers the same three ways (oxiri's
/// authority is one string: it is read whole).
fn parse_ways(reps: usize) {
    let corpora: Vec<Vec<String>> = FILES[..3].iter().map(|f| lines(f)).collect();
    // The path and query read are the comparison table's own parsers.
    let table = parsers();
    let in_table = |prefix: &str| {
        table.iter().find(|(name, _)| name.starts_with(prefix)).expect("a parser of the comparison table").1
    };
    let ways: [parsers::Parser; 9] = [
        ("uri: value kept", |l| kept(uri::UriRef::parse(l))),
        ("uri: path and query read", in_table("uri UriRef::parse")),
        ("uri: every component read", |l| {
            uri::UriRef::parse(l).ok().map(|r| {
                let authority = r.authority();
                r.scheme().map_or(0, str::len)
                    + authority.map_or(0, |a| {
                        a.userinfo().map_or(0, str::len)
                            + a.host().len()
                            + a.host_kind() as usize
                            + a.port().map_or(0, str::len)
                    })
                    + r.path().len()
                    + r.query().map_or(0, str::len)
                    + r.fragment().map_or(0, str::len)
            })
        }),
        ("fluent-uri: value kept", |l| kept(fluent_uri::UriRef::parse(l))),
        ("fluent-uri: path and query read", in_table("fluent-uri UriRef::parse")),
        ("fluent-uri: every component read", |l| {
            fluent_uri::UriRef::parse(l).ok().map(|r| {
                r.scheme().map_or(0, |s| s.as_str().len())
                    + r.authority().map_or(0, |a| {
                        a.userinfo().map_or(0, |u| u.as_str().len())
                            + a.host().len()
                            + a.port().map_or(0, |p| p.as_str().len())
                    })
                    + r.path().as_str().len()
                    + r.query().map_or(0, |q| q.as_str().len())
                    + r.fragment().map_or(0, |f| f.as_str().len())
            })
        }),
        ("oxiri: value kept", |l| kept(oxiri::IriRef::parse(l))),
        ("oxiri: path and query read", in_table("oxiri IriRef::parse")),
        ("oxiri: every component read", |l| {
            oxiri::IriRef::parse(l).ok().map(|r| {
                r.scheme().map_or(0, str::len)
                    + r.authority().map_or(0, str::len)
                    + r.path().len()
                    + r.query().map_or(0, str::len)
                    + r.fragment().map_or(0, str::len)
            })
        }),
    ];
    let seconds = uri_tests::fastest_interleaved(reps, ways.len() * corpora.len(), |i| {
        black_box(pass(ways[i / corpora.len()].1, &corpora[i % corpora.len()]));
    });
    println!("| parser: measure | {} |", FILES[..3].join(" | "));
    println!("|---|{}", "---|".repeat(3));
    for (w, (name, _)) in ways.iter().enumerate() {
        let cells: Vec<String> = (0..corpora.len())
            .map(|c| format!("{:.1} ns", seconds[w * corpora.len() + c] * 1e9 / corpora[c].len() as f64))
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}

/// Times `matches` and `UriRef::parse` on the lines of a corpus in three orders: the file's,
/// sorted by length, and shuffled (a fixed permutation): how much of their time is the
/// branches that the order of the lines makes hard to predict.
fn order(file: &str) {
    let in_file = lines(file);
    let mut sorted = in_file.clone();
    sorted.sort_by_key(String::len);
    // A fixed shuffle: a multiplicative walk over the indexes (the stride is odd, and prime to
    // every line count it meets here).
    let n = in_file.len();
    let shuffled: Vec<String> = (0..n).map(|i| in_file[(i * 7_919 + 13) % n].clone()).collect();
    let orders = [("file", &in_file), ("by length", &sorted), ("shuffled", &shuffled)];
    let seconds = uri_tests::fastest_interleaved(30, orders.len() * 2, |i| {
        let lines = orders[i / 2].1;
        let ok = if i % 2 == 0 {
            lines.iter().filter(|l| uri::Rule::UriReference.matches(black_box(l.as_bytes()))).count()
        } else {
            lines.iter().filter(|l| uri::UriRef::parse(black_box(l)).is_ok()).count()
        };
        black_box(ok);
    });
    println!("| {file} order | `matches` | `UriRef::parse` |");
    println!("|---|---:|---:|");
    for (k, (name, _)) in orders.iter().enumerate() {
        println!(
            "| {name} | {:.1} ns | {:.1} ns |",
            seconds[2 * k] * 1e9 / n as f64,
            seconds[2 * k + 1] * 1e9 / n as f64
        );
    }
}

/// Times `matches` and `UriRef::parse` on real lines grouped by length (the fastest of 30
/// interleaved passes, ns per line): kasztp, node_files and both sides of the resolution pairs.
fn lengths() {
    let mut lines = uri_tests::corpus_lines("kasztp.txt");
    lines.extend(uri_tests::corpus_lines("node_files.txt"));
    lines.extend(uri_tests::resolution_pairs().into_iter().flat_map(|(base, relative)| [base, relative]));
    let edges = [0, 8, 16, 24, 32, 48, 64, 96, 128, usize::MAX];
    let groups: Vec<Vec<String>> = edges
        .windows(2)
        .map(|w| lines.iter().filter(|l| (w[0]..w[1]).contains(&l.len())).cloned().collect())
        .collect();
    let seconds = uri_tests::fastest_interleaved(30, groups.len() * 2, |i| {
        let group = &groups[i / 2];
        let ok = if i % 2 == 0 {
            group.iter().filter(|l| uri::Rule::UriReference.matches(black_box(l.as_bytes()))).count()
        } else {
            group.iter().filter(|l| uri::UriRef::parse(black_box(l)).is_ok()).count()
        };
        black_box(ok);
    });
    println!("| bytes | lines | `matches` | `UriRef::parse` |");
    println!("|---|---:|---:|---:|");
    for (k, w) in edges.windows(2).enumerate() {
        let n = groups[k].len() as f64;
        let to = if w[1] == usize::MAX { String::new() } else { (w[1] - 1).to_string() };
        println!(
            "| {}..{to} | {} | {:.1} ns | {:.1} ns |",
            w[0],
            groups[k].len(),
            seconds[2 * k] * 1e9 / n,
            seconds[2 * k + 1] * 1e9 / n
        );
    }
}

/// Per-URL counts of one walk over a line.
#[derive(Default)]
struct Walk {
    /// Calls of the run skip (in a state that loops on a byte set).
    runs: usize,
    /// Bytes consumed inside those runs.
    run_bytes: usize,
    /// Bytes consumed through the transition table.
    transitions: usize,
    /// Transitions that carry register operations (parser only).
    op_transitions: usize,
    /// Register operations run (parser only).
    ops: usize,
}

impl Walk {
    fn add(&mut self, other: &Walk) {
        self.runs += other.runs;
        self.run_bytes += other.run_bytes;
        self.transitions += other.transitions;
        self.op_transitions += other.op_transitions;
        self.ops += other.ops;
    }
}

/// Walks `input` as the emitted loops do: in a state with a loop set (`loops[state]`, the bytes
/// on which the state returns to itself with no register operation; `None` when there are none),
/// skip the run of that set, then take one transition. `step(state, byte)` gives the next state (0: dead) and the
/// number of register operations on the way.
fn walk(
    start: usize,
    input: &[u8],
    loops: &[Option<[bool; 256]>],
    step: impl Fn(usize, u8) -> (usize, usize),
) -> Walk {
    let mut counts = Walk::default();
    let mut state = start;
    let mut i = 0;
    while i < input.len() {
        if let Some(set) = &loops[state] {
            counts.runs += 1;
            while i < input.len() && set[input[i] as usize] {
                i += 1;
                counts.run_bytes += 1;
            }
            if i == input.len() {
                break;
            }
        }
        let (next, ops) = step(state, input[i]);
        counts.transitions += 1;
        counts.op_transitions += usize::from(ops > 0);
        counts.ops += ops;
        if next == 0 {
            break;
        }
        state = next;
        i += 1;
    }
    counts
}

/// Prints, per corpus, what the recognizer and the parser do per URL.
fn profile() {
    let root = uri_tests::workspace_root();
    let compiled = xtask::project::compile_uri(&root).expect("the RFC 3986 grammar compiles");
    let parsers = xtask::project::compile_uri_parsers(&root).expect("the RFC 3986 parsers compile");
    let dfa = &compiled.dfa;
    let rule = compiled.grammar.lookup("URI-reference").expect("URI-reference is a rule");
    // Each state's loop set, as the emitters plan acceleration from it.
    let as_set = |bytes: Vec<u8>| {
        if bytes.is_empty() {
            return None;
        }
        let mut set = [false; 256];
        for b in bytes {
            set[b as usize] = true;
        }
        Some(set)
    };
    let dfa_loops: Vec<Option<[bool; 256]>> =
        (0..dfa.len() as u32).map(|s| as_set(dfa.self_loop_bytes(s))).collect();
    let t = &parsers.tdfa;
    let tdfa_loops: Vec<Option<[bool; 256]>> =
        (0..t.len() as u32).map(|s| as_set(t.self_loop_bytes(s))).collect();
    println!(
        "| corpus | bytes | recognizer runs | bytes in runs | recognizer transitions | parser runs | parser transitions | with register operations | register operations |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for file in &FILES[..3] {
        let lines = lines(file);
        let (mut recognizer, mut parser) = (Walk::default(), Walk::default());
        for line in &lines {
            let input = line.as_bytes();
            recognizer.add(&walk(dfa.starts[rule.index()] as usize, input, &dfa_loops, |s, b| {
                (dfa.trans[s * dfa.stride() + dfa.classes.get(b)] as usize, 0)
            }));
            parser.add(&walk(t.starts[0] as usize, input, &tdfa_loops, |s, b| {
                let at = s * t.stride() + t.classes.get(b);
                (t.trans[at] as usize, t.op_lists[t.ops[at] as usize].len())
            }));
        }
        let n = lines.len() as f64;
        let per = |count: usize| count as f64 / n;
        let bytes: usize = lines.iter().map(String::len).sum();
        println!(
            "| {file} | {:.1} | {:.2} | {:.1} | {:.1} | {:.2} | {:.1} | {:.1} | {:.1} |",
            per(bytes),
            per(recognizer.runs),
            per(recognizer.run_bytes),
            per(recognizer.transitions),
            per(parser.runs),
            per(parser.transitions),
            per(parser.op_transitions),
            per(parser.ops),
        );
    }
}
