//! The URI parameters of a SIP URI as names and values: [`SipParameters`] of [`Parameter`]s,
//! each parameter read by the generated `Param` parser.

use super::generated::sip::Parser;
use super::Parameter;
use crate::runtime::Occurrences;

/// The URI parameters of a [`Sip`](super::Sip) as names and values, in order: see
/// [`Sip::parameters`](super::Sip::parameters).
#[derive(Clone, Debug)]
pub struct SipParameters<'a> {
    text: &'a str,
    /// Where the first parameter's delimiter starts in `text`.
    params_start: usize,
    items: Occurrences<'a>,
}

impl<'a> SipParameters<'a> {
    pub(super) fn new(text: &'a str, params_start: usize, items: Occurrences<'a>) -> SipParameters<'a> {
        SipParameters { text, params_start, items }
    }
}

impl<'a> Iterator for SipParameters<'a> {
    type Item = Parameter<'a>;

    fn next(&mut self) -> Option<Parameter<'a>> {
        let (start, end) = self.items.next()?;
        let item = self.text.get(start..end)?;
        Some(match Parser::Param.parse_str(item) {
            Ok(p) => Parameter::new(item, p.pname().unwrap_or_default(), p.pvalue()),
            Err(_) => named(self.text, self.params_start, start, end),
        })
    }
}

/// The parameter at `start..end` of `text` that reads as no `other-param`: a `transport`,
/// `user` or `method` parameter whose token holds a "`" or a `%` that starts no escape. The
/// parameters' parser, run from the first parameter to this one, finds its value (the one of
/// its `transport`, `user` or `method` captures that ends where the parameter does); the name
/// is the longest part before the value that reads as an `other-param` without a value.
fn named(text: &str, params_start: usize, start: usize, end: usize) -> Parameter<'_> {
    let item = &text[start..end];
    let whole = Parameter::new(item, item, None);
    let Some(params) = text.get(params_start..end) else { return whole };
    let Ok(c) = Parser::Params.parse(params.as_bytes()) else { return whole };
    let value = [c.transport(params.len()), c.user_param(params.len()), c.method(params.len())]
        .into_iter()
        .flatten()
        .find(|&(vs, ve)| ve == params.len() && params_start + vs > start);
    let Some((vs, ve)) = value else { return whole };
    let value_start = params_start + vs - start;
    let is_name = |n: &str| Parser::Param.parse_str(n).is_ok_and(|p| p.pvalue().is_none());
    match (1..value_start).rev().filter_map(|k| item.get(..k)).find(|n| is_name(n)) {
        Some(name) => Parameter::new(item, name, params.get(vs..ve)),
        None => whole,
    }
}
