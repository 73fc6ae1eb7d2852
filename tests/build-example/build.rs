//! Generates the file-URI parser from RFC 8089's grammar, as printed in the RFC, with RFC 3986
//! and RFC 5234's core rules from the grammars bundled in `uri-gen`.

use std::path::PathBuf;

fn main() {
    let output = uri_gen::Build::new()
        .grammar_file("grammars/rfc8089.abnf")
        .library_named("rfc3986")
        .library_named("rfc5234-core")
        .captures_file("grammars/file-uri.captures")
        .what("RFC 8089 (the \"file\" URI scheme)")
        .generate()
        .unwrap_or_else(|diagnostics| panic!("the grammar does not compile:\n{diagnostics}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("Cargo sets OUT_DIR"));
    for (name, text) in [("file_uri.rs", &output.module), ("uri_gen_runtime.rs", &output.runtime)] {
        let path = out.join(name);
        if let Err(e) = uri_gen::write_if_changed(&path, text) {
            panic!("cannot write {}: {e}", path.display());
        }
    }
    output.rerun_if_changed();
}
