//! The standard grammars that ship inside the `uri-gen` package, addressable by name: RFC 5234's
//! core rules and RFC 3986's collected ABNF, as the RFCs print them.
//!
//! The files live in the package's `grammars/` folder, byte-identical to the workspace's `abnf/`
//! copies (`cargo xtask regen` writes them and `--check` fails when they differ), so that a
//! build script can name them without a copy of its own.

use crate::SourceFile;

/// A grammar bundled with the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bundled {
    /// The name it is addressed by (`rfc3986`).
    pub name: &'static str,
    /// The path it is named by in diagnostics and generated headers, inside the package.
    pub path: &'static str,
    /// What it is.
    pub what: &'static str,
    /// The text, verbatim.
    pub text: &'static str,
}

/// Every bundled grammar.
pub const BUNDLED: [Bundled; 2] = [
    Bundled {
        name: "rfc5234-core",
        path: "uri-gen/grammars/rfc5234-core.abnf",
        what: "RFC 5234 Appendix B.1, the core rules (ALPHA, DIGIT, HEXDIG, ...)",
        text: include_str!("../grammars/rfc5234-core.abnf"),
    },
    Bundled {
        name: "rfc3986",
        path: "uri-gen/grammars/rfc3986.abnf",
        what: "RFC 3986 Appendix A, the collected ABNF for URI",
        text: include_str!("../grammars/rfc3986.abnf"),
    },
];

/// The bundled grammar of this name (`rfc3986`, `rfc5234-core`; a trailing `.abnf` and the case
/// do not matter).
///
/// ```
/// let core = uri_gen::bundled::find("rfc5234-core").unwrap();
/// assert!(core.text.contains("DIGIT          =  %x30-39"));
/// assert!(uri_gen::bundled::find("rfc9999").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Bundled> {
    let name = name.strip_suffix(".abnf").unwrap_or(name);
    BUNDLED.iter().find(|b| b.name.eq_ignore_ascii_case(name))
}

/// The names of the bundled grammars, for messages.
pub fn names() -> String {
    BUNDLED.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

impl Bundled {
    /// The grammar as a library: its rules are compiled when referred to.
    pub fn library(&self) -> SourceFile {
        SourceFile::library(self.path, self.text)
    }

    /// The grammar as a grammar file: every rule is compiled.
    pub fn grammar(&self) -> SourceFile {
        SourceFile::new(self.path, self.text)
    }

    /// The workspace file it is a copy of, relative to the workspace root.
    pub fn workspace_path(&self) -> String {
        format!("abnf/{}.abnf", self.name)
    }
}
