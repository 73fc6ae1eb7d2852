//! The row types of the example tables beside this file (`mailto.rs`, `sip.rs`, `tel.rs`),
//! shared by every test and bench that reads the tables; each reads the fields it needs.
#![allow(dead_code)]

/// An example URI, where the RFC prints it, the parser that reads it and the components it has:
/// every capture not listed is absent.
pub struct Example {
    pub section: &'static str,
    pub input: &'static str,
    pub parser: &'static str,
    pub captures: &'static [(&'static str, &'static str)],
    pub kinds: &'static [(&'static str, &'static str)],
}

/// An example that the RFC's own ABNF rejects, with the reason.
pub struct Rejected {
    pub section: &'static str,
    pub input: &'static str,
    pub parser: &'static str,
    pub reason: &'static str,
}

/// An [`Example`], written in the order the tables read best: where, which parser, the input.
pub const fn ok(
    section: &'static str,
    parser: &'static str,
    input: &'static str,
    captures: &'static [(&'static str, &'static str)],
    kinds: &'static [(&'static str, &'static str)],
) -> Example {
    Example { section, input, parser, captures, kinds }
}
