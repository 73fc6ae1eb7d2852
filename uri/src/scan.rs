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

/// Searches `haystack` from `from` on for the first byte in `needles` (up to three bytes; pass
/// one twice for two), returning its index.
#[inline]
pub(crate) fn find_any(haystack: &[u8], from: usize, needles: [u8; 3]) -> Option<usize> {
    let rest = haystack.get(from..)?;
    let [a, b, c] = needles.map(|n| u64::from_ne_bytes([n; WORD]));
    let mut chunks = rest.chunks_exact(WORD);
    let mut at = from;
    for chunk in &mut chunks {
        let mut bytes = [0u8; WORD];
        bytes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        let hits = equal_bytes(word, a) | equal_bytes(word, b) | equal_bytes(word, c);
        if hits != 0 {
            return Some(at + hits.trailing_zeros() as usize / 8);
        }
        at += WORD;
    }
    chunks.remainder().iter().position(|byte| needles.contains(byte)).map(|i| at + i)
}

/// Searches `haystack` from `from` on for `needle`.
#[inline]
pub(crate) fn find_byte(haystack: &[u8], from: usize, needle: u8) -> Option<usize> {
    find_any(haystack, from, [needle; 3])
}

#[cfg(test)]
mod tests {
    use super::{find_any, find_byte};

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
        for len in 0..=20 {
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
                for at in 0..17 {
                    let mut text = vec![filler; 17];
                    text[at] = needle;
                    assert_eq!(find_byte(&text, 0, needle), Some(at), "{needle:#x} in {filler:#x}");
                }
            }
        }
    }
}
