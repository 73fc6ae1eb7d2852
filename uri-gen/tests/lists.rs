//! List captures (`occurs=all`) and the length preferences (`prefer=shortest`,
//! `prefer=longest`): what they give, the refusals at the declaration's line, the reference
//! compared with the parsers and the span automata over sampled inputs, lists over the scheme
//! grammars of `abnf/`, and generated modules that compile clippy-clean in a `no_std` crate and
//! give the occurrences at run time.

use std::path::{Path, PathBuf};
use std::process::Command;

use uri_gen::capture::reference::Reference;
use uri_gen::tools::Sampler;
use uri_gen::{
    compile_parsers, Build, CompiledParsers, Diagnostic, DiagnosticKind, Encoding, Options, Roots, SourceFile,
};

/// RFC 3966's shape: parameters after a number, `ext=` also a parameter's text.
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

/// Items that may be empty, between commas.
const ITEMS: &str = "list = item *( \",\" item )\nitem = *ALPHA\nALPHA = %x61-7A\n";

/// RFC 6068's difficulty in small: the address admits the `?` that starts the header fields.
const MAIL: &str = "\
mail = to [ \"?\" hfields ]
to = 1*( ALPHA / \"?\" / \"=\" )
hfields = hfield *( \"&\" hfield )
hfield = 1*ALPHA \"=\" *ALPHA
ALPHA = %x61-7A
";

fn compile(grammar: &str, captures: &str) -> Result<CompiledParsers, Vec<Diagnostic>> {
    compile_parsers(&[SourceFile::new("g.abnf", grammar)], "g.captures", captures, &Options::default())
        .map_err(|d| d.0)
}

/// The occurrences of list `k` (counting lists only) after parsing `input` with the first
/// parser, as text: the span the parser recorded, split by the list's span automaton.
fn list(parsers: &CompiledParsers, k: usize, input: &str) -> Vec<String> {
    let slots = parsers.tdfa.run(0, input.as_bytes()).expect("matches");
    let split = &parsers.lists[k];
    let (Some(start), Some(end)) = (slots[2 * split.capture], slots[2 * split.capture + 1]) else {
        return Vec::new();
    };
    let found = split.occurrences(&input.as_bytes()[start..end]).expect("the span automaton reads the span");
    found.iter().map(|&(s, e)| input[start + s..start + e].to_owned()).collect()
}

/// The text of capture `i` after parsing `input` with the first parser.
fn text(parsers: &CompiledParsers, i: usize, input: &str) -> Option<String> {
    let slots = parsers.tdfa.run(0, input.as_bytes()).expect("matches");
    Some(input[slots[2 * i]?..slots[2 * i + 1]?].to_owned())
}

#[test]
fn a_list_gives_every_occurrence_in_match_order() {
    let parsers =
        compile(TEL, "parser Tel tel\ncapture pars par occurs=all\ncapture n number\n").expect("compiles");
    assert_eq!(list(&parsers, 0, "1;a=2;ext=3;bb=44"), [";a=2", ";ext=3", ";bb=44"]);
    assert_eq!(list(&parsers, 0, "12"), Vec::<String>::new());
    // The span runs from the first occurrence's start to the last one's end.
    assert_eq!(text(&parsers, 0, "1;a=2;b=3"), Some(";a=2;b=3".to_owned()));
    assert_eq!(text(&parsers, 0, "1"), None);
    // Empty occurrences are occurrences.
    let items = compile(ITEMS, "parser List list\ncapture items item occurs=all\n").expect("compiles");
    assert_eq!(list(&items, 0, "ab,,c,"), ["ab", "", "c", ""]);
    assert_eq!(list(&items, 0, ""), [""]);
}

#[test]
fn a_list_in_a_context_counts_only_the_occurrences_there() {
    let grammar = "top = item *( \",\" pair )\npair = item \"=\" item\nitem = 1*ALPHA\nALPHA = %x61-7A\n";
    let parsers =
        compile(grammar, "parser Top top\ncapture items pair/item occurs=all\ncapture all item occurs=all\n")
            .expect("compiles");
    assert_eq!(list(&parsers, 0, "a,b=c,d=e"), ["b", "c", "d", "e"]);
    assert_eq!(list(&parsers, 1, "a,b=c,d=e"), ["a", "b", "c", "d", "e"]);
}

#[test]
fn a_list_whose_occurrences_cannot_be_told_apart_is_refused_at_its_line() {
    // `;ext=3` is a parameter or an extension: whether a parameter starts after `;` is known
    // only later.
    let errors = compile(TEL, "parser Tel tel\n\ncapture params parameter occurs=all prefer=earliest\n")
        .expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!(
        (e.file.as_str(), e.pos.line, e.pos.column, e.kind),
        ("g.captures", 3, 1, DiagnosticKind::Ambiguity)
    );
    assert!(
        e.message.starts_with("list capture `params` cannot be split into its occurrences exactly: in a span that starts `A=0;E`, before the byte `E` (after `A=0;`) one reading may go on")
            && e.message.contains("and another start an occurrence"),
        "{}",
        e.message
    );
    // Items with nothing between them.
    let errors = compile(
        "top = 1*word\nword = 1*ALPHA\nALPHA = %x61-7A\n",
        "parser Top top\ncapture words word occurs=all prefer=earliest\n",
    )
    .expect_err("refused");
    assert!(
        errors[0].message.contains("before the byte `a` (after `a`) one reading may go on"),
        "{}",
        errors[0].message
    );
    // Nullable items repeated: infinitely many empty occurrences.
    let errors = compile(
        "top = *item\nitem = *ALPHA\nALPHA = %x61-7A\n",
        "parser Top top\ncapture items item occurs=all prefer=earliest\n",
    )
    .expect_err("refused");
    assert!(errors[0].message.starts_with("list capture `items` cannot be split"), "{}", errors[0].message);
}

#[test]
fn options_are_checked_at_their_column_and_length_preferences_at_their_line() {
    let cases = [
        (
            "capture v pvalue occurs=every\n",
            18,
            "expected `occurs=first`, `occurs=last`, `occurs=all` or `occurs=span`, found `occurs=every`",
        ),
        (
            "capture v pvalue prefer=greedy\n",
            18,
            "expected `prefer=earliest`, `prefer=shortest` or `prefer=longest`",
        ),
        ("capture v pvalue order=all\n", 18, "unknown option `order`"),
    ];
    for (line, column, message) in cases {
        let errors = compile(TEL, &format!("parser Tel tel\n{line}")).expect_err(line);
        assert_eq!((errors[0].pos.line, errors[0].pos.column), (2, column), "{line}: {errors:?}");
        assert!(errors[0].message.contains(message), "{line}: {}", errors[0].message);
    }
    let errors =
        compile(TEL, "parser Tel tel\ncapture v pvalue occurs=last prefer=longest\n").expect_err("refused");
    assert_eq!((errors[0].pos.line, errors[0].pos.column), (2, 1));
    assert!(
        errors[0].message.contains("gives `prefer=` a length and `occurs=` an occurrence"),
        "{}",
        errors[0].message
    );
    let errors =
        compile(MAIL, "parser Mail mail\ncapture to to prefer=shortest\ncapture h hfields prefer=longest\n")
            .expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].pos.line, 3);
    assert!(errors[0].message.contains("prefers a length, as capture `to` does"), "{}", errors[0].message);
    // Readings that differ in where the capture starts are not a matter of length.
    let errors =
        compile(MAIL, "parser Mail mail\ncapture fields hfields prefer=shortest\n").expect_err("refused");
    assert_eq!(errors[0].pos.line, 2);
    assert!(
        errors[0]
            .message
            .starts_with("capture `fields` can start at different places in one input: `a?a=` reads as"),
        "{}",
        errors[0].message
    );
    // A name a list's span accessor would take.
    let errors = compile(TEL, "parser Tel tel\ncapture pars par occurs=all\ncapture pars_span number\n")
        .expect_err("refused");
    assert_eq!(errors[0].pos.line, 3, "{errors:?}");
    assert!(errors[0].message.contains("pars_span"), "{}", errors[0].message);
}

#[test]
fn shortest_and_longest_choose_where_a_capture_ends() {
    let shortest = compile(
        MAIL,
        "parser Mail mail\ncapture to to prefer=shortest\ncapture fields hfields prefer=earliest\n",
    )
    .expect("compiles");
    let input = "a?subject=x";
    assert_eq!(
        (text(&shortest, 0, input), text(&shortest, 1, input)),
        (Some("a".into()), Some("subject=x".into()))
    );
    let longest = compile(
        MAIL,
        "parser Mail mail\ncapture to to prefer=longest\ncapture fields hfields prefer=earliest\n",
    )
    .expect("compiles");
    assert_eq!((text(&longest, 0, input), text(&longest, 1, input)), (Some(input.into()), None));
    // Length before the order of alternatives.
    let x = compile("top = x *\"b\"\nx = \"a\" / \"ab\"\n", "parser Top top\ncapture x x prefer=longest\n")
        .expect("compiles");
    assert_eq!(text(&x, 0, "abb"), Some("ab".into()));
    // Where one reading only exists, both give it.
    assert_eq!(text(&shortest, 0, "a?b"), Some("a?b".into()));
    // Without a preference, the ambiguity is refused.
    let errors = compile(MAIL, "parser Mail mail\ncapture to to\n").expect_err("refused");
    assert!(errors[0].message.contains("prefer=earliest"), "{}", errors[0].message);
}

/// Every sampled input of every parser: the parser's slots and the span automata's occurrences
/// are the reference's.
fn agree(parsers: &CompiledParsers, samples: usize) {
    let reference = Reference::new(&parsers.grammar, &parsers.spec, Encoding::Utf8);
    let mut sampler = Sampler::new(&parsers.grammar, Encoding::Utf8, 11).with_limits(6, 40);
    let mut compared = 0;
    for (p, parser) in parsers.spec.parsers.iter().enumerate() {
        for _ in 0..samples {
            let input = sampler.sample(parser.rule);
            let shown = String::from_utf8_lossy(&input);
            let expected = match reference.reading(parser.rule, &input) {
                Ok(Some(reading)) => reading,
                other => panic!("reference on {shown:?}: {other:?}"),
            };
            let got = parsers.tdfa.run(p, &input).expect("a sample matches");
            assert_eq!(got, expected.slots, "{}: {shown:?}", parser.name);
            for split in &parsers.lists {
                let i = split.capture;
                let found = match (got[2 * i], got[2 * i + 1]) {
                    (Some(s), Some(e)) => {
                        let found = split.occurrences(&input[s..e]).unwrap_or_else(|| panic!("{shown:?}"));
                        found.into_iter().map(|(a, b)| (a + s, b + s)).collect()
                    }
                    _ => Vec::new(),
                };
                assert_eq!(found, expected.lists[i], "{}: list {i} of {shown:?}", parser.name);
            }
            compared += 1;
        }
    }
    assert_eq!(compared, samples * parsers.spec.parsers.len());
}

#[test]
fn parsers_and_span_automata_agree_with_the_reference_on_sampled_inputs() {
    let modules = [
        (TEL, "parser Tel tel\ncapture pars par occurs=all\ncapture n number\ncapture names par/parameter/pname occurs=first prefer=earliest\n"),
        (ITEMS, "parser List list\ncapture items item occurs=all\n"),
        // A literal as a list, and two lists over one input.
        (ITEMS, "parser List list\ncapture commas \",\" occurs=all\ncapture items item occurs=all\n"),
        (
            "top = item *( \",\" pair )\npair = item \"=\" item\nitem = 1*ALPHA\nALPHA = %x61-7A\n",
            "parser Top top\ncapture items pair/item occurs=all\ncapture all item occurs=all\ncapture pairs pair occurs=all\n",
        ),
        (MAIL, "parser Mail mail\ncapture to to prefer=shortest\ncapture fields hfield occurs=all prefer=earliest\n"),
        (MAIL, "parser Mail mail\ncapture to to prefer=longest\ncapture fields hfield occurs=all prefer=earliest\n"),
        (
            "top = word [ \"x\" ] *DIGIT\nword = 1*ALPHA\nALPHA = %x61-7A\nDIGIT = %x30-39\n",
            "parser Top top\ncapture word word prefer=shortest\n",
        ),
        (
            "top = word [ \"x\" ] *DIGIT\nword = 1*ALPHA\nALPHA = %x61-7A\nDIGIT = %x30-39\n",
            "parser Top top\ncapture word word prefer=longest\n",
        ),
        // The longest reading through the later alternative, a capture after another one.
        ("top = x *\"b\"\nx = \"a\" / \"ab\"\n", "parser Top top\ncapture x x prefer=longest\n"),
        ("top = x *\"b\"\nx = \"a\" / \"ab\"\n", "parser Top top\ncapture x x prefer=shortest\n"),
        (
            "top = head *( ALPHA / DIGIT ) [ tail ]\nhead = \"#\" word\ntail = \";\" word\nword = 1*ALPHA *DIGIT\n\
             ALPHA = %x61-62\nDIGIT = %x30-31\n",
            "parser Top top\ncapture w head/word prefer=longest\ncapture v tail prefer=earliest\n",
        ),
        (
            "top = head *( ALPHA / DIGIT ) [ tail ]\nhead = \"#\" word\ntail = \";\" word\nword = 1*ALPHA *DIGIT\n\
             ALPHA = %x61-62\nDIGIT = %x30-31\n",
            "parser Top top\ncapture w head/word prefer=shortest\ncapture t tail/word prefer=earliest\n",
        ),
    ];
    for (grammar, captures) in modules {
        let parsers = compile(grammar, captures).unwrap_or_else(|e| panic!("{captures}: {e:?}"));
        agree(&parsers, 300);
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A scheme grammar of `abnf/` with its libraries and root, and a capture declaration.
fn scheme(grammars: &[&str], libraries: &[&str], root: &str, captures: &str) -> CompiledParsers {
    let files: Vec<SourceFile> = grammars
        .iter()
        .map(|g| SourceFile::new(*g, read(g)))
        .chain(libraries.iter().chain(&["abnf/rfc5234-core.abnf"]).map(|l| SourceFile::library(*l, read(l))))
        .collect();
    let options = Options { roots: Roots::Only(vec![root.to_owned()]), ..Options::default() };
    compile_parsers(&files, "test.captures", captures, &options).unwrap_or_else(|d| panic!("{captures}: {d}"))
}

// The examples below are quoted from the RFCs named beside them (the IETF Trust's Code
// Components, Simplified BSD License; see `abnf/README.md`).

#[test]
fn lists_over_the_scheme_grammars_give_each_parameter() {
    // RFC 5870 section 6.2 and 6.4: `;u=` is the uncertainty, the rest are parameters.
    let geo = scheme(
        &["abnf/rfc5870-wgs84.abnf"],
        &["abnf/rfc5870.abnf"],
        "geo-URI",
        "parser Geo geo-URI\ncapture params parameter occurs=all prefer=earliest\ncapture u uval prefer=earliest\n",
    );
    assert_eq!(list(&geo, 0, "geo:48.198634,16.371648;crs=wgs84;u=40"), Vec::<String>::new());
    assert_eq!(list(&geo, 0, "geo:13.4125,103.8667;u=35;x-tag=a;b"), [";x-tag=a", ";b"]);
    agree(&geo, 200);
    // RFC 2397 section 4's `text/plain;charset=iso-8859-7` (its `%fg` is no escape, so other
    // data here) with a second parameter and `;base64`, which is not among them.
    let data = scheme(
        &["abnf/rfc2397-data.abnf"],
        &[],
        "dataurl",
        "parser Data dataurl\ncapture params parameter occurs=all\ncapture base64 \";base64\"\n",
    );
    let input = "data:text/plain;charset=iso-8859-7;x=y;base64,%be%e4%be";
    assert_eq!(list(&data, 0, input), ["charset=iso-8859-7", "x=y"]);
    assert_eq!(text(&data, 1, input), Some(";base64".to_owned()));
    assert_eq!(list(&data, 0, "data:,A%20brief%20note"), Vec::<String>::new());
    agree(&data, 200);
    // RFC 3966: an ISDN subaddress's value may hold `;`, so `;isub=1;x=y` is one subaddress or
    // a subaddress and a parameter, which only the end of the input can tell; refused.
    let files = [
        SourceFile::new("abnf/rfc3966.abnf", read("abnf/rfc3966.abnf")),
        SourceFile::library("abnf/rfc5234-core.abnf", read("abnf/rfc5234-core.abnf")),
    ];
    let options = Options { roots: Roots::Only(vec!["telephone-uri".to_owned()]), ..Options::default() };
    let errors = compile_parsers(
        &files,
        "tel.captures",
        "parser Tel telephone-uri\ncapture pars global-number/par occurs=all\n",
        &options,
    )
    .expect_err("refused")
    .0;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].message.contains("in a span that starts `;ISUB=!;`, before the byte `;` (after `;ISUB=!`)"),
        "{}",
        errors[0].message
    );
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const LIB: &str = "\
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(warnings)]

mod uri_gen_runtime {
    include!(\"uri_gen_runtime.rs\");
}

mod tel {
    include!(\"tel.rs\");
}

pub fn first(input: &str) -> Option<&str> {
    tel::parser::Parser::Tel.parse_str(input).ok()?.pars().next()
}

#[cfg(test)]
mod tests {
    use super::tel::parser::Parser;

    #[test]
    fn occurrences() {
        let parsed = Parser::Tel.parse_str(\"1;a=2;ext=3\").unwrap();
        assert_eq!(parsed.pars().collect::<Vec<_>>(), [\";a=2\", \";ext=3\"]);
        assert_eq!(parsed.n(), Some(\"1\"));
        let input = b\"12;b=3\";
        let captures = Parser::Tel.parse(input).unwrap();
        assert_eq!(captures.pars(input).collect::<Vec<_>>(), [(2, 6)]);
        assert_eq!(captures.pars_span(input.len()), Some((2, 6)));
        let none = Parser::Tel.parse(b\"1\").unwrap();
        assert_eq!(none.pars(b\"1\").count(), 0);
        assert_eq!(none.pars_span(1), None);
        // Captures read against a shorter input give nothing rather than a panic.
        assert_eq!(captures.pars(b\"12\").count(), 0);
        let mut set = none;
        set.set_pars_span(Some((2, 6)));
        assert_eq!(set.pars(input).collect::<Vec<_>>(), [(2, 6)]);
    }
}
";

#[test]
fn a_module_with_lists_compiles_clippy_clean_in_a_no_std_crate_and_gives_the_occurrences() {
    let output = Build::new()
        .grammar_text("tel.abnf", TEL)
        .captures_text("tel.captures", "parser Tel tel\ncapture pars par occurs=all\ncapture n number\n")
        .generate()
        .unwrap_or_else(|d| panic!("{d}"));
    let dir = Scratch(std::env::temp_dir().join(format!("uri-gen-lists-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).expect("scratch directory");
    for (name, text) in
        [("tel.rs", &output.module), ("uri_gen_runtime.rs", &output.runtime), ("lib.rs", &LIB.to_owned())]
    {
        std::fs::write(dir.0.join(name), text).expect("write");
    }
    let run = |program: &str, args: &[&str]| {
        let out = Command::new(program)
            .args(["--edition", "2021", "--crate-name", "lists"])
            .args(args)
            .arg(dir.0.join("lib.rs"))
            .output()
            .unwrap_or_else(|e| panic!("{program} runs: {e}"));
        assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    // Clippy's default lints, denied, on the `no_std` library.
    let metadata = dir.0.to_str().expect("a UTF-8 path");
    run(
        "clippy-driver",
        &["--crate-type", "lib", "--emit", "metadata", "--out-dir", metadata, "-D", "warnings"],
    );
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let tests = dir.0.join("tests");
    run(&rustc, &["--test", "-o", tests.to_str().expect("a UTF-8 path")]);
    let out = Command::new(&tests).output().expect("the tests run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn parse_prints_a_list_as_a_json_array() {
    let parsers =
        compile(TEL, "parser Tel tel\ncapture pars par occurs=all\ncapture n number\n").expect("compiles");
    assert_eq!(
        parsers.parse_json(0, b"1;a=2;ext=3"),
        (
            true,
            r#"{"input": "1;a=2;ext=3", "ok": true, "captures": {"pars": [{"start": 1, "end": 5, "text": ";a=2"}, {"start": 5, "end": 11, "text": ";ext=3"}], "n": {"start": 0, "end": 1, "text": "1"}}, "kinds": {}}"#
                .to_owned()
        )
    );
    assert_eq!(
        parsers.parse_json(0, b"1").1,
        r#"{"input": "1", "ok": true, "captures": {"pars": [], "n": {"start": 0, "end": 1, "text": "1"}}, "kinds": {}}"#
    );
}
