//! The public API's standard traits and conversions: borrowed and owned types agree on equality,
//! ordering and hashing (all by text), compare with strings and with one another, and convert
//! with `TryFrom`/`AsRef`; every public type is `Send` and `Sync`.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use uri::{
    Authority, BuildError, BuildErrorKind, Builder, Component, Components, DecodeError, Delimiter, EncodeSet,
    FindUris, FoundUri, HostKind, Normalization, ParseError, ResolveOptions, Rule, Uri, UriBuf, UriRef,
    UriRefBuf,
};

/// `a == b` and `b == a`, each through its own `PartialEq` implementation.
fn equal_both_ways<A: PartialEq<B> + ?Sized, B: PartialEq<A> + ?Sized>(a: &A, b: &B) -> bool {
    a.eq(b) && b.eq(a)
}

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

#[test]
fn every_public_type_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<UriRef<'static>>();
    check::<Uri<'static>>();
    check::<Authority<'static>>();
    check::<UriRefBuf>();
    check::<UriBuf>();
    check::<ParseError>();
    check::<DecodeError>();
    check::<BuildError>();
    check::<BuildErrorKind>();
    check::<Component>();
    check::<Builder>();
    check::<EncodeSet>();
    check::<Normalization>();
    check::<Components>();
    check::<ResolveOptions>();
    check::<HostKind>();
    check::<Rule>();
    check::<FindUris<'static>>();
    check::<FoundUri<'static>>();
    check::<Delimiter>();
}

#[test]
fn error_types_are_std_errors() {
    fn check<E: std::error::Error + Send + Sync + 'static>() {}
    check::<ParseError>();
    check::<DecodeError>();
    check::<BuildError>();
}

#[test]
fn borrowed_types_compare_with_strings_both_ways() {
    let text = "http://u@h:1/p?q#f";
    let r = UriRef::parse(text).unwrap();
    let uri = Uri::parse(text).unwrap();
    let authority = r.authority().unwrap();
    assert!(
        equal_both_ways(&r, text) && equal_both_ways(&r, &text) && equal_both_ways(&r, &String::from(text))
    );
    assert!(equal_both_ways(&uri, text) && equal_both_ways(&uri, &text));
    assert!(equal_both_ways(&uri, &String::from(text)));
    assert!(equal_both_ways(&authority, "u@h:1") && equal_both_ways(&authority, &"u@h:1"));
    assert!(equal_both_ways(&authority, &String::from("u@h:1")));
    assert!(r != "HTTP://u@h:1/p?q#f");
    assert_eq!(AsRef::<str>::as_ref(&r), text);
    assert_eq!(AsRef::<str>::as_ref(&uri), text);
    assert_eq!(AsRef::<str>::as_ref(&authority), "u@h:1");
}

#[test]
fn uri_and_reference_types_compare_with_one_another() {
    let text = "s://h/p";
    let r = UriRef::parse(text).unwrap();
    let uri = Uri::parse(text).unwrap();
    let r_buf = UriRefBuf::parse(text).unwrap();
    let uri_buf = UriBuf::parse(text).unwrap();
    assert!(equal_both_ways(&r, &uri));
    assert!(equal_both_ways(&uri_buf, &r_buf));
    assert!(equal_both_ways(&uri_buf, &r));
    assert!(equal_both_ways(&r_buf, &uri));
    assert!(equal_both_ways(&uri_buf, &uri) && equal_both_ways(&r_buf, &r));
    assert!(equal_both_ways(&String::from(text), &uri_buf) && equal_both_ways(&String::from(text), &r_buf));
    let other = UriRefBuf::parse("s://h/q").unwrap();
    assert!(!equal_both_ways(&other, &uri_buf) && !equal_both_ways(&uri, &other));
}

#[test]
fn borrowed_and_owned_order_and_hash_alike() {
    let texts = ["b:x", "a:z", "a:y", "http://h/", "a:y?"];
    let borrowed: Vec<UriRef<'_>> = texts.iter().map(|t| UriRef::parse(t).unwrap()).collect();
    for (i, a) in borrowed.iter().enumerate() {
        for (j, b) in borrowed.iter().enumerate() {
            let expected = texts[i].cmp(texts[j]);
            assert_eq!(a.cmp(b), expected);
            assert_eq!(a.partial_cmp(b), Some(expected));
            let (ua, ub) = (a.as_uri().unwrap(), b.as_uri().unwrap());
            assert_eq!(ua.cmp(&ub), expected);
            assert_eq!(a.to_buf().cmp(&b.to_buf()), expected);
            assert_eq!(ua.to_buf().cmp(&ub.to_buf()), expected);
            assert_eq!(a == b, expected == Ordering::Equal);
        }
        // `Borrow<str>` for the owned types needs their hash to be the text's; the borrowed
        // types hash the same way.
        assert_eq!(hash_of(a), hash_of(texts[i]));
        assert_eq!(hash_of(&a.to_buf()), hash_of(texts[i]));
        assert_eq!(hash_of(&a.as_uri().unwrap()), hash_of(texts[i]));
    }
    let sorted: BTreeSet<UriRef<'_>> = borrowed.into_iter().collect();
    let sorted: Vec<&str> = sorted.iter().map(UriRef::as_str).collect();
    assert_eq!(sorted, ["a:y", "a:y?", "a:z", "b:x", "http://h/"]);

    let a = UriRef::parse("//a:1").unwrap().authority().unwrap();
    let b = UriRef::parse("//a:2").unwrap().authority().unwrap();
    assert_eq!(a.cmp(&b), Ordering::Less);
    assert_eq!(hash_of(&a), hash_of("a:1"));
}

#[test]
fn borrowed_types_convert_with_try_from() {
    let r = UriRef::try_from("x:y").unwrap();
    assert_eq!(r.scheme(), Some("x"));
    assert_eq!(UriRef::try_from("a b").unwrap_err(), UriRef::parse("a b").unwrap_err());
    let uri = Uri::try_from("x:y").unwrap();
    assert_eq!(Uri::try_from(r).unwrap(), uri);
    assert_eq!(Uri::try_from("/rel").unwrap_err(), Uri::parse("/rel").unwrap_err());
    let relative = UriRef::parse("rel/x").unwrap();
    let err = Uri::try_from(relative).unwrap_err();
    assert_eq!((err.rule(), err), (Rule::Uri, Uri::parse("rel/x").unwrap_err()));
}

#[test]
fn uri_parse_errors_are_unchanged_by_the_reference_parser() {
    // `Uri::parse` reports where the URI rule stops, whether or not the text is a reference.
    for text in ["//a/b%", "a b", "/x", "x:a%zz", "", "1a:b", "a:b c", "http://[::1"] {
        let err = Uri::parse(text).unwrap_err();
        assert_eq!(err.index(), Rule::Uri.valid_up_to(text.as_bytes()), "{text:?}");
        assert_eq!(err.rule(), Rule::Uri);
    }
}

#[test]
fn owned_references_lend_a_uri() {
    let owned = UriRefBuf::parse("s:p?q").unwrap();
    assert_eq!(owned.as_uri().unwrap(), "s:p?q");
    assert_eq!(owned.as_uri().unwrap().query(), Some("q"));
    assert!(UriRefBuf::parse("p").unwrap().as_uri().is_none());
    // A resolution result (no offsets held yet) lends one too.
    let base = Uri::parse("s://h/a/b").unwrap();
    let resolved: UriRefBuf = base.resolve(&UriRef::parse("../c").unwrap()).into();
    assert_eq!(resolved.as_uri().unwrap().path(), "/c");
}

#[test]
fn uris_and_references_make_builders_alike() {
    let uri = Uri::parse("http://u@h:8/p?q#f").unwrap();
    assert_eq!(uri.to_builder(), uri.as_uri_ref().to_builder());
    assert_eq!(uri.to_builder().build_uri().unwrap(), uri);
}

#[test]
fn normalized_eq_agrees_with_normalize() {
    let texts = ["http://a", "HTTP://A:80/", "http://a/./b/..", "a/..", "./", "//H/%7e", "//h/~"];
    for a in texts {
        for b in texts {
            let (ra, rb) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
            assert_eq!(ra.normalized_eq(&rb), ra.normalize() == rb.normalize(), "{a} {b}");
        }
    }
}

#[test]
fn find_uris_is_fused() {
    fn fused<I: std::iter::FusedIterator>(_: &I) {}
    let mut found = uri::find_uris("see http://a/b.");
    fused(&found);
    assert_eq!(found.next().unwrap().as_str(), "http://a/b");
    assert!(found.next().is_none() && found.next().is_none());
}

#[test]
fn ipv6_hosts_become_addresses_in_every_form_of_the_grammar() {
    // One or more examples of each alternative of `IPv6address` (RFC 3986 section 3.2.2).
    for host in [
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "::2:3:4:5:6:7:8",
        "::2:3:4:5:6:1.2.3.4",
        "::3:4:5:6:7:8",
        "1::3:4:5:6:7:8",
        "1::4:5:6:7:8",
        "1:2::4:5:6:7:8",
        "1:2:3::5:6:7:8",
        "1:2:3:4::6:7:8",
        "1:2:3:4:5::7:8",
        "1:2:3:4:5:6::8",
        "1:2:3:4:5:6:7::",
        "1:2:3:4:5::8",
        "::",
        "::1",
        "::ffff:192.0.2.1",
        "ffff::192.0.2.1",
        "FFFF:abcd::0",
    ] {
        assert!(Rule::Ipv6address.matches(host.as_bytes()), "{host}");
        let text = format!("//[{host}]");
        let r = UriRef::parse(&text).unwrap();
        let authority = r.authority().unwrap();
        assert_eq!(authority.host_kind(), HostKind::Ipv6, "{host}");
        assert_eq!(authority.ipv6(), host.parse().ok(), "{host}");
        assert!(authority.ipv6().is_some(), "{host}");
    }
}

#[test]
fn rules_display_as_their_abnf_names() {
    for rule in uri::Rule::ALL {
        assert_eq!(rule.to_string(), rule.name());
        assert_eq!(uri::Rule::from_name(&rule.to_string()), Some(rule));
    }
    assert_eq!(uri::Rule::UriReference.to_string(), "URI-reference");
}
