//! Register allocation for tagged DFAs: registers that are never needed at the same time share a
//! number, so the generated parser keeps a small register file.
//!
//! Two registers interfere when some state holds both, or when a transition writes one and reads
//! the other (so renaming cannot make a copy clobber its own input), or writes one and carries
//! the other into its target. A copy is the exception to the second rule: it writes its
//! source's value, so the copy alone does not make its two registers interfere, and they take
//! one number when nothing else keeps them apart; the copy then disappears. Colouring is greedy
//! in register order, giving a register the number of a register it is copied from or to when it
//! can, which is deterministic; register 0 (unset) keeps its number.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use crate::capture::tdfa::{FinalSrc, RegOp, Tdfa, UNSET};

/// The registers whose value may still be read, on entry to each state: read by a final state,
/// read by an operation, or carried unchanged into a state where they are live. Computed as a
/// backward fixpoint over the transitions.
fn liveness(tdfa: &Tdfa) -> Vec<BTreeSet<u32>> {
    let stride = tdfa.stride();
    let n = tdfa.len();
    let reads = |list: &[RegOp]| -> Vec<u32> {
        list.iter()
            .filter_map(|op| if let RegOp::Copy { src, .. } = *op { Some(src) } else { None })
            .collect()
    };
    let writes = |list: &[RegOp]| -> Vec<u32> {
        list.iter()
            .map(|op| match *op {
                RegOp::SetPos { dst } | RegOp::SetNext { dst } | RegOp::Copy { dst, .. } => dst,
            })
            .collect()
    };
    let mut live: Vec<BTreeSet<u32>> = (0..n).map(|s| final_reads(tdfa, s)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for s in (1..n).rev() {
            let mut set = live[s].clone();
            for c in 0..stride {
                let t = tdfa.trans[s * stride + c] as usize;
                if t == 0 {
                    continue;
                }
                let list = &tdfa.op_lists[tdfa.ops[s * stride + c] as usize];
                let written = writes(list);
                set.extend(live[t].iter().filter(|r| !written.contains(r)));
                set.extend(reads(list).into_iter().filter(|&r| r != UNSET));
            }
            if set.len() != live[s].len() {
                live[s] = set;
                changed = true;
            }
        }
    }
    live
}

/// Renumbers the registers of `tdfa` by colouring the interference graph built from liveness.
pub fn allocate(mut tdfa: Tdfa) -> Tdfa {
    let live = liveness(&tdfa);
    let stride = tdfa.stride();
    let mut edges: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut regs: BTreeSet<u32> = BTreeSet::new();
    let mut copies: BTreeSet<(u32, u32)> = BTreeSet::new();
    let add_clique = |set: &[u32], edges: &mut BTreeSet<(u32, u32)>| {
        for (i, &a) in set.iter().enumerate() {
            for &b in &set[i + 1..] {
                if a != b {
                    edges.insert((a.min(b), a.max(b)));
                }
            }
        }
    };
    for set in &live {
        let v: Vec<u32> = set.iter().copied().collect();
        regs.extend(&v);
        add_clique(&v, &mut edges);
    }
    for s in 1..tdfa.len() {
        for c in 0..stride {
            let t = tdfa.trans[s * stride + c] as usize;
            let list = &tdfa.op_lists[tdfa.ops[s * stride + c] as usize];
            if t == 0 || list.is_empty() {
                continue;
            }
            let mut written = Vec::new();
            let mut read = Vec::new();
            for op in list {
                match *op {
                    RegOp::SetPos { dst } | RegOp::SetNext { dst } => written.push(dst),
                    RegOp::Copy { dst, src } => {
                        written.push(dst);
                        read.push(src);
                        copies.insert((dst.min(src), dst.max(src)));
                    }
                }
            }
            regs.extend(written.iter().chain(&read));
            // A write must not clobber a value read by the same list (except the copy's own
            // source, whose value it writes) or carried into the target.
            for op in list {
                let (w, own) = match *op {
                    RegOp::SetPos { dst } | RegOp::SetNext { dst } => (dst, None),
                    RegOp::Copy { dst, src } => (dst, Some(src)),
                };
                for &r in read.iter().filter(|&&r| Some(r) != own) {
                    if w != r {
                        edges.insert((w.min(r), w.max(r)));
                    }
                }
            }
            for &w in &written {
                for &r in live[t].iter().filter(|r| !written.contains(r)) {
                    if w != r {
                        edges.insert((w.min(r), w.max(r)));
                    }
                }
            }
            add_clique(&written, &mut edges);
        }
    }
    regs.remove(&UNSET);
    let mut neighbours: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    for &(a, b) in &edges {
        neighbours.entry(a).or_default().insert(b);
        neighbours.entry(b).or_default().insert(a);
    }
    let mut partners: HashMap<u32, Vec<u32>> = HashMap::new();
    for &(a, b) in &copies {
        partners.entry(a).or_default().push(b);
        partners.entry(b).or_default().push(a);
    }
    let mut color: HashMap<u32, u32> = HashMap::from([(UNSET, UNSET)]);
    let mut count = 1;
    for &r in &regs {
        let taken: BTreeSet<u32> =
            neighbours.get(&r).into_iter().flatten().filter_map(|n| color.get(n).copied()).collect();
        // Prefer the colour of a register this one is copied from or to: the copy disappears.
        let coalesced = partners
            .get(&r)
            .into_iter()
            .flatten()
            .filter_map(|p| color.get(p).copied())
            .find(|c| *c != UNSET && !taken.contains(c));
        let c = coalesced.unwrap_or_else(|| (1..).find(|c| !taken.contains(c)).unwrap_or(1));
        count = count.max(c + 1);
        color.insert(r, c);
    }
    let rename = |r: u32| color.get(&r).copied().unwrap_or(UNSET);
    let mut lists: Vec<Vec<RegOp>> = Vec::new();
    let mut ids: HashMap<Vec<RegOp>, u32> = HashMap::new();
    let mut remap = Vec::new();
    for list in &tdfa.op_lists {
        let renamed: Vec<RegOp> = list
            .iter()
            .filter_map(|op| match *op {
                RegOp::SetPos { dst } => Some(RegOp::SetPos { dst: rename(dst) }),
                RegOp::SetNext { dst } => Some(RegOp::SetNext { dst: rename(dst) }),
                RegOp::Copy { dst, src } => {
                    let (dst, src) = (rename(dst), rename(src));
                    (dst != src).then_some(RegOp::Copy { dst, src })
                }
            })
            .collect();
        remap.push(intern(&mut lists, &mut ids, renamed));
    }
    for op in &mut tdfa.ops {
        *op = remap[*op as usize];
    }
    tdfa.op_lists = lists;
    for srcs in tdfa.finals.iter_mut().flatten() {
        for src in srcs.iter_mut() {
            if let FinalSrc::Reg(r) = src {
                *r = rename(*r);
            }
        }
    }
    tdfa.registers = count as usize;
    tdfa
}

/// A set of registers as a bit vector: the must-analysis below takes an intersection on every
/// edge, and a TDFA before allocation can have hundreds of registers.
#[derive(Clone, PartialEq, Eq)]
struct RegSet(Vec<u64>);

impl RegSet {
    fn full(registers: usize) -> RegSet {
        let mut words = vec![u64::MAX; registers.div_ceil(64)];
        if !registers.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1 << (registers % 64)) - 1;
            }
        }
        RegSet(words)
    }

    fn contains(&self, r: u32) -> bool {
        self.0.get(r as usize / 64).is_some_and(|w| w >> (r % 64) & 1 == 1)
    }

    fn set(&mut self, r: u32, on: bool) {
        if let Some(w) = self.0.get_mut(r as usize / 64) {
            if on {
                *w |= 1 << (r % 64);
            } else {
                *w &= !(1 << (r % 64));
            }
        }
    }

    /// Applies one operation: the register it writes is unset afterwards exactly when it
    /// copies an unset register.
    fn step(&mut self, op: &RegOp) {
        match *op {
            RegOp::SetPos { dst } | RegOp::SetNext { dst } => self.set(dst, false),
            RegOp::Copy { dst, src } => {
                let unset = src == UNSET || self.contains(src);
                self.set(dst, unset);
            }
        }
    }

    /// Keeps only the registers also in `other`; whether anything was removed.
    fn intersect(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            let next = *w & o;
            changed |= next != *w;
            *w = next;
        }
        changed
    }
}

/// Removes operations that cannot change a register: clearing (or copying "unset" into) a
/// register that is certainly unset already. A forward must-analysis finds, for every state, the
/// registers that are unset on every path from a start (where all registers are unset); the
/// operations are then rewritten per transition, and the lists deduplicated again.
///
/// The sets only shrink, so each state is queued at most once per register it loses (and never
/// twice at a time): the analysis takes O(states x registers) visits of a state's row at worst.
pub fn drop_redundant_clears(mut tdfa: Tdfa) -> Tdfa {
    let stride = tdfa.stride();
    let n = tdfa.len();
    let mut unset: Vec<Option<RegSet>> = vec![None; n];
    let mut queued = vec![false; n];
    let mut work: VecDeque<usize> = VecDeque::new();
    for &s in &tdfa.starts {
        unset[s as usize] = Some(RegSet::full(tdfa.registers));
        if !queued[s as usize] {
            queued[s as usize] = true;
            work.push_back(s as usize);
        }
    }
    while let Some(s) = work.pop_front() {
        queued[s] = false;
        let Some(entry) = unset[s].clone() else { continue };
        for c in 0..stride {
            let t = tdfa.trans[s * stride + c] as usize;
            if t == 0 {
                continue;
            }
            let mut out = entry.clone();
            for op in &tdfa.op_lists[tdfa.ops[s * stride + c] as usize] {
                out.step(op);
            }
            let changed = match &mut unset[t] {
                None => {
                    unset[t] = Some(out);
                    true
                }
                Some(old) => old.intersect(&out),
            };
            if changed && !queued[t] {
                queued[t] = true;
                work.push_back(t);
            }
        }
    }
    let mut lists: Vec<Vec<RegOp>> = vec![Vec::new()];
    let mut ids: HashMap<Vec<RegOp>, u32> = HashMap::from([(Vec::new(), 0)]);
    let none = RegSet(vec![0; tdfa.registers.div_ceil(64)]);
    for (s, entry) in unset.iter().enumerate() {
        let entry = entry.as_ref().unwrap_or(&none);
        for c in 0..stride {
            let at = s * stride + c;
            let list = &tdfa.op_lists[tdfa.ops[at] as usize];
            if list.is_empty() {
                tdfa.ops[at] = 0;
                continue;
            }
            let mut set = entry.clone();
            let mut kept = Vec::new();
            for op in list {
                let redundant = matches!(*op, RegOp::Copy { dst, src }
                    if set.contains(dst) && (src == UNSET || set.contains(src)));
                set.step(op);
                if !redundant {
                    kept.push(*op);
                }
            }
            tdfa.ops[at] = intern(&mut lists, &mut ids, kept);
        }
    }
    tdfa.op_lists = lists;
    tdfa
}

/// Takes the position writes of a start state's transitions out of the loop: a start state
/// that no transition enters is left by the first byte, so its transitions record position 0.
/// A register that each of them either sets to 0 before anything else reads or writes it, or
/// leaves dead (no path from the transition's target reads it before writing it), and that the
/// start state's final row does not read, can be set to 0 once before the walk instead: the
/// parser's prologue ([`Tdfa::prologue`]). Where that empties a transition's list, the walk's
/// first step carries no operation at all (on RFC 3986, the scheme's or the path's start, one of
/// the five operation lists a typical URL ran).
pub fn start_ops_to_prologue(mut tdfa: Tdfa) -> Tdfa {
    let live = liveness(&tdfa);
    let entered: BTreeSet<u32> = tdfa.trans.iter().copied().collect();
    // `list`, run into a state where `live_out` is live: the registers it reads before writing.
    let live_in = |list: &[RegOp], live_out: &BTreeSet<u32>| {
        let mut live = live_out.clone();
        for op in list.iter().rev() {
            match *op {
                RegOp::SetPos { dst } | RegOp::SetNext { dst } => {
                    live.remove(&dst);
                }
                RegOp::Copy { dst, src } => {
                    live.remove(&dst);
                    live.insert(src);
                }
            }
        }
        live
    };
    let mut ids = list_ids(&tdfa);
    // Parsers may share a start state: each start state's row is rewritten once.
    let mut moved_from: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &start in &tdfa.starts {
        let s = start as usize;
        if entered.contains(&start) || moved_from.contains_key(&start) {
            continue;
        }
        let row = ways_out(&tdfa, s);
        let read_at_end = final_reads(&tdfa, s);
        let set: BTreeSet<u32> = row
            .iter()
            .flat_map(|&at| &tdfa.op_lists[tdfa.ops[at] as usize])
            .filter_map(|op| if let RegOp::SetPos { dst } = *op { Some(dst) } else { None })
            .collect();
        let moved: Vec<u32> = set
            .into_iter()
            .filter(|&r| r != UNSET && !read_at_end.contains(&r))
            .filter(|&r| {
                row.iter().all(|&at| {
                    let list = &tdfa.op_lists[tdfa.ops[at] as usize];
                    writes_once(list, r)
                        && (sets_first(list, r)
                            || !live_in(list, &live[tdfa.trans[at] as usize]).contains(&r))
                })
            })
            .collect();
        for &at in &row {
            let kept = without_sets(&tdfa.op_lists[tdfa.ops[at] as usize], &moved);
            tdfa.ops[at] = intern(&mut tdfa.op_lists, &mut ids, kept);
        }
        moved_from.insert(start, moved);
    }
    tdfa.prologue =
        tdfa.starts.iter().map(|start| moved_from.get(start).cloned().unwrap_or_default()).collect();
    drop_unused_lists(tdfa)
}

/// Commits, on the transitions into a state, the positions that every transition out of it
/// records first thing: when each non-dead transition out of state `s` starts (before any other
/// use of register `r`) with `SetPos { dst: r }`, and `s`'s final row does not read `r`, then
/// `r` is dead on entry to `s`, and `SetNext { dst: r }` at the end of each transition into `s`
/// writes the same position one step earlier (the byte after the one that enters `s` is the one
/// that leaves it). TDFA(1) commits a tag on the transition after the one that reaches it, so
/// that loops carry no operation; where the transition into `s` records positions anyway and
/// the transitions out of `s` do not loop, committing one byte early folds two operation lists
/// into one.
///
/// A state is rewritten only when every transition into it already has operations (none gains
/// a dispatch it did not have) and some transition out of it to another state is left with none
/// (one loses it; a loop on the state that is emptied gets the `SetNext` back).
/// Start states are left alone: the first byte has no transition before it (see
/// [`start_ops_to_prologue`]). On RFC 3986, the query's start is committed with the `?` and a
/// path's start with the scheme's `:`.
pub fn commit_early(mut tdfa: Tdfa) -> Tdfa {
    let stride = tdfa.stride();
    let mut ids = list_ids(&tdfa);
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); tdfa.len()];
    for at in stride..tdfa.trans.len() {
        if tdfa.trans[at] != 0 {
            incoming[tdfa.trans[at] as usize].push(at);
        }
    }
    for (s, into) in incoming.iter().enumerate().skip(1) {
        if tdfa.starts.contains(&(s as u32)) || into.is_empty() || into.iter().any(|&at| tdfa.ops[at] == 0) {
            continue;
        }
        let out = ways_out(&tdfa, s);
        let read_at_end = final_reads(&tdfa, s);
        let out_lists: Vec<Vec<RegOp>> =
            out.iter().map(|&at| tdfa.op_lists[tdfa.ops[at] as usize].clone()).collect();
        let Some(first) = out_lists.first() else { continue };
        let moved: Vec<u32> = first
            .iter()
            .filter_map(|op| if let RegOp::SetPos { dst } = *op { Some(dst) } else { None })
            .filter(|&r| r != UNSET && !read_at_end.contains(&r))
            .filter(|&r| out_lists.iter().all(|list| sets_first(list, r) && writes_once(list, r)))
            .collect();
        // A list emptied on a loop gets `SetNext` back: only a way out to another state counts.
        let empties = out
            .iter()
            .zip(&out_lists)
            .any(|(&at, list)| tdfa.trans[at] as usize != s && without_sets(list, &moved).is_empty());
        if moved.is_empty() || !empties {
            continue;
        }
        for (&at, list) in out.iter().zip(&out_lists) {
            tdfa.ops[at] = intern(&mut tdfa.op_lists, &mut ids, without_sets(list, &moved));
        }
        // After the transitions out (a loop on `s` is both: its `SetPos` goes, its `SetNext` comes).
        for &at in into {
            let mut list = tdfa.op_lists[tdfa.ops[at] as usize].clone();
            list.extend(moved.iter().map(|&dst| RegOp::SetNext { dst }));
            tdfa.ops[at] = intern(&mut tdfa.op_lists, &mut ids, list);
        }
    }
    drop_unused_lists(tdfa)
}

/// `list` without its `SetPos` operations on the registers `regs` (each of which the callers
/// check [`sets_first`] and [`writes_once`] for).
fn without_sets(list: &[RegOp], regs: &[u32]) -> Vec<RegOp> {
    list.iter().filter(|op| !matches!(**op, RegOp::SetPos { dst } if regs.contains(&dst))).copied().collect()
}

/// Whether `list` writes register `r` at most once. The passes that take a `SetPos` out of a list
/// only do so where it is the list's one write of the register: a later write would otherwise
/// be left alone to decide the value (the lists the TDFA construction makes write each register
/// once, but nothing in their type says so).
fn writes_once(list: &[RegOp], r: u32) -> bool {
    let writes = |op: &&RegOp| match **op {
        RegOp::SetPos { dst } | RegOp::SetNext { dst } | RegOp::Copy { dst, .. } => dst == r,
    };
    list.iter().filter(writes).count() <= 1
}

/// Whether the first operation of `list` that reads or writes `r` is `SetPos { dst: r }`, so
/// that the list neither reads `r`'s old value nor keeps it.
fn sets_first(list: &[RegOp], r: u32) -> bool {
    list.iter()
        .find(|op| match **op {
            RegOp::SetPos { dst } | RegOp::SetNext { dst } => dst == r,
            RegOp::Copy { dst, src } => dst == r || src == r,
        })
        .is_some_and(|op| *op == RegOp::SetPos { dst: r })
}

/// The registers the final row of state `s` reads (register 0, never written, left out).
fn final_reads(tdfa: &Tdfa, s: usize) -> BTreeSet<u32> {
    tdfa.finals[s]
        .iter()
        .flatten()
        .filter_map(|src| if let FinalSrc::Reg(r) = *src { Some(r) } else { None })
        .filter(|&r| r != UNSET)
        .collect()
}

/// The table indexes of state `s`'s transitions that do not go to the dead state.
fn ways_out(tdfa: &Tdfa, s: usize) -> Vec<usize> {
    let stride = tdfa.stride();
    (s * stride..(s + 1) * stride).filter(|&at| tdfa.trans[at] != 0).collect()
}

/// Each operation list of `tdfa` by its contents, for [`intern`].
fn list_ids(tdfa: &Tdfa) -> HashMap<Vec<RegOp>, u32> {
    tdfa.op_lists.iter().enumerate().map(|(id, list)| (list.clone(), id as u32)).collect()
}

/// The id of operation list `list`, added to `lists` if it is new.
fn intern(lists: &mut Vec<Vec<RegOp>>, ids: &mut HashMap<Vec<RegOp>, u32>, list: Vec<RegOp>) -> u32 {
    let next = lists.len() as u32;
    let id = *ids.entry(list.clone()).or_insert(next);
    if id == next {
        lists.push(list);
    }
    id
}

/// Removes the operation lists no transition names, keeping the others in their order.
fn drop_unused_lists(mut tdfa: Tdfa) -> Tdfa {
    let mut used = vec![false; tdfa.op_lists.len()];
    used[0] = true;
    for &id in &tdfa.ops {
        used[id as usize] = true;
    }
    let mut new_id = vec![0u32; used.len()];
    let mut lists = Vec::new();
    for (id, list) in tdfa.op_lists.into_iter().enumerate() {
        if used[id] {
            new_id[id] = lists.len() as u32;
            lists.push(list);
        }
    }
    for id in &mut tdfa.ops {
        *id = new_id[*id as usize];
    }
    tdfa.op_lists = lists;
    tdfa
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::classes::ByteClasses;

    /// A tagged DFA over one byte class: state `s` (from 1) goes to `s + 1` with `ops[s - 1]`,
    /// and the last state accepts with `finals`.
    fn chain(ops: Vec<Vec<RegOp>>, finals: Vec<FinalSrc>, registers: usize) -> Tdfa {
        let states = ops.len() + 2;
        let mut op_lists = vec![Vec::new()];
        let mut trans = vec![0; states];
        let mut ids = vec![0; states];
        for (s, list) in ops.into_iter().enumerate() {
            trans[s + 1] = s as u32 + 2;
            ids[s + 1] = op_lists.len() as u32;
            op_lists.push(list);
        }
        let mut all_finals = vec![None; states];
        all_finals[states - 1] = Some(finals);
        Tdfa {
            classes: ByteClasses::from_map([0; 256]),
            trans,
            ops: ids,
            op_lists,
            finals: all_finals,
            starts: vec![1],
            prologue: vec![Vec::new()],
            registers,
            slots: 1,
        }
    }

    /// The slots `tdfa` records for an input of `len` bytes (its one class), or where it fails.
    fn slots(tdfa: &Tdfa, len: usize) -> Result<Vec<Option<usize>>, usize> {
        tdfa.run(0, &vec![0; len])
    }

    fn copies(tdfa: &Tdfa) -> usize {
        tdfa.op_lists.iter().flatten().filter(|op| matches!(op, RegOp::Copy { .. })).count()
    }

    #[test]
    fn a_copy_between_registers_never_live_together_disappears() {
        let before = chain(
            vec![vec![RegOp::SetPos { dst: 1 }], vec![RegOp::Copy { dst: 2, src: 1 }]],
            vec![FinalSrc::Reg(2)],
            3,
        );
        let after = allocate(before.clone());
        assert_eq!(copies(&after), 0, "{after:?}");
        assert_eq!(after.registers, 2);
        assert_eq!(slots(&after, 2), slots(&before, 2));
        assert_eq!(slots(&after, 2), Ok(vec![Some(0)]));
    }

    #[test]
    fn a_copy_stays_when_its_source_changes_while_the_copy_is_live() {
        // Register 1 is set again after the copy while register 2 still holds the old value.
        let before = chain(
            vec![
                vec![RegOp::SetPos { dst: 1 }],
                vec![RegOp::Copy { dst: 2, src: 1 }],
                vec![RegOp::SetPos { dst: 1 }],
            ],
            vec![FinalSrc::Reg(1), FinalSrc::Reg(2)],
            3,
        );
        let after = allocate(before.clone());
        assert_eq!(copies(&after), 1, "{after:?}");
        assert_eq!(slots(&after, 3), slots(&before, 3));
        assert_eq!(slots(&after, 3), Ok(vec![Some(2), Some(0)]));
    }

    #[test]
    fn a_copy_stays_when_the_same_list_reads_the_destination_first() {
        // `3 := 2` reads the old value of 2 before `2 := 1` overwrites it: 1 and 2 both hold a
        // value on entry, so they cannot share a register.
        let before = chain(
            vec![
                vec![RegOp::SetPos { dst: 1 }],
                vec![RegOp::SetPos { dst: 2 }],
                vec![RegOp::Copy { dst: 3, src: 2 }, RegOp::Copy { dst: 2, src: 1 }],
            ],
            vec![FinalSrc::Reg(2), FinalSrc::Reg(3)],
            4,
        );
        let after = allocate(before.clone());
        assert_eq!(slots(&after, 3), slots(&before, 3));
        assert_eq!(slots(&after, 3), Ok(vec![Some(0), Some(1)]));
    }

    /// A tagged DFA over two byte classes (byte 0, and every other byte): `rows[s - 1]` gives
    /// state `s`'s two transitions (target and operations), `finals[s - 1]` its final row;
    /// state 1 starts.
    fn two_classes(
        rows: Vec<[(u32, Vec<RegOp>); 2]>,
        finals: Vec<Option<Vec<FinalSrc>>>,
        registers: usize,
    ) -> Tdfa {
        let mut map = [1u8; 256];
        map[0] = 0;
        let mut trans = vec![0, 0];
        let mut ops = vec![0, 0];
        let mut op_lists = vec![Vec::new()];
        for row in rows {
            for (target, list) in row {
                trans.push(target);
                ops.push(if list.is_empty() { 0 } else { op_lists.len() as u32 });
                if !list.is_empty() {
                    op_lists.push(list);
                }
            }
        }
        Tdfa {
            classes: ByteClasses::from_map(map),
            trans,
            ops,
            op_lists,
            finals: std::iter::once(None).chain(finals).collect(),
            starts: vec![1],
            prologue: vec![Vec::new()],
            registers,
            slots: 1,
        }
    }

    /// Whether `after` records what `before` does on every input of up to five bytes.
    fn same_runs(before: &Tdfa, after: &Tdfa) {
        let mut inputs: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=5 {
            for bits in 0..1u32 << len {
                inputs.push((0..len).map(|k| (bits >> k & 1) as u8).collect());
            }
        }
        for input in inputs {
            assert_eq!(after.run(0, &input), before.run(0, &input), "{input:?}");
        }
    }

    /// Whether `after` has no prologue and the same operations on every transition as `before`
    /// (the lists may be numbered differently).
    fn assert_unchanged(before: &Tdfa, after: &Tdfa) {
        assert_eq!(after.prologue, vec![Vec::<u32>::new()]);
        assert_eq!(lists(after), lists(before));
        assert_eq!((&after.trans, &after.finals), (&before.trans, &before.finals));
    }

    #[test]
    fn the_start_states_position_writes_move_to_the_prologue() {
        // Both first bytes record position 0 in register 1, which the end reads.
        let set = || vec![RegOp::SetPos { dst: 1 }];
        let before = two_classes(
            vec![[(2, set()), (2, set())], [(3, vec![]), (3, vec![])], [(0, vec![]), (0, vec![])]],
            vec![None, None, Some(vec![FinalSrc::Reg(1)])],
            2,
        );
        let after = start_ops_to_prologue(before.clone());
        assert_eq!(after.prologue, vec![vec![1]]);
        assert_eq!((after.ops[2], after.ops[3]), (0, 0), "{after:?}");
        assert_eq!(after.op_lists, vec![Vec::new()], "the emptied list is dropped");
        same_runs(&before, &after);
        assert_eq!(after.run(0, &[1, 0]), Ok(vec![Some(0)]));
    }

    #[test]
    fn a_register_stays_where_a_first_byte_leaves_it_unset_and_it_is_read() {
        // Byte 0 records position 0 in register 1; any other first byte leaves it unset, and
        // the end reads it.
        let before = two_classes(
            vec![
                [(2, vec![RegOp::SetPos { dst: 1 }]), (2, vec![])],
                [(3, vec![]), (3, vec![])],
                [(0, vec![]), (0, vec![])],
            ],
            vec![None, None, Some(vec![FinalSrc::Reg(1)])],
            2,
        );
        let after = start_ops_to_prologue(before.clone());
        assert_unchanged(&before, &after);
        assert_eq!(after.run(0, &[1, 0]), Ok(vec![None]));
    }

    #[test]
    fn a_register_moves_where_the_first_byte_that_leaves_it_unset_makes_it_dead() {
        // Byte 0 records 0 in register 1; after any other first byte, register 1 is written
        // again before anything reads it.
        let before = two_classes(
            vec![
                [(2, vec![RegOp::SetPos { dst: 1 }]), (3, vec![RegOp::SetPos { dst: 2 }])],
                [(4, vec![]), (4, vec![])],
                [(4, vec![RegOp::SetPos { dst: 1 }]), (4, vec![RegOp::SetPos { dst: 1 }])],
                [(0, vec![]), (0, vec![])],
            ],
            vec![None, None, None, Some(vec![FinalSrc::Reg(1)])],
            3,
        );
        let after = start_ops_to_prologue(before.clone());
        assert_eq!(after.prologue, vec![vec![1, 2]]);
        same_runs(&before, &after);
        assert_eq!(after.run(0, &[1, 0]), Ok(vec![Some(1)]));
    }

    #[test]
    fn nothing_moves_that_the_start_reads_or_when_a_transition_enters_the_start() {
        let set = || vec![RegOp::SetPos { dst: 1 }];
        // The empty input ends in the start state, which reads register 1 (unset there).
        let read_at_start = two_classes(
            vec![[(2, set()), (2, set())], [(0, vec![]), (0, vec![])]],
            vec![Some(vec![FinalSrc::Reg(1)]), Some(vec![FinalSrc::Reg(1)])],
            2,
        );
        assert_unchanged(&read_at_start, &start_ops_to_prologue(read_at_start.clone()));
        assert_eq!(read_at_start.run(0, &[]), Ok(vec![None]));
        // Byte 0 goes back to the start, so its write may record a later position than 0.
        let entered = two_classes(
            vec![[(1, set()), (2, set())], [(0, vec![]), (0, vec![])]],
            vec![None, Some(vec![FinalSrc::Reg(1)])],
            2,
        );
        assert_unchanged(&entered, &start_ops_to_prologue(entered.clone()));
        assert_eq!(entered.run(0, &[0, 0, 1]), Ok(vec![Some(2)]));
    }

    /// The operations on each transition of `t`, in table order.
    fn lists(t: &Tdfa) -> Vec<Vec<RegOp>> {
        t.ops.iter().map(|&id| t.op_lists[id as usize].clone()).collect()
    }

    #[test]
    fn a_position_every_transition_out_records_first_is_committed_on_the_way_in() {
        // State 2 is entered with register 1 set; both ways out record their position in
        // register 2 first, and state 3 reads both.
        let set = |dst| vec![RegOp::SetPos { dst }];
        let before = two_classes(
            vec![[(2, set(1)), (2, set(1))], [(3, set(2)), (3, set(2))], [(0, vec![]), (0, vec![])]],
            vec![None, None, Some(vec![FinalSrc::Reg(1), FinalSrc::Reg(2)])],
            3,
        );
        let after = commit_early(before.clone());
        let both = vec![RegOp::SetPos { dst: 1 }, RegOp::SetNext { dst: 2 }];
        assert_eq!(lists(&after)[2..6], [both.clone(), both, vec![], vec![]], "{after:?}");
        same_runs(&before, &after);
        assert_eq!(after.run(0, &[1, 0]), Ok(vec![Some(0), Some(1)]));
    }

    #[test]
    fn a_loop_that_records_a_position_each_time_commits_it_one_byte_early() {
        // State 2 loops on byte 0 and leaves on any other byte, recording the position in
        // register 2 either way; the final state reads it (the last byte 0's position, or the
        // leaving byte's).
        let set = |dst| vec![RegOp::SetPos { dst }];
        let before = two_classes(
            vec![[(2, set(1)), (2, set(1))], [(2, set(2)), (3, set(2))], [(0, vec![]), (0, vec![])]],
            vec![None, None, Some(vec![FinalSrc::Reg(1), FinalSrc::Reg(2)])],
            3,
        );
        let after = commit_early(before.clone());
        assert_eq!(lists(&after)[4..6], [vec![RegOp::SetNext { dst: 2 }], vec![]], "{after:?}");
        same_runs(&before, &after);
        assert_eq!(after.run(0, &[1, 0, 0, 1]), Ok(vec![Some(0), Some(3)]));
    }

    #[test]
    fn nothing_is_committed_early_that_would_add_a_dispatch_or_change_a_match() {
        let set = |dst| vec![RegOp::SetPos { dst }];
        let end = Some(vec![FinalSrc::Reg(1), FinalSrc::Reg(2)]);
        let cases = [
            // A way into state 2 (byte 0) records nothing: it would gain an operation list.
            two_classes(
                vec![[(2, vec![]), (2, set(1))], [(3, set(2)), (3, set(2))], [(0, vec![]), (0, vec![])]],
                vec![None, None, end.clone()],
                3,
            ),
            // One way out of state 2 copies register 2 before setting it: it reads the old value.
            two_classes(
                vec![
                    [(2, set(1)), (2, set(1))],
                    [(3, set(2)), (3, vec![RegOp::Copy { dst: 1, src: 2 }, RegOp::SetPos { dst: 2 }])],
                    [(0, vec![]), (0, vec![])],
                ],
                vec![None, None, end.clone()],
                3,
            ),
            // One way out of state 2 does not record register 2.
            two_classes(
                vec![[(2, set(1)), (2, set(1))], [(3, set(2)), (3, vec![])], [(0, vec![]), (0, vec![])]],
                vec![None, None, end.clone()],
                3,
            ),
            // State 2 accepts and reads register 2 there, unset.
            two_classes(
                vec![[(2, set(1)), (2, set(1))], [(3, set(2)), (3, set(2))], [(0, vec![]), (0, vec![])]],
                vec![None, end.clone(), end],
                3,
            ),
        ];
        for before in cases {
            let after = commit_early(before.clone());
            assert_eq!(lists(&after), lists(&before));
            same_runs(&before, &after);
        }
    }

    #[test]
    fn a_register_written_twice_by_one_list_stays_where_it_is() {
        // Byte 0's list clears register 1, then records position 0 in it; byte 1's records 0.
        // Taking the `SetPos` out of the first list would leave it unset.
        let clear_then_set = vec![RegOp::Copy { dst: 1, src: UNSET }, RegOp::SetPos { dst: 1 }];
        let before = two_classes(
            vec![
                [(2, clear_then_set), (2, vec![RegOp::SetPos { dst: 1 }])],
                [(3, vec![]), (3, vec![])],
                [(0, vec![]), (0, vec![])],
            ],
            vec![None, None, Some(vec![FinalSrc::Reg(1)])],
            2,
        );
        let after = start_ops_to_prologue(before.clone());
        assert_unchanged(&before, &after);
        assert_eq!(after.run(0, &[0, 0]), Ok(vec![Some(0)]));
        // State 2's ways out record position `i` in register 2, then overwrite it with a copy
        // and record it again: committing the first early and dropping both would keep the copy.
        let set = |dst| vec![RegOp::SetPos { dst }];
        let twice = vec![RegOp::SetPos { dst: 2 }, RegOp::Copy { dst: 2, src: 1 }, RegOp::SetPos { dst: 2 }];
        let before = two_classes(
            vec![[(2, set(1)), (2, set(1))], [(3, twice.clone()), (3, twice)], [(0, vec![]), (0, vec![])]],
            vec![None, None, Some(vec![FinalSrc::Reg(1), FinalSrc::Reg(2)])],
            3,
        );
        let after = commit_early(before.clone());
        assert_eq!(lists(&after), lists(&before));
        assert_eq!(after.run(0, &[0, 0]), Ok(vec![Some(0), Some(1)]));
    }
}
