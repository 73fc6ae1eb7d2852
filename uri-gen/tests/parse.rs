//! `uri-gen parse`, run as a process: one JSON line per input with the captures and kinds of a
//! capture declaration's parser, or the failing index and the expected bytes; exit status 0 when
//! every input parses, 1 when one does not (or the declaration has errors), 2 for usage errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("uri-gen is in a workspace")
}

fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_uri-gen"));
    command.current_dir(root());
    command
}

/// Runs `uri-gen parse` on RFC 3986 with `abnf/rfc3986.captures`, then `rest`.
fn parse_uri(rest: &[&str]) -> Output {
    let mut args = vec!["parse", "abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf", "--captures", CAPTURES];
    args.extend_from_slice(rest);
    command().args(args).output().expect("uri-gen runs")
}

const CAPTURES: &str = "abnf/rfc3986.captures";

fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The captures of RFC 3986's declaration in order, each `None` or `(start, end, text)`.
fn captures(list: [Option<(usize, usize, &str)>; 8]) -> String {
    let names = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];
    let fields: Vec<String> = names
        .iter()
        .zip(list)
        .map(|(name, c)| match c {
            None => format!("\"{name}\": null"),
            Some((s, e, t)) => format!("\"{name}\": {{\"start\": {s}, \"end\": {e}, \"text\": \"{t}\"}}"),
        })
        .collect();
    fields.join(", ")
}

#[test]
fn rfc3986_components_come_out_as_json_lines() {
    let out = parse_uri(&["http://user@[::1]:80/p?q#f", "//1.2.3.4", "", "mailto:a@b.example", "../g;x?y"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    let expected = [
        format!(
            "{{\"input\": \"http://user@[::1]:80/p?q#f\", \"ok\": true, \"captures\": {{{}}}, \"kinds\": {{\"host\": \"Ipv6\"}}}}",
            captures([
                Some((0, 4, "http")),
                Some((7, 20, "user@[::1]:80")),
                Some((7, 11, "user")),
                Some((12, 17, "[::1]")),
                Some((18, 20, "80")),
                Some((20, 22, "/p")),
                Some((23, 24, "q")),
                Some((25, 26, "f")),
            ])
        ),
        format!(
            "{{\"input\": \"//1.2.3.4\", \"ok\": true, \"captures\": {{{}}}, \"kinds\": {{\"host\": \"Ipv4\"}}}}",
            captures([
                None,
                Some((2, 9, "1.2.3.4")),
                None,
                Some((2, 9, "1.2.3.4")),
                None,
                Some((9, 9, "")),
                None,
                None,
            ])
        ),
        format!(
            "{{\"input\": \"\", \"ok\": true, \"captures\": {{{}}}, \"kinds\": {{\"host\": null}}}}",
            captures([None, None, None, None, None, Some((0, 0, "")), None, None])
        ),
        format!(
            "{{\"input\": \"mailto:a@b.example\", \"ok\": true, \"captures\": {{{}}}, \"kinds\": {{\"host\": null}}}}",
            captures([Some((0, 6, "mailto")), None, None, None, None, Some((7, 18, "a@b.example")), None, None])
        ),
        format!(
            "{{\"input\": \"../g;x?y\", \"ok\": true, \"captures\": {{{}}}, \"kinds\": {{\"host\": null}}}}",
            captures([None, None, None, None, None, Some((0, 6, "../g;x")), Some((7, 8, "y")), None])
        ),
    ];
    assert_eq!(lines, expected);
}

#[test]
fn a_failing_input_gives_its_index_and_the_bytes_match_expects() {
    let out = parse_uri(&["http://a b", "http://[::1", "ok:"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"input\": \"http://a b\", \"ok\": false, \"index\": 8, \"expected\": [\"!\", \"#-;\", \"=\", \"?-Z\", \"_\", \"a-z\", \"~\"], \"end_allowed\": true}\n\
         {\"input\": \"http://[::1\", \"ok\": false, \"index\": 11, \"expected\": [\".\", \"0-:\", \"A-F\", \"]\", \"a-f\"], \"end_allowed\": false}\n\
         {\"input\": \"ok:\", \"ok\": true, \"captures\": {\"scheme\": {\"start\": 0, \"end\": 2, \"text\": \"ok\"}, \"authority\": null, \"userinfo\": null, \"host\": null, \"port\": null, \"path\": {\"start\": 3, \"end\": 3, \"text\": \"\"}, \"query\": null, \"fragment\": null}, \"kinds\": {\"host\": null}}\n"
    );
    // The same index and bytes as `uri-gen match` describes in words.
    let out = command()
        .args([
            "match",
            "abnf/rfc3986.abnf",
            "abnf/rfc5234-core.abnf",
            "--rule",
            "URI-reference",
            "http://[::1",
        ])
        .output()
        .expect("uri-gen runs");
    assert!(
        stdout(&out).contains("at byte 11: the input ends; expected one of . 0-: A-F ] a-f\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn inputs_come_from_stdin_and_may_be_escaped() {
    let mut child = command()
        .args([
            "parse",
            "abnf/rfc3986.abnf",
            "abnf/rfc5234-core.abnf",
            "--captures",
            CAPTURES,
            "--stdin",
            "#x",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("uri-gen runs");
    child.stdin.take().expect("stdin").write_all(b"?q\r\n#\"\\\n").expect("written");
    let out = child.wait_with_output().expect("uri-gen ends");
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).expect("JSON is UTF-8").lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("{\"input\": \"#x\", \"ok\": true,"), "{}", lines[0]);
    assert!(lines[0].contains("\"fragment\": {\"start\": 1, \"end\": 2, \"text\": \"x\"}"), "{}", lines[0]);
    assert!(lines[1].contains("\"query\": {\"start\": 1, \"end\": 2, \"text\": \"q\"}"), "{}", lines[1]);
    // A quote and a backslash are escaped in JSON; neither may appear in a fragment.
    assert_eq!(
        lines[2],
        "{\"input\": \"#\\\"\\\\\", \"ok\": false, \"index\": 1, \"expected\": [\"!\", \"$-;\", \"=\", \"?-Z\", \"_\", \"a-z\", \"~\"], \"end_allowed\": true}"
    );

    // With `--escaped`, `\xHH` stands for a byte: a byte that is not UTF-8 is reported with an
    // escaped twin of the input.
    let mut child = command()
        .args(["parse", "abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf", "--captures", CAPTURES])
        .args(["--stdin", "--escaped"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("uri-gen runs");
    child.stdin.take().expect("stdin").write_all(b"a\\x41\na\\xFFb\n").expect("written");
    let out = child.wait_with_output().expect("uri-gen ends");
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(text.starts_with("{\"input\": \"aA\", \"ok\": true,"), "{text}");
    assert!(
        text.contains(
            "{\"input\": \"a\u{FFFD}b\", \"input_escaped\": \"a\\\\xFFb\", \"ok\": false, \"index\": 1,"
        ),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn captured_text_that_is_not_utf8_gets_an_escaped_twin() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    // A grammar of octets, so that a capture can hold a byte that is not UTF-8.
    let dir = scratch("octets");
    let grammar = dir.join("g.abnf");
    std::fs::write(&grammar, "pair = key \"=\" value\nkey = 1*%x61-7A\nvalue = *%x80-FF\n").expect("written");
    let captures = dir.join("g.captures");
    std::fs::write(&captures, "parser Pair pair\ncapture key key\ncapture value value\n").expect("written");
    let out = command()
        .arg("parse")
        .arg(&grammar)
        .arg("--octets")
        .arg("--captures")
        .arg(&captures)
        .arg(OsStr::from_bytes(b"k=\xFF\xFE"))
        .arg(OsStr::from_bytes("k=é".as_bytes()))
        .output()
        .expect("uri-gen runs");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"input\": \"k=\u{FFFD}\u{FFFD}\", \"input_escaped\": \"k=\\\\xFF\\\\xFE\", \"ok\": true, \"captures\": {\"key\": {\"start\": 0, \"end\": 1, \"text\": \"k\"}, \"value\": {\"start\": 2, \"end\": 4, \"text\": \"\u{FFFD}\u{FFFD}\", \"text_escaped\": \"\\\\xFF\\\\xFE\"}}, \"kinds\": {}}\n\
         {\"input\": \"k=é\", \"ok\": true, \"captures\": {\"key\": {\"start\": 0, \"end\": 1, \"text\": \"k\"}, \"value\": {\"start\": 2, \"end\": 4, \"text\": \"é\"}}, \"kinds\": {}}\n"
    );
}

#[test]
fn the_parser_is_chosen_by_name() {
    let dir = scratch("choose");
    let grammar = dir.join("g.abnf");
    std::fs::write(&grammar, "pair = word \"=\" word\nlist = word *( \",\" word )\nword = 1*%x61-7A\n")
        .expect("written");
    let captures = dir.join("g.captures");
    std::fs::write(&captures, "parser Pair pair\nparser List list\ncapture word word occurs=last\n")
        .expect("written");
    let run = |extra: &[&str]| {
        command()
            .arg("parse")
            .arg(&grammar)
            .arg("--captures")
            .arg(&captures)
            .args(extra)
            .output()
            .expect("uri-gen runs")
    };
    // By default the first parser: `pair`.
    let out = run(&["a=b", "a,b"]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(text.starts_with("{\"input\": \"a=b\", \"ok\": true,"), "{text}");
    assert!(text.contains("{\"input\": \"a,b\", \"ok\": false, \"index\": 1, \"expected\": [\"=\", \"a-z\"], \"end_allowed\": false}"), "{text}");

    let out = run(&["--parser", "List", "abc"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"input\": \"abc\", \"ok\": true, \"captures\": {\"word\": {\"start\": 0, \"end\": 3, \"text\": \"abc\"}}, \"kinds\": {}}\n"
    );

    let out = run(&["--parser", "Lst", "a"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--parser Lst:") && stderr(&out).contains("it declares: Pair, List"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn usage_errors_have_status_2_and_declaration_errors_status_1() {
    let cases: [&[&str]; 3] = [
        &["parse", "--captures", CAPTURES, "x"],
        &["parse", "abnf/rfc3986.abnf", "x"],
        &["parse", "abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf", "--captures", "no-such.captures", "x"],
    ];
    for args in cases {
        let out = command().args(args).output().expect("uri-gen runs");
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = command().args(cases[0]).output().expect("uri-gen runs");
    assert!(stderr(&out).contains("expected grammar files before `--captures`"), "{}", stderr(&out));
    let out = command().args(cases[2]).output().expect("uri-gen runs");
    assert!(stderr(&out).contains("cannot read capture file no-such.captures"), "{}", stderr(&out));

    // A declaration that names a rule the grammar lacks: a positioned diagnostic, status 1.
    let dir = scratch("bad");
    let bad = dir.join("bad.captures");
    std::fs::write(&bad, "parser UriRef URI-reference\ncapture host hots\n").expect("written");
    let out = parse_with(&bad);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("bad.captures:2:14") && stderr(&out).contains("`hots`"),
        "{}",
        stderr(&out)
    );
    // A declaration with no parser: nothing to run.
    let none = dir.join("none.captures");
    std::fs::write(&none, "capture host host\n").expect("written");
    let out = parse_with(&none);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("declares no parser"), "{}", stderr(&out));
}

fn parse_with(captures: &Path) -> Output {
    command()
        .args(["parse", "abnf/rfc3986.abnf", "abnf/rfc5234-core.abnf", "--captures"])
        .arg(captures)
        .arg("http://h/")
        .output()
        .expect("uri-gen runs")
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("uri-gen-parse-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}
