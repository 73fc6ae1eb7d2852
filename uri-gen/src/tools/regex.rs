//! A regular rule as a regular expression in the syntax of the `regex` crate, derived from the IR.
//!
//! The IR of a regular rule is already a regular expression over terminal values once its
//! references are inlined, so the translation is direct and stays about as compact as the
//! grammar: alternatives of single characters merge into one class, runs of one part become a
//! counted repetition (`%[0-9A-Fa-f]{2}`), alternatives with an empty one become optional, and
//! parentheses appear only where precedence needs them. ABNF alternation is a union and so is a
//! regular expression's `|` when the whole input must match (the `regex` crate finds a match
//! whenever one exists, whichever alternative it prefers).
//!
//! Values are code points for UTF-8 grammars (the expression is for `regex::Regex`) and bytes
//! for octet grammars (the expression starts with `(?-u)` and is for `regex::bytes::Regex`).

use std::fmt::Write as _;

use crate::syntax::ir::{Expr, Grammar, RuleId};
use crate::syntax::kind::{classify, RuleKind};
use crate::Encoding;

/// Why no regular expression was produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegexError {
    /// The rule is recursive or refers to a recursive rule.
    NotRegular {
        /// How the rule is compiled instead.
        kind: RuleKind,
    },
}

/// The expression for `rule`, matching exactly the rule's language when the whole input must
/// match; with `anchored`, wrapped as `^(?:...)$` so that `is_match` tests exactly that.
pub fn rule_regex(
    grammar: &Grammar,
    rule: RuleId,
    encoding: Encoding,
    anchored: bool,
) -> Result<String, RegexError> {
    let kind = classify(grammar)[rule.index()];
    if !kind.is_regular() {
        return Err(RegexError::NotRegular { kind });
    }
    let re = simplify(lift(grammar, &grammar.rule(rule).expr, encoding));
    let mut out = String::new();
    if encoding == Encoding::Octets {
        out.push_str("(?-u)");
    }
    let body = print(&re, encoding);
    if anchored {
        let _ = write!(out, "^(?:{body})$");
    } else {
        out.push_str(&body);
    }
    Ok(out)
}

/// A regular expression under construction.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Re {
    /// No string at all (a class with no value the encoding can hold).
    Nothing,
    /// The empty string.
    Empty,
    /// One value of sorted, disjoint, non-adjacent ranges.
    Class(Vec<(u32, u32)>),
    Concat(Vec<Re>),
    Alt(Vec<Re>),
    Repeat {
        min: u32,
        max: Option<u32>,
        body: Box<Re>,
    },
}

/// The IR of `expr` with references inlined and classes cut to what the encoding holds.
fn lift(grammar: &Grammar, expr: &Expr, encoding: Encoding) -> Re {
    match expr {
        Expr::Empty => Re::Empty,
        Expr::Class(ranges) => {
            let cut = ranges.iter().flat_map(|&(lo, hi)| match encoding {
                Encoding::Octets => vec![(lo, hi.min(0xFF))],
                Encoding::Utf8 => vec![(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi.min(0x10FFFF))],
            });
            let ranges = normalize(cut.filter(|&(lo, hi)| lo <= hi).collect());
            if ranges.is_empty() {
                Re::Nothing
            } else {
                Re::Class(ranges)
            }
        }
        Expr::Concat(parts) => Re::Concat(parts.iter().map(|p| lift(grammar, p, encoding)).collect()),
        Expr::Alt(alts) => Re::Alt(alts.iter().map(|a| lift(grammar, a, encoding)).collect()),
        Expr::Repeat { min, max, body } => {
            Re::Repeat { min: *min, max: *max, body: Box::new(lift(grammar, body, encoding)) }
        }
        Expr::Ref(id) => lift(grammar, &grammar.rule(*id).expr, encoding),
    }
}

/// Sorts ranges and merges those that overlap or touch.
fn normalize(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// Bottom-up simplification that keeps the language.
fn simplify(re: Re) -> Re {
    match re {
        Re::Concat(parts) => {
            let mut flat = Vec::new();
            for part in parts.into_iter().map(simplify) {
                match part {
                    Re::Nothing => return Re::Nothing,
                    Re::Empty => {}
                    Re::Concat(inner) => flat.extend(inner),
                    other => flat.push(other),
                }
            }
            runs(flat)
        }
        Re::Alt(alts) => {
            let mut classes = Vec::new();
            let mut rest: Vec<Re> = Vec::new();
            let mut empty = false;
            for alt in alts.into_iter().map(simplify) {
                let inner = match alt {
                    Re::Alt(inner) => inner,
                    other => vec![other],
                };
                for a in inner {
                    match a {
                        Re::Nothing => {}
                        Re::Empty => empty = true,
                        Re::Class(ranges) => classes.extend(ranges),
                        Re::Repeat { min: 0, max: Some(1), body } => {
                            empty = true;
                            if !rest.contains(&body) {
                                rest.push(*body);
                            }
                        }
                        other => {
                            if !rest.contains(&other) {
                                rest.push(other);
                            }
                        }
                    }
                }
            }
            if !classes.is_empty() {
                rest.insert(0, Re::Class(normalize(classes)));
            }
            let body = match rest.len() {
                0 => return if empty { Re::Empty } else { Re::Nothing },
                1 => rest.pop().unwrap_or(Re::Nothing),
                _ => Re::Alt(rest),
            };
            if empty {
                optional(body)
            } else {
                body
            }
        }
        Re::Repeat { min, max, body } => repeat(min, max, simplify(*body)),
        other => other,
    }
}

fn optional(body: Re) -> Re {
    repeat(0, Some(1), body)
}

/// `body{min,max}`, folding what needs no repetition.
fn repeat(min: u32, max: Option<u32>, body: Re) -> Re {
    match (&body, min, max) {
        (_, _, Some(0)) | (Re::Empty, _, _) => Re::Empty,
        (Re::Nothing, 0, _) => Re::Empty,
        (Re::Nothing, _, _) => Re::Nothing,
        (_, 1, Some(1)) => body,
        // (x*)? and (x?)? and (x*)* are x* and x?; (x+)? is x*.
        (Re::Repeat { min: 0, max: None | Some(1), .. }, 0, Some(1)) => body,
        (Re::Repeat { min: 1, max: None, body: inner }, 0, Some(1)) => {
            Re::Repeat { min: 0, max: None, body: inner.clone() }
        }
        _ => Re::Repeat { min, max, body: Box::new(body) },
    }
}

/// Joins runs of a repeated part or block of parts of a concatenation into one counted repetition:
/// `%HEXDIG HEXDIG` is `%[0-9A-Fa-f]{2}`, `dec-octet "." dec-octet "." dec-octet "." dec-octet` is
/// `(?:D\.){3}D`. A lone character is left alone unless it repeats four times or more (`//` reads
/// better than `/{2}`).
fn runs(parts: Vec<Re>) -> Re {
    let mut out: Vec<Re> = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        // The block length and count that save the most parts, the shortest block on ties.
        let mut best = (1, 1);
        for k in 1..=(parts.len() - i) / 2 {
            let block = &parts[i..i + k];
            let mut count = 1;
            while i + (count + 1) * k <= parts.len() && parts[i + count * k..i + (count + 1) * k] == *block {
                count += 1;
            }
            let lone_char = k == 1 && matches!(&block[0], Re::Class(r) if r.len() == 1 && r[0].0 == r[0].1);
            let worth =
                count >= 2 && !(lone_char && count < 4) && !matches!(block[0], Re::Repeat { .. } if k == 1);
            if worth && (count - 1) * k > (best.1 - 1) * best.0 {
                best = (k, count);
            }
        }
        let (k, count) = best;
        if count == 1 {
            out.push(parts[i].clone());
            i += 1;
            continue;
        }
        let body = if k == 1 { parts[i].clone() } else { Re::Concat(parts[i..i + k].to_vec()) };
        out.push(repeat(count as u32, Some(count as u32), body));
        i += k * count;
    }
    match out.len() {
        0 => Re::Empty,
        1 => out.pop().unwrap_or(Re::Empty),
        _ => Re::Concat(out),
    }
}

/// Prints `re`; precedence from loosest to tightest is alternation, concatenation, repetition.
fn print(re: &Re, encoding: Encoding) -> String {
    match re {
        // Only a whole expression can be empty: simplification removes it everywhere else.
        Re::Nothing if encoding == Encoding::Octets => "[^\\x00-\\xFF]".to_owned(),
        Re::Nothing => "[^\\x00-\\x{10FFFF}]".to_owned(),
        Re::Empty => String::new(),
        Re::Class(ranges) => class(ranges, encoding),
        Re::Concat(parts) => parts
            .iter()
            .map(|p| match p {
                Re::Alt(_) => format!("(?:{})", print(p, encoding)),
                _ => print(p, encoding),
            })
            .collect(),
        Re::Alt(alts) => alts.iter().map(|a| print(a, encoding)).collect::<Vec<_>>().join("|"),
        Re::Repeat { min, max, body } => {
            let inner = print(body, encoding);
            let atom = match **body {
                Re::Class(_) | Re::Nothing => inner,
                _ => format!("(?:{inner})"),
            };
            let quantifier = match (min, max) {
                (0, None) => "*".to_owned(),
                (1, None) => "+".to_owned(),
                (0, Some(1)) => "?".to_owned(),
                (n, None) => format!("{{{n},}}"),
                (n, Some(m)) if n == m => format!("{{{n}}}"),
                (n, Some(m)) => format!("{{{n},{m}}}"),
            };
            format!("{atom}{quantifier}")
        }
    }
}

/// A class: one value as a literal, several as `[...]`.
fn class(ranges: &[(u32, u32)], encoding: Encoding) -> String {
    if let [(lo, hi)] = ranges {
        if lo == hi {
            return literal(*lo, encoding, false);
        }
    }
    let mut out = String::from("[");
    for &(lo, hi) in ranges {
        out.push_str(&literal(lo, encoding, true));
        if hi > lo {
            if hi > lo + 1 {
                out.push('-');
            }
            out.push_str(&literal(hi, encoding, true));
        }
    }
    out.push(']');
    out
}

/// One value: letters and digits as themselves, ASCII punctuation escaped where the syntax needs
/// it, everything else as a hexadecimal escape.
fn literal(value: u32, encoding: Encoding, in_class: bool) -> String {
    let c = char::from_u32(value).filter(|c| c.is_ascii_graphic());
    match c {
        Some(c) if c.is_ascii_alphanumeric() => c.to_string(),
        Some(c) if in_class && matches!(c, '\\' | ']' | '[' | '^' | '-' | '&' | '~' | '|') => {
            format!("\\{c}")
        }
        Some(c) if !in_class && regex_syntax::is_meta_character(c) => format!("\\{c}"),
        Some(c) => c.to_string(),
        None if encoding == Encoding::Octets || value <= 0xFF => format!("\\x{value:02X}"),
        None => format!("\\x{{{value:X}}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{syntax::lower, Roots, SourceFile};

    fn regex_of(text: &str, rule: &str, encoding: Encoding) -> String {
        let (grammar, diags) = lower::load(&[SourceFile::new("g.abnf", text)], &Roots::All);
        let grammar = grammar.unwrap_or_else(|| panic!("{diags:?}"));
        rule_regex(&grammar, grammar.lookup(rule).unwrap(), encoding, false).unwrap()
    }

    #[test]
    fn the_translation_is_compact() {
        assert_eq!(
            regex_of("a = \"%\" 2HEXDIG\nHEXDIG = %x30-39 / \"A\" / \"B\"\n", "a", Encoding::Utf8),
            "%[0-9ABab]{2}"
        );
        assert_eq!(regex_of("a = [%x78] %x79 / %x7A / %x77\n", "a", Encoding::Utf8), "[wz]|x?y");
        assert_eq!(
            regex_of("a = *(\"a\" / \"b\" \"c\") \".\"\n", "a", Encoding::Utf8),
            "(?:[Aa]|[Bb][Cc])*\\."
        );
        assert_eq!(
            regex_of("a = %x0-7F / %xE9 / %x20AC\n", "a", Encoding::Utf8),
            "[\\x00-\\x7F\\xE9\\x{20AC}]"
        );
        assert_eq!(regex_of("a = %xD7FF-E000\n", "a", Encoding::Utf8), "[\\x{D7FF}\\x{E000}]");
        assert_eq!(regex_of("a = 1*%x80-FF\n", "a", Encoding::Octets), "(?-u)[\\x80-\\xFF]+");
    }

    #[test]
    fn recursive_rules_have_no_expression() {
        let (grammar, _) = lower::load(&[SourceFile::new("g.abnf", "a = \"(\" [a] \")\"\n")], &Roots::All);
        let grammar = grammar.unwrap();
        let err = rule_regex(&grammar, RuleId(0), Encoding::Utf8, true).unwrap_err();
        assert_eq!(err, RegexError::NotRegular { kind: RuleKind::Recursive });
    }
}
