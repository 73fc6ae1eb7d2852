//! Compiles `re2c/uri.re` with re2rust (re2c 3.0's Rust back end) when it is installed, for the
//! benchmarks' re2c peer, and sets `cfg(re2c)`; without re2rust the peer is left out and nothing
//! else changes. `RE2RUST=<path>` names the program; `RE2RUST=` (empty) turns the peer off.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(re2c)");
    println!("cargo::rerun-if-changed=re2c/uri.re");
    println!("cargo::rerun-if-env-changed=RE2RUST");
    let program = std::env::var("RE2RUST").unwrap_or_else(|_| "re2rust".to_owned());
    if program.is_empty() {
        return;
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("uri_re2c.rs");
    let spec =
        PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("re2c/uri.re");
    match Command::new(&program).arg("-W").arg(&spec).arg("-o").arg(&out).output() {
        Ok(result) if result.status.success() => println!("cargo::rustc-cfg=re2c"),
        Ok(result) => {
            // An installed re2rust that rejects the spec is a bug in the spec: say so.
            panic!("{program} failed on {}:\n{}", spec.display(), String::from_utf8_lossy(&result.stderr));
        }
        Err(_) => println!("cargo::warning=re2rust not found: the re2c benchmark peer is left out"),
    }
}
