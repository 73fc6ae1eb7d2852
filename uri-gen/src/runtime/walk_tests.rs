//! Unit tests of the runtime's `walk.rs`: where `Accel::skip` ends a run.

use super::*;

/// Loop sets over a few bytes: `a` to `z` in set 0, digits in set 1, `a` to `f` in both, so a
/// byte's word holds one bit, two bits or none.
fn loop_sets<L: Cell>(of: impl Fn(u64) -> L) -> &'static [L; 256] {
    let sets: Vec<L> = (0..=255u8)
        .map(|b| {
            let letter = u64::from(b.is_ascii_lowercase());
            let digit = u64::from(b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) << 1;
            of(letter | digit)
        })
        .collect();
    let Ok(sets) = <Box<[L; 256]>>::try_from(sets.into_boxed_slice()) else { panic!("256 words") };
    Box::leak(sets)
}

fn accel<L: Cell>(loop_sets: &'static [L; 256]) -> Accel<L> {
    Accel { end: 0, shift: 0, loop_sets, masks: &[] }
}

/// The end `skip` must find: the first byte from `i` outside the set, byte by byte.
fn expected<L: Cell>(accel: &Accel<L>, mask: u64, input: &[u8], i: usize) -> usize {
    (i..input.len()).find(|&j| accel.loop_sets[input[j] as usize].bits() & mask == 0).unwrap_or(input.len())
}

/// Every run length from every start in inputs of up to 40 bytes, the run ended by a byte
/// outside the set or by the input's end, with bytes outside the set before the start (which the
/// last, shifted window reads again).
fn every_run_ends_where_a_byte_scan_ends_it<L: Cell>(accel: &Accel<L>, shift: u32) {
    for (mask, inside, outside) in
        [(1 << shift, b'q', b'5'), (2 << shift, b'7', b'x'), (2 << shift, b'c', b'-')]
    {
        for len in 0..=40 {
            for start in 0..len {
                for end in start..=len {
                    let mut input = vec![outside; len];
                    input[start..end].fill(inside);
                    let found = accel.skip(mask, &input, start);
                    assert_eq!(found, end, "mask {mask}, {len} bytes, run {start}..{end}");
                    assert_eq!(found, expected(accel, mask, &input, start));
                }
            }
        }
    }
}

#[test]
fn runs_end_where_they_end_with_byte_sets() {
    every_run_ends_where_a_byte_scan_ends_it(&accel(loop_sets(|bits| bits as u8)), 0);
}

#[test]
fn runs_end_where_they_end_with_wider_sets() {
    // The sets' bits moved up, so that only the wider cells' general test can find them.
    every_run_ends_where_a_byte_scan_ends_it(&accel(loop_sets(|bits| (bits << 14) as u16)), 14);
}

#[test]
fn a_mixed_run_ends_at_its_first_outside_byte() {
    let accel = accel(loop_sets(|bits| bits as u8));
    let text = b"abcdef0123456789abcdefghij-klmnopqrstuvwxyz0123456789";
    for mask in [1, 2] {
        for start in 0..text.len() {
            assert_eq!(
                accel.skip(mask, text, start),
                expected(&accel, mask, text, start),
                "mask {mask} from {start}"
            );
        }
    }
}
