//! The canonical text of an IPv6 address (RFC 5952 section 4), and the comparison of references
//! with their IPv6 hosts compared by value.

use alloc::string::String;
use core::fmt::Write;
use core::net::Ipv6Addr;

use crate::normalize::normalize_into;
use crate::{Normalization, Uri, UriRef};

/// The canonical text of an IPv6 address (RFC 5952 section 4), without brackets: hexadecimal
/// digits in lower case without leading zeros (4.1, 4.3); the longest run of two or more
/// zero fields, the first of equal runs, written `::` (4.2.1 to 4.2.3), never a single zero
/// field; and, for an IPv4-mapped address, the IPv4 address in dotted decimal after `::ffff:`
/// (section 5).
///
/// [`Normalization::ipv6_canonical`] applies it to a URI's IPv6 host.
///
/// ```
/// use std::net::Ipv6Addr;
/// use uri::ipv6_canonical;
///
/// let text = |s: &str| ipv6_canonical(s.parse::<Ipv6Addr>().unwrap());
/// assert_eq!(text("2001:0DB8:0000:0000:0000:0000:0000:0001"), "2001:db8::1");
/// assert_eq!(text("2001:db8:0:1:1:1:1:1"), "2001:db8:0:1:1:1:1:1");
/// assert_eq!(text("2001:0:0:1:0:0:0:1"), "2001:0:0:1::1");
/// assert_eq!(text("2001:db8:0:0:1:0:0:1"), "2001:db8::1:0:0:1");
/// assert_eq!(text("0:0:0:0:0:ffff:c000:0280"), "::ffff:192.0.2.128");
/// ```
#[must_use]
pub fn ipv6_canonical(address: Ipv6Addr) -> String {
    let mut out = String::with_capacity(39);
    push_canonical(&mut out, address);
    out
}

/// Appends the canonical text of `address` to `out`.
pub(crate) fn push_canonical(out: &mut String, address: Ipv6Addr) {
    let fields = address.segments();
    if let Some(v4) = address.to_ipv4_mapped() {
        // Writing to a `String` cannot fail.
        let _ = write!(out, "::ffff:{v4}");
        return;
    }
    // The longest run of zero fields, the first of equal runs.
    let (mut best_start, mut best_len) = (0, 0);
    let mut i = 0;
    while i < fields.len() {
        if fields[i] != 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < fields.len() && fields[i] == 0 {
            i += 1;
        }
        if i - start > best_len {
            (best_start, best_len) = (start, i - start);
        }
    }
    let write_fields = |out: &mut String, fields: &[u16]| {
        for (n, field) in fields.iter().enumerate() {
            if n > 0 {
                out.push(':');
            }
            let _ = write!(out, "{field:x}");
        }
    };
    if best_len < 2 {
        write_fields(out, &fields);
    } else {
        write_fields(out, &fields[..best_start]);
        out.push_str("::");
        write_fields(out, &fields[best_start + best_len..]);
    }
}

impl UriRef<'_> {
    /// Whether both references are the same after normalization with `steps`, for example
    /// [`Normalization::FULL`] with [`Normalization::ipv6_canonical`], which compares IPv6 hosts
    /// by value.
    ///
    /// ```
    /// use uri::{Normalization, UriRef};
    ///
    /// let a = UriRef::parse("http://[2001:DB8:0::1]/").unwrap();
    /// let b = UriRef::parse("http://[2001:db8::0:1]").unwrap();
    /// assert!(!a.normalized_eq(&b));
    /// assert!(a.normalized_eq_with(&b, Normalization::FULL.ipv6_canonical(true)));
    /// ```
    #[must_use]
    pub fn normalized_eq_with(&self, other: &UriRef<'_>, steps: Normalization) -> bool {
        if self.as_str() == other.as_str() {
            return true;
        }
        let (mut a, mut b) = (String::new(), String::new());
        normalize_into(self, steps, &mut a);
        normalize_into(other, steps, &mut b);
        a == b
    }
}

impl Uri<'_> {
    /// Whether both URIs are the same after normalization with `steps`; see
    /// [`UriRef::normalized_eq_with`].
    ///
    /// ```
    /// use uri::{Normalization, Uri};
    ///
    /// let a = Uri::parse("http://[::FFFF:192.0.2.1]/").unwrap();
    /// let b = Uri::parse("http://[::ffff:c000:201]/").unwrap();
    /// assert!(a.normalized_eq_with(&b, Normalization::FULL.ipv6_canonical(true)));
    /// ```
    #[must_use]
    pub fn normalized_eq_with(&self, other: &Uri<'_>, steps: Normalization) -> bool {
        self.as_uri_ref().normalized_eq_with(&other.as_uri_ref(), steps)
    }
}

#[cfg(test)]
mod tests {
    use core::net::Ipv6Addr;
    use std::prelude::rust_2021::*;

    use super::ipv6_canonical;

    /// The standard library prints IPv6 addresses in the RFC 5952 form too: the two agree on
    /// every address made of fields 0, 1 and 0xffff (every arrangement of zero runs).
    #[test]
    fn agrees_with_the_standard_library_on_every_zero_pattern() {
        for pattern in 0..3u32.pow(8) {
            let mut fields = [0u16; 8];
            let mut rest = pattern;
            for field in &mut fields {
                *field = [0, 1, 0xffff][(rest % 3) as usize];
                rest /= 3;
            }
            let address = Ipv6Addr::from(fields);
            assert_eq!(ipv6_canonical(address), address.to_string(), "{fields:?}");
        }
    }

    #[test]
    fn rfc_5952_examples() {
        for (input, canonical) in [
            ("2001:db8:0:0:0:0:2:1", "2001:db8::2:1"),
            ("2001:db8:0000:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("2001:DB8::1", "2001:db8::1"),
            ("2001:0db8::0001", "2001:db8::1"),
            ("::", "::"),
            ("1::", "1::"),
            ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
        ] {
            assert_eq!(ipv6_canonical(input.parse().unwrap()), canonical, "{input}");
        }
    }
}
