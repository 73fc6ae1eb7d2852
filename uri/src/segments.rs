//! Path segments: [`PathSegments`], the `segment`s of a path (RFC 3986 section 3.3) in order,
//! each an [`Encoded`] to read raw or decoded.

use core::iter::FusedIterator;

use crate::{Encoded, Uri, UriBuf, UriRef, UriRefBuf};

/// The segments of a path, in order, as written; from [`UriRef::path_segments`].
///
/// Each `/` separates two segments, and a path that starts with `/` has no segment before it:
/// the grammar's `path-abempty` and `path-absolute` are `"/" segment` repeated, and each item
/// is one of those `segment`s. So an absolute path has as many segments as `/`s, and a path
/// that ends with `/` ends with an empty segment. This is the convention of the url crate
/// (`Url::path_segments`) and of fluent-uri (`segments_if_absolute`), where `/` gives one empty
/// segment. Boost.URL also leaves out the leading `/`, but gives `/` no segment at all and
/// reads a leading `.` segment as a marker (`/./` is one empty segment there, `./usr` is
/// `usr`), so that segments and the absolute flag map back to one path; here every trailing
/// `/` reads the same, and a `.` is a segment like any other, as the grammar has it. A
/// rootless path (`a/b`, `mailto:x@y`) is split the same way from its start, which url does
/// not do (its path of a URL that cannot be a base has no segments), and the empty path has no
/// segments.
///
/// So joining the segments with `/`, after a `/` when [`PathSegments::is_absolute`], gives
/// back the path.
///
/// ```
/// use uri::UriRef;
///
/// let r = UriRef::parse("http://h/a%20b//c/").unwrap();
/// let raw: Vec<&str> = r.path_segments().map(|s| s.as_str()).collect();
/// assert_eq!(raw, ["a%20b", "", "c", ""]);
/// assert_eq!(r.path_segments().next().unwrap().decoded().unwrap(), "a b");
///
/// assert_eq!(UriRef::parse("http://h/").unwrap().path_segments().collect::<Vec<_>>(), [""]);
/// assert_eq!(UriRef::parse("http://h").unwrap().path_segments().count(), 0);
/// assert_eq!(UriRef::parse("../x").unwrap().path_segments().collect::<Vec<_>>(), ["..", "x"]);
/// assert_eq!(UriRef::parse("urn:isbn:1").unwrap().path_segments().last().unwrap(), "isbn:1");
///
/// // From the end, too.
/// assert_eq!(r.path_segments().next_back().unwrap(), "");
/// assert_eq!(r.path_segments().rev().nth(1).unwrap(), "c");
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    /// What is left to split; `None` once the last segment has been taken.
    rest: Option<&'a str>,
    absolute: bool,
}

impl<'a> PathSegments<'a> {
    /// The segments of `path`, the path of some URI reference.
    ///
    /// ```
    /// let segments: Vec<_> = uri::PathSegments::new("/a/b").map(|s| s.as_str()).collect();
    /// assert_eq!(segments, ["a", "b"]);
    /// ```
    #[must_use]
    pub fn new(path: &'a str) -> PathSegments<'a> {
        match path.strip_prefix('/') {
            Some(rest) => PathSegments { rest: Some(rest), absolute: true },
            None => PathSegments { rest: (!path.is_empty()).then_some(path), absolute: false },
        }
    }

    /// Whether the path starts with `/` (which is not part of the first segment).
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        self.absolute
    }

    /// The segments not taken yet, as written, with their `/` separators.
    ///
    /// ```
    /// let mut segments = uri::PathSegments::new("/a/b/c");
    /// segments.next();
    /// assert_eq!(segments.as_str(), "b/c");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.rest.unwrap_or("")
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = Encoded<'a>;

    fn next(&mut self) -> Option<Encoded<'a>> {
        let rest = self.rest?;
        // Segments are short: a plain loop beats setting up a substring search for each.
        let end = rest.bytes().position(|b| b == b'/');
        Some(Encoded::new(match end {
            Some(end) => {
                self.rest = Some(&rest[end + 1..]);
                &rest[..end]
            }
            None => {
                self.rest = None;
                rest
            }
        }))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.rest {
            None => (0, Some(0)),
            Some(rest) => (1, Some(rest.len() + 1)),
        }
    }
}

impl<'a> DoubleEndedIterator for PathSegments<'a> {
    fn next_back(&mut self) -> Option<Encoded<'a>> {
        let rest = self.rest?;
        Some(Encoded::new(match rest.rsplit_once('/') {
            Some((before, segment)) => {
                self.rest = Some(before);
                segment
            }
            None => {
                self.rest = None;
                rest
            }
        }))
    }
}

impl FusedIterator for PathSegments<'_> {}

impl<'a> UriRef<'a> {
    /// The path's segments; see [`PathSegments`] for where they start.
    ///
    /// ```
    /// let r = uri::UriRef::parse("/docs/read%20me.txt").unwrap();
    /// let names: Vec<String> = r.path_segments().map(|s| s.decoded().unwrap().into_owned()).collect();
    /// assert_eq!(names, ["docs", "read me.txt"]);
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'a> {
        PathSegments::new(self.path())
    }
}

impl<'a> Uri<'a> {
    /// The path's segments; see [`UriRef::path_segments`].
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'a> {
        PathSegments::new(self.path())
    }
}

impl UriRefBuf {
    /// The path's segments; see [`UriRef::path_segments`].
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'_> {
        PathSegments::new(self.path())
    }
}

impl UriBuf {
    /// The path's segments; see [`UriRef::path_segments`].
    ///
    /// ```
    /// let uri = uri::UriBuf::parse("file:///etc/hosts").unwrap();
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["etc", "hosts"]);
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'_> {
        PathSegments::new(self.path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    fn raw(path: &str) -> Vec<&str> {
        PathSegments::new(path).map(|s| s.as_str()).collect()
    }

    #[test]
    fn segments_follow_the_grammar() {
        let cases: [(&str, &[&str]); 9] = [
            ("", &[]),
            ("/", &[""]),
            ("//", &["", ""]),
            ("/a", &["a"]),
            ("/a/", &["a", ""]),
            ("a", &["a"]),
            ("a/", &["a", ""]),
            ("./a/../b", &[".", "a", "..", "b"]),
            ("/%2F/x", &["%2F", "x"]),
        ];
        for (path, expected) in cases {
            assert_eq!(raw(path), expected, "{path:?}");
            let mut back: Vec<&str> = PathSegments::new(path).rev().map(|s| s.as_str()).collect();
            back.reverse();
            assert_eq!(back, expected, "{path:?} from the end");
        }
    }

    #[test]
    fn both_ends_meet_without_overlap() {
        let mut s = PathSegments::new("/a/b/c");
        assert_eq!(s.next().unwrap(), "a");
        assert_eq!(s.next_back().unwrap(), "c");
        assert_eq!(s.next().unwrap(), "b");
        assert_eq!(s.next_back(), None);
        assert_eq!(s.next(), None);
        assert_eq!(s.size_hint(), (0, Some(0)));
    }

    #[test]
    fn every_type_with_a_path_has_segments() {
        let text = "s://h/a/b";
        let expected = ["a", "b"];
        assert!(UriRef::parse(text).unwrap().path_segments().eq(expected));
        assert!(Uri::parse(text).unwrap().path_segments().eq(expected));
        assert!(UriRefBuf::parse(text).unwrap().path_segments().eq(expected));
        assert!(UriBuf::parse(text).unwrap().path_segments().eq(expected));
        assert!(UriBuf::parse(text).unwrap().normalize().path_segments().eq(expected));
    }
}
