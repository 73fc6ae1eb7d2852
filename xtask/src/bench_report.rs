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
    let svg = root.join("benchmarks.svg");
    chart(&rows, &svg)?;
    std::fs::write(root.join("BENCHMARKS.md"), report(&rows)?)?;
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
         lines the parser accepted. Instructions per byte come from callgrind (one pass, minus reading the file).\n"
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
    let recognizer = uri_gen::emit::table_stats(&uri_gen::project::compile_uri(root)?);
    let parser = uri_gen::emit_parser::parser_stats(&uri_gen::project::compile_uri_parsers(root)?);
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
    writeln!(out, "- CPU: {cpu}, {cores} cores (shared; figures from one run)")?;
    writeln!(out, "- {rustc}, release profile with fat LTO")?;
    writeln!(out, "- peers: {}", peer_versions(root))?;
    Ok(out)
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
    for name in ["fluent-uri", "iri-string", "oxiri", "url"] {
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
    let palette = [&BLUE, &RED, &GREEN, &MAGENTA, &CYAN, &BLACK, &YELLOW];
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
            let color = palette[pi % palette.len()];
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
