//! The component comparison of `uri` with peer parsers, one for URI references and IRI references
//! alike: each parser's verdict as [`Components`], the disagreements on one input, and the tally
//! of a run. What differs per kind of reference (which parsers, which inputs) is a [`Parsers`]
//! implementation beside the test that uses it (`tests/tests/peers/compare.rs`,
//! `tests/tests/iri_peers/compare.rs`).

use std::fmt::Debug;

/// The components of a parsed reference, as slices of the input (RFC 3986 section 3; RFC 3987
/// section 2.2 has the same components).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Components<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    /// The authority's parts; `None` where the parser gives the authority whole (oxiri), and then
    /// taken as ours.
    pub parts: Option<Parts<'a>>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
    /// Which rule of `host` matched: `IPv4address`, `IPv6address`, `IPvFuture` or `reg-name`;
    /// `None` without an authority, or where the parser does not say, and then taken as ours.
    pub host_kind: Option<&'static str>,
}

/// The parts of the authority (RFC 3986 section 3.2), each `None` where it is absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
}

impl<'a> Components<'a> {
    /// These components with what their parser does not say (the authority's parts, the host's
    /// rule) taken from `ours`.
    pub fn filled_from(mut self, ours: &Components<'a>) -> Self {
        self.parts = self.parts.or(ours.parts);
        self.host_kind = self.host_kind.or(ours.host_kind);
        self
    }
}

/// The authority's parts and the host's rule as `uri` gives them: the same code for `UriRef`
/// and `IriRef`, whose authorities are the same type.
pub fn uri_authority<'a>(authority: Option<uri::Authority<'a>>) -> (Option<Parts<'a>>, Option<&'static str>) {
    let parts = Parts {
        userinfo: authority.and_then(|a| a.userinfo()),
        host: authority.map(|a| a.host()),
        port: authority.and_then(|a| a.port()),
    };
    let kind = authority.map(|a| match a.host_kind() {
        uri::HostKind::Ipv4 => "IPv4address",
        uri::HostKind::Ipv6 => "IPv6address",
        uri::HostKind::IpvFuture => "IPvFuture",
        uri::HostKind::RegName => "reg-name",
        other => panic!("a host kind this comparison does not know: {other:?}"),
    });
    (Some(parts), kind)
}

/// `uri`'s parser and its peers on one kind of reference.
pub trait Parsers {
    /// A peer, by name.
    type Peer: Copy + Debug + 'static;
    /// Every peer, in the order compared.
    const PEERS: &'static [Self::Peer];
    /// What the inputs that `uri` accepts are, for the report ("URI references").
    const VALID: &'static str;
    /// `uri`'s verdict.
    fn ours(input: &str) -> Option<Components<'_>>;
    /// A peer's verdict.
    fn theirs(peer: Self::Peer, input: &str) -> Option<Components<'_>>;
}

/// One disagreement: the input, the peer, both verdicts.
#[derive(Clone, Debug)]
pub struct Disagreement<P: Parsers> {
    pub input: String,
    pub peer: P::Peer,
    pub ours: Option<String>,
    pub theirs: Option<String>,
}

/// Compares `ours`, `uri`'s verdict on `input`, with every peer's; the disagreements found.
fn compare<'a, P: Parsers>(input: &'a str, ours: Option<Components<'a>>) -> Vec<Disagreement<P>> {
    let mut found = Vec::new();
    for &peer in P::PEERS {
        let theirs = P::theirs(peer, input);
        let theirs = match (&ours, theirs) {
            (Some(ours), Some(theirs)) => Some(theirs.filled_from(ours)),
            (_, theirs) => theirs,
        };
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

/// The tally of a run: inputs tried, how many `uri` accepted, how many held non-ASCII
/// characters, and the disagreements (the first few kept whole).
#[derive(Debug)]
pub struct Tally<P: Parsers> {
    pub inputs: usize,
    pub valid: usize,
    pub non_ascii: usize,
    pub bytes: usize,
    pub disagreements: usize,
    pub examples: Vec<Disagreement<P>>,
}

impl<P: Parsers> Default for Tally<P> {
    fn default() -> Self {
        Tally { inputs: 0, valid: 0, non_ascii: 0, bytes: 0, disagreements: 0, examples: Vec::new() }
    }
}

impl<P: Parsers> Tally<P> {
    /// Compares one input and records the outcome.
    pub fn add(&mut self, input: &str) {
        let ours = P::ours(input);
        self.inputs += 1;
        self.bytes += input.len();
        self.valid += usize::from(ours.is_some());
        self.non_ascii += usize::from(!input.is_ascii());
        for d in compare::<P>(input, ours) {
            self.disagreements += 1;
            if self.examples.len() < 20 {
                self.examples.push(d);
            }
        }
    }

    /// A report: the counts, then the first disagreements.
    pub fn report(&self) -> String {
        let peers: Vec<String> = P::PEERS.iter().map(|p| format!("{p:?}")).collect();
        let mut out = format!(
            "{} inputs ({} bytes, {} with non-ASCII characters, {} valid {}), {} disagreements with {}\n",
            self.inputs,
            self.bytes,
            self.non_ascii,
            self.valid,
            P::VALID,
            self.disagreements,
            peers.join(", ")
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
