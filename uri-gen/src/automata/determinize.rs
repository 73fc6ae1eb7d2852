//! Subset construction: an NFA to a DFA over byte classes.

use std::collections::HashMap;

use crate::automata::classes::ByteClasses;
use crate::automata::dfa::{Dfa, DEAD};
use crate::automata::nfa::{Nfa, State, StateId};

/// The DFA has more states than allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyStates {
    /// The limit that was reached.
    pub limit: usize,
}

/// Determinizes `nfa` over `classes`, with at most `limit` states, telling `progress` the states
/// found so far every [`crate::progress::EVERY`] states. State 0 is the dead state; the start is
/// state 1.
///
/// DFA states are sets of NFA states that consume a byte or accept, found by epsilon closure; ids
/// are given in discovery order, so the result depends only on the NFA (the map is only looked up).
pub fn determinize(
    nfa: &Nfa,
    classes: &ByteClasses,
    limit: usize,
    progress: &dyn Fn(usize),
) -> Result<Dfa, TooManyStates> {
    let reps = classes.representatives();
    let stride = classes.len();
    let mut closure = Closure::new(nfa.states.len());
    let mut ids: HashMap<Vec<StateId>, u32> = HashMap::new();
    let mut sets: Vec<Vec<StateId>> = vec![Vec::new()];
    ids.insert(Vec::new(), DEAD);
    let start = closure.of(nfa, &[nfa.start]);
    ids.insert(start.clone(), 1);
    sets.push(start);
    let mut trans = vec![DEAD; 2 * stride];
    let mut next_targets = Vec::new();
    let mut current = 1;
    while current < sets.len() {
        for (class, &byte) in reps.iter().enumerate() {
            next_targets.clear();
            for &s in &sets[current] {
                if let State::Range { lo, hi, next } = nfa.states[s as usize] {
                    if lo <= byte && byte <= hi {
                        next_targets.push(next);
                    }
                }
            }
            let set = closure.of(nfa, &next_targets);
            let id = match ids.get(&set) {
                Some(&id) => id,
                None => {
                    if sets.len() >= limit {
                        return Err(TooManyStates { limit });
                    }
                    let id = sets.len() as u32;
                    if sets.len().is_multiple_of(crate::progress::EVERY) {
                        progress(sets.len());
                    }
                    ids.insert(set.clone(), id);
                    sets.push(set);
                    trans.extend(std::iter::repeat_n(DEAD, stride));
                    id
                }
            };
            trans[current * stride + class] = id;
        }
        current += 1;
    }
    let accept =
        sets.iter().map(|set| set.iter().any(|&s| matches!(nfa.states[s as usize], State::Match))).collect();
    Ok(Dfa { classes: classes.clone(), trans, accept, starts: vec![1] })
}

/// Epsilon closure with a reusable visited stamp.
struct Closure {
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<StateId>,
}

impl Closure {
    fn new(n: usize) -> Closure {
        Closure { stamp: vec![0; n], epoch: 0, stack: Vec::new() }
    }

    /// The sorted set of byte-consuming and accepting states reachable from `roots` by epsilons.
    fn of(&mut self, nfa: &Nfa, roots: &[StateId]) -> Vec<StateId> {
        self.epoch += 1;
        let mut out = Vec::new();
        self.stack.extend(roots.iter().rev());
        while let Some(s) = self.stack.pop() {
            if self.stamp[s as usize] == self.epoch {
                continue;
            }
            self.stamp[s as usize] = self.epoch;
            match &nfa.states[s as usize] {
                State::Range { .. } | State::Match => out.push(s),
                State::Split(targets) => self.stack.extend(targets.iter().rev()),
                State::Tag { next, .. } => self.stack.push(*next),
            }
        }
        out.sort_unstable();
        out
    }
}
