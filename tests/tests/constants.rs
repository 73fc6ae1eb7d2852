//! URI references parsed at compile time (`UriRef::from_static` in `const` items) have the
//! components of the same text parsed at run time: every valid URI reference of the conformance
//! vectors, written into a `static` array (const-evaluated) by the build script.

use uri::UriRef;

include!(concat!(env!("OUT_DIR"), "/const_vectors.rs"));

/// Every component a reference has, as text: scheme, authority (userinfo, host, host kind,
/// port), path, query, fragment.
type Components<'a> = (
    Option<&'a str>,
    Option<(Option<&'a str>, &'a str, uri::HostKind, Option<&'a str>)>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn components<'a>(r: &UriRef<'a>) -> Components<'a> {
    let authority = r.authority().map(|a| (a.userinfo(), a.host(), a.host_kind(), a.port()));
    (r.scheme(), authority, r.path(), r.query(), r.fragment())
}

#[test]
fn every_constant_has_the_components_of_a_run_time_parse() {
    assert!(VECTORS.len() > 400, "the build script found {} vectors", VECTORS.len());
    for &(text, constant) in &VECTORS {
        let parsed = UriRef::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(constant.as_str(), text);
        assert_eq!(components(&constant), components(&parsed), "{text:?}");
    }
}
