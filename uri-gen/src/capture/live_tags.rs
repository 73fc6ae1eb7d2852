//! Tag liveness over a tagged NFA: from each state, the slots whose current value the match can
//! still read, because some way on to the match passes no tag of that slot.
//!
//! The tagged DFA construction ([`crate::capture::tdfa`]) forgets a thread's register for a slot that is
//! dead where the thread stands: every way on writes the slot again before the match reads it.
//! Two states that differ only in such registers are then one state, which keeps repeated
//! captures (`*( ";" parameter )` with `parameter` captured) from multiplying the states by
//! every history of old values (re2c does the same; Trofimovich 2017, section 6).

use crate::automata::nfa::{Nfa, State};

/// The live slots of every state of one NFA, as bit sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveTags {
    words: usize,
    bits: Vec<u64>,
}

impl LiveTags {
    /// Computes the live slots of `nfa`'s states (`slots` slots): all at the match; a tag of slot
    /// `s` kills `s` (unless it records only its first passage); any other state has the union of its successors'. A backward fixpoint.
    pub fn of(nfa: &Nfa, slots: usize) -> LiveTags {
        let words = slots.div_ceil(64).max(1);
        let n = nfa.states.len();
        let mut bits = vec![0u64; n * words];
        let mut all = vec![0u64; words];
        for s in 0..slots {
            all[s / 64] |= 1 << (s % 64);
        }
        let mut row = vec![0u64; words];
        let mut changed = true;
        while changed {
            changed = false;
            // Thompson states mostly point forward, so a reverse sweep settles in a few rounds.
            for q in (0..n).rev() {
                row.iter_mut().for_each(|w| *w = 0);
                match &nfa.states[q] {
                    State::Match => row.copy_from_slice(&all),
                    State::Range { next, .. } => or_into(&mut row, &bits, *next as usize, words),
                    State::Split(targets) => {
                        for &t in targets {
                            or_into(&mut row, &bits, t as usize, words);
                        }
                    }
                    // A tag that records only its first passage may record nothing, so it
                    // kills nothing.
                    State::Tag { once: true, next, .. } => or_into(&mut row, &bits, *next as usize, words),
                    State::Tag { slot, once: false, next } => {
                        or_into(&mut row, &bits, *next as usize, words);
                        row[*slot as usize / 64] &= !(1 << (*slot % 64));
                    }
                }
                let at = &mut bits[q * words..(q + 1) * words];
                if at != row.as_slice() {
                    // Sets only grow from empty, so a change is always a new slot.
                    at.copy_from_slice(&row);
                    changed = true;
                }
            }
        }
        LiveTags { words, bits }
    }

    /// Whether the value of `slot` at `state` can still reach the match.
    pub fn is_live(&self, state: u32, slot: u32) -> bool {
        (self.bits[state as usize * self.words + slot as usize / 64] >> (slot % 64)) & 1 == 1
    }
}

fn or_into(row: &mut [u64], bits: &[u64], state: usize, words: usize) {
    for (w, b) in row.iter_mut().zip(&bits[state * words..(state + 1) * words]) {
        *w |= b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::CaptureSpec;
    use crate::{check, Options, SourceFile};

    fn nfa(grammar: &str, captures: &str) -> (Nfa, usize) {
        let files = [SourceFile::new("g.abnf", grammar)];
        let (g, _) = check(&files, &Options::default()).unwrap();
        let spec = CaptureSpec::parse("g.captures", captures, &g).unwrap();
        let rule = spec.parsers[0].rule;
        let nfa =
            crate::automata::nfa::compile_tagged(&g, rule, crate::Encoding::Utf8, 1 << 20, &spec).unwrap();
        (nfa, spec.slot_count())
    }

    #[test]
    fn a_slot_is_dead_where_every_way_on_writes_it_again() {
        // `p` is captured once per `;`. Inside a `p` its end is dead (the end tag comes before the
        // match on every way on) and its start live; at the `;` both are dead (a whole `p`
        // follows); at the `x` both are live (the input may end with no `p`).
        let (nfa, slots) =
            nfa("list = \"x\" *( \";\" p )\np = 1*%x61-7A\n", "parser List list\ncapture p p\n");
        let live = LiveTags::of(&nfa, slots);
        let reading = |byte: u8| -> Vec<u32> {
            let found: Vec<u32> = (0..nfa.states.len() as u32)
                .filter(|&q| matches!(nfa.states[q as usize], State::Range { lo, .. } if lo == byte))
                .collect();
            assert!(!found.is_empty(), "no state reads {}", byte as char);
            found
        };
        for q in reading(b'a') {
            assert!(live.is_live(q, 0) && !live.is_live(q, 1));
        }
        for q in reading(b';') {
            assert!(!live.is_live(q, 0) && !live.is_live(q, 1));
        }
        for q in reading(b'x') {
            assert!(live.is_live(q, 0) && live.is_live(q, 1));
        }
    }
}
