//! Unit tests of the runtime's `walk.rs`: where `Accel::skip` ends a run.

use super::*;

/// Loop sets over a few bytes, their bits `shift` places up: `a` to `z` in set 0, digits in set
/// 1, `a` to `f` in both, so that a byte's word holds one bit of them, both or neither.
fn loop_sets<L: Cell>(shift: u32, of: impl Fn(u64) -> L) -> &'static [L; 256] {
    let sets: Vec<L> = (0..=255u8)
        .map(|b| {
            let letter = u64::from(b.is_ascii_lowercase());
            let digit = u64::from(b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) << 1;
            of((letter | digit) << shift)
        })
        .collect();
    let Ok(sets) = <Box<[L; 256]>>::try_from(sets.into_boxed_slice()) else { panic!("256 words") };
    Box::leak(sets)
}

fn accel<L: Cell>(loop_sets: &'static [L; 256]) -> Accel<L> {
    Accel { end: 0, shift: 0, loop_sets, masks: &[] }
}

/// The end `skip` must find: the first byte from `i` outside the set, byte by byte.
fn scanned<L: Cell>(accel: &Accel<L>, mask: u64, input: &[u8], i: usize) -> usize {
    (i..input.len()).find(|&j| accel.loop_sets[input[j] as usize].bits() & mask == 0).unwrap_or(input.len())
}

/// Every run from every start (the input's end included) in inputs of up to 40 bytes, ended by
/// a byte outside the set or by the input's end, with bytes outside the set before the start
/// (which the last, shifted window reads again) and bytes of the other set outside it.
fn every_run_ends_at_its_first_outside_byte<L: Cell>(of: impl Fn(u64) -> L, shift: u32) {
    let accel = accel(loop_sets(shift, of));
    let cases = [(1 << shift, b'q', b'5'), (2 << shift, b'7', b'x'), (2 << shift, b'c', b'-')];
    for (mask, inside, outside) in cases {
        for len in 0..=40 {
            for start in 0..=len {
                for end in start..=len {
                    let mut input = vec![outside; len];
                    input[start..end].fill(inside);
                    assert_eq!(
                        accel.skip(mask, &input, start),
                        end,
                        "mask {mask:#x}, {len} bytes, run {start}..{end}"
                    );
                }
            }
        }
    }
}

#[test]
fn byte_sets_at_their_lowest_and_highest_bits() {
    every_run_ends_at_its_first_outside_byte(|bits| bits as u8, 0);
    every_run_ends_at_its_first_outside_byte(|bits| bits as u8, 6);
}

#[test]
fn sixteen_bit_sets_in_either_byte() {
    for shift in [0, 7, 11, 14] {
        every_run_ends_at_its_first_outside_byte(|bits| bits as u16, shift);
    }
}

#[test]
fn wider_sets_take_the_general_test() {
    every_run_ends_at_its_first_outside_byte(|bits| bits as u32, 30);
    every_run_ends_at_its_first_outside_byte(|bits| bits, 62);
}

#[test]
fn a_mixed_run_ends_at_its_first_outside_byte() {
    let accel = accel(loop_sets(0, |bits| bits as u8));
    let text = b"abcdef0123456789abcdefghij-klmnopqrstuvwxyz0123456789";
    for mask in [1, 2] {
        for start in 0..=text.len() {
            assert_eq!(
                accel.skip(mask, text, start),
                scanned(&accel, mask, text, start),
                "mask {mask} from {start}"
            );
        }
    }
}

#[test]
fn the_dead_states_empty_set_skips_nothing() {
    let accel = accel(loop_sets(0, |bits| bits as u8));
    let text = b"abcdefghijklmnopqrstuvwxyz";
    for start in 0..=text.len() {
        assert_eq!(accel.skip(0, text, start), start);
    }
}
