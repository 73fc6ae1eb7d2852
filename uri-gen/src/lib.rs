//! `uri-gen`: an ABNF (RFC 5234) compiler that turns grammar text into deterministic,
//! table-driven Rust recognizers.
//!
//! The pipeline, one module per pass:
//!
//! 1. [`source`]: read grammar text as RFCs print it and cut it into one chunk per rule.
//! 2. [`lower`]: parse each chunk with the `abnf` crate and lower it to the [`ir`], resolving
//!    references across files and reporting [`Diagnostic`]s with line and column.
//! 3. [`nfa`]: Thompson construction per rule, referenced rules inlined, terminals as UTF-8 or octets.
//! 4. [`classes`]: byte equivalence classes over all rules.
//! 5. `determinize`: subset construction per rule.
//! 6. `minimize`: Hopcroft minimization of all rules' DFAs together, so shared tails share states.
//! 7. [`share`]: a rule automaton that minimization left in several copies (one per context) is
//!    kept once and entered by calls that record where to return.
//! 8. [`emit`]: Rust tokens with `quote`, checked by `syn`, printed by `prettyplease`.
//!
//! [`compile_program`] takes recursive grammars too: [`summary::classify`] tells the regular rules
//! (compiled as above) from the others, which [`rtn`] turns into a recursive transition network of
//! per-rule machines that [`earley`] runs; [`emit_rtn`] writes both into one module. The `#list`
//! extension of HTTP grammars is expanded by [`list`], [`regex`] prints a regular rule as a regular
//! expression, and [`program::Program`] matches, explains mismatches and samples.
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

pub mod accel;
pub mod ambiguity;
mod bind;
pub mod capture;
mod capture_names;
pub mod classes;
mod determinize;
pub mod dfa;
pub mod diag;
pub mod earley;
pub mod emit;
pub mod emit_parser;
pub mod emit_rtn;
pub mod emit_walk;
pub mod escape;
pub mod interp;
pub mod ir;
pub mod link;
pub mod list;
mod live_tags;
pub mod lower;
mod machine;
mod minimize;
pub mod nfa;
pub mod parse_json;
pub mod program;
pub mod progress;
pub mod project;
pub mod prose;
mod regalloc;
pub mod regex;
mod renumber;
pub mod rtn;
/// The walk runtime of generated modules: the loops over their tables, written once and copied
/// into each crate that holds generated modules (see [`emit_walk::runtime_file`]). Compiled here
/// so that it is linted and tested where it is written.
pub mod runtime {
    include!("runtime/walk.rs");
    include!("runtime/vector.rs");
}
pub mod sample;
pub mod share;
pub mod source;
pub mod summary;
pub mod tdfa;
mod tdfa_budget;

use std::path::Path;

pub use diag::{Diagnostic, DiagnosticKind, Diagnostics, Pos, Severity};
pub use ir::{Grammar, RuleId};
pub use lower::Roots;
pub use program::Program;
pub use source::SourceFile;
pub use summary::RuleKind;

use dfa::Dfa;

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
    /// `my-uri.abnf`), beside the well-known tags of [`prose::WELL_KNOWN_TAGS`].
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
/// the ones the grammar's character sets suggest (see [`accel::Accel::avx2`]). What is accepted
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
    /// Each input's walk through an automaton, as [`accel::Accel::trained`] takes them: the
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

/// Parses and resolves grammar files: the grammar and its warnings, or every diagnostic when
/// there is an error. Recursive rules are fine here: [`compile_program`] compiles them to a
/// recursive transition network, while [`compile`] (finite automata only) refuses them.
pub fn check(files: &[SourceFile], options: &Options) -> Result<(Grammar, Vec<Diagnostic>), Diagnostics> {
    let (grammar, mut diags) = link::load(files, options);
    let Some(grammar) = grammar else { return Err(Diagnostics(diags)) };
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Diagnostics(diags));
    }
    // Only recursion can empty a language (values no encoding holds are errors already).
    if !grammar.cycles().is_empty() {
        let sampler = sample::Sampler::new(&grammar, options.encoding, 0);
        for id in grammar.ids().filter(|&id| sampler.min_len(id).is_none()) {
            let rule = grammar.rule(id);
            diags.push(
                Diagnostic::warning(
                    DiagnosticKind::EmptyLanguage,
                    &grammar.files[rule.file].name,
                    rule.pos,
                    format!(
                        "rule `{}` matches no string: every way through it recurses without end",
                        rule.name
                    ),
                )
                .in_rule(&rule.name),
            );
        }
    }
    Ok((grammar, diags))
}

/// The recursion errors of `grammar` for passes that need finite automata: one per cycle of rules.
fn recursion_errors(grammar: &Grammar) -> Vec<Diagnostic> {
    grammar
        .cycles()
        .into_iter()
        .map(|cycle| {
            let first = grammar.rule(cycle[0]);
            let names: Vec<&str> = cycle.iter().map(|&r| grammar.rule(r).name.as_str()).collect();
            Diagnostic::error(
                DiagnosticKind::Recursion,
                &grammar.files[first.file].name,
                first.pos,
                format!("recursive rules cannot be compiled to a finite automaton: {}", names.join(" -> ")),
            )
            .in_rule(&first.name)
            .with_note(
                "`uri_gen::compile_program` (and the `uri-gen` command line) compile recursive rules to a \
                 recursive transition network",
            )
        })
        .collect()
}

/// Runs the whole pipeline on `files`: every rule becomes matchable on its own. Every rule must be
/// regular (no recursion); [`compile_program`] also takes recursive grammars.
pub fn compile(files: &[SourceFile], options: &Options) -> Result<Compiled, Diagnostics> {
    let (grammar, mut warnings) = check(files, options)?;
    let recursion = recursion_errors(&grammar);
    if !recursion.is_empty() {
        warnings.extend(recursion);
        return Err(Diagnostics(warnings));
    }
    let ids: Vec<RuleId> = grammar.ids().collect();
    let dfa = build_dfa(&grammar, &ids, options).map_err(Diagnostics)?;
    Ok(Compiled { grammar, dfa, warnings, training: None })
}

/// The passes from NFA to minimized DFA for the regular rules `ids` of `grammar`: the result has
/// one start state per id, in the order given.
fn build_dfa(grammar: &Grammar, ids: &[RuleId], options: &Options) -> Result<Dfa, Vec<Diagnostic>> {
    let mut nfas = Vec::new();
    let mut errors = Vec::new();
    for &id in ids {
        match nfa::compile(grammar, id, options.encoding, options.nfa_limit) {
            Ok(nfa) => nfas.push(nfa),
            Err(e) => push_unique(&mut errors, nfa_error(grammar, id, &e)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let classes = classes::ByteClasses::from_nfas(&nfas);
    let mut dfas = Vec::new();
    for (&id, nfa) in ids.iter().zip(&nfas) {
        let what = &grammar.rule(id).name;
        let report = |states, done| {
            options.progress.report(progress::Progress {
                stage: progress::Stage::Determinize,
                what,
                states,
                done,
            })
        };
        match determinize::determinize(nfa, &classes, options.dfa_limit, &|states| report(states, false)) {
            Ok(dfa) => {
                report(dfa.len(), true);
                dfas.push(dfa)
            }
            Err(e) => {
                let rule = grammar.rule(id);
                errors.push(
                    Diagnostic::error(
                        DiagnosticKind::TooLarge,
                        &grammar.files[rule.file].name,
                        rule.pos,
                        format!("rule `{}` needs more than {} DFA states", rule.name, e.limit),
                    )
                    .in_rule(&rule.name),
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let union = Dfa::union(&dfas);
    let report = |states, done| {
        options.progress.report(progress::Progress {
            stage: progress::Stage::Minimize,
            what: "",
            states,
            done,
        })
    };
    report(union.len(), false);
    let dfa = minimize::minimize(&union).compact_classes();
    report(dfa.len(), true);
    Ok(dfa)
}

/// Compiles every rule of `files`, recursive ones included: regular rules to one minimized DFA
/// (as [`compile`] does), the others to a recursive transition network run by the Earley engine.
///
/// ```
/// use uri_gen::{compile_program, Options, SourceFile};
///
/// let text = "list = \"(\" *( item ) \")\"\nitem = \"x\" / list\n";
/// let program = compile_program(&[SourceFile::new("g.abnf", text)], &Options::default()).unwrap();
/// let list = program.grammar.lookup("list").unwrap();
/// assert!(program.matches(list, b"(x(x())x)"));
/// assert!(!program.matches(list, b"(x(x)"));
/// ```
pub fn compile_program(files: &[SourceFile], options: &Options) -> Result<Program, Diagnostics> {
    let (grammar, warnings) = check(files, options)?;
    let kinds = summary::classify(&grammar);
    let regular: Vec<RuleId> = grammar.ids().filter(|id| kinds[id.index()].is_regular()).collect();
    let fail = |errors: Vec<Diagnostic>| Diagnostics(warnings.iter().cloned().chain(errors).collect());
    let dfa = build_dfa(&grammar, &regular, options).map_err(fail)?;
    let mut dfa_rule = vec![None; grammar.rules.len()];
    for (i, id) in regular.iter().enumerate() {
        dfa_rule[id.index()] = Some(i);
    }
    let rtn = rtn::build(&grammar, &kinds, options.encoding, options.nfa_limit, options.dfa_limit)
        .map_err(|e| fail(vec![rtn_error(&grammar, &e)]))?;
    Ok(Program { grammar, encoding: options.encoding, kinds, dfa, dfa_rule, rtn, warnings })
}

fn rtn_error(grammar: &Grammar, error: &rtn::RtnError) -> Diagnostic {
    match error {
        rtn::RtnError::Nfa { rule, error } => nfa_error(grammar, *rule, error),
        rtn::RtnError::TooManyStates { rule, limit } => {
            let r = grammar.rule(*rule);
            Diagnostic::error(
                DiagnosticKind::TooLarge,
                &grammar.files[r.file].name,
                r.pos,
                format!("the machine of rule `{}` needs more than {limit} states", r.name),
            )
            .in_rule(&r.name)
        }
    }
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

/// Compiles the parsers that `captures` (the text of a capture file named `captures_name`)
/// declares over the grammar `files`.
pub fn compile_parsers(
    files: &[SourceFile],
    captures_name: &str,
    captures: &str,
    options: &Options,
) -> Result<CompiledParsers, Diagnostics> {
    let (grammar, mut warnings) = check(files, options)?;
    let spec = capture::CaptureSpec::parse(captures_name, captures, &grammar)?;
    let mut nfas = Vec::new();
    let mut errors = Vec::new();
    for parser in &spec.parsers {
        match nfa::compile_tagged(&grammar, parser.rule, options.encoding, options.nfa_limit, &spec) {
            Ok(nfa) => nfas.push(nfa),
            Err(e) => push_unique(&mut errors, nfa_error(&grammar, parser.rule, &e)),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics(errors));
    }
    let classes = classes::ByteClasses::from_nfas(&nfas);
    let names: Vec<String> = spec.parsers.iter().map(|p| p.name.clone()).collect();
    let (tdfa, ambiguities) =
        tdfa::build(&nfas, &classes, spec.slot_count(), options.dfa_limit, &options.progress, &names)
            .map_err(|e| Diagnostics(vec![tdfa_budget::diagnostic(&e, &spec, captures_name, captures)]))?;
    let names = spec.slot_names();
    for ambiguity in ambiguities {
        if spec.kinds.iter().enumerate().any(|(k, kind)| {
            let base = spec.kind_base(k) as u32;
            ambiguity.slots.iter().all(|&s| s >= base && s < base + kind.variants.len() as u32)
        }) {
            // Resolved by the source order of the kind's alternatives, as declared.
            continue;
        }
        let slots: Vec<&str> = ambiguity.slots.iter().map(|&s| names[s as usize].as_str()).collect();
        warnings.push(Diagnostic::warning(
            DiagnosticKind::Ambiguity,
            captures_name,
            Pos::default(),
            format!(
                "the captures are ambiguous: one input can give different values to {}; the earlier alternative wins",
                slots.join(", ")
            ),
        ));
    }
    Ok(CompiledParsers { grammar, spec, tdfa, warnings, training: None })
}

fn nfa_error(grammar: &Grammar, id: RuleId, error: &nfa::NfaError) -> Diagnostic {
    let rule = grammar.rule(id);
    let (kind, message) = match error {
        nfa::NfaError::TooLarge { limit } => {
            (DiagnosticKind::TooLarge, format!("rule `{}` needs more than {limit} NFA states", rule.name))
        }
        nfa::NfaError::InvalidValue { value } => {
            let message = format!("value {value:#X} cannot be a terminal in this encoding");
            // Point at the `%`-value itself, in the rule that writes it (which may be a rule that
            // `id` refers to), rather than at the start of `id`.
            if let Some((writer, file, pos)) = lower::locate_value(grammar, id, *value) {
                let written = grammar.rule(writer);
                let mut d =
                    Diagnostic::error(DiagnosticKind::InvalidValue, &grammar.files[file].name, pos, message)
                        .in_rule(&written.name);
                if writer != id {
                    d.notes
                        .push(format!("rule `{}` refers to `{}`, which holds it", rule.name, written.name));
                }
                return d;
            }
            (DiagnosticKind::InvalidValue, message)
        }
        nfa::NfaError::Recursive => (DiagnosticKind::Recursion, format!("rule `{}` is recursive", rule.name)),
    };
    Diagnostic::error(kind, &grammar.files[rule.file].name, rule.pos, message).in_rule(&rule.name)
}

/// Adds `d` unless an error at the same place with the same message is there already (several
/// rules can fail on the one `%`-value they share).
fn push_unique(errors: &mut Vec<Diagnostic>, d: Diagnostic) {
    if !errors.iter().any(|e| e.file == d.file && e.pos == d.pos && e.message == d.message) {
        errors.push(d);
    }
}
