//! How each rule of a grammar can be compiled, a property of its references alone.
//!
//! A rule is *regular* when no chain of references from it comes back to a rule already on the
//! chain: it compiles to a DFA by inlining. A rule is *recursive* when it is on a cycle of
//! references, and *uses recursion* when it is not but refers (directly or not) to a rule that is.
//! The last two compile to machines of the recursive transition network ([`crate::rtn::network`]).

use std::collections::BTreeSet;

use crate::syntax::ir::{Grammar, RuleId};

/// How a rule can be compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleKind {
    /// No reference chain from the rule is cyclic: a finite automaton recognizes it.
    Regular,
    /// The rule is on a cycle of references.
    Recursive,
    /// The rule is on no cycle but refers, directly or through other rules, to a recursive one.
    UsesRecursion,
}

impl RuleKind {
    /// Whether the rule compiles to a DFA.
    pub fn is_regular(self) -> bool {
        self == RuleKind::Regular
    }
}

/// The kind of every rule, by rule index.
pub fn classify(grammar: &Grammar) -> Vec<RuleKind> {
    let mut kinds = vec![RuleKind::Regular; grammar.rules.len()];
    for cycle in grammar.cycles() {
        for id in cycle {
            kinds[id.index()] = RuleKind::Recursive;
        }
    }
    // A rule uses recursion when some rule it reaches is recursive: propagate backwards over the
    // references until nothing changes (each pass visits the rules in order; few passes are needed).
    let refs: Vec<BTreeSet<RuleId>> = grammar.ids().map(|id| grammar.refs(id)).collect();
    loop {
        let mut changed = false;
        for id in grammar.ids() {
            if kinds[id.index()] == RuleKind::Regular
                && refs[id.index()].iter().any(|r| kinds[r.index()] != RuleKind::Regular)
            {
                kinds[id.index()] = RuleKind::UsesRecursion;
                changed = true;
            }
        }
        if !changed {
            return kinds;
        }
    }
}
