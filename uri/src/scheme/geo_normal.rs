//! The normal form of a `geo:` URI (RFC 5870 section 3.4.4) for scheme-based normalization
//! (RFC 3986 section 6.2.3): what the comparison of [`Geo::rfc5870_eq`] makes insignificant,
//! written one way.

use alloc::string::String;
use alloc::vec::Vec;

use super::number::Decimal;
use super::tel::is_unreserved;
use super::Geo;
use crate::percent::{push_folded, Fold};

/// Section 3.4.4 compares the CRS labels without case (an omitted `crs` being `wgs84`), the
/// coordinates and the uncertainty as numbers ("mathematically identical"), the further
/// parameters in any order ("Parameter order is not significant"), their values "after
/// percent-decoding", and for WGS-84 ignores the longitude at a pole and makes 180 equal to
/// -180. The normal form writes:
///
/// - `crs` and `u` in lower case, and no `;crs=wgs84`, the default CRS;
/// - every number in its shortest text (`22.300` is `22.3`, `-0` is `0`, which section 3.3
///   calls identical), from its decimal digits, so that no value is rounded;
/// - for WGS-84, the longitude `0` at latitude 90 or -90, and `180` for -180 (the form
///   without a sign, as section 3.2's `geo:-48.876667,-123.393333` writes west longitudes
///   with one and 180 is neither west nor east);
/// - the CRS label and the further parameters' names in lower case, the parameters in the
///   order of their names, and their values with the escapes of RFC 5870's `unreserved`
///   characters (RFC 2396's set, the one `tel` reads) decoded and the others in upper case,
///   letters kept as written: the comparison of values differing in case is undefined.
///
/// `None` where a further parameter's name repeats: the comparison counts each one, and a
/// parameter's own specification may give their order a meaning, so the URI stays as written.
pub(super) fn geo(text: &str, _: crate::Normalization) -> Option<String> {
    let mut decoded = String::with_capacity(text.len());
    push_folded(&mut decoded, text, Fold { decode: Some(is_unreserved), ..Fold::PERCENT });
    let geo = Geo::parse(&decoded).ok()?;
    let mut params: Vec<(String, Option<&str>)> =
        geo.parameters().map(|p| (p.name().to_ascii_lowercase(), p.value())).collect();
    params.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    if params.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        return None;
    }
    let number = |out: &mut String, text: &str| Decimal::new(text).push_shortest(out);
    let mut out = String::with_capacity(decoded.len());
    let scheme_end = decoded.find(':')? + 1;
    out.push_str(&decoded[..scheme_end]);
    let wgs84 = geo.is_wgs84();
    let latitude = Decimal::new(geo.coord_a());
    number(&mut out, geo.coord_a());
    out.push(',');
    let longitude = Decimal::new(geo.coord_b());
    if wgs84 && latitude.is_plus_or_minus("90") {
        out.push('0');
    } else if wgs84 && longitude.is_plus_or_minus("180") {
        out.push_str("180");
    } else {
        number(&mut out, geo.coord_b());
    }
    if let Some(altitude) = geo.coord_c() {
        out.push(',');
        number(&mut out, altitude);
    }
    if let (false, Some(label)) = (wgs84, geo.crs()) {
        out.push_str(";crs=");
        out.push_str(&label.to_ascii_lowercase());
    }
    if let Some(u) = geo.uncertainty_str() {
        out.push_str(";u=");
        number(&mut out, u);
    }
    for (name, value) in params {
        out.push(';');
        out.push_str(&name);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::geo;
    use crate::scheme::Geo;
    use crate::Normalization;
    use alloc::string::String;

    fn normal(text: &str) -> String {
        geo(text, Normalization::SCHEME_BASED).expect("a geo URI")
    }

    #[test]
    fn numbers_lose_their_insignificant_zeros_and_nothing_else() {
        assert_eq!(normal("geo:02.300,-018.4400,-0.0;u=010.50"), "geo:2.3,-18.44,0;u=10.5");
        assert_eq!(normal("geo:0.000000000000000000001,1"), "geo:0.000000000000000000001,1");
        assert_eq!(normal("geo:-0,-0"), "geo:0,0");
    }

    #[test]
    fn wgs84_poles_and_the_date_line_have_one_longitude() {
        assert_eq!(normal("geo:90,-22.43"), "geo:90,0");
        assert_eq!(normal("geo:-90.0,180;CRS=WGS84"), "geo:-90,0");
        assert_eq!(normal("geo:12,-180.00"), "geo:12,180");
        // Another CRS has no poles or date line that RFC 5870 knows of.
        assert_eq!(normal("geo:90,-180;crs=Moon-2011"), "geo:90,-180;crs=moon-2011");
    }

    #[test]
    fn parameters_are_sorted_by_name_with_values_decoded_and_kept_in_case() {
        assert_eq!(normal("geo:1,2;U=5;Foo=A%2dB%3a;bar"), "geo:1,2;u=5;bar;foo=A-B%3A");
        assert_eq!(normal("GEO:1,2;crs=wgs84;u=0"), "GEO:1,2;u=0");
    }

    #[test]
    fn a_repeated_name_leaves_the_uri_as_written() {
        assert_eq!(geo("geo:1,2;b=1;a;B=2", Normalization::SCHEME_BASED), None);
    }

    #[test]
    fn the_normal_form_is_equal_to_its_input() {
        for text in ["geo:90,46;crs=WGS84;u=1.0", "geo:1,-180,3;x=%41", "geo:5,6;crs=x;u=2;b;a=1"] {
            let n = normal(text);
            let (a, b) = (Geo::parse(text).unwrap(), Geo::parse(&n).unwrap());
            assert_eq!(a.rfc5870_eq(&b), Some(true), "{text} {n}");
            assert_eq!(normal(&n), n, "{text}");
        }
    }
}
