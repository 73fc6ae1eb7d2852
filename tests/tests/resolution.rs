//! Reference resolution (RFC 3986 section 5.2) against other projects' vectors
//! (`tests/data/resolution.json`, `tests/data/remove_dot_segments.json`, attribution in
//! `tests/data/CONFORMANCE-SOURCES.md`), the examples of section 5.4 verbatim, the Common Crawl
//! pairs of `abnf/training/relative_urls_cc_10k.csv`, and properties of every result.

#[path = "../../fuzz/src/resolve.rs"]
#[allow(dead_code)]
mod fuzz_resolve;

use proptest::prelude::*;
use serde_json::Value;
use uri::{remove_dot_segments, ResolveOptions, Rule, Uri, UriRef};

fn records(name: &str) -> Vec<Value> {
    serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name} parses: {e}"))
}

fn field<'a>(record: &'a Value, key: &str) -> &'a str {
    record[key].as_str().unwrap_or_else(|| panic!("{key} is a string in {record}"))
}

/// Resolves `reference` against `base`, or says why it could not.
fn resolve(base: &str, reference: &str, options: ResolveOptions) -> Result<String, String> {
    let base = Uri::parse(base).map_err(|e| format!("base does not parse: {e}"))?;
    let reference = UriRef::parse(reference).map_err(|e| format!("reference does not parse: {e}"))?;
    let target = base.resolve_with(&reference, options);
    offsets_are_the_parsers(&target)?;
    Ok(target.into_string())
}

/// A resolution result carries the offsets it was built with (no parse): they must be the
/// parser's, component by component.
fn offsets_are_the_parsers(target: &uri::UriBuf) -> Result<(), String> {
    let parsed = UriRef::parse(target.as_str()).map_err(|e| format!("{target:?} does not parse: {e}"))?;
    if uri_tests::parts(&target.as_uri_ref()) == uri_tests::parts(&parsed) {
        Ok(())
    } else {
        Err(format!(
            "{target:?}: built {:?}, parsed {:?}",
            uri_tests::parts(&target.as_uri_ref()),
            uri_tests::parts(&parsed)
        ))
    }
}

/// Runs every record of `status`, comparing with `expected` (a string, or a list of acceptable
/// results); returns how many ran. Failures are reported all at once, each with its record.
fn run_status(status: &str, options: ResolveOptions) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for record in records("resolution.json").iter().filter(|r| r["status"] == status) {
        count += 1;
        let (base, reference) = (field(record, "base"), field(record, "ref"));
        let acceptable: Vec<&str> = match &record["expected"] {
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            other => other.as_str().into_iter().collect(),
        };
        match resolve(base, reference, options) {
            Ok(got) if acceptable.contains(&got.as_str()) => {}
            Ok(got) => failures.push(format!("got {got:?} for {record}")),
            Err(e) => failures.push(format!("{e} for {record}")),
        }
    }
    assert!(failures.is_empty(), "{} of {count} failed:\n{}", failures.len(), failures.join("\n"));
    count
}

#[test]
fn every_rfc3986_record_resolves_as_expected() {
    assert_eq!(run_status("rfc3986", ResolveOptions::STRICT), 698);
}

#[test]
fn every_non_strict_record_resolves_as_expected_under_the_option() {
    assert_eq!(run_status("rfc3986-non-strict", ResolveOptions::NON_STRICT), 4);
}

#[test]
fn non_strict_records_differ_from_strict_only_for_the_base_scheme() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    for (reference, strict, non_strict) in [
        ("http:g", "http:g", "http://a/b/c/g"),
        ("HTTP:g", "HTTP:g", "http://a/b/c/g"),
        ("http://x/y/../z", "http://x/z", "http://x/z"),
        ("other:g", "other:g", "other:g"),
    ] {
        let r = UriRef::parse(reference).unwrap();
        assert_eq!(base.resolve(&r), strict, "strict, {reference}");
        assert_eq!(base.resolve_with(&r, ResolveOptions::NON_STRICT), non_strict, "non-strict, {reference}");
    }
}

/// Where RFC 3986 is silent or has a hole, each `ambiguous` record of `resolution.json` gets the
/// result the crate documents (module `resolve`):
/// - a path starting with `//` in a URI without authority gets a `/.` in front (section 3.3);
/// - a `..` consuming the first segment of a rootless path keeps the literal section 5.2.4
///   result, which starts with `/`.
const AMBIGUOUS_DECISIONS: [(&str, &str, &str); 12] = [
    ("foo:a/b", "../c", "foo:/c"),
    ("zz:abc", "foo/../../../bar", "zz:/bar"),
    ("zz:abc", "foo/../bar", "zz:/bar"),
    ("f:/a", ".//g", "f:/.//g"),
    ("f:/a/", "..//g", "f:/.//g"),
    ("scheme:a/b/c", "../../../..", "scheme:/"),
    ("scheme:a/b/c", "../../../../", "scheme:/"),
    ("scheme:a/b/c/", "../../../..", "scheme:/"),
    ("scheme:a/b/c/", "../../../../", "scheme:/"),
    ("a:/", "/.//.", "a:/.//"),
    ("a:/", ".//.", "a:/.//"),
    // Not in the file: the same holes reached by other branches of section 5.2.2.
    ("a:b", "x:/..//y", "x:/.//y"),
];

#[test]
fn ambiguous_records_pin_the_documented_choice() {
    let mut failures = Vec::new();
    let mut count = 0;
    for record in records("resolution.json").iter().filter(|r| r["status"] == "ambiguous") {
        count += 1;
        let (base, reference) = (field(record, "base"), field(record, "ref"));
        let Some(&(_, _, decided)) = AMBIGUOUS_DECISIONS.iter().find(|d| d.0 == base && d.1 == reference)
        else {
            failures.push(format!("no decision pinned for {record}"));
            continue;
        };
        let got = resolve(base, reference, ResolveOptions::STRICT);
        if got.as_deref() != Ok(decided) {
            failures.push(format!("got {got:?}, decided {decided:?} for {record}"));
        }
    }
    for (base, reference, decided) in AMBIGUOUS_DECISIONS {
        let got = resolve(base, reference, ResolveOptions::STRICT);
        if got.as_deref() != Ok(decided) {
            failures.push(format!("got {got:?}, decided {decided:?} for {base:?} + {reference:?}"));
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(count, 16);
}

#[test]
fn source_deviations_get_the_literal_rfc_result() {
    let mut failures = Vec::new();
    let mut count = 0;
    for record in records("resolution.json").iter().filter(|r| r["status"] == "source-deviates") {
        count += 1;
        let literal = field(record, "rfc3986_literal");
        let got = resolve(field(record, "base"), field(record, "ref"), ResolveOptions::STRICT);
        if got.as_deref() != Ok(literal) {
            failures.push(format!("got {got:?} for {record}"));
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(count, 20);
}

#[test]
fn an_empty_reference_path_keeps_the_base_path_as_it_is() {
    // Section 5.2.2: `T.path = Base.path` when `R.path` is empty; no dot-segment removal.
    let base = Uri::parse("http://a/b/./c/../d?q").unwrap();
    assert_eq!(base.resolve(&UriRef::parse("").unwrap()), "http://a/b/./c/../d?q");
    assert_eq!(base.resolve(&UriRef::parse("#f").unwrap()), "http://a/b/./c/../d?q#f");
    assert_eq!(base.resolve(&UriRef::parse("?x").unwrap()), "http://a/b/./c/../d?x");
    assert_eq!(base.resolve(&UriRef::parse("e").unwrap()), "http://a/b/e");
}

#[test]
fn resolve_into_appends_and_never_touches_what_is_before() {
    let mut buffer = String::from("prefix/with/slashes/");
    let base = Uri::parse("s:a/b").unwrap();
    base.resolve_into(&UriRef::parse("../../../x").unwrap(), ResolveOptions::STRICT, &mut buffer);
    assert_eq!(buffer, "prefix/with/slashes/s:/x");
    let base = Uri::parse("f:/a").unwrap();
    base.resolve_into(&UriRef::parse(".//g?q#f").unwrap(), ResolveOptions::STRICT, &mut buffer);
    assert_eq!(buffer, "prefix/with/slashes/s:/xf:/.//g?q#f");
}

#[test]
fn a_base_fragment_is_ignored() {
    let base = Uri::parse("http://example.com/path?query#frag").unwrap();
    for (reference, expected) in [
        ("", "http://example.com/path?query"),
        ("#other", "http://example.com/path?query#other"),
        ("?q2", "http://example.com/path?q2"),
        ("x", "http://example.com/x"),
    ] {
        assert_eq!(base.resolve(&UriRef::parse(reference).unwrap()), expected, "{reference:?}");
    }
}

#[test]
fn every_remove_dot_segments_record_passes() {
    let mut failures = Vec::new();
    let all = records("remove_dot_segments.json");
    for record in &all {
        let got = remove_dot_segments(field(record, "input"));
        if got != field(record, "expected") {
            failures.push(format!("got {got:?} for {record}"));
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(all.len(), 12);
}

/// RFC 3986 section 5.4, "Reference Resolution Examples", as printed: the base, then
/// `reference -> result` lines of sections 5.4.1 (normal) and 5.4.2 (abnormal).
const SECTION_5_4: &str = r##"
   Within a representation with a well defined base URI of

      http://a/b/c/d;p?q

   a relative reference is transformed to its target URI as follows.

5.4.1.  Normal Examples

      "g:h"           =  "g:h"
      "g"             =  "http://a/b/c/g"
      "./g"           =  "http://a/b/c/g"
      "g/"            =  "http://a/b/c/g/"
      "/g"            =  "http://a/g"
      "//g"           =  "http://g"
      "?y"            =  "http://a/b/c/d;p?y"
      "g?y"           =  "http://a/b/c/g?y"
      "#s"            =  "http://a/b/c/d;p?q#s"
      "g#s"           =  "http://a/b/c/g#s"
      "g?y#s"         =  "http://a/b/c/g?y#s"
      ";x"            =  "http://a/b/c/;x"
      "g;x"           =  "http://a/b/c/g;x"
      "g;x?y#s"       =  "http://a/b/c/g;x?y#s"
      ""              =  "http://a/b/c/d;p?q"
      "."             =  "http://a/b/c/"
      "./"            =  "http://a/b/c/"
      ".."            =  "http://a/b/"
      "../"           =  "http://a/b/"
      "../g"          =  "http://a/b/g"
      "../.."         =  "http://a/"
      "../../"        =  "http://a/"
      "../../g"       =  "http://a/g"

5.4.2.  Abnormal Examples

      "../../../g"    =  "http://a/g"
      "../../../../g" =  "http://a/g"

      "/./g"          =  "http://a/g"
      "/../g"         =  "http://a/g"
      "g."            =  "http://a/b/c/g."
      ".g"            =  "http://a/b/c/.g"
      "g.."           =  "http://a/b/c/g.."
      "..g"           =  "http://a/b/c/..g"

      "./../g"        =  "http://a/b/g"
      "./g/."         =  "http://a/b/c/g/"
      "g/./h"         =  "http://a/b/c/g/h"
      "g/../h"        =  "http://a/b/c/h"
      "g;x=1/./y"     =  "http://a/b/c/g;x=1/y"
      "g;x=1/../y"    =  "http://a/b/c/y"

      "g?y/./x"       =  "http://a/b/c/g?y/./x"
      "g?y/../x"      =  "http://a/b/c/g?y/../x"
      "g#s/./x"       =  "http://a/b/c/g#s/./x"
      "g#s/../x"      =  "http://a/b/c/g#s/../x"

      "http:g"        =  "http:g"         ; for strict parsers
                      /  "http://a/b/c/g" ; for backward compatibility
"##;

#[test]
fn section_5_4_examples_verbatim() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let mut count = 0;
    let mut lines = SECTION_5_4.lines().peekable();
    while let Some(line) = lines.next() {
        let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        let [reference, expected] = quoted[..] else { continue };
        let r = UriRef::parse(reference).unwrap_or_else(|e| panic!("{reference:?}: {e}"));
        assert_eq!(base.resolve(&r), expected, "strict: {line}");
        if line.contains("for strict parsers") {
            let next = lines.next().unwrap_or_default();
            let compatible = next.split('"').nth(1).unwrap_or_default();
            assert_eq!(base.resolve_with(&r, ResolveOptions::NON_STRICT), compatible, "non-strict: {next}");
        }
        count += 1;
    }
    assert_eq!(count, 23 + 2 + 6 + 6 + 4 + 1);
}

#[test]
fn common_crawl_pairs_resolve_to_uris_idempotently() {
    let pairs = uri_tests::resolution_pairs();
    assert_eq!(pairs.len(), 10_000);
    let (mut resolved, mut rejected) = (0, 0);
    let mut failures = Vec::new();
    for (base, relative) in &pairs {
        let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(relative)) else {
            rejected += 1;
            continue;
        };
        resolved += 1;
        let non_strict = b.resolve_with(&r, ResolveOptions::NON_STRICT);
        if !Rule::Uri.matches(non_strict.as_str().as_bytes()) {
            failures.push(format!("{base:?} + {relative:?} -> {non_strict:?} (non-strict) is not a URI"));
        }
        let target = b.resolve(&r);
        for built in [&target, &non_strict] {
            if let Err(e) = offsets_are_the_parsers(built) {
                failures.push(format!("{base:?} + {relative:?}: {e}"));
            }
        }
        if !Rule::Uri.matches(target.as_str().as_bytes()) {
            failures.push(format!("{base:?} + {relative:?} -> {target:?} is not a URI"));
            continue;
        }
        // Resolving the result again, against the base or against itself, changes nothing.
        let again = b.resolve(&target.as_uri_ref());
        let self_again = target.as_uri().resolve(&UriRef::parse("").unwrap());
        if again != target {
            failures.push(format!("{base:?} + {relative:?} -> {target:?}, then {again:?}"));
        }
        let without_fragment = target.as_str().split('#').next().unwrap_or_default();
        if self_again != without_fragment {
            failures.push(format!("{target:?} against itself -> {self_again:?}"));
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!(
        "common crawl: {resolved} pairs resolved, {rejected} with a base or reference that is not RFC 3986"
    );
    assert!(resolved > 9_000, "only {resolved} pairs parse");
}

/// Any URI reference of the grammar: sampled from the `URI-reference` rule's pieces.
fn uri_ref_strategy() -> impl Strategy<Value = String> {
    let segment = "([a-z0-9]|\\.|\\.\\.|%2[eE]|:|@|!){0,4}";
    let path = format!("(/?({segment}/){{0,4}}{segment})");
    let authority = "(//(([a-z]{1,3}@)?[a-z0-9.]{0,5}(:[0-9]{0,3})?))";
    let pattern =
        format!("([a-z][a-z0-9+.-]{{0,3}}:)?{authority}?{path}(\\?[a-z/?.]{{0,4}})?(#[a-z/.]{{0,3}})?");
    proptest::string::string_regex(&pattern)
        .expect("valid regex")
        .prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn resolution_results_always_parse_and_are_stable(base in uri_ref_strategy(), reference in uri_ref_strategy()) {
        let Ok(base) = Uri::parse(&base) else { return Ok(()) };
        let r = UriRef::parse(&reference).unwrap();
        for options in [ResolveOptions::STRICT, ResolveOptions::NON_STRICT] {
            let target = base.resolve_with(&r, options);
            prop_assert!(Rule::Uri.matches(target.as_str().as_bytes()), "{target:?}");
            prop_assert_eq!(offsets_are_the_parsers(&target), Ok(()));
            prop_assert_eq!(target.fragment(), r.fragment());
            // Section 5.2.2 copies the base's path as it is for an empty reference path, dot
            // segments included ("a:." + "" is "a:."); otherwise every path goes through
            // section 5.2.4, so resolving the result again changes nothing.
            if remove_dot_segments(base.path()) != base.path() {
                continue;
            }
            prop_assert_eq!(&base.resolve(&target.as_uri_ref()), &target);
            // No dot segment is left in the path, but for a `/.` that protects a `//`.
            let path = target.path().strip_prefix("/.").filter(|p| p.starts_with("//") && target.authority().is_none());
            let path = path.unwrap_or(target.path());
            prop_assert!(!path.split('/').any(|s| s == "." || s == ".."), "{target:?}");
        }
    }

    /// The merge of section 5.2.3 and the removal of section 5.2.4, done in one pass without a
    /// merged string, give what the RFC's steps give on the merged string.
    #[test]
    fn merging_and_removing_in_one_pass_follows_the_rfc(base_path in "(/|\\.|\\.\\.|a|b){1,8}", path in "(/|\\.|\\.\\.|a|b){1,8}") {
        let base_text = format!("s:{base_path}");
        let Ok(base) = Uri::parse(&base_text) else { return Ok(()) };
        let Ok(r) = UriRef::parse(&path) else { return Ok(()) };
        if path.starts_with('/') || base.authority().is_some() {
            return Ok(());
        }
        let directory = base_path.rfind('/').map_or("", |slash| &base_path[..=slash]);
        let mut expected = fuzz_resolve::literal_remove_dot_segments(&format!("{directory}{path}"));
        if expected.starts_with("//") {
            expected.insert_str(0, "/.");
        }
        let target = base.resolve(&r);
        prop_assert_eq!(target.path(), expected);
    }

    /// The same against a base with an authority, where references led by `./` and `../`
    /// climb the base's directory directly when neither has another dot segment.
    #[test]
    fn leading_dot_segments_climb_the_directory_as_the_rfc_does(
        authority in proptest::bool::ANY,
        base_path in "(/(\\.|\\.\\.|a|bc|\\.d)){0,6}",
        leading in "((\\.|\\.\\.)/){0,5}(\\.|\\.\\.)?",
        path in "(/|\\.|\\.\\.|a|bc|\\.d){0,6}",
    ) {
        // With an authority (`http://h/a`) or without one (`s:/a`): both take the direct climb.
        let base_text = format!("{}{base_path}", if authority { "http://h" } else { "s:" });
        let base = Uri::parse(&base_text).unwrap();
        let path = format!("{leading}{path}");
        let Ok(r) = UriRef::parse(&path) else { return Ok(()) };
        if path.starts_with('/') || path.is_empty() || r.scheme().is_some() {
            return Ok(());
        }
        let directory = match base_path.rfind('/') {
            Some(slash) => &base_path[..=slash],
            None if authority => "/",
            None => "",
        };
        let mut expected = fuzz_resolve::literal_remove_dot_segments(&format!("{directory}{path}"));
        if !authority && expected.starts_with("//") {
            expected.insert_str(0, "/.");
        }
        let target = base.resolve(&r);
        prop_assert_eq!(target.path(), expected, "{} + {}", base, path);
    }

    #[test]
    // Long enough for dot segments on both sides of the eight-byte words the detection reads.
    fn remove_dot_segments_is_idempotent_and_follows_the_rfc_loop(path in "(/|\\.|\\.\\.|a|b|cde|.fghij){0,30}") {
        let once = remove_dot_segments(&path);
        prop_assert_eq!(&remove_dot_segments(&once), &once);
        prop_assert_eq!(once, fuzz_resolve::literal_remove_dot_segments(&path));
    }
}
