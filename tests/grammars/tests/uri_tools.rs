//! The command-line tools on the RFC 3986 grammar, held against the shipped `uri` crate: the
//! regular expression `uri-gen regex --rule URI-reference` prints agrees with
//! `uri::Rule::UriReference.matches` on the whole conformance set (`tests/data/`, corpora
//! and training inputs included) and on 100,000 sampled strings; `uri-gen sample --rule URI-reference -n 10000` gives
//! members only, and `--invalid` none.

use std::path::Path;
use std::time::Instant;

use regex::bytes::Regex;
use uri::Rule;
use uri_gen::tools::regex::rule_regex;
use uri_gen::{compile_program, Encoding, Options, Program, Roots};
use xtask::project::compile_uri;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("workspace root")
}

/// The RFC 3986 grammar compiled as the command line compiles it for `--rule URI-reference`.
fn program() -> Program {
    let files = xtask::project::uri_sources(root()).expect("the grammar is readable");
    let options = Options { roots: Roots::Only(vec!["URI-reference".to_owned()]), ..Options::default() };
    compile_program(&files, &options).expect("the grammar compiles")
}

/// Every string of the conformance data: inputs, expected outputs, bases and references of the
/// JSON records, the lines of the URL corpora, and the bases and references of the training
/// inputs.
fn conformance_strings() -> Vec<String> {
    let data = root().join("tests/data");
    let mut out = Vec::new();
    for name in [
        "validity.json",
        "components.json",
        "normalization.json",
        "remove_dot_segments.json",
        "resolution.json",
    ] {
        let text = std::fs::read_to_string(data.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let records: Vec<serde_json::Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for record in records {
            for field in ["input", "expected", "base", "ref"] {
                if let Some(s) = record.get(field).and_then(serde_json::Value::as_str) {
                    out.push(s.to_owned());
                }
            }
        }
    }
    let corpora =
        ["kasztp.txt", "isaacs_files.txt", "node_files.txt"].map(|name| data.join("corpus").join(name));
    for path in corpora.iter().chain([&root().join(xtask::project::URI_TRAINING)]) {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in text.lines() {
            if name.ends_with(".csv") {
                out.extend(line.split(',').map(str::to_owned));
            } else {
                out.push(line.trim_start_matches('\u{feff}').to_owned());
            }
        }
    }
    out
}

#[test]
fn the_uri_reference_regex_agrees_with_the_shipped_recognizer() {
    let started = Instant::now();
    let program = program();
    let rule = program.grammar.lookup("URI-reference").expect("URI-reference");
    let pattern = rule_regex(&program.grammar, rule, Encoding::Utf8, true).expect("URI-reference is regular");
    let re = Regex::new(&pattern).expect("the regex crate compiles it");
    let mut failures = Vec::new();
    let strings = conformance_strings();
    let mut matching = 0;
    for s in &strings {
        let want = Rule::UriReference.matches(s.as_bytes());
        matching += usize::from(want);
        if re.is_match(s.as_bytes()) != want {
            failures.push(format!("{s:?}: regex {}, uri {want}", !want));
        }
    }
    assert!(strings.len() > 20_000, "only {} conformance strings", strings.len());
    assert!(matching > 1_000 && matching < strings.len(), "{matching} of {} match", strings.len());
    // 100,000 sampled strings: 50,000 members and 50,000 of their mutations.
    let samples = program.samples(rule, 50_000, 3986, false).expect("samples");
    let mut sampler = uri_gen::tools::Sampler::new(&program.grammar, Encoding::Utf8, 1);
    let mut mutated_members = 0;
    for member in &samples {
        let mutated = sampler.mutate(member);
        for input in [member, &mutated] {
            let want = Rule::UriReference.matches(input);
            if re.is_match(input) != want {
                failures.push(format!("{:?}: regex {}, uri {want}", String::from_utf8_lossy(input), !want));
            }
        }
        mutated_members += usize::from(Rule::UriReference.matches(&mutated));
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    assert!(mutated_members < 45_000, "mutations should often leave the language: {mutated_members}");
    println!(
        "{} conformance strings and 100,000 samples agree ({} bytes of regex) in {:.1?}",
        strings.len(),
        pattern.len(),
        started.elapsed()
    );
}

#[test]
fn samples_match_and_near_misses_do_not() {
    let program = program();
    let rule = program.grammar.lookup("URI-reference").expect("URI-reference");
    let valid = program.samples(rule, 10_000, 0, false).expect("samples");
    let invalid = program.samples(rule, 10_000, 0, true).expect("near misses");
    assert_eq!((valid.len(), invalid.len()), (10_000, 10_000));
    assert!(valid.iter().all(|s| Rule::UriReference.matches(s)));
    assert!(invalid.iter().all(|s| !Rule::UriReference.matches(s)));
    // The samples take every branch of URI-reference: absolute and relative, with and without
    // authority, IPv6, IPv4 and registered names, query and fragment.
    let has = |pred: &dyn Fn(&[u8]) -> bool| valid.iter().any(|s| pred(s));
    assert!(has(&|s| s.contains(&b':') && !s.starts_with(b"/")));
    assert!(has(&|s| s.starts_with(b"//")));
    assert!(has(&|s| s.windows(2).any(|w| w == b"//") && s.contains(&b'[')));
    assert!(has(&|s| s.contains(&b'?')) && has(&|s| s.contains(&b'#')) && has(&|s| s.is_empty()));
    // The library's DFA is the shipped table: the same verdict on every sample.
    let compiled = compile_uri(root()).expect("compiles");
    let id = compiled.grammar.lookup("URI-reference").expect("URI-reference");
    assert!(valid.iter().chain(&invalid).all(|s| compiled.matches(id, s) == Rule::UriReference.matches(s)));
}
