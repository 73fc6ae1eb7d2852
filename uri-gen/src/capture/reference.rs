//! A reference for capture values, independent of the automata: it walks the parse forest of an
//! input over the grammar's IR and computes each capture's documented value from a derivation.
//!
//! Derivations are enumerated lazily, in the order [`Prefer::Earliest`](crate::capture::spec::Prefer)
//! ranks them: alternatives in source order, a repetition taking one more turn before stopping,
//! and the first derivation that reads the whole input is the one a parser reports. Nullable
//! repetitions (`*phonedigit` inside a repetition, `*( [x] )`) give infinitely many derivations of
//! one input; the forest is folded by refusing a turn of an unbounded repetition that reads
//! nothing, which leaves every distinct reading and finitely many derivations. Each derivation is
//! the list of the occurrences of rules and captured literals it goes through, with their spans;
//! the capture values follow from it as [`crate::capture`] documents (`occurs=first`,
//! `occurs=last`, `occurs=all`, `occurs=span`, an occurrence nested in another item of the same
//! capture not counting). With `prefer=shortest` or `prefer=longest` every derivation is visited
//! and the one whose capture is shortest (longest) is reported, the earliest of equal ones.

use std::rc::Rc;

use crate::capture::spec::{CaptureSpec, Occurs, Prefer, Target};
use crate::syntax::ir::{Expr, Grammar, RuleId};
use crate::Encoding;

/// One occurrence of a rule or of a captured literal in a derivation.
#[derive(Debug, Clone)]
pub struct Occurrence<'g> {
    /// The rule, or `None` for a literal.
    pub rule: Option<RuleId>,
    /// The literal's expression, for a literal.
    pub literal: Option<&'g Expr>,
    /// The rules around it, outermost first.
    pub outer: Rc<Vec<RuleId>>,
    /// Where it starts.
    pub start: usize,
    /// Where it ends (set once its body has matched).
    pub end: usize,
}

/// Why the reference gave no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefError {
    /// The walk took more steps than its budget.
    Budget,
    /// A capture without an occurrence policy occurs more than once in the derivation.
    SetTwice {
        /// The capture's index.
        capture: usize,
    },
}

/// The slot values of one reading: as [`crate::capture::tdfa::Tdfa::run`] gives them.
pub type Slots = Vec<Option<usize>>;

/// The values of one reading: its slots, and the occurrences of each list capture
/// (`occurs=all`), in match order; empty for the other captures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The slot values; a list's slots hold its first start and its last end.
    pub slots: Slots,
    /// For each capture, its occurrences `(start, end)` if it is a list.
    pub lists: Vec<Vec<(usize, usize)>>,
}

/// The reference over one grammar and capture declaration.
pub struct Reference<'g> {
    grammar: &'g Grammar,
    spec: &'g CaptureSpec,
    encoding: Encoding,
    /// Every literal some capture names, in both spellings.
    literals: Vec<&'g Expr>,
    /// The most steps one enumeration may take.
    pub budget: usize,
}

struct Walk<'g, 'i> {
    input: &'i [u8],
    occ: Vec<Occurrence<'g>>,
    steps: usize,
    over: bool,
}

type Next<'a, 'g, 'i> = &'a mut dyn FnMut(usize, &mut Walk<'g, 'i>) -> bool;

impl<'g> Reference<'g> {
    /// A reference for `spec` over `grammar`, whose terminal values are read as `encoding` says.
    pub fn new(grammar: &'g Grammar, spec: &'g CaptureSpec, encoding: Encoding) -> Self {
        let literals = spec
            .captures
            .iter()
            .flat_map(|c| &c.items)
            .flat_map(|i| match &i.target {
                Target::Literal(forms) => forms.iter().collect(),
                Target::Rule(_) => Vec::new(),
            })
            .collect();
        Reference { grammar, spec, encoding, literals, budget: 1 << 22 }
    }

    /// Calls `visit` with the occurrences of each derivation of `input` from `rule`, in rank
    /// order, until it returns true; whether it did. `Err(Budget)` when the walk ran too long.
    pub fn derivations(
        &self,
        rule: RuleId,
        input: &[u8],
        mut visit: impl FnMut(&[Occurrence<'g>]) -> bool,
    ) -> Result<bool, RefError> {
        let mut walk = Walk { input, occ: Vec::new(), steps: 0, over: false };
        let outer = Rc::new(Vec::new());
        let found =
            self.reference(rule, 0, &outer, &mut walk, &mut |end, w| end == w.input.len() && visit(&w.occ));
        if walk.over {
            return Err(RefError::Budget);
        }
        Ok(found)
    }

    /// The slot values the documented derivation gives, `Ok(None)` when `input` does not match.
    pub fn run(&self, rule: RuleId, input: &[u8]) -> Result<Option<Slots>, RefError> {
        Ok(self.reading(rule, input)?.map(|r| r.slots))
    }

    /// The values of the documented derivation of `input`, `Ok(None)` when it does not match:
    /// the first in rank order, or with a `prefer=shortest` (`prefer=longest`) capture the first
    /// of those that give it the shortest (longest) span.
    pub fn reading(&self, rule: RuleId, input: &[u8]) -> Result<Option<Reading>, RefError> {
        let by_length = self.spec.captures.iter().enumerate().find_map(|(i, c)| match c.options.prefer {
            Prefer::Shortest => Some((i, false)),
            Prefer::Longest => Some((i, true)),
            Prefer::Unambiguous | Prefer::Earliest => None,
        });
        let mut best: Option<(Option<usize>, Result<Reading, RefError>)> = None;
        self.derivations(rule, input, |occ| {
            let reading = self.values(rule, occ).map(|slots| Reading { lists: self.lists(occ), slots });
            let Some((i, longest)) = by_length else {
                best = Some((None, reading));
                return true;
            };
            let length = reading.as_ref().ok().and_then(|r| Some(r.slots[2 * i + 1]? - r.slots[2 * i]?));
            let better = match (&best, length) {
                (None, _) => true,
                (Some((Some(old), _)), Some(new)) => (new > *old) == longest && new != *old,
                (Some((None, _)), Some(_)) => true,
                (Some(_), None) => false,
            };
            if better {
                best = Some((length, reading));
            }
            false
        })?;
        best.map(|(_, r)| r).transpose()
    }

    /// The occurrences of each list capture in a derivation with occurrences `occ`.
    pub fn lists(&self, occ: &[Occurrence<'g>]) -> Vec<Vec<(usize, usize)>> {
        self.spec
            .captures
            .iter()
            .map(|c| match c.options.occurs {
                Occurs::All => occ
                    .iter()
                    .filter(|o| c.records(o.rule, o.literal, &o.outer))
                    .map(|o| (o.start, o.end))
                    .collect(),
                _ => Vec::new(),
            })
            .collect()
    }

    /// Up to `most` different readings of `input` in rank order, as slot values restricted to
    /// `slots` (the others `None`), and for each a derivation's occurrences.
    pub fn readings(
        &self,
        rule: RuleId,
        input: &[u8],
        slots: &[u32],
        most: usize,
    ) -> Result<Vec<Slots>, RefError> {
        let mut out: Vec<Slots> = Vec::new();
        self.derivations(rule, input, |occ| {
            if let Ok(values) = self.values(rule, occ) {
                let kept: Slots = values
                    .iter()
                    .enumerate()
                    .map(|(s, v)| if slots.contains(&(s as u32)) { *v } else { None })
                    .collect();
                if !out.contains(&kept) {
                    out.push(kept);
                }
            }
            out.len() >= most
        })?;
        Ok(out)
    }

    /// The slot values of a derivation from `rule` with occurrences `occ`: the captures that a
    /// parser of `rule` records (see `in=`).
    pub fn values(&self, rule: RuleId, occ: &[Occurrence<'g>]) -> Result<Slots, RefError> {
        let mut slots = vec![None; self.spec.slot_count()];
        for (i, c) in self.spec.captures.iter().enumerate() {
            if !self.spec.recorded_by(i, rule) {
                continue;
            }
            let found: Vec<&Occurrence> =
                occ.iter().filter(|o| c.records(o.rule, o.literal, &o.outer)).collect();
            let (first, last) = match (c.options.occurs, found.len()) {
                (_, 0) => continue,
                (Occurs::Once, 2..) => return Err(RefError::SetTwice { capture: i }),
                (Occurs::First, _) => (found[0], found[0]),
                (Occurs::All | Occurs::Span, n) => (found[0], found[n - 1]),
                (Occurs::Once | Occurs::Last, n) => (found[n - 1], found[n - 1]),
            };
            slots[2 * i] = Some(first.start);
            slots[2 * i + 1] = Some(last.end);
        }
        for (k, kind) in self.spec.kinds.iter().enumerate() {
            let base = self.spec.kind_base(k);
            for o in occ {
                let nested = o.outer.iter().any(|r| kind.variants.iter().any(|(v, _)| v == r));
                let variant = kind.variants.iter().position(|(v, _)| Some(*v) == o.rule);
                if let (Some(v), false) = (variant, nested) {
                    slots[base + v] = Some(o.start);
                }
            }
        }
        Ok(slots)
    }

    fn step(&self, walk: &mut Walk) -> bool {
        walk.steps += 1;
        if walk.steps > self.budget {
            walk.over = true;
        }
        !walk.over
    }

    fn expr<'i>(
        &self,
        e: &'g Expr,
        pos: usize,
        outer: &Rc<Vec<RuleId>>,
        walk: &mut Walk<'g, 'i>,
        k: Next<'_, 'g, 'i>,
    ) -> bool {
        if !self.step(walk) {
            return false;
        }
        if !self.literals.contains(&e) {
            return self.bare(e, pos, outer, walk, k);
        }
        let at = walk.occ.len();
        walk.occ.push(Occurrence {
            rule: None,
            literal: Some(e),
            outer: outer.clone(),
            start: pos,
            end: pos,
        });
        let found = self.bare(e, pos, outer, walk, &mut |end, w| {
            w.occ[at].end = end;
            k(end, w)
        });
        if !found {
            walk.occ.truncate(at);
        }
        found
    }

    fn bare<'i>(
        &self,
        e: &'g Expr,
        pos: usize,
        outer: &Rc<Vec<RuleId>>,
        walk: &mut Walk<'g, 'i>,
        k: Next<'_, 'g, 'i>,
    ) -> bool {
        match e {
            Expr::Empty => k(pos, walk),
            Expr::Class(ranges) => match self.terminal(walk.input, pos) {
                Some((value, len)) if ranges.iter().any(|&(lo, hi)| lo <= value && value <= hi) => {
                    k(pos + len, walk)
                }
                _ => false,
            },
            Expr::Concat(parts) => self.concat(parts, pos, outer, walk, k),
            Expr::Alt(alts) => alts.iter().any(|a| !walk.over && self.expr(a, pos, outer, walk, k)),
            Expr::Repeat { min, max, body } => self.repeat(body, *min, *max, pos, outer, walk, k),
            Expr::Ref(rule) => self.reference(*rule, pos, outer, walk, k),
        }
    }

    fn reference<'i>(
        &self,
        rule: RuleId,
        pos: usize,
        outer: &Rc<Vec<RuleId>>,
        walk: &mut Walk<'g, 'i>,
        k: Next<'_, 'g, 'i>,
    ) -> bool {
        let at = walk.occ.len();
        walk.occ.push(Occurrence {
            rule: Some(rule),
            literal: None,
            outer: outer.clone(),
            start: pos,
            end: pos,
        });
        let mut inner = outer.as_ref().clone();
        inner.push(rule);
        let inner = Rc::new(inner);
        let found = self.expr(&self.grammar.rule(rule).expr, pos, &inner, walk, &mut |end, w| {
            w.occ[at].end = end;
            k(end, w)
        });
        if !found {
            walk.occ.truncate(at);
        }
        found
    }

    fn concat<'i>(
        &self,
        parts: &'g [Expr],
        pos: usize,
        outer: &Rc<Vec<RuleId>>,
        walk: &mut Walk<'g, 'i>,
        k: Next<'_, 'g, 'i>,
    ) -> bool {
        match parts.split_first() {
            None => k(pos, walk),
            Some((first, rest)) => {
                self.expr(first, pos, outer, walk, &mut |p, w| self.concat(rest, p, outer, w, k))
            }
        }
    }

    /// `min` turns, then up to `max - min` optional ones (any number without `max`), each taken
    /// before stopping is tried; an optional turn of an unbounded repetition must read something.
    #[allow(clippy::too_many_arguments)]
    fn repeat<'i>(
        &self,
        body: &'g Expr,
        min: u32,
        max: Option<u32>,
        pos: usize,
        outer: &Rc<Vec<RuleId>>,
        walk: &mut Walk<'g, 'i>,
        k: Next<'_, 'g, 'i>,
    ) -> bool {
        if min > 0 {
            let max = max.map(|m| m - 1);
            return self
                .expr(body, pos, outer, walk, &mut |p, w| self.repeat(body, min - 1, max, p, outer, w, k));
        }
        match max {
            Some(0) => k(pos, walk),
            Some(m) => {
                self.expr(body, pos, outer, walk, &mut |p, w| {
                    self.repeat(body, 0, Some(m - 1), p, outer, w, k)
                }) || (!walk.over && k(pos, walk))
            }
            None => {
                self.expr(body, pos, outer, walk, &mut |p, w| {
                    p > pos && self.repeat(body, 0, None, p, outer, w, k)
                }) || (!walk.over && k(pos, walk))
            }
        }
    }

    /// The terminal value at `pos` and its length in bytes: a byte, or a UTF-8 encoded code point.
    fn terminal(&self, input: &[u8], pos: usize) -> Option<(u32, usize)> {
        let first = *input.get(pos)?;
        match self.encoding {
            Encoding::Octets => Some((u32::from(first), 1)),
            Encoding::Utf8 => {
                let len = match first {
                    0x00..=0x7F => 1,
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF7 => 4,
                    _ => return None,
                };
                let bytes = input.get(pos..pos + len)?;
                let c = std::str::from_utf8(bytes).ok()?.chars().next()?;
                Some((u32::from(c), len))
            }
        }
    }
}
