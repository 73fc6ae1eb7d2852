//! What a parser module says of each entry point in words: `Parser::rule_name`, the name of the
//! rule it matches, and `Parser::scheme`, the URI scheme its grammar writes at the start of every
//! match, read from the tagged DFA.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::capture::tdfa::Tdfa;
use crate::CompiledParsers;

/// The longest text a scheme prefix is looked for in: longer fixed prefixes are no scheme a
/// message would name.
const LONGEST_PREFIX: usize = 64;

/// `impl Parser { rule_name, scheme }`.
pub(crate) fn items(compiled: &CompiledParsers) -> TokenStream {
    let parsers = &compiled.spec.parsers;
    let variants: Vec<_> = parsers.iter().map(|p| format_ident!("{}", p.name)).collect();
    let rules = parsers.iter().map(|p| compiled.grammar.rule(p.rule).name.clone());
    let schemes = compiled.tdfa.starts.iter().map(|&start| match scheme(&compiled.tdfa, start) {
        Some(name) => quote!(Some(#name)),
        None => quote!(None),
    });
    let rule_arms = variants.iter().zip(rules).map(|(v, rule)| quote!(Parser::#v => #rule,));
    let scheme_arms = variants.iter().zip(schemes).map(|(v, scheme)| quote!(Parser::#v => #scheme,));
    quote! {
        impl Parser {
            #[doc = " The name of the rule this parser matches, as its grammar writes it."]
            pub const fn rule_name(self) -> &'static str {
                match self { #(#rule_arms)* }
            }

            #[doc = " The URI scheme, lower case, that every match starts with followed by `:`, where"]
            #[doc = " the grammar writes it as a literal; `None` where matches start otherwise."]
            pub const fn scheme(self) -> Option<&'static str> {
                match self { #(#scheme_arms)* }
            }
        }
    }
}

/// The scheme every match from `start` begins with: the text that the automaton reads before it
/// may accept or branch, one letter in either case or one other byte at a time, taken up to a
/// `:` when what comes before it is a scheme (RFC 3986: a letter, then letters, digits, `+`,
/// `-` and `.`).
fn scheme(t: &Tdfa, start: u32) -> Option<String> {
    let prefix = fixed_prefix(t, start as usize);
    let (name, _) = prefix.split_once(':')?;
    let mut bytes = name.bytes();
    let first_is_letter = bytes.next().is_some_and(|b| b.is_ascii_alphabetic());
    let rest_fits = bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    (first_is_letter && rest_fits).then(|| name.to_owned())
}

/// The text, lower case, that every path from `state` reads first: while the state does not
/// accept and the bytes it goes on with all lead to one state and are one byte, or one letter in
/// either case or both.
fn fixed_prefix(t: &Tdfa, mut state: usize) -> String {
    let stride = t.stride();
    let mut out = String::new();
    while out.len() < LONGEST_PREFIX && t.finals[state].is_none() {
        let live: Vec<(u8, u32)> = (0..=255u8)
            .map(|b| (b, t.trans[state * stride + t.classes.get(b)]))
            .filter(|&(_, next)| next != 0)
            .collect();
        let Some(&(first, next)) = live.first() else { break };
        let lower = first.to_ascii_lowercase();
        if !live.iter().all(|&(b, n)| n == next && b.to_ascii_lowercase() == lower) {
            break;
        }
        out.push(char::from(lower));
        state = next as usize;
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{compile_parsers, Options, Roots, SourceFile};

    /// Each parser's rule name and scheme, for a grammar of one rule per parser.
    fn names(grammar: &str, parsers: &[(&str, &str)]) -> Vec<(String, Option<String>)> {
        let captures: String = parsers.iter().map(|(p, rule)| format!("parser {p} {rule}\n")).collect();
        let roots = parsers.iter().map(|(_, rule)| (*rule).to_owned()).collect();
        let options = Options { roots: Roots::Only(roots), ..Options::default() };
        let files = [SourceFile::new("t.abnf", grammar)];
        let compiled =
            compile_parsers(&files, "t.captures", &captures, &options).unwrap_or_else(|d| panic!("{d}"));
        compiled
            .spec
            .parsers
            .iter()
            .zip(&compiled.tdfa.starts)
            .map(|(p, &start)| {
                (compiled.grammar.rule(p.rule).name.clone(), super::scheme(&compiled.tdfa, start))
            })
            .collect()
    }

    #[test]
    fn a_scheme_is_the_literal_every_match_starts_with_up_to_its_colon() {
        let grammar = "geo-uri = \"geo:\" 1*d\r\n\
                       urn = \"urn\" \":\" d\r\n\
                       exact = %s\"Tel:\" d\r\n\
                       two = \"x\" (\"y:\" / \"z:\") d\r\n\
                       digit-first = \"1a:\" d\r\n\
                       no-colon = \"ab\" d\r\n\
                       d = %x30-39\r\n";
        let parsers = [
            ("Geo", "geo-uri"),
            ("Urn", "urn"),
            ("Exact", "exact"),
            ("Two", "two"),
            ("DigitFirst", "digit-first"),
            ("NoColon", "no-colon"),
        ];
        let found = names(grammar, &parsers);
        let schemes: Vec<_> = found.iter().map(|(_, s)| s.as_deref()).collect();
        assert_eq!(schemes, [Some("geo"), Some("urn"), Some("tel"), None, None, None]);
        let rules: Vec<_> = found.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(rules, parsers.map(|(_, r)| r));
    }
}
