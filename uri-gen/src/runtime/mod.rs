//! The walk runtime of generated modules: the loops over their tables, written once and copied
//! into each crate that holds generated modules (see [`crate::emit::runtime_file`]). Compiled
//! here so that it is linted and tested where it is written.

include!("walk.rs");
include!("list.rs");
include!("vector.rs");
