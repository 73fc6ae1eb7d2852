//! Shared sub-automata: one copy of a rule's automaton for every context that uses it, entered by
//! a call that records where to return.
//!
//! Minimization merges states with equal futures, so a rule used in several contexts is copied
//! once per distinct continuation: RFC 3986's `IP-literal` (about 150 states of IPv6 address
//! syntax) appears in `URI`, `absolute-URI`, `hier-part`, `authority`, `host` and more, because
//! what may follow the closing `]` differs in each. The copies are identical up to that last
//! step. This pass keeps one copy, the *body*, and turns every other into a *call*: entering the
//! body also sets a return register to the state the copy would have gone to on leaving, and the
//! body's leaving transitions become *returns* to that register.
//!
//! The register holds one state, so bodies never call (depth one), and the automaton stays
//! deterministic and one step per byte: a call or a return is a table entry like any other, with
//! one more load. A rule qualifies when its automaton is *prefix-free* (no match is a proper
//! prefix of another: its accepting states have no way on), so a match ends at a known byte and
//! the return happens on that byte's transition; `IP-literal` ends with `]`.
//!
//! Copies are found on the minimized automaton itself, by pairing each copy's states with the
//! body's from an entry state: the pairing must preserve every transition, acceptance, and map all
//! of the body's exits to one return state. Whatever is not an exact copy stays as it was, so the
//! result accepts exactly the language of the input automaton from every start state.

use std::collections::BTreeMap;

use crate::automata::classes::ByteClasses;
use crate::automata::dfa::{Dfa, DEAD};

/// A body needs at least this many states to be worth a call.
pub const MIN_BODY: usize = 8;

/// Where a transition of a [`Shared`] automaton leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// An ordinary state; `State(0)` is the dead state.
    State(u32),
    /// Leave the body: the next state is the one in the return register.
    Return,
    /// Enter a body: `calls[k]` gives the state and the new value of the return register.
    Call(u32),
}

/// An automaton with shared bodies, over the byte classes of the [`Dfa`] it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    /// The byte classes the columns stand for.
    pub classes: ByteClasses,
    /// Columns per state: the number of byte classes.
    pub stride: usize,
    /// `trans[state * stride + class]`.
    pub trans: Vec<Target>,
    /// Whether each state accepts.
    pub accept: Vec<bool>,
    /// For each start of the input automaton: the state, and the return register's first value
    /// (0 unless the start lies in a body).
    pub starts: Vec<(u32, u32)>,
    /// For each call: the body state it enters and the state to return to.
    pub calls: Vec<(u32, u32)>,
    /// How many bodies are shared.
    pub bodies: usize,
    /// How many states of the input automaton the copies held.
    pub removed: usize,
}

impl Shared {
    /// The number of states, the dead state included.
    pub fn len(&self) -> usize {
        self.accept.len()
    }

    /// Always false: the dead state is always there.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// One step from `state` with return register `ret` on byte class `class`: the next state and
    /// register. The next state is 0 when the input cannot go on.
    pub fn step(&self, state: u32, ret: u32, class: usize) -> (u32, u32) {
        match self.trans[state as usize * self.stride + class] {
            Target::State(next) => (next, ret),
            Target::Return => (ret, ret),
            Target::Call(k) => self.calls[k as usize],
        }
    }

    /// Whether the whole of `input` is a match from start `start` (an index of the input
    /// automaton's starts).
    pub fn matches(&self, start: usize, input: &[u8]) -> bool {
        self.longest_match(start, input) == Some(input.len())
    }

    /// The length of the longest prefix of `input` that matches from start `start`.
    pub fn longest_match(&self, start: usize, input: &[u8]) -> Option<usize> {
        let (mut state, mut ret) = self.starts[start];
        let mut last = self.accept[state as usize].then_some(0);
        for (i, &b) in input.iter().enumerate() {
            (state, ret) = self.step(state, ret, self.classes.get(b));
            if state == DEAD {
                break;
            }
            if self.accept[state as usize] {
                last = Some(i + 1);
            }
        }
        last
    }

    /// Reads `input` from start `start` (an index of the input automaton's starts) as
    /// [`Shared::longest_match`] does, calling `visit(state, byte)` for each byte read with the
    /// state that reads it; stops at the end or where the input cannot go on.
    pub fn trace(&self, start: usize, input: &[u8], mut visit: impl FnMut(u32, u8)) {
        let (mut state, mut ret) = self.starts[start];
        for &b in input {
            visit(state, b);
            (state, ret) = self.step(state, ret, self.classes.get(b));
            if state == DEAD {
                break;
            }
        }
    }

    /// The state `state` goes to on byte `b` by an ordinary transition (no call or return), or
    /// `None` where it calls, returns or dies.
    pub fn plain_step(&self, state: u32, b: u8) -> Option<u32> {
        match self.trans[state as usize * self.stride + self.classes.get(b)] {
            Target::State(next) if next != DEAD => Some(next),
            _ => None,
        }
    }

    /// The bytes on which `state` goes back to itself, whatever the register holds.
    pub fn self_loop_classes(&self, state: u32) -> impl Iterator<Item = usize> + '_ {
        (0..self.stride).filter(move |&c| {
            state != DEAD && self.trans[state as usize * self.stride + c] == Target::State(state)
        })
    }
}

/// What the pass decided for one state of the input automaton.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Kept as it is.
    Plain,
    /// Kept, as a state of a body whose exits lead to `exit` in the input automaton.
    Body { exit: u32 },
    /// Removed: a copy of body state `of` in a context that returns to `ret`.
    Copy { of: u32, ret: u32 },
}

/// Shares every body of at least `min_body` states (see the module documentation).
pub fn share(dfa: &Dfa, min_body: usize) -> Shared {
    let stride = dfa.stride();
    let next = |s: u32, c: usize| dfa.trans[s as usize * stride + c];
    let mut role = vec![Role::Plain; dfa.len()];
    // States that must stay: return targets, and the exits of bodies.
    let mut pinned = vec![false; dfa.len()];
    pinned[DEAD as usize] = true;

    let mut candidates: Vec<(usize, u32, Vec<u32>, u32)> = Vec::new();
    let mut starts: Vec<u32> = dfa.starts.clone();
    starts.sort_unstable();
    starts.dedup();
    for &start in &starts {
        if let Some((body, exit)) = prefix_free_body(dfa, start) {
            if body.len() >= min_body {
                candidates.push((body.len(), start, body, exit));
            }
        }
    }
    // Largest bodies first; ties by start state, so the choice does not depend on rule order.
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));

    let mut bodies = 0;
    for (_, start, body, exit) in candidates {
        if body.iter().any(|&s| role[s as usize] != Role::Plain || pinned[s as usize])
            || role[exit as usize] != Role::Plain
        {
            continue;
        }
        let mut in_body = vec![false; dfa.len()];
        for &s in &body {
            in_body[s as usize] = true;
        }
        let mut entries: Vec<u32> =
            (0..stride).map(|c| next(start, c)).filter(|&t| in_body[t as usize]).collect();
        entries.sort_unstable();
        entries.dedup();

        let mut copies = Vec::new();
        let mut taken = in_body.clone();
        for u in 1..dfa.len() as u32 {
            // A state already in this body or a copy of it, given a role by an earlier body, or
            // kept as a return state, cannot be part of a new copy.
            let unavailable =
                |v: u32| taken[v as usize] || role[v as usize] != Role::Plain || pinned[v as usize];
            if unavailable(u) {
                continue;
            }
            let found = entries.iter().find_map(|&e| pair(dfa, &in_body, exit, e, u, unavailable));
            if let Some((map, ret)) = found {
                if taken[ret as usize] || role[ret as usize] != Role::Plain {
                    continue;
                }
                for &copy in map.keys() {
                    taken[copy as usize] = true;
                }
                // A later copy must not swallow this one's return state (a rule repeated
                // back to back returns into the next copy's entry).
                pinned[ret as usize] = true;
                copies.push((map, ret));
            }
        }
        if copies.is_empty() {
            continue;
        }
        bodies += 1;
        for &s in &body {
            role[s as usize] = Role::Body { exit };
        }
        pinned[exit as usize] = true;
        for (map, ret) in copies {
            for (copy, of) in map {
                role[copy as usize] = Role::Copy { of, ret };
            }
        }
    }
    build(dfa, &role, bodies)
}

/// The body of the rule starting at `start` when its automaton is prefix-free: the states after
/// the first byte and before the match ends, sorted, with the one accepting state the matches
/// end in. `None` when the rule is not prefix-free, or its automaton can come back to `start`.
fn prefix_free_body(dfa: &Dfa, start: u32) -> Option<(Vec<u32>, u32)> {
    let stride = dfa.stride();
    if dfa.accept[start as usize] {
        return None;
    }
    let mut seen = vec![false; dfa.len()];
    seen[start as usize] = true;
    seen[DEAD as usize] = true;
    let mut stack = vec![start];
    let mut body = Vec::new();
    let mut exit = None;
    while let Some(s) = stack.pop() {
        for c in 0..stride {
            let t = dfa.trans[s as usize * stride + c];
            if t == start {
                return None;
            }
            if seen[t as usize] {
                continue;
            }
            seen[t as usize] = true;
            if dfa.accept[t as usize] {
                let ends = (0..stride).all(|c| dfa.trans[t as usize * stride + c] == DEAD);
                if !ends || exit.is_some_and(|e| e != t) {
                    return None;
                }
                exit = Some(t);
            } else {
                body.push(t);
                stack.push(t);
            }
        }
    }
    body.sort_unstable();
    Some((body, exit?))
}

/// Pairs body state `entry` with state `u`, following transitions: returns the copy's states
/// (copy state to body state) and its return state when the states reached from `u` are an exact
/// copy of those reached from `entry`, with every exit of the body (to `exit`) leading to one
/// return state. `unavailable` tells states that cannot be part of a copy.
fn pair(
    dfa: &Dfa,
    in_body: &[bool],
    exit: u32,
    entry: u32,
    u: u32,
    unavailable: impl Fn(u32) -> bool,
) -> Option<(BTreeMap<u32, u32>, u32)> {
    let stride = dfa.stride();
    let next = |s: u32, c: usize| dfa.trans[s as usize * stride + c];
    let mut copy_of: BTreeMap<u32, u32> = BTreeMap::new();
    let mut image: BTreeMap<u32, u32> = BTreeMap::new();
    copy_of.insert(u, entry);
    image.insert(entry, u);
    let mut ret = None;
    let mut stack = vec![(entry, u)];
    while let Some((b, v)) = stack.pop() {
        if unavailable(v) || dfa.accept[v as usize] != dfa.accept[b as usize] {
            return None;
        }
        for c in 0..stride {
            let (b2, v2) = (next(b, c), next(v, c));
            if b2 == DEAD {
                if v2 != DEAD {
                    return None;
                }
            } else if b2 == exit {
                if v2 == DEAD || ret.is_some_and(|r| r != v2) {
                    return None;
                }
                ret = Some(v2);
            } else {
                debug_assert!(in_body[b2 as usize]);
                match image.get(&b2) {
                    Some(&known) if known == v2 => {}
                    Some(_) => return None,
                    None => {
                        if v2 == DEAD || copy_of.contains_key(&v2) {
                            return None;
                        }
                        image.insert(b2, v2);
                        copy_of.insert(v2, b2);
                        stack.push((b2, v2));
                    }
                }
            }
        }
    }
    let ret = ret?;
    if copy_of.contains_key(&ret) {
        return None;
    }
    Some((copy_of, ret))
}

/// The automaton without the copies, with calls into bodies and returns out of them.
fn build(dfa: &Dfa, role: &[Role], bodies: usize) -> Shared {
    let stride = dfa.stride();
    let mut new_id = vec![u32::MAX; dfa.len()];
    let mut kept = Vec::new();
    for (s, r) in role.iter().enumerate() {
        if !matches!(r, Role::Copy { .. }) {
            new_id[s] = kept.len() as u32;
            kept.push(s);
        }
    }
    // Calls are numbered in order of first use; the map only looks them up.
    let mut calls: Vec<(u32, u32)> = Vec::new();
    let mut numbered: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let mut call = |state: u32, ret: u32| -> Target {
        let pair = (new_id[state as usize], new_id[ret as usize]);
        let k = *numbered.entry(pair).or_insert_with(|| {
            calls.push(pair);
            calls.len() as u32 - 1
        });
        Target::Call(k)
    };
    let mut trans = Vec::with_capacity(kept.len() * stride);
    for &s in &kept {
        for c in 0..stride {
            let t = dfa.trans[s * stride + c];
            trans.push(match (role[s], role[t as usize]) {
                (Role::Body { exit }, _) if t == exit => Target::Return,
                (_, Role::Copy { of, ret }) => call(of, ret),
                (Role::Plain, Role::Body { exit }) => call(t, exit),
                _ => Target::State(new_id[t as usize]),
            });
        }
    }
    let starts = dfa
        .starts
        .iter()
        .map(|&s| match role[s as usize] {
            Role::Plain => (new_id[s as usize], DEAD),
            Role::Body { exit } => (new_id[s as usize], new_id[exit as usize]),
            Role::Copy { of, ret } => (new_id[of as usize], new_id[ret as usize]),
        })
        .collect();
    Shared {
        classes: dfa.classes.clone(),
        stride,
        trans,
        accept: kept.iter().map(|&s| dfa.accept[s]).collect(),
        starts,
        calls,
        bodies,
        removed: dfa.len() - kept.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, Options, SourceFile};

    /// Every string over `alphabet` up to `len` bytes.
    fn strings(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..len {
            last = last
                .iter()
                .flat_map(|s: &Vec<u8>| {
                    alphabet.iter().map(move |&b| {
                        let mut t = s.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    fn compiled(text: &str) -> crate::Compiled {
        compile(&[SourceFile::new("t.abnf", text)], &Options::default()).unwrap()
    }

    #[test]
    fn a_bracketed_rule_used_in_three_contexts_is_kept_once() {
        let c = compiled(
            "top = \"a\" lit \"x\" / \"b\" lit \"y\" / lit\n\
             lit = \"[\" 1*4( \"0\" / \"1\" ) *( \":\" 1*2\"0\" ) \"]\"\n",
        );
        let shared = share(&c.dfa, 4);
        assert_eq!(shared.bodies, 1);
        // Two copies ("a" and "b" contexts) go; the standalone `lit` stays as the body.
        let lit = c.grammar.lookup("lit").unwrap();
        let (body, _) = prefix_free_body(&c.dfa, c.dfa.starts[lit.0 as usize]).unwrap();
        assert_eq!(shared.removed, 2 * body.len());
        assert_eq!(shared.len() + shared.removed, c.dfa.len());
        for input in strings(b"ab01:[]xy", 7) {
            for start in 0..c.dfa.starts.len() {
                assert_eq!(
                    shared.matches(start, &input),
                    c.dfa.matches(start, &input),
                    "start {start}, input {:?}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
    }

    #[test]
    fn a_rule_that_is_not_prefix_free_is_left_inline() {
        let c = compiled("top = \"a\" num \"x\" / \"b\" num \"y\" / num\nnum = 1*8DIGIT\nDIGIT = %x30-39\n");
        let shared = share(&c.dfa, 1);
        assert_eq!((shared.bodies, shared.removed), (0, 0));
        assert!(shared.calls.is_empty());
        assert!(shared.trans.iter().all(|t| matches!(t, Target::State(_))));
    }

    #[test]
    fn a_rule_repeated_back_to_back_keeps_its_return_states() {
        // Each copy of `g5` returns into the next copy's entry (found by fuzzing: a copy once
        // swallowed the return state of the copy before it).
        let c = compiled("ord = 4*g5\ng5 = 5%x47\n");
        let shared = share(&c.dfa, 2);
        for input in strings(b"G", 30) {
            for start in 0..c.dfa.starts.len() {
                assert_eq!(shared.matches(start, &input), c.dfa.matches(start, &input), "{input:?}");
                assert_eq!(shared.longest_match(start, &input), c.dfa.longest_match(start, &input));
            }
        }
    }

    #[test]
    fn small_bodies_stay_inline() {
        let c = compiled("top = \"a\" pct \"x\" / \"b\" pct \"y\"\npct = \"%\" HEXDIG HEXDIG\nHEXDIG = %x30-39 / %x41-46\n");
        assert_eq!(share(&c.dfa, MIN_BODY).bodies, 0);
        let shared = share(&c.dfa, 2);
        assert_eq!(shared.bodies, 1);
        for input in strings(b"ab%0Fxy", 6) {
            for start in 0..c.dfa.starts.len() {
                assert_eq!(shared.matches(start, &input), c.dfa.matches(start, &input));
            }
        }
    }
}
