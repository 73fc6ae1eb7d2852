//! Escapes that a loop state's run can go on over: a lead byte the state's loop set lacks, then
//! two digits, after which the automaton is back in the same state with nothing done on the way.
//! RFC 3986's `pct-encoded` (`%` and two hexadecimal digits) is one for every state that loops on
//! the characters of a path segment, a query, a fragment, a user name or a host name; nothing
//! here knows `%` or the hexadecimal digits: both are read off the automaton.
//!
//! The AVX2 walk uses this on long inputs ([`SimdEscape`]): it finds the leads followed by two
//! digits in a block and drops them from the masks of the sets whose states carry escapes, so
//! that an escape no longer ends a run (three table transitions and a new run otherwise).

use std::collections::BTreeMap;

use super::accel::{Accel, SimdPlan};

/// A three-byte detour out of a loop state and back into it (see the module comment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Escape {
    /// The byte that leaves the loop (below 0x80).
    pub lead: u8,
    /// The bytes either digit may be (below 0x80, ascending).
    pub digits: Vec<u8>,
    /// The loop sets (bits, as in [`Accel::table`]) every state of which the escape leads back
    /// to itself: sets that lack the lead and hold every digit.
    pub sets: u64,
}

/// The escape in the AVX2 walk's terms: the lead, a nibble table of the digits, and which
/// classified sets carry escapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimdEscape {
    /// The lead byte.
    pub lead: u8,
    /// The digits as a nibble table, as [`SimdPlan::nibbles`] writes a set.
    pub digits: [u8; 16],
    /// The classified sets (membership bits) whose runs go on over escapes.
    pub carried: u8,
}

impl Accel {
    /// The plan with the automaton's [`Escape`], where `step(s, b)` is the state that state `s`
    /// (an old id, as [`Accel::plan`] numbered them) goes to on byte `b` with nothing else done
    /// (no register operation, call or return), or `None`.
    ///
    /// Every accelerated state offers, for each byte outside its loop set that leads to another
    /// state, the largest set of digits inside its loop set that go from there to one same state
    /// and from that one back to the first: with any two of them, lead, digit, digit is a way
    /// round. The escape is the offer most states make (ties: the lowest lead, then the fewest
    /// digits, then the lowest); it holds for a loop set when it leads every state of the set
    /// back to itself. No state offers one: no escape.
    pub fn with_escape(mut self, step: impl Fn(u32, u8) -> Option<u32>) -> Accel {
        let states = self.accelerated();
        let in_set = |b: u8, set: usize| self.table[usize::from(b)] >> set & 1 != 0;
        let mut offers: BTreeMap<(u8, Vec<u8>), usize> = BTreeMap::new();
        for &(s, set) in &states {
            let mut best: Option<(u8, Vec<u8>)> = None;
            for lead in (0..0x80u8).filter(|&b| !in_set(b, set)) {
                let Some(first) = step(s, lead).filter(|&a| a != s) else { continue };
                // The digits by the state the first of them leads to.
                let mut by_second: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
                for digit in (0..0x80u8).filter(|&b| in_set(b, set)) {
                    if let Some(second) = step(first, digit) {
                        by_second.entry(second).or_default().push(digit);
                    }
                }
                for (second, digits) in by_second {
                    let digits: Vec<u8> =
                        digits.into_iter().filter(|&d| step(second, d) == Some(s)).collect();
                    if digits.len() > best.as_ref().map_or(0, |(_, d)| d.len()) {
                        best = Some((lead, digits));
                    }
                }
            }
            if let Some(offer) = best {
                *offers.entry(offer).or_default() += 1;
            }
        }
        // The first of the most offered, in (lead, digits) order.
        let mut chosen: Option<((u8, Vec<u8>), usize)> = None;
        for (offer, votes) in offers {
            if chosen.as_ref().is_none_or(|(_, most)| votes > *most) {
                chosen = Some((offer, votes));
            }
        }
        let Some(((lead, digits), _)) = chosen else { return self };
        let returns = |s: u32, set: usize| {
            !in_set(lead, set)
                && digits.iter().all(|&d| in_set(d, set))
                && step(s, lead).is_some_and(|first| {
                    digits.iter().all(|&d1| {
                        step(first, d1)
                            .is_some_and(|second| digits.iter().all(|&d2| step(second, d2) == Some(s)))
                    })
                })
        };
        let mut sets = 0u64;
        for set in 0..self.sets {
            let mut of_set = states.iter().filter(|&&(_, of)| of == set).peekable();
            if of_set.peek().is_some() && of_set.all(|&(s, _)| returns(s, set)) {
                sets |= 1 << set;
            }
        }
        self.escape = (sets != 0).then_some(Escape { lead, digits, sets });
        self
    }

    /// The accelerated states as (old id, loop set).
    pub fn accelerated(&self) -> Vec<(u32, usize)> {
        (0..self.new_id.len() as u32)
            .filter_map(|old| {
                let n = self.new_id[old as usize] as usize;
                (1..=self.count).contains(&n).then(|| (old, self.masks[n].trailing_zeros() as usize))
            })
            .collect()
    }

    /// The escape of the AVX2 plan `plan` (this plan's [`Accel::avx2`]): `None` when no classified
    /// set carries the escape.
    pub fn simd_escape(&self, plan: &SimdPlan) -> Option<SimdEscape> {
        let escape = self.escape.as_ref()?;
        let carried = plan
            .chosen
            .iter()
            .enumerate()
            .filter(|&(_, &set)| escape.sets >> set & 1 != 0)
            .fold(0u8, |bits, (bit, _)| bits | 1 << bit);
        let mut digits = [0u8; 16];
        for &d in &escape.digits {
            digits[usize::from(d & 15)] |= 1 << (d >> 4);
        }
        (carried != 0).then_some(SimdEscape { lead: escape.lead, digits, carried })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// States 1 (letters and digits) and 2 (letters, digits and `/`) loop, state 9 on `%`. From
    /// 1, `%` then two hexadecimal digits go through 3 and 4 back to 1; from 2, through 7 and 8
    /// back to 2, or on to 5 when `state_two_returns` is false.
    fn automaton(state_two_returns: bool) -> (Accel, impl Fn(u32, u8) -> Option<u32>) {
        let word = |b: u8| b.is_ascii_alphanumeric();
        let hex = |b: u8| b.is_ascii_hexdigit();
        let accel = Accel::plan(10, |s| match s {
            1 => (0..=255).filter(|&b| word(b)).collect(),
            2 => (0..=255).filter(|&b| word(b) || b == b'/').collect(),
            9 => vec![b'%'],
            _ => Vec::new(),
        });
        let step = move |s: u32, b: u8| match (s, b) {
            (1, b) if word(b) => Some(1),
            (2, b) if word(b) || b == b'/' => Some(2),
            (9, b'%') => Some(9),
            (1, b'%') => Some(3),
            (3, b) if hex(b) => Some(4),
            (4, b) if hex(b) => Some(1),
            (2, b'%') => Some(7),
            (7, b) if hex(b) => Some(8),
            (8, b) if hex(b) => Some(if state_two_returns { 2 } else { 5 }),
            _ => None,
        };
        (accel, step)
    }

    #[test]
    fn the_escape_is_read_off_the_automaton() {
        let (accel, step) = automaton(true);
        let escape = accel.with_escape(step).escape.expect("an escape");
        let hex: Vec<u8> = (0..0x80u8).filter(u8::is_ascii_hexdigit).collect();
        assert_eq!((escape.lead, escape.digits), (b'%', hex));
        // Loop sets in state order: 1's is 0, 2's is 1; state 9's set holds the lead.
        assert_eq!(escape.sets, 0b011);
    }

    #[test]
    fn a_set_holds_the_escape_only_when_every_state_comes_back() {
        let (accel, step) = automaton(false);
        assert_eq!(accel.with_escape(step).escape.map(|e| e.sets), Some(0b001));
    }

    #[test]
    fn the_avx2_plan_carries_the_escape_in_its_classified_sets() {
        let (accel, step) = automaton(true);
        let accel = accel.with_escape(step);
        let plan = accel.avx2(16).expect("loop sets");
        let escape = accel.simd_escape(&plan).expect("classified sets carry it");
        assert_eq!(escape.lead, b'%');
        // The digits' nibble table: `0`-`9` (high nibble 3), `A`-`F` (4) and `a`-`f` (6).
        for b in 0..0x80u8 {
            let held = escape.digits[usize::from(b & 15)] >> (b >> 4) & 1 != 0;
            assert_eq!(held, b.is_ascii_hexdigit(), "{b:#x}");
        }
        let carried: Vec<usize> = plan
            .chosen
            .iter()
            .enumerate()
            .filter(|(bit, _)| escape.carried >> bit & 1 != 0)
            .map(|(_, &s)| s)
            .collect();
        let classified: Vec<usize> = plan.chosen.iter().copied().filter(|&s| s != 2).collect();
        assert_eq!(carried, classified);
    }
}
