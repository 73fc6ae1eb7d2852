//! Register equalities over a finished tagged DFA: for each state and each pattern of set
//! registers, which registers differ by a constant on every path that reaches it.
//!
//! A forward must-analysis in the manner of re2c's fixed tags, computed per state rather than per
//! path. Its variables are the registers, the start of the input (`ZERO`, always 0) and the
//! current position (`POS`, one more after every byte; the input's length at the end). A fact is
//! a partition of the set variables into classes whose members differ by known offsets
//! (`x = y + k`). The facts of a state are kept apart by *presence* (which registers are set), so
//! that "this register is unset" is never lost when paths join; joining two facts of the same
//! presence keeps two variables together only when both facts put them in one class at the same
//! distance. Joins only split classes, so the analysis ends.

use std::collections::{BTreeMap, VecDeque};

use crate::capture::tdfa::{FinalSrc, RegOp, Tdfa, UNSET};

/// The class and offset of each variable (`None`: an unset register). Variables are the
/// registers, then `ZERO`, then `POS`.
pub(crate) type Facts = Vec<Option<(u32, i64)>>;

/// Which registers are set.
pub(crate) type Presence = Vec<bool>;

/// The facts of every state, by presence (empty for a state no walk reaches).
pub(crate) struct StateFacts {
    /// `by_state[s]`: the facts that hold whenever a walk is in `s` with a given presence.
    pub(crate) by_state: Vec<BTreeMap<Presence, Facts>>,
    /// The index of the `ZERO` variable (the number of registers).
    pub(crate) zero: usize,
    /// The index of the `POS` variable.
    pub(crate) pos: usize,
}

impl StateFacts {
    /// The variable a final source reads: a register, `POS` for the input's end, `None` for a
    /// slot that is never set there.
    pub(crate) fn var_of(&self, src: FinalSrc) -> Option<usize> {
        match src {
            FinalSrc::End => Some(self.pos),
            FinalSrc::Reg(UNSET) => None,
            FinalSrc::Reg(r) => Some(r as usize),
        }
    }
}

/// Runs the analysis over `tdfa` from every start state.
pub(crate) fn analyze(tdfa: &Tdfa) -> StateFacts {
    let regs = tdfa.registers;
    let (zero, pos) = (regs, regs + 1);
    let live = liveness(tdfa);
    let mut by_state: Vec<BTreeMap<Presence, Facts>> = vec![BTreeMap::new(); tdfa.len()];
    let mut queue = VecDeque::new();
    for (&start, prologue) in tdfa.starts.iter().zip(&tdfa.prologue) {
        let mut f: Facts = vec![None; regs + 2];
        for &r in prologue {
            f[r as usize] = Some((0, 0));
        }
        f[zero] = Some((0, 0));
        f[pos] = Some((0, 0));
        restrict(&mut f, &live[start as usize]);
        canonical(&mut f);
        merge(&mut by_state[start as usize], f, start, &mut queue);
    }
    let stride = tdfa.stride();
    while let Some((state, presence)) = queue.pop_front() {
        let Some(f) = by_state[state as usize].get(&presence).cloned() else { continue };
        let mut seen = Vec::new();
        for c in 0..stride {
            let at = state as usize * stride + c;
            let (target, ops) = (tdfa.trans[at], tdfa.ops[at]);
            if target == 0 || seen.contains(&(target, ops)) {
                continue;
            }
            seen.push((target, ops));
            let mut g = f.clone();
            for op in &tdfa.op_lists[ops as usize] {
                match *op {
                    RegOp::SetPos { dst } => g[dst as usize] = g[pos],
                    RegOp::SetNext { dst } => g[dst as usize] = g[pos].map(|(c, o)| (c, o + 1)),
                    RegOp::Copy { dst, src } => {
                        g[dst as usize] = if src == UNSET { None } else { g[src as usize] }
                    }
                }
            }
            g[pos] = g[pos].map(|(c, o)| (c, o + 1));
            restrict(&mut g, &live[target as usize]);
            canonical(&mut g);
            merge(&mut by_state[target as usize], g, target, &mut queue);
        }
    }
    StateFacts { by_state, zero, pos }
}

/// Records facts `f` for `state`, joined with what is known there already; queues the state's
/// presence again when that changed.
fn merge(known: &mut BTreeMap<Presence, Facts>, f: Facts, state: u32, queue: &mut VecDeque<(u32, Presence)>) {
    let presence: Presence = f[..f.len() - 2].iter().map(Option::is_some).collect();
    match known.get_mut(&presence) {
        None => {
            known.insert(presence.clone(), f);
            queue.push_back((state, presence));
        }
        Some(old) => {
            let joined = join(old, &f);
            if joined != *old {
                *old = joined;
                queue.push_back((state, presence));
            }
        }
    }
}

/// Forgets the registers not live in a state: what they hold is never read.
fn restrict(f: &mut Facts, live: &[bool]) {
    for (v, l) in f.iter_mut().zip(live) {
        if !l {
            *v = None;
        }
    }
}

/// Numbers classes in order of their first variable and makes that variable's offset 0, so that
/// equal facts compare equal.
fn canonical(f: &mut Facts) {
    let mut ids: Vec<(u32, i64)> = Vec::new();
    for (class, offset) in f.iter_mut().flatten() {
        let id = ids.iter().position(|&(c, _)| c == *class).unwrap_or_else(|| {
            ids.push((*class, *offset));
            ids.len() - 1
        });
        *offset -= ids[id].1;
        *class = id as u32;
    }
}

/// The facts that hold in both `a` and `b` (of the same presence): two variables stay in one
/// class when each puts them in one class at the same distance.
fn join(a: &Facts, b: &Facts) -> Facts {
    let mut keys: Vec<(u32, u32, i64)> = Vec::new();
    let mut out: Facts = a
        .iter()
        .zip(b)
        .map(|(x, y)| match (*x, *y) {
            (Some((ca, oa)), Some((cb, ob))) => {
                let key = (ca, cb, oa - ob);
                let id = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                    keys.push(key);
                    keys.len() - 1
                });
                Some((id as u32, oa))
            }
            _ => None,
        })
        .collect();
    canonical(&mut out);
    out
}

/// The registers each state may read before writing them (in an operation or at its end).
fn liveness(tdfa: &Tdfa) -> Vec<Vec<bool>> {
    let regs = tdfa.registers;
    let stride = tdfa.stride();
    let mut live: Vec<Vec<bool>> = tdfa
        .finals
        .iter()
        .map(|f| {
            let mut l = vec![false; regs];
            for src in f.iter().flatten() {
                if let FinalSrc::Reg(r) = *src {
                    l[r as usize] = r != UNSET;
                }
            }
            l
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for s in 1..tdfa.len() {
            for c in 0..stride {
                let at = s * stride + c;
                let target = tdfa.trans[at] as usize;
                if target == 0 {
                    continue;
                }
                let mut l = live[target].clone();
                for op in tdfa.op_lists[tdfa.ops[at] as usize].iter().rev() {
                    match *op {
                        RegOp::SetPos { dst } | RegOp::SetNext { dst } => l[dst as usize] = false,
                        RegOp::Copy { dst, src } => {
                            if l[dst as usize] {
                                l[dst as usize] = false;
                                l[src as usize] = src != UNSET;
                            }
                        }
                    }
                }
                for r in 0..regs {
                    if l[r] && !live[s][r] {
                        live[s][r] = true;
                        changed = true;
                    }
                }
            }
        }
    }
    live
}
