//! The checks that make a capture declaration mean one thing, each reported at the declaration's
//! line: a capture that can never be set, one set more than once in one match without an
//! `occurs=` policy, and one that an ambiguous input can give two values without a `prefer=`
//! policy, the last two with a shortest input that shows it (and the two readings).

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use crate::automata::nfa::{Nfa, State, StateId};
use crate::capture::reference::{Reference, Slots};
use crate::capture::spec::{CaptureSpec, Occurs, Prefer};
use crate::capture::tdfa::{Ambiguity, FinalSrc, Tdfa, UNSET};
use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::ir::Grammar;
use crate::tools::escape::escape;
use crate::Encoding;

/// How many pairs of NFA states the search for an ambiguous input may visit.
const PAIR_BUDGET: usize = 1 << 18;

/// What the checks need: the declaration, the grammar, the parsers' NFAs (as
/// `spec.parsers`) and the tagged DFA with the ambiguities its construction met.
pub(crate) struct Checked<'a> {
    pub spec: &'a CaptureSpec,
    pub grammar: &'a Grammar,
    pub encoding: Encoding,
    pub file: &'a str,
    pub nfas: &'a [Nfa],
    pub tdfa: &'a Tdfa,
    pub ambiguities: &'a BTreeSet<Ambiguity>,
}

impl Checked<'_> {
    /// Every problem, as errors.
    pub fn errors(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let settable = settable_slots(self.tdfa);
        let reference = Reference::new(self.grammar, self.spec, self.encoding);
        let misuses = crate::capture::prefer::misuses(self.spec);
        for (i, c) in self.spec.captures.iter().enumerate() {
            let slots = [2 * i as u32, 2 * i as u32 + 1];
            if let Some((_, message)) = misuses.iter().find(|(m, _)| *m == i) {
                out.push(Diagnostic::error(DiagnosticKind::Ambiguity, self.file, c.pos, message.clone()));
                continue;
            }
            if !settable[slots[0] as usize] {
                out.push(self.never_set(&format!("capture `{}`", c.name), c.pos, slots[0], &c.describe()));
                continue;
            }
            if c.options.occurs == Occurs::Once {
                if let Some(d) = self.set_twice(&reference, i) {
                    out.push(d);
                    continue;
                }
            }
            let ambiguous = self.ambiguities.iter().any(|a| a.slots.iter().any(|s| slots.contains(s)));
            if c.options.prefer == Prefer::Unambiguous && ambiguous {
                out.push(self.ambiguous(&reference, i));
            }
            let starts_differ = self.ambiguities.iter().any(|a| a.slots.contains(&slots[0]));
            if crate::capture::prefer::prefers_length(c.options.prefer) && starts_differ {
                out.push(self.starts_differ(&reference, i));
            }
        }
        for (k, kind) in self.spec.kinds.iter().enumerate() {
            for (v, (rule, variant)) in kind.variants.iter().enumerate() {
                let slot = (self.spec.kind_base(k) + v) as u32;
                if !settable[slot as usize] {
                    let what = format!("variant `{variant}` of kind `{}`", kind.name);
                    let name = format!("`{}`", self.grammar.rule(*rule).name);
                    out.push(self.never_set(&what, kind.pos, slot, &name));
                }
            }
        }
        out
    }

    fn never_set(&self, what: &str, pos: crate::Pos, slot: u32, items: &str) -> Diagnostic {
        let reached = self
            .nfas
            .iter()
            .any(|n| n.states.iter().any(|s| matches!(s, State::Tag { slot: t, .. } if *t == slot)));
        let why = if reached {
            format!(
                "every input that matches through {items} is read another way, by an earlier alternative \
                 of the grammar; expected a rule or context that the winning reading goes through"
            )
        } else {
            format!("no parser's rule reaches {items} in the declared context; expected a rule that a parser uses")
        };
        Diagnostic::error(
            DiagnosticKind::Ambiguity,
            self.file,
            pos,
            format!("{what} can never be set: {why}"),
        )
    }

    /// A shortest input on which capture `i` occurs twice in one derivation, as an error.
    fn set_twice(&self, reference: &Reference, i: usize) -> Option<Diagnostic> {
        let c = &self.spec.captures[i];
        let (p, witness) =
            self.nfas.iter().enumerate().find_map(|(p, nfa)| Some((p, twice(nfa, 2 * i as u32)?)))?;
        let rule = self.spec.parsers[p].rule;
        let mut pair = None;
        let _ = reference.derivations(rule, &witness, |occ| {
            let found: Vec<_> = occ.iter().filter(|o| c.records(o.rule, o.literal, &o.outer)).collect();
            if found.len() >= 2 {
                pair = Some((self.occurrence(found[0]), self.occurrence(found[1])));
            }
            pair.is_some()
        });
        let (a, b) = pair.unwrap_or_else(|| (c.describe(), c.describe()));
        Some(Diagnostic::error(
            DiagnosticKind::Ambiguity,
            self.file,
            c.pos,
            format!(
                "capture `{}` is set more than once in one match (in {a} and {b}), for example in `{}`; \
                 expected `occurs=first`, `occurs=last` or `occurs=span` to say which occurrence it records",
                c.name,
                escape(&witness)
            ),
        ))
    }

    fn occurrence(&self, o: &crate::capture::reference::Occurrence) -> String {
        let what = match o.rule {
            Some(r) => format!("`{}`", self.grammar.rule(r).name),
            None => "a literal".to_owned(),
        };
        format!("{what} at {}..{}", o.start, o.end)
    }

    /// An error for capture `i`, which one input can give two values, with a shortest such
    /// input and its two readings when the search finds them.
    fn ambiguous(&self, reference: &Reference, i: usize) -> Diagnostic {
        let c = &self.spec.captures[i];
        let slots = [2 * i as u32, 2 * i as u32 + 1];
        let shown = self.nfas.iter().enumerate().find_map(|(p, nfa)| {
            let rule = self.spec.parsers[p].rule;
            ambiguous_input(nfa, &slots, |w| {
                let readings = reference.readings(rule, w, &slots, 2).ok()?;
                (readings.len() == 2).then_some(readings)
            })
        });
        let example = match shown {
            Some((w, readings)) => format!(
                ": `{}` reads as {} or as {}",
                escape(&w),
                reading(&c.name, &w, &readings[0], i),
                reading(&c.name, &w, &readings[1], i)
            ),
            None => " (no example input was found within the search's budget)".to_owned(),
        };
        Diagnostic::error(
            DiagnosticKind::Ambiguity,
            self.file,
            c.pos,
            format!(
                "capture `{}` is ambiguous{example}; expected `prefer=earliest` to take the reading through \
                 the earlier alternative, or a grammar that reads it one way",
                c.name
            ),
        )
    }
}

impl Checked<'_> {
    /// An error for capture `i`, which prefers a length but which one input can give spans of
    /// different starts (or a span and none), with such an input when the search finds one.
    fn starts_differ(&self, reference: &Reference, i: usize) -> Diagnostic {
        let c = &self.spec.captures[i];
        let slots = [2 * i as u32, 2 * i as u32 + 1];
        let shown = self.nfas.iter().enumerate().find_map(|(p, nfa)| {
            let rule = self.spec.parsers[p].rule;
            ambiguous_input(nfa, &slots[..1], |w| {
                let readings = reference.readings(rule, w, &slots[..1], 2).ok()?;
                let full = reference.readings(rule, w, &slots, usize::MAX).ok()?;
                let pick = |start: Option<usize>| full.iter().find(|r| r[2 * i] == start).cloned();
                (readings.len() == 2).then(|| [pick(readings[0][2 * i]), pick(readings[1][2 * i])])
            })
        });
        let example = match shown {
            Some((w, [Some(a), Some(b)])) => format!(
                ": `{}` reads as {} or as {}",
                escape(&w),
                reading(&c.name, &w, &a, i),
                reading(&c.name, &w, &b, i)
            ),
            _ => " (no example input was found within the search's budget)".to_owned(),
        };
        Diagnostic::error(
            DiagnosticKind::Ambiguity,
            self.file,
            c.pos,
            format!(
                "capture `{}` can start at different places in one input{example}; a length decides only \
                 between spans that start at one place, so expected `prefer=earliest` or a context that \
                 fixes the start",
                c.name
            ),
        )
    }
}

fn reading(name: &str, input: &[u8], slots: &Slots, i: usize) -> String {
    match (slots[2 * i], slots[2 * i + 1]) {
        (Some(s), Some(e)) if s <= e && e <= input.len() => {
            format!("`{name}` = `{}` ({s}..{e})", escape(&input[s..e]))
        }
        _ => format!("`{name}` unset"),
    }
}

/// For each slot, whether some accepting state of `tdfa` can give it a position: a forward
/// may-analysis of which registers can hold a position in each state.
pub(crate) fn settable_slots(tdfa: &Tdfa) -> Vec<bool> {
    let stride = tdfa.stride();
    let mut may: Vec<Option<Vec<bool>>> = vec![None; tdfa.len()];
    let mut work = Vec::new();
    for (p, &start) in tdfa.starts.iter().enumerate() {
        let mut regs = vec![false; tdfa.registers];
        for &r in &tdfa.prologue[p] {
            regs[r as usize] = true;
        }
        merge(&mut may[start as usize], &regs);
        work.push(start as usize);
    }
    while let Some(s) = work.pop() {
        let Some(regs) = may[s].clone() else { continue };
        for c in 0..stride {
            let target = tdfa.trans[s * stride + c] as usize;
            if target == 0 {
                continue;
            }
            let mut next = regs.clone();
            for op in &tdfa.op_lists[tdfa.ops[s * stride + c] as usize] {
                match *op {
                    crate::capture::tdfa::RegOp::SetPos { dst }
                    | crate::capture::tdfa::RegOp::SetNext { dst } => next[dst as usize] = true,
                    crate::capture::tdfa::RegOp::Copy { dst, src } => next[dst as usize] = next[src as usize],
                }
            }
            if merge(&mut may[target], &next) {
                work.push(target);
            }
        }
    }
    let mut settable = vec![false; tdfa.slots];
    for (s, finals) in tdfa.finals.iter().enumerate() {
        let (Some(finals), Some(regs)) = (finals, &may[s]) else { continue };
        for (slot, src) in finals.iter().enumerate() {
            settable[slot] |= match *src {
                FinalSrc::End => true,
                FinalSrc::Reg(r) => r != UNSET && regs[r as usize],
            };
        }
    }
    settable
}

/// Joins `regs` into `into`; whether `into` grew.
fn merge(into: &mut Option<Vec<bool>>, regs: &[bool]) -> bool {
    match into {
        None => {
            *into = Some(regs.to_vec());
            true
        }
        Some(old) => {
            let mut grew = false;
            for (o, &n) in old.iter_mut().zip(regs) {
                if n && !*o {
                    *o = true;
                    grew = true;
                }
            }
            grew
        }
    }
}

/// A byte of `lo..=hi` that reads well in a message: a lower-case letter, a digit, or `lo`.
fn pick(lo: u8, hi: u8) -> u8 {
    [b'a', b'0', b'A'].into_iter().find(|&b| lo <= b && b <= hi).unwrap_or(lo)
}

/// A shortest input that `nfa` accepts along a path passing tag `slot` twice (0-1 breadth-first
/// search over NFA states and a count of passages up to two).
fn twice(nfa: &Nfa, slot: u32) -> Option<Vec<u8>> {
    let mut search = Search::default();
    search.visit((nfa.start, 0), None, true);
    while let Some(at) = search.queue.pop_front() {
        let ((s, n), _) = search.nodes[at];
        // Settled when first taken from the queue, which holds nodes in order of bytes read.
        if !search.seen.insert((s, n)) {
            continue;
        }
        match &nfa.states[s as usize] {
            State::Match if n == 2 => return Some(search.path(at)),
            State::Match => {}
            State::Split(targets) => {
                for &t in targets {
                    search.visit((t, n), Some((at, None)), true);
                }
            }
            State::Tag { slot: t, next, .. } => {
                let n = if *t == slot { (n + 1).min(2) } else { n };
                search.visit((*next, n), Some((at, None)), true);
            }
            State::Range { lo, hi, next } => {
                search.visit((*next, n), Some((at, Some(pick(*lo, *hi)))), false)
            }
        }
    }
    None
}

/// How a search node was reached: its parent's index and the byte read, if one was.
type Step = (usize, Option<u8>);

/// The 0-1 breadth-first search of [`twice`]: nodes with their parent and the byte read (none
/// for a move that reads nothing, which goes to the front of the queue).
#[derive(Default)]
struct Search {
    seen: HashSet<(StateId, u8)>,
    nodes: Vec<((StateId, u8), Option<Step>)>,
    queue: VecDeque<usize>,
}

impl Search {
    fn visit(&mut self, node: (StateId, u8), parent: Option<Step>, front: bool) {
        if self.seen.contains(&node) {
            return;
        }
        self.nodes.push((node, parent));
        let at = self.nodes.len() - 1;
        if front {
            self.queue.push_front(at);
        } else {
            self.queue.push_back(at);
        }
    }

    fn path(&self, mut at: usize) -> Vec<u8> {
        let mut bytes = Vec::new();
        while let Some((parent, byte)) = self.nodes[at].1 {
            bytes.extend(byte);
            at = parent;
        }
        bytes.reverse();
        bytes
    }
}

/// The states that `s` reaches without reading (ranges and the match), each with the set of
/// `slots` (as bits) passed on the way; one entry per distinct pair.
fn closure(nfa: &Nfa, s: StateId, slots: &[u32]) -> Vec<(StateId, u64)> {
    let mut seen = HashSet::new();
    let mut stack = vec![(s, 0u64)];
    let mut out = Vec::new();
    while let Some((s, mask)) = stack.pop() {
        if !seen.insert((s, mask)) {
            continue;
        }
        match &nfa.states[s as usize] {
            State::Range { .. } | State::Match => out.push((s, mask)),
            State::Split(targets) => stack.extend(targets.iter().rev().map(|&t| (t, mask))),
            State::Tag { slot, next, .. } => {
                let bit = slots.iter().position(|x| x == slot).map_or(0, |i| 1u64 << i);
                stack.push((*next, mask | bit));
            }
        }
    }
    out
}

/// Two NFA states read in step, and whether their paths have parted.
type Pair = (StateId, StateId, bool);

/// A shortest input that two paths of `nfa` accept after passing different tags of `slots` at
/// some position, and that `confirm` accepts (it checks that the readings really differ); with
/// what `confirm` returned.
fn ambiguous_input<T>(
    nfa: &Nfa,
    slots: &[u32],
    mut confirm: impl FnMut(&[u8]) -> Option<T>,
) -> Option<(Vec<u8>, T)> {
    let mut closures: HashMap<StateId, Vec<(StateId, u64)>> = HashMap::new();
    let mut seen: HashSet<(StateId, StateId, bool)> = HashSet::new();
    // Each node: its states, whether the paths have parted, and its parent with the byte read.
    let mut nodes: Vec<(Pair, Option<(usize, u8)>)> = vec![((nfa.start, nfa.start, false), None)];
    seen.insert((nfa.start, nfa.start, false));
    let mut tried = HashSet::new();
    let mut at = 0;
    while at < nodes.len() && nodes.len() < PAIR_BUDGET {
        let ((a, b, parted), _) = nodes[at];
        let ca = closures.entry(a).or_insert_with(|| closure(nfa, a, slots)).clone();
        let cb = closures.entry(b).or_insert_with(|| closure(nfa, b, slots)).clone();
        for &(sa, ma) in &ca {
            for &(sb, mb) in &cb {
                let parted = parted || ma != mb;
                match (&nfa.states[sa as usize], &nfa.states[sb as usize]) {
                    (State::Match, State::Match) if parted => {
                        let mut bytes = Vec::new();
                        let mut cur = at;
                        while let Some((parent, byte)) = nodes[cur].1 {
                            bytes.push(byte);
                            cur = parent;
                        }
                        bytes.reverse();
                        if tried.insert(bytes.clone()) {
                            if let Some(t) = confirm(&bytes) {
                                return Some((bytes, t));
                            }
                        }
                    }
                    (
                        &State::Range { lo: la, hi: ha, next: na },
                        &State::Range { lo: lb, hi: hb, next: nb },
                    ) => {
                        let (lo, hi) = (la.max(lb), ha.min(hb));
                        if lo <= hi && seen.insert((na, nb, parted)) {
                            nodes.push(((na, nb, parted), Some((at, pick(lo, hi)))));
                        }
                    }
                    _ => {}
                }
            }
        }
        at += 1;
    }
    None
}
