//! Scheme-specific syntax: one type per scheme RFC, each read by a parser that `uri-gen`
//! generates from that RFC's own grammar, as the generic parser comes from RFC 3986's.
//!
//! | type | scheme | RFC | rule |
//! |---|---|---|---|
//! | [`Urn`] | `urn` | RFC 8141 | `namestring` |
//! | [`File`] | `file` | RFC 8089 (Appendix F with [`FileOptions`]) | `file-URI` |
//! | [`Data`] | `data` | RFC 2397 (an ABNF transcription of section 3) | `dataurl` |
//! | [`Geo`] | `geo` | RFC 5870 | `geo-URI` |
//! | [`Tel`] | `tel` | RFC 3966 | `telephone-uri` |
//! | [`Mailto`] | `mailto` | RFC 6068 | `mailtoURI` |
//! | [`Sip`] | `sip`, `sips` | RFC 3261 | `SIP-URI`, `SIPS-URI` |
//!
//! The parameters of `data` media types, `geo` URIs and SIP URIs come one by one as names and
//! values, raw and decoded ([`Data::parameters`], [`Geo::parameters`], [`Sip::parameters`]):
//! a `geo` or SIP parameter is a [`Parameter`], whose value may be absent, a `data` one a
//! [`DataParameter`], whose value never is.
//!
//! Each type's `parse` borrows the text and fails with a [`SchemeError`] that names the rule,
//! the component, the byte index and the expected bytes. `TryFrom<&Uri>` (and `&UriRef`) reads
//! a URI already parsed by the generic parser; some scheme URIs are no RFC 3986 URIs (an RFC
//! 6874 zone identifier in a `file` host, brackets in `geo`, `tel` and `sip` parameters, a SIP
//! URI's IPv6 host, a "`" in a SIP token), and only `parse` reads those. A `tel` local number
//! may hold `#`, where RFC 3986 starts the fragment: `parse` reads it as a digit, and
//! `TryFrom` refuses the URI at that `#`, since the fragment takes no part in the scheme's
//! reading (RFC 3986 section 3.5).
//!
//! Where a URI holds a list (the parameters of a `tel` or SIP URI, the addresses and header
//! fields of a `mailto` URI, the headers of a SIP URI), the type gives it one item at a time,
//! lazily, from a list capture of the generated parser; where an item has parts (a SIP
//! parameter's name and value, a SIP user field read as a telephone subscriber), a small
//! parser of the same grammar reads it. Nothing in this module splits a component at a
//! delimiter typed by hand, and a normal form that reorders items writes the delimiters the
//! input had between them. Where an RFC's prose narrows its grammar, the narrowing is a
//! grammar file of its own in `abnf/`, bound by a declared override and citing the sentences
//! it encodes.
//!
//! # Comparison
//!
//! Where a scheme's RFC defines when two URIs are equivalent, the type has a method named
//! after that RFC, `rfcNNNN_eq`: a `bool` where the RFC decides every pair, an `Option<bool>`
//! where it leaves some pairs undefined (`None`).
//!
//! | type | comparison | what it ignores | `None` when |
//! |---|---|---|---|
//! | [`Urn`] | [`Urn::rfc8141_eq`] `-> bool` (RFC 8141 section 3) | the case of `urn` and the NID and of escapes' hex digits; the r-, q- and f-components | never |
//! | [`Tel`] | [`Tel::rfc3966_eq`] `-> bool` (RFC 3966 section 4) | case; the visual separators of the number and of a global number's phone context; parameter order | never |
//! | [`Geo`] | [`Geo::rfc5870_eq`] `-> Option<bool>` (RFC 5870 section 3.4.4) | the case of the CRS and of parameter names; how a number is written (`43.10` is `43.1`); the longitude at a pole; `180` against `-180`; parameter order; escapes in parameter values | the same further parameter names, with some value that differs once decoded: section 3.4.4 calls the comparison undefined, since only that parameter's specification says how its values compare |
//! | [`Sip`] | [`Sip::rfc3261_eq`] `-> Option<bool>` (RFC 3261 section 19.1.4) | the case of the host, of parameters and of header names; parameter and header order (but for headers of one name); a parameter other than `transport`, `user`, `ttl`, `method` and `maddr` in one URI only; escapes of characters outside RFC 2396's `reserved` | a parameter name given twice in one URI, which section 19.1.1 forbids and for which section 19.1.4's rules, parameter by parameter, say nothing |
//! | [`Mailto`] | none: RFC 6068 shows forms that mean the same message (section 2) but defines no comparison | | |
//! | [`File`] | none: RFC 8089 defines no comparison (it notes that usages differ on the case of drive letters, Appendix E.2) | | |
//! | [`Data`] | none: RFC 2397 defines no comparison (for the media type's case rules, RFC 2045's, see [`Data`]) | | |
//!
//! For the types without one, compare normal forms: [`UriRef::normalize`](crate::UriRef::normalize)
//! then `==`, which [`UriRef::normalized_eq`](crate::UriRef::normalized_eq) does. Where one text can stand for every
//! equivalent URI, scheme-based normalization
//! ([`Normalization::SCHEME_BASED`](crate::Normalization::SCHEME_BASED), part of `normalize`)
//! writes it: `file`, `urn`, `tel`, `sip`, `sips`, `mailto` and `geo`; `data` URLs get the
//! syntax-based normalization of RFC 3986 section 6.2.2 alone.
//!
//! ```
//! use uri::scheme::{Mailto, Urn};
//! use uri::UriRef;
//!
//! let urn = |t| Urn::parse(t).unwrap();
//! assert!(urn("URN:Example:a%2fb").rfc8141_eq(&urn("urn:example:a%2Fb?+r")));
//!
//! // No comparison in RFC 6068: normal forms.
//! let normal = |t| UriRef::parse(t).unwrap().normalize();
//! assert!(Mailto::parse("mailto:joe@EXAMPLE.com").is_ok());
//! assert_eq!(normal("MAILTO:joe@example.com?subject=a%2cb"), normal("mailto:joe@example.com?subject=a%2Cb"));
//! let data = |t| UriRef::parse(t).unwrap();
//! assert!(data("DATA:,a%2c").normalized_eq(&data("data:,a%2C")));
//! ```
//!
//! ```
//! use uri::scheme::{Sip, Tel};
//! use uri::UriRef;
//!
//! let (a, b) = ("tel:+1-201-555-0123;Ext=7", "tel:+1(201)5550123;ext=7");
//! assert!(Tel::parse(a).unwrap().rfc3966_eq(&Tel::parse(b).unwrap()));
//! assert_eq!(UriRef::parse(a).unwrap().normalize(), UriRef::parse(b).unwrap().normalize());
//!
//! let sip = Sip::parse("sip:+1-212-555-1212@gateway.com;user=phone;Transport=TCP").unwrap();
//! assert_eq!(sip.parameters().map(|p| p.name()).collect::<Vec<_>>(), ["user", "Transport"]);
//! assert_eq!(sip.telephone_subscriber().unwrap().number(), "+1-212-555-1212");
//! ```
//!
//! ```
//! use uri::scheme::{Data, Geo, Mailto, Sip, Tel, Urn};
//! use uri::Uri;
//!
//! let uri = Uri::parse("urn:isbn:0451450523").unwrap();
//! let urn = Urn::try_from(&uri).unwrap();
//! assert_eq!((urn.nid(), urn.nss()), ("isbn", "0451450523"));
//!
//! let data = Data::parse("data:;base64,SGVsbG8=").unwrap();
//! assert_eq!(data.media_type(), "text/plain;charset=US-ASCII");
//! assert_eq!(data.decode().unwrap(), b"Hello");
//!
//! let geo = Geo::parse("geo:48.2010,16.3695,183").unwrap();
//! assert_eq!((geo.latitude(), geo.longitude(), geo.altitude()), (48.201, 16.3695, Some(183.0)));
//!
//! let geo = Geo::parse("geo:66,30;u=6.500;FOo=this%2dthat").unwrap();
//! let foo = geo.parameters().next().unwrap();
//! assert_eq!((foo.name(), foo.decoded_value().unwrap().unwrap()), ("FOo", "this-that".into()));
//! assert_eq!(geo.rfc5870_eq(&Geo::parse("geo:66.0,30;u=6.5;foo=this-that").unwrap()), Some(true));
//!
//! let tel = Tel::parse("tel:+1-201-555-0123;ext=1234").unwrap();
//! assert_eq!((tel.number(), tel.is_global(), tel.extension()), ("+1-201-555-0123", true, Some("1234")));
//!
//! let mailto = Mailto::parse("mailto:joe@example.com?subject=hello%20there").unwrap();
//! assert_eq!(mailto.to().collect::<Vec<_>>(), ["joe@example.com"]);
//! assert_eq!(mailto.subject().unwrap().unwrap(), "hello there");
//!
//! let sip = Sip::parse("sip:alice@atlanta.com;transport=tcp").unwrap();
//! assert_eq!((sip.user(), sip.host(), sip.transport()), (Some("alice"), "atlanta.com", Some("tcp")));
//! ```

mod data;
mod decode;
mod error;
mod file;
mod generated;
mod geo;
mod geo_normal;
mod mailto;
mod normal_forms;
pub(crate) mod normalize;
mod number;
mod parameter;
mod params;
mod sip;
mod sip_eq;
mod sip_escape;
mod sip_lists;
mod sip_params;
mod sip_phone;
mod tel;
mod urn;

pub use data::{Data, DataDecodeError};
pub use error::SchemeError;
pub use file::{File, FileHost, FileOptions};
pub use geo::Geo;
pub use mailto::{Mailto, MailtoAddresses, MailtoHeader, MailtoHeaders};
pub use parameter::Parameter;
pub use params::{DataParameter, DataParameters, GeoParameters};
pub use sip::Sip;
pub use sip_lists::{SipHeader, SipHeaders, SipParams};
pub use sip_params::SipParameters;
pub use sip_phone::TelephoneSubscriber;
pub use tel::{Tel, TelParams};
pub use urn::Urn;
