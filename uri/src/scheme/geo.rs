//! `geo:` URIs (RFC 5870): [`Geo`], its coordinates, CRS and uncertainty, the WGS-84 ranges
//! (section 3.4.2), its further parameters and the comparison of section 3.4.4.

use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::geo::{Parsed, Parser};
use super::number::Decimal;
use super::params::GeoParameters;
use super::Parameter;
use crate::{Uri, UriRef};

/// A `geo:` URI (RFC 5870 `geo-URI`), borrowing its text, read by a parser generated from
/// section 3.3's grammar with two narrowings of its prose, each a grammar file of its own: the
/// WGS-84 coordinate forms (`latitude`, `longitude`, `altitude`) hold only where the CRS is
/// WGS-84 (no `crs` parameter, or `crs=wgs84`), and `crs` and `u` come once each, first.
///
/// The further parameters come one by one, raw and decoded ([`Geo::parameters`]), and take
/// part in [`Geo::rfc5870_eq`].
///
/// For WGS-84, [`Geo::parse`] also refuses a latitude outside -90 to 90 or a longitude outside
/// -180 to 180, which section 3.4.2 says "MUST be considered invalid".
///
/// ```
/// use uri::scheme::Geo;
///
/// let geo = Geo::parse("geo:48.198634,16.371648;crs=wgs84;u=40").unwrap();
/// assert_eq!((geo.latitude(), geo.longitude(), geo.altitude()), (48.198634, 16.371648, None));
/// assert_eq!((geo.crs(), geo.is_wgs84(), geo.uncertainty()), (Some("wgs84"), true, Some(40.0)));
/// assert!(Geo::parse("geo:94,0").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geo<'a> {
    parsed: Parsed<'a>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names = &Names::of(Parser::Geo.scheme(), "RFC 5870", Parser::Geo.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = Parser::Geo.parse(input).map_err(Miss::from)?;
        let parts = [
            ("latitude", c.coord_a(input.len())),
            ("longitude", c.coord_b(input.len())),
            ("altitude", c.coord_c(input.len())),
            ("crs", c.crs(input.len())),
            ("uncertainty", c.uncertainty(input.len())),
            ("parameters", c.parameters_span(input.len())),
        ];
        Ok(parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect())
    }
}

impl<'a> Geo<'a> {
    /// Parses `text` as a `geo:` URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] where `text` stops matching `geo-URI`, or, for WGS-84, at a latitude
    /// or longitude out of range.
    ///
    /// ```
    /// let err = uri::scheme::Geo::parse("geo:1,2;u=").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (10, Some("uncertainty")));
    /// let err = uri::scheme::Geo::parse("geo:45,-180.5").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (7, Some("longitude")));
    /// assert_eq!(err.to_string(), "invalid geo URI (RFC 5870 `geo-URI`): the longitude at byte 7 is outside -180 to 180");
    /// ```
    pub fn parse(text: &'a str) -> Result<Geo<'a>, SchemeError> {
        let parsed =
            Parser::Geo.parse_str(text).map_err(|f| SchemeError::new::<Grammar>(text.as_bytes(), f))?;
        let geo = Geo { parsed };
        if geo.is_wgs84() {
            let c = parsed.captures;
            if Decimal::new(geo.coord_a()).exceeds("90") {
                let at = c.coord_a(text.len()).map_or(0, |(s, _)| s);
                return Err(SchemeError::out_of_range::<Grammar>(at, "latitude", "-90 to 90"));
            }
            if Decimal::new(geo.coord_b()).exceeds("180") {
                let at = c.coord_b(text.len()).map_or(0, |(s, _)| s);
                return Err(SchemeError::out_of_range::<Grammar>(at, "longitude", "-180 to 180"));
            }
        }
        Ok(geo)
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.parsed.input
    }

    /// The first coordinate as written (`coord-a`: the latitude for WGS-84).
    #[must_use]
    pub fn coord_a(&self) -> &'a str {
        self.parsed.coord_a().unwrap_or_default()
    }

    /// The second coordinate as written (`coord-b`: the longitude for WGS-84).
    #[must_use]
    pub fn coord_b(&self) -> &'a str {
        self.parsed.coord_b().unwrap_or_default()
    }

    /// The third coordinate as written, if any (`coord-c`: the altitude for WGS-84).
    #[must_use]
    pub fn coord_c(&self) -> Option<&'a str> {
        self.parsed.coord_c()
    }

    /// The first coordinate's value: the latitude in decimal degrees for WGS-84.
    #[must_use]
    pub fn latitude(&self) -> f64 {
        number(self.coord_a())
    }

    /// The second coordinate's value: the longitude in decimal degrees for WGS-84.
    #[must_use]
    pub fn longitude(&self) -> f64 {
        number(self.coord_b())
    }

    /// The third coordinate's value, if any: the altitude in meters for WGS-84.
    #[must_use]
    pub fn altitude(&self) -> Option<f64> {
        self.coord_c().map(number)
    }

    /// The CRS label as written, if the URI names one (`;crs=...`); without it the CRS is
    /// WGS-84 (section 3.4.1).
    #[must_use]
    pub fn crs(&self) -> Option<&'a str> {
        match self.parsed.crs_wgs84() {
            // The literal `;crs=wgs84`, of which the label is the part after `=`.
            Some(literal) => literal.get(";crs=".len()..),
            None => self.parsed.crs(),
        }
    }

    /// Whether the CRS is WGS-84: no `crs` parameter, or `crs=wgs84` in any case.
    #[must_use]
    pub fn is_wgs84(&self) -> bool {
        self.parsed.crs().is_none()
    }

    /// The uncertainty as written (`;u=`), in meters.
    #[must_use]
    pub fn uncertainty_str(&self) -> Option<&'a str> {
        self.parsed.uncertainty()
    }

    /// The uncertainty's value in meters (section 3.4.3); `None` when unknown.
    #[must_use]
    pub fn uncertainty(&self) -> Option<f64> {
        self.uncertainty_str().map(number)
    }

    /// The further parameters as written, from the first one's `;` to the end; empty when
    /// there are none.
    #[must_use]
    pub fn parameters_str(&self) -> &'a str {
        let span = self.parsed.captures.parameters_span(self.as_str().len());
        span.and_then(|(start, end)| self.as_str().get(start..end)).unwrap_or_default()
    }

    /// Each further parameter after `crs` and `u` (`;pname[=pvalue]`), in order, as written and
    /// decoded: a lazy iterator that allocates nothing.
    ///
    /// ```
    /// use uri::scheme::Geo;
    ///
    /// let geo = Geo::parse("geo:47,11;crs=wgs84;u=10;foo=blue;bar").unwrap();
    /// let params: Vec<_> = geo.parameters().map(|p| (p.name(), p.value())).collect();
    /// assert_eq!(params, [("foo", Some("blue")), ("bar", None)]);
    /// ```
    #[must_use]
    pub fn parameters(&self) -> GeoParameters<'a> {
        let (text, c) = (self.as_str(), &self.parsed.captures);
        let bytes = text.as_bytes();
        GeoParameters::new(text, c.parameters(bytes), c.pnames(bytes), c.pvalues(bytes))
    }

    /// Whether two `geo:` URIs are equal by RFC 5870 section 3.4.4: the same CRS (an omitted
    /// one being `wgs84`; labels compared without case), coordinates and uncertainty equal as
    /// numbers (`43.10` is `43.1`, an absent altitude or uncertainty equal only to an absent
    /// one), for WGS-84 the longitude ignored at a pole and 180 equal to -180, and the same
    /// further parameters in any order, their names compared without case and their values
    /// after percent-decoding, byte for byte.
    ///
    /// Every further parameter is one this crate knows no comparison rules for (RFC 5870
    /// registers only `crs` and `u`), so section 3.4.4's rules for unknown parameters apply:
    ///
    /// - `Some(false)` when the other parts differ, or when a parameter name appears in one URI
    ///   and not in the other (the URIs are "equivalent only if the same set of unknown
    ///   parameter names appears in each URI");
    /// - `Some(true)` when, besides, the parameters are the same once decoded (as many of each
    ///   name and value, a parameter without a value matching only one without a value);
    /// - `None` otherwise: the same names with some value that differs once decoded, for
    ///   which "the comparison operation for the respective URIs is undefined", since only the
    ///   parameter's own specification says whether `1.00` is `1` or `Blue` is `blue`.
    ///
    /// ```
    /// use uri::scheme::Geo;
    ///
    /// let geo = |t| Geo::parse(t).unwrap();
    /// assert_eq!(geo("geo:90,-22.43;crs=WGS84").rfc5870_eq(&geo("geo:90,46")), Some(true));
    /// assert_eq!(geo("geo:22.300,-118.44").rfc5870_eq(&geo("geo:22.3,-118.4400")), Some(true));
    /// assert_eq!(geo("geo:1,180").rfc5870_eq(&geo("geo:1,-180")), Some(true));
    /// assert_eq!(geo("geo:1,2").rfc5870_eq(&geo("geo:1,2,0")), Some(false));
    /// assert_eq!(geo("geo:47,11;foo=blue;bar=white").rfc5870_eq(&geo("geo:47,11;bar=white;foo=blue")), Some(true));
    /// assert_eq!(geo("geo:66,30;FOo=this%2dthat").rfc5870_eq(&geo("geo:66,30;foo=this-that")), Some(true));
    /// assert_eq!(geo("geo:22,0;bar=Blue").rfc5870_eq(&geo("geo:22,0;BAR=blue")), None);
    /// assert_eq!(geo("geo:22,0;bar=blue").rfc5870_eq(&geo("geo:22,0;baz=blue")), Some(false));
    /// ```
    #[must_use]
    pub fn rfc5870_eq(&self, other: &Geo<'_>) -> Option<bool> {
        let same_crs = match (self.is_wgs84(), other.is_wgs84()) {
            (true, true) => true,
            (false, false) => self.crs().zip(other.crs()).is_some_and(|(a, b)| a.eq_ignore_ascii_case(b)),
            _ => false,
        };
        let pole = self.is_wgs84() && Decimal::new(self.coord_a()).is_plus_or_minus("90");
        let longitude_equal = pole
            || Decimal::new(self.coord_b()) == Decimal::new(other.coord_b())
            || (self.is_wgs84()
                && Decimal::new(self.coord_b()).is_plus_or_minus("180")
                && Decimal::new(other.coord_b()).is_plus_or_minus("180"));
        let numbers_equal = Decimal::new(self.coord_a()) == Decimal::new(other.coord_a())
            && longitude_equal
            && self.coord_c().map(Decimal::new) == other.coord_c().map(Decimal::new)
            && self.uncertainty_str().map(Decimal::new) == other.uncertainty_str().map(Decimal::new);
        if !same_crs || !numbers_equal {
            return Some(false);
        }
        compare_parameters(self, other)
    }
}

/// Section 3.4.4's comparison of unknown parameters (see [`Geo::rfc5870_eq`]).
fn compare_parameters(a: &Geo<'_>, b: &Geo<'_>) -> Option<bool> {
    let names_in = |x: &Geo<'_>, y: &Geo<'_>| {
        x.parameters().all(|p| y.parameters().any(|q| q.name().eq_ignore_ascii_case(p.name())))
    };
    if !names_in(a, b) || !names_in(b, a) {
        return Some(false);
    }
    let same = |p: &Parameter<'_>, q: &Parameter<'_>| {
        let values_equal = match (p.encoded_value(), q.encoded_value()) {
            (None, None) => true,
            // A parsed value's escapes are well-formed, so both decode.
            (Some(v), Some(w)) => v.decoded_bytes().ok() == w.decoded_bytes().ok(),
            _ => false,
        };
        p.name().eq_ignore_ascii_case(q.name()) && values_equal
    };
    let count = |x: &Geo<'_>, p: &Parameter<'_>| x.parameters().filter(|q| same(p, q)).count();
    // Equal multisets: as many parameters, and each of `a`'s as often in `b` as in `a`.
    let equal = a.parameters().count() == b.parameters().count()
        && a.parameters().all(|p| count(a, &p) == count(b, &p));
    equal.then_some(true)
}

/// A `num` or `pnum` of the grammar as a floating-point number.
fn number(text: &str) -> f64 {
    text.parse().unwrap_or(f64::NAN)
}

impl fmt::Display for Geo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `geo:` URI that RFC 3986 also reads: every one whose parameter values hold no `[` or `]`
/// (RFC 5870's `p-unreserved`, which RFC 3986 allows in no path).
impl<'a> TryFrom<&Uri<'a>> for Geo<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<Geo<'a>, SchemeError> {
        Geo::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for Geo<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<Geo<'a>, SchemeError> {
        Geo::parse(uri.as_str())
    }
}
