//! Reference resolution against a literal transcription of RFC 3986 section 5.2's pseudo-code
//! (sections 5.2.2, 5.2.3 and 5.3 here, the loop of section 5.2.4 from `fuzz/src/resolve.rs`),
//! on generated pairs shaped like the references documents hold: relative paths led by `./` and
//! `../`, absolute paths, network paths, a query or a fragment alone, with dot segments and
//! empty segments anywhere. The crate resolves most of these by splicing a prefix of the base to
//! a suffix of the reference and the rest by the general algorithm; both must give the RFC's
//! result, with offsets that are the parser's.

#[path = "../../fuzz/src/resolve.rs"]
#[allow(dead_code)]
mod fuzz_resolve;

use fuzz_resolve::literal_remove_dot_segments;
use proptest::prelude::*;
use uri::{ResolveOptions, Uri, UriRef};

/// Section 5.2.3: the base's path up to its last `/`, then the reference's path; `/` then the
/// reference's path when the base has an authority and an empty path.
fn merge(base: &Uri<'_>, path: &str) -> String {
    if base.authority().is_some() && base.path().is_empty() {
        return format!("/{path}");
    }
    match base.path().rfind('/') {
        Some(slash) => format!("{}{path}", &base.path()[..=slash]),
        None => path.to_owned(),
    }
}

/// Section 5.2.2 (strict) and the recomposition of section 5.3, on the parsed components. The
/// one addition is the crate's documented choice where the RFC leaves a hole (see
/// `Uri::resolve`): `/.` before a path that starts with `//` in a result without authority.
fn literal_resolve(base: &Uri<'_>, r: &UriRef<'_>) -> String {
    let authority_of = |r: &UriRef<'_>| r.authority().map(|a| a.as_str().to_owned());
    let (scheme, authority, path, query);
    if let Some(r_scheme) = r.scheme() {
        scheme = r_scheme.to_owned();
        authority = authority_of(r);
        path = literal_remove_dot_segments(r.path());
        query = r.query();
    } else {
        if r.authority().is_some() {
            authority = authority_of(r);
            path = literal_remove_dot_segments(r.path());
            query = r.query();
        } else {
            if r.path().is_empty() {
                path = base.path().to_owned();
                query = r.query().or(base.query());
            } else {
                path = if r.path().starts_with('/') {
                    literal_remove_dot_segments(r.path())
                } else {
                    literal_remove_dot_segments(&merge(base, r.path()))
                };
                query = r.query();
            }
            authority = authority_of(&base.as_uri_ref());
        }
        scheme = base.scheme().to_owned();
    }
    let mut result = format!("{scheme}:");
    match authority {
        Some(authority) => result.push_str(&format!("//{authority}")),
        None if path.starts_with("//") => result.push_str("/."),
        None => {}
    }
    result.push_str(&path);
    if let Some(query) = query {
        result.push_str(&format!("?{query}"));
    }
    if let Some(fragment) = r.fragment() {
        result.push_str(&format!("#{fragment}"));
    }
    result
}

/// Bases with and without an authority, paths rooted or not, with dot segments, empty segments
/// and file names with dots, a query and a fragment or not.
fn base_strategy() -> impl Strategy<Value = String> {
    let pattern = "(s:|http://[a-z]{0,2})/?((\\.|\\.\\.|[a-z]{1,2}|\\.[a-z])?/){0,4}([a-z.]{0,3})(\\?[a-z]{0,2})?(#[a-z]{0,2})?";
    proptest::string::string_regex(pattern)
        .expect("valid regex")
        .prop_filter("a URI", |s| Uri::parse(s).is_ok())
}

/// References of every shape but one with a scheme (section 5.2.2's first branch copies it):
/// leading `./` and `../`, then segments that may be dot segments, empty or named with dots.
fn reference_strategy() -> impl Strategy<Value = String> {
    let pattern = "(//[a-z]{0,2}(:[0-9]{0,2})?)?/?((\\./|\\.\\./){0,3})((\\.|\\.\\.|[a-z]{1,2}|[a-z]\\.[a-z])?/){0,3}(\\.|\\.\\.|[a-z.]{0,3})(\\?[a-z./]{0,3})?(#[a-z./]{0,3})?";
    proptest::string::string_regex(pattern)
        .expect("valid regex")
        .prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn resolution_is_the_rfc_pseudo_code(base in base_strategy(), reference in reference_strategy()) {
        let base = Uri::parse(&base).unwrap();
        let r = UriRef::parse(&reference).unwrap();
        let expected = literal_resolve(&base, &r);
        let target = base.resolve(&r);
        prop_assert_eq!(target.as_str(), expected.as_str(), "{} + {}", base, r);
        // The offsets built with the result are the parser's, component by component.
        let parsed = UriRef::parse(target.as_str()).unwrap();
        prop_assert_eq!(uri_tests::parts(&target.as_uri_ref()), uri_tests::parts(&parsed));
        // Appending to a buffer gives the same text after what was there; a reference without
        // a scheme resolves the same way with the non-strict option.
        let mut buffer = String::from("kept");
        base.resolve_into(&r, ResolveOptions::STRICT, &mut buffer);
        prop_assert_eq!(buffer.strip_prefix("kept"), Some(expected.as_str()));
        prop_assert_eq!(base.resolve_with(&r, ResolveOptions::NON_STRICT), target);
    }
}
