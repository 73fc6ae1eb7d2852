//! Every `uri::Rule` recognizer on arbitrary bytes: `matches`, `longest_match`, `valid_up_to`,
//! `continuations` and `single_bytes` agree with each other, and on short inputs `matches` and
//! `longest_match` agree with `uri-gen`'s reference interpreter, which reads the grammar's IR
//! directly and shares no code with the generated tables.

use std::sync::OnceLock;

use uri::Rule;
use uri_gen::tools::Interpreter;
use uri_gen::{Encoding, Grammar, Options, Roots, RuleId, SourceFile};

use super::{in_set, CORE_ABNF, RFC3986_ABNF};

/// Inputs up to this long are also run through the interpreter (its cost is polynomial).
pub const INTERPRETER_MAX_LEN: usize = 192;

/// The RFC 3986 grammar as the interpreter reads it, and the id of each `Rule` in it, in
/// `Rule::ALL` order.
pub fn reference() -> &'static (Grammar, Vec<RuleId>) {
    static REFERENCE: OnceLock<(Grammar, Vec<RuleId>)> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        let files = [
            SourceFile::new("abnf/rfc3986.abnf", RFC3986_ABNF),
            SourceFile::library("abnf/rfc5234-core.abnf", CORE_ABNF),
        ];
        let options = Options { roots: Roots::All, ..Options::default() };
        let (grammar, _) = uri_gen::check(&files, &options).expect("the RFC 3986 grammar loads");
        let ids = Rule::ALL
            .iter()
            .map(|r| grammar.lookup(r.name()).expect("every rule is in the grammar"))
            .collect();
        (grammar, ids)
    })
}

/// Checks one input: the first byte picks the rule, the rest is matched against it.
pub fn check(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else { return };
    let index = usize::from(selector) % Rule::ALL.len();
    let rule = Rule::ALL[index];
    let len = input.len();
    let matches = rule.matches(input);
    let longest = rule.longest_match(input);
    let valid = rule.valid_up_to(input);
    assert!(valid <= len);
    if matches {
        assert_eq!((longest, valid), (Some(len), len), "{rule:?} on {input:?}");
    }
    if let Some(k) = longest {
        assert!(k <= valid && rule.matches(&input[..k]), "{rule:?} longest {k} on {input:?}");
    }
    let (next, end) = rule.continuations(&input[..valid]);
    assert_eq!(end, rule.matches(&input[..valid]), "{rule:?} on {input:?}");
    match input.get(valid) {
        Some(&byte) => assert!(!in_set(next, byte), "{rule:?} stops at a byte it could take: {input:?}"),
        None => assert_eq!(end, matches),
    }
    if let Some(&first) = input.first() {
        assert_eq!(in_set(rule.single_bytes(), first), rule.matches(&input[..1]), "{rule:?} on {first:#x}");
    }
    assert_eq!(Rule::from_name(rule.name()), Some(rule));
    if len <= INTERPRETER_MAX_LEN {
        let (grammar, ids) = reference();
        let mut interpreter = Interpreter::new(grammar, Encoding::Utf8, input);
        assert_eq!(interpreter.matches(ids[index]), matches, "{rule:?} on {input:?} (interpreter)");
        assert_eq!(interpreter.longest_match(ids[index]), longest, "{rule:?} on {input:?} (interpreter)");
    }
}
