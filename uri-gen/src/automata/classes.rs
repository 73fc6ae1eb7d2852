//! Byte equivalence classes: bytes that no automaton distinguishes share one table column.

use crate::automata::nfa::{Nfa, State};

/// A map from byte to class, classes numbered from 0 in byte order of their first member.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ByteClasses {
    map: [u8; 256],
    count: usize,
}

impl ByteClasses {
    /// One class per run of bytes between the boundaries of every `Range` state of `nfas`.
    pub fn from_nfas<'a>(nfas: impl IntoIterator<Item = &'a Nfa>) -> ByteClasses {
        let mut boundary = [false; 257];
        for nfa in nfas {
            for state in &nfa.states {
                if let State::Range { lo, hi, .. } = *state {
                    boundary[lo as usize] = true;
                    boundary[hi as usize + 1] = true;
                }
            }
        }
        let mut map = [0u8; 256];
        let mut class = 0usize;
        for b in 1..256 {
            if boundary[b] {
                class += 1;
            }
            map[b] = class as u8;
        }
        ByteClasses { map, count: class + 1 }
    }

    /// Classes from an explicit map; `map` must number classes densely from 0.
    pub fn from_map(map: [u8; 256]) -> ByteClasses {
        let count = map.iter().map(|&c| c as usize + 1).max().unwrap_or(1);
        ByteClasses { map, count }
    }

    /// The class of byte `b`.
    pub fn get(&self, b: u8) -> usize {
        self.map[b as usize] as usize
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Always false: there is at least one class.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The whole byte-to-class map.
    pub fn map(&self) -> &[u8; 256] {
        &self.map
    }

    /// The smallest byte of each class, by class.
    pub fn representatives(&self) -> Vec<u8> {
        let mut reps = vec![None; self.count];
        for b in 0..=255u8 {
            reps[self.get(b)].get_or_insert(b);
        }
        reps.into_iter().map(|r| r.unwrap_or(0)).collect()
    }

    /// The bytes of class `class`, ascending.
    pub fn members(&self, class: usize) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(move |&b| self.get(b) == class)
    }
}
