//! The wording of a set of expected bytes in error messages: whole classes of letters and digits
//! in words, runs of letters or digits as ranges, every other byte by itself.

use alloc::{borrow::ToOwned, format, string::String, vec::Vec};
use core::fmt;

use super::{show, Expected};

/// A class of ASCII bytes that a message names in words when the set holds all of it.
struct Class {
    /// The words for the class (`a letter`).
    words: &'static str,
    /// Whether a byte is in the class.
    holds: fn(&u8) -> bool,
}

/// The classes a message names in words, the wider first; a class is named only when no byte of
/// it is named already: a set of every letter and digit says "a letter, a digit", one of the
/// digits and the letters `A` to `F` in both cases "a hex digit".
const CLASSES: [Class; 3] = [
    Class { words: "a letter", holds: u8::is_ascii_alphabetic },
    Class { words: "a hex digit", holds: u8::is_ascii_hexdigit },
    Class { words: "a digit", holds: u8::is_ascii_digit },
];

/// The fewest bytes of one kind in a row that a message writes as a range (`'a'-'c'`): two
/// read better as themselves.
const SHORTEST_RANGE: usize = 3;

/// The kind of byte a range may span: ranges never cross from digits to letters, nor from
/// letters to punctuation, whose order in ASCII means nothing to a reader.
fn run_kind(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(0),
        b'A'..=b'Z' => Some(1),
        b'a'..=b'z' => Some(2),
        _ => None,
    }
}

/// Lists what may come: "a letter", "a digit" or "a hex digit" where the set holds the whole
/// class (for the hex digits, without every letter), then the other ASCII bytes in order, runs
/// of three or more letters or digits as ranges (`'0'-'7'`, `'A'-'F'`) and every other byte by
/// itself (`'$'`, `'%'`), then "non-ASCII characters" when the first byte of one (in an IRI) may
/// come, then "end of input" when the text may end.
impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let mut named = [false; 128];
        for class in &CLASSES {
            let members = (0..128u8).filter(|b| (class.holds)(b));
            let whole = members.clone().all(|b| self.contains(b));
            if whole && members.clone().all(|b| !named[usize::from(b)]) {
                parts.push(class.words.to_owned());
                members.for_each(|b| named[usize::from(b)] = true);
            }
        }
        let left = |b: u8| self.contains(b) && !named[usize::from(b)];
        let mut b = 0u8;
        while b < 128 {
            if !left(b) {
                b += 1;
                continue;
            }
            let mut last = b;
            if let Some(kind) = run_kind(b) {
                while last < 127 && left(last + 1) && run_kind(last + 1) == Some(kind) {
                    last += 1;
                }
            }
            if usize::from(last - b) + 1 >= SHORTEST_RANGE {
                parts.push(format!("{}-{}", show(b), show(last)));
            } else {
                parts.extend((b..=last).map(show));
            }
            b = last + 1;
        }
        if self.bytes[2] | self.bytes[3] != 0 {
            parts.push("non-ASCII characters".to_owned());
        }
        if self.end {
            parts.push("end of input".to_owned());
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};

    use crate::error::Expected;

    /// The words for the set of `bytes`, with `end` when the input may end.
    fn words(bytes: impl IntoIterator<Item = u8>, end: bool) -> String {
        let mut set = [0u64; 4];
        for b in bytes {
            set[usize::from(b / 64)] |= 1 << (b % 64);
        }
        Expected::from_parts(set, end).to_string()
    }

    #[test]
    fn whole_classes_are_named_in_words() {
        assert_eq!(words((b'a'..=b'z').chain(b'A'..=b'Z'), false), "a letter");
        assert_eq!(words(b'0'..=b'9', true), "a digit, end of input");
        assert_eq!(words((b'0'..=b'9').chain(b'a'..=b'f').chain(b'A'..=b'F'), false), "a hex digit");
        // Every letter and digit: the hex digits are named by the two wider classes.
        let alnum = (b'0'..=b'9').chain(b'a'..=b'z').chain(b'A'..=b'Z');
        assert_eq!(words(alnum.chain([b'+', b'-', b'.']), false), "a letter, a digit, '+', '-', '.'");
    }

    #[test]
    fn punctuation_comes_byte_by_byte_and_letters_or_digits_run_as_ranges() {
        // RFC 3986's `sub-delims`: `'$'-'+'` would say nothing to a reader.
        assert_eq!(words(*b"!$&'()*+,;=", false), "'!', '$', '&', ''', '(', ')', '*', '+', ',', ';', '='");
        // A range never crosses from digits or letters into punctuation.
        assert_eq!(words(b'/'..=b'7', false), "'/', '0'-'7'");
        assert_eq!(words((b'a'..=b'z').chain([b'_', b'~']), false), "'_', 'a'-'z', '~'");
        assert_eq!(words((b'0'..=b'7').chain(b'A'..=b'F'), false), "'0'-'7', 'A'-'F'");
        // Two in a row are two bytes.
        assert_eq!(words([b'x', b'y', b'1', b'2'], false), "'1', '2', 'x', 'y'");
    }

    #[test]
    fn other_bytes_non_ascii_and_the_end_keep_their_wording() {
        assert_eq!(words([b' ', b'\t', 0x80], true), "0x09, space, non-ASCII characters, end of input");
        assert_eq!(words([], false), "");
    }
}
