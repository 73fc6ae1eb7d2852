//! Tagged DFA construction with one byte of lookahead (TDFA(1)).
//!
//! This follows Laurikari's tagged DFA as refined by Trofimovich ("Tagged Deterministic Finite
//! Automata with Lookahead", 2017; re2c): a DFA state is a list of NFA threads in priority order,
//! each thread holding a register per tag slot, plus the tags it has passed in the epsilon closure
//! but not yet committed (its lookahead tags). The lookahead tags are committed on the outgoing
//! transition that thread actually takes, so a state that loops on a byte class (a path, a query)
//! carries no register operation on the loop and the recognizer's fast path still applies.
//!
//! Threads are kept in priority order (ABNF source order of alternatives, repetition greedy); when
//! two threads reach the same NFA state the first one wins. If they disagree on some tag, that is
//! an ambiguity of the captures, reported with the slots involved.
//!
//! New states reuse an existing state when their threads match it up to a renaming of registers;
//! the renaming becomes copy operations on the transition. Registers are finally coloured so that
//! registers never live in the same state share a number.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::automata::classes::ByteClasses;
use crate::automata::nfa::{Nfa, State, StateId};
use crate::automata::renumber::{breadth_first, merge_equal_columns, remap_classes};
use crate::capture::live_tags::LiveTags;
use crate::progress::{Observer, Progress, Stage, EVERY};

/// Register 0 is never written: it means "tag not set".
pub const UNSET: u32 = 0;

/// A register operation on a transition, executed before the byte at position `i` is consumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegOp {
    /// `dst := i`.
    SetPos {
        /// The register written.
        dst: u32,
    },
    /// `dst := i + 1`: the position after the byte, which the next transition would record
    /// with `SetPos` (see `capture::regalloc::commit_early`).
    SetNext {
        /// The register written.
        dst: u32,
    },
    /// `dst := src`.
    Copy {
        /// The register written.
        dst: u32,
        /// The register read.
        src: u32,
    },
}

impl RegOp {
    /// The register the operation writes.
    pub fn dst(self) -> u32 {
        match self {
            RegOp::SetPos { dst } | RegOp::SetNext { dst } | RegOp::Copy { dst, .. } => dst,
        }
    }
}

/// Where a slot's final value comes from in an accepting state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FinalSrc {
    /// The input length (a lookahead tag committed at the end).
    End,
    /// A register ([`UNSET`] when the slot is not set).
    Reg(u32),
}

/// A tagged DFA with one start state per parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tdfa {
    /// Byte classes of the table columns.
    pub classes: ByteClasses,
    /// `trans[state * stride + class]`: the next state (0 is dead).
    pub trans: Vec<u32>,
    /// `ops[state * stride + class]`: index into `op_lists` (0: the empty list).
    pub ops: Vec<u32>,
    /// Operation lists; entry 0 is empty.
    pub op_lists: Vec<Vec<RegOp>>,
    /// For accepting states, where each slot's value comes from.
    pub finals: Vec<Option<Vec<FinalSrc>>>,
    /// The start state of each parser.
    pub starts: Vec<u32>,
    /// For each parser, the registers set to position 0 before the first byte: the positions
    /// the first transition would record at 0 on every path that reads them, taken out of the
    /// transitions so that they carry no operation (see
    /// `capture::regalloc::start_ops_to_prologue`).
    pub prologue: Vec<Vec<u32>>,
    /// The number of registers, register 0 (never written, "unset") included.
    pub registers: usize,
    /// The number of tag slots.
    pub slots: usize,
}

impl Tdfa {
    /// The number of table columns.
    pub fn stride(&self) -> usize {
        self.classes.len()
    }

    /// The number of states, dead state included.
    pub fn len(&self) -> usize {
        self.finals.len()
    }

    /// Always false: the dead state is always there.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The bytes on which `state` goes back to itself with no register operation.
    pub fn self_loop_bytes(&self, state: u32) -> Vec<u8> {
        (0..=255u8).filter(|&b| state != 0 && self.plain_step(state, b) == Some(state)).collect()
    }

    /// The state `state` goes to on byte `b` with no register operation, or `None` where that
    /// transition has operations or leads to the dead state.
    pub fn plain_step(&self, state: u32, b: u8) -> Option<u32> {
        let at = state as usize * self.stride() + self.classes.get(b);
        (self.ops[at] == 0 && self.trans[at] != 0).then_some(self.trans[at])
    }

    /// Reads `input` with parser `start` as [`Tdfa::run`] does, calling `visit(state, byte)` for
    /// each byte read with the state that reads it; stops at the end or where the input cannot
    /// go on.
    pub fn trace(&self, start: usize, input: &[u8], mut visit: impl FnMut(u32, u8)) {
        let mut state = self.starts[start];
        for &b in input {
            visit(state, b);
            state = self.trans[state as usize * self.stride() + self.classes.get(b)];
            if state == 0 {
                break;
            }
        }
    }

    /// Runs parser `start` over `input`: the slot values (`None` when unset), or the index of the
    /// first byte that cannot continue a match (the input length if the input ended too early).
    pub fn run(&self, start: usize, input: &[u8]) -> Result<Vec<Option<usize>>, usize> {
        let stride = self.stride();
        let mut regs = vec![None; self.registers];
        for &r in &self.prologue[start] {
            regs[r as usize] = Some(0);
        }
        let mut s = self.starts[start] as usize;
        for (i, &b) in input.iter().enumerate() {
            let at = s * stride + self.classes.get(b);
            apply(&self.op_lists[self.ops[at] as usize], i, &mut regs);
            s = self.trans[at] as usize;
            if s == 0 {
                return Err(i);
            }
        }
        let finals = self.finals[s].as_ref().ok_or(input.len())?;
        Ok(finals
            .iter()
            .map(|src| match *src {
                FinalSrc::End => Some(input.len()),
                FinalSrc::Reg(r) => regs[r as usize],
            })
            .collect())
    }
}

fn apply(ops: &[RegOp], i: usize, regs: &mut [Option<usize>]) {
    for op in ops {
        match *op {
            RegOp::SetPos { dst } => regs[dst as usize] = Some(i),
            RegOp::SetNext { dst } => regs[dst as usize] = Some(i + 1),
            RegOp::Copy { dst, src } => regs[dst as usize] = regs[src as usize],
        }
    }
}

/// An ambiguity: two threads reached the same NFA state with different tags.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ambiguity {
    /// The slots whose values differ between the threads.
    pub slots: Vec<u32>,
}

/// The construction failed: too many states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooManyStates {
    /// The limit reached.
    pub limit: usize,
    /// The parser with the most states when the limit was reached.
    pub parser: usize,
    /// The slots whose registers tell apart states that are otherwise the same (same NFA
    /// states, same lookahead tags), each with how many such copies it accounts for, most
    /// first; empty when the states differ in their NFA states alone (the rule itself is that
    /// large).
    pub slots: Vec<(u32, usize)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Thread {
    pub(crate) nfa: StateId,
    pub(crate) regs: Vec<u32>,
    pub(crate) lookahead: Vec<u32>,
    /// The slots this thread has recorded through tags that record once (sorted): a later
    /// passage through such a tag records nothing. Part of a state's shape, so that states
    /// know which first occurrences are behind them.
    pub(crate) done: Vec<u32>,
}

/// Builds the TDFA for `nfas` (one per parser, named `names` in progress reports) over `classes`,
/// with `slots` tag slots and at most `limit` states.
pub fn build(
    nfas: &[Nfa],
    classes: &ByteClasses,
    slots: usize,
    limit: usize,
    progress: &Observer,
    names: &[String],
) -> Result<(Tdfa, BTreeSet<Ambiguity>), TooManyStates> {
    build_preferring(nfas, classes, slots, limit, progress, names, None)
}

/// [`build`], with the threads of each state put in the order `preference` asks for before they
/// move on (see [`crate::capture::prefer`]).
pub(crate) fn build_preferring(
    nfas: &[Nfa],
    classes: &ByteClasses,
    slots: usize,
    limit: usize,
    progress: &Observer,
    names: &[String],
    preference: Option<&crate::capture::prefer::Preference>,
) -> Result<(Tdfa, BTreeSet<Ambiguity>), TooManyStates> {
    let stride = classes.len();
    let reps = classes.representatives();
    let name = |p: usize| names.get(p).map_or("", String::as_str);
    let mut b = Builder {
        live: nfas.iter().map(|nfa| LiveTags::of(nfa, slots)).collect(),
        states: vec![(usize::MAX, Vec::new())],
        by_shape: HashMap::new(),
        by_pattern: HashMap::new(),
        next_reg: 1,
        cleared: BTreeMap::new(),
        ambiguities: BTreeSet::new(),
        slots,
        owner: Vec::new(),
        stamp: 0,
    };
    let mut trans = vec![0u32; stride];
    let mut ops_index = vec![0u32; stride];
    let mut op_lists: Vec<Vec<RegOp>> = vec![Vec::new()];
    let mut op_ids: HashMap<Vec<RegOp>, u32> = HashMap::from([(Vec::new(), 0)]);
    let mut starts = Vec::new();
    for (p, nfa) in nfas.iter().enumerate() {
        let threads = b.closure(p, nfa, vec![(nfa.start, vec![UNSET; slots], Vec::new())]);
        let id = b.states.len() as u32;
        b.insert(p, threads);
        trans.extend(std::iter::repeat_n(0, stride));
        ops_index.extend(std::iter::repeat_n(0, stride));
        starts.push(id);
    }
    let mut current = 1;
    while current < b.states.len() {
        let (parser, threads) = b.states[current].clone();
        let nfa = &nfas[parser];
        // Classes that move the same threads lead to the same threads: their closure is
        // computed once per state, and so is the existing state they map onto, once found.
        let mut moves: HashMap<Vec<u32>, Move> = HashMap::new();
        for (class, &byte) in reps.iter().enumerate() {
            let moving: Vec<u32> = (0..threads.len() as u32)
                .filter(|&i| match nfa.states[threads[i as usize].nfa as usize] {
                    State::Range { lo, hi, .. } => lo <= byte && byte <= hi,
                    _ => false,
                })
                .collect();
            let step = moves.entry(moving).or_insert_with_key(|moving| {
                // Commit each moving thread's lookahead tags: one fresh register per slot, all
                // set to the position of this byte.
                let mut fresh: BTreeMap<u32, u32> = BTreeMap::new();
                let mut moved = Vec::new();
                for &i in moving {
                    let t = &threads[i as usize];
                    let State::Range { next, .. } = nfa.states[t.nfa as usize] else { continue };
                    let mut regs = t.regs.clone();
                    for &slot in &t.lookahead {
                        let n = fresh.len() as u32;
                        regs[slot as usize] = *fresh.entry(slot).or_insert(FRESH_BASE + n);
                    }
                    moved.push((next, regs, t.done.clone()));
                }
                if let Some(preference) = preference {
                    preference.order(parser, &mut moved);
                }
                Move { threads: b.closure(parser, nfa, moved), fresh, found: None }
            });
            let at = current * stride + class;
            if step.threads.is_empty() {
                continue;
            }
            let found = step.found.clone().or_else(|| {
                let (target, mapping) = b.find(parser, &step.threads)?;
                step.found = Some((target, b.transfer_ops(&mapping)));
                step.found.clone()
            });
            let (target, ops) = match found {
                Some(found) => found,
                None => {
                    if b.states.len() >= limit {
                        return Err(crate::capture::budget::too_many(&b.states, limit, slots, DEAD));
                    }
                    if b.states.len().is_multiple_of(EVERY) {
                        let states = b.states.len();
                        progress.report(Progress {
                            stage: Stage::TaggedDfa,
                            what: name(parser),
                            states,
                            done: false,
                        });
                    }
                    // Give the fresh placeholders real register numbers.
                    let mut renamed = BTreeMap::new();
                    let mut ops = Vec::new();
                    for &placeholder in step.fresh.values() {
                        let reg = b.next_reg;
                        b.next_reg += 1;
                        renamed.insert(placeholder, reg);
                        ops.push(RegOp::SetPos { dst: reg });
                    }
                    let threads = b.realize(step.threads.clone(), &renamed, &mut ops);
                    let target = b.states.len() as u32;
                    b.insert(parser, threads);
                    trans.extend(std::iter::repeat_n(0, stride));
                    ops_index.extend(std::iter::repeat_n(0, stride));
                    (target, ops)
                }
            };
            trans[at] = target;
            let n = op_lists.len() as u32;
            let id = *op_ids.entry(ops.clone()).or_insert(n);
            if id == n {
                op_lists.push(ops);
            }
            ops_index[at] = id;
        }
        current += 1;
    }
    let finals = b
        .states
        .iter()
        .map(|(parser, threads)| {
            let nfa = nfas.get(*parser)?;
            let t = threads.iter().find(|t| matches!(nfa.states[t.nfa as usize], State::Match))?;
            Some(
                (0..slots as u32)
                    .map(|s| {
                        if t.lookahead.contains(&s) {
                            FinalSrc::End
                        } else {
                            FinalSrc::Reg(t.regs[s as usize])
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let tdfa = Tdfa {
        classes: classes.clone(),
        trans,
        ops: ops_index,
        op_lists,
        finals,
        prologue: vec![Vec::new(); starts.len()],
        starts,
        registers: b.next_reg as usize + 1,
        slots,
    };
    let states = tdfa.len();
    progress.report(Progress { stage: Stage::TaggedDfa, what: "", states, done: true });
    Ok((tdfa, b.ambiguities))
}

/// Where the threads of a state go on the bytes of the classes that move the same threads.
struct Move {
    /// The threads after the byte, registers committed on it as placeholders (`fresh`).
    threads: Vec<Thread>,
    /// The placeholder of each slot committed on the byte.
    fresh: BTreeMap<u32, u32>,
    /// The existing state those threads map onto and the operations that move the registers,
    /// once a lookup found one. (A state made for them is looked up again by the next class, so
    /// that its transitions are those a lookup gives.)
    found: Option<(u32, Vec<RegOp>)>,
}

/// Placeholder register numbers for fresh registers, above any real one.
const FRESH_BASE: u32 = u32::MAX / 2;

/// A scratch register for breaking copy cycles; renumbered by register allocation.
const SCRATCH: u32 = FRESH_BASE - 1;

/// The register of a slot whose value is dead where the thread stands (see
/// [`crate::live_tags`]): never read, never written by an operation, and equal only to itself
/// when states are compared.
const DEAD: u32 = u32::MAX;

struct Builder {
    /// The live slots of each parser's NFA states.
    live: Vec<LiveTags>,
    /// Each state's parser and threads; state 0 is dead.
    states: Vec<(usize, Vec<Thread>)>,
    /// States by parser and shape (NFA states and lookahead tags, registers left out).
    by_shape: HashMap<(usize, Shape), Vec<u32>>,
    /// States by parser, shape and register pattern ([`pattern`]): a state whose threads hold no
    /// unset register maps onto an existing one exactly when both agree on all three, so it is
    /// found by one lookup instead of a scan of every state of its shape.
    by_pattern: HashMap<(usize, Shape, Vec<u32>), u32>,
    next_reg: u32,
    /// The register that stands for "cleared" for each slot in newly made states.
    cleared: BTreeMap<u32, u32>,
    ambiguities: BTreeSet<Ambiguity>,
    slots: usize,
    /// Scratch for [`Builder::closure`], indexed by NFA state: the closure that last reached
    /// the state (its stamp), the seed that reached it first and that seed's lookahead there.
    owner: Vec<(u32, usize, Vec<u32>)>,
    /// The stamp of the current closure.
    stamp: u32,
}

/// A state's registers renumbered in order of first use over its threads (unset stays 0), so
/// that two states whose registers differ only by a renaming have the same pattern.
fn pattern(threads: &[Thread]) -> Vec<u32> {
    // A state holds few distinct registers: a list searched from the back (where the register
    // just seen usually is) beats hashing each of its threads' slots.
    let mut first: Vec<u32> = vec![UNSET];
    let mut out = Vec::with_capacity(threads.len() * threads.first().map_or(0, |t| t.regs.len()));
    for t in threads {
        for &r in &t.regs {
            if r == DEAD {
                out.push(DEAD);
                continue;
            }
            let number = match first.iter().rposition(|&f| f == r) {
                Some(i) => i,
                None => {
                    first.push(r);
                    first.len() - 1
                }
            };
            out.push(number as u32);
        }
    }
    out
}

/// A state's threads without their registers: each thread's NFA state, the number of its
/// lookahead tags and the tags, the number of its slots recorded once and the slots, in one
/// vector (one allocation to build, hash and compare).
type Shape = Vec<u32>;

fn shape(threads: &[Thread]) -> Shape {
    let mut out = Vec::with_capacity(threads.iter().map(|t| 3 + t.lookahead.len() + t.done.len()).sum());
    for t in threads {
        out.push(t.nfa);
        out.push(t.lookahead.len() as u32);
        out.extend(&t.lookahead);
        out.push(t.done.len() as u32);
        out.extend(&t.done);
    }
    out
}

impl Builder {
    /// Gives placeholders their real registers and every unset slot a register of its own
    /// (cleared by the transition), so that later arrivals with other set/unset patterns can
    /// map onto this state instead of making a copy of it.
    fn realize(
        &mut self,
        threads: Vec<Thread>,
        renamed: &BTreeMap<u32, u32>,
        ops: &mut Vec<RegOp>,
    ) -> Vec<Thread> {
        let mut cleared: BTreeMap<u32, u32> = BTreeMap::new();
        let cleared_regs = &mut self.cleared;
        threads
            .into_iter()
            .map(|mut t| {
                for (slot, r) in t.regs.iter_mut().enumerate() {
                    if let Some(&real) = renamed.get(r) {
                        *r = real;
                    } else if *r == UNSET {
                        let next = &mut self.next_reg;
                        *r = *cleared.entry(slot as u32).or_insert_with(|| {
                            // One register per slot serves as "cleared" everywhere.
                            let reg = *cleared_regs.entry(slot as u32).or_insert_with(|| {
                                *next += 1;
                                *next - 1
                            });
                            ops.push(RegOp::Copy { dst: reg, src: UNSET });
                            reg
                        });
                    }
                }
                t
            })
            .collect()
    }

    fn insert(&mut self, parser: usize, threads: Vec<Thread>) {
        let id = self.states.len() as u32;
        let shape = shape(&threads);
        self.by_pattern.entry((parser, shape.clone(), pattern(&threads))).or_insert(id);
        self.by_shape.entry((parser, shape)).or_default().push(id);
        self.states.push((parser, threads));
    }

    /// The epsilon closure of `seeds` (in priority order), each thread collecting the tags it
    /// passes as lookahead. The first thread to reach an NFA state owns it.
    fn closure(
        &mut self,
        parser: usize,
        nfa: &Nfa,
        seeds: Vec<(StateId, Vec<u32>, Vec<u32>)>,
    ) -> Vec<Thread> {
        // Each NFA state reached in this closure (stamped with `self.stamp`): the seed whose
        // registers reached it first, and its lookahead.
        self.stamp += 1;
        let stamp = self.stamp;
        if self.owner.len() < nfa.states.len() {
            self.owner.resize(nfa.states.len(), (0, 0, Vec::new()));
        }
        let mut out = Vec::new();
        let mut stack: Vec<(StateId, Vec<u32>, Vec<u32>)> = Vec::new();
        for (seed, (start, regs, done)) in seeds.iter().enumerate() {
            stack.push((*start, Vec::new(), done.clone()));
            while let Some((s, lookahead, done)) = stack.pop() {
                let (at, first, owner_la) = &self.owner[s as usize];
                if *at == stamp {
                    let (first, owner_la) = (*first, owner_la.clone());
                    self.note_conflict(&seeds[first].1, &owner_la, regs, &lookahead);
                    continue;
                }
                self.owner[s as usize] = (stamp, seed, lookahead.clone());
                match &nfa.states[s as usize] {
                    State::Range { .. } | State::Match => {
                        let mut la = lookahead;
                        la.sort_unstable();
                        la.dedup();
                        // A slot about to be committed, or written again before any match,
                        // holds nothing that matters here.
                        let live = &self.live[parser];
                        let mut regs = regs.clone();
                        for (slot, r) in regs.iter_mut().enumerate() {
                            let slot = slot as u32;
                            if la.binary_search(&slot).is_ok() || !live.is_live(s, slot) {
                                *r = DEAD;
                            }
                        }
                        out.push(Thread { nfa: s, regs, lookahead: la, done });
                    }
                    State::Split(targets) => {
                        for &t in targets.iter().rev() {
                            stack.push((t, lookahead.clone(), done.clone()));
                        }
                    }
                    State::Tag { slot, once: false, next } => {
                        let mut la = lookahead;
                        la.push(*slot);
                        stack.push((*next, la, done));
                    }
                    State::Tag { slot, once: true, next } => match done.binary_search(slot) {
                        Ok(_) => stack.push((*next, lookahead, done)),
                        Err(at) => {
                            let (mut la, mut done) = (lookahead, done);
                            la.push(*slot);
                            done.insert(at, *slot);
                            stack.push((*next, la, done));
                        }
                    },
                }
            }
        }
        out
    }

    fn note_conflict(&mut self, regs_a: &[u32], la_a: &[u32], regs_b: &[u32], la_b: &[u32]) {
        let differing: Vec<u32> = (0..self.slots as u32)
            .filter(|&s| {
                // A dead value (see [`DEAD`]) is dead wherever the thread goes: it cannot
                // make two ways through one state disagree.
                let dead = |la: &[u32], regs: &[u32]| !la.contains(&s) && regs[s as usize] == DEAD;
                if dead(la_a, regs_a) || dead(la_b, regs_b) {
                    return false;
                }
                let a = (la_a.contains(&s), if la_a.contains(&s) { 0 } else { regs_a[s as usize] });
                let b = (la_b.contains(&s), if la_b.contains(&s) { 0 } else { regs_b[s as usize] });
                a != b
            })
            .collect();
        if !differing.is_empty() {
            self.ambiguities.insert(Ambiguity { slots: differing });
        }
    }

    /// An existing state with the same shape whose registers correspond one to one with those of
    /// `threads`; returns it and the mapping (existing register, register or placeholder in `threads`).
    fn find(&self, parser: usize, threads: &[Thread]) -> Option<(u32, Vec<(u32, u32)>)> {
        if threads.iter().all(|t| !t.regs.contains(&UNSET)) {
            // Without an unset register a mapping is a bijection between the registers, which
            // exists exactly when both states number their registers alike in order of first use
            // (no two states share a pattern, so this is the state a scan would find first).
            let id = *self.by_pattern.get(&(parser, shape(threads), pattern(threads)))?;
            let existing = &self.states[id as usize].1;
            // Few distinct pairs among many slots: keep each once as it comes, then sort.
            let mut mapping: Vec<(u32, u32)> = Vec::new();
            let pairs = existing
                .iter()
                .zip(threads)
                .flat_map(|(old, new)| old.regs.iter().copied().zip(new.regs.iter().copied()));
            for pair in pairs.filter(|&(e, _)| e != UNSET && e != DEAD) {
                if !mapping.iter().rev().any(|&p| p == pair) {
                    mapping.push(pair);
                }
            }
            mapping.sort_unstable();
            return Some((id, mapping));
        }
        let candidates = self.by_shape.get(&(parser, shape(threads)))?;
        'candidates: for &id in candidates {
            let existing = &self.states[id as usize].1;
            let mut forward: BTreeMap<u32, u32> = BTreeMap::new();
            let mut backward: BTreeMap<u32, u32> = BTreeMap::new();
            for (old, new) in existing.iter().zip(threads) {
                for (&e, &n) in old.regs.iter().zip(&new.regs) {
                    if e == DEAD || n == DEAD {
                        // Dead slots follow from the shape, which both states share.
                        if e != n {
                            continue 'candidates;
                        }
                        continue;
                    }
                    // An unset register may be copied into a real one (which then holds "unset"),
                    // never the other way round.
                    if e == UNSET && n != UNSET {
                        continue 'candidates;
                    }
                    if n != UNSET && *forward.entry(n).or_insert(e) != e {
                        continue 'candidates;
                    }
                    if *backward.entry(e).or_insert(n) != n {
                        continue 'candidates;
                    }
                }
            }
            return Some((id, backward.into_iter().filter(|&(e, _)| e != UNSET).collect()));
        }
        None
    }

    /// The operations that move values into an existing state's registers: set fresh ones to the
    /// position, copy the others, ordered so that no register is overwritten before it is read.
    fn transfer_ops(&self, mapping: &[(u32, u32)]) -> Vec<RegOp> {
        let mut sets = Vec::new();
        let mut copies: Vec<(u32, u32)> = Vec::new();
        for &(dst, src) in mapping {
            if src >= FRESH_BASE {
                sets.push(RegOp::SetPos { dst });
            } else if src != dst {
                copies.push((dst, src));
            }
        }
        let mut ops = Vec::new();
        while !copies.is_empty() {
            let ready = copies.iter().position(|&(dst, _)| !copies.iter().any(|&(_, src)| src == dst));
            match ready {
                Some(i) => {
                    let (dst, src) = copies.remove(i);
                    ops.push(RegOp::Copy { dst, src });
                }
                None => {
                    // A cycle: park one destination's value in the scratch register.
                    let (dst, _) = copies[0];
                    ops.push(RegOp::Copy { dst: SCRATCH, src: dst });
                    for c in &mut copies {
                        if c.1 == dst {
                            c.1 = SCRATCH;
                        }
                    }
                }
            }
        }
        ops.extend(sets);
        ops
    }
}

impl Tdfa {
    /// Merges states that behave the same: same final slot sources, and for every class the same
    /// register operations into equivalent states (Moore's partition refinement, with the
    /// operations as part of the transition label). The dead state stays 0 and states are
    /// renumbered breadth-first from the starts, so the result is deterministic.
    pub fn minimize(&self) -> Tdfa {
        let n = self.len();
        let stride = self.stride();
        // Start from states grouped by what they output at the end (the dead state among the
        // ones that do not accept: it stays number 0 after renumbering all the same).
        let mut block: Vec<usize> = {
            let mut ids: HashMap<&Option<Vec<FinalSrc>>, usize> = HashMap::new();
            self.finals
                .iter()
                .map(|f| {
                    let next = ids.len();
                    *ids.entry(f).or_insert(next)
                })
                .collect()
        };
        loop {
            let mut ids: HashMap<(usize, Vec<(usize, u32)>), usize> = HashMap::new();
            let mut refined = Vec::with_capacity(n);
            for s in 0..n {
                let row = (0..stride)
                    .map(|c| (block[self.trans[s * stride + c] as usize], self.ops[s * stride + c]))
                    .collect();
                let next = ids.len();
                refined.push(*ids.entry((block[s], row)).or_insert(next));
            }
            let before = block.iter().collect::<BTreeSet<_>>().len();
            let after = ids.len();
            block = refined;
            if after == before {
                break;
            }
        }
        // Renumber: dead first, then breadth-first from the starts.
        let blocks = block.iter().max().map_or(1, |m| m + 1);
        let mut rep = vec![0usize; blocks];
        for s in (0..n).rev() {
            rep[block[s]] = s;
        }
        let (number, order) = breadth_first(&block, &rep, &self.trans, stride, &self.starts);
        let mut trans = Vec::with_capacity(order.len() * stride);
        let mut ops = Vec::with_capacity(order.len() * stride);
        let mut finals = Vec::with_capacity(order.len());
        for &b in &order {
            let s = rep[b];
            for c in 0..stride {
                trans.push(number[block[self.trans[s * stride + c] as usize]]);
                ops.push(self.ops[s * stride + c]);
            }
            finals.push(self.finals[s].clone());
        }
        let starts = self.starts.iter().map(|&s| number[block[s as usize]]).collect();
        Tdfa { trans, ops, finals, starts, ..self.clone() }
    }

    /// Merges byte classes whose columns (targets and operations) are equal in every state.
    pub fn compact_classes(&self) -> Tdfa {
        let stride = self.stride();
        let (remap, kept) = merge_equal_columns(self.len(), stride, |s, c| {
            (self.trans[s * stride + c], self.ops[s * stride + c])
        });
        let pick = |table: &[u32]| -> Vec<u32> {
            (0..self.len()).flat_map(|s| kept.iter().map(move |&c| table[s * stride + c])).collect()
        };
        Tdfa {
            classes: remap_classes(&self.classes, &remap),
            trans: pick(&self.trans),
            ops: pick(&self.ops),
            ..self.clone()
        }
    }
}
