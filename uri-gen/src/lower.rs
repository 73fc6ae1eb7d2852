//! Parsing and lowering: grammar files to a resolved [`Grammar`], or diagnostics.
//!
//! Each rule chunk is parsed alone by the `abnf` crate; the crate's syntax tree is then lowered to
//! the IR with RFC 5234 meaning made explicit (case-insensitive strings, `*1x` as `0*1x`, `0<prose>`
//! as the empty string, `=/` merged into its rule) and references are resolved across all files.

use std::collections::{BTreeMap, BTreeSet};

use abnf::types::{Kind, Node, Repeat, TerminalValues};

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::ir::{Expr, Grammar, RuleDef, RuleId};
use crate::source::{split_rules, RuleChunk};
use crate::{Pos, SourceFile};

/// Which rules count as entry points when looking for unused rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Roots {
    /// The first rule of every non-library file (the ABNF convention).
    #[default]
    FirstOfEachFile,
    /// Every rule of every non-library file: nothing there is unused.
    All,
    /// These rule names.
    Named(Vec<String>),
}

/// A parsed rule before resolution.
struct Parsed {
    file: usize,
    chunk: RuleChunk,
    rule: abnf::types::Rule,
    pos: Pos,
}

/// Parses and resolves `files`. Returns the grammar when there is no error, and every diagnostic
/// (warnings too) in file and position order.
pub fn load(files: &[SourceFile], roots: &Roots) -> (Option<Grammar>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut parsed = Vec::new();
    for (file_index, file) in files.iter().enumerate() {
        for chunk in split_rules(&file.text) {
            match abnf::rule(&chunk.text) {
                Ok(rule) => {
                    let column = chunk.text.len() - chunk.text.trim_start().len();
                    let pos = chunk.file_pos(1, column);
                    parsed.push(Parsed { file: file_index, chunk, rule, pos });
                }
                Err(err) => diags.push(syntax_error(&file.name, &chunk, &err.to_string())),
            }
        }
    }

    // Definitions: the first `=` of each name, then its `=/` extensions in order.
    let mut defs: BTreeMap<String, usize> = BTreeMap::new();
    let mut order: Vec<usize> = Vec::new();
    let mut extensions: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, p) in parsed.iter().enumerate() {
        let key = p.rule.name().to_ascii_lowercase();
        match (p.rule.kind(), defs.get(&key)) {
            (Kind::Basic, None) => {
                defs.insert(key, i);
                order.push(i);
            }
            (Kind::Basic, Some(&first)) => {
                let f = &parsed[first];
                diags.push(
                    Diagnostic::error(
                        DiagnosticKind::DuplicateRule,
                        &files[p.file].name,
                        p.pos,
                        format!("rule `{}` is defined more than once", p.rule.name()),
                    )
                    .in_rule(p.rule.name())
                    .with_note(format!("first defined at {}:{}", files[f.file].name, f.pos)),
                );
            }
            (Kind::Incremental, Some(&first)) => extensions.entry(first).or_default().push(i),
            (Kind::Incremental, None) => diags.push(
                Diagnostic::error(
                    DiagnosticKind::IncrementalWithoutBase,
                    &files[p.file].name,
                    p.pos,
                    format!(
                        "`{} =/` adds alternatives to a rule that is not defined before it",
                        p.rule.name()
                    ),
                )
                .in_rule(p.rule.name()),
            ),
        }
    }

    // Which definitions to keep: every rule of a non-library file, and library rules reached from them.
    let refs_of = |i: usize| -> Vec<String> {
        let mut names = Vec::new();
        collect_names(parsed[i].rule.node(), &mut names);
        for &e in extensions.get(&i).into_iter().flatten() {
            collect_names(parsed[e].rule.node(), &mut names);
        }
        names
    };
    let mut keep: BTreeSet<usize> =
        order.iter().copied().filter(|&i| !files[parsed[i].file].library).collect();
    let mut work: Vec<usize> = keep.iter().copied().collect();
    while let Some(i) = work.pop() {
        for name in refs_of(i) {
            if let Some(&j) = defs.get(&name.to_ascii_lowercase()) {
                if keep.insert(j) {
                    work.push(j);
                }
            }
        }
    }
    let kept: Vec<usize> = order.iter().copied().filter(|i| keep.contains(i)).collect();
    let ids: BTreeMap<String, RuleId> = kept
        .iter()
        .enumerate()
        .map(|(n, &i)| (parsed[i].rule.name().to_ascii_lowercase(), RuleId(n as u32)))
        .collect();

    let mut rules = Vec::new();
    for &i in &kept {
        let p = &parsed[i];
        let mut alternatives = Vec::new();
        let mut source = String::new();
        for &k in std::iter::once(&i).chain(extensions.get(&i).into_iter().flatten()) {
            let q = &parsed[k];
            source.push_str(&q.chunk.source);
            let mut lowering = Lowering {
                file: &files[q.file].name,
                rule: q.rule.name(),
                chunk: &q.chunk,
                tokens: scan_tokens(&q.chunk),
                next_name: 0,
                next_prose: 0,
                next_number: 0,
                ids: &ids,
                diags: &mut diags,
            };
            let expr = lowering.node(q.rule.node());
            match expr {
                Expr::Alt(parts) if k != i || extensions.contains_key(&i) => alternatives.extend(parts),
                other => alternatives.push(other),
            }
        }
        let expr = if alternatives.len() == 1 {
            alternatives.pop().unwrap_or(Expr::Empty)
        } else {
            Expr::Alt(alternatives)
        };
        rules.push(RuleDef { name: p.rule.name().to_owned(), file: p.file, pos: p.pos, expr, source });
    }
    let grammar = Grammar::new(files.to_vec(), rules);

    // Unused rules: never referred to, and not an entry point.
    let mut referenced = BTreeSet::new();
    for id in grammar.ids() {
        referenced.extend(grammar.refs(id).into_iter().filter(|&r| r != id));
    }
    let mut first_of_file = BTreeSet::new();
    for (n, r) in grammar.rules.iter().enumerate() {
        if !grammar.rules[..n].iter().any(|o| o.file == r.file) {
            first_of_file.insert(n);
        }
    }
    for (n, r) in grammar.rules.iter().enumerate() {
        let root = match roots {
            Roots::All => true,
            Roots::FirstOfEachFile => first_of_file.contains(&n),
            Roots::Named(names) => names.iter().any(|name| name.eq_ignore_ascii_case(&r.name)),
        };
        if !root && !files[r.file].library && !referenced.contains(&RuleId(n as u32)) {
            diags.push(
                Diagnostic::warning(
                    DiagnosticKind::UnusedRule,
                    &files[r.file].name,
                    r.pos,
                    format!("rule `{}` is never used", r.name),
                )
                .in_rule(&r.name),
            );
        }
    }
    if let Roots::Named(names) = roots {
        for name in names.iter().filter(|name| grammar.lookup(name).is_none()) {
            let file = files.first().map_or("", |f| f.name.as_str());
            diags.push(Diagnostic::error(
                DiagnosticKind::UnknownRule,
                file,
                Pos::default(),
                format!("no rule named `{name}`"),
            ));
        }
    }

    diags.sort_by(|a, b| {
        let fa = files.iter().position(|f| f.name == a.file);
        let fb = files.iter().position(|f| f.name == b.file);
        (fa, a.pos, a.kind).cmp(&(fb, b.pos, b.kind))
    });
    let ok = !diags.iter().any(Diagnostic::is_error);
    (ok.then_some(grammar), diags)
}

/// Turns the `abnf` crate's error text (`at line N` and a caret line) into a positioned diagnostic.
fn syntax_error(file: &str, chunk: &RuleChunk, message: &str) -> Diagnostic {
    let mut lines = message.lines();
    let mut pos = chunk.file_pos(1, 0);
    let mut found = String::new();
    if let Some(header) = lines.next() {
        let line: Option<usize> = header
            .split("at line ")
            .nth(1)
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok());
        let text = lines.next().unwrap_or("");
        let caret = lines.next().and_then(|l| l.find('^'));
        if let (Some(line), Some(column)) = (line, caret) {
            pos = chunk.file_pos(line, column);
            found = text.chars().skip(column).collect::<String>().trim_end().to_owned();
        }
    }
    let name = chunk.text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).next().unwrap_or("");
    let what = if found.is_empty() {
        "unexpected end of rule".to_owned()
    } else {
        format!("cannot parse `{found}`")
    };
    Diagnostic::error(
        DiagnosticKind::Syntax,
        file,
        pos,
        format!("invalid ABNF: {what}; expected an element (rule name, string, %-value, group or option), `/`, or the end of the rule"),
    )
    .in_rule(name)
}

fn collect_names(node: &Node, out: &mut Vec<String>) {
    match node {
        Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
            nodes.iter().for_each(|n| collect_names(n, out))
        }
        Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => collect_names(node, out),
        Node::Rulename(name) => out.push(name.clone()),
        Node::String(_) | Node::TerminalValues(_) | Node::Prose(_) => {}
    }
}

/// A token of a rule's text whose position diagnostics need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenKind {
    Name,
    Prose,
    Number,
}

/// Finds rule names, prose values and `%`-values in a chunk, in text order, skipping comments and
/// strings. The first name is the rule being defined and is dropped.
fn scan_tokens(chunk: &RuleChunk) -> Vec<(TokenKind, Pos)> {
    let mut out = Vec::new();
    for (line_index, line) in chunk.text.lines().enumerate() {
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let start = i;
            match b {
                b';' => break,
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += 1;
                    }
                    i += 1;
                }
                b'<' => {
                    out.push((TokenKind::Prose, chunk.file_pos(line_index + 1, start)));
                    while i < bytes.len() && bytes[i] != b'>' {
                        i += 1;
                    }
                    i += 1;
                }
                b'%' => {
                    i += 1;
                    if i < bytes.len() && matches!(bytes[i], b's' | b'S' | b'i' | b'I') {
                        continue;
                    }
                    out.push((TokenKind::Number, chunk.file_pos(line_index + 1, start)));
                    while i < bytes.len()
                        && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'.' | b'-'))
                    {
                        i += 1;
                    }
                }
                b if b.is_ascii_alphabetic() => {
                    out.push((TokenKind::Name, chunk.file_pos(line_index + 1, start)));
                    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'-') {
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
    }
    if let Some(first) = out.iter().position(|t| t.0 == TokenKind::Name) {
        out.remove(first);
    }
    out
}

struct Lowering<'a> {
    file: &'a str,
    rule: &'a str,
    chunk: &'a RuleChunk,
    tokens: Vec<(TokenKind, Pos)>,
    next_name: usize,
    next_prose: usize,
    next_number: usize,
    ids: &'a BTreeMap<String, RuleId>,
    diags: &'a mut Vec<Diagnostic>,
}

impl Lowering<'_> {
    /// The position of the `n`th token of a kind, or of the rule when the scan missed it.
    fn token_pos(&self, kind: TokenKind, n: usize) -> Pos {
        self.tokens.iter().filter(|t| t.0 == kind).nth(n).map_or_else(|| self.chunk.file_pos(1, 0), |t| t.1)
    }

    fn error(&mut self, kind: DiagnosticKind, pos: Pos, message: String) {
        self.diags.push(Diagnostic::error(kind, self.file, pos, message).in_rule(self.rule));
    }

    fn node(&mut self, node: &Node) -> Expr {
        match node {
            Node::Alternatives(nodes) => Expr::Alt(nodes.iter().map(|n| self.node(n)).collect()),
            Node::Concatenation(nodes) => Expr::Concat(nodes.iter().map(|n| self.node(n)).collect()),
            Node::Group(inner) => self.node(inner),
            Node::Optional(inner) => Expr::Repeat { min: 0, max: Some(1), body: Box::new(self.node(inner)) },
            Node::Repetition { repeat, node } => self.repetition(repeat, node),
            Node::Rulename(name) => {
                let pos = self.token_pos(TokenKind::Name, self.next_name);
                self.next_name += 1;
                match self.ids.get(&name.to_ascii_lowercase()) {
                    Some(&id) => Expr::Ref(id),
                    None => {
                        self.error(DiagnosticKind::UndefinedRule, pos, format!("undefined rule `{name}`"));
                        Expr::Empty
                    }
                }
            }
            Node::String(literal) => {
                let sensitive = literal.is_case_sensitive();
                let parts = literal
                    .value()
                    .bytes()
                    .map(|b| {
                        let (lower, upper) = (b.to_ascii_lowercase() as u32, b.to_ascii_uppercase() as u32);
                        if sensitive || lower == upper {
                            Expr::value(b as u32)
                        } else {
                            Expr::Class(vec![(upper, upper), (lower, lower)])
                        }
                    })
                    .collect::<Vec<_>>();
                match parts.len() {
                    0 => Expr::Empty,
                    1 => parts.into_iter().next().unwrap_or(Expr::Empty),
                    _ => Expr::Concat(parts),
                }
            }
            Node::TerminalValues(TerminalValues::Range(lo, hi)) => {
                if lo > hi {
                    let pos = self.next_number();
                    self.error(
                        DiagnosticKind::InvalidRange,
                        pos,
                        format!("empty value range: {lo:#X} is greater than {hi:#X}"),
                    );
                    return Expr::Empty;
                }
                self.next_number();
                Expr::Class(vec![(*lo, *hi)])
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                self.next_number();
                match values.as_slice() {
                    [one] => Expr::value(*one),
                    many => Expr::Concat(many.iter().map(|&v| Expr::value(v)).collect()),
                }
            }
            Node::Prose(text) => {
                let pos = self.token_pos(TokenKind::Prose, self.next_prose);
                self.next_prose += 1;
                self.error(
                    DiagnosticKind::ProseValue,
                    pos,
                    format!("prose value `<{text}>` has no formal meaning and cannot be compiled"),
                );
                Expr::Empty
            }
        }
    }

    /// The position of the next `%`-value, advancing past it.
    fn next_number(&mut self) -> Pos {
        let pos = self.token_pos(TokenKind::Number, self.next_number);
        self.next_number += 1;
        pos
    }

    fn repetition(&mut self, repeat: &Repeat, node: &Node) -> Expr {
        let (min, max) = match *repeat {
            Repeat::Specific(n) => (n, Some(n)),
            Repeat::Variable { min, max } => (min.unwrap_or(0), max),
        };
        if max == Some(0) {
            // `0<prose>` and friends: zero repetitions of anything is the empty string. The body is
            // still walked so that token positions stay in step, without reporting it.
            let mut quiet = Vec::new();
            let saved = std::mem::replace(self.diags, std::mem::take(&mut quiet));
            let _ = self.node(node);
            *self.diags = saved;
            return Expr::Empty;
        }
        let body = self.node(node);
        if let Some(max) = max {
            if min > max {
                let pos = self.chunk.file_pos(1, 0);
                self.error(
                    DiagnosticKind::InvalidRange,
                    pos,
                    format!("repetition `{min}*{max}` has a minimum greater than its maximum"),
                );
                return Expr::Empty;
            }
        }
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Expr::Repeat { min: clamp(min), max: max.map(clamp), body: Box::new(body) }
    }
}
