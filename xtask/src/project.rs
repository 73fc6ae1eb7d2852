//! The generated files of this workspace: which grammar goes where. `cargo xtask regen` writes
//! them and the regen test compares them with the checked-in copies: the `uri` crate's recognizer
//! and parsers, and one module per grammar of [`GRAMMAR_MODULES`] in the `grammar-tests` crate.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};

use uri_gen::emit::{recognizer, render_file, EmitOptions, Header};
use uri_gen::syntax::ListForm;
use uri_gen::{compile, compile_program, Encoding, Options, Program, Roots, SourceFile};

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

/// Compiles the RFC 3986 grammar with every rule as an entry point, trained on
/// [`URI_TRAINING`].
pub fn compile_uri(root: &Path) -> Result<uri_gen::Compiled> {
    let files = uri_sources(root)?;
    let options = Options { roots: Roots::All, ..Options::default() };
    let mut compiled = compile(&files, &options)
        .map_err(|diags| anyhow!("the RFC 3986 grammar does not compile:\n{diags}"))?;
    compiled.training = Some(uri_training(root, &compiled.grammar)?.1);
    Ok(compiled)
}

/// The training inputs of the `uri` crate's automata (see [`uri_gen::Training`]), relative to the
/// workspace root: the bases and references of the 10,000 Common Crawl pairs of the resolution
/// benchmark. The URL corpora that the other benchmarks time (`kasztp.txt`, `node_files.txt`,
/// `isaacs_files.txt`) are left out, so that they judge the trained plan on inputs it never saw.
pub const URI_TRAINING: &str = "abnf/training/relative_urls_cc_10k.csv";

/// Reads [`URI_TRAINING`]: the file (for the generated files' headers) and its inputs as
/// samples of `URI-reference`. Every line after the header is a base, a comma, a reference.
pub fn uri_training(root: &Path, grammar: &uri_gen::Grammar) -> Result<(SourceFile, uri_gen::Training)> {
    training_as(root, grammar, "URI-reference")
}

/// Reads [`URI_TRAINING`] as samples of the grammar's rule `rule_name`.
pub fn training_as(
    root: &Path,
    grammar: &uri_gen::Grammar,
    rule_name: &str,
) -> Result<(SourceFile, uri_gen::Training)> {
    let text = std::fs::read_to_string(root.join(URI_TRAINING))
        .map_err(|e| anyhow!("cannot read {URI_TRAINING}: {e}"))?;
    let rule = grammar.lookup(rule_name).ok_or_else(|| anyhow!("the grammar has no {rule_name} rule"))?;
    let mut inputs = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let (base, reference) = line
            .split_once(',')
            .ok_or_else(|| anyhow!("{URI_TRAINING}:{}: expected a base, a comma and a reference", n + 1))?;
        inputs.push(base.as_bytes().to_vec());
        inputs.push(reference.as_bytes().to_vec());
    }
    Ok((SourceFile::new(URI_TRAINING, text), uri_gen::Training { rule, inputs }))
}

/// The capture declarations of the `uri` crate's parsers, relative to the workspace root.
pub const URI_CAPTURES: &str = "abnf/rfc3986.captures";

/// Compiles the `uri` crate's parsers (RFC 3986 with its capture declarations), trained on
/// [`URI_TRAINING`].
pub fn compile_uri_parsers(root: &Path) -> Result<uri_gen::CompiledParsers> {
    let files = uri_sources(root)?;
    let captures = std::fs::read_to_string(root.join(URI_CAPTURES))
        .map_err(|e| anyhow!("cannot read {URI_CAPTURES}: {e}"))?;
    let options = Options { roots: Roots::All, ..Options::default() };
    let mut compiled = uri_gen::compile_parsers(&files, URI_CAPTURES, &captures, &options)
        .map_err(|diags| anyhow!("the RFC 3986 parsers do not compile:\n{diags}"))?;
    compiled.training = Some(uri_training(root, &compiled.grammar)?.1);
    Ok(compiled)
}

/// The `uri` crate's copy of the walk runtime, with the AVX2 walk. It is not generated from a
/// grammar: the regen check keeps it identical to the generator's own runtime source.
pub const URI_RUNTIME: &str = "uri/src/runtime.rs";

/// How the `uri` crate's modules are emitted: with the AVX2 walk, finding the runtime at
/// `crate::runtime`.
pub fn uri_emit_options() -> EmitOptions {
    EmitOptions { runtime: "crate::runtime".to_owned(), vector: true }
}

/// Every generated file of the workspace: its path relative to `root` and its full contents.
pub fn generate_all(root: &Path) -> Result<Vec<(PathBuf, String)>> {
    let compiled = compile_uri(root)?;
    let (training, _) = uri_training(root, &compiled.grammar)?;
    let mut inputs = compiled.grammar.files.clone();
    inputs.push(training.clone());
    let header = Header { command: REGEN_COMMAND.to_owned(), inputs };
    let rules = render_file(recognizer(&compiled, "RFC 3986 (Appendix A)", &uri_emit_options())?, &header)?;
    let parsers = compile_uri_parsers(root)?;
    let mut inputs = parsers.grammar.files.clone();
    let captures = std::fs::read_to_string(root.join(URI_CAPTURES))?;
    inputs.push(SourceFile::new(URI_CAPTURES, captures));
    inputs.push(training);
    let header = Header { command: REGEN_COMMAND.to_owned(), inputs };
    let parser =
        render_file(uri_gen::emit::parser(&parsers, "RFC 3986 (Appendix A)", &uri_emit_options())?, &header)?;
    let mut files = vec![
        (PathBuf::from("uri/src/generated/rules.rs"), rules),
        (PathBuf::from("uri/src/generated/parser.rs"), parser),
        (PathBuf::from(URI_RUNTIME), uri_gen::emit::runtime_file(true)),
    ];
    files.push(crate::iri::generate_iri_parser(root)?);
    files.extend(generate_grammar_modules(root)?);
    files.extend(crate::schemes::generate_scheme_modules(root)?);
    // Copies kept byte-identical to `abnf/`: the grammars bundled in the uri-gen package, and
    // the grammar of the example crate, which holds its own copy as a user's crate would.
    for bundled in uri_gen::bundled::BUNDLED {
        let text = std::fs::read_to_string(root.join(bundled.workspace_path()))?;
        files.push((PathBuf::from(bundled.path), text));
    }
    let file_uri = std::fs::read_to_string(root.join("abnf/rfc8089.abnf"))?;
    files.push((PathBuf::from("tests/build-example/grammars/rfc8089.abnf"), file_uri));
    Ok(files)
}

/// A generated module of the `grammar-tests` crate: a grammar of another RFC, compiled by the same
/// pipeline as the `uri` crate's, to show the generator on grammars it was not written for.
#[derive(Debug, Clone, Copy)]
pub struct GrammarModule {
    /// The module name, and the file `tests/grammars/src/generated/{name}.rs`.
    pub name: &'static str,
    /// What the grammar is, for the module documentation.
    pub what: &'static str,
    /// The grammar files, relative to the workspace root, in order.
    pub grammars: &'static [&'static str],
    /// Override files, read after the grammar files: each of their rules replaces the rule of
    /// the same name in every other file, libraries included.
    pub overrides: &'static [&'static str],
    /// Files read as libraries: rules used only when referred to; their own references keep
    /// their meaning unless an override replaces the rule.
    pub libraries: &'static [&'static str],
    /// The rules to generate (with what they use); empty for every rule of the grammar files.
    pub rules: &'static [&'static str],
    /// How `#` lists expand.
    pub lists: ListForm,
    /// How terminal values map to bytes.
    pub encoding: Encoding,
}

/// The core rules of RFC 5234, a library of every grammar module.
const CORE: &str = "abnf/rfc5234-core.abnf";

/// The grammar modules of the `grammar-tests` crate.
pub const GRAMMAR_MODULES: &[GrammarModule] = &[
    GrammarModule {
        name: "iri",
        what: "RFC 3987 (IRIs, section 2.2)",
        grammars: &["abnf/rfc3987.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "zone_id",
        what: "RFC 6874 (IPv6 zone identifiers in URIs) over RFC 3986",
        grammars: &[],
        // RFC 6874 section 2 replaces RFC 3986's `IP-literal`, inside `host` too.
        overrides: &["abnf/rfc6874.abnf"],
        libraries: &["abnf/rfc3986.abnf", CORE],
        rules: &["IP-literal", "ZoneID", "IPv6addrz", "URI-reference"],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "json",
        what: "RFC 8259 (JSON)",
        grammars: &["abnf/rfc8259-json.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "imf",
        what: "RFC 5322 (Internet Message Format, sections 3 and 4)",
        grammars: &["abnf/rfc5322-sec3-4.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "abnf",
        what: "RFC 5234 section 4 (the ABNF of ABNF)",
        grammars: &["abnf/rfc5234-sec4.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "case_sensitive",
        what: "RFC 7405 (case-sensitive strings in ABNF) and a rule using them",
        grammars: &["abnf/rfc7405.abnf", "abnf/rfc7405-usage.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "http_lists",
        what: "RFC 9110 rules written with the #list extension (section 5.6.1), sender form",
        grammars: &["abnf/rfc9110-list.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc9110-appendix-a.abnf", "abnf/rfc3986.abnf", CORE],
        rules: &[],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "http_lists_recipient",
        what: "RFC 9110 rules written with the #list extension (section 5.6.1), recipient form",
        grammars: &["abnf/rfc9110-list.abnf"],
        overrides: &[],
        libraries: &["abnf/rfc9110-appendix-a.abnf", "abnf/rfc3986.abnf", CORE],
        rules: &["Connection", "Via"],
        lists: ListForm::Recipient,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "http",
        what: "RFC 9110 Appendix A (HTTP semantics), the rules that need no other RFC",
        grammars: &["abnf/rfc9110-appendix-a.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[
            "Accept",
            "Accept-Charset",
            "Accept-Encoding",
            "Accept-Ranges",
            "Allow",
            "Authentication-Info",
            "Authorization",
            "BWS",
            "Connection",
            "Content-Encoding",
            "Content-Length",
            "Content-Range",
            "Content-Type",
            "Date",
            "ETag",
            "Expect",
            "If-Match",
            "If-Modified-Since",
            "If-None-Match",
            "If-Range",
            "If-Unmodified-Since",
            "Last-Modified",
            "Max-Forwards",
            "Proxy-Authenticate",
            "Proxy-Authentication-Info",
            "Proxy-Authorization",
            "Range",
            "Retry-After",
            "Server",
            "TE",
            "Trailer",
            "Upgrade",
            "User-Agent",
            "Vary",
            "WWW-Authenticate",
            "field-name",
            "field-value",
            "method",
        ],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
    GrammarModule {
        name: "http_fields",
        what: "RFC 9110 Appendix A, field values, tokens and quoted strings, over octets (`obs-text` is any byte from 0x80 on)",
        grammars: &["abnf/rfc9110-appendix-a.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &["field-value", "quoted-string", "token", "Content-Type", "ETag"],
        lists: ListForm::Sender,
        encoding: Encoding::Octets,
    },
    GrammarModule {
        name: "http_message",
        what: "RFC 7230 Appendix B (HTTP/1.1 messages), the rules that need no other RFC",
        grammars: &["abnf/rfc7230-appendix-b.abnf"],
        overrides: &[],
        libraries: &[CORE],
        rules: &[
            "BWS",
            "Connection",
            "Content-Length",
            "HTTP-version",
            "TE",
            "Trailer",
            "Transfer-Encoding",
            "Upgrade",
            "asterisk-form",
            "chunked-body",
            "header-field",
            "message-body",
            "method",
            "status-line",
        ],
        lists: ListForm::Sender,
        encoding: Encoding::Utf8,
    },
];

impl GrammarModule {
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

    /// The compile options of the module.
    pub fn options(&self) -> Options {
        let roots = if self.rules.is_empty() {
            Roots::All
        } else {
            Roots::Only(self.rules.iter().map(|r| (*r).to_owned()).collect())
        };
        Options { roots, lists: self.lists, encoding: self.encoding, ..Options::default() }
    }

    /// Compiles the module's grammar.
    pub fn compile(&self, root: &Path) -> Result<Program> {
        let files = self.sources(root)?;
        compile_program(&files, &self.options())
            .map_err(|diags| anyhow!("the grammar of module `{}` does not compile:\n{diags}", self.name))
    }

    /// Where the generated module goes, relative to the workspace root.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(format!("tests/grammars/src/generated/{}.rs", self.name))
    }
}

/// How the `grammar-tests` crate's modules are emitted: with the AVX2 walk, finding the runtime
/// at `crate::runtime` (`tests/grammars/src/runtime.rs`).
pub fn grammar_emit_options() -> EmitOptions {
    EmitOptions { runtime: "crate::runtime".to_owned(), vector: true }
}

/// The `grammar-tests` crate's copy of the walk runtime, with the parts its modules need: the
/// AVX2 walk, and the Earley engine once for every module with recursive rules.
pub const GRAMMAR_RUNTIME: &str = "tests/grammars/src/runtime.rs";

/// The generated modules of the `grammar-tests` crate: path relative to `root` and contents.
pub fn generate_grammar_modules(root: &Path) -> Result<Vec<(PathBuf, String)>> {
    let mut out = Vec::new();
    let mut runtime = uri_gen::emit::RuntimeParts::default();
    for module in GRAMMAR_MODULES {
        let program = module.compile(root)?;
        runtime = runtime.union(uri_gen::emit::RuntimeParts::for_program(&program, &grammar_emit_options()));
        let header = Header { command: REGEN_COMMAND.to_owned(), inputs: module.sources(root)? };
        let tokens = uri_gen::emit::module(&program, module.what, None, &grammar_emit_options())?;
        out.push((module.path(), render_file(tokens, &header)?));
    }
    out.push((PathBuf::from(GRAMMAR_RUNTIME), runtime.text()));
    Ok(out)
}
