//! Parsing and lowering: grammar files to a resolved [`Grammar`], or diagnostics.
//!
//! Each rule chunk is first checked by [`scan_with`], which reports syntax errors with their position
//! and lists where references, repetitions and values are; the `abnf` crate then parses it, and
//! its tree is lowered to the IR with RFC 5234 meaning made explicit (case-insensitive strings,
//! `*1x` as `0*1x`, `0<prose>` as the empty string, `=/` merged into its rule, `#` lists expanded
//! by [`crate::list`]). References are resolved across all files; a grammar's definition of a
//! name hides a library's, and a real definition replaces a placeholder (a rule defined by one
//! prose value). Errors found while lowering (undefined rules, backwards ranges, values no
//! encoding can hold) point at the token, and grammars nesting deeper than the later passes can
//! recurse are refused.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use abnf::types::{Kind, Node, Repeat, TerminalValues};

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::ir::{Expr, Grammar, RuleDef, RuleId};
use crate::list::ListForm;
use crate::source::{scan_with, split_rules, RuleChunk, Token, TokenKind};
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
    /// These rule names, and only what they need: rules of grammar files that none of them
    /// reaches are dropped, as unused library rules are (so their errors are not reported).
    Only(Vec<String>),
}

impl Roots {
    /// The named rules, for [`Roots::Named`] and [`Roots::Only`].
    fn names(&self) -> &[String] {
        match self {
            Roots::Named(names) | Roots::Only(names) => names,
            Roots::FirstOfEachFile | Roots::All => &[],
        }
    }
}

/// The deepest expression nesting, references inlined, that a grammar may have. The passes after
/// this one recurse through expressions and inline referenced rules; deeper grammars are refused
/// here so that none of them can run out of stack.
pub const MAX_DEPTH: usize = 512;

/// A parsed rule before resolution.
struct Parsed {
    file: usize,
    chunk: RuleChunk,
    rule: abnf::types::Rule,
    pos: Pos,
    tokens: Vec<Token>,
    /// Whether the rule uses the `#list` extension (and so refers to `OWS`).
    lists: bool,
    /// Whether the whole definition is one prose value: a placeholder for a rule that another
    /// file may define (RFC 9110 Appendix A writes `port = <port, see [URI], Section 3.2.3>`).
    placeholder: bool,
}

/// Parses and resolves `files`, expanding `#` lists in the sender form. Returns the grammar when
/// there is no error, and every diagnostic (warnings too) in file and position order.
pub fn load(files: &[SourceFile], roots: &Roots) -> (Option<Grammar>, Vec<Diagnostic>) {
    load_with(files, roots, ListForm::default())
}

/// [`load`] with the form `#` lists expand to.
///
/// Definitions of one name in several files: a grammar file's definition hides a library's (and a
/// warning says so when another library rule refers to the hidden one, whose meaning changes); a
/// placeholder (a rule defined by one prose value) gives way to any real definition; two library
/// definitions of a name are an error once a kept rule needs the name; any other repetition is an
/// error.
pub fn load_with(files: &[SourceFile], roots: &Roots, lists: ListForm) -> (Option<Grammar>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut parsed = Vec::new();
    // Names of rules that do not parse: references to them are not reported as undefined.
    let mut broken = BTreeSet::new();
    for (file_index, file) in files.iter().enumerate() {
        for chunk in split_rules(&file.text) {
            let tokens = match scan_with(&chunk, true) {
                Ok(tokens) => tokens,
                Err(e) => {
                    diags.push(Diagnostic::error(e.kind, &file.name, e.pos, e.message).in_rule(chunk.name()));
                    broken.insert(chunk.name().to_ascii_lowercase());
                    continue;
                }
            };
            match abnf::rule(&parser_text(&chunk.text, &tokens)) {
                Ok(rule) => {
                    let column = chunk.text.len() - chunk.text.trim_start().len();
                    let pos = chunk.file_pos(1, column);
                    let lists = tokens.iter().any(|t| t.kind == TokenKind::Repeat && t.text.contains('#'));
                    let placeholder = matches!(rule.node(), Node::Prose(_));
                    parsed.push(Parsed { file: file_index, chunk, rule, pos, tokens, lists, placeholder });
                }
                Err(err) => {
                    diags.push(syntax_error(&file.name, &chunk, &err.to_string()));
                    broken.insert(chunk.name().to_ascii_lowercase());
                }
            }
        }
    }

    // Definitions: the first `=` of each name (a grammar's before a library's), then its `=/`
    // extensions in order.
    let mut defs: BTreeMap<String, usize> = BTreeMap::new();
    let mut order: Vec<usize> = Vec::new();
    let mut extensions: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    // Library definitions hidden by a grammar file's (hidden, winner), and library definitions
    // that repeat another library's (repeat, first).
    let mut hidden: Vec<(usize, usize)> = Vec::new();
    let mut library_repeats: Vec<(usize, usize)> = Vec::new();
    for (i, p) in parsed.iter().enumerate() {
        let key = p.rule.name().to_ascii_lowercase();
        let library = |j: usize| files[parsed[j].file].library;
        match (p.rule.kind(), defs.get(&key)) {
            (Kind::Basic, None) => {
                defs.insert(key, i);
                order.push(i);
            }
            (Kind::Basic, Some(_)) if p.placeholder => {}
            (Kind::Basic, Some(&first)) if parsed[first].placeholder => {
                defs.insert(key, i);
                order.retain(|&o| o != first);
                order.push(i);
                extensions.remove(&first);
            }
            // A grammar may define a name that a library also defines (RFC 8259 `char` and the core
            // `CHAR`): the grammar's definition wins.
            (Kind::Basic, Some(&first)) if library(i) && !library(first) => hidden.push((i, first)),
            (Kind::Basic, Some(&first)) if library(first) && !library(i) => {
                defs.insert(key, i);
                order.retain(|&o| o != first);
                order.push(i);
                extensions.remove(&first);
                hidden.push((first, i));
            }
            (Kind::Basic, Some(&first)) if library(first) && library(i) => library_repeats.push((i, first)),
            (Kind::Basic, Some(&first)) => {
                let f = &parsed[first];
                diags.push(
                    Diagnostic::error(
                        DiagnosticKind::DuplicateRule,
                        &files[p.file].name,
                        p.pos,
                        format!(
                            "rule `{}` is defined more than once; expected `=/` to add alternatives to it",
                            p.rule.name()
                        ),
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
                        "`{0} =/` adds alternatives to a rule that is not defined; expected `{0} =` before it",
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
        for &k in std::iter::once(&i).chain(extensions.get(&i).into_iter().flatten()) {
            collect_names(parsed[k].rule.node(), &mut names);
            if parsed[k].lists {
                names.push("OWS".to_owned());
            }
        }
        names
    };
    let mut keep: BTreeSet<usize> = match roots {
        Roots::Only(names) => {
            names.iter().filter_map(|name| defs.get(&name.to_ascii_lowercase()).copied()).collect()
        }
        _ => order.iter().copied().filter(|&i| !files[parsed[i].file].library).collect(),
    };
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
    for &(repeat, first) in &library_repeats {
        if keep.contains(&first) {
            let (p, f) = (&parsed[repeat], &parsed[first]);
            diags.push(
                Diagnostic::error(
                    DiagnosticKind::DuplicateRule,
                    &files[p.file].name,
                    p.pos,
                    format!(
                        "rule `{}` is defined by two library files; expected one definition, or the rule in a grammar file to choose",
                        p.rule.name()
                    ),
                )
                .in_rule(p.rule.name())
                .with_note(format!("first defined at {}:{}", files[f.file].name, f.pos)),
            );
        }
    }
    for &(lost, winner) in &hidden {
        let name = parsed[lost].rule.name();
        let users: Vec<&str> = kept
            .iter()
            .filter(|&&k| k != lost && parsed[k].file == parsed[lost].file)
            .filter(|&&k| refs_of(k).iter().any(|r| r.eq_ignore_ascii_case(name)))
            .map(|&k| parsed[k].rule.name())
            .collect();
        if let Some(user) = users.first() {
            let (l, w) = (&parsed[lost], &parsed[winner]);
            diags.push(
                Diagnostic::warning(
                    DiagnosticKind::ShadowedRule,
                    &files[w.file].name,
                    w.pos,
                    format!(
                        "rule `{}` replaces `{name}` of the library {}, where `{user}` refers to it: `{user}` now uses this definition",
                        w.rule.name(),
                        files[l.file].name
                    ),
                )
                .in_rule(w.rule.name())
                .with_note(format!("the library's definition is at {}:{}", files[l.file].name, l.pos)),
            );
        }
    }
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
            let mut lowering = Lowering::new(&files[q.file].name, q, &ids, &broken, lists, &mut diags);
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
    diags.extend(too_deep(&grammar));

    // Unused rules: never referred to, and not an entry point. Not known when a rule does not parse.
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
            Roots::Named(names) | Roots::Only(names) => {
                names.iter().any(|name| name.eq_ignore_ascii_case(&r.name))
            }
        };
        if broken.is_empty() && !root && !files[r.file].library && !referenced.contains(&RuleId(n as u32)) {
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
    {
        for name in roots.names().iter().filter(|name| grammar.lookup(name).is_none()) {
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

/// The first rule (in grammar order) whose expression, with referenced rules inlined, nests deeper
/// than [`MAX_DEPTH`]. A reference back into a cycle counts as nothing: recursion is reported on
/// its own.
fn too_deep(grammar: &Grammar) -> Option<Diagnostic> {
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
    ids: &'a BTreeMap<String, RuleId>,
    broken: &'a BTreeSet<String>,
    lists: ListForm,
    diags: &'a mut Vec<Diagnostic>,
}

impl<'a> Lowering<'a> {
    fn new(
        file: &'a str,
        parsed: &'a Parsed,
        ids: &'a BTreeMap<String, RuleId>,
        broken: &'a BTreeSet<String>,
        lists: ListForm,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Self {
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
            ids,
            broken,
            lists,
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
            Node::Alternatives(nodes) => Expr::Alt(nodes.iter().map(|n| self.node(n)).collect()),
            Node::Concatenation(nodes) => Expr::Concat(nodes.iter().map(|n| self.node(n)).collect()),
            Node::Group(inner) => self.node(inner),
            Node::Optional(inner) => Expr::Repeat { min: 0, max: Some(1), body: Box::new(self.node(inner)) },
            Node::Repetition { repeat, node } => self.repetition(repeat, node),
            Node::Rulename(name) => {
                let (pos, _) = self.take(TokenKind::Name);
                let key = name.to_ascii_lowercase();
                match self.ids.get(&key) {
                    Some(&id) => Expr::Ref(id),
                    None if self.broken.contains(&key) => Expr::Empty,
                    None => {
                        self.error(
                            DiagnosticKind::UndefinedRule,
                            pos,
                            format!("undefined rule `{name}`; expected a definition `{name} = ...` in one of the grammar files"),
                        );
                        Expr::Empty
                    }
                }
            }
            Node::String(literal) => string(literal.value(), literal.is_case_sensitive()),
            Node::TerminalValues(values) => {
                let (pos, written) = self.take(TokenKind::Number);
                self.terminal_values(values, pos, written)
            }
            Node::Prose(text) => {
                let (pos, _) = self.take(TokenKind::Prose);
                let message = match text.split_once(", see ") {
                    Some((name, source)) if is_rule_name(name) => format!(
                        "prose value `<{text}>` refers to the rule `{name}` of {source}, which no grammar file given defines; expected a grammar file that defines `{}`",
                        if name.eq_ignore_ascii_case(self.rule) { name } else { self.rule }
                    ),
                    _ => format!("prose value `<{text}>` has no formal meaning and cannot be compiled; expected ABNF in its place, or `0<...>` for the empty string"),
                };
                self.error(DiagnosticKind::ProseValue, pos, message);
                Expr::Empty
            }
        }
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

    /// A `#` list (RFC 9110 section 5.6.1), expanded by [`crate::list::expand`].
    fn list(&mut self, pos: Pos, written: &str, min: u32, max: Option<u32>, element: Expr) -> Expr {
        let Some(&ows) = self.ids.get("ows") else {
            self.error(
                DiagnosticKind::UndefinedRule,
                pos,
                format!("the list `{written}` (RFC 9110 section 5.6.1) refers to `OWS`, which no grammar file defines; expected a definition such as `OWS = *( SP / HTAB )` (RFC 9110 section 5.6.3)"),
            );
            return Expr::Empty;
        };
        match crate::list::expand(self.lists, min, max, element, ows) {
            Ok(expr) => expr,
            Err(e) => {
                self.error(DiagnosticKind::Syntax, pos, e.message);
                Expr::Empty
            }
        }
    }
}

/// Whether `text` is an ABNF rule name: a letter, then letters, digits and hyphens.
fn is_rule_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// A quoted string: each letter of a case-insensitive string matches either case (RFC 5234
/// section 2.3); `%s` strings (RFC 7405) match as written.
fn string(value: &str, case_sensitive: bool) -> Expr {
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
