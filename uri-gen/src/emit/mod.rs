//! Emission: Rust tokens with `quote`, checked by `syn` and printed by `prettyplease` through
//! [`render_file`], which also writes every generated file's header.
//!
//! [`recognizer()`] writes the recognizer module, [`parser()`] the capturing parser module,
//! [`module`] a module with recursive rules, and [`walk`] the tables that connect a module to the
//! walk runtime ([`EmitOptions`]); [`RuntimeParts`] gives the text of the runtime file, with the
//! parts a crate's modules need ([`runtime_file`] without the Earley engine).

mod captures;
mod file;
mod layout;
pub mod parser;
mod parser_api;
mod parser_lists;
mod parser_names;
pub mod recognizer;
pub mod rtn;
mod runtime;
pub mod walk;

pub use parser::{parser, parser_stats, ParserStats};
pub use recognizer::{recognizer, render_file, table_stats, Header, TableStats};
pub use rtn::{module, program_stats, ProgramStats};
pub use runtime::RuntimeParts;
pub use walk::{runtime_file, EmitOptions};
