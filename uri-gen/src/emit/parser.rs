//! Emission of the capturing parser: the tagged DFA as tables plus the loop that runs them.
//!
//! Transition entries are premultiplied state ids; the top bit marks a transition that carries
//! register operations, so the hot loop reads one table per byte and only looks at the
//! operation tables on the few transitions that record a position.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::capture::tdfa::{FinalSrc, RegOp};
use crate::emit::walk::{accel_cell, accel_tables, avx2_tables, cell_type, state_ids, EmitOptions};
use crate::CompiledParsers;

/// Table sizes of the emitted parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParserStats {
    /// Tagged DFA states, the dead state included.
    pub states: usize,
    /// Byte classes.
    pub classes: usize,
    /// Registers in the register file.
    pub registers: usize,
    /// Bytes of all tables together.
    pub bytes: usize,
}

/// Sizes of the tables [`parser`] emits.
pub fn parser_stats(compiled: &CompiledParsers) -> ParserStats {
    let t = &compiled.tdfa;
    let (_, width) = entry_type(t.len() * t.stride());
    let rows: Vec<&Option<Vec<crate::capture::tdfa::FinalSrc>>> =
        t.finals.iter().fold(Vec::new(), |mut rows, f| {
            if !rows.contains(&f) {
                rows.push(f);
            }
            rows
        });
    let ops_width = if t.op_lists.len() <= 256 { 1 } else { 2 };
    let finals = t.len() + rows.len();
    let accel_bytes = crate::pipeline::plan_parser(compiled).table_bytes(t.stride(), true);
    TableStats::sum(
        256 + t.trans.len() * (width + ops_width) + finals + accel_bytes + t.starts.len() * width,
        t,
    )
}

struct TableStats;

impl TableStats {
    fn sum(bytes: usize, t: &crate::capture::tdfa::Tdfa) -> ParserStats {
        ParserStats { states: t.len(), classes: t.stride(), registers: t.registers, bytes }
    }
}

/// The transition entry type and its width: the top bit is the operations flag.
fn entry_type(premultiplied_limit: usize) -> (TokenStream, usize) {
    if premultiplied_limit < 1 << 15 {
        (quote!(u16), 2)
    } else {
        (quote!(u32), 4)
    }
}

/// The parser module: `Parser` entry points, a `Captures` type with one accessor per capture and
/// kind, and `Parser::parse`.
pub fn parser(compiled: &CompiledParsers, what: &str, options: &EmitOptions) -> anyhow::Result<TokenStream> {
    let rt = options.runtime_path()?;
    let t = &compiled.tdfa;
    let spec = &compiled.spec;
    let stride = t.stride();
    let (entry_ty, width) = entry_type(t.len() * stride);
    let flag_value: u64 = if width == 2 { 1 << 15 } else { 1 << 31 };
    if t.len() * stride >= 1 << 31 {
        anyhow::bail!(
            "the tagged DFA has {} states of {stride} columns: its premultiplied state ids do not fit in 31 bits",
            t.len()
        );
    }
    let flag = Literal::u64_unsuffixed(flag_value);

    let parser_variants: Vec<_> = spec.parsers.iter().map(|p| format_ident!("{}", p.name)).collect();
    let parser_docs: Vec<String> =
        spec.parsers.iter().map(|p| format!(" Matches `{}`.", compiled.grammar.rule(p.rule).name)).collect();
    let parser_index: Vec<_> = (0..spec.parsers.len()).map(Literal::usize_unsuffixed).collect();

    let layout = crate::pipeline::plan_layout(compiled);
    let captures_items = crate::emit::captures::items(compiled, &layout, &rt);

    let classes = t.classes.map().iter().map(|&c| Literal::u8_unsuffixed(c));
    let op_arms = t.op_lists.iter().enumerate().skip(1).map(|(id, list)| {
        let id = Literal::usize_unsuffixed(id);
        let (dsts, srcs): (Vec<TokenStream>, Vec<TokenStream>) = list
            .iter()
            .map(|op| {
                let (dst, src) = match *op {
                    RegOp::SetPos { dst } => (dst, quote!(at)),
                    RegOp::SetNext { dst } => (dst, quote!(at + 1)),
                    RegOp::Copy { dst, src } => {
                        let src = Literal::usize_unsuffixed(src as usize);
                        (dst, quote!(regs[#src]))
                    }
                };
                let dst = Literal::usize_unsuffixed(dst as usize);
                (quote!(regs[#dst]), src)
            })
            .unzip();
        // A list whose copies read no register it writes earlier is one assignment of a tuple.
        let sequential = list.iter().enumerate().any(|(i, op)| match *op {
            RegOp::Copy { src, .. } => list[..i].iter().any(|earlier| earlier.dst() == src),
            _ => false,
        });
        // Four to a line, as rustfmt would print them.
        let tuples: Vec<TokenStream> = dsts
            .chunks(4)
            .zip(srcs.chunks(4))
            .map(|(dsts, srcs)| match (dsts, srcs) {
                ([dst], [src]) => quote!(#dst = #src),
                _ => quote!((#(#dsts),*) = (#(#srcs),*)),
            })
            .collect();
        match &tuples[..] {
            _ if sequential => quote!(#id => { #(#dsts = #srcs;)* }),
            [one] => quote!(#id => #one,),
            _ => quote!(#id => { #(#tuples;)* }),
        }
    });
    // With one list, the `match` is an `if` to clippy's eyes.
    let single_match = (t.op_lists.len() == 2).then(|| quote!(#[allow(clippy::single_match)]));
    let trans_len = Literal::usize_unsuffixed(t.trans.len());
    let accel = crate::pipeline::plan_parser(compiled);
    let (accel_tables, accel_expr) = accel_tables(&accel, stride, &rt);
    let loop_ty = accel_cell(&accel);
    let registers = Literal::usize_unsuffixed(t.registers);
    let avx2 = if options.vector { avx2_tables(&accel, stride, &rt) } else { None };
    let walk_body = match avx2 {
        Some(_) => quote! {
            if #rt::avx2::ENABLED {
                if let Some(end) = #rt::avx2::walk::<_, _, _, _, Ops>(&TDFA, &AVX2, start, input, regs) {
                    return end;
                }
                return walk_table(start, input, regs);
            }
            TDFA.walk::<_, Ops>(start, input, regs)
        },
        None => quote!(TDFA.walk::<_, Ops>(start, input, regs)),
    };
    // On x86-64 without `portable`, both walks run out of line (`walk_avx2`, `walk_table`) and
    // `parse` is small: inlined into every caller, the caller keeps the start registers, the
    // exit and the captures in its own frame. Where the table walk is inlined into `parse`
    // (`portable`, other targets, table-only modules), `parse` stays an ordinary `#[inline]`:
    // forcing it there measured slower. (A `no_std` x86-64 build without the AVX2 target
    // features has the table walk alone and still forces it: the same results, at some cost.)
    let parse_inline = if avx2.is_some() {
        let out_of_line = quote!(all(target_arch = "x86_64", not(feature = "portable")));
        quote! {
            #[cfg_attr(#out_of_line, inline(always))]
            #[cfg_attr(not(#out_of_line), inline)]
        }
    } else {
        quote!(#[inline])
    };
    let walk_table = avx2.is_some().then(|| {
        quote! {
            #[doc = " The table walk, out of line where the AVX2 walk may run, so that the caller that"]
            #[doc = " chooses keeps a small frame."]
            #[inline(never)]
            fn walk_table(start: usize, input: &[u8], regs: &mut [u32; #registers]) -> Result<usize, usize> {
                TDFA.walk::<_, Ops>(start, input, regs)
            }
        }
    });
    let permuted_trans = accel.permute_table(&t.trans, stride);
    let permuted_ops = accel.permute_rows(&t.ops, stride);
    let permuted_exits = accel.permute_rows(&layout.exits, 1);
    let trans = permuted_trans.iter().zip(&permuted_ops).map(|(&next, &ops)| {
        let mut v = next as u64 * stride as u64;
        // `Tdfa::step` reads the flag without the dead state: determinization leaves a
        // transition to it without operations.
        debug_assert!(next != 0 || ops == 0, "a transition to the dead state with operations");
        if ops != 0 {
            v |= flag_value;
        }
        Literal::u64_unsuffixed(v)
    });
    let ops_index = permuted_ops.iter().map(|&o| Literal::u32_unsuffixed(o));
    let ops_ty = cell_type(t.op_lists.len() as u64 - 1);
    let states = t.len();
    let states_lit = Literal::usize_unsuffixed(states);
    // Exits repeat a lot: each state names one of the distinct exits, 0 meaning "not
    // accepting".
    let mut final_rows: Vec<Option<Vec<String>>> = vec![None];
    let mut reads_end = false;
    let final_index: Vec<usize> = permuted_exits
        .iter()
        .map(|exit| {
            let Some(exit) = exit else { return 0 };
            reads_end |= exit.stored.contains(&FinalSrc::End);
            let row: Vec<String> = crate::emit::captures::exit_operands(exit, &layout.kinds)
                .iter()
                .map(ToString::to_string)
                .collect();
            let row = Some(row);
            final_rows.iter().position(|r| *r == row).unwrap_or_else(|| {
                final_rows.push(row);
                final_rows.len() - 1
            })
        })
        .collect();
    let final_ty = if final_rows.len() <= u8::MAX as usize + 1 { quote!(u8) } else { quote!(u16) };
    let final_index_lits = final_index.iter().map(|&i| Literal::usize_unsuffixed(i));
    let final_arms = final_rows.iter().enumerate().skip(1).map(|(row, f)| {
        let row = Literal::usize_unsuffixed(row);
        let values = f.iter().flatten().map(|v| v.parse::<TokenStream>().unwrap_or_default());
        quote!(#row => [#(#values),*],)
    });
    let exit_width = Literal::usize_unsuffixed(layout.stored.len() + layout.kinds.iter().sum::<usize>());
    let n_stored = Literal::usize_unsuffixed(layout.stored.len());
    let exit_kinds = crate::emit::captures::exit_kinds(&layout, &rt);
    let end_binding = if reads_end { quote!(let end = len as u32;) } else { quote!(let _ = len;) };
    let starts =
        t.starts.iter().map(|&s| Literal::u64_unsuffixed(accel.new_id[s as usize] as u64 * stride as u64));
    let parsers_len = Literal::usize_unsuffixed(spec.parsers.len());
    // The positions the first byte records, set before the walk (`Tdfa::prologue`).
    let prologue = t.prologue.iter().any(|regs| !regs.is_empty()).then(|| {
        let arms = parser_variants.iter().zip(&t.prologue).map(|(variant, regs)| {
            let regs = regs.iter().map(|&r| Literal::usize_unsuffixed(r as usize));
            quote!(Parser::#variant => { #(regs[#regs] = 0;)* })
        });
        quote!(match self { #(#arms)* })
    });
    let (ids, ids_check) = state_ids(stride, states, &rt);
    let module_doc =
        format!(" Capturing parsers for {what}: a tagged DFA with one byte of lookahead, {states} states.");
    let failure_items = crate::emit::parser_api::failure_items(&rt);
    let str_items = crate::emit::parser_api::str_items(compiled, &rt);
    let list_tables = crate::emit::parser_lists::tables(compiled, &rt)?;
    let parser_names = crate::emit::parser_names::items(compiled);

    Ok(quote! {
        #![doc = #module_doc]

        #[doc = " A parser entry point."]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Parser {
            #( #[doc = #parser_docs] #parser_variants, )*
        }

        #parser_names

        #[doc = " The value of an unset slot."]
        const NONE: u32 = u32::MAX;

        #captures_items

        #str_items

        #failure_items

        impl Parser {
            #[doc = " Parses the whole of `input`. Inputs of `u32::MAX` bytes or more fail at index `u32::MAX - 1`."]
            #parse_inline
            pub fn parse(self, input: &[u8]) -> Result<Captures, Failure> {
                if input.len() >= NONE as usize {
                    return Err(Failure { index: NONE as usize - 1, state: 0, more: true });
                }
                let start = self.start();
                let mut regs = self.registers();
                let state = walk(start, input, &mut regs).map_err(|index| failure(start, input, index))?;
                finish(state, &regs, input.len()).ok_or_else(|| failure(start, input, input.len()))
            }

            #[doc = " [`Parser::parse`] as a `const fn`, for inputs known at compile time: the same"]
            #[doc = " tables and the same captures, one transition per byte (at run time, `parse` is"]
            #[doc = " faster); `None` where `parse` fails, which says where and what was expected."]
            pub const fn parse_const(self, input: &[u8]) -> Option<Captures> {
                if input.len() >= NONE as usize {
                    return None;
                }
                let mut regs = self.registers();
                match #rt::tdfa_walk_const!(TDFA, run_ops, self.start(), input, &mut regs) {
                    Ok(state) => finish(state, &regs, input.len()),
                    Err(_) => None,
                }
            }

            #[doc = " The parser's premultiplied start state."]
            #[inline(always)]
            const fn start(self) -> usize {
                STARTS[match self { #(Parser::#parser_variants => #parser_index,)* }] as usize
            }

            #[doc = " The registers before the walk, with the positions the first byte records."]
            #[inline(always)]
            const fn registers(self) -> [u32; #registers] {
                #[allow(unused_mut)]
                let mut regs = [NONE; #registers];
                #prologue
                regs
            }
        }

        #[doc = " The captures of a walk that read all `len` bytes of the input and ended in `state`"]
        #[doc = " with registers `r`, or `None` where the state does not accept: one arm per distinct"]
        #[doc = " exit: each stored position (a register, the input's end, or `NONE`), then each kind's"]
        #[doc = " alternatives, the first set one giving its index."]
        #[inline(always)]
        const fn finish(state: usize, r: &[u32; #registers], len: usize) -> Option<Captures> {
            let row = FINAL_ROW[state_id(state)] as usize;
            if row == 0 {
                return None;
            }
            #end_binding
            let v: [u32; #exit_width] = match row {
                #(#final_arms)*
                _ => return None,
            };
            let mut stored = [NONE; #n_stored];
            let mut i = 0;
            while i < #n_stored {
                stored[i] = v[i];
                i += 1;
            }
            Some(Captures { stored, kinds: #exit_kinds })
        }

        #[doc = " Runs the tagged DFA over `input` from premultiplied state `start`, recording positions"]
        #[doc = " in `regs`. Returns the state it ends in, or the index where no match can go on."]
        #[doc = " (The caller holds the registers: in a walk of its own, the compiler would split them"]
        #[doc = " into variables, spill them, and copy them one by one into the match.)"]
        #[inline(always)]
        fn walk(start: usize, input: &[u8], regs: &mut [u32; #registers]) -> Result<usize, usize> {
            #walk_body
        }

        #walk_table

        #[doc = " The tagged DFA's register operations."]
        struct Ops;

        impl #rt::RunOps<[u32; #registers]> for Ops {
            #[inline(always)]
            fn run_ops(list: usize, at: u32, regs: &mut [u32; #registers]) {
                run_ops(list, at, regs);
            }
        }

        #[doc = " Runs operation list `list` of the tagged DFA at position `at`."]
        #[inline(always)]
        #single_match
        const fn run_ops(list: usize, at: u32, regs: &mut [u32; #registers]) {
            match list {
                #(#op_arms)*
                _ => {}
            }
        }

        #[doc = " The unmultiplied id of a premultiplied state."]
        #[inline(always)]
        const fn state_id(state: usize) -> usize {
            TDFA.ids.id(state)
        }

        #[doc = " The automaton's tables, as the walk runtime reads them."]
        const TDFA: #rt::Tdfa<#entry_ty, #ops_ty, #loop_ty> = #rt::Tdfa {
            classes: &CLASSES,
            trans: &TRANS,
            flag: #flag,
            ops: &OPS,
            ids: #ids,
            accel: #accel_expr,
        };

        #ids_check

        #accel_tables

        #avx2

        #[doc = " The byte class of every byte."]
        static CLASSES: [u8; 256] = [#(#classes),*];

        #[doc = " Next state (premultiplied by the stride), with the flag bit of `TDFA` set when the transition has operations."]
        static TRANS: [#entry_ty; #trans_len] = [#(#trans),*];

        #[doc = " The operation list of each transition (0: none)."]
        static OPS: [#ops_ty; #trans_len] = [#(#ops_index),*];

        #[doc = " For each state, which final row it has (how its slots are read); 0 when it does not accept."]
        static FINAL_ROW: [#final_ty; #states_lit] = [#(#final_index_lits),*];

        #[doc = " The premultiplied start state of each parser."]
        static STARTS: [#entry_ty; #parsers_len] = [#(#starts),*];

        #list_tables
    })
}
