//! Recursive transition networks (Woods 1970): the rules that are not regular, one machine each.
//!
//! A machine is a DFA whose alphabet is bytes and *calls*: a reference to a regular rule is
//! inlined as bytes (that rule keeps its DFA), a reference to a rule that is not regular is a call
//! edge to that rule's machine. So each machine is its rule with the regular parts compiled away,
//! and the network accepts exactly the grammar's language: a call edge stands for any member of
//! the callee's language, as a nonterminal does in a context-free grammar.
//!
//! The passes mirror the finite-automaton pipeline, with calls as extra alphabet symbols (in the
//! private `machine` module): Thompson construction per machine, subset construction, removal of
//! calls to machines with an empty language and of states that cannot reach a match, Moore's
//! partition refinement; then the machines share one table here, with byte classes merged where
//! every state agrees, and each machine's nullability and first bytes. [`crate::rtn::earley`] runs the
//! result.

use crate::automata::classes::ByteClasses;
use crate::rtn::earley::Network;
use crate::rtn::machine::{self, MachineDfa, RtnError};
use crate::syntax::ir::{Grammar, RuleId};
use crate::syntax::kind::RuleKind;
use crate::Encoding;

/// The network: every machine's states in one table over byte classes, state 0 dead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rtn {
    /// The byte class of every byte.
    pub classes: ByteClasses,
    /// `trans[state * stride + class]`: the next state on a byte (0: none).
    pub trans: Vec<u32>,
    /// Whether each state ends a match of its machine.
    pub accept: Vec<bool>,
    /// The machine each state belongs to (0 for the dead state).
    pub machine_of: Vec<u32>,
    /// The call edges of state `s` are `calls[call_start[s]..call_start[s + 1]]`.
    pub call_start: Vec<u32>,
    /// Call edges: the machine called and the state to go on in once it has matched.
    pub calls: Vec<(u32, u32)>,
    /// The start state of each machine.
    pub starts: Vec<u32>,
    /// Whether each machine matches the empty string.
    pub nullable: Vec<bool>,
    /// The bytes each machine's matches can start with (bit `b % 64` of word `b / 64`).
    pub first: Vec<[u64; 4]>,
    /// The rule of each machine.
    pub rules: Vec<RuleId>,
    /// The machine of each rule, by rule index (`None` for regular rules).
    pub machine_of_rule: Vec<Option<u32>>,
}

impl Rtn {
    /// The number of byte classes (table columns).
    pub fn stride(&self) -> usize {
        self.classes.len()
    }

    /// The number of states, the dead state included.
    pub fn len(&self) -> usize {
        self.accept.len()
    }

    /// Always false: the dead state is always there.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The tables as the Earley engine reads them.
    pub fn network(&self) -> Network<'_> {
        Network {
            classes: self.classes.map(),
            stride: self.stride(),
            trans: &self.trans,
            accept: &self.accept,
            machine: &self.machine_of,
            call_start: &self.call_start,
            calls: &self.calls,
            starts: &self.starts,
            nullable: &self.nullable,
            first: &self.first,
        }
    }
}

/// Builds the network of every rule whose kind (by rule index in `kinds`) is not regular.
pub fn build(
    grammar: &Grammar,
    kinds: &[RuleKind],
    encoding: Encoding,
    nfa_limit: usize,
    dfa_limit: usize,
) -> Result<Rtn, RtnError> {
    let rules: Vec<RuleId> = grammar.ids().filter(|id| !kinds[id.index()].is_regular()).collect();
    let mut machine_of_rule = vec![None; grammar.rules.len()];
    for (m, id) in rules.iter().enumerate() {
        machine_of_rule[id.index()] = Some(m as u32);
    }
    let (classes, machines, nullable) =
        machine::build_all(grammar, &rules, &machine_of_rule, encoding, nfa_limit, dfa_limit)?;
    Ok(assemble(&machines, classes, rules, machine_of_rule, nullable))
}

/// Puts the machines side by side in one table (their dead states merged into state 0) and
/// merges byte classes whose columns agree in every state.
fn assemble(
    machines: &[MachineDfa],
    classes: ByteClasses,
    rules: Vec<RuleId>,
    machine_of_rule: Vec<Option<u32>>,
    nullable: Vec<bool>,
) -> Rtn {
    let stride = classes.len();
    let mut trans = vec![0u32; stride];
    let mut accept = vec![false];
    let mut machine_of = vec![0u32];
    // State s has the calls `call_start[s]..call_start[s + 1]`; the dead state has none.
    let mut call_start = vec![0u32, 0];
    let mut calls = Vec::new();
    let mut starts = Vec::new();
    for (m, dfa) in machines.iter().enumerate() {
        // Machine state k (k >= 1) becomes state offset + k - 1.
        let offset = accept.len() as u32;
        let global = |t: u32| if t == 0 { 0 } else { offset + t - 1 };
        starts.push(global(1));
        for s in 1..dfa.accept.len() {
            trans.extend(dfa.trans[s * stride..(s + 1) * stride].iter().map(|&t| global(t)));
            accept.push(dfa.accept[s]);
            machine_of.push(m as u32);
            calls.extend(dfa.calls[s].iter().map(|&(c, t)| (c, global(t))));
            call_start.push(calls.len() as u32);
        }
    }
    let (classes, trans) = compact(&classes, &trans, accept.len());
    let mut rtn = Rtn {
        classes,
        trans,
        accept,
        machine_of,
        call_start,
        calls,
        starts,
        nullable,
        first: Vec::new(),
        rules,
        machine_of_rule,
    };
    rtn.first = first_bytes(&rtn);
    rtn
}

/// The bytes each machine's matches can start with: the byte edges of the states its start
/// reaches through calls of nullable machines, and the first bytes of the machines called there.
/// Least fixpoint, by rounds.
fn first_bytes(rtn: &Rtn) -> Vec<[u64; 4]> {
    let machines = rtn.starts.len();
    // For each machine, the states its start reaches without reading a byte, and the machines
    // called from them.
    let mut own = vec![[0u64; 4]; machines];
    let mut callees: Vec<Vec<u32>> = vec![Vec::new(); machines];
    for m in 0..machines {
        let mut seen = vec![rtn.starts[m]];
        let mut k = 0;
        while let Some(&s) = seen.get(k) {
            k += 1;
            for b in 0..=255u8 {
                if rtn.trans[s as usize * rtn.stride() + rtn.classes.get(b)] != 0 {
                    own[m][b as usize / 64] |= 1 << (b % 64);
                }
            }
            for &(callee, ret) in
                &rtn.calls[rtn.call_start[s as usize] as usize..rtn.call_start[s as usize + 1] as usize]
            {
                callees[m].push(callee);
                if rtn.nullable[callee as usize] && !seen.contains(&ret) {
                    seen.push(ret);
                }
            }
        }
    }
    let mut first = own;
    loop {
        let mut changed = false;
        for m in 0..machines {
            for &c in &callees[m] {
                let callee = first[c as usize];
                for (word, add) in first[m].iter_mut().zip(callee) {
                    changed |= *word | add != *word;
                    *word |= add;
                }
            }
        }
        if !changed {
            return first;
        }
    }
}

/// Merges byte classes whose columns are equal in every state.
fn compact(classes: &ByteClasses, trans: &[u32], states: usize) -> (ByteClasses, Vec<u32>) {
    let stride = classes.len();
    let mut columns: Vec<Vec<u32>> = Vec::new();
    let mut remap = vec![0u8; stride];
    for (c, slot) in remap.iter_mut().enumerate() {
        let column: Vec<u32> = (0..states).map(|s| trans[s * stride + c]).collect();
        *slot = match columns.iter().position(|existing| *existing == column) {
            Some(i) => i as u8,
            None => {
                columns.push(column);
                (columns.len() - 1) as u8
            }
        };
    }
    let mut map = [0u8; 256];
    for b in 0..=255u8 {
        map[b as usize] = remap[classes.get(b)];
    }
    let width = columns.len();
    let mut out = vec![0u32; states * width];
    for (c, column) in columns.iter().enumerate() {
        for (s, &t) in column.iter().enumerate() {
            out[s * width + c] = t;
        }
    }
    (ByteClasses::from_map(map), out)
}
