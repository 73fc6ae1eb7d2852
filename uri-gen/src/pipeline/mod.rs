//! The driver: the passes of the three pipelines, in order, as calls. Each pass lives in the
//! folder of its stage and is private to the crate unless a tool or a test needs it; what a
//! pipeline returns ([`Compiled`], [`CompiledParsers`], [`Program`]) is public.
//!
//! - Front end, shared by all three ([`check`]): `syntax::link::load` reads the files
//!   (`syntax::source`), parses and lowers each rule (`syntax::lower`) and binds names across
//!   files (`syntax::bind`, `syntax::link`); a grammar with cycles is checked for rules that
//!   match no string (`tools::sample`).
//! - Recognizer ([`compile`]): front end, one Thompson NFA per rule (`automata::nfa`), byte
//!   classes over all of them (`automata::classes`), subset construction per rule
//!   (`automata::determinize`), then Hopcroft minimization of their union and merging of equal
//!   class columns (`automata::minimize`). Emission plans the tables first
//!   ([`plan_recognizer`]): shared bodies (`plan::share`), then acceleration (`plan::accel`),
//!   trained on the sample inputs.
//! - Parser ([`compile_parsers`]): front end, the capture declarations (`capture::spec`), one
//!   tagged NFA per parser, byte classes, the tagged DFA (`capture::tdfa`), then the register
//!   passes ([`allocate_registers`], `capture::regalloc`). Emission plans acceleration first
//!   ([`plan_parser`]).
//! - Recursive rules ([`compile_program`]): front end, the kind of each rule
//!   (`syntax::kind`), the recognizer's passes for the regular rules, the recursive
//!   transition network for the others (`rtn::network`).
//!
//! The planning passes run when a module is emitted, not when it is compiled, because the
//! sample inputs ([`Training`]) are attached to a compiled product afterwards.

mod errors;

use crate::automata::{classes, determinize, minimize, nfa, Dfa};
use crate::capture::{regalloc, tdfa, CaptureSpec, Tdfa};
use crate::plan::share::{share, Target, MIN_BODY};
use crate::plan::{Accel, Shared};
use crate::progress;
use crate::syntax::{self, link};
use crate::tools::sample;
#[cfg(doc)]
use crate::Training;
use crate::{
    rtn, Compiled, CompiledParsers, Diagnostic, DiagnosticKind, Diagnostics, Grammar, Options, Program,
    RuleId, SourceFile,
};

use errors::{nfa_error, push_unique, recursion_errors, rtn_error};

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

/// The recognizer's plan: the shared automaton of `compiled` and its acceleration plan, trained
/// on `compiled`'s training inputs when it has some.
pub(crate) fn plan_recognizer(compiled: &Compiled) -> (Shared, Accel) {
    let dfa = &compiled.dfa;
    let shared = share(dfa, MIN_BODY);
    let mut accel = Accel::plan(shared.len(), |s| {
        let loops: Vec<usize> = shared.self_loop_classes(s).collect();
        (0..=255u8).filter(|&b| loops.contains(&dfa.classes.get(b))).collect()
    })
    .with_escape(|s, b| match shared.trans[s as usize * shared.stride + dfa.classes.get(b)] {
        Target::State(next) if next != 0 => Some(next),
        _ => None,
    });
    if let Some(training) = &compiled.training {
        accel =
            accel.trained(training.walks(|input, visit| shared.trace(training.rule.index(), input, visit)));
    }
    (shared, accel)
}

/// Compiles the parsers that `captures` (the text of a capture file named `captures_name`)
/// declares over the grammar `files`.
pub fn compile_parsers(
    files: &[SourceFile],
    captures_name: &str,
    captures: &str,
    options: &Options,
) -> Result<CompiledParsers, Diagnostics> {
    let (grammar, warnings) = check(files, options)?;
    let spec = CaptureSpec::parse(captures_name, captures, &grammar)?;
    let mut nfas = Vec::new();
    let mut errors = Vec::new();
    for parser in &spec.parsers {
        match nfa::compile_tagged(&grammar, parser.rule, options.encoding, options.nfa_limit, &spec) {
            Ok(nfa) => nfas.push(nfa),
            Err(nfa::NfaError::Recursive) => push_unique(
                &mut errors,
                nfa_error(&grammar, parser.rule, &nfa::NfaError::Recursive).with_note(format!(
                    "parser `{}` captures over this rule, and captures need regular rules (no rule that \
                     reaches itself); expected an override file (`--override`) that narrows the recursive \
                     rules the parser uses",
                    parser.name
                )),
            ),
            Err(e) => push_unique(&mut errors, nfa_error(&grammar, parser.rule, &e)),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics(errors));
    }
    let classes = classes::ByteClasses::from_nfas(&nfas);
    let names: Vec<String> = spec.parsers.iter().map(|p| p.name.clone()).collect();
    let preference = crate::capture::prefer::Preference::of(&spec, &nfas);
    let (tdfa, ambiguities) = tdfa::build_preferring(
        &nfas,
        &classes,
        spec.slot_count(),
        options.dfa_limit,
        &options.progress,
        &names,
        preference.as_ref(),
    )
    .map_err(|e| Diagnostics(vec![crate::capture::budget::diagnostic(&e, &spec, captures_name, captures)]))?;
    let tdfa = allocate_registers(tdfa);
    options.progress.report(progress::Progress {
        stage: progress::Stage::Registers,
        what: "",
        states: tdfa.len(),
        done: true,
    });
    let errors = crate::capture::check::Checked {
        spec: &spec,
        grammar: &grammar,
        encoding: options.encoding,
        file: captures_name,
        nfas: &nfas,
        tdfa: &tdfa,
        ambiguities: &ambiguities,
    }
    .errors();
    let (lists, list_errors) =
        crate::capture::split::build_lists(&spec, &nfas, options.dfa_limit, captures_name);
    let mut errors = errors;
    for e in list_errors {
        push_unique(&mut errors, e);
    }
    errors.sort_by_key(|d| d.pos);
    if !errors.is_empty() {
        return Err(Diagnostics(errors));
    }
    Ok(CompiledParsers { grammar, spec, tdfa, lists, warnings, training: None })
}

/// The passes after tagged determinization: minimize, drop operations that clear an unset
/// register, allocate registers, minimize again, set the start states' first positions once
/// before the walk, record positions one byte early where every way out would, and merge equal
/// class columns.
pub(crate) fn allocate_registers(tdfa: Tdfa) -> Tdfa {
    let tdfa = regalloc::allocate(regalloc::drop_redundant_clears(tdfa.minimize()));
    let tdfa = regalloc::start_ops_to_prologue(tdfa.minimize());
    regalloc::commit_early(tdfa).compact_classes()
}

/// The acceleration plan of the parsers' tagged DFA: states that loop, with no register
/// operation, on a set of bytes; trained on the training inputs, from the parser of their rule.
pub(crate) fn plan_parser(compiled: &CompiledParsers) -> Accel {
    let t = &compiled.tdfa;
    let accel = Accel::plan(t.len(), |s| t.self_loop_bytes(s)).with_escape(|s, b| t.plain_step(s, b));
    let Some(training) = &compiled.training else { return accel };
    let Some(parser) = compiled.parser_of(training.rule) else {
        return accel;
    };
    accel.trained(training.walks(|input, visit| t.trace(parser, input, visit)))
}

/// The compact layout of the parsers' matches: which capture slots a match stores, a proved
/// decision list for every other one, and each accepting state's exit.
pub(crate) fn plan_layout(compiled: &CompiledParsers) -> crate::capture::layout::Layout {
    crate::capture::layout::derive(&compiled.tdfa, &compiled.spec)
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
    let kinds = syntax::kind::classify(&grammar);
    let regular: Vec<RuleId> = grammar.ids().filter(|id| kinds[id.index()].is_regular()).collect();
    let fail = |errors: Vec<Diagnostic>| Diagnostics(warnings.iter().cloned().chain(errors).collect());
    let dfa = build_dfa(&grammar, &regular, options).map_err(fail)?;
    let mut dfa_rule = vec![None; grammar.rules.len()];
    for (i, id) in regular.iter().enumerate() {
        dfa_rule[id.index()] = Some(i);
    }
    let rtn = rtn::network::build(&grammar, &kinds, options.encoding, options.nfa_limit, options.dfa_limit)
        .map_err(|e| fail(vec![rtn_error(&grammar, &e)]))?;
    Ok(Program { grammar, encoding: options.encoding, kinds, dfa, dfa_rule, rtn, warnings })
}
