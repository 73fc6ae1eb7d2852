//! Tests of the runtime's Earley engine (`earley.rs`): on a network written by hand, whose
//! answers are worked out below, and on a compiled grammar against the interpreter over the IR.

use super::earley::{run, Entry, Mismatch, Network, Recognizer, Regular};
use crate::tools::interp::Interpreter;
use crate::{compile_program, Options, Roots, SourceFile};

/// `(` and `)` as a 256-bit byte set.
fn bytes(set: &[u8]) -> [u64; 4] {
    let mut words = [0u64; 4];
    for &b in set {
        words[b as usize / 64] |= 1 << (b % 64);
    }
    words
}

/// Byte classes for balanced parentheses: 1 for `(`, 2 for `)`, 0 for every other byte.
static CLASSES: [u8; 256] = {
    let mut classes = [0u8; 256];
    classes[b'(' as usize] = 1;
    classes[b')' as usize] = 2;
    classes
};

/// One machine, `P = "(" P ")" P / ""`: state 1 starts (and accepts), `(` leads to 2, which
/// calls P and goes on in 3, `)` leads to 4, which calls P and goes on in 5, which accepts.
static TRANS: [u32; 18] = [
    0, 0, 0, // 0: dead
    0, 2, 0, // 1: start
    0, 0, 0, // 2: calls P
    0, 0, 4, // 3
    0, 0, 0, // 4: calls P
    0, 0, 0, // 5: accepts
];
static ACCEPT: [bool; 6] = [false, true, false, false, false, true];
static MACHINE: [u32; 6] = [0; 6];
static CALL_START: [u32; 7] = [0, 0, 0, 1, 1, 2, 2];
static CALLS: [(u32, u32); 2] = [(0, 3), (0, 5)];

fn parens() -> Network<'static> {
    static FIRST: [[u64; 4]; 1] = [[1 << b'(', 0, 0, 0]];
    Network {
        classes: &CLASSES,
        stride: 3,
        trans: &TRANS,
        accept: &ACCEPT,
        machine: &MACHINE,
        call_start: &CALL_START,
        calls: &CALLS,
        starts: &[1],
        nullable: &[true],
        first: &FIRST,
    }
}

#[test]
fn balanced_parentheses_are_recognized_and_the_longest_match_found() {
    let net = parens();
    for (input, longest, valid_up_to) in [
        (&b""[..], Some(0), 0),
        (b"()", Some(2), 2),
        (b"(()())()", Some(8), 8),
        (b"(()", Some(0), 3),
        (b"())(", Some(2), 2),
        (b"x", Some(0), 0),
        (b"()(x", Some(2), 3),
    ] {
        let outcome = run(&net, 0, input, 64, false);
        assert_eq!((outcome.longest, outcome.valid_up_to), (longest, valid_up_to), "{input:?}");
        assert_eq!(outcome.too_deep, None, "{input:?}");
        assert_eq!(outcome.expected, [0; 4], "{input:?}: only asked for");
    }
}

#[test]
fn a_mismatch_says_where_and_what_could_have_come() {
    let net = parens();
    let mismatch = |input: &[u8]| run(&net, 0, input, 64, true).into_result(input.len()).unwrap_err();
    // After `((`, either parenthesis may come; the input ends before a match does.
    let m = mismatch(b"((");
    assert_eq!((m.index, m.expected, m.end_allowed), (2, bytes(b"()"), false));
    assert!(m.expects(b')') && !m.expects(b'x'));
    // `()` is a match, so at the `x` the input could also have ended.
    let m = mismatch(b"()x");
    assert_eq!((m.index, m.expected, m.end_allowed), (2, bytes(b"("), true));
    assert!(run(&net, 0, b"(())", 64, true).into_result(4).is_ok());
}

#[test]
fn calls_nested_deeper_than_the_limit_are_not_made_and_say_where() {
    let net = parens();
    // `((()))`: P at depth 1 calls P (2) after `(`, which calls P (3), which calls P (4) to match
    // the empty string between the innermost parentheses.
    let input = b"((()))";
    assert_eq!(run(&net, 0, input, 4, false).longest, Some(6));
    let outcome = run(&net, 0, input, 3, true);
    assert_eq!(outcome.longest, Some(0));
    assert_eq!(outcome.too_deep, Some(3), "the empty call inside the third parenthesis");
    let m = outcome.into_result(input.len()).unwrap_err();
    assert_eq!(m.too_deep, Some(3));
    // P matches the empty string, so a call of it skipped for depth is reported even where the
    // next byte cannot start it.
    let outcome = run(&net, 0, b"((x", 2, false);
    assert_eq!((outcome.valid_up_to, outcome.too_deep), (2, Some(2)));
    assert_eq!(run(&net, 0, b"()", 1, false).too_deep, Some(1), "the empty calls of depth 2");
}

/// A grammar with a regular rule, two recursive rules and a rule that uses them.
const GRAMMAR: &str = "list = \"(\" *item \")\"\nitem = 1*letter / list\nletter = %x61-62\n\
                       pair = list letter\n";

/// Every string over `alphabet` up to `max` bytes long.
fn strings(alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|s: &Vec<u8>| alphabet.iter().map(move |&b| [&s[..], &[b]].concat()))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

#[test]
fn the_recognizer_agrees_with_the_interpreter_on_every_short_input() {
    let files = [SourceFile::new("nested.abnf", GRAMMAR)];
    let program = compile_program(&files, &Options { roots: Roots::All, ..Options::default() })
        .unwrap_or_else(|d| panic!("{d}"));
    let stride = program.dfa.stride();
    let premultiplied = |states: &[u32]| states.iter().map(|&s| s * stride as u32).collect::<Vec<_>>();
    let (trans, starts) = (premultiplied(&program.dfa.trans), premultiplied(&program.dfa.starts));
    let rules = Recognizer {
        regular: Regular {
            classes: program.dfa.classes.map(),
            stride,
            trans: &trans,
            accept: &program.dfa.accept,
            starts: &starts,
        },
        network: program.rtn.network(),
    };
    let grammar = &program.grammar;
    let entry = |id: crate::RuleId| match program.dfa_rule[id.index()] {
        Some(start) => Entry::Regular(start),
        None => Entry::Machine(program.rtn.machine_of_rule[id.index()].expect("a machine") as usize),
    };
    assert_eq!(entry(grammar.lookup("letter").unwrap()), Entry::Regular(0));
    assert!(matches!(entry(grammar.lookup("pair").unwrap()), Entry::Machine(_)));
    for input in strings(b"()ab", 6) {
        for id in grammar.ids() {
            let mut interp = Interpreter::new(grammar, program.encoding, &input);
            let longest = interp.longest_match(id);
            let what = format!("{} on {:?}", grammar.rule(id).name, String::from_utf8_lossy(&input));
            assert_eq!(rules.longest_match(entry(id), &input, 64), longest, "{what}");
            let recognized = rules.recognize(entry(id), &input, 64);
            assert_eq!(recognized.is_ok(), longest == Some(input.len()), "{what}");
            assert_eq!(recognized, program.recognize(id, &input, 64), "{what}");
            let valid_up_to = rules.valid_up_to(entry(id), &input, 64);
            if let Err(Mismatch { index, expected, .. }) = recognized {
                assert_eq!(valid_up_to, index, "{what}");
                // Every byte said to be expected does continue some match.
                for b in (0..=255u8).filter(|&b| expected[b as usize / 64] & (1 << (b % 64)) != 0) {
                    let mut longer = input[..index].to_vec();
                    longer.push(b);
                    assert_eq!(rules.valid_up_to(entry(id), &longer, 64), index + 1, "{what} then {b}");
                }
            } else {
                assert_eq!(valid_up_to, input.len(), "{what}");
            }
        }
    }
}
