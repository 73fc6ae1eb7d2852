//! One machine of a recursive transition network ([`crate::rtn::network`]): a rule's expression as a DFA
//! over bytes and calls. Thompson construction ([`crate::automata::nfa::Thompson`], inlining regular rules
//! and calling the others), subset construction with calls as extra alphabet symbols, removal of
//! states that cannot reach a match, and Moore's partition refinement.

use std::collections::{BTreeMap, HashMap};

use crate::automata::classes::ByteClasses;
use crate::automata::nfa::{Frag, NfaError, Thompson};
use crate::syntax::ir::{Grammar, RuleId};
use crate::Encoding;

/// Why the network could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RtnError {
    /// Building the machine of `rule` failed like an NFA does.
    Nfa {
        /// The rule.
        rule: RuleId,
        /// What went wrong.
        error: NfaError,
    },
    /// The machine of `rule` needs more than `limit` DFA states.
    TooManyStates {
        /// The rule.
        rule: RuleId,
        /// The limit.
        limit: usize,
    },
}

/// The byte classes of all machines of `rules` (`machine_of_rule` says which rules are
/// machines), each machine minimized, and which machines are nullable.
pub(crate) fn build_all(
    grammar: &Grammar,
    rules: &[RuleId],
    machine_of_rule: &[Option<u32>],
    encoding: Encoding,
    nfa_limit: usize,
    dfa_limit: usize,
) -> Result<(ByteClasses, Vec<MachineDfa>, Vec<bool>), RtnError> {
    let mut nfas = Vec::new();
    for &rule in rules {
        let mut c = Compiler { grammar, machine_of_rule, encoding, limit: nfa_limit, states: Vec::new() };
        let (start, end) = c.expr(&grammar.rule(rule).expr).map_err(|error| RtnError::Nfa { rule, error })?;
        let accept = c.add(NState::Match).map_err(|error| RtnError::Nfa { rule, error })?;
        c.patch(end, accept);
        nfas.push((c.states, start));
    }
    let classes = byte_classes(&nfas);
    let mut machines = Vec::new();
    for (&rule, (states, start)) in rules.iter().zip(&nfas) {
        let dfa = determinize(states, *start, &classes, dfa_limit)
            .ok_or(RtnError::TooManyStates { rule, limit: dfa_limit })?;
        machines.push(dfa);
    }
    let nonempty = least_fixpoint(&machines, true);
    for m in &mut machines {
        for calls in &mut m.calls {
            calls.retain(|&(callee, _)| nonempty[callee as usize]);
        }
        m.trim();
    }
    let nullable = least_fixpoint(&machines, false);
    Ok((classes, machines.iter().map(MachineDfa::minimize).collect(), nullable))
}

/// An NFA state of a machine under construction.
#[derive(Debug, Clone)]
enum NState {
    Range { lo: u8, hi: u8, next: u32 },
    Split(Vec<u32>),
    Call { machine: u32, next: u32 },
    Match,
}

/// One machine under construction: [`Thompson`] with `reference` inlining regular rules and
/// calling the others.
struct Compiler<'a> {
    grammar: &'a Grammar,
    machine_of_rule: &'a [Option<u32>],
    encoding: Encoding,
    limit: usize,
    states: Vec<NState>,
}

impl Compiler<'_> {
    fn add(&mut self, state: NState) -> Result<u32, NfaError> {
        if self.states.len() >= self.limit {
            return Err(NfaError::TooLarge { limit: self.limit });
        }
        self.states.push(state);
        Ok((self.states.len() - 1) as u32)
    }
}

impl Thompson for Compiler<'_> {
    type Error = NfaError;

    fn hole(&mut self) -> Result<u32, NfaError> {
        self.add(NState::Split(Vec::new()))
    }

    fn patch(&mut self, from: u32, to: u32) {
        if let NState::Split(targets) = &mut self.states[from as usize] {
            targets.push(to);
        }
    }

    fn split(&mut self, targets: Vec<u32>) -> Result<u32, NfaError> {
        self.add(NState::Split(targets))
    }

    fn range(&mut self, lo: u8, hi: u8, next: u32) -> Result<u32, NfaError> {
        self.add(NState::Range { lo, hi, next })
    }

    /// A regular rule is inlined; any other rule is a call of its machine.
    fn reference(&mut self, rule: RuleId) -> Result<Frag, NfaError> {
        match self.machine_of_rule[rule.index()] {
            None => {
                let grammar = self.grammar;
                self.expr(&grammar.rule(rule).expr)
            }
            Some(machine) => {
                let end = self.hole()?;
                let call = self.add(NState::Call { machine, next: end })?;
                Ok((call, end))
            }
        }
    }

    /// Code points as their UTF-8 byte sequences, or octets, as in the rule NFAs.
    fn class(&mut self, ranges: &[(u32, u32)]) -> Result<Frag, NfaError> {
        let sequences = crate::automata::nfa::byte_sequences(self.encoding, ranges)?;
        self.sequences(sequences)
    }
}

/// One class per run of bytes between the boundaries of every byte range of every machine.
fn byte_classes(nfas: &[(Vec<NState>, u32)]) -> ByteClasses {
    let mut boundary = [false; 257];
    for (states, _) in nfas {
        for state in states {
            if let NState::Range { lo, hi, .. } = *state {
                boundary[lo as usize] = true;
                boundary[hi as usize + 1] = true;
            }
        }
    }
    let mut map = [0u8; 256];
    let mut class = 0u8;
    for b in 1..256 {
        if boundary[b] {
            class += 1;
        }
        map[b] = class;
    }
    ByteClasses::from_map(map)
}

/// What Moore's refinement compares: a state's block, and the blocks its byte and call edges lead to.
type Signature = (u32, Vec<u32>, Vec<(u32, u32)>);

/// One machine as a DFA: state 0 dead, state 1 the start.
#[derive(Debug, Clone)]
pub(crate) struct MachineDfa {
    pub(crate) stride: usize,
    pub(crate) trans: Vec<u32>,
    /// Per state, the call edges sorted by callee.
    pub(crate) calls: Vec<Vec<(u32, u32)>>,
    pub(crate) accept: Vec<bool>,
}

/// The sorted set of byte-consuming, calling and accepting states reachable from `roots` by
/// epsilon moves.
fn closure(states: &[NState], roots: &[u32]) -> Vec<u32> {
    let mut seen = vec![false; states.len()];
    let mut stack: Vec<u32> = roots.iter().rev().copied().collect();
    let mut out = Vec::new();
    while let Some(s) = stack.pop() {
        if std::mem::replace(&mut seen[s as usize], true) {
            continue;
        }
        match &states[s as usize] {
            NState::Split(targets) => stack.extend(targets.iter().rev()),
            _ => out.push(s),
        }
    }
    out.sort_unstable();
    out
}

/// Subset construction over byte classes and calls; `None` past `limit` states.
fn determinize(states: &[NState], start: u32, classes: &ByteClasses, limit: usize) -> Option<MachineDfa> {
    let reps = classes.representatives();
    let stride = classes.len();
    let mut ids: HashMap<Vec<u32>, u32> = HashMap::from([(Vec::new(), 0)]);
    let mut sets: Vec<Vec<u32>> = vec![Vec::new()];
    let first = closure(states, &[start]);
    ids.insert(first.clone(), 1);
    sets.push(first);
    let mut trans = vec![0u32; 2 * stride];
    let mut calls: Vec<Vec<(u32, u32)>> = vec![Vec::new(); 2];
    let mut intern =
        |set: Vec<u32>, sets: &mut Vec<Vec<u32>>, trans: &mut Vec<u32>, calls: &mut Vec<Vec<(u32, u32)>>| {
            if let Some(&id) = ids.get(&set) {
                return Some(id);
            }
            if sets.len() >= limit {
                return None;
            }
            let id = sets.len() as u32;
            ids.insert(set.clone(), id);
            sets.push(set);
            trans.extend(std::iter::repeat_n(0, stride));
            calls.push(Vec::new());
            Some(id)
        };
    let mut current = 1;
    while current < sets.len() {
        for (class, &byte) in reps.iter().enumerate() {
            let targets: Vec<u32> = sets[current]
                .iter()
                .filter_map(|&s| match states[s as usize] {
                    NState::Range { lo, hi, next } if lo <= byte && byte <= hi => Some(next),
                    _ => None,
                })
                .collect();
            let set = closure(states, &targets);
            trans[current * stride + class] = intern(set, &mut sets, &mut trans, &mut calls)?;
        }
        let mut by_callee: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for &s in &sets[current] {
            if let NState::Call { machine, next } = states[s as usize] {
                by_callee.entry(machine).or_default().push(next);
            }
        }
        for (callee, targets) in by_callee {
            let set = closure(states, &targets);
            let target = intern(set, &mut sets, &mut trans, &mut calls)?;
            calls[current].push((callee, target));
        }
        current += 1;
    }
    let accept =
        sets.iter().map(|set| set.iter().any(|&s| matches!(states[s as usize], NState::Match))).collect();
    Some(MachineDfa { stride, trans, calls, accept })
}

impl MachineDfa {
    /// Sends every edge into a state that cannot reach a match to the dead state, so that every
    /// live item of the engine is a prefix of some match.
    fn trim(&mut self) {
        let n = self.accept.len();
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
        for s in 1..n {
            for &t in &self.trans[s * self.stride..(s + 1) * self.stride] {
                into[t as usize].push(s);
            }
            for &(_, t) in &self.calls[s] {
                into[t as usize].push(s);
            }
        }
        let mut live = self.accept.clone();
        let mut stack: Vec<usize> = (0..n).filter(|&s| live[s]).collect();
        while let Some(t) = stack.pop() {
            for &s in &into[t] {
                if !live[s] {
                    live[s] = true;
                    stack.push(s);
                }
            }
        }
        for t in &mut self.trans {
            if !live[*t as usize] {
                *t = 0;
            }
        }
        for calls in &mut self.calls {
            calls.retain(|&(_, t)| live[t as usize]);
        }
    }

    /// Moore's partition refinement: states are equivalent when they agree on accepting and
    /// their byte and call edges lead to equivalent states. Returns the minimal machine with the
    /// dead state 0, the start 1 and the others in breadth-first order.
    fn minimize(&self) -> MachineDfa {
        let n = self.accept.len();
        let mut block: Vec<u32> = (0..n).map(|s| u32::from(self.accept[s]) + u32::from(s == 0) * 2).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<Signature, u32> = HashMap::new();
            let mut next = vec![0u32; n];
            for s in 0..n {
                let row = self.trans[s * self.stride..(s + 1) * self.stride]
                    .iter()
                    .map(|&t| block[t as usize])
                    .collect();
                let calls = self.calls[s].iter().map(|&(c, t)| (c, block[t as usize])).collect();
                let fresh = ids.len() as u32;
                next[s] = *ids.entry((block[s], row, calls)).or_insert(fresh);
            }
            let new_count = ids.len();
            block = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        // Renumber: dead block first, the start's second, then breadth-first.
        let mut number = vec![u32::MAX; n];
        let mut order = vec![0usize];
        number[block[0] as usize] = 0;
        let mut queue = std::collections::VecDeque::new();
        if number[block[1] as usize] == u32::MAX {
            number[block[1] as usize] = 1;
            order.push(1);
            queue.push_back(1usize);
        }
        while let Some(s) = queue.pop_front() {
            let targets = self.trans[s * self.stride..(s + 1) * self.stride]
                .iter()
                .map(|&t| t as usize)
                .chain(self.calls[s].iter().map(|&(_, t)| t as usize));
            for t in targets.collect::<Vec<_>>() {
                let b = block[t] as usize;
                if number[b] == u32::MAX {
                    number[b] = order.len() as u32;
                    order.push(t);
                    queue.push_back(t);
                }
            }
        }
        let renumber = |t: u32| number[block[t as usize] as usize];
        let mut trans = Vec::with_capacity(order.len() * self.stride);
        let mut calls = Vec::with_capacity(order.len());
        let mut accept = Vec::with_capacity(order.len());
        for &s in &order {
            trans.extend(self.trans[s * self.stride..(s + 1) * self.stride].iter().map(|&t| renumber(t)));
            calls.push(self.calls[s].iter().map(|&(c, t)| (c, renumber(t))).collect());
            accept.push(self.accept[s]);
        }
        MachineDfa { stride: self.stride, trans, calls, accept }
    }
}

/// The machines from whose start a match is reachable through calls of such machines, and byte
/// edges when `bytes`: with bytes, those whose language is not empty; without, the nullable
/// ones. Least fixpoint, by rounds.
fn least_fixpoint(machines: &[MachineDfa], bytes: bool) -> Vec<bool> {
    let mut has = vec![false; machines.len()];
    loop {
        let next: Vec<bool> = machines.iter().map(|m| reach(m, &has, bytes)).collect();
        if next == has {
            return has;
        }
        has = next;
    }
}

/// Whether an accepting state is reachable from the start of `m` through calls of machines in
/// `ok`, and byte edges when `bytes`.
fn reach(m: &MachineDfa, ok: &[bool], bytes: bool) -> bool {
    let mut seen = vec![false; m.accept.len()];
    let mut stack = vec![1usize];
    seen[1] = true;
    while let Some(s) = stack.pop() {
        if m.accept[s] {
            return true;
        }
        let mut next: Vec<usize> =
            m.calls[s].iter().filter(|&&(c, _)| ok[c as usize]).map(|&(_, t)| t as usize).collect();
        if bytes {
            next.extend(m.trans[s * m.stride..(s + 1) * m.stride].iter().map(|&t| t as usize));
        }
        for t in next {
            if t != 0 && !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    false
}
