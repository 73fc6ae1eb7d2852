//! Reading grammar text as RFCs print it: page breaks removed, prose skipped, rules cut into chunks,
//! and each chunk checked against the ABNF rule syntax so that every error has a position.
//!
//! RFC text indents rules, breaks pages in the middle of a grammar (a footer ending in `[Page N]`, a
//! form feed, a running header starting with `RFC NNNN`) and mixes prose with rules. The `abnf` crate
//! wants rules at column 0 and reports errors without positions, so this pass cuts the text into one
//! chunk per rule, dedented, and keeps for every chunk line the line of the file it came from. The
//! parser then reads each chunk alone and maps positions back through that table.
//!
//! [`scan`] reads a chunk the way the `abnf` crate does and either reports the first syntax error
//! (where, and what was expected there) or lists the tokens later passes point at: references,
//! repetitions, `%`-values and prose values, each with its file position.

use crate::syntax::diag::DiagnosticKind;
use crate::Pos;

/// A grammar file: its name (as shown in diagnostics) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name used in diagnostics, usually the path as given.
    pub name: String,
    /// The full text.
    pub text: String,
    /// A library (such as the RFC 5234 core rules): its rules are compiled when referred to, and
    /// its references resolve within the libraries (see ARCHITECTURE.md, "How names bind").
    pub library: bool,
    /// An override file: each of its definitions replaces the same-named rule of every other
    /// file, inside libraries too.
    pub overrides: bool,
}

impl SourceFile {
    /// A grammar file whose unused rules are reported.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile { name: name.into(), text: text.into(), library: false, overrides: false }
    }

    /// An override file: a grammar file whose every definition replaces the rule of the same
    /// name in the other files, libraries included (RFC 6874's `IP-literal` over RFC 3986's).
    pub fn overriding(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile { overrides: true, ..SourceFile::new(name, text) }
    }

    /// A library file: rules are pulled in when referred to, and unused ones are not reported.
    pub fn library(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile { library: true, ..SourceFile::new(name, text) }
    }
}

/// The text of one rule, dedented so that the rule name is at column 0.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RuleChunk {
    /// The chunk text without comments (lines holding only a comment are dropped), ending in a
    /// newline: what the parser reads.
    pub text: String,
    /// The chunk as written, comments kept.
    pub source: String,
    /// For each chunk line, the 1-based file line it came from.
    pub lines: Vec<u32>,
    /// The number of columns removed from the front of every line.
    pub indent: u32,
}

impl RuleChunk {
    /// The name of the rule the chunk defines, as spelled there.
    pub fn name(&self) -> &str {
        let text = self.text.trim_start();
        let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(text.len());
        &text[..end]
    }

    /// Maps a 1-based chunk line and 0-based chunk column to a file position.
    pub fn file_pos(&self, line: usize, column: usize) -> Pos {
        let line_index = line.saturating_sub(1).min(self.lines.len().saturating_sub(1));
        Pos { line: self.lines[line_index], column: column as u32 + self.indent + 1 }
    }
}

/// Removes page footers, form feeds and running headers, returning the lines of `text` in order
/// (a removed line becomes empty, so line numbers stay those of the file).
pub fn clean_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> =
        text.split('\n').map(|line| line.strip_suffix('\r').unwrap_or(line).to_owned()).collect();
    let mut after_form_feed = false;
    for line in &mut lines {
        if line.contains('\u{c}') {
            *line = line.replace('\u{c}', "");
            after_form_feed = true;
        }
        let trimmed = line.trim();
        if is_page_footer(trimmed) {
            line.clear();
        } else if after_form_feed && !trimmed.is_empty() {
            if is_page_header(trimmed) {
                line.clear();
            }
            after_form_feed = false;
        }
    }
    lines
}

fn is_page_footer(line: &str) -> bool {
    line.strip_suffix(']')
        .and_then(|rest| rest.rsplit_once("[Page "))
        .is_some_and(|(_, number)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

fn is_page_header(line: &str) -> bool {
    line.strip_prefix("RFC ").is_some_and(|rest| rest.bytes().next().is_some_and(|b| b.is_ascii_digit()))
}

/// The indentation of a line in columns (a tab counts as one column, as the chunk keeps it).
fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// Whether a line starts a rule: `rulename =` or `rulename =/` after its indentation.
pub(crate) fn starts_rule(line: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t']);
    let mut chars = rest.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    let end = chars.find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-')).map_or(rest.len(), |(i, _)| i);
    rest[end..].trim_start_matches([' ', '\t']).starts_with('=')
}

/// The part of a line before its comment (a `;` outside a quoted string or prose value).
pub fn strip_comment(line: &str) -> &str {
    let mut closing = None;
    for (i, c) in line.char_indices() {
        match (closing, c) {
            (None, ';') => return &line[..i],
            (None, '"') => closing = Some('"'),
            (None, '<') => closing = Some('>'),
            (Some(end), c) if c == end => closing = None,
            _ => {}
        }
    }
    line
}

/// Cuts grammar text into rule chunks. Lines that neither start a rule nor continue one (indented
/// deeper than the rule's first line, and not `name =` themselves) are prose and are skipped.
pub fn split_rules(text: &str) -> Vec<RuleChunk> {
    split_rules_noting(text).0
}

/// A paragraph of prose printed after a rule and indented deeper than it (RFC 3261 prints one
/// after its column-0 `port` rule): where its first line starts (1-based line and column) and the
/// rule it would otherwise have continued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrailingProse {
    /// Where the paragraph starts in the file.
    pub pos: Pos,
    /// The name of the rule before it.
    pub rule: String,
}

/// [`split_rules`], also listing the paragraphs of prose that end a rule although they are
/// indented deeper than it: after a blank line, a line that reads as a sentence
/// ([`crate::syntax::printed::reads_as_sentence`]) ends the rule.
pub fn split_rules_noting(text: &str) -> (Vec<RuleChunk>, Vec<TrailingProse>) {
    let lines = clean_lines(text);
    let mut chunks = Vec::new();
    let mut prose = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !starts_rule(&lines[i]) {
            i += 1;
            continue;
        }
        let indent = indent_of(&lines[i]);
        let mut taken = vec![i];
        let mut j = i + 1;
        let mut after_blank = false;
        while j < lines.len() {
            let line = &lines[j];
            if line.trim().is_empty() {
                after_blank = true;
                j += 1;
                continue;
            }
            if after_blank && indent_of(line) > indent && crate::syntax::printed::reads_as_sentence(line) {
                let name = RuleChunk { text: lines[i].trim_start().to_owned(), ..Default::default() };
                let column = indent_of(line) as u32 + 1;
                prose.push(TrailingProse {
                    pos: Pos { line: j as u32 + 1, column },
                    rule: name.name().to_owned(),
                });
                break;
            }
            // A deeper line that reads `name =` starts a rule of its own: `=` cannot continue one.
            if indent_of(line) > indent && !starts_rule(line) {
                taken.push(j);
                after_blank = false;
                j += 1;
            } else {
                break;
            }
        }
        let mut text = String::new();
        let mut source = String::new();
        let mut numbers = Vec::new();
        for &k in &taken {
            let line = lines[k].get(indent..).unwrap_or("").trim_end();
            source.push_str(line);
            source.push('\n');
            let code = strip_comment(line).trim_end();
            if !code.trim().is_empty() {
                text.push_str(code);
                text.push('\n');
                numbers.push(k as u32 + 1);
            }
        }
        chunks.push(RuleChunk { text, source, lines: numbers, indent: indent as u32 });
        i = taken.last().map_or(j, |&last| last + 1);
    }
    (chunks, prose)
}

/// How deep groups and options may nest: deeper text is refused before any recursive pass sees it.
pub const MAX_NESTING: usize = 64;

/// What kind of token [`scan`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// A reference to a rule (the name being defined is not reported).
    Name,
    /// A repetition prefix: `3`, `1*`, `*2`, `*`; with lists, also `1#`, `#`, `2#5`.
    Repeat,
    /// A `%b`, `%d` or `%x` value, range or concatenation of values.
    Number,
    /// A prose value `<...>`.
    Prose,
}

/// A token whose position later passes need, in the order it appears in the chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts in the chunk text, in bytes.
    pub offset: usize,
    /// Where it starts in the file.
    pub pos: Pos,
    /// The token as written.
    pub text: String,
    /// For [`TokenKind::Number`], the values as inclusive ranges: one range, or one single
    /// value per part of a concatenation. Empty for other kinds.
    pub values: Vec<(u32, u32)>,
}

/// The first thing in a chunk that is not a valid RFC 5234 rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// [`DiagnosticKind::Syntax`], or [`DiagnosticKind::InvalidValue`] for a number too large to read.
    pub kind: DiagnosticKind,
    /// Where in the file.
    pub pos: Pos,
    /// What is wrong and what was expected there.
    pub message: String,
}

const ELEMENT: &str = "an element (rule name, quoted string, %-value, group, option or prose value)";

/// Checks a chunk against the rule syntax of RFC 5234 section 4 (with the `%s` and `%i` strings of
/// RFC 7405 and `%B`, `%D`, `%X` in either case) and returns the tokens whose positions the
/// lowering reports, or the first syntax error with its position and what was expected there.
///
/// This accepts exactly the rules the `abnf` crate parses (after `%X` is lower-cased), so the crate
/// builds the tree and this says where things are.
pub fn scan(chunk: &RuleChunk) -> Result<Vec<Token>, SyntaxError> {
    scan_with(chunk, false)
}

/// [`scan`], and with `lists` also the `#list` extension of RFC 9110 section 5.6.1: `#` is read
/// where `*` may stand (`1#x`, `#x`, `2#5x`) and reported as a [`TokenKind::Repeat`] token whose
/// text holds the `#` (see [`crate::syntax::list`]).
pub fn scan_with(chunk: &RuleChunk, lists: bool) -> Result<Vec<Token>, SyntaxError> {
    scan_printed(chunk, lists).map(|scanned| scanned.tokens)
}

/// What [`scan_printed`] found in a chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scanned {
    /// The tokens, as [`scan_with`] returns them.
    pub tokens: Vec<Token>,
    /// The chunk offsets of repetitions printed against the `)` or `]` before them (RFC 3966's
    /// `(HEXDIG / "*" / "#")*phonedigit-hex`): RFC 5234 wants whitespace there, and the `abnf`
    /// crate needs a space inserted at each offset (see [`crate::syntax::printed`]).
    pub glued: Vec<usize>,
}

/// [`scan_with`], also accepting a repetition glued to the group or option before it, whose
/// offsets it lists.
pub fn scan_printed(chunk: &RuleChunk, lists: bool) -> Result<Scanned, SyntaxError> {
    let text = chunk.text.as_str();
    let line_starts =
        std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect::<Vec<_>>();
    let mut scanner = Scanner {
        chunk,
        text,
        s: text.as_bytes(),
        i: 0,
        depth: 0,
        lists,
        tokens: Vec::new(),
        line_starts,
        glued: Vec::new(),
    };
    scanner.rule()?;
    Ok(Scanned { tokens: scanner.tokens, glued: scanner.glued })
}

type Scan<T> = Result<T, SyntaxError>;

/// A group or option being read: where it opened, and what closes it.
#[derive(Clone, Copy)]
struct Open {
    at: usize,
    close: u8,
    what: &'static str,
}

struct Scanner<'a> {
    chunk: &'a RuleChunk,
    text: &'a str,
    s: &'a [u8],
    /// The next byte to read.
    i: usize,
    depth: usize,
    /// Whether `#` lists are read.
    lists: bool,
    tokens: Vec<Token>,
    line_starts: Vec<usize>,
    /// Offsets of repetitions printed without whitespace after a `)` or `]`.
    glued: Vec<usize>,
}

/// The digits of a `%b`, `%d` or `%x` value, as messages name them.
#[derive(Clone, Copy)]
struct Digits {
    name: &'static str,
    set: &'static str,
}

fn is_wsp(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

impl Scanner<'_> {
    fn byte(&self, i: usize) -> Option<u8> {
        self.s.get(i).copied()
    }

    fn pos(&self, offset: usize) -> Pos {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line.saturating_sub(1)];
        let column = self.text.get(start..offset).map_or(0, |s| s.chars().count());
        self.chunk.file_pos(line, column)
    }

    fn error(&self, at: usize, message: String) -> SyntaxError {
        SyntaxError { kind: DiagnosticKind::Syntax, pos: self.pos(at), message }
    }

    /// The character at `i` as a message shows it.
    fn describe(&self, i: usize) -> String {
        if self.at_end(i) {
            return "the end of the rule".to_owned();
        }
        match self.text.get(i..).and_then(|rest| rest.chars().next()) {
            Some(' ' | '\t') => "whitespace".to_owned(),
            Some('\n') => "a line break".to_owned(),
            Some(c) if c.is_control() => format!("the control character {c:?}"),
            Some(c) => format!("`{c}`"),
            None => "the end of the rule".to_owned(),
        }
    }

    fn push(&mut self, kind: TokenKind, start: usize, values: Vec<(u32, u32)>) {
        let text = self.text[start..self.i].to_owned();
        self.tokens.push(Token { kind, offset: start, pos: self.pos(start), text, values });
    }

    /// `c-nl = comment / CRLF`: the end of a comment or line break at `i`.
    fn c_nl(&self, i: usize) -> Option<usize> {
        match self.byte(i)? {
            b';' => self.s[i..].iter().position(|&b| b == b'\n').map(|n| i + n + 1),
            b'\n' => Some(i + 1),
            b'\r' if self.byte(i + 1) == Some(b'\n') => Some(i + 2),
            _ => None,
        }
    }

    /// `c-wsp = WSP / (c-nl WSP)`: whitespace, possibly a line break followed by indentation.
    fn c_wsp(&self, i: usize) -> Option<usize> {
        if self.byte(i).is_some_and(is_wsp) {
            return Some(i + 1);
        }
        let j = self.c_nl(i)?;
        self.byte(j).is_some_and(is_wsp).then_some(j + 1)
    }

    fn skip_c_wsp(&self, mut i: usize) -> usize {
        while let Some(j) = self.c_wsp(i) {
            i = j;
        }
        i
    }

    /// Whether only trailing whitespace and a final line break or comment follow `i`.
    fn at_end(&self, mut i: usize) -> bool {
        while self.byte(i).is_some_and(is_wsp) {
            i += 1;
        }
        i == self.s.len() || self.c_nl(i) == Some(self.s.len())
    }

    fn starts_element(&self, i: usize) -> bool {
        self.byte(i).is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'(' | b'[' | b'"' | b'%' | b'<'))
    }

    fn starts_repetition(&self, i: usize) -> bool {
        self.starts_element(i)
            || self.byte(i).is_some_and(|b| b.is_ascii_digit() || b == b'*' || (self.lists && b == b'#'))
    }

    /// Whether a repetition prefix (`*`, digits) starts at `i` right after a `)` or `]`: a space
    /// lost in print, since no other reading of it is valid.
    fn glued_repetition(&self, i: usize) -> bool {
        i > 0
            && matches!(self.byte(i - 1), Some(b')' | b']'))
            && self.byte(i).is_some_and(|b| b.is_ascii_digit() || b == b'*')
            && self.starts_repetition(i)
    }

    fn name_end(&self, mut i: usize) -> usize {
        while self.byte(i).is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-') {
            i += 1;
        }
        i
    }

    /// `rule = rulename defined-as elements c-nl`, with blank lines and comments allowed before it.
    fn rule(&mut self) -> Scan<()> {
        let mut i = 0;
        while let Some(j) = self.c_wsp(i).or_else(|| self.c_nl(i)) {
            i = j;
        }
        if !self.byte(i).is_some_and(|b| b.is_ascii_alphabetic()) {
            return Err(self.error(i, format!("expected a rule name, found {}", self.describe(i))));
        }
        let name_end = self.name_end(i);
        let name = &self.text[i..name_end];
        let eq = self.skip_c_wsp(name_end);
        if self.byte(eq) != Some(b'=') {
            let found = self.describe(eq);
            return Err(
                self.error(eq, format!("expected `=` or `=/` after the rule name `{name}`, found {found}"))
            );
        }
        let defined_end = if self.byte(eq + 1) == Some(b'/') { eq + 2 } else { eq + 1 };
        let first = self.skip_c_wsp(defined_end);
        if !self.starts_repetition(first) {
            if self.at_end(first) {
                let defined = &self.text[eq..defined_end];
                return Err(self.error(
                    eq,
                    format!("rule `{name}` has no definition: expected an element after `{defined}`"),
                ));
            }
            return Err(self.unexpected(first, ELEMENT));
        }
        self.i = first;
        self.alternation()?;
        if self.at_end(self.i) {
            return Ok(());
        }
        Err(self.after_alternation(None))
    }

    /// `alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)`; stops before anything
    /// that is not a `/`, leaving `self.i` just after the last element.
    fn alternation(&mut self) -> Scan<()> {
        loop {
            self.concatenation()?;
            let slash = self.skip_c_wsp(self.i);
            if self.byte(slash) != Some(b'/') {
                return Ok(());
            }
            let next = self.skip_c_wsp(slash + 1);
            if !self.starts_repetition(next) {
                if self.at_end(next) || matches!(self.byte(next), Some(b')' | b']' | b'/')) {
                    let found = self.describe(next);
                    return Err(
                        self.error(slash, format!("expected an alternative after `/`, found {found}"))
                    );
                }
                return Err(self.unexpected(next, ELEMENT));
            }
            self.i = next;
        }
    }

    /// `concatenation = repetition *(1*c-wsp repetition)`.
    fn concatenation(&mut self) -> Scan<()> {
        self.repetition()?;
        loop {
            let next = self.skip_c_wsp(self.i);
            if next == self.i && self.glued_repetition(next) {
                self.glued.push(next);
            } else if next == self.i || !self.starts_repetition(next) {
                return Ok(());
            }
            self.i = next;
            self.repetition()?;
        }
    }

    /// `repetition = [repeat] element`, `repeat = 1*DIGIT / (*DIGIT "*" *DIGIT)`.
    fn repetition(&mut self) -> Scan<()> {
        let start = self.i;
        let mut i = start;
        while self.byte(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if self.byte(i) == Some(b'*') || (self.lists && self.byte(i) == Some(b'#')) {
            i += 1;
            while self.byte(i).is_some_and(|b| b.is_ascii_digit()) {
                i += 1;
            }
        }
        if i > start {
            let repeat = &self.text[start..i];
            if let Some(count) =
                repeat.split(['*', '#']).find(|n| !n.is_empty() && n.parse::<usize>().is_err())
            {
                return Err(self.error(
                    start,
                    format!(
                        "repetition count `{count}` does not fit in {} bits; expected a smaller count",
                        usize::BITS
                    ),
                ));
            }
            if !self.starts_element(i) {
                let found = self.describe(i);
                return Err(self.error(
                    start,
                    format!("expected an element after the repetition `{repeat}`, found {found}"),
                ));
            }
            self.i = i;
            self.push(TokenKind::Repeat, start, Vec::new());
        }
        self.element()
    }

    /// `element = rulename / group / option / char-val / num-val / prose-val`.
    fn element(&mut self) -> Scan<()> {
        let start = self.i;
        match self.byte(start) {
            Some(b) if b.is_ascii_alphabetic() => {
                self.i = self.name_end(start);
                self.push(TokenKind::Name, start, Vec::new());
                Ok(())
            }
            Some(b'(') => self.group(Open { at: start, close: b')', what: "group" }),
            Some(b'[') => self.group(Open { at: start, close: b']', what: "option" }),
            Some(b'"') => self.quoted(start, start, b'"', "quoted string"),
            Some(b'<') => {
                self.quoted(start, start, b'>', "prose value")?;
                self.push(TokenKind::Prose, start, Vec::new());
                Ok(())
            }
            Some(b'%') => self.percent(),
            _ => Err(self.unexpected(start, ELEMENT)),
        }
    }

    /// `group = "(" *c-wsp alternation *c-wsp ")"`, and `option` with brackets.
    fn group(&mut self, open: Open) -> Scan<()> {
        if self.depth >= MAX_NESTING {
            return Err(self.error(
                open.at,
                format!(
                    "groups and options are nested more than {MAX_NESTING} deep; expected shallower nesting"
                ),
            ));
        }
        let first = self.skip_c_wsp(open.at + 1);
        if !self.starts_repetition(first) {
            if self.byte(first) == Some(open.close) {
                let (o, c) = (self.s[open.at] as char, open.close as char);
                return Err(self.error(
                    open.at,
                    format!("empty {}: expected an alternation between `{o}` and `{c}`", open.what),
                ));
            }
            if self.at_end(first) {
                return Err(self.unclosed(open));
            }
            return Err(self.unexpected(first, ELEMENT));
        }
        self.depth += 1;
        self.i = first;
        self.alternation()?;
        let close = self.skip_c_wsp(self.i);
        if self.byte(close) != Some(open.close) {
            return Err(self.after_alternation(Some(open)));
        }
        self.depth -= 1;
        self.i = close + 1;
        Ok(())
    }

    /// The error for what follows an alternation at `self.i` when it is neither a `/` nor what
    /// closes the surrounding group (or the end of the rule).
    fn after_alternation(&self, open: Option<Open>) -> SyntaxError {
        let next = self.skip_c_wsp(self.i);
        let found = self.describe(next);
        if next == self.i && self.starts_repetition(next) {
            return self.error(
                next,
                format!("expected whitespace before {found}: the elements of a concatenation are separated by whitespace"),
            );
        }
        let Some(open) = open else {
            return match self.byte(next) {
                Some(b')' | b']') => self.error(
                    next,
                    format!("unmatched {found}; expected `/`, another element or the end of the rule"),
                ),
                _ if self.at_end(next) => {
                    self.error(next, "unexpected whitespace after the last line break of the rule".to_owned())
                }
                _ => self.unexpected(next, "`/`, another element or the end of the rule"),
            };
        };
        if self.at_end(next) {
            return self.unclosed(open);
        }
        let (at, c) = (self.pos(open.at), open.close as char);
        self.unexpected(
            next,
            &format!("`/`, another element or `{c}` to close the {} opened at {at}", open.what),
        )
    }

    fn unclosed(&self, open: Open) -> SyntaxError {
        let (o, c) = (self.s[open.at] as char, open.close as char);
        self.error(
            open.at,
            format!("unclosed {}: expected `{c}` to match this `{o}` before the end of the rule", open.what),
        )
    }

    fn unexpected(&self, i: usize, expected: &str) -> SyntaxError {
        self.error(i, format!("unexpected {}; expected {expected}", self.describe(i)))
    }

    /// A quoted string (`close` is `"`) or prose value (`close` is `>`) whose opening character is at
    /// `open`; `start` is where the whole element starts (before a `%s` or `%i`). Both hold printable
    /// ASCII only (`%x20-7E`, without the closing character).
    fn quoted(&mut self, start: usize, open: usize, close: u8, what: &str) -> Scan<()> {
        let mut i = open + 1;
        loop {
            match self.byte(i) {
                Some(b) if b == close => {
                    self.i = i + 1;
                    return Ok(());
                }
                Some(0x20..=0x7E) => i += 1,
                None | Some(b'\n') => {
                    let c = close as char;
                    return Err(self.error(
                        start,
                        format!("unclosed {what}: expected `{c}` before the end of the line"),
                    ));
                }
                Some(_) => {
                    let found = self.describe(i);
                    return Err(self.error(
                        i,
                        format!("{found} cannot appear in a {what}; expected printable ASCII (write other characters as %x values)"),
                    ));
                }
            }
        }
    }

    /// `%s"..."`, `%i"..."` or a `num-val`.
    fn percent(&mut self) -> Scan<()> {
        let start = self.i;
        match self.byte(start + 1).map(|b| b.to_ascii_lowercase()) {
            Some(b's' | b'i') => {
                if self.byte(start + 2) != Some(b'"') {
                    let (marker, found) = (&self.text[start..start + 2], self.describe(start + 2));
                    return Err(self
                        .error(start, format!("expected a quoted string after `{marker}`, found {found}")));
                }
                self.quoted(start, start + 2, b'"', "quoted string")
            }
            Some(b'b') => self.number(start, 2, Digits { name: "binary", set: "0 or 1" }),
            Some(b'd') => self.number(start, 10, Digits { name: "decimal", set: "0-9" }),
            Some(b'x') => self.number(start, 16, Digits { name: "hexadecimal", set: "0-9 or A-F" }),
            _ => {
                let found = self.describe(start + 1);
                Err(self.error(
                    start,
                    format!("expected `b`, `d` or `x` (a value) or `s` or `i` (a string) after `%`, found {found}"),
                ))
            }
        }
    }

    /// `bin-val`, `dec-val`, `hex-val`: one value, a range `A-B` or a concatenation `A.B.C`.
    fn number(&mut self, start: usize, radix: u32, digits: Digits) -> Scan<()> {
        let is_digit = |b: u8| (b as char).is_digit(radix);
        let mut i = start + 2;
        let mut values = Vec::new();
        let mut range = false;
        loop {
            let first = i;
            while self.byte(i).is_some_and(is_digit) {
                i += 1;
            }
            if i == first {
                if self.byte(i).is_some_and(|b| b.is_ascii_alphanumeric()) {
                    return Err(self.bad_digit(start, i, digits));
                }
                let (so_far, found) = (&self.text[start..i], self.describe(i));
                let name = digits.name;
                return Err(
                    self.error(start, format!("expected {name} digits after `{so_far}`, found {found}"))
                );
            }
            let Ok(value) = u32::from_str_radix(&self.text[first..i], radix) else {
                let written = format!("{}{}", &self.text[start..start + 2], &self.text[first..i]);
                return Err(SyntaxError {
                    kind: DiagnosticKind::InvalidValue,
                    pos: self.pos(start),
                    message: format!(
                        "value `{written}` is above %x10FFFF, the largest code point; expected at most %x10FFFF"
                    ),
                });
            };
            values.push(value);
            match self.byte(i) {
                Some(b'-') if values.len() == 1 => {
                    range = true;
                    i += 1;
                }
                Some(b'.') if !range => i += 1,
                Some(b'-' | b'.') => {
                    let (so_far, found) = (&self.text[start..i], self.describe(i));
                    return Err(self.error(
                        i,
                        format!("unexpected {found} after `{so_far}`; expected one value, a range such as `%x41-5A` or a concatenation such as `%x0D.0A`"),
                    ));
                }
                Some(b) if b.is_ascii_alphanumeric() => return Err(self.bad_digit(start, i, digits)),
                _ => break,
            }
        }
        self.i = i;
        let values =
            if range { vec![(values[0], values[1])] } else { values.iter().map(|&v| (v, v)).collect() };
        self.push(TokenKind::Number, start, values);
        Ok(())
    }

    fn bad_digit(&self, start: usize, i: usize, digits: Digits) -> SyntaxError {
        let found = self.describe(i);
        let written = &self.text[start..=i];
        self.error(
            i,
            format!("invalid {} digit {found} in `{written}`; expected {}", digits.name, digits.set),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_break_lines_are_removed() {
        let text = "   a = b\n\nAuthor              Standards Track       [Page 49]\n\u{c}\nRFC 3986     URI Generic Syntax     January 2005\n\n   b = \"x\"\n";
        let chunks = split_rules(text);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[0].text, "a = b\n");
        assert_eq!(chunks[1].text, "b = \"x\"\n");
        assert_eq!(chunks[1].lines, vec![7]);
        assert_eq!(chunks[1].indent, 3);
    }

    #[test]
    fn continuation_lines_and_prose() {
        let text =
            "Some prose, then a rule.\n   a = b\n     / c ; note\n\n     / d\n   Prose again.\n   e = f\n";
        let chunks = split_rules(text);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[0].text, "a = b\n  / c\n  / d\n");
        assert_eq!(chunks[0].source, "a = b\n  / c ; note\n  / d\n");
        assert_eq!(chunks[0].lines, vec![2, 3, 5]);
        assert_eq!(chunks[1].text, "e = f\n");
    }

    #[test]
    fn file_positions_add_the_indent() {
        let chunks = split_rules("\n\n   a = b\n     / c\n");
        assert_eq!(chunks[0].file_pos(2, 2), crate::Pos { line: 4, column: 6 });
    }
}

#[cfg(test)]
mod scan_tests {
    use super::*;

    fn only_chunk(text: &str) -> RuleChunk {
        let mut chunks = split_rules(text);
        assert_eq!(chunks.len(), 1, "{chunks:?}");
        chunks.remove(0)
    }

    #[test]
    fn tokens_carry_file_positions_in_text_order() {
        let chunk = only_chunk("\n   a = 2*3b %X41-5a\n     / <p> ; c\n     / %s\"x\" [ c-d ] %d13.10\n");
        let tokens = scan(&chunk).expect("valid");
        let found: Vec<(TokenKind, &str, u32, u32)> =
            tokens.iter().map(|t| (t.kind, t.text.as_str(), t.pos.line, t.pos.column)).collect();
        assert_eq!(
            found,
            [
                (TokenKind::Repeat, "2*3", 2, 8),
                (TokenKind::Name, "b", 2, 11),
                (TokenKind::Number, "%X41-5a", 2, 13),
                (TokenKind::Prose, "<p>", 3, 8),
                (TokenKind::Name, "c-d", 4, 16),
                (TokenKind::Number, "%d13.10", 4, 22),
            ]
        );
        assert_eq!(tokens[2].values, [(0x41, 0x5A)]);
        assert_eq!(tokens[5].values, [(13, 13), (10, 10)]);
    }

    #[test]
    fn the_first_error_is_reported_with_what_was_expected() {
        let chunk = only_chunk("a = ( b\n  / c ] d\n");
        let error = scan(&chunk).expect_err("mismatched bracket");
        assert_eq!(error.pos, Pos { line: 2, column: 7 });
        assert_eq!(
            error.message,
            "unexpected `]`; expected `/`, another element or `)` to close the group opened at 1:5"
        );
    }

    #[test]
    fn a_deeper_line_that_defines_a_rule_starts_a_new_chunk() {
        let chunks = split_rules("   a = b\n         / c\n         b = \"x\"\n   c = \"y\"\n");
        let names: Vec<&str> = chunks.iter().map(RuleChunk::name).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(chunks[1].indent, 9);
    }
}

#[cfg(test)]
mod comment_tests {
    use super::strip_comment;

    #[test]
    fn comments_end_at_semicolons_outside_strings() {
        assert_eq!(strip_comment("a = \";\" b ; c"), "a = \";\" b ");
        assert_eq!(strip_comment("a = <x;y> ; c"), "a = <x;y> ");
        assert_eq!(strip_comment("   ; only"), "   ");
    }
}
