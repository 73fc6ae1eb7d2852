//! Writes `const_vectors.rs`, the valid URI references of the conformance vectors as `const`
//! items parsed at compile time (`tests/tests/constants.rs` compares them with run-time parses).
//!
//! Compiles `re2c/uri.re` with re2rust (re2c 3.0's Rust back end) when it is installed, for the
//! benchmarks' re2c peer, and sets `cfg(re2c)`; without re2rust the peer is left out and nothing
//! else changes. `RE2RUST=<path>` names the program; `RE2RUST=` (empty) turns the peer off.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    write_const_vectors();
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

/// The rules whose valid inputs are URI references.
const REFERENCE_RULES: [&str; 4] = ["URI-reference", "URI", "absolute-URI", "relative-ref"];

/// Every distinct input of `validity.json` valid under RFC 3986 for a rule of URI references, and
/// every input of `components.json`, as a `const` array of `UriRef::from_static` calls.
fn write_const_vectors() {
    let data = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("data");
    let mut inputs: Vec<String> = Vec::new();
    for (file, only_valid) in [("validity.json", true), ("components.json", false)] {
        let path = data.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let records: Vec<serde_json::Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for record in records {
            let field = |name: &str| record.get(name).and_then(|v| v.as_str()).unwrap_or_default();
            let reference = REFERENCE_RULES.contains(&field("rule")) && field("status") == "rfc3986";
            let valid = !only_valid || record.get("valid").and_then(|v| v.as_bool()) == Some(true);
            if reference && valid && !inputs.iter().any(|seen| seen == field("input")) {
                inputs.push(field("input").to_owned());
            }
        }
    }
    let mut out = format!(
        "/// The vectors, parsed at compile time (a static initializer is evaluated in const context).\npub static VECTORS: [(&str, UriRef<'static>); {}] = [\n",
        inputs.len()
    );
    for input in &inputs {
        out.push_str(&format!("    ({input:?}, UriRef::from_static({input:?})),\n"));
    }
    out.push_str("];\n");
    let target =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("const_vectors.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
