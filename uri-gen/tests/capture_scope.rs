//! Two capture options: `in=PARSER,...`, which names the parsers that record a capture (an inner
//! parser run on a span the outer one captured), and `occurs=span`, one span from the first
//! occurrence's start to the last one's end. Each checked on a small grammar, with the
//! positioned errors of a malformed `in=`.

use uri_gen::capture::reference::Reference;
use uri_gen::{compile_parsers, CompiledParsers, Diagnostics, Options, Pos, SourceFile};

/// A host, then parameters, each a name with an optional value.
const GRAMMAR: &str = "\
uri = host params
host = 1*\"h\"
params = *( \";\" param )
param = name [ \"=\" value ]
name = 1*\"n\"
value = 1*\"v\"
";

fn compile(captures: &str) -> Result<CompiledParsers, Diagnostics> {
    compile_parsers(&[SourceFile::new("g.abnf", GRAMMAR)], "g.captures", captures, &Options::default())
}

/// The text of each capture of parser `parser` on `input`, in declaration order.
fn texts<'a>(compiled: &CompiledParsers, parser: &str, input: &'a str) -> Vec<Option<&'a str>> {
    let p = compiled.parser_named(parser).expect("declared");
    let slots = compiled.parse(p, input.as_bytes()).expect("matches");
    // The reference computes the same values from the parse forest.
    let reference = Reference::new(&compiled.grammar, &compiled.spec, Options::default().encoding);
    assert_eq!(reference.run(compiled.spec.parsers[p].rule, input.as_bytes()), Ok(Some(slots.clone())));
    (0..compiled.spec.captures.len()).map(|i| Some(&input[slots[2 * i]?..slots[2 * i + 1]?])).collect()
}

const SCOPED: &str = "\
parser Uri uri
parser Params params
capture host host
capture params params in=Uri
capture value value occurs=last in=Params
";

#[test]
fn a_capture_in_one_parser_is_not_recorded_by_the_others() {
    let compiled = compile(SCOPED).unwrap();
    let input = "hh;n=vv;nn";
    assert_eq!(texts(&compiled, "Uri", input), [Some("hh"), Some(";n=vv;nn"), None]);
    // The inner parser, run on the span the outer one captured.
    assert_eq!(texts(&compiled, "Params", ";n=vv;nn=v"), [None, None, Some("v")]);
}

#[test]
fn the_outer_parser_records_no_inner_capture() {
    // Recorded by both parsers, `value` is set by `Uri` as well; scoped, only by `Params`.
    let everywhere = compile(&SCOPED.replace(" in=Params", "")).unwrap();
    let scoped = compile(SCOPED).unwrap();
    let value = |compiled: &CompiledParsers| {
        let slots = compiled.parse(compiled.parser_named("Uri").unwrap(), b"h;n=v").unwrap();
        (slots[4], slots[5])
    };
    assert_eq!(value(&everywhere), (Some(4), Some(5)));
    assert_eq!(value(&scoped), (None, None));
    assert!(scoped.tdfa.len() <= everywhere.tdfa.len(), "{} {}", scoped.tdfa.len(), everywhere.tdfa.len());
}

#[test]
fn a_span_runs_from_the_first_occurrence_to_the_last() {
    let compiled = compile("parser Uri uri\ncapture list param occurs=span\n").unwrap();
    assert_eq!(texts(&compiled, "Uri", "h;n=v;nn;n"), [Some("n=v;nn;n")]);
    assert_eq!(texts(&compiled, "Uri", "h;nn"), [Some("nn")]);
    assert_eq!(texts(&compiled, "Uri", "h"), [None]);
}

#[test]
fn a_malformed_in_is_an_error_at_its_column() {
    let cases = [
        (
            "parser Uri uri\ncapture host host in=Url\n",
            Pos { line: 2, column: 22 },
            "names no declared parser `Url`",
        ),
        (
            "parser Uri uri\ncapture host host in=Uri,Uri\n",
            Pos { line: 2, column: 22 },
            "parser `Uri` is listed twice",
        ),
        (
            "parser Uri uri\ncapture host host in=Uri in=Uri\n",
            Pos { line: 2, column: 29 },
            "option `in` is given twice",
        ),
    ];
    for (captures, pos, message) in cases {
        let errors = compile(captures).expect_err(captures).0;
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!((errors[0].file.as_str(), errors[0].pos), ("g.captures", pos), "{captures}");
        assert!(errors[0].message.contains(message), "{}", errors[0].message);
    }
}
