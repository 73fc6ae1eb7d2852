//! The Rust names a capture file gives the generated parser module, and the checks that they
//! compile: each is an identifier, none is a keyword, and no two items in one namespace share one.
//!
//! The mapping from a declared name to what the module holds (the emitters apply it; the
//! [`capture`](crate::capture::spec) module documents it for users):
//!
//! | declared          | generated                                                       |
//! |-------------------|-----------------------------------------------------------------|
//! | `parser NAME`     | the variant `Parser::NAME`, as written                          |
//! | `capture NAME`    | `Captures::NAME` and `Captures::set_NAME`, with `-` read as `_` |
//! | `kind NAME`       | `Captures::NAME_kind` (`-` read as `_`) and the enum `NameKind` ([`variant_name`] of `NAME`, then `Kind`) |
//! | `RULE=VARIANT`    | the variant `NameKind::VARIANT`, as written                     |

use crate::emit::recognizer::variant_name;
use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::Pos;

/// Every word Rust reserves in some edition: the strict keywords (`self`, `Self`, `super` and
/// `crate` among them) and the reserved ones. A generated module must compile in any edition.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
    "abstract", "become", "box", "do", "final", "gen", "macro", "override", "priv", "try", "typeof",
    "unsized", "virtual", "yield",
];

/// The methods every generated `Captures` has, whatever the declarations.
const CAPTURES_METHODS: &[&str] = &["span", "set_span", "shifted"];

/// The method every generated `Parser` has; a variant of that name would hide it from
/// `Parser::parse(parser, input)`.
const PARSER_METHOD: &str = "parse";

/// Whether `word` is a Rust keyword (strict or reserved, in any edition).
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// A generated item and who declared it.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    /// The Rust identifier.
    ident: String,
    /// Who gives it, for messages: "capture `nid-x`".
    owner: String,
    /// Where its owner is declared; `None` for the items every module has.
    pos: Option<Pos>,
}

/// What a declared name is, for messages and for which characters it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Parser,
    Capture,
    Kind,
    Variant,
}

impl Role {
    fn what(self) -> &'static str {
        match self {
            Role::Parser => "parser name",
            Role::Capture => "capture name",
            Role::Kind => "kind name",
            Role::Variant => "kind variant",
        }
    }

    /// The characters a declared name may hold, in words.
    fn alphabet(self) -> &'static str {
        match self {
            Role::Parser | Role::Variant => "ASCII letters, digits and `_`",
            Role::Capture | Role::Kind => "ASCII letters, digits, `-` and `_`",
        }
    }
}

/// The names of one capture file, checked as they are declared; the problems gather in `diags`.
#[derive(Debug)]
pub(crate) struct Names<'a> {
    file: &'a str,
    /// The problems found so far.
    pub(crate) diags: Vec<Diagnostic>,
    /// `Parser`'s variants.
    parsers: Vec<Item>,
    /// `Captures`'s methods.
    methods: Vec<Item>,
    /// The kinds' enum types.
    kind_types: Vec<Item>,
}

impl<'a> Names<'a> {
    /// No name declared yet in capture file `file`.
    pub(crate) fn new(file: &'a str) -> Self {
        let methods = CAPTURES_METHODS
            .iter()
            .map(|&m| Item { ident: m.to_owned(), owner: String::new(), pos: None })
            .collect();
        Names { file, diags: Vec::new(), parsers: Vec::new(), methods, kind_types: Vec::new() }
    }

    /// `parser NAME ...` at `pos`.
    pub(crate) fn parser(&mut self, name: &str, pos: Pos) {
        let gives = format!("the variant `Parser::{name}`");
        if !self.valid(Role::Parser, name, name, &gives, pos) {
            return;
        }
        if name == PARSER_METHOD {
            let message = format!(
                "parser name `{name}` is the name of the method `Parser::{name}`, which a variant would \
                 hide; expected another name"
            );
            self.diags.push(Diagnostic::error(DiagnosticKind::InvalidName, self.file, pos, message));
            return;
        }
        let item = Item { ident: name.to_owned(), owner: format!("parser `{name}`"), pos: Some(pos) };
        claim(&mut self.parsers, item, Role::Parser, name, &gives, self.file, &mut self.diags);
    }

    /// `capture NAME ...` at `pos`: an accessor and a setter.
    pub(crate) fn capture(&mut self, name: &str, pos: Pos, list: bool) {
        let accessor = name.replace('-', "_");
        let gives = format!("the accessor `Captures::{accessor}`");
        if !self.valid(Role::Capture, name, &accessor, &gives, pos) {
            return;
        }
        let owner = format!("capture `{name}`");
        // A list's span has an accessor of its own, and the setter sets the span.
        let span = format!("{accessor}_span");
        let setter = if list { format!("set_{span}") } else { format!("set_{accessor}") };
        let mut claims = vec![(accessor, gives)];
        if list {
            claims.push((span.clone(), format!("the accessor `Captures::{span}`")));
        }
        claims.push((setter.clone(), format!("the setter `Captures::{setter}`")));
        for (ident, gives) in claims {
            let item = Item { ident, owner: owner.clone(), pos: Some(pos) };
            if !claim(&mut self.methods, item, Role::Capture, name, &gives, self.file, &mut self.diags) {
                return;
            }
        }
    }

    /// `kind NAME ...` at `pos`: an accessor and an enum type. Returns the type's name, or `None`
    /// when the name is refused.
    pub(crate) fn kind(&mut self, name: &str, pos: Pos) -> Option<String> {
        let method = format!("{}_kind", name.replace('-', "_"));
        let gives = format!("the accessor `Captures::{method}`");
        if !self.valid(Role::Kind, name, &method, &gives, pos) {
            return None;
        }
        let owner = format!("kind `{name}`");
        let item = Item { ident: method, owner: owner.clone(), pos: Some(pos) };
        if !claim(&mut self.methods, item, Role::Kind, name, &gives, self.file, &mut self.diags) {
            return None;
        }
        let ty = format!("{}Kind", variant_name(name));
        let gives = format!("the type `{ty}`");
        let item = Item { ident: ty.clone(), owner, pos: Some(pos) };
        claim(&mut self.kind_types, item, Role::Kind, name, &gives, self.file, &mut self.diags).then_some(ty)
    }

    /// Variant `name` (of `RULE=name`, at `pos`) of the kind whose type is `ty` (`None` when the
    /// kind's own name was refused); `variants` holds the kind's variants declared before it.
    pub(crate) fn variant(
        &mut self,
        variants: &mut Vec<Item>,
        ty: Option<&str>,
        rule: &str,
        name: &str,
        pos: Pos,
    ) {
        let ty = ty.unwrap_or("Kind");
        let gives = format!("the variant `{ty}::{name}`");
        if !self.valid(Role::Variant, name, name, &gives, pos) {
            return;
        }
        let item = Item { ident: name.to_owned(), owner: format!("`{rule}={name}`"), pos: Some(pos) };
        claim(variants, item, Role::Variant, name, &gives, self.file, &mut self.diags);
    }

    /// Checks that `ident`, what the `role` name `name` at `pos` gives (as `gives` says), is a
    /// Rust identifier and not a keyword; reports the first problem it finds.
    fn valid(&mut self, role: Role, name: &str, ident: &str, gives: &str, pos: Pos) -> bool {
        let what = role.what();
        let problem = if let Some(c) =
            name.chars().find(|&c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        {
            format!("{what} `{name}` holds `{c}`; expected {}", role.alphabet())
        } else if ident.contains('-') {
            format!("{what} `{name}` holds `-`, which a Rust name cannot; expected {}", role.alphabet())
        } else if ident.starts_with(|c: char| c.is_ascii_digit()) {
            format!("{what} `{name}` gives {gives}, which starts with a digit; expected a name that starts with a letter")
        } else if ident == "_" {
            format!(
                "{what} `{name}` gives {gives}, but `_` alone is not a Rust name; expected a letter in it"
            )
        } else if is_keyword(ident) {
            format!("{what} `{name}` gives {gives}, but `{ident}` is a Rust keyword; expected another name")
        } else {
            return true;
        };
        self.diags.push(Diagnostic::error(DiagnosticKind::InvalidName, self.file, pos, problem));
        false
    }
}

/// Adds `item` to the namespace `space` unless an item there has its identifier already, which
/// is then reported (at `item`'s place). Returns whether it was added.
fn claim(
    space: &mut Vec<Item>,
    item: Item,
    role: Role,
    name: &str,
    gives: &str,
    file: &str,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(first) = space.iter().find(|other| other.ident == item.ident) else {
        space.push(item);
        return true;
    };
    let what = role.what();
    let message = match first.pos {
        Some(at) => format!(
            "{what} `{name}` gives {gives}, as {} does at {at}; expected a name of its own",
            first.owner
        ),
        None => format!(
            "{what} `{name}` gives {gives}, a method every `Captures` already has; expected another name"
        ),
    };
    let pos = item.pos.unwrap_or_default();
    diags.push(Diagnostic::error(DiagnosticKind::DuplicateName, file, pos, message));
    false
}
