//! Recursive rules: each rule that is not regular becomes a machine (`machine`) of a recursive
//! transition network ([`Rtn`]), which the Earley engine runs ([`earley`], a part of the walk
//! runtime that generated modules share); [`Program`] holds a grammar with every rule matchable,
//! regular rules by their DFA and the others by the network.

pub(crate) mod machine;
pub mod network;
pub mod program;

pub use crate::runtime::earley;
pub use machine::RtnError;
pub use network::Rtn;
pub use program::Program;
