//! The `uri-gen` command line, run as a process: what each command prints, its exit status (0 ok,
//! 1 diagnostics or an input that does not match, 2 usage), and no panic on broken grammars.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use uri_gen::tools::escape::unescape;
use uri_gen::tools::regex::rule_regex;
use uri_gen::{compile_program, Encoding, Options, Roots};

mod uri_grammar;

use uri_grammar::compile_uri;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("uri-gen is in a workspace")
}

/// Runs `uri-gen` in the workspace root.
fn uri_gen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uri-gen")).args(args).current_dir(root()).output().expect("uri-gen runs")
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.0.join(name)
    }

    fn to_str(&self) -> Option<&str> {
        self.0.to_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("uri-gen-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}

const JSON: [&str; 2] = ["abnf/rfc8259-json.abnf", "abnf/rfc5234-core.abnf"];
const URI: [&str; 2] = ["abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf"];

#[test]
fn check_prints_the_summary() {
    let out = uri_gen(&["check", JSON[0], JSON[1]]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("31 rules: 27 regular, 4 recursive, 0 using recursive rules"), "{text}");
    assert!(text.contains("recursive: value, object, member, array"), "{text}");
    assert!(text.contains("ambiguous for captures: none"), "{text}");

    let out = uri_gen(&["check", URI[0], URI[1]]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("path: \"\" (path-abempty, path-empty)"), "{text}");
    assert!(text.contains("host: \"0.0.0.0\" (IPv4address, reg-name)"), "{text}");

    let out = uri_gen(&["check", "abnf/rfc5322-sec3-4.abnf", "abnf/rfc5234-core.abnf"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("recursive: ccontent, comment"), "{}", stdout(&out));
    // Its top rules (the rules nothing else uses) are roots, never reported unused.
    assert!(!stderr(&out).contains("warning[unused-rule]"), "{}", stderr(&out));
}

#[test]
fn diagnostics_are_rendered_like_rustc_with_status_1() {
    let dir = scratch("broken");
    let path = dir.join("g.abnf");
    std::fs::write(&path, "a = b\n    / ( \"x\"\nb = c\n").expect("write");
    let out = uri_gen(&["check", path.to_str().expect("utf-8 path")]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(err.contains("error[syntax]: ") && err.contains("g.abnf:2:7: unclosed group"), "{err}");
    assert!(err.contains("2 |     / ( \"x\"\n  |       ^\n"), "{err}");
    assert!(err.contains("error[undefined-rule]") && err.contains("g.abnf:3:5"), "{err}");
    assert!(err.contains("2 error(s), 0 warning(s)"), "{err}");
    // The prose references of RFC 9110 Appendix A are reported where they are.
    let out = uri_gen(&["check", "abnf/rfc9110-appendix-a.abnf", "abnf/rfc5234-core.abnf"]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(
        err.contains("abnf/rfc9110-appendix-a.abnf:175:8: prose value `<port, see [URI], Section 3.2.3>`"),
        "{err}"
    );
    assert!(err.contains("12 error(s)"), "{err}");
}

#[test]
fn usage_errors_have_status_2() {
    for args in [
        &["frobnicate"][..],
        &["check"],
        &["generate", JSON[0]],
        &["match", "--rule", "value"],
        &["sample", JSON[0], "--rule", "value", "-n", "many"],
        &["check", "no/such/file.abnf"],
        &["match", JSON[0], JSON[1], "--rule", "no-such-rule", "x"],
    ] {
        let out = uri_gen(args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{args:?}");
    }
    let out = uri_gen(&["match", JSON[0], JSON[1], "--rule", "vale", "x"]);
    assert!(stderr(&out).contains("no rule named `vale`"), "{}", stderr(&out));
    assert_eq!(code(&uri_gen(&["--help"])), 0);
    assert_eq!(code(&uri_gen(&["--version"])), 0);
}

#[test]
fn match_says_where_an_input_fails_and_what_was_expected() {
    let out = uri_gen(&["match", JSON[0], JSON[1], "--rule", "value", "[1, {\"a\": null}]", "[1, 2,]"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "match: [1, {\"a\": null}]\nno match: [1, 2,]\n  at byte 6: found `]`; expected one of 0x09-0x0A 0x0D 0x20 \" - 0-9 [ f n t {\n"
    );
    let out = uri_gen(&["match", URI[0], URI[1], "--rule", "URI", "http://a/b?c#d"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "match: http://a/b?c#d\n");
    // Inputs from standard input, escaped as `sample` prints them.
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-gen"))
        .args(["match", JSON[0], JSON[1], "--rule", "string", "--stdin", "--escaped"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("uri-gen runs");
    child.stdin.take().expect("stdin").write_all(b"\"caf\\xC3\\xA9\"\n\"\\x01\"\n").expect("write");
    let out = child.wait_with_output().expect("uri-gen ends");
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "match: \"café\"\nno match: \"\\x01\"\n  at byte 1: found byte 0x01; expected one of 0x20 !-~ 0x7F 0xC2-0xF4\n"
    );
}

#[test]
fn match_reports_nesting_beyond_the_limit() {
    let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
    let out = uri_gen(&["match", JSON[0], JSON[1], "--rule", "value", &deep]);
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("rule calls nest deeper than the limit of 512"), "{}", stdout(&out));
    let out = uri_gen(&["match", JSON[0], JSON[1], "--rule", "value", "--depth-limit", "1000", &deep]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn regex_prints_an_expression_for_regular_rules_only() {
    let out = uri_gen(&["regex", URI[0], URI[1], "--rule", "IPv4address"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let re = stdout(&out);
    assert!(re.starts_with("^(?:") && re.ends_with(")$\n"), "{re}");
    let out = uri_gen(&["regex", URI[0], URI[1], "--rule", "pct-encoded", "--bare"]);
    assert_eq!(stdout(&out), "%[0-9A-Fa-f]{2}\n");
    // For URI-reference, the command prints the expression that `grammar-tests` holds against
    // the shipped recognizer on the conformance set and 100,000 samples
    // (`tests/grammars/tests/uri_tools.rs`).
    let out = uri_gen(&["regex", URI[0], URI[1], "--rule", "URI-reference"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let files = uri_grammar::sources();
    let options = Options { roots: Roots::Only(vec!["URI-reference".to_owned()]), ..Options::default() };
    let program = compile_program(&files, &options).expect("the grammar compiles");
    let rule = program.grammar.lookup("URI-reference").expect("URI-reference");
    let expected = rule_regex(&program.grammar, rule, Encoding::Utf8, true).expect("regular");
    assert_eq!(stdout(&out), format!("{expected}\n"));
    let out = uri_gen(&["regex", JSON[0], JSON[1], "--rule", "object"]);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("error[recursion]: abnf/rfc8259-json.abnf:19:1: rule `object` is recursive"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn generate_writes_a_module() {
    let dir = scratch("generate");
    let out_path = dir.join("json.rs");
    let out = uri_gen(&["generate", JSON[0], JSON[1], "--out", out_path.to_str().expect("utf-8 path")]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&out_path).expect("written");
    assert!(text.starts_with(concat!("// ", "\x40generated by uri-gen ")), "{}", &text[..100]);
    assert!(text.contains(
        "// Regenerate with `uri-gen generate abnf/rfc8259-json.abnf abnf/rfc5234-core.abnf --out "
    ));
    assert!(text.contains("// Source: abnf/rfc8259-json.abnf (sha256 "));
    assert!(
        text.contains("pub enum Rule")
            && text.contains("use crate::uri_gen_runtime::earley;")
            && text.contains("pub fn recognize(")
    );
    // The engine is in the runtime file beside the module, not in the module.
    assert!(!text.contains("fn run("), "no walk in the module");
    let runtime_path = dir.join("uri_gen_runtime.rs");
    let runtime = std::fs::read_to_string(&runtime_path).expect("the runtime is written");
    assert!(runtime.contains("pub mod earley"));
    let out_path = dir.join("uri.rs");
    let args = [
        "generate",
        URI[0],
        URI[1],
        "--captures",
        "abnf/rfc3986.captures",
        "--out",
        out_path.to_str().expect("path"),
    ];
    let out = uri_gen(&args);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&out_path).expect("written");
    assert!(text.contains("pub mod rules {") && text.contains("pub mod parser {"));
    assert!(text.contains("// Source: abnf/rfc3986.captures (sha256 "));
    // RFC 3986 needs no engine, but the JSON module beside it does: the runtime keeps it.
    assert!(std::fs::read_to_string(&runtime_path).expect("runtime").contains("pub mod earley"));
    // For RFC 3986 alone, trained on the training URLs of `uri` (bases and references, one per
    // line), the command writes what `cargo xtask regen` writes into `uri`.
    let pairs = std::fs::read_to_string(root().join(uri_grammar::TRAINING)).expect("training file");
    let lines: Vec<&str> =
        pairs.lines().skip(1).filter_map(|l| l.split_once(',')).flat_map(|(b, r)| [b, r]).collect();
    let training = dir.join("training.txt");
    std::fs::write(&training, lines.join("\n")).expect("write");
    let train = format!("URI-reference={}", training.to_str().expect("path"));
    let rules_path = dir.join("rules.rs");
    let out = uri_gen(&[
        "generate",
        URI[0],
        URI[1],
        "--what",
        "RFC 3986 (Appendix A)",
        "--train",
        &train,
        "--vector",
        "--runtime",
        "crate::runtime",
        "--runtime-out",
        dir.join("vector_runtime.rs").to_str().expect("path"),
        "--out",
        rules_path.to_str().expect("path"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let runtime = std::fs::read_to_string(dir.join("vector_runtime.rs")).expect("the runtime is written");
    let shipped_runtime = std::fs::read_to_string(root().join("uri/src/runtime.rs")).expect("uri's runtime");
    assert!(runtime == shipped_runtime, "the written runtime differs from uri's");
    let text = std::fs::read_to_string(&rules_path).expect("written");
    assert!(text.contains(&format!("// Source: {} (sha256 ", training.display())), "{}", &text[..600]);
    let body = |text: &str| text.lines().skip_while(|l| l.starts_with("//")).collect::<Vec<_>>().join("\n");
    let shipped =
        std::fs::read_to_string(root().join("uri/src/generated/rules.rs")).expect("the uri crate's rules");
    assert!(
        body(&std::fs::read_to_string(&rules_path).expect("written")) == body(&shipped),
        "differs from uri's rules.rs"
    );
    let out = uri_gen(&["generate", JSON[0], JSON[1], "--out", "no/such/dir/x.rs"]);
    assert_eq!(code(&out), 2);
    // Training a grammar with recursive rules (matched by the Earley engine) and no parser does
    // nothing: the command says so and leaves the file out of the header.
    let json_train = dir.join("json-train.txt");
    std::fs::write(&json_train, "[1, 2]\n{\"a\": true}\n").expect("write");
    let train = format!("value={}", json_train.to_str().expect("path"));
    let json_out = dir.join("json-trained.rs");
    let out = uri_gen(&[
        "generate",
        JSON[0],
        JSON[1],
        "--train",
        &train,
        "--out",
        json_out.to_str().expect("path"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out).contains("warning: --train has no effect"), "{}", stderr(&out));
    let text = std::fs::read_to_string(&json_out).expect("written");
    assert!(!text.lines().any(|l| l.starts_with("// Source:") && l.contains("json-train.txt")));
    // A malformed `--train`, an unknown rule and a missing file are usage errors that say so.
    for (train, says) in [
        ("URI-reference", "expected RULE=FILE"),
        ("no-such-rule=x.txt", "no rule named `no-such-rule`"),
        ("URI-reference=no/such/file.txt", "cannot read training file no/such/file.txt"),
    ] {
        let out = uri_gen(&[
            "generate",
            URI[0],
            URI[1],
            "--train",
            train,
            "--out",
            out_path.to_str().expect("path"),
        ]);
        assert_eq!(code(&out), 2, "{train}");
        assert!(stderr(&out).contains(says), "{train}: {}", stderr(&out));
    }
    let empty = dir.join("empty.abnf");
    std::fs::write(&empty, "Only prose.\n").expect("write");
    let out =
        uri_gen(&["generate", empty.to_str().expect("path"), "--out", out_path.to_str().expect("path")]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("this file defines no rule"), "{}", stderr(&out));
    // A grammar whose only loop set holds bytes from 0x80 on, which the AVX2 walk cannot
    // classify: even with `--vector`, the module has the table walk alone.
    let high = dir.join("high.abnf");
    std::fs::write(&high, "r = 1*%x80-FF\n").expect("write");
    let high_out = dir.join("high.rs");
    let out = uri_gen(&[
        "generate",
        "--octets",
        "--vector",
        "--runtime-out",
        dir.join("high_runtime.rs").to_str().expect("path"),
        high.to_str().expect("path"),
        "--out",
        high_out.to_str().expect("path"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&high_out).expect("written");
    assert!(text.contains("DFA.run(start, input)") && !text.contains("avx2::run"), "{text}");
    // Modules generated without `--vector` hold no `unsafe`, nor does the runtime written beside
    // them: they compile under `forbid(unsafe_code)`, warnings denied. The RFC 3986 module with
    // the AVX2 walk compiles with its runtime, warnings denied.
    let json_plain = dir.join("json_plain.rs");
    let out = uri_gen(&["generate", JSON[0], JSON[1], "--out", json_plain.to_str().expect("path")]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let crates = [
        (
            "safe",
            "#![forbid(unsafe_code)]\n#![deny(warnings)]\n#[path = \"uri_gen_runtime.rs\"]\nmod uri_gen_runtime;\n\
             #[path = \"json_plain.rs\"]\npub mod json;\n",
        ),
        (
            "vector",
            "#![deny(warnings)]\n#[path = \"vector_runtime.rs\"]\nmod runtime;\n#[path = \"rules.rs\"]\npub mod uri;\n",
        ),
    ];
    for (name, text) in crates {
        let lib = dir.join(format!("{name}.rs"));
        std::fs::write(&lib, text).expect("write");
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
        let out = Command::new(rustc)
            .args([
                "--edition",
                "2021",
                "--crate-type",
                "lib",
                "--emit",
                "metadata",
                "--crate-name",
                name,
                "--out-dir",
            ])
            .arg(&dir.0)
            .arg(&lib)
            .output()
            .expect("rustc runs");
        assert!(out.status.success(), "{name}: {}", stderr(&out));
    }
}

/// The escaped lines of `uri-gen sample`, back as bytes.
fn sample_lines(args: &[&str]) -> Vec<Vec<u8>> {
    let out = uri_gen(args);
    assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
    stdout(&out).lines().map(|l| unescape(l).unwrap_or_else(|e| panic!("{l:?}: {e}"))).collect()
}

#[test]
fn samples_of_uri_reference_match_and_near_misses_do_not() {
    let compiled = compile_uri();
    let rule = compiled.grammar.lookup("URI-reference").expect("URI-reference");
    let valid =
        sample_lines(&["sample", URI[0], URI[1], "--rule", "URI-reference", "-n", "10000", "--seed", "1"]);
    assert_eq!(valid.len(), 10_000);
    let bad: Vec<&Vec<u8>> = valid.iter().filter(|s| !compiled.matches(rule, s)).collect();
    assert!(bad.is_empty(), "{} samples do not match, the first: {:?}", bad.len(), bad[0]);
    let distinct: std::collections::BTreeSet<&Vec<u8>> = valid.iter().collect();
    assert!(distinct.len() > 9_000, "only {} distinct samples", distinct.len());

    let invalid =
        sample_lines(&["sample", URI[0], URI[1], "--rule", "URI-reference", "-n", "10000", "--invalid"]);
    assert_eq!(invalid.len(), 10_000);
    let matching: Vec<&Vec<u8>> = invalid.iter().filter(|s| compiled.matches(rule, s)).collect();
    assert!(matching.is_empty(), "{} near misses match, the first: {:?}", matching.len(), matching[0]);
}

#[test]
fn samples_are_deterministic_per_seed_and_can_go_to_files() {
    let args =
        |seed: &'static str| ["sample", JSON[0], JSON[1], "--rule", "value", "-n", "50", "--seed", seed];
    let (a, b, c) = (sample_lines(&args("7")), sample_lines(&args("7")), sample_lines(&args("8")));
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Every alternative of `value = false / null / true / object / array / number / string`.
    for first in [b'f', b'n', b't', b'{', b'[', b'"'] {
        assert!(a.iter().any(|s| s.first() == Some(&first)), "no sample starts with {}", first as char);
    }
    assert!(a.iter().any(|s| s.first().is_some_and(|b| b.is_ascii_digit() || *b == b'-')));
    let dir = scratch("corpus");
    let out = uri_gen(&[
        "sample",
        JSON[0],
        JSON[1],
        "--rule",
        "value",
        "-n",
        "5",
        "--seed",
        "7",
        "--out-dir",
        dir.to_str().expect("path"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    for (i, sample) in a.iter().take(5).enumerate() {
        assert_eq!(&std::fs::read(dir.join(format!("{i:06}"))).expect("file"), sample);
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-gen"))
        .args(["sample", JSON[0], JSON[1], "--rule", "value", "-n", "200000"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("uri-gen runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
    let out = child.wait_with_output().expect("uri-gen ends");
    assert!(!first.is_empty());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

/// A JSON grammar with random edits: every command ends with status 0, 1 or 2, never a panic.
fn edits() -> impl Strategy<Value = Vec<(usize, u8)>> {
    proptest::collection::vec(
        (0usize..2000, proptest::sample::select(b"%x-/()[]*#<>\"; \n=0aZ".to_vec())),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn broken_grammars_never_panic_the_command_line(edits in edits(), which in 0usize..3) {
        let mut text = std::fs::read(root().join(JSON[0])).expect("json grammar");
        for &(at, byte) in &edits {
            let at = at % (text.len() + 1);
            text.insert(at, byte);
        }
        let dir = scratch("fuzz");
        let path = dir.join("g.abnf");
        std::fs::write(&path, &text).expect("write");
        let path = path.to_str().expect("path");
        let out_file = dir.join("out.rs");
        let args: Vec<&str> = match which {
            0 => vec!["check", path, JSON[1]],
            1 => vec!["generate", path, JSON[1], "--out", out_file.to_str().expect("path")],
            _ => vec!["match", path, JSON[1], "--rule", "value", "[1]", "{"],
        };
        let out = uri_gen(&args);
        prop_assert!(matches!(code(&out), 0..=2), "{args:?}: status {:?}\n{}", out.status, stderr(&out));
        prop_assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
}

#[test]
fn names_bind_by_scope_on_the_command_line() {
    let (http, core, uri) = ("abnf/rfc9110-appendix-a.abnf", "abnf/rfc5234-core.abnf", "abnf/rfc3986.abnf");
    // RFC 9110's `Host` does not replace RFC 3986's `host` inside `authority`.
    let out = uri_gen(&[
        "match",
        http,
        core,
        "--library",
        uri,
        "--rule",
        "absolute-URI",
        "http://h:1/",
        "http://h:1:2/",
    ]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stdout(&out).starts_with("match: http://h:1/\nno match: http://h:1:2/\n"), "{}", stdout(&out));
    assert!(!stderr(&out).contains("error["), "{}", stderr(&out));
    // `uri-host = <host, see [URI], Section 3.2.2>` is RFC 3986's `host`.
    let out = uri_gen(&["match", http, core, "--library", uri, "--rule", "uri-host", "[::1]", "a b"]);
    assert!(stdout(&out).starts_with("match: [::1]\nno match: a b\n"), "{}", stdout(&out));

    // RFC 7230 Appendix B needs a file that defines `uri-host`, and says so.
    let b = "abnf/rfc7230-appendix-b.abnf";
    let out = uri_gen(&["check", b, core, "--library", uri]);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("undefined rule `uri-host`; expected a definition `uri-host = ...` in one of the grammar files, such as a file of your own given beside them"),
        "{}",
        stderr(&out)
    );
    let dir = scratch("binding");
    let supplement = dir.join("uri-host.abnf");
    std::fs::write(&supplement, "uri-host = <host, see [RFC3986], Section 3.2.2>\n").expect("write");
    let out = uri_gen(&["check", b, supplement.to_str().expect("utf-8"), core, "--library", uri]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("overrides: none\n"), "{}", stdout(&out));

    // An override is declared on the command line and listed by `check`.
    let out =
        uri_gen(&["check", core, "--override", "abnf/rfc6874.abnf", "--library", uri, "--rule", "host"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).contains(
            "overrides: 1\n  IP-literal (abnf/rfc6874.abnf:1:4) replaces abnf/rfc3986.abnf:27:4\n    used by: host\n    meaning changed: host\n"
        ),
        "{}",
        stdout(&out)
    );
    let out = uri_gen(&[
        "match",
        core,
        "--override",
        "abnf/rfc6874.abnf",
        "--library",
        uri,
        "--rule",
        "host",
        "[fe80::1%25eth0]",
    ]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
}

/// `--library rfc3986` names the bundled copy when no file of that name exists; a name that is
/// neither a file nor a bundled grammar is a usage error that lists the bundled names.
#[test]
fn library_names_a_bundled_grammar() {
    let out = uri_gen(&[
        "match",
        "abnf/rfc8141.abnf",
        "abnf/rfc8141-alphanum.abnf",
        "--library",
        "rfc3986",
        "--library",
        "rfc5234-core",
        "--rule",
        "namestring",
        "urn:example:a123,z456",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "match: urn:example:a123,z456");

    let out = uri_gen(&["check", "abnf/rfc8141.abnf", "--library", "rfc9999"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("cannot read grammar file rfc9999"), "{err}");
    assert!(err.contains("rfc5234-core, rfc3986"), "{err}");
}
