//! The comparison of SIP and SIPS URIs (RFC 3261 section 19.1.4): [`Sip::rfc3261_eq`].

use alloc::vec::Vec;

use super::sip_escape::{comparable, spells, Unit};
use super::Sip;

/// The parameters that section 19.1.4 never ignores when only one URI has them: the
/// `transport`, `ttl`, `user` and `method` parameters ("A URI omitting any component with a
/// default value will not match a URI explicitly containing that component with its default
/// value"), and `maddr`.
const NEVER_IGNORED: [&str; 5] = ["transport", "user", "ttl", "method", "maddr"];

/// One URI parameter as compared: its name and its value (absent for `name` alone), each
/// without case and with its escapes read as section 19.1.4 reads them.
type Param = (Vec<Unit>, Option<Vec<Unit>>);

impl Sip<'_> {
    /// Whether two SIP or SIPS URIs are equivalent by RFC 3261 section 19.1.4.
    ///
    /// - A SIP URI never equals a SIPS URI.
    /// - The user and the password are compared with case, both absent or both present; so is
    ///   a user field that holds a telephone subscriber (`user=phone`: section 19.1.4 says so,
    ///   and section 19.1.6 gives SIP URIs that differ although their `tel` forms are equal;
    ///   compare [`Sip::telephone_subscriber`]s for those).
    /// - The host and the port are compared without case; an absent port is no `5060`.
    /// - A parameter in both URIs has the same value in both, without case but for a
    ///   `method`'s: a method name is spelled with case (section 25.1's `INVITEm` is "INVITE in
    ///   caps", and section 20.16 compares a CSeq's method with case), and section 19.1.5 makes
    ///   the value the request's method. A `transport`,
    ///   `user`, `ttl`, `method` or `maddr` parameter in only one URI makes them differ; any
    ///   other parameter in only one URI is ignored, so that the relation is not transitive
    ///   (`;security=on` and `;security=off` differ, and both equal no `security` at all).
    /// - The headers are the same in both: names compared without case, values with case, and
    ///   the headers of one name in the same order (section 7.3.1: "The relative order of
    ///   header field rows with the same field name is important"). Section 7.3.1 leaves the case
    ///   of a header field's value to the field's definition (a Call-ID is compared byte by
    ///   byte, section 20.8; quoted strings keep their case), so a value is compared as
    ///   written: two URIs found equal are equal whatever their headers mean, and two whose
    ///   header values differ only in case are found different.
    /// - Parameters and headers of different names are compared in any order, parameters by
    ///   name.
    /// - An escape of a character outside RFC 2396's `reserved` set equals the character
    ///   (`%61` is `a`, `%20` a space); an escape of a reserved character equals only another
    ///   escape of it.
    ///
    /// `None` when the URIs agree but for their parameters and a URI gives a parameter name
    /// twice (after escapes and case), which section 19.1.1 forbids ("any given
    /// parameter-name MUST NOT appear more than once"), so that the rules above, which go
    /// parameter by parameter, do not apply.
    ///
    /// ```
    /// use uri::scheme::Sip;
    ///
    /// let sip = |t| Sip::parse(t).unwrap();
    /// assert_eq!(sip("sip:%61lice@atlanta.com;transport=TCP").rfc3261_eq(&sip("sip:alice@AtLanTa.CoM;Transport=tcp")), Some(true));
    /// assert_eq!(sip("sip:bob@biloxi.com").rfc3261_eq(&sip("sip:bob@biloxi.com:5060")), Some(false));
    /// assert_eq!(sip("sip:carol@chicago.com").rfc3261_eq(&sip("sip:carol@chicago.com;newparam=5")), Some(true));
    /// assert_eq!(sip("sip:carol@chicago.com;security=on").rfc3261_eq(&sip("sip:carol@chicago.com;security=off")), Some(false));
    /// assert_eq!(sip("sip:carol@chicago.com;lr;lr").rfc3261_eq(&sip("sip:carol@chicago.com")), None);
    /// ```
    #[must_use]
    pub fn rfc3261_eq(&self, other: &Sip<'_>) -> Option<bool> {
        let with_case = |a: Option<&str>, b: Option<&str>| {
            a.map(|t| comparable(t, false)) == b.map(|t| comparable(t, false))
        };
        let without_case = |a: Option<&str>, b: Option<&str>| {
            a.map(|t| comparable(t, true)) == b.map(|t| comparable(t, true))
        };
        let headers = (self.headers_compared(), other.headers_compared());
        let rest_equal = self.is_secure() == other.is_secure()
            && with_case(self.user(), other.user())
            && with_case(self.password(), other.password())
            && without_case(Some(self.host()), Some(other.host()))
            && without_case(self.port(), other.port())
            && headers.0 == headers.1;
        if !rest_equal {
            return Some(false);
        }
        let (mine, theirs) = (self.params_compared()?, other.params_compared()?);
        Some(params_match(&mine, &theirs) && params_match(&theirs, &mine))
    }

    /// Each URI parameter as compared, sorted by name; `None` where a name appears twice.
    fn params_compared(&self) -> Option<Vec<Param>> {
        let mut params: Vec<Param> = self
            .parameters()
            .map(|p| {
                let name = comparable(p.name(), true);
                let fold = !spells(&name, "method");
                (name, p.value().map(|v| comparable(v, fold)))
            })
            .collect();
        params.sort_unstable();
        if params.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return None;
        }
        Some(params)
    }

    /// Each header as its name (without case) and its value (with case), as compared, in the
    /// order of their names, same-name headers in their own order.
    fn headers_compared(&self) -> Vec<(Vec<Unit>, Vec<Unit>)> {
        let mut headers: Vec<_> =
            self.headers().map(|h| (comparable(h.name(), true), comparable(h.value(), false))).collect();
        headers.sort_by(|a, b| a.0.cmp(&b.0));
        headers
    }
}

/// Whether every parameter of `a` matches `b` (both sorted by name, each name once): the same
/// value where `b` has the name, else a name section 19.1.4 lets one URI have alone.
fn params_match(a: &[Param], b: &[Param]) -> bool {
    a.iter().all(|(name, value)| match b.binary_search_by(|p| p.0.cmp(name)) {
        Ok(i) => b[i].1 == *value,
        Err(_) => !NEVER_IGNORED.iter().any(|n| spells(name, n)),
    })
}
