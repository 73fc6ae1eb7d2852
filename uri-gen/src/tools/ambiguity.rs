//! Whether a regular rule is ambiguous for captures: whether one input can split differently
//! into the rules it refers to directly, so that capturing them (as [`crate::capture::spec`] does) has
//! to pick one way. For `path = path-abempty / path-absolute / ... / path-empty` the empty string
//! is both a `path-abempty` and a `path-empty`. The search reports a shortest such input.

use std::collections::{BTreeSet, HashMap};

use crate::automata::dfa::DEAD;
use crate::automata::nfa::{Frag, Thompson};
use crate::syntax::ir::RuleId;
use crate::{Encoding, Program};

/// A regular rule whose direct sub-rules one input can capture at different positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureAmbiguity {
    /// The rule.
    pub rule: RuleId,
    /// A shortest input that matches the rule in two ways.
    pub witness: Vec<u8>,
    /// The sub-rules placed differently by the two ways, at the first position where they part.
    pub subrules: Vec<RuleId>,
}

/// How many pairs of states the search may visit per rule before giving up.
const PAIR_BUDGET: usize = 1 << 20;

/// The ambiguity search needed more states than it may visit, or the rule has more than 64 direct
/// sub-rules: the question stays open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchTooLarge;

/// Whether capturing the direct sub-rules of regular rule `rule` is ambiguous: `Ok(None)` when it
/// is not (or the rule refers to no other rule), `Err(SearchTooLarge)` when the search is too
/// large and the question stays open.
///
/// The rule's own expression becomes an NFA in which each direct sub-rule is a copy of its
/// minimized DFA between a start tag and an end tag (as a capture declaration would put them; a
/// sub-rule's inner ambiguity never moves its boundaries, so its DFA stands for it). Two runs over
/// one input split it differently when, at some position, they pass different sets of tags. A
/// breadth-first search over pairs of states that read the same input (the product of the NFA
/// with itself, as in the polynomial ambiguity tests of Even 1965 and Weber and Seidl 1991,
/// restricted to states that can still reach a match) finds the shortest input that two runs
/// match after parting.
pub fn capture_ambiguity(
    program: &Program,
    rule: RuleId,
) -> Result<Option<CaptureAmbiguity>, SearchTooLarge> {
    let grammar = &program.grammar;
    let subs: Vec<RuleId> = grammar.refs(rule).into_iter().filter(|&r| r != rule).collect();
    if subs.is_empty() {
        return Ok(None);
    }
    if subs.len() > 64 || !program.is_regular(rule) {
        return Err(SearchTooLarge);
    }
    let mut b = Builder { program, subs: &subs, states: Vec::new() };
    let (start, end) = b.expr(&grammar.rule(rule).expr).map_err(|()| SearchTooLarge)?;
    let accept = b.add(AState::Match).map_err(|()| SearchTooLarge)?;
    b.patch(end, accept);
    let nfa = TagNfa { states: b.states, start };
    let found = nfa.ambiguous_pair().map_err(|()| SearchTooLarge)?;
    Ok(found.map(|(witness, tags)| {
        let subrules = (0..subs.len()).filter(|&i| tags & (0b11 << (2 * i)) != 0).map(|i| subs[i]).collect();
        CaptureAmbiguity { rule, witness, subrules }
    }))
}

/// A state of the NFA the ambiguity search runs on.
#[derive(Debug, Clone)]
enum AState {
    /// Byte ranges and where each leads.
    Bytes(Vec<(u8, u8, u32)>),
    Split(Vec<u32>),
    /// Passing this records tag `slot` (`2 * i` starts sub-rule `i`, `2 * i + 1` ends it).
    Tag {
        slot: u32,
        next: u32,
    },
    Match,
}

struct TagNfa {
    states: Vec<AState>,
    start: u32,
}

/// Thompson construction of a rule's own expression, with its direct sub-rules as DFA copies.
struct Builder<'a> {
    program: &'a Program,
    subs: &'a [RuleId],
    states: Vec<AState>,
}

impl Builder<'_> {
    fn add(&mut self, state: AState) -> Result<u32, ()> {
        if self.states.len() >= PAIR_BUDGET {
            return Err(());
        }
        self.states.push(state);
        Ok((self.states.len() - 1) as u32)
    }
}

impl Thompson for Builder<'_> {
    type Error = ();

    fn hole(&mut self) -> Result<u32, ()> {
        self.add(AState::Split(Vec::new()))
    }

    fn patch(&mut self, from: u32, to: u32) {
        if let AState::Split(targets) = &mut self.states[from as usize] {
            targets.push(to);
        }
    }

    fn split(&mut self, targets: Vec<u32>) -> Result<u32, ()> {
        self.add(AState::Split(targets))
    }

    fn range(&mut self, lo: u8, hi: u8, next: u32) -> Result<u32, ()> {
        self.add(AState::Bytes(vec![(lo, hi, next)]))
    }

    /// A sub-rule: its start tag, a copy of its DFA, its end tag.
    fn reference(&mut self, id: RuleId) -> Result<Frag, ()> {
        let program = self.program;
        let i = self.subs.iter().position(|&s| s == id).ok_or(())? as u32;
        let dfa = &program.dfa;
        let start = dfa.starts[program.dfa_rule[id.index()].ok_or(())?];
        let exit = self.hole()?;
        let end = self.add(AState::Tag { slot: 2 * i + 1, next: exit })?;
        let mut node: HashMap<u32, u32> = HashMap::new();
        let mut order = vec![start];
        node.insert(start, self.hole()?);
        let mut k = 0;
        while let Some(&s) = order.get(k) {
            k += 1;
            let mut edges: Vec<(u8, u8, u32)> = Vec::new();
            for b in 0..=255u8 {
                let t = dfa.next(s, b);
                if t == DEAD {
                    continue;
                }
                let target = match node.get(&t) {
                    Some(&n) => n,
                    None => {
                        let n = self.hole()?;
                        node.insert(t, n);
                        order.push(t);
                        n
                    }
                };
                match edges.last_mut() {
                    Some(last) if last.2 == target && last.1 == b - 1 => last.1 = b,
                    _ => edges.push((b, b, target)),
                }
            }
            let bytes = self.add(AState::Bytes(edges))?;
            let here = node[&s];
            self.patch(here, bytes);
            if dfa.accept[s as usize] {
                self.patch(here, end);
            }
        }
        let open = self.add(AState::Tag { slot: 2 * i, next: node[&start] })?;
        Ok((open, exit))
    }

    /// Code points as UTF-8 byte sequences (surrogates have none), or octets; the grammar
    /// compiled already, so its values fit the encoding.
    fn class(&mut self, ranges: &[(u32, u32)]) -> Result<Frag, ()> {
        let mut sequences: Vec<Vec<(u8, u8)>> = Vec::new();
        for &(lo, hi) in ranges {
            match self.program.encoding {
                Encoding::Octets => sequences.push(vec![(lo.min(255) as u8, hi.min(255) as u8)]),
                Encoding::Utf8 => {
                    crate::automata::nfa::utf8_byte_ranges(lo, hi.min(0x10FFFF), &mut sequences);
                }
            }
        }
        self.sequences(sequences)
    }
}

impl TagNfa {
    /// A shortest input two runs match with different tags, and the tags they first part on.
    fn ambiguous_pair(&self) -> Result<Option<(Vec<u8>, u128)>, ()> {
        let n = self.states.len();
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut boundary = [false; 257];
        for (s, state) in self.states.iter().enumerate() {
            match state {
                AState::Bytes(edges) => {
                    for &(lo, hi, t) in edges {
                        into[t as usize].push(s);
                        boundary[lo as usize] = true;
                        boundary[hi as usize + 1] = true;
                    }
                }
                AState::Tag { next, .. } => into[*next as usize].push(s),
                AState::Split(targets) => targets.iter().for_each(|&t| into[t as usize].push(s)),
                AState::Match => {}
            }
        }
        // The states from which a match can be reached.
        let mut live = vec![false; n];
        let mut stack: Vec<usize> = (0..n).filter(|&s| matches!(self.states[s], AState::Match)).collect();
        for &s in &stack {
            live[s] = true;
        }
        while let Some(t) = stack.pop() {
            for &s in &into[t] {
                if !std::mem::replace(&mut live[s], true) {
                    stack.push(s);
                }
            }
        }
        let reps: Vec<u8> = (0..=255u8).filter(|&b| b == 0 || boundary[b as usize]).collect();
        let step = |s: u32, byte: u8| -> Option<u32> {
            match &self.states[s as usize] {
                AState::Bytes(edges) => {
                    edges.iter().find(|&&(lo, hi, _)| lo <= byte && byte <= hi).map(|&(_, _, t)| t)
                }
                _ => None,
            }
        };
        let mut closures: HashMap<u32, Vec<(u32, u128)>> = HashMap::new();
        // Pairs (a, b, parted) with a <= b; how each was reached: (parent, byte, tags parted on).
        let mut index: HashMap<(u32, u32, bool), usize> = HashMap::new();
        let mut pairs: Vec<Pair> = Vec::new();
        let start = self.closure(&live, self.start);
        for &(a, ta) in &start {
            for &(b, tb) in &start {
                push(&mut index, &mut pairs, (a, b, ta != tb), usize::MAX, 0, ta ^ tb);
            }
        }
        let mut next = 0;
        while next < pairs.len() {
            if pairs.len() > PAIR_BUDGET {
                return Err(());
            }
            let ((a, b, parted), _, _, _) = pairs[next];
            let current = next;
            next += 1;
            if parted
                && matches!(self.states[a as usize], AState::Match)
                && matches!(self.states[b as usize], AState::Match)
            {
                return Ok(Some(witness(&pairs, current)));
            }
            for &byte in &reps {
                let (Some(na), Some(nb)) = (step(a, byte), step(b, byte)) else { continue };
                for t in [na, nb] {
                    closures.entry(t).or_insert_with(|| self.closure(&live, t));
                }
                let (ca, cb) = (&closures[&na], &closures[&nb]);
                for &(x, tx) in ca {
                    for &(y, ty) in cb {
                        push(&mut index, &mut pairs, (x, y, parted || tx != ty), current, byte, tx ^ ty);
                    }
                }
            }
        }
        Ok(None)
    }

    /// The byte-consuming and match states reachable from `from` by epsilon moves, each with the
    /// set of tags passed on the way (one entry per distinct set), restricted to `live` states.
    fn closure(&self, live: &[bool], from: u32) -> Vec<(u32, u128)> {
        let mut seen: BTreeSet<(u32, u128)> = BTreeSet::new();
        let mut out = Vec::new();
        let mut stack = vec![(from, 0u128)];
        while let Some((s, tags)) = stack.pop() {
            if !live[s as usize] || !seen.insert((s, tags)) {
                continue;
            }
            match &self.states[s as usize] {
                AState::Bytes(_) | AState::Match => out.push((s, tags)),
                AState::Split(targets) => stack.extend(targets.iter().rev().map(|&t| (t, tags))),
                AState::Tag { slot, next } => stack.push((*next, tags | (1u128 << slot))),
            }
        }
        out
    }
}

/// A pair of states reached on one input: the pair, its parent, the byte read, and the tags on
/// which the two runs differ at this step.
type Pair = ((u32, u32, bool), usize, u8, u128);

fn push(
    index: &mut HashMap<(u32, u32, bool), usize>,
    pairs: &mut Vec<Pair>,
    key: (u32, u32, bool),
    parent: usize,
    byte: u8,
    diff: u128,
) {
    let key = if key.0 <= key.1 { key } else { (key.1, key.0, key.2) };
    if let std::collections::hash_map::Entry::Vacant(e) = index.entry(key) {
        e.insert(pairs.len());
        pairs.push((key, parent, byte, diff));
    }
}

/// The input along the path to pair `end`, and the tags of the first step where the runs part.
fn witness(pairs: &[Pair], end: usize) -> (Vec<u8>, u128) {
    let mut path = Vec::new();
    let mut at = end;
    loop {
        path.push(at);
        match pairs[at].1 {
            usize::MAX => break,
            parent => at = parent,
        }
    }
    path.reverse();
    let input = path[1..].iter().map(|&p| pairs[p].2).collect();
    let tags = path.iter().map(|&p| pairs[p].3).find(|&d| d != 0).unwrap_or(0);
    (input, tags)
}
