//! The parsers that the benchmarks and the timing example compare, as one table.

use iri_string::types::UriReferenceStr;

/// Each parser as (name, function returning whether the line parsed, touching its components).
pub type Parser = (&'static str, fn(&str) -> Option<usize>);

pub const PARSERS: [Parser; 6] = [
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
    ("url Url::parse (WHATWG)", |l| {
        url::Url::parse(l).ok().map(|r| r.path().len() + r.query().map_or(0, str::len))
    }),
];
