//! A URI reference written out from its components, with the parser's offsets worked out from
//! the components' lengths: what the setters and normalization use instead of parsing their
//! result again.
//!
//! Every offset is set through the generated `Captures` methods, which write the positions the
//! compact layout stores; once all are set, the value is what a parse of the text records. The
//! host's kind (which alternative of `host` matched) travels with the captures the host came
//! from, moved by `Captures::shifted`, or, for a host that is new, with the captures of parsing
//! `//` and that host alone.

use crate::generated::parser::{Captures, Parser};
use crate::UriRef;
use alloc::string::String;

/// The components of a URI reference, each without its delimiters, in the order recomposition
/// (RFC 3986 section 5.3) writes them.
#[derive(Clone, Copy)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<AuthorityParts<'a>>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// The components of an authority.
#[derive(Clone, Copy)]
pub(crate) struct AuthorityParts<'a> {
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: &'a str,
    pub(crate) port: Option<&'a str>,
    /// Where the host's kind is recorded.
    pub(crate) source: HostSource,
}

/// Where a host's kind can be taken from.
#[derive(Clone, Copy)]
pub(crate) enum HostSource {
    /// The host of these captures, which starts at `at` in their text.
    Kept { captures: Captures, at: usize },
    /// A host matched by the `host` rule but not parsed as part of a reference yet.
    New,
}

impl<'a> Parts<'a> {
    /// The components of `r`, its host's kind kept with its captures.
    pub(crate) fn of(r: &UriRef<'a>) -> Parts<'a> {
        let captures = r.captures();
        Parts {
            scheme: r.scheme(),
            authority: r.authority().map(|a| AuthorityParts {
                userinfo: a.userinfo(),
                host: a.host(),
                port: a.port(),
                source: HostSource::Kept {
                    captures,
                    at: captures.host(r.as_str().len()).map_or(0, |(start, _)| start),
                },
            }),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }

    /// The length of the text [`Parts::write`] makes.
    pub(crate) fn len(&self) -> usize {
        let optional = |part: Option<&str>| part.map_or(0, |p| p.len() + 1);
        let authority =
            self.authority.map_or(0, |a| 2 + optional(a.userinfo) + a.host.len() + optional(a.port));
        optional(self.scheme) + authority + self.path.len() + optional(self.query) + optional(self.fragment)
    }

    /// The text and its offsets, or `None` when a new host is not one (the caller checks it
    /// with the `host` rule first, so this does not happen).
    ///
    /// The text must be shorter than `u32::MAX` bytes ([`Parts::len`]), and the components must
    /// fit together as section 3 says (the setters check it): then the offsets are the parser's.
    pub(crate) fn write(&self) -> Option<(String, Captures)> {
        let mut out = String::with_capacity(self.len());
        let mut spans = Spans::default();
        if let Some(scheme) = self.scheme {
            out.push_str(scheme);
            spans.scheme = Some((0, scheme.len()));
            out.push(':');
        }
        let mut captures = None;
        if let Some(a) = self.authority {
            out.push_str("//");
            let start = out.len();
            if let Some(userinfo) = a.userinfo {
                spans.userinfo = Some(push(&mut out, userinfo));
                out.push('@');
            }
            let host = push(&mut out, a.host);
            spans.host = Some(host);
            captures = Some(match a.source {
                HostSource::Kept { captures, at } => captures.shifted(host.0 as isize - at as isize),
                HostSource::New => host_captures(a.host)?.shifted(host.0 as isize - 2),
            });
            if let Some(port) = a.port {
                out.push(':');
                spans.port = Some(push(&mut out, port));
            }
            spans.authority = Some((start, out.len()));
        }
        spans.path = Some(push(&mut out, self.path));
        if let Some(query) = self.query {
            out.push('?');
            spans.query = Some(push(&mut out, query));
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            spans.fragment = Some(push(&mut out, fragment));
        }
        let captures = match captures {
            Some(captures) => captures,
            None => empty_captures()?,
        };
        Some((out, spans.apply(captures)))
    }
}

/// The span of every capture of one reference.
#[derive(Clone, Copy, Default)]
pub(crate) struct Spans {
    pub(crate) scheme: Option<(usize, usize)>,
    pub(crate) authority: Option<(usize, usize)>,
    pub(crate) userinfo: Option<(usize, usize)>,
    pub(crate) host: Option<(usize, usize)>,
    pub(crate) port: Option<(usize, usize)>,
    pub(crate) path: Option<(usize, usize)>,
    pub(crate) query: Option<(usize, usize)>,
    pub(crate) fragment: Option<(usize, usize)>,
}

impl Spans {
    /// `captures` (which carries the host's kind) with every span replaced by these.
    pub(crate) fn apply(&self, mut captures: Captures) -> Captures {
        captures.set_scheme(self.scheme);
        captures.set_authority(self.authority);
        captures.set_userinfo(self.userinfo);
        captures.set_host(self.host);
        captures.set_port(self.port);
        captures.set_path(self.path);
        captures.set_query(self.query);
        captures.set_fragment(self.fragment);
        captures
    }
}

/// The captures of the empty reference: no component but the empty path, no host kind; the
/// template of a reference without authority.
pub(crate) fn empty_captures() -> Option<Captures> {
    Parser::UriRef.parse(b"").ok()
}

/// Appends `text` and returns where it went.
fn push(out: &mut String, text: &str) -> (usize, usize) {
    let start = out.len();
    out.push_str(text);
    (start, out.len())
}

/// The captures of the network-path reference `//host`, the host starting at 2: they record the
/// host's kind, which [`Parts::write`] moves to where the host goes.
pub(crate) fn host_captures(host: &str) -> Option<Captures> {
    let mut text = String::with_capacity(host.len() + 2);
    text.push_str("//");
    text.push_str(host);
    let captures = Parser::UriRef.parse(text.as_bytes()).ok()?;
    // A host followed by `:` digits would be read as host and port: only whole hosts here.
    (captures.host(text.len()) == Some((2, text.len()))).then_some(captures)
}
