//! The automaton that finds a list capture's occurrences again in the span the parser recorded
//! (from the first occurrence's start to the last one's end), so that the parser keeps a fixed
//! number of registers and the occurrences are read lazily, without allocation.
//!
//! # The span's language
//!
//! The span automaton is built from the parsers' tagged NFAs: it starts right after any start
//! tag of the capture (the span starts with an occurrence), keeps the capture's start and end
//! tags as marks (every other tag is passed silently), and may end right after any end tag of the
//! capture (the span ends with an occurrence). States from which no end tag can be reached are
//! dropped. Every way a real match goes through its span is a path of this automaton, so it
//! reads every span a parser can record, and more.
//!
//! # Exactness
//!
//! The automaton is determinized with the marks on the transitions: a transition that reads the
//! byte at `i` carries the marks the threads that read it passed since the previous byte, all at
//! position `i`, and an accepting state carries the marks of the span's end. The construction
//! requires that every thread that reads a byte passed the same marks, and that every way to end
//! passed the same marks. Then every path that reads a given span marks the same positions, so
//! the marks that the walk finds are those of the match the parser made, whatever came before
//! and after the span. Where two threads disagree, the capture is refused with the shortest span
//! text that shows it and what each reading does there.
//!
//! A transition's marks are at most [`MAX_MARKS`], packed in one byte: the count in the low
//! three bits, then one bit per mark in order (1 starts an occurrence, 0 ends one).

use std::collections::{HashMap, VecDeque};

use crate::automata::classes::ByteClasses;
use crate::automata::nfa::{Nfa, State, StateId};
use crate::capture::spec::{CaptureSpec, Occurs};
use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::tools::escape::escape;

/// The most marks one position may carry (empty occurrences one after another).
pub const MAX_MARKS: usize = 5;

/// The marks passed since the previous byte: `true` starts an occurrence, `false` ends one.
type Marks = Vec<bool>;

/// A list capture's span automaton.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The capture's index in the declaration.
    pub capture: usize,
    /// Byte classes of the table columns.
    pub classes: ByteClasses,
    /// `trans[state * stride + class]`: the next state (0 is dead; 1 is the start).
    pub trans: Vec<u32>,
    /// `marks[state * stride + class]`: the packed marks at the byte's position.
    pub marks: Vec<u8>,
    /// For each state, the packed marks at the span's end, or 0 when the span cannot end there.
    pub finals: Vec<u8>,
}

/// Where two readings of a span part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Before the span text's last byte, which both read.
    Byte,
    /// After the span text, whatever follows.
    After,
    /// At the span's end, after the span text.
    End,
}

/// Why a span automaton cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// Two ways through one span mark different positions: the shortest span text that shows
    /// it, where they part, and what each does there.
    Ambiguous {
        /// The span text.
        text: Vec<u8>,
        /// Where the readings part.
        place: Place,
        /// What the two readings do there.
        readings: [String; 2],
    },
    /// More than [`MAX_MARKS`] marks at one position.
    TooManyMarks {
        /// The span text up to that position.
        text: Vec<u8>,
    },
    /// More states than the limit.
    TooLarge {
        /// The limit.
        limit: usize,
    },
}

impl SplitError {
    /// The problem in words, for a diagnostic at the capture's line.
    pub fn describe(&self) -> String {
        match self {
            SplitError::Ambiguous { text, place: Place::Byte, readings } => {
                let (before, byte) = text.split_at(text.len() - 1);
                format!(
                    "in a span that starts `{}`, before the byte `{}` (after `{}`) one reading may {} \
                     and another {}",
                    escape(text),
                    escape(byte),
                    escape(before),
                    readings[0],
                    readings[1]
                )
            }
            SplitError::Ambiguous { text, place: Place::After, readings } => format!(
                "in a span that starts `{}`, after that text one reading may {} and another {}",
                escape(text),
                readings[0],
                readings[1]
            ),
            SplitError::Ambiguous { text, place: Place::End, readings } => format!(
                "a span `{}` may end in two ways: one reading may {} and another {}",
                escape(text),
                readings[0],
                readings[1]
            ),
            SplitError::TooManyMarks { text } => format!(
                "a span that starts `{}` has more than {MAX_MARKS} occurrence boundaries at one position",
                escape(text)
            ),
            SplitError::TooLarge { limit } => format!("its span automaton needs more than {limit} states"),
        }
    }
}

/// What a list of marks does, in words.
fn words(marks: &[bool]) -> String {
    if marks.is_empty() {
        return "go on (inside an occurrence or between two)".to_owned();
    }
    let parts: Vec<&str> =
        marks.iter().map(|&open| if open { "start an occurrence" } else { "end an occurrence" }).collect();
    parts.join(", then ")
}

/// Packs `marks` (at most [`MAX_MARKS`]) into one byte.
fn pack(marks: &[bool]) -> u8 {
    let bits = marks.iter().enumerate().fold(0u8, |acc, (k, &open)| acc | (u8::from(open) << (3 + k)));
    bits | marks.len() as u8
}

/// A thread of the determinization: an NFA state that reads a byte, with the marks passed since
/// the last byte.
type Thread = (StateId, Marks);

/// A state: its threads in NFA order, and the marks of ending there if it can.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct DState {
    threads: Vec<Thread>,
    end: Option<Marks>,
}

/// The span automaton of every list capture of `spec` over the parsers' tagged NFAs, or an
/// error at the line of each capture whose occurrences it cannot find exactly (`file` is the
/// capture file's name).
pub(crate) fn build_lists(
    spec: &CaptureSpec,
    nfas: &[Nfa],
    limit: usize,
    file: &str,
) -> (Vec<Split>, Vec<Diagnostic>) {
    let mut lists = Vec::new();
    let mut errors = Vec::new();
    for (i, c) in spec.captures.iter().enumerate().filter(|(_, c)| c.options.occurs == Occurs::All) {
        match build(nfas, i, limit) {
            Ok(split) => lists.push(split),
            Err(e) => errors.push(Diagnostic::error(
                DiagnosticKind::Ambiguity,
                file,
                c.pos,
                format!(
                    "list capture `{}` cannot be split into its occurrences exactly: {}; expected \
                     occurrences that the text between them (or their own text) tells apart, or \
                     `occurs=first` or `occurs=last`",
                    c.name,
                    e.describe()
                ),
            )),
        }
    }
    (lists, errors)
}

/// Builds the span automaton of capture `capture` (slots `2 * capture` and `2 * capture + 1`)
/// from the parsers' tagged NFAs, with at most `limit` states.
pub fn build(nfas: &[Nfa], capture: usize, limit: usize) -> Result<Split, SplitError> {
    let (open, close) = (2 * capture as u32, 2 * capture as u32 + 1);
    let nfa = union(nfas);
    let live = reaches_close(&nfa, close);
    let starts: Vec<StateId> = nfa
        .states
        .iter()
        .filter_map(|s| match *s {
            State::Tag { slot, next, .. } if slot == open && live[next as usize] => Some(next),
            _ => None,
        })
        .collect();
    let classes = ByteClasses::from_nfas([&nfa]);
    let reps = classes.representatives();
    let stride = classes.len();
    let closure = |seeds: &[(StateId, Marks)], text: &[u8]| -> Result<DState, SplitError> {
        close_over(&nfa, &live, (open, close), seeds, text)
    };
    let seeds: Vec<(StateId, Marks)> = starts.iter().map(|&s| (s, Vec::new())).collect();
    let first = closure(&seeds, &[])?;
    // State 0 is dead; each state keeps the shortest span text that reaches it.
    let mut states: Vec<(DState, Vec<u8>)> = vec![(DState { threads: Vec::new(), end: None }, Vec::new())];
    let mut ids: HashMap<DState, u32> = HashMap::new();
    ids.insert(first.clone(), 1);
    states.push((first, Vec::new()));
    let mut trans = vec![0u32; 2 * stride];
    let mut marks = vec![0u8; 2 * stride];
    let mut queue = VecDeque::from([1u32]);
    while let Some(id) = queue.pop_front() {
        let (state, text) = states[id as usize].clone();
        for (class, &byte) in reps.iter().enumerate() {
            let mut moved: Vec<(StateId, Marks)> = Vec::new();
            let mut committed: Option<&Marks> = None;
            let mut text = text.clone();
            text.push(byte);
            for (s, m) in &state.threads {
                let State::Range { lo, hi, next } = nfa.states[*s as usize] else { continue };
                if !((lo..=hi).contains(&byte) && live[next as usize]) {
                    continue;
                }
                match committed {
                    Some(c) if c != m => {
                        return Err(SplitError::Ambiguous {
                            text,
                            place: Place::Byte,
                            readings: [words(c), words(m)],
                        })
                    }
                    _ => committed = Some(m),
                }
                moved.push((next, Vec::new()));
            }
            let Some(committed) = committed else { continue };
            let target = closure(&moved, &text)?;
            let at = id as usize * stride + class;
            marks[at] = pack(committed);
            trans[at] = match ids.get(&target) {
                Some(&t) => t,
                None => {
                    if states.len() >= limit {
                        return Err(SplitError::TooLarge { limit });
                    }
                    let t = states.len() as u32;
                    ids.insert(target.clone(), t);
                    states.push((target, text));
                    trans.extend(std::iter::repeat_n(0, stride));
                    marks.extend(std::iter::repeat_n(0, stride));
                    queue.push_back(t);
                    t
                }
            };
        }
    }
    let finals = states.iter().map(|(s, _)| s.end.as_deref().map_or(0, pack)).collect();
    Ok(Split { capture, classes, trans, marks, finals })
}

/// The parsers' NFAs as one, started at the first one's start (the span automaton has starts of
/// its own).
fn union(nfas: &[Nfa]) -> Nfa {
    let mut states = Vec::new();
    for nfa in nfas {
        let base = states.len() as StateId;
        states.extend(nfa.states.iter().map(|s| match s {
            State::Range { lo, hi, next } => State::Range { lo: *lo, hi: *hi, next: next + base },
            State::Split(targets) => State::Split(targets.iter().map(|t| t + base).collect()),
            State::Tag { slot, once, next } => State::Tag { slot: *slot, once: *once, next: next + base },
            State::Match => State::Match,
        }));
    }
    Nfa { states, start: 0 }
}

/// For each NFA state, whether a path from it passes an end tag of slot `close`.
fn reaches_close(nfa: &Nfa, close: u32) -> Vec<bool> {
    let n = nfa.states.len();
    let mut preds: Vec<Vec<StateId>> = vec![Vec::new(); n];
    let mut live = vec![false; n];
    let mut work = Vec::new();
    for (s, state) in nfa.states.iter().enumerate() {
        let targets: Vec<StateId> = match state {
            State::Range { next, .. } => vec![*next],
            State::Split(targets) => targets.clone(),
            State::Tag { slot, next, .. } => {
                if *slot == close {
                    live[s] = true;
                    work.push(s as StateId);
                }
                vec![*next]
            }
            State::Match => Vec::new(),
        };
        for t in targets {
            preds[t as usize].push(s as StateId);
        }
    }
    while let Some(s) = work.pop() {
        for &p in &preds[s as usize] {
            if !live[p as usize] {
                live[p as usize] = true;
                work.push(p);
            }
        }
    }
    live
}

/// The threads that `seeds` reach without reading, each with the marks passed (the seed's
/// first), and the marks of ending the span there. Two ways to one state with different marks,
/// or two ways to end with different marks, are an error shown on `text`.
fn close_over(
    nfa: &Nfa,
    live: &[bool],
    (open, close): (u32, u32),
    seeds: &[(StateId, Marks)],
    text: &[u8],
) -> Result<DState, SplitError> {
    let mut reached: HashMap<StateId, Marks> = HashMap::new();
    let mut threads = Vec::new();
    let mut end: Option<Marks> = None;
    let mut stack: Vec<(StateId, Marks)> = seeds.iter().rev().cloned().collect();
    let ambiguous = |a: &Marks, b: &Marks, place: Place| SplitError::Ambiguous {
        text: text.to_vec(),
        place,
        readings: [words(a), words(b)],
    };
    while let Some((s, marks)) = stack.pop() {
        if !live[s as usize] {
            continue;
        }
        if marks.len() > MAX_MARKS {
            return Err(SplitError::TooManyMarks { text: text.to_vec() });
        }
        if let Some(before) = reached.get(&s) {
            if *before != marks {
                // Both ways read on from one state, which reaches an end.
                return Err(ambiguous(before, &marks, Place::After));
            }
            continue;
        }
        reached.insert(s, marks.clone());
        match &nfa.states[s as usize] {
            State::Range { .. } => threads.push((s, marks)),
            State::Split(targets) => stack.extend(targets.iter().rev().map(|&t| (t, marks.clone()))),
            State::Tag { slot, next, .. } => {
                let mut marks = marks;
                if *slot == open || *slot == close {
                    marks.push(*slot == open);
                    if marks.len() > MAX_MARKS {
                        return Err(SplitError::TooManyMarks { text: text.to_vec() });
                    }
                }
                if *slot == close {
                    match &end {
                        Some(before) if *before != marks => {
                            return Err(ambiguous(before, &marks, Place::End))
                        }
                        _ => end = Some(marks.clone()),
                    }
                }
                stack.push((*next, marks));
            }
            State::Match => {}
        }
    }
    threads.sort_unstable();
    Ok(DState { threads, end })
}

impl Split {
    /// The number of table columns.
    pub fn stride(&self) -> usize {
        self.classes.len()
    }

    /// The occurrences in `span` (a span the parser recorded), each `(start, end)` relative to
    /// the span's start, as the generated walk finds them; `None` where the span is not one the
    /// automaton reads.
    pub fn occurrences(&self, span: &[u8]) -> Option<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut apply = |packed: u8, at: usize, out: &mut Vec<(usize, usize)>| {
            let count = packed & 7;
            for k in 0..count {
                if packed & (8 << k) != 0 {
                    start = at;
                } else {
                    out.push((start, at));
                }
            }
        };
        let mut state = 1usize;
        for (i, &b) in span.iter().enumerate() {
            let at = state * self.stride() + self.classes.get(b);
            apply(self.marks[at], i, &mut out);
            state = self.trans[at] as usize;
            if state == 0 {
                return None;
            }
        }
        let end = self.finals[state];
        if end == 0 {
            return None;
        }
        apply(end, span.len(), &mut out);
        Some(out)
    }
}
