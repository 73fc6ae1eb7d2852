//! Tools around the pipeline, none of which the generated code depends on: an independent
//! reference matcher over the IR ([`interp`]), strings drawn from a grammar ([`sample`]), a
//! regular rule as a regular expression ([`regex`]), shortest witnesses of capture ambiguity
//! ([`ambiguity`]), the report of `uri-gen check` ([`summary`]), one input per line ([`escape`])
//! and the JSON line of `uri-gen parse` ([`parse_json`]).

pub mod ambiguity;
pub mod escape;
pub mod interp;
pub mod parse_json;
pub mod regex;
pub mod sample;
pub mod summary;

pub use interp::Interpreter;
pub use sample::Sampler;
pub use summary::Summary;
