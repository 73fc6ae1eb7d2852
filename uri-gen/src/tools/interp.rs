//! A reference matcher that reads the IR directly, with no automata.
//!
//! It computes, for an expression and a start offset, the set of offsets where a match can end,
//! memoizing rule references per offset; left recursion is grown to a fixpoint. It shares nothing
//! with the NFA/DFA passes or the Earley engine (it decodes UTF-8 itself), so the differential
//! tests can hold the tables against it. Its cost is polynomial, fine for test inputs, not for
//! production, and it recurses along the input's nesting.

use std::collections::{BTreeSet, HashMap};

use crate::syntax::ir::{Expr, Grammar, RuleId};
use crate::Encoding;

/// A matcher over one input.
pub struct Interpreter<'g> {
    grammar: &'g Grammar,
    encoding: Encoding,
    input: &'g [u8],
    /// Final end sets.
    memo: HashMap<(RuleId, usize), BTreeSet<usize>>,
    /// The rule references being evaluated, outermost first, with their end sets so far and
    /// whether the current round read that set.
    active: Vec<((RuleId, usize), BTreeSet<usize>, bool)>,
    /// The outermost active entry whose provisional end set the current evaluation has read.
    lowest: usize,
}

impl<'g> Interpreter<'g> {
    /// A matcher for `input`.
    pub fn new(grammar: &'g Grammar, encoding: Encoding, input: &'g [u8]) -> Self {
        Interpreter { grammar, encoding, input, memo: HashMap::new(), active: Vec::new(), lowest: usize::MAX }
    }

    /// Whether the whole input matches `rule`.
    pub fn matches(&mut self, rule: RuleId) -> bool {
        self.rule_ends(rule, 0).contains(&self.input.len())
    }

    /// The longest prefix of the input that matches `rule`.
    pub fn longest_match(&mut self, rule: RuleId) -> Option<usize> {
        self.rule_ends(rule, 0).last().copied()
    }

    /// Every offset where a match of `rule` starting at `at` can end.
    ///
    /// A reference to a rule already being evaluated at the same offset (left recursion) reads the
    /// ends found so far, and the outermost such evaluation repeats until its ends stop growing
    /// (the seed-growing of Warth, Douglass and Millstein, "Packrat parsers can support left
    /// recursion", 2008, with sets of ends instead of one). Ends only grow, so this terminates;
    /// results that read a provisional set are not memoized until their head is final.
    pub fn rule_ends(&mut self, rule: RuleId, at: usize) -> BTreeSet<usize> {
        let key = (rule, at);
        if let Some(ends) = self.memo.get(&key) {
            return ends.clone();
        }
        if let Some(i) = self.active.iter().position(|(k, _, _)| *k == key) {
            self.lowest = self.lowest.min(i);
            self.active[i].2 = true;
            return self.active[i].1.clone();
        }
        let me = self.active.len();
        self.active.push((key, BTreeSet::new(), false));
        let outer = std::mem::replace(&mut self.lowest, usize::MAX);
        let grammar = self.grammar;
        let mut lowest = usize::MAX;
        let ends = loop {
            self.lowest = usize::MAX;
            self.active[me].2 = false;
            let ends = self.ends(&grammar.rule(rule).expr, at);
            lowest = lowest.min(self.lowest);
            let again = self.active[me].2 && ends != self.active[me].1;
            self.active[me].1 = ends.clone();
            if again {
                continue;
            }
            if lowest >= me {
                self.memo.insert(key, ends.clone());
            }
            // Otherwise it read a set of an outer evaluation still in progress: not final.
            break ends;
        };
        self.lowest = if lowest < me { lowest } else { usize::MAX };
        self.active.pop();
        self.lowest = self.lowest.min(outer);
        ends
    }

    fn ends(&mut self, expr: &Expr, at: usize) -> BTreeSet<usize> {
        match expr {
            Expr::Empty => BTreeSet::from([at]),
            Expr::Class(ranges) => match self.terminal(at) {
                Some((value, len)) if ranges.iter().any(|&(lo, hi)| lo <= value && value <= hi) => {
                    BTreeSet::from([at + len])
                }
                _ => BTreeSet::new(),
            },
            Expr::Concat(parts) => {
                let mut current = BTreeSet::from([at]);
                for part in parts {
                    let mut next = BTreeSet::new();
                    for &p in &current {
                        next.extend(self.ends(part, p));
                    }
                    current = next;
                    if current.is_empty() {
                        break;
                    }
                }
                current
            }
            Expr::Alt(alts) => {
                let mut out = BTreeSet::new();
                for alt in alts {
                    out.extend(self.ends(alt, at));
                }
                out
            }
            Expr::Repeat { min, max, body } => {
                let mut out = BTreeSet::new();
                let mut frontier = BTreeSet::from([at]);
                let mut seen = BTreeSet::new();
                let mut count = 0u32;
                loop {
                    if count >= *min {
                        out.extend(frontier.iter().copied());
                    }
                    if max.is_some_and(|m| count >= m) || frontier.is_empty() {
                        break;
                    }
                    // Past the minimum, offsets already expanded add nothing new.
                    if count >= *min {
                        frontier.retain(|p| seen.insert(*p));
                        if frontier.is_empty() {
                            break;
                        }
                    }
                    let mut next = BTreeSet::new();
                    for &p in &frontier {
                        next.extend(self.ends(body, p));
                    }
                    frontier = next;
                    count += 1;
                    if count > *min && frontier.iter().all(|p| seen.contains(p)) {
                        break;
                    }
                }
                out
            }
            Expr::Ref(rule) => self.rule_ends(*rule, at),
        }
    }

    /// The terminal value at `at` and its length in bytes: a byte for octet grammars, a decoded
    /// code point for UTF-8 ones (invalid UTF-8 matches nothing).
    fn terminal(&self, at: usize) -> Option<(u32, usize)> {
        let rest = self.input.get(at..)?;
        let &first = rest.first()?;
        match self.encoding {
            Encoding::Octets => Some((first as u32, 1)),
            Encoding::Utf8 => {
                let len = match first {
                    0x00..=0x7F => 1,
                    0xC2..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF4 => 4,
                    _ => return None,
                };
                let s = std::str::from_utf8(rest.get(..len)?).ok()?;
                s.chars().next().map(|c| (c as u32, len))
            }
        }
    }
}
