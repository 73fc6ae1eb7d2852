//! The parser module's items for list captures (`occurs=all`): the span automaton of each list
//! as a `static` the runtime's `Occurrences` walks, and the accessors of `Captures` and `Parsed`
//! that give the occurrences lazily.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::capture::layout::Layout;
use crate::capture::spec::{CaptureDecl, Occurs};
use crate::CompiledParsers;

/// The name of the `static` that holds list `k`'s span automaton (`k` counting lists only).
fn table_name(k: usize) -> proc_macro2::Ident {
    format_ident!("LIST_{}", k)
}

/// For capture `i`, its list index if it is a list.
fn list_index(compiled: &CompiledParsers, i: usize) -> Option<usize> {
    compiled.lists.iter().position(|l| l.capture == i)
}

/// The methods of `Captures` for capture `i`, a list: `NAME(input)`, the occurrences;
/// `NAME_span()`, the span from the first occurrence's start to the last one's end; and
/// `set_NAME_span`.
pub(crate) fn capture_methods(
    compiled: &CompiledParsers,
    layout: &Layout,
    i: usize,
    c: &CaptureDecl,
    rt: &TokenStream,
) -> Option<TokenStream> {
    let table = table_name(list_index(compiled, i)?);
    let base = c.name.replace('-', "_");
    let name = format_ident!("{}", base);
    let span = format_ident!("{}_span", base);
    let setter = format_ident!("set_{}_span", base);
    let (start, end) = (Literal::usize_unsuffixed(2 * i), Literal::usize_unsuffixed(2 * i + 1));
    let doc = format!(
        " Every occurrence of {} in `input` (the input this match was parsed from), in match order, \
         each as (start, end): found again in the list's span when asked for, with no allocation.",
        c.describe()
    );
    let span_doc = format!(
        " The span of the occurrences of `{}`: from the first one's start to the last one's end, \
         if there is any, in a match of an input of `len` bytes.",
        c.name
    );
    let setter_doc = format!(
        " Records the span of the occurrences of `{}` (or their absence), for code that builds \
         a match from parts whose spans it knows (as the other setters do).",
        c.name
    );
    let setter_body = crate::emit::captures::setter_body(layout, rt, 2 * i, 2 * i + 1);
    Some(quote! {
        #[doc = #doc]
        #[inline]
        pub fn #name<'i>(&self, input: &'i [u8]) -> #rt::Occurrences<'i> {
            #rt::Occurrences::new(&#table, input, self.span(#start, #end, input.len()))
        }

        #[doc = #span_doc]
        #[inline]
        pub const fn #span(&self, len: usize) -> Option<(usize, usize)> {
            self.span(#start, #end, len)
        }

        #[doc = #setter_doc]
        #[inline]
        pub fn #setter(&mut self, span: Option<(usize, usize)>) {
            #setter_body
        }
    })
}

/// The accessor of `Parsed` for capture `i`, a list: its occurrences as text.
pub(crate) fn str_accessor(
    compiled: &CompiledParsers,
    i: usize,
    c: &CaptureDecl,
    rt: &TokenStream,
) -> Option<TokenStream> {
    let table = table_name(list_index(compiled, i)?);
    let base = c.name.replace('-', "_");
    let name = format_ident!("{}", base);
    let span = format_ident!("{}_span", base);
    let doc = format!(" The text of every occurrence of `{}`, in match order.", c.name);
    Some(quote! {
        #[doc = #doc]
        #[inline]
        pub fn #name(&self) -> #rt::Texts<'a> {
            #rt::Texts::new(&#table, self.input, self.captures.#span(self.input.len()))
        }
    })
}

/// The `static` span automaton of every list.
pub(crate) fn tables(compiled: &CompiledParsers, rt: &TokenStream) -> anyhow::Result<TokenStream> {
    let mut out = TokenStream::new();
    for (k, split) in compiled.lists.iter().enumerate() {
        let c = &compiled.spec.captures[split.capture];
        debug_assert_eq!(c.options.occurs, Occurs::All);
        if split.finals.len() > usize::from(u16::MAX) {
            anyhow::bail!(
                "the span automaton of list capture `{}` has {} states, more than a u16 numbers",
                c.name,
                split.finals.len()
            );
        }
        let name = table_name(k);
        let classes_name = format_ident!("LIST_{}_CLASSES", k);
        let trans_name = format_ident!("LIST_{}_TRANS", k);
        let marks_name = format_ident!("LIST_{}_MARKS", k);
        let finals_name = format_ident!("LIST_{}_FINALS", k);
        let classes = split.classes.map().iter().map(|&c| Literal::u8_unsuffixed(c));
        let trans = split.trans.iter().map(|&t| Literal::u16_unsuffixed(t as u16));
        let marks = split.marks.iter().map(|&m| Literal::u8_unsuffixed(m));
        let finals = split.finals.iter().map(|&m| Literal::u8_unsuffixed(m));
        let (n_trans, n_states) =
            (Literal::usize_unsuffixed(split.trans.len()), Literal::usize_unsuffixed(split.finals.len()));
        let stride = Literal::usize_unsuffixed(split.stride());
        let doc = format!(" The span automaton of list capture `{}`.", c.name);
        out.extend(quote! {
            #[doc = #doc]
            static #name: #rt::Split = #rt::Split {
                classes: &#classes_name,
                trans: &#trans_name,
                marks: &#marks_name,
                finals: &#finals_name,
                stride: #stride,
            };

            #[doc = " Its byte classes."]
            static #classes_name: [u8; 256] = [#(#classes),*];

            #[doc = " Its next states."]
            static #trans_name: [u16; #n_trans] = [#(#trans),*];

            #[doc = " The marks of its transitions."]
            static #marks_name: [u8; #n_trans] = [#(#marks),*];

            #[doc = " The marks at the span's end."]
            static #finals_name: [u8; #n_states] = [#(#finals),*];
        });
    }
    Ok(out)
}
