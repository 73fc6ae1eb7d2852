//! The comparison of `uri` with its URI peers, shared by the bounded test
//! (`tests/tests/peers.rs`) and the long run (`tests/examples/differential.rs`): each parser's
//! verdict and components on one input (compared and tallied by `tests/common/components.rs`,
//! which the IRI comparison shares), and the inputs. A disagreement is a bug on one side until
//! explained: the bounded test fails on any.
//!
//! The peers are `fluent-uri` 0.4 (`UriRef::parse`) and `iri-string` 0.7 (`UriReferenceStr`),
//! both strict RFC 3986 parsers of URI references.

use uri_gen::tools::Sampler;
use uri_gen::{Encoding, Grammar, RuleId};

#[path = "../../common/components.rs"]
mod components;

pub use components::{Components, Parsers, Parts};

/// The parsers compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Peer {
    FluentUri,
    IriString,
}

pub const PEERS: [Peer; 2] = [Peer::FluentUri, Peer::IriString];

/// `uri`'s `UriRef` beside the [`PEERS`].
#[derive(Clone, Copy, Debug)]
pub struct UriPeers;

impl Parsers for UriPeers {
    type Peer = Peer;
    const PEERS: &'static [Peer] = &PEERS;
    const VALID: &'static str = "URI references";

    fn ours(input: &str) -> Option<Components<'_>> {
        with_uri(input)
    }

    fn theirs(peer: Peer, input: &str) -> Option<Components<'_>> {
        with_peer(peer, input)
    }
}

/// The tally of a run over URI references.
pub type Tally = components::Tally<UriPeers>;

/// `uri`'s verdict.
pub fn with_uri(input: &str) -> Option<Components<'_>> {
    let r = uri::UriRef::parse(input).ok()?;
    let (parts, host_kind) = components::uri_authority(r.authority());
    Some(Components {
        scheme: r.scheme(),
        authority: r.authority().map(|a| a.as_str()),
        parts,
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
        host_kind,
    })
}

/// A peer's verdict.
pub fn with_peer(peer: Peer, input: &str) -> Option<Components<'_>> {
    match peer {
        Peer::FluentUri => {
            use fluent_uri::component::Host;
            let r = fluent_uri::UriRef::parse(input).ok()?;
            let a = r.authority();
            Some(Components {
                scheme: r.scheme().map(|s| s.as_str()),
                authority: a.map(|a| a.as_str()),
                parts: Some(Parts {
                    userinfo: a.and_then(|a| a.userinfo()).map(|u| u.as_str()),
                    host: a.map(|a| a.host()),
                    port: a.and_then(|a| a.port()).map(|p| p.as_str()),
                }),
                path: r.path().as_str(),
                query: r.query().map(|q| q.as_str()),
                fragment: r.fragment().map(|f| f.as_str()),
                host_kind: a.map(|a| match a.host_parsed() {
                    Host::Ipv4 { .. } => "IPv4address",
                    Host::Ipv6 { .. } => "IPv6address",
                    Host::RegName(_) => "reg-name",
                    _ => "IPvFuture",
                }),
            })
        }
        Peer::IriString => {
            let r = iri_string::types::UriReferenceStr::new(input).ok()?;
            let a = r.authority_components();
            Some(Components {
                scheme: r.scheme_str(),
                authority: r.authority_str(),
                parts: Some(Parts {
                    userinfo: a.as_ref().and_then(|a| a.userinfo()),
                    host: a.as_ref().map(|a| a.host()),
                    port: a.as_ref().and_then(|a| a.port()),
                }),
                path: r.path_str(),
                query: r.query_str(),
                fragment: r.fragment_str(),
                // iri-string does not say which rule of `host` matched.
                host_kind: None,
            })
        }
    }
}

/// Where inputs come from: samples of `URI-reference` from the grammar, their mutations, and
/// short noise over the bytes where URI parsers differ most (delimiters, hex digits, dots).
pub struct Inputs<'g> {
    sampler: Sampler<'g>,
    rule: RuleId,
    state: u64,
}

/// The alphabet of [`Inputs::noise`]: component delimiters, `%` and hex digits, the letters and
/// dots of IP literals and version numbers, and one byte that is never valid.
const NOISE: &[u8] = b":/?#[]@%!$&'()*+,;=.-_~0123456789aAfFgGvVx \\";

/// Prefixes that put the noise into each component.
const NOISE_PREFIXES: [&str; 8] = ["", "a:", "a://", "//", "a://u@", "a://[", "//[v", "a://1.2."];

impl<'g> Inputs<'g> {
    pub fn new(grammar: &'g Grammar, seed: u64) -> Self {
        let rule = grammar.lookup("URI-reference").expect("URI-reference is a rule");
        Inputs { sampler: Sampler::new(grammar, Encoding::Utf8, seed), rule, state: seed | 1 }
    }

    /// The next number of a xorshift generator.
    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }

    /// A short string over [`NOISE`] after one of [`NOISE_PREFIXES`], or a bracketed or dotted
    /// host made of hex digits, `:` and `.` (the IP literal and IPv4 rules of section 3.2.2).
    pub fn noise(&mut self) -> String {
        let (mut out, alphabet, close): (String, &[u8], &str) = match self.next() % 4 {
            0 => ("a://[".to_owned(), b"0123456789abcdefABCDEF::::..", "]"),
            1 => ("//".to_owned(), b"0123456789...", ":8"),
            _ => (NOISE_PREFIXES[self.next() as usize % NOISE_PREFIXES.len()].to_owned(), NOISE, ""),
        };
        let len = self.next() % 40;
        for _ in 0..len {
            out.push(char::from(alphabet[self.next() as usize % alphabet.len()]));
        }
        out.push_str(close);
        out
    }

    /// A member of `URI-reference`.
    pub fn sample(&mut self) -> String {
        String::from_utf8(self.sampler.sample(self.rule)).expect("URI samples are ASCII")
    }

    /// `input` with a few random edits, as text (bytes that are not UTF-8 are replaced).
    pub fn mutate(&mut self, input: &str) -> String {
        String::from_utf8_lossy(&self.sampler.mutate(input.as_bytes())).into_owned()
    }
}

/// The URL lists of `tests/data/corpus/`, the bases and references of the Common Crawl pairs
/// ([`uri_tests::resolution_pairs`]), the inputs of the conformance vectors, and the corpus the
/// `parse` fuzz target kept (`fuzz/corpus/parse/`).
pub fn corpus_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    let fuzzed = uri_tests::workspace_root().join("fuzz/corpus/parse");
    let mut files: Vec<_> = std::fs::read_dir(&fuzzed)
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        inputs.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        let text = uri_tests::read_data(&format!("corpus/{name}"));
        inputs.extend(text.lines().map(|l| l.trim_start_matches('\u{feff}').to_owned()));
    }
    for (base, relative) in uri_tests::resolution_pairs() {
        inputs.push(base);
        inputs.push(relative);
    }
    for name in ["validity.json", "components.json", "normalization.json", "resolution.json"] {
        let records: Vec<serde_json::Value> =
            serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for record in records {
            for key in ["input", "expected", "base", "ref"] {
                if let Some(s) = record.get(key).and_then(|v| v.as_str()) {
                    inputs.push(s.to_owned());
                }
            }
        }
    }
    inputs
}
