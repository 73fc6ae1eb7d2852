//! RFC text as printed: what RFCs print that is not quite RFC 5234 ABNF but whose meaning is
//! clear, read with a warning, and text that is not ABNF at all, refused with an error that says so.
//!
//! Accepted with a warning ([`DiagnosticKind::Printed`]), each at its position:
//!
//! - a repetition printed against the group before it, `(HEXDIG / "*" / "#")*phonedigit-hex`
//!   (RFC 3966 section 3): RFC 5234 separates the elements of a concatenation by whitespace, and no
//!   other reading is valid, so it is read as if the space were there;
//! - a paragraph of prose after a rule and indented deeper than it (RFC 3261 section 25 after its
//!   column-0 `port`): after a blank line, a line that reads as a sentence ends the rule;
//! - a comment continued on the next line without its `;` (RFC 3261's `digest-uri-value`): when a
//!   rule does not parse at a line that follows a comment and starts with a word, that line is read
//!   as more of the comment.
//!
//! Refused: definitions written `name := ...` (the BNF of RFC 822 and RFC 2397, not ABNF) are
//! errors ([`DiagnosticKind::NotAbnf`]), and a grammar file that defines no rule at all is an error
//! ([`DiagnosticKind::NoRules`]) rather than an empty grammar.

use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::source::{
    clean_lines, scan_printed, split_rules_noting, starts_rule, strip_comment, RuleChunk, Scanned,
    SyntaxError,
};
use crate::{Pos, SourceFile};

/// Whether a line reads as a sentence of prose rather than as ABNF: a capitalized word, then at
/// least three lower-case words of letters (trailing punctuation allowed), and no `=`.
pub fn reads_as_sentence(line: &str) -> bool {
    if line.contains('=') {
        return false;
    }
    let mut words = line.split_whitespace().map(|w| w.trim_end_matches([',', '.', ';', ':']));
    let Some(first) = words.next() else { return false };
    let mut first_chars = first.chars();
    let capitalized = first_chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && first_chars.all(|c| c.is_ascii_lowercase());
    let lower = words.filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase())).count();
    capitalized && lower >= 3
}

/// The rule chunks of `file`, with the warnings about prose that ends a rule and the errors for
/// text that is not ABNF (`:=` definitions, a grammar file without rules).
pub(crate) fn read(file: &SourceFile) -> (Vec<RuleChunk>, Vec<Diagnostic>) {
    let (chunks, prose) = split_rules_noting(&file.text);
    let mut diags = Vec::new();
    for p in prose {
        diags.push(
            Diagnostic::warning(
                DiagnosticKind::Printed,
                &file.name,
                p.pos,
                format!(
                    "this paragraph reads as prose, though it is indented under rule `{}`: read as text, not as part of the rule",
                    p.rule
                ),
            )
            .in_rule(&p.rule)
            .with_note("the lines of a rule continue it only until a blank line followed by a sentence"),
        );
    }
    let bnf = bnf_definitions(&file.text);
    for (pos, name) in &bnf {
        diags.push(
            Diagnostic::error(
                DiagnosticKind::NotAbnf,
                &file.name,
                *pos,
                format!("`{name} :=` is not ABNF: RFC 5234 defines a rule with `=` (and extends one with `=/`); expected an ABNF transcription of this grammar in a file of your own"),
            )
            .in_rule(name),
        );
    }
    if chunks.is_empty() && bnf.is_empty() {
        diags.push(Diagnostic::error(
            DiagnosticKind::NoRules,
            &file.name,
            Pos { line: 1, column: 1 },
            "this file defines no rule; expected lines of the form `name = elements` (an empty grammar is never what a file given to compile means)",
        ));
    }
    (chunks, diags)
}

/// The definitions written `name := ...`, each with its position.
fn bnf_definitions(text: &str) -> Vec<(Pos, String)> {
    let mut out = Vec::new();
    for (n, line) in clean_lines(text).iter().enumerate() {
        let rest = line.trim_start_matches([' ', '\t']);
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(rest.len());
        if end == 0 || !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        if rest[end..].trim_start_matches([' ', '\t']).starts_with(":=") {
            let column = (line.len() - rest.len()) as u32 + 1;
            out.push((Pos { line: n as u32 + 1, column }, rest[..end].to_owned()));
        }
    }
    out
}

/// Whether the definition at `second` follows the one at `first` with only rules, blank lines and
/// comments between them: every line between is blank, a comment, a rule, or indented deeper than
/// the first definition (a continuation).
pub(crate) fn follows(text: &str, first: Pos, second: Pos) -> bool {
    let lines = clean_lines(text);
    let depth = first.column as usize - 1;
    let between = lines.iter().take(second.line as usize - 1).skip(first.line as usize);
    between.into_iter().all(|line| {
        let trimmed = line.trim_start_matches([' ', '\t']);
        trimmed.is_empty()
            || trimmed.starts_with(';')
            || starts_rule(line)
            || line.len() - trimmed.len() > depth
    })
}

/// How many comment continuations one rule may have read before its error is reported.
const CONTINUATIONS: usize = 4;

/// Scans a chunk as [`scan_printed`] does and, where it fails at a line that continues a comment
/// without `;`, again without that line. Returns the chunk read (lines may be left out), what the
/// scan found and the warnings, or the first syntax error of the chunk as printed.
pub(crate) fn scan(
    file: &SourceFile,
    chunk: RuleChunk,
    lists: bool,
) -> Result<(RuleChunk, Scanned, Vec<Diagnostic>), SyntaxError> {
    let mut warnings = Vec::new();
    let mut current = chunk;
    let first_error = match scan_printed(&current, lists) {
        Ok(scanned) => return Ok(with_glued(file, current, scanned, warnings)),
        Err(e) => e,
    };
    let lines = clean_lines(&file.text);
    let mut error = first_error.clone();
    for _ in 0..CONTINUATIONS {
        let Some((shorter, warning)) = drop_continued_comment(file, &lines, &current, &error) else {
            return Err(first_error);
        };
        warnings.push(warning);
        current = shorter;
        match scan_printed(&current, lists) {
            Ok(scanned) => return Ok(with_glued(file, current, scanned, warnings)),
            Err(e) => error = e,
        }
    }
    Err(first_error)
}

/// Adds a warning for each repetition glued to the group before it.
fn with_glued(
    file: &SourceFile,
    chunk: RuleChunk,
    scanned: Scanned,
    mut warnings: Vec<Diagnostic>,
) -> (RuleChunk, Scanned, Vec<Diagnostic>) {
    for &offset in &scanned.glued {
        let Some(token) = scanned.tokens.iter().find(|t| t.offset == offset) else { continue };
        let before = chunk.text[..offset].chars().last().unwrap_or(')');
        let rest = &chunk.text[offset..];
        let written = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
        warnings.push(
            Diagnostic::warning(
                DiagnosticKind::Printed,
                &file.name,
                token.pos,
                format!(
                    "repetition `{written}` printed against the `{before}` before it: read as the next element of the concatenation; RFC 5234 expects whitespace between elements"
                ),
            )
            .in_rule(chunk.name()),
        );
    }
    (chunk, scanned, warnings)
}

/// When `error` is on a chunk line that follows a line with a comment, has no `;` of its own and
/// starts with a word, the chunk without that line and a warning saying it was read as comment.
fn drop_continued_comment(
    file: &SourceFile,
    lines: &[String],
    chunk: &RuleChunk,
    error: &SyntaxError,
) -> Option<(RuleChunk, Diagnostic)> {
    let k = chunk.lines.iter().position(|&l| l == error.pos.line).filter(|&k| k > 0)?;
    let previous = chunk.lines[k - 1];
    let prev_line = lines.get(previous as usize - 1)?;
    let line = lines.get(error.pos.line as usize - 1)?;
    let has_comment = strip_comment(prev_line).len() < prev_line.len();
    let words = line.trim_start().starts_with(|c: char| c.is_ascii_alphabetic());
    if !has_comment || strip_comment(line).len() < line.len() || !words {
        return None;
    }
    let mut shorter = chunk.clone();
    let text_lines: Vec<&str> = chunk.text.lines().collect();
    shorter.text =
        text_lines.iter().enumerate().filter(|&(n, _)| n != k).map(|(_, l)| format!("{l}\n")).collect();
    shorter.lines.remove(k);
    let column = (line.len() - line.trim_start().len()) as u32 + 1;
    let warning = Diagnostic::warning(
        DiagnosticKind::Printed,
        &file.name,
        Pos { line: error.pos.line, column },
        format!(
            "this line continues the comment of line {previous} without `;`: read as comment text, not as part of rule `{}`",
            chunk.name()
        ),
    )
    .in_rule(chunk.name())
    .with_note(format!("as ABNF it does not parse: {}", error.message));
    Some((shorter, warning))
}

/// `text` with a space inserted at each glued offset, for the `abnf` crate (offsets ascending).
pub(crate) fn spaced(text: &str, glued: &[usize]) -> String {
    let mut out = String::with_capacity(text.len() + glued.len());
    let mut from = 0;
    for &at in glued {
        out.push_str(&text[from..at]);
        out.push(' ');
        from = at;
    }
    out.push_str(&text[from..]);
    out
}

/// For a name no file defines: where the prose of `file` says it comes from another document, a
/// note naming that place and suggesting a supplement file that defines it (RFC 8141 says
/// `alphanum` is defined by RFC 3986, which has no such rule).
pub(crate) fn cited_note(file: &SourceFile, name: &str) -> Option<String> {
    let lines = clean_lines(&file.text);
    let paragraph_of = |n: usize| {
        let start = (0..=n).rev().find(|&k| lines[k].trim().is_empty()).map_or(0, |k| k + 1);
        let end = (n..lines.len()).find(|&k| lines[k].trim().is_empty()).unwrap_or(lines.len());
        (start, end)
    };
    for (n, line) in lines.iter().enumerate() {
        if line.contains('=') || !mentions(line, name) {
            continue;
        }
        let (start, end) = paragraph_of(n);
        let column = line.find(name).map_or(0, |c| c);
        let after = lines[n][column..].to_owned() + " " + &lines[n + 1..end].join(" ");
        let before = lines[start..n].join(" ");
        let Some(source) = cited_source(&after).or_else(|| cited_source(&before)) else { continue };
        let column = column + 1;
        return Some(format!(
            "the text at {}:{}:{column} says `{name}` comes from {source}; if that document does not define it, a supplement file of your own given beside this one can, citing the text it follows (`{name} = ...`)",
            file.name,
            n + 1
        ));
    }
    None
}

/// Whether `line` holds `name` as a whole word.
fn mentions(line: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-';
    line.match_indices(name).any(|(i, _)| {
        let before = line[..i].chars().last().is_none_or(|c| !word(c));
        let after = line[i + name.len()..].chars().next().is_none_or(|c| !word(c));
        before && after
    })
}

/// The first document a text cites: `RFC NNNN` as written, or a `[TAG]` that is not a reference
/// number (`[9]` follows the `RFC 2806` it numbers).
fn cited_source(text: &str) -> Option<String> {
    for (i, c) in text.char_indices() {
        if text[i..].starts_with("RFC ") {
            let digits: String = text[i + 4..].chars().take_while(char::is_ascii_digit).collect();
            if !digits.is_empty() {
                return Some(format!("RFC {digits}"));
            }
        }
        if c == '[' {
            let Some(close) = text[i..].find(']') else { continue };
            let tag = &text[i + 1..i + close];
            let word = !tag.is_empty() && tag.bytes().all(|b| b.is_ascii_alphanumeric());
            if word && !tag.bytes().all(|b| b.is_ascii_digit()) {
                return Some(format!("[{tag}]"));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_and_abnf_lines() {
        assert!(reads_as_sentence(
            "   The BNF for telephone-subscriber can be found in RFC 2806 [9].  Note,"
        ));
        assert!(!reads_as_sentence("                    / alphanum *( alphanum / \"-\" ) alphanum"));
        assert!(!reads_as_sentence("      Method SP Request-URI SP SIP-Version CRLF"));
        assert!(!reads_as_sentence("   Note = the rule"));
    }

    #[test]
    fn bnf_definitions_are_found_with_positions() {
        let found = bnf_definitions("3. Syntax\n\n       dataurl    := \"data:\" data\n");
        assert_eq!(found, [(Pos { line: 3, column: 8 }, "dataurl".to_owned())]);
    }

    #[test]
    fn spaces_go_before_each_glued_offset() {
        assert_eq!(spaced("a = (b)*c (d)2e\n", &[7, 13]), "a = (b) *c (d) 2e\n");
    }

    #[test]
    fn citations_name_their_tag() {
        let file = SourceFile::new(
            "urn.abnf",
            "   Rules not defined here\n   (specifically: alphanum, fragment) are part of [RFC3986].\n\n   a = alphanum\n",
        );
        let note = cited_note(&file, "alphanum").expect("cited");
        assert!(note.starts_with("the text at urn.abnf:2:19 says `alphanum` comes from [RFC3986]"), "{note}");
        assert_eq!(cited_source("x can be found in RFC 2806 [9]."), Some("RFC 2806".to_owned()));
        assert_eq!(cited_note(&file, "fragmen"), None);
    }
}
