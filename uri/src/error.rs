//! The error of a failed parse: where the input stopped being a URI, and what could have come next.

use std::fmt;

use crate::Rule;

/// Why a string is not a URI (or URI reference).
///
/// The index is the first byte at which the input stops being a prefix of any valid string of the
/// rule, or the input length if the input ended too early. The expected set lists the bytes that
/// could have continued a valid prefix there, derived from the generated automaton.
///
/// ```
/// let err = uri::UriRef::parse("http://exa mple.com").unwrap_err();
/// assert_eq!(err.index(), 10);
/// assert_eq!(err.found(), Some(b' '));
/// assert!(err.expects(b'm') && err.expects(b'/') && !err.expects(b' '));
/// assert!(err.to_string().starts_with("invalid URI reference: unexpected space at byte 10; expected '!'"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    index: usize,
    found: Option<u8>,
    expected: [u64; 4],
    end_allowed: bool,
    rule: Rule,
}

impl ParseError {
    /// Builds the error for `input` failing `rule` at `index`. Out of line and marked cold: it
    /// runs the recognizer over the input again to find the expected bytes, code that would
    /// otherwise be inlined into every parse function and keep them from being inlined in turn.
    #[cold]
    #[inline(never)]
    pub(crate) fn new(rule: Rule, input: &[u8], index: usize) -> ParseError {
        let (expected, end_allowed) = rule.continuations(&input[..index.min(input.len())]);
        ParseError { index, found: input.get(index).copied(), expected, end_allowed, rule }
    }

    /// The byte index of the first byte that cannot be part of a valid string, or the input
    /// length when the input ended too early.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte found at [`ParseError::index`], or `None` at the end of the input.
    pub fn found(&self) -> Option<u8> {
        self.found
    }

    /// Whether `byte` would have been accepted at [`ParseError::index`].
    pub fn expects(&self, byte: u8) -> bool {
        self.expected[byte as usize / 64] & (1 << (byte % 64)) != 0
    }

    /// Whether the input could have ended at [`ParseError::index`].
    pub fn expects_end(&self) -> bool {
        self.end_allowed
    }

    /// The rule the input was parsed as.
    pub fn rule(&self) -> Rule {
        self.rule
    }
}

/// Shows a byte for a message: printable ASCII as itself, the rest in hex.
fn show(byte: u8) -> String {
    match byte {
        0x21..=0x7E => format!("'{}'", byte as char),
        b' ' => "space".to_owned(),
        _ => format!("0x{byte:02X}"),
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.rule {
            Rule::Uri => "URI",
            _ => "URI reference",
        };
        match self.found {
            Some(b) => write!(f, "invalid {what}: unexpected {} at byte {}", show(b), self.index)?,
            None => write!(f, "invalid {what}: unexpected end of input at byte {}", self.index)?,
        }
        let mut parts = Vec::new();
        let mut b = 0usize;
        while b < 256 {
            if !self.expects(b as u8) {
                b += 1;
                continue;
            }
            let start = b;
            while b + 1 < 256 && self.expects(b as u8 + 1) {
                b += 1;
            }
            parts.push(if start == b {
                show(start as u8)
            } else {
                format!("{}-{}", show(start as u8), show(b as u8))
            });
            b += 1;
        }
        if self.end_allowed {
            parts.push("end of input".to_owned());
        }
        if parts.is_empty() {
            Ok(())
        } else {
            write!(f, "; expected {}", parts.join(", "))
        }
    }
}

impl std::error::Error for ParseError {}
