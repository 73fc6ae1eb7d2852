//! The compact layout of a match: the slots stored as the tagged DFA records them, every other
//! capture slot a short decision list over the stored ones, and one index per kind.
//!
//! A slot outside the stored set is read by the first entry of its list that *fires* (its guard
//! slots and its value slot are all set): the value is a stored slot plus a constant, a constant,
//! or the input's length plus a constant; when no entry fires the slot is unset. RFC 3986's path
//! end, for example, is the query's start less one, else the fragment's start less one, else the
//! input's end. Presence is carried by the stored slots themselves (`u32::MAX` when unset), so a
//! match's exit only copies the stored registers and finds each kind's alternative.
//!
//! [`derive()`] proves every list sound against the register facts of each accepting state and
//! each presence pattern reaching it (the `capture::facts` pass): wherever the list fires an
//! entry, the slot is set, in the class of the entry's value, at the entry's offset; wherever none
//! fires, the slot is unset. The stored set starts as every capture slot, and slots leave it one
//! at a time while every slot outside it keeps a sound list: first the slots that are one constant
//! wherever they are set, then end slots, then start slots, each group from the last capture to
//! the first (so start slots, which the common accessors read directly, are kept longest).
//! Captures that only some parsers record (`in=`) are filled in by code from an inner parse: they
//! are always stored, and no list reads them.

use crate::capture::facts::{analyze, StateFacts};
use crate::capture::spec::CaptureSpec;
use crate::capture::tdfa::{FinalSrc, Tdfa, UNSET};

/// The most entries a list may have.
const MAX_ENTRIES: usize = 4;

/// Where an entry's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// Stored position `j` plus a constant (wrapping).
    Stored(usize, i64),
    /// A constant.
    Const(u32),
    /// The input's length plus a constant.
    End(i64),
}

/// One entry of a decision list: it fires when every stored position of `guard`, and the one its
/// value reads, is set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Stored positions that must be set (besides the value's own).
    pub guard: Vec<usize>,
    /// The slot's value when the entry fires.
    pub value: Value,
}

/// Where one slot's value is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    /// Stored position `j`.
    Stored(usize),
    /// The first entry that fires; unset when none does.
    Derived(Vec<Entry>),
    /// Alternative `variant` of kind `kind`: set when the kind's index names it. Its position is
    /// not kept.
    Kind {
        /// The kind.
        kind: usize,
        /// The alternative.
        variant: usize,
    },
}

/// The compact layout of a tagged DFA's matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The slot each stored position holds, in slot order.
    pub stored: Vec<usize>,
    /// Where each slot is.
    pub places: Vec<Place>,
    /// The number of alternatives of each kind.
    pub kinds: Vec<usize>,
    /// For each state, how a match ending there is stored (`None`: not accepting).
    pub exits: Vec<Option<Exit>>,
    /// For each kind, whether no match sets two of its alternatives: its exits then test the
    /// alternatives from the last to the first.
    pub last_first: Vec<bool>,
}

/// How a match ending in one accepting state becomes a compact value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Exit {
    /// Where each stored position comes from.
    pub stored: Vec<FinalSrc>,
    /// Each kind's index.
    pub kinds: Vec<KindExit>,
}

/// How an exit finds one kind's index (0: absent, else the alternative plus one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KindExit {
    /// The first of these registers that is set gives its index.
    pub tests: Vec<(u32, u8)>,
    /// The index when none is set.
    pub otherwise: u8,
}

/// One accepting state's facts for one presence pattern: each slot's class and offset (`None`:
/// unset), and those of the input's start and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    /// The accepting state.
    pub(crate) state: usize,
    slots: Vec<Option<(u32, i64)>>,
    zero: Option<(u32, i64)>,
    end: Option<(u32, i64)>,
}

impl Row {
    /// Whether slot `s` is set.
    pub(crate) fn is_set(&self, s: usize) -> bool {
        self.slots[s].is_some()
    }
}

/// The rows of every accepting state of `tdfa`, one per presence pattern that reaches it.
pub(crate) fn rows(tdfa: &Tdfa, facts: &StateFacts) -> Vec<Row> {
    let mut rows = Vec::new();
    for (state, (finals, by)) in tdfa.finals.iter().zip(&facts.by_state).enumerate() {
        let Some(finals) = finals else { continue };
        for f in by.values() {
            let row = Row {
                state,
                slots: finals.iter().map(|&src| facts.var_of(src).and_then(|v| f[v])).collect(),
                zero: f[facts.zero],
                end: f[facts.pos],
            };
            if !rows.contains(&row) {
                rows.push(row);
            }
        }
    }
    rows
}

/// Derives the compact layout of `tdfa`'s matches for the captures of `spec`.
pub fn derive(tdfa: &Tdfa, spec: &CaptureSpec) -> Layout {
    let facts = analyze(tdfa);
    let rows = rows(tdfa, &facts);
    let captured = 2 * spec.captures.len();
    // `in=` captures: stored, and read by no list.
    let fixed: Vec<bool> = (0..captured).map(|s| !spec.captures[s / 2].parsers.is_empty()).collect();
    let mut stored: Vec<bool> = vec![true; captured];
    let constant: Vec<usize> =
        (0..captured).filter(|&s| !fixed[s] && constant_of(&rows, s).is_some()).collect();
    let ends: Vec<usize> = (0..captured).rev().filter(|&s| s % 2 == 1 && !fixed[s]).collect();
    let starts: Vec<usize> = (0..captured).rev().filter(|&s| s % 2 == 0 && !fixed[s]).collect();
    for s in constant.into_iter().chain(ends).chain(starts) {
        if !stored[s] {
            continue;
        }
        stored[s] = false;
        if lists(&rows, &stored, &fixed).is_none() {
            stored[s] = true;
        }
    }
    let lists = lists(&rows, &stored, &fixed).expect("the stored set kept every list sound");
    let order: Vec<usize> = (0..captured).filter(|&s| stored[s]).collect();
    let mut places: Vec<Place> = Vec::with_capacity(spec.slot_count());
    let mut lists = lists.into_iter();
    for (s, &kept) in stored.iter().enumerate() {
        if kept {
            places.push(Place::Stored(order.iter().position(|&o| o == s).unwrap_or(0)));
        } else {
            let list = lists.next().unwrap_or_default();
            let list = list
                .into_iter()
                .map(|e| Entry {
                    guard: e.guard.iter().map(|g| order.iter().position(|o| o == g).unwrap_or(0)).collect(),
                    value: match e.value {
                        Value::Stored(v, c) => {
                            Value::Stored(order.iter().position(|&o| o == v).unwrap_or(0), c)
                        }
                        other => other,
                    },
                })
                .collect();
            places.push(Place::Derived(list));
        }
    }
    for (k, kind) in spec.kinds.iter().enumerate() {
        for variant in 0..kind.variants.len() {
            places.push(Place::Kind { kind: k, variant });
        }
    }
    let last_first: Vec<bool> = spec
        .kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            let base = spec.kind_base(k);
            rows.iter().all(|r| (0..kind.variants.len()).filter(|&v| r.is_set(base + v)).count() <= 1)
        })
        .collect();
    let exits = tdfa
        .finals
        .iter()
        .enumerate()
        .map(|(state, finals)| {
            let finals = finals.as_ref()?;
            let here: Vec<&Row> = rows.iter().filter(|r| r.state == state).collect();
            let kinds = spec
                .kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| {
                    kind_exit(&here, finals, spec.kind_base(k), kind.variants.len(), last_first[k])
                })
                .collect();
            Some(Exit { stored: order.iter().map(|&s| finals[s]).collect(), kinds })
        })
        .collect();
    let kinds = spec.kinds.iter().map(|k| k.variants.len()).collect();
    Layout { stored: order, places, kinds, exits, last_first }
}

/// The tests that find a kind's index at an accepting state reached with `rows`: the first
/// alternative set, testing only the alternatives some row sets, and none at all past the point
/// where every row left has the same index.
///
/// With `last_first` (no match sets two alternatives, so the first set one is the only one), the
/// tests run from the last alternative to the first: a kind's last alternative is usually its
/// most general (RFC 3986's `reg-name`), the one most inputs match. An alternative's operand
/// then never comes after one tested later, so the emitted exit finds the index as the last set
/// operand.
fn kind_exit(rows: &[&Row], finals: &[FinalSrc], base: usize, variants: usize, last_first: bool) -> KindExit {
    let index = |row: &Row| (0..variants).find(|&v| row.is_set(base + v)).map_or(0, |v| v as u8 + 1);
    let order: Vec<usize> = if last_first { (0..variants).rev().collect() } else { (0..variants).collect() };
    let mut left: Vec<&Row> = rows.to_vec();
    let mut tests = Vec::new();
    for v in order {
        let first = left.first().map_or(0, |r| index(r));
        if left.iter().all(|r| index(r) == first) {
            return KindExit { tests, otherwise: first };
        }
        if !left.iter().any(|r| r.is_set(base + v)) {
            continue;
        }
        match finals[base + v] {
            FinalSrc::Reg(r) if r != UNSET => tests.push((r, v as u8 + 1)),
            // Set in every row: the facts say `End` or a set register.
            _ => return KindExit { tests, otherwise: v as u8 + 1 },
        }
        left.retain(|r| !r.is_set(base + v));
    }
    KindExit { tests, otherwise: 0 }
}

/// The constant slot `s` is wherever it is set, if it is one and set somewhere.
fn constant_of(rows: &[Row], s: usize) -> Option<i64> {
    let mut value = None;
    for row in rows {
        let Some((class, offset)) = row.slots[s] else { continue };
        let (zc, zo) = row.zero?;
        if class != zc || value.is_some_and(|v| v != offset - zo) {
            return None;
        }
        value = Some(offset - zo);
    }
    value
}

/// A list over slots (before stored positions are numbered): guards and value slots are slots.
type SlotList = Vec<Entry>;

/// A sound list for every slot outside `stored` (in slot order), if each has one.
fn lists(rows: &[Row], stored: &[bool], fixed: &[bool]) -> Option<Vec<SlotList>> {
    let sources: Vec<usize> = (0..stored.len()).filter(|&s| stored[s] && !fixed[s]).collect();
    (0..stored.len()).filter(|&s| !stored[s]).map(|t| list_for(rows, t, &sources)).collect()
}

/// The value of `value` in `row` as a class and offset, when the entry can fire there.
fn value_in(row: &Row, value: Value) -> Option<(u32, i64)> {
    match value {
        Value::Stored(s, c) => row.slots[s].map(|(class, o)| (class, o + c)),
        Value::Const(k) => row.zero.map(|(class, o)| (class, o + i64::from(k))),
        Value::End(c) => row.end.map(|(class, o)| (class, o + c)),
    }
}

/// Whether `entry` (over slots) fires in `row`.
fn fires(row: &Row, entry: &Entry) -> bool {
    entry.guard.iter().all(|&g| row.is_set(g))
        && !matches!(entry.value, Value::Stored(s, _) if !row.is_set(s))
}

/// The entry of value source `source` (its constant 0) and guard `guard`, with the constant that
/// makes it right on the first of `open` it fires on, if it is right on every one it fires on.
fn fit(rows: &[Row], t: usize, open: &[usize], guard: &[usize], source: Value) -> Option<(Entry, usize)> {
    let mut entry = Entry { guard: guard.to_vec(), value: source };
    let mut covered = 0;
    let mut constant: Option<i64> = None;
    for &r in open {
        let row = &rows[r];
        if !fires(row, &entry) {
            continue;
        }
        let (tc, to) = row.slots[t]?;
        let (vc, vo) = value_in(row, source)?;
        if vc != tc || constant.is_some_and(|c| c != to - vo) {
            return None;
        }
        constant = Some(to - vo);
        covered += 1;
    }
    let c = constant?;
    entry.value = match source {
        Value::Stored(s, _) => Value::Stored(s, c),
        Value::Const(_) => Value::Const(u32::try_from(c).ok()?),
        Value::End(_) => Value::End(c),
    };
    Some((entry, covered))
}

/// A sound list for slot `t` over the slots `sources`, built greedily: each entry is the one that
/// covers most of the rows where `t` is set and no earlier entry fires, never fires where `t` is
/// unset, and is right wherever it fires first (ties: fewer guards, then sources in slot order,
/// then a constant, then the input's end).
fn list_for(rows: &[Row], t: usize, sources: &[usize]) -> Option<SlotList> {
    let unset: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_set(t)).collect();
    let mut open: Vec<usize> = (0..rows.len()).filter(|&r| rows[r].is_set(t)).collect();
    let mut values: Vec<Value> = sources.iter().map(|&s| Value::Stored(s, 0)).collect();
    values.extend([Value::Const(0), Value::End(0)]);
    let mut guards: Vec<Vec<usize>> = vec![Vec::new()];
    guards.extend(sources.iter().map(|&g| vec![g]));
    let mut list = Vec::new();
    while !open.is_empty() {
        if list.len() == MAX_ENTRIES {
            return None;
        }
        let mut best: Option<(Entry, usize)> = None;
        for guard in &guards {
            for &value in &values {
                if matches!(value, Value::Stored(s, _) if guard.contains(&s)) {
                    continue;
                }
                let probe = Entry { guard: guard.clone(), value };
                if unset.iter().any(|&r| fires(&rows[r], &probe)) {
                    continue;
                }
                if let Some((entry, covered)) = fit(rows, t, &open, guard, value) {
                    if best.as_ref().is_none_or(|(_, b)| covered > *b) {
                        best = Some((entry, covered));
                    }
                }
            }
        }
        let (entry, _) = best?;
        open.retain(|&r| !fires(&rows[r], &entry));
        list.push(entry);
    }
    Some(list)
}
