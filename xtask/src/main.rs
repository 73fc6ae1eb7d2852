//! Project tasks: `cargo xtask regen [--check]` writes (or checks) every generated file;
//! `cargo xtask bench-report` measures the parsers and writes `BENCHMARKS.md`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

mod bench_report;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<()> {
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["regen"] => regen(Mode::Write),
        ["regen", "--check"] => regen(Mode::Check),
        ["bench-report"] => bench_report::run(&root()),
        _ => bail!("usage: cargo xtask regen [--check] | cargo xtask bench-report"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Write,
    Check,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

fn regen(mode: Mode) -> Result<()> {
    let root = root();
    let outputs = xtask::project::generate_all(&root)?;
    let mut stale = Vec::new();
    for (path, contents) in outputs {
        let full = root.join(&path);
        let current = std::fs::read_to_string(&full).ok();
        if current.as_deref() == Some(contents.as_str()) {
            continue;
        }
        match mode {
            Mode::Check => stale.push(path),
            Mode::Write => {
                if let Some(dir) = full.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                std::fs::write(&full, contents).with_context(|| format!("writing {}", full.display()))?;
                eprintln!("wrote {}", path.display());
            }
        }
    }
    if !stale.is_empty() {
        for path in &stale {
            eprintln!("stale: {}", path.display());
        }
        bail!("{} generated file(s) are out of date: run `cargo xtask regen` and commit", stale.len());
    }
    Ok(())
}
