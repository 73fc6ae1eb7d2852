//! Finite automata over bytes: Thompson NFAs per rule ([`nfa`]), byte equivalence classes
//! ([`classes`]), subset construction, Hopcroft minimization over the union of all rules, and
//! the product, one minimized [`Dfa`] with a start state per rule.
//!
//! The passes (`determinize`, `minimize`, and the renumbering they share with the tagged DFA)
//! are private to the crate; the NFA, the classes and the DFA are products.

pub mod classes;
pub(crate) mod determinize;
pub mod dfa;
pub(crate) mod minimize;
pub mod nfa;
pub(crate) mod renumber;

pub use classes::ByteClasses;
pub use dfa::Dfa;
pub use nfa::Nfa;
