//! The recursive-grammar engine (`uri_gen::compile_program`: per-rule DFAs, a recursive
//! transition network and the Earley engine) on arbitrary grammar text: it never panics and
//! either reports an error or builds a program that accepts sampled members of every rule,
//! accepts whatever the reference interpreter accepts, agrees with it exactly when no rule is
//! recursive, and explains each mismatch with an index and an expected set that hold.

use uri_gen::rtn::program::DEFAULT_DEPTH_LIMIT;
use uri_gen::tools::Interpreter;
use uri_gen::tools::Sampler;
use uri_gen::{compile_program, Encoding, Program, RuleId, SourceFile};

use super::grammar::{check_diagnostics, check_warnings, options, FILE};
use super::{in_set, seed_of, CORE_ABNF};

/// Samples longer than this are not run through the interpreter and the engine's error path.
const INTERPRETER_MAX_LEN: usize = 128;

/// Checks one input: the first byte picks the encoding (odd: octets), the rest is the grammar.
pub fn check(data: &[u8]) {
    let Some((&flags, text)) = data.split_first() else { return };
    let encoding = if flags & 1 == 1 { Encoding::Octets } else { Encoding::Utf8 };
    let text = String::from_utf8_lossy(text);
    let files = [SourceFile::new(FILE, text.as_ref()), SourceFile::library("rfc5234-core.abnf", CORE_ABNF)];
    match compile_program(&files, &options(encoding)) {
        Ok(program) => {
            check_warnings(&program.warnings, &text);
            check_program(&program, encoding, seed_of(data));
        }
        Err(diagnostics) => check_diagnostics(&diagnostics, &text),
    }
}

fn check_program(program: &Program, encoding: Encoding, seed: u64) {
    let grammar = &program.grammar;
    // Without recursion the interpreter is exact; with it, a left-recursive reference is cut
    // short, so the interpreter only ever finds a subset of the matches.
    let exact = grammar.cycles().is_empty();
    assert_eq!(program.all_regular(), exact, "only recursion makes a rule non-regular");
    let mut sampler = Sampler::new(grammar, encoding, seed).with_limits(6, 48);
    let ids: Vec<RuleId> = grammar.ids().filter(|&id| grammar.rule(id).file == 0).take(12).collect();
    for id in ids {
        let name = &grammar.rule(id).name;
        for _ in 0..2 {
            let Some(member) = sampler.try_sample(id) else { break };
            match program.recognize(id, &member, DEFAULT_DEPTH_LIMIT) {
                Ok(()) => assert_eq!(program.longest_match(id, &member), Some(member.len()), "rule {name}"),
                Err(m) => assert!(m.too_deep.is_some(), "rule {name} rejects its sample {member:?}: {m:?}"),
            }
            let near = sampler.mutate(&member);
            if near.len() > INTERPRETER_MAX_LEN {
                continue;
            }
            let result = program.recognize(id, &near, DEFAULT_DEPTH_LIMIT);
            if let Err(m) = &result {
                if m.too_deep.is_some() {
                    continue;
                }
                assert!(m.index <= near.len());
                assert!(!program.matches(id, &near));
                match near.get(m.index) {
                    Some(&b) => {
                        assert!(!m.expects(b), "rule {name}: {near:?} expected {b:#x} at {}", m.index)
                    }
                    None => assert!(!m.end_allowed, "rule {name}: {near:?} could end"),
                }
                // Every expected byte does continue the prefix past the mismatch.
                if let Some(b) = (0..=255u8).find(|&b| in_set(m.expected, b)) {
                    let longer = [&near[..m.index], &[b]].concat();
                    if let Err(n) = program.recognize(id, &longer, DEFAULT_DEPTH_LIMIT) {
                        assert!(n.index > m.index || n.too_deep.is_some(), "rule {name}: {longer:?}");
                    }
                }
            } else {
                assert!(program.matches(id, &near));
            }
            let interpreted = Interpreter::new(grammar, encoding, &near).matches(id);
            if interpreted || exact {
                assert_eq!(result.is_ok(), interpreted, "rule {name} on {near:?} (interpreter)");
            }
        }
    }
}
