//! What a capture means: occurrence policies, contexts, literals, the refusals at the
//! declaration's line, and the reference that computes each capture from the parse forest,
//! compared with the generated parsers over sampled inputs.

use std::path::Path;

mod uri_grammar;

use uri_gen::capture::reference::{RefError, Reference};
use uri_gen::tools::Sampler;
use uri_gen::{compile_parsers, CompiledParsers, Diagnostic, DiagnosticKind, Encoding, Options, SourceFile};

/// A small grammar in the shape of RFC 3966's `tel`: parameters after a number, one kind of
/// parameter shadowed by a more general one.
const TEL: &str = "\
tel = number *par
number = 1*DIGIT
par = \";\" ( extension / parameter )
extension = \"ext=\" 1*DIGIT
parameter = pname \"=\" pvalue
pname = 1*ALPHA
pvalue = 1*DIGIT
DIGIT = %x30-39
ALPHA = %x41-5A / %x61-7A
";

/// RFC 2397's `data:` shape: a presence flag on a literal.
const DATA: &str = "\
data = \"data:\" [ type ] [ \";base64\" ] \",\" *ALPHA
type = 1*ALPHA \"/\" 1*ALPHA
ALPHA = %x41-5A / %x61-7A
";

fn compile(grammar: &str, captures: &str) -> Result<CompiledParsers, Vec<Diagnostic>> {
    compile_parsers(&[SourceFile::new("g.abnf", grammar)], "g.captures", captures, &Options::default())
        .map_err(|d| d.0)
}

/// The text of each capture after parsing `input` with the first parser, `None` where unset.
fn texts(parsers: &CompiledParsers, input: &str) -> Vec<Option<String>> {
    let slots = parsers.tdfa.run(0, input.as_bytes()).expect("matches");
    (0..parsers.spec.captures.len())
        .map(|i| match (slots[2 * i], slots[2 * i + 1]) {
            (Some(s), Some(e)) => Some(input[s..e].to_owned()),
            _ => None,
        })
        .collect()
}

fn some(s: &str) -> Option<String> {
    Some(s.to_owned())
}

#[test]
fn first_and_last_occurrence_policies_pick_their_occurrence() {
    let first = compile(TEL, "parser Tel tel\ncapture value pvalue occurs=first prefer=earliest\n")
        .expect("compiles");
    assert_eq!(texts(&first, "1;a=2;b=3;c=4"), vec![some("2")]);
    assert_eq!(texts(&first, "1"), vec![None]);
    let last =
        compile(TEL, "parser Tel tel\ncapture value pvalue occurs=last prefer=earliest\n").expect("compiles");
    assert_eq!(texts(&last, "1;a=2;b=3;c=4"), vec![some("4")]);
    // Both policies on one parser, each with its own slots.
    let both = compile(TEL, "parser Tel tel\ncapture a pname occurs=first prefer=earliest\ncapture z pname occurs=last prefer=earliest\n")
        .expect("compiles");
    assert_eq!(texts(&both, "1;ab=2;cd=3;ef=4"), vec![some("ab"), some("ef")]);
}

#[test]
fn a_capture_set_twice_without_a_policy_is_refused_with_a_shortest_input() {
    let errors = compile(TEL, "parser Tel tel\n\ncapture value pvalue\n").expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!((e.file.as_str(), e.pos.line, e.pos.column), ("g.captures", 3, 1));
    assert!(
        e.message.contains("`0;a=0;a=0`")
            && e.message.contains("`pvalue` at 4..5 and `pvalue` at 8..9")
            && e.message.contains("occurs=first"),
        "{}",
        e.message
    );
}

#[test]
fn a_capture_shadowed_by_an_earlier_alternative_can_never_be_set() {
    // `extension / parameter` reads `ext=1` as an extension; the other order never does.
    let grammar = TEL.replace("extension / parameter", "parameter / extension");
    let errors =
        compile(&grammar, "parser Tel tel\ncapture ext extension occurs=last\n").expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].pos.line, errors[0].pos.column), (2, 1));
    assert!(errors[0].message.starts_with("capture `ext` can never be set"), "{}", errors[0].message);
    let ok = compile(TEL, "parser Tel tel\ncapture ext extension occurs=last prefer=earliest\n")
        .expect("compiles");
    assert_eq!(texts(&ok, "1;ext=2;e=3"), vec![some("ext=2")]);
    // A context no parser goes through.
    let errors = compile(TEL, "parser Tel tel\ncapture n extension/pvalue\n").expect_err("refused");
    assert!(errors[0].message.contains("no parser's rule reaches"), "{}", errors[0].message);
}

#[test]
fn an_ambiguous_capture_without_a_preference_is_refused_with_both_readings() {
    let grammar = "top = digits / word\ndigits = 1*DIGIT\nword = 1*( DIGIT / ALPHA )\n\
                   DIGIT = %x30-39\nALPHA = %x61-7A\n";
    let errors = compile(grammar, "parser Top top\ncapture w word\n").expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind, DiagnosticKind::Ambiguity);
    assert_eq!(
        errors[0].message,
        "capture `w` is ambiguous: `0` reads as `w` unset or as `w` = `0` (0..1); expected \
         `prefer=earliest` to take the reading through the earlier alternative, or a grammar that reads it one way"
    );
    let ok = compile(grammar, "parser Top top\ncapture w word prefer=earliest\n").expect("compiles");
    assert_eq!(texts(&ok, "12"), vec![None]);
    assert_eq!(texts(&ok, "1a"), vec![some("1a")]);
}

#[test]
fn contexts_restrict_a_capture_to_occurrences_inside_a_parent() {
    let grammar = "top = item *( \",\" pair )\npair = item \"=\" item\nitem = 1*ALPHA\nALPHA = %x61-7A\n";
    let captures = "parser Top top\ncapture head top/item occurs=first\ncapture key pair/item occurs=first\n\
                    capture value pair/item occurs=last\n";
    let parsers = compile(grammar, captures).expect("compiles");
    // `top/item` counts the pair's items too (a context is any enclosing rule); the first is the head.
    assert_eq!(texts(&parsers, "a,b=c,d=e"), vec![some("a"), some("b"), some("e")]);
    assert_eq!(texts(&parsers, "a"), vec![some("a"), None, None]);
}

#[test]
fn literals_are_captured_and_serve_as_presence_flags() {
    let parsers =
        compile(DATA, "parser Data data\ncapture base64 \";base64\"\ncapture mime type\n").expect("compiles");
    assert_eq!(texts(&parsers, "data:text/plain;base64,abc"), vec![some(";base64"), some("text/plain")]);
    // The string is case-insensitive in the grammar, so the capture is too.
    assert_eq!(texts(&parsers, "DATA:;BASE64,"), vec![some(";BASE64"), None]);
    assert_eq!(texts(&parsers, "data:,abc"), vec![None, None]);
    // A literal the grammar does not write is never set.
    let errors = compile(DATA, "parser Data data\ncapture b \";base32\"\n").expect_err("refused");
    assert!(errors[0].message.contains("can never be set"), "{}", errors[0].message);
}

#[test]
fn malformed_items_and_options_are_errors_at_their_column() {
    let cases = [
        (
            "capture v pvalue occurs=many\n",
            18,
            "expected `occurs=first`, `occurs=last`, `occurs=all` or `occurs=span`, found `occurs=many`",
        ),
        ("capture v pvalue occurs=first occurs=last\n", 31, "option `occurs` is given twice"),
        ("capture v pvalue sort=first\n", 18, "unknown option `sort`"),
        ("capture v nosuch/pvalue\n", 11, "no rule named `nosuch`"),
        ("capture v par/nosuch\n", 15, "no rule named `nosuch`"),
        ("capture v \"a\"b\n", 11, "expected `\"text\"` or `%s\"text\"`"),
        ("capture v occurs=first\n", 1, "names no rule or literal"),
    ];
    for (line, column, message) in cases {
        let errors = compile(TEL, &format!("parser Tel tel\n{line}")).expect_err(line);
        let found = errors.iter().find(|e| e.pos.line == 2).unwrap_or_else(|| panic!("{line}: {errors:?}"));
        assert_eq!(found.pos.column, column, "{line}: {found:?}");
        assert!(found.message.contains(message), "{line}: {}", found.message);
    }
}

/// Every sampled input of every parser: the parser's slots are the reference's.
fn agree(parsers: &CompiledParsers, encoding: Encoding, samples: usize) {
    let reference = Reference::new(&parsers.grammar, &parsers.spec, encoding);
    let mut sampler = Sampler::new(&parsers.grammar, encoding, 7).with_limits(6, 40);
    let mut compared = 0;
    for (p, parser) in parsers.spec.parsers.iter().enumerate() {
        for _ in 0..samples {
            let input = sampler.sample(parser.rule);
            let expected = match reference.run(parser.rule, &input) {
                Ok(Some(slots)) => slots,
                other => panic!("reference on {:?}: {other:?}", String::from_utf8_lossy(&input)),
            };
            let got = parsers.tdfa.run(p, &input).expect("a sample matches");
            assert_eq!(got, expected, "{}: {:?}", parser.name, String::from_utf8_lossy(&input));
            compared += 1;
        }
    }
    assert_eq!(compared, samples * parsers.spec.parsers.len());
}

#[test]
fn the_parsers_agree_with_the_reference_on_sampled_inputs() {
    let modules = [
        (TEL, "parser Tel tel\ncapture a pname occurs=first prefer=earliest\ncapture z pvalue occurs=last prefer=earliest\n\
             capture ext extension occurs=first prefer=earliest\ncapture n number\n"),
        (TEL, "parser Tel tel\ncapture p par occurs=last\ncapture v parameter/pvalue occurs=first prefer=earliest\n"),
        (DATA, "parser Data data\ncapture base64 \";base64\"\ncapture mime type\n"),
        (
            "top = digits / word\ndigits = 1*DIGIT\nword = 1*( DIGIT / ALPHA )\nDIGIT = %x30-39\nALPHA = %x61-7A\n",
            "parser Top top\ncapture w word prefer=earliest\ncapture d digits prefer=earliest\n",
        ),
        (
            "top = item *( \",\" pair )\npair = item \"=\" item\nitem = 1*ALPHA\nALPHA = %x61-7A\n",
            "parser Top top\ncapture head top/item occurs=first\ncapture key pair/item occurs=first\ncapture value pair/item occurs=last\n",
        ),
        // A nullable repetition inside a repetition: infinitely many derivations of one input.
        (
            "top = *part\npart = *DIGIT\nDIGIT = %x30-39\n",
            "parser Top top\ncapture first part occurs=first prefer=earliest\ncapture last part occurs=last prefer=earliest\n",
        ),
    ];
    for (grammar, captures) in modules {
        let parsers = compile(grammar, captures).unwrap_or_else(|e| panic!("{captures}: {e:?}"));
        agree(&parsers, Encoding::Utf8, 300);
    }
}

#[test]
fn the_uri_parser_agrees_with_the_reference_on_sampled_inputs() {
    let parsers = uri_grammar::compile_uri_parsers();
    agree(&parsers, Encoding::Utf8, 300);
}

#[test]
fn the_reference_refuses_a_second_occurrence_without_a_policy() {
    // Built with a policy, then read with the declaration's policy removed.
    let mut parsers =
        compile(TEL, "parser Tel tel\ncapture value pvalue occurs=last prefer=earliest\n").expect("compiles");
    parsers.spec.captures[0].options = Default::default();
    let reference = Reference::new(&parsers.grammar, &parsers.spec, Encoding::Utf8);
    let rule = parsers.spec.parsers[0].rule;
    assert_eq!(reference.run(rule, b"1;a=2;b=3"), Err(RefError::SetTwice { capture: 0 }));
    assert_eq!(reference.run(rule, b"1;a=2"), Ok(Some(vec![Some(4), Some(5)])));
    assert_eq!(reference.run(rule, b"1;a="), Ok(None));
}

/// RFC 8089 section 2 as printed (`tests/fixtures/rfc8089.abnf`, copied verbatim from the RFC;
/// IETF Trust, code components under the Revised BSD licence), with RFC 3986 and RFC 5234's core
/// rules as libraries.
fn file_uri(captures: &str) -> Result<CompiledParsers, Vec<Diagnostic>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
    let read = |path: &str| std::fs::read_to_string(root.join(path)).expect("readable");
    let files = [
        SourceFile::new("rfc8089.abnf", read("uri-gen/tests/fixtures/rfc8089.abnf")),
        SourceFile::library("rfc3986.abnf", read("abnf/rfc3986.abnf")),
        SourceFile::library("rfc5234-core.abnf", read("abnf/rfc5234-core.abnf")),
    ];
    let options = Options { roots: uri_gen::Roots::Only(vec!["file-URI".to_owned()]), ..Options::default() };
    compile_parsers(&files, "rfc8089.captures", captures, &options).map_err(|d| d.0)
}

#[test]
fn rfc8089_localhost_is_a_literal_flag_once_the_reading_is_declared() {
    // `file-auth = "localhost" / host`: "localhost" is also a reg-name.
    let errors = file_uri("parser File file-URI\ncapture localhost \"localhost\"\ncapture host host\n")
        .expect_err("refused");
    assert_eq!(errors.iter().map(|e| e.pos.line).collect::<Vec<_>>(), vec![2, 3], "{errors:?}");
    assert!(errors[0].message.contains("reads as `localhost` = `"), "{}", errors[0].message);
    // A host may be empty, and the authority is optional: `file:///` reads two ways.
    assert!(
        errors[1].message.contains("`FILE:///` reads as `host` = `` (7..7) or as `host` unset"),
        "{}",
        errors[1].message
    );
    let parsers = file_uri(
        "parser File file-URI\ncapture localhost \"localhost\" prefer=earliest\ncapture host host prefer=earliest\n\
         capture path path-absolute\n",
    )
    .expect("compiles");
    assert_eq!(texts(&parsers, "file://localhost/etc"), vec![some("localhost"), None, some("/etc")]);
    assert_eq!(texts(&parsers, "file://LocalHost/etc"), vec![some("LocalHost"), None, some("/etc")]);
    assert_eq!(texts(&parsers, "file://example.com/x"), vec![None, some("example.com"), some("/x")]);
    assert_eq!(texts(&parsers, "file:/x"), vec![None, None, some("/x")]);
    assert_eq!(texts(&parsers, "file:///x"), vec![None, some(""), some("/x")]);
    agree(&parsers, Encoding::Utf8, 300);
}

#[test]
fn captures_over_recursive_rules_are_refused_with_the_way_out() {
    // As RFC 6068 over RFC 5322, whose comments nest: the parser is refused, and the note says
    // how to narrow the recursive rules.
    let grammar = "top = word [ comment ]\nword = 1*ALPHA\ncomment = \"(\" *( ALPHA / comment ) \")\"\n\
                   ALPHA = %x61-7A\n";
    let errors = compile(grammar, "parser Top top\ncapture w word\n").expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind, DiagnosticKind::Recursion);
    assert!(
        errors[0].notes.iter().any(|n| n.contains("parser `Top`") && n.contains("override file")),
        "{errors:?}"
    );
}
