//! [`Builder`]: a URI reference from its components, each checked with its generated rule.
//!
//! The builder only recomposes (RFC 3986 section 5.3); whether a component is valid, and which
//! path forms fit with or without an authority, is asked of the generated recognizers.

use alloc::{borrow::ToOwned, string::String, string::ToString};
use core::fmt;

use crate::error::{Expected, Found};
use crate::{Component, Rule, Uri, UriBuf, UriRef, UriRefBuf};

/// Builds a URI reference from components.
///
/// Components are taken as they will appear in the URI: encode text first with
/// [`crate::encode_path_segment`], [`crate::encode_query`] and the like. An authority is written
/// when a host is set (it may be empty, as in `file:///etc`). Every component can be set and,
/// except the path (set it to `""`), removed again with a `without_` method, so a builder from
/// [`UriRef::to_builder`] can take anything away.
///
/// ```
/// use uri::{encode_query, BuildErrorKind, Builder, Component, Rule};
///
/// let uri = Builder::new()
///     .scheme("https")
///     .host("example.com")
///     .port(8443)
///     .path("/search")
///     .query(&encode_query("q=a b"))
///     .fragment("top")
///     .build_uri()
///     .unwrap();
/// assert_eq!(uri, "https://example.com:8443/search?q=a%20b#top");
/// assert_eq!(uri.authority().unwrap().port_u16(), Some(8443));
///
/// let err = Builder::new().scheme("http").host("exa mple.com").build().unwrap_err();
/// assert_eq!((err.rule(), err.index()), (Rule::Host, 3));
/// assert_eq!(err.kind(), BuildErrorKind::Invalid(Component::Host));
///
/// // Without an authority, a path may not start with "//"; with one, it must start with "/".
/// assert!(Builder::new().scheme("x").path("//a").build().is_err());
/// assert!(Builder::new().scheme("x").host("h").path("a").build().is_err());
/// // A relative reference's first segment may not hold a ':' (it would read as a scheme).
/// assert!(Builder::new().path("a:b").build().is_err());
/// assert_eq!(Builder::new().path("./a:b").build().unwrap(), "./a:b");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Builder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    /// The port digits: set from a `u16` or as text, or copied from a parsed reference.
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Builder {
    /// An empty builder: it builds the empty relative reference.
    #[must_use]
    pub fn new() -> Builder {
        Builder::default()
    }

    /// Sets the scheme (without `:`), checked with the `scheme` rule.
    #[must_use]
    pub fn scheme(mut self, scheme: &str) -> Builder {
        self.scheme = Some(scheme.to_owned());
        self
    }

    /// Sets the user information (without `@`), checked with the `userinfo` rule.
    #[must_use]
    pub fn userinfo(mut self, userinfo: &str) -> Builder {
        self.userinfo = Some(userinfo.to_owned());
        self
    }

    /// Sets the host, checked with the `host` rule (an IPv6 address goes in brackets).
    #[must_use]
    pub fn host(mut self, host: &str) -> Builder {
        self.host = Some(host.to_owned());
        self
    }

    /// Sets the port.
    #[must_use]
    pub fn port(mut self, port: u16) -> Builder {
        self.port = Some(port.to_string());
        self
    }

    /// Sets the port as written, checked with the `port` rule: any run of digits, including
    /// the empty port of `http://example.com:/` and forms a `u16` cannot keep (`0080`,
    /// `99999`).
    ///
    /// ```
    /// use uri::Builder;
    ///
    /// let b = Builder::new().scheme("http").host("example.com");
    /// assert_eq!(b.clone().port_str("").build().unwrap(), "http://example.com:");
    /// assert_eq!(b.clone().port_str("0080").build().unwrap(), "http://example.com:0080");
    /// assert!(b.port_str("8o").build().is_err());
    /// ```
    #[must_use]
    pub fn port_str(mut self, port: &str) -> Builder {
        self.port = Some(port.to_owned());
        self
    }

    /// Sets the path, checked with the path rule that fits the other components.
    #[must_use]
    pub fn path(mut self, path: &str) -> Builder {
        self.path = path.to_owned();
        self
    }

    /// Sets the query (without `?`), checked with the `query` rule.
    #[must_use]
    pub fn query(mut self, query: &str) -> Builder {
        self.query = Some(query.to_owned());
        self
    }

    /// Sets the fragment (without `#`), checked with the `fragment` rule.
    #[must_use]
    pub fn fragment(mut self, fragment: &str) -> Builder {
        self.fragment = Some(fragment.to_owned());
        self
    }

    /// Removes the scheme: the result is then a relative reference.
    #[must_use]
    pub fn without_scheme(mut self) -> Builder {
        self.scheme = None;
        self
    }

    /// Removes the whole authority (user information, host and port): no `//` is written.
    ///
    /// ```
    /// let r = uri::UriRef::parse("file://host/etc/hosts").unwrap();
    /// assert_eq!(r.to_builder().without_authority().build().unwrap(), "file:/etc/hosts");
    /// ```
    #[must_use]
    pub fn without_authority(mut self) -> Builder {
        self.userinfo = None;
        self.host = None;
        self.port = None;
        self
    }

    /// Removes the user information (and its `@`).
    ///
    /// ```
    /// let r = uri::UriRef::parse("ftp://user:secret@example.com/f").unwrap();
    /// assert_eq!(r.to_builder().without_userinfo().build().unwrap(), "ftp://example.com/f");
    /// ```
    #[must_use]
    pub fn without_userinfo(mut self) -> Builder {
        self.userinfo = None;
        self
    }

    /// Removes the port (and its `:`).
    #[must_use]
    pub fn without_port(mut self) -> Builder {
        self.port = None;
        self
    }

    /// Removes the query (and its `?`); an empty query is [`Builder::query`] with `""`.
    #[must_use]
    pub fn without_query(mut self) -> Builder {
        self.query = None;
        self
    }

    /// Removes the fragment (and its `#`).
    ///
    /// ```
    /// let r = uri::UriRef::parse("https://a/b?c#d").unwrap();
    /// assert_eq!(r.to_builder().without_query().without_fragment().build().unwrap(), "https://a/b");
    /// ```
    #[must_use]
    pub fn without_fragment(mut self) -> Builder {
        self.fragment = None;
        self
    }

    /// Checks every component and builds the reference.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the rule a component failed and the index in that component.
    pub fn build(&self) -> Result<UriRefBuf, BuildError> {
        let text = self.checked_text(false)?;
        // Every component matched its rule and sits behind its delimiter, so the text is a URI
        // reference; a failure here would be a bug, reported against the whole reference.
        UriRefBuf::parse(text).map_err(BuildError::of_whole)
    }

    /// Checks every component, of a URI reference or (with `iri`) of an IRI reference, and
    /// writes the reference's text.
    pub(crate) fn checked_text(&self, iri: bool) -> Result<String, BuildError> {
        let check = |component, value| check(component, value, iri);
        check(Component::Scheme, self.scheme.as_deref())?;
        check(Component::Userinfo, self.userinfo.as_deref())?;
        check(Component::Host, self.host.as_deref())?;
        check(Component::Port, self.port.as_deref())?;
        check(Component::Query, self.query.as_deref())?;
        check(Component::Fragment, self.fragment.as_deref())?;
        if self.host.is_none() && (self.userinfo.is_some() || self.port.is_some()) {
            return Err(BuildError::missing(Rule::Host, BuildErrorKind::MissingHost));
        }
        // The path alternatives of `hier-part` (with a scheme) and `relative-part` (without).
        let path_rules: &[Rule] = match (self.host.is_some(), self.scheme.is_some()) {
            (true, _) => &[Rule::PathAbempty],
            (false, true) => &[Rule::PathAbsolute, Rule::PathRootless, Rule::PathEmpty],
            (false, false) => &[Rule::PathAbsolute, Rule::PathNoscheme, Rule::PathEmpty],
        };
        let stand_in = iri_stand_in(Component::Path, &self.path, iri);
        let path = stand_in.as_deref().unwrap_or(self.path.as_bytes());
        if !path_rules.iter().any(|rule| rule.matches(path)) {
            let (rule, index) = path_rules
                .iter()
                .map(|&rule| (rule, rule.valid_up_to(path)))
                .max_by_key(|&(_, index)| index)
                .unwrap_or((Rule::Path, 0));
            return Err(BuildError::invalid(Component::Path, rule, path, index));
        }
        let mut text = String::new();
        if let Some(scheme) = &self.scheme {
            text.push_str(scheme);
            text.push(':');
        }
        if let Some(host) = &self.host {
            text.push_str("//");
            if let Some(userinfo) = &self.userinfo {
                text.push_str(userinfo);
                text.push('@');
            }
            text.push_str(host);
            if let Some(port) = &self.port {
                text.push(':');
                text.push_str(port);
            }
        }
        text.push_str(&self.path);
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
        }
        Ok(text)
    }

    /// Builds, requiring a scheme: the result is a URI.
    ///
    /// # Errors
    ///
    /// Those of [`Builder::build`], and a [`BuildError`] for the `scheme` rule when no scheme
    /// was set.
    pub fn build_uri(&self) -> Result<UriBuf, BuildError> {
        let missing = || BuildError::missing(Rule::Scheme, BuildErrorKind::MissingScheme);
        if self.scheme.is_none() {
            return Err(missing());
        }
        self.build()?.into_uri().map_err(|_| missing())
    }
}

/// Checks an optional component with its rule; with `iri`, the component of an IRI reference
/// (see [`iri_stand_in`]).
fn check(component: Component, value: Option<&str>, iri: bool) -> Result<(), BuildError> {
    let rule = component.rule();
    let Some(value) = value else { return Ok(()) };
    let stand_in = iri_stand_in(component, value, iri);
    let v = stand_in.as_deref().unwrap_or(value.as_bytes());
    if rule.matches(v) {
        Ok(())
    } else {
        Err(BuildError::invalid(component, rule, v, rule.valid_up_to(v)))
    }
}

/// For an IRI component (`iri`) holding non-ASCII characters, the bytes that RFC 3986's rule of
/// the component is to check: each non-ASCII character that RFC 3987's grammar allows there (a
/// `ucschar`, or in the query an `iprivate`) replaced by as many `a` as it has bytes, every other
/// byte kept, so that the rule refuses the first character an IRI may not hold there, at its
/// index. RFC 3987's rules are RFC 3986's with non-ASCII characters allowed where unreserved
/// ones are; its scheme and port are RFC 3986's own, and stay ASCII.
fn iri_stand_in(component: Component, value: &str, iri: bool) -> Option<alloc::vec::Vec<u8>> {
    if !iri || value.is_ascii() || matches!(component, Component::Scheme | Component::Port) {
        return None;
    }
    let in_query = component == Component::Query;
    let mut out = alloc::vec::Vec::with_capacity(value.len());
    for c in value.chars() {
        let mut buffer = [0; 4];
        let bytes = c.encode_utf8(&mut buffer).as_bytes();
        if !c.is_ascii() && crate::iri_map::iri_grammar_allows(c, in_query) {
            out.extend(core::iter::repeat_n(b'a', bytes.len()));
        } else {
            out.extend_from_slice(bytes);
        }
    }
    Some(out)
}

/// Why a [`Builder`] could not build: which component failed and why, and for a value its rule
/// refused, where in the value and what the rule expected there.
///
/// ```
/// use uri::{BuildErrorKind, Builder, Component, Rule};
///
/// let err = Builder::new().scheme("1http").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::Invalid(Component::Scheme));
/// assert_eq!((err.rule(), err.index(), err.found()), (Rule::Scheme, 0, Some(b'1')));
/// assert_eq!(err.to_string(), "invalid scheme: unexpected '1' at byte 0; expected a letter");
///
/// // With an authority, the path must be empty or start with '/'.
/// let err = Builder::new().scheme("s").host("h").path("p").build().unwrap_err();
/// assert_eq!((err.component(), err.rule()), (Component::Path, Rule::PathAbempty));
/// assert_eq!(
///     err.to_string(),
///     "invalid path (rule path-abempty): unexpected 'p' at byte 0; expected '/', end of input"
/// );
///
/// let err = Builder::new().port(80).build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::MissingHost);
/// assert_eq!(err.to_string(), "invalid host: user information or port given without a host");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    rule: Rule,
    index: usize,
    kind: BuildErrorKind,
    found: Option<u8>,
    expected: Expected,
}

/// What a [`BuildError`] is about: the component, and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The component's value does not match its rule ([`BuildError::index`] says where).
    Invalid(Component),
    /// User information or a port was set without a host, so there is no authority to hold them.
    MissingHost,
    /// A URI was asked for ([`Builder::build_uri`]) and no scheme was set.
    MissingScheme,
}

impl BuildErrorKind {
    /// The component the error is about.
    #[must_use]
    pub fn component(self) -> Component {
        match self {
            BuildErrorKind::Invalid(component) => component,
            BuildErrorKind::MissingHost => Component::Host,
            BuildErrorKind::MissingScheme => Component::Scheme,
        }
    }
}

impl BuildError {
    /// `value` of `component` refused by `rule` at `index`. Out of line and cold, as the parse
    /// error: it reads the value again for the expected bytes.
    #[cold]
    #[inline(never)]
    fn invalid(component: Component, rule: Rule, value: &[u8], index: usize) -> BuildError {
        BuildError {
            rule,
            index,
            kind: BuildErrorKind::Invalid(component),
            found: value.get(index).copied(),
            expected: Expected::after(rule, &value[..index.min(value.len())]),
        }
    }

    /// The error of the whole text failing to parse after every component passed its check.
    pub(crate) fn of_whole(e: crate::ParseError) -> BuildError {
        BuildError {
            rule: e.rule(),
            index: e.index(),
            kind: BuildErrorKind::Invalid(e.component()),
            found: e.found(),
            expected: e.expected(),
        }
    }

    /// A component that is missing: nothing was read, nothing expected.
    pub(crate) fn missing(rule: Rule, kind: BuildErrorKind) -> BuildError {
        BuildError { rule, index: 0, kind, found: None, expected: Expected::after(rule, b"") }
    }

    /// The component and the reason.
    #[must_use]
    pub fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The component the error is about (as [`BuildErrorKind::component`]).
    #[must_use]
    pub fn component(&self) -> Component {
        self.kind.component()
    }

    /// The rule of the component that failed (for a path, the path rule that got furthest).
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The index in the component's value of the first byte that the rule cannot take, or its
    /// length when it ended too early; 0 for a missing component.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte of the value at [`BuildError::index`]; `None` at its end or for a missing
    /// component.
    #[must_use]
    pub fn found(&self) -> Option<u8> {
        self.found
    }

    /// Whether the rule would have taken `byte` at [`BuildError::index`] (for a missing
    /// component, as its first byte).
    #[must_use]
    pub fn expects(&self, byte: u8) -> bool {
        self.expected.contains(byte)
    }

    /// Whether the value could have ended at [`BuildError::index`].
    #[must_use]
    pub fn expects_end(&self) -> bool {
        self.expected.end()
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let component = self.kind.component();
        match self.kind {
            BuildErrorKind::Invalid(_) => {
                write!(f, "invalid {component}")?;
                if self.rule != component.rule() {
                    write!(f, " (rule {})", self.rule)?;
                }
                write!(f, ": unexpected {} at byte {}", Found(self.found), self.index)?;
                write!(f, "; expected {}", self.expected)
            }
            BuildErrorKind::MissingHost => {
                write!(f, "invalid {component}: user information or port given without a host")
            }
            BuildErrorKind::MissingScheme => write!(f, "invalid {component}: a URI needs a scheme"),
        }
    }
}

impl core::error::Error for BuildError {}

impl UriRef<'_> {
    /// A [`Builder`] holding this reference's components, to change some of them.
    ///
    /// ```
    /// let r = uri::UriRef::parse("http://a/b?c#d").unwrap();
    /// assert_eq!(r.to_builder().query("x").build().unwrap(), "http://a/b?x#d");
    /// ```
    pub fn to_builder(&self) -> Builder {
        let authority = self.authority();
        Builder {
            scheme: self.scheme().map(str::to_owned),
            userinfo: authority.and_then(|a| a.userinfo()).map(str::to_owned),
            host: authority.map(|a| a.host().to_owned()),
            port: authority.and_then(|a| a.port()).map(str::to_owned),
            path: self.path().to_owned(),
            query: self.query().map(str::to_owned),
            fragment: self.fragment().map(str::to_owned),
        }
    }
}

impl Uri<'_> {
    /// A [`Builder`] holding this URI's components, to change some of them; see
    /// [`UriRef::to_builder`].
    ///
    /// ```
    /// let uri = uri::Uri::parse("http://a/b?c#d").unwrap();
    /// assert_eq!(uri.to_builder().path("/e").build_uri().unwrap(), "http://a/e?c#d");
    /// ```
    #[must_use]
    pub fn to_builder(&self) -> Builder {
        self.as_uri_ref().to_builder()
    }
}
