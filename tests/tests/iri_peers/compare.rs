//! The comparison of `uri`'s IRI parser with its peers, shared by the bounded test
//! (`tests/tests/iri_peers.rs`) and the long run (`tests/examples/iri_differential.rs`): each
//! parser's verdict and components on one input, and the disagreements.
//!
//! The peers are `oxiri` 0.3 (`IriRef::parse`, which gives the authority whole),
//! `iri-string` 0.7 (`IriReferenceStr`) and `fluent-uri` 0.4 (`IriRef::parse`), strict RFC 3987
//! parsers of IRI references.

use uri_gen::tools::Sampler;
use uri_gen::{Encoding, Grammar, RuleId};

/// The components of a parsed IRI reference, as slices of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Components<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    /// `userinfo`, `host` and `port`: `None` inside `Some` where the peer does not split the
    /// authority (oxiri), and then taken as ours.
    pub userinfo: Option<Option<&'a str>>,
    pub host: Option<Option<&'a str>>,
    pub port: Option<Option<&'a str>>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

/// The parsers compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Peer {
    Oxiri,
    IriString,
    FluentUri,
}

pub const PEERS: [Peer; 3] = [Peer::Oxiri, Peer::IriString, Peer::FluentUri];

/// `uri`'s verdict.
pub fn with_uri(input: &str) -> Option<Components<'_>> {
    let r = uri::IriRef::parse(input).ok()?;
    let a = r.authority();
    Some(Components {
        scheme: r.scheme(),
        authority: a.map(|a| a.as_str()),
        userinfo: Some(a.and_then(|a| a.userinfo())),
        host: Some(a.map(|a| a.host())),
        port: Some(a.and_then(|a| a.port())),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    })
}

/// A peer's verdict.
pub fn with_peer(peer: Peer, input: &str) -> Option<Components<'_>> {
    match peer {
        Peer::Oxiri => {
            let r = oxiri::IriRef::parse(input).ok()?;
            let slice = |part: Option<&str>| part.map(|p| within(input, p));
            Some(Components {
                scheme: slice(r.scheme()),
                authority: slice(r.authority()),
                userinfo: None,
                host: None,
                port: None,
                path: within(input, r.path()),
                query: slice(r.query()),
                fragment: slice(r.fragment()),
            })
        }
        Peer::IriString => {
            let r = iri_string::types::IriReferenceStr::new(input).ok()?;
            let a = r.authority_components();
            Some(Components {
                scheme: r.scheme_str(),
                authority: r.authority_str(),
                userinfo: Some(a.as_ref().and_then(|a| a.userinfo())),
                host: Some(a.as_ref().map(|a| a.host())),
                port: Some(a.as_ref().and_then(|a| a.port())),
                path: r.path_str(),
                query: r.query_str(),
                fragment: r.fragment_str(),
            })
        }
        Peer::FluentUri => {
            let r = fluent_uri::IriRef::parse(input).ok()?;
            let a = r.authority();
            Some(Components {
                scheme: r.scheme().map(|s| s.as_str()),
                authority: a.map(|a| a.as_str()),
                userinfo: Some(a.and_then(|a| a.userinfo()).map(|u| u.as_str())),
                host: Some(a.map(|a| a.host())),
                port: Some(a.and_then(|a| a.port()).map(|p| p.as_str())),
                path: r.path().as_str(),
                query: r.query().map(|q| q.as_str()),
                fragment: r.fragment().map(|f| f.as_str()),
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

/// One disagreement: the input, the peer, both verdicts.
#[derive(Clone, Debug)]
pub struct Disagreement {
    pub input: String,
    pub peer: Peer,
    pub ours: Option<String>,
    pub theirs: Option<String>,
}

/// Compares `uri` with every peer on `input`; the disagreements found.
pub fn compare(input: &str) -> Vec<Disagreement> {
    let ours = with_uri(input);
    let mut found = Vec::new();
    for peer in PEERS {
        let mut theirs = with_peer(peer, input);
        if let (Some(ours), Some(theirs)) = (&ours, &mut theirs) {
            if theirs.host.is_none() {
                (theirs.userinfo, theirs.host, theirs.port) = (ours.userinfo, ours.host, ours.port);
            }
        }
        if ours != theirs {
            found.push(Disagreement {
                input: input.to_owned(),
                peer,
                ours: ours.map(|c| format!("{c:?}")),
                theirs: theirs.map(|c| format!("{c:?}")),
            });
        }
    }
    found
}

/// The tally of a run: inputs tried, how many were valid, how many held non-ASCII characters,
/// and the disagreements (the first few kept whole).
#[derive(Default, Debug)]
pub struct Tally {
    pub inputs: usize,
    pub valid: usize,
    pub non_ascii: usize,
    pub bytes: usize,
    pub disagreements: usize,
    pub examples: Vec<Disagreement>,
}

impl Tally {
    /// Compares one input and records the outcome.
    pub fn add(&mut self, input: &str) {
        self.inputs += 1;
        self.bytes += input.len();
        self.valid += usize::from(uri::IriRef::parse(input).is_ok());
        self.non_ascii += usize::from(!input.is_ascii());
        for d in compare(input) {
            self.disagreements += 1;
            if self.examples.len() < 20 {
                self.examples.push(d);
            }
        }
    }

    /// A report: the counts, then the first disagreements.
    pub fn report(&self) -> String {
        let mut out = format!(
            "{} inputs ({} bytes, {} with non-ASCII characters, {} valid IRI references), {} disagreements with {}\n",
            self.inputs,
            self.bytes,
            self.non_ascii,
            self.valid,
            self.disagreements,
            PEERS.map(|p| format!("{p:?}")).join(", ")
        );
        for d in &self.examples {
            let show = |c: &Option<String>| c.clone().unwrap_or_else(|| "invalid".to_owned());
            out.push_str(&format!(
                "  {:?} on {:?}:\n    uri:  {}\n    peer: {}\n",
                d.peer,
                d.input,
                show(&d.ours),
                show(&d.theirs)
            ));
        }
        out
    }
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
