//! The generated files of this workspace: which grammar goes where. `cargo xtask regen` writes
//! them and the regen test compares them with the checked-in copies.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};

use crate::emit::{recognizer, render_file, Header};
use crate::{compile, Options, Roots, SourceFile};

/// The grammar files of the `uri` crate, relative to the workspace root: RFC 3986 then the core rules.
pub const URI_GRAMMARS: [&str; 2] = ["abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf"];

/// The command that regenerates every file.
pub const REGEN_COMMAND: &str = "cargo xtask regen";

/// Reads the `uri` crate's grammar files from the workspace at `root`.
pub fn uri_sources(root: &Path) -> Result<Vec<SourceFile>> {
    URI_GRAMMARS
        .iter()
        .map(|name| {
            let text =
                std::fs::read_to_string(root.join(name)).map_err(|e| anyhow!("cannot read {name}: {e}"))?;
            Ok(if name.contains("rfc5234-core") {
                SourceFile::library(*name, text)
            } else {
                SourceFile::new(*name, text)
            })
        })
        .collect()
}

/// Compiles the RFC 3986 grammar with every rule as an entry point.
pub fn compile_uri(root: &Path) -> Result<crate::Compiled> {
    let files = uri_sources(root)?;
    let options = Options { roots: Roots::All, ..Options::default() };
    compile(&files, &options).map_err(|diags| anyhow!("the RFC 3986 grammar does not compile:\n{diags}"))
}

/// The capture declarations of the `uri` crate's parsers, relative to the workspace root.
pub const URI_CAPTURES: &str = "abnf/rfc3986.captures";

/// Compiles the `uri` crate's parsers (RFC 3986 with its capture declarations).
pub fn compile_uri_parsers(root: &Path) -> Result<crate::CompiledParsers> {
    let files = uri_sources(root)?;
    let captures = std::fs::read_to_string(root.join(URI_CAPTURES))
        .map_err(|e| anyhow!("cannot read {URI_CAPTURES}: {e}"))?;
    let options = Options { roots: Roots::All, ..Options::default() };
    crate::compile_parsers(&files, URI_CAPTURES, &captures, &options)
        .map_err(|diags| anyhow!("the RFC 3986 parsers do not compile:\n{diags}"))
}

/// Every generated file of the workspace: its path relative to `root` and its full contents.
pub fn generate_all(root: &Path) -> Result<Vec<(PathBuf, String)>> {
    let compiled = compile_uri(root)?;
    let header = Header { command: REGEN_COMMAND.to_owned(), inputs: compiled.grammar.files.clone() };
    let rules = render_file(recognizer(&compiled, "RFC 3986 (Appendix A)"), &header)?;
    let parsers = compile_uri_parsers(root)?;
    let mut inputs = parsers.grammar.files.clone();
    let captures = std::fs::read_to_string(root.join(URI_CAPTURES))?;
    inputs.push(SourceFile::new(URI_CAPTURES, captures));
    let header = Header { command: REGEN_COMMAND.to_owned(), inputs };
    let parser = render_file(crate::emit_parser::parser(&parsers, "RFC 3986 (Appendix A)"), &header)?;
    Ok(vec![
        (PathBuf::from("uri/src/generated/rules.rs"), rules),
        (PathBuf::from("uri/src/generated/parser.rs"), parser),
    ])
}
