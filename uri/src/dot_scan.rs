//! A screen for dot segments that reads a path of 9 to 64 bytes as eight words with no loop:
//! it says when no segment can be `.` or `..`, so that the exact search of `resolve.rs` runs
//! only on the few paths that hold a `/.` pair (or start with `.`).
//!
//! Resolution checks one or two paths per pair (the base's directory and the reference's
//! path), most of them 10 to 60 bytes long. A search loop over eight-byte words ends after a
//! number of words that changes from path to path, and the branch predictor misses that end
//! about once per path; eight words at fixed offsets (the last ones overlapping at the path's
//! end) cost a few more instructions and no branch.

const SLASHES: u64 = u64::from_le_bytes([b'/'; 8]);
const DOTS: u64 = u64::from_le_bytes([b'.'; 8]);
const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);

/// Whether `path` may hold a dot segment: `false` only when it is 9 to 64 bytes long, does not
/// start with `.`, and no `.` in it follows a `/` (every dot segment but a leading one starts
/// with such a pair).
#[inline(always)]
pub(crate) fn may_hold_dot_segment(path: &[u8]) -> bool {
    let n = path.len();
    if !(9..=64).contains(&n) || path[0] == b'.' {
        return true;
    }
    let first = word_at(path, 0);
    let mut found = slash_dots(first, first << 8);
    // Words at 8, 16, ... 56, each moved back to end at the path's end at most; the bytes one
    // before each word give the byte before each of its bytes.
    for k in 1..8 {
        let at = (8 * k).min(n - 8);
        found |= slash_dots(word_at(path, at), word_at(path, at - 1));
    }
    found != 0
}

/// Bit 7 of byte `k` is set where byte `k` of `word` is `.` and byte `k` of `before` (the byte
/// before it) is `/`: the zero-byte test of their differences, which is exact when no byte is
/// zero and can flag more bytes only above one that is (the caller only asks whether any is).
#[inline]
fn slash_dots(word: u64, before: u64) -> u64 {
    let pairs = (word ^ DOTS) | (before ^ SLASHES);
    pairs.wrapping_sub(ONES) & !pairs & HIGHS
}

/// Eight bytes of `bytes` from `at`, little-endian.
#[inline]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    /// The screen never says "none" for a path with a dot segment, at every length it reads
    /// and with the dot segment at every position; and it says "none" for paths without `/.`.
    #[test]
    fn a_dot_segment_is_never_screened_out() {
        for len in 0..=70 {
            for at in 0..len {
                for dots in [".", ".."] {
                    let mut path: Vec<u8> = vec![b'a'; len];
                    path[at] = b'/';
                    let start = at + 1;
                    for (i, &b) in dots.as_bytes().iter().enumerate() {
                        if start + i < len {
                            path[start + i] = b;
                        }
                    }
                    if start + dots.len() < len {
                        path[start + dots.len()] = b'/';
                    }
                    let has = path.split(|&b| b == b'/').any(|s| s == b"." || s == b"..");
                    if has {
                        assert!(may_hold_dot_segment(&path), "{:?}", String::from_utf8_lossy(&path));
                    }
                }
            }
            // Dots everywhere but after a `/`: screened out at every length the screen reads.
            let clean: Vec<u8> = b"/a.".iter().copied().cycle().take(len).collect();
            assert_eq!(may_hold_dot_segment(&clean), !(9..=64).contains(&len), "{len} bytes");
        }
        assert!(!may_hold_dot_segment(b"/footer/optimum-nutrition/343-oksanabol-british-dragon-sochi/"));
        assert!(may_hold_dot_segment(b"/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/./"));
    }
}
