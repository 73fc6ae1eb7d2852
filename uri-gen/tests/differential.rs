//! Differential tests: the minimized DFA of every rule against the reference interpreter
//! (`uri_gen::tools::Interpreter`), on sampled members, their mutations and short arbitrary byte
//! strings, for the RFC 3986 grammar and for small synthetic grammars.
//!
//! A case is one input compared on one rule: `Compiled::matches` and `Compiled::longest_match`
//! against `Interpreter::matches` and `Interpreter::longest_match`. Every input is compared on
//! every rule of its grammar, so a member of one rule is a near miss or a prefix of another.
//! Beside the samples, one input per DFA transition of every rule (its shortest way in, one byte,
//! its shortest way on to a match) takes the paths that sampling is unlikely to hit.
//! The proptest runs are seeded with a fixed seed unless `PROPTEST_RNG_SEED` says otherwise.

use std::cell::Cell;
use std::sync::OnceLock;
use std::time::Instant;

use proptest::collection::vec;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use uri_gen::plan::share::{share, Shared, MIN_BODY};
use uri_gen::tools::sample::{Sampler, PUNCTUATION};
use uri_gen::tools::Interpreter;
use uri_gen::{compile, Compiled, Encoding, Options, RuleId, SourceFile};

mod uri_grammar;

/// The RFC 3986 grammar, compiled once for all tests of this file.
fn uri() -> &'static Compiled {
    static URI: OnceLock<Compiled> = OnceLock::new();
    URI.get_or_init(uri_grammar::compile_uri)
}

/// Compares the DFA with the interpreter on `input` for every rule. Returns the number of cases
/// compared, or the first disagreement.
fn compare(compiled: &Compiled, encoding: Encoding, input: &[u8]) -> Result<usize, String> {
    compare_rules(compiled, encoding, input, compiled.grammar.ids())
}

/// Compares the DFA with the interpreter on `input` for `rules`.
fn compare_rules(
    compiled: &Compiled,
    encoding: Encoding,
    input: &[u8],
    rules: impl IntoIterator<Item = RuleId>,
) -> Result<usize, String> {
    let mut interp = Interpreter::new(&compiled.grammar, encoding, input);
    let mut cases = 0;
    for rule in rules {
        cases += 1;
        let dfa = (compiled.matches(rule, input), compiled.longest_match(rule, input));
        let reference = (interp.matches(rule), interp.longest_match(rule));
        if dfa != reference {
            return Err(format!(
                "rule `{}` on {:?} (bytes {input:02X?}): dfa (matches, longest_match) = {dfa:?}, \
                 interpreter = {reference:?}",
                compiled.grammar.rule(rule).name,
                String::from_utf8_lossy(input),
            ));
        }
    }
    Ok(cases)
}

/// Cases compared and disagreements found by one test.
#[derive(Default)]
struct Tally {
    cases: usize,
    failures: Vec<String>,
}

impl Tally {
    fn compare(&mut self, compiled: &Compiled, encoding: Encoding, input: &[u8]) {
        match compare(compiled, encoding, input) {
            Ok(n) => self.cases += n,
            Err(e) => self.failures.push(e),
        }
    }

    /// A sample of `rule` must be a member of it; then it is compared like any input.
    fn member(&mut self, compiled: &Compiled, encoding: Encoding, rule: RuleId, input: &[u8]) {
        if !Interpreter::new(&compiled.grammar, encoding, input).matches(rule) {
            let name = &compiled.grammar.rule(rule).name;
            self.failures.push(format!("the sample {:?} is not a `{name}`", String::from_utf8_lossy(input)));
        }
        self.compare(compiled, encoding, input);
    }

    fn finish(self, test: &str, started: Instant, at_least: usize) {
        let shown: Vec<&str> = self.failures.iter().take(20).map(String::as_str).collect();
        assert!(
            self.failures.is_empty(),
            "{test}: {} disagreements in {} cases, the first ones:\n{}",
            self.failures.len(),
            self.cases,
            shown.join("\n")
        );
        println!("{test}: {} cases compared, no disagreement, in {:.1?}", self.cases, started.elapsed());
        assert!(self.cases >= at_least, "{test}: only {} cases compared", self.cases);
    }
}

/// Members of every rule, their mutations (once and twice), and two members glued together,
/// each compared on every rule.
fn sampled_cases(compiled: &Compiled, encoding: Encoding, seed: u64, per_rule: usize) -> Tally {
    let grammar = &compiled.grammar;
    let mut sampler = Sampler::new(grammar, encoding, seed);
    let mut tally = Tally::default();
    let rules: Vec<RuleId> = grammar.ids().collect();
    for &rule in &rules {
        for i in 0..per_rule {
            let member = sampler.sample(rule);
            tally.member(compiled, encoding, rule, &member);
            let once = sampler.mutate(&member);
            tally.compare(compiled, encoding, &once);
            let twice = sampler.mutate(&once);
            tally.compare(compiled, encoding, &twice);
            let other = rules[i % rules.len()];
            let mut glued = member;
            glued.extend(sampler.sample(other));
            tally.compare(compiled, encoding, &glued);
        }
    }
    tally
}

/// Every transition of every rule's DFA, each input compared on its own rule.
fn transition_cases(compiled: &Compiled, encoding: Encoding) -> Tally {
    let completions = compiled.dfa.completions();
    let mut tally = Tally::default();
    for rule in compiled.grammar.ids() {
        if completions[compiled.dfa.starts[rule.index()] as usize].is_none() {
            tally.failures.push(format!("rule `{}` matches nothing", compiled.grammar.rule(rule).name));
        }
        for input in compiled.dfa.transition_cover(&completions, rule.index()) {
            match compare_rules(compiled, encoding, &input, [rule]) {
                Ok(n) => tally.cases += n,
                Err(e) => tally.failures.push(e),
            }
        }
    }
    tally
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
fn uri_members_and_their_mutations_agree_on_every_rule() {
    let started = Instant::now();
    let compiled = uri();
    sampled_cases(compiled, Encoding::Utf8, 3986, 120).finish("sampled", started, 700_000);
}

#[test]
fn uri_dfa_transitions_agree_with_the_interpreter() {
    let started = Instant::now();
    transition_cases(uri(), Encoding::Utf8).finish("transitions", started, 40_000);
}

#[test]
fn proptest_chosen_seeds_and_mutation_rounds_agree() {
    let started = Instant::now();
    let compiled = uri();
    let rules = compiled.grammar.rules.len() as u32;
    let cases = Cell::new(0);
    let strategy = (0..rules, proptest::num::u64::ANY, 0..4usize);
    let result = runner(3000).run(&strategy, |(rule, seed, rounds)| {
        let mut sampler = Sampler::new(&compiled.grammar, Encoding::Utf8, seed);
        let mut input = sampler.sample(RuleId(rule));
        cases.set(cases.get() + compare(compiled, Encoding::Utf8, &input).map_err(TestCaseError::fail)?);
        for _ in 0..rounds {
            input = sampler.mutate(&input);
            cases.set(cases.get() + compare(compiled, Encoding::Utf8, &input).map_err(TestCaseError::fail)?);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let tally = Tally { cases: cases.get(), failures: Vec::new() };
    tally.finish("proptest seeds", started, 117_000);
}

/// Bytes that matter to URI rules, a few that never do, and the parts of UTF-8 sequences.
const URI_BYTES: &[u8] = b"aAfFgGvVzZ0159-._~ \"<>\\^`{|}\x00\x7F\x80\xC3\xA9\xFF";

#[test]
fn proptest_short_byte_strings_agree_on_every_rule() {
    let started = Instant::now();
    let compiled = uri();
    let alphabet: Vec<u8> = PUNCTUATION.iter().chain(URI_BYTES).copied().collect();
    let cases = Cell::new(0);
    let result = runner(4000).run(&vec(select(alphabet), 0..24), |input| {
        cases.set(cases.get() + compare(compiled, Encoding::Utf8, &input).map_err(TestCaseError::fail)?);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let tally = Tally { cases: cases.get(), failures: Vec::new() };
    tally.finish("proptest bytes", started, 156_000);
}

/// Small grammars for the constructs the RFC 3986 grammar does not use, with their encoding.
const SYNTHETIC: &[(&str, &str, Encoding)] = &[
    (
        "case.abnf",
        "greeting = \"Hello\" \" \" ( %s\"World\" / %i\"ThErE\" / \"x-Y\" ) [ \"!\" ]\n\
         keyword  = \"GET\" / \"get\" / %s\"Post\" / %i\"pUt\" / %s\"\" \"z\"\n",
        Encoding::Utf8,
    ),
    (
        "repeat.abnf",
        "counts = 2*3( \"a\" / \"b\" ) 1*2\"c\" *1\"d\" 3\"e\" *2( \"f\" \"g\" ) 4*\"h\"\n\
         digits = 1*4DIGIT \".\" 2DIGIT *( \",\" 0*2DIGIT )\n\
         DIGIT  = %x30-39\n",
        Encoding::Utf8,
    ),
    (
        "options.abnf",
        "nested  = [ \"a\" [ \"b\" [ \"c\" ] ] ] \"d\"\n\
         doubled = [ [ \"x\" ] [ \"y\" ] ] *( [ \"z\" ] \"w\" )\n\
         alt-opt = ( \"p\" / [ \"q\" ] ) ( [ \"r\" ] / \"s\" ) [ nested ]\n",
        Encoding::Utf8,
    ),
    (
        "prose.abnf",
        "wrapped = \"<\" 0<anything at all> \">\" / \"a\" 0*0\"b\" \"c\" / 0<nothing>\n",
        Encoding::Utf8,
    ),
    (
        "utf8.abnf",
        "word = 1*( %x41-5A / %xC0-FF / %x100-7FF / %x800-FFFF / %x10000-10FFFF )\n\
         pair = %xE9 %x20AC / %x1F600-1F64F \"!\"\n\
         edge = %x7F-80 / %x7FF-800 / %xFFFF-10000 / %xD7FF-E000 / %x10FFFF\n",
        Encoding::Utf8,
    ),
    ("octets.abnf", "frame = %x00-1F 1*( %x80-FF / %x41 ) %xFF\nhigh = *%xC0-C3\n", Encoding::Octets),
    ("incremental.abnf", "animal = \"cat\" / \"dog\"\nanimal =/ \"cow\" / %x41-43 2\"!\"\n", Encoding::Utf8),
    (
        "calls.abnf",
        "doc    = \"a\" quoted \"x\" *( \",\" quoted ) / \"b\" [ quoted ] \"y\" / quoted / 2quoted \";\"\n\
         quoted = %x22 *( %x61-66 / \"\\\" ( %x22 / \"\\\" / \"u\" 2( %x30-39 / \"a\" ) ) ) %x22\n\
         inner  = quoted quoted / \"[\" quoted \"]\"\n",
        Encoding::Utf8,
    ),
];

/// Compares the automaton with shared bodies (`uri_gen::plan::share`) with the DFA it came from on
/// `input`, for every rule.
fn compare_shared(compiled: &Compiled, shared: &Shared, input: &[u8]) -> Result<usize, String> {
    for rule in compiled.grammar.ids() {
        let i = rule.index();
        let dfa = (compiled.dfa.matches(i, input), compiled.dfa.longest_match(i, input));
        let calls = (shared.matches(i, input), shared.longest_match(i, input));
        if dfa != calls {
            return Err(format!(
                "rule `{}` on {:?}: dfa (matches, longest_match) = {dfa:?}, shared = {calls:?}",
                compiled.grammar.rule(rule).name,
                String::from_utf8_lossy(input),
            ));
        }
    }
    Ok(compiled.grammar.rules.len())
}

/// Sharing bodies keeps every rule's language: on the RFC 3986 grammar (as shipped) and on the
/// synthetic grammars with the smallest bodies allowed (so that more of them are shared), the
/// shared automaton agrees with the DFA on members, mutations, transition covers and short
/// strings. (The DFA itself is held against the interpreter by the tests above.)
#[test]
fn shared_bodies_keep_every_language() {
    let started = Instant::now();
    let mut grammars: Vec<(String, Compiled, usize)> = vec![("rfc3986".into(), uri().clone(), MIN_BODY)];
    for &(name, text, encoding) in SYNTHETIC {
        let options = Options { encoding, ..Options::default() };
        let compiled = compile(&[SourceFile::new(name, text)], &options)
            .unwrap_or_else(|diags| panic!("{name} does not compile:\n{diags}"));
        grammars.push((name.into(), compiled, 2));
    }
    let mut total = Tally::default();
    let mut bodies = 0;
    for (i, (name, compiled, min_body)) in grammars.iter().enumerate() {
        let shared = share(&compiled.dfa, *min_body);
        bodies += shared.bodies;
        assert_eq!(shared.len() + shared.removed, compiled.dfa.len(), "{name}");
        let mut inputs = Vec::new();
        let completions = compiled.dfa.completions();
        let mut sampler = Sampler::new(&compiled.grammar, Encoding::Utf8, i as u64);
        for rule in compiled.grammar.ids() {
            inputs.extend(compiled.dfa.transition_cover(&completions, rule.index()));
            for _ in 0..200 {
                let member = sampler.sample(rule);
                let mutated = sampler.mutate(&member);
                inputs.push(sampler.mutate(&mutated));
                inputs.push(mutated);
                inputs.push(member);
            }
        }
        for input in &inputs {
            match compare_shared(compiled, &shared, input) {
                Ok(n) => total.cases += n,
                Err(e) => total.failures.push(format!("{name}: {e}")),
            }
        }
    }
    // RFC 3986's `IP-literal`, and `quoted` of calls.abnf (in `doc` and `inner` contexts).
    assert!(bodies >= 2, "only {bodies} bodies shared");
    total.finish("shared", started, 100_000);
}

#[test]
fn synthetic_grammars_agree_with_the_interpreter() {
    let started = Instant::now();
    let mut total = Tally::default();
    for (i, &(name, text, encoding)) in SYNTHETIC.iter().enumerate() {
        let options = Options { encoding, ..Options::default() };
        let compiled = compile(&[SourceFile::new(name, text)], &options)
            .unwrap_or_else(|diags| panic!("{name} does not compile:\n{diags}"));
        for tally in
            [sampled_cases(&compiled, encoding, i as u64, 400), transition_cases(&compiled, encoding)]
        {
            total.cases += tally.cases;
            total.failures.extend(tally.failures.into_iter().map(|f| format!("{name}: {f}")));
        }

        let alphabet: Vec<u8> = text.bytes().chain([0x00, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]).collect();
        let cases = Cell::new(0);
        let result = runner(1000).run(&vec(select(alphabet), 0..12), |input| {
            cases.set(cases.get() + compare(&compiled, encoding, &input).map_err(TestCaseError::fail)?);
            Ok(())
        });
        if let Err(e) = result {
            total.failures.push(format!("{name}: {e}"));
        }
        total.cases += cases.get();
    }
    total.finish("synthetic", started, 50_000);
}
