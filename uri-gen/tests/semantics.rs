//! RFC 5234 (and RFC 7405) meaning of small grammars: which strings each construct accepts, with
//! every case compiled by `uri_gen::compile` and run on the minimized DFA.

use uri_gen::{compile, Encoding, Options, Roots, SourceFile};

const CORE: &str = include_str!("../../abnf/rfc5234-core.abnf");

/// A grammar, a rule of it and strings the rule must and must not match as a whole.
struct Case {
    what: &'static str,
    /// `(file name, text)`; a name starting with `rfc5234-core` is loaded as a library.
    files: &'static [(&'static str, &'static str)],
    rule: &'static str,
    yes: &'static [&'static str],
    no: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        what: "quoted strings are case-insensitive",
        files: &[("g.abnf", "a = \"abc\"\n")],
        rule: "a",
        yes: &["abc", "ABC", "aBc"],
        no: &["ab", "abcd", "a-c"],
    },
    Case {
        what: "case-insensitivity only folds ASCII letters",
        files: &[("g.abnf", "a = \"x-1[\"\n")],
        rule: "a",
        yes: &["x-1[", "X-1["],
        no: &["x_1[", "X-1{", "x-!["],
    },
    Case {
        what: "HEXDIG from the core rules accepts a-f",
        files: &[("g.abnf", "h = 1*HEXDIG\n"), ("rfc5234-core.abnf", CORE)],
        rule: "h",
        yes: &["0", "09af", "DEADbeef", "AbCdEf"],
        no: &["", "g", "0x1", " 1"],
    },
    Case {
        what: "%s strings are case-sensitive (RFC 7405)",
        files: &[("g.abnf", "a = %s\"aB\"\n")],
        rule: "a",
        yes: &["aB"],
        no: &["ab", "AB", "Ab"],
    },
    Case {
        what: "%i strings are case-insensitive (RFC 7405)",
        files: &[("g.abnf", "a = %i\"aB\" %S\"c\"\n")],
        rule: "a",
        yes: &["abc", "ABc", "aBc"],
        no: &["abC", "ab"],
    },
    Case {
        what: "value ranges",
        files: &[("g.abnf", "a = %x41-5A\n")],
        rule: "a",
        yes: &["A", "M", "Z"],
        no: &["a", "@", "[", "AA", ""],
    },
    Case {
        what: "decimal and binary ranges",
        files: &[("g.abnf", "a = %d48-57 %b1100001-1100011\n")],
        rule: "a",
        yes: &["0a", "9c", "5b"],
        no: &["0d", "a0", "0A"],
    },
    Case {
        what: "value concatenations",
        files: &[("g.abnf", "crlf = %x0D.0A\nsame = %d13.10\nbits = %b1101.1010\n")],
        rule: "crlf",
        yes: &["\r\n"],
        no: &["\r", "\n", "\n\r", "\r\n\r\n"],
    },
    Case {
        what: "decimal value concatenations",
        files: &[("g.abnf", "crlf = %x0D.0A\nsame = %d13.10\nbits = %b1101.1010\n")],
        rule: "same",
        yes: &["\r\n"],
        no: &["\r", "\n"],
    },
    Case {
        what: "binary value concatenations",
        files: &[("g.abnf", "crlf = %x0D.0A\nsame = %d13.10\nbits = %b1101.1010\n")],
        rule: "bits",
        yes: &["\r\n"],
        no: &["\r", "\n"],
    },
    Case {
        what: "upper-case %X, %D, %B read as lower case, and values are case-sensitive",
        files: &[("g.abnf", "a = %X41 %D66 %B1000011\n")],
        rule: "a",
        yes: &["ABC"],
        no: &["abc", "AB"],
    },
    Case {
        what: "n*m repetition",
        files: &[("g.abnf", "a = 2*3\"x\"\n")],
        rule: "a",
        yes: &["xx", "xxx", "XxX"],
        no: &["", "x", "xxxx"],
    },
    Case {
        what: "*m repetition has minimum 0",
        files: &[("g.abnf", "a = *1( \"a\" \"b\" ) \"c\"\n")],
        rule: "a",
        yes: &["c", "abc"],
        no: &["ac", "ababc", "ab"],
    },
    Case {
        what: "n* repetition has no maximum",
        files: &[("g.abnf", "a = 2*\"x\"\n")],
        rule: "a",
        yes: &["xx", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
        no: &["", "x"],
    },
    Case {
        what: "* alone is any number",
        files: &[("g.abnf", "a = *\"x\" \"y\"\n")],
        rule: "a",
        yes: &["y", "xy", "xxxxxy"],
        no: &["", "x", "yx"],
    },
    Case {
        what: "nX is exactly n",
        files: &[("g.abnf", "a = 3DIGIT\n"), ("rfc5234-core.abnf", CORE)],
        rule: "a",
        yes: &["123", "000"],
        no: &["12", "1234", "12a"],
    },
    Case {
        what: "zero repetitions and 0<prose> are the empty string",
        files: &[("g.abnf", "a = \"x\" 0\"y\" 0<anything> *0\"z\"\n")],
        rule: "a",
        yes: &["x"],
        no: &["xy", "xz", "x<anything>", ""],
    },
    Case {
        what: "path-empty = 0<pchar> matches only the empty string",
        files: &[("g.abnf", "path-empty = 0<pchar>\n")],
        rule: "path-empty",
        yes: &[""],
        no: &["a", "pchar"],
    },
    Case {
        what: "the empty string literal",
        files: &[("g.abnf", "a = \"\" \"x\" \"\"\n")],
        rule: "a",
        yes: &["x"],
        no: &["", "xx"],
    },
    Case {
        what: "options",
        files: &[("g.abnf", "a = \"a\" [ \"b\" ] \"c\"\n")],
        rule: "a",
        yes: &["ac", "abc"],
        no: &["abbc", "a", "bc"],
    },
    Case {
        what: "nested options and groups",
        files: &[("g.abnf", "a = \"<\" [ \"x\" [ \",\" ( \"y\" / \"z\" ) ] ] \">\"\n")],
        rule: "a",
        yes: &["<>", "<x>", "<x,y>", "<x,z>"],
        no: &["<,y>", "<x,>", "<xy>"],
    },
    Case {
        what: "alternation is a union, not ordered choice",
        files: &[("g.abnf", "a = ( \"a\" / \"ab\" ) \"c\"\n")],
        rule: "a",
        yes: &["ac", "abc"],
        no: &["abbc", "c"],
    },
    Case {
        what: "concatenation binds tighter than alternation",
        files: &[("g.abnf", "a = \"a\" \"b\" / \"c\"\n")],
        rule: "a",
        yes: &["ab", "c"],
        no: &["ac", "abc", "a"],
    },
    Case {
        what: "=/ adds alternatives within a file",
        files: &[("g.abnf", "a = \"x\" \"y\"\nb = \"q\"\na =/ \"z\"\na =/ \"w\" / b\n")],
        rule: "a",
        yes: &["xy", "z", "w", "q"],
        no: &["x", "xz", "zw", ""],
    },
    Case {
        what: "=/ adds alternatives across files",
        files: &[("one.abnf", "a = \"x\" / \"y\"\n"), ("two.abnf", "\n   a =/ \"z\" ; from another file\n")],
        rule: "a",
        yes: &["x", "y", "z"],
        no: &["xy", ""],
    },
    Case {
        what: "rule names are case-insensitive",
        files: &[("g.abnf", "Top = SUB / sub-Two\nsub = \"x\"\nSUB-TWO = \"y\"\n")],
        rule: "TOP",
        yes: &["x", "y"],
        no: &["xy", "sub"],
    },
    Case {
        what: "references across files",
        files: &[
            ("one.abnf", "pair = left \"=\" right\n"),
            ("two.abnf", "left = 1*ALPHA\nright = 1*DIGIT\n"),
            ("rfc5234-core.abnf", CORE),
        ],
        rule: "pair",
        yes: &["a=1", "Key=42"],
        no: &["=1", "a=", "1=a"],
    },
    Case {
        what: "comments end rules, but not inside strings or prose",
        files: &[("g.abnf", "a = \";\" / \"x\" ; a comment \"y\"\n    / 0<;> \"z\" ; another\n")],
        rule: "a",
        yes: &[";", "x", "z"],
        no: &["y", "\"y\"", ""],
    },
    Case {
        what: "code points above 0x7F match as UTF-8",
        files: &[("g.abnf", "a = %xE9 / %x20AC / %x1F600\n")],
        rule: "a",
        yes: &["\u{e9}", "\u{20ac}", "\u{1f600}"],
        no: &["e", "\u{e8}", "\u{20ad}", "\u{e9}\u{e9}"],
    },
    Case {
        what: "ranges above 0x7F cover every code point in them",
        files: &[("g.abnf", "ucschar = %xA0-D7FF / %xF900-FDCF / %x10000-1FFFD\n")],
        rule: "ucschar",
        yes: &["\u{a0}", "\u{e9}", "\u{d7ff}", "\u{f900}", "\u{10000}", "\u{1f600}", "\u{1fffd}"],
        no: &["\u{9f}", "a", "\u{e000}", "\u{fdd0}", "\u{1fffe}", "\u{20000}"],
    },
];

fn files_of(case: &Case) -> Vec<SourceFile> {
    case.files
        .iter()
        .map(|&(name, text)| {
            if name.starts_with("rfc5234-core") {
                SourceFile::library(name, text)
            } else {
                SourceFile::new(name, text)
            }
        })
        .collect()
}

#[test]
fn every_case_accepts_and_rejects_what_rfc_5234_says() {
    let options = Options { roots: Roots::All, ..Options::default() };
    let mut failures = Vec::new();
    for case in CASES {
        let compiled = match compile(&files_of(case), &options) {
            Ok(compiled) => compiled,
            Err(diags) => {
                failures.push(format!("{}: does not compile:\n{diags}", case.what));
                continue;
            }
        };
        if !compiled.warnings.is_empty() {
            failures.push(format!("{}: unexpected warnings {:?}", case.what, compiled.warnings));
        }
        let Some(rule) = compiled.grammar.lookup(case.rule) else {
            failures.push(format!("{}: no rule `{}`", case.what, case.rule));
            continue;
        };
        for (inputs, expected) in [(case.yes, true), (case.no, false)] {
            for input in inputs {
                if compiled.matches(rule, input.as_bytes()) != expected {
                    failures.push(format!(
                        "{}: `{}` matches {input:?} should be {expected}",
                        case.what, case.rule
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn utf8_ranges_never_match_invalid_utf8() {
    let options = Options { roots: Roots::All, ..Options::default() };
    let compiled = compile(&[SourceFile::new("g.abnf", "any = *%x0-10FFFF\n")], &options)
        .unwrap_or_else(|d| panic!("{d}"));
    let any = compiled.grammar.lookup("any").expect("any is defined");
    assert!(compiled.matches(any, "a\u{0}\u{7f}\u{80}\u{ffff}\u{10ffff}".as_bytes()));
    for bad in [&[0x80][..], &[0xC0, 0x80], &[0xED, 0xA0, 0x80], &[0xF4, 0x90, 0x80, 0x80], &[0xE9], &[0xFF]]
    {
        assert!(!compiled.matches(any, bad), "{bad:02X?} is not UTF-8");
    }
}

#[test]
fn octet_grammars_match_bytes() {
    let options = Options { encoding: Encoding::Octets, roots: Roots::All, ..Options::default() };
    let text = "a = %xE9 / %x80-FF \"z\"\n";
    let compiled = compile(&[SourceFile::new("g.abnf", text)], &options).unwrap_or_else(|d| panic!("{d}"));
    let a = compiled.grammar.lookup("a").expect("a is defined");
    assert!(compiled.matches(a, &[0xE9]));
    assert!(compiled.matches(a, &[0x80, b'z']));
    assert!(compiled.matches(a, &[0xFF, b'Z']));
    assert!(!compiled.matches(a, "\u{e9}".as_bytes()), "UTF-8 é is two octets");
    assert!(!compiled.matches(a, &[0x7F, b'z']));
}

#[test]
fn core_rules_match_their_definitions() {
    let grammar = "all = ALPHA BIT CHAR CR CRLF CTL DIGIT DQUOTE HEXDIG HTAB LF LWSP OCTET SP VCHAR WSP\n";
    let files = [SourceFile::new("g.abnf", grammar), SourceFile::library("rfc5234-core.abnf", CORE)];
    let compiled = compile(&files, &Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let g = &compiled.grammar;
    let rule = |name: &str| g.lookup(name).unwrap_or_else(|| panic!("core rule {name} is pulled in"));
    let count = |name: &str| (0u8..=255).filter(|&b| compiled.matches(rule(name), &[b])).count();
    assert_eq!(count("ALPHA"), 52);
    assert_eq!(count("BIT"), 2);
    assert_eq!(count("CHAR"), 127);
    assert_eq!(count("CTL"), 33);
    assert_eq!(count("DIGIT"), 10);
    assert_eq!(count("HEXDIG"), 22);
    assert_eq!(count("VCHAR"), 94);
    assert_eq!(count("WSP"), 2);
    // OCTET is %x00-FF: as UTF-8, the 128 ASCII bytes alone, and two-byte forms above them.
    assert_eq!(count("OCTET"), 128);
    assert!(compiled.matches(rule("OCTET"), "\u{ff}".as_bytes()));
    assert!(compiled.matches(rule("CRLF"), b"\r\n"));
    assert!(!compiled.matches(rule("CRLF"), b"\n"));
    for lwsp in ["", " ", "\t \r\n ", "\r\n\t"] {
        assert!(compiled.matches(rule("LWSP"), lwsp.as_bytes()), "{lwsp:?} is LWSP");
    }
    assert!(!compiled.matches(rule("LWSP"), b"\r\n"), "LWSP cannot end in a bare CRLF");
    // Only the core rules the grammar uses are kept.
    assert_eq!(g.rules.len(), 17);
}

#[test]
fn unused_library_rules_are_dropped() {
    let files = [SourceFile::new("g.abnf", "a = DIGIT\n"), SourceFile::library("rfc5234-core.abnf", CORE)];
    let compiled = compile(&files, &Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let names: Vec<&str> = compiled.grammar.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a", "DIGIT"]);
    assert!(compiled.warnings.is_empty());
}
