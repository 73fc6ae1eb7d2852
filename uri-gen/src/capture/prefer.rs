//! `prefer=shortest` and `prefer=longest`: which reading wins where one input gives a capture
//! spans that start at the same place and end at different ones (RFC 6068's `to`, whose
//! addresses admit the `?` that starts the header fields).
//!
//! The tagged DFA decides between two ways through one NFA state by their order: the thread
//! ahead wins. For the other captures that order is the grammar's priority; for a capture that
//! prefers a length, the threads are put in order before they read each byte (a stable sort, so
//! that the grammar's priority still decides among threads alike): for `longest`, threads inside
//! an occurrence of the capture first (those that end it now end it later than those that ended
//! it before), then the others in their order, in which the latest end comes first; for
//! `shortest` the other way round. Two threads that reach one state after the capture's end then
//! meet in the order of their ends, and the one with the shorter (longer) span wins.
//!
//! That order compares ends only, so the declaration is refused where two readings of one input
//! give the capture different starts (or a span and no span), with the input and both readings.
//! The option applies to a capture that occurs once in a reading (no `occurs=`), and to one
//! capture of a declaration.

use crate::automata::nfa::{Nfa, State, StateId};
use crate::capture::spec::{CaptureSpec, Occurs, Prefer};

/// The order of threads for the one capture that prefers a length.
#[derive(Debug, Clone)]
pub(crate) struct Preference {
    /// For each parser, which NFA states lie inside an occurrence of the capture (between its
    /// start tag and its end tag, the end tag included).
    inside: Vec<Vec<bool>>,
    /// Whether the longest span wins (otherwise the shortest).
    longest: bool,
}

impl Preference {
    /// The order `spec` asks for over `nfas` (one per parser), if a capture prefers a length.
    pub(crate) fn of(spec: &CaptureSpec, nfas: &[Nfa]) -> Option<Preference> {
        let (i, c) = spec.captures.iter().enumerate().find(|(_, c)| prefers_length(c.options.prefer))?;
        let (open, close) = (2 * i as u32, 2 * i as u32 + 1);
        let inside = nfas.iter().map(|nfa| inside(nfa, open, close)).collect();
        Some(Preference { inside, longest: c.options.prefer == Prefer::Longest })
    }

    /// Puts `moved` (threads about to be closed over, each led by its NFA state) in order.
    pub(crate) fn order<R, D>(&self, parser: usize, moved: &mut [(StateId, R, D)]) {
        let inside = &self.inside[parser];
        let longest = self.longest;
        moved.sort_by_key(|(s, _, _)| inside[*s as usize] != longest);
    }
}

/// Whether `prefer` compares lengths.
pub(crate) fn prefers_length(prefer: Prefer) -> bool {
    matches!(prefer, Prefer::Shortest | Prefer::Longest)
}

/// The states reachable from after a start tag of `open` without passing an end tag of `close`,
/// end tags included.
fn inside(nfa: &Nfa, open: u32, close: u32) -> Vec<bool> {
    let mut seen = vec![false; nfa.states.len()];
    let mut stack: Vec<StateId> = nfa
        .states
        .iter()
        .filter_map(|s| match *s {
            State::Tag { slot, next, .. } if slot == open => Some(next),
            _ => None,
        })
        .collect();
    while let Some(s) = stack.pop() {
        if std::mem::replace(&mut seen[s as usize], true) {
            continue;
        }
        match &nfa.states[s as usize] {
            State::Range { next, .. } => stack.push(*next),
            State::Split(targets) => stack.extend(targets),
            State::Tag { slot, .. } if *slot == close => {}
            State::Tag { next, .. } => stack.push(*next),
            State::Match => {}
        }
    }
    seen
}

/// The misuses of `prefer=shortest` and `prefer=longest` that the declaration alone shows, as
/// (capture index, message): with `occurs=`, and on a second capture.
pub(crate) fn misuses(spec: &CaptureSpec) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut first: Option<&str> = None;
    for (i, c) in spec.captures.iter().enumerate() {
        if !prefers_length(c.options.prefer) {
            continue;
        }
        if c.options.occurs != Occurs::Once {
            out.push((
                i,
                format!(
                    "capture `{}` gives `prefer=` a length and `occurs=` an occurrence; a length decides \
                     between readings of one occurrence, so expected one of the two (or \
                     `prefer=earliest` with `occurs=`)",
                    c.name
                ),
            ));
        } else if let Some(first) = first {
            out.push((
                i,
                format!(
                    "capture `{}` prefers a length, as capture `{first}` does; expected \
                     `prefer=shortest` or `prefer=longest` on one capture of a declaration",
                    c.name
                ),
            ));
        } else {
            first = Some(&c.name);
        }
    }
    out
}
