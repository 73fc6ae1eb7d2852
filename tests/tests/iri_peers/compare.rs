//! The comparison of `uri`'s IRI parser with its peers, shared by the bounded test
//! (`tests/tests/iri_peers.rs`) and the long run (`tests/examples/iri_differential.rs`): each
//! parser's verdict and components on one input (compared and tallied by
//! `tests/common/components.rs`, as the URI comparison is), and the inputs.
//!
//! The peers are `oxiri` 0.3 (`IriRef::parse`, which gives the authority whole),
//! `iri-string` 0.7 (`IriReferenceStr`) and `fluent-uri` 0.4 (`IriRef::parse`), strict RFC 3987
//! parsers of IRI references.

use uri_gen::tools::Sampler;
use uri_gen::{Encoding, Grammar, RuleId};

#[path = "../../common/components.rs"]
mod components;

pub use components::{Components, Parsers, Parts};

/// The parsers compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Peer {
    Oxiri,
    IriString,
    FluentUri,
}

pub const PEERS: [Peer; 3] = [Peer::Oxiri, Peer::IriString, Peer::FluentUri];

/// `uri`'s `IriRef` beside the [`PEERS`].
#[derive(Clone, Copy, Debug)]
pub struct IriPeers;

impl Parsers for IriPeers {
    type Peer = Peer;
    const PEERS: &'static [Peer] = &PEERS;
    const VALID: &'static str = "IRI references";

    fn ours(input: &str) -> Option<Components<'_>> {
        with_uri(input)
    }

    fn theirs(peer: Peer, input: &str) -> Option<Components<'_>> {
        with_peer(peer, input)
    }
}

/// The tally of a run over IRI references.
pub type Tally = components::Tally<IriPeers>;

/// `uri`'s verdict.
pub fn with_uri(input: &str) -> Option<Components<'_>> {
    let r = uri::IriRef::parse(input).ok()?;
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

/// A peer's verdict. None of them says which rule of `host` matched.
pub fn with_peer(peer: Peer, input: &str) -> Option<Components<'_>> {
    match peer {
        Peer::Oxiri => {
            let r = oxiri::IriRef::parse(input).ok()?;
            let slice = |part: Option<&str>| part.map(|p| within(input, p));
            Some(Components {
                scheme: slice(r.scheme()),
                authority: slice(r.authority()),
                // oxiri gives the authority whole.
                parts: None,
                path: within(input, r.path()),
                query: slice(r.query()),
                fragment: slice(r.fragment()),
                host_kind: None,
            })
        }
        Peer::IriString => {
            let r = iri_string::types::IriReferenceStr::new(input).ok()?;
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
                host_kind: None,
            })
        }
        Peer::FluentUri => {
            let r = fluent_uri::IriRef::parse(input).ok()?;
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
                host_kind: None,
            })
        }
    }
}

/// `part`, a slice of `input` that a peer lends with a shorter lifetime, as a slice of `input`.
fn within<'a>(input: &'a str, part: &str) -> &'a str {
    let start = (part.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
    input
        .get(start..start + part.len())
        .filter(|s| s.as_ptr() == part.as_ptr())
        .unwrap_or_else(|| panic!("{part:?} is no slice of {input:?}"))
}

/// Characters where IRI parsers may differ: `ucschar`'s bounds and gaps, private use (allowed in
/// the query only), bidirectional formatting characters (allowed by the grammar), noncharacters,
/// C1 controls, the replacement character that invalid UTF-8 becomes, and ordinary letters.
const CHARS: &[char] = &[
    'é',
    '例',
    '💩',
    'ß',
    '\u{A0}',
    '\u{9F}',
    '\u{85}',
    '\u{D7FF}',
    '\u{F900}',
    '\u{FDCF}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{FFF0}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FEFF}',
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202E}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F0000}',
    '\u{FFFFD}',
    '\u{100000}',
    '\u{10FFFD}',
    '\u{10000}',
    '\u{1FFFD}',
    '\u{1FFFE}',
    '\u{E0000}',
    '\u{E0FFF}',
    '\u{E1000}',
    '\u{EFFFD}',
];

/// ASCII pieces of the noise: delimiters, escapes, letters and digits, one byte never valid.
const ASCII: &[&str] = &[
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%C3%A9",
    "%e2%80%ae",
    "!",
    "=",
    ".",
    "a",
    "Z",
    "0",
    " ",
    "v1.x",
];

/// Prefixes that put the noise into each component.
const PREFIXES: [&str; 10] = ["", "a:", "a://", "//", "a://u@", "a://h:", "a:/p?", "a:#", "?", "//[v1."];

/// Where inputs come from: samples of `IRI-reference` from RFC 3987's grammar, their mutations
/// (bytes that are not UTF-8 become U+FFFD), private-use characters put into every component,
/// and noise over delimiters and non-ASCII characters.
pub struct Inputs<'g> {
    sampler: Sampler<'g>,
    rule: RuleId,
    state: u64,
}

impl<'g> Inputs<'g> {
    pub fn new(grammar: &'g Grammar, seed: u64) -> Self {
        let rule = grammar.lookup("IRI-reference").expect("IRI-reference is a rule");
        Inputs { sampler: Sampler::new(grammar, Encoding::Utf8, seed), rule, state: seed | 1 }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.next() as usize % items.len()]
    }

    /// A member of `IRI-reference`.
    pub fn sample(&mut self) -> String {
        String::from_utf8(self.sampler.sample(self.rule)).expect("IRI samples are UTF-8")
    }

    /// `input` with a few random edits, as text (bytes that are not UTF-8 are replaced).
    pub fn mutate(&mut self, input: &str) -> String {
        String::from_utf8_lossy(&self.sampler.mutate(input.as_bytes())).into_owned()
    }

    /// A member with one character of [`CHARS`] inserted at a character boundary.
    pub fn with_char(&mut self, input: &str) -> String {
        let boundaries: Vec<usize> = (0..=input.len()).filter(|&i| input.is_char_boundary(i)).collect();
        let at = *self.pick(&boundaries);
        let c = *self.pick(CHARS);
        let mut out = input.to_owned();
        out.insert(at, c);
        out
    }

    /// A short string of [`ASCII`] pieces and [`CHARS`] after one of [`PREFIXES`].
    pub fn noise(&mut self) -> String {
        let mut out = (*self.pick(&PREFIXES)).to_owned();
        for _ in 0..self.next() % 12 {
            if self.next().is_multiple_of(3) {
                out.push(*self.pick(CHARS));
            } else {
                let piece: &&str = self.pick(ASCII);
                out.push_str(piece);
            }
        }
        out
    }

    /// The next input of a run's mix, by its number `i`.
    pub fn input(&mut self, i: usize) -> String {
        match i % 6 {
            0 | 1 => self.sample(),
            2 => {
                let member = self.sample();
                self.mutate(&member)
            }
            3 | 4 => {
                let member = self.sample();
                self.with_char(&member)
            }
            _ => self.noise(),
        }
    }
}
