//! The generator on arbitrary grammar text (`uri_gen::compile`): it never panics and either
//! reports at least one error, each with a position inside the text, or compiles a DFA that
//! agrees with the reference interpreter on sampled members of every rule and their mutations,
//! and whose automaton with shared bodies (`uri_gen::plan::share`, smallest bodies allowed) agrees with
//! the DFA on them.

use uri_gen::plan::share::share;
use uri_gen::tools::Interpreter;
use uri_gen::tools::Sampler;
use uri_gen::{compile, Compiled, Diagnostics, Encoding, Options, RuleId, SourceFile};

use super::{seed_of, CORE_ABNF};

/// The name the fuzzed grammar text goes by in diagnostics.
pub const FILE: &str = "fuzz.abnf";

/// Small automaton limits, so that an input costs milliseconds; the limits themselves are part
/// of what is checked (exceeding one is a diagnostic, never a panic or an abort).
pub fn options(encoding: Encoding) -> Options {
    Options { encoding, nfa_limit: 1 << 12, dfa_limit: 1 << 9, ..Options::default() }
}

/// Samples longer than this are not run through the interpreter (its cost is polynomial).
const INTERPRETER_MAX_LEN: usize = 160;

/// Checks one input. The first byte picks the encoding of terminal values (odd: octets); the
/// rest, read as UTF-8 with replacement characters, is the grammar, with the core rules of
/// RFC 5234 as a library.
pub fn check(data: &[u8]) {
    let Some((&flags, text)) = data.split_first() else { return };
    let encoding = if flags & 1 == 1 { Encoding::Octets } else { Encoding::Utf8 };
    let text = String::from_utf8_lossy(text);
    let files = [SourceFile::new(FILE, text.as_ref()), SourceFile::library("rfc5234-core.abnf", CORE_ABNF)];
    match compile(&files, &options(encoding)) {
        Ok(compiled) => {
            check_warnings(&compiled.warnings, &text);
            check_compiled(&compiled, encoding, seed_of(data));
        }
        Err(diagnostics) => check_diagnostics(&diagnostics, &text),
    }
}

/// A failed compilation has an error, and every diagnostic points into its file.
pub fn check_diagnostics(diagnostics: &Diagnostics, text: &str) {
    assert!(diagnostics.errors().next().is_some(), "failed without an error: {diagnostics}");
    check_warnings(&diagnostics.0, text);
}

/// Each diagnostic renders, has a message, and its position is inside its file.
pub fn check_warnings(diagnostics: &[uri_gen::Diagnostic], text: &str) {
    for d in diagnostics {
        assert!(!d.message.is_empty(), "{d}");
        let source = if d.file == FILE { text } else { CORE_ABNF };
        let rendered = d.render(Some(source));
        assert!(rendered.contains(&d.message), "{rendered}");
        if d.pos.line > 0 {
            // Line numbers count `\n`-terminated lines; a last line may lack its terminator.
            let lines = source.split('\n').count();
            assert!(d.pos.line as usize <= lines, "{d}: line out of range ({lines} lines)");
        }
    }
}

/// Sampled members match; mutations match exactly when the interpreter says so.
fn check_compiled(compiled: &Compiled, encoding: Encoding, seed: u64) {
    let grammar = &compiled.grammar;
    let mut sampler = Sampler::new(grammar, encoding, seed).with_limits(6, 48);
    let shared = share(&compiled.dfa, 2);
    assert_eq!(shared.len() + shared.removed, compiled.dfa.len());
    let agree = |id: RuleId, input: &[u8]| {
        let i = id.index();
        assert_eq!(
            (shared.matches(i, input), shared.longest_match(i, input)),
            (compiled.dfa.matches(i, input), compiled.dfa.longest_match(i, input)),
            "shared bodies change rule {} on {input:?}",
            grammar.rule(id).name
        );
    };
    let ids: Vec<RuleId> = grammar.ids().filter(|&id| grammar.rule(id).file == 0).take(12).collect();
    for id in ids {
        for _ in 0..2 {
            let Some(member) = sampler.try_sample(id) else { break };
            assert!(
                compiled.matches(id, &member),
                "rule {} rejects its sample {member:?}",
                grammar.rule(id).name
            );
            assert_eq!(compiled.longest_match(id, &member), Some(member.len()));
            agree(id, &member);
            let near = sampler.mutate(&member);
            agree(id, &near);
            if near.len() <= INTERPRETER_MAX_LEN {
                let mut interpreter = Interpreter::new(grammar, encoding, &near);
                let name = &grammar.rule(id).name;
                assert_eq!(compiled.matches(id, &near), interpreter.matches(id), "rule {name} on {near:?}");
                assert_eq!(
                    compiled.longest_match(id, &near),
                    interpreter.longest_match(id),
                    "rule {name} on {near:?}"
                );
            }
        }
    }
}
