//! Normalization (RFC 3986 section 6.2.2 and 6.2.3) on arbitrary references: every preset gives
//! a valid reference of the same kind and is idempotent, `normalize` keeps the reference's
//! meaning under resolution (section 5.2) against bases with an authority or an absolute path,
//! and `normalized_eq` is symmetric and agrees with comparing normal forms. An input with a line
//! feed is a pair of references, compared with each other.

use uri::{Normalization, Uri, UriRef};

/// Bases of both kinds the module documentation promises meaning is kept under.
const BASES: [&str; 3] = ["http://a/b/c/d;p?q", "s:/x/y/z?w", "S://U@H:1/%7e/./"];

/// Checks one input.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match text.split_once('\n') {
        Some((a, b)) => {
            check_one(a);
            check_one(b);
            check_pair(a, b);
        }
        None => check_one(text),
    }
}

fn check_one(text: &str) {
    let Ok(r) = UriRef::parse(text) else { return };
    assert_eq!(r.normalize_with(Normalization::NONE), text);
    for steps in
        [Normalization::NONE, Normalization::SYNTAX, Normalization::SCHEME_BASED, Normalization::FULL]
    {
        let once = r.normalize_with(steps);
        let fresh = UriRef::parse(once.as_str()).unwrap_or_else(|e| panic!("{once:?} is not valid: {e}"));
        assert_eq!(fresh.is_uri(), r.is_uri(), "{text:?} normalized to {once:?}");
        let twice = fresh.normalize_with(steps);
        assert_eq!(twice, once, "{steps:?} is not idempotent on {text:?}");
    }
    let normal = r.normalize();
    let n = normal.as_uri_ref();
    assert!(r.normalized_eq(&n) && n.normalized_eq(&r), "{text:?} and its normal form {normal:?}");
    if let Some(uri) = r.as_uri() {
        assert_eq!(uri.normalize().as_str(), normal.as_str());
        assert!(uri.normalized_eq(&Uri::parse(normal.as_str()).expect("a URI stays a URI")));
    }
    // Resolution (section 5.2.4) takes `%2E%2E` for a plain segment, while normalization
    // decodes it to `..` first (section 6.2.2.2) and then removes it (6.2.2.3): a reference
    // with encoded dots may resolve apart from its normal form, so meaning is only promised
    // without them.
    let encoded_dot = r.path().to_ascii_uppercase().contains("%2E");
    for base in BASES.iter().filter(|_| !encoded_dot) {
        let base = Uri::parse(base).expect("the bases are URIs");
        let original = base.resolve(&r).as_uri().normalize();
        let normalized = base.resolve(&n).as_uri().normalize();
        assert_eq!(original, normalized, "{text:?} and {normal:?} resolve apart against {base}");
    }
}

fn check_pair(a: &str, b: &str) {
    let (Ok(a), Ok(b)) = (UriRef::parse(a), UriRef::parse(b)) else { return };
    let equal = a.normalized_eq(&b);
    assert_eq!(equal, b.normalized_eq(&a), "{a} and {b}: normalized_eq is not symmetric");
    assert_eq!(equal, a.normalize() == b.normalize(), "{a} and {b}");
}
