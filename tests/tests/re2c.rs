//! The re2c benchmark peer (`tests/re2c/uri.re`, compiled by re2rust when it is installed)
//! against `uri`: the same verdict and the same components on the corpus and conformance inputs,
//! sampled members of `URI-reference`, their mutations and delimiter noise. The benchmarks
//! compare the two parsers' speed; this test makes sure they do the same work. Without re2rust
//! the peer is not built and this file has no tests.
#![cfg(re2c)]

#[path = "peers/compare.rs"]
#[allow(dead_code)]
mod compare;

use compare::{with_uri, Components, Inputs, Parts};

/// The re2c parser's verdict, in the terms of [`Components`].
fn with_re2c(input: &str) -> Option<Components<'_>> {
    let r = uri_tests::re2c::parse(input.as_bytes())?;
    let slice = |span: Option<(usize, usize)>| span.map(|(start, end)| &input[start..end]);
    Some(Components {
        scheme: slice(r.scheme),
        authority: slice(r.authority),
        parts: Some(Parts { userinfo: slice(r.userinfo), host: slice(r.host), port: slice(r.port) }),
        path: &input[r.path.0..r.path.1],
        query: slice(r.query),
        fragment: slice(r.fragment),
        host_kind: match r.host_kind {
            0 => None,
            1 if r.host.is_some_and(|(start, _)| input[start + 1..].starts_with(['v', 'V'])) => {
                Some("IPvFuture")
            }
            1 => Some("IPv6address"),
            2 => Some("IPv4address"),
            _ => Some("reg-name"),
        },
    })
}

#[test]
fn re2c_peer_agrees_with_uri() {
    let files = xtask::project::uri_sources(&uri_tests::workspace_root()).expect("the grammar files");
    let options = uri_gen::Options { roots: uri_gen::Roots::All, ..uri_gen::Options::default() };
    let grammar = uri_gen::check(&files, &options).expect("the RFC 3986 grammar loads").0;
    let mut inputs = Inputs::new(&grammar, 3986);
    let mut all = compare::corpus_inputs();
    for _ in 0..20_000 {
        let sample = inputs.sample();
        let mutated = inputs.mutate(&sample);
        all.extend([sample, mutated, inputs.noise()]);
    }
    let (mut valid, mut disagreements) = (0, Vec::new());
    for input in &all {
        let ours = with_uri(input);
        valid += usize::from(ours.is_some());
        if ours != with_re2c(input) && disagreements.len() < 20 {
            disagreements.push(format!("{input:?}\n  uri:  {ours:?}\n  re2c: {:?}", with_re2c(input)));
        }
    }
    eprintln!("re2c vs uri: {} inputs, {valid} valid", all.len());
    assert!(valid > all.len() / 3, "too few valid inputs: {valid} of {}", all.len());
    assert!(disagreements.is_empty(), "disagreements:\n{}", disagreements.join("\n"));
}
