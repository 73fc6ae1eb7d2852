//! The grammar IR: rules resolved across files, with RFC 5234 semantics made explicit.
//!
//! Case-insensitive strings are already sets of bytes per character, options are repetitions
//! `0*1`, groups are gone, incremental alternatives are merged and references point at rule ids.

use std::collections::{BTreeMap, BTreeSet};

use crate::{Pos, SourceFile};

/// The index of a rule in [`Grammar::rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId(pub u32);

impl RuleId {
    /// The index as `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A grammar expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// Matches the empty string only (`0<prose>`, `0x`, an empty concatenation).
    Empty,
    /// One terminal from a set of inclusive value ranges, sorted and non-overlapping. Values are
    /// code points (compiled to UTF-8) or octets, as [`crate::Encoding`] says.
    Class(Vec<(u32, u32)>),
    /// The parts in sequence.
    Concat(Vec<Expr>),
    /// Any one of the alternatives (a union: ABNF alternation is not ordered choice). The order
    /// is the source order, which capture disambiguation uses as priority.
    Alt(Vec<Expr>),
    /// `min` to `max` (unbounded when `None`) repetitions of `body`.
    Repeat {
        /// Fewest repetitions.
        min: u32,
        /// Most repetitions, if bounded.
        max: Option<u32>,
        /// The repeated expression.
        body: Box<Expr>,
    },
    /// Another rule.
    Ref(RuleId),
}

impl Expr {
    /// A class holding exactly one value.
    pub fn value(v: u32) -> Expr {
        Expr::Class(vec![(v, v)])
    }

    /// Calls `f` on every rule this expression refers to, in source order.
    pub fn for_each_ref(&self, f: &mut impl FnMut(RuleId)) {
        match self {
            Expr::Empty | Expr::Class(_) => {}
            Expr::Concat(parts) | Expr::Alt(parts) => parts.iter().for_each(|p| p.for_each_ref(f)),
            Expr::Repeat { body, .. } => body.for_each_ref(f),
            Expr::Ref(id) => f(*id),
        }
    }
}

/// One rule of the grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDef {
    /// The name as spelled at its definition.
    pub name: String,
    /// The index of the file that defines it, in [`Grammar::files`].
    pub file: usize,
    /// Where the definition starts.
    pub pos: Pos,
    /// What it matches, incremental alternatives included.
    pub expr: Expr,
    /// The definition as written (dedented, comments kept), `=/` extensions appended.
    pub source: String,
}

/// A resolved grammar: every reference points at a defined rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grammar {
    /// The files the rules came from, in load order.
    pub files: Vec<SourceFile>,
    /// The rules, in file order then definition order. Library rules that nothing refers to are dropped.
    pub rules: Vec<RuleDef>,
    /// The declared overrides, in name order (see [`Override`]).
    pub overrides: Vec<Override>,
    index: BTreeMap<String, RuleId>,
}

/// A declared override: a definition that replaces the rule of its name in every other file,
/// libraries included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    /// The name, as the override spells it.
    pub name: String,
    /// The file of the overriding definition.
    pub file: usize,
    /// Where the overriding definition is.
    pub pos: Pos,
    /// The rule that the name now means, when the grammar holds it.
    pub rule: Option<RuleId>,
    /// The definitions it replaces: file index and position.
    pub replaced: Vec<(usize, Pos)>,
    /// Rules of other files that refer to it directly.
    pub users: Vec<RuleId>,
    /// Rules of other files whose meaning it changes: every one that reaches it.
    pub affected: Vec<RuleId>,
    /// For an override that is a prose value naming a rule of another document (RFC 3261's
    /// `telephone-subscriber` bound to RFC 3966's): that rule's file index and position.
    pub means: Option<(usize, Pos)>,
}

impl Grammar {
    /// Builds a grammar from resolved rules.
    pub fn new(files: Vec<SourceFile>, rules: Vec<RuleDef>) -> Grammar {
        let index =
            rules.iter().enumerate().map(|(i, r)| (r.name.to_ascii_lowercase(), RuleId(i as u32))).collect();
        Grammar { files, rules, overrides: Vec::new(), index }
    }

    /// Looks a rule up by name; ABNF rule names are case-insensitive.
    pub fn lookup(&self, name: &str) -> Option<RuleId> {
        self.index.get(&name.to_ascii_lowercase()).copied()
    }

    /// The rule with this id.
    pub fn rule(&self, id: RuleId) -> &RuleDef {
        &self.rules[id.index()]
    }

    /// All rule ids, in order.
    pub fn ids(&self) -> impl Iterator<Item = RuleId> + '_ {
        (0..self.rules.len() as u32).map(RuleId)
    }

    /// The rules `id` refers to directly.
    pub fn refs(&self, id: RuleId) -> BTreeSet<RuleId> {
        let mut out = BTreeSet::new();
        self.rule(id).expr.for_each_ref(&mut |r| {
            out.insert(r);
        });
        out
    }

    /// The strongly connected components of the reference graph that are cycles (a rule that refers
    /// to itself, or several rules that refer to each other), each sorted by rule id, in order of
    /// their smallest member.
    pub fn cycles(&self) -> Vec<Vec<RuleId>> {
        let edges: Vec<BTreeSet<RuleId>> = self.ids().map(|id| self.refs(id)).collect();
        let mut cycles: Vec<Vec<RuleId>> = tarjan(&edges)
            .into_iter()
            .filter(|scc| scc.len() > 1 || edges[scc[0].index()].contains(&scc[0]))
            .map(|mut scc| {
                scc.sort();
                scc
            })
            .collect();
        cycles.sort();
        cycles
    }

    /// Whether `id` can reach itself through references.
    pub fn is_recursive(&self, id: RuleId) -> bool {
        self.cycles().iter().any(|c| c.contains(&id))
    }
}

/// Tarjan's strongly connected components, iterative so that deep grammars cannot overflow the stack.
pub(crate) fn tarjan(edges: &[BTreeSet<RuleId>]) -> Vec<Vec<RuleId>> {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut counter = 0;
    let succ: Vec<Vec<usize>> = edges.iter().map(|e| e.iter().map(|r| r.index()).collect()).collect();
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && index[v] == UNSEEN {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(*next) {
                *next += 1;
                if index[w] == UNSEEN {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut scc = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    scc.push(RuleId(w as u32));
                    if w == v {
                        break;
                    }
                }
                out.push(scc);
            }
        }
    }
    out
}
