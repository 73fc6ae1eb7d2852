//! The workspace's own facts for `cargo xtask` and the tests that check its output: which grammar
//! goes into which generated file, with which options and training inputs ([`project`]).

pub mod iri;
pub mod project;
