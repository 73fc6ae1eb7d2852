//! Reading grammar text as RFCs print it: page breaks removed, prose skipped, rules cut into chunks.
//!
//! RFC text indents rules, breaks pages in the middle of a grammar (a footer ending in `[Page N]`, a
//! form feed, a running header starting with `RFC NNNN`) and mixes prose with rules. The `abnf` crate
//! wants rules at column 0 and reports errors without positions, so this pass cuts the text into one
//! chunk per rule, dedented, and keeps for every chunk line the line of the file it came from. The
//! parser then reads each chunk alone and maps positions back through that table.

/// A grammar file: its name (as shown in diagnostics) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name used in diagnostics, usually the path as given.
    pub name: String,
    /// The full text.
    pub text: String,
    /// Library files (such as the RFC 5234 core rules) are not warned about for unused rules.
    pub library: bool,
}

impl SourceFile {
    /// A grammar file whose unused rules are reported.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile { name: name.into(), text: text.into(), library: false }
    }

    /// A library file: rules are pulled in when referred to, and unused ones are not reported.
    pub fn library(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile { library: true, ..SourceFile::new(name, text) }
    }
}

/// The text of one rule, dedented so that the rule name is at column 0.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// Maps a 1-based chunk line and 0-based chunk column to a file position.
    pub fn file_pos(&self, line: usize, column: usize) -> crate::Pos {
        let line_index = line.saturating_sub(1).min(self.lines.len().saturating_sub(1));
        crate::Pos { line: self.lines[line_index], column: column as u32 + self.indent + 1 }
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
fn starts_rule(line: &str) -> bool {
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
/// deeper than the rule's first line) are prose and are skipped.
pub fn split_rules(text: &str) -> Vec<RuleChunk> {
    let lines = clean_lines(text);
    let mut chunks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !starts_rule(&lines[i]) {
            i += 1;
            continue;
        }
        let indent = indent_of(&lines[i]);
        let mut taken = vec![i];
        let mut j = i + 1;
        while j < lines.len() {
            let line = &lines[j];
            if line.trim().is_empty() {
                j += 1;
                continue;
            }
            if indent_of(line) > indent {
                taken.push(j);
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
    chunks
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
mod comment_tests {
    use super::strip_comment;

    #[test]
    fn comments_end_at_semicolons_outside_strings() {
        assert_eq!(strip_comment("a = \";\" b ; c"), "a = \";\" b ");
        assert_eq!(strip_comment("a = <x;y> ; c"), "a = <x;y> ");
        assert_eq!(strip_comment("   ; only"), "   ");
    }
}
