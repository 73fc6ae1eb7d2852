//! `uri` against the strict RFC 3986 parsers `fluent-uri` and `iri-string`, bounded for
//! `cargo test`: validity and every component (scheme, authority, userinfo, host, port, path,
//! query, fragment, and the host's rule where the peer says) on a share of the corpus and
//! conformance inputs, sampled members of `URI-reference`, their mutations, delimiter noise
//! and large inputs. Any disagreement fails with the input and both verdicts.
//!
//! The long run is `cargo run --release -p uri-tests --example differential -- 1000000`.

#[path = "peers/compare.rs"]
mod compare;

use compare::{with_peer, with_uri, Components, Inputs, Parts, Tally, PEERS};

/// The grammar the sampler draws from.
fn grammar() -> uri_gen::Grammar {
    let files = xtask::project::uri_sources(&uri_tests::workspace_root()).expect("the grammar files");
    let options = uri_gen::Options { roots: uri_gen::Roots::All, ..uri_gen::Options::default() };
    uri_gen::check(&files, &options).expect("the RFC 3986 grammar loads").0
}

#[test]
fn peers_agree_on_corpus_samples_mutations_and_noise() {
    let grammar = grammar();
    let mut inputs = Inputs::new(&grammar, 2024);
    let corpus = compare::corpus_inputs();
    let mut tally = Tally::default();
    for input in &corpus {
        tally.add(input);
    }
    for i in 0..10_000 {
        let sample = inputs.sample();
        let mutated = inputs.mutate(&sample);
        let corpus_mutated = inputs.mutate(&corpus[i * 37 % corpus.len()]);
        let noise = inputs.noise();
        for input in [sample, mutated, corpus_mutated, noise] {
            tally.add(&input);
        }
    }
    eprintln!("{}", tally.report());
    assert!(tally.inputs > 100_000 && tally.valid > tally.inputs / 2, "{}", tally.report());
    assert!(tally.valid < tally.inputs, "no invalid input was tried");
    assert_eq!(tally.disagreements, 0, "{}", tally.report());
}

#[test]
fn peers_agree_on_large_inputs() {
    let mut tally = Tally::default();
    for (head, unit, tail) in [
        ("http://example.com", "/segment", "?q#f"),
        ("https://h/p?", "k=%41&%7e;", "#f"),
        ("//[v1.", "a:b!", "]/"),
        ("http://h/", "a%20/", "\0"),
        ("a:", ":", ""),
        ("//", ":", "@h"),
        ("", "%", ""),
        ("http://[", "1:", "]"),
        ("s://h:", "9", "/"),
    ] {
        let mut input = head.to_owned();
        while input.len() < 64 << 10 {
            input.push_str(unit);
        }
        input.push_str(tail);
        tally.add(&input);
    }
    assert_eq!(tally.disagreements, 0, "{}", tally.report());
}

/// The component extraction itself, on inputs where every part is present or where presence
/// and emptiness differ, so that the comparison above cannot agree by all parsers giving up.
#[test]
fn every_parser_gives_these_components() {
    let cases: [(&str, Option<Components<'static>>); 6] = [
        (
            "http://u:p@[v1.x]:8/p/q?a=b#f",
            Some(Components {
                scheme: Some("http"),
                authority: Some("u:p@[v1.x]:8"),
                parts: Some(Parts { userinfo: Some("u:p"), host: Some("[v1.x]"), port: Some("8") }),
                path: "/p/q",
                query: Some("a=b"),
                fragment: Some("f"),
                host_kind: Some("IPvFuture"),
            }),
        ),
        (
            "//@1.2.3.4:?#",
            Some(Components {
                scheme: None,
                authority: Some("@1.2.3.4:"),
                parts: Some(Parts { userinfo: Some(""), host: Some("1.2.3.4"), port: Some("") }),
                path: "",
                query: Some(""),
                fragment: Some(""),
                host_kind: Some("IPv4address"),
            }),
        ),
        (
            "file:///[::1]",
            None, // `[` is not a path character (section 3.3)
        ),
        (
            "a:b:c",
            Some(Components {
                scheme: Some("a"),
                authority: None,
                parts: Some(Parts { userinfo: None, host: None, port: None }),
                path: "b:c",
                query: None,
                fragment: None,
                host_kind: None,
            }),
        ),
        (
            "//[::ffff:1.2.3.4]",
            Some(Components {
                scheme: None,
                authority: Some("[::ffff:1.2.3.4]"),
                parts: Some(Parts { userinfo: None, host: Some("[::ffff:1.2.3.4]"), port: None }),
                path: "",
                query: None,
                fragment: None,
                host_kind: Some("IPv6address"),
            }),
        ),
        ("1a:b", None), // a relative path's first segment cannot hold `:` (section 4.2)
    ];
    for (input, expected) in cases {
        assert_eq!(with_uri(input), expected, "uri on {input:?}");
        for peer in PEERS {
            let theirs = match (with_peer(peer, input), &expected) {
                (Some(theirs), Some(expected)) => Some(theirs.filled_from(expected)),
                (theirs, _) => theirs,
            };
            assert_eq!(theirs, expected, "{peer:?} on {input:?}");
        }
    }
}
