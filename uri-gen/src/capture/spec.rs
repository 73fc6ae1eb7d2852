//! Capture declarations: which rules a generated parser records, read from a file beside the
//! grammar so that the grammar text stays verbatim.
//!
//! The format is line based; `#` starts a comment:
//!
//! ```text
//! parser UriRef URI-reference
//! capture path path-abempty path-absolute path-noscheme path-rootless path-empty
//! capture value parameter/pvalue occurs=last prefer=earliest
//! capture params parameter occurs=all
//! capture to to prefer=shortest
//! capture base64 ";base64"
//! capture ttl ttl-param/ttl occurs=last prefer=earliest in=Params
//! kind host IPv6address=Ipv6 IPvFuture=IpvFuture IPv4address=Ipv4 reg-name=RegName
//! ```
//!
//! - `parser NAME RULE`: a parser that matches RULE against the whole input. A file declares at
//!   least one.
//! - `capture NAME ITEM... [OPTION...]`: record the span of an occurrence of one of the items.
//!   Besides `occurs=` and `prefer=` (below), `in=PARSER[,PARSER...]` names the parsers that
//!   record the capture; without it, every parser does.
//! - `kind NAME RULE=VARIANT...`: record which RULE matched; each RULE once per kind.
//!
//! # What a capture records
//!
//! An item is
//!
//! - `RULE`: an occurrence of the rule;
//! - `PARENT/RULE` (any number of parents, `A/B/RULE`): an occurrence of RULE inside PARENT, that
//!   is, with PARENT among the rules around it (not necessarily its direct parent); with several
//!   parents, outermost first;
//! - `"text"` or `%s"text"` (after parents too, `PARENT/"text"`): an occurrence of a quoted
//!   string of the grammar that spells exactly `text` (printable ASCII, no `"`, no space).
//!   Whether a literal or an optional rule is present is whether its capture is set: a presence
//!   flag is a capture whose accessor's `Option` is tested.
//!
//! An occurrence nested inside another occurrence of one of the same capture's rule items does
//! not count (`capture x ref host`, where `ref` refers to `host`, records the `ref`), so that a
//! start and an end never come from different occurrences.
//!
//! The value of a capture in a match is decided from one reading (derivation) of the input:
//!
//! - Which reading: where one input can be read in ways that give a capture different values
//!   (`host = IP-literal / IPv4address / reg-name` reads `1.2.3.4` two ways), the declaration
//!   must say which wins, with `prefer=earliest`: the reading through the earlier alternative in
//!   the grammar's source order, a repetition taking one more turn before it stops. Without it,
//!   such a capture is refused with a shortest ambiguous input and its two readings. A kind's
//!   variants are declared in priority order, which is the same rule, and need no option.
//! - Which length: `prefer=shortest` (`prefer=longest`) takes the reading that gives the capture
//!   its shortest (longest) span, the earliest of equal ones (`to = 1*( ALPHA / "?" )` before
//!   `[ "?" hfields ]` reads `a?b=c` with `to` = `a` under `prefer=shortest`). It applies to a
//!   capture that occurs once in a reading (no `occurs=`), to one capture of a file, and where
//!   every reading starts the capture at the same place (or leaves it unset in all): otherwise
//!   the capture is refused, with an input whose readings start it at different places.
//! - Which occurrence: where the items of a capture can occur more than once in one reading (every
//!   `hfield` of a `mailto`, every `;param` of a `tel`), `occurs=first` records the first
//!   occurrence (the one that starts first), `occurs=last` the last, and `occurs=all` every one,
//!   in match order (a list capture). Without one, such a capture is refused with a shortest input
//!   that shows two occurrences and where they are. `occurs=span` records one span from the start
//!   of the first occurrence to the end of the last (every `;param` of a `tel` URI as one span,
//!   where no rule names the list).
//!
//! # List captures
//!
//! A list capture (`occurs=all`) owns the same two slots as any capture: they record the span
//! from its first occurrence's start to its last occurrence's end, unset when there is none.
//! The occurrences are found again in that span by a small automaton of the list's own
//! ([`crate::capture::split`]), which marks where occurrences start and end as it reads. It is
//! exact when any two ways through one span mark the same positions; a list for which that is
//! not so (items with nothing between them, a value that may hold the separator) is refused at
//! its line with the shortest span text that shows two readings.
//!
//! A capture that no input can set (its items are not reached in the declared context, or every
//! input that reaches them is read another way) is refused too. Every refusal is an error at the
//! capture's line; no module is generated from a declaration that does not pin its values down.
//! [`crate::capture::reference`] computes the documented value from the parse forest, as a reference for
//! the generated parsers.
//!
//! # Parsers run on a captured span
//!
//! A parser records only the captures whose `in=` names it (or that have no `in=`). So a
//! declaration can capture a span in one parser and read its parts with another parser whose
//! rule is the span's, run on the captured text: in RFC 3261's `sip` declaration, `Sip` captures
//! `uri-parameters` and `Params` (`parser Params uri-parameters`) records the value of each
//! known parameter (`in=Params`). The outer parser's tagged DFA then never holds the inner
//! captures, whose registers, multiplied by every way the outer rule can still read the input
//! (a user field or a host, up to the `@`), made it twenty times larger. The inner parser's
//! positions are offsets into the span: add its start (`Captures::shifted`). Two parsers of one
//! rule record the same captures.
//!
//! A capture owns two tag slots (start and end); each kind variant owns one (its start).
//!
//! # Names
//!
//! Every name becomes a Rust item of the generated module:
//!
//! | declared                | generated                                                        |
//! |-------------------------|------------------------------------------------------------------|
//! | `parser UriRef ...`     | the variant `Parser::UriRef`, as written                         |
//! | `capture nid-x ...`     | the methods `Captures::nid_x` and `Captures::set_nid_x` (`-` read as `_`) |
//! | `capture p-x ... occurs=all` | `Captures::p_x(input)` (the occurrences), `Captures::p_x_span` and `Captures::set_p_x_span`; `Parsed::p_x` |
//! | `kind host-ip ...`      | the method `Captures::host_ip_kind` (`-` read as `_`) and the enum `HostIpKind` |
//! | `kind ... RULE=Ipv4`    | the variant `HostIpKind::Ipv4`, as written                       |
//!
//! The enum of a kind is its name with each word capitalized (words split at `-` and where a
//! lower-case letter or digit meets an upper-case one, `R` put before a leading digit), then `Kind`.
//!
//! So that the module compiles, names are checked once mapped, and each problem is an error at
//! the name:
//!
//! - parser names and variants are ASCII letters, digits and `_`; capture and kind names may
//!   also hold `-`;
//! - what a name gives starts with a letter or `_` (not a digit) and is not `_` alone;
//! - it is not a Rust keyword of any edition, strict or reserved (`type`, `self`, `Self`,
//!   `super`, `crate`, `async`, `try`, `gen`, ...), so `capture type ...` is refused while
//!   `kind type ...` (`type_kind`, `TypeKind`) is fine;
//! - no two parsers share a name, no two variants of one kind share a name, and no two kinds
//!   give the same enum (`host` and `Host` both give `HostKind`);
//! - the methods of `Captures` are all different: `nid-x` and `nid_x` are one capture name, a
//!   capture `x_kind` clashes with the accessor of kind `x`, a capture `set_x` with the setter of
//!   capture `x`, and `span`, `set_span` and `shifted` are methods every `Captures` has;
//! - a parser may not be called `parse`, the method of `Parser` that runs it.

use crate::automata::nfa::{Tag, TagRules};
use crate::capture::items::{item, option};
pub use crate::capture::items::{Item, Occurs, Options, Prefer, Target};
use crate::capture::names::Names;
use crate::capture::scope;
use crate::syntax::diag::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::syntax::ir::{Expr, Grammar, RuleId};
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
    /// The rules and literals whose span it records. When one of them can occur inside another
    /// (`capture x ref host`, where `ref` refers to `host`), the outer occurrence is the capture's
    /// span and the inner one is not recorded, so that a start and an end never come from
    /// different occurrences.
    pub items: Vec<Item>,
    /// Which occurrence counts, and which reading wins where the grammar is ambiguous.
    pub options: Options,
    /// The parsers that record it (indexes into [`CaptureSpec::parsers`], from `in=`); empty
    /// when every parser does.
    pub parsers: Vec<usize>,
    /// Where the declaration is, for diagnostics about it.
    pub pos: Pos,
}

impl CaptureDecl {
    /// The items as written, for messages and docs: `` `path-abempty` / `path-absolute` ``.
    pub fn describe(&self) -> String {
        let items: Vec<&str> = self.items.iter().map(|i| i.text.as_str()).collect();
        format!("`{}`", items.join("` / `"))
    }

    /// Whether an occurrence of `rule` (when `rule` is `Some`) or of the literal `expr` inside
    /// `outer` is one this capture records: some item names it in its context, and no rule of
    /// `outer` is itself one of the capture's items.
    pub(crate) fn records(&self, rule: Option<RuleId>, expr: Option<&Expr>, outer: &[RuleId]) -> bool {
        let nested = outer.iter().any(|o| self.items.iter().any(|i| i.rule() == Some(*o)));
        !nested
            && self.items.iter().any(|i| {
                let named = match &i.target {
                    Target::Rule(r) => rule == Some(*r),
                    Target::Literal(forms) => expr.is_some_and(|e| forms.contains(e)),
                };
                named && i.in_context(outer)
            })
    }
}

/// A kind: which of several rules matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindDecl {
    /// The kind's name (`host`).
    pub name: String,
    /// Each variant: the rule and the Rust variant name, in priority order.
    pub variants: Vec<(RuleId, String)>,
    /// Where the declaration is, for diagnostics about it.
    pub pos: Pos,
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
    /// Reads a capture file (named `file` in diagnostics) against `grammar`. Every problem is an
    /// error at its line and column: a line that is no declaration, a rule the grammar lacks, a
    /// name that cannot be the Rust item it gives (see the module docs), no `parser` line.
    pub fn parse(file: &str, text: &str, grammar: &Grammar) -> Result<CaptureSpec, Diagnostics> {
        let mut spec = CaptureSpec::default();
        let mut diags = Vec::new();
        let mut names = Names::new(file);
        let mut parser_lines = 0;
        // The `in=` options, resolved once every parser is declared: capture, list, position.
        let mut scoped: Vec<(usize, &str, Pos)> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let words: Vec<(usize, &str)> = words(line);
            let Some(&(col, keyword)) = words.first() else { continue };
            // A malformed `parser` line is reported as such, not also as a missing parser.
            parser_lines += usize::from(keyword == "parser");
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
                    names.parser(words[1].1, pos(words[1].0));
                    if let Some(rule) = rule(words[2]) {
                        spec.parsers.push(ParserDecl { name: words[1].1.to_owned(), rule });
                    }
                }
                ("capture", 3..) => {
                    let mut items = Vec::new();
                    let mut options = Options::default();
                    let mut seen = Vec::new();
                    for &(column, word) in &words[2..] {
                        if let Some(list) = word.strip_prefix("in=") {
                            scoped.push((spec.captures.len(), list, pos(column + 3)));
                            continue;
                        }
                        if word.contains('=') && !word.contains('"') {
                            bad.extend(option(word, pos(column), file, &mut options, &mut seen));
                            continue;
                        }
                        match item(word, |c| pos(column + c), file, grammar) {
                            Ok(item) => items.push(item),
                            Err(mut errors) => unknown.append(&mut errors),
                        }
                    }
                    if items.is_empty() && words[2..].iter().all(|w| w.1.contains('=') && !w.1.contains('"'))
                    {
                        bad.push(Diagnostic::error(
                            DiagnosticKind::Syntax,
                            file,
                            pos(col),
                            format!(
                                "capture `{}` names no rule or literal; expected `capture NAME ITEM...`",
                                words[1].1
                            ),
                        ));
                    }
                    names.capture(words[1].1, pos(words[1].0), options.occurs == Occurs::All);
                    spec.captures.push(CaptureDecl {
                        name: words[1].1.to_owned(),
                        items,
                        options,
                        parsers: Vec::new(),
                        pos: pos(col),
                    });
                }
                ("kind", 3..) => {
                    let ty = names.kind(words[1].1, pos(words[1].0));
                    let mut variants = Vec::new();
                    let mut declared = Vec::new();
                    // Where each rule of the kind was listed, for a rule listed twice.
                    let mut listed: Vec<(RuleId, Pos, &str)> = Vec::new();
                    for &(column, word) in &words[2..] {
                        match word.split_once('=') {
                            Some((name, variant)) if !name.is_empty() && !variant.is_empty() => {
                                let at = pos(column + name.chars().count() + 1);
                                names.variant(&mut declared, ty.as_deref(), name, variant, at);
                                let Some(id) = rule((column, name)) else { continue };
                                if let Some(&(_, first, before)) = listed.iter().find(|(r, _, _)| *r == id) {
                                    bad.push(Diagnostic::error(
                                        DiagnosticKind::DuplicateName,
                                        file,
                                        pos(column),
                                        format!(
                                            "rule `{name}` is listed again in kind `{}`, as `{before}` at \
                                             {first}; expected each rule once in a kind",
                                            words[1].1
                                        ),
                                    ));
                                } else {
                                    listed.push((id, pos(column), word));
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
                    spec.kinds.push(KindDecl { name: words[1].1.to_owned(), variants, pos: pos(col) });
                }
                _ => {
                    let expected = match keyword {
                        "parser" => "`parser NAME RULE`",
                        "capture" => "`capture NAME ITEM... [OPTION...]`",
                        "kind" => "`kind NAME RULE=VARIANT...`",
                        _ => "`parser NAME RULE`, `capture NAME RULE...` or `kind NAME RULE=VARIANT...`",
                    };
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Syntax,
                        file,
                        pos(col),
                        format!("expected {expected}, found `{}`", line.trim()),
                    ));
                }
            }
            diags.append(&mut unknown);
            diags.append(&mut bad);
        }
        diags.append(&mut names.diags);
        scope::resolve(&mut spec, &scoped, file, &mut diags);
        if parser_lines == 0 {
            diags.push(Diagnostic::error(
                DiagnosticKind::Syntax,
                file,
                Pos { line: 1, column: 1 },
                "the capture file declares no parser; expected at least one `parser NAME RULE` line",
            ));
        }
        // In file order, whichever check found them.
        diags.sort_by_key(|d| d.pos);
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
    fn tags(&self, rule: RuleId, outer: &[RuleId]) -> (Vec<Tag>, Vec<Tag>) {
        let mut open = Vec::new();
        let mut close = Vec::new();
        let root = outer.first().copied().unwrap_or(rule);
        for (i, c) in self.captures.iter().enumerate() {
            if self.recorded_by(i, root) && c.records(Some(rule), None, outer) {
                let (first, last) = c.options.occurs.records_once();
                open.push(Tag { slot: 2 * i as u32, once: first });
                close.push(Tag { slot: 2 * i as u32 + 1, once: last });
            }
        }
        for (k, kind) in self.kinds.iter().enumerate() {
            let nested = outer.iter().any(|o| kind.variants.iter().any(|(r, _)| r == o));
            if nested {
                continue;
            }
            if let Some(v) = kind.variants.iter().position(|(r, _)| *r == rule) {
                open.push(Tag { slot: (self.kind_base(k) + v) as u32, once: false });
            }
        }
        (open, close)
    }

    fn literal_tags(&self, expr: &Expr, outer: &[RuleId]) -> (Vec<Tag>, Vec<Tag>) {
        let mut open = Vec::new();
        let mut close = Vec::new();
        let root = outer.first().copied();
        for (i, c) in self.captures.iter().enumerate() {
            if root.is_none_or(|root| self.recorded_by(i, root)) && c.records(None, Some(expr), outer) {
                let (first, last) = c.options.occurs.records_once();
                open.push(Tag { slot: 2 * i as u32, once: first });
                close.push(Tag { slot: 2 * i as u32 + 1, once: last });
            }
        }
        (open, close)
    }

    fn has_literals(&self) -> bool {
        self.captures.iter().any(|c| c.items.iter().any(|i| matches!(i.target, Target::Literal(_))))
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
