//! The parsers that the benchmarks and the timing example compare, as one table.

use std::sync::OnceLock;

use iri_string::types::UriReferenceStr;
use regex_automata::dfa::{dense, Automaton};
use regex_automata::{Anchored, Input};

/// Each parser as (name, function returning whether the line parsed, touching its components).
pub type Parser = (&'static str, fn(&str) -> Option<usize>);

const PARSERS: [Parser; 8] = [
    ("uri Rule::UriReference.matches", |l| uri::Rule::UriReference.matches(l.as_bytes()).then_some(0)),
    ("uri UriRef::parse", |l| {
        uri::UriRef::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
    ("fluent-uri UriRef::parse", |l| {
        fluent_uri::UriRef::parse(l)
            .ok()
            .map(|r| r.path().as_str().len() + r.query().map_or(0, |q| q.as_str().len()))
    }),
    ("iri-string UriReferenceStr::new", |l| {
        UriReferenceStr::new(l).ok().map(|r| r.path_str().len() + r.query().map_or(0, |q| q.as_str().len()))
    }),
    ("oxiri IriRef::parse", |l| {
        oxiri::IriRef::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
    ("iref UriRef::new", |l| {
        iref::UriRef::new(l).ok().map(|r| r.path().as_str().len() + r.query().map_or(0, |q| q.as_str().len()))
    }),
    ("regex-automata dense DFA (validation)", |l| regex_dfa_matches(l).then_some(0)),
    ("url Url::parse (WHATWG)", |l| {
        url::Url::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
];

/// The parser that re2rust generates from `tests/re2c/uri.re` (re2c 3.0's lookahead TDFA, as
/// direct-coded Rust), when re2rust was installed at build time.
#[cfg(re2c)]
const RE2C: Option<Parser> = Some(("re2c 3.0 re2rust TDFA", |l| {
    uri_tests::re2c::parse(l.as_bytes()).map(|r| r.path.1 - r.path.0 + r.query.map_or(0, |(s, e)| e - s))
}));
#[cfg(not(re2c))]
const RE2C: Option<Parser> = None;

/// Every parser compared, in table order.
pub fn parsers() -> Vec<Parser> {
    let mut all = PARSERS.to_vec();
    all.extend(RE2C);
    all
}

/// A dense DFA of `regex-automata` built from the regular expression that `uri-gen regex` derives
/// for `URI-reference` (anchored at both ends, over bytes): the classic table walk, one dependent
/// load per byte, for comparison with the generated recognizer's accelerated one.
fn regex_dfa() -> &'static dense::DFA<Vec<u32>> {
    static DFA: OnceLock<dense::DFA<Vec<u32>>> = OnceLock::new();
    DFA.get_or_init(|| {
        let files = xtask::project::uri_sources(&uri_tests::workspace_root()).expect("the grammar files");
        let options = uri_gen::Options { roots: uri_gen::Roots::All, ..uri_gen::Options::default() };
        let grammar = uri_gen::check(&files, &options).expect("the RFC 3986 grammar loads").0;
        let rule = grammar.lookup("URI-reference").expect("URI-reference is a rule");
        let pattern = uri_gen::tools::regex::rule_regex(&grammar, rule, uri_gen::Encoding::Octets, true)
            .expect("URI-reference is regular");
        dense::Builder::new()
            .configure(dense::Config::new().start_kind(regex_automata::dfa::StartKind::Anchored))
            .build(&pattern)
            .expect("regex-automata builds the DFA")
    })
}

fn regex_dfa_matches(line: &str) -> bool {
    let input = Input::new(line).anchored(Anchored::Yes);
    matches!(regex_dfa().try_search_fwd(&input), Ok(Some(m)) if m.offset() == line.len())
}
