
// What every generated parser module does the same way, written once: its `Captures` hold their
// slots in an array (each capture a start and an end slot, each kind alternative a start slot,
// `u32::MAX` where unset) and read, write and move them through these functions; its `Parsed`
// finds each capture's text, and its `Failure` tests its expected bytes, here. The module keeps
// one short method per capture with its own name and docs.

/// The span that slots `start` and `end` record, when both are set.
#[allow(dead_code)]
#[inline(always)]
pub const fn span(slots: &[u32], start: usize, end: usize) -> Option<(usize, usize)> {
    let (s, e) = (slots[start], slots[end]);
    if s == u32::MAX || e == u32::MAX {
        None
    } else {
        Some((s as usize, e as usize))
    }
}

/// Records `span` (or its absence) in slots `start` and `end`.
#[allow(dead_code)]
#[inline(always)]
pub fn set_span(slots: &mut [u32], start: usize, end: usize, span: Option<(usize, usize)>) {
    let (s, e) = span.map_or((u32::MAX, u32::MAX), |(s, e)| (s as u32, e as u32));
    slots[start] = s;
    slots[end] = e;
}

/// Moves every set slot by `delta` bytes.
#[allow(dead_code)]
#[inline(always)]
pub fn shift(slots: &mut [u32], delta: isize) {
    for slot in slots {
        if *slot != u32::MAX {
            *slot = (*slot as isize + delta) as u32;
        }
    }
}

/// The text of `span` in `input`, when the span is present and falls on character boundaries.
#[allow(dead_code)]
#[inline(always)]
pub fn text(input: &str, span: Option<(usize, usize)>) -> Option<&str> {
    span.and_then(|(start, end)| input.get(start..end))
}

/// Whether byte set `set` (bit `b % 64` of word `b / 64`) holds `byte`.
#[allow(dead_code)]
#[inline(always)]
pub const fn has_byte(set: [u64; 4], byte: u8) -> bool {
    set[byte as usize / 64] & (1 << (byte % 64)) != 0
}

/// The span of a start and an end slot, when both are set.
#[allow(dead_code)]
#[inline(always)]
pub const fn pair(start: u32, end: u32) -> Option<(usize, usize)> {
    if start == u32::MAX || end == u32::MAX {
        None
    } else {
        Some((start as usize, end as usize))
    }
}

/// A kind's index from its alternatives' values `v[from..to]`: one more than the position of
/// the first set one, 0 when none is.
#[allow(dead_code)]
#[inline(always)]
pub const fn first_set(v: &[u32], from: usize, to: usize) -> u8 {
    let mut i = from;
    while i < to {
        if v[i] != u32::MAX {
            return (i - from + 1) as u8;
        }
        i += 1;
    }
    0
}
