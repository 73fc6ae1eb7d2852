//! The walk runtime of generated modules: the loops over their tables, written once and copied
//! into each crate that holds generated modules (see [`crate::emit::RuntimeParts`]): the table
//! walks, what every parser module's API does the same way (`glue.rs`), the AVX2 walk, and the
//! Earley engine of modules with recursive rules ([`earley`]).
//! Compiled here so that it is linted and tested where it is written.

include!("walk.rs");
include!("list.rs");
include!("glue.rs");
include!("vector.rs");
include!("earley.rs");

#[cfg(test)]
mod earley_tests;
#[cfg(test)]
mod glue_tests;
#[cfg(test)]
mod walk_tests;
