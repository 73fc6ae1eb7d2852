//! What `uri-gen check` says about a grammar besides its diagnostics: which rules are regular,
//! which recursive, and which regular rules place the boundaries of their sub-rules ambiguously.
//!
//! The kinds are a property of the grammar ([`crate::syntax::kind`]); which regular rules are
//! ambiguous for captures is found by [`crate::tools::ambiguity`].

use std::fmt::Write as _;

use crate::syntax::ir::{Grammar, RuleId};
use crate::syntax::kind::RuleKind;
use crate::tools::ambiguity::{capture_ambiguity, CaptureAmbiguity, SearchTooLarge};
use crate::Program;

/// The facts `uri-gen check` prints about a grammar that has no error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The kind of every rule, by rule index.
    pub kinds: Vec<RuleKind>,
    /// The regular rules whose direct sub-rules are ambiguous for captures, in rule order.
    pub ambiguous: Vec<CaptureAmbiguity>,
    /// Regular rules too large to analyse for ambiguity within the state limit.
    pub unanalysed: Vec<RuleId>,
    /// Whether capture ambiguity was analysed at all.
    pub analysed: bool,
}

impl Summary {
    /// Classifies the rules of `program` and analyses the regular ones for capture ambiguity.
    pub fn new(program: &Program) -> Summary {
        let mut ambiguous = Vec::new();
        let mut unanalysed = Vec::new();
        for id in program.grammar.ids().filter(|&id| program.is_regular(id)) {
            match capture_ambiguity(program, id) {
                Ok(Some(found)) => ambiguous.push(found),
                Ok(None) => {}
                Err(SearchTooLarge) => unanalysed.push(id),
            }
        }
        Summary { kinds: program.kinds.clone(), ambiguous, unanalysed, analysed: true }
    }

    /// The rule kinds only, without the capture ambiguity analysis.
    pub fn kinds_only(program: &Program) -> Summary {
        Summary {
            kinds: program.kinds.clone(),
            ambiguous: Vec::new(),
            unanalysed: Vec::new(),
            analysed: false,
        }
    }

    /// The rules of a kind, in rule order.
    pub fn of_kind(&self, kind: RuleKind) -> Vec<RuleId> {
        (0..self.kinds.len() as u32).map(RuleId).filter(|id| self.kinds[id.index()] == kind).collect()
    }

    /// The summary as `uri-gen check` prints it.
    pub fn render(&self, grammar: &Grammar) -> String {
        let names = |ids: &[RuleId]| -> String {
            ids.iter().map(|&id| grammar.rule(id).name.as_str()).collect::<Vec<_>>().join(", ")
        };
        let regular = self.of_kind(RuleKind::Regular);
        let recursive = self.of_kind(RuleKind::Recursive);
        let uses = self.of_kind(RuleKind::UsesRecursion);
        let mut out = format!(
            "{} rules: {} regular, {} recursive, {} using recursive rules\n",
            self.kinds.len(),
            regular.len(),
            recursive.len(),
            uses.len()
        );
        if !recursive.is_empty() {
            let _ = writeln!(out, "recursive: {}", names(&recursive));
        }
        if !uses.is_empty() {
            let _ = writeln!(out, "using recursive rules: {}", names(&uses));
        }
        if !recursive.is_empty() || !uses.is_empty() {
            // Captures are compiled to a tagged DFA: only regular rules can have them.
            out.push_str("captures: regular rules only\n");
        }
        if !self.analysed {
            out.push_str("ambiguous for captures: not analysed\n");
        } else if self.ambiguous.is_empty() {
            out.push_str("ambiguous for captures: none\n");
        } else {
            out.push_str("ambiguous for captures (an input two ways split, and the sub-rules they place differently):\n");
            for a in &self.ambiguous {
                let _ = writeln!(
                    out,
                    "  {}: \"{}\" ({})",
                    grammar.rule(a.rule).name,
                    crate::tools::escape::escape(&a.witness).replace('"', "\\\""),
                    names(&a.subrules)
                );
            }
        }
        if !self.unanalysed.is_empty() {
            let _ = writeln!(out, "too large to analyse for captures: {}", names(&self.unanalysed));
        }
        out
    }
}
