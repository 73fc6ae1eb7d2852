//! Diagnostics: what went wrong in a grammar, where (file, line, column) and how bad it is.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The grammar cannot be compiled.
    Error,
    /// The grammar compiles, but something is probably not what the author meant.
    Warning,
}

/// What kind of problem a diagnostic reports; stable names for tests and tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiagnosticKind {
    /// The text of a rule is not valid ABNF, or a line of a capture file is not a declaration.
    Syntax,
    /// A rule refers to a name that no grammar file defines.
    UndefinedRule,
    /// A rule is defined twice with `=`.
    DuplicateRule,
    /// A rule extended with `=/` was never defined with `=`.
    IncrementalWithoutBase,
    /// A rule is never referred to (warning).
    UnusedRule,
    /// A `<prose-val>` that is not under a zero repetition: it has no formal meaning.
    ProseValue,
    /// A set of rules refers to itself; the members of the cycle are listed.
    Recursion,
    /// A numeric range `%xA-B` with `A > B`, or a repetition `n*m` with `n > m`.
    InvalidRange,
    /// A value that cannot be a terminal (above `%x10FFFF`, a surrogate, or above `%xFF` for octet grammars).
    InvalidValue,
    /// A rule compiles to more automaton states than the configured limit, or nests deeper (with
    /// the rules it refers to inlined) than the compiler recurses.
    TooLarge,
    /// A name given on the command line or in a capture file is not a rule of the grammar.
    UnknownRule,
    /// One input can give captures different values (warning).
    Ambiguity,
    /// An override declaration that cannot hold: a name its file does not define, a name
    /// overridden twice, a grammar file's `=/` to a library rule without an override.
    Override,
    /// A rule matches no string at all: every way through it recurses without end (warning).
    EmptyLanguage,
    /// A name in a capture file that cannot name a Rust item: not an identifier, or a keyword,
    /// once mapped as the capture file format says.
    InvalidName,
    /// Two names in a capture file that give one Rust item (after the mapping), or a rule listed
    /// twice in one kind.
    DuplicateName,
    /// Text as an RFC prints it that is not quite ABNF but whose meaning is clear (warning; see
    /// [`crate::syntax::printed`]).
    Printed,
    /// Text in a notation other than ABNF, such as `name := ...`.
    NotAbnf,
    /// A grammar file that defines no rule.
    NoRules,
    /// A grammar or capture file that cannot be read, or a bundled grammar name that the package
    /// does not have.
    Input,
    /// Code that cannot be emitted as asked: an emit option that is not valid (a runtime path
    /// that is not a module path), or tables beyond what the walks can index.
    Emit,
}

impl DiagnosticKind {
    /// A short kebab-case code, shown as `error[code]`.
    pub fn code(self) -> &'static str {
        match self {
            DiagnosticKind::Syntax => "syntax",
            DiagnosticKind::UndefinedRule => "undefined-rule",
            DiagnosticKind::DuplicateRule => "duplicate-rule",
            DiagnosticKind::IncrementalWithoutBase => "incremental-without-base",
            DiagnosticKind::UnusedRule => "unused-rule",
            DiagnosticKind::ProseValue => "prose-value",
            DiagnosticKind::Recursion => "recursion",
            DiagnosticKind::InvalidRange => "invalid-range",
            DiagnosticKind::InvalidValue => "invalid-value",
            DiagnosticKind::TooLarge => "too-large",
            DiagnosticKind::UnknownRule => "unknown-rule",
            DiagnosticKind::Ambiguity => "ambiguity",
            DiagnosticKind::Override => "override",
            DiagnosticKind::EmptyLanguage => "empty-language",
            DiagnosticKind::InvalidName => "invalid-name",
            DiagnosticKind::DuplicateName => "duplicate-name",
            DiagnosticKind::Printed => "printed",
            DiagnosticKind::NotAbnf => "not-abnf",
            DiagnosticKind::NoRules => "no-rules",
            DiagnosticKind::Input => "input",
            DiagnosticKind::Emit => "emit",
        }
    }
}

/// A position in a grammar file: 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column number.
    pub column: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One problem found in a grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem.
    pub kind: DiagnosticKind,
    /// The grammar file, as it was named when loaded.
    pub file: String,
    /// Where in that file.
    pub pos: Pos,
    /// The rule the problem is in (or about), in its defining spelling.
    pub rule: Option<String>,
    /// The message: lower-case, no final period.
    pub message: String,
    /// Further lines, such as the position of an earlier definition.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(kind: DiagnosticKind, file: &str, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            kind,
            file: file.to_owned(),
            pos,
            rule: None,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// A warning diagnostic.
    pub fn warning(kind: DiagnosticKind, file: &str, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(kind, file, pos, message) }
    }

    /// Names the rule the diagnostic is about.
    pub fn in_rule(mut self, rule: &str) -> Self {
        self.rule = Some(rule.to_owned());
        self
    }

    /// Adds a note line.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Whether this diagnostic stops compilation.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the diagnostic like rustc does: a header, the location, the source line and a caret.
    pub fn render(&self, source: Option<&str>) -> String {
        let mut out = format!("{self}\n");
        let line = source.and_then(|text| text.lines().nth(self.pos.line.saturating_sub(1) as usize));
        if let Some(line) = line {
            let gutter = self.pos.line.to_string().len();
            let shown: String = line.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
            out.push_str(&format!("{:gutter$} |\n", ""));
            out.push_str(&format!("{} | {}\n", self.pos.line, shown.trim_end()));
            let pad = self.pos.column.saturating_sub(1) as usize;
            out.push_str(&format!("{:gutter$} | {:pad$}^\n", "", ""));
        }
        for note in &self.notes {
            out.push_str(&format!("  = note: {note}\n"));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{level}[{}]: {}:{}: {}", self.kind.code(), self.file, self.pos, self.message)?;
        if let Some(rule) = &self.rule {
            write!(f, " (in rule `{rule}`)")?;
        }
        Ok(())
    }
}

/// The error returned when a grammar has error diagnostics: all of them, warnings included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// The error diagnostics only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors = self.errors().count();
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        write!(f, "{errors} error(s), {} warning(s)", self.0.len() - errors)
    }
}

impl std::error::Error for Diagnostics {}
