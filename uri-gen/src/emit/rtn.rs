//! Emission of a grammar that has recursive rules: one module with `pub enum Rule`, the tables of
//! the minimized DFA of the regular rules and of the recursive transition network, and glue that
//! hands them to the Earley engine of the walk runtime ([`crate::rtn::earley`], written once per
//! crate with [`crate::emit::RuntimeParts::earley`]), so that the generated code and the library
//! run the same engine.
//!
//! Grammars whose rules are all regular are emitted by [`crate::emit::recognizer::recognizer`] instead;
//! [`module`] picks the right one.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::emit::recognizer::{recognizer, variant_name};
use crate::emit::walk::EmitOptions;
use crate::rtn::program::{Program, DEFAULT_DEPTH_LIMIT};

/// Sizes of the tables of a generated module, for reports and the size tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgramStats {
    /// States of the regular rules' DFA, the dead state included.
    pub dfa_states: usize,
    /// Machines of the network (rules that are not regular).
    pub machines: usize,
    /// States of the network, the dead state included.
    pub rtn_states: usize,
    /// Call edges of the network.
    pub calls: usize,
}

/// Table sizes of `program`.
pub fn program_stats(program: &Program) -> ProgramStats {
    ProgramStats {
        dfa_states: program.dfa.len(),
        machines: program.rtn.starts.len(),
        rtn_states: program.rtn.len(),
        calls: program.rtn.calls.len(),
    }
}

/// The module for `program`: [`recognizer`] when every rule is regular (with the vector walks
/// planned on `training`, see [`crate::Training`]), else [`rtn_module`].
pub fn module(
    program: &Program,
    what: &str,
    training: Option<&crate::Training>,
    options: &EmitOptions,
) -> anyhow::Result<TokenStream> {
    match program.compiled() {
        Some(mut compiled) => {
            compiled.training = training.cloned();
            recognizer(&compiled, what, options)
        }
        None => rtn_module(program, what, options),
    }
}

/// The smallest unsigned type that holds `max`.
fn state_type(max: usize) -> TokenStream {
    if max <= u8::MAX as usize {
        quote!(u8)
    } else if max <= u16::MAX as usize {
        quote!(u16)
    } else {
        quote!(u32)
    }
}

/// The module for a grammar with rules that are not regular, finding the runtime (with the
/// Earley engine) at `options.runtime`.
pub fn rtn_module(program: &Program, what: &str, options: &EmitOptions) -> anyhow::Result<TokenStream> {
    let rt = options.runtime_path()?;
    let grammar = &program.grammar;
    let variants: Vec<_> = grammar.rules.iter().map(|r| format_ident!("{}", variant_name(&r.name))).collect();
    let rule_enum = crate::emit::recognizer::rule_enum(grammar, |id| {
        match program.kinds[id.index()] {
            crate::RuleKind::Regular => " regular, matched by the DFA.",
            crate::RuleKind::Recursive => " recursive, matched by the network.",
            crate::RuleKind::UsesRecursion => " uses recursive rules, matched by the network.",
        }
        .to_owned()
    });
    let entries = grammar.ids().map(|id| {
        match (program.dfa_rule[id.index()], program.rtn.machine_of_rule[id.index()]) {
            (Some(start), _) => {
                let start = Literal::usize_unsuffixed(start);
                quote!(earley::Entry::Regular(#start))
            }
            (None, machine) => {
                let machine = Literal::usize_unsuffixed(machine.unwrap_or(0) as usize);
                quote!(earley::Entry::Machine(#machine))
            }
        }
    });

    let dfa = &program.dfa;
    let stride = dfa.stride();
    let dfa_ty = state_type((dfa.len() - 1) * stride);
    let stride_lit = Literal::usize_unsuffixed(stride);
    let dfa_classes = dfa.classes.map().iter().map(|&c| Literal::u8_unsuffixed(c));
    let premultiplied = |s: u32| Literal::usize_unsuffixed(s as usize * stride);
    let dfa_trans = dfa.trans.iter().map(|&t| premultiplied(t));
    let dfa_trans_len = Literal::usize_unsuffixed(dfa.trans.len());
    let dfa_accept = dfa.accept.iter();
    let dfa_states = Literal::usize_unsuffixed(dfa.len());
    let dfa_starts = dfa.starts.iter().map(|&s| premultiplied(s));
    let dfa_starts_len = Literal::usize_unsuffixed(dfa.starts.len());

    let rtn = &program.rtn;
    let u32s = |v: &[u32]| v.iter().map(|&x| Literal::u32_unsuffixed(x)).collect::<Vec<_>>();
    let rtn_classes = rtn.classes.map().iter().map(|&c| Literal::u8_unsuffixed(c));
    let rtn_stride = Literal::usize_unsuffixed(rtn.stride());
    let rtn_trans = u32s(&rtn.trans);
    let rtn_accept = rtn.accept.iter();
    let rtn_machine = u32s(&rtn.machine_of);
    let rtn_call_start = u32s(&rtn.call_start);
    let rtn_calls = rtn.calls.iter().map(|&(c, t)| {
        let (c, t) = (Literal::u32_unsuffixed(c), Literal::u32_unsuffixed(t));
        quote!((#c, #t))
    });
    let rtn_starts = u32s(&rtn.starts);
    let rtn_nullable = rtn.nullable.iter();
    let rtn_first = rtn.first.iter().map(|words| {
        let words = words.iter().map(|&w| Literal::u64_unsuffixed(w));
        quote!([#(#words),*])
    });
    let lens =
        [rtn.trans.len(), rtn.len(), rtn.len(), rtn.call_start.len(), rtn.calls.len(), rtn.starts.len()]
            .map(Literal::usize_unsuffixed);
    let [trans_len, states_len, machine_len, call_start_len, calls_len, machines_len] = lens;
    let machine_names = rtn.rules.iter().map(|&r| grammar.rule(r).name.as_str());
    let depth = Literal::usize_unsuffixed(DEFAULT_DEPTH_LIMIT);

    let module_doc = format!(
        " Recognizers for every rule of {what}: regular rules by one minimized DFA, the others by a \
         recursive transition network run by the runtime's Earley engine."
    );
    let table_doc = format!(
        " `DFA_TRANS[state + DFA_CLASSES[byte]]` is the next state of the regular rules; state ids are \
         premultiplied by the {stride} byte classes. State 0 is dead. {} states in all.",
        dfa.len()
    );
    let network_doc = format!(
        " The network: {} machines ({}), {} states over {} byte classes, {} call edges.",
        rtn.starts.len(),
        machine_names.collect::<Vec<_>>().join(", "),
        rtn.len(),
        rtn.stride(),
        rtn.calls.len()
    );

    Ok(quote! {
        #![doc = #module_doc]

        use #rt::earley;
        pub use #rt::earley::Mismatch;

        #[doc = " How deep rule calls may nest in [`Rule::matches`], [`Rule::longest_match`] and"]
        #[doc = " [`Rule::valid_up_to`]: the rule matched is depth 1, each call one deeper."]
        pub const DEFAULT_DEPTH_LIMIT: usize = #depth;

        #rule_enum

        impl Rule {
            #[doc = " Whether the rule is regular (matched by the DFA): not recursive, and using no"]
            #[doc = " recursive rule."]
            #[must_use]
            pub const fn is_regular(self) -> bool {
                self.entry().is_regular()
            }

            #[doc = " Where the rule is matched: its start in the DFA, or its machine in the network."]
            const fn entry(self) -> earley::Entry {
                match self {
                    #(Rule::#variants => #entries,)*
                }
            }

            #[doc = " Whether the whole of `input` is one match of the rule, with calls nested at most"]
            #[doc = " [`DEFAULT_DEPTH_LIMIT`] deep."]
            #[must_use]
            pub fn matches(self, input: &[u8]) -> bool {
                self.longest_match(input) == Some(input.len())
            }

            #[doc = " The length of the longest prefix of `input` that matches the rule, if any."]
            #[must_use]
            pub fn longest_match(self, input: &[u8]) -> Option<usize> {
                RULES.longest_match(self.entry(), input, DEFAULT_DEPTH_LIMIT)
            }

            #[doc = " The length of the longest prefix of `input` that some match of the rule starts with:"]
            #[doc = " the index of the first byte that cannot be part of a match, or `input.len()`."]
            #[must_use]
            pub fn valid_up_to(self, input: &[u8]) -> usize {
                RULES.valid_up_to(self.entry(), input, DEFAULT_DEPTH_LIMIT)
            }

            #[doc = " Whether the whole of `input` matches the rule, with calls nested at most `depth_limit`"]
            #[doc = " deep; if not, where the input stops matching and what could have come there."]
            pub fn recognize(self, input: &[u8], depth_limit: usize) -> Result<(), Mismatch> {
                RULES.recognize(self.entry(), input, depth_limit)
            }
        }

        #[doc = " The tables of every rule, for the runtime's Earley engine."]
        static RULES: earley::Recognizer<'static, #dfa_ty> = earley::Recognizer {
            regular: earley::Regular {
                classes: &DFA_CLASSES,
                stride: #stride_lit,
                trans: &DFA_TRANS,
                accept: &DFA_ACCEPT,
                starts: &DFA_STARTS,
            },
            network: earley::Network {
                classes: &RTN_CLASSES,
                stride: #rtn_stride,
                trans: &RTN_TRANS,
                accept: &RTN_ACCEPT,
                machine: &RTN_MACHINE,
                call_start: &RTN_CALL_START,
                calls: &RTN_CALLS,
                starts: &RTN_STARTS,
                nullable: &RTN_NULLABLE,
                first: &RTN_FIRST,
            },
        };

        #[doc = " The byte class of every byte, for the DFA."]
        static DFA_CLASSES: [u8; 256] = [#(#dfa_classes),*];

        #[doc = #table_doc]
        static DFA_TRANS: [#dfa_ty; #dfa_trans_len] = [#(#dfa_trans),*];

        #[doc = " Whether each DFA state (by unmultiplied id) accepts."]
        static DFA_ACCEPT: [bool; #dfa_states] = [#(#dfa_accept),*];

        #[doc = " The premultiplied start state of each regular rule."]
        static DFA_STARTS: [#dfa_ty; #dfa_starts_len] = [#(#dfa_starts),*];

        #[doc = #network_doc]
        #[doc = ""]
        #[doc = " The byte class of every byte, for the network."]
        static RTN_CLASSES: [u8; 256] = [#(#rtn_classes),*];
        #[doc = " `RTN_TRANS[state * stride + class]`: the next state on a byte (0: none)."]
        static RTN_TRANS: [u32; #trans_len] = [#(#rtn_trans),*];
        #[doc = " Whether each state ends a match of its machine."]
        static RTN_ACCEPT: [bool; #states_len] = [#(#rtn_accept),*];
        #[doc = " The machine of each state."]
        static RTN_MACHINE: [u32; #machine_len] = [#(#rtn_machine),*];
        #[doc = " The call edges of state `s` are `RTN_CALLS[RTN_CALL_START[s]..RTN_CALL_START[s + 1]]`."]
        static RTN_CALL_START: [u32; #call_start_len] = [#(#rtn_call_start),*];
        #[doc = " Call edges: the machine called and the state to go on in after it."]
        static RTN_CALLS: [(u32, u32); #calls_len] = [#(#rtn_calls),*];
        #[doc = " The start state of each machine."]
        static RTN_STARTS: [u32; #machines_len] = [#(#rtn_starts),*];
        #[doc = " Whether each machine matches the empty string."]
        static RTN_NULLABLE: [bool; #machines_len] = [#(#rtn_nullable),*];
        #[doc = " The bytes each machine's matches can start with (bit `b % 64` of word `b / 64`)."]
        static RTN_FIRST: [[u64; 4]; #machines_len] = [#(#rtn_first),*];
    })
}
