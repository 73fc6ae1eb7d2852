//! The scheme parsers of the `uri` crate (`uri::scheme`): for each scheme RFC, its grammar files,
//! the override files that encode its prose, its capture declarations, and the generated file.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};

use uri_gen::emit::{render_file, EmitOptions, Header};
use uri_gen::{Options, Roots, SourceFile};

use crate::project::REGEN_COMMAND;

/// A generated parser module of `uri::scheme`.
#[derive(Debug, Clone, Copy)]
pub struct SchemeModule {
    /// The module name, and the file `uri/src/scheme/generated/{name}.rs`.
    pub name: &'static str,
    /// What the grammar is, for the module documentation.
    pub what: &'static str,
    /// The grammar files, relative to the workspace root, in order.
    pub grammars: &'static [&'static str],
    /// Override files: each of their rules replaces the rule of the same name everywhere.
    pub overrides: &'static [&'static str],
    /// Files read as libraries (rules used when referred to).
    pub libraries: &'static [&'static str],
    /// The capture declarations.
    pub captures: &'static str,
    /// The rules the capture file's parsers match, the only roots compiled.
    pub roots: &'static [&'static str],
}

const CORE: &str = "abnf/rfc5234-core.abnf";
const URI: &str = "abnf/rfc3986.abnf";

/// The scheme modules, in the order of `uri::scheme`'s docs.
pub const SCHEME_MODULES: &[SchemeModule] = &[
    SchemeModule {
        name: "urn",
        what: "RFC 8141 (URNs, section 2)",
        // `alphanum` as RFC 3986 Appendix D.2 translates it, and the r-component of section
        // 2.3.1, which ends at "?=": both in files of their own, the second by an override of
        // the verbatim grammar, loaded as a library.
        grammars: &["abnf/rfc8141-alphanum.abnf", "abnf/rfc8141-r-component.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc8141.abnf", URI, CORE],
        captures: "abnf/rfc8141.captures",
        roots: &["namestring"],
    },
    SchemeModule {
        name: "file",
        what: "RFC 8089 (the file URI scheme, section 2)",
        grammars: &["abnf/rfc8089.abnf"],
        // Section 2 imports `host` from RFC 3986 "as updated by [RFC6874]".
        overrides: &["abnf/rfc6874.abnf"],
        libraries: &[URI, CORE],
        captures: "abnf/rfc8089.captures",
        roots: &["file-URI"],
    },
    SchemeModule {
        name: "file_nonstandard",
        what: "RFC 8089 Appendix F (the nonstandard file URI forms)",
        grammars: &["abnf/rfc8089-appendix-f.abnf"],
        overrides: &["abnf/rfc6874.abnf"],
        libraries: &[URI, CORE],
        captures: "abnf/rfc8089-appendix-f.captures",
        roots: &["file-URI"],
    },
    SchemeModule {
        name: "data",
        what: "RFC 2397 (the data URL scheme, section 3, in its ABNF transcription)",
        grammars: &["abnf/rfc2397-data.abnf"],
        overrides: &[],
        libraries: &[CORE],
        captures: "abnf/rfc2397-data.captures",
        roots: &["dataurl"],
    },
    SchemeModule {
        name: "geo",
        what: "RFC 5870 (the geo URI scheme, section 3.3)",
        // The WGS-84 coordinate forms only for the WGS-84 CRS (sections 3.3 and 3.4.1), and no
        // further `crs` or `u` parameter (section 3.3): files of their own that override rules
        // of the verbatim grammar, loaded as a library.
        grammars: &["abnf/rfc5870-wgs84.abnf", "abnf/rfc5870-pname.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc5870.abnf", CORE],
        captures: "abnf/rfc5870.captures",
        roots: &["geo-URI"],
    },
    SchemeModule {
        name: "tel",
        what: "RFC 3966 (the tel URI for telephone numbers, section 3)",
        // The extension and the ISDN subaddress as sections 3, 5.2 and 5.3 read them: a file of
        // its own whose declared override replaces rules of the verbatim grammar, a library.
        grammars: &["abnf/rfc3966-captured.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc3966.abnf", CORE],
        captures: "abnf/rfc3966.captures",
        roots: &["telephone-uri"],
    },
    SchemeModule {
        name: "mailto",
        what: "RFC 6068 (the mailto URI scheme, section 2)",
        // The addresses as section 2 items 1 to 3 say a URI writes them (no CFWS, reserved
        // characters percent-encoded): a file of its own whose declared override replaces RFC
        // 5322's `local-part` and `domain`.
        grammars: &["abnf/rfc6068-captured.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc6068.abnf", URI, "abnf/rfc5322-sec3-4.abnf", CORE],
        captures: "abnf/rfc6068.captures",
        roots: &["mailtoURI"],
    },
    SchemeModule {
        name: "sip",
        what: "RFC 3261 (SIP and SIPS URIs, section 25.1)",
        // The user field as section 19.1.2 says a telephone subscriber is escaped in it: a file
        // of its own whose declared override replaces `userinfo`. The parsers `Sips` and
        // `Params` and `Param` of the capture file are compiled beside `Sip`, and `Reserved`,
        // whose rule no URI rule refers to, as a root of its own.
        grammars: &["abnf/rfc3261-captured.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc3261-sec25.abnf", CORE],
        captures: "abnf/rfc3261-sec25.captures",
        roots: &["SIP-URI", "SIPS-URI", "reserved"],
    },
];

impl SchemeModule {
    /// Reads the module's grammar files from the workspace at `root`: grammar files, override
    /// files, then libraries.
    pub fn sources(&self, root: &Path) -> Result<Vec<SourceFile>> {
        let read = |name: &str| -> Result<String> {
            std::fs::read_to_string(root.join(name)).map_err(|e| anyhow!("cannot read {name}: {e}"))
        };
        let mut files = Vec::new();
        for name in self.grammars {
            files.push(SourceFile::new(*name, read(name)?));
        }
        for name in self.overrides {
            files.push(SourceFile::overriding(*name, read(name)?));
        }
        for name in self.libraries {
            files.push(SourceFile::library(*name, read(name)?));
        }
        Ok(files)
    }

    /// The capture declarations' text.
    pub fn captures_text(&self, root: &Path) -> Result<String> {
        std::fs::read_to_string(root.join(self.captures))
            .map_err(|e| anyhow!("cannot read {}: {e}", self.captures))
    }

    /// The compile options: the parsers' rules alone as the roots.
    pub fn options(&self) -> Options {
        let roots = self.roots.iter().map(|r| (*r).to_owned()).collect();
        Options { roots: Roots::Only(roots), ..Options::default() }
    }

    /// Compiles the module's parser.
    pub fn compile(&self, root: &Path) -> Result<uri_gen::CompiledParsers> {
        let files = self.sources(root)?;
        let captures = self.captures_text(root)?;
        uri_gen::compile_parsers(&files, self.captures, &captures, &self.options()).map_err(|diags| {
            anyhow!("the parser of scheme module `{}` does not compile:\n{diags}", self.name)
        })
    }

    /// Where the generated module goes, relative to the workspace root.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(format!("uri/src/scheme/generated/{}.rs", self.name))
    }
}

/// How the scheme modules are emitted: the table walk alone (no AVX2 plan, so that the tables
/// stay small), finding the runtime at `crate::runtime`.
pub fn scheme_emit_options() -> EmitOptions {
    EmitOptions { runtime: "crate::runtime".to_owned(), vector: false }
}

/// The generated scheme modules: path relative to `root` and contents.
pub fn generate_scheme_modules(root: &Path) -> Result<Vec<(PathBuf, String)>> {
    let mut out = Vec::new();
    for module in SCHEME_MODULES {
        let compiled = module.compile(root)?;
        let mut inputs = module.sources(root)?;
        inputs.push(SourceFile::new(module.captures, module.captures_text(root)?));
        let header = Header { command: REGEN_COMMAND.to_owned(), inputs };
        let tokens = uri_gen::emit::parser(&compiled, module.what, &scheme_emit_options())?;
        out.push((module.path(), render_file(tokens, &header)?));
    }
    Ok(out)
}
