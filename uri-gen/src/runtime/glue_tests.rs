//! Unit tests of the runtime's `glue.rs`: spans, shifting, text and byte sets of a slots array.

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
