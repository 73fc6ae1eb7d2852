//! Parsing and lowering: grammar files to a resolved [`Grammar`], or diagnostics.
//!
//! Each rule chunk is first checked by [`scan_with`], which reports syntax errors with their position
//! and lists where references, repetitions and values are; the `abnf` crate then parses it, and
//! its tree is lowered to the IR with RFC 5234 meaning made explicit (case-insensitive strings,
//! `*1x` as `0*1x`, `0<prose>` as the empty string, `=/` merged into its rule, `#` lists expanded
//! by [`crate::syntax::list`]). Names and prose values are bound by `syntax::bind`'s rules, and
//! [`crate::syntax::link`] chooses the rules to lower. Errors found while lowering (undefined rules,
//! backwards ranges, values no encoding can hold) point at the token, and grammars nesting deeper
//! than the later passes can recurse are refused.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use abnf::types::{Node, Repeat, TerminalValues};

pub use crate::syntax::link::Roots;

use crate::syntax::bind::{Binder, Bound};
use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::ir::{Expr, Grammar, RuleDef, RuleId};
use crate::syntax::list::ListForm;
use crate::syntax::source::{scan_with, split_rules, RuleChunk, Token, TokenKind};
use crate::{Pos, SourceFile};

/// The deepest expression nesting, references inlined, that a grammar may have. The passes after
/// this one recurse through expressions and inline referenced rules; deeper grammars are refused
/// here so that none of them can run out of stack.
pub const MAX_DEPTH: usize = 512;

/// A parsed rule before resolution.
pub(crate) struct Parsed {
    pub file: usize,
    pub chunk: RuleChunk,
    pub rule: abnf::types::Rule,
    pub pos: Pos,
    pub tokens: Vec<Token>,
    /// Whether the rule uses the `#list` extension (and so refers to `OWS`).
    pub lists: bool,
    /// For a definition that is one prose value (RFC 9110 Appendix A writes `port = <port, see
    /// [URI], Section 3.2.3>`): its text, which names the rule it stands for.
    pub placeholder: Option<String>,
}

/// Parses and resolves `files`, expanding `#` lists in the sender form. Returns the grammar when
/// there is no error, and every diagnostic (warnings too) in file and position order.
pub fn load(files: &[SourceFile], roots: &Roots) -> (Option<Grammar>, Vec<Diagnostic>) {
    load_with(files, roots, ListForm::default())
}

/// [`load`] with the form `#` lists expand to.
pub fn load_with(files: &[SourceFile], roots: &Roots, lists: ListForm) -> (Option<Grammar>, Vec<Diagnostic>) {
    let options = crate::Options { roots: roots.clone(), lists, ..crate::Options::default() };
    crate::syntax::link::load(files, &options)
}

/// Parses every rule chunk of `files`. Syntax errors go to `diags`, and the names of the rules
/// that do not parse to `broken` (references to them are not reported as undefined).
pub(crate) fn parse_files(
    files: &[SourceFile],
    diags: &mut Vec<Diagnostic>,
    broken: &mut BTreeSet<String>,
) -> Vec<Parsed> {
    let mut parsed = Vec::new();
    for (file_index, file) in files.iter().enumerate() {
        let (chunks, found) = crate::syntax::printed::read(file);
        diags.extend(found);
        for chunk in chunks {
            let name = chunk.name().to_owned();
            let (chunk, tokens, glued) = match crate::syntax::printed::scan(file, chunk, true) {
                Ok((chunk, scanned, warnings)) => {
                    diags.extend(warnings);
                    (chunk, scanned.tokens, scanned.glued)
                }
                Err(e) => {
                    diags.push(Diagnostic::error(e.kind, &file.name, e.pos, e.message).in_rule(&name));
                    broken.insert(name.to_ascii_lowercase());
                    continue;
                }
            };
            let text = crate::syntax::printed::spaced(&parser_text(&chunk.text, &tokens), &glued);
            match abnf::rule(&text) {
                Ok(rule) => {
                    let column = chunk.text.len() - chunk.text.trim_start().len();
                    let pos = chunk.file_pos(1, column);
                    let lists = tokens.iter().any(|t| t.kind == TokenKind::Repeat && t.text.contains('#'));
                    let placeholder = match rule.node() {
                        Node::Prose(text) => Some(text.clone()),
                        _ => None,
                    };
                    parsed.push(Parsed { file: file_index, chunk, rule, pos, tokens, lists, placeholder });
                }
                Err(err) => {
                    diags.push(syntax_error(&file.name, &chunk, &err.to_string()));
                    broken.insert(chunk.name().to_ascii_lowercase());
                }
            }
        }
    }
    parsed
}

/// Lowers definition `i` with its `=/` extensions `extensions` to one rule.
pub(crate) fn lower_rule(
    files: &[SourceFile],
    parsed: &[Parsed],
    i: usize,
    extensions: &[usize],
    names: &Names,
    diags: &mut Vec<Diagnostic>,
) -> RuleDef {
    let p = &parsed[i];
    let mut alternatives = Vec::new();
    let mut source = String::new();
    for &k in std::iter::once(&i).chain(extensions) {
        let q = &parsed[k];
        source.push_str(&q.chunk.source);
        let mut lowering = Lowering::new(&files[q.file].name, q, names, diags);
        let expr = lowering.node(q.rule.node());
        match expr {
            Expr::Alt(parts) if k != i || !extensions.is_empty() => alternatives.extend(parts),
            other => alternatives.push(other),
        }
    }
    let expr = if alternatives.len() == 1 {
        alternatives.pop().unwrap_or(Expr::Empty)
    } else {
        Expr::Alt(alternatives)
    };
    RuleDef { name: p.rule.name().to_owned(), file: p.file, pos: p.pos, expr, source }
}

/// How the names of a rule being lowered resolve: the binding rules, the ids of the rules
/// compiled, the names of rules that do not parse, and the options that bear on them.
pub(crate) struct Names<'a> {
    pub binder: &'a Binder<'a>,
    /// Definition index to rule id.
    pub ids: &'a BTreeMap<usize, RuleId>,
    pub broken: &'a BTreeSet<String>,
    pub lists: ListForm,
    /// Alternatives holding prose that names no rule are left out (with a warning).
    pub formal_only: bool,
}

/// The first rule (in grammar order) whose expression, with referenced rules inlined, nests deeper
/// than [`MAX_DEPTH`]. A reference back into a cycle counts as nothing: recursion is reported on
/// its own.
pub(crate) fn too_deep(grammar: &Grammar) -> Option<Diagnostic> {
    let mut depth: Vec<Option<usize>> = vec![None; grammar.rules.len()];
    let mut seen = vec![false; grammar.rules.len()];
    for root in grammar.ids() {
        if seen[root.index()] {
            continue;
        }
        seen[root.index()] = true;
        // Depth-first over references without recursion: a rule's depth is known once all the
        // rules it refers to (outside its cycle) are.
        let mut stack = vec![(root, grammar.refs(root).into_iter().collect::<Vec<_>>(), 0)];
        while let Some((rule, refs, next)) = stack.last_mut() {
            if let Some(&r) = refs.get(*next) {
                *next += 1;
                if !seen[r.index()] {
                    seen[r.index()] = true;
                    stack.push((r, grammar.refs(r).into_iter().collect(), 0));
                }
                continue;
            }
            let rule = *rule;
            stack.pop();
            depth[rule.index()] = Some(expr_depth(&grammar.rule(rule).expr, &depth));
        }
    }
    let (id, deepest) =
        grammar.ids().map(|id| (id, depth[id.index()].unwrap_or(0))).find(|&(_, d)| d > MAX_DEPTH)?;
    let rule = grammar.rule(id);
    Some(
        Diagnostic::error(
            DiagnosticKind::TooLarge,
            &grammar.files[rule.file].name,
            rule.pos,
            format!(
                "rule `{}` nests {deepest} levels deep through the rules it refers to; expected at most {MAX_DEPTH}",
                rule.name
            ),
        )
        .in_rule(&rule.name),
    )
}

/// How deep `expr` nests, with the known depths of the rules it refers to.
fn expr_depth(expr: &Expr, rules: &[Option<usize>]) -> usize {
    1 + match expr {
        Expr::Empty | Expr::Class(_) => 0,
        Expr::Concat(parts) | Expr::Alt(parts) => {
            parts.iter().map(|p| expr_depth(p, rules)).max().unwrap_or(0)
        }
        Expr::Repeat { body, .. } => expr_depth(body, rules),
        Expr::Ref(id) => rules.get(id.index()).copied().flatten().unwrap_or(0),
    }
}

/// The chunk text as the `abnf` crate reads it: the crate only knows `%b`, `%d` and `%x` in lower
/// case, while ABNF letters are case-insensitive (RFC 5234 section 2.3), so `%B`, `%D` and `%X`
/// are lower-cased; the `#` of a list becomes `*`. The length and so every position stay the same.
fn parser_text(text: &str, tokens: &[Token]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for token in tokens {
        match token.kind {
            TokenKind::Number => {
                if let Some(base) = bytes.get_mut(token.offset + 1) {
                    base.make_ascii_lowercase();
                }
            }
            // A `#` list reads as a repetition with the same bounds; the lowering expands it.
            TokenKind::Repeat => {
                for (k, b) in token.text.bytes().enumerate() {
                    if b == b'#' {
                        bytes[token.offset + k] = b'*';
                    }
                }
            }
            TokenKind::Name | TokenKind::Prose => {}
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

/// A syntax error that [`scan_with`] did not find but the `abnf` crate reports: placed with the crate's
/// `at line N` and caret line.
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
            let boundary = (0..=column.min(text.len())).rev().find(|&i| text.is_char_boundary(i));
            let (before, after) = text.split_at(boundary.unwrap_or(0));
            pos = chunk.file_pos(line, before.chars().count());
            found = after.trim_end().to_owned();
        }
    }
    let what = if found.is_empty() { "the end of the rule".to_owned() } else { format!("`{found}`") };
    Diagnostic::error(
        DiagnosticKind::Syntax,
        file,
        pos,
        format!("invalid ABNF at {what}; expected an element (rule name, quoted string, %-value, group, option or prose value), `/`, or the end of the rule"),
    )
    .in_rule(chunk.name())
}

/// The rule names and prose values (not under a zero repetition) of a tree, in text order.
pub(crate) fn collect_uses(node: &Node, names: &mut Vec<String>, prose: &mut Vec<String>) {
    match node {
        Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
            nodes.iter().for_each(|n| collect_uses(n, names, prose))
        }
        Node::Repetition { repeat, node } if !zero(repeat) => collect_uses(node, names, prose),
        Node::Group(node) | Node::Optional(node) => collect_uses(node, names, prose),
        Node::Rulename(name) => names.push(name.clone()),
        Node::Prose(text) => prose.push(text.clone()),
        Node::Repetition { .. } | Node::String(_) | Node::TerminalValues(_) => {}
    }
}

/// Whether a repetition allows no occurrence at all (`0<prose>`, `0*0x`).
fn zero(repeat: &Repeat) -> bool {
    matches!(*repeat, Repeat::Specific(0) | Repeat::Variable { max: Some(0), .. })
}

/// Every prose value of a tree in text order, each with whether it counts (not under a zero
/// repetition).
fn all_prose<'n>(node: &'n Node, counted: bool, out: &mut Vec<(&'n str, bool)>) {
    match node {
        Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
            nodes.iter().for_each(|n| all_prose(n, counted, out))
        }
        Node::Repetition { repeat, node } => all_prose(node, counted && !zero(repeat), out),
        Node::Group(node) | Node::Optional(node) => all_prose(node, counted, out),
        Node::Prose(text) => out.push((text, counted)),
        Node::Rulename(_) | Node::String(_) | Node::TerminalValues(_) => {}
    }
}

/// Where the `%`-value holding `value` is written: in the definition of `id` (its `=` and `=/`
/// parts, in any file), else in the rules it refers to, nearest first. Returns the rule that
/// writes it, the index of its file and the position.
///
/// The NFA pass finds the values an encoding cannot hold (above `%xFF` for octets) after the
/// positions are gone; this finds them again in the text.
pub fn locate_value(grammar: &Grammar, id: RuleId, value: u32) -> Option<(RuleId, usize, Pos)> {
    let chunks: Vec<(usize, RuleChunk)> = grammar
        .files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| split_rules(&file.text).into_iter().map(move |chunk| (f, chunk)))
        .collect();
    let mut seen = BTreeSet::from([id]);
    let mut queue = VecDeque::from([id]);
    while let Some(rule) = queue.pop_front() {
        let name = &grammar.rule(rule).name;
        for (file, chunk) in chunks.iter().filter(|(_, c)| c.name().eq_ignore_ascii_case(name)) {
            let Ok(tokens) = scan_with(chunk, true) else { continue };
            let holds = |t: &&Token| {
                t.kind == TokenKind::Number && t.values.iter().any(|&(lo, hi)| (lo..=hi).contains(&value))
            };
            if let Some(token) = tokens.iter().find(holds) {
                return Some((rule, *file, token.pos));
            }
        }
        for next in grammar.refs(rule) {
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    None
}

/// Lowers one chunk's tree. The tree is walked in text order, so the `n`th rule name (repetition,
/// `%`-value, prose value) of the tree is the `n`th token of that kind [`scan_with`] found.
struct Lowering<'a> {
    file: &'a str,
    rule: &'a str,
    /// Where the rule starts, for anything without a token.
    start: Pos,
    /// The tokens of each kind in text order, indexed by `TokenKind as usize`.
    tokens: [Vec<&'a Token>; 4],
    /// How many tokens of each kind the walk has passed.
    next: [usize; 4],
    /// The index of the file, for the binding rules.
    file_index: usize,
    names: &'a Names<'a>,
    /// How many alternations the walk is inside.
    alternations: usize,
    diags: &'a mut Vec<Diagnostic>,
}

impl<'a> Lowering<'a> {
    fn new(file: &'a str, parsed: &'a Parsed, names: &'a Names<'a>, diags: &'a mut Vec<Diagnostic>) -> Self {
        let mut tokens: [Vec<&Token>; 4] = Default::default();
        for token in &parsed.tokens {
            tokens[token.kind as usize].push(token);
        }
        Lowering {
            file,
            rule: parsed.rule.name(),
            start: parsed.pos,
            tokens,
            next: [0; 4],
            file_index: parsed.file,
            names,
            alternations: 0,
            diags,
        }
    }

    /// The next token of a kind: its position and text (the rule's position if there is none).
    fn take(&mut self, kind: TokenKind) -> (Pos, &'a str) {
        let n = self.next[kind as usize];
        self.next[kind as usize] += 1;
        self.tokens[kind as usize].get(n).map_or((self.start, ""), |t| (t.pos, t.text.as_str()))
    }

    fn error(&mut self, kind: DiagnosticKind, pos: Pos, message: String) {
        self.diags.push(Diagnostic::error(kind, self.file, pos, message).in_rule(self.rule));
    }

    fn node(&mut self, node: &Node) -> Expr {
        match node {
            Node::Alternatives(nodes) => {
                self.alternations += 1;
                let mut parts = Vec::new();
                for n in nodes {
                    if !self.names.formal_only || !self.left_out(n) {
                        parts.push(self.node(n));
                    }
                }
                self.alternations -= 1;
                if parts.is_empty() {
                    let start = self.start;
                    self.error(
                        DiagnosticKind::ProseValue,
                        start,
                        format!("every alternative of `{}` holds prose that names no rule: no formal alternative is left; expected a definition of `{}` in a grammar file of yours", self.rule, self.rule),
                    );
                    return Expr::Empty;
                }
                Expr::Alt(parts)
            }
            Node::Concatenation(nodes) => Expr::Concat(nodes.iter().map(|n| self.node(n)).collect()),
            Node::Group(inner) => self.node(inner),
            Node::Optional(inner) => Expr::Repeat { min: 0, max: Some(1), body: Box::new(self.node(inner)) },
            Node::Repetition { repeat, node } => self.repetition(repeat, node),
            Node::Rulename(name) => {
                let (pos, _) = self.take(TokenKind::Name);
                self.reference(name, pos)
            }
            Node::String(literal) => string(literal.value(), literal.is_case_sensitive()),
            Node::TerminalValues(values) => {
                let (pos, written) = self.take(TokenKind::Number);
                self.terminal_values(values, pos, written)
            }
            Node::Prose(text) => {
                let (pos, _) = self.take(TokenKind::Prose);
                match self.names.binder.prose(self.file_index, text) {
                    Ok(d) => self.names.ids.get(&d).map_or(Expr::Empty, |&id| Expr::Ref(id)),
                    Err(e) => {
                        let message =
                            self.names.binder.prose_message(&e, text, self.rule, self.alternations > 0);
                        self.error(DiagnosticKind::ProseValue, pos, message);
                        Expr::Empty
                    }
                }
            }
        }
    }

    /// A reference to `name` at `pos`, bound by the binding rules.
    fn reference(&mut self, name: &str, pos: Pos) -> Expr {
        let key = name.to_ascii_lowercase();
        match self.names.binder.bind(self.file_index, name) {
            Bound::Def(d) => self.names.ids.get(&d).map_or(Expr::Empty, |&id| Expr::Ref(id)),
            Bound::Undefined if self.names.broken.contains(&key) => Expr::Empty,
            Bound::Undefined => {
                self.diags.push(
                    Diagnostic::error(
                        DiagnosticKind::UndefinedRule,
                        self.file,
                        pos,
                        format!("undefined rule `{name}`; expected a definition `{name} = ...` in one of the grammar files, such as a file of your own given beside them"),
                    )
                    .in_rule(self.rule)
                    .with_note(format!("such a file may also bind it to a rule of a loaded document by a prose value: `{name} = <RULE, see [RFCnnnn], Section N>`")),
                );
                let file = &self.names.binder.files[self.file_index];
                if let (Some(note), Some(d)) =
                    (crate::syntax::printed::cited_note(file, name), self.diags.last_mut())
                {
                    d.notes.push(note);
                }
                Expr::Empty
            }
            Bound::Ambiguous(defs) => {
                let binder = self.names.binder;
                let mut d = Diagnostic::error(
                    DiagnosticKind::DuplicateRule,
                    self.file,
                    pos,
                    format!("rule `{name}` is defined by several library files; expected one definition, or a grammar file that chooses, such as one given with `--override` holding `{name} = <{name}, see [RFCnnnn]>`"),
                )
                .in_rule(self.rule);
                for def in defs {
                    let e = &binder.entries[def];
                    d.notes.push(format!("defined at {}:{}", binder.files[e.file].name, e.pos));
                }
                self.diags.push(d);
                Expr::Empty
            }
        }
    }

    /// Under `--formal-only`: whether alternative `node` holds prose that names no rule, in which
    /// case it is passed over with a warning.
    fn left_out(&mut self, node: &Node) -> bool {
        let mut prose = Vec::new();
        all_prose(node, true, &mut prose);
        let Some(k) =
            prose.iter().position(|&(text, counted)| counted && crate::syntax::prose::parse(text).is_none())
        else {
            return false;
        };
        let at = self.next[TokenKind::Prose as usize] + k;
        let pos = self.tokens[TokenKind::Prose as usize].get(at).map_or(self.start, |t| t.pos);
        self.diags.push(
            Diagnostic::warning(
                DiagnosticKind::ProseValue,
                self.file,
                pos,
                format!("alternative left out of `{}` (--formal-only): prose `<{}>` names no rule; the rule holds only its formal alternatives", self.rule, prose[k].0),
            )
            .in_rule(self.rule),
        );
        self.skip(node);
        true
    }

    /// `%b`, `%d` and `%x` values: a range or a concatenation of single values. Values that no
    /// encoding can match (above `%x10FFFF`, UTF-16 surrogates) are reported here, where their
    /// position is known.
    fn terminal_values(&mut self, values: &TerminalValues, pos: Pos, written: &str) -> Expr {
        match values {
            TerminalValues::Range(lo, hi) => {
                if lo > hi {
                    self.error(
                        DiagnosticKind::InvalidRange,
                        pos,
                        format!("empty value range `{written}`: the first value is greater than the last; expected the smaller value first"),
                    );
                    return Expr::Empty;
                }
                if let Some(message) = invalid_value(*lo, *hi, written) {
                    self.error(DiagnosticKind::InvalidValue, pos, message);
                    return Expr::Empty;
                }
                Expr::Class(vec![(*lo, *hi)])
            }
            TerminalValues::Concatenation(values) => {
                if let Some(message) = values.iter().find_map(|&v| invalid_value(v, v, written)) {
                    self.error(DiagnosticKind::InvalidValue, pos, message);
                    return Expr::Empty;
                }
                match values.as_slice() {
                    [one] => Expr::value(*one),
                    many => Expr::Concat(many.iter().map(|&v| Expr::value(v)).collect()),
                }
            }
        }
    }

    /// Lowers `node` only to keep the token counts in step, dropping what it reports.
    fn skip(&mut self, node: &Node) {
        let saved = std::mem::take(self.diags);
        let _ = self.node(node);
        *self.diags = saved;
    }

    fn repetition(&mut self, repeat: &Repeat, node: &Node) -> Expr {
        let (pos, written) = self.take(TokenKind::Repeat);
        let (min, max) = match *repeat {
            Repeat::Specific(n) => (n, Some(n)),
            Repeat::Variable { min, max } => (min.unwrap_or(0), max),
        };
        if max.is_some_and(|max| min > max) {
            let _ = self.node(node);
            self.error(
                DiagnosticKind::InvalidRange,
                pos,
                format!("repetition `{written}` has a minimum greater than its maximum; expected `n*m` with n at most m"),
            );
            return Expr::Empty;
        }
        if max == Some(0) {
            // `0<prose>` and friends: zero repetitions of anything is the empty string.
            self.skip(node);
            return Expr::Empty;
        }
        let body = self.node(node);
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        if written.contains('#') {
            return self.list(pos, written, clamp(min), max.map(clamp), body);
        }
        Expr::Repeat { min: clamp(min), max: max.map(clamp), body: Box::new(body) }
    }

    /// A `#` list (RFC 9110 section 5.6.1), expanded by [`crate::syntax::list::expand`].
    fn list(&mut self, pos: Pos, written: &str, min: u32, max: Option<u32>, element: Expr) -> Expr {
        let ows = match self.names.binder.bind(self.file_index, "OWS") {
            Bound::Def(d) => self.names.ids.get(&d).copied(),
            _ => None,
        };
        let Some(ows) = ows else {
            self.error(
                DiagnosticKind::UndefinedRule,
                pos,
                format!("the list `{written}` (RFC 9110 section 5.6.1) refers to `OWS`, which no grammar file defines; expected a definition such as `OWS = *( SP / HTAB )` (RFC 9110 section 5.6.3)"),
            );
            return Expr::Empty;
        };
        match crate::syntax::list::expand(self.names.lists, min, max, element, ows) {
            Ok(expr) => expr,
            Err(e) => {
                self.error(DiagnosticKind::Syntax, pos, e.message);
                Expr::Empty
            }
        }
    }
}

/// A quoted string: each letter of a case-insensitive string matches either case (RFC 5234
/// section 2.3); `%s` strings (RFC 7405) match as written.
pub(crate) fn string(value: &str, case_sensitive: bool) -> Expr {
    let mut parts: Vec<Expr> = value
        .bytes()
        .map(|b| {
            let (lower, upper) = (b.to_ascii_lowercase() as u32, b.to_ascii_uppercase() as u32);
            if case_sensitive || lower == upper {
                Expr::value(b as u32)
            } else {
                Expr::Class(vec![(upper, upper), (lower, lower)])
            }
        })
        .collect();
    match parts.len() {
        0 => Expr::Empty,
        1 => parts.pop().unwrap_or(Expr::Empty),
        _ => Expr::Concat(parts),
    }
}

/// Why the values `lo..=hi` of the `%`-value `written` cannot be terminals in any encoding, if so.
fn invalid_value(lo: u32, hi: u32, written: &str) -> Option<String> {
    let single = !written.contains(['-', '.']);
    if hi > 0x10FFFF {
        let what = if single { format!("`{written}`") } else { format!("%x{hi:X} in `{written}`") };
        return Some(format!(
            "value {what} is above %x10FFFF, the largest code point; expected at most %x10FFFF"
        ));
    }
    if (0xD800..=0xDFFF).contains(&lo) && (0xD800..=0xDFFF).contains(&hi) {
        let what = if single { format!("value `{written}` is") } else { format!("`{written}` holds") };
        return Some(format!(
            "{what} a UTF-16 surrogate, which is not a character; expected a code point outside %xD800-DFFF"
        ));
    }
    None
}
