
// What every generated parser module does the same way, written once: its `Captures` store some
// slots in an array (`u32::MAX` where unset) and derive the others when read; moving the stored
// slots and each kind's index from its alternatives' registers are here, as are the text of a
// capture for `Parsed` and the expected-byte test of `Failure`. The module keeps one short
// method per capture with its own name and docs.

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

/// The start of `span` as a stored slot, `u32::MAX` when the span is absent.
#[allow(dead_code)]
#[inline(always)]
pub const fn start_slot(span: Option<(usize, usize)>) -> u32 {
    match span {
        Some((start, _)) => start as u32,
        None => u32::MAX,
    }
}

/// The end of `span` as a stored slot, `u32::MAX` when the span is absent.
#[allow(dead_code)]
#[inline(always)]
pub const fn end_slot(span: Option<(usize, usize)>) -> u32 {
    match span {
        Some((_, end)) => end as u32,
        None => u32::MAX,
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

/// A kind's index from its alternatives' values `v[from..to]` when at most one is set or the
/// later ones take precedence: one more than the position of the last set one, 0 when none is.
#[allow(dead_code)]
#[inline(always)]
pub const fn last_set(v: &[u32], from: usize, to: usize) -> u8 {
    let mut i = to;
    while i > from {
        i -= 1;
        if v[i] != u32::MAX {
            return (i - from + 1) as u8;
        }
    }
    0
}
