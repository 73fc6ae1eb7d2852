//! RFC 3986 URIs, recognized by automata generated from the RFC's own grammar.
//!
//! The grammar of RFC 3986 Appendix A is compiled by `uri-gen` into one minimized DFA with a start
//! state per rule. [`Rule`] names every rule; each can match a whole input or find the longest
//! matching prefix, in one pass over the bytes with no backtracking.
//!
//! ```
//! use uri::Rule;
//!
//! assert!(Rule::UriReference.matches(b"https://example.com/a?b#c"));
//! assert!(Rule::Ipv6address.matches(b"2001:db8::1"));
//! assert!(!Rule::Ipv4address.matches(b"256.0.0.1"));
//! assert_eq!(Rule::from_name("uri-REFERENCE"), Some(Rule::UriReference));
//! assert_eq!(Rule::Scheme.longest_match(b"http://x"), Some(4));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod generated;
mod uri_ref;

pub use error::ParseError;
pub use generated::parser::HostKind;
pub use generated::rules::Rule;
pub use uri_ref::{Authority, Uri, UriRef};
