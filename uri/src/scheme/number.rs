//! Decimal numbers as `geo` URIs write them (RFC 5870 `num`: an optional `-`, digits, an
//! optional fraction), compared by value as section 3.4.4 asks ("mathematically identical"),
//! and written in their shortest form for the normal form.

use alloc::string::String;

/// A decimal number's value, read from its text: the sign, the integer digits without leading
/// zeros and the fraction digits without trailing zeros, so that equal values have equal
/// parts (`-0` is `0`, `43.10` is `43.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal<'a> {
    negative: bool,
    integer: &'a str,
    fraction: &'a str,
}

impl<'a> Decimal<'a> {
    /// The value of `text`, a `num` of RFC 5870 section 3.3.
    pub(crate) fn new(text: &'a str) -> Decimal<'a> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (integer, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let integer = integer.trim_start_matches('0');
        let fraction = fraction.trim_end_matches('0');
        let zero = integer.is_empty() && fraction.is_empty();
        Decimal { negative: negative && !zero, integer, fraction }
    }

    /// Whether the value is `whole` or `-whole`, for a whole number written without leading
    /// zeros.
    pub(crate) fn is_plus_or_minus(&self, whole: &str) -> bool {
        self.integer == whole && self.fraction.is_empty()
    }

    /// Appends the value's shortest text: no leading zeros but the one before a fraction or of
    /// zero, no trailing zeros in the fraction, no `.` without a fraction, and no `-` on zero
    /// (section 3.3: the value of `-0` "is identical to "0""). The text is still a `num` (a `pnum` when the
    /// value is not negative), and its value is exactly the value read.
    pub(crate) fn push_shortest(&self, out: &mut String) {
        if self.negative {
            out.push('-');
        }
        out.push_str(if self.integer.is_empty() { "0" } else { self.integer });
        if !self.fraction.is_empty() {
            out.push('.');
            out.push_str(self.fraction);
        }
    }

    /// Whether the value's magnitude is above `whole` (a whole number without leading zeros).
    pub(crate) fn exceeds(&self, whole: &str) -> bool {
        let (a, b) = (self.integer, whole);
        a.len() > b.len() || (a.len() == b.len() && (a > b || (a == b && !self.fraction.is_empty())))
    }
}

#[cfg(test)]
mod tests {
    use super::Decimal;
    use alloc::string::String;

    #[test]
    fn equal_values_read_equal_whatever_their_digits() {
        for (a, b) in
            [("43.10", "43.1"), ("-0", "0"), ("0.000", "-0.0"), ("007", "7"), ("-118.44", "-118.4400")]
        {
            assert_eq!(Decimal::new(a), Decimal::new(b), "{a} {b}");
        }
        for (a, b) in [("1", "-1"), ("1.01", "1.1"), ("10", "1"), ("0.1", "1")] {
            assert_ne!(Decimal::new(a), Decimal::new(b), "{a} {b}");
        }
    }

    #[test]
    fn shortest_texts_keep_the_value() {
        for (text, shortest) in [
            ("43.10", "43.1"),
            ("-0", "0"),
            ("-0.000", "0"),
            ("007.0", "7"),
            ("-000.50", "-0.5"),
            ("0.0001", "0.0001"),
            ("120", "120"),
            ("-180.000", "-180"),
        ] {
            let mut out = String::new();
            Decimal::new(text).push_shortest(&mut out);
            assert_eq!(out, shortest, "{text}");
            assert_eq!(Decimal::new(&out), Decimal::new(text), "{text}");
        }
    }

    #[test]
    fn magnitudes_compare_with_whole_bounds() {
        assert!(Decimal::new("-90").is_plus_or_minus("90") && Decimal::new("90.000").is_plus_or_minus("90"));
        assert!(!Decimal::new("90.1").is_plus_or_minus("90"));
        assert!(Decimal::new("90.1").exceeds("90") && Decimal::new("-100").exceeds("90"));
        assert!(Decimal::new("091").exceeds("90") && !Decimal::new("90.0").exceeds("90"));
        assert!(!Decimal::new("89.999").exceeds("90") && !Decimal::new("-180").exceeds("180"));
    }
}
