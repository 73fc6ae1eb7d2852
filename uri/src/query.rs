//! Query pairs: [`QueryPairs`] splits a query into `key=value` pairs by the conventions of HTML
//! forms and CGI, raw or decoded, as [`QueryOptions`] asks.
//!
//! RFC 3986 gives a query no inner structure (section 3.4); the pairs are a convention. HTML
//! forms join pairs with `&` and write a space as `+` (`application/x-www-form-urlencoded`);
//! RFC 1866 (section 8.2.1) and HTML 4.01 (appendix B.2.2) ask CGI implementers to accept `;`
//! between pairs too. Neither is on by default: `+` is a plus sign, as RFC 3986 reads it, and
//! `&` alone separates pairs.

use alloc::borrow::Cow;
use core::iter::FusedIterator;

use crate::{DecodeError, Encoded, Uri, UriBuf, UriRef, UriRefBuf};

/// How [`QueryPairs`] splits and decodes; build one from a constant and the `const` setters.
///
/// ```
/// use uri::{QueryOptions, UriRef};
///
/// let r = UriRef::parse("?a=1;b=x+y&c").unwrap();
/// let keys: Vec<&str> = r.query_pairs().map(|p| p.key()).collect();
/// assert_eq!(keys, ["a", "c"]);
///
/// let cgi = QueryOptions::FORM.semicolon(true);
/// let pairs: Vec<_> = r.query_pairs_with(cgi).map(|p| (p.key(), p.decoded_value_lossy())).collect();
/// assert_eq!(pairs, [("a", Some("1".into())), ("b", Some("x y".into())), ("c", None)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryOptions {
    semicolon: bool,
    plus_as_space: bool,
}

impl QueryOptions {
    /// Pairs separated by `&`; `+` is a plus sign. What [`UriRef::query_pairs`] uses.
    pub const DEFAULT: QueryOptions = QueryOptions { semicolon: false, plus_as_space: false };
    /// HTML form decoding (`application/x-www-form-urlencoded`): pairs separated by `&`, and
    /// `+` decodes to a space.
    pub const FORM: QueryOptions = QueryOptions::DEFAULT.plus_as_space(true);

    /// Whether `;` separates pairs too, as RFC 1866 and HTML 4.01 ask CGI implementers to accept.
    #[must_use]
    pub const fn semicolon(self, on: bool) -> QueryOptions {
        QueryOptions { semicolon: on, ..self }
    }

    /// Whether a `+` decodes to a space (it stays a `+` in the raw key and value).
    #[must_use]
    pub const fn plus_as_space(self, on: bool) -> QueryOptions {
        QueryOptions { plus_as_space: on, ..self }
    }
}

impl Default for QueryOptions {
    /// [`QueryOptions::DEFAULT`].
    fn default() -> QueryOptions {
        QueryOptions::DEFAULT
    }
}

/// The `key=value` pairs of a query, in order; from [`UriRef::query_pairs`].
///
/// A pair is split at its first `=`: a pair without one has a key and no value (`None`, not an
/// empty value), and later `=`s belong to the value. Empty pairs (between two separators, or
/// at either end) are skipped, as the url crate and the WHATWG form decoding skip them; a pair
/// that is only `=` is kept, with an empty key and an empty value. A reference without a query
/// has no pairs, and neither has an empty query (`?`).
///
/// ```
/// let r = uri::UriRef::parse("/search?q=a%26b&flag&&empty=&x==1").unwrap();
/// let pairs: Vec<_> = r.query_pairs().map(|p| (p.key(), p.value())).collect();
/// assert_eq!(pairs, [("q", Some("a%26b")), ("flag", None), ("empty", Some("")), ("x", Some("=1"))]);
/// assert_eq!(r.query_pairs().next().unwrap().decoded_value().unwrap().unwrap(), "a&b");
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: &'a str,
    options: QueryOptions,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (a query without its `?`, or a form body).
    ///
    /// ```
    /// use uri::{QueryOptions, QueryPairs};
    ///
    /// let body = "name=J%C3%B8rn+K&lang=no";
    /// let first = QueryPairs::new(body, QueryOptions::FORM).next().unwrap();
    /// assert_eq!(first.decoded_value().unwrap().unwrap(), "Jørn K");
    /// ```
    #[must_use]
    pub fn new(query: &'a str, options: QueryOptions) -> QueryPairs<'a> {
        QueryPairs { rest: query, options }
    }

    /// The part of the query not split yet.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.rest
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;

    fn next(&mut self) -> Option<QueryPair<'a>> {
        let semicolon = self.options.semicolon;
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let end = if semicolon {
                self.rest.bytes().position(|b| b == b'&' || b == b';')
            } else {
                self.rest.find('&')
            };
            let (pair, rest) = match end {
                Some(end) => (&self.rest[..end], &self.rest[end + 1..]),
                None => (self.rest, ""),
            };
            self.rest = rest;
            if !pair.is_empty() {
                return Some(QueryPair::new(pair, self.options.plus_as_space));
            }
        }
    }
}

impl FusedIterator for QueryPairs<'_> {}

/// One `key[=value]` pair of a query, raw and decoded.
///
/// The decoded forms follow the [`QueryOptions`] of the [`QueryPairs`] that gave the pair: with
/// [`QueryOptions::plus_as_space`], `+` decodes to a space. A [`DecodeError`]'s index is into
/// the raw key or value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPair<'a> {
    pair: &'a str,
    key: Encoded<'a>,
    value: Option<Encoded<'a>>,
}

impl<'a> QueryPair<'a> {
    fn new(pair: &'a str, plus_as_space: bool) -> QueryPair<'a> {
        let encoded = if plus_as_space { Encoded::form } else { Encoded::new };
        let (key, value) = match pair.find('=') {
            Some(at) => (&pair[..at], Some(&pair[at + 1..])),
            None => (pair, None),
        };
        QueryPair { pair, key: encoded(key), value: value.map(encoded) }
    }

    /// The whole pair as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.pair
    }

    /// The key as written: the pair up to its first `=`, or all of it.
    #[must_use]
    pub fn key(&self) -> &'a str {
        self.key.as_str()
    }

    /// The value as written, after the first `=`; `None` when the pair has no `=`.
    #[must_use]
    pub fn value(&self) -> Option<&'a str> {
        self.value.map(|v| v.as_str())
    }

    /// The key, to decode in other ways (see [`Encoded`]).
    #[must_use]
    pub fn encoded_key(&self) -> Encoded<'a> {
        self.key
    }

    /// The value, to decode in other ways (see [`Encoded`]).
    #[must_use]
    pub fn encoded_value(&self) -> Option<Encoded<'a>> {
        self.value
    }

    /// The decoded key.
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] when the key does not decode to UTF-8 (see [`Encoded::decoded`]).
    pub fn decoded_key(&self) -> Result<Cow<'a, str>, DecodeError> {
        self.key.decoded()
    }

    /// The decoded key, invalid UTF-8 replaced by U+FFFD.
    #[must_use]
    pub fn decoded_key_lossy(&self) -> Cow<'a, str> {
        self.key.decoded_lossy()
    }

    /// The decoded value; `None` when the pair has no `=`.
    ///
    /// ```
    /// let r = uri::UriRef::parse("?a=%E9").unwrap();
    /// let pair = r.query_pairs().next().unwrap();
    /// assert_eq!(pair.decoded_value().unwrap().unwrap_err().index(), 0);
    /// assert_eq!(pair.decoded_value_lossy().unwrap(), "\u{FFFD}");
    /// ```
    #[must_use]
    pub fn decoded_value(&self) -> Option<Result<Cow<'a, str>, DecodeError>> {
        self.value.map(|v| v.decoded())
    }

    /// The decoded value, invalid UTF-8 replaced by U+FFFD; `None` when the pair has no `=`.
    #[must_use]
    pub fn decoded_value_lossy(&self) -> Option<Cow<'a, str>> {
        self.value.map(|v| v.decoded_lossy())
    }
}

impl<'a> UriRef<'a> {
    /// The query's pairs, split on `&`, with `+` a plus sign ([`QueryOptions::DEFAULT`]); see
    /// [`QueryPairs`].
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        self.query_pairs_with(QueryOptions::DEFAULT)
    }

    /// The query's pairs, split and decoded as `options` say.
    ///
    /// ```
    /// let r = uri::UriRef::parse("?q=rust+uri").unwrap();
    /// let form = r.query_pairs_with(uri::QueryOptions::FORM).next().unwrap();
    /// assert_eq!(form.decoded_value().unwrap().unwrap(), "rust uri");
    /// assert_eq!(form.value(), Some("rust+uri"));
    /// assert_eq!(r.query_pairs().next().unwrap().decoded_value().unwrap().unwrap(), "rust+uri");
    /// ```
    #[must_use]
    pub fn query_pairs_with(&self, options: QueryOptions) -> QueryPairs<'a> {
        QueryPairs::new(self.query().unwrap_or(""), options)
    }
}

/// The query pairs of [`UriRef`], on the other types with a query.
macro_rules! query_pairs {
    ($($ty:ty),*) => {$(
        impl $ty {
            /// The query's pairs; see [`UriRef::query_pairs`].
            pub fn query_pairs(&self) -> QueryPairs<'_> {
                QueryPairs::new(self.query().unwrap_or(""), QueryOptions::DEFAULT)
            }

            /// The query's pairs, split and decoded as `options` say; see
            /// [`UriRef::query_pairs_with`].
            pub fn query_pairs_with(&self, options: QueryOptions) -> QueryPairs<'_> {
                QueryPairs::new(self.query().unwrap_or(""), options)
            }
        }
    )*};
}

query_pairs!(Uri<'_>, UriBuf, UriRefBuf);

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    fn pairs(query: &str, options: QueryOptions) -> Vec<(&str, Option<&str>)> {
        QueryPairs::new(query, options).map(|p| (p.key(), p.value())).collect()
    }

    #[test]
    fn splitting() {
        let d = QueryOptions::DEFAULT;
        assert_eq!(pairs("", d), []);
        assert_eq!(pairs("&&", d), []);
        assert_eq!(pairs("=", d), [("", Some(""))]);
        assert_eq!(pairs("a", d), [("a", None)]);
        assert_eq!(pairs("a=", d), [("a", Some(""))]);
        assert_eq!(pairs("=b", d), [("", Some("b"))]);
        assert_eq!(pairs("&a=1&&b&", d), [("a", Some("1")), ("b", None)]);
        assert_eq!(pairs("a=1;b=2", d), [("a", Some("1;b=2"))]);
        assert_eq!(pairs("a=1;b=2&c", d.semicolon(true)), [("a", Some("1")), ("b", Some("2")), ("c", None)]);
        assert_eq!(pairs(";;a;", d.semicolon(true)), [("a", None)]);
    }

    #[test]
    fn plus_is_a_space_only_in_form_decoding() {
        let raw = "k+1=v+%2B";
        let plain = QueryPairs::new(raw, QueryOptions::DEFAULT).next().unwrap();
        assert_eq!(
            (plain.decoded_key().unwrap(), plain.decoded_value().unwrap().unwrap()),
            ("k+1".into(), "v++".into())
        );
        let form = QueryPairs::new(raw, QueryOptions::FORM).next().unwrap();
        assert_eq!((form.key(), form.value()), ("k+1", Some("v+%2B")));
        assert_eq!(
            (form.decoded_key().unwrap(), form.decoded_value().unwrap().unwrap()),
            ("k 1".into(), "v +".into())
        );
        assert_eq!(form.decoded_key_lossy(), "k 1");
        assert_eq!(form.as_str(), raw);
    }

    #[test]
    fn every_type_with_a_query_has_pairs() {
        let text = "s:/p?a=1&b";
        let expected = [("a", Some("1")), ("b", None)];
        let collect = |p: QueryPairs<'_>| {
            p.map(|p| (p.key().to_owned(), p.value().map(str::to_owned))).collect::<Vec<_>>()
        };
        let expected: Vec<_> = expected.iter().map(|(k, v)| (k.to_string(), v.map(str::to_owned))).collect();
        assert_eq!(collect(UriRef::parse(text).unwrap().query_pairs()), expected);
        assert_eq!(collect(Uri::parse(text).unwrap().query_pairs()), expected);
        assert_eq!(collect(UriRefBuf::parse(text).unwrap().query_pairs()), expected);
        assert_eq!(collect(UriBuf::parse(text).unwrap().query_pairs_with(QueryOptions::FORM)), expected);
        assert_eq!(UriRef::parse("s:/p").unwrap().query_pairs().count(), 0);
    }
}
