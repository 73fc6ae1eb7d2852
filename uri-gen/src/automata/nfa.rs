//! Thompson construction: a grammar rule to a byte-level NFA, references inlined.
//!
//! The construction itself is `Thompson`, one method per IR construct, each returning the
//! entry and exit of its fragment; the RTN machines and the ambiguity search build their own
//! automata with it. Split targets keep source order, so the NFA also records the ABNF priority of
//! alternatives, which the capture pass uses for disambiguation.

use regex_syntax::utf8::Utf8Sequences;

use crate::syntax::ir::{Expr, Grammar, RuleId};
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
        /// Record only if this run has not recorded the slot before (a capture of the first
        /// occurrence); otherwise the tag is passed without recording.
        once: bool,
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

/// A tag to put around a rule or literal: its slot, and whether it records only once per run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    /// The capture slot.
    pub slot: u32,
    /// Whether only the first passage records (see [`State::Tag`]).
    pub once: bool,
}

/// Decides which capture slots are recorded around an inlined rule or a literal.
pub trait TagRules {
    /// The slots to record when `rule` starts and when it ends. `outer` lists the rules being
    /// inlined around it, outermost first.
    fn tags(&self, rule: RuleId, outer: &[RuleId]) -> (Vec<Tag>, Vec<Tag>);

    /// The slots to record around `expr`, a quoted string of the grammar (a class or a
    /// concatenation of classes) inside `outer`.
    fn literal_tags(&self, _expr: &Expr, _outer: &[RuleId]) -> (Vec<Tag>, Vec<Tag>) {
        (Vec::new(), Vec::new())
    }

    /// Whether [`TagRules::literal_tags`] may give any tag (so that other expressions need not
    /// be asked).
    fn has_literals(&self) -> bool {
        false
    }
}

/// No captures.
pub struct NoTags;

impl TagRules for NoTags {
    fn tags(&self, _: RuleId, _: &[RuleId]) -> (Vec<Tag>, Vec<Tag>) {
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
    let (start, end) = c.reference(rule)?;
    let accept = c.add(State::Match)?;
    c.patch(end, accept);
    Ok(Nfa { states: c.states, start })
}

/// A fragment under construction: its entry, and its exit (an empty split waiting to be
/// patched).
pub(crate) type Frag = (StateId, StateId);

/// Thompson's construction, shared by the crate's automaton builders: the rule NFAs here, the
/// machines of a recursive transition network ([`crate::rtn::network`]) and the tagged NFA of the
/// ambiguity search ([`crate::tools::ambiguity`]). A builder supplies its state store and says how it
/// compiles a rule reference and a class of values; concatenation, alternation and repetition are
/// built the same way for all, and split targets keep source order (the ABNF priority of
/// alternatives, which the capture pass uses).
pub(crate) trait Thompson {
    /// Why a construction stops (a state limit, a value the encoding cannot express).
    type Error;

    /// A new empty split: a fragment exit waiting to be patched.
    fn hole(&mut self) -> Result<StateId, Self::Error>;
    /// Points the exit `from` (an empty split made by [`Thompson::hole`]) at `to`.
    fn patch(&mut self, from: StateId, to: StateId);
    /// A state with epsilon transitions to `targets`, highest priority first.
    fn split(&mut self, targets: Vec<StateId>) -> Result<StateId, Self::Error>;
    /// A state that reads one byte in `lo..=hi` and goes on to `next`.
    fn range(&mut self, lo: u8, hi: u8, next: StateId) -> Result<StateId, Self::Error>;
    /// A reference to `rule`.
    fn reference(&mut self, rule: RuleId) -> Result<Frag, Self::Error>;
    /// A class of terminal values (code points or octets, as the builder's encoding says).
    fn class(&mut self, ranges: &[(u32, u32)]) -> Result<Frag, Self::Error>;

    /// Any expression, passed through [`Thompson::wrap`].
    fn expr(&mut self, expr: &Expr) -> Result<Frag, Self::Error> {
        let frag = self.bare(expr)?;
        self.wrap(expr, frag)
    }

    /// What a builder adds around the fragment of `expr` (tags around a captured literal); by
    /// default nothing.
    fn wrap(&mut self, _expr: &Expr, frag: Frag) -> Result<Frag, Self::Error> {
        Ok(frag)
    }

    /// Any expression, without [`Thompson::wrap`].
    fn bare(&mut self, expr: &Expr) -> Result<Frag, Self::Error> {
        match expr {
            Expr::Empty => {
                let s = self.hole()?;
                Ok((s, s))
            }
            Expr::Class(ranges) => self.class(ranges),
            Expr::Concat(parts) => self.concat(parts),
            Expr::Alt(alts) => {
                let frags = alts.iter().map(|a| self.expr(a)).collect::<Result<Vec<_>, _>>()?;
                self.join(frags)
            }
            Expr::Repeat { min, max, body } => self.repeat(*min, *max, body),
            Expr::Ref(rule) => self.reference(*rule),
        }
    }

    /// The parts one after the other.
    fn concat(&mut self, parts: &[Expr]) -> Result<Frag, Self::Error> {
        let start = self.hole()?;
        let mut end = start;
        for part in parts {
            let (s, e) = self.expr(part)?;
            self.patch(end, s);
            end = e;
        }
        Ok((start, end))
    }

    /// A split to every fragment (in order) and a common exit.
    fn join(&mut self, frags: Vec<Frag>) -> Result<Frag, Self::Error> {
        if frags.len() == 1 {
            return Ok(frags[0]);
        }
        let end = self.hole()?;
        for &(_, e) in &frags {
            self.patch(e, end);
        }
        let start = self.split(frags.iter().map(|f| f.0).collect())?;
        Ok((start, end))
    }

    /// `min` copies of `body`, then up to `max - min` more (any number without `max`), each
    /// extra copy preferred to stopping.
    fn repeat(&mut self, min: u32, max: Option<u32>, body: &Expr) -> Result<Frag, Self::Error> {
        let start = self.hole()?;
        let mut end = start;
        for _ in 0..min {
            let (s, e) = self.expr(body)?;
            self.patch(end, s);
            end = e;
        }
        match max {
            None => {
                // Greedy star: loop first, exit second.
                let (s, e) = self.expr(body)?;
                let exit = self.hole()?;
                let split = self.split(vec![s, exit])?;
                self.patch(end, split);
                self.patch(e, split);
                Ok((start, exit))
            }
            Some(max) => {
                // Nested optionals: (x (x (x)?)?)? with one common exit.
                let exit = self.hole()?;
                for _ in min..max {
                    let (s, e) = self.expr(body)?;
                    let split = self.split(vec![s, exit])?;
                    self.patch(end, split);
                    end = e;
                }
                self.patch(end, exit);
                Ok((start, exit))
            }
        }
    }

    /// Alternative byte sequences (one range per byte), as a class compiles to.
    fn sequences(&mut self, sequences: Vec<Vec<(u8, u8)>>) -> Result<Frag, Self::Error> {
        let end = self.hole()?;
        let mut starts = Vec::new();
        for seq in sequences {
            let mut next = end;
            for &(lo, hi) in seq.iter().rev() {
                next = self.range(lo, hi, next)?;
            }
            starts.push(next);
        }
        if starts.len() == 1 {
            return Ok((starts[0], end));
        }
        let start = self.split(starts)?;
        Ok((start, end))
    }
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

impl Compiler<'_> {
    /// `frag` between tag states `open` and `close`.
    fn tagged(&mut self, (mut start, mut end): Frag, open: &[Tag], close: &[Tag]) -> Result<Frag, NfaError> {
        for &Tag { slot, once } in open.iter().rev() {
            start = self.add(State::Tag { slot, once, next: start })?;
        }
        for &Tag { slot, once } in close {
            let exit = self.hole()?;
            let tag = self.add(State::Tag { slot, once, next: exit })?;
            self.patch(end, tag);
            end = exit;
        }
        Ok((start, end))
    }

    fn add(&mut self, state: State) -> Result<StateId, NfaError> {
        if self.states.len() >= self.limit {
            return Err(NfaError::TooLarge { limit: self.limit });
        }
        self.states.push(state);
        Ok((self.states.len() - 1) as StateId)
    }
}

impl Thompson for Compiler<'_> {
    type Error = NfaError;

    fn hole(&mut self) -> Result<StateId, NfaError> {
        self.add(State::Split(Vec::new()))
    }

    fn patch(&mut self, from: StateId, to: StateId) {
        if let State::Split(targets) = &mut self.states[from as usize] {
            targets.push(to);
        }
    }

    fn split(&mut self, targets: Vec<StateId>) -> Result<StateId, NfaError> {
        self.add(State::Split(targets))
    }

    fn range(&mut self, lo: u8, hi: u8, next: StateId) -> Result<StateId, NfaError> {
        self.add(State::Range { lo, hi, next })
    }

    /// The rule inlined, between the tags [`TagRules`] asks for.
    fn reference(&mut self, rule: RuleId) -> Result<Frag, NfaError> {
        if self.active.contains(&rule) {
            return Err(NfaError::Recursive);
        }
        let (open, close) = self.tags.tags(rule, &self.active);
        self.active.push(rule);
        let grammar = self.grammar;
        let frag = self.expr(&grammar.rule(rule).expr)?;
        self.active.pop();
        self.tagged(frag, &open, &close)
    }

    /// Tags around a captured literal.
    fn wrap(&mut self, expr: &Expr, frag: Frag) -> Result<Frag, NfaError> {
        if !self.tags.has_literals() || !matches!(expr, Expr::Class(_) | Expr::Concat(_)) {
            return Ok(frag);
        }
        let (open, close) = self.tags.literal_tags(expr, &self.active);
        self.tagged(frag, &open, &close)
    }

    fn class(&mut self, ranges: &[(u32, u32)]) -> Result<Frag, NfaError> {
        let sequences = byte_sequences(self.encoding, ranges)?;
        self.sequences(sequences)
    }
}

/// The byte sequences that encode a class of terminal values: code points as their UTF-8
/// encodings, or octets. A value the encoding cannot express (above `%xFF` as an octet, above
/// `%x10FFFF`, a range of surrogates only) is an error.
pub(crate) fn byte_sequences(
    encoding: Encoding,
    ranges: &[(u32, u32)],
) -> Result<Vec<Vec<(u8, u8)>>, NfaError> {
    let mut sequences: Vec<Vec<(u8, u8)>> = Vec::new();
    for &(lo, hi) in ranges {
        match encoding {
            Encoding::Octets => {
                let hi8 = u8::try_from(hi).map_err(|_| NfaError::InvalidValue { value: hi })?;
                sequences.push(vec![(lo as u8, hi8)]);
            }
            Encoding::Utf8 => {
                if hi > 0x10FFFF {
                    return Err(NfaError::InvalidValue { value: hi });
                }
                let before = sequences.len();
                utf8_byte_ranges(lo, hi, &mut sequences);
                if sequences.len() == before {
                    return Err(NfaError::InvalidValue { value: lo.max(0xD800) });
                }
            }
        }
    }
    Ok(sequences)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_with_a_range_of_surrogates_only_is_an_error_wherever_the_range_stands() {
        let surrogates = Err(NfaError::InvalidValue { value: 0xD800 });
        assert_eq!(byte_sequences(Encoding::Utf8, &[(0xD800, 0xDBFF)]), surrogates);
        // After a range that has an encoding: the check is per range, not per class.
        assert_eq!(byte_sequences(Encoding::Utf8, &[(0x41, 0x41), (0xD800, 0xDBFF)]), surrogates);
        // A range that passes over the surrogates keeps what is around them.
        assert_eq!(
            byte_sequences(Encoding::Utf8, &[(0xD7FF, 0xE000)]),
            Ok(vec![
                vec![(0xED, 0xED), (0x9F, 0x9F), (0xBF, 0xBF)],
                vec![(0xEE, 0xEE), (0x80, 0x80), (0x80, 0x80)]
            ])
        );
        assert_eq!(
            byte_sequences(Encoding::Octets, &[(0x41, 0x100)]),
            Err(NfaError::InvalidValue { value: 0x100 })
        );
    }
}
