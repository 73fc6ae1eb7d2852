//! Every generated module against `uri-gen`'s reference interpreter, for every rule: sampled
//! members, their mutations (once and twice), two members glued together, and short strings of
//! the grammar's own characters.
//!
//! A case is one input checked on one rule of a module: the generated `matches` and
//! `longest_match` must equal the interpreter's, and `valid_up_to` must equal what the library
//! (`Program::recognize`, the same engine over the tables it was generated from) says.
//! Each input is checked on its own rule and on a rotating handful of the others, so that a member
//! of one rule is also a near miss of its neighbours.

use std::cell::RefCell;
use std::path::Path;
use std::time::Instant;

use grammar_tests::generated::*;
use proptest::collection::vec;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use uri_gen::rtn::program::DEFAULT_DEPTH_LIMIT;
use uri_gen::tools::Interpreter;
use uri_gen::tools::Sampler;
use uri_gen::{Program, RuleId};
use xtask::project::GRAMMAR_MODULES;

/// `matches`, `longest_match` and `valid_up_to` of the rule named so in a generated module.
type Generated = fn(&str, &[u8]) -> Option<(bool, Option<usize>, usize)>;

macro_rules! generated {
    ($module:ident) => {
        |name: &str, input: &[u8]| {
            let rule = $module::Rule::from_name(name)?;
            Some((rule.matches(input), rule.longest_match(input), rule.valid_up_to(input)))
        }
    };
}

/// Each generated module by its name in `GRAMMAR_MODULES`.
const MODULES: &[(&str, Generated)] = &[
    ("iri", generated!(iri)),
    ("zone_id", generated!(zone_id)),
    ("json", generated!(json)),
    ("imf", generated!(imf)),
    ("abnf", generated!(abnf)),
    ("case_sensitive", generated!(case_sensitive)),
    ("http_lists", generated!(http_lists)),
    ("http_lists_recipient", generated!(http_lists_recipient)),
    ("http", generated!(http)),
    ("http_fields", generated!(http_fields)),
    ("http_message", generated!(http_message)),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("workspace root")
}

struct Check<'a> {
    module: &'a str,
    program: &'a Program,
    generated: Generated,
    cases: usize,
    failures: Vec<String>,
}

impl<'a> Check<'a> {
    /// A check of the generated module `module` against `program`, compiled from its grammar.
    fn new(module: &'a str, program: &'a Program) -> Check<'a> {
        let generated = MODULES.iter().find(|(name, _)| *name == module).map(|&(_, g)| g);
        let generated = generated.unwrap_or_else(|| panic!("no generated module `{module}` in this test"));
        Check { module, program, generated, cases: 0, failures: Vec::new() }
    }

    /// Checks `input` on `rules`.
    fn input(&mut self, input: &[u8], rules: &[RuleId]) {
        let mut interp = Interpreter::new(&self.program.grammar, self.program.encoding, input);
        for &rule in rules {
            self.cases += 1;
            let name = &self.program.grammar.rule(rule).name;
            let Some((matches, longest, valid)) = (self.generated)(name, input) else {
                self.failures.push(format!("{}: no rule `{name}` in the generated module", self.module));
                continue;
            };
            let want = (interp.matches(rule), interp.longest_match(rule));
            let library = self
                .program
                .recognize(rule, input, DEFAULT_DEPTH_LIMIT)
                .map_or_else(|m| m.index, |()| input.len());
            if (matches, longest) != want || valid != library {
                self.failures.push(format!(
                    "{}: rule `{name}` on {:?}: generated (matches, longest, valid_up_to) = {:?}, interpreter {want:?}, library valid_up_to {library}",
                    self.module,
                    String::from_utf8_lossy(input),
                    (matches, longest, valid)
                ));
            }
        }
    }
}

/// Fails with the first disagreements, if there are any.
fn assert_no_disagreement(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} disagreements, the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn runner(cases: u32) -> TestRunner {
    let defaults = Config::default();
    let rng_seed = match defaults.rng_seed {
        RngSeed::Random => RngSeed::Fixed(8259),
        seed => seed,
    };
    TestRunner::new(Config { cases, rng_seed, failure_persistence: None, ..defaults })
}

#[test]
fn every_generated_rule_agrees_with_the_interpreter() {
    let started = Instant::now();
    let mut total = 0;
    let mut failures = Vec::new();
    assert_eq!(MODULES.len(), GRAMMAR_MODULES.len(), "a module is missing from this test");
    for (m, module) in GRAMMAR_MODULES.iter().enumerate() {
        let program = module.compile(root()).unwrap_or_else(|e| panic!("{e:#}"));
        let mut check = Check::new(module.name, &program);
        let rules: Vec<RuleId> = program.grammar.ids().collect();
        // Larger grammars get fewer samples per rule; every rule gets some.
        let per_rule = (600 / rules.len()).clamp(3, 20);
        let mut sampler = Sampler::new(&program.grammar, program.encoding, m as u64).with_limits(10, 300);
        for (r, &rule) in rules.iter().enumerate() {
            for i in 0..per_rule {
                let Some(member) = sampler.try_sample(rule) else {
                    check.failures.push(format!(
                        "{}: rule `{}` matches nothing",
                        module.name,
                        program.grammar.rule(rule).name
                    ));
                    break;
                };
                // The rule itself and six others, rotating.
                let others: Vec<RuleId> = std::iter::once(rule)
                    .chain((1..=6).map(|k| rules[(r + k * (i + 1)) % rules.len()]))
                    .collect();
                check.input(&member, &others);
                let once = sampler.mutate(&member);
                check.input(&once, &others);
                let twice = sampler.mutate(&once);
                check.input(&twice, &others);
                let mut glued = member.clone();
                glued.extend(sampler.try_sample(others[1]).unwrap_or_default());
                check.input(&glued, &others);
            }
        }
        // Short strings over the characters the grammar text uses, and bytes of UTF-8 sequences.
        let mut alphabet: Vec<u8> = module
            .sources(root())
            .unwrap_or_else(|e| panic!("{e:#}"))
            .iter()
            .take(1)
            .flat_map(|f| f.text.bytes().filter(u8::is_ascii_graphic).collect::<Vec<_>>())
            .collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        alphabet.extend([b' ', b'\t', b'\r', b'\n', 0x00, 0x80, 0xC3, 0xA9, 0xE2, 0xFF]);
        let strings = RefCell::new(Vec::new());
        let _ = runner(150).run(&vec(select(alphabet), 0..16), |input| {
            strings.borrow_mut().push(input);
            Ok::<(), TestCaseError>(())
        });
        for (i, input) in strings.into_inner().iter().enumerate() {
            let some: Vec<RuleId> = (0..8).map(|k| rules[(i * 8 + k) % rules.len()]).collect();
            check.input(input, &some);
        }
        println!("{}: {} rules, {} cases", module.name, rules.len(), check.cases);
        total += check.cases;
        failures.extend(check.failures);
    }
    assert_no_disagreement(&failures);
    println!("{total} cases compared, no disagreement, in {:.1?}", started.elapsed());
    assert!(total > 50_000, "only {total} cases");
}

/// The AVX2 walk reads the input in 64-byte blocks: a member of every rule, repeated to
/// lengths on both sides of the first two block edges, each also with one byte replaced by DEL
/// (which no grammar here allows in a run) or by 0xE9 (a byte from 0x80 on, which only the
/// octet grammar `http_fields` allows) at the end and around the first edge. On a CPU without
/// those walks this checks the table walk the same way.
#[test]
fn runs_across_64_byte_blocks_agree_with_the_interpreter() {
    let mut total = 0;
    let mut failures = Vec::new();
    for (m, module) in GRAMMAR_MODULES.iter().enumerate() {
        let program = module.compile(root()).unwrap_or_else(|e| panic!("{e:#}"));
        let mut check = Check::new(module.name, &program);
        let rules: Vec<RuleId> = program.grammar.ids().collect();
        let mut sampler = Sampler::new(&program.grammar, program.encoding, 64 + m as u64).with_limits(10, 80);
        for &rule in &rules {
            let Some(member) = sampler.try_sample(rule).filter(|m| !m.is_empty()) else { continue };
            let long: Vec<u8> = member.iter().copied().cycle().take(130).collect();
            for len in (61..=66).chain(126..=129) {
                let input = &long[..len];
                check.input(input, &[rule]);
                for at in [len - 1, 62, 63, 64].into_iter().filter(|&at| at < len) {
                    for byte in [0x7F, 0xE9] {
                        let mut bad = input.to_vec();
                        bad[at] = byte;
                        check.input(&bad, &[rule]);
                    }
                }
            }
        }
        total += check.cases;
        failures.extend(check.failures);
    }
    assert_no_disagreement(&failures);
    println!("{total} cases compared at block edges, no disagreement");
    assert!(total > 20_000, "only {total} cases");
}
