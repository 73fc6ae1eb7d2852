//! The comparison of SIP and SIPS URIs (RFC 3261 section 19.1.4): [`Sip::rfc3261_eq`].

use alloc::vec::Vec;

use super::Sip;
use crate::percent::{triplet_at, EncodeSet};

impl Sip<'_> {
    /// Whether two SIP or SIPS URIs are equivalent by RFC 3261 section 19.1.4: never a SIP and
    /// a SIPS URI; the user and password equal with case (both absent, or both present), the
    /// host and port without case (an absent port is no `5060`); the `transport`, `user`,
    /// `method`, `ttl` and `maddr` parameters equal without case, an absent one equal to no
    /// present one; the other parameters, where both URIs have them, equal without case; and
    /// the same headers without case, in any order. An escape of a character RFC 3986 calls
    /// unreserved equals the character (section 19.1.4 says so of every character outside
    /// RFC 2396's `reserved`; the escapes of `!`, `*`, `'`, `(` and `)` are compared as written).
    ///
    /// `None` where both URIs have other parameters and those differ: the answer depends on
    /// their names, and the parameter lists are read whole, not name by name.
    ///
    /// ```
    /// use uri::scheme::Sip;
    ///
    /// let sip = |t| Sip::parse(t).unwrap();
    /// assert_eq!(sip("sip:%61lice@atlanta.com;transport=TCP").rfc3261_eq(&sip("sip:alice@AtLanTa.CoM;Transport=tcp")), Some(true));
    /// assert_eq!(sip("sip:bob@biloxi.com").rfc3261_eq(&sip("sip:bob@biloxi.com:5060")), Some(false));
    /// assert_eq!(sip("sip:carol@chicago.com").rfc3261_eq(&sip("sip:carol@chicago.com;newparam=5")), Some(true));
    /// assert_eq!(sip("sip:carol@chicago.com;security=on").rfc3261_eq(&sip("sip:carol@chicago.com;security=off")), None);
    /// ```
    #[must_use]
    pub fn rfc3261_eq(&self, other: &Sip<'_>) -> Option<bool> {
        let with_case = |a: Option<&str>, b: Option<&str>| a.map(unescaped) == b.map(unescaped);
        let without_case = |a: Option<&str>, b: Option<&str>| a.map(folded) == b.map(folded);
        let in_both = |a: Option<&str>, b: Option<&str>| a.is_none() || b.is_none() || without_case(a, b);
        let (mine, theirs) = (self.other_params(), other.other_params());
        let mut headers = (self.headers_folded(), other.headers_folded());
        headers.0.sort_unstable();
        headers.1.sort_unstable();
        let decided = self.is_secure() == other.is_secure()
            && with_case(self.user(), other.user())
            && with_case(self.password(), other.password())
            && without_case(Some(self.host()), Some(other.host()))
            && without_case(self.port(), other.port())
            && without_case(self.transport(), other.transport())
            && without_case(self.user_param(), other.user_param())
            && without_case(self.method(), other.method())
            && without_case(self.ttl(), other.ttl())
            && without_case(self.maddr(), other.maddr())
            && in_both(self.lr().then_some(""), other.lr().then_some(""))
            && headers.0 == headers.1;
        if !decided {
            return Some(false);
        }
        let mut sorted = (
            mine.iter().map(|p| folded(p)).collect::<Vec<_>>(),
            theirs.iter().map(|p| folded(p)).collect::<Vec<_>>(),
        );
        sorted.0.sort_unstable();
        sorted.1.sort_unstable();
        if mine.is_empty() || theirs.is_empty() || sorted.0 == sorted.1 {
            Some(true)
        } else {
            None
        }
    }

    /// The parameters that hold none of the named ones' captures, as written.
    fn other_params(&self) -> Vec<&str> {
        let (text, c) = (self.as_str(), &self.parsed.captures);
        let named = [c.transport(), c.user_param(), c.method(), c.ttl(), c.maddr(), c.lr()];
        c.param_list(text.as_bytes())
            .filter(|&(s, e)| !named.iter().flatten().any(|&(vs, ve)| s <= vs && ve <= e))
            .map(|(s, e)| &text[s..e])
            .collect()
    }

    /// Each header as its name and value, folded.
    fn headers_folded(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.headers().map(|h| (folded(h.name()), folded(h.value()))).collect()
    }
}

/// `text` with each escape of an unreserved character (RFC 3986's set) decoded, and the hex
/// digits of the other escapes in upper case.
fn unescaped(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match triplet_at(bytes, i) {
            Some(byte) if EncodeSet::UNRESERVED.keeps(byte) => out.push(byte),
            Some(_) => out.extend(bytes[i..i + 3].iter().map(u8::to_ascii_uppercase)),
            None => {
                out.push(bytes[i]);
                i += 1;
                continue;
            }
        }
        i += 3;
    }
    out
}

/// [`unescaped`], in lower case.
fn folded(text: &str) -> Vec<u8> {
    let mut out = unescaped(text);
    out.make_ascii_lowercase();
    out
}
