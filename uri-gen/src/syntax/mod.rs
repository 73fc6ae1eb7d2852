//! The front end: grammar text as RFCs print it, parsed by the `abnf` crate, names bound across
//! files and lowered to the IR ([`Grammar`]), with [`Diagnostic`]s that carry file, line and column.
//!
//! [`source`] cuts text into rule chunks and checks their syntax, [`lower`] parses each chunk
//! and lowers it, [`kind`] tells regular rules from recursive ones, `bind` and [`prose`] decide
//! what a name or a prose value means in a given file, [`link`] chooses the rules of the grammar
//! and their names, and [`list`] expands RFC 9110's `#list`.

mod bind;
pub mod diag;
pub mod ir;
pub mod kind;
pub mod link;
pub mod list;
pub mod lower;
pub mod printed;
pub mod prose;
pub mod source;

pub use diag::{Diagnostic, DiagnosticKind, Diagnostics, Pos, Severity};
pub use ir::{Expr, Grammar, RuleId};
pub use kind::{classify, RuleKind};
pub use list::ListForm;
pub use lower::Roots;
pub use source::SourceFile;
