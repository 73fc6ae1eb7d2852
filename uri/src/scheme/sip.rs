//! `sip:` and `sips:` URIs (RFC 3261 section 19.1): [`Sip`], its user, password, host, port,
//! the values of the URI parameters section 19.1.1 names, and the parameters and headers one at
//! a time.

use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::sip::{Captures, Parsed, Parser};
use super::sip_lists::{SipHeaders, SipParams};
use super::sip_params::SipParameters;
use crate::{Uri, UriRef};

/// A SIP or SIPS URI (RFC 3261 `SIP-URI` / `SIPS-URI`, section 25.1), borrowing its text, read
/// by parsers generated from section 25.1's grammar, with the user field as section 19.1.2
/// says a telephone subscriber is escaped in it (every user field is then a `user`).
///
/// The values of the parameters that section 19.1.1 names (`transport`, `user`, `method`,
/// `ttl`, `maddr`, `lr`) come from a second generated parser, run on the parameters' span;
/// where a parameter appears more than once, the last one counts.
///
/// ```
/// use uri::scheme::Sip;
///
/// let sip = Sip::parse("sips:alice:secretword@atlanta.com:5061;transport=tcp;lr?subject=project").unwrap();
/// assert!(sip.is_secure());
/// assert_eq!((sip.user(), sip.password()), (Some("alice"), Some("secretword")));
/// assert_eq!((sip.host(), sip.port()), ("atlanta.com", Some("5061")));
/// assert_eq!((sip.transport(), sip.lr()), (Some("tcp"), true));
/// assert_eq!((sip.parameters_str(), sip.headers_str()), (";transport=tcp;lr", Some("?subject=project")));
/// assert!(Sip::parse("sip:alice@").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sip<'a> {
    pub(super) parsed: Parsed<'a>,
    secure: bool,
}

/// The spans of the components a user names, from `Sip`'s or `Sips`' captures.
fn spans(c: &Captures, len: usize) -> Spans {
    let parts = [
        ("user", c.user(len)),
        ("password", c.password(len)),
        ("host", c.host(len)),
        ("port", c.port(len)),
        ("headers", c.headers(len)),
    ];
    parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect()
}

pub(crate) struct SipGrammar;

impl SchemeGrammar for SipGrammar {
    const NAMES: &'static Names = &Names::of(Parser::Sip.scheme(), "RFC 3261", Parser::Sip.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        Parser::Sip.parse(input).map(|c| spans(&c, input.len())).map_err(Miss::from)
    }
}

pub(crate) struct SipsGrammar;

impl SchemeGrammar for SipsGrammar {
    const NAMES: &'static Names = &Names::of(Parser::Sips.scheme(), "RFC 3261", Parser::Sips.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        Parser::Sips.parse(input).map(|c| spans(&c, input.len())).map_err(Miss::from)
    }
}

impl<'a> Sip<'a> {
    /// Parses `text` as a SIPS URI if its scheme is `sips` (in any case), else as a SIP URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] with the index, the component and the expected bytes where `text`
    /// stops matching `SIP-URI` (or `SIPS-URI`).
    ///
    /// ```
    /// let err = uri::scheme::Sip::parse("sip:alice@atlanta.com:50x").unwrap_err();
    /// assert_eq!((err.index(), err.component(), err.rule()), (24, Some("port"), "SIP-URI"));
    /// ```
    pub fn parse(text: &'a str) -> Result<Sip<'a>, SchemeError> {
        let secure = text.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("sips:"));
        let (parser, bytes) = (if secure { Parser::Sips } else { Parser::Sip }, text.as_bytes());
        let mut captures = parser.parse(bytes).map_err(|f| {
            if secure {
                SchemeError::new::<SipsGrammar>(bytes, f)
            } else {
                SchemeError::new::<SipGrammar>(bytes, f)
            }
        })?;
        if let Some((start, end)) = captures.uri_parameters(bytes.len()) {
            // The span matched `uri-parameters` inside the URI, so it matches it alone.
            if let Ok(params) = Parser::Params.parse(&bytes[start..end]) {
                let params = params.shifted(isize::try_from(start).unwrap_or(0));
                captures.set_transport(params.transport(end));
                captures.set_user_param(params.user_param(end));
                captures.set_method(params.method(end));
                captures.set_ttl(params.ttl(end));
                captures.set_maddr(params.maddr(end));
                captures.set_lr(params.lr(end));
                captures.set_param_list_span(params.param_list_span(end));
            }
        }
        Ok(Sip { parsed: Parsed { input: text, captures }, secure })
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// Whether the URI is a SIPS URI (`sips:`, section 19.1): the resource is to be reached
    /// securely.
    #[must_use]
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// The user field as written (escaped), if there is one; a telephone subscriber when the
    /// `user` parameter is `phone` (section 19.1.1), which [`Sip::telephone_subscriber`] reads.
    #[must_use]
    pub fn user(&self) -> Option<&'a str> {
        self.parsed.user()
    }

    /// The password after the user's `:`, as written (section 19.1.1 advises against it).
    #[must_use]
    pub fn password(&self) -> Option<&'a str> {
        self.parsed.password()
    }

    /// The host: a host name, an IPv4 address or a bracketed IPv6 reference, as written.
    #[must_use]
    pub fn host(&self) -> &'a str {
        self.parsed.host().unwrap_or_default()
    }

    /// The port's digits as written, if there is a port.
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.parsed.port()
    }

    /// Every URI parameter as written, from the first one's `;` to the last one's end; empty
    /// when there are none.
    #[must_use]
    pub fn parameters_str(&self) -> &'a str {
        self.parsed.uri_parameters().unwrap_or_default()
    }

    /// The value of the `transport` parameter (`udp`, `tcp`, `sctp`, `tls` or another token).
    /// Raw: the grammar's reading, the last parameter whose name is spelled out (without
    /// escapes) and its value as written; [`Sip::parameter_value`] reads them as section
    /// 19.1.4 compares them.
    #[must_use]
    pub fn transport(&self) -> Option<&'a str> {
        self.parsed.transport()
    }

    /// The value of the `user` parameter (`phone`, `ip` or another token).
    /// Raw: the grammar's reading, the last parameter whose name is spelled out (without
    /// escapes) and its value as written; [`Sip::parameter_value`] reads them as section
    /// 19.1.4 compares them.
    #[must_use]
    pub fn user_param(&self) -> Option<&'a str> {
        self.parsed.user_param()
    }

    /// The value of the `method` parameter.
    /// Raw: the grammar's reading, the last parameter whose name is spelled out (without
    /// escapes) and its value as written; [`Sip::parameter_value`] reads them as section
    /// 19.1.4 compares them.
    #[must_use]
    pub fn method(&self) -> Option<&'a str> {
        self.parsed.method()
    }

    /// The value of the `ttl` parameter, as written (one to three digits).
    /// Raw: the grammar's reading, the last parameter whose name is spelled out (without
    /// escapes) and its value as written; [`Sip::parameter_value`] reads them as section
    /// 19.1.4 compares them.
    #[must_use]
    pub fn ttl(&self) -> Option<&'a str> {
        self.parsed.ttl()
    }

    /// The value of the `maddr` parameter, a host.
    /// Raw: the grammar's reading, the last parameter whose name is spelled out (without
    /// escapes) and its value as written; [`Sip::parameter_value`] reads them as section
    /// 19.1.4 compares them.
    #[must_use]
    pub fn maddr(&self) -> Option<&'a str> {
        self.parsed.maddr()
    }

    /// Whether the `lr` parameter (loose routing, section 19.1.1) is present.
    #[must_use]
    pub fn lr(&self) -> bool {
        self.parsed.captures.lr(self.parsed.input.len()).is_some()
    }

    /// Each URI parameter, in order, as written without its `;` (`name` or `name=value`), from
    /// a list capture of the parameter parser; lazy.
    ///
    /// ```
    /// let sip = uri::scheme::Sip::parse("sip:alice@atlanta.com;maddr=239.255.255.1;ttl=15;lr").unwrap();
    /// assert_eq!(sip.params().collect::<Vec<_>>(), ["maddr=239.255.255.1", "ttl=15", "lr"]);
    /// ```
    #[must_use]
    pub fn params(&self) -> SipParams<'a> {
        SipParams::new(self.parsed.param_list())
    }

    /// Each URI parameter, in order, as its name and value ([`Parameter`](super::Parameter)), each read by a
    /// parser generated from the grammar's `other-param` (or, for a `transport`, `user` or
    /// `method` token that no `other-param` reads, by the parameters' parser); lazy.
    ///
    /// ```
    /// let sip = uri::scheme::Sip::parse("sip:bob@biloxi.com;Transport=TCP;lr").unwrap();
    /// let pairs: Vec<_> = sip.parameters().map(|p| (p.name(), p.value())).collect();
    /// assert_eq!(pairs, [("Transport", Some("TCP")), ("lr", None)]);
    /// ```
    #[must_use]
    pub fn parameters(&self) -> SipParameters<'a> {
        let (text, c) = (self.parsed.input, &self.parsed.captures);
        let params_start = c.uri_parameters(text.len()).map_or(0, |(start, _)| start);
        SipParameters::new(text, params_start, c.param_list(text.as_bytes()))
    }

    /// Each header (`hname=hvalue`), in order, as written; lazy.
    ///
    /// ```
    /// let sip = uri::scheme::Sip::parse("sip:atlanta.com?subject=project%20x&priority=urgent").unwrap();
    /// let headers: Vec<_> = sip.headers().map(|h| (h.name(), h.value())).collect();
    /// assert_eq!(headers, [("subject", "project%20x"), ("priority", "urgent")]);
    /// assert_eq!(sip.headers().next().unwrap().decoded_value().unwrap(), "project x");
    /// ```
    #[must_use]
    pub fn headers(&self) -> SipHeaders<'a> {
        SipHeaders::new(self.parsed.hnames(), self.parsed.hvalues())
    }

    /// The headers as written, from the `?` to the end (`hname=hvalue` joined by `&`), if there
    /// are any.
    #[must_use]
    pub fn headers_str(&self) -> Option<&'a str> {
        self.parsed.headers()
    }
}

impl fmt::Display for Sip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A SIP or SIPS URI that RFC 3986 also reads: every one whose parameters hold no `[` or `]`
/// outside an IPv6 reference (RFC 3261's `param-unreserved`, which RFC 3986 allows in no path).
impl<'a> TryFrom<&Uri<'a>> for Sip<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Sip<'a>, SchemeError> {
        Sip::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Sip<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Sip<'a>, SchemeError> {
        Sip::parse(uri.as_str())
    }
}
