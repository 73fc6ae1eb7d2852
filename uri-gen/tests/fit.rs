//! Generated modules fit any crate: they compile in a `no_std` crate under
//! `#![forbid(unsafe_code)]` with warnings denied, both through `include!` and as module files,
//! with nothing declared for them; rustfmt leaves them alone; and they name their inputs as
//! given, never by a path of the machine that built them.

use std::path::{Path, PathBuf};
use std::process::Command;

use uri_gen::{Build, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("uri-gen is in a workspace")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("a workspace file")
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("uri-gen-fit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}

/// JSON (recursive rules: the Earley engine, with `alloc`) and RFC 3986 with its parsers.
fn modules() -> (Output, Output) {
    let json = Build::new()
        .grammar_text("abnf/rfc8259-json.abnf", read("abnf/rfc8259-json.abnf"))
        .library_named("rfc5234-core")
        .generate()
        .expect("JSON compiles");
    let uri = Build::new()
        .grammar_named("rfc3986")
        .library_named("rfc5234-core")
        .captures_text("abnf/rfc3986.captures", read("abnf/rfc3986.captures"))
        .generate()
        .expect("RFC 3986 compiles");
    (json, uri)
}

const LIB: &str = "\
#![no_std]
#![forbid(unsafe_code)]
#![deny(warnings)]

mod uri_gen_runtime {
    include!(\"uri_gen_runtime.rs\");
}

mod json {
    include!(\"json.rs\");
}

#[path = \"uri.rs\"]
mod uri;

pub fn check(input: &str) -> Option<&str> {
    if !json::Rule::Value.matches(input.as_bytes()) {
        return None;
    }
    uri::parser::Parser::UriRef.parse_str(input).ok()?.host()
}
";

#[test]
fn modules_compile_in_a_no_std_crate_through_include_and_as_module_files() {
    let (json, uri) = modules();
    // JSON's runtime, with the Earley engine, serves both; RFC 3986's needs no engine.
    assert!(json.runtime_parts.earley && !uri.runtime_parts.earley);
    assert!(json.runtime_parts.covers(uri.runtime_parts), "one runtime file serves every module");
    assert!(json.runtime.starts_with(&uri.runtime) && json.runtime.contains("pub mod earley"));
    for module in [&json.module, &uri.module] {
        assert!(!module.contains("std::"), "only core and alloc");
        // At the file's top level (inline modules may have them).
        assert!(!module.lines().any(|l| l.starts_with("#![")), "no inner attribute");
        assert!(!module.lines().any(|l| l.starts_with("//!")), "no inner doc");
    }
    let code = || json.runtime.lines().filter(|l| !l.trim_start().starts_with("//"));
    assert!(!code().any(|l| l.contains("std::") || l.contains("unsafe")), "the runtime: core only, safe");
    let dir = scratch("crate");
    for (name, text) in
        [("json.rs", &json.module), ("uri.rs", &uri.module), ("uri_gen_runtime.rs", &json.runtime)]
    {
        std::fs::write(dir.0.join(name), text).expect("write");
    }
    std::fs::write(dir.0.join("lib.rs"), LIB).expect("write");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let out = Command::new(rustc)
        .args(["--edition", "2021", "--crate-type", "lib", "--emit", "metadata", "--crate-name", "fit"])
        .arg("--out-dir")
        .arg(&dir.0)
        .arg(dir.0.join("lib.rs"))
        .output()
        .expect("rustc runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn rustfmt_leaves_generated_modules_as_they_are() {
    let (_, uri) = modules();
    let dir = scratch("rustfmt");
    let lib = "#[path = \"uri.rs\"]\npub mod uri;\n";
    std::fs::write(dir.0.join("lib.rs"), lib).expect("write");
    std::fs::write(dir.0.join("uri.rs"), &uri.module).expect("write");
    // The default configuration: the scratch folder has no rustfmt.toml.
    let out = Command::new("rustfmt")
        .args(["--check", "--edition", "2021"])
        .arg(dir.0.join("lib.rs"))
        .output()
        .expect("rustfmt runs (the rustfmt component of the toolchain)");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn modules_name_their_inputs_as_given() {
    let (json, uri) = modules();
    for module in [&json.module, &uri.module] {
        let root = root().to_str().expect("utf-8 path");
        assert!(!module.contains(root), "no absolute path");
        assert!(!module.contains(&*std::env::temp_dir().to_string_lossy()));
    }
    assert!(json.module.contains("// Source: abnf/rfc8259-json.abnf (sha256 "));
    assert!(json.module.contains("// Source: uri-gen/grammars/rfc5234-core.abnf (sha256 "));
    assert!(uri.module.contains("// Source: abnf/rfc3986.captures (sha256 "));
    assert!(uri.module.contains("of `uri-gen/grammars/rfc3986.abnf`, line "));
    // The module's docs, usage example included, are comment lines, which `include!` allows.
    assert!(json.module.contains("\n// use grammar::Rule;\n"), "{}", &json.module[..1200]);
    assert!(uri.module.contains("\n// use grammar::parser::Parser;\n"), "{}", &uri.module[..1200]);
}
