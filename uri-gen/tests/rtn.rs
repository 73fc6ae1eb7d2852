//! The recursive transition network and its Earley engine against the reference interpreter, on
//! small recursive grammars that exercise what the RFC grammars do not: left recursion, mutual
//! recursion, rules that match the empty string, heavy ambiguity, recursion under repetitions and
//! code points above ASCII; then the nesting limit, and inputs nested far too deep for any stack.
//!
//! A case is one input compared on one rule: `Program::matches` and `Program::longest_match`
//! against `Interpreter::matches` and `Interpreter::longest_match`, and, when the input does not
//! match, the `Mismatch` of `Program::recognize` checked for consistency (its prefix can still be
//! completed to a member; one more byte cannot).

use std::cell::Cell;
use std::time::Instant;

use proptest::collection::vec;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use uri_gen::rtn::program::DEFAULT_DEPTH_LIMIT;
use uri_gen::tools::Interpreter;
use uri_gen::tools::Sampler;
use uri_gen::{compile_program, Encoding, Options, Program, Roots, RuleId, RuleKind, SourceFile};

/// Recursive grammars, each with a name and its encoding.
const GRAMMARS: &[(&str, &str, Encoding)] = &[
    (
        "brackets.abnf",
        "nest = \"(\" *nest \")\" / \"[\" [ list ] \"]\"\nlist = nest *( \",\" nest )\n\
         pair = nest nest\n",
        Encoding::Utf8,
    ),
    (
        "left.abnf",
        "sum = sum \"+\" term / sum \"-\" term / term\nterm = term \"*\" atom / atom\n\
         atom = 1*DIGIT / \"(\" sum \")\"\nDIGIT = %x30-39\n",
        Encoding::Utf8,
    ),
    ("mutual.abnf", "a = b \"x\" / \"y\"\nb = a \"z\" / c\nc = [ a ] \"w\"\n", Encoding::Utf8),
    (
        "nullable.abnf",
        "s = e s \"a\" / e \"b\" e / \"\"\ne = *( \"c\" ) / f\nf = s f / \"d\"\n",
        Encoding::Utf8,
    ),
    ("ambiguous.abnf", "s = s s / \"a\" / \"b\" s \"b\" / \"\"\nt = s \"!\" s\n", Encoding::Utf8),
    (
        "comment.abnf",
        "comment = \"(\" *( [ FWS ] ccontent ) [ FWS ] \")\"\nccontent = ctext / quoted / comment\n\
         ctext = %x21-27 / %x2A-5B / %x5D-7E / %x80-10FFFF\nquoted = \"\\\" ( %x21-7E / \" \" )\n\
         FWS = 1*( \" \" / %x09 )\ncfws = 1*( [ FWS ] comment ) [ FWS ] / FWS\n\
         word = [ cfws ] 1*%x61-7A [ cfws ]\n",
        Encoding::Utf8,
    ),
    ("octets.abnf", "frame = %x00 *( frame / %x80-FF ) %xFF\nframes = *frame\n", Encoding::Octets),
];

fn program(name: &str, text: &str, encoding: Encoding) -> Program {
    let options = Options { encoding, roots: Roots::All, ..Options::default() };
    compile_program(&[SourceFile::new(name, text)], &options)
        .unwrap_or_else(|diags| panic!("{name} does not compile:\n{diags}"))
}

/// Compares the program with the interpreter on `input` for every rule: the number of cases.
fn compare(program: &Program, input: &[u8]) -> Result<usize, String> {
    let mut interp = Interpreter::new(&program.grammar, program.encoding, input);
    let mut cases = 0;
    for rule in program.grammar.ids() {
        cases += 1;
        let got = (program.matches(rule, input), program.longest_match(rule, input));
        let want = (interp.matches(rule), interp.longest_match(rule));
        let name = &program.grammar.rule(rule).name;
        if got != want {
            return Err(format!(
                "rule `{name}` on {:?}: program (matches, longest) = {got:?}, interpreter = {want:?}",
                String::from_utf8_lossy(input)
            ));
        }
        if let Err(m) = program.recognize(rule, input, DEFAULT_DEPTH_LIMIT) {
            if want.0 {
                return Err(format!("rule `{name}` on {input:?}: recognize says {m:?}"));
            }
            // One more byte than the valid prefix never starts a member; the expected bytes do.
            let prefix = &input[..m.index];
            let next_ok = |b: u8| {
                let mut p = prefix.to_vec();
                p.push(b);
                program.recognize(rule, &p, DEFAULT_DEPTH_LIMIT).map_or_else(|e| e.index > m.index, |()| true)
            };
            if let Some(&b) = input.get(m.index) {
                if next_ok(b) || m.expects(b) {
                    return Err(format!("rule `{name}` on {input:?}: byte {} is taken: {m:?}", m.index));
                }
            }
            if let Some(b) = (0..=255u8).find(|&b| m.expects(b)) {
                if !next_ok(b) {
                    return Err(format!("rule `{name}` on {input:?}: expected byte {b} is not taken: {m:?}"));
                }
            }
        }
    }
    Ok(cases)
}

fn runner(cases: u32) -> TestRunner {
    let defaults = Config::default();
    let rng_seed = match defaults.rng_seed {
        RngSeed::Random => RngSeed::Fixed(5234),
        seed => seed,
    };
    TestRunner::new(Config { cases, rng_seed, failure_persistence: None, ..defaults })
}

#[test]
fn recursive_grammars_compile_to_machines_for_exactly_the_recursive_rules() {
    let p = program(GRAMMARS[0].0, GRAMMARS[0].1, Encoding::Utf8);
    let kinds: Vec<(String, RuleKind)> =
        p.grammar.ids().map(|id| (p.grammar.rule(id).name.clone(), p.kinds[id.index()])).collect();
    assert_eq!(
        kinds,
        [
            ("nest".to_owned(), RuleKind::Recursive),
            ("list".to_owned(), RuleKind::Recursive),
            ("pair".to_owned(), RuleKind::UsesRecursion)
        ]
    );
    assert_eq!(p.rtn.starts.len(), 3);
    let p = program(GRAMMARS[1].0, GRAMMARS[1].1, Encoding::Utf8);
    let digit = p.grammar.lookup("DIGIT").expect("DIGIT");
    assert!(p.is_regular(digit), "regular rules keep their DFA");
    assert_eq!(p.rtn.machine_of_rule[digit.index()], None);
}

#[test]
fn samples_mutations_and_short_strings_agree_with_the_interpreter() {
    let started = Instant::now();
    let mut cases = 0;
    let mut failures = Vec::new();
    for (g, &(name, text, encoding)) in GRAMMARS.iter().enumerate() {
        let p = program(name, text, encoding);
        let mut sampler = Sampler::new(&p.grammar, encoding, g as u64).with_limits(8, 120);
        for rule in p.grammar.ids() {
            for _ in 0..100 {
                let Some(member) = sampler.try_sample(rule) else { break };
                if !Interpreter::new(&p.grammar, encoding, &member).matches(rule) {
                    failures.push(format!("{name}: sample {member:?} is not a member"));
                }
                let once = sampler.mutate(&member);
                let twice = sampler.mutate(&once);
                for input in [&member, &once, &twice] {
                    match compare(&p, input) {
                        Ok(n) => cases += n,
                        Err(e) => failures.push(format!("{name}: {e}")),
                    }
                }
            }
        }
        let alphabet: Vec<u8> =
            text.bytes().filter(|b| b.is_ascii_graphic()).chain([0x00, 0x80, 0xC3, 0xA9, 0xFF]).collect();
        let count = Cell::new(0);
        let result = runner(1000).run(&vec(select(alphabet), 0..14), |input| {
            count.set(count.get() + compare(&p, &input).map_err(TestCaseError::fail)?);
            Ok(())
        });
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
        cases += count.get();
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    println!("{cases} cases compared, no disagreement, in {:.1?}", started.elapsed());
    assert!(cases > 10_000, "only {cases} cases");
}

#[test]
fn left_recursion_and_empty_matches_are_recognized() {
    let p = program(GRAMMARS[1].0, GRAMMARS[1].1, Encoding::Utf8);
    let sum = p.grammar.lookup("sum").expect("sum");
    for yes in ["1", "1+2", "1+2*3-4", "(1+2)*3", "((((7))))", "1*2*3+4*5"] {
        assert!(p.matches(sum, yes.as_bytes()), "{yes}");
    }
    for no in ["", "+1", "1+", "(1", "1+*2", "()"] {
        assert!(!p.matches(sum, no.as_bytes()), "{no}");
    }
    assert_eq!(p.longest_match(sum, b"1+2)"), Some(3));
    let p = program(GRAMMARS[4].0, GRAMMARS[4].1, Encoding::Utf8);
    let s = p.grammar.lookup("s").expect("s");
    assert!(p.matches(s, b""));
    assert!(p.matches(s, b"abaabba"[..0].as_ref()));
    assert!(p.matches(s, b"aabbaabb"));
    assert!(!p.matches(s, b"aba"));
}

#[test]
fn mismatches_say_where_and_what_was_expected() {
    let p = program(GRAMMARS[0].0, GRAMMARS[0].1, Encoding::Utf8);
    let nest = p.grammar.lookup("nest").expect("nest");
    let m = p.recognize(nest, b"([(),x])", DEFAULT_DEPTH_LIMIT).expect_err("no match");
    assert_eq!(m.index, 5);
    assert!(m.expects(b'(') && m.expects(b'[') && !m.expects(b']') && !m.expects(b'x'), "{m:?}");
    assert!(!m.end_allowed && m.too_deep.is_none());
    let m = p.recognize(nest, b"(()", DEFAULT_DEPTH_LIMIT).expect_err("no match");
    assert_eq!(m.index, 3);
    assert!(m.expects(b')') && m.expects(b'(') && m.expects(b'['), "{m:?}");
    let m = p.recognize(nest, b"()()", DEFAULT_DEPTH_LIMIT).expect_err("no match");
    assert_eq!((m.index, m.end_allowed), (2, true));
    let text = uri_gen::rtn::program::describe_mismatch(
        b"([(),x])",
        &p.recognize(nest, b"([(),x])", 64).unwrap_err(),
        64,
    );
    assert_eq!(text, "at byte 5: found `x`; expected one of ( [");
}

/// `depth` brackets open, then `depth` closed.
fn nested(depth: usize) -> Vec<u8> {
    let mut input = vec![b'('; depth];
    input.extend(std::iter::repeat_n(b')', depth));
    input
}

#[test]
fn nesting_deeper_than_the_limit_is_reported_not_overflowed() {
    let p = program(GRAMMARS[0].0, GRAMMARS[0].1, Encoding::Utf8);
    let nest = p.grammar.lookup("nest").expect("nest");
    // `nest` calls itself once per bracket: depth d needs d calls.
    assert!(p.recognize(nest, &nested(10), 10).is_ok());
    let m = p.recognize(nest, &nested(11), 10).expect_err("too deep");
    assert_eq!(m.too_deep, Some(10), "{m:?}");
    let text = uri_gen::rtn::program::describe_mismatch(&nested(11), &m, 10);
    assert!(text.contains("deeper than the limit of 10 at byte 10"), "{text}");
    // A call cut where its rule could not have matched anyway does not make a mismatch unknown.
    let m = p.recognize(nest, &nested(10)[..19], 10).expect_err("one bracket short");
    assert_eq!((m.index, m.too_deep), (19, None));
    // A mismatch before the limit is reached is an ordinary mismatch.
    let m = p.recognize(nest, b"((x", 10).expect_err("no match");
    assert_eq!((m.index, m.too_deep), (2, None));
    // Far deeper than any stack could recurse: a clear error, then a match once allowed.
    let deep = nested(200_000);
    assert!(!p.matches(nest, &deep));
    assert_eq!(
        p.recognize(nest, &deep, DEFAULT_DEPTH_LIMIT).unwrap_err().too_deep,
        Some(DEFAULT_DEPTH_LIMIT)
    );
    assert!(p.recognize(nest, &deep, 200_000).is_ok());
    assert!(p.recognize(nest, &deep[..deep.len() - 1], 200_000).is_err());
}

#[test]
fn long_flat_inputs_run_in_linear_time() {
    // One list of many elements: the item sets stay small, so the cost per byte stays flat.
    let p = program(GRAMMARS[0].0, GRAMMARS[0].1, Encoding::Utf8);
    let nest = p.grammar.lookup("nest").expect("nest");
    let time = |n: usize| {
        let mut input = b"[".to_vec();
        for i in 0..n {
            input.extend_from_slice(if i == 0 { b"(()[])" } else { b",(()[])" });
        }
        input.push(b']');
        let started = Instant::now();
        assert!(p.matches(nest, &input));
        started.elapsed().as_secs_f64()
    };
    time(1_000);
    let (small, large) = (time(20_000), time(80_000));
    assert!(
        large < small * 12.0 + 0.05,
        "4x the input took {:.1}x the time ({small:.3}s, {large:.3}s)",
        large / small
    );
}

#[test]
fn an_empty_language_and_calls_into_it_are_dropped() {
    let p = program("empty.abnf", "a = \"x\" / b\nb = \"(\" b \")\"\nc = a a\n", Encoding::Utf8);
    let a = p.grammar.lookup("a").expect("a");
    let b = p.grammar.lookup("b").expect("b");
    assert!(p.matches(a, b"x"));
    assert!(!p.matches(a, b"(x)"));
    let m = p.recognize(a, b"(", DEFAULT_DEPTH_LIMIT).expect_err("b matches nothing");
    assert_eq!(m.index, 0, "no prefix of a member starts with `(`: {m:?}");
    assert!(!p.matches(b, b"()"));
    assert!(p.samples(b, 1, 0, false).is_err());
    let c = RuleId(2);
    assert!(p.matches(c, b"xx"));
}
