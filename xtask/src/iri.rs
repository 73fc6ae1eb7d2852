//! The `uri` crate's IRI parser (RFC 3987): its grammar files, capture declarations and training
//! inputs, generated into `uri/src/generated/iri_parser.rs` beside the RFC 3986 parser.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};

use uri_gen::emit::{render_file, Header};
use uri_gen::{Options, Roots, SourceFile};

use crate::project::{training_as, uri_emit_options, REGEN_COMMAND};

/// The grammar files of the IRI parser, relative to the workspace root: RFC 3987 then the core
/// rules.
pub const IRI_GRAMMARS: [&str; 2] = ["abnf/rfc3987.abnf", "abnf/rfc5234-core.abnf"];

/// The IRI parser's capture declarations: the same captures, in the same order, as
/// [`crate::project::URI_CAPTURES`], so that the two parsers share one layout.
pub const IRI_CAPTURES: &str = "abnf/rfc3987.captures";

/// Where the IRI parser is generated, relative to the workspace root.
pub const IRI_PARSER: &str = "uri/src/generated/iri_parser.rs";

/// Reads the IRI parser's grammar files from the workspace at `root`.
pub fn iri_sources(root: &Path) -> Result<Vec<SourceFile>> {
    IRI_GRAMMARS
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

/// Reads [`URI_TRAINING`](crate::project::URI_TRAINING) as samples of `IRI-reference`: every URI reference is an IRI
/// reference, and the URLs the crate is tuned for are the IRIs met most.
fn iri_training(root: &Path, grammar: &uri_gen::Grammar) -> Result<(SourceFile, uri_gen::Training)> {
    training_as(root, grammar, "IRI-reference")
}

/// Compiles the IRI parser (RFC 3987 with [`IRI_CAPTURES`]), trained on [`URI_TRAINING`](crate::project::URI_TRAINING).
pub fn compile_iri_parsers(root: &Path) -> Result<uri_gen::CompiledParsers> {
    let files = iri_sources(root)?;
    let captures = std::fs::read_to_string(root.join(IRI_CAPTURES))
        .map_err(|e| anyhow!("cannot read {IRI_CAPTURES}: {e}"))?;
    let options = Options { roots: Roots::All, ..Options::default() };
    let mut compiled = uri_gen::compile_parsers(&files, IRI_CAPTURES, &captures, &options)
        .map_err(|diags| anyhow!("the RFC 3987 parser does not compile:\n{diags}"))?;
    compiled.training = Some(iri_training(root, &compiled.grammar)?.1);
    Ok(compiled)
}

/// The generated IRI parser: its path relative to `root` and its contents.
pub fn generate_iri_parser(root: &Path) -> Result<(PathBuf, String)> {
    let parsers = compile_iri_parsers(root)?;
    let mut inputs = parsers.grammar.files.clone();
    let captures = std::fs::read_to_string(root.join(IRI_CAPTURES))?;
    inputs.push(SourceFile::new(IRI_CAPTURES, captures));
    inputs.push(iri_training(root, &parsers.grammar)?.0);
    let header = Header { command: REGEN_COMMAND.to_owned(), inputs };
    let tokens = uri_gen::emit::parser(&parsers, "RFC 3987 (section 2.2)", &uri_emit_options())?;
    Ok((PathBuf::from(IRI_PARSER), render_file(tokens, &header)?))
}
