//! Reference resolution (RFC 3986 section 5.2) on arbitrary pairs: the input is a base and a
//! reference separated by the first line feed (a byte no URI holds). The result is a URI whose
//! components follow section 5.2.2, a merged path is what the RFC's steps give, strict
//! resolution is a fixpoint on its own results, and `remove_dot_segments` (section 5.2.4) gives
//! what the RFC's loop gives, leaves no dot segment and is idempotent.

use uri::{remove_dot_segments, ResolveOptions, Uri, UriRef};

/// Checks one input.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check_remove_dot_segments(text);
    let Some((base, reference)) = text.split_once('\n') else { return };
    let (Ok(base), Ok(r)) = (Uri::parse(base), UriRef::parse(reference)) else { return };
    for options in [ResolveOptions::STRICT, ResolveOptions::NON_STRICT] {
        let target = base.resolve_with(&r, options);
        let fresh = Uri::parse(target.as_str()).unwrap_or_else(|e| panic!("{target:?} is not a URI: {e}"));
        assert_eq!(format!("{:?}", fresh), format!("{:?}", target.as_uri()));
        let mut buffer = String::from("kept ");
        base.resolve_into(&r, options, &mut buffer);
        assert_eq!(buffer.strip_prefix("kept "), Some(target.as_str()));
        // Section 5.2.2: the fragment is always the reference's.
        assert_eq!(target.fragment(), r.fragment());
        let takes_reference =
            r.scheme().is_some_and(|s| !options.is_non_strict() || !s.eq_ignore_ascii_case(base.scheme()));
        if takes_reference {
            assert_eq!(Some(target.scheme()), r.scheme());
        } else {
            assert_eq!(target.scheme(), base.scheme());
        }
        let authority = target.authority().map(|a| a.as_str().to_owned());
        if takes_reference || r.authority().is_some() {
            assert_eq!(authority.as_deref(), r.authority().map(|a| a.as_str()), "{base} + {r}");
            assert_eq!(target.query(), r.query());
        } else {
            assert_eq!(authority.as_deref(), base.authority().map(|a| a.as_str()), "{base} + {r}");
            let query = if r.path().is_empty() && r.query().is_none() { base.query() } else { r.query() };
            assert_eq!(target.query(), query, "{base} + {r}");
        }
        // A path merged with the base's (section 5.2.3) is what the RFC's steps give on the
        // merged string, with `/.` in front of a `//` that would read as an authority.
        if !takes_reference && r.authority().is_none() && !r.path().is_empty() && !r.path().starts_with('/') {
            let directory = match base.path().rfind('/') {
                Some(slash) => &base.path()[..=slash],
                None if base.authority().is_some() => "/",
                None => "",
            };
            let mut expected = literal_remove_dot_segments(&format!("{directory}{}", r.path()));
            if base.authority().is_none() && expected.starts_with("//") {
                expected.insert_str(0, "/.");
            }
            assert_eq!(target.path(), expected, "{base} + {r}");
        }
        // Section 5.2.2 applies `remove_dot_segments` to every path but one: the base's, copied
        // as it is when the reference has no scheme (or a dropped one), no authority and no path.
        let keeps_base_path = !takes_reference && r.authority().is_none() && r.path().is_empty();
        if !keeps_base_path {
            let path = target.path();
            let unguarded = path.strip_prefix("/.").filter(|rest| rest.starts_with("//")).unwrap_or(path);
            assert!(!has_dot_segment(unguarded), "{target:?}");
        }
    }
    let target = base.resolve(&r);
    assert_eq!(r.resolve_against(&base), target);
    // A strict result whose path went through section 5.2.4 has a scheme and no dot segments:
    // resolving it again changes nothing.
    if r.scheme().is_some() || r.authority().is_some() || !r.path().is_empty() {
        assert_eq!(base.resolve(&target.as_uri_ref()), target, "{base} + {r}");
    }
}

/// Section 5.2.4 on any string.
fn check_remove_dot_segments(path: &str) {
    let removed = remove_dot_segments(path);
    assert_eq!(removed, literal_remove_dot_segments(path), "{path:?}");
    assert!(!has_dot_segment(&removed), "{path:?} gives {removed:?}");
    assert_eq!(remove_dot_segments(&removed), removed, "{path:?}");
    assert!(removed.len() <= path.len(), "{path:?} gives {removed:?}");
}

/// Whether some `/`-separated segment of `path` is `.` or `..`.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|segment| segment == "." || segment == "..")
}

/// The loop of RFC 3986 section 5.2.4 step by step, on an input buffer and an output buffer,
/// as a reference for the single-pass implementation (the resolution tests use it too).
pub fn literal_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            input = rest.to_owned();
        } else if input.starts_with("/./") || input == "/." {
            input = format!("/{}", &input[if input == "/." { 2 } else { 3 }..]);
        } else if input.starts_with("/../") || input == "/.." {
            input = format!("/{}", &input[if input == "/.." { 3 } else { 4 }..]);
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}
