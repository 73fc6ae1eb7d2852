//! Pass failures in words a grammar's author knows: each names the rule, its file and position,
//! and what limit or value stopped the pass.

use crate::automata::nfa;
use crate::{rtn, syntax::lower, Diagnostic, DiagnosticKind, Grammar, RuleId};

/// The recursion errors of `grammar` for passes that need finite automata: one per cycle of rules.
pub(super) fn recursion_errors(grammar: &Grammar) -> Vec<Diagnostic> {
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

pub(super) fn rtn_error(grammar: &Grammar, error: &rtn::RtnError) -> Diagnostic {
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

pub(super) fn nfa_error(grammar: &Grammar, id: RuleId, error: &nfa::NfaError) -> Diagnostic {
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
pub(super) fn push_unique(errors: &mut Vec<Diagnostic>, d: Diagnostic) {
    if !errors.iter().any(|e| e.file == d.file && e.pos == d.pos && e.message == d.message) {
        errors.push(d);
    }
}
