//! The tables that connect a generated module to the walk runtime ([`crate::runtime`]): the
//! acceleration tables, the state-id constants and, with [`EmitOptions::vector`], the AVX2
//! walk's plan. The walks themselves are never emitted: the runtime file holds them, once per
//! crate ([`runtime_file`]).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::emit::runtime::RuntimeParts;
use crate::plan::accel::Accel;
use crate::plan::escape::SimdEscape;

/// How a module is emitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmitOptions {
    /// The path at which generated modules find the runtime file's items, as Rust source, from
    /// the crate root (`crate::...` or `::...`; `crate::uri_gen_runtime` by default: the file
    /// declared as `mod uri_gen_runtime;` at the crate root).
    pub runtime: String,
    /// Whether the module also runs the AVX2 walk on x86-64 CPUs that have it. The runtime file
    /// must then be written with the vector walk too (`runtime_file(true)`), which asks of the
    /// including crate a `portable` feature, a `std` feature (run-time CPU detection; without
    /// it the AVX2 walk is compiled only for targets that promise AVX2), and `unsafe` allowed in
    /// the runtime module.
    pub vector: bool,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions { runtime: "crate::uri_gen_runtime".to_owned(), vector: false }
    }
}

impl EmitOptions {
    /// The runtime path as tokens.
    pub(crate) fn runtime_path(&self) -> anyhow::Result<TokenStream> {
        let path = syn::parse::Parser::parse_str(syn::Path::parse_mod_style, &self.runtime)
            .map_err(|e| anyhow::anyhow!("the runtime path `{}` is not a module path: {e}", self.runtime))?;
        let absolute =
            path.leading_colon.is_some() || path.segments.first().is_some_and(|first| first.ident == "crate");
        if !absolute {
            anyhow::bail!(
                "the runtime path `{}` is relative; expected a path from the crate root, `crate::...` or `::...`",
                self.runtime
            );
        }
        Ok(quote!(#path))
    }
}

/// The text of the walk runtime file without the Earley engine: the table walks, and with
/// `vector` the AVX2 walk. Every crate whose generated modules have regular rules only holds it
/// once, at the path of [`EmitOptions::runtime`]; it is the same text for every grammar. A crate
/// with a module of recursive rules needs the engine too ([`RuntimeParts`]).
pub fn runtime_file(vector: bool) -> String {
    RuntimeParts { vector, earley: false }.text()
}

/// The smallest unsigned type that holds `max`.
pub(crate) fn cell_type(max: u64) -> TokenStream {
    if max <= u64::from(u8::MAX) {
        quote!(u8)
    } else if max <= u64::from(u16::MAX) {
        quote!(u16)
    } else if max <= u64::from(u32::MAX) {
        quote!(u32)
    } else {
        quote!(u64)
    }
}

/// The cell type of the loop-set tables: one bit per loop set.
pub(crate) fn accel_cell(accel: &Accel) -> TokenStream {
    match accel.width() {
        8 => quote!(u8),
        16 => quote!(u16),
        32 => quote!(u32),
        _ => quote!(u64),
    }
}

/// The acceleration tables of a module (`LOOP` and `ACCEL`) and the expression of its
/// `Accel` (over runtime path `rt`).
pub(crate) fn accel_tables(accel: &Accel, stride: usize, rt: &TokenStream) -> (TokenStream, TokenStream) {
    let loop_ty = accel_cell(accel);
    let loop_table = accel.table.iter().map(|&w| Literal::u64_unsuffixed(w));
    let masks = accel.shifted_table(stride, 0, |n| accel.masks[n]);
    let accel_len = Literal::usize_unsuffixed(masks.len());
    let accel_masks = masks.into_iter().map(Literal::u64_unsuffixed);
    let end = Literal::usize_unsuffixed((accel.count + 1) * stride);
    let shift = Literal::u32_unsuffixed(Accel::shift(stride));
    let items = quote! {
        #[doc = " For each byte, the loop sets it belongs to (one bit per set)."]
        static LOOP: [#loop_ty; 256] = [#(#loop_table),*];

        #[doc = " The loop-set bit of each accelerated premultiplied state `state`, at"]
        #[doc = " `state >> shift` (other entries, the dead state's among them, are unused)."]
        static ACCEL: [#loop_ty; #accel_len] = [#(#accel_masks),*];
    };
    let expr = quote!(#rt::Accel { end: #end, shift: #shift, loop_sets: &LOOP, masks: &ACCEL });
    (items, expr)
}

/// The `StateIds` of an automaton of `states` states over `stride` columns, and an item that
/// checks them at compile time on the first and last states.
pub(crate) fn state_ids(stride: usize, states: usize, rt: &TokenStream) -> (TokenStream, TokenStream) {
    let (twos, odd) = (stride.trailing_zeros(), stride >> stride.trailing_zeros());
    let twos = Literal::u32_unsuffixed(twos);
    let inverse = Literal::u32_unsuffixed(inverse_mod_2_32(odd as u32));
    let last = Literal::usize_unsuffixed(states.saturating_sub(1));
    let stride = Literal::usize_unsuffixed(stride);
    let expr = quote!(#rt::StateIds { twos: #twos, inverse: #inverse });
    let check = quote! {
        const _: () = {
            let ids = #expr;
            assert!(
                ids.id(#stride) == 1 && ids.id(#last * #stride) == #last,
                "the state ids invert the premultiplication",
            );
        };
    };
    (expr, check)
}

/// The inverse of odd `d` modulo 2^32, by Newton's iteration: each step doubles the number of
/// correct low bits, and `d` itself is right in the lowest three (d * d = 1 mod 8 for odd d).
pub(crate) fn inverse_mod_2_32(d: u32) -> u32 {
    assert!(d % 2 == 1, "only odd numbers have an inverse modulo 2^32");
    let mut x = d;
    for _ in 0..4 {
        x = x.wrapping_mul(2u32.wrapping_sub(d.wrapping_mul(x)));
    }
    x
}

/// The AVX2 walk's plan of a module (`SET_OF`, `NIBBLES` and the `AVX2` constant), or `None`
/// when the AVX2 plan classifies no set (every loop set holds a byte from 0x80 on, which nibble
/// tables cannot hold): the module then runs the table walk alone.
pub(crate) fn avx2_tables(accel: &Accel, stride: usize, rt: &TokenStream) -> Option<TokenStream> {
    let plan = accel.avx2(stride).filter(|plan| plan.sets > 0)?;
    let codes = accel.avx2_codes(&plan);
    let codes_len = Literal::usize_unsuffixed(codes.len());
    let codes = codes.iter().map(|&c| Literal::u8_unsuffixed(c));
    let nibbles = plan.nibbles();
    let sets = Literal::usize_unsuffixed(nibbles.len());
    let nibbles = nibbles.iter().map(|table| {
        let bytes = table.iter().map(|&b| Literal::u8_unsuffixed(b));
        quote!([#(#bytes),*])
    });
    let escape = accel.simd_escape(&plan).unwrap_or(SimdEscape { lead: 0, digits: [0; 16], carried: 0 });
    let (lead, carried) = (Literal::u8_unsuffixed(escape.lead), Literal::u8_unsuffixed(escape.carried));
    let digits = escape.digits.iter().map(|&b| Literal::u8_unsuffixed(b));
    Some(quote! {
        #[doc = " The AVX2 walk's plan: the mask each accelerated state reads (see `Plan`), the"]
        #[doc = " nibble tables of the sets it classifies, and the escape their runs go on over."]
        const AVX2: #rt::avx2::Plan = #rt::avx2::Plan {
            set_of: &SET_OF,
            nibbles: &NIBBLES,
            escape: #rt::avx2::Escape { lead: #lead, digits: [#(#digits),*], carried: #carried },
        };

        #[doc = " `SET_OF[state >> shift]`: the AVX2 walk's mask of accelerated premultiplied state"]
        #[doc = " `state` (4: the empty set), with bit 3 set where its runs are skipped by table tests."]
        static SET_OF: [u8; #codes_len] = [#(#codes),*];

        #[doc = " The nibble table of each set the AVX2 walk classifies."]
        static NIBBLES: [[u8; 16]; #sets] = [#(#nibbles),*];
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_mod_2_32_inverts_odd_numbers() {
        for d in (1..20_000u32).step_by(2).chain([u32::MAX, u32::MAX - 2, 0x8000_0001]) {
            assert_eq!(d.wrapping_mul(inverse_mod_2_32(d)), 1, "{d}");
        }
    }

    #[test]
    fn the_runtime_file_has_the_vector_walk_only_when_asked() {
        let code = |text: String| -> Vec<String> {
            text.lines().filter(|l| !l.trim_start().starts_with("//")).map(str::to_owned).collect()
        };
        assert!(!code(runtime_file(false)).iter().any(|l| l.contains("unsafe")));
        assert!(code(runtime_file(true)).iter().any(|l| l.contains("unsafe")));
        assert!(runtime_file(true).contains("pub mod avx2"));
        assert!(runtime_file(true).starts_with(&runtime_file(false)));
        assert!(!runtime_file(true).contains("pub mod earley"), "the engine is asked for apart");
    }

    #[test]
    fn a_runtime_path_that_is_no_rust_path_is_an_error() {
        for runtime in ["crate::", "super::rt", "rt", "crate::rt::<T>"] {
            let options = EmitOptions { runtime: runtime.to_owned(), vector: false };
            assert!(options.runtime_path().is_err(), "{runtime}");
        }
        let nested = EmitOptions { runtime: "crate::walks::rt".to_owned(), vector: false };
        assert!(nested.runtime_path().is_ok());
        assert!(EmitOptions::default().runtime_path().is_ok());
    }
}
