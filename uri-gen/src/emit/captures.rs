//! The parser module's `Captures`, in the compact layout of [`crate::capture::layout`]: the
//! stored positions and kind indexes, every slot read through one `match` (a stored position, or
//! a short decision list over them), the accessors and setters of each capture, `slots` and
//! `from_slots`, and the exit of each accepting state (`finish`'s arms).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::capture::layout::{Entry, Exit, Layout, Place, Value};
use crate::capture::tdfa::FinalSrc;
use crate::emit::recognizer::variant_name;
use crate::CompiledParsers;

/// A `u32` constant as a literal.
fn lit(v: u32) -> Literal {
    Literal::u32_unsuffixed(v)
}

/// `base` plus the constant `c` (wrapping), with no operation for 0.
fn plus(base: TokenStream, c: i64) -> TokenStream {
    match c {
        0 => base,
        c if c > 0 => {
            let c = lit(c as u32);
            quote!(#base.wrapping_add(#c))
        }
        c => {
            let c = lit((-c) as u32);
            quote!(#base.wrapping_sub(#c))
        }
    }
}

/// The value of one decision list entry.
fn entry_value(e: &Entry) -> TokenStream {
    match e.value {
        Value::Stored(j, c) => {
            let j = Literal::usize_unsuffixed(j);
            plus(quote!(self.stored[#j]), c)
        }
        Value::Const(k) => {
            let k = lit(k);
            quote!(#k)
        }
        Value::End(0) => quote!(len as u32),
        Value::End(c) => plus(quote!((len as u32)), c),
    }
}

/// The condition under which an entry fires.
fn entry_test(e: &Entry) -> Option<TokenStream> {
    let mut tested: Vec<usize> = e.guard.clone();
    if let Value::Stored(j, _) = e.value {
        tested.push(j);
    }
    tested.dedup();
    let tests = tested.iter().map(|&j| {
        let j = Literal::usize_unsuffixed(j);
        quote!(self.stored[#j] != NONE)
    });
    (!tested.is_empty()).then(|| quote!(#(#tests)&&*))
}

/// The expression of one slot.
fn slot_expr(place: &Place) -> TokenStream {
    match place {
        Place::Stored(j) => {
            let j = Literal::usize_unsuffixed(*j);
            quote!(self.stored[#j])
        }
        Place::Derived(list) => {
            // `if a { x } else if b { y } else { NONE }`, cut at the first entry that always
            // fires; neighbouring entries of the same value share one branch (`a || b`).
            let mut branches: Vec<(Vec<TokenStream>, TokenStream, String)> = Vec::new();
            let mut last = quote!(NONE);
            for e in list {
                let value = entry_value(e);
                let Some(test) = entry_test(e) else {
                    last = value;
                    break;
                };
                match branches.last_mut() {
                    Some((tests, _, key)) if *key == value.to_string() => tests.push(test),
                    _ => branches.push((vec![test], value.clone(), value.to_string())),
                }
            }
            if branches.last().is_some_and(|(_, _, key)| *key == last.to_string()) {
                branches.pop();
            }
            let branches = branches.into_iter().map(|(tests, value, _)| {
                let tests = tests.iter().map(|t| if tests.len() > 1 { quote!((#t)) } else { t.clone() });
                quote!(if #(#tests)||* { #value })
            });
            let branches: Vec<TokenStream> = branches.collect();
            if branches.is_empty() {
                last
            } else {
                quote!(#(#branches)else* else { #last })
            }
        }
        Place::Kind { kind, variant } => {
            let (k, v) = (Literal::usize_unsuffixed(*kind), Literal::u8_unsuffixed(*variant as u8 + 1));
            quote!(if self.kinds[#k] == #v { 0 } else { NONE })
        }
    }
}

/// The items of `Captures`: the type, its slot reading, moving and checking, and one accessor
/// and setter per capture (list captures' from [`crate::emit::parser_lists`]).
pub(crate) fn items(compiled: &CompiledParsers, layout: &Layout, rt: &TokenStream) -> TokenStream {
    let spec = &compiled.spec;
    let slots = layout.places.len();
    let slots_lit = Literal::usize_unsuffixed(slots);
    let captured = Literal::usize_unsuffixed(2 * spec.captures.len());
    let n_stored = Literal::usize_unsuffixed(layout.stored.len());
    let n_kinds = Literal::usize_unsuffixed(layout.kinds.len());
    let slot_arms = layout.places.iter().enumerate().map(|(s, place)| {
        let s = Literal::usize_unsuffixed(s);
        let e = slot_expr(place);
        quote!(#s => #e,)
    });
    let stored_from = layout.stored.iter().map(|&s| {
        let s = Literal::usize_unsuffixed(s);
        quote!(slots[#s])
    });
    let kinds_from = spec.kinds.iter().enumerate().map(|(k, kind)| {
        let base = spec.kind_base(k);
        let mut out = quote!(0);
        for v in (0..kind.variants.len()).rev() {
            let (s, i) = (Literal::usize_unsuffixed(base + v), Literal::u8_unsuffixed(v as u8 + 1));
            out = quote!(if slots[#s] != NONE { #i } else { #out });
        }
        out
    });
    let capture_fns = spec.captures.iter().enumerate().map(|(i, c)| {
        if let Some(methods) = crate::emit::parser_lists::capture_methods(compiled, layout, i, c, rt) {
            return methods;
        }
        let name = format_ident!("{}", c.name.replace('-', "_"));
        let (start, end) = (2 * i, 2 * i + 1);
        let doc = format!(
            " The span of {} (start, end), if it is present, in a match of an input of `len` bytes.",
            c.describe()
        );
        let setter = format_ident!("set_{}", c.name.replace('-', "_"));
        let setter_doc = setter_doc(&c.name, layout, start, end);
        let setter_body = setter_body(layout, rt, start, end);
        let (start, end) = (Literal::usize_unsuffixed(start), Literal::usize_unsuffixed(end));
        quote! {
            #[doc = #doc]
            #[inline]
            pub const fn #name(&self, len: usize) -> Option<(usize, usize)> {
                self.span(#start, #end, len)
            }

            #[doc = #setter_doc]
            #[inline]
            pub fn #setter(&mut self, span: Option<(usize, usize)>) {
                #setter_body
            }
        }
    });
    let stored_doc = format!(
        " The positions one match recorded, kept compactly: {} of its {} capture slots as the parser \
         recorded them (`u32::MAX` where unset), every other one derived from them and from the \
         input's length when read, and for each kind which alternative matched. Positions are byte \
         offsets into the input; the accessors take its length. A value whose slots no match \
         records (setters that leave captures out of step) may read spans that end at \
         `u32::MAX`; [`Captures::from_slots`] refuses such slots.",
        layout.stored.len(),
        2 * spec.captures.len()
    );
    let kinds = kind_items(compiled);
    quote! {
        #[doc = #stored_doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Captures {
            stored: [u32; #n_stored],
            kinds: [u8; #n_kinds],
        }

        #[allow(unused_variables)]
        impl Captures {
            #[doc = " The number of slots ([`Captures::slots`])."]
            pub const SLOTS: usize = #slots_lit;

            #[doc = " Slot `i` of [`Captures::slots`] for an input of `len` bytes."]
            #[inline(always)]
            const fn slot(&self, i: usize, len: usize) -> u32 {
                match i {
                    #(#slot_arms)*
                    _ => NONE,
                }
            }

            #[doc = " The span of slots `start` and `end`: a capture's end is set wherever its start is"]
            #[doc = " (its list is proved so for every match), so only the start is tested."]
            #[inline(always)]
            const fn span(&self, start: usize, end: usize, len: usize) -> Option<(usize, usize)> {
                let start = self.slot(start, len);
                if start == NONE {
                    return None;
                }
                Some((start as usize, self.slot(end, len) as usize))
            }

            #[doc = " The same match moved by `delta` bytes: what it records for `text` holds for"]
            #[doc = " `text` with `delta` bytes more (or, when negative, fewer) in front. The stored"]
            #[doc = " positions that are set move; a slot derived from a constant (such as a start at 0)"]
            #[doc = " does not, so the caller sets that capture again."]
            #[inline]
            pub fn shifted(&self, delta: isize) -> Captures {
                let mut stored = self.stored;
                #rt::shift(&mut stored, delta);
                Captures { stored, kinds: self.kinds }
            }

            #[doc = " Every slot for an input of `len` bytes, in declaration order: each capture's start"]
            #[doc = " and end (`u32::MAX` where unset), then each kind alternative, 0 for the one that"]
            #[doc = " matched and `u32::MAX` for the others (where it starts is not kept). Two parsers"]
            #[doc = " whose capture files declare the same captures and kinds in the same order share"]
            #[doc = " these slots."]
            #[inline]
            pub const fn slots(&self, len: usize) -> [u32; #slots_lit] {
                let mut out = [NONE; #slots_lit];
                let mut i = 0;
                while i < #slots_lit {
                    out[i] = self.slot(i, len);
                    i += 1;
                }
                out
            }

            #[doc = " The captures whose slots are `slots` ([`Captures::slots`]) for an input of `len`"]
            #[doc = " bytes, such as another parser's of the same slots recorded: each kind's first set"]
            #[doc = " alternative is kept. `None` where the layout cannot hold them: a slot it derives"]
            #[doc = " would read differently from the one given."]
            pub const fn from_slots(slots: [u32; #slots_lit], len: usize) -> Option<Captures> {
                let captures = Captures::from_slots_unchecked(slots);
                let mut i = 0;
                while i < #captured {
                    if captures.slot(i, len) != slots[i] {
                        return None;
                    }
                    i += 1;
                }
                Some(captures)
            }

            #[doc = " [`Captures::from_slots`] without the check: the slots a parse of the input records"]
            #[doc = " (or a parse of another parser of the same slots) read back as given; other slots"]
            #[doc = " may not."]
            #[inline]
            pub const fn from_slots_unchecked(slots: [u32; #slots_lit]) -> Captures {
                Captures { stored: [#(#stored_from),*], kinds: [#(#kinds_from),*] }
            }

            #(#capture_fns)*
        }

        #kinds
    }
}

/// A setter's doc: which of the capture's slots the layout stores.
fn setter_doc(name: &str, layout: &Layout, start: usize, end: usize) -> String {
    let kept = match (&layout.places[start], &layout.places[end]) {
        (Place::Stored(_), Place::Stored(_)) => "its start and end, which this layout stores",
        (Place::Stored(_), _) => {
            "its start, which this layout stores (its end follows from the other captures)"
        }
        (_, Place::Stored(_)) => {
            "its end, which this layout stores (its start follows from the other captures)"
        }
        _ => "nothing: this layout derives its start and end from the other captures",
    };
    format!(
        " Records the span of `{name}` (or its absence), for code that builds a match from parts \
         whose spans it knows: writes {kept}. A value built by setters reads back right once every \
         capture is set as a parse of the final input records it; [`Captures::from_slots`] checks \
         a whole value."
    )
}

/// A setter's body: the stored slots among `start` and `end` written.
pub(crate) fn setter_body(layout: &Layout, rt: &TokenStream, start: usize, end: usize) -> TokenStream {
    let mut out = TokenStream::new();
    for (slot, pick) in [(start, quote!(start_slot)), (end, quote!(end_slot))] {
        if let Place::Stored(j) = layout.places[slot] {
            let j = Literal::usize_unsuffixed(j);
            out.extend(quote!(self.stored[#j] = #rt::#pick(span);));
        }
    }
    if out.is_empty() {
        out = quote!(let _ = span;);
    }
    out
}

/// Each kind's enum, its accessor and its setter.
fn kind_items(compiled: &CompiledParsers) -> TokenStream {
    let spec = &compiled.spec;
    let kinds = spec.kinds.iter().enumerate().map(|(k, kind)| {
        let ty = format_ident!("{}Kind", variant_name(&kind.name));
        let method = format_ident!("{}_kind", kind.name.replace('-', "_"));
        let setter = format_ident!("set_{}_kind", kind.name.replace('-', "_"));
        let variants: Vec<_> = kind.variants.iter().map(|(_, v)| format_ident!("{}", v)).collect();
        let docs: Vec<String> = kind
            .variants
            .iter()
            .map(|(r, _)| format!(" The `{}` alternative matched.", compiled.grammar.rule(*r).name))
            .collect();
        let index: Vec<_> = (0..kind.variants.len()).map(|v| Literal::u8_unsuffixed(v as u8 + 1)).collect();
        let k = Literal::usize_unsuffixed(k);
        // `#[non_exhaustive]`: a crate that extends its grammar later (RFC 6874's zone IDs add
        // an alternative to RFC 3986's `host`) can then add a variant without breaking callers.
        let type_doc = format!(" Which alternative of `{}` matched.", kind.name);
        let method_doc =
            format!(" Which alternative of `{}` matched, if `{}` is present.", kind.name, kind.name);
        let setter_doc = format!(
            " Records which alternative of `{}` matched (or none), for code that builds a match \
             from parts.",
            kind.name
        );
        quote! {
            #[doc = #type_doc]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
            #[non_exhaustive]
            pub enum #ty {
                #( #[doc = #docs] #variants, )*
            }

            impl Captures {
                #[doc = #method_doc]
                #[inline]
                pub const fn #method(&self) -> Option<#ty> {
                    match self.kinds[#k] {
                        #(#index => Some(#ty::#variants),)*
                        _ => None,
                    }
                }

                #[doc = #setter_doc]
                #[inline]
                pub fn #setter(&mut self, kind: Option<#ty>) {
                    self.kinds[#k] = match kind {
                        None => 0,
                        #(Some(#ty::#variants) => #index,)*
                    };
                }
            }
        }
    });
    quote!(#(#kinds)*)
}

/// The values one exit stores, as plain operands over the registers `r` and the input's `end`:
/// each stored position, then for each kind one operand per alternative, the first set one
/// giving the kind's index (a set constant where the exit knows the index, `NONE` for an
/// alternative it need not test).
pub(crate) fn exit_operands(exit: &Exit, kinds: &[usize]) -> Vec<TokenStream> {
    let reg = |r: u32| {
        let r = Literal::usize_unsuffixed(r as usize);
        quote!(r[#r])
    };
    let mut out: Vec<TokenStream> = exit
        .stored
        .iter()
        .map(|&src| match src {
            FinalSrc::Reg(0) => quote!(NONE),
            FinalSrc::Reg(r) => reg(r),
            FinalSrc::End => quote!(end),
        })
        .collect();
    for (k, &n) in exit.kinds.iter().zip(kinds) {
        let mut operands = vec![quote!(NONE); n];
        for &(r, v) in &k.tests {
            operands[usize::from(v) - 1] = reg(r);
        }
        if k.otherwise > 0 {
            operands[usize::from(k.otherwise) - 1] = quote!(0);
        }
        out.extend(operands);
    }
    out
}

/// The kind indexes `finish` computes from an exit's operands `v` (after the stored positions):
/// the first set operand, or the last where the kind's exits test from the last alternative.
pub(crate) fn exit_kinds(layout: &Layout, rt: &TokenStream) -> TokenStream {
    let mut at = layout.stored.len();
    let kinds = layout.kinds.iter().zip(&layout.last_first).map(|(&n, &last_first)| {
        let (from, to) = (Literal::usize_unsuffixed(at), Literal::usize_unsuffixed(at + n));
        at += n;
        if last_first {
            quote!(#rt::last_set(&v, #from, #to))
        } else {
            quote!(#rt::first_set(&v, #from, #to))
        }
    });
    quote!([#(#kinds),*])
}
