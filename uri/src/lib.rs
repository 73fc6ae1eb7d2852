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
//!
//! # Parsing
//!
//! [`UriRef::parse`] and [`Uri::parse`] capture every component in the same single pass, without
//! allocating; [`UriRefBuf`] and [`UriBuf`] are their owned forms (one `String` and the parser's
//! offsets), with `FromStr`, `TryFrom<&str>`, `TryFrom<String>`, `AsRef<str>`, `Display`,
//! `Eq`, `Ord` and `Hash` by text, and optional `serde` support that validates on deserialize
//! (feature `serde`). [`Builder`] puts components together, checking each with its rule.
//!
//! On x86-64 CPUs with AVX2, recognition and parsing read inputs of 16 bytes or more in 64-byte
//! blocks: bit masks computed from the grammar's character sets by nibble shuffles find where
//! each run of, say, path characters ends, instead of one test per byte. Other CPUs and targets
//! use the table walk, as do shorter inputs and every CPU with the `portable` feature; all give
//! the same results. Without the `std` feature there is no run-time CPU detection: the AVX2 walk
//! is then compiled in only where the target promises AVX2, BMI1, BMI2 and LZCNT (`-C
//! target-cpu=haswell` or later, or `-C target-feature`).
//!
//! ```
//! use uri::{Builder, UriBuf};
//!
//! let uri: UriBuf = "https://example.com/a?q#f".parse().unwrap();
//! assert_eq!(uri.authority().unwrap().host(), "example.com");
//! let built = Builder::new().scheme("https").host("example.com").path("/a").query("q").build_uri();
//! assert_eq!(built.unwrap(), "https://example.com/a?q");
//! ```
//!
//! # Reference resolution
//!
//! [`Uri::resolve`] (or [`UriRef::resolve_against`]) is RFC 3986 section 5.2, strict by default;
//! [`ResolveOptions::NON_STRICT`] turns on the backward-compatible rule of section 5.2.2, and
//! [`remove_dot_segments`] is section 5.2.4 on its own. Where the RFC has a hole, the choice
//! made is documented at [`Uri::resolve`]: a path that would start with `//` without an
//! authority gets `/.` in front (`f:/a` + `.//g` is `f:/.//g`), and a `..` that consumes the
//! first segment of a rootless path leaves the literal result (`zz:abc` + `foo/../bar` is
//! `zz:/bar`). A base's fragment is ignored.
//!
//! ```
//! use uri::{Uri, UriRef};
//!
//! let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
//! assert_eq!(base.resolve(&UriRef::parse("../g?y#s").unwrap()), "http://a/b/g?y#s");
//! assert_eq!(uri::remove_dot_segments("/a/b/c/./../../g"), "/a/g");
//! ```
//!
//! # Editing
//!
//! The owned types have a setter for every component ([`UriRefBuf::set_host`],
//! [`UriRefBuf::set_path`], [`UriRefBuf::push_segment`], [`UriRefBuf::append_query_pair`], ...),
//! each checked with its generated rule, and a way to remove each optional one. An edit that
//! would leave the whole invalid is refused with an [`EditError`] naming the component; the
//! offsets are worked out from the components, not by parsing the result.
//!
//! ```
//! use uri::UriBuf;
//!
//! let mut uri = UriBuf::parse("http://example.com/a?q").unwrap();
//! uri.set_scheme("https").unwrap();
//! uri.set_port(Some(8443)).unwrap();
//! uri.push_segment("b c").unwrap();
//! uri.remove_query();
//! assert_eq!(uri, "https://example.com:8443/a/b%20c");
//! assert_eq!(uri.set_path("no-slash").unwrap_err().component(), "path");
//! ```
//!
//! # Relative references
//!
//! [`Uri::relativize`] is the inverse of resolution: the shortest reference that resolves
//! against the base to the target.
//!
//! ```
//! let base = uri::Uri::parse("http://a/b/c/d").unwrap();
//! let target = uri::Uri::parse("http://a/b/e?f").unwrap();
//! assert_eq!(base.relativize(&target), "../e?f");
//! ```
//!
//! # `file:` URIs
//!
//! [`UriBuf::from_unix_path`], [`UriBuf::from_windows_path`] and their inverses
//! [`Uri::to_unix_path`] and [`Uri::to_windows_path`] follow RFC 8089 for both path styles on
//! any OS; [`UriBuf::from_file_path`] and [`Uri::to_file_path`] use the system's own.
//!
//! ```
//! let uri = uri::UriBuf::from_windows_path(r"C:\My Documents\a.txt").unwrap();
//! assert_eq!(uri, "file:///C:/My%20Documents/a.txt");
//! assert_eq!(uri.as_uri().to_windows_path().unwrap(), r"C:\My Documents\a.txt");
//! ```
//!
//! # Normalization and comparison
//!
//! [`UriRef::normalize`] applies syntax-based (section 6.2.2) and scheme-based (6.2.3)
//! normalization; [`Normalization`] selects steps one by one, and [`UriRef::normalized_eq`]
//! compares by the ladder of section 6.2.1. [`Normalization::ipv6_canonical`] (RFC 5952) is a
//! step beyond RFC 3986, used by [`UriRef::normalized_eq_with`] to compare IPv6 hosts by value.
//!
//! ```
//! use uri::UriRef;
//!
//! let a = UriRef::parse("HTTP://Example.COM:80/%7Euser/./x").unwrap();
//! assert_eq!(a.normalize(), "http://example.com/~user/x");
//! assert!(a.normalized_eq(&UriRef::parse("http://example.com/~user/x").unwrap()));
//! ```
//!
//! # Percent-encoding
//!
//! One function per component ([`encode_path_segment`], [`encode_path`], [`encode_query`],
//! [`encode_fragment`], [`encode_userinfo`], [`encode_reg_name`]): the bytes each leaves alone are
//! those its rule accepts literally, read from the generated tables ([`EncodeSet`]), so the
//! output always matches the rule. [`decode`] and [`decode_utf8`] report a malformed `%` escape,
//! or the start of invalid UTF-8, by its index.
//!
//! ```
//! assert_eq!(uri::encode_query("a b&c"), "a%20b&c");
//! assert_eq!(uri::encode_path_segment("a/b"), "a%2Fb");
//! assert_eq!(uri::decode_utf8("caf%C3%A9").unwrap(), "café");
//! assert_eq!(uri::decode("bad%2").unwrap_err().index(), 3);
//! ```
//!
//! # Views, schemes and ports
//!
//! [`UriRef::path_segments`] and [`UriRef::query_pairs`] split the path and the query without
//! allocating; each piece, and each component (`encoded_path`, `encoded_query`, ...), is an
//! [`Encoded`] that decodes strictly or lossily and borrows when there is nothing to decode.
//! [`UriRef::scheme_is`] compares schemes without regard to case; [`DEFAULT_PORTS`] gives each
//! scheme's default port with the RFC that defines it, read by [`UriRef::port_or_default`] and
//! by scheme-based normalization, and [`Ports`] adds a caller's own entries.
//!
//! ```
//! use uri::{Port, QueryOptions, UriRef};
//!
//! let r = UriRef::parse("HTTP://h/a%20b/c?q=x+y&flag").unwrap();
//! assert_eq!(r.path_segments().map(|s| s.decoded().unwrap()).collect::<Vec<_>>(), ["a b", "c"]);
//! let pairs: Vec<_> = r.query_pairs_with(QueryOptions::FORM).map(|p| (p.key(), p.decoded_value_lossy())).collect();
//! assert_eq!(pairs, [("q", Some("x y".into())), ("flag", None)]);
//! assert!(r.scheme_is("http"));
//! assert_eq!((r.port_number(), r.port_or_default()), (Port::Absent, Some(80)));
//! ```
//!
//! # IRIs
//!
//! [`IriRef`], [`Iri`], [`IriRefBuf`] and [`IriBuf`] are RFC 3987's internationalized
//! references: URIs that may hold non-ASCII characters. They are parsed in one pass by a second
//! parser generated from RFC 3987's grammar (`abnf/rfc3987.abnf`), which records the URI
//! parser's captures, so the IRI types share the URI types' accessors, views, resolution and
//! normalization (RFC 3987 section 5.3.2 without character normalization, which needs Unicode
//! tables). [`IriRef::to_uri`] maps an IRI to a URI (section 3.1) and [`UriRef::to_iri`]
//! converts back (section 3.2), leaving encoded what an IRI may not hold;
//! [`Builder::build_iri_ref`] and [`EncodeSet::encode_iri`] build and encode IRI components.
//! [`find_iris`] finds IRIs in text as [`find_uris`] finds URIs.
//!
//! ```
//! use uri::{Iri, IriRef};
//!
//! let iri = Iri::parse("https://はじめよう.みんな/ページ?q=ü").unwrap();
//! assert_eq!(iri.authority().unwrap().host(), "はじめよう.みんな");
//! assert_eq!(iri.to_uri().query(), Some("q=%C3%BC"));
//! assert_eq!(iri.resolve(&IriRef::parse("../über").unwrap()), "https://はじめよう.みんな/über");
//! assert_eq!(uri::UriRef::parse("/%C3%BCber").unwrap().to_iri(), "/über");
//! ```
//!
//! # Finding URIs in text
//!
//! [`find_uris`] follows RFC 3986 Appendix C: URIs in double quotes, in angle brackets (where
//! embedded whitespace is dropped), or delimited by whitespace, less trailing punctuation.
//!
//! ```
//! let found: Vec<String> = uri::find_uris("see <http://a/b> or http://c/d.").map(|f| f.as_str().to_owned()).collect();
//! assert_eq!(found, ["http://a/b", "http://c/d"]);
//! ```
//!
//! # Features
//!
//! The package is `rfc3986-uri`; the library is `uri`. The crate is `#![no_std]` and needs
//! `alloc`; none of its features is needed for parsing, resolution or normalization.
//!
//! - `std` (default): run-time CPU detection for the AVX2 walk, and the conversions with
//!   `std::path` ([`UriBuf::from_file_path`], [`Uri::to_file_path`]).
//! - `serde`: `Serialize` as strings, `Deserialize` with validation.
//! - `http`: checked conversions with `http::Uri` both ways, refusing what it cannot hold
//!   (a fragment, more than 65,534 bytes, a URI without authority) with an `HttpUriError`.
//!   Needs `std`, as the http crate does.
//! - `url`: conversions with `url::Url` both ways that change nothing, refusing with a
//!   `WhatwgError` what WHATWG parsing would rewrite (case, default ports, dot segments, ...).
//! - `portable`: the table walk only.
//!
//! ```
//! # #[cfg(feature = "http")] {
//! let uri = uri::UriBuf::parse("https://example.com/a?b").unwrap();
//! let request_target = http::Uri::try_from(&uri).unwrap();
//! assert_eq!(request_target.host(), Some("example.com"));
//! # }
//! ```

// The only `unsafe` is in the AVX2 walk of the walk runtime (`src/runtime.rs`, a copy of the
// generator's `uri-gen/src/runtime/`): its 16- and 32-byte loads from bounds-checked arrays and
// the calls of its `target_feature` functions after CPU feature detection. Everything else is
// safe; the generated tables (`src/generated/`) hold no `unsafe`.
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
// `std` adds the CPU feature detection of the AVX2 walk and the conversions with
// `std::path`; the unit tests use it too.
#[cfg(any(feature = "std", test))]
extern crate std;

mod builder;
#[cfg(test)]
mod captures_tests;
mod component;
mod constant;
mod dot_scan;
mod edit;
mod edit_error;
mod edit_tail;
mod edit_uri;
mod encoded;
mod error;
mod file_path;
mod find;
mod generated;
#[cfg(feature = "http")]
mod interop_http;
#[cfg(feature = "url")]
mod interop_url;
mod ipv6;
mod iri;
mod iri_build;
mod iri_encode;
mod iri_find;
mod iri_map;
mod iri_ops;
mod iri_owned;
mod layout;
mod normalize;
mod owned;
mod percent;
mod port;
mod query;
mod relativize;
mod resolve;
mod resolve_splice;
#[rustfmt::skip]
mod runtime;
mod scan;
pub mod scheme;
mod schemes;
mod segments;
mod uri_ref;

pub use builder::{BuildError, BuildErrorKind, Builder};
pub use component::Component;
pub use edit_error::EditError;
pub use encoded::Encoded;
pub use error::ParseError;
pub use file_path::FilePathError;
pub use find::{find_uris, Delimiter, FindUris, FoundUri};
pub use generated::parser::HostKind;
pub use generated::rules::Rule;
#[cfg(feature = "http")]
pub use interop_http::HttpUriError;
#[cfg(feature = "url")]
pub use interop_url::WhatwgError;
pub use ipv6::ipv6_canonical;
pub use iri::{Iri, IriRef};
pub use iri_find::{find_iris, FindIris, FoundIri};
pub use iri_owned::{IriBuf, IriRefBuf};
pub use normalize::{Components, Normalization};
pub use owned::{UriBuf, UriRefBuf};
pub use percent::{
    decode, decode_utf8, encode_fragment, encode_path, encode_path_segment, encode_query, encode_reg_name,
    encode_userinfo, DecodeError, EncodeSet,
};
pub use port::Port;
pub use query::{QueryOptions, QueryPair, QueryPairs};
pub use resolve::{remove_dot_segments, ResolveOptions};
pub use schemes::{default_port, DefaultPort, Ports, DEFAULT_PORTS};
pub use segments::PathSegments;
pub use uri_ref::{Authority, Uri, UriRef};

/// The crate's README, its examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The generated walks on inputs whose runs and errors sit on both sides of the 64-byte blocks
/// that the AVX2 walk classifies at once. On a CPU with AVX2 these run that walk; under Miri
/// (see the README) they check its `unsafe` operations, the loads of the input's windows.
#[cfg(test)]
mod walk_tests {
    use crate::{HostKind, Rule, UriRef};
    use std::borrow::ToOwned;
    use std::format;

    /// Lengths of the host and of the path's second segment: short, and around block edges.
    const LENGTHS: [usize; 9] = [0, 1, 50, 56, 57, 63, 64, 65, 130];

    #[test]
    fn runs_that_cross_blocks_are_parsed_whole() {
        for host in LENGTHS {
            for segment in LENGTHS {
                let (name, rest) = ("h".repeat(host), "s".repeat(segment));
                let text = format!("http://{name}/p/{rest}?q=1#f");
                assert!(Rule::UriReference.matches(text.as_bytes()), "{text}");
                assert_eq!(Rule::UriReference.valid_up_to(text.as_bytes()), text.len());
                let r = UriRef::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let authority = r.authority().expect("an authority");
                assert_eq!((r.scheme(), authority.host()), (Some("http"), name.as_str()));
                assert_eq!(authority.host_kind(), HostKind::RegName);
                assert_eq!(r.path(), format!("/p/{rest}"));
                assert_eq!((r.query(), r.fragment()), (Some("q=1"), Some("f")));
            }
        }
    }

    /// Short inputs, with a bad byte at every position: from 16 bytes on, the AVX2 walk reads them
    /// as two windows (the first and last 16 or 32 bytes); shorter ones take the table walk.
    #[test]
    fn short_inputs_are_read_whole_and_bad_bytes_found() {
        for len in 2..=40 {
            let good = format!("s:{}", "p".repeat(len - 1));
            let good = &good[..len];
            assert!(Rule::UriReference.matches(good.as_bytes()), "{good:?}");
            assert_eq!(UriRef::parse(good).map(|r| r.path().len()), Ok(len - 2), "{good:?}");
            for at in 2..len {
                let mut text = good.to_owned();
                text.replace_range(at..at + 1, " ");
                assert_eq!(Rule::UriReference.valid_up_to(text.as_bytes()), at, "{text:?}");
                assert_eq!(UriRef::parse(&text).map_err(|e| e.index()), Err(at), "{text:?}");
            }
        }
    }

    /// Percent-encoded octets at every offset around the first blocks' ends, in each component
    /// whose runs are skipped by the walks, whole and cut short.
    #[test]
    fn escapes_are_read_wherever_they_fall() {
        // Around the first block's end, and (not under Miri, where this test is slow) around
        // the second's, whose masks were classified ahead.
        let second = if cfg!(miri) { 0..0 } else { 119..135 };
        for at in (0..=70).chain(second) {
            let filler = "a".repeat(at);
            for escape in ["%41", "%e9%9F", "%7e%7E%7e%7E"] {
                // Not every state of a run takes the escape back to itself: after one, a first
                // segment is no scheme and so takes no colon.
                let colon = format!("a{filler}{escape}:");
                let error = Err(colon.len() - 1);
                assert_eq!(UriRef::parse(&colon).map_err(|e| e.index()), error, "{colon}");
                assert!(!Rule::UriReference.matches(colon.as_bytes()), "{colon}");
                for (text, part) in [
                    (format!("s://u{filler}{escape}@h/p"), "userinfo"),
                    (format!("s://h{filler}{escape}/p"), "host"),
                    (format!("s://h/p{filler}{escape}/q"), "path"),
                    (format!("s:p{filler}{escape}"), "path"),
                    (format!("{filler}{escape}/x"), "path"),
                    (format!("s:?q{filler}{escape}&r"), "query"),
                    (format!("s:#f{filler}{escape}"), "fragment"),
                ] {
                    let r = UriRef::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    let got = match part {
                        "userinfo" => r.authority().and_then(|a| a.userinfo()),
                        "host" => r.authority().map(|a| a.host()),
                        "path" => Some(r.path()),
                        "query" => r.query(),
                        _ => r.fragment(),
                    };
                    let got = got.unwrap_or_else(|| panic!("{text}: no {part}"));
                    assert!(got.contains(&format!("{filler}{escape}")), "{text}: {part} {got:?}");
                    assert!(Rule::UriReference.matches(text.as_bytes()), "{text}");
                    // An escape cut short: a bad digit (with hexadecimal digits after it, which
                    // a walk that looked at the wrong bytes would take for the escape's), or the
                    // input ends.
                    for (cut, bad_at) in
                        [("%G1", 1), ("%1G", 2), ("%1Gb", 2), ("%G1b", 1), ("%1", 2), ("%", 1)]
                    {
                        let broken = text.replacen(escape, cut, 1);
                        let ends = broken.ends_with(cut);
                        let expected = text.find(escape).expect("the escape") + bad_at;
                        let expected = if ends && !cut.contains('G') { broken.len() } else { expected };
                        assert_eq!(UriRef::parse(&broken).map_err(|e| e.index()), Err(expected), "{broken}");
                        assert_eq!(Rule::UriReference.valid_up_to(broken.as_bytes()), expected, "{broken}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_bad_byte_is_found_wherever_it_falls() {
        for len in [20, 63, 64, 65, 127, 128, 129, 200] {
            let good = format!("http://h/{}", "a".repeat(len - 9));
            for at in
                [9, 62, 63, 64, 65, 126, 127, 128, len - 1].into_iter().filter(|&at| at >= 9 && at < len)
            {
                for bad in [" ", "\u{e9}", "%G", "[", "\""] {
                    let mut text = good.clone();
                    text.replace_range(at..at + 1, bad);
                    assert!(!Rule::UriReference.matches(text.as_bytes()), "{text:?}");
                    assert_eq!(
                        Rule::UriReference.valid_up_to(text.as_bytes()),
                        at + usize::from(bad == "%G")
                    );
                    let error = UriRef::parse(&text).expect_err(&text);
                    assert_eq!(error.index(), at + usize::from(bad == "%G"), "{text:?}");
                }
            }
        }
    }
}
