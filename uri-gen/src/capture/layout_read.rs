//! Reading a compact match ([`Layout`]): each slot from the stored positions, the kind indexes and
//! the input's length, as the emitted accessors read it; and the emitted parser replayed on the
//! tagged DFA (its walk, then its exit), which the layout tests compare with [`Tdfa::run`].

use crate::capture::layout::{Layout, Place, Value};
use crate::capture::tdfa::{FinalSrc, RegOp, Tdfa};

impl Layout {
    /// The slot values the layout gives from the stored positions `stored` (`None`: unset), the
    /// kind indexes `kinds` (0: absent, else the alternative plus one) and the input's length:
    /// what the emitted accessors read.
    pub fn read(&self, stored: &[Option<u32>], kinds: &[u8], len: usize) -> Vec<Option<usize>> {
        let end = len as i64;
        self.places
            .iter()
            .map(|place| match place {
                Place::Stored(j) => stored[*j].map(|v| v as usize),
                Place::Derived(list) => list.iter().find_map(|e| {
                    if !e.guard.iter().all(|&g| stored[g].is_some()) {
                        return None;
                    }
                    match e.value {
                        Value::Stored(j, c) => stored[j].map(|v| (i64::from(v) + c) as usize),
                        Value::Const(k) => Some(k as usize),
                        Value::End(c) => Some((end + c) as usize),
                    }
                }),
                Place::Kind { kind, variant } => (usize::from(kinds[*kind]) == variant + 1).then_some(0),
            })
            .collect()
    }

    /// Runs parser `start` of `tdfa` over `input` as the emitted parser does: the walk's
    /// registers, then the exit of the state it ends in (each stored position from its register,
    /// the input's length or unset; each kind's index by its tests), then every slot read back
    /// with [`Layout::read`]. What [`Tdfa::run`] gives, kind slots read as present or not, when
    /// the layout is right.
    pub fn run(&self, tdfa: &Tdfa, start: usize, input: &[u8]) -> Result<Vec<Option<usize>>, usize> {
        let stride = tdfa.stride();
        let mut regs: Vec<Option<u32>> = vec![None; tdfa.registers];
        for &r in &tdfa.prologue[start] {
            regs[r as usize] = Some(0);
        }
        let mut state = tdfa.starts[start] as usize;
        for (i, &b) in input.iter().enumerate() {
            let at = state * stride + tdfa.classes.get(b);
            for op in &tdfa.op_lists[tdfa.ops[at] as usize] {
                match *op {
                    RegOp::SetPos { dst } => regs[dst as usize] = Some(i as u32),
                    RegOp::SetNext { dst } => regs[dst as usize] = Some(i as u32 + 1),
                    RegOp::Copy { dst, src } => regs[dst as usize] = regs[src as usize],
                }
            }
            state = tdfa.trans[at] as usize;
            if state == 0 {
                return Err(i);
            }
        }
        let exit = self.exits[state].as_ref().ok_or(input.len())?;
        let stored: Vec<Option<u32>> = exit
            .stored
            .iter()
            .map(|src| match *src {
                FinalSrc::End => Some(input.len() as u32),
                FinalSrc::Reg(r) => regs[r as usize],
            })
            .collect();
        let kinds: Vec<u8> = exit
            .kinds
            .iter()
            .map(|k| {
                k.tests.iter().find(|&&(r, _)| regs[r as usize].is_some()).map_or(k.otherwise, |&(_, v)| v)
            })
            .collect();
        Ok(self.read(&stored, &kinds, input.len()))
    }

    /// The stored positions and kind indexes of a match whose slots are `slots` (kind slots read
    /// as present or not), as the emitted `finish` and `from_slots` compute them.
    pub fn store(&self, slots: &[Option<usize>]) -> (Vec<Option<u32>>, Vec<u8>) {
        let stored = self.stored.iter().map(|&s| slots[s].map(|v| v as u32)).collect();
        let mut kinds = vec![0u8; self.kinds.len()];
        for (s, place) in self.places.iter().enumerate() {
            if let Place::Kind { kind, variant } = *place {
                if kinds[kind] == 0 && slots[s].is_some() {
                    kinds[kind] = variant as u8 + 1;
                }
            }
        }
        (stored, kinds)
    }
}
