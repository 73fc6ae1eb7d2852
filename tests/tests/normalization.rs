//! Normalization and comparison (RFC 3986 section 6) against other projects' vectors
//! (`tests/data/normalization.json`, attribution in `tests/data/CONFORMANCE-SOURCES.md`), the
//! documented choices where the RFC is silent, and properties of every normalization.

use proptest::prelude::*;
use serde_json::Value;
use uri::{Components, Normalization, Uri, UriRef};

fn records() -> Vec<Value> {
    serde_json::from_str(&uri_tests::read_data("normalization.json")).expect("normalization.json parses")
}

fn field<'a>(record: &'a Value, key: &str) -> &'a str {
    record[key].as_str().unwrap_or_else(|| panic!("{key} is a string in {record}"))
}

/// The steps each record `kind` asserts. `full` is syntax-based normalization (section 6.2.2):
/// the sources that assert it do not apply scheme-based rules (`https://localhost:443/` stays).
/// The partial kinds are one step of a source's normalizer each, on the components it names.
fn steps(kind: &str) -> Option<Normalization> {
    let none = Normalization::NONE;
    let percent = |c: Components| none.percent_case(c).percent_decode(c);
    Some(match kind {
        "full" => Normalization::SYNTAX,
        "path" => percent(Components::PATH).dot_segments(true),
        "scheme" => none.scheme_case(true),
        "userinfo" => percent(Components::USERINFO),
        "host" => percent(Components::HOST).host_case(true),
        "authority" => percent(Components::USERINFO | Components::HOST).host_case(true),
        "query" => percent(Components::QUERY),
        "fragment" => percent(Components::FRAGMENT),
        // network-uri's `normalizeEscape`: decoding only, other triplets keep their case.
        "percent-encoding" => none.percent_decode(Components::ALL),
        // python-hyper's `normalize_percent_characters`: hex case only.
        "percent-encoding-case" => none.percent_case(Components::ALL),
        // network-uri's `normalizeCase` lower-cases the scheme and upper-cases hex digits, but
        // (its source says so) leaves the host alone.
        "case" => none.scheme_case(true).percent_case(Components::ALL),
        _ => return None,
    })
}

fn normalize(input: &str, kind: &str) -> Result<String, String> {
    let steps = steps(kind).ok_or_else(|| format!("unknown kind {kind:?}"))?;
    let r = UriRef::parse(input).map_err(|e| format!("input does not parse: {e}"))?;
    Ok(r.normalize_with(steps).into_string())
}

/// Runs the records of `status`; a result passes when it is `expected`, or `rfc3986_literal`
/// where a record gives both (two records disagree on an empty port, which section 3.2.3 lets a
/// normalizer keep or drop: syntax-based normalization keeps it). Returns how many ran.
fn run_status(status: &str) -> usize {
    let mut failures = Vec::new();
    let (mut count, mut literal_only) = (0, Vec::new());
    for record in records().iter().filter(|r| r["status"] == status) {
        count += 1;
        let (input, kind) = (field(record, "input"), field(record, "kind"));
        let (expected, literal) = (record["expected"].as_str(), record["rfc3986_literal"].as_str());
        match normalize(input, kind) {
            Ok(got) if expected == Some(got.as_str()) => {}
            Ok(got) if literal == Some(got.as_str()) => literal_only.push(format!("{input:?} -> {got:?}")),
            Ok(got) => failures.push(format!("got {got:?} for {record}")),
            Err(e) => failures.push(format!("{e} for {record}")),
        }
    }
    assert!(failures.is_empty(), "{} of {count} failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!(
        "{status}: {count} records, {} equal to rfc3986_literal only: {literal_only:?}",
        literal_only.len()
    );
    count
}

#[test]
fn every_rfc3986_record_normalizes_as_expected() {
    assert_eq!(run_status("rfc3986"), 122);
}

#[test]
fn every_partial_record_gets_its_one_step() {
    assert_eq!(run_status("rfc3986-partial"), 19);
}

#[test]
fn source_deviations_get_the_literal_rfc_result() {
    let mut count = 0;
    for record in records().iter().filter(|r| r["status"] == "source-deviates") {
        count += 1;
        let got = normalize(field(record, "input"), field(record, "kind"));
        assert_eq!(got.as_deref(), Ok(field(record, "rfc3986_literal")), "{record}");
    }
    assert_eq!(count, 3);
}

#[test]
fn the_empty_port_is_dropped_by_scheme_based_normalization() {
    let r = UriRef::parse("https://example.com:/").unwrap();
    assert_eq!(r.normalize_with(Normalization::SYNTAX), "https://example.com:/");
    assert_eq!(r.normalize(), "https://example.com/");
    assert_eq!(UriRef::parse("foo://h:/x").unwrap().normalize(), "foo://h/x");
}

/// The `beyond-3986` records strip leading zeros from ports, which section 6.2.2 does not do:
/// ports keep their digits, except that scheme-based normalization drops an empty port and a
/// default port, compared as a number (`:00080` is port 80).
const PORT_DECISIONS: [(&str, &str); 5] = [
    ("HTTP://EXAMPLE.ORG:00080/", "http://example.org/"),
    ("scheme://host:/", "scheme://host/"),
    ("scheme://host:0/", "scheme://host:0/"),
    ("scheme://host:00/", "scheme://host:00/"),
    ("scheme://host:00080/", "scheme://host:00080/"),
];

#[test]
fn ports_keep_their_digits_except_a_default_one() {
    let mut count = 0;
    for record in records().iter().filter(|r| r["status"] == "beyond-3986") {
        count += 1;
        let input = field(record, "input");
        let decided = PORT_DECISIONS.iter().find(|d| d.0 == input).map(|d| d.1);
        let got = UriRef::parse(input).unwrap().normalize().into_string();
        assert_eq!(Some(got.as_str()), decided, "{record}");
    }
    assert_eq!(count, 5);
    let r = UriRef::parse("HTTP://EXAMPLE.ORG:00080/").unwrap();
    assert_eq!(r.normalize_with(Normalization::SYNTAX), "http://example.org:00080/");
    let huge = "http://h:99999999999999999999/";
    assert_eq!(UriRef::parse(huge).unwrap().normalize(), huge);
}

/// Where RFC 3986 is silent (section 6 defines normalization for URIs only) or has a hole, each
/// `ambiguous` record gets the result the crate documents (module `normalize`): relative
/// references keep their meaning (leading `..` stay, `./` instead of an empty path, `./` before
/// a first segment with a `:`), rootless paths of URIs follow section 5.2.4 literally, a path
/// that would start with `//` without an authority gets `/.` in front, and host letters are
/// lower-cased beside percent-encoded octets.
const AMBIGUOUS_DECISIONS: [(&str, &str, &str); 58] = [
    ("/a/b/../../c", "full", "/c"),
    ("a/b/../../c", "full", "c"),
    ("/a/b/././c", "full", "/a/b/c"),
    ("a/b/././c", "full", "a/b/c"),
    ("/a/b/../c/././d", "full", "/a/c/d"),
    ("a/b/../c/././d", "full", "a/c/d"),
    ("../../abc", "full", "../../abc"),
    ("../../abc/..", "full", "../../"),
    ("../../abc/../def", "full", "../../def"),
    ("abc/..", "full", "./"),
    ("abc/../", "full", "./"),
    ("../../abc/./def", "full", "../../abc/def"),
    ("./def", "full", "def"),
    ("def/.", "full", "def/"),
    ("./abc:def", "full", "./abc:def"),
    ("/..", "path", "/"),
    ("a/b/c/../../..", "path", "./"),
    ("a/b/../../c/..", "path", "./"),
    ("scheme:/.//foo/bar", "path", "scheme:/.//foo/bar"),
    ("/.//foo/bar", "path", "/.//foo/bar"),
    (".//foo/bar", "path", ".//foo/bar"),
    ("/./foo/bar", "path", "/foo/bar"),
    ("./foo/bar", "path", "foo/bar"),
    ("//host/.//foo/bar", "path", "//host//foo/bar"),
    ("./path1:/path2", "path", "./path1:/path2"),
    ("foo:a/b/../.././../../e", "path", "foo:/e"),
    ("file:/x/..//y", "path", "file:/.//y"),
    ("file:x/..//y/", "path", "file:/.//y/"),
    ("/./my:sharona", "full", "/my:sharona"),
    ("/.//my:sharona", "full", "/.//my:sharona"),
    ("/././/my:sharona", "full", "/.//my:sharona"),
    (".//my:sharona", "full", ".//my:sharona"),
    ("././/my:sharona", "full", ".//my:sharona"),
    ("./my:sharona", "full", "./my:sharona"),
    ("././my:sharona", "full", "./my:sharona"),
    ("./my:sha:rona", "full", "./my:sha:rona"),
    ("././my:sha:rona", "full", "./my:sha:rona"),
    ("/a/b/c/./../../g", "path", "/a/g"),
    ("/aa/bb/cc/./../../gg", "path", "/aa/gg"),
    ("../a/b/c/./../../g", "path", "../a/g"),
    ("./a/b/c/./../../g", "path", "a/g"),
    (".././a/b/c/./../../g", "path", "../a/g"),
    ("%2E%2E/./a/b/c/./../../g", "path", "../a/g"),
    ("%2e%2E/./a/b/c/./../../g", "path", "../a/g"),
    ("/a/b/../../g", "path", "/g"),
    ("/a/b/../../../g", "path", "/g"),
    ("mid/content=5/../6", "path", "mid/6"),
    ("mid/content=5/../6/.", "path", "mid/6/"),
    ("mid/content=5/../6/..", "path", "mid/"),
    ("a/../a", "path", "a"),
    ("a/..", "path", "./"),
    ("/..", "path", "/"),
    (".", "path", "./"),
    ("..", "path", "../"),
    ("scheme:/.//not-a-host", "full", "scheme:/.//not-a-host"),
    ("scheme:..///not-a-host", "full", "scheme:/.//not-a-host"),
    ("SCHEME://Alpha%ce%b1/", "full", "scheme://alpha%CE%B1/"),
    ("scheme:/a/b/../..//c", "full", "scheme:/.//c"),
];

#[test]
fn ambiguous_records_pin_the_documented_choice() {
    let mut failures = Vec::new();
    let mut count = 0;
    for record in records().iter().filter(|r| r["status"] == "ambiguous") {
        count += 1;
        let (input, kind) = (field(record, "input"), field(record, "kind"));
        let Some(&(_, _, decided)) = AMBIGUOUS_DECISIONS.iter().find(|d| d.0 == input && d.1 == kind) else {
            failures.push(format!("no decision pinned for {record}"));
            continue;
        };
        let got = normalize(input, kind);
        if got.as_deref() != Ok(decided) {
            failures.push(format!("got {got:?}, decided {decided:?} for {record}"));
        }
    }
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(count, 58);
}

#[test]
fn normalized_eq_climbs_the_ladder_of_section_6_2_1() {
    let equivalent = [
        // Section 6.2.2.1 (case), 6.2.2.2 (percent-encoding), 6.2.2.3 (dot segments).
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
        // Section 6.2.3: the four equivalent http URIs.
        ("http://example.com", "http://example.com/"),
        ("http://example.com", "http://example.com:/"),
        ("http://example.com", "http://example.com:80/"),
    ];
    for (a, b) in equivalent {
        let (a, b) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
        assert!(a.normalized_eq(&b) && b.normalized_eq(&a), "{a} and {b}");
    }
    let different = [
        ("http://example.com/?", "http://example.com/"),
        ("http://example.com/a", "http://example.com/A"),
        ("http://example.com/%2F", "http://example.com//"),
        ("ftp://example.com:80/", "ftp://example.com/"),
        ("mailto:A@example.com", "mailto:a@example.com"),
    ];
    for (a, b) in different {
        let (a, b) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
        assert!(!a.normalized_eq(&b), "{a} and {b}");
    }
}

#[test]
fn each_normalization_is_usable_on_its_own() {
    let r = UriRef::parse("HTTP://Ex%61mple.COM:80/a/./%7e?%7e#%7e").unwrap();
    assert_eq!(r.normalize_with(Normalization::NONE), r.as_str());
    assert_eq!(r.normalize_with(Normalization::SYNTAX), "http://example.com:80/a/~?~#~");
    assert_eq!(r.normalize_with(Normalization::SCHEME_BASED), "HTTP://Ex%61mple.COM/a/./%7e?%7e#%7e");
    assert_eq!(
        r.normalize_with(Normalization::NONE.dot_segments(true)),
        "HTTP://Ex%61mple.COM:80/a/%7e?%7e#%7e"
    );
    assert_eq!(
        r.normalize_with(Normalization::NONE.host_case(true)),
        "HTTP://ex%61mple.com:80/a/./%7e?%7e#%7e"
    );
    assert_eq!(
        r.normalize_with(Normalization::NONE.percent_case(Components::PATH | Components::HOST)),
        "HTTP://Ex%61mple.COM:80/a/./%7E?%7e#%7e"
    );
    assert_eq!(r.normalize(), "http://example.com/a/~?~#~");
    assert_eq!(Normalization::default(), Normalization::FULL);
    let uri = Uri::parse("wss://h:443").unwrap();
    assert_eq!(uri.normalize(), "wss://h");
    assert_eq!(Uri::parse("https://h").unwrap().normalize(), "https://h/");
}

#[test]
fn percent_encoded_dots_are_dot_segments_only_once_decoded() {
    let base = Uri::parse("http://a/b/").unwrap();
    let r = UriRef::parse("c/%2E/../d").unwrap();
    // Resolution (section 5.2.4): "%2E" is a segment like any other, and ".." removes it.
    assert_eq!(base.resolve(&r), "http://a/b/c/d");
    // Normalization decodes it first (6.2.2.2), then removes dot segments (6.2.2.3).
    assert_eq!(r.normalize(), "d");
    assert_eq!(base.resolve(&r.normalize().as_uri_ref()), "http://a/b/d");
    assert_eq!(Uri::parse("http://a/b/c/%2E/../d").unwrap().normalize(), "http://a/b/d");
}

/// URI references drawn from the grammar's pieces, with mixed case and percent-encodings.
fn uri_ref_strategy() -> impl Strategy<Value = String> {
    let segment = "([a-zA-Z0-9~]|\\.|\\.\\.|%[2-7][0-9a-fA-F]|:|@|!){0,4}";
    let path = format!("(/?({segment}/){{0,4}}{segment})");
    let authority = "(//(([a-zA-Z%41]{1,3}@)?([a-zA-Z0-9.]|%4[1-9a-f]){0,5}(:[0-9]{0,3})?))";
    let pattern = format!(
        "((HTTP|http|Https|ws|[a-z][a-z0-9+.-]{{0,3}}):)?{authority}?{path}(\\?([a-z/?.]|%[2-7][0-9a-fA-F]){{0,4}})?(#[a-z/.%4]{{0,3}})?"
    );
    proptest::string::string_regex(&pattern)
        .expect("valid regex")
        .prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn normalization_is_idempotent(input in uri_ref_strategy()) {
        let r = UriRef::parse(&input).unwrap();
        for steps in [Normalization::FULL, Normalization::SYNTAX, Normalization::SCHEME_BASED] {
            let once = r.normalize_with(steps);
            let twice = once.as_uri_ref().normalize_with(steps);
            prop_assert_eq!(&twice, &once, "{:?}", steps);
        }
        prop_assert!(r.normalized_eq(&r.normalize().as_uri_ref()));
    }

    /// A normalized relative reference resolves to the same URI as the original, against any
    /// base with an authority or an absolute path (module `normalize`). Not for percent-encoded
    /// dots: normalization decodes `%2E` to `.` (section 6.2.2.2), which section 5.2.4 then
    /// removes, while resolution keeps `%2E` as an ordinary segment, so `a/%2E/../` resolves as
    /// `a/` but normalizes to `./` (see `percent_encoded_dots_are_dot_segments_only_once_decoded`).
    #[test]
    fn normalizing_a_reference_keeps_its_meaning(base in "http://a(/[a-z.]{0,3}){0,4}", input in uri_ref_strategy()) {
        if input.to_ascii_lowercase().contains("%2e") {
            return Ok(());
        }
        let base = Uri::parse(&base).unwrap();
        let r = UriRef::parse(&input).unwrap();
        let normalized = r.normalize_with(Normalization::SYNTAX);
        let direct = base.resolve(&r).as_uri().normalize();
        let via_normalized = base.resolve(&normalized.as_uri_ref()).as_uri().normalize();
        prop_assert_eq!(direct, via_normalized, "{} normalized to {}", r, normalized);
    }
}
