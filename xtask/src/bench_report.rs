//! `cargo xtask bench-report`: runs the timing example and callgrind, and writes `BENCHMARKS.md`
//! and the chart `benchmarks.svg` beside it.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};
use plotters::prelude::*;

/// One measurement of one parser on one corpus.
struct Row {
    parser: String,
    file: String,
    ns_per_url: f64,
    accepted: usize,
    lines: usize,
    bytes: usize,
    instructions_per_byte: Option<f64>,
}

/// Passes per parser and corpus for the best-of-N timing.
const PASSES: &str = "30";

pub fn run(root: &Path) -> Result<()> {
    let status = Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "uri-tests", "--example", "workload"])
        .current_dir(root)
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("building the workload example failed");
    }
    let exe = root.join("target/release/examples/workload");
    let output = Command::new(&exe).args(["tsv", PASSES]).output().context("running the workload example")?;
    if !output.status.success() {
        bail!("the workload example failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let mut rows = parse_tsv(&String::from_utf8_lossy(&output.stdout))?;
    let valgrind = Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success());
    if valgrind {
        let mut baseline = std::collections::BTreeMap::new();
        for row in &mut rows {
            if !baseline.contains_key(&row.file) {
                baseline.insert(row.file.clone(), instructions(&exe, "none", &row.file)?);
            }
            let prefix: String = row.parser.split(' ').take(2).collect::<Vec<_>>().join(" ");
            let total = instructions(&exe, &prefix, &row.file)?;
            row.instructions_per_byte =
                Some(total.saturating_sub(baseline[&row.file]) as f64 / row.bytes as f64);
        }
    } else {
        eprintln!("valgrind not found: instruction counts are left out");
    }
    let resolution = interleaved(root, "resolve")?;
    let normalization = interleaved(root, "normalize")?;
    let views = bench_lines(root, "views", |l| l.contains("fastest of") || l.contains("parsed:"))?;
    // The linearity bench prints a Markdown table (a header `ns/byte | ...`, then a row a shape).
    let linearity = bench_lines(root, "linear", |l| l.contains(" | "))?;
    let svg = root.join("benchmarks.svg");
    chart(&rows, &svg)?;
    let mut text = report(&rows)?;
    text.push_str(&resolution_section(&resolution)?);
    text.push_str(&normalization_section(&normalization)?);
    text.push_str(&views_section(&views)?);
    text.push_str(&linearity_section(&linearity)?);
    text.push_str(&machine_section(root)?);
    std::fs::write(root.join("BENCHMARKS.md"), text)?;
    eprintln!("wrote BENCHMARKS.md and benchmarks.svg");
    Ok(())
}

fn parse_tsv(text: &str) -> Result<Vec<Row>> {
    text.lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [parser, file, ns, ok, lines, bytes] = f.as_slice() else {
                bail!("unexpected line from the workload example: {line:?}");
            };
            Ok(Row {
                parser: parser.to_string(),
                file: file.to_string(),
                ns_per_url: ns.parse()?,
                accepted: ok.parse()?,
                lines: lines.parse()?,
                bytes: bytes.parse()?,
                instructions_per_byte: None,
            })
        })
        .collect()
}

/// Instructions executed by one pass of `prefix` over `file`, counted by callgrind.
fn instructions(exe: &Path, prefix: &str, file: &str) -> Result<u64> {
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["one", prefix, file])
        .output()
        .context("running valgrind")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    stderr
        .lines()
        .find_map(|l| l.split("refs:").nth(1))
        .and_then(|n| n.trim().replace(',', "").parse().ok())
        .with_context(|| format!("no instruction count from callgrind for {prefix} on {file}"))
}

fn report(rows: &[Row]) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "# Benchmarks\n")?;
    writeln!(out, "Written by `cargo xtask bench-report`; do not edit by hand.\n")?;
    writeln!(out, "![ns per URL by parser and corpus](benchmarks.svg)\n")?;
    writeln!(
        out,
        "Each cell is the fastest of {PASSES} passes over the whole corpus, in ns per URL, then the \
         lines the parser accepted. `uri`'s timings measure {}, the walk this CPU takes. Instructions \
         per byte come from callgrind (one pass, minus reading the file), which for `uri` count the \
         same walk.\n",
        vector_walk()
    )?;
    let files: Vec<&str> = unique(rows.iter().map(|r| r.file.as_str()));
    let parsers: Vec<&str> = unique(rows.iter().map(|r| r.parser.as_str()));
    writeln!(out, "| parser | {} |", files.join(" | "))?;
    writeln!(out, "|---|{}", "---|".repeat(files.len()))?;
    for p in &parsers {
        let cells: Vec<String> = files
            .iter()
            .map(|f| {
                rows.iter().find(|r| r.parser == *p && r.file == *f).map_or(String::new(), |r| {
                    let instr =
                        r.instructions_per_byte.map_or(String::new(), |i| format!(", {i:.1} instr/B"));
                    let mbps = r.bytes as f64 / r.lines as f64 / r.ns_per_url * 1000.0;
                    format!(
                        "{:.1} ns, {mbps:.0} MB/s{instr} ({} of {} ok)",
                        r.ns_per_url, r.accepted, r.lines
                    )
                })
            })
            .collect();
        writeln!(out, "| {p} | {} |", cells.join(" | "))?;
    }
    writeln!(out, "\n## Generated tables\n")?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
    let recognizer = uri_gen::emit::table_stats(&xtask::project::compile_uri(root)?);
    let parser = uri_gen::emit::parser_stats(&xtask::project::compile_uri_parsers(root)?);
    writeln!(out, "| automaton | states | byte classes | registers | table bytes |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    writeln!(
        out,
        "| recognizer (every rule) | {} | {} | - | {} |",
        recognizer.states, recognizer.classes, recognizer.bytes
    )?;
    writeln!(
        out,
        "| parser (URI-reference, tagged) | {} | {} | {} | {} |",
        parser.states, parser.classes, parser.registers, parser.bytes
    )?;
    writeln!(out, "\n`size_of::<UriRef>()` = {} bytes.\n", std::mem::size_of::<uri::UriRef<'static>>())?;
    Ok(out)
}

/// The lines a bench prints before criterion's own measurements (its summary and the table of
/// the fastest interleaved rounds), from one `cargo bench -- --test` run: criterion then runs each
/// of its benchmarks once, while the interleaved rounds are measured in full.
fn interleaved(root: &Path, bench: &str) -> Result<Vec<String>> {
    bench_lines(root, bench, |l| {
        l.contains("fastest of") || l.contains("resolved:") || l.contains("normalized:")
    })
}

/// The lines of a bench's stderr that `keep` selects, from one `cargo bench -- --test` run.
fn bench_lines(root: &Path, bench: &str, keep: fn(&str) -> bool) -> Result<Vec<String>> {
    let output = Command::new("cargo")
        .args(["bench", "--quiet", "-p", "uri-tests", "--bench", bench, "--", "--test"])
        .current_dir(root)
        .output()
        .with_context(|| format!("running the {bench} bench"))?;
    if !output.status.success() {
        bail!("the {bench} bench failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    Ok(String::from_utf8_lossy(&output.stderr).lines().filter(|l| keep(l)).map(str::to_owned).collect())
}

/// `(label, library, value)` from lines `[label: ]fastest of N interleaved rounds: library: X unit`.
fn fastest(lines: &[String]) -> Vec<(String, String, f64)> {
    lines
        .iter()
        .filter_map(|line| {
            let (label, rest) = line.split_once("fastest of ")?;
            let rest = rest.split_once("rounds: ")?.1;
            let (library, value) = rest.rsplit_once(": ")?;
            let value = value.split(' ').next()?.parse().ok()?;
            Some((label.trim_end_matches(": ").to_owned(), library.to_owned(), value))
        })
        .collect()
}

fn resolution_section(lines: &[String]) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "\n## Resolution\n")?;
    writeln!(
        out,
        "The 10,000 pairs of `relative_urls_cc_10k.csv`: parse the base, parse the reference, resolve \
         into a new owned value (`cargo bench -p uri-tests --bench resolve`); the fastest of 40 rounds in \
         which the libraries take turns.\n"
    )?;
    for line in lines.iter().filter(|l| l.contains("resolved:")) {
        writeln!(out, "{line}\n")?;
    }
    writeln!(out, "| library | ns per pair |\n|---|---|")?;
    for (_, library, ns) in fastest(lines) {
        writeln!(out, "| {library} | {ns:.1} |")?;
    }
    Ok(out)
}

fn normalization_section(lines: &[String]) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "\n## Normalization\n")?;
    writeln!(
        out,
        "Every line of each corpus: parse, normalize into a new string (`cargo bench -p uri-tests \
         --bench normalize`); the fastest of 30 rounds in which the libraries take turns, in ns per line.\n"
    )?;
    for line in lines.iter().filter(|l| l.contains("normalized:")) {
        writeln!(out, "- {line}")?;
    }
    let rows = fastest(lines);
    let files: Vec<&str> = unique(rows.iter().map(|r| r.0.as_str()));
    let libraries: Vec<&str> = unique(rows.iter().map(|r| r.1.as_str()));
    writeln!(out, "\n| library | {} |\n|---|{}", files.join(" | "), "---|".repeat(files.len()))?;
    for library in libraries {
        let cells: Vec<String> = files
            .iter()
            .map(|f| {
                rows.iter()
                    .find(|r| r.0 == *f && r.1 == library)
                    .map_or(String::new(), |r| format!("{:.1}", r.2))
            })
            .collect();
        writeln!(out, "| {library} | {} |", cells.join(" | "))?;
    }
    Ok(out)
}

fn views_section(lines: &[String]) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "\n## Path segments and query pairs\n")?;
    writeln!(
        out,
        "The views of URLs each library parsed beforehand (`cargo bench -p uri-tests --bench views`): \
         the segments of every line's path, and the pairs of every query, raw and decoded (url decodes \
         as an HTML form, lossily; fluent-uri has no query pairs, so its row splits by hand); the \
         fastest of 30 rounds in which the libraries take turns, in ns per line.\n"
    )?;
    for line in lines.iter().filter(|l| l.contains("parsed:")) {
        writeln!(out, "- {line}")?;
    }
    let rows = fastest(lines);
    for group in unique(rows.iter().map(|r| r.0.as_str())) {
        writeln!(out, "\n| {group} | ns per line |\n|---|---|")?;
        for (_, library, ns) in rows.iter().filter(|r| r.0 == group) {
            writeln!(out, "| {library} | {ns:.1} |")?;
        }
    }
    Ok(out)
}

fn linearity_section(lines: &[String]) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "\n## Linearity\n")?;
    writeln!(
        out,
        "Parse time per byte from 1 KiB to 64 MiB on inputs shaped to stress one part of the automaton \
         (`cargo bench -p uri-tests --bench linear`); the best of a few runs of at least 64 MiB each. \
         Flat rows mean linear time.\n"
    )?;
    for line in lines {
        writeln!(out, "| {} |", line.trim_end_matches('|').trim_end())?;
    }
    Ok(out)
}

fn machine_section(root: &Path) -> Result<String> {
    let mut out = String::new();
    writeln!(out)?;
    writeln!(out, "## Machine\n")?;
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())?;
    writeln!(
        out,
        "- CPU: {cpu}, {cores} cores (shared; figures from one run); `uri` runs {}",
        vector_walk()
    )?;
    writeln!(out, "- {rustc}, release profile with fat LTO")?;
    writeln!(out, "- peers: {}", peer_versions(root))?;
    Ok(out)
}

/// Which walk `uri` takes on this CPU: the AVX2 walk of the walk runtime (`uri/src/runtime.rs`)
/// where the CPU has every feature it is compiled with, the table walk elsewhere.
fn vector_walk() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        if has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") {
            return "the AVX2 walk (the table walk under 16 bytes)";
        }
    }
    "the table walk"
}

fn unique<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The locked versions of the peer crates, from `Cargo.lock`.
fn peer_versions(root: &Path) -> String {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let mut out = Vec::new();
    for name in ["fluent-uri", "iri-string", "oxiri", "url", "iref", "regex-automata"] {
        let mut lines = lock.lines();
        while let Some(line) = lines.next() {
            if line == format!("name = \"{name}\"") {
                if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = ")) {
                    out.push(format!("{name} {}", v.trim_matches('"')));
                }
                break;
            }
        }
    }
    let re2c = Command::new("re2rust").arg("--version").output();
    match re2c {
        Ok(o) if o.status.success() => {
            out.push(String::from_utf8_lossy(&o.stdout).trim().replace("re2c", "re2c/re2rust"))
        }
        _ => out.push("re2c not installed (its row is left out)".to_owned()),
    }
    out.join(", ")
}

/// A grouped horizontal bar chart of ns per URL: one group per corpus, one bar per parser.
fn chart(rows: &[Row], path: &Path) -> Result<()> {
    let files: Vec<&str> = unique(rows.iter().map(|r| r.file.as_str()));
    let parsers: Vec<&str> = unique(rows.iter().map(|r| r.parser.as_str()));
    let max = rows.iter().map(|r| r.ns_per_url).fold(0.0, f64::max) * 1.45;
    let bars = files.len() * (parsers.len() + 1);
    let root = SVGBackend::new(path, (900, 60 + 22 * bars as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("ns per URL (lower is better)", ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(10)
        .build_cartesian_2d(0.0..max, 0..bars)?;
    chart.configure_mesh().disable_y_mesh().disable_y_axis().x_desc("ns per URL").draw()?;
    let palette = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
        RGBColor(188, 189, 34),
        RGBColor(23, 190, 207),
    ];
    for (fi, file) in files.iter().enumerate() {
        let base = fi * (parsers.len() + 1);
        chart.draw_series(std::iter::once(Text::new(
            file.to_string(),
            (max * 0.75, bars - base - 1),
            ("sans-serif", 14).into_font(),
        )))?;
        for (pi, parser) in parsers.iter().enumerate() {
            let Some(row) = rows.iter().find(|r| r.parser == *parser && r.file == *file) else { continue };
            let y = bars - base - pi - 2;
            let color = &palette[pi % palette.len()];
            chart.draw_series(std::iter::once(Rectangle::new(
                [(0.0, y), (row.ns_per_url, y + 1)],
                color.filled(),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                format!("{parser}: {:.1}", row.ns_per_url),
                (row.ns_per_url + max * 0.01, y + 1),
                ("sans-serif", 12).into_font(),
            )))?;
        }
    }
    root.present()?;
    Ok(())
}
