//! Which rules a grammar holds: every name bound by `syntax::bind`'s rules, the roots and the
//! rules they use, the `=/` extensions of each rule, and the name each rule has in the IR.
//!
//! The rules considered are those of the grammar files (not libraries) and everything they use;
//! the grammar holds the roots and what they use. Problems in rules that no root uses are
//! warnings. Two rules that keep their own meaning under one name (RFC 9110's `Host` and RFC
//! 3986's `host`, which ABNF does not tell apart) both stay: the one a grammar file sees keeps the
//! name, the other is named after its file (`rfc3986-host`).

use std::collections::{BTreeMap, BTreeSet};

use abnf::types::Kind;

use crate::syntax::bind::{Binder, Bound, Entry};
use crate::syntax::diag::{Diagnostic, DiagnosticKind, Severity};
use crate::syntax::ir::{Expr, Grammar, Override, RuleDef, RuleId};
use crate::syntax::lower::{collect_uses, lower_rule, parse_files, too_deep, Names, Parsed};
use crate::{Options, SourceFile};

/// Which rules are entry points: the grammar holds them and what they use.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Roots {
    /// The rules of the grammar files that no other rule uses, apart from the rules of their own
    /// cycle (`uri-gen check` without `--rule`).
    #[default]
    Unreferenced,
    /// Every rule of every grammar file: nothing there is unused.
    All,
    /// These rule names; every rule of the grammar files is kept, and those the named rules do
    /// not reach are reported unused.
    Named(Vec<String>),
    /// Exactly these rule names, and only what they need (`--rule`): the other rules of the
    /// grammar files are dropped, and their problems are warnings.
    Only(Vec<String>),
}

impl Roots {
    /// The named rules, for [`Roots::Named`] and [`Roots::Only`].
    pub fn names(&self) -> &[String] {
        match self {
            Roots::Named(names) | Roots::Only(names) => names,
            Roots::Unreferenced | Roots::All => &[],
        }
    }
}

/// Parses and resolves `files`: the grammar when there is no error, and every diagnostic
/// (warnings too) in file and position order.
pub fn load(files: &[SourceFile], options: &Options) -> (Option<Grammar>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut broken = BTreeSet::new();
    let parsed = parse_files(files, &mut diags, &mut broken);
    let entries: Vec<Entry> = parsed
        .iter()
        .map(|p| Entry {
            file: p.file,
            name: p.rule.name().to_owned(),
            basic: p.rule.kind() == Kind::Basic,
            prose: p.placeholder.clone(),
            pos: p.pos,
        })
        .collect();
    let binder = Binder::new(files, &entries, &options.tags, &mut diags);
    let extensions = extensions(&binder, &mut diags);
    let repeats = repeats(&binder, &mut diags);
    let uses = Uses { binder: &binder, parsed: &parsed, extensions: &extensions, cache: Default::default() };

    // Candidates: what each name of a grammar file means there.
    let mut candidates: Vec<usize> = Vec::new();
    for e in entries.iter().filter(|e| e.basic && !files[e.file].library) {
        if let Bound::Def(d) = binder.bind(e.file, &e.name) {
            if !candidates.contains(&d) {
                candidates.push(d);
            }
        }
    }
    let roots: Vec<usize> = match &options.roots {
        Roots::All => candidates.clone(),
        Roots::Unreferenced => {
            // A rule is a root when only itself and the rules of its own cycle use it (JSON's
            // `value`, `object` and `array` use each other, and nothing else uses them).
            let all = uses.closure(&candidates);
            let index: BTreeMap<usize, usize> = all.iter().enumerate().map(|(n, &d)| (d, n)).collect();
            let edges: Vec<BTreeSet<RuleId>> =
                all.iter().map(|&d| uses.of(d).iter().map(|u| RuleId(index[u] as u32)).collect()).collect();
            let mut component = vec![0; all.len()];
            for (c, members) in crate::syntax::ir::tarjan(&edges).iter().enumerate() {
                for m in members {
                    component[m.index()] = c;
                }
            }
            let mut used = vec![false; all.len()];
            for (r, targets) in edges.iter().enumerate() {
                for t in targets.iter().filter(|t| component[t.index()] != component[r]) {
                    used[t.index()] = true;
                }
            }
            candidates.iter().copied().filter(|c| !used[index[c]]).collect()
        }
        Roots::Named(names) | Roots::Only(names) => names
            .iter()
            .filter_map(|name| match binder.visible(name) {
                Bound::Def(d) => Some(d),
                _ => None,
            })
            .collect(),
    };
    let considered = uses.closure(&candidates.iter().chain(&roots).copied().collect::<Vec<_>>());
    let kept = match &options.roots {
        Roots::Named(_) => considered.clone(),
        _ => uses.closure(&roots),
    };

    // Lower every rule considered, so that problems in the ones no root uses are reported too,
    // as warnings.
    let ids: BTreeMap<usize, RuleId> =
        considered.iter().enumerate().map(|(n, &d)| (d, RuleId(n as u32))).collect();
    let names = Names {
        binder: &binder,
        ids: &ids,
        broken: &broken,
        lists: options.lists,
        formal_only: options.formal_only,
    };
    let mut lowered = Vec::new();
    for &d in &considered {
        let mut found = Vec::new();
        let ext = extensions.get(&d).map_or(&[][..], Vec::as_slice);
        let rule = lower_rule(files, &parsed, d, ext, &names, &mut found);
        if !kept.contains(&d) {
            for diag in &mut found {
                if diag.severity == Severity::Error {
                    diag.severity = Severity::Warning;
                    diag.notes.push("no root uses this rule, so this is a warning".to_owned());
                }
            }
        }
        diags.extend(found);
        lowered.push(rule);
    }

    unused_syntax_errors(files, &binder, &parsed, &kept, options, &broken, &mut diags);

    // The grammar: the kept rules, renumbered, and named apart where two share a name.
    let renumber: BTreeMap<RuleId, RuleId> = considered
        .iter()
        .filter(|d| kept.contains(d))
        .enumerate()
        .map(|(n, d)| (ids[d], RuleId(n as u32)))
        .collect();
    let kept_ids: BTreeMap<usize, RuleId> = kept.iter().map(|d| (*d, renumber[&ids[d]])).collect();
    let mut rules: Vec<RuleDef> = considered
        .iter()
        .zip(lowered)
        .filter(|(d, _)| kept.contains(d))
        .map(|(_, mut rule)| {
            rule.expr = remap(&rule.expr, &renumber);
            rule
        })
        .collect();
    let kept_defs: Vec<usize> = considered.iter().copied().filter(|d| kept.contains(d)).collect();
    name_apart(&binder, &kept_defs, &mut rules);

    for (repeat, first) in repeats {
        if kept.contains(&first) {
            let (r, f) = (&entries[repeat], &entries[first]);
            diags.push(
                Diagnostic::error(
                    DiagnosticKind::DuplicateRule,
                    &files[r.file].name,
                    r.pos,
                    format!("rule `{}` is defined more than once in this library; expected one definition, or a grammar file that chooses one, given with `--override`", r.name),
                )
                .in_rule(&r.name)
                .with_note(format!("first defined at {}:{}", files[f.file].name, f.pos)),
            );
        }
    }
    if broken.is_empty() && matches!(options.roots, Roots::Unreferenced | Roots::Named(_)) {
        let reached = uses.closure(&roots);
        for &d in considered.iter().filter(|d| !files[entries[**d].file].library && !reached.contains(d)) {
            let e = &entries[d];
            diags.push(
                Diagnostic::warning(
                    DiagnosticKind::UnusedRule,
                    &files[e.file].name,
                    e.pos,
                    format!("rule `{}` is never used", e.name),
                )
                .in_rule(&e.name),
            );
        }
    }
    for name in options.roots.names() {
        if !matches!(binder.visible(name), Bound::Def(_)) && !broken.contains(&name.to_ascii_lowercase()) {
            let file = files.first().map_or("", |f| f.name.as_str());
            diags.push(Diagnostic::error(
                DiagnosticKind::UnknownRule,
                file,
                crate::Pos::default(),
                format!("no rule named `{name}`"),
            ));
        }
    }

    let mut grammar = Grammar::new(files.to_vec(), rules);
    grammar.overrides = overrides(&binder, &uses, &kept_ids);
    diags.extend(too_deep(&grammar));
    diags.sort_by(|a, b| {
        let fa = files.iter().position(|f| f.name == a.file);
        let fb = files.iter().position(|f| f.name == b.file);
        (fa, a.pos, a.kind).cmp(&(fb, b.pos, b.kind))
    });
    let ok = !diags.iter().any(Diagnostic::is_error);
    (ok.then_some(grammar), diags)
}

/// Makes warnings of the syntax errors in rules that nothing kept uses: in any rule under
/// `--rule` (the roots are exactly the rules named), and in a library's rules always (a library's
/// unused rules do not stop a grammar that never uses them).
fn unused_syntax_errors(
    files: &[SourceFile],
    binder: &Binder,
    parsed: &[Parsed],
    kept: &[usize],
    options: &Options,
    broken: &BTreeSet<String>,
    diags: &mut [Diagnostic],
) {
    // A name whose reference finds no definition would have meant the rule that does not parse;
    // one that another file defines (a grammar file redefining a library's rule) does not.
    let unbound = |bound: Bound| !matches!(bound, Bound::Def(_));
    let mut used: BTreeSet<String> = options
        .roots
        .names()
        .iter()
        .filter(|n| unbound(binder.visible(n)))
        .map(|n| n.to_ascii_lowercase())
        .collect();
    for &d in kept {
        let (mut names, mut prose) = (Vec::new(), Vec::new());
        collect_uses(parsed[d].rule.node(), &mut names, &mut prose);
        let file = parsed[d].file;
        used.extend(names.iter().filter(|n| unbound(binder.bind(file, n))).map(|n| n.to_ascii_lowercase()));
    }
    let only = matches!(options.roots, Roots::Only(_));
    for diag in diags.iter_mut().filter(|d| d.kind == DiagnosticKind::Syntax && d.is_error()) {
        let Some(key) = diag.rule.as_ref().map(|r| r.to_ascii_lowercase()) else { continue };
        let library = files.iter().any(|f| f.name == diag.file && f.library);
        if broken.contains(&key) && !used.contains(&key) && (only || library) {
            diag.severity = Severity::Warning;
            diag.notes.push("no rule compiled uses this rule, so this is a warning".to_owned());
        }
    }
}

/// The `=/` extensions of each definition: an extension adds to what its name means in its file.
/// An extension of an overridden name outside the override's file is part of what the override
/// replaces; a grammar file may not extend a library's rule without declaring an override.
fn extensions(binder: &Binder, diags: &mut Vec<Diagnostic>) -> BTreeMap<usize, Vec<usize>> {
    let mut out: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, e) in binder.entries.iter().enumerate().filter(|(_, e)| !e.basic) {
        let file = &binder.files[e.file].name;
        if let Some(&o) = binder.overrides.get(&e.name.to_ascii_lowercase()) {
            if binder.entries[o].file != e.file {
                continue;
            }
        }
        match binder.bind(e.file, &e.name) {
            Bound::Def(base) if binder.library(binder.entries[base].file) && !binder.library(e.file) => {
                let b = &binder.entries[base];
                diags.push(
                    Diagnostic::error(
                        DiagnosticKind::Override,
                        file,
                        e.pos,
                        format!(
                            "`{0} =/` adds alternatives to the library rule `{0}` of {1}, which would change its meaning inside the library; expected `{0} = ...` in full in a file given with `--override`, or the alternatives in a rule of your own",
                            e.name, binder.files[b.file].name
                        ),
                    )
                    .in_rule(&e.name),
                );
            }
            // `=/` before its `=` in the same file.
            Bound::Def(base) if binder.entries[base].file != e.file || base < i => {
                out.entry(base).or_default().push(i)
            }
            _ => diags.push(
                Diagnostic::error(
                    DiagnosticKind::IncrementalWithoutBase,
                    file,
                    e.pos,
                    format!("`{0} =/` adds alternatives to a rule that is not defined; expected `{0} =` before it", e.name),
                )
                .in_rule(&e.name),
            ),
        }
    }
    out
}

/// Names defined twice: in the grammar files (an error now, unless an override chooses) and
/// within one library (returned as `(repeat, first)`, an error once the first is kept).
fn repeats(binder: &Binder, diags: &mut Vec<Diagnostic>) -> Vec<(usize, usize)> {
    let mut library = Vec::new();
    for (i, e) in binder.entries.iter().enumerate().filter(|(_, e)| e.basic && e.prose.is_none()) {
        let overridden = binder.overrides.get(&e.name.to_ascii_lowercase()).map(|&o| binder.entries[o].file);
        let lib = binder.library(e.file);
        if overridden.is_some_and(|f| f != e.file) {
            continue;
        }
        let first = binder
            .entries
            .iter()
            .enumerate()
            .take(i)
            .find(|(_, o)| {
                o.basic
                    && o.prose.is_none()
                    && o.name.eq_ignore_ascii_case(&e.name)
                    && if lib { o.file == e.file } else { !binder.library(o.file) }
            })
            .map(|(k, _)| k);
        let Some(first) = first else { continue };
        if lib {
            library.push((i, first));
            continue;
        }
        let f = &binder.entries[first];
        // `=/` fits a definition that directly follows the first, as a continuation would; one
        // printed after prose (RFC 5870's WGS-84 `coord-a` after its general one) is a second
        // reading of the name, and the user chooses.
        let text = &binder.files[e.file].text;
        let message = if f.file == e.file && crate::syntax::printed::follows(text, f.pos, e.pos) {
            format!("rule `{}` is defined more than once; expected `=/` to add alternatives to it", e.name)
        } else {
            format!(
                "rule `{0}` is defined more than once; expected one definition: to choose one, load this file with `--library` and give the chosen `{0} = ...` in a file of your own declaring `; uri-gen: override {0}`",
                e.name
            )
        };
        diags.push(
            Diagnostic::error(DiagnosticKind::DuplicateRule, &binder.files[e.file].name, e.pos, message)
                .in_rule(&e.name)
                .with_note(format!("first defined at {}:{}", binder.files[f.file].name, f.pos)),
        );
    }
    library
}

/// The definitions each definition uses, through the binding rules.
struct Uses<'a> {
    binder: &'a Binder<'a>,
    parsed: &'a [Parsed],
    extensions: &'a BTreeMap<usize, Vec<usize>>,
    /// What each definition uses, once found.
    cache: std::cell::RefCell<BTreeMap<usize, Vec<usize>>>,
}

impl Uses<'_> {
    /// What definition `d` (with its extensions) refers to, by name or by prose value.
    fn of(&self, d: usize) -> Vec<usize> {
        if let Some(found) = self.cache.borrow().get(&d) {
            return found.clone();
        }
        let mut out = Vec::new();
        for &k in std::iter::once(&d).chain(self.extensions.get(&d).into_iter().flatten()) {
            let p = &self.parsed[k];
            let (mut names, mut prose) = (Vec::new(), Vec::new());
            collect_uses(p.rule.node(), &mut names, &mut prose);
            if p.lists {
                names.push("OWS".to_owned());
            }
            for name in names {
                if let Bound::Def(u) = self.binder.bind(p.file, &name) {
                    out.push(u);
                }
            }
            out.extend(prose.iter().filter_map(|text| self.binder.prose(p.file, text).ok()));
        }
        self.cache.borrow_mut().insert(d, out.clone());
        out
    }

    /// `start` and everything it uses, in definition order.
    fn closure(&self, start: &[usize]) -> Vec<usize> {
        let mut seen: BTreeSet<usize> = start.iter().copied().collect();
        let mut work: Vec<usize> = start.to_vec();
        while let Some(d) = work.pop() {
            for u in self.of(d) {
                if seen.insert(u) {
                    work.push(u);
                }
            }
        }
        seen.into_iter().collect()
    }
}

/// `expr` with every reference renumbered.
fn remap(expr: &Expr, map: &BTreeMap<RuleId, RuleId>) -> Expr {
    match expr {
        Expr::Empty | Expr::Class(_) => expr.clone(),
        Expr::Concat(parts) => Expr::Concat(parts.iter().map(|p| remap(p, map)).collect()),
        Expr::Alt(parts) => Expr::Alt(parts.iter().map(|p| remap(p, map)).collect()),
        Expr::Repeat { min, max, body } => {
            Expr::Repeat { min: *min, max: *max, body: Box::new(remap(body, map)) }
        }
        Expr::Ref(id) => map.get(id).map_or(Expr::Empty, |&to| Expr::Ref(to)),
    }
}

/// Gives rules that share a name (case-insensitively) names of their own: the one a grammar
/// file sees keeps it, each other is prefixed with its file's name (`rfc3986-host`).
fn name_apart(binder: &Binder, defs: &[usize], rules: &mut [RuleDef]) {
    let mut by_key: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (n, r) in rules.iter().enumerate() {
        by_key.entry(r.name.to_ascii_lowercase()).or_default().push(n);
    }
    let mut taken: BTreeSet<String> = by_key.keys().cloned().collect();
    for (key, shared) in by_key.iter().filter(|(_, s)| s.len() > 1) {
        let primary = match binder.visible(key) {
            Bound::Def(d) => shared.iter().copied().find(|&n| defs[n] == d).unwrap_or(shared[0]),
            _ => shared[0],
        };
        for &n in shared.iter().filter(|&&n| n != primary) {
            let stem = file_stem(&binder.files[rules[n].file].name);
            let mut name = format!("{stem}-{}", rules[n].name);
            let mut k = 2;
            while taken.contains(&name.to_ascii_lowercase()) {
                name = format!("{stem}-{}-{k}", rules[n].name);
                k += 1;
            }
            taken.insert(name.to_ascii_lowercase());
            rules[n].name = name;
        }
    }
}

/// A file's name as a rule-name prefix: the base name without extension, other characters than
/// letters and digits as `-`, starting with a letter.
fn file_stem(path: &str) -> String {
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let base = base.split('.').next().unwrap_or(base);
    let stem: String = base.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let stem = stem.trim_matches('-');
    if stem.starts_with(|c: char| c.is_ascii_alphabetic()) {
        stem.to_owned()
    } else {
        format!("file-{stem}")
    }
}

/// The overrides in force: what each replaces and which kept rules of other files it changes.
fn overrides(binder: &Binder, uses: &Uses, kept: &BTreeMap<usize, RuleId>) -> Vec<Override> {
    let mut out = Vec::new();
    for (key, &o) in &binder.overrides {
        let e = &binder.entries[o];
        let target = binder.resolved(o, 0);
        let replaced: Vec<(usize, crate::Pos)> = binder
            .entries
            .iter()
            .enumerate()
            .filter(|(k, r)| {
                *k != target && r.basic && r.file != e.file && r.name.to_ascii_lowercase() == *key
            })
            .map(|(_, r)| (r.file, r.pos))
            .collect();
        // The rules of an override file that replace nothing are rules like any other.
        if replaced.is_empty() && binder.files[e.file].overrides {
            continue;
        }
        let outside = |d: &usize| binder.entries[*d].file != e.file;
        let users: Vec<RuleId> = kept
            .iter()
            .filter(|(d, _)| **d != target && outside(d) && uses.of(**d).contains(&target))
            .map(|(_, &id)| id)
            .collect();
        let affected: Vec<RuleId> = kept
            .iter()
            .filter(|(d, _)| **d != target && outside(d) && uses.closure(&[**d]).contains(&target))
            .map(|(_, &id)| id)
            .collect();
        out.push(Override {
            name: e.name.clone(),
            file: e.file,
            pos: e.pos,
            rule: kept.get(&target).copied(),
            replaced,
            users,
            affected,
            means: (target != o).then(|| (binder.entries[target].file, binder.entries[target].pos)),
        });
    }
    out
}

/// The overrides of `grammar` as `uri-gen check` lists them, one paragraph each.
pub fn describe_overrides(grammar: &Grammar) -> String {
    if grammar.overrides.is_empty() {
        return "overrides: none\n".to_owned();
    }
    let mut out = format!("overrides: {}\n", grammar.overrides.len());
    let names = |ids: &[RuleId]| {
        if ids.is_empty() {
            "none".to_owned()
        } else {
            ids.iter().map(|&id| grammar.rule(id).name.as_str()).collect::<Vec<_>>().join(", ")
        }
    };
    for o in &grammar.overrides {
        let at = |(file, pos): &(usize, crate::Pos)| format!("{}:{pos}", grammar.files[*file].name);
        let replaced = if o.replaced.is_empty() {
            "nothing".to_owned()
        } else {
            o.replaced.iter().map(at).collect::<Vec<_>>().join(", ")
        };
        out.push_str(&format!("  {} ({}) replaces {replaced}\n", o.name, at(&(o.file, o.pos))));
        if let Some(means) = &o.means {
            out.push_str(&format!("    means the rule at {}\n", at(means)));
        }
        match o.rule {
            None => out.push_str("    not used by the rules compiled\n"),
            Some(_) => {
                out.push_str(&format!("    used by: {}\n", names(&o.users)));
                out.push_str(&format!("    meaning changed: {}\n", names(&o.affected)));
            }
        }
    }
    out
}
