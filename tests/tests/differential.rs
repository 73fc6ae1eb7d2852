//! The generated `uri::Rule` tables against `uri-gen`'s reference interpreter, on sampled members
//! of every rule, their mutations and short arbitrary byte strings.
//!
//! A case is one input checked on one rule: `matches` and `longest_match` must equal the
//! interpreter's; `valid_up_to` must equal the walk of a freshly compiled DFA up to its dead
//! state, and the prefix it accepts must really start a member: the prefix followed by the DFA's
//! shortest way to an accepting state must match by the interpreter.

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::OnceLock;
use std::time::Instant;

use proptest::collection::vec;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use uri::Rule;
use uri_gen::dfa::DEAD;
use uri_gen::interp::Interpreter;
use uri_gen::sample::{Sampler, PUNCTUATION};
use uri_gen::{Compiled, Encoding, RuleId};

/// The grammar compiled afresh, each shipped rule's id in it, and for every DFA state the
/// shortest input that leads from it to an accepting state.
struct Oracle {
    compiled: Compiled,
    rules: Vec<(Rule, RuleId)>,
    completions: Vec<Option<Vec<u8>>>,
}

fn oracle() -> &'static Oracle {
    static ORACLE: OnceLock<Oracle> = OnceLock::new();
    ORACLE.get_or_init(|| {
        let compiled =
            uri_gen::project::compile_uri(&uri_tests::workspace_root()).expect("the grammar compiles");
        let rules = Rule::ALL
            .iter()
            .map(|&rule| {
                let id =
                    compiled.grammar.lookup(rule.name()).unwrap_or_else(|| panic!("no rule {}", rule.name()));
                (rule, id)
            })
            .collect();
        let completions = completions(&compiled);
        Oracle { compiled, rules, completions }
    })
}

/// For every state, the shortest input (smallest bytes first among equals) from it to an
/// accepting state, found by a breadth-first search backwards from the accepting states.
fn completions(compiled: &Compiled) -> Vec<Option<Vec<u8>>> {
    let dfa = &compiled.dfa;
    let mut into: Vec<Vec<(u32, u8)>> = vec![Vec::new(); dfa.len()];
    for from in 1..dfa.len() as u32 {
        for byte in 0..=255u8 {
            let to = dfa.next(from, byte);
            if to != DEAD {
                into[to as usize].push((from, byte));
            }
        }
    }
    let mut step: Vec<Option<u8>> = vec![None; dfa.len()];
    let mut done: Vec<bool> = dfa.accept.clone();
    let mut queue: VecDeque<u32> = (0..dfa.len() as u32).filter(|&s| dfa.accept[s as usize]).collect();
    while let Some(to) = queue.pop_front() {
        for &(from, byte) in &into[to as usize] {
            if !done[from as usize] {
                done[from as usize] = true;
                step[from as usize] = Some(byte);
                queue.push_back(from);
            }
        }
    }
    (0..dfa.len() as u32)
        .map(|start| {
            if !done[start as usize] {
                return None;
            }
            let (mut state, mut out) = (start, Vec::new());
            while let Some(byte) = step[state as usize] {
                out.push(byte);
                state = dfa.next(state, byte);
            }
            Some(out)
        })
        .collect()
}

/// Checks every shipped rule on `input`. Returns the number of cases, or the first disagreement.
fn check(input: &[u8]) -> Result<usize, String> {
    check_rules(input, &oracle().rules)
}

/// Checks `rules` on `input`. Returns the number of cases, or the first disagreement.
fn check_rules(input: &[u8], rules: &[(Rule, RuleId)]) -> Result<usize, String> {
    let oracle = oracle();
    let (grammar, dfa) = (&oracle.compiled.grammar, &oracle.compiled.dfa);
    let mut interp = Interpreter::new(grammar, Encoding::Utf8, input);
    let show = || format!("{:?} (bytes {input:02X?})", String::from_utf8_lossy(input));
    for &(rule, id) in rules {
        let generated = (rule.matches(input), rule.longest_match(input));
        let reference = (interp.matches(id), interp.longest_match(id));
        if generated != reference {
            return Err(format!(
                "{rule:?} on {}: generated (matches, longest_match) = {generated:?}, interpreter = {reference:?}",
                show()
            ));
        }

        let (mut state, mut viable) = (dfa.starts[id.index()], 0);
        while let Some(&byte) = input.get(viable) {
            let next = dfa.next(state, byte);
            if next == DEAD {
                break;
            }
            state = next;
            viable += 1;
        }
        let valid_up_to = rule.valid_up_to(input);
        if valid_up_to != viable {
            return Err(format!(
                "{rule:?} on {}: generated valid_up_to = {valid_up_to}, dfa walk = {viable}",
                show()
            ));
        }
        // What may follow the live prefix: the shipped tables (with their calls into shared
        // bodies and returns) against the fresh DFA's state there.
        let mut expected = [0u64; 4];
        for byte in 0..=255u8 {
            if dfa.next(state, byte) != DEAD {
                expected[byte as usize / 64] |= 1 << (byte % 64);
            }
        }
        let continuations = rule.continuations(&input[..viable]);
        if continuations != (expected, dfa.accept[state as usize]) {
            return Err(format!(
                "{rule:?} on {}: generated continuations after {viable} bytes = {continuations:?}, dfa = {:?}",
                show(),
                (expected, dfa.accept[state as usize])
            ));
        }
        let Some(completion) = &oracle.completions[state as usize] else {
            return Err(format!("{rule:?} on {}: the dfa state after {viable} bytes cannot accept", show()));
        };
        if !completion.is_empty() {
            let mut member = input[..viable].to_vec();
            member.extend_from_slice(completion);
            if !Interpreter::new(grammar, Encoding::Utf8, &member).matches(id) {
                return Err(format!(
                    "{rule:?} on {}: the prefix of {viable} bytes completed as {:?} is not a member",
                    show(),
                    String::from_utf8_lossy(&member)
                ));
            }
        }
    }
    Ok(rules.len())
}

/// A runner with a fixed seed unless `PROPTEST_RNG_SEED` is set, and no regression files.
fn runner(cases: u32) -> TestRunner {
    let defaults = Config::default();
    let rng_seed = match defaults.rng_seed {
        RngSeed::Random => RngSeed::Fixed(3986),
        seed => seed,
    };
    TestRunner::new(Config { cases, rng_seed, failure_persistence: None, ..defaults })
}

#[test]
fn every_grammar_rule_is_shipped_under_its_name() {
    let oracle = oracle();
    let names: Vec<&str> = oracle.compiled.grammar.rules.iter().map(|r| r.name.as_str()).collect();
    let shipped: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(shipped, names);
    for &(rule, id) in &oracle.rules {
        assert_eq!(Rule::from_name(&rule.name().to_ascii_uppercase()), Some(rule));
        assert_eq!(oracle.compiled.grammar.rule(id).name, rule.name());
    }
}

/// Cases checked and disagreements found.
#[derive(Default)]
struct Tally {
    cases: usize,
    failures: Vec<String>,
}

impl Tally {
    fn check(&mut self, input: &[u8]) {
        match check(input) {
            Ok(n) => self.cases += n,
            Err(e) => self.failures.push(e),
        }
    }
}

#[test]
fn generated_tables_agree_on_members_and_mutations() {
    let started = Instant::now();
    let oracle = oracle();
    let mut sampler = Sampler::new(&oracle.compiled.grammar, Encoding::Utf8, 3986);
    let mut tally = Tally::default();
    for (i, &(rule, id)) in oracle.rules.iter().enumerate() {
        for j in 0..40 {
            let member = sampler.sample(id);
            if !rule.matches(&member) {
                let shown = String::from_utf8_lossy(&member);
                tally.failures.push(format!("{rule:?} rejects {shown:?}, a sample of its grammar rule"));
            }
            tally.check(&member);
            let once = sampler.mutate(&member);
            tally.check(&once);
            tally.check(&sampler.mutate(&once));
            if let Some(miss) = sampler.near_miss(id, |s| rule.matches(s)) {
                tally.check(&miss);
            }
            let (_, other) = oracle.rules[(i + j + 1) % oracle.rules.len()];
            let mut glued = member;
            glued.extend(sampler.sample(other));
            tally.check(&glued);
        }
    }
    let Tally { cases, failures } = tally;
    let shown: Vec<&str> = failures.iter().take(20).map(String::as_str).collect();
    assert!(failures.is_empty(), "{} disagreements in {cases} cases:\n{}", failures.len(), shown.join("\n"));
    println!(
        "generated tables, sampled: {cases} cases compared, no disagreement, in {:.1?}",
        started.elapsed()
    );
    assert!(cases >= 100_000, "only {cases} cases");
}

/// One input per reachable state of `rule`'s DFA and byte class: the shortest way to the state,
/// a byte of the class (a different one of its bytes at each state, so every byte is used), and
/// the shortest way on to a match when the byte leads to a live state.
fn transition_cover(oracle: &Oracle, id: RuleId) -> Vec<Vec<u8>> {
    let dfa = &oracle.compiled.dfa;
    let members: Vec<Vec<u8>> = (0..dfa.classes.len()).map(|c| dfa.classes.members(c).collect()).collect();
    let byte = |state: u32, class: usize| members[class][state as usize % members[class].len()];
    let start = dfa.starts[id.index()];
    let mut paths: Vec<Option<Vec<u8>>> = vec![None; dfa.len()];
    paths[start as usize] = Some(Vec::new());
    let mut order = vec![start];
    let mut next = 0;
    while let Some(&state) = order.get(next) {
        next += 1;
        for class in 0..members.len() {
            let target = dfa.next(state, byte(state, class));
            if target != DEAD && paths[target as usize].is_none() {
                let mut path = paths[state as usize].clone().unwrap_or_default();
                path.push(byte(state, class));
                paths[target as usize] = Some(path);
                order.push(target);
            }
        }
    }
    let mut inputs = Vec::new();
    for &state in &order {
        for class in 0..members.len() {
            let mut input = paths[state as usize].clone().unwrap_or_default();
            input.push(byte(state, class));
            let target = dfa.next(state, byte(state, class));
            if let Some(Some(tail)) = oracle.completions.get(target as usize).filter(|_| target != DEAD) {
                input.extend_from_slice(tail);
            }
            inputs.push(input);
        }
    }
    inputs
}

#[test]
fn generated_tables_agree_on_every_transition() {
    let started = Instant::now();
    let oracle = oracle();
    let mut tally = Tally::default();
    for &(rule, id) in &oracle.rules {
        for input in transition_cover(oracle, id) {
            match check_rules(&input, &[(rule, id)]) {
                Ok(n) => tally.cases += n,
                Err(e) => tally.failures.push(e),
            }
        }
    }
    let Tally { cases, failures } = tally;
    let shown: Vec<&str> = failures.iter().take(20).map(String::as_str).collect();
    assert!(failures.is_empty(), "{} disagreements in {cases} cases:\n{}", failures.len(), shown.join("\n"));
    println!(
        "generated tables, transitions: {cases} cases compared, no disagreement, in {:.1?}",
        started.elapsed()
    );
    assert!(cases >= 10_000, "only {cases} cases");
}

/// Bytes that matter to URI rules, a few that never do, and the parts of UTF-8 sequences.
const URI_BYTES: &[u8] = b"aAfFgGvVzZ0159-._~ \"<>\\^`{|}\x00\x7F\x80\xC3\xA9\xFF";

#[test]
fn generated_tables_agree_on_short_byte_strings() {
    let started = Instant::now();
    let alphabet: Vec<u8> = PUNCTUATION.iter().chain(URI_BYTES).copied().collect();
    let cases = Cell::new(0);
    let result = runner(2000).run(&vec(select(alphabet), 0..24), |input| {
        cases.set(cases.get() + check(&input).map_err(TestCaseError::fail)?);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    println!(
        "generated tables, proptest bytes: {} cases compared, no disagreement, in {:.1?}",
        cases.get(),
        started.elapsed()
    );
    assert!(cases.get() >= 78_000, "only {} cases", cases.get());
}
