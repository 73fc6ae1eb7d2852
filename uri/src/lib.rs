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

mod builder;
mod error;
mod find;
mod generated;
mod normalize;
mod owned;
mod percent;
mod resolve;
mod uri_ref;

pub use builder::{BuildError, Builder};
pub use error::ParseError;
pub use find::{find_uris, Delimiter, FindUris, FoundUri};
pub use generated::parser::HostKind;
pub use generated::rules::Rule;
pub use normalize::{Components, Normalization};
pub use owned::{UriBuf, UriRefBuf};
pub use percent::{
    decode, decode_utf8, encode_fragment, encode_path, encode_path_segment, encode_query, encode_reg_name,
    encode_userinfo, DecodeError, EncodeSet,
};
pub use resolve::{remove_dot_segments, ResolveOptions};
pub use uri_ref::{Authority, Uri, UriRef};
