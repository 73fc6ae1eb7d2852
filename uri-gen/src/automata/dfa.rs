//! The DFA product: dense transition tables over byte classes, one start state per rule.

use crate::automata::classes::ByteClasses;
use crate::automata::renumber::{merge_equal_columns, remap_classes};

/// The dead state: no input leads from it to a match. Every DFA here has it at index 0.
pub const DEAD: u32 = 0;

/// A dense DFA with several start states (one per compiled rule) sharing one state space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dfa {
    /// The byte classes the table columns stand for.
    pub classes: ByteClasses,
    /// `trans[state * stride + class]` is the next state; `stride` is `classes.len()`.
    pub trans: Vec<u32>,
    /// Whether each state accepts.
    pub accept: Vec<bool>,
    /// The start state of each rule, in rule order.
    pub starts: Vec<u32>,
}

impl Dfa {
    /// The number of columns of the table.
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

    /// The state after reading `byte` in `state`.
    pub fn next(&self, state: u32, byte: u8) -> u32 {
        self.trans[state as usize * self.stride() + self.classes.get(byte)]
    }

    /// Whether the whole of `input` is a match from start `start`.
    pub fn matches(&self, start: usize, input: &[u8]) -> bool {
        let (state, read) = self.live_prefix(start, input);
        read == input.len() && self.accept[state as usize]
    }

    /// The walk from start `start` over `input` up to where no match can go on: the last live
    /// state and how many bytes it read (the input's length when it never dies).
    pub fn live_prefix(&self, start: usize, input: &[u8]) -> (u32, usize) {
        let mut state = self.starts[start];
        for (i, &b) in input.iter().enumerate() {
            let next = self.next(state, b);
            if next == DEAD {
                return (state, i);
            }
            state = next;
        }
        (state, input.len())
    }

    /// The length of the longest prefix of `input` that matches from start `start`.
    pub fn longest_match(&self, start: usize, input: &[u8]) -> Option<usize> {
        let mut s = self.starts[start];
        let mut last = self.accept[s as usize].then_some(0);
        for (i, &b) in input.iter().enumerate() {
            s = self.next(s, b);
            if s == DEAD {
                break;
            }
            if self.accept[s as usize] {
                last = Some(i + 1);
            }
        }
        last
    }

    /// Puts several DFAs over the same classes side by side in one table: their states are
    /// renumbered with offsets and their start states concatenated. Each keeps its own dead state
    /// until `minimize::minimize` merges them.
    pub fn union(parts: &[Dfa]) -> Dfa {
        let classes = parts.first().map_or_else(|| ByteClasses::from_map([0; 256]), |d| d.classes.clone());
        let mut out = Dfa {
            classes,
            trans: vec![DEAD; parts.first().map_or(1, |d| d.stride())],
            accept: vec![false],
            starts: Vec::new(),
        };
        for part in parts {
            debug_assert_eq!(part.classes, out.classes);
            let offset = out.len() as u32;
            out.trans.extend(part.trans.iter().map(|&t| t + offset));
            out.accept.extend(&part.accept);
            out.starts.extend(part.starts.iter().map(|&s| s + offset));
        }
        out
    }

    /// Merges byte classes whose columns are equal in every state, so the table is as narrow as
    /// this automaton needs.
    pub fn compact_classes(&self) -> Dfa {
        let stride = self.stride();
        let (remap, kept) = merge_equal_columns(self.len(), stride, |s, c| self.trans[s * stride + c]);
        let trans =
            (0..self.len()).flat_map(|s| kept.iter().map(move |&c| self.trans[s * stride + c])).collect();
        Dfa {
            classes: remap_classes(&self.classes, &remap),
            trans,
            accept: self.accept.clone(),
            starts: self.starts.clone(),
        }
    }

    /// For every state, the shortest input (smallest bytes first among equals) from it to an
    /// accepting state, or `None` when no input leads from it to a match: a breadth-first
    /// search backwards from the accepting states.
    pub fn completions(&self) -> Vec<Option<Vec<u8>>> {
        let mut into: Vec<Vec<(u32, u8)>> = vec![Vec::new(); self.len()];
        for from in 1..self.len() as u32 {
            for byte in 0..=255u8 {
                let to = self.next(from, byte);
                if to != DEAD {
                    into[to as usize].push((from, byte));
                }
            }
        }
        let mut step: Vec<Option<u8>> = vec![None; self.len()];
        let mut done: Vec<bool> = self.accept.clone();
        let mut queue: std::collections::VecDeque<u32> =
            (0..self.len() as u32).filter(|&s| self.accept[s as usize]).collect();
        while let Some(to) = queue.pop_front() {
            for &(from, byte) in &into[to as usize] {
                if !done[from as usize] {
                    done[from as usize] = true;
                    step[from as usize] = Some(byte);
                    queue.push_back(from);
                }
            }
        }
        (0..self.len() as u32)
            .map(|start| {
                done[start as usize].then(|| {
                    let (mut state, mut out) = (start, Vec::new());
                    while let Some(byte) = step[state as usize] {
                        out.push(byte);
                        state = self.next(state, byte);
                    }
                    out
                })
            })
            .collect()
    }

    /// Inputs that take every transition reachable from start `start`: for each reachable
    /// state and byte class, the shortest way to the state, a byte of the class (a different one
    /// of its bytes at each state, so that every byte is used), and, when that byte leads to a
    /// live state, its shortest way on to a match (`completions` is [`Dfa::completions`]). Rare
    /// paths that random sampling may miss are all taken this way, which makes these inputs a
    /// test set for anything that claims to implement the automaton.
    pub fn transition_cover(&self, completions: &[Option<Vec<u8>>], start: usize) -> Vec<Vec<u8>> {
        let members: Vec<Vec<u8>> =
            (0..self.classes.len()).map(|c| self.classes.members(c).collect()).collect();
        let byte = |state: u32, class: usize| members[class][state as usize % members[class].len()];
        let start = self.starts[start];
        let mut paths: Vec<Option<Vec<u8>>> = vec![None; self.len()];
        paths[start as usize] = Some(Vec::new());
        let mut order = vec![start];
        let mut next = 0;
        while let Some(&state) = order.get(next) {
            next += 1;
            for class in 0..members.len() {
                let target = self.next(state, byte(state, class));
                if target != DEAD && paths[target as usize].is_none() {
                    let mut path = paths[state as usize].clone().unwrap_or_default();
                    path.push(byte(state, class));
                    paths[target as usize] = Some(path);
                    order.push(target);
                }
            }
        }
        let mut inputs = Vec::new();
        for &state in &order {
            for class in 0..members.len() {
                let mut input = paths[state as usize].clone().unwrap_or_default();
                input.push(byte(state, class));
                let target = self.next(state, byte(state, class));
                if let Some(Some(tail)) = completions.get(target as usize).filter(|_| target != DEAD) {
                    input.extend_from_slice(tail);
                }
                inputs.push(input);
            }
        }
        inputs
    }

    /// The bytes on which `state` goes back to itself.
    pub fn self_loop_bytes(&self, state: u32) -> Vec<u8> {
        (0..=255u8).filter(|&b| state != DEAD && self.next(state, b) == state).collect()
    }

    /// Renders the automaton in Graphviz DOT, one edge per (state, target) with its byte ranges.
    pub fn to_dot(&self, names: &[&str]) -> String {
        let mut out = String::from("digraph dfa {\n  rankdir=LR;\n  node [shape=circle];\n");
        for s in 1..self.len() as u32 {
            let shape = if self.accept[s as usize] { "doublecircle" } else { "circle" };
            out.push_str(&format!("  s{s} [shape={shape}];\n"));
        }
        for (i, &start) in self.starts.iter().enumerate() {
            let name = names.get(i).copied().unwrap_or("start");
            out.push_str(&format!("  \"{name}\" [shape=plaintext];\n  \"{name}\" -> s{start};\n"));
        }
        for s in 1..self.len() as u32 {
            let mut targets: Vec<(u32, Vec<u8>)> = Vec::new();
            for b in 0..=255u8 {
                let t = self.next(s, b);
                if t == DEAD {
                    continue;
                }
                match targets.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, bytes)) => bytes.push(b),
                    None => targets.push((t, vec![b])),
                }
            }
            for (t, bytes) in targets {
                out.push_str(&format!("  s{s} -> s{t} [label=\"{}\"];\n", byte_set_label(&bytes)));
            }
        }
        out.push_str("}\n");
        out
    }
}

/// A compact label for a set of bytes: ranges like `a-z`, escaped for DOT.
pub fn byte_set_label(bytes: &[u8]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let mut j = i;
        while j + 1 < bytes.len() && bytes[j + 1] == bytes[j] + 1 {
            j += 1;
        }
        let show = |b: u8| -> String {
            match b {
                b'"' => "\\\"".into(),
                b'\\' => "\\\\".into(),
                0x21..=0x7E => (b as char).to_string(),
                _ => format!("\\\\x{b:02X}"),
            }
        };
        parts.push(if i == j { show(bytes[i]) } else { format!("{}-{}", show(bytes[i]), show(bytes[j])) });
        i = j + 1;
    }
    parts.join(" ")
}
