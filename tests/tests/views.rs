//! Path segments, query pairs, decoded views, schemes and ports: properties over generated
//! inputs, and the same views of url and fluent-uri on the URL corpora.
//!
//! Where the peers differ by design, the test says so and counts the difference:
//! - url's `path_segments` is `None` for a URL that cannot be a base (`mailto:a@b`), where
//!   `uri` splits the rootless path; fluent-uri's `segments_if_absolute` is `None` for any
//!   path without a leading `/`. Where both give segments, they agree.
//! - url's `query_pairs` always decodes as an HTML form does (`+` is a space, invalid UTF-8
//!   replaced) and gives a key without `=` the value `""`: `uri` with `QueryOptions::FORM` and
//!   the lossy decoding gives the same pairs once `None` is read as `""`.
//! - url's `port_or_known_default` knows five schemes; `uri`'s table knows those and every
//!   other scheme of fluent-uri's, with the same ports.

use proptest::prelude::*;
use uri::{
    DecodeError, EncodeSet, Encoded, PathSegments, Port, Ports, QueryOptions, QueryPairs, Rule, UriRef,
    DEFAULT_PORTS,
};

/// The corpus lines and the bases and references of the resolution pairs.
fn corpus() -> Vec<String> {
    let mut lines = Vec::new();
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        lines.extend(uri_tests::corpus_lines(name));
    }
    for (base, reference) in uri_tests::resolution_pairs() {
        lines.push(base);
        lines.push(reference);
    }
    lines
}

/// The path back from its segments: each after a `/`, the first only when the path is absolute.
fn join(segments: PathSegments<'_>) -> String {
    let absolute = segments.is_absolute();
    let raw: Vec<&str> = segments.map(|s| s.as_str()).collect();
    format!("{}{}", if absolute { "/" } else { "" }, raw.join("/"))
}

fn raw_segments(r: &UriRef<'_>) -> Vec<String> {
    r.path_segments().map(|s| s.as_str().to_owned()).collect()
}

#[test]
fn segments_join_back_into_every_corpus_path() {
    let lines = corpus();
    let mut parsed = 0;
    for line in &lines {
        let Ok(r) = UriRef::parse(line) else { continue };
        parsed += 1;
        let path = r.path();
        assert_eq!(join(r.path_segments()), path, "{line}");
        if path.starts_with('/') {
            assert_eq!(r.path_segments().count(), path.matches('/').count(), "{line}");
        }
        let forward: Vec<_> = r.path_segments().collect();
        let mut backward: Vec<_> = r.path_segments().rev().collect();
        backward.reverse();
        assert_eq!(forward, backward, "{line}");
    }
    assert!(parsed > 100_000, "{parsed} corpus lines parsed");
}

#[test]
fn segments_and_pairs_agree_with_url() {
    let (mut segments_compared, mut cannot_be_a_base, mut pairs_compared, mut ports_compared) = (0, 0, 0, 0);
    for line in corpus() {
        let (Ok(ours), Ok(theirs)) = (UriRef::parse(&line), url::Url::parse(&line)) else { continue };
        // url rewrites what it parses (dot segments, case, default ports, encoding); compare
        // only where it kept the text, so that both read the same path and query.
        if theirs.as_str() != line {
            continue;
        }
        match theirs.path_segments() {
            Some(segments) => {
                let theirs: Vec<String> = segments.map(str::to_owned).collect();
                assert_eq!(raw_segments(&ours), theirs, "{line}");
                segments_compared += 1;
            }
            None => {
                assert!(!ours.path().starts_with('/'), "{line}: url has no segments for an absolute path");
                cannot_be_a_base += 1;
            }
        }
        let ours_pairs: Vec<(String, String)> = ours
            .query_pairs_with(QueryOptions::FORM)
            .map(|p| {
                (p.decoded_key_lossy().into_owned(), p.decoded_value_lossy().unwrap_or_default().into_owned())
            })
            .collect();
        let theirs_pairs: Vec<(String, String)> =
            theirs.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        assert_eq!(ours_pairs, theirs_pairs, "{line}");
        pairs_compared += usize::from(!ours_pairs.is_empty());
        if ["http", "https", "ws", "wss", "ftp"].iter().any(|s| ours.scheme_is(s)) {
            assert_eq!(ours.port_or_default(), theirs.port_or_known_default(), "{line}");
            ports_compared += 1;
        }
    }
    eprintln!(
        "url: {segments_compared} paths, {pairs_compared} queries, {ports_compared} ports compared; \
         {cannot_be_a_base} without segments in url"
    );
    assert!(segments_compared > 50_000 && pairs_compared > 5_000 && ports_compared > 50_000);
}

#[test]
fn views_agree_with_fluent_uri() {
    let (mut compared, mut absolute) = (0, 0);
    for line in corpus() {
        let (Ok(ours), Ok(theirs)) = (UriRef::parse(&line), fluent_uri::UriRef::parse(line.as_str())) else {
            continue;
        };
        compared += 1;
        match theirs.path().segments_if_absolute() {
            Some(segments) => {
                let theirs: Vec<String> = segments.map(|s| s.as_str().to_owned()).collect();
                assert_eq!(raw_segments(&ours), theirs, "{line}");
                absolute += 1;
            }
            None => assert!(!ours.path_segments().is_absolute(), "{line}"),
        }
        let lossy = |e: Option<Encoded<'_>>| e.map(|e| e.decoded_lossy().into_owned());
        assert_eq!(
            lossy(Some(ours.encoded_path())),
            Some(theirs.path().decode().to_string_lossy().into_owned())
        );
        assert_eq!(
            lossy(ours.encoded_query()),
            theirs.query().map(|q| q.decode().to_string_lossy().into_owned())
        );
        assert_eq!(
            lossy(ours.encoded_fragment()),
            theirs.fragment().map(|q| q.decode().to_string_lossy().into_owned())
        );
        // Strict decoding fails exactly where fluent-uri's does.
        let strict = ours.encoded_path().decoded().map(|c| c.into_owned());
        assert_eq!(strict.is_ok(), theirs.path().decode().to_string().is_ok(), "{line}");
        if let (Some(a), Some(b)) = (ours.authority(), theirs.authority()) {
            let theirs_port = match b.port_to_u16() {
                Ok(None) => None,
                Ok(Some(n)) => Some(Some(n)),
                Err(_) => Some(None),
            };
            let ours_port = match a.port_number() {
                Port::Absent | Port::Empty => None,
                Port::Number(n) => Some(Some(n)),
                Port::OutOfRange(_) => Some(None),
            };
            assert_eq!(ours_port, theirs_port, "{line}");
            assert_eq!(
                lossy(a.encoded_userinfo()),
                b.userinfo().map(|u| u.decode().to_string_lossy().into_owned())
            );
        }
        if let Some(scheme) = theirs.scheme() {
            for name in ["http", "HTTPS", "file", "ws"] {
                assert_eq!(ours.scheme_is(name), scheme == fluent_uri::component::Scheme::new_or_panic(name));
            }
            assert_eq!(uri::default_port(scheme.as_str()), scheme.default_port(), "{line}");
        }
    }
    eprintln!("fluent-uri: {compared} references compared, {absolute} absolute paths");
    assert!(compared > 100_000 && absolute > 50_000);
}

#[test]
fn the_port_table_holds_every_entry_of_the_peers() {
    for entry in DEFAULT_PORTS {
        for name in [entry.scheme.to_owned(), entry.scheme.to_ascii_uppercase()] {
            let fluent = fluent_uri::component::Scheme::new_or_panic(&name).default_port();
            assert_eq!(fluent, Some(entry.port), "{entry:?} in fluent-uri");
            assert_eq!(uri::default_port(&name), Some(entry.port));
        }
        let url = url::Url::parse(&format!("{}://h/", entry.scheme)).unwrap().port_or_known_default();
        let special = matches!(entry.scheme, "http" | "https" | "ws" | "wss" | "ftp");
        assert_eq!(url, special.then_some(entry.port), "{entry:?} in url");
    }
    let cited: &[(&str, u16)] =
        &[("http", 9110), ("https", 9110), ("ws", 6455), ("wss", 6455), ("ftp", 1738)];
    for &(scheme, rfc) in cited {
        assert_eq!(DEFAULT_PORTS.iter().find(|e| e.scheme == scheme).map(|e| e.rfc), Some(rfc), "{scheme}");
    }
}

#[test]
fn normalization_drops_the_default_ports_fluent_uri_drops() {
    for entry in DEFAULT_PORTS {
        for port in [entry.port, entry.port + 1] {
            for scheme in [entry.scheme.to_owned(), entry.scheme.to_ascii_uppercase()] {
                let text = format!("{scheme}://h:{port}/p");
                let ours = UriRef::parse(&text).unwrap().normalize();
                let theirs = fluent_uri::UriRef::parse(text.as_str()).unwrap().normalize();
                assert_eq!(ours.as_str(), theirs.as_str(), "{text}");
                let kept = if port == entry.port { String::new() } else { format!(":{port}") };
                assert_eq!(ours, format!("{}://h{kept}/p", entry.scheme));
            }
        }
    }
}

#[test]
fn scheme_comparison_ignores_case_only() {
    let uri = uri::Uri::parse("HTTP://a").unwrap();
    assert!(uri.scheme_is("http"));
    assert_eq!(uri.scheme(), "HTTP");
    assert!(!uri.scheme_is("http:"));
    assert!(!uri.scheme_is("htt"));
    assert_eq!(uri.port_or_default(), Some(80));
    assert_eq!(uri.normalize_with_ports(uri::Normalization::SCHEME_BASED, &Ports::STANDARD), "HTTP://a/");
}

/// Text for a path segment: unreserved and sub-delim characters, `:`, `@`, and escapes.
const SEGMENT: &str = "([a-zA-Z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2}){0,6}";

fn reference() -> impl Strategy<Value = String> {
    let path = prop_oneof![
        Just(String::new()),
        proptest::collection::vec(SEGMENT, 1..5).prop_map(|s| format!("/{}", s.join("/"))),
        proptest::collection::vec(SEGMENT, 1..5).prop_map(|s| s.join("/")),
    ];
    let query = proptest::option::of("([a-z0-9=&;+/?]|%[0-9A-F]{2}){0,16}");
    ("(s:)?", "(//h(:[0-9]{0,6})?)?", path, query).prop_filter_map("not a URI reference", |(s, a, p, q)| {
        let text = format!("{s}{a}{p}{}", q.map(|q| format!("?{q}")).unwrap_or_default());
        UriRef::parse(&text).is_ok().then_some(text)
    })
}

/// Pairs of text: any key and value, or a key without a value.
fn pairs() -> impl Strategy<Value = Vec<(String, Option<String>)>> {
    proptest::collection::vec((".{0,6}", proptest::option::of(".{0,6}")), 0..6)
}

proptest! {
    #[test]
    fn segments_give_back_the_path(text in reference()) {
        let r = UriRef::parse(&text).unwrap();
        prop_assert_eq!(join(r.path_segments()), r.path());
        for segment in r.path_segments() {
            prop_assert!(Rule::Segment.matches(segment.as_str().as_bytes()), "{:?}", segment);
        }
    }

    #[test]
    fn pairs_are_the_query_without_empty_pieces(text in reference(), semicolon in any::<bool>()) {
        let r = UriRef::parse(&text).unwrap();
        let options = QueryOptions::DEFAULT.semicolon(semicolon);
        let joined: Vec<&str> = r.query_pairs_with(options).map(|p| p.as_str()).collect();
        let split = r.query().unwrap_or("").split(|c| c == '&' || (semicolon && c == ';'));
        let expected: Vec<&str> = split.filter(|p| !p.is_empty()).collect();
        prop_assert_eq!(joined, expected);
        for p in r.query_pairs_with(options) {
            let rebuilt = match p.value() { Some(v) => format!("{}={v}", p.key()), None => p.key().to_owned() };
            prop_assert_eq!(rebuilt, p.as_str());
        }
    }

    #[test]
    fn encoded_pairs_decode_to_themselves(pairs in pairs()) {
        // Pieces of a query: each empty pair is skipped, so leave out the empty keys without values.
        let pairs: Vec<_> = pairs.into_iter().filter(|(k, v)| !k.is_empty() || v.is_some()).collect();
        let encode = |s: &str| EncodeSet::UNRESERVED.encode(s).into_owned();
        let query: Vec<String> = pairs
            .iter()
            .map(|(k, v)| match v { Some(v) => format!("{}={}", encode(k), encode(v)), None => encode(k) })
            .collect();
        let query = query.join("&");
        for options in [QueryOptions::DEFAULT, QueryOptions::FORM, QueryOptions::FORM.semicolon(true)] {
            let decoded: Vec<(String, Option<String>)> = QueryPairs::new(&query, options)
                .map(|p| (p.decoded_key().unwrap().into_owned(), p.decoded_value().map(|v| v.unwrap().into_owned())))
                .collect();
            prop_assert_eq!(&decoded, &pairs);
        }
        // What url writes for an HTML form (a space as `+`) decodes back in form mode.
        let form: String = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_deref().unwrap_or(""))))
            .finish();
        let decoded: Vec<(String, String)> = QueryPairs::new(&form, QueryOptions::FORM)
            .map(|p| (p.decoded_key().unwrap().into_owned(), p.decoded_value().unwrap().unwrap().into_owned()))
            .collect();
        let expected: Vec<(String, String)> =
            pairs.iter().map(|(k, v)| (k.clone(), v.clone().unwrap_or_default())).collect();
        prop_assert_eq!(decoded, expected);
    }

    #[test]
    fn decoding_undoes_encoding(text in "\\PC{0,12}", bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        let sets = [EncodeSet::PATH_SEGMENT, EncodeSet::QUERY, EncodeSet::FRAGMENT, EncodeSet::USERINFO, EncodeSet::REG_NAME];
        for set in sets {
            let encoded = set.encode(&text);
            prop_assert_eq!(Encoded::new(&encoded).decoded().unwrap(), text.as_str());
            prop_assert_eq!(Encoded::new(&encoded).decoded_lossy(), text.as_str());
            // Encoding what was decoded gives the same text again.
            let again = set.encode(&Encoded::new(&encoded).decoded().unwrap()).into_owned();
            prop_assert_eq!(again, encoded.as_ref());
            let encoded = set.encode_bytes(&bytes);
            prop_assert_eq!(Encoded::new(&encoded).decoded_bytes().unwrap().into_owned(), bytes.clone());
            prop_assert_eq!(Encoded::new(&encoded).decoded_lossy(), String::from_utf8_lossy(&bytes));
            let strict: Result<_, DecodeError> = Encoded::new(&encoded).decoded();
            prop_assert_eq!(strict.is_ok(), std::str::from_utf8(&bytes).is_ok());
        }
    }

    #[test]
    fn a_segment_decoded_and_encoded_again_is_its_normal_form(text in reference()) {
        // Encoding the decoded bytes of a segment writes every byte the segment rule keeps as
        // itself and every other one as an upper-case escape: the same text as normalizing
        // the segment, when it holds escapes of unreserved bytes only.
        let r = UriRef::parse(&text).unwrap();
        for segment in r.path_segments() {
            let bytes = segment.decoded_bytes().unwrap();
            let again = EncodeSet::PATH_SEGMENT.encode_bytes(&bytes);
            prop_assert!(Rule::Segment.matches(again.as_bytes()));
            prop_assert_eq!(Encoded::new(&again).decoded_bytes().unwrap(), bytes.clone());
            let escaped_kept = (0..=255u8).filter(|&b| EncodeSet::PATH_SEGMENT.keeps(b) && !EncodeSet::UNRESERVED.keeps(b));
            let plain = escaped_kept.map(|b| format!("%{b:02X}")).all(|e| !segment.as_str().to_ascii_uppercase().contains(&e));
            if plain {
                let normal = UriRef::parse(&format!("/{}", segment.as_str())).unwrap().normalize_with(
                    uri::Normalization::NONE.percent_decode(uri::Components::PATH).percent_case(uri::Components::PATH),
                );
                prop_assert_eq!(format!("/{again}"), normal.as_str());
            }
        }
    }
}
