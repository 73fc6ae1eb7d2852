//! The expected set of a [`ParseError`](super::ParseError), kept as the parser's failure until
//! asked: what a failed `UriRef::parse` stores, so that refusing a reference costs no more than
//! the walk that refused it.

use super::Expected;
use crate::generated::parser::Failure;

/// The bytes that could have come where a parse stopped: known already, or the parser's
/// [`Failure`] (the state the failed prefix leads to), from which they are read when asked.
#[derive(Clone, Copy)]
pub(super) enum Expecting {
    /// Computed when the error was built (the `URI` rule, IRIs, errors that wrap others).
    Known(Expected),
    /// The failure of the `URI-reference` parser, whose state gives the set on demand: the
    /// bytes with a transition out of it, and the end when it accepts with bytes left over.
    Parser(Failure),
}

impl Expecting {
    /// The expected set.
    pub(super) fn get(&self) -> Expected {
        match self {
            Expecting::Known(expected) => *expected,
            Expecting::Parser(failure) => Expected::from_parts(failure.expected(), failure.end_allowed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::{format, string::String, vec::Vec};

    use crate::error::{Expected, ParseError};
    use crate::generated::parser::Parser;
    use crate::Rule;

    /// Texts of up to three pieces that start, end or break each component: most fail, at
    /// every kind of place.
    fn texts() -> Vec<String> {
        let pieces = [
            "", "a", "h:", "//", "/", "?", "#", "%", "%4", "%41", "%g1", ":", "@", "[", "]", "[::1]",
            "[v7.x]", "1.2.3.4", ":80", " ", "\"", "\u{e9}", "..", "a:b", "//u@h", "//h:8o", "{",
        ];
        let mut texts = Vec::new();
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    texts.push(format!("{a}{b}{c}"));
                }
            }
        }
        texts
    }

    #[test]
    fn the_parsers_state_gives_the_recognizers_set() {
        let mut failures = 0;
        for text in texts() {
            let bytes = text.as_bytes();
            let Err(failure) = Parser::UriRef.parse(bytes) else { continue };
            failures += 1;
            let from_state = Expected::from_parts(failure.expected(), failure.end_allowed());
            let from_prefix = Expected::after(Rule::UriReference, &bytes[..failure.index]);
            assert_eq!(from_state, from_prefix, "{text:?} at {}", failure.index);
        }
        assert!(failures > 10_000, "only {failures} texts failed");
    }

    #[test]
    fn a_lazy_error_is_the_eager_one() {
        for text in texts() {
            let bytes = text.as_bytes();
            let Err(failure) = Parser::UriRef.parse(bytes) else { continue };
            let lazy = ParseError::reference(bytes, failure);
            let eager = ParseError::new(Rule::UriReference, bytes, failure.index);
            assert_eq!(lazy, eager, "{text:?}");
            assert_eq!(format!("{lazy:?}"), format!("{eager:?}"), "{text:?}");
            assert_eq!(format!("{lazy}"), format!("{eager}"), "{text:?}");
        }
    }

    #[test]
    fn the_error_is_no_larger_than_an_eager_one() {
        // The eager error's fields: the index, the expected set (four words and the end), the
        // refused character (4 bytes), the refused byte, the rule, the component and two flags.
        assert_eq!(core::mem::size_of::<ParseError>(), 64);
    }
}
