//! The text of a SIP URI's component as RFC 3261 section 19.1.4 compares it: an escape of a
//! character outside RFC 2396's `reserved` set stands for the character itself; and
//! [`Sip::parameter_value`], a parameter read so.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::generated::sip::Parser;
use super::Sip;
use crate::percent::{decoded_where, triplet_at};

impl<'a> Sip<'a> {
    /// The value of the URI parameter `name` as section 19.1.4 reads parameters: the name
    /// matched without case and with the escapes of unreserved characters (RFC 2396's, which
    /// RFC 3261 uses) as the characters, the value with those escapes decoded (its case and
    /// other escapes as written). Where the name appears more than once (section 19.1.1
    /// forbids it), the last one counts, as in [`Sip::rfc3261_eq`]. Empty for a parameter
    /// without a value (`lr`; a value is never empty); `None` without the parameter.
    ///
    /// The accessors [`Sip::transport`], [`Sip::user_param`], [`Sip::method`], [`Sip::ttl`]
    /// and [`Sip::maddr`] give instead what the grammar reads: a name spelled out, a value as
    /// written.
    ///
    /// ```
    /// use uri::scheme::Sip;
    ///
    /// let sip = Sip::parse("sip:h;transport=%54CP").unwrap();
    /// assert_eq!(sip.parameter_value("transport").as_deref(), Some("TCP"));
    /// let sip = Sip::parse("sip:h;transport=udp;%74ransport=tcp;lr").unwrap();
    /// assert_eq!(sip.transport(), Some("udp"));
    /// assert_eq!(sip.parameter_value("Transport").as_deref(), Some("tcp"));
    /// assert_eq!(sip.parameter_value("lr").as_deref(), Some(""));
    /// assert_eq!(sip.parameter_value("maddr"), None);
    /// ```
    #[must_use]
    pub fn parameter_value(&self, name: &str) -> Option<Cow<'a, str>> {
        let name = name.to_ascii_lowercase();
        let p = self.parameters().filter(|p| spells(&comparable(p.name(), true), &name)).last()?;
        Some(p.value().map_or(Cow::Borrowed(""), |v| decoded_where(v, is_unreserved)))
    }
}

/// One compared character: a byte (`0..=0xFF`), or the escape of a `reserved` byte
/// ([`ESCAPED`] plus the byte), which never equals the byte written as itself.
pub(super) type Unit = u16;

/// Added to a `reserved` byte whose escape is kept apart from the byte.
const ESCAPED: Unit = 0x100;

/// Whether `byte` is in RFC 2396's `reserved` set, which RFC 3261 section 25.1 repeats as its
/// own `reserved` rule: read from the generated parser of that rule.
pub(super) fn is_reserved(byte: u8) -> bool {
    Parser::Reserved.parse(&[byte]).is_ok()
}

/// Whether `byte` is in RFC 2396's `unreserved` set (alphanumerics and `mark`), which RFC 3261
/// section 25.1 repeats: a character outside `reserved` that every SIP component taking escapes
/// takes as itself too, so that section 19.1.4 makes its escape equal to it and decoding the
/// escape keeps the URI valid. Read from the generated parser of that rule.
pub(super) fn is_unreserved(byte: u8) -> bool {
    Parser::Unreserved.parse(&[byte]).is_ok()
}

/// `text` as section 19.1.4 compares it: every escape of a byte outside `reserved` decoded
/// (section 19.1.4: "Characters other than those in the "reserved" set ... are equivalent to
/// their ""%" HEX HEX" encoding"), every escape of a `reserved` byte kept apart from the byte,
/// whatever the case of its hex digits; with `fold`, ASCII letters in lower case (the decoded
/// ones too), for the components the section compares without case.
pub(super) fn comparable(text: &str, fold: bool) -> Vec<Unit> {
    let bytes = text.as_bytes();
    let case = |byte: u8| Unit::from(if fold { byte.to_ascii_lowercase() } else { byte });
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let (unit, width) = match triplet_at(bytes, i) {
            Some(byte) if is_reserved(byte) => (ESCAPED + Unit::from(byte), 3),
            Some(byte) => (case(byte), 3),
            None => (case(bytes[i]), 1),
        };
        out.push(unit);
        i += width;
    }
    out
}

/// Whether `units` spell `name` (an ASCII parameter name, lower case).
pub(super) fn spells(units: &[Unit], name: &str) -> bool {
    units.len() == name.len() && units.iter().zip(name.bytes()).all(|(&u, b)| u == Unit::from(b))
}

#[cfg(test)]
mod tests {
    use super::{comparable, is_reserved, is_unreserved};
    use crate::percent::decoded_where;

    #[test]
    fn reserved_is_rfc_2396s_set() {
        let reserved: alloc::vec::Vec<u8> = (0..=255u8).filter(|&b| is_reserved(b)).collect();
        assert_eq!(reserved, b"$&+,/:;=?@");
    }

    #[test]
    fn unreserved_is_rfc_2396s_set() {
        let marks: alloc::vec::Vec<u8> =
            (0..=255u8).filter(|&b| is_unreserved(b) && !b.is_ascii_alphanumeric()).collect();
        assert_eq!(marks, b"!'()*-._~");
        assert!((0..=255u8).filter(u8::is_ascii_alphanumeric).all(is_unreserved));
    }

    #[test]
    fn decodes_only_the_escapes_picked() {
        assert_eq!(decoded_where("a%21b%3Bc%2a", is_unreserved), "a!b%3Bc*");
        assert!(matches!(decoded_where("a%3Bb", is_unreserved), alloc::borrow::Cow::Borrowed(_)));
        assert_eq!(decoded_where("%41", is_unreserved), "A");
    }

    #[test]
    fn escapes_of_unreserved_characters_are_the_characters() {
        assert_eq!(comparable("%61lice", false), comparable("alice", false));
        assert_eq!(comparable("%21%7e", false), comparable("!~", false));
        assert_ne!(comparable("%41", false), comparable("a", false));
        assert_eq!(comparable("%41", true), comparable("a", true));
        // A reserved character and its escape differ; the escape's case does not count.
        assert_ne!(comparable("a%3Bb", false), comparable("a;b", false));
        assert_eq!(comparable("a%3bb", false), comparable("a%3Bb", false));
        // The text `%3B`, escaped as `%253B`, is no escaped `;`.
        assert_ne!(comparable("%253B", false), comparable("%3B", false));
    }
}
