//! [`Uri::relativize`]: the shortest reference that resolves (RFC 3986 section 5.2, strict)
//! against a base to a given target, the inverse of resolution.
//!
//! A reference without scheme takes the base's scheme, one without authority the base's
//! authority, and one with an empty path the base's path (and then its query, unless it has its
//! own). Every other path goes through dot-segment removal (section 5.2.4), so the candidates
//! are, shortest first: a fragment alone or nothing; a query and fragment; a path written
//! relative to the base's directory (with `..` to climb) or from the root; a network-path
//! reference; the target whole. The first one that resolves to the target and is shortest is
//! returned; its component offsets are worked out as it is written (no parse).

use crate::layout::{empty_captures, AuthorityParts, HostSource, Parts, Spans};
use crate::resolve::has_dot_segment;
use crate::{remove_dot_segments, Uri, UriRef, UriRefBuf};
use alloc::string::String;

impl Uri<'_> {
    /// The shortest reference `r` with `self.resolve(&r) == target` (strict resolution); the
    /// base's fragment plays no part.
    ///
    /// - A target whose scheme differs from the base's (as text: `HTTP` is not `http`) is
    ///   returned whole.
    /// - Where only the scheme is the same, the result is a network-path reference (`//host/p`).
    /// - Otherwise it is the shortest of: the target's fragment (`#f`, or the empty reference
    ///   when the target is the base without fragment); its query and fragment (`?q#f`) when
    ///   the paths are the same; a relative path (`../c`, `./a:b` where the first segment holds
    ///   a `:`, `.` for the base's directory itself, `.//x` for a segment that is empty); an
    ///   absolute path (`/a`, `/.//a` for a path that starts with `//`); a network-path
    ///   reference; the target whole (`s:c` from `s:a/b/c`, where `../../c` is longer). On a
    ///   tie the first of these is taken.
    ///
    /// # Targets with dot segments
    ///
    /// Resolution removes dot segments from every path it merges or takes from the reference,
    /// so no reference gives a target whose path has `.` or `..` segments, except through the
    /// one path resolution copies as it is, the base's: when the target has the base's scheme,
    /// authority and path (dot segments and all) and a query (or, like the base, none), the
    /// result is its query and fragment, as above. Any other target with dot segments is returned whole (resolving that gives the
    /// target with its dot segments removed). [`Uri::normalize`] the target first to get a
    /// reference that resolves to its normal form.
    ///
    /// ```
    /// use uri::Uri;
    ///
    /// let base = Uri::parse("http://example.com/a/b/c?q").unwrap();
    /// let relative = |target: &str| base.relativize(&Uri::parse(target).unwrap()).into_string();
    /// assert_eq!(relative("http://example.com/a/b/c?q#top"), "#top");
    /// assert_eq!(relative("http://example.com/a/b/c?r"), "?r");
    /// assert_eq!(relative("http://example.com/a/b/d"), "d");
    /// assert_eq!(relative("http://example.com/a/x/y"), "../x/y");
    /// assert_eq!(relative("http://example.com/z"), "/z");
    /// assert_eq!(relative("http://example.com/a/b/"), ".");
    /// assert_eq!(relative("http://example.com/a/b/c"), "c");
    /// assert_eq!(relative("http://other.example/a"), "//other.example/a");
    /// assert_eq!(relative("https://example.com/a"), "https://example.com/a");
    /// // A target with dot segments: no reference resolves to it.
    /// assert_eq!(relative("http://example.com/a/../b"), "http://example.com/a/../b");
    ///
    /// let target = Uri::parse("http://example.com/a/x?y#z").unwrap();
    /// assert_eq!(base.resolve(&base.relativize(&target).as_uri_ref()), target);
    /// ```
    pub fn relativize(&self, target: &Uri<'_>) -> UriRefBuf {
        let (base, t) = (self.as_uri_ref(), target.as_uri_ref());
        if base.scheme() != t.scheme() {
            return t.to_buf();
        }
        let same_authority = base.authority().map(|a| a.as_str()) == t.authority().map(|a| a.as_str());
        let mut parts =
            Parts { scheme: None, authority: None, path: "", query: t.query(), fragment: t.fragment() };
        if same_authority && base.path() == t.path() {
            if t.query() == base.query() {
                parts.query = None;
                return built(parts, &t);
            }
            if t.query().is_some() {
                return built(parts, &t);
            }
        }
        let t_path = t.path();
        // What dot-segment removal must give: resolution writes `/.` before a path that starts
        // with `//` where there is no authority, so that `/.` is not to be made by the path.
        let wanted = match t.authority() {
            None if t_path.starts_with("/.//") => &t_path[2..],
            _ => t_path,
        };
        if has_dot_segment(wanted) {
            return t.to_buf();
        }
        // The part before the query of each candidate, by length: a path against the base's
        // authority, a network-path reference, the target whole.
        let mut path = None;
        if same_authority {
            let absolute = wanted.starts_with('/').then(|| PathForm {
                ups: 0,
                lead: if wanted.starts_with("//") { "/." } else { "" },
                rest: wanted,
            });
            path = match (relative_path(&base, wanted), absolute) {
                (Some(relative), Some(absolute)) if absolute.len() < relative.len() => Some(absolute),
                (Some(relative), _) => Some(relative),
                (None, absolute) => absolute,
            };
        }
        let shortest = path.as_ref().map_or(usize::MAX, PathForm::len);
        let network = t.authority().map_or(usize::MAX, |a| 2 + a.as_str().len() + t_path.len());
        let whole = t.scheme().map_or(0, |s| s.len() + 1) + t.authority().map_or(0, |a| 2 + a.as_str().len());
        if whole + t_path.len() < shortest.min(network) {
            return t.to_buf();
        }
        match (path, t.authority()) {
            (Some(path), _) if path.len() <= network => with_path(&path, &t),
            (_, Some(a)) => {
                let captures = t.captures();
                parts.authority = Some(AuthorityParts {
                    userinfo: a.userinfo(),
                    host: a.host(),
                    port: a.port(),
                    source: HostSource::Kept {
                        captures,
                        at: captures.host(t.as_str().len()).map_or(0, |(start, _)| start),
                    },
                });
                parts.path = t_path;
                built(parts, &t)
            }
            _ => t.to_buf(),
        }
    }
}

/// A path written as `..` segments, a lead and the rest of the target's path: `../` `ups`
/// times (the last one `..` when nothing follows), then `lead` (`.`, `./` or `/.`), then `rest`.
struct PathForm<'a> {
    ups: usize,
    lead: &'static str,
    rest: &'a str,
}

impl PathForm<'_> {
    fn len(&self) -> usize {
        3 * self.ups - usize::from(self.ups > 0 && self.rest.is_empty()) + self.lead.len() + self.rest.len()
    }

    fn write(&self, out: &mut String) {
        for up in 1..=self.ups {
            out.push_str(if up == self.ups && self.rest.is_empty() { ".." } else { "../" });
        }
        out.push_str(self.lead);
        out.push_str(self.rest);
    }
}

/// The relative reference made of `path` and the target's query and fragment, written at once
/// with its offsets.
fn with_path(path: &PathForm<'_>, t: &UriRef<'_>) -> UriRefBuf {
    let (query, fragment) = (t.query(), t.fragment());
    let tail_len = query.map_or(0, |q| q.len() + 1) + fragment.map_or(0, |f| f.len() + 1);
    let tail = &t.as_str()[t.as_str().len() - tail_len..];
    let mut out = String::with_capacity(path.len() + tail_len);
    path.write(&mut out);
    let path_end = out.len();
    out.push_str(tail);
    let mut spans = Spans { path: Some((0, path_end)), ..Spans::default() };
    let mut at = path_end;
    if let Some(q) = query {
        spans.query = Some((at + 1, at + 1 + q.len()));
        at += q.len() + 1;
    }
    spans.fragment = fragment.map(|f| (at + 1, at + 1 + f.len()));
    match empty_captures() {
        Some(template) if out.len() < u32::MAX as usize => UriRefBuf::from_built(out, spans.apply(template)),
        _ => t.to_buf(),
    }
}

/// The reference made of `parts`; the target whole if it cannot be written (it always can).
fn built(parts: Parts<'_>, target: &UriRef<'_>) -> UriRefBuf {
    match parts.write() {
        Some((text, captures)) if text.len() < u32::MAX as usize => UriRefBuf::from_built(text, captures),
        _ => target.to_buf(),
    }
}

/// A relative-path reference's path that resolves against `base` to the path `wanted` (which
/// has no dot segments), if there is one: the base's directory climbed with `..` to the longest
/// directory it shares with `wanted`, then the rest of `wanted`.
fn relative_path<'a>(base: &UriRef<'_>, wanted: &'a str) -> Option<PathForm<'a>> {
    let base_path = base.path();
    // The merge of section 5.2.3: what a relative path goes after.
    let directory = match base_path.rfind('/') {
        _ if base.authority().is_some() && base_path.is_empty() => "/",
        Some(slash) => &base_path[..=slash],
        None => "",
    };
    let cleaned;
    let directory = if has_dot_segment(directory) {
        // Dot-segment removal of the merged path reads the directory first, and what it has
        // written when the directory ends (at a `/`) is the directory's own removal.
        cleaned = remove_dot_segments(directory);
        cleaned.as_str()
    } else {
        directory
    };
    let common = directory.bytes().zip(wanted.bytes()).take_while(|(a, b)| a == b).count();
    let shared = directory[..common].rfind('/').map_or(0, |slash| slash + 1);
    let ups = directory[shared..].bytes().filter(|&b| b == b'/').count();
    // Climbing out of a rootless path's first segment leaves a path with a `/` in front
    // (section 5.2.4 read literally), and from an absolute directory only an absolute path can
    // be reached: at least the first segment must be shared.
    if ups > 0 && shared == 0 {
        return None;
    }
    let rest = &wanted[shared..];
    let lead = if ups > 0 {
        ""
    } else if rest.is_empty() {
        "."
    } else if rest.bytes().find(|&b| b == b'/' || b == b':').is_some_and(|b| b == b':')
        || rest.starts_with('/')
    {
        "./"
    } else {
        ""
    };
    Some(PathForm { ups, lead, rest })
}
