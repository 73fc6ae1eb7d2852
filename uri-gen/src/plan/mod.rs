//! Planning the emitted tables of a finished automaton: rule automata that minimization left in
//! several copies are kept once and called ([`Shared`]), and the states that loop on a byte set
//! are numbered first and given loop sets and an AVX2 plan, trained on sample inputs ([`Accel`]).

pub mod accel;
pub mod escape;
#[cfg(test)]
mod escape_rfc3986;
pub mod share;

pub use accel::Accel;
pub use escape::{Escape, SimdEscape};
pub use share::Shared;
