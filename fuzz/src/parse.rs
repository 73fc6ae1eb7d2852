//! `UriRef::parse` and `Uri::parse` on arbitrary bytes: they agree with the recognizer, the
//! components recompose to the input at the offsets they were taken from, every span matches
//! its own rule, host kinds agree with the rules and the standard library's address parsers,
//! and an error's index and expected set agree with the recognizer's tables.

use std::net::{Ipv4Addr, Ipv6Addr};

use uri::{Authority, HostKind, ParseError, Rule, Uri, UriRef, UriRefBuf};

use super::{in_set, offset_in};

/// Checks one input.
pub fn check(data: &[u8]) {
    let recognized = Rule::UriReference.matches(data);
    if let Some(first) = data.iter().position(|b| !b.is_ascii()) {
        // A URI is ASCII: no byte above 0x7F is part of one, in UTF-8 or not.
        assert!(!recognized, "non-ASCII input recognized: {data:?}");
        assert!(Rule::UriReference.valid_up_to(data) <= first, "error after a non-ASCII byte: {data:?}");
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    match UriRef::parse(text) {
        Ok(r) => {
            assert!(recognized, "parsed but not recognized: {text:?}");
            check_reference(text, &r);
            check_uri(text, &r);
            let owned = UriRefBuf::parse(text).expect("owned parse agrees");
            assert_eq!(format!("{:?}", owned.as_uri_ref()), format!("{r:?}"));
        }
        Err(e) => {
            assert!(!recognized, "recognized but not parsed: {text:?}");
            check_error(data, &e, Rule::UriReference);
            let uri_error = Uri::parse(text).expect_err("not a reference, so not a URI");
            check_error(data, &uri_error, Rule::Uri);
            assert!(UriRefBuf::parse(text).is_err());
        }
    }
}

/// The components of a successful parse.
fn check_reference(text: &str, r: &UriRef<'_>) {
    assert_eq!(r.as_str(), text);
    assert_eq!(r.to_string(), text);
    let mut at = 0;
    if let Some(scheme) = r.scheme() {
        assert!(Rule::Scheme.matches(scheme.as_bytes()), "scheme {scheme:?} of {text:?}");
        expect_at(text, &mut at, scheme, "scheme");
        assert_eq!(&text[at..=at], ":");
        at += 1;
    }
    if let Some(authority) = r.authority() {
        assert_eq!(&text[at..at + 2], "//");
        at += 2;
        expect_at(text, &mut at, authority.as_str(), "authority");
        check_authority(text, &authority);
    }
    let path = r.path();
    let path_rules: &[Rule] = match (r.scheme(), r.authority()) {
        (_, Some(_)) => &[Rule::PathAbempty],
        (Some(_), None) => &[Rule::PathAbsolute, Rule::PathRootless, Rule::PathEmpty],
        (None, None) => &[Rule::PathAbsolute, Rule::PathNoscheme, Rule::PathEmpty],
    };
    assert!(path_rules.iter().any(|rule| rule.matches(path.as_bytes())), "path {path:?} of {text:?}");
    if !path.is_empty() {
        expect_at(text, &mut at, path, "path");
    }
    if let Some(query) = r.query() {
        assert_eq!(&text[at..=at], "?");
        at += 1;
        assert!(Rule::Query.matches(query.as_bytes()), "query {query:?} of {text:?}");
        if !query.is_empty() {
            expect_at(text, &mut at, query, "query");
        }
    }
    if let Some(fragment) = r.fragment() {
        assert_eq!(&text[at..=at], "#");
        at += 1;
        assert!(Rule::Fragment.matches(fragment.as_bytes()), "fragment {fragment:?} of {text:?}");
        if !fragment.is_empty() {
            expect_at(text, &mut at, fragment, "fragment");
        }
    }
    assert_eq!(at, text.len(), "the components of {text:?} do not cover it");
}

/// Checks that `part` sits at `*at` in `text`, and moves `*at` past it.
fn expect_at(text: &str, at: &mut usize, part: &str, what: &str) {
    assert_eq!(offset_in(text, part), *at, "{what} {part:?} out of place in {text:?}");
    *at += part.len();
}

/// The parts of an authority, and what its host kind promises.
fn check_authority(text: &str, a: &Authority<'_>) {
    let whole = a.as_str();
    assert!(Rule::Authority.matches(whole.as_bytes()), "authority {whole:?} of {text:?}");
    let mut rebuilt = String::new();
    if let Some(userinfo) = a.userinfo() {
        assert!(Rule::Userinfo.matches(userinfo.as_bytes()), "userinfo {userinfo:?} of {text:?}");
        rebuilt.push_str(userinfo);
        rebuilt.push('@');
    }
    let host = a.host();
    assert!(Rule::Host.matches(host.as_bytes()), "host {host:?} of {text:?}");
    rebuilt.push_str(host);
    if let Some(port) = a.port() {
        assert!(Rule::Port.matches(port.as_bytes()), "port {port:?} of {text:?}");
        rebuilt.push(':');
        rebuilt.push_str(port);
        assert_eq!(a.port_u16(), port.parse::<u16>().ok());
    } else {
        assert_eq!(a.port_u16(), None);
    }
    assert_eq!(rebuilt, whole, "the parts of authority {whole:?} do not recompose");
    let inner = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    match a.host_kind() {
        HostKind::Ipv4 => {
            assert!(Rule::Ipv4address.matches(host.as_bytes()));
            let std = host.parse::<Ipv4Addr>().ok();
            assert!(std.is_some() && a.ipv4() == std, "IPv4 host {host:?}: std says {std:?}");
            assert_eq!(a.ipv6(), None);
        }
        HostKind::Ipv6 => {
            let inner = inner.expect("an IPv6 host is bracketed");
            assert!(Rule::Ipv6address.matches(inner.as_bytes()));
            let std = inner.parse::<Ipv6Addr>().ok();
            assert!(std.is_some() && a.ipv6() == std, "IPv6 host {host:?}: std says {std:?}");
            assert_eq!(a.ipv4(), None);
        }
        HostKind::IpvFuture => {
            let inner = inner.expect("an IPvFuture host is bracketed");
            assert!(Rule::IpvFuture.matches(inner.as_bytes()));
            assert!(!Rule::Ipv6address.matches(inner.as_bytes()));
            assert_eq!((a.ipv4(), a.ipv6()), (None, None));
        }
        HostKind::RegName => {
            // Section 3.2.2: a host that matches IPv4address is one, not a reg-name.
            assert!(Rule::RegName.matches(host.as_bytes()));
            assert!(!Rule::Ipv4address.matches(host.as_bytes()));
            assert_eq!((a.ipv4(), a.ipv6()), (None, None));
        }
        other => panic!("a host kind this check does not know: {other:?}"),
    }
}

/// `Uri::parse` accepts exactly the references with a scheme, with the same components.
fn check_uri(text: &str, r: &UriRef<'_>) {
    let bytes = text.as_bytes();
    assert_eq!(r.is_uri(), r.scheme().is_some());
    assert_eq!(Rule::Uri.matches(bytes), r.is_uri(), "{text:?}");
    assert_eq!(Rule::RelativeRef.matches(bytes), !r.is_uri(), "{text:?}");
    assert_eq!(Rule::AbsoluteUri.matches(bytes), r.is_uri() && r.fragment().is_none(), "{text:?}");
    match Uri::parse(text) {
        Ok(uri) => {
            assert!(r.is_uri());
            assert_eq!(format!("{:?}", uri.as_uri_ref()), format!("{r:?}"));
            assert_eq!(Some(uri.scheme()), r.scheme());
            assert_eq!(r.as_uri().map(|u| u.as_str()), Some(text));
        }
        Err(e) => {
            assert!(!r.is_uri() && r.as_uri().is_none());
            check_error(bytes, &e, Rule::Uri);
        }
    }
}

/// An error points at the first byte no match can continue with, and lists what could have.
fn check_error(data: &[u8], e: &ParseError, rule: Rule) {
    let index = e.index();
    assert_eq!(e.rule(), rule);
    assert_eq!(index, rule.valid_up_to(data), "{rule:?} error index for {data:?}");
    assert!(index <= data.len());
    assert_eq!(e.found(), data.get(index).copied());
    let prefix = &data[..index];
    assert_eq!(e.expects_end(), rule.matches(prefix));
    match e.found() {
        Some(byte) => assert!(!e.expects(byte), "{rule:?} error expects the byte it rejects: {data:?}"),
        None => assert!(!e.expects_end(), "{rule:?} error at the end of a match: {data:?}"),
    }
    // The expected set is the recognizer's continuation set of the prefix, and the bytes that
    // keep the prefix alive (walked for a few bytes: each walk re-reads the prefix).
    let (next, end) = rule.continuations(prefix);
    assert_eq!(end, e.expects_end());
    assert!((0..=255u8).all(|b| e.expects(b) == in_set(next, b)), "{rule:?} expected set for {data:?}");
    let mut longer = prefix.to_vec();
    for byte in [b'a', b'%', b'/', b':', b'[', e.found().unwrap_or(b'@')] {
        longer.push(byte);
        assert_eq!(
            e.expects(byte),
            rule.valid_up_to(&longer) == index + 1,
            "byte {byte:#x} after {prefix:?}"
        );
        longer.pop();
    }
    let message = e.to_string();
    let what = if rule == Rule::Uri { "invalid URI:" } else { "invalid URI reference:" };
    assert!(message.starts_with(what), "{message}");
}
