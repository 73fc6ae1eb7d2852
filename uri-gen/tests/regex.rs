//! `uri_gen::tools::regex`: the expression of every regular rule, compiled by the `regex` crate, against
//! the rule's minimized DFA on sampled members, their mutations and short byte strings, for UTF-8
//! grammars (code points above ASCII included) and an octet grammar.

use std::path::Path;
use std::time::Instant;

use regex::bytes::Regex;
use uri_gen::tools::regex::rule_regex;
use uri_gen::tools::Sampler;
use uri_gen::{compile_program, Encoding, Options, Program, Roots, SourceFile};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root")
}

fn load(files: &[(&str, bool)], encoding: Encoding) -> Program {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|&(name, library)| {
            let text = std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            if library {
                SourceFile::library(name, text)
            } else {
                SourceFile::new(name, text)
            }
        })
        .collect();
    let options = Options { encoding, roots: Roots::All, ..Options::default() };
    compile_program(&sources, &options).unwrap_or_else(|d| panic!("{d}"))
}

/// Compares the expression of every regular rule of `program` with its DFA; the number of cases.
fn compare(program: &Program, seed: u64, per_rule: usize) -> usize {
    let mut sampler = Sampler::new(&program.grammar, program.encoding, seed);
    let mut cases = 0;
    let mut failures = Vec::new();
    for rule in program.grammar.ids().filter(|&r| program.is_regular(r)) {
        let name = &program.grammar.rule(rule).name;
        let pattern = rule_regex(&program.grammar, rule, program.encoding, true).expect("regular");
        let re = Regex::new(&pattern).unwrap_or_else(|e| panic!("`{name}`: {pattern}: {e}"));
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for _ in 0..per_rule {
            let member = sampler.sample(rule);
            inputs.push(sampler.mutate(&member));
            inputs.push(member);
        }
        for b in 0..=255u8 {
            inputs.push(vec![b]);
        }
        inputs.push(Vec::new());
        for input in inputs {
            cases += 1;
            if re.is_match(&input) != program.matches(rule, &input) {
                failures.push(format!(
                    "`{name}` on {:?}: regex {}",
                    String::from_utf8_lossy(&input),
                    re.is_match(&input)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    cases
}

#[test]
fn expressions_agree_with_the_dfa_on_every_regular_rule() {
    let started = Instant::now();
    let core = ("abnf/rfc5234-core.abnf", true);
    let mut cases = 0;
    cases += compare(&load(&[("abnf/rfc3986.abnf", false), core], Encoding::Utf8), 1, 60);
    cases += compare(&load(&[("abnf/rfc3987.abnf", false), core], Encoding::Utf8), 2, 60);
    cases += compare(
        &load(&[("abnf/rfc7405.abnf", false), ("abnf/rfc7405-usage.abnf", false), core], Encoding::Utf8),
        3,
        60,
    );
    cases += compare(&load(&[("abnf/rfc8259-json.abnf", false), core], Encoding::Utf8), 4, 60);
    let octets = Options { encoding: Encoding::Octets, roots: Roots::All, ..Options::default() };
    let text = "frame = %x00-1F 1*( %x80-FF / %x41 ) %xFF\nhigh = *%xC0-C3 [ \"ab\" ]\n";
    let program = compile_program(&[SourceFile::new("octets.abnf", text)], &octets).expect("compiles");
    cases += compare(&program, 5, 100);
    println!("{cases} cases, no disagreement, in {:.1?}", started.elapsed());
    assert!(cases > 30_000, "only {cases} cases");
}

#[test]
fn expressions_of_rfc_rules_read_like_the_grammar() {
    let program = load(&[("abnf/rfc3986.abnf", false), ("abnf/rfc5234-core.abnf", true)], Encoding::Utf8);
    let re = |name: &str| {
        let rule = program.grammar.lookup(name).expect("a rule");
        rule_regex(&program.grammar, rule, Encoding::Utf8, false).expect("regular")
    };
    assert_eq!(re("pct-encoded"), "%[0-9A-Fa-f]{2}");
    assert_eq!(re("scheme"), "[A-Za-z][+\\-.0-9A-Za-z]*");
    assert_eq!(re("IPv4address"), "(?:(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])\\.){3}(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])");
    assert_eq!(re("path-empty"), "");
    // Pinned so that growth is a decision.
    assert!(re("URI-reference").len() <= 4300, "{}", re("URI-reference").len());
    let iri = load(&[("abnf/rfc3987.abnf", false), ("abnf/rfc5234-core.abnf", true)], Encoding::Utf8);
    let rule = iri.grammar.lookup("iprivate").expect("iprivate");
    assert_eq!(
        rule_regex(&iri.grammar, rule, Encoding::Utf8, false).expect("regular"),
        "[\\x{E000}-\\x{F8FF}\\x{F0000}-\\x{FFFFD}\\x{100000}-\\x{10FFFD}]"
    );
}
