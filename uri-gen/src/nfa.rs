//! Thompson construction: a grammar rule to a byte-level NFA, references inlined.
//!
//! One compile function per IR construct (`c_concat`, `c_alt`, `c_repeat`, `c_class`), each
//! returning the entry and exit of its fragment. Split targets keep source order, so the NFA also
//! records the ABNF priority of alternatives, which the capture pass uses for disambiguation.

use regex_syntax::utf8::Utf8Sequences;

use crate::ir::{Expr, Grammar, RuleId};
use crate::Encoding;

/// An NFA state index.
pub type StateId = u32;

/// An NFA state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// Consume one byte in `lo..=hi`, then go to `next`.
    Range {
        /// Lowest byte accepted.
        lo: u8,
        /// Highest byte accepted.
        hi: u8,
        /// The state after the byte.
        next: StateId,
    },
    /// Epsilon transitions, highest priority first.
    Split(Vec<StateId>),
    /// An epsilon transition that records the current input position in capture slot `slot`.
    Tag {
        /// The capture slot.
        slot: u32,
        /// The state after recording.
        next: StateId,
    },
    /// The rule has matched.
    Match,
}

/// A Thompson NFA for one rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nfa {
    /// The states; `start` is where matching begins.
    pub states: Vec<State>,
    /// The initial state.
    pub start: StateId,
}

/// Why a rule could not be compiled to an NFA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NfaError {
    /// More states than the limit.
    TooLarge {
        /// The limit in states.
        limit: usize,
    },
    /// A terminal value the encoding cannot express.
    InvalidValue {
        /// The offending value.
        value: u32,
    },
    /// The rule is recursive and cannot be inlined.
    Recursive,
}

/// Decides which capture slots are recorded around an inlined rule.
pub trait TagRules {
    /// The slots to record when `rule` starts and when it ends. `outer` lists the rules being
    /// inlined around it, outermost first.
    fn tags(&self, rule: RuleId, outer: &[RuleId]) -> (Vec<u32>, Vec<u32>);
}

/// No captures.
pub struct NoTags;

impl TagRules for NoTags {
    fn tags(&self, _: RuleId, _: &[RuleId]) -> (Vec<u32>, Vec<u32>) {
        (Vec::new(), Vec::new())
    }
}

/// Compiles `rule` to an NFA, inlining every referenced rule.
pub fn compile(grammar: &Grammar, rule: RuleId, encoding: Encoding, limit: usize) -> Result<Nfa, NfaError> {
    compile_tagged(grammar, rule, encoding, limit, &NoTags)
}

/// Compiles `rule` to an NFA with tag states around the rules `tags` names.
pub fn compile_tagged(
    grammar: &Grammar,
    rule: RuleId,
    encoding: Encoding,
    limit: usize,
    tags: &dyn TagRules,
) -> Result<Nfa, NfaError> {
    let mut c = Compiler { grammar, encoding, limit, tags, states: Vec::new(), active: Vec::new() };
    let (start, end) = c.c_rule(rule)?;
    let accept = c.add(State::Match)?;
    c.patch(end, accept);
    Ok(Nfa { states: c.states, start })
}

struct Compiler<'a> {
    grammar: &'a Grammar,
    encoding: Encoding,
    limit: usize,
    tags: &'a dyn TagRules,
    states: Vec<State>,
    /// Rules being inlined, to refuse recursion instead of looping.
    active: Vec<RuleId>,
}

/// A fragment: its entry, and its exit (an empty `Split` waiting to be patched).
type Frag = (StateId, StateId);

impl Compiler<'_> {
    fn add(&mut self, state: State) -> Result<StateId, NfaError> {
        if self.states.len() >= self.limit {
            return Err(NfaError::TooLarge { limit: self.limit });
        }
        self.states.push(state);
        Ok((self.states.len() - 1) as StateId)
    }

    fn hole(&mut self) -> Result<StateId, NfaError> {
        self.add(State::Split(Vec::new()))
    }

    /// Points the exit `from` (an empty split) at `to`.
    fn patch(&mut self, from: StateId, to: StateId) {
        if let State::Split(targets) = &mut self.states[from as usize] {
            targets.push(to);
        }
    }

    fn c_rule(&mut self, rule: RuleId) -> Result<Frag, NfaError> {
        if self.active.contains(&rule) {
            return Err(NfaError::Recursive);
        }
        let (open, close) = self.tags.tags(rule, &self.active);
        self.active.push(rule);
        let grammar = self.grammar;
        let (mut start, mut end) = self.c_expr(&grammar.rule(rule).expr)?;
        self.active.pop();
        for &slot in open.iter().rev() {
            start = self.add(State::Tag { slot, next: start })?;
        }
        for &slot in &close {
            let exit = self.hole()?;
            let tag = self.add(State::Tag { slot, next: exit })?;
            self.patch(end, tag);
            end = exit;
        }
        Ok((start, end))
    }

    fn c_expr(&mut self, expr: &Expr) -> Result<Frag, NfaError> {
        match expr {
            Expr::Empty => {
                let s = self.hole()?;
                Ok((s, s))
            }
            Expr::Class(ranges) => self.c_class(ranges),
            Expr::Concat(parts) => self.c_concat(parts),
            Expr::Alt(alts) => self.c_alt(alts),
            Expr::Repeat { min, max, body } => self.c_repeat(*min, *max, body),
            Expr::Ref(rule) => self.c_rule(*rule),
        }
    }

    fn c_concat(&mut self, parts: &[Expr]) -> Result<Frag, NfaError> {
        let Some((first, rest)) = parts.split_first() else {
            let s = self.hole()?;
            return Ok((s, s));
        };
        let (start, mut end) = self.c_expr(first)?;
        for part in rest {
            let (s, e) = self.c_expr(part)?;
            self.patch(end, s);
            end = e;
        }
        Ok((start, end))
    }

    fn c_alt(&mut self, alts: &[Expr]) -> Result<Frag, NfaError> {
        let frags = alts.iter().map(|a| self.c_expr(a)).collect::<Result<Vec<_>, _>>()?;
        self.join(frags)
    }

    /// A split to every fragment (in order) and a common exit.
    fn join(&mut self, frags: Vec<Frag>) -> Result<Frag, NfaError> {
        if frags.len() == 1 {
            return Ok(frags[0]);
        }
        let end = self.hole()?;
        for &(_, e) in &frags {
            self.patch(e, end);
        }
        let start = self.add(State::Split(frags.iter().map(|f| f.0).collect()))?;
        Ok((start, end))
    }

    fn c_repeat(&mut self, min: u32, max: Option<u32>, body: &Expr) -> Result<Frag, NfaError> {
        let start = self.hole()?;
        let mut end = start;
        for _ in 0..min {
            let (s, e) = self.c_expr(body)?;
            self.patch(end, s);
            end = e;
        }
        match max {
            None => {
                // Greedy star: loop first, exit second.
                let (s, e) = self.c_expr(body)?;
                let exit = self.hole()?;
                let split = self.add(State::Split(vec![s, exit]))?;
                self.patch(end, split);
                self.patch(e, split);
                Ok((start, exit))
            }
            Some(max) => {
                // Nested optionals: (x (x (x)?)?)? with one common exit.
                let exit = self.hole()?;
                for _ in min..max {
                    let (s, e) = self.c_expr(body)?;
                    let split = self.add(State::Split(vec![s, exit]))?;
                    self.patch(end, split);
                    end = e;
                }
                self.patch(end, exit);
                Ok((start, exit))
            }
        }
    }

    fn c_class(&mut self, ranges: &[(u32, u32)]) -> Result<Frag, NfaError> {
        let mut byte_ranges: Vec<Vec<(u8, u8)>> = Vec::new();
        for &(lo, hi) in ranges {
            match self.encoding {
                Encoding::Octets => {
                    let hi8 = u8::try_from(hi).map_err(|_| NfaError::InvalidValue { value: hi })?;
                    byte_ranges.push(vec![(lo as u8, hi8)]);
                }
                Encoding::Utf8 => {
                    if hi > 0x10FFFF {
                        return Err(NfaError::InvalidValue { value: hi });
                    }
                    utf8_byte_ranges(lo, hi, &mut byte_ranges);
                    if lo <= 0xDFFF && hi >= 0xD800 && byte_ranges.is_empty() {
                        return Err(NfaError::InvalidValue { value: lo.max(0xD800) });
                    }
                }
            }
        }
        let end = self.hole()?;
        let mut starts = Vec::new();
        for seq in byte_ranges {
            let mut next = end;
            for &(lo, hi) in seq.iter().rev() {
                next = self.add(State::Range { lo, hi, next })?;
            }
            starts.push(next);
        }
        if starts.len() == 1 {
            return Ok((starts[0], end));
        }
        let start = self.add(State::Split(starts))?;
        Ok((start, end))
    }
}

/// Appends the UTF-8 encodings of the code points `lo..=hi` (at most `%x10FFFF`) as sequences of
/// byte ranges, one sequence per run of equal encoded length; surrogates have no encoding and
/// are left out. Every automaton builder of the crate compiles code-point ranges through this.
pub(crate) fn utf8_byte_ranges(lo: u32, hi: u32, out: &mut Vec<Vec<(u8, u8)>>) {
    for (a, b) in [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)] {
        let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) else { continue };
        if a <= b {
            for seq in Utf8Sequences::new(a, b) {
                out.push(seq.as_slice().iter().map(|r| (r.start, r.end)).collect());
            }
        }
    }
}
