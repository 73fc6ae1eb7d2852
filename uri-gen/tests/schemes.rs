//! The URI scheme grammars of `abnf/` read as their RFCs print them: each checks with its
//! libraries and supplement files and exactly the warnings listed, and each recognizes its RFC's
//! own examples and refuses near misses.
//!
//! The examples are quoted from the RFCs named beside them (the IETF Trust's Code Components,
//! Simplified BSD License; see `abnf/README.md`).

use std::path::Path;
use std::process::Command;

use uri_gen::{check, compile_program, DiagnosticKind, Options, Roots, SourceFile};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

const CORE: &str = "abnf/rfc5234-core.abnf";
const URI: &str = "abnf/rfc3986.abnf";

/// One scheme grammar as `uri-gen check` is given it.
struct Scheme {
    /// Grammar files (positional).
    grammars: &'static [&'static str],
    /// Library files (`--library`), besides the core rules.
    libraries: &'static [&'static str],
    /// `--rule` names, or none for `check`'s default roots.
    roots: &'static [&'static str],
    /// Every warning, as displayed.
    warnings: &'static [&'static str],
}

impl Scheme {
    fn files(&self) -> Vec<SourceFile> {
        let grammars = self.grammars.iter().map(|g| SourceFile::new(*g, read(g)));
        let libraries = self.libraries.iter().chain(&[CORE]).map(|l| SourceFile::library(*l, read(l)));
        grammars.chain(libraries).collect()
    }

    fn options(&self, roots: &[&str]) -> Options {
        let roots = if roots.is_empty() {
            Roots::Unreferenced
        } else {
            Roots::Only(roots.iter().map(|r| r.to_string()).collect())
        };
        Options { roots, ..Options::default() }
    }
}

const TEL: Scheme = Scheme {
    grammars: &["abnf/rfc3966.abnf"],
    libraries: &[],
    roots: &[],
    warnings: &["warning[printed]: abnf/rfc3966.abnf:40:43: repetition `*phonedigit-hex` printed against the `)` before it: read as the next element of the concatenation; RFC 5234 expects whitespace between elements (in rule `local-number-digits`)"],
};

const SIP: Scheme = Scheme {
    grammars: &["abnf/rfc3261-sec25.abnf", "abnf/rfc3261-telephone-subscriber.abnf"],
    libraries: &["abnf/rfc3966.abnf"],
    roots: &["SIP-URI", "SIPS-URI"],
    warnings: &[
        "warning[printed]: abnf/rfc3261-sec25.abnf:220:4: this paragraph reads as prose, though it is indented under rule `port`: read as text, not as part of the rule (in rule `port`)",
        "warning[undefined-rule]: abnf/rfc3261-sec25.abnf:481:22: undefined rule `rquest-uri`; expected a definition `rquest-uri = ...` in one of the grammar files, such as a file of your own given beside them (in rule `digest-uri-value`)",
        "warning[printed]: abnf/rfc3261-sec25.abnf:482:22: this line continues the comment of line 481 without `;`: read as comment text, not as part of rule `digest-uri-value` (in rule `digest-uri-value`)",
        "warning[printed]: abnf/rfc3966.abnf:40:43: repetition `*phonedigit-hex` printed against the `)` before it: read as the next element of the concatenation; RFC 5234 expects whitespace between elements (in rule `local-number-digits`)",
    ],
};

const GEO: Scheme = Scheme {
    grammars: &["abnf/rfc5870-wgs84.abnf"],
    libraries: &["abnf/rfc5870.abnf"],
    roots: &[],
    warnings: &[],
};

const MAILTO: Scheme = Scheme {
    grammars: &["abnf/rfc6068.abnf"],
    libraries: &[URI, "abnf/rfc5322-sec3-4.abnf"],
    roots: &[],
    warnings: &[],
};

const FILE: Scheme =
    Scheme { grammars: &["abnf/rfc8089.abnf"], libraries: &[URI], roots: &[], warnings: &[] };

const FILE_NONSTANDARD: Scheme =
    Scheme { grammars: &["abnf/rfc8089-appendix-f.abnf"], libraries: &[URI], roots: &[], warnings: &[] };

const URN: Scheme = Scheme {
    grammars: &["abnf/rfc8141.abnf", "abnf/rfc8141-alphanum.abnf"],
    libraries: &[URI],
    roots: &[],
    warnings: &[],
};

const DATA: Scheme =
    Scheme { grammars: &["abnf/rfc2397-data.abnf"], libraries: &[], roots: &[], warnings: &[] };

#[test]
fn every_scheme_grammar_checks_with_exactly_its_warnings() {
    for scheme in [&TEL, &SIP, &GEO, &MAILTO, &FILE, &FILE_NONSTANDARD, &URN, &DATA] {
        let (_, warnings) = check(&scheme.files(), &scheme.options(scheme.roots))
            .unwrap_or_else(|d| panic!("{:?}: {d}", scheme.grammars));
        let shown: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        assert_eq!(shown, scheme.warnings, "{:?}", scheme.grammars);
    }
}

/// Every file of the shared scheme collection is in `abnf/` under its own name.
#[test]
fn the_verbatim_scheme_files_are_all_checked() {
    let checked: Vec<&str> = [&TEL, &SIP, &GEO, &MAILTO, &FILE, &FILE_NONSTANDARD, &URN]
        .iter()
        .flat_map(|s| s.grammars.iter().chain(s.libraries))
        .copied()
        .collect();
    for name in [
        "rfc3261-sec25.abnf",
        "rfc3966.abnf",
        "rfc5870.abnf",
        "rfc6068.abnf",
        "rfc8089-appendix-f.abnf",
        "rfc8089.abnf",
        "rfc8141.abnf",
    ] {
        assert!(checked.contains(&format!("abnf/{name}").as_str()), "{name} is not checked");
    }
}

#[test]
fn rfc2397_as_printed_is_refused_as_not_abnf() {
    let files = [SourceFile::new("abnf/rfc2397.abnf", read("abnf/rfc2397.abnf"))];
    let errors = check(&files, &Options::default()).expect_err("`:=` is not ABNF").0;
    let found: Vec<(DiagnosticKind, u32, u32)> =
        errors.iter().map(|d| (d.kind, d.pos.line, d.pos.column)).collect();
    let not_abnf = DiagnosticKind::NotAbnf;
    assert_eq!(found, [(not_abnf, 3, 8), (not_abnf, 4, 8), (not_abnf, 5, 8), (not_abnf, 6, 8)]);
    assert!(errors[0].message.starts_with("`dataurl :=` is not ABNF"), "{}", errors[0].message);

    let output = Command::new(env!("CARGO_BIN_EXE_uri-gen"))
        .args(["check", "abnf/rfc2397.abnf", "--library", CORE])
        .current_dir(root())
        .output()
        .expect("uri-gen runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("error[not-abnf]: abnf/rfc2397.abnf:3:8: `dataurl :=` is not ABNF"), "{stderr}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("0 rules"));
}

#[test]
fn rfc8141_without_its_supplement_is_told_where_alphanum_comes_from() {
    let scheme = Scheme { grammars: &["abnf/rfc8141.abnf"], ..URN };
    let errors = check(&scheme.files(), &scheme.options(&[])).expect_err("alphanum is undefined").0;
    assert_eq!(errors.len(), 3);
    for error in &errors {
        assert_eq!(error.kind, DiagnosticKind::UndefinedRule);
        let note = error.notes.last().expect("a note");
        assert!(
            note.starts_with("the text at abnf/rfc8141.abnf:17:19 says `alphanum` comes from [RFC3986]; if that document does not define it, a supplement file of your own"),
            "{note}"
        );
    }
}

#[test]
fn rfc5870_alone_is_told_to_choose_a_definition() {
    let files = [
        SourceFile::new("abnf/rfc5870.abnf", read("abnf/rfc5870.abnf")),
        SourceFile::library(CORE, read(CORE)),
    ];
    let errors = check(&files, &Options::default()).expect_err("coord-a is defined twice").0;
    let names: Vec<&str> = errors.iter().filter_map(|d| d.rule.as_deref()).collect();
    assert_eq!(names, ["coord-a", "coord-b", "coord-c"]);
    assert!(errors.iter().all(|d| d.kind == DiagnosticKind::DuplicateRule && !d.message.contains("=/")));
    assert!(errors[0].message.contains("`; uri-gen: override coord-a`"), "{}", errors[0].message);
}

/// Matches `inputs` against `rule` of `scheme`, compiled with only that rule as root, as
/// `uri-gen match` does, and returns those whose outcome is not `expected`.
fn mismatches(scheme: &Scheme, rule: &str, inputs: &[&str], expected: bool) -> Vec<String> {
    let program = compile_program(&scheme.files(), &scheme.options(&[rule]))
        .unwrap_or_else(|d| panic!("{:?}: {d}", scheme.grammars));
    let id = program.grammar.lookup(rule).expect("the root is compiled");
    inputs
        .iter()
        .filter(|input| program.recognize(id, input.as_bytes(), 512).is_ok() != expected)
        .map(|input| input.to_string())
        .collect()
}

fn assert_examples(scheme: &Scheme, rule: &str, examples: &[&str], near_misses: &[&str]) {
    assert_eq!(mismatches(scheme, rule, examples, true), Vec::<String>::new(), "examples that do not match");
    assert_eq!(mismatches(scheme, rule, near_misses, false), Vec::<String>::new(), "near misses that match");
}

#[test]
fn tel_examples() {
    // RFC 3966 sections 6 and 7.
    let examples = [
        "tel:+1-201-555-0123",
        "tel:7042;phone-context=example.com",
        "tel:863-1234;phone-context=+1-914-555",
        "tel:+1-212-555-0101",
        "tel:1234;phone-context=munich.example.com",
    ];
    // A local number without its context, a letter that is not a hex digit, a second `+`.
    let near = ["tel:7042", "tel:+1-201-555-01g3", "tel:++1-201-555-0123"];
    assert_examples(&TEL, "telephone-uri", &examples, &near);
}

#[test]
fn sip_examples() {
    // RFC 3261 section 19.1.3 (and the comparisons of 19.1.4).
    let examples = [
        "sip:alice@atlanta.com",
        "sip:alice:secretword@atlanta.com;transport=tcp",
        "sip:+1-212-555-1212:1234@gateway.com;user=phone",
        "sip:alice@192.0.2.4",
        "sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com",
        "sip:alice;day=tuesday@atlanta.com",
        "sip:%61lice@atlanta.com;transport=TCP",
        "sip:bob@biloxi.com:5060",
    ];
    let sips = ["sips:alice@atlanta.com?subject=project%20x&priority=urgent", "sips:1212@gateway.com"];
    // No host, a space, a port that is not a number.
    let near = ["sip:alice@", "sip:alice smith@atlanta.com", "sip:bob@biloxi.com:50a"];
    assert_examples(&SIP, "SIP-URI", &examples, &near);
    assert_examples(&SIP, "SIPS-URI", &sips, &["sip:alice@atlanta.com"]);
}

#[test]
fn tel_subscriber_of_a_sip_uri_is_rfc3966s() {
    // `+1-212-555-1212` is a `telephone-subscriber` of RFC 3966 and a `user` too; a visual
    // separator `(` is allowed only in RFC 3966's `phonedigit`.
    let examples = ["+1-(212)-555-1212", "7042;phone-context=example.com"];
    assert_examples(&SIP, "telephone-subscriber", &examples, &["+1-212-555-1212 "]);
}

#[test]
fn geo_examples() {
    // RFC 5870 sections 1, 6.1, 6.2 and 6.4.
    let examples = [
        "geo:13.4125,103.8667",
        "geo:48.2010,16.3695,183",
        "geo:48.198634,16.371648;crs=wgs84;u=40",
        "geo:90,-22.43;crs=WGS84",
        "geo:66,30;u=6.500;FOo=this%2dthat",
        "geo:70,20;foo=1.00;bar=white",
        "geo:94,0",
        // Another CRS keeps the general form of `coord-a`.
        "geo:123.5,1234.5;crs=mars2000",
    ];
    // Section 6.4 prints `<geo:22.300;-118.44>` with `;` for `,`; a three-digit latitude is
    // outside the WGS-84 form, also with `crs=wgs84` (any case); no coordinates at all.
    let near = ["geo:22.300;-118.44", "geo:123.5,10", "geo:123.5,10;crs=WGS84", "geo:;crs=mars2000"];
    assert_examples(&GEO, "geo-URI", &examples, &near);
}

#[test]
fn mailto_examples() {
    // RFC 6068 sections 2 and 6.1.
    let examples = [
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:%22not%40me%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
    ];
    // A space, an unclosed `[`, two `@` in the address.
    let near = ["mailto:chris @example.com", "mailto:chris@[example.com", "mailto:a@b@example.com"];
    assert_examples(&MAILTO, "mailtoURI", &examples, &near);
}

#[test]
fn file_examples() {
    // RFC 8089 Appendix B, and Appendix F for the nonstandard forms.
    let examples = ["file:///path/to/file", "file:/path/to/file", "file://host.example.com/path/to/file"];
    let near = ["file:path/to/file", "file://host example/path", "file:c:/path/to/file"];
    assert_examples(&FILE, "file-URI", &examples, &near);
    let nonstandard = [
        "file:c:/path/to/file",
        "file:///c:/path/to/file",
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
        "file:c|/path/to/file",
        "file:/c|/path/to/file",
    ];
    // A two-letter drive, a drive without a path, a space in a path.
    let near = ["file:cd:/path/to/file", "file:c:", "file:///c:/path to/file"];
    assert_examples(&FILE_NONSTANDARD, "file-URI", &nonstandard, &near);
}

#[test]
fn urn_examples() {
    // RFC 8141 sections 2.3.1, 2.3.2, 2.3.3 and 3.
    let examples = [
        "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
        "urn:example:weather?=op=map&lat=39.56",
        "urn:example:foo-bar-baz-qux#somepart",
        "urn:example:a123,z456",
        "urn:example:a123,z456?+abc",
        "urn:example:a123,z456?=xyz",
        "urn:example:a123,z456#789",
        "urn:example:a123,z456/foo",
        "urn:example:1/406/47452/2",
    ];
    // A NID ending in `-`, one longer than 32 characters, an empty NSS.
    let near = ["urn:example-:a", "urn:abcdefghijklmnopqrstuvwxyz0123456:a", "urn:example:"];
    assert_examples(&URN, "namestring", &examples, &near);
}

#[test]
fn data_examples() {
    // RFC 2397 section 4 (the image's base64 text cut short: the RFC folds it over lines).
    let examples = [
        "data:,A%20brief%20note",
        "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw",
        "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
    ];
    // Section 4 prints `data:text/plain;charset=iso-8859-7,%be%fg%be`, whose `%fg` is no
    // escape of RFC 2396; a quoted parameter value; no comma.
    let near = [
        "data:text/plain;charset=iso-8859-7,%be%fg%be",
        "data:text/plain;charset=\"x\",a",
        "data:text/plain",
    ];
    assert_examples(&DATA, "dataurl", &examples, &near);
    assert_examples(&DATA, "dataurl", &["data:text/plain;charset=iso-8859-7,%be%f0%be"], &[]);
}
