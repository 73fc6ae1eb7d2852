//! [`Component`]: the parts of a URI reference (RFC 3986 section 3), and which of them a position
//! falls in, found by reading the text before it again with the generated component rules.
//!
//! An error is rare and its cost is not on any parse's path, so the reading is plain: the longest
//! `scheme` followed by `:`, then `//` and the `authority` rule's valid prefix (in it, `userinfo`
//! up to an `@`, `host`, and `port` after a `:`), then the `path` rule's, `?` and the `query`
//! rule's, `#` and the `fragment`. The rules say where each part stops; only the delimiters
//! between them (`:`, `//`, `@`, `?`, `#`, literals of the grammar's `URI` and `authority`
//! rules) are named here.

use core::fmt;

use crate::Rule;

/// A component of a URI reference, as RFC 3986 section 3 names them: what an error says was
/// being read ([`crate::ParseError::component`], [`crate::BuildErrorKind`]).
///
/// ```
/// use uri::{Component, Rule};
///
/// let err = uri::Uri::parse("http://a b").unwrap_err();
/// assert_eq!((err.component(), err.index()), (Component::Host, 8));
/// assert_eq!(Component::Host.rule(), Rule::Host);
/// assert_eq!(Component::Userinfo.to_string(), "user information");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme, before the first `:` (`http`).
    Scheme,
    /// The user information, before an `@` in the authority.
    Userinfo,
    /// The host: a registered name, an IPv4 address, or an IP literal in brackets.
    Host,
    /// The port, after the host's `:`.
    Port,
    /// The path.
    Path,
    /// The query, after a `?`.
    Query,
    /// The fragment, after a `#`.
    Fragment,
}

impl Component {
    /// The grammar rule of the component (for the path, `path`, whose alternatives are the
    /// path rules of every context).
    #[must_use]
    pub const fn rule(self) -> Rule {
        match self {
            Component::Scheme => Rule::Scheme,
            Component::Userinfo => Rule::Userinfo,
            Component::Host => Rule::Host,
            Component::Port => Rule::Port,
            Component::Path => Rule::Path,
            Component::Query => Rule::Query,
            Component::Fragment => Rule::Fragment,
        }
    }

    /// The component in words, as messages name it (`"host"`, `"user information"`).
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "user information",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

/// Shows [`Component::description`].
impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The component that the byte after `prefix` belongs to, `prefix` being a valid prefix of a URI
/// reference (of a URI when `scheme_required`): the one still being read at its end. Before a
/// scheme's `:` is read, that is the scheme when one is required and the path otherwise (a
/// relative reference's first segment reads like a scheme up to its first `/`).
pub(crate) fn locate(prefix: &[u8], scheme_required: bool) -> Component {
    let after_scheme = match Rule::Scheme.longest_match(prefix) {
        Some(len) if prefix.get(len) == Some(&b':') => &prefix[len + 1..],
        _ if scheme_required => return Component::Scheme,
        _ => prefix,
    };
    let mut rest = after_scheme;
    if let Some(authority) = rest.strip_prefix(b"//") {
        let len = Rule::Authority.valid_up_to(authority);
        if len == authority.len() {
            return in_authority(authority);
        }
        rest = &authority[len..];
    }
    let path = Rule::Path.valid_up_to(rest);
    let Some((&delimiter, after)) = rest[path..].split_first() else {
        return Component::Path;
    };
    if delimiter == b'?' && Rule::Query.valid_up_to(after) == after.len() {
        Component::Query
    } else {
        Component::Fragment
    }
}

/// The component at the end of a valid prefix of an authority: past an `@`, the host or port;
/// before any, the host or port when the text reads as `host [ ":" port ]`, otherwise the user
/// information (as in `user:pass`, which no host and port can be).
fn in_authority(authority: &[u8]) -> Component {
    let user = Rule::Userinfo.valid_up_to(authority);
    match authority.get(user) {
        Some(b'@') => host_or_port(&authority[user + 1..]).unwrap_or(Component::Host),
        _ => host_or_port(authority).unwrap_or(Component::Userinfo),
    }
}

/// Whether `text` reads as a valid prefix of `host [ ":" port ]`, and which of the two its end
/// is in.
fn host_or_port(text: &[u8]) -> Option<Component> {
    let host = Rule::Host.valid_up_to(text);
    match text.get(host) {
        None => Some(Component::Host),
        Some(b':') if Rule::Port.matches(&text[host + 1..]) => Some(Component::Port),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{locate, Component};

    #[test]
    fn each_component_is_found_at_its_end() {
        let cases = [
            ("", true, Component::Scheme),
            ("ht", true, Component::Scheme),
            ("ht", false, Component::Path),
            ("http:", true, Component::Path),
            ("http://", true, Component::Host),
            ("http://a", true, Component::Host),
            ("http://a:", true, Component::Port),
            ("http://a:80", true, Component::Port),
            ("http://u:p", true, Component::Userinfo),
            ("http://u@", true, Component::Host),
            ("http://u@h:8", true, Component::Port),
            ("http://[::1", true, Component::Host),
            ("http://[::1]:", true, Component::Port),
            ("http://a/b", true, Component::Path),
            ("http://a?", true, Component::Query),
            ("http://a/b?c=d", true, Component::Query),
            ("http://a/b?c#", true, Component::Fragment),
            ("http://a#f?g", true, Component::Fragment),
            ("//h", false, Component::Host),
            ("/p?q", false, Component::Query),
            ("a/b:c", false, Component::Path),
        ];
        for (prefix, scheme_required, component) in cases {
            assert_eq!(locate(prefix.as_bytes(), scheme_required), component, "{prefix:?}");
        }
    }
}
