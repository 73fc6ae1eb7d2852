//! What a capture declaration names and how it reads: its items (a rule, a rule inside given
//! parents, a quoted literal) and its options (`occurs=`, `prefer=`), parsed from the words of a
//! `capture` line. [`crate::capture`] documents the format for users.

use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::ir::{Expr, Grammar, RuleId};
use crate::Pos;

/// What one word of a `capture` line names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The rules that must be inlined around the occurrence, outermost first (`authority/host`
    /// gives `[authority]`); each may stand anywhere among the enclosing rules, in this order.
    pub context: Vec<RuleId>,
    /// The rule or literal itself.
    pub target: Target,
    /// The word as written, for messages and docs.
    pub text: String,
}

/// A rule or a literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An occurrence of the rule.
    Rule(RuleId),
    /// An occurrence of a quoted string of the grammar that spells exactly this text, written as a
    /// case-insensitive string (`"localhost"`) or a case-sensitive one (`%s"localhost"`).
    Literal(Vec<Expr>),
}

impl Item {
    /// Whether the occurrence of the item's target inside `outer` (the enclosing rules, outermost
    /// first) is in the item's context.
    pub fn in_context(&self, outer: &[RuleId]) -> bool {
        let mut rest = outer.iter();
        self.context.iter().all(|c| rest.any(|o| o == c))
    }

    /// The rule the item names, if it names one.
    pub fn rule(&self) -> Option<RuleId> {
        match self.target {
            Target::Rule(r) => Some(r),
            Target::Literal(_) => None,
        }
    }
}

/// Which occurrence a capture records when its items occur more than once in one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Occurs {
    /// Not declared: an item that can occur twice in one match is an error.
    #[default]
    Once,
    /// `occurs=first`: the first occurrence.
    First,
    /// `occurs=last`: the last occurrence.
    Last,
    /// `occurs=all`: every occurrence, in match order (a list capture). The parser records the
    /// span from the first occurrence's start to the last one's end, and the occurrences are
    /// found again in that span when they are asked for.
    All,
    /// `occurs=span`: from the start of the first occurrence to the end of the last one (a
    /// list of adjacent items, such as the parameters of a `tel` URI, as one span).
    Span,
}

impl Occurs {
    /// Whether the start tag and the end tag record only their first passage: both for
    /// `occurs=first`; the start alone for `occurs=all` and `occurs=span`, which record the span
    /// of all occurrences.
    pub(crate) fn records_once(self) -> (bool, bool) {
        match self {
            Occurs::First => (true, true),
            Occurs::All | Occurs::Span => (true, false),
            Occurs::Once | Occurs::Last => (false, false),
        }
    }
}

/// Which reading wins where one input can be read with different capture values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Prefer {
    /// Not declared: such an input is an error.
    #[default]
    Unambiguous,
    /// `prefer=earliest`: the reading through the earlier alternative in the grammar's source
    /// order, a repetition taking one more turn before stopping.
    Earliest,
    /// `prefer=shortest`: the reading that gives the capture its shortest span, among readings
    /// whose spans start at the same place.
    Shortest,
    /// `prefer=longest`: the reading that gives the capture its longest span, among readings
    /// whose spans start at the same place.
    Longest,
}

/// The options of a capture line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The occurrence policy.
    pub occurs: Occurs,
    /// The ambiguity policy.
    pub prefer: Prefer,
}

/// Reads `word` (at `pos`) as an option, if it has the form `KEY=VALUE`; a malformed or repeated
/// option is an error.
pub(crate) fn option(
    word: &str,
    pos: Pos,
    file: &str,
    options: &mut Options,
    seen: &mut Vec<&'static str>,
) -> Option<Diagnostic> {
    let (key, value) = word.split_once('=')?;
    let error = |message: String| Some(Diagnostic::error(DiagnosticKind::Syntax, file, pos, message));
    let key: &'static str = match key {
        "occurs" => "occurs",
        "prefer" => "prefer",
        _ => {
            return error(format!(
                "unknown option `{key}`; expected `occurs=first`, `occurs=last`, `occurs=all`, \
                 `occurs=span` or `prefer=earliest`, `prefer=shortest`, `prefer=longest`"
            ))
        }
    };
    if seen.contains(&key) {
        return error(format!("option `{key}` is given twice; expected it at most once per capture"));
    }
    seen.push(key);
    match (key, value) {
        ("occurs", "first") => options.occurs = Occurs::First,
        ("occurs", "last") => options.occurs = Occurs::Last,
        ("occurs", "all") => options.occurs = Occurs::All,
        ("occurs", "span") => options.occurs = Occurs::Span,
        ("prefer", "earliest") => options.prefer = Prefer::Earliest,
        ("prefer", "shortest") => options.prefer = Prefer::Shortest,
        ("prefer", "longest") => options.prefer = Prefer::Longest,
        ("occurs", _) => {
            return error(format!(
                "expected `occurs=first`, `occurs=last`, `occurs=all` or `occurs=span`, found `{word}`"
            ))
        }
        _ => {
            return error(format!(
                "expected `prefer=earliest`, `prefer=shortest` or `prefer=longest`, found `{word}`"
            ))
        }
    }
    None
}

/// Reads `word` as an item: `RULE`, `PARENT/.../RULE`, `"text"` or `%s"text"`, optionally after
/// parents. Unknown rules and malformed literals are errors at their column.
pub(crate) fn item(
    word: &str,
    pos: impl Fn(usize) -> Pos,
    file: &str,
    grammar: &Grammar,
) -> Result<Item, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut context = Vec::new();
    let mut column = 0;
    // Parents are rule names, which hold no `/` or `"`; what follows the last `/` before any
    // quote is the target.
    let quote = word.find('"').unwrap_or(word.len());
    let split = word[..quote].rfind('/').map_or(0, |i| i + 1);
    for parent in word[..split].split_terminator('/') {
        match lookup(grammar, parent, pos(column), file) {
            Ok(id) => context.push(id),
            Err(e) => errors.push(e),
        }
        column += parent.chars().count() + 1;
    }
    let last = &word[split..];
    let target = if let Some(text) = literal_text(last) {
        let (text, sensitive) = text;
        if text.is_empty() || !text.bytes().all(|b| (0x20..0x7F).contains(&b) && b != b'"') {
            errors.push(Diagnostic::error(
                DiagnosticKind::Syntax,
                file,
                pos(column),
                format!("expected a quoted string of printable ASCII other than `\"`, found `{last}`"),
            ));
            None
        } else {
            let mut forms = vec![crate::syntax::lower::string(text, sensitive)];
            if !sensitive {
                // A grammar may spell the same literal case-sensitively where case does not matter.
                forms.push(crate::syntax::lower::string(text, true));
                forms.dedup();
            }
            Some(Target::Literal(forms))
        }
    } else if last.contains('"') || last.starts_with('%') {
        errors.push(Diagnostic::error(
            DiagnosticKind::Syntax,
            file,
            pos(column),
            format!("expected `\"text\"` or `%s\"text\"`, found `{last}`"),
        ));
        None
    } else {
        match lookup(grammar, last, pos(column), file) {
            Ok(id) => Some(Target::Rule(id)),
            Err(e) => {
                errors.push(e);
                None
            }
        }
    };
    match target {
        Some(target) if errors.is_empty() => Ok(Item { context, target, text: word.to_owned() }),
        _ => Err(errors),
    }
}

/// The text between the quotes of `"text"` or `%s"text"`, and whether it is case-sensitive.
fn literal_text(word: &str) -> Option<(&str, bool)> {
    let (rest, sensitive) = match word.strip_prefix("%s") {
        Some(rest) => (rest, true),
        None => (word.strip_prefix("%i").unwrap_or(word), false),
    };
    let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
    Some((inner, sensitive))
}

fn lookup(grammar: &Grammar, name: &str, pos: Pos, file: &str) -> Result<RuleId, Diagnostic> {
    grammar.lookup(name).ok_or_else(|| {
        Diagnostic::error(
            DiagnosticKind::UnknownRule,
            file,
            pos,
            format!("no rule named `{name}` in the grammar"),
        )
    })
}
