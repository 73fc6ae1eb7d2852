//! Hand-picked inputs per grammar (`data/cases.json`): RFC examples that a generated rule must
//! accept, and near misses it must reject. Each record is also checked with the reference
//! interpreter, so a wrong record is told apart from a wrong recognizer.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use uri_gen::tools::escape::unescape;
use uri_gen::tools::Interpreter;
use uri_gen::Program;
use xtask::project::GRAMMAR_MODULES;

#[derive(Deserialize)]
struct Case {
    module: String,
    rule: String,
    /// Escaped as `uri-gen sample` prints strings.
    input: String,
    valid: bool,
    source: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("workspace root")
}

#[test]
fn hand_picked_cases_are_accepted_or_rejected_as_the_rfcs_say() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cases.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases: Vec<Case> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut programs: BTreeMap<&str, Program> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for case in &cases {
        let input = unescape(&case.input).unwrap_or_else(|e| panic!("{:?}: {e}", case.input));
        let Some(verdict) = grammar_tests::verdict(&case.module, &case.rule, &input) else {
            failures.push(format!("no rule `{}` in module `{}`", case.rule, case.module));
            continue;
        };
        let module = GRAMMAR_MODULES.iter().find(|m| m.name == case.module).expect("a module of the project");
        let program = programs
            .entry(module.name)
            .or_insert_with(|| module.compile(root()).unwrap_or_else(|e| panic!("{e:#}")));
        let rule = program.grammar.lookup(&case.rule).expect("the rule is in the grammar");
        let reference = Interpreter::new(&program.grammar, program.encoding, &input).matches(rule);
        if verdict.matches != case.valid || reference != case.valid {
            failures.push(format!(
                "{} `{}` on {:?} ({}): expected {}, generated {}, interpreter {}",
                case.module, case.rule, case.input, case.source, case.valid, verdict.matches, reference
            ));
        }
        let count = counts.entry(case.module.as_str()).or_default();
        if case.valid {
            count.0 += 1;
        } else {
            count.1 += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    for (module, (valid, invalid)) in &counts {
        println!("{module}: {valid} valid and {invalid} invalid inputs");
    }
    assert_eq!(counts.len(), GRAMMAR_MODULES.len(), "every module has cases");
}
