//! Captures: the declarations of a capture file ([`CaptureSpec`]) and the Rust names they give
//! the parser module, the tagged DFA that records capture positions ([`Tdfa`]), and register
//! allocation with the passes that take operation lists off transitions.

pub(crate) mod budget;
pub(crate) mod check;
pub(crate) mod facts;
pub(crate) mod items;
pub mod layout;
mod layout_read;
pub(crate) mod live_tags;
pub(crate) mod names;
pub(crate) mod prefer;
pub mod reference;
pub(crate) mod regalloc;
pub(crate) mod scope;
pub mod spec;
pub mod split;
pub mod tdfa;

pub use spec::{CaptureSpec, Occurs, Prefer, Target};
pub use tdfa::Tdfa;
