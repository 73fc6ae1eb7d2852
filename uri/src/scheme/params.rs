//! The parameters of `data:` media types and `geo:` URIs: [`DataParameter`] and the lazy
//! iterators of those and of `geo` [`Parameter`]s, read from the generated parsers' list
//! captures.
//!
//! Each parser records three lists: every parameter, every name inside one and every value
//! inside one. A parameter's name and value are the occurrences of those lists that lie inside
//! its span, so no separator is looked for here: where each part starts and ends is the
//! grammar's, as the generated tables give it.

use core::iter::{FusedIterator, Peekable};

use alloc::borrow::Cow;

use super::Parameter;
use crate::runtime::Occurrences;
use crate::{DecodeError, Encoded};

/// The parameters of a match, each with the name and value inside its span.
#[derive(Clone, Debug)]
struct Pairs<'a> {
    text: &'a str,
    items: Occurrences<'a>,
    names: Peekable<Occurrences<'a>>,
    values: Peekable<Occurrences<'a>>,
}

/// One parameter: its text from its name on (without a delimiter before the name), and its
/// name and value if the lists hold them.
type Pair<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

impl<'a> Pairs<'a> {
    fn new(text: &'a str, items: Occurrences<'a>, names: Occurrences<'a>, values: Occurrences<'a>) -> Self {
        Pairs { text, items, names: names.peekable(), values: values.peekable() }
    }
}

impl<'a> Iterator for Pairs<'a> {
    type Item = Pair<'a>;

    fn next(&mut self) -> Option<Pair<'a>> {
        let (start, end) = self.items.next()?;
        let inside = |&(s, e): &(usize, usize)| start <= s && e <= end;
        let text = self.text;
        let part = |span: Option<(usize, usize)>| span.and_then(|(s, e)| text.get(s..e));
        let name = self.names.next_if(inside);
        let value = part(self.values.next_if(inside));
        let from = name.map_or(start, |(s, _)| s);
        Some((text.get(from..end).unwrap_or_default(), part(name), value))
    }
}

impl FusedIterator for Pairs<'_> {}

/// One `attribute=value` parameter of a `data:` URL's media type (RFC 2397 section 3: RFC 2045
/// tokens, percent-encoded as needed), raw and percent-decoded.
///
/// ```
/// use uri::scheme::Data;
///
/// let data = Data::parse("data:text/plain;charset=iso-8859-7;name=a%20b,x").unwrap();
/// let name = data.parameters().nth(1).unwrap();
/// assert_eq!((name.as_str(), name.name(), name.value()), ("name=a%20b", "name", "a%20b"));
/// assert_eq!(name.decoded_value().unwrap(), "a b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataParameter<'a> {
    text: &'a str,
    name: &'a str,
    value: &'a str,
}

impl<'a> DataParameter<'a> {
    /// The parameter as written, `attribute=value`.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The name as written (the grammar's `attribute`). RFC 2045 section 5.1 compares names
    /// without case.
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The value as written.
    #[must_use]
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// The name, to decode in other ways (see [`Encoded`]).
    #[must_use]
    pub fn encoded_name(&self) -> Encoded<'a> {
        Encoded::new(self.name)
    }

    /// The value, to decode in other ways (see [`Encoded`]).
    #[must_use]
    pub fn encoded_value(&self) -> Encoded<'a> {
        Encoded::new(self.value)
    }

    /// The percent-decoded name.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`DataParameter::name`].
    pub fn decoded_name(&self) -> Result<Cow<'a, str>, DecodeError> {
        self.encoded_name().decoded()
    }

    /// The percent-decoded value.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] where the decoded bytes are not UTF-8; its index is into
    /// [`DataParameter::value`].
    ///
    /// ```
    /// let data = uri::scheme::Data::parse("data:;x=%E9,").unwrap();
    /// let x = data.parameters().next().unwrap();
    /// assert_eq!(x.decoded_value().unwrap_err().index(), 0);
    /// assert_eq!(x.encoded_value().decoded_bytes().unwrap().as_ref(), b"\xE9");
    /// ```
    pub fn decoded_value(&self) -> Result<Cow<'a, str>, DecodeError> {
        self.encoded_value().decoded()
    }
}

/// The parameters of a `data:` URL's media type, in order: see [`crate::scheme::Data::parameters`].
#[derive(Clone, Debug)]
pub struct DataParameters<'a> {
    pairs: Pairs<'a>,
}

impl<'a> DataParameters<'a> {
    pub(super) fn new(
        text: &'a str,
        items: Occurrences<'a>,
        names: Occurrences<'a>,
        values: Occurrences<'a>,
    ) -> Self {
        DataParameters { pairs: Pairs::new(text, items, names, values) }
    }
}

impl<'a> Iterator for DataParameters<'a> {
    type Item = DataParameter<'a>;

    fn next(&mut self) -> Option<DataParameter<'a>> {
        let (text, name, value) = self.pairs.next()?;
        // Both are set: `parameter = attribute "=" value`.
        Some(DataParameter { text, name: name.unwrap_or_default(), value: value.unwrap_or_default() })
    }
}

impl FusedIterator for DataParameters<'_> {}

/// The further parameters of a `geo:` URI, in order: see [`crate::scheme::Geo::parameters`].
#[derive(Clone, Debug)]
pub struct GeoParameters<'a> {
    pairs: Pairs<'a>,
}

impl<'a> GeoParameters<'a> {
    pub(super) fn new(
        text: &'a str,
        items: Occurrences<'a>,
        names: Occurrences<'a>,
        values: Occurrences<'a>,
    ) -> Self {
        GeoParameters { pairs: Pairs::new(text, items, names, values) }
    }
}

impl<'a> Iterator for GeoParameters<'a> {
    type Item = Parameter<'a>;

    fn next(&mut self) -> Option<Parameter<'a>> {
        let (text, name, value) = self.pairs.next()?;
        // `pname` is set: `parameter = ";" pname [ "=" pvalue ]`.
        Some(Parameter::new(text, name.unwrap_or_default(), value))
    }
}

impl FusedIterator for GeoParameters<'_> {}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use crate::scheme::{Data, Geo};

    #[test]
    fn data_parameters_pair_each_name_with_its_value() {
        let data = Data::parse("data:;a%41=%42;charset=utf-8;base64,SGk=").unwrap();
        let found: Vec<_> = data.parameters().map(|p| (p.as_str(), p.name(), p.value())).collect();
        assert_eq!(found, [("a%41=%42", "a%41", "%42"), ("charset=utf-8", "charset", "utf-8")]);
        let first = data.parameters().next().unwrap();
        assert_eq!(
            (first.decoded_name().unwrap(), first.decoded_value().unwrap()),
            ("aA".into(), "B".into())
        );
        // `;base64` is no parameter, and the iterator stays done.
        let mut all = data.parameters();
        assert_eq!(all.by_ref().count(), 2);
        assert!(all.next().is_none());
        assert_eq!(Data::parse("data:text/plain,a;b=c").unwrap().parameters().count(), 0);
    }

    #[test]
    fn geo_parameters_follow_crs_and_u_with_or_without_values() {
        let geo = Geo::parse("geo:1,2,3;crs=other;u=5;a=[x]:y;b;c-d=%20").unwrap();
        let found: Vec<_> = geo.parameters().map(|p| (p.as_str(), p.name(), p.value())).collect();
        assert_eq!(
            found,
            [("a=[x]:y", "a", Some("[x]:y")), ("b", "b", None), ("c-d=%20", "c-d", Some("%20"))]
        );
        assert_eq!(geo.parameters_str(), ";a=[x]:y;b;c-d=%20");
        let decoded: Vec<_> = geo.parameters().map(|p| p.decoded_value().map(Result::unwrap)).collect();
        assert_eq!(decoded, [Some("[x]:y".into()), None, Some(" ".into())]);
        assert_eq!(Geo::parse("geo:1,2;crs=wgs84;u=1").unwrap().parameters().count(), 0);
        let invalid = Geo::parse("geo:1,2;x=%FF").unwrap().parameters().next().unwrap();
        assert!(invalid.decoded_value().unwrap().unwrap_err().is_invalid_utf8());
    }
}
