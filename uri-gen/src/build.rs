//! The build-script API: [`Build`] takes grammar files (or text), libraries, bundled grammars, a
//! capture file and options, and gives the generated module and the walk runtime file
//! ([`Output`]), or every diagnostic; [`write_if_changed`] writes them without touching files
//! whose bytes are the same.
//!
//! Paths are read as given, which in a build script is relative to the package's folder (Cargo
//! runs build scripts there), and are named as given in the generated file's header and rule
//! documentation: a module generated from relative paths holds no path of the machine that built
//! it.

use std::io;
use std::path::{Path, PathBuf};

use quote::quote;

use crate::bundled;
use crate::emit::walk::EmitOptions;
use crate::emit::{render_file, Header, RuntimeParts};
use crate::{compile_parsers, compile_program, Diagnostic, DiagnosticKind, Diagnostics, Options, Pos};
use crate::{Roots, SourceFile};

/// What a grammar input is to the compiler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Grammar,
    Library,
    Override,
}

/// Where an input's text comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Text {
    /// A file, read when the module is generated.
    File(PathBuf),
    /// Text given with its name.
    Given { name: String, text: String },
    /// A bundled grammar, by name.
    Bundled(String),
}

/// Generates a module from ABNF grammars, for a build script.
///
/// Grammar files give every rule (each becomes a `Rule` variant), libraries give the rules that
/// are referred to, override files replace rules of the same name everywhere (see ARCHITECTURE.md,
/// "How names bind between files"); with a capture file the module holds `rules` and a capturing
/// `parser`. [`Build::generate`] reads and compiles it all.
///
/// ```
/// let grammar = "greeting = \"hello\" SP name\nname = 1*ALPHA\n";
/// let output = uri_gen::Build::new()
///     .grammar_text("greeting.abnf", grammar)
///     .library_named("rfc5234-core")
///     .generate()
///     .unwrap();
/// assert!(output.module.contains("pub enum Rule"));
/// assert!(output.module.contains("// Source: greeting.abnf (sha256 "));
/// assert!(output.runtime.contains("pub struct Dfa"));
/// assert!(!output.runtime_parts.earley, "every rule is regular: no Earley engine");
/// assert!(output.diagnostics.is_empty());
/// ```
///
/// In `build.rs`, with the module included from `OUT_DIR` (see the crate's README):
///
/// ```no_run
/// use std::path::PathBuf;
///
/// let output = uri_gen::Build::new()
///     .grammar_file("grammars/rfc8089.abnf")
///     .library_named("rfc3986")
///     .library_named("rfc5234-core")
///     .captures_file("grammars/file-uri.captures")
///     .generate()
///     .unwrap_or_else(|e| panic!("{e}"));
/// let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
/// uri_gen::write_if_changed(out.join("file_uri.rs"), &output.module).unwrap();
/// uri_gen::write_if_changed(out.join("uri_gen_runtime.rs"), &output.runtime).unwrap();
/// output.rerun_if_changed();
/// ```
#[derive(Debug, Clone)]
pub struct Build {
    inputs: Vec<(Role, Text)>,
    captures: Option<Text>,
    rules: Vec<String>,
    options: Options,
    emit: EmitOptions,
    what: Option<String>,
    command: String,
}

impl Default for Build {
    fn default() -> Self {
        Build::new()
    }
}

impl Build {
    /// A build with no inputs, the default [`Options`] (every rule of the grammar files, terminal
    /// values as UTF-8) and the default [`EmitOptions`] (no `unsafe`, the runtime at
    /// `crate::uri_gen_runtime`).
    pub fn new() -> Self {
        Build {
            inputs: Vec::new(),
            captures: None,
            rules: Vec::new(),
            options: Options { roots: Roots::All, ..Options::default() },
            emit: EmitOptions::default(),
            what: None,
            command: "the crate's build script (`uri_gen::Build`)".to_owned(),
        }
    }

    /// Adds a grammar file: every rule it defines is compiled.
    pub fn grammar_file(mut self, path: impl AsRef<Path>) -> Self {
        self.inputs.push((Role::Grammar, Text::File(path.as_ref().to_path_buf())));
        self
    }

    /// Adds grammar text, named `name` in diagnostics and in the module.
    pub fn grammar_text(mut self, name: impl Into<String>, text: impl Into<String>) -> Self {
        self.inputs.push((Role::Grammar, Text::Given { name: name.into(), text: text.into() }));
        self
    }

    /// Adds a bundled grammar as a grammar file: every rule it defines is compiled.
    pub fn grammar_named(mut self, name: impl Into<String>) -> Self {
        self.inputs.push((Role::Grammar, Text::Bundled(name.into())));
        self
    }

    /// Adds a library file: its rules are compiled when referred to.
    pub fn library_file(mut self, path: impl AsRef<Path>) -> Self {
        self.inputs.push((Role::Library, Text::File(path.as_ref().to_path_buf())));
        self
    }

    /// Adds library text, named `name`.
    pub fn library_text(mut self, name: impl Into<String>, text: impl Into<String>) -> Self {
        self.inputs.push((Role::Library, Text::Given { name: name.into(), text: text.into() }));
        self
    }

    /// Adds a bundled grammar as a library: `rfc5234-core` (ALPHA, DIGIT, ...) or `rfc3986`
    /// (see [`bundled::BUNDLED`]).
    pub fn library_named(mut self, name: impl Into<String>) -> Self {
        self.inputs.push((Role::Library, Text::Bundled(name.into())));
        self
    }

    /// Adds an override file: each of its rules replaces the rule of that name in every file.
    pub fn override_file(mut self, path: impl AsRef<Path>) -> Self {
        self.inputs.push((Role::Override, Text::File(path.as_ref().to_path_buf())));
        self
    }

    /// The capture file: the module then holds `rules` and `parser` submodules.
    pub fn captures_file(mut self, path: impl AsRef<Path>) -> Self {
        self.captures = Some(Text::File(path.as_ref().to_path_buf()));
        self
    }

    /// The capture declarations as text, named `name`.
    pub fn captures_text(mut self, name: impl Into<String>, text: impl Into<String>) -> Self {
        self.captures = Some(Text::Given { name: name.into(), text: text.into() });
        self
    }

    /// Compiles only this rule and what it uses (repeatable); by default every rule of the
    /// grammar files.
    pub fn rule(mut self, name: impl Into<String>) -> Self {
        self.rules.push(name.into());
        self
    }

    /// The compile options; their `roots` give way to [`Build::rule`] when a rule is named.
    pub fn options(mut self, options: Options) -> Self {
        self.options = options;
        self
    }

    /// The emit options: where the module finds the runtime, and whether it runs the AVX2 walk.
    pub fn emit_options(mut self, emit: EmitOptions) -> Self {
        self.emit = emit;
        self
    }

    /// What the grammar is, for the module's documentation (by default the inputs' names).
    pub fn what(mut self, what: impl Into<String>) -> Self {
        self.what = Some(what.into());
        self
    }

    /// How to regenerate the module, for its header.
    pub fn command(mut self, command: impl Into<String>) -> Self {
        self.command = command.into();
        self
    }

    /// Reads the inputs, compiles them and emits the module: the module, the runtime file and
    /// the warnings, or every diagnostic when there is an error (a file that cannot be read
    /// among them).
    pub fn generate(&self) -> Result<Output, Diagnostics> {
        let mut read = Vec::new();
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for (role, text) in &self.inputs {
            match load(text, *role, &mut read) {
                Ok(file) => files.push(file),
                Err(e) => errors.push(e),
            }
        }
        let captures = match self.captures.as_ref().map(|text| load(text, Role::Grammar, &mut read)) {
            Some(Err(e)) => {
                errors.push(e);
                None
            }
            loaded => loaded.and_then(Result::ok),
        };
        if !errors.is_empty() {
            return Err(Diagnostics(errors));
        }
        let mut options = self.options.clone();
        if !self.rules.is_empty() {
            options.roots = Roots::Only(self.rules.clone());
        }
        let program = compile_program(&files, &options)?;
        let first = files.iter().find(|f| !f.library).or(files.first());
        if program.grammar.rules.is_empty() {
            let name = first.map_or("", |f| f.name.as_str());
            return Err(Diagnostics(vec![Diagnostic::error(
                DiagnosticKind::Input,
                name,
                Pos::default(),
                "the grammar files define no rule: there is nothing to generate",
            )]));
        }
        let what = self
            .what
            .clone()
            .unwrap_or_else(|| files.iter().map(|f| format!("`{}`", f.name)).collect::<Vec<_>>().join(", "));
        let emit_error = |file: &str, e: anyhow::Error| {
            Diagnostics(vec![Diagnostic::error(DiagnosticKind::Emit, file, Pos::default(), format!("{e:#}"))])
        };
        let grammar_name = first.map_or(String::new(), |f| f.name.clone());
        let rules = crate::emit::rtn::module(&program, &what, None, &self.emit)
            .map_err(|e| emit_error(&grammar_name, e))?;
        let mut diagnostics = program.warnings.clone();
        let mut inputs = files.clone();
        let tokens = match captures {
            None => rules,
            Some(captures) => {
                let parsers = compile_parsers(&files, &captures.name, &captures.text, &options)?;
                diagnostics.extend(parsers.warnings.iter().cloned());
                let parser = crate::emit::parser::parser(&parsers, &what, &self.emit)
                    .map_err(|e| emit_error(&captures.name, e))?;
                inputs.push(captures);
                quote! {
                    #[doc = " Recognizers for every rule."]
                    pub mod rules { #rules }
                    #[doc = " Parsers that capture the declared rules."]
                    pub mod parser { #parser }
                }
            }
        };
        let header = Header { command: self.command.clone(), inputs };
        let module = render_file(tokens, &header).map_err(|e| emit_error(&grammar_name, e))?;
        let runtime_parts = RuntimeParts::for_program(&program, &self.emit);
        Ok(Output { module, runtime: runtime_parts.text(), runtime_parts, diagnostics, files: read })
    }
}

/// Reads one input, recording the paths read.
fn load(text: &Text, role: Role, read: &mut Vec<PathBuf>) -> Result<SourceFile, Diagnostic> {
    let (name, text) = match text {
        Text::File(path) => {
            let name = path.display().to_string();
            read.push(path.clone());
            let text = std::fs::read_to_string(path).map_err(|e| {
                Diagnostic::error(
                    DiagnosticKind::Input,
                    &name,
                    Pos::default(),
                    format!("cannot read {name}: {e}"),
                )
            })?;
            (name, text)
        }
        Text::Given { name, text } => (name.clone(), text.clone()),
        Text::Bundled(wanted) => {
            let found = bundled::find(wanted).ok_or_else(|| {
                Diagnostic::error(
                    DiagnosticKind::Input,
                    wanted,
                    Pos::default(),
                    format!(
                        "no bundled grammar is named `{wanted}`; the bundled ones are {}",
                        bundled::names()
                    ),
                )
            })?;
            (found.path.to_owned(), found.text.to_owned())
        }
    };
    Ok(match role {
        Role::Grammar => SourceFile::new(name, text),
        Role::Library => SourceFile::library(name, text),
        Role::Override => SourceFile::overriding(name, text),
    })
}

/// What [`Build::generate`] gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The generated module: a file to declare as a module (`mod name;`) or to include
    /// (`include!`), with no inner attributes.
    pub module: String,
    /// The walk runtime file, which the crate holds once for all its generated modules, at the
    /// path of [`EmitOptions::runtime`] (`mod uri_gen_runtime;` at the crate root by default):
    /// the table walks, with the AVX2 walk when [`EmitOptions::vector`] and with the Earley
    /// engine when the grammar has recursive rules.
    pub runtime: String,
    /// The parts of `runtime`. A crate with several generated modules writes one runtime file
    /// with the union of their parts ([`RuntimeParts::union`], [`RuntimeParts::text`]).
    pub runtime_parts: RuntimeParts,
    /// The warnings (the errors stop generation).
    pub diagnostics: Vec<Diagnostic>,
    /// The files read, as given.
    pub files: Vec<PathBuf>,
}

impl Output {
    /// Prints, for Cargo, a `rerun-if-changed` line for each file read, and a `warning` line for
    /// each warning: for a build script.
    pub fn rerun_if_changed(&self) {
        for path in &self.files {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        for d in &self.diagnostics {
            println!("cargo:warning={d}");
        }
    }
}

/// Writes `text` to `path` unless the file holds exactly that already, creating the folders on
/// the way; whether it wrote. Leaving an unchanged file alone keeps its modification time, so
/// that Cargo and editors do not see a change.
///
/// ```
/// let path = std::env::temp_dir().join(format!("uri-gen-doc-{}", std::process::id())).join("m.rs");
/// assert!(uri_gen::write_if_changed(&path, "// one\n").unwrap());
/// assert!(!uri_gen::write_if_changed(&path, "// one\n").unwrap());
/// assert!(uri_gen::write_if_changed(&path, "// two\n").unwrap());
/// # std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
/// ```
pub fn write_if_changed(path: impl AsRef<Path>, text: &str) -> io::Result<bool> {
    let path = path.as_ref();
    if std::fs::read(path).is_ok_and(|current| current == text.as_bytes()) {
        return Ok(false);
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text)?;
    Ok(true)
}
