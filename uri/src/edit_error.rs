//! [`EditError`]: why a setter of [`UriRefBuf`](crate::UriRefBuf) or [`UriBuf`](crate::UriBuf)
//! refused a value, naming the component.

use alloc::{borrow::ToOwned, string::String};
use core::fmt;

use crate::Rule;

/// Why an edit of an owned URI reference was refused; the value is left as it was.
///
/// Each error names the component that was being set ([`EditError::component`]) and says
/// whether its value failed the component's rule (with the rule and the index in the value),
/// or whether the value is fine alone but would not fit with the rest of the reference
/// (RFC 3986 section 3: a path after an authority starts with `/`, a path without one does not
/// start with `//`, and the first segment of a relative reference holds no `:`).
///
/// ```
/// use uri::{Rule, UriRefBuf};
///
/// let mut r = UriRefBuf::parse("http://example.com/a").unwrap();
/// let err = r.set_host("exa mple.com").unwrap_err();
/// assert_eq!((err.component(), err.rule(), err.index()), ("host", Some(Rule::Host), Some(3)));
/// assert_eq!(err.to_string(), "invalid host: byte 3 of \"exa mple.com\" does not fit the host rule");
///
/// let err = r.set_path("a").unwrap_err();
/// assert_eq!(err.to_string(), "invalid path: after an authority, a path must be empty or start with '/'");
/// assert_eq!(r, "http://example.com/a");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EditError {
    component: &'static str,
    kind: EditErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EditErrorKind {
    /// The value does not match the rule from `index` on.
    Invalid { rule: Rule, index: usize, value: String },
    /// A user information or port for a reference that has no authority.
    NoAuthority,
    /// A non-empty path not starting with `/` where there is an authority.
    PathNotAbsolute,
    /// A path starting with `//` where there is no authority.
    PathStartsWithTwoSlashes,
    /// A `:` in the first segment of a relative reference without authority.
    ColonInFirstSegment,
    /// The result would be `u32::MAX` bytes or more, past what the offsets hold.
    TooLong,
}

impl EditError {
    pub(crate) fn new(component: &'static str, kind: EditErrorKind) -> EditError {
        EditError { component, kind }
    }

    /// The value `value` for `component`, checked with `rule`.
    pub(crate) fn check(component: &'static str, rule: Rule, value: &str) -> Result<(), EditError> {
        let bytes = value.as_bytes();
        if rule.matches(bytes) {
            return Ok(());
        }
        let index = rule.valid_up_to(bytes);
        Err(EditError::new(component, EditErrorKind::Invalid { rule, index, value: value.to_owned() }))
    }

    /// The component being set: `"scheme"`, `"userinfo"`, `"host"`, `"port"`, `"path"`,
    /// `"query"`, `"fragment"`, or `"authority"` (when removing it).
    #[must_use]
    pub fn component(&self) -> &'static str {
        self.component
    }

    /// The rule the value failed, when it failed one.
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        match self.kind {
            EditErrorKind::Invalid { rule, .. } => Some(rule),
            _ => None,
        }
    }

    /// The index in the value of the first byte the rule cannot take (or the value's length
    /// when it ended too early), when the value failed its rule.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self.kind {
            EditErrorKind::Invalid { index, .. } => Some(index),
            _ => None,
        }
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: ", self.component)?;
        match &self.kind {
            EditErrorKind::Invalid { rule, index, value } => {
                let rule = rule.name();
                if *index >= value.len() {
                    write!(f, "{value:?} ends where the {rule} rule expects more")
                } else {
                    write!(f, "byte {index} of {value:?} does not fit the {rule} rule")
                }
            }
            EditErrorKind::NoAuthority => f.write_str("the reference has no authority (set a host first)"),
            EditErrorKind::PathNotAbsolute => {
                f.write_str("after an authority, a path must be empty or start with '/'")
            }
            EditErrorKind::PathStartsWithTwoSlashes => {
                f.write_str("without an authority, a path cannot start with \"//\" (it would read as one)")
            }
            EditErrorKind::ColonInFirstSegment => f.write_str(
                "a relative reference's first path segment cannot hold ':' (it would read as a scheme; \
                 write \"./\" in front)",
            ),
            EditErrorKind::TooLong => f.write_str("the result would be 4 GiB or longer"),
        }
    }
}

impl core::error::Error for EditError {}
