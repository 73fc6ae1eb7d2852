//! Unit tests of the runtime's `glue.rs`: shifting, kind indexes, text and byte sets.

use super::*;

#[test]
fn set_slots_move_and_unset_ones_stay() {
    let mut slots = [2, 5, 7, u32::MAX];
    shift(&mut slots, 3);
    assert_eq!(slots, [5, 8, 10, u32::MAX]);
    shift(&mut slots, -5);
    assert_eq!(slots, [0, 3, 5, u32::MAX]);
}

#[test]
fn a_kind_index_is_one_more_than_the_position_of_the_set_alternative() {
    let none = u32::MAX;
    let v = [9, 9, none, 4, none, 0];
    assert_eq!(first_set(&v, 2, 6), 2);
    assert_eq!(last_set(&v, 2, 6), 4);
    assert_eq!(first_set(&v, 2, 3), 0);
    assert_eq!(last_set(&v, 4, 5), 0);
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
