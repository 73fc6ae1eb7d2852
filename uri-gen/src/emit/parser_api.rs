//! The parser module's items for its callers beyond the captured offsets: `Failure`, which says
//! where a parse failed and which bytes could have come there (as the recognizer's mismatches and
//! `uri-gen match` do), and `Parser::parse_str`, whose `Parsed` gives each capture as `&str`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::CompiledParsers;

/// `Failure`, its `expected`, `expects` and `end_allowed`, and `failure`, which finds the state a
/// failed prefix leads to by walking it again without register operations (failures only pay for
/// it; the expected set is computed only when asked).
pub(crate) fn failure_items(rt: &TokenStream) -> TokenStream {
    quote! {
        #[doc = " Where and why a parse failed. The bytes that could have come there are found when"]
        #[doc = " asked ([`Failure::expected`]), so that a failed parse costs little more than a walk."]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Failure {
            #[doc = " The index of the first byte that no match can continue with, or the input length"]
            #[doc = " when the input ended too early."]
            pub index: usize,
            #[doc = " The premultiplied state the input's first `index` bytes lead to (0: none)."]
            state: usize,
            #[doc = " Whether the input goes on past `index`."]
            more: bool,
        }

        impl Failure {
            #[doc = " The bytes that could have come at [`Failure::index`] (bit `b % 64` of word `b / 64`);"]
            #[doc = " empty when no byte could (the input has bytes too many)."]
            pub fn expected(&self) -> [u64; 4] {
                TDFA.expected(self.state)
            }

            #[doc = " Whether `byte` could have come at [`Failure::index`]."]
            pub fn expects(&self, byte: u8) -> bool {
                #rt::has_byte(self.expected(), byte)
            }

            #[doc = " Whether a match could have ended at [`Failure::index`]: the input has bytes too many."]
            pub fn end_allowed(&self) -> bool {
                self.more && self.state != 0 && FINAL_ROW[state_id(self.state)] != 0
            }
        }

        #[doc = " Why the walk from premultiplied state `start` failed at `index`, which is the input's"]
        #[doc = " length when the input ended in a state that does not accept: the state the failed"]
        #[doc = " prefix leads to, found by walking it again without register operations."]
        #[cold]
        #[inline(never)]
        fn failure(start: usize, input: &[u8], index: usize) -> Failure {
            let state = TDFA.state_after(start, &input[..index]).unwrap_or(0);
            Failure { index, state, more: index < input.len() }
        }
    }
}

/// `Parsed` (the input as `&str` and its captures, with an accessor per capture giving its text)
/// and `Parser::parse_str`.
pub(crate) fn str_items(compiled: &CompiledParsers, rt: &TokenStream) -> TokenStream {
    let accessors = compiled.spec.captures.iter().enumerate().map(|(i, c)| {
        if let Some(accessor) = crate::emit::parser_lists::str_accessor(compiled, i, c, rt) {
            return accessor;
        }
        let name = format_ident!("{}", c.name.replace('-', "_"));
        let doc = format!(" The text of `{}`, if it is present.", c.name);
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #name(&self) -> Option<&'a str> {
                #rt::text(self.input, self.captures.#name(self.input.len()))
            }
        }
    });
    quote! {
        #[doc = " A match of a `&str` input: the input and its captures, each capture's text a `&str`"]
        #[doc = " of the input."]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Parsed<'a> {
            #[doc = " The whole input."]
            pub input: &'a str,
            #[doc = " The captured offsets, and which alternative of each kind matched."]
            pub captures: Captures,
        }

        impl<'a> Parsed<'a> {
            #(#accessors)*
        }

        impl Parser {
            #[doc = " Parses the whole of `input`, as [`Parser::parse`] does, giving captures as `&str`."]
            #[inline]
            pub fn parse_str(self, input: &str) -> Result<Parsed<'_>, Failure> {
                let captures = self.parse(input.as_bytes())?;
                Ok(Parsed { input, captures })
            }
        }
    }
}
