//! The workspace's own facts for `cargo xtask` and the tests that check its output: which grammar
//! goes into which generated file, with which options and training inputs ([`project`]), and the
//! scheme parsers of `uri::scheme` ([`schemes`]).

pub mod iri;
pub mod project;
pub mod schemes;
