//! Byte search a word at a time (SWAR) in safe Rust: where `find_uris` skips the text between
//! the bytes that may start or end a URI.
//!
//! A word of eight bytes is compared with a byte by XOR, which leaves a zero byte where they are
//! equal; `(x - 0x01..01) & !x & 0x80..80` then sets the high bit of the first zero byte of `x`
//! (a borrow may also set bits above it, never below), so the lowest set bit, read in
//! little-endian order, is the first match in the word.

/// Eight bytes at a time.
const WORD: usize = 8;
const LOW_BITS: u64 = u64::from_ne_bytes([0x01; WORD]);
const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; WORD]);

/// The high bit of each byte of `word` equal to the byte `needle` repeats, exact up to the
/// first such byte (see the module comment).
#[inline(always)]
fn equal_bytes(word: u64, needle: u64) -> u64 {
    let x = word ^ needle;
    x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS
}

/// Two words at a time: one branch per sixteen bytes.
const STEP: usize = 2 * WORD;

/// The first byte of `haystack` from `from` on for which `hits` (given a little-endian word,
/// returning the high bit of each byte searched for, exact up to the first) finds one, or for
/// which `is_hit` holds in the bytes after the last whole step.
#[inline(always)]
fn search(
    haystack: &[u8],
    from: usize,
    hits: impl Fn(u64) -> u64,
    is_hit: impl Fn(u8) -> bool,
) -> Option<usize> {
    let rest = haystack.get(from..)?;
    let mut steps = rest.chunks_exact(STEP);
    let mut at = from;
    for step in &mut steps {
        let mut low = [0u8; WORD];
        let mut high = [0u8; WORD];
        low.copy_from_slice(&step[..WORD]);
        high.copy_from_slice(&step[WORD..]);
        let (low, high) = (hits(u64::from_le_bytes(low)), hits(u64::from_le_bytes(high)));
        if low | high != 0 {
            let first = if low != 0 { low.trailing_zeros() } else { 64 + high.trailing_zeros() };
            return Some(at + first as usize / 8);
        }
        at += STEP;
    }
    steps.remainder().iter().position(|&byte| is_hit(byte)).map(|i| at + i)
}

/// Searches `haystack` from `from` on for the first byte in `needles`, returning its index.
#[inline]
pub(crate) fn find_any(haystack: &[u8], from: usize, needles: [u8; 3]) -> Option<usize> {
    let [a, b, c] = needles.map(|n| u64::from_ne_bytes([n; WORD]));
    let hits = |word| equal_bytes(word, a) | equal_bytes(word, b) | equal_bytes(word, c);
    search(haystack, from, hits, |byte| needles.contains(&byte))
}

/// Searches `haystack` from `from` on for `needle`.
#[inline]
pub(crate) fn find_byte(haystack: &[u8], from: usize, needle: u8) -> Option<usize> {
    let repeated = u64::from_ne_bytes([needle; WORD]);
    search(haystack, from, |word| equal_bytes(word, repeated), |byte| byte == needle)
}

#[cfg(test)]
mod tests {
    use super::{find_any, find_byte};
    use std::prelude::rust_2021::*;
    use std::vec;

    /// The plain search the word-at-a-time one must agree with.
    fn naive(haystack: &[u8], from: usize, needles: [u8; 3]) -> Option<usize> {
        (from..haystack.len()).find(|&i| needles.contains(&haystack[i]))
    }

    #[test]
    fn agrees_with_a_byte_by_byte_search() {
        // Every placement of up to two needles in texts of 0 to 20 bytes, with bytes whose
        // borrows and high bits could confuse the word test (0x00, 0x01, 0x7F, 0x80, 0xFF, and
        // the needles' neighbours).
        let fillers = [b'a', 0x00, 0x01, 0x7F, 0x80, 0xFF, b';', b'=', b'!', b'#'];
        let needles = [b':', b'<', b'"'];
        for len in 0..=36 {
            for filler in fillers {
                for first in 0..=len {
                    for second in [first, first + 3, len] {
                        let mut text = vec![filler; len];
                        for (pos, needle) in [(first, b'<'), (second, b':')] {
                            if pos < len {
                                text[pos] = needle;
                            }
                        }
                        for from in [0, 1, first, len, len + 1] {
                            assert_eq!(
                                find_any(&text, from, needles),
                                naive(&text, from, needles),
                                "{text:?} from {from}"
                            );
                            assert_eq!(find_byte(&text, from, b':'), naive(&text, from, [b':'; 3]));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_byte_value_is_found_after_every_other() {
        for needle in 0..=255u8 {
            for filler in [needle.wrapping_sub(1), needle.wrapping_add(1), needle ^ 0x80, 0, 0xFF] {
                if filler == needle {
                    continue;
                }
                for at in 0..35 {
                    let mut text = vec![filler; 35];
                    text[at] = needle;
                    assert_eq!(find_byte(&text, 0, needle), Some(at), "{needle:#x} in {filler:#x}");
                }
            }
        }
    }
}
