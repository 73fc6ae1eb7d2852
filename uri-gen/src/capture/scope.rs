//! Which parsers record a capture: the `in=NAME[,NAME...]` option of a capture line, so that a
//! parser run on a span another parser captured (the parameters of a SIP URI) records what the
//! outer parser leaves out, and the outer parser's tagged DFA never holds the inner captures.

use crate::capture::spec::CaptureSpec;
use crate::syntax::diag::{Diagnostic, DiagnosticKind};
use crate::syntax::ir::RuleId;
use crate::Pos;

impl CaptureSpec {
    /// Whether capture `i` is recorded by a parser of `root`: one of its `in=` parsers matches
    /// `root`, or it has no `in=` option. (Two parsers of one rule share their captures.)
    pub fn recorded_by(&self, i: usize, root: RuleId) -> bool {
        let parsers = &self.captures[i].parsers;
        parsers.is_empty() || parsers.iter().any(|&p| self.parsers[p].rule == root)
    }
}

/// Resolves the `in=` options `scoped` (capture index, the names after `in=`, the position of
/// the first name) against the parsers of `spec`; an unknown or repeated name, or a second
/// `in=` on one capture, is an error at its position.
pub(crate) fn resolve(
    spec: &mut CaptureSpec,
    scoped: &[(usize, &str, Pos)],
    file: &str,
    out: &mut Vec<Diagnostic>,
) {
    let mut seen: Vec<usize> = Vec::new();
    for &(capture, list, pos) in scoped {
        let error = |message: String| Diagnostic::error(DiagnosticKind::Syntax, file, pos, message);
        let name = &spec.captures[capture].name;
        if seen.contains(&capture) {
            out.push(error(format!(
                "option `in` is given twice for capture `{name}`; expected it at most once"
            )));
            continue;
        }
        seen.push(capture);
        let mut parsers = Vec::new();
        for wanted in list.split(',') {
            match spec.parsers.iter().position(|p| p.name == wanted) {
                Some(p) if !parsers.contains(&p) => parsers.push(p),
                Some(_) => out.push(error(format!(
                    "parser `{wanted}` is listed twice in `in={list}`; expected each parser once"
                ))),
                None => {
                    let declared: Vec<&str> = spec.parsers.iter().map(|p| p.name.as_str()).collect();
                    out.push(error(format!(
                        "capture `{name}` names no declared parser `{wanted}` in `in={list}`; expected one of \
                         `{}`",
                        declared.join("`, `")
                    )))
                }
            }
        }
        spec.captures[capture].parsers = parsers;
    }
}
