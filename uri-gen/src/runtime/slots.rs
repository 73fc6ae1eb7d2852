
// The slots of a parser's captures: each capture a start and an end slot, each kind alternative
// a start slot, `u32::MAX` where unset. Every generated `Captures` holds its slots in an array and
// reads, writes and moves them through these functions, so its own methods are one line each.

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

#[cfg(test)]
mod slots_tests {
    use super::*;

    #[test]
    fn a_span_needs_both_slots_and_moves_with_its_text() {
        let mut slots = [u32::MAX; 4];
        assert_eq!(span(&slots, 0, 1), None);
        set_span(&mut slots, 0, 1, Some((2, 5)));
        slots[2] = 7;
        assert_eq!(span(&slots, 0, 1), Some((2, 5)));
        assert_eq!(span(&slots, 2, 3), None, "an end slot unset");
        shift(&mut slots, 3);
        assert_eq!(slots, [5, 8, 10, u32::MAX]);
        shift(&mut slots, -5);
        assert_eq!(span(&slots, 0, 1), Some((0, 3)));
        set_span(&mut slots, 0, 1, None);
        assert_eq!(slots, [u32::MAX, u32::MAX, 5, u32::MAX]);
    }
}
