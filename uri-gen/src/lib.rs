//! `uri-gen`: an ABNF (RFC 5234) compiler that turns grammar text into deterministic,
//! table-driven Rust recognizers.
//!
//! The pipeline, one folder per stage:
//!
//! 1. [`syntax`]: read grammar text as RFCs print it, parse each rule with the `abnf` crate and
//!    lower it to the IR ([`Grammar`]), resolving references across files and reporting
//!    [`Diagnostic`]s with line and column.
//! 2. [`automata`]: Thompson construction per rule, byte equivalence classes, subset
//!    construction and Hopcroft minimization of all rules' DFAs together.
//! 3. [`plan`]: a rule automaton that minimization left in several copies is kept once and
//!    called; states that loop on a byte set are planned for acceleration.
//! 4. [`capture`]: capture declarations, the tagged DFA and its register allocation.
//! 5. [`rtn`]: recursive rules as a recursive transition network run by an Earley engine.
//! 6. [`emit`]: Rust tokens with `quote`, checked by `syn`, printed by `prettyplease`, over the
//!    walk [`runtime`].
//!
//! The driver, `src/pipeline/mod.rs`, calls every pass in order: the front end in [`check`], then
//! [`compile`] (recognizers), [`compile_parsers`] (capturing parsers) and [`compile_program`]
//! (grammars with recursive rules), and the planning passes that the emitters run first.
//!
//! [`tools`] holds what works beside the pipeline: an interpreter over the IR, sampling, regular
//! expressions, ambiguity witnesses and the reports of the command line.
//!
//! ```
//! use uri_gen::{compile, Options, SourceFile};
//!
//! let grammar = SourceFile::new("digits.abnf", "number = 1*DIGIT [ \".\" 1*DIGIT ]\nDIGIT = %x30-39\n");
//! let compiled = compile(&[grammar], &Options::default()).unwrap();
//! let number = compiled.grammar.lookup("number").unwrap();
//! assert!(compiled.matches(number, b"3.14"));
//! assert!(!compiled.matches(number, b"3."));
//! ```

pub mod automata;
pub mod build;
pub mod bundled;
pub mod capture;
pub mod emit;
mod pipeline;
pub mod plan;
pub mod progress;
pub mod rtn;
pub mod runtime;
pub mod syntax;
pub mod tools;

use std::path::Path;

pub use build::{write_if_changed, Build, Output};
pub use pipeline::{check, compile, compile_parsers, compile_program};
pub use rtn::Program;
pub use syntax::{
    Diagnostic, DiagnosticKind, Diagnostics, Grammar, Pos, Roots, RuleId, RuleKind, Severity, SourceFile,
};

use automata::Dfa;
use capture::tdfa;
use syntax::list;

/// How terminal values (`%x..`) are turned into bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Values are Unicode code points, matched as their UTF-8 encoding (ASCII is unchanged).
    #[default]
    Utf8,
    /// Values are octets; a value above `%xFF` is an error.
    Octets,
}

/// Compilation settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// How terminal values map to bytes.
    pub encoding: Encoding,
    /// Entry points: the grammar holds them and the rules they use.
    pub roots: Roots,
    /// The most NFA states one rule may inline to.
    pub nfa_limit: usize,
    /// The most DFA states one rule may determinize to, and the most states the tagged DFA of
    /// the parsers may have (`--max-states`): past it, compilation stops with an error that
    /// names what grew (for parsers, the captures whose tags multiply the states).
    pub dfa_limit: usize,
    /// How `#` lists (RFC 9110 section 5.6.1) expand.
    pub lists: list::ListForm,
    /// Reference tags of prose values and the loaded grammar file each stands for (`URI`,
    /// `my-uri.abnf`), beside the well-known tags of [`syntax::prose::WELL_KNOWN_TAGS`].
    pub tags: Vec<(String, String)>,
    /// Compile a rule whose alternatives hold prose that names no rule from its other
    /// alternatives, with a warning naming each alternative left out.
    pub formal_only: bool,
    /// Who hears of the progress of long passes ([`progress`]): nobody by default.
    pub progress: progress::Observer,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            encoding: Encoding::Utf8,
            roots: Roots::default(),
            nfa_limit: 1 << 20,
            dfa_limit: 1 << 16,
            lists: list::ListForm::default(),
            tags: Vec::new(),
            formal_only: false,
            progress: progress::Observer::default(),
        }
    }
}

/// A compiled grammar: the IR and one minimized DFA with a start state per rule.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The resolved grammar.
    pub grammar: Grammar,
    /// The automaton; `dfa.starts[i]` is the start state of rule `RuleId(i)`.
    pub dfa: Dfa,
    /// Warnings found on the way (errors stop compilation instead).
    pub warnings: Vec<Diagnostic>,
    /// Sample inputs that guide the plan of the vector walks; none after [`compile`].
    pub training: Option<Training>,
}

/// Sample inputs of one rule, which the emitters walk through the automaton they plan: the
/// AVX2 walk then classifies the loop sets that these inputs spend their bytes in, rather than
/// the ones the grammar's character sets suggest (see [`plan::Accel::avx2`]). What is accepted
/// never depends on them; only how fast. Inputs of other rules, and inputs that do not match,
/// count as far as the automaton reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Training {
    /// The rule the inputs are samples of.
    pub rule: RuleId,
    /// The inputs.
    pub inputs: Vec<Vec<u8>>,
}

impl Training {
    /// Each input's walk through an automaton, as [`plan::Accel::trained`] takes them: the
    /// `(state, byte)` pairs that `trace(input, visit)` visits (`Shared::trace` or
    /// `Tdfa::trace` from the rule's start).
    pub fn walks<'a>(
        &'a self,
        trace: impl Fn(&[u8], &mut dyn FnMut(u32, u8)) + 'a,
    ) -> impl Iterator<Item = Vec<(u32, u8)>> + 'a {
        self.inputs.iter().map(move |input| {
            let mut walk = Vec::new();
            trace(input, &mut |state, byte| walk.push((state, byte)));
            walk
        })
    }
}

impl Compiled {
    /// Whether the whole of `input` matches `rule`.
    pub fn matches(&self, rule: RuleId, input: &[u8]) -> bool {
        self.dfa.matches(rule.index(), input)
    }

    /// The longest prefix of `input` matching `rule`.
    pub fn longest_match(&self, rule: RuleId, input: &[u8]) -> Option<usize> {
        self.dfa.longest_match(rule.index(), input)
    }
}

/// Reads grammar files from disk. A file whose name starts with `rfc5234-core` is a library.
pub fn read_files<P: AsRef<Path>>(paths: &[P]) -> anyhow::Result<Vec<SourceFile>> {
    paths
        .iter()
        .map(|path| {
            let path = path.as_ref();
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read grammar file {}: {e}", path.display()))?;
            let name = path.display().to_string();
            let library =
                path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("rfc5234-core"));
            Ok(if library { SourceFile::library(name, text) } else { SourceFile::new(name, text) })
        })
        .collect()
}

/// A compiled set of parsers: the grammar, the capture declarations and the tagged DFA.
#[derive(Debug, Clone)]
pub struct CompiledParsers {
    /// The resolved grammar.
    pub grammar: Grammar,
    /// What is captured.
    pub spec: capture::CaptureSpec,
    /// The tagged automaton; `tdfa.starts[i]` belongs to `spec.parsers[i]`.
    pub tdfa: tdfa::Tdfa,
    /// The span automaton of each list capture (`occurs=all`), in declaration order.
    pub lists: Vec<capture::split::Split>,
    /// Capture ambiguities that the declarations do not explain, as warnings.
    pub warnings: Vec<Diagnostic>,
    /// Sample inputs that guide the plan of the vector walks (see [`Training`]); none after
    /// [`compile_parsers`]. They are walked from the parser of their rule, if there is one.
    pub training: Option<Training>,
}

impl CompiledParsers {
    /// The index of the parser (in `spec.parsers`, as in `tdfa.starts`) that matches `rule`,
    /// if one does.
    pub fn parser_of(&self, rule: RuleId) -> Option<usize> {
        self.spec.parsers.iter().position(|p| p.rule == rule)
    }
}
