//! The telephone subscriber in the user field of a SIP URI with `user=phone` (RFC 3261 sections
//! 19.1.1, 19.1.2 and 19.1.6): [`Sip::telephone_subscriber`] and [`TelephoneSubscriber`].

use alloc::borrow::Cow;
use core::fmt;

use super::generated::sip::Parser as SipParser;
use super::generated::tel::{Captures, Parsed, Parser};
use super::sip_escape::{comparable, is_unreserved, spells};
use super::{Sip, Tel, TelParams};
use crate::percent::decoded_where;
use crate::Rule;

impl<'a> Sip<'a> {
    /// The user field read as an RFC 3966 `telephone-subscriber`, when the `user` parameter is
    /// `phone` (in any case, escapes of unreserved characters decoded, as
    /// [`Sip::rfc3261_eq`] reads it; the last `user` parameter counts): section 19.1.1 says the user field then holds a telephone
    /// number, and section 19.1.6 that a `tel` URL becomes a SIP URI by moving its whole
    /// subscriber, parameters included, into the user field.
    ///
    /// The user field is read with the escapes of unreserved characters (RFC 2396's, which
    /// RFC 3261 uses) decoded, as section 19.1.4 reads them (`%34` is the digit `4`, and a
    /// telephone number holds no escape), if it is then
    /// a telephone subscriber; else with the escapes that section 19.1.2 makes decoded too,
    /// those of the characters a SIP user field cannot hold (a `#`, a `:`, brackets, an `@`).
    /// `None` without `user=phone`, or when the user field is no telephone subscriber either
    /// way.
    ///
    /// ```
    /// use uri::scheme::{Sip, Tel};
    ///
    /// let sip = Sip::parse("sip:+358-555-1234567;postd=pp22@foo.com;user=phone").unwrap();
    /// let phone = sip.telephone_subscriber().unwrap();
    /// assert_eq!((phone.number(), phone.is_global()), ("+358-555-1234567", true));
    /// assert_eq!(phone.params().collect::<Vec<_>>(), [";postd=pp22"]);
    /// assert!(phone.rfc3966_eq(&Tel::parse("tel:+358-555-1234567;POSTD=PP22").unwrap()));
    ///
    /// let sip = Sip::parse("sip:*23%23;phone-context=example.com@foo.com;user=phone").unwrap();
    /// assert_eq!(sip.telephone_subscriber().unwrap().as_str(), "*23#;phone-context=example.com");
    /// let sip = Sip::parse("sip:+358-555-12%34567;isub=1411@foo.com;user=phone").unwrap();
    /// assert_eq!(sip.telephone_subscriber().unwrap().number(), "+358-555-124567");
    /// assert!(Sip::parse("sip:+358-555-1234567@foo.com").unwrap().telephone_subscriber().is_none());
    /// ```
    #[must_use]
    pub fn telephone_subscriber(&self) -> Option<TelephoneSubscriber<'a>> {
        // The last `user` parameter counts, its name and value read as `rfc3261_eq` reads
        // them (without case, an escape of an unreserved character as the character).
        let user_param = self.parameters().filter(|p| spells(&comparable(p.name(), true), "user")).last()?;
        if !spells(&comparable(user_param.value()?, true), "phone") {
            return None;
        }
        let user = self.user()?;
        let text = decoded_where(user, is_unreserved);
        if let Ok(captures) = Parser::Subscriber.parse(text.as_bytes()) {
            return Some(TelephoneSubscriber { text, captures });
        }
        fn escaped_for_user(byte: u8) -> bool {
            Rule::Reserved.matches(&[byte]) && SipParser::User.parse(&[byte]).is_err()
        }
        let text = decoded_where(user, |byte| is_unreserved(byte) || escaped_for_user(byte));
        let captures = Parser::Subscriber.parse(text.as_bytes()).ok()?;
        Some(TelephoneSubscriber { text, captures })
    }
}

/// The telephone subscriber of a SIP URI with `user=phone`, read by the generated parser of RFC
/// 3966's `telephone-subscriber` (the `tel` grammar without the `tel:`): see
/// [`Sip::telephone_subscriber`]. Its accessors are those of [`Tel`], which reads the same
/// components.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TelephoneSubscriber<'a> {
    /// The user field, with the escapes of unreserved characters (and, where needed, those of
    /// section 19.1.2) decoded.
    text: Cow<'a, str>,
    captures: Captures,
}

impl TelephoneSubscriber<'_> {
    /// The components as a [`Tel`] reads them (its text without `tel:`).
    fn tel(&self) -> Tel<'_> {
        Tel::from_parsed(Parsed { input: &self.text, captures: self.captures })
    }

    /// The subscriber's text: the user field, with the escapes of unreserved characters
    /// decoded, and those section 19.1.2 requires where the subscriber needs it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The telephone number, as [`Tel::number`] gives it.
    #[must_use]
    pub fn number(&self) -> &str {
        self.tel().number()
    }

    /// Whether the number is global, as [`Tel::is_global`] says.
    #[must_use]
    pub fn is_global(&self) -> bool {
        self.tel().is_global()
    }

    /// The extension's digits, as [`Tel::extension`] gives them.
    #[must_use]
    pub fn extension(&self) -> Option<&str> {
        self.tel().extension()
    }

    /// The ISDN subaddress, as [`Tel::isdn_subaddress`] gives it.
    #[must_use]
    pub fn isdn_subaddress(&self) -> Option<&str> {
        self.tel().isdn_subaddress()
    }

    /// The phone context of a local number, as [`Tel::phone_context`] gives it.
    #[must_use]
    pub fn phone_context(&self) -> Option<&str> {
        self.tel().phone_context()
    }

    /// Every parameter after the number as written, as [`Tel::parameters_str`] gives them.
    #[must_use]
    pub fn parameters_str(&self) -> &str {
        self.tel().parameters_str()
    }

    /// Each parameter after the number, as [`Tel::params`] gives them.
    #[must_use]
    pub fn params(&self) -> TelParams<'_> {
        self.tel().params()
    }

    /// Whether this subscriber and the `tel` URI `other` are equivalent by RFC 3966 section 4
    /// ([`Tel::rfc3966_eq`]).
    #[must_use]
    pub fn rfc3966_eq(&self, other: &Tel<'_>) -> bool {
        self.tel().rfc3966_eq(other)
    }

    /// Whether two subscribers are equivalent by RFC 3966 section 4, as their `tel` URLs
    /// would be: SIP URIs that section 19.1.4 tells apart (their user fields compare with case
    /// and in order) can hold equivalent subscribers (section 19.1.6).
    ///
    /// ```
    /// use uri::scheme::Sip;
    ///
    /// let a = Sip::parse("sip:+358-555-1234567;postd=pp22;isub=1411@foo.com;user=phone").unwrap();
    /// let b = Sip::parse("sip:+358-555-1234567;isub=1411;postd=pp22@foo.com;user=phone").unwrap();
    /// assert_eq!(a.rfc3261_eq(&b), Some(false));
    /// let (a, b) = (a.telephone_subscriber().unwrap(), b.telephone_subscriber().unwrap());
    /// assert!(a.subscriber_eq(&b));
    /// ```
    #[must_use]
    pub fn subscriber_eq(&self, other: &TelephoneSubscriber<'_>) -> bool {
        self.tel().rfc3966_eq(&other.tel())
    }
}

impl fmt::Display for TelephoneSubscriber<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
