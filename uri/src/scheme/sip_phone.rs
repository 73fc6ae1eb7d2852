//! The telephone subscriber in the user field of a SIP URI with `user=phone` (RFC 3261 sections
//! 19.1.1, 19.1.2 and 19.1.6): [`Sip::telephone_subscriber`] and [`TelephoneSubscriber`].

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::generated::sip::Parser as SipParser;
use super::generated::tel::{Captures, Parsed, Parser};
use super::sip_escape::{comparable, spells};
use super::{Sip, Tel, TelParams};
use crate::percent::triplet_at;
use crate::Rule;

impl<'a> Sip<'a> {
    /// The user field read as an RFC 3966 `telephone-subscriber`, when the `user` parameter is
    /// `phone` (in any case, escapes of unreserved characters decoded, as
    /// [`Sip::rfc3261_eq`] reads it; the last `user` parameter counts): section 19.1.1 says the user field then holds a telephone
    /// number, and section 19.1.6 that a `tel` URL becomes a SIP URI by moving its whole
    /// subscriber, parameters included, into the user field.
    ///
    /// Section 19.1.2 escapes every character of the subscriber that a SIP user field cannot
    /// hold (a `#`, a `:`, brackets, an `@`): the user field is read as written if it is a
    /// telephone subscriber, else with those escapes decoded. `None` without `user=phone`, or
    /// when the user field is no telephone subscriber either way.
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
        if let Ok(captures) = Parser::Subscriber.parse(user.as_bytes()) {
            return Some(TelephoneSubscriber { text: Cow::Borrowed(user), captures });
        }
        let text = unescaped_for_user(user)?;
        let captures = Parser::Subscriber.parse(text.as_bytes()).ok()?;
        Some(TelephoneSubscriber { text: Cow::Owned(text), captures })
    }
}

/// `user` with the escapes decoded that section 19.1.2 makes: those of RFC 3986 `reserved`
/// characters that RFC 3261's `user` rule does not hold unescaped. `None` when there are none.
fn unescaped_for_user(user: &str) -> Option<String> {
    let bytes = user.as_bytes();
    let escaped_for_user =
        |byte: u8| Rule::Reserved.matches(&[byte]) && SipParser::User.parse(&[byte]).is_err();
    let mut out = String::with_capacity(user.len());
    let (mut i, mut done, mut any) = (0, 0, false);
    while i < bytes.len() {
        match triplet_at(bytes, i) {
            Some(byte) if escaped_for_user(byte) => {
                out.push_str(&user[done..i]);
                out.push(char::from(byte));
                (i, done, any) = (i + 3, i + 3, true);
            }
            _ => i += 1,
        }
    }
    out.push_str(&user[done..]);
    any.then_some(out)
}

/// The telephone subscriber of a SIP URI with `user=phone`, read by the generated parser of RFC
/// 3966's `telephone-subscriber` (the `tel` grammar without the `tel:`): see
/// [`Sip::telephone_subscriber`]. Its accessors are those of [`Tel`], which reads the same
/// components.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TelephoneSubscriber<'a> {
    /// The user field, with the escapes of section 19.1.2 decoded where there were any.
    text: Cow<'a, str>,
    captures: Captures,
}

impl TelephoneSubscriber<'_> {
    /// The components as a [`Tel`] reads them (its text without `tel:`).
    fn tel(&self) -> Tel<'_> {
        Tel::from_parsed(Parsed { input: &self.text, captures: self.captures })
    }

    /// The subscriber's text: the user field, with the escapes section 19.1.2 requires
    /// decoded.
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
