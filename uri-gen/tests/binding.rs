//! How names bind between grammar files: a library's references keep their meaning unless an
//! override is declared, prose values bind to the rule they name in the cited document, and the
//! roots decide what is compiled. Checked over every prose value and cross-file name of `abnf/`.

use std::path::Path;

use uri_gen::syntax::link::describe_overrides;
use uri_gen::syntax::source::{scan_with, split_rules, TokenKind};
use uri_gen::syntax::Expr;
use uri_gen::{compile_program, Diagnostic, DiagnosticKind, Options, Program, Roots, Severity, SourceFile};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn grammar(name: &str) -> SourceFile {
    SourceFile::new(name, read(name))
}

fn library(name: &str) -> SourceFile {
    SourceFile::library(name, read(name))
}

fn program(files: &[SourceFile], roots: Roots) -> Program {
    compile_program(files, &Options { roots, ..Options::default() }).unwrap_or_else(|d| panic!("{d}"))
}

fn diagnostics(files: &[SourceFile], options: &Options) -> Vec<Diagnostic> {
    match compile_program(files, options) {
        Ok(p) => p.warnings,
        Err(d) => d.0,
    }
}

fn only(names: &[&str]) -> Roots {
    Roots::Only(names.iter().map(|n| (*n).to_owned()).collect())
}

const CORE: &str = "abnf/rfc5234-core.abnf";
const URI: &str = "abnf/rfc3986.abnf";
const HTTP: &str = "abnf/rfc9110-appendix-a.abnf";

/// Strings drawn from `rule` of `alone`, valid and near misses, for comparing languages.
fn samples(alone: &Program, rule: &str) -> Vec<Vec<u8>> {
    let id = alone.grammar.lookup(rule).expect("rule");
    let mut out = alone.samples(id, 200, 7, false).expect("samples");
    out.extend(alone.samples(id, 200, 7, true).unwrap_or_default());
    out
}

#[test]
fn a_library_rule_keeps_its_language_beside_a_grammar_rule_of_the_same_name() {
    // RFC 9110's `Host` (a header) and RFC 3986's `host` are one name to ABNF.
    let alone = program(&[grammar(URI), library(CORE)], Roots::All);
    let files = [grammar(HTTP), library(CORE), library(URI)];
    let with_http = program(&files, only(&["absolute-URI", "Host", "uri-host"]));
    // Every RFC 3986 rule the grammar holds matches what it matches alone.
    let mut compared = 0;
    for ours in with_http.grammar.ids() {
        let rule = with_http.grammar.rule(ours);
        if with_http.grammar.files[rule.file].name != URI {
            continue;
        }
        let name = rule.name.strip_prefix("rfc3986-").unwrap_or(&rule.name);
        let theirs = alone.grammar.lookup(name).expect("in RFC 3986");
        for input in samples(&alone, name) {
            assert_eq!(
                alone.matches(theirs, &input),
                with_http.matches(ours, &input),
                "{name} disagrees on {:?}",
                String::from_utf8_lossy(&input)
            );
        }
        compared += 1;
    }
    assert!(compared >= 20, "{compared} rules compared");
    let absolute = with_http.grammar.lookup("absolute-URI").expect("absolute-URI");
    assert!(with_http.matches(absolute, b"http://h:1/"));
    assert!(!with_http.matches(absolute, b"http://h:1:2/"));
    // `uri-host = <host, see [URI], Section 3.2.2>` is RFC 3986's `host`, no supplement needed.
    let uri_host = with_http.grammar.lookup("uri-host").expect("uri-host");
    let Expr::Ref(target) = with_http.grammar.rule(uri_host).expr else {
        panic!("uri-host is not a reference")
    };
    let target = with_http.grammar.rule(target);
    assert_eq!(
        (target.name.as_str(), with_http.grammar.files[target.file].name.as_str()),
        ("rfc3986-host", URI)
    );
    let host = with_http.grammar.lookup("Host").expect("Host");
    assert!(with_http.matches(host, b"[::1]:8080") && !with_http.matches(host, b"h:1:2"));
}

#[test]
fn a_declared_override_changes_the_library_and_check_lists_it() {
    let zone = std::fs::read_to_string(root().join("abnf/rfc6874.abnf")).expect("rfc6874");
    let alone = program(&[grammar(URI), library(CORE)], Roots::All);
    let host_alone = alone.grammar.lookup("host").expect("host");
    let zoned = b"[fe80::1%25eth0]";
    assert!(!alone.matches(host_alone, zoned));

    // Without a declaration, RFC 6874's rule is a rule of its own and RFC 3986's `host` is unchanged.
    let plain = [SourceFile::new("rfc6874.abnf", zone.clone()), library(URI), library(CORE)];
    let p = program(&plain, only(&["IP-literal", "host"]));
    assert!(!p.matches(p.grammar.lookup("host").expect("host"), zoned));
    assert!(p.matches(p.grammar.lookup("IP-literal").expect("IP-literal"), b"[fe80::1%25eth0]"));
    assert!(p.grammar.overrides.is_empty());

    // Declared by an override file, or by a comment in the grammar file: the same grammar.
    let marked = format!("; uri-gen: override IP-literal\n{zone}");
    for file in
        [SourceFile::overriding("rfc6874.abnf", zone.clone()), SourceFile::new("rfc6874.abnf", marked)]
    {
        let p = program(&[file, library(URI), library(CORE)], only(&["host", "URI-reference"]));
        let host = p.grammar.lookup("host").expect("host");
        assert!(p.matches(host, zoned) && p.matches(host, b"example.com"));
        let listing = describe_overrides(&p.grammar);
        assert!(listing.starts_with("overrides: 1\n  IP-literal (rfc6874.abnf:"), "{listing}");
        assert!(listing.contains(") replaces abnf/rfc3986.abnf:27:4\n    used by: host\n"), "{listing}");
        assert!(listing.contains("    meaning changed: "), "{listing}");
        let o = &p.grammar.overrides[0];
        let affected: Vec<&str> = o.affected.iter().map(|&id| p.grammar.rule(id).name.as_str()).collect();
        for rule in ["host", "authority", "URI-reference"] {
            assert!(affected.contains(&rule), "{affected:?}");
        }
    }
}

#[test]
fn override_declarations_are_checked() {
    let lib = SourceFile::library("lib.abnf", "top = a\na = \"x\"\n");
    let cases: [(&str, DiagnosticKind, Severity, &str); 4] = [
        (
            "; uri-gen: override b\nb2 = \"y\"\n",
            DiagnosticKind::Override,
            Severity::Error,
            "this file does not define `b`",
        ),
        (
            "; uri-gen: frobnicate a\na = \"y\"\n",
            DiagnosticKind::Override,
            Severity::Error,
            "unknown `uri-gen:` directive",
        ),
        (
            "; uri-gen: override c\nc = \"y\"\n",
            DiagnosticKind::Override,
            Severity::Warning,
            "it replaces nothing",
        ),
        (
            "a =/ \"y\"\n",
            DiagnosticKind::Override,
            Severity::Error,
            "would change its meaning inside the library",
        ),
    ];
    for (text, kind, severity, says) in cases {
        let files = [SourceFile::new("g.abnf", format!("g = top\n{text}")), lib.clone()];
        let diags = diagnostics(&files, &Options::default());
        assert!(
            diags.iter().any(|d| d.kind == kind && d.severity == severity && d.message.contains(says)),
            "{text:?}: {diags:?}"
        );
    }
    // Two overrides of one name.
    let files = [
        SourceFile::overriding("o1.abnf", "a = \"1\"\n"),
        SourceFile::overriding("o2.abnf", "a = \"2\"\n"),
        SourceFile::new("g.abnf", "g = top\n"),
        lib,
    ];
    let diags = diagnostics(&files, &Options::default());
    assert!(
        diags.iter().any(|d| d.kind == DiagnosticKind::Override && d.message.contains("overridden twice")),
        "{diags:?}"
    );
}

#[test]
fn a_name_two_libraries_define_is_an_error_where_it_is_used() {
    let one = SourceFile::library("one.abnf", "x = \"1\"\ny = \"y\" x\n");
    let two = SourceFile::library("two.abnf", "x = \"2\"\n");
    // Inside a library, its own definition wins: `y` uses one.abnf's `x`.
    let p = program(&[SourceFile::new("g.abnf", "top = y\n"), one.clone(), two.clone()], Roots::All);
    assert!(p.matches(p.grammar.lookup("top").expect("top"), b"y1"));
    // A grammar file's reference has two candidates.
    let diags = diagnostics(&[SourceFile::new("g.abnf", "top = x\n"), one, two], &Options::default());
    let [d] = diags.as_slice() else { panic!("{diags:?}") };
    assert_eq!(
        (d.kind, d.file.as_str(), d.pos.line, d.pos.column),
        (DiagnosticKind::DuplicateRule, "g.abnf", 1, 7)
    );
    assert_eq!(d.notes, ["defined at one.abnf:1:1", "defined at two.abnf:1:1"]);
}

#[test]
fn a_grammar_file_supplies_what_the_libraries_leave_undefined() {
    // RFC 7230 Appendix B uses `uri-host` and defines it nowhere.
    let files = [grammar("abnf/rfc7230-appendix-b.abnf"), library(CORE), library(URI)];
    let diags = diagnostics(&files, &Options::default());
    assert!(!diags.is_empty() && diags.iter().all(|d| d.kind == DiagnosticKind::UndefinedRule), "{diags:?}");
    for d in &diags {
        assert!(
            d.message.contains("undefined rule `uri-host`; expected a definition `uri-host = ...`"),
            "{d}"
        );
        assert!(d.message.contains("such as a file of your own given beside them"), "{d}");
    }
    // A one-line supplement binds it to RFC 3986's `host`.
    let supplement = SourceFile::new("uri-host.abnf", "uri-host = <host, see [RFC3986], Section 3.2.2>\n");
    let with = [files[0].clone(), supplement, library(CORE), library(URI)];
    let p = program(&with, Roots::Unreferenced);
    let host = p.grammar.lookup("Host").expect("Host");
    assert!(p.matches(host, b"example.com:80") && !p.matches(host, b"h:1:2"));
    // A library's prose whose document is not loaded is the user's to supply too.
    let http = [
        SourceFile::new("mine.abnf", "top = Accept-Language\nlanguage-range = \"en\"\n"),
        library(HTTP),
        library(CORE),
    ];
    let p = program(&http, Roots::Unreferenced);
    assert!(p.matches(p.grammar.lookup("top").expect("top"), b"en;q=0.5"));
}

#[test]
fn rfc9110_compiles_whole_but_for_prose_whose_documents_are_not_loaded() {
    let files = [grammar(HTTP), library(CORE), library(URI), library("abnf/rfc5322-sec3-4.abnf")];
    let diags = diagnostics(&files, &Options::default());
    let found: Vec<(Severity, DiagnosticKind, u32)> =
        diags.iter().map(|d| (d.severity, d.kind, d.pos.line)).collect();
    assert_eq!(
        found,
        [
            (Severity::Error, DiagnosticKind::ProseValue, 139),
            (Severity::Error, DiagnosticKind::ProseValue, 140)
        ],
        "{diags:?}"
    );
    assert!(diags[0].message.contains("names the rule `language-range` of [RFC4647], a document that is not loaded; expected RFC 4647 as a library"), "{}", diags[0]);
    assert!(
        diags[1]
            .message
            .contains("names the rule `Language-Tag` of [RFC5646], a document that is not loaded"),
        "{}",
        diags[1]
    );
    // With those two supplied, every rule compiles.
    let supplement = SourceFile::new("lang.abnf", "language-range = 1*8ALPHA\nlanguage-tag = 1*8ALPHA\n");
    let with: Vec<SourceFile> =
        [grammar(HTTP), supplement].into_iter().chain(files[1..].iter().cloned()).collect();
    let p = program(&with, Roots::Unreferenced);
    let mailbox = p.grammar.lookup("mailbox").expect("mailbox");
    assert_eq!(p.grammar.files[p.grammar.rule(mailbox).file].name, "abnf/rfc5322-sec3-4.abnf");
    let from = p.grammar.lookup("From").expect("From");
    assert!(p.matches(from, b"Jane Doe <jane@example.org>"));
}

/// The document a prose value cites, as a file of `abnf/`, if the project holds it.
fn document(rfc: u32) -> Option<&'static str> {
    match rfc {
        3986 => Some(URI),
        5234 => Some(CORE),
        5322 => Some("abnf/rfc5322-sec3-4.abnf"),
        3987 => Some("abnf/rfc3987.abnf"),
        9110 => Some(HTTP),
        7230 => Some("abnf/rfc7230-appendix-b.abnf"),
        3966 => Some("abnf/rfc3966.abnf"),
        _ => None,
    }
}

#[test]
fn every_prose_value_of_the_project_binds_to_the_rule_it_names() {
    let mut seen = 0;
    for entry in std::fs::read_dir(root().join("abnf")).expect("abnf/") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("abnf") {
            continue;
        }
        let name = format!("abnf/{}", path.file_name().and_then(|n| n.to_str()).expect("name"));
        let text = read(&name);
        for chunk in split_rules(&text) {
            let Ok(tokens) = scan_with(&chunk, true) else { continue };
            for token in tokens.iter().filter(|t| t.kind == TokenKind::Prose) {
                let inner = token.text.trim_start_matches('<').trim_end_matches('>');
                let Some(named) = uri_gen::syntax::prose::parse(inner) else { continue };
                // `0<pchar>`: a zero repetition, the empty string, binds nothing.
                if named.tag.is_none() {
                    continue;
                }
                seen += 1;
                let rfc =
                    uri_gen::syntax::prose::tag_rfc(named.tag.as_deref().unwrap_or("")).expect("a known tag");
                let mut files = vec![SourceFile::new(name.clone(), text.clone()), library(CORE)];
                let roots = only(&[chunk.name()]);
                match document(rfc).filter(|d| *d != CORE) {
                    Some(doc) => {
                        files.push(library(doc));
                        let p = program(&files, roots);
                        let id = p.grammar.lookup(chunk.name()).expect("the rule");
                        let mut rule = p.grammar.rule(id);
                        if let Expr::Ref(target) = rule.expr {
                            if !rule.name.eq_ignore_ascii_case(&named.name) {
                                rule = p.grammar.rule(target);
                            }
                        }
                        assert!(
                            rule.name.eq_ignore_ascii_case(&named.name)
                                || rule
                                    .name
                                    .to_ascii_lowercase()
                                    .ends_with(&format!("-{}", named.name.to_ascii_lowercase())),
                            "{name}: <{inner}> bound to {}",
                            rule.name
                        );
                        assert_eq!(p.grammar.files[rule.file].name, doc, "{name}: <{inner}>");
                    }
                    None => {
                        let diags = diagnostics(&files, &Options { roots, ..Options::default() });
                        // The other prose values of the file are in rules no root uses: warnings.
                        let diags: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
                        let [d] = diags.as_slice() else { panic!("{name}: <{inner}>: {diags:?}") };
                        assert_eq!((d.kind, d.pos), (DiagnosticKind::ProseValue, token.pos), "{d}");
                        let says = format!("names the rule `{}` of [{}], a document that is not loaded; expected RFC {rfc} as a library", named.name, named.tag.as_deref().unwrap_or(""));
                        assert!(d.message.contains(&says), "{d}");
                    }
                }
            }
        }
    }
    assert_eq!(
        seen, 13,
        "RFC 9110 Appendix A holds 12 prose values that cite a document, the RFC 3261 supplement one"
    );
}

#[test]
fn formal_only_compiles_the_formal_alternatives_with_a_warning() {
    let files = [SourceFile::new("g.abnf", "scheme = \"http\" / \"https\" / <any registered scheme>\n")];
    let diags = diagnostics(&files, &Options::default());
    let [d] = diags.as_slice() else { panic!("{diags:?}") };
    assert!(
        d.is_error()
            && d.message.contains("or `--formal-only` to compile `scheme` from its other alternatives"),
        "{d}"
    );
    let options = Options { formal_only: true, ..Options::default() };
    let p = compile_program(&files, &options).unwrap_or_else(|d| panic!("{d}"));
    let [w] = p.warnings.as_slice() else { panic!("{:?}", p.warnings) };
    assert_eq!((w.severity, w.kind, w.pos.column), (Severity::Warning, DiagnosticKind::ProseValue, 29));
    assert!(w.message.contains("alternative left out of `scheme`"), "{w}");
    let scheme = p.grammar.lookup("scheme").expect("scheme");
    assert!(p.matches(scheme, b"https") && !p.matches(scheme, b"ftp"));
    // Nothing formal left is still an error.
    let files = [SourceFile::new("g.abnf", "scheme = <any registered scheme>\n")];
    assert!(compile_program(&files, &options).is_err());
}

#[test]
fn a_tag_option_names_the_file_a_citation_stands_for() {
    let files = [
        SourceFile::new("g.abnf", "top = \"<\" num \">\"\nnum = <digits, see [NUMBERS], Section 1>\n"),
        SourceFile::library("numbers.abnf", "digits = 1*%x30-39\n"),
    ];
    let diags = diagnostics(&files, &Options::default());
    assert!(
        diags.iter().any(|d| d.message.contains("cites [NUMBERS], a reference tag that names no document")),
        "{diags:?}"
    );
    let options = Options { tags: vec![("NUMBERS".into(), "numbers.abnf".into())], ..Options::default() };
    let p = compile_program(&files, &options).unwrap_or_else(|d| panic!("{d}"));
    let top = p.grammar.lookup("top").expect("top");
    assert!(p.matches(top, b"<42>") && !p.matches(top, b"<x>"));
}

#[test]
fn an_override_chooses_between_a_librarys_two_definitions() {
    // RFC 5870 prints `coord-a` twice; a file of the user's chooses, the verbatim text stays a library.
    let geo =
        SourceFile::library("rfc5870.abnf", "geo = \"geo:\" coord-a\ncoord-a = \"1\"\ncoord-a = \"2\"\n");
    let top = SourceFile::new("g.abnf", "top = geo\n");
    let diags = diagnostics(&[top.clone(), geo.clone()], &Options::default());
    assert!(
        diags.iter().any(|d| d.kind == DiagnosticKind::DuplicateRule && d.message.contains("given with `--override`")),
        "{diags:?}"
    );
    let chosen = SourceFile::overriding("chosen.abnf", "coord-a = \"3\"\n");
    let p = program(&[top, chosen, geo], Roots::Unreferenced);
    let top = p.grammar.lookup("top").expect("top");
    assert!(p.matches(top, b"geo:3") && !p.matches(top, b"geo:1") && !p.matches(top, b"geo:2"));
    assert_eq!(p.grammar.overrides.len(), 1);
}

#[test]
fn an_override_may_bind_a_name_to_another_documents_rule() {
    // RFC 3261 cites RFC 2806 for `telephone-subscriber`; RFC 3966 replaced it.
    let sip = SourceFile::library(
        "rfc3261.abnf",
        "userinfo = telephone-subscriber \"@\"\ntelephone-subscriber = \"old\"\n",
    );
    let tel = SourceFile::library("rfc3966.abnf", "telephone-subscriber = \"+\" 1*%x30-39\n");
    let bind = SourceFile::overriding(
        "sip-tel.abnf",
        "telephone-subscriber = <telephone-subscriber, see [RFC3966], Section 3>\n",
    );
    let top = SourceFile::new("g.abnf", "top = userinfo\n");
    let p = program(&[top.clone(), bind, sip.clone(), tel.clone()], Roots::Unreferenced);
    let id = p.grammar.lookup("top").expect("top");
    assert!(p.matches(id, b"+123@") && !p.matches(id, b"old@"));
    let listing = describe_overrides(&p.grammar);
    assert!(
        listing.contains(
            "telephone-subscriber (sip-tel.abnf:1:1) replaces rfc3261.abnf:2:1\n    means the rule at rfc3966.abnf:1:1\n    used by: userinfo\n"
        ),
        "{listing}"
    );
    // Without it, RFC 3261's own rule stands.
    let p = program(&[top, sip, tel], Roots::Unreferenced);
    assert!(p.matches(p.grammar.lookup("top").expect("top"), b"old@"));
}
