//! Resolution's common case: a result that is a prefix of the base followed by a suffix of the
//! reference, found from the inputs' captures before anything is written.
//!
//! Most references met in documents have neither scheme nor authority, and their merged path
//! has no dot segment but leading ones (`../img/a.png`): RFC 3986 section 5.2.2 then keeps the
//! base up to some point and appends the reference from some point on. [`Splice::of`] finds
//! those two points and the result's offsets, so that a new value is one allocation of the exact
//! size and two copies, and every other case is left to the general algorithm of `resolve.rs`,
//! which gives the same result for these (the resolution tests compare the two).

use crate::generated::parser::Captures;
use crate::resolve::{has_dot_segment, last_slash, leading_dot_segments, path_span, shift};
use crate::{Uri, UriRef};
use alloc::string::String;

/// A resolution result as `head` (a prefix of the base's text) followed by `tail` (a suffix of
/// the reference's text), with its offsets.
pub(crate) struct Splice<'a> {
    head: &'a str,
    tail: &'a str,
    /// The result's offsets, from its first byte.
    pub(crate) captures: Captures,
}

impl<'a> Splice<'a> {
    /// The result of resolving `r` against `base` when it is a prefix of the base followed by a
    /// suffix of `r`; `None` when it is not, or not simply (the general algorithm runs then).
    ///
    /// `r` must have no scheme, so the result is the same strict or not. The cases:
    ///
    /// - a network-path reference (`//host/p`) whose path has no dot segment: the base's scheme
    ///   and its `:`, then `r` whole;
    /// - an empty path (`?q`, `#f`, or empty): the base up to the end of its path, or of its
    ///   query when `r` has none, then `r`'s query and fragment;
    /// - an absolute path (`/p`) without dot segments: the base up to its path, then `r`;
    /// - a relative path (`p`) when neither the base's directory (its path up to the last `/`)
    ///   nor `r`'s path has a dot segment: the base up to the end of its directory, then `r`;
    /// - a relative path led by `./` and `../` only, against a directory that starts with `/`
    ///   and has no dot segment: each `..` takes a segment off the directory (none at its root),
    ///   then comes what follows the leading dot segments, unless that starts with `/` (it would
    ///   need the `/.` of section 5.3's hole, see [`Uri::resolve`]).
    ///
    /// The base of a merge with an empty path and an authority (`http://h` + `p` is
    /// `http://h/p`) adds a `/` that neither input holds, and is left to the general algorithm.
    #[inline]
    pub(crate) fn of(base: &Uri<'a>, r: &UriRef<'a>) -> Option<Splice<'a>> {
        let r_captures = r.captures_ref();
        if r_captures.scheme(r.as_str().len()).is_some() {
            return None;
        }
        let (b_text, r_text) = (base.as_str(), r.as_str());
        let b_captures = base.uri_ref().captures_ref();
        let (r_path_start, r_path_end) = path_span(r);
        let path = &r_text[r_path_start..r_path_end];
        if let Some((authority_start, _)) = r_captures.authority(r_text.len()) {
            if has_dot_segment(path) {
                return None;
            }
            // The scheme with its `:`, then the authority with its `//`.
            let head = &b_text[..base.scheme().len() + 1];
            let from = authority_start - 2;
            let mut captures = r_captures.shifted(head.len() as isize - from as isize);
            captures.set_scheme(b_captures.scheme(b_text.len()));
            return Splice::checked(head, &r_text[from..], captures);
        }
        let (b_path_start, b_path_end) = path_span(base.uri_ref());
        let mut captures = *b_captures;
        if path.is_empty() {
            let head_end = match (r_captures.query(r_text.len()), b_captures.query(b_text.len())) {
                (None, Some((_, query_end))) => query_end,
                _ => b_path_end,
            };
            let delta = head_end as isize - r_path_end as isize;
            if r_captures.query(r_text.len()).is_some() {
                captures.set_query(shift(r_captures.query(r_text.len()), delta));
            }
            captures.set_fragment(shift(r_captures.fragment(r_text.len()), delta));
            return Splice::checked(&b_text[..head_end], &r_text[r_path_end..], captures);
        }
        let (head_end, tail_start) = if path.starts_with('/') {
            if has_dot_segment(path) {
                return None;
            }
            (b_path_start, r_path_start)
        } else {
            let base_path = &b_text[b_path_start..b_path_end];
            let directory = match last_slash(base_path) {
                Some(slash) => &base_path[..=slash],
                None if b_captures.authority(b_text.len()).is_some() => return None,
                None => "",
            };
            if has_dot_segment(directory) {
                return None;
            }
            if path.starts_with('.') {
                let (ups, rest) = leading_dot_segments(path);
                if !directory.starts_with('/') || rest.starts_with('/') || has_dot_segment(rest) {
                    return None;
                }
                let mut keep = directory.len();
                for _ in 0..ups {
                    keep = last_slash(&directory[..keep - 1]).map_or(keep, |slash| slash + 1);
                }
                (b_path_start + keep, r_path_end - rest.len())
            } else {
                if has_dot_segment(path) {
                    return None;
                }
                (b_path_start + directory.len(), r_path_start)
            }
        };
        let delta = head_end as isize - tail_start as isize;
        captures.set_path(Some((b_path_start, (r_path_end as isize + delta) as usize)));
        captures.set_query(shift(r_captures.query(r_text.len()), delta));
        captures.set_fragment(shift(r_captures.fragment(r_text.len()), delta));
        Splice::checked(&b_text[..head_end], &r_text[tail_start..], captures)
    }

    /// The splice of `head` and `tail`, if the parser's 32-bit offsets can describe it.
    #[inline]
    fn checked(head: &'a str, tail: &'a str, captures: Captures) -> Option<Splice<'a>> {
        (head.len() + tail.len() < u32::MAX as usize).then_some(Splice { head, tail, captures })
    }

    /// The result's length in bytes.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// Appends the result to `out`.
    #[inline]
    pub(crate) fn write(&self, out: &mut String) {
        out.reserve(self.len());
        out.push_str(self.head);
        out.push_str(self.tail);
    }

    /// The result as a new string, allocated at its exact size.
    #[inline]
    pub(crate) fn text(&self) -> String {
        let mut out = String::with_capacity(self.len());
        out.push_str(self.head);
        out.push_str(self.tail);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::resolve_general;
    use crate::ResolveOptions;
    use std::format;
    use std::prelude::rust_2021::*;

    /// Every path of at most `max` bytes over `/`, `a` and `.`: every dot segment, every
    /// leading `./` and `../`, empty segments, and paths with and without a first `/`.
    fn paths(max: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..max {
            last = last.iter().flat_map(|p| ["/", "a", "."].map(|c| format!("{p}{c}"))).collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// The splice, where it applies, writes what the general algorithm writes, with the same
    /// offsets, on every base and reference built from short paths: with and without an
    /// authority, a query and a fragment, and references of every shape but a scheme.
    #[test]
    fn the_splice_is_the_general_algorithm_where_it_applies() {
        let paths = paths(4);
        let bases: Vec<String> = ["s:", "http://h"]
            .iter()
            .flat_map(|head| paths.iter().map(move |p| format!("{head}{p}")))
            .flat_map(|b| [format!("{b}?q#f"), b])
            .filter(|b| Uri::parse(b).is_ok())
            .collect();
        let references: Vec<String> = ["", "//g"]
            .iter()
            .flat_map(|head| paths.iter().map(move |p| format!("{head}{p}")))
            .flat_map(|r| [format!("{r}?y"), format!("{r}#z"), r])
            .filter(|r| UriRef::parse(r).is_ok())
            .collect();
        let (mut spliced, mut general) = (0, 0);
        for base in &bases {
            let base = Uri::parse(base).unwrap();
            for reference in &references {
                let r = UriRef::parse(reference).unwrap();
                let mut expected = String::new();
                let captures = resolve_general(&base, &r, ResolveOptions::STRICT, &mut expected);
                let Some(splice) = Splice::of(&base, &r) else {
                    general += 1;
                    continue;
                };
                spliced += 1;
                assert_eq!(splice.text(), expected, "{base} + {reference}");
                assert_eq!(Some(splice.captures), captures, "{base} + {reference}");
                let mut appended = String::from("kept");
                splice.write(&mut appended);
                assert_eq!(appended, format!("kept{expected}"));
            }
        }
        // Both sides are exercised: the splice takes most pairs, and the general algorithm the
        // dot segments, the `/.` of section 5.3's hole and the merges with an empty base path.
        assert!(spliced > 200_000 && general > 50_000, "{spliced} spliced, {general} general");
    }

    #[test]
    fn the_common_shapes_are_spliced() {
        let base = Uri::parse("http://a/b/c/d;p?q#f").unwrap();
        for (reference, head, tail) in [
            ("g", "http://a/b/c/", "g"),
            ("g?y#s", "http://a/b/c/", "g?y#s"),
            ("../../g", "http://a/", "g"),
            ("./", "http://a/b/c/", ""),
            ("..", "http://a/b/", ""),
            ("/g", "http://a", "/g"),
            ("//g/x", "http:", "//g/x"),
            ("?y", "http://a/b/c/d;p", "?y"),
            ("#s", "http://a/b/c/d;p?q", "#s"),
            ("", "http://a/b/c/d;p?q", ""),
        ] {
            let r = UriRef::parse(reference).unwrap();
            let splice = Splice::of(&base, &r).expect(reference);
            assert_eq!((splice.head, splice.tail), (head, tail), "{reference}");
        }
        for reference in ["g:h", "/./g", "g/../h", "..//g", "//g/./x"] {
            assert!(Splice::of(&base, &UriRef::parse(reference).unwrap()).is_none(), "{reference}");
        }
        let no_path = Uri::parse("http://a").unwrap();
        assert!(Splice::of(&no_path, &UriRef::parse("g").unwrap()).is_none());
    }
}
