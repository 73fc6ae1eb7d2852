//! The product of [`crate::compile_program`]: a grammar with every rule matchable, regular rules by
//! their minimized DFA and the others by the recursive transition network and the Earley engine.

use crate::automata::dfa::{Dfa, DEAD};
use crate::rtn::earley::{self, Mismatch};
use crate::rtn::network::Rtn;
use crate::syntax::ir::{Grammar, RuleId};
use crate::syntax::kind::RuleKind;
use crate::tools::sample::Sampler;
use crate::{Compiled, Diagnostic, Encoding};

/// How deep rule calls may nest in recognition, unless said otherwise: the start rule is depth 1.
pub const DEFAULT_DEPTH_LIMIT: usize = 512;

/// A compiled grammar in which recursive rules are allowed.
#[derive(Debug, Clone)]
pub struct Program {
    /// The resolved grammar.
    pub grammar: Grammar,
    /// How terminal values were turned into bytes.
    pub encoding: Encoding,
    /// The kind of every rule, by rule index.
    pub kinds: Vec<RuleKind>,
    /// The minimized DFA of the regular rules, one start state each, in rule order.
    pub dfa: Dfa,
    /// For each rule, its index in `dfa.starts` when it is regular.
    pub dfa_rule: Vec<Option<usize>>,
    /// The machines of the other rules.
    pub rtn: Rtn,
    /// Warnings found on the way.
    pub warnings: Vec<Diagnostic>,
}

impl Program {
    /// Whether `rule` compiles to a DFA.
    pub fn is_regular(&self, rule: RuleId) -> bool {
        self.kinds[rule.index()].is_regular()
    }

    /// Whether every rule is regular.
    pub fn all_regular(&self) -> bool {
        self.kinds.iter().all(|k| k.is_regular())
    }

    /// The grammar as a [`Compiled`] finite automaton, when every rule is regular: the same
    /// tables [`crate::compile`] builds.
    pub fn compiled(&self) -> Option<Compiled> {
        self.all_regular().then(|| Compiled {
            grammar: self.grammar.clone(),
            dfa: self.dfa.clone(),
            warnings: self.warnings.clone(),
            training: None,
        })
    }

    /// Whether the whole of `input` matches `rule` (calls nested at most [`DEFAULT_DEPTH_LIMIT`]
    /// deep; see [`Program::recognize`] to tell a mismatch from an input nested too deep).
    pub fn matches(&self, rule: RuleId, input: &[u8]) -> bool {
        match self.dfa_rule[rule.index()] {
            Some(start) => self.dfa.matches(start, input),
            None => self.run(rule, input, DEFAULT_DEPTH_LIMIT, false).longest == Some(input.len()),
        }
    }

    /// The length of the longest prefix of `input` that matches `rule`.
    pub fn longest_match(&self, rule: RuleId, input: &[u8]) -> Option<usize> {
        match self.dfa_rule[rule.index()] {
            Some(start) => self.dfa.longest_match(start, input),
            None => self.run(rule, input, DEFAULT_DEPTH_LIMIT, false).longest,
        }
    }

    /// Whether the whole of `input` matches `rule`, and if not, where it stops matching and what
    /// could have come there. Calls nest at most `limit` deep.
    pub fn recognize(&self, rule: RuleId, input: &[u8], limit: usize) -> Result<(), Mismatch> {
        let Some(start) = self.dfa_rule[rule.index()] else {
            return self.run(rule, input, limit, true).into_result(input.len());
        };
        let dfa = &self.dfa;
        let mut state = dfa.starts[start];
        let expected = |state: u32| {
            let mut bytes = [0u64; 4];
            for b in 0..=255u8 {
                if dfa.next(state, b) != DEAD {
                    bytes[b as usize / 64] |= 1 << (b % 64);
                }
            }
            bytes
        };
        for (i, &b) in input.iter().enumerate() {
            let next = dfa.next(state, b);
            if next == DEAD {
                return Err(Mismatch {
                    index: i,
                    expected: expected(state),
                    end_allowed: dfa.accept[state as usize],
                    too_deep: None,
                });
            }
            state = next;
        }
        if dfa.accept[state as usize] {
            return Ok(());
        }
        Err(Mismatch { index: input.len(), expected: expected(state), end_allowed: false, too_deep: None })
    }

    /// `count` strings from `seed`, as `uri-gen sample` prints them: members of `rule`, taking
    /// every alternative in turn (see [`Sampler`]), or with `invalid` near misses, mutated members
    /// that do not match. The same seed gives the same strings.
    pub fn samples(
        &self,
        rule: RuleId,
        count: usize,
        seed: u64,
        invalid: bool,
    ) -> Result<Vec<Vec<u8>>, SampleError> {
        let mut sampler = Sampler::new(&self.grammar, self.encoding, seed);
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let found = if invalid {
                sampler.min_len(rule).ok_or(SampleError::EmptyLanguage)?;
                sampler.near_miss(rule, |s| self.matches(rule, s))
            } else {
                sampler.try_sample(rule)
            };
            match found {
                Some(s) => out.push(s),
                None if invalid => return Err(SampleError::NoNearMiss { found: out.len() }),
                None => return Err(SampleError::EmptyLanguage),
            }
        }
        Ok(out)
    }

    fn run(&self, rule: RuleId, input: &[u8], limit: usize, expected: bool) -> earley::Outcome {
        let machine = self.rtn.machine_of_rule[rule.index()].unwrap_or(0) as usize;
        earley::run(&self.rtn.network(), machine, input, limit, expected)
    }
}

/// Why [`Program::samples`] gave no strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SampleError {
    /// The rule matches no string.
    EmptyLanguage,
    /// Mutations of members kept matching: no near miss was found after `found` of them.
    NoNearMiss {
        /// How many near misses were found before.
        found: usize,
    },
}

/// Says in words why `input` does not match: where, what is there, and what was expected.
pub fn describe_mismatch(input: &[u8], mismatch: &Mismatch, limit: usize) -> String {
    if let Some(at) = mismatch.too_deep {
        return format!(
            "rule calls nest deeper than the limit of {limit} at byte {at}; whether it matches is unknown (raise the limit to find out)"
        );
    }
    let found = match input.get(mismatch.index) {
        Some(&b) => format!("found {}", describe_byte(b)),
        None => "the input ends".to_owned(),
    };
    let mut expected = byte_ranges(&mismatch.expected);
    if mismatch.end_allowed {
        expected.push("the end of the input".to_owned());
    }
    if expected.is_empty() {
        return format!(
            "at byte {}: {found}; nothing can come there (the rule matches no string)",
            mismatch.index
        );
    }
    let expected = format!("one of {}", expected.join(" "));
    format!("at byte {}: {found}; expected {expected}", mismatch.index)
}

/// A byte as messages show it: the character for printable ASCII, else its hexadecimal value.
pub fn describe_byte(b: u8) -> String {
    match b {
        0x21..=0x7E => format!("`{}`", b as char),
        _ => format!("byte {b:#04X}"),
    }
}

/// The set bits of a 256-bit byte set as ranges: `a-z`, `%`, `0x80-0xBF`.
pub fn byte_ranges(set: &[u64; 4]) -> Vec<String> {
    let has = |b: usize| set[b / 64] & (1 << (b % 64)) != 0;
    let show = |b: usize| match b as u8 {
        0x21..=0x7E => (b as u8 as char).to_string(),
        _ => format!("{b:#04X}"),
    };
    let mut out = Vec::new();
    let mut b = 0;
    while b < 256 {
        if !has(b) {
            b += 1;
            continue;
        }
        let start = b;
        while b + 1 < 256 && has(b + 1) && (0x21..=0x7E).contains(&(b + 1)) == (0x21..=0x7E).contains(&start)
        {
            b += 1;
        }
        out.push(if start == b { show(start) } else { format!("{}-{}", show(start), show(b)) });
        b += 1;
    }
    out
}
