//! Capture declarations: which rules a generated parser records, read from a file beside the
//! grammar so that the grammar text stays verbatim.
//!
//! The format is line based; `#` starts a comment:
//!
//! ```text
//! parser UriRef URI-reference
//! capture path path-abempty path-absolute path-noscheme path-rootless path-empty
//! kind host IPv6address=Ipv6 IPvFuture=IpvFuture IPv4address=Ipv4 reg-name=RegName
//! ```
//!
//! A capture owns two tag slots (start and end); each kind variant owns one (its start).

use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::ir::{Grammar, RuleId};
use crate::nfa::TagRules;
use crate::Pos;

/// A parser entry point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParserDecl {
    /// The Rust name of the parser (`UriRef`).
    pub name: String,
    /// The rule it matches.
    pub rule: RuleId,
}

/// A captured span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureDecl {
    /// The capture's name (`path`).
    pub name: String,
    /// The rules whose span it records; in a match at most one of them is expected to be present.
    /// When one of them can occur inside another (`capture x ref host`, where `ref` refers to
    /// `host`), the outer occurrence is the capture's span and the inner one is not recorded, so
    /// that a start and an end never come from different occurrences.
    pub rules: Vec<RuleId>,
}

/// A kind: which of several rules matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindDecl {
    /// The kind's name (`host`).
    pub name: String,
    /// Each variant: the rule and the Rust variant name, in priority order.
    pub variants: Vec<(RuleId, String)>,
}

/// A whole capture specification, resolved against a grammar.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CaptureSpec {
    /// The parsers to generate.
    pub parsers: Vec<ParserDecl>,
    /// The captured spans, slots `2 * i` (start) and `2 * i + 1` (end).
    pub captures: Vec<CaptureDecl>,
    /// The kinds; their variants take the slots after the captures, in order.
    pub kinds: Vec<KindDecl>,
}

impl CaptureSpec {
    /// Reads a capture file (named `file` in diagnostics) against `grammar`.
    pub fn parse(file: &str, text: &str, grammar: &Grammar) -> Result<CaptureSpec, Diagnostics> {
        let mut spec = CaptureSpec::default();
        let mut diags = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let words: Vec<(usize, &str)> = words(line);
            let Some(&(col, keyword)) = words.first() else { continue };
            let pos = |column: usize| Pos { line: n as u32 + 1, column: column as u32 + 1 };
            let mut unknown = Vec::new();
            let mut bad = Vec::new();
            let mut rule = |(column, name): (usize, &str)| -> Option<RuleId> {
                let found = grammar.lookup(name);
                if found.is_none() {
                    unknown.push(Diagnostic::error(
                        DiagnosticKind::UnknownRule,
                        file,
                        pos(column),
                        format!("no rule named `{name}` in the grammar"),
                    ));
                }
                found
            };
            match (keyword, words.len()) {
                ("parser", 3) => {
                    if let Some(rule) = rule(words[2]) {
                        spec.parsers.push(ParserDecl { name: words[1].1.to_owned(), rule });
                    }
                }
                ("capture", 3..) => {
                    let rules = words[2..].iter().filter_map(|&w| rule(w)).collect();
                    spec.captures.push(CaptureDecl { name: words[1].1.to_owned(), rules });
                }
                ("kind", 3..) => {
                    let mut variants = Vec::new();
                    for &(column, word) in &words[2..] {
                        match word.split_once('=') {
                            Some((name, variant)) if !variant.is_empty() => {
                                if let Some(id) = rule((column, name)) {
                                    variants.push((id, variant.to_owned()));
                                }
                            }
                            _ => bad.push(Diagnostic::error(
                                DiagnosticKind::Syntax,
                                file,
                                pos(column),
                                format!("expected RULE=VARIANT, found `{word}`"),
                            )),
                        }
                    }
                    spec.kinds.push(KindDecl { name: words[1].1.to_owned(), variants });
                }
                _ => diags.push(Diagnostic::error(
                    DiagnosticKind::Syntax,
                    file,
                    pos(col),
                    format!(
                        "expected `parser NAME RULE`, `capture NAME RULE...` or `kind NAME RULE=VARIANT...`, found `{}`",
                        line.trim()
                    ),
                )),
            }
            diags.append(&mut unknown);
            diags.append(&mut bad);
        }
        if diags.is_empty() {
            Ok(spec)
        } else {
            Err(Diagnostics(diags))
        }
    }

    /// The number of tag slots.
    pub fn slot_count(&self) -> usize {
        2 * self.captures.len() + self.kinds.iter().map(|k| k.variants.len()).sum::<usize>()
    }

    /// The first slot of kind `k`'s variants.
    pub fn kind_base(&self, k: usize) -> usize {
        2 * self.captures.len() + self.kinds[..k].iter().map(|k| k.variants.len()).sum::<usize>()
    }

    /// A name for each slot, for diagnostics: `path.start`, `host=Ipv4`.
    pub fn slot_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for c in &self.captures {
            names.push(format!("{}.start", c.name));
            names.push(format!("{}.end", c.name));
        }
        for k in &self.kinds {
            names.extend(k.variants.iter().map(|(_, v)| format!("{}={v}", k.name)));
        }
        names
    }
}

impl TagRules for CaptureSpec {
    fn tags(&self, rule: RuleId, outer: &[RuleId]) -> (Vec<u32>, Vec<u32>) {
        let mut open = Vec::new();
        let mut close = Vec::new();
        for (i, c) in self.captures.iter().enumerate() {
            let nested = outer.iter().any(|o| c.rules.contains(o));
            if c.rules.contains(&rule) && !nested {
                open.push(2 * i as u32);
                close.push(2 * i as u32 + 1);
            }
        }
        for (k, kind) in self.kinds.iter().enumerate() {
            let nested = outer.iter().any(|o| kind.variants.iter().any(|(r, _)| r == o));
            if nested {
                continue;
            }
            if let Some(v) = kind.variants.iter().position(|(r, _)| *r == rule) {
                open.push((self.kind_base(k) + v) as u32);
            }
        }
        (open, close)
    }
}

/// Whitespace-separated words with their 0-based character columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (start, c.is_whitespace()) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push((line[..s].chars().count(), &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}
