//! The `#list` extension of HTTP grammars (RFC 9110 section 5.6.1, RFC 7230 section 7): `n#m x`
//! is a comma-separated list of `n` to `m` elements `x`, with optional whitespace (`OWS`) around
//! the commas. The front end reads `#` where RFC 5234 has `*` and this module expands the list
//! into plain ABNF, in one of the two forms the RFC gives.
//!
//! Sender form (RFC 9110 section 5.6.1.1), what RFC 9110 Appendix A prints:
//!
//! ```text
//! 1#element       => element *( OWS "," OWS element )
//! #element        => [ 1#element ]
//! <n>#<m>element  => element <n-1>*<m-1>( OWS "," OWS element )
//! ```
//!
//! Recipient form (RFC 9110 section 5.6.1.2), which also accepts empty elements; RFC 7230
//! Appendix B prints the `1#` rules this way:
//!
//! ```text
//! #element        => [ element ] *( OWS "," OWS [ element ] )
//! 1#element       => *( "," OWS ) element *( OWS "," [ OWS element ] )
//! ```
//!
//! The RFC defines no recipient form for other bounds; those are reported, not guessed.

use crate::syntax::ir::{Expr, RuleId};

/// Which expansion of `#` lists to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListForm {
    /// What senders generate (RFC 9110 section 5.6.1.1); the form of RFC 9110 Appendix A.
    #[default]
    Sender,
    /// What recipients accept, empty elements included (RFC 9110 section 5.6.1.2).
    Recipient,
}

/// Why a list cannot be expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// What is wrong and what was expected, lower-case, no final period.
    pub message: String,
}

/// Expands `min#max element` (an unbounded maximum is `None`), with `ows` the rule `OWS`.
pub fn expand(
    form: ListForm,
    min: u32,
    max: Option<u32>,
    element: Expr,
    ows: RuleId,
) -> Result<Expr, ListError> {
    if max == Some(0) {
        return Ok(Expr::Empty);
    }
    let comma = Expr::value(u32::from(b','));
    let ows_ref = Expr::Ref(ows);
    let optional = |e: Expr| Expr::Repeat { min: 0, max: Some(1), body: Box::new(e) };
    let star = |e: Expr| Expr::Repeat { min: 0, max: None, body: Box::new(e) };
    match form {
        ListForm::Sender => {
            if min == 0 {
                return Ok(optional(expand(form, 1, max, element, ows)?));
            }
            let next = Expr::Concat(vec![ows_ref.clone(), comma, ows_ref, element.clone()]);
            let rest = Expr::Repeat { min: min - 1, max: max.map(|m| m - 1), body: Box::new(next) };
            Ok(Expr::Concat(vec![element, rest]))
        }
        ListForm::Recipient => match (min, max) {
            (0, None) => {
                let next = Expr::Concat(vec![ows_ref.clone(), comma, ows_ref, optional(element.clone())]);
                Ok(Expr::Concat(vec![optional(element), star(next)]))
            }
            (1, None) => {
                let lead = star(Expr::Concat(vec![comma.clone(), ows_ref.clone()]));
                let tail = optional(Expr::Concat(vec![ows_ref.clone(), element.clone()]));
                let next = Expr::Concat(vec![ows_ref, comma, tail]);
                Ok(Expr::Concat(vec![lead, element, star(next)]))
            }
            _ => {
                let bounds = match max {
                    Some(max) => format!("{min}#{max}"),
                    None => format!("{min}#"),
                };
                Err(ListError {
                    message: format!(
                        "RFC 9110 section 5.6.1.2 gives the recipient form of `#element` and `1#element` only, not of `{bounds}element`; expected one of those, or the sender form"
                    ),
                })
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element() -> Expr {
        Expr::value(u32::from(b'x'))
    }

    #[test]
    fn sender_lists_have_their_bounds() {
        let ows = RuleId(7);
        let one = expand(ListForm::Sender, 1, None, element(), ows).unwrap();
        let Expr::Concat(parts) = &one else { panic!("{one:?}") };
        assert_eq!(parts[0], element());
        assert!(matches!(parts[1], Expr::Repeat { min: 0, max: None, .. }));
        let bounded = expand(ListForm::Sender, 2, Some(4), element(), ows).unwrap();
        let Expr::Concat(parts) = &bounded else { panic!("{bounded:?}") };
        assert!(matches!(parts[1], Expr::Repeat { min: 1, max: Some(3), .. }));
        let any = expand(ListForm::Sender, 0, None, element(), ows).unwrap();
        assert!(matches!(any, Expr::Repeat { min: 0, max: Some(1), .. }));
        assert_eq!(expand(ListForm::Sender, 0, Some(0), element(), ows).unwrap(), Expr::Empty);
    }

    #[test]
    fn recipient_lists_exist_for_the_two_forms_the_rfc_gives() {
        let ows = RuleId(0);
        assert!(expand(ListForm::Recipient, 0, None, element(), ows).is_ok());
        assert!(expand(ListForm::Recipient, 1, None, element(), ows).is_ok());
        let err = expand(ListForm::Recipient, 2, Some(3), element(), ows).unwrap_err();
        assert!(err.message.contains("`2#3element`"), "{}", err.message);
    }
}
