//! Sampling strings from a grammar: members of a rule's language and near misses.
//!
//! A [`Sampler`] expands a rule of the IR at random into a member of its language, for
//! differential tests that hold the automata against [`crate::tools::interp::Interpreter`]. Its choices
//! are biased towards the places where recognizers go wrong:
//!
//! - every alternative of every alternation is taken in turn (the least-used one wins, ties are
//!   broken at random), so a few samples per rule cover all its branches;
//! - unbounded repetitions are short (mostly 0 to 4 more than the minimum, now and then a dozen),
//!   bounded ones often take their minimum or maximum;
//! - terminals often take the first or last value of a range, and values above `0x7F` are encoded
//!   as UTF-8 when the grammar is.
//!
//! Recursive grammars terminate: past a depth of rule references, or once the sample is long, every
//! choice takes the shortest way out. Shortest expansions are found by a fixpoint over the rules
//! (Knuth, "A generalization of Dijkstra's algorithm", 1977, iterated Jacobi-style); see `Cost`.
//!
//! [`Sampler::mutate`] and [`Sampler::near_miss`] then edit members into strings just outside the
//! language.
//!
//! ```
//! use uri_gen::tools::interp::Interpreter;
//! use uri_gen::tools::sample::Sampler;
//! use uri_gen::{compile, Encoding, Options, SourceFile};
//!
//! let file = SourceFile::new("g.abnf", "pair = 1*3DIGIT \"=\" ( \"on\" / \"off\" )\nDIGIT = %x30-39\n");
//! let compiled = compile(&[file], &Options::default()).unwrap();
//! let pair = compiled.grammar.lookup("pair").unwrap();
//! let mut sampler = Sampler::new(&compiled.grammar, Encoding::Utf8, 7);
//! for _ in 0..20 {
//!     let member = sampler.sample(pair);
//!     assert!(Interpreter::new(&compiled.grammar, Encoding::Utf8, &member).matches(pair));
//!     assert!(compiled.matches(pair, &member));
//! }
//! let miss = sampler.near_miss(pair, |s| compiled.matches(pair, s)).unwrap();
//! assert!(!Interpreter::new(&compiled.grammar, Encoding::Utf8, &miss).matches(pair));
//! ```

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::syntax::ir::{Expr, Grammar, RuleId};
use crate::Encoding;

/// The bytes that delimit URI components (RFC 3986 section 2.2, and `%` of section 2.1):
/// [`Sampler::mutate`] inserts them often.
pub const PUNCTUATION: &[u8] = b"%:/?#[]@!$&'()*+,;=";

/// Letters, digits and the other unreserved bytes, so that mutations can also form names and
/// `%`-escapes.
const WORD_BYTES: &[u8] = b"09afAFgzGZvV-._~";

/// How many rule references deep a sample grows before every choice takes the shortest way out.
pub const DEFAULT_MAX_DEPTH: usize = 16;

/// How many bytes long a sample grows before every choice takes the shortest way out.
pub const DEFAULT_MAX_LEN: usize = 512;

/// How many mutated samples [`Sampler::near_miss`] tries before it gives up.
const NEAR_MISS_TRIES: usize = 64;

/// A deterministic random generator of strings from a grammar: the same grammar, encoding and seed
/// give the same sequence of samples and mutations.
#[derive(Debug)]
pub struct Sampler<'g> {
    grammar: &'g Grammar,
    encoding: Encoding,
    rng: ChaCha8Rng,
    /// The shortest expansion of every rule; `None` when its language is empty.
    shortest: Vec<Option<Cost>>,
    /// Per alternation (keyed by the address of its `Expr::Alt` in `grammar`, which the borrow
    /// keeps in place), the cost and the number of uses of each alternative.
    alternations: HashMap<usize, Alternation>,
    max_depth: usize,
    max_len: usize,
}

/// The shortest expansion of an expression: its length in bytes, then the fixpoint round in which
/// the last rule it needs got its final length.
///
/// Taking the least cost at every choice terminates even in a recursive grammar. A rule's length
/// last drops in some round `k`, computed from the lengths of round `k - 1`; the alternative that
/// achieved it only needs rules whose lengths were already final then (a rule it needs with a
/// larger length would make that alternative shorter later, so `k` would not be the last drop).
/// So the least-cost alternative, compared by length and then by round, only refers to rules that
/// settled strictly earlier than the rule itself, and every path down the expansion is finite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Cost {
    len: usize,
    round: usize,
}

impl Cost {
    const ZERO: Cost = Cost { len: 0, round: 0 };

    fn then(self, next: Cost) -> Cost {
        Cost { len: self.len.saturating_add(next.len), round: self.round.max(next.round) }
    }

    fn times(self, n: u32) -> Cost {
        if n == 0 {
            return Cost::ZERO;
        }
        Cost { len: self.len.saturating_mul(n as usize), round: self.round }
    }
}

#[derive(Debug)]
struct Alternation {
    costs: Vec<Option<Cost>>,
    uses: Vec<u32>,
}

impl<'g> Sampler<'g> {
    /// A sampler for `grammar`, encoding terminal values as `encoding` says, seeded with `seed`.
    pub fn new(grammar: &'g Grammar, encoding: Encoding, seed: u64) -> Self {
        Sampler {
            grammar,
            encoding,
            rng: ChaCha8Rng::seed_from_u64(seed),
            shortest: shortest_expansions(grammar, encoding),
            alternations: HashMap::new(),
            max_depth: DEFAULT_MAX_DEPTH,
            max_len: DEFAULT_MAX_LEN,
        }
    }

    /// Sets how deep in rule references (default [`DEFAULT_MAX_DEPTH`]) and how long in bytes
    /// (default [`DEFAULT_MAX_LEN`]) a sample grows freely; past either, every choice takes the
    /// shortest way out. Samples can end somewhat longer than `max_len`.
    pub fn with_limits(mut self, max_depth: usize, max_len: usize) -> Self {
        self.max_depth = max_depth;
        self.max_len = max_len;
        self
    }

    /// The length in bytes of the shortest member of `rule`'s language, or `None` when the
    /// language is empty (a rule that only refers to itself, or a class with no encodable value).
    pub fn min_len(&self, rule: RuleId) -> Option<usize> {
        self.shortest[rule.index()].map(|c| c.len)
    }

    /// A random member of `rule`'s language, or `None` when the language is empty.
    pub fn try_sample(&mut self, rule: RuleId) -> Option<Vec<u8>> {
        self.shortest[rule.index()]?;
        let grammar = self.grammar;
        let mut out = Vec::new();
        self.expand(&grammar.rule(rule).expr, 1, &mut out);
        Some(out)
    }

    /// A random member of `rule`'s language.
    ///
    /// # Panics
    ///
    /// When the language is empty (see [`Sampler::min_len`]); [`Sampler::try_sample`] returns
    /// `None` instead.
    pub fn sample(&mut self, rule: RuleId) -> Vec<u8> {
        let name = &self.grammar.rule(rule).name;
        self.try_sample(rule).unwrap_or_else(|| panic!("rule `{name}` matches no string"))
    }

    /// `input` with one to four random edits: a short span inserted, deleted, replaced or
    /// duplicated. New bytes are URI delimiters ([`PUNCTUATION`]), any byte `0..=255`, or letters
    /// and digits. The result usually differs from `input`, but not always.
    pub fn mutate(&mut self, input: &[u8]) -> Vec<u8> {
        let mut out = input.to_vec();
        let edits = if self.rng.random_ratio(3, 4) { 1 } else { self.rng.random_range(2..=4) };
        for _ in 0..edits {
            self.edit(&mut out);
        }
        out
    }

    /// A mutated member of `rule` that `is_member` rejects, or `None` if a bounded number of tries
    /// finds none (the language may hold almost every string, or be empty).
    pub fn near_miss(&mut self, rule: RuleId, is_member: impl Fn(&[u8]) -> bool) -> Option<Vec<u8>> {
        for _ in 0..NEAR_MISS_TRIES {
            let member = self.try_sample(rule)?;
            let candidate = self.mutate(&member);
            if !is_member(&candidate) {
                return Some(candidate);
            }
        }
        None
    }

    /// Appends a random member of `expr`'s language to `out`; `expr` has a non-empty language.
    fn expand(&mut self, expr: &'g Expr, depth: usize, out: &mut Vec<u8>) {
        match expr {
            Expr::Empty => {}
            Expr::Class(ranges) => self.terminal(ranges, out),
            Expr::Concat(parts) => {
                for part in parts {
                    self.expand(part, depth, out);
                }
            }
            Expr::Alt(alts) => {
                let shortest = self.must_shorten(depth, out);
                let i = self.alternative(expr, alts, shortest);
                self.expand(&alts[i], depth, out);
            }
            Expr::Repeat { min, max, body } => {
                let count = if *min == 0 && self.cost(body).is_none() {
                    0
                } else if self.must_shorten(depth, out) {
                    *min
                } else {
                    self.repeat_count(*min, *max)
                };
                for _ in 0..count {
                    self.expand(body, depth, out);
                }
            }
            Expr::Ref(rule) => {
                let grammar = self.grammar;
                self.expand(&grammar.rule(*rule).expr, depth + 1, out);
            }
        }
    }

    fn must_shorten(&self, depth: usize, out: &[u8]) -> bool {
        depth > self.max_depth || out.len() >= self.max_len
    }

    fn cost(&self, expr: &Expr) -> Option<Cost> {
        cost(expr, &self.shortest, self.encoding)
    }

    /// Picks an alternative of `expr` (an `Expr::Alt` of `alts`) with a non-empty language: the
    /// shortest when `shortest`, otherwise the least used so far, ties broken at random.
    fn alternative(&mut self, expr: &Expr, alts: &[Expr], shortest: bool) -> usize {
        let (rules, encoding) = (&self.shortest, self.encoding);
        let stats =
            self.alternations.entry(std::ptr::from_ref(expr) as usize).or_insert_with(|| Alternation {
                costs: alts.iter().map(|a| cost(a, rules, encoding)).collect(),
                uses: vec![0; alts.len()],
            });
        let live = || stats.costs.iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c)));
        if shortest {
            return live().min_by_key(|&(_, c)| c).map_or(0, |(i, _)| i);
        }
        let fewest = live().map(|(i, _)| stats.uses[i]).min().unwrap_or(0);
        let candidates: Vec<usize> = live().map(|(i, _)| i).filter(|&i| stats.uses[i] == fewest).collect();
        let pick = candidates[self.rng.random_range(0..candidates.len())];
        stats.uses[pick] += 1;
        pick
    }

    /// How many times to repeat: mostly the minimum plus 0 to 4, sometimes a dozen more, and for a
    /// bounded repetition often exactly its minimum or maximum.
    fn repeat_count(&mut self, min: u32, max: Option<u32>) -> u32 {
        let room = max.map_or(u32::MAX, |max| max.saturating_sub(min));
        let extra = match self.rng.random_range(0..20) {
            0..=5 => 0,
            6..=11 => self.rng.random_range(1..=2),
            12..=15 => self.rng.random_range(3..=4),
            16..=17 => self.rng.random_range(5..=16),
            _ if room <= 64 => room,
            _ => self.rng.random_range(0..=4),
        };
        min + extra.min(room)
    }

    /// Appends one value of `ranges`, often the first or last of a range.
    fn terminal(&mut self, ranges: &[(u32, u32)], out: &mut Vec<u8>) {
        let valid: Vec<(u32, u32)> = encodable(ranges, self.encoding).collect();
        let (lo, hi) = valid[self.rng.random_range(0..valid.len())];
        let value = match self.rng.random_range(0..4) {
            0 => lo,
            1 => hi,
            _ => self.rng.random_range(lo..=hi),
        };
        match self.encoding {
            Encoding::Octets => out.push(value as u8),
            Encoding::Utf8 => {
                let c = char::from_u32(value).expect("encodable values are scalar values");
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
    }

    /// One random edit of `out`.
    fn edit(&mut self, out: &mut Vec<u8>) {
        let kind = if out.is_empty() { 0 } else { self.rng.random_range(0..4) };
        match kind {
            0 => {
                let at = self.rng.random_range(0..=out.len());
                let count = self.rng.random_range(1..=3);
                let bytes: Vec<u8> = (0..count).map(|_| self.byte()).collect();
                out.splice(at..at, bytes);
            }
            1 => {
                let (start, end) = self.span(out.len(), 4);
                out.drain(start..end);
            }
            2 => {
                let (start, end) = self.span(out.len(), 2);
                for b in &mut out[start..end] {
                    *b = self.byte();
                }
            }
            _ => {
                let (start, end) = self.span(out.len(), 8);
                let copy = out[start..end].to_vec();
                let at = if self.rng.random_bool(0.5) { end } else { self.rng.random_range(0..=out.len()) };
                out.splice(at..at, copy);
            }
        }
    }

    /// A non-empty span of at most `max` bytes in a non-empty string of `len` bytes.
    fn span(&mut self, len: usize, max: usize) -> (usize, usize) {
        let n = self.rng.random_range(1..=len.min(max));
        let start = self.rng.random_range(0..=len - n);
        (start, start + n)
    }

    /// A byte to insert: a URI delimiter half the time, else any byte or a letter or digit.
    fn byte(&mut self) -> u8 {
        match self.rng.random_range(0..8) {
            0..=3 => PUNCTUATION[self.rng.random_range(0..PUNCTUATION.len())],
            4 | 5 => self.rng.random(),
            _ => WORD_BYTES[self.rng.random_range(0..WORD_BYTES.len())],
        }
    }
}

/// The shortest expansion of every rule, by fixpoint: each round recomputes every rule from the
/// previous round's costs, and a rule's round is the last one in which its length dropped. Lengths
/// only drop, and a shortest derivation never nests a rule in itself, so this ends after at most
/// one round per rule plus one.
fn shortest_expansions(grammar: &Grammar, encoding: Encoding) -> Vec<Option<Cost>> {
    let mut costs: Vec<Option<Cost>> = vec![None; grammar.rules.len()];
    for round in 1.. {
        let next: Vec<Option<Cost>> = grammar
            .rules
            .iter()
            .zip(&costs)
            .map(|(rule, &old)| match cost(&rule.expr, &costs, encoding) {
                Some(new) if old.is_none_or(|old| new.len < old.len) => Some(Cost { len: new.len, round }),
                _ => old,
            })
            .collect();
        if next == costs {
            break;
        }
        costs = next;
    }
    costs
}

/// The cost of the shortest expansion of `expr`, given the costs of the rules; `None` when there
/// is no expansion yet.
fn cost(expr: &Expr, rules: &[Option<Cost>], encoding: Encoding) -> Option<Cost> {
    match expr {
        Expr::Empty => Some(Cost::ZERO),
        Expr::Class(ranges) => {
            encodable(ranges, encoding).map(|(lo, _)| Cost { len: encoded_len(lo, encoding), round: 0 }).min()
        }
        Expr::Concat(parts) => {
            parts.iter().try_fold(Cost::ZERO, |acc, part| Some(acc.then(cost(part, rules, encoding)?)))
        }
        Expr::Alt(alts) => alts.iter().filter_map(|alt| cost(alt, rules, encoding)).min(),
        Expr::Repeat { min, max: Some(max), .. } if max < min => None,
        Expr::Repeat { min: 0, .. } => Some(Cost::ZERO),
        Expr::Repeat { min, body, .. } => Some(cost(body, rules, encoding)?.times(*min)),
        Expr::Ref(rule) => rules[rule.index()],
    }
}

/// The parts of `ranges` the encoding can express: octets up to `0xFF`, or Unicode scalar values
/// (surrogates excluded, as the NFA pass excludes them).
fn encodable(ranges: &[(u32, u32)], encoding: Encoding) -> impl Iterator<Item = (u32, u32)> + '_ {
    ranges.iter().flat_map(move |&(lo, hi)| {
        let parts = match encoding {
            Encoding::Octets => [(lo, hi.min(0xFF)), (1, 0)],
            Encoding::Utf8 => {
                let hi = hi.min(0x10FFFF);
                [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)]
            }
        };
        parts.into_iter().filter(|&(a, b)| a <= b)
    })
}

/// The length in bytes of an encodable value.
fn encoded_len(value: u32, encoding: Encoding) -> usize {
    match encoding {
        Encoding::Octets => 1,
        Encoding::Utf8 => char::from_u32(value).map_or(1, char::len_utf8),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;
    use crate::syntax::ir::RuleDef;
    use crate::tools::interp::Interpreter;
    use crate::{Options, Pos, Roots, SourceFile};

    fn uri_grammar() -> Grammar {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the crate is in a workspace");
        let read =
            |name: &str| std::fs::read_to_string(root.join(name)).expect("the RFC 3986 grammar is readable");
        let files = [
            SourceFile::new("abnf/rfc3986.abnf", read("abnf/rfc3986.abnf")),
            SourceFile::library("abnf/rfc5234-core.abnf", read("abnf/rfc5234-core.abnf")),
        ];
        crate::check(&files, &Options { roots: Roots::All, ..Options::default() }).expect("it checks").0
    }

    /// Loads a grammar without the recursion check, so recursive grammars can be sampled too.
    fn load(text: &str) -> Grammar {
        let (grammar, diags) = crate::syntax::lower::load(&[SourceFile::new("t.abnf", text)], &Roots::All);
        grammar.unwrap_or_else(|| panic!("{text:?} does not load: {diags:?}"))
    }

    fn is_member(grammar: &Grammar, encoding: Encoding, rule: RuleId, input: &[u8]) -> bool {
        Interpreter::new(grammar, encoding, input).matches(rule)
    }

    fn id(grammar: &Grammar, name: &str) -> RuleId {
        grammar.lookup(name).unwrap_or_else(|| panic!("no rule {name}"))
    }

    /// Every `Expr::Alt` under `expr`, outermost first.
    fn alternations<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
        match expr {
            Expr::Empty | Expr::Class(_) | Expr::Ref(_) => {}
            Expr::Concat(parts) => parts.iter().for_each(|p| alternations(p, out)),
            Expr::Alt(alts) => {
                out.push(expr);
                alts.iter().for_each(|a| alternations(a, out));
            }
            Expr::Repeat { body, .. } => alternations(body, out),
        }
    }

    #[test]
    fn every_sample_of_every_uri_rule_is_a_member() {
        let grammar = uri_grammar();
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 1);
        for rule in grammar.ids() {
            for _ in 0..60 {
                let sample = sampler.sample(rule);
                assert!(
                    is_member(&grammar, Encoding::Utf8, rule, &sample),
                    "{:?} is not a {}",
                    String::from_utf8_lossy(&sample),
                    grammar.rule(rule).name
                );
            }
        }
    }

    #[test]
    fn sampling_every_rule_takes_every_alternative() {
        let grammar = uri_grammar();
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 2);
        for rule in grammar.ids() {
            for _ in 0..30 {
                sampler.sample(rule);
            }
        }
        let mut all = Vec::new();
        for rule in &grammar.rules {
            alternations(&rule.expr, &mut all);
        }
        assert!(all.len() > 20, "the URI grammar has many alternations");
        for alt in all {
            let stats = &sampler.alternations[&(std::ptr::from_ref(alt) as usize)];
            assert!(
                stats.uses.iter().all(|&n| n > 0),
                "an alternative of {alt:?} was never taken: {:?}",
                stats.uses
            );
        }
    }

    /// Coverage seen from outside: each alternative of a rule, made a rule of its own, matches some
    /// sample of the whole rule.
    #[test]
    fn samples_match_each_alternative_of_a_rule() {
        let base = uri_grammar();
        for name in ["dec-octet", "IPv6address", "host", "path"] {
            let Expr::Alt(alts) = &base.rule(id(&base, name)).expr else {
                panic!("{name} is an alternation")
            };
            let mut rules = base.rules.clone();
            let first = rules.len();
            for (i, alt) in alts.iter().enumerate() {
                rules.push(RuleDef {
                    name: format!("alt-{i}"),
                    file: 0,
                    pos: Pos { line: 1, column: 1 },
                    expr: alt.clone(),
                    source: String::new(),
                });
            }
            let extended = Grammar::new(base.files.clone(), rules);
            let rule = id(&extended, name);
            let mut sampler = Sampler::new(&extended, Encoding::Utf8, 3);
            let samples: Vec<Vec<u8>> = (0..4 * alts.len()).map(|_| sampler.sample(rule)).collect();
            for i in 0..alts.len() {
                let alt = RuleId((first + i) as u32);
                assert!(
                    samples.iter().any(|s| is_member(&extended, Encoding::Utf8, alt, s)),
                    "no sample of {name} matches its alternative {i}"
                );
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_samples_and_mutations() {
        let grammar = uri_grammar();
        let rule = id(&grammar, "URI-reference");
        let run = |seed| {
            let mut sampler = Sampler::new(&grammar, Encoding::Utf8, seed);
            (0..50)
                .map(|_| {
                    let s = sampler.sample(rule);
                    let m = sampler.mutate(&s);
                    (s, m)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(9), run(9));
        assert_ne!(run(9), run(10));
    }

    #[test]
    fn shortest_lengths_follow_the_grammar() {
        let grammar = uri_grammar();
        let sampler = Sampler::new(&grammar, Encoding::Utf8, 0);
        for (name, len) in
            [("IPv4address", 7), ("IPv6address", 2), ("URI", 2), ("pct-encoded", 3), ("path", 0)]
        {
            assert_eq!(sampler.min_len(id(&grammar, name)), Some(len), "{name}");
        }
    }

    #[test]
    fn recursive_rules_terminate_and_stay_members() {
        let text = "expr = term *( \"+\" term )\nterm = \"x\" / \"(\" expr \")\" / \"[\" list \"]\"\n\
                    list = expr / expr \",\" list\nloop = loop / \"y\"\nnever = \"z\" never\n";
        let grammar = load(text);
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 4).with_limits(6, 200);
        assert_eq!(sampler.min_len(id(&grammar, "expr")), Some(1));
        assert_eq!(sampler.min_len(id(&grammar, "list")), Some(1));
        assert_eq!(sampler.min_len(id(&grammar, "loop")), Some(1));
        assert_eq!(sampler.min_len(id(&grammar, "never")), None);
        assert_eq!(sampler.try_sample(id(&grammar, "never")), None);
        let mut nested = false;
        for name in ["expr", "list", "loop"] {
            let rule = id(&grammar, name);
            for _ in 0..200 {
                let sample = sampler.sample(rule);
                assert!(sample.len() < 2000, "{name} grew to {} bytes", sample.len());
                assert!(is_member(&grammar, Encoding::Utf8, rule, &sample), "{:?} as {name}", sample);
                nested |= sample.windows(2).any(|w| w == b"((" || w == b"[(" || w == b"([");
            }
        }
        assert!(nested, "recursion is explored, not only cut short");
    }

    #[test]
    fn values_above_ascii_are_utf8_with_range_ends_and_no_surrogates() {
        let grammar = load("wide = %x80-7FF / %xD000-E0FF / %x10FFF0-10FFFF\ncase = \"aZ\"\n");
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 5);
        let wide = id(&grammar, "wide");
        let mut seen = BTreeSet::new();
        for _ in 0..600 {
            let sample = sampler.sample(wide);
            let text = std::str::from_utf8(&sample).expect("samples are UTF-8");
            let mut chars = text.chars();
            let c = chars.next().expect("one character");
            assert_eq!(chars.next(), None);
            seen.insert(c as u32);
            assert!(is_member(&grammar, Encoding::Utf8, wide, &sample));
        }
        for end in [0x80, 0x7FF, 0xD000, 0xD7FF, 0xE000, 0xE0FF, 0x10FFF0, 0x10FFFF] {
            assert!(seen.contains(&end), "{end:#X} never sampled");
        }
        let case = id(&grammar, "case");
        let cases: BTreeSet<Vec<u8>> = (0..100).map(|_| sampler.sample(case)).collect();
        assert_eq!(cases.len(), 4, "every spelling of a case-insensitive string: {cases:?}");
    }

    #[test]
    fn octet_grammars_sample_single_bytes() {
        let grammar = load("high = 2%x80-FF\n");
        let rule = id(&grammar, "high");
        let mut sampler = Sampler::new(&grammar, Encoding::Octets, 6);
        assert_eq!(sampler.min_len(rule), Some(2));
        for _ in 0..100 {
            let sample = sampler.sample(rule);
            assert_eq!(sample.len(), 2);
            assert!(sample.iter().all(|&b| b >= 0x80));
            assert!(is_member(&grammar, Encoding::Octets, rule, &sample));
        }
    }

    #[test]
    fn repetitions_are_mostly_short_and_reach_their_bounds() {
        let grammar = load("star = *\"a\"\nbounded = 2*5\"b\"\n");
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 7);
        let star: Vec<usize> = (0..1000).map(|_| sampler.sample(id(&grammar, "star")).len()).collect();
        let short = star.iter().filter(|&&n| n <= 4).count();
        assert!(short > 700, "{short} of 1000 within 0..=4");
        assert!(star.contains(&0) && star.iter().any(|&n| n > 4));
        let bounded: BTreeSet<usize> =
            (0..200).map(|_| sampler.sample(id(&grammar, "bounded")).len()).collect();
        assert_eq!(bounded, BTreeSet::from([2, 3, 4, 5]));
    }

    #[test]
    fn mutations_edit_with_delimiters_and_arbitrary_bytes() {
        let grammar = uri_grammar();
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 8);
        let input = b"http://example.com/a";
        let mut changed = 0;
        let mut lengths = BTreeSet::new();
        let mut new_bytes = BTreeSet::new();
        for _ in 0..500 {
            let m = sampler.mutate(input);
            changed += usize::from(m != input);
            lengths.insert(m.len().cmp(&input.len()));
            new_bytes.extend(m.iter().copied().filter(|b| !input.contains(b)));
        }
        assert!(changed > 450, "only {changed} of 500 mutations changed the input");
        assert_eq!(lengths.len(), 3, "mutations grow, shrink and keep the length");
        assert!(new_bytes.iter().any(|b| PUNCTUATION.contains(b)));
        assert!(new_bytes.iter().any(|&b| b >= 0x80));
        assert!(new_bytes.iter().any(|&b| b < 0x20));
        assert!(!sampler.mutate(b"").is_empty(), "the empty string can only grow");
    }

    #[test]
    fn near_misses_are_rejected_by_the_interpreter() {
        let grammar = uri_grammar();
        let mut sampler = Sampler::new(&grammar, Encoding::Utf8, 9);
        for name in ["dec-octet", "IPv6address", "URI", "scheme", "pct-encoded"] {
            let rule = id(&grammar, name);
            let member = |s: &[u8]| is_member(&grammar, Encoding::Utf8, rule, s);
            for _ in 0..20 {
                let miss = sampler.near_miss(rule, member).expect("a near miss exists");
                assert!(!member(&miss), "{miss:?} as {name}");
            }
        }
        let everything = load("all = *%x00-FF\n");
        let all = id(&everything, "all");
        let mut sampler = Sampler::new(&everything, Encoding::Octets, 9);
        assert_eq!(sampler.near_miss(all, |s| is_member(&everything, Encoding::Octets, all, s)), None);
    }
}
