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

use crate::layout::{AuthorityParts, HostSource, Parts};
use crate::resolve::has_dot_segment;
use crate::{remove_dot_segments, Uri, UriRef, UriRefBuf};

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
        let (mut path, mut authority) = (None::<String>, None);
        if same_authority {
            let absolute = wanted.starts_with('/').then(|| {
                let mut path = String::with_capacity(wanted.len() + 2);
                if wanted.starts_with("//") {
                    path.push_str("/.");
                }
                path.push_str(wanted);
                path
            });
            path = match (relative_path(&base, wanted), absolute) {
                (Some(relative), Some(absolute)) if absolute.len() < relative.len() => Some(absolute),
                (Some(relative), _) => Some(relative),
                (None, absolute) => absolute,
            };
        }
        if let Some(a) = t.authority() {
            let network = 2 + a.as_str().len() + t_path.len();
            if path.as_ref().is_none_or(|path| network < path.len()) {
                (path, authority) = (None, Some(a));
            }
        }
        let shortest = path.as_ref().map_or(usize::MAX, String::len);
        let network = authority.map_or(shortest, |a| 2 + a.as_str().len() + t_path.len());
        let whole = t.scheme().map_or(0, |s| s.len() + 1) + t.authority().map_or(0, |a| 2 + a.as_str().len());
        if whole + t_path.len() < network {
            return t.to_buf();
        }
        if let Some(a) = authority {
            let captures = t.captures();
            parts.authority = Some(AuthorityParts {
                userinfo: a.userinfo(),
                host: a.host(),
                port: a.port(),
                source: HostSource::Kept { captures, at: captures.host().map_or(0, |(start, _)| start) },
            });
            parts.path = t_path;
            return built(parts, &t);
        }
        match &path {
            Some(path) => {
                parts.path = path;
                built(parts, &t)
            }
            None => t.to_buf(),
        }
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
fn relative_path(base: &UriRef<'_>, wanted: &str) -> Option<String> {
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
    let mut path = String::with_capacity(3 * ups + rest.len() + 2);
    if ups > 0 {
        for _ in 1..ups {
            path.push_str("../");
        }
        path.push_str(if rest.is_empty() { ".." } else { "../" });
    } else if rest.is_empty() {
        path.push('.');
    } else if rest.starts_with('/') || rest.split('/').next().is_some_and(|first| first.contains(':')) {
        path.push_str("./");
    }
    path.push_str(rest);
    Some(path)
}
