//! The state budget of the tagged DFA: when construction reaches the limit, which parser grew and
//! which captures multiplied its states, told as an error at the capture file's declarations.
//!
//! A tagged DFA state is a list of NFA threads, each with a register per slot. States with the
//! same threads and lookahead tags (one state of the untagged DFA) that differ in their registers
//! are the copies that captures add; a slot accounts for the copies in which its registers fall
//! into a different pattern (which threads share a value). Those slots' captures interact: each
//! way through the grammar keeps its own version of them.

use std::collections::{BTreeMap, HashMap};

use crate::capture::tdfa::{Thread, TooManyStates};
use crate::capture::CaptureSpec;
use crate::syntax::diag::{Diagnostic, DiagnosticKind, Pos};

/// A state's NFA states and lookahead tags: the untagged state it is a copy of.
type Shape<'a> = Vec<(u32, &'a [u32])>;

/// The error for a construction stopped at `limit` states (`states[0]` is the dead state).
pub(crate) fn too_many(
    states: &[(usize, Vec<Thread>)],
    limit: usize,
    slots: usize,
    dead: u32,
) -> TooManyStates {
    let mut per_parser: BTreeMap<usize, usize> = BTreeMap::new();
    for (parser, _) in &states[1..] {
        *per_parser.entry(*parser).or_default() += 1;
    }
    // The parser with the most states; the first of equals.
    let parser = per_parser.iter().max_by_key(|&(p, n)| (*n, std::cmp::Reverse(*p))).map_or(0, |(&p, _)| p);
    let mut groups: HashMap<Shape, Vec<&[Thread]>> = HashMap::new();
    for (p, threads) in &states[1..] {
        if *p == parser {
            let shape = threads.iter().map(|t| (t.nfa, t.lookahead.as_slice())).collect();
            groups.entry(shape).or_default().push(threads);
        }
    }
    let mut copies = vec![0usize; slots];
    for group in groups.values().filter(|g| g.len() > 1) {
        for (slot, count) in copies.iter_mut().enumerate() {
            let mut patterns: Vec<Vec<u32>> = group.iter().map(|t| slot_pattern(t, slot, dead)).collect();
            patterns.sort_unstable();
            patterns.dedup();
            *count += patterns.len() - 1;
        }
    }
    let mut slots: Vec<(u32, usize)> =
        copies.into_iter().enumerate().filter(|&(_, n)| n > 0).map(|(s, n)| (s as u32, n)).collect();
    slots.sort_by_key(|&(s, n)| (std::cmp::Reverse(n), s));
    TooManyStates { limit, parser, slots }
}

/// Which threads of a state share their register for `slot`: each thread's number is the first
/// thread with the same register (unset and dead values kept apart as themselves).
fn slot_pattern(threads: &[Thread], slot: usize, dead: u32) -> Vec<u32> {
    let mut first: HashMap<u32, u32> = HashMap::new();
    threads
        .iter()
        .enumerate()
        .map(|(i, t)| match t.regs[slot] {
            r if r == dead || r == crate::capture::tdfa::UNSET => u32::MAX - u32::from(r == dead),
            r => *first.entry(r).or_insert(i as u32),
        })
        .collect()
}

/// The error of `e` for the parsers that `spec` declares in the capture file `file` (its text
/// `text`): at the first interacting capture's declaration, with the others and the parser's
/// declaration in notes, or at the parser's declaration when its rule alone is that large.
pub(crate) fn diagnostic(e: &TooManyStates, spec: &CaptureSpec, file: &str, text: &str) -> Diagnostic {
    let parser = spec.parsers.get(e.parser).map_or("", |p| p.name.as_str());
    let parser_pos = declaration(text, "parser", parser);
    let names = spec.slot_names();
    // Slot names are `capture.start`, `capture.end` and `kind=Variant`: the declaration's name
    // comes first.
    let mut captures: Vec<(&str, usize)> = Vec::new();
    for &(slot, n) in &e.slots {
        let Some(full) = names.get(slot as usize) else { continue };
        let name = full.split(['.', '=']).next().unwrap_or(full);
        match captures.iter_mut().find(|(c, _)| *c == name) {
            Some((_, total)) => *total += n,
            None => captures.push((name, n)),
        }
    }
    captures.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    let Some(&(first, first_copies)) = captures.first() else {
        return Diagnostic::error(
            DiagnosticKind::TooLarge,
            file,
            parser_pos,
            format!(
                "parser `{parser}` needs more than {} tagged DFA states, and its rule alone is that large: \
                 no capture multiplies them",
                e.limit
            ),
        )
        .with_note("raise the limit (`--max-states`), or parse a smaller rule");
    };
    let listed: Vec<String> = captures.iter().map(|(c, _)| format!("`{c}`")).collect();
    let mut d = Diagnostic::error(
        DiagnosticKind::TooLarge,
        file,
        any_declaration(text, first),
        format!(
            "parser `{parser}` needs more than {} tagged DFA states: the captures {} interact, each way \
             through the grammar keeping its own copy of them ({first_copies} copies of states for `{first}`)",
            e.limit,
            listed.join(", ")
        ),
    );
    for &(c, n) in &captures[1..] {
        let pos = any_declaration(text, c);
        d = d.with_note(format!(
            "`{c}` is declared at {file}:{}:{} ({n} copies of states)",
            pos.line, pos.column
        ));
    }
    d.with_note(format!("parser `{parser}` is declared at {file}:{}:{}", parser_pos.line, parser_pos.column))
        .with_note(
            "capture fewer of these rules, or capture them in a parser of their own run on the span of an \
             enclosing capture, or raise the limit (`--max-states`)",
        )
}

/// Where a `capture` or `kind` declaration of `name` starts.
fn any_declaration(text: &str, name: &str) -> Pos {
    let at = declaration(text, "capture", name);
    if at == Pos::default() {
        declaration(text, "kind", name)
    } else {
        at
    }
}

/// Where the line `keyword name ...` of `text` starts, at `keyword` (`Pos::default()` when there
/// is none, which cannot happen for a spec read from `text`).
fn declaration(text: &str, keyword: &str, name: &str) -> Pos {
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        if words.next() == Some(keyword) && words.next() == Some(name) {
            let column = line.len() - line.trim_start().len();
            return Pos { line: n as u32 + 1, column: column as u32 + 1 };
        }
    }
    Pos::default()
}
