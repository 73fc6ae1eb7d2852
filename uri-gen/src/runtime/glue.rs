
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

#[cfg(test)]
mod glue_tests {
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

    #[test]
    fn text_and_byte_sets() {
        assert_eq!(text("a/é", Some((0, 2))), Some("a/"));
        assert_eq!(text("a/é", Some((0, 3))), None, "inside a character");
        assert_eq!(text("a/é", None), None);
        let set = [1 << 47, 0, 0, 1 << 63];
        assert!(has_byte(set, b'/') && has_byte(set, 255));
        assert!(!has_byte(set, b'.') && !has_byte(set, 0));
    }
}
