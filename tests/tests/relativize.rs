//! `Uri::relativize`, the inverse of resolution: `base.resolve(base.relativize(t)) == t` for
//! every target without dot segments, over the Common Crawl pairs of
//! `abnf/training/relative_urls_cc_10k.csv` in both directions, the resolution vectors of
//! `tests/data/resolution.json` and generated inputs; the result is never longer than a
//! reference known to resolve to the target; and the results beside oxiri's `relativize` and
//! url's `make_relative`.
//!
//! # Where the peers differ, and why
//!
//! - **oxiri 0.3** never writes `..`: where the target is not in the base's directory it
//!   returns an absolute path (`/a/x` where `uri` gives `../x`), or the whole target when the
//!   base's path is rootless. It returns an error for a target with dot segments (`uri` returns
//!   the target whole, or `?q` when the target's path is the base's own). Its results resolve
//!   to the target; `uri`'s are never longer.
//! - **url 2** (`make_relative`) follows the WHATWG URL Standard: it works on its own
//!   serialization (so only inputs it keeps as they are can be compared), returns `None` for a
//!   different scheme or host where `uri` returns a network-path or absolute reference, and
//!   writes its results by another rule: it keeps the last segment where `uri` writes `.` for a
//!   directory, and writes `../` forms where `uri` takes a shorter absolute path. For a target
//!   that is the base's own directory it writes `/`, which resolves to the root, in url too
//!   (`http://h/a/b/c` and `http://h/a/b/` give `/`; `uri` gives `.`). It also writes the empty
//!   reference (or a fragment alone) for a target that is the base without its query, which
//!   resolves to the base with its query (`uri` writes the last segment: `m.do`), and a first
//!   segment with a `:` as it is (`Kategori:Nomina`, which reads as a URI with scheme
//!   `Kategori`; `uri` writes `./Kategori:Nomina`). On the Common Crawl pairs: 44, 19 and 25
//!   results of these kinds. Its other results resolve to the target; `uri`'s are never longer.

use proptest::prelude::*;
use serde_json::Value;
use uri::{Uri, UriRef};

/// Whether some segment of the path is `.` or `..`.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|segment| segment == "." || segment == "..")
}

/// Checks the property for one base and target, and that the result is no longer than `known`,
/// a reference that resolves to the target. Returns the result.
fn check(base: &Uri<'_>, target: &Uri<'_>, known: Option<&str>) -> Result<String, String> {
    let r = base.relativize(target);
    let reparsed = UriRef::parse(r.as_str()).map_err(|e| format!("{r:?} does not parse: {e}"))?;
    if reparsed.path() != r.path() || reparsed.query() != r.query() || reparsed.fragment() != r.fragment() {
        return Err(format!("{r:?}: offsets are not the parser's"));
    }
    let resolved = base.resolve(&r.as_uri_ref());
    // Resolution writes `/.` in front of a path that starts with `//` without an authority.
    let path = match target.authority() {
        None if target.path().starts_with("/.//") => &target.path()[2..],
        _ => target.path(),
    };
    let reachable = !has_dot_segment(path)
        || (target.scheme() == base.scheme()
            && target.authority() == base.authority()
            && target.path() == base.path()
            && (target.query().is_some() || base.query().is_none()));
    if reachable && resolved != *target {
        return Err(format!("{base} relativize {target} = {r}, which resolves to {resolved}"));
    }
    if !reachable && r != *target {
        return Err(format!("{base} relativize {target} = {r}: expected the target whole"));
    }
    if let Some(known) = known {
        if reachable && r.as_str().len() > known.len() {
            return Err(format!("{base} relativize {target} = {r}, longer than {known:?}"));
        }
    }
    Ok(r.into_string())
}

#[test]
fn common_crawl_pairs_relativize_both_ways() {
    let pairs = uri_tests::resolution_pairs();
    let (mut checked, mut failures) = (0, Vec::new());
    for (base, relative) in &pairs {
        let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(relative)) else { continue };
        let target = b.resolve(&r);
        checked += 1;
        if let Err(e) = check(&b, &target.as_uri(), Some(relative)) {
            failures.push(e);
        }
        // The base against the result: the result is the base, the base the target.
        if let Err(e) = check(&target.as_uri(), &b, None) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 9_000, "only {checked} pairs parse");
}

#[test]
fn resolution_vectors_relativize_both_ways() {
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("resolution.json")).unwrap();
    let (mut checked, mut failures) = (0, Vec::new());
    for record in &records {
        let (Some(base), Some(reference)) = (record["base"].as_str(), record["ref"].as_str()) else {
            continue;
        };
        let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(reference)) else { continue };
        let target = b.resolve(&r);
        checked += 1;
        for result in [check(&b, &target.as_uri(), Some(reference)), check(&target.as_uri(), &b, None)] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 600, "only {checked} records");
}

#[test]
fn documented_results() {
    for (base, target, expected) in [
        ("http://a/b/c/d;p?q", "http://a/b/c/g", "g"),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/d;p?q", "http://a/b/c/", "."),
        ("http://a/b/c/d;p?q", "http://a/b/", ".."),
        ("http://a/b/c/d;p?q", "http://a/", "/"),
        ("http://a/b/c/d;p?q", "http://a/b/g", "../g"),
        ("http://a/b/c/d;p?q", "http://a/g", "/g"),
        ("http://a/b/c/d;p?q", "http://a", "//a"),
        ("http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h"),
        ("http://a/b/c/d;p?q", "http://a/b/c//g", ".//g"),
        ("http://a/b/c/d;p?q", "http://a//g", "/.//g"),
        ("http://a/b/c/d;p?q", "https://a/b", "https://a/b"),
        ("http://a/b/c/d;p?q", "HTTP://a/b", "HTTP://a/b"),
        ("http://a/b/c/d;p?q", "http://b/c", "//b/c"),
        ("http://a/b/../c?q", "http://a/b/../c?r", "?r"),
        ("http://a/b/c", "http://a/b/./d", "http://a/b/./d"),
        ("f:/a", "f:/.//g", ".//g"),
        ("t:b/a/a/a", "t:b/a", "t:b/a"),
        ("s:a/y/z", "s:a/b/c", "../b/c"),
        ("s:a", "s:b:c", "./b:c"),
        ("s:a/b", "s:c", "s:c"),
        ("s:?q", "s:", "."),
        ("http://h?q", "http://h", "//h"),
    ] {
        let (b, t) = (Uri::parse(base).unwrap(), Uri::parse(target).unwrap());
        assert_eq!(b.relativize(&t), expected, "{base} relativize {target}");
        check(&b, &t, None).unwrap();
    }
}

/// URIs with empty segments, paths that start with `//`, and queries without a path.
fn uri_strategy() -> impl Strategy<Value = String> {
    let path = "(/?((a|b|c:d|)/){0,3}(a|b|c:d|))";
    let authority = "(//(h|g|)(:1)?)?";
    (prop::sample::select(vec!["s:", "t:"]), authority, path, "(\\?(q|)?)?", "(#f)?")
        .prop_map(|(scheme, authority, path, query, fragment)| {
            format!("{scheme}{authority}{path}{query}{fragment}")
        })
        .prop_filter("a URI", |text| Uri::parse(text).is_ok())
}

fn reference_strategy() -> impl Strategy<Value = String> {
    let path = "(/?((a|b|\\.|\\.\\.|)/){0,3}(a|b|\\.|\\.\\.|))";
    ("(//(h|g|))?", path, "(\\?(q|)?)?", "(#f)?")
        .prop_map(|(authority, path, query, fragment)| format!("{authority}{path}{query}{fragment}"))
        .prop_filter("a reference", |text| UriRef::parse(text).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn relativize_inverts_resolution(base in uri_strategy(), target in uri_strategy()) {
        let (b, t) = (Uri::parse(&base).unwrap(), Uri::parse(&target).unwrap());
        check(&b, &t, Some(&target)).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn relativize_is_no_longer_than_the_reference(base in uri_strategy(), reference in reference_strategy()) {
        let b = Uri::parse(&base).unwrap();
        let target = b.resolve(&UriRef::parse(&reference).unwrap());
        check(&b, &target.as_uri(), Some(&reference)).map_err(TestCaseError::fail)?;
    }
}

/// oxiri's and url's results beside ours on the Common Crawl pairs: ours is never longer than a
/// peer's result that resolves to the target; every oxiri result does; the url results that do
/// not are of the three kinds the module's notes give. The counts are printed.
#[test]
fn peers_resolve_to_the_same_targets_and_are_never_shorter() {
    let pairs = uri_tests::resolution_pairs();
    let (mut same_oxiri, mut other_oxiri, mut same_url, mut other_url) = (0, 0, 0, 0);
    let mut url_wrong = [0; 3];
    let mut failures = Vec::new();
    for (base, relative) in &pairs {
        let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(relative)) else { continue };
        let target = b.resolve(&r).into_string();
        let t = Uri::parse(&target).unwrap();
        if has_dot_segment(t.path()) {
            continue;
        }
        let ours = b.relativize(&t);
        let mut compare = |peer: &str, theirs: String, same: &mut usize, other: &mut usize| {
            if theirs == ours.as_str() {
                *same += 1;
                return;
            }
            *other += 1;
            match UriRef::parse(&theirs) {
                Ok(reference) if b.resolve(&reference) == target => {
                    if theirs.len() < ours.as_str().len() {
                        failures.push(format!(
                            "{peer} {theirs:?} is shorter than {ours:?} for {base} -> {target}"
                        ));
                    }
                }
                // url's results that resolve elsewhere, in three kinds (see the module's notes).
                _ if peer == "url" && theirs.split(['?', '#']).next().is_some_and(str::is_empty) => {
                    url_wrong[0] += 1;
                }
                _ if peer == "url" && theirs.starts_with('/') => url_wrong[1] += 1,
                _ if peer == "url" && theirs.split('/').next().is_some_and(|first| first.contains(':')) => {
                    url_wrong[2] += 1;
                }
                _ => failures
                    .push(format!("{peer}: {base} -> {target} gives {theirs:?}, which resolves elsewhere")),
            }
        };
        if let (Ok(ob), Ok(ot)) = (oxiri::Iri::parse(base.as_str()), oxiri::Iri::parse(target.as_str())) {
            if let Ok(theirs) = ob.relativize(&ot) {
                compare("oxiri", theirs.into_inner(), &mut same_oxiri, &mut other_oxiri);
            }
        }
        if let (Ok(ub), Ok(ut)) = (url::Url::parse(base), url::Url::parse(&target)) {
            if ub.as_str() == base && ut.as_str() == target {
                if let Some(theirs) = ub.make_relative(&ut) {
                    compare("url", theirs, &mut same_url, &mut other_url);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!("oxiri: {same_oxiri} the same, {other_oxiri} different; url: {same_url} the same, {other_url} different");
    eprintln!(
        "url results that resolve elsewhere: {} without the base's query, {} a lone `/`, {} a colon read as a scheme",
        url_wrong[0], url_wrong[1], url_wrong[2]
    );
    assert!(same_oxiri > 0 && same_url > 0);
}

#[test]
fn peer_differences_on_examples() {
    let base = "http://example.com/a/b/c";
    let differ =
        [("http://example.com/a/x", "../x", "/a/x"), ("http://example.com/a/x/y", "../x/y", "/a/x/y")];
    for (target, ours, theirs_oxiri) in differ {
        let b = Uri::parse(base).unwrap();
        assert_eq!(b.relativize(&Uri::parse(target).unwrap()), ours);
        let oxiri_result = oxiri::Iri::parse(base).unwrap().relativize(&oxiri::Iri::parse(target).unwrap());
        assert_eq!(oxiri_result.unwrap().as_str(), theirs_oxiri, "{target}");
    }
    // A target with dot segments: oxiri refuses; url cannot hold one (it removes them).
    let dotted = "http://example.com/a/./x";
    assert!(oxiri::Iri::parse(base).unwrap().relativize(&oxiri::Iri::parse(dotted).unwrap()).is_err());
    assert_eq!(Uri::parse(base).unwrap().relativize(&Uri::parse(dotted).unwrap()), dotted);
    // Another host: url has no answer, oxiri and uri a network-path reference.
    let url_base = url::Url::parse(base).unwrap();
    assert_eq!(url_base.make_relative(&url::Url::parse("http://other/x").unwrap()), None);
    assert_eq!(Uri::parse(base).unwrap().relativize(&Uri::parse("http://other/x").unwrap()), "//other/x");
    // The base's own directory: url writes `/`, which resolves to the root (in url too).
    let directory = url::Url::parse("http://example.com/a/b/").unwrap();
    let theirs = url_base.make_relative(&directory).unwrap();
    assert_eq!(theirs, "/");
    assert_eq!(url_base.join(&theirs).unwrap().as_str(), "http://example.com/");
    assert_eq!(Uri::parse(base).unwrap().relativize(&Uri::parse(directory.as_str()).unwrap()), ".");
}
