//! Reference resolution (RFC 3986 section 5.2) and recomposition (section 5.3).
//!
//! The components come from the generated parser; this module is only the algorithm of section
//! 5.2.2, the merge of section 5.2.3 and the dot-segment removal of section 5.2.4. The result is
//! written into one `String` in a single pass: dot segments are removed while the path is being
//! written, with no intermediate buffer. The choices made where the RFC leaves a hole are
//! documented at [`Uri::resolve`].

use crate::dot_scan::may_hold_dot_segment;
use crate::generated::parser::Captures;
use crate::resolve_splice::Splice;
use crate::{Uri, UriBuf, UriRef};
use alloc::string::String;

/// Options of reference resolution.
///
/// The default is strict resolution (RFC 3986 section 5.2.2). The non-strict option enables the
/// `if ((not strict) and (R.scheme == Base.scheme))` branch of section 5.2.2, kept by the RFC for
/// backward compatibility with parsers that ignore a scheme equal to the base's.
///
/// ```
/// use uri::{ResolveOptions, Uri, UriRef};
///
/// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
/// let reference = UriRef::parse("http:g").unwrap();
/// assert_eq!(base.resolve(&reference), "http:g");
/// assert_eq!(base.resolve_with(&reference, ResolveOptions::NON_STRICT), "http://a/b/c/g");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResolveOptions {
    non_strict: bool,
}

impl ResolveOptions {
    /// Strict resolution, the default: a reference with a scheme is always taken as a URI.
    pub const STRICT: ResolveOptions = ResolveOptions { non_strict: false };
    /// Non-strict resolution: a reference whose scheme equals the base's (ignoring case, since
    /// schemes are case-insensitive) is resolved as if it had no scheme.
    pub const NON_STRICT: ResolveOptions = ResolveOptions { non_strict: true };

    /// Whether the non-strict rule is on.
    #[must_use]
    pub const fn is_non_strict(self) -> bool {
        self.non_strict
    }
}

impl<'a> Uri<'a> {
    /// Resolves `reference` against this base URI (RFC 3986 section 5.2, strict).
    ///
    /// # Where RFC 3986 leaves a hole
    ///
    /// - **A path that starts with `//` in a URI without authority** (`f:/a` + `.//g`). The literal
    ///   result of sections 5.2.4 and 5.3 is `f://g`, which parses back with authority `g`: the
    ///   recomposition would not be the resolved URI. Section 3.3 forbids such a path ("the path
    ///   cannot begin with two slash characters"), so recomposition writes `/.` before it: `f:/.//g`.
    ///   The `/.` is a dot segment, so the path means the same (section 5.2.4 removes it again) and
    ///   resolving the result once more gives it back unchanged. This is also what the WHATWG URL
    ///   Standard, iri-string and fluent-uri do.
    /// - **`..` that consumes the first segment of a rootless path** (`zz:abc` + `foo/../bar`).
    ///   Section 5.2.4, read literally, removes `foo` and leaves `/bar`: the result is `zz:/bar`.
    ///   We keep the literal reading (strict by default): the result is a valid URI whose components
    ///   are exactly what the algorithm computed, and normalization (section 6.2.2.3) of `zz:foo/../bar`
    ///   gives the same `zz:/bar`, so resolution and normalization agree.
    /// - **A base path with dot segments and an empty reference path** (`http://a/b/../c` + `?q`).
    ///   Section 5.2.2 sets `T.path = Base.path` there, without section 5.2.4, and so does this
    ///   crate: the result keeps the base's dot segments (`http://a/b/../c?q`). Normalize a base that
    ///   may hold dot segments first ([`Uri::normalize`]) if the results should never have any.
    /// - **A base with a fragment**. Section 5.1 asks for a base without one; section 5.2.2 never
    ///   reads `Base.fragment`, so a base's fragment is ignored: the result has the reference's
    ///   fragment or none.
    ///
    /// ```
    /// use uri::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// for (reference, expected) in [
    ///     ("g", "http://a/b/c/g"),
    ///     ("../g", "http://a/b/g"),
    ///     ("?y", "http://a/b/c/d;p?y"),
    ///     ("#s", "http://a/b/c/d;p?q#s"),
    ///     ("../../../../g", "http://a/g"),
    ///     ("g:h", "g:h"),
    /// ] {
    ///     assert_eq!(base.resolve(&UriRef::parse(reference).unwrap()), expected);
    /// }
    ///
    /// // A path that would start with `//` without an authority keeps a `/.` in front.
    /// let base = Uri::parse("f:/a").unwrap();
    /// assert_eq!(base.resolve(&UriRef::parse(".//g").unwrap()), "f:/.//g");
    /// ```
    ///
    /// # Panics
    ///
    /// When the result is 4 GiB (`u32::MAX` bytes) or longer, which takes a base and a reference
    /// of about 4 GiB together: a [`UriBuf`] holds 32-bit offsets. Use [`Uri::resolve_into`],
    /// which has no such limit, where inputs can be that large.
    #[must_use]
    pub fn resolve(&self, reference: &UriRef<'_>) -> UriBuf {
        self.resolve_with(reference, ResolveOptions::STRICT)
    }

    /// Resolves `reference` against this base URI with `options`.
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve_with(&self, reference: &UriRef<'_>, options: ResolveOptions) -> UriBuf {
        if let Some(splice) = Splice::of(self, reference) {
            return UriBuf::from_built(splice.text(), splice.captures);
        }
        // The capacity `resolve_into` reserves, allocated at once: growing an empty string goes
        // through `reserve`'s out-of-line path (about 50 instructions more per call).
        let mut out = String::with_capacity(result_capacity(self, reference));
        match resolve_general(self, reference, options, &mut out) {
            Some(captures) => UriBuf::from_built(out, captures),
            None => UriBuf::from_valid(out),
        }
    }

    /// Resolves `reference` against this base URI and appends the result to `out`, which may be
    /// a buffer reused from call to call. The appended text is always a URI; unlike
    /// [`Uri::resolve`], this never panics, whatever the length of the result.
    ///
    /// ```
    /// use uri::{ResolveOptions, Uri, UriRef};
    ///
    /// let base = Uri::parse("https://example.com/docs/").unwrap();
    /// let mut buffer = String::new();
    /// for reference in ["intro", "../img/a.png", "//cdn.example/x"] {
    ///     buffer.clear();
    ///     base.resolve_into(&UriRef::parse(reference).unwrap(), ResolveOptions::STRICT, &mut buffer);
    ///     assert!(Uri::parse(&buffer).is_ok());
    /// }
    /// assert_eq!(buffer, "https://cdn.example/x");
    /// ```
    pub fn resolve_into(&self, reference: &UriRef<'_>, options: ResolveOptions, out: &mut String) {
        resolve_into(self, reference, options, out);
    }
}

impl<'a> UriRef<'a> {
    /// Resolves this reference against `base` (RFC 3986 section 5.2, strict); the same as
    /// [`Uri::resolve`].
    ///
    /// ```
    /// use uri::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://example.com/a/b").unwrap();
    /// let target = UriRef::parse("./c?x#y").unwrap().resolve_against(&base);
    /// assert_eq!(target, "http://example.com/a/c?x#y");
    /// assert_eq!(target.query(), Some("x"));
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Uri::resolve`], when the result is 4 GiB or longer.
    #[must_use]
    pub fn resolve_against(&self, base: &Uri<'_>) -> UriBuf {
        base.resolve(self)
    }
}

/// The algorithm of RFC 3986 section 5.2.2, with section 5.2.3 (merge) and 5.3 (recomposition).
///
/// Recomposition copies runs of the inputs as they are: a URI reference is its components and
/// their delimiters in order, so the text before a path (`scheme:` and `//authority`) and the
/// text after it (`?query#fragment`) are each one slice of the base or of the reference. In the
/// common case, a reference with neither scheme nor authority whose merged path has no dot
/// segment to remove (or only leading ones), the result is two slices: the base up to the end
/// of the directory it keeps, and the reference from its path on ([`Merge`]).
///
/// Returns the result's component offsets (relative to where it starts in `out`), worked out
/// from the inputs' offsets as the text is copied, so that the result needs no parse. They are
/// `None` for a result of `u32::MAX` bytes or more, which the parser's offsets cannot hold.
///
/// The common case where the result is a prefix of the base followed by a suffix of `r` is
/// [`Splice`]'s, found before anything is written.
pub(crate) fn resolve_into(
    base: &Uri<'_>,
    r: &UriRef<'_>,
    options: ResolveOptions,
    out: &mut String,
) -> Option<Captures> {
    match Splice::of(base, r) {
        Some(splice) => {
            splice.write(out);
            Some(splice.captures)
        }
        None => resolve_general(base, r, options, out),
    }
}

/// [`resolve_into`] for any pair, [`Splice`]'s cases included.
pub(crate) fn resolve_general(
    base: &Uri<'_>,
    r: &UriRef<'_>,
    options: ResolveOptions,
    out: &mut String,
) -> Option<Captures> {
    let start = out.len();
    let (b_text, r_text) = (base.as_str(), r.as_str());
    // Borrowed, so that only the spans read are loaded.
    let b_ref = base.uri_ref();
    let (b_captures, r_captures) = (b_ref.captures_ref(), r.captures_ref());
    let (r_path_start, r_path_end) = path_span(r);
    out.reserve(result_capacity(base, r));
    let r_is_uri = match r_captures.scheme(r_text.len()) {
        Some((start, end)) => !(options.non_strict && r_text[start..end].eq_ignore_ascii_case(base.scheme())),
        None => false,
    };
    // `captures` holds the offsets of the text before the path (scheme and authority), taken
    // from the input that text is copied from; the path, query and fragment are set below.
    let mut captures;
    let merge;
    if r_is_uri || r_captures.authority(r_text.len()).is_some() {
        captures = match r_captures.authority(r_text.len()) {
            Some((authority_start, _)) if !r_is_uri => {
                out.push_str(base.scheme());
                out.push(':');
                // The authority with its "//", as R wrote it (after R's scheme in the
                // non-strict case).
                let from = authority_start - 2;
                let mut captures = r_captures.shifted((out.len() - start) as isize - from as isize);
                captures.set_scheme(Some((0, base.scheme().len())));
                out.push_str(&r_text[from..r_path_start]);
                captures
            }
            // T is R, with the dot segments of its path removed.
            _ => {
                out.push_str(&r_text[..r_path_start]);
                *r_captures
            }
        };
        // R's path alone, nothing merged before it.
        let reference = &r_text[r_path_start..];
        merge =
            Merge { head: "", directory_at: 0, root: false, reference, path_end: r_path_end - r_path_start };
    } else {
        // R has no authority, and no scheme unless the non-strict case ignores it: its path
        // starts it (or follows that scheme), then come its query and fragment.
        let (b_path_start, b_path_end) = path_span(b_ref);
        if r_path_start == r_path_end {
            // T is the base up to its path, then R's query, or else the base's; then R's
            // fragment.
            let base_end = match (r_captures.query(r_text.len()), b_captures.query(b_text.len())) {
                (None, Some((_, query_end))) => query_end,
                _ => b_path_end,
            };
            out.push_str(&b_text[..base_end]);
            out.push_str(&r_text[r_path_end..]);
            let mut captures = *b_captures;
            let delta = base_end as isize - r_path_end as isize;
            if r_captures.query(r_text.len()).is_some() {
                captures.set_query(shift(r_captures.query(r_text.len()), delta));
            }
            captures.set_fragment(shift(r_captures.fragment(r_text.len()), delta));
            return fits(out.len() - start).then_some(captures);
        }
        captures = *b_captures;
        let base_path = &b_text[b_path_start..b_path_end];
        // The merge (section 5.2.3): the part of the base's path that R's path goes after.
        let reference = &r_text[r_path_start..];
        let (directory_end, root) = if reference.starts_with('/') {
            (b_path_start, false)
        } else if b_captures.authority(b_text.len()).is_some() && base_path.is_empty() {
            (b_path_start, true)
        } else {
            (b_path_start + last_slash(base_path).map_or(0, |slash| slash + 1), false)
        };
        merge = Merge {
            head: &b_text[..directory_end],
            directory_at: b_path_start,
            root,
            reference,
            path_end: r_path_end - r_path_start,
        };
    }
    let (path_at, mut path_end) = merge.write(out);
    // `captures` holds the authority of T, if it has one, from the input it was copied from.
    if captures.authority(out.len() - start).is_none() && out[path_at..].starts_with("//") {
        out.insert_str(path_at, "/.");
        path_end += 2;
    }
    captures.set_path(Some((path_at - start, path_end - start)));
    let delta = (path_end - start) as isize - r_path_end as isize;
    captures.set_query(shift(r_captures.query(r_text.len()), delta));
    captures.set_fragment(shift(r_captures.fragment(r_text.len()), delta));
    fits(out.len() - start).then_some(captures)
}

/// Room for any resolution of `r` against `base`: the result is made of pieces of the two
/// (the merge drops a part of the base's path), plus at most `/.` before a path that starts
/// with `//` and the `/` of a merge with an empty base path.
pub(crate) fn result_capacity(base: &Uri<'_>, r: &UriRef<'_>) -> usize {
    base.as_str().len() + r.as_str().len() + 3
}

/// A span moved by `delta` bytes.
pub(crate) fn shift(span: Option<(usize, usize)>, delta: isize) -> Option<(usize, usize)> {
    span.map(|(start, end)| ((start as isize + delta) as usize, (end as isize + delta) as usize))
}

/// Whether the parser's offsets can describe a text of `len` bytes.
fn fits(len: usize) -> bool {
    len < u32::MAX as usize
}

/// Where the path of `r` is: its span, or the empty span where it would be.
#[inline]
pub(crate) fn path_span(r: &UriRef<'_>) -> (usize, usize) {
    let captures = r.captures_ref();
    captures.path(r.as_str().len()).unwrap_or_else(|| {
        let at = match (captures.authority(r.as_str().len()), captures.scheme(r.as_str().len())) {
            (Some((_, end)), _) => end,
            (None, Some((_, end))) => end + 1,
            (None, None) => 0,
        };
        (at, at)
    })
}

/// RFC 3986 section 5.2.4: removes the dot segments of a path.
///
/// This is the literal algorithm on any string. It is exact for an absolute path (`/a/./b/../c`
/// gives `/a/c`); on a rootless path, a `..` that consumes the first segment leaves a path that
/// starts with `/` (`a/../b` gives `/b`), as the RFC's algorithm does. Percent-encoded dots
/// (`%2E`) are not dot segments here: that equivalence belongs to normalization (section
/// 6.2.2.2, see [`UriRef::normalize`]).
///
/// ```
/// use uri::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/b/.."), "/a/");
/// assert_eq!(remove_dot_segments("/../../x"), "/x");
/// assert_eq!(remove_dot_segments("../x"), "x");
/// assert_eq!(remove_dot_segments("a/../b"), "/b");
/// assert_eq!(remove_dot_segments("/a/%2E%2E/b"), "/a/%2E%2E/b");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dots_into(&mut out, "", path);
    out
}

/// Appends to `out` the dot-segment removal of the path `directory` + `path`, where `directory`
/// is empty or ends with `/` (the merge of section 5.2.3).
pub(crate) fn remove_dots_into(out: &mut String, directory: &str, path: &str) {
    let merge =
        Merge { head: directory, directory_at: 0, root: false, reference: path, path_end: path.len() };
    merge.write(out);
}

/// A merged path (section 5.2.3) with the text around it, as slices of the two inputs:
/// `head[..directory_at]`, then the dot-segment removal of the directory (`head[directory_at..]`,
/// empty or ending with `/`) followed by `reference[..path_end]`, then `reference[path_end..]`.
///
/// Keeping the text before and after the path in the same slices as the path lets the common
/// cases write the whole result with two copies.
struct Merge<'a> {
    /// The text before the path, then the directory.
    head: &'a str,
    /// Where the directory starts in `head`.
    directory_at: usize,
    /// Whether the directory is a `/` that `head` does not hold (the merge of a path with the
    /// empty path of a base with authority); `head` then ends at `directory_at`.
    root: bool,
    /// The path, then the text after it.
    reference: &'a str,
    /// Where the path ends in `reference`.
    path_end: usize,
}

impl Merge<'_> {
    /// Appends the result to `out`; returns where its path starts and ends there.
    ///
    /// Three cases: a relative path whose only dot segments lead it (`../../a/b`, `./a`) climbs
    /// an absolute directory without dot segments directly; otherwise a merged path with no dot
    /// segment (the most common case) is written as it is; any other is rewritten segment by
    /// segment.
    fn write(&self, out: &mut String) -> (usize, usize) {
        let entry = out.len();
        let path_at = entry + self.directory_at;
        let directory = if self.root { "/" } else { &self.head[self.directory_at..] };
        let path = &self.reference[..self.path_end];
        let tail_len = self.reference.len() - self.path_end;
        if path.starts_with('.') && directory.starts_with('/') {
            let (ups, rest) = leading_dot_segments(path);
            if !has_dot_segment(directory) && !has_dot_segment(rest) {
                // Each `..` takes the directory's last segment off (none at the root: "/"
                // stays), each `.` takes nothing, and the rest goes after what is left.
                let mut keep = directory.len();
                for _ in 0..ups {
                    keep = last_slash(&directory[..keep - 1]).map_or(keep, |slash| slash + 1);
                }
                self.push_head(out, keep);
                out.push_str(&self.reference[self.path_end - rest.len()..]);
                return (path_at, out.len() - tail_len);
            }
        } else {
            // Written first, then searched once for dot segments where it is one string.
            self.push_head(out, directory.len());
            out.push_str(self.reference);
            let path_end = out.len() - tail_len;
            if !has_dot_segment(&out[path_at..path_end]) {
                return (path_at, path_end);
            }
            out.truncate(entry);
        }
        out.push_str(&self.head[..self.directory_at]);
        let start = out.len();
        let mut remover = DotRemover { out, start, leading: true };
        if directory.is_empty() {
            remover.run(path, false);
        } else {
            remover.run(directory, true);
            remover.run(path, false);
        }
        let path_end = out.len();
        out.push_str(&self.reference[self.path_end..]);
        (path_at, path_end)
    }

    /// Appends the text before the path and the first `keep` bytes of the directory.
    #[inline]
    fn push_head(&self, out: &mut String, keep: usize) {
        if self.root {
            out.push_str(self.head);
            out.push_str(&"/"[..keep]);
        } else {
            out.push_str(&self.head[..self.directory_at + keep]);
        }
    }
}

/// The number of `..` among the dot segments that lead the relative path `path`, and the path
/// after them (what follows their last `/`; empty when the path is only dot segments, as `../..`).
pub(crate) fn leading_dot_segments(path: &str) -> (usize, &str) {
    let mut ups = 0;
    let mut rest = path.as_bytes();
    loop {
        let dots = match rest {
            [b'.', b'.', b'/', ..] | [b'.', b'.'] => 2,
            [b'.', b'/', ..] | [b'.'] => 1,
            _ => return (ups, &path[path.len() - rest.len()..]),
        };
        ups += dots - 1;
        rest = rest.get(dots + 1..).unwrap_or_default();
    }
}

/// Whether some segment of `path` is `.` or `..`: a `.` at the start of a segment, followed by
/// the end of the segment, or by one more `.` and the end of the segment.
///
/// A dot segment starts at the start of the path or right after a `/`. Most paths have dots
/// (file extensions) but no `/.`: a path of 9 to 64 bytes without one is ruled out by
/// `dot_scan`'s screen with no loop; otherwise the pairs `/.` are found eight bytes at a time,
/// with no branch per byte or per dot, and only those few are looked at closely.
#[inline(always)]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    may_hold_dot_segment(path.as_bytes()) && search_dot_segment(path)
}

/// [`has_dot_segment`] past the screen, out of line: the screen is inlined where it is called.
#[inline(never)]
fn search_dot_segment(path: &str) -> bool {
    let bytes = path.as_bytes();
    // Whether a dot segment starts at `dot`, checked byte by byte from the `/` before it.
    let dot_segment_at = |dot: usize| {
        let ends_segment = |i: usize| i >= bytes.len() || bytes[i] == b'/';
        let led = dot == 0 || bytes[dot - 1] == b'/';
        dot < bytes.len()
            && bytes[dot] == b'.'
            && led
            && (ends_segment(dot + 1) || (bytes[dot + 1] == b'.' && ends_segment(dot + 2)))
    };
    if dot_segment_at(0) {
        return true;
    }
    const SLASHES: u64 = u64::from_le_bytes([b'/'; 8]);
    const DOTS: u64 = u64::from_le_bytes([b'.'; 8]);
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // Whether the eight bytes `word` from `at` (bytes past the end are zeros), after the byte
    // `before` (0 at the start), hold a dot segment's first byte. Byte k of `pairs` is zero
    // where byte k is a `.` and the byte before it a `/`; the zero-byte test flags every such
    // byte, and possibly bytes above one (its borrow runs on), which `dot_segment_at` rules out.
    let found = |at: usize, word: u64, before: u64| {
        let pairs = (word ^ DOTS) | ((word << 8 | before) ^ SLASHES);
        let mut hits = pairs.wrapping_sub(ONES) & !pairs & HIGHS;
        while hits != 0 {
            if dot_segment_at(at + (hits.trailing_zeros() / 8) as usize) {
                return true;
            }
            hits &= hits - 1;
        }
        false
    };
    if bytes.len() < 8 {
        return found(0, short_word(bytes), 0);
    }
    // Whole words, then the last eight bytes (which may overlap the last word read).
    let last = bytes.len() - 8;
    let mut before = 0;
    let mut at = 0;
    while at < last {
        let word = word_at(bytes, at);
        if found(at, word, before) {
            return true;
        }
        before = word >> 56;
        at += 8;
    }
    found(last, word_at(bytes, last), if last == 0 { 0 } else { u64::from(bytes[last - 1]) })
}

/// The bytes of `bytes`, fewer than eight, as a little-endian word with zeros above them: two
/// loads that overlap, where a byte at a time would take a step per byte.
#[inline]
fn short_word(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    debug_assert!(n < 8);
    if n >= 4 {
        let low = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let high = u32::from_le_bytes([bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]]);
        // The bytes both loads hold are the same, so or-ing them changes nothing.
        u64::from(low) | u64::from(high) << ((n - 4) * 8)
    } else if n >= 2 {
        let low = u16::from_le_bytes([bytes[0], bytes[1]]);
        let high = u16::from_le_bytes([bytes[n - 2], bytes[n - 1]]);
        u64::from(low) | u64::from(high) << ((n - 2) * 8)
    } else {
        bytes.first().map_or(0, |&b| u64::from(b))
    }
}

/// Bit 7 of each byte of the result is set exactly where `word` has a zero byte.
#[inline]
fn zero_bytes(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((word & LOW7).wrapping_add(LOW7)) | word | LOW7)
}

/// Eight bytes of `bytes` from `at`, little-endian.
#[inline]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// The first index at or after `from` where `bytes` holds `needle`, eight bytes at a time.
#[inline]
fn find_byte(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    let repeated = u64::from_le_bytes([needle; 8]);
    let mut i = from;
    while i + 8 <= bytes.len() {
        let hits = zero_bytes(word_at(bytes, i) ^ repeated);
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i.min(bytes.len())..].iter().position(|&b| b == needle).map(|p| i + p)
}

/// The index of the last `/` of `text`, eight bytes at a time.
#[inline]
pub(crate) fn last_slash(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let repeated = u64::from_le_bytes([b'/'; 8]);
    let mut end = bytes.len();
    while end >= 8 {
        let hits = zero_bytes(word_at(bytes, end - 8) ^ repeated);
        if hits != 0 {
            return Some(end - 8 + 7 - (hits.leading_zeros() / 8) as usize);
        }
        end -= 8;
    }
    bytes[..end].iter().rposition(|&b| b == b'/')
}

/// The state of section 5.2.4's loop, fed one segment at a time.
struct DotRemover<'o> {
    out: &'o mut String,
    /// Where the path starts in `out`: `..` never removes anything before it.
    start: usize,
    /// Whether no segment has been written yet and the input did not start with `/`: rules A
    /// and D of section 5.2.4 only apply there.
    leading: bool,
}

impl DotRemover<'_> {
    /// Feeds the segments of `piece`. With `continues`, `piece` is the directory part of a
    /// merged path: it ends with `/`, and that `/` leads the next piece's first segment (unless
    /// rule A removed it with a leading dot segment).
    fn run(&mut self, piece: &str, continues: bool) {
        let body = if continues { &piece[..piece.len() - 1] } else { piece };
        if continues && body.is_empty() {
            // The directory is just "/": the next piece's first segment is led by it.
            self.leading = false;
            return;
        }
        if body.is_empty() {
            return;
        }
        let mut slash_led = body.starts_with('/') || !self.leading;
        let mut start = usize::from(body.starts_with('/'));
        if slash_led {
            self.leading = false;
        }
        let bytes = body.as_bytes();
        // Segments that are neither `.` nor `..` and follow a `/` are written as they are, `/`
        // included: a run of them is one slice of `body`, written at once from `plain` (the
        // index of its first `/`) when a dot segment or the end comes.
        let mut plain: Option<usize> = None;
        loop {
            let end = find_byte(bytes, start, b'/').unwrap_or(bytes.len());
            let last = end == bytes.len();
            let segment = &body[start..end];
            if slash_led && segment != "." && segment != ".." {
                if plain.is_none() {
                    if start == 0 {
                        // The `/` before this segment ends the previous piece.
                        self.out.push('/');
                        plain = Some(0);
                    } else {
                        plain = Some(start - 1);
                    }
                }
            } else {
                if let Some(from) = plain.take() {
                    self.out.push_str(&body[from..start.saturating_sub(1)]);
                }
                self.segment(segment, slash_led, last && !continues);
            }
            if last {
                break;
            }
            start = end + 1;
            slash_led = !self.leading;
        }
        if let Some(from) = plain {
            self.out.push_str(&body[from..]);
        }
    }

    fn segment(&mut self, segment: &str, slash_led: bool, last: bool) {
        let dots = match segment {
            "." => 1,
            ".." => 2,
            _ => 0,
        };
        if !slash_led {
            // Rules A and D: a leading "./" or "../" is dropped, and so is a final "." or "..";
            // the segment after a dropped one is again not led by a slash.
            if dots == 0 {
                self.out.push_str(segment);
                self.leading = false;
            }
            return;
        }
        match dots {
            // Rule B: "/./" becomes "/", and a final "/." becomes "/".
            1 => {}
            // Rule C: like B, and the last segment written goes, with the "/" before it.
            2 => {
                let cut = last_slash(&self.out[self.start..]).unwrap_or(0);
                self.out.truncate(self.start + cut);
            }
            // Rule E: the segment moves to the output with its "/".
            _ => {
                self.out.push('/');
                self.out.push_str(segment);
                return;
            }
        }
        if last {
            self.out.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::prelude::rust_2021::*;

    /// Every string of `len` bytes over `alphabet`.
    fn strings(alphabet: &[u8], len: usize) -> Vec<String> {
        (0..alphabet.len().pow(len as u32))
            .map(|mut n| {
                (0..len)
                    .map(|_| {
                        let c = alphabet[n % alphabet.len()] as char;
                        n /= alphabet.len();
                        c
                    })
                    .collect()
            })
            .collect()
    }

    /// `has_dot_segment` against the definition: some segment is `.` or `..`.
    fn assert_dot_segments_found(path: &str) {
        let expected = path.split('/').any(|segment| segment == "." || segment == "..");
        assert_eq!(has_dot_segment(path), expected, "{path:?}");
    }

    #[test]
    fn has_dot_segment_finds_exactly_the_segments_that_are_dots() {
        // Lengths on both sides of the eight-byte words and of the short loads (2, 4, 8).
        for len in 0..=11 {
            for path in strings(b"/.a", len) {
                assert_dot_segments_found(&path);
            }
        }
    }

    #[test]
    fn has_dot_segment_finds_them_after_long_heads() {
        // Every short tail after heads that put it on each side of a word's edge, a segment
        // starting in one word and ending in the next, and the overlapping last word; up to 85
        // bytes, on both sides of the 64 bytes `dot_scan` screens.
        for filler in ["", "a", "/", "a/"] {
            for repeat in 0..=40 {
                let head = filler.repeat(repeat);
                for tail_len in 0..=5 {
                    for tail in strings(b"/.a", tail_len) {
                        assert_dot_segments_found(&format!("{head}{tail}"));
                    }
                }
            }
        }
    }

    #[test]
    fn short_word_holds_the_bytes_and_zeros_above() {
        let bytes: Vec<u8> = (1..=7).collect();
        for len in 0..8 {
            let mut expected = [0u8; 8];
            expected[..len].copy_from_slice(&bytes[..len]);
            assert_eq!(short_word(&bytes[..len]), u64::from_le_bytes(expected), "{len} bytes");
        }
    }
}
