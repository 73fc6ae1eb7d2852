//! How names bind between grammar files: which definition a reference, a `=/` or a prose value
//! of a given file means.
//!
//! - A reference in a grammar file (not a library) means the grammar files' definition of the
//!   name; failing that, the one library definition of it.
//! - A reference in a library means that library's own definition; failing that, the one other
//!   library's; failing that (a name the libraries leave to the user), the grammar files'. A
//!   grammar file's definition never replaces a library rule inside the library, however the
//!   name is spelled.
//! - A declared override (every rule of an override file, or the names a grammar file lists in
//!   a `; uri-gen: override NAME...` comment) replaces the definitions of its name in every file.
//! - A placeholder (a rule defined by one prose value that names a rule) means the rule it names:
//!   the document of its tag (see [`crate::syntax::prose`]) must be loaded and define the name. When the
//!   names agree (`port = <port, see [URI], Section 3.2.3>`) the placeholder is that rule;
//!   otherwise (`uri-host = <host, ...>`) it is a rule of its own that refers to it. A placeholder
//!   gives way to a real definition in its own scope (grammar files, or, when its document is not
//!   loaded, a grammar file's definition of a library's placeholder).

use std::collections::BTreeMap;

use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::prose::{self, ProseRef};
use crate::{Pos, SourceFile};

/// One definition (`=`) or extension (`=/`) as the binder sees it.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// The index of its file.
    pub file: usize,
    /// The name as spelled.
    pub name: String,
    /// Whether it is `=` (not `=/`).
    pub basic: bool,
    /// For a definition that is one prose value: its text.
    pub prose: Option<String>,
    /// Where it starts.
    pub pos: Pos,
}

/// What a name means from some file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Bound {
    /// This definition (an index into the entries).
    Def(usize),
    /// No file in scope defines it.
    Undefined,
    /// Several libraries define it and none is closer: their definitions.
    Ambiguous(Vec<usize>),
}

/// Why a prose value means no rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ProseError {
    /// The text names no rule.
    NamesNoRule,
    /// The tag names no document this generator knows.
    UnknownTag(ProseRef),
    /// No loaded file is the document.
    NotLoaded(ProseRef),
    /// The document is loaded but does not define the name.
    NotInDocument(ProseRef, Vec<usize>),
    /// A prose value without a tag names a rule that no file in scope defines (or several do).
    Unbound(ProseRef, Bound),
}

/// The binding rules over one set of files.
pub(crate) struct Binder<'a> {
    pub files: &'a [SourceFile],
    pub entries: &'a [Entry],
    /// Per file, the `=` definitions of each lower-case name, in order.
    defs: Vec<BTreeMap<String, Vec<usize>>>,
    /// Declared overrides: lower-case name to the overriding definition.
    pub overrides: BTreeMap<String, usize>,
    /// Per file, the RFC it holds (from its name) or the tags `--tag` gives it.
    rfc: Vec<Option<u32>>,
    tags: Vec<(String, usize)>,
}

/// How deep placeholders may refer to placeholders before the chain is taken as a loop.
const CHAIN_LIMIT: usize = 16;

impl<'a> Binder<'a> {
    /// Indexes the definitions, reads the override declarations and the tags (`TAG`, file name)
    /// given by option. Problems with declarations are pushed to `diags`.
    pub fn new(
        files: &'a [SourceFile],
        entries: &'a [Entry],
        tags: &[(String, String)],
        diags: &mut Vec<Diagnostic>,
    ) -> Self {
        let mut defs = vec![BTreeMap::<String, Vec<usize>>::new(); files.len()];
        for (i, e) in entries.iter().enumerate().filter(|(_, e)| e.basic) {
            defs[e.file].entry(e.name.to_ascii_lowercase()).or_default().push(i);
        }
        let rfc = files.iter().map(|f| prose::file_rfc(&f.name)).collect();
        let mut user_tags = Vec::new();
        for (tag, file) in tags {
            match files.iter().position(|f| &f.name == file) {
                Some(f) => user_tags.push((tag.trim_matches(['[', ']']).to_owned(), f)),
                None => diags.push(Diagnostic::error(
                    DiagnosticKind::UnknownRule,
                    file,
                    Pos::default(),
                    format!("--tag {tag}={file}: no grammar file named `{file}` is loaded; expected one of the files given"),
                )),
            }
        }
        let mut binder = Binder { files, entries, defs, overrides: BTreeMap::new(), rfc, tags: user_tags };
        binder.declare_overrides(diags);
        binder
    }

    /// The overrides of override files and of `; uri-gen: override` comments.
    fn declare_overrides(&mut self, diags: &mut Vec<Diagnostic>) {
        for (f, file) in self.files.iter().enumerate() {
            let mut declared: Vec<(String, Pos)> = Vec::new();
            if file.overrides {
                for defs in self.defs[f].values() {
                    declared.push((self.entries[defs[0]].name.clone(), self.entries[defs[0]].pos));
                }
            }
            for (pos, names) in markers(&file.text) {
                let Some(names) = names else {
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Override,
                        &file.name,
                        pos,
                        "unknown `uri-gen:` directive; expected `; uri-gen: override NAME...`",
                    ));
                    continue;
                };
                if names.is_empty() {
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Override,
                        &file.name,
                        pos,
                        "`; uri-gen: override` names no rule; expected the names of the rules this file overrides",
                    ));
                    continue;
                }
                if file.library {
                    diags.push(Diagnostic::warning(
                        DiagnosticKind::Override,
                        &file.name,
                        pos,
                        "an override declared in a library is ignored; expected it in a grammar file or `--override FILE`",
                    ));
                    continue;
                }
                for name in names {
                    if !self.defs[f].contains_key(&name.to_ascii_lowercase()) {
                        diags.push(Diagnostic::error(
                            DiagnosticKind::Override,
                            &file.name,
                            pos,
                            format!("override of `{name}` declared, but this file does not define `{name}`; expected a definition `{name} = ...` in it"),
                        ));
                        continue;
                    }
                    declared.push((name, pos));
                }
            }
            for (name, pos) in declared {
                let key = name.to_ascii_lowercase();
                let def = self.defs[f][&key][0];
                match self.overrides.get(&key) {
                    Some(&other) if self.entries[other].file != f => {
                        let o = &self.entries[other];
                        diags.push(
                            Diagnostic::error(
                                DiagnosticKind::Override,
                                &file.name,
                                pos,
                                format!("`{name}` is overridden twice; expected one override of a name"),
                            )
                            .in_rule(&name)
                            .with_note(format!("also overridden at {}:{}", self.files[o.file].name, o.pos)),
                        );
                    }
                    Some(_) => {}
                    None => {
                        if !file.overrides && !self.defined_elsewhere(&key, f) {
                            diags.push(
                                Diagnostic::warning(
                                    DiagnosticKind::Override,
                                    &file.name,
                                    pos,
                                    format!("override of `{name}` declared, but no other file defines `{name}`: it replaces nothing"),
                                )
                                .in_rule(&name),
                            );
                        }
                        self.overrides.insert(key, def);
                    }
                }
            }
        }
    }

    fn defined_elsewhere(&self, key: &str, f: usize) -> bool {
        self.defs.iter().enumerate().any(|(g, defs)| g != f && defs.contains_key(key))
    }

    /// Whether file `f` is a library.
    pub fn library(&self, f: usize) -> bool {
        self.files[f].library
    }

    /// The definitions of `key` in file `f`.
    pub fn defs_in(&self, f: usize, key: &str) -> &[usize] {
        self.defs[f].get(key).map_or(&[], Vec::as_slice)
    }

    /// The grammar files' definition of `key`: the first real one, else the first placeholder.
    fn grammar_def(&self, key: &str) -> Option<usize> {
        let all = || (0..self.files.len()).filter(|&f| !self.library(f)).flat_map(|f| self.defs_in(f, key));
        all().copied().find(|&d| self.entries[d].prose.is_none()).or_else(|| all().copied().next())
    }

    /// The one library definition of `key` outside file `except`, as libraries see it.
    fn library_def(&self, key: &str, except: Option<usize>) -> Bound {
        let mut found: Vec<usize> = Vec::new();
        for f in (0..self.files.len()).filter(|&f| self.library(f) && Some(f) != except) {
            if let Some(&d) = self.defs_in(f, key).first() {
                let d = self.resolved(d, 0);
                if !found.contains(&d) {
                    found.push(d);
                }
            }
        }
        match found.len() {
            0 => Bound::Undefined,
            1 => Bound::Def(found[0]),
            _ => Bound::Ambiguous(found),
        }
    }

    /// What `name` means in file `from`.
    pub fn bind(&self, from: usize, name: &str) -> Bound {
        self.bind_depth(from, &name.to_ascii_lowercase(), 0)
    }

    /// What `name` means to the user: as a grammar file sees it.
    pub fn visible(&self, name: &str) -> Bound {
        let key = name.to_ascii_lowercase();
        if let Some(&o) = self.overrides.get(&key) {
            return Bound::Def(self.resolved(o, 0));
        }
        match self.grammar_def(&key) {
            Some(d) => Bound::Def(self.resolved(d, 0)),
            None => self.library_def(&key, None),
        }
    }

    fn bind_depth(&self, from: usize, key: &str, depth: usize) -> Bound {
        if let Some(&o) = self.overrides.get(key) {
            return Bound::Def(self.resolved(o, depth));
        }
        let grammar = self.grammar_def(key);
        if !self.library(from) {
            return match grammar {
                Some(d) => Bound::Def(self.resolved(d, depth)),
                None => self.library_def(key, None),
            };
        }
        if let Some(&own) = self.defs_in(from, key).first() {
            // A library's placeholder whose document is not loaded leaves the name to the user.
            let open = self.entries[own].prose.as_deref().is_some_and(|text| {
                prose::parse(text).is_none_or(|p| self.prose_depth(from, &p, depth + 1).is_err())
            });
            if let Some(g) = grammar.filter(|&g| open && self.entries[g].prose.is_none()) {
                return Bound::Def(self.resolved(g, depth));
            }
            return Bound::Def(self.resolved(own, depth));
        }
        match self.library_def(key, Some(from)) {
            Bound::Undefined => grammar.map_or(Bound::Undefined, |d| Bound::Def(self.resolved(d, depth))),
            found => found,
        }
    }

    /// The definition that stands for `d`: a placeholder that names a rule of its own name is
    /// that rule.
    pub fn resolved(&self, d: usize, depth: usize) -> usize {
        let e = &self.entries[d];
        let Some(text) = &e.prose else { return d };
        if depth > CHAIN_LIMIT {
            return d;
        }
        match prose::parse(text) {
            Some(p) if p.name.eq_ignore_ascii_case(&e.name) => {
                match self.prose_depth(e.file, &p, depth + 1) {
                    Ok(target) if target != d => target,
                    _ => d,
                }
            }
            _ => d,
        }
    }

    /// The definition a prose value of file `from` names.
    pub fn prose(&self, from: usize, text: &str) -> Result<usize, ProseError> {
        let p = prose::parse(text).ok_or(ProseError::NamesNoRule)?;
        self.prose_depth(from, &p, 0)
    }

    fn prose_depth(&self, from: usize, p: &ProseRef, depth: usize) -> Result<usize, ProseError> {
        if depth > CHAIN_LIMIT {
            return Err(ProseError::Unbound(p.clone(), Bound::Undefined));
        }
        let key = p.name.to_ascii_lowercase();
        let rfc = match (&p.tag, p.rfc) {
            (Some(tag), _) => {
                let by_option: Vec<usize> =
                    self.tags.iter().filter(|(t, _)| t.eq_ignore_ascii_case(tag)).map(|&(_, f)| f).collect();
                if !by_option.is_empty() {
                    return self.in_document(from, p, &key, &by_option, depth);
                }
                prose::tag_rfc(tag).ok_or_else(|| ProseError::UnknownTag(p.clone()))?
            }
            (None, Some(n)) => n,
            (None, None) => {
                return match self.bind_depth(from, &key, depth) {
                    Bound::Def(d) => Ok(d),
                    other => Err(ProseError::Unbound(p.clone(), other)),
                }
            }
        };
        let files: Vec<usize> =
            (0..self.files.len()).filter(|&f| f != from && self.rfc[f] == Some(rfc)).collect();
        if files.is_empty() {
            return Err(ProseError::NotLoaded(p.clone()));
        }
        self.in_document(from, p, &key, &files, depth)
    }

    /// The definition of `key` in the document made of `files`, for a prose value of file
    /// `from`: an override of the name replaces it, unless the prose is the override's own.
    fn in_document(
        &self,
        from: usize,
        p: &ProseRef,
        key: &str,
        files: &[usize],
        depth: usize,
    ) -> Result<usize, ProseError> {
        if let Some(&o) = self.overrides.get(key).filter(|&&o| self.entries[o].file != from) {
            return Ok(self.resolved(o, depth));
        }
        files
            .iter()
            .find_map(|&f| self.defs_in(f, key).first())
            .map(|&d| self.resolved(d, depth))
            .ok_or_else(|| ProseError::NotInDocument(p.clone(), files.to_vec()))
    }

    /// The message for a prose value `<text>` of rule `rule` that means no rule.
    pub fn prose_message(&self, error: &ProseError, text: &str, rule: &str, in_alternation: bool) -> String {
        let supply = format!("a definition `{rule} = ...` in a grammar file of yours");
        match error {
            ProseError::NamesNoRule => {
                let formal = if in_alternation {
                    format!(", or `--formal-only` to compile `{rule}` from its other alternatives")
                } else {
                    String::new()
                };
                format!("prose value `<{text}>` has no formal meaning: it names no rule; expected {supply}{formal} (or `0<...>` for the empty string)")
            }
            ProseError::UnknownTag(p) => format!(
                "prose value `<{text}>` cites [{}], a reference tag that names no document uri-gen knows; expected `--tag {}=FILE` naming the loaded grammar file it stands for, or {supply}",
                p.tag.as_deref().unwrap_or(""),
                p.tag.as_deref().unwrap_or("")
            ),
            ProseError::NotLoaded(p) => {
                let doc = prose::describe(p);
                let rfc = p.tag.as_deref().and_then(prose::tag_rfc).or(p.rfc);
                let how = match rfc {
                    Some(n) => format!("RFC {n} as a library (`--library rfc{n}.abnf`; a file is taken as RFC {n} when its name starts with `rfc{n}`)"),
                    None => "its document as a library".to_owned(),
                };
                format!(
                    "prose value `<{text}>` names the rule `{}` of {doc}, a document that is not loaded; expected {how}, or {supply}",
                    p.name
                )
            }
            ProseError::NotInDocument(p, files) => {
                let names: Vec<&str> = files.iter().map(|&f| self.files[f].name.as_str()).collect();
                format!(
                    "prose value `<{text}>` names the rule `{}` of {}, which {} does not define; expected {supply}",
                    p.name,
                    prose::describe(p),
                    names.join(" and ")
                )
            }
            ProseError::Unbound(p, Bound::Ambiguous(_)) => format!(
                "prose value `<{text}>` names the rule `{}`, which several libraries define; expected a citation such as `<{}, see [RFCnnnn]>` or {supply}",
                p.name, p.name
            ),
            ProseError::Unbound(p, _) => format!(
                "prose value `<{text}>` names the rule `{}`, which no grammar file defines; expected {supply}",
                p.name
            ),
        }
    }
}

/// The `; uri-gen: ...` comments of a file: where each is and, for `override`, the names it
/// lists (`None` for any other directive).
pub(crate) fn markers(text: &str) -> Vec<(Pos, Option<Vec<String>>)> {
    let mut out = Vec::new();
    for (n, line) in crate::syntax::source::clean_lines(text).iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(comment) = trimmed.strip_prefix(';') else { continue };
        let Some(directive) = comment.trim_start().strip_prefix("uri-gen:") else { continue };
        let mut words = directive.split([' ', '\t', ',']).filter(|w| !w.is_empty());
        let column = (line.len() - trimmed.len()) as u32 + 1;
        let names = (words.next() == Some("override")).then(|| words.map(str::to_owned).collect());
        out.push((Pos { line: n as u32 + 1, column }, names));
    }
    out
}
