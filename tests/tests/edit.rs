//! The setters of `UriRefBuf` and `UriBuf`: after any sequence of edits the value is what
//! parsing its text gives, component by component (the offsets were worked out, not parsed),
//! and each setter agrees with `Builder`, which checks every component with its rule and parses
//! the whole, on whether an edit is valid and on its result.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use uri::{UriBuf, UriRefBuf};

/// The value's components are those of a fresh parse of its text.
fn assert_as_parsed(r: &UriRefBuf) {
    let parsed = UriRefBuf::parse(r.as_str()).unwrap_or_else(|e| panic!("{r:?} does not parse: {e}"));
    assert_eq!(uri_tests::parts(&r.as_uri_ref()), uri_tests::parts(&parsed.as_uri_ref()), "{r:?}");
}

#[derive(Clone, Debug)]
enum Edit {
    Scheme(String),
    RemoveScheme,
    Userinfo(String),
    RemoveUserinfo,
    Host(String),
    Ip(IpAddr),
    RemoveAuthority,
    Port(Option<u16>),
    Path(String),
    PushSegment(String),
    PopSegment,
    Query(String),
    RemoveQuery,
    AppendPair(String, String),
    Fragment(String),
    RemoveFragment,
}

/// Text from pieces that are valid in some components and not in others.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "", "a", "B", "0", "1", "/", "//", ":", "@", "?", "#", "%41", "%", ".", "..", "-", "+", "&", "=",
            "[", "]", "::1", "1.2.3.4", " ", "é", "v1.x", "[::1]", "[v1.x]", "!",
        ]),
        0..5,
    )
    .prop_map(|pieces| pieces.concat())
}

fn edit() -> impl Strategy<Value = Edit> {
    let ip = prop_oneof![
        any::<[u8; 4]>().prop_map(|o| IpAddr::V4(Ipv4Addr::from(o))),
        prop::sample::select(vec![0u16, 1, 0xffff, 0xdb8]).prop_flat_map(|fill| {
            prop::collection::vec(prop::sample::select(vec![0u16, fill]), 8).prop_map(|fields| {
                let fields: [u16; 8] = fields.try_into().unwrap_or_default();
                IpAddr::V6(Ipv6Addr::from(fields))
            })
        }),
    ];
    prop_oneof![
        prop::sample::select(vec!["http", "S", "a+b.c-d", "1x", ""]).prop_map(|s| Edit::Scheme(s.into())),
        Just(Edit::RemoveScheme),
        text().prop_map(Edit::Userinfo),
        Just(Edit::RemoveUserinfo),
        text().prop_map(Edit::Host),
        ip.prop_map(Edit::Ip),
        Just(Edit::RemoveAuthority),
        prop::option::of(any::<u16>()).prop_map(Edit::Port),
        text().prop_map(Edit::Path),
        text().prop_map(Edit::PushSegment),
        Just(Edit::PopSegment),
        text().prop_map(Edit::Query),
        Just(Edit::RemoveQuery),
        (text(), text()).prop_map(|(k, v)| Edit::AppendPair(k, v)),
        text().prop_map(Edit::Fragment),
        Just(Edit::RemoveFragment),
    ]
}

fn start() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "a",
        "a/b",
        "/",
        "/a/",
        "s:",
        "s:a:b",
        "s:/x",
        "//h",
        "//h/x",
        "http://u@h:80/p?q#f",
        "http://[::1]/",
        "http://1.2.3.4",
        "file:///etc",
        "?q",
        "#f",
        "./a:b",
        "urn:isbn:1",
    ])
    .prop_map(str::to_owned)
}

/// What `Builder` makes of the same edit: `None` where it refuses, `Some(None)` where the
/// builder has no counterpart.
fn with_builder(r: &UriRefBuf, edit: &Edit) -> Option<Option<String>> {
    let b = r.to_builder();
    let host_set = r.authority().is_some();
    let built = match edit {
        Edit::Scheme(s) => b.scheme(s).build(),
        Edit::RemoveScheme => b.without_scheme().build(),
        Edit::Userinfo(u) if host_set => b.userinfo(u).build(),
        Edit::Userinfo(_) => return None,
        Edit::RemoveUserinfo => b.without_userinfo().build(),
        Edit::Host(h) => b.host(h).build(),
        Edit::Ip(IpAddr::V4(v4)) => b.host(&v4.to_string()).build(),
        Edit::Ip(IpAddr::V6(v6)) => b.host(&format!("[{}]", uri::ipv6_canonical(*v6))).build(),
        Edit::RemoveAuthority => b.without_authority().build(),
        Edit::Port(Some(p)) if host_set => b.port(*p).build(),
        Edit::Port(Some(_)) => return None,
        Edit::Port(None) => b.without_port().build(),
        Edit::Path(p) => b.path(p).build(),
        Edit::Query(q) => b.query(q).build(),
        Edit::RemoveQuery => b.without_query().build(),
        Edit::Fragment(f) => b.fragment(f).build(),
        Edit::RemoveFragment => b.without_fragment().build(),
        Edit::PushSegment(_) | Edit::PopSegment | Edit::AppendPair(..) => return Some(None),
    };
    built.ok().map(|r| Some(r.into_string()))
}

fn apply(r: &mut UriRefBuf, edit: &Edit) -> Result<(), uri::EditError> {
    match edit {
        Edit::Scheme(s) => r.set_scheme(s),
        Edit::RemoveScheme => r.remove_scheme(),
        Edit::Userinfo(u) => r.set_userinfo(u),
        Edit::RemoveUserinfo => {
            r.remove_userinfo();
            Ok(())
        }
        Edit::Host(h) => r.set_host(h),
        Edit::Ip(ip) => r.set_ip_host(*ip),
        Edit::RemoveAuthority => r.remove_authority(),
        Edit::Port(p) => r.set_port(*p),
        Edit::Path(p) => r.set_path(p),
        Edit::PushSegment(s) => r.push_segment(s),
        Edit::PopSegment => {
            r.pop_segment();
            Ok(())
        }
        Edit::Query(q) => r.set_query(q),
        Edit::RemoveQuery => {
            r.remove_query();
            Ok(())
        }
        Edit::AppendPair(k, v) => r.append_query_pair(k, v),
        Edit::Fragment(f) => r.set_fragment(f),
        Edit::RemoveFragment => {
            r.remove_fragment();
            Ok(())
        }
    }
}

/// The last segment of a path, decoded.
fn last_segment(path: &str) -> String {
    let last = path.rsplit('/').next().unwrap_or_default();
    uri::decode_utf8(last).expect("the setters write valid escapes").into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn edited_values_are_their_texts_parsed(start in start(), edits in prop::collection::vec(edit(), 1..8)) {
        let mut r = UriRefBuf::parse(start).unwrap();
        for edit in &edits {
            let before = r.clone();
            let expected = with_builder(&r, edit);
            let result = apply(&mut r, edit);
            match (&result, expected) {
                (Ok(()), Some(Some(text))) => prop_assert_eq!(r.as_str(), text, "{:?} on {:?}", edit, before),
                (Ok(()), Some(None)) => {}
                (Err(e), None) => {
                    prop_assert_eq!(&r, &before, "a refused edit changed the value");
                    prop_assert!(!e.to_string().is_empty());
                }
                (result, expected) => prop_assert!(false, "{:?} on {:?}: {:?}, builder {:?}", edit, before, result, expected),
            }
            assert_as_parsed(&r);
            if result.is_ok() {
                match edit {
                    Edit::PushSegment(s) => prop_assert_eq!(last_segment(r.path()), s.clone()),
                    Edit::PopSegment => prop_assert!(before.path().starts_with(r.path())),
                    Edit::Ip(ip) => {
                        let authority = r.authority().expect("an authority");
                        match ip {
                            IpAddr::V4(v4) => prop_assert_eq!(authority.ipv4(), Some(*v4)),
                            IpAddr::V6(v6) => prop_assert_eq!(authority.ipv6(), Some(*v6)),
                        }
                    }
                    Edit::AppendPair(k, v) => {
                        let query = r.query().expect("a query");
                        let pair = query.rsplit('&').next().unwrap_or_default();
                        let (key, value) = pair.split_once('=').expect("a pair");
                        prop_assert_eq!(uri::decode_utf8(key).unwrap(), k.as_str());
                        prop_assert_eq!(uri::decode_utf8(value).unwrap(), v.as_str());
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn uri_setters_keep_a_uri(edits in prop::collection::vec(edit(), 1..8)) {
        let mut u = UriBuf::parse("http://h/p").unwrap();
        for edit in &edits {
            let mut as_ref = u.clone().into_uri_ref();
            let expected = if matches!(edit, Edit::RemoveScheme) { continue } else { apply(&mut as_ref, edit) };
            let result = match edit {
                Edit::Scheme(s) => u.set_scheme(s),
                Edit::Userinfo(x) => u.set_userinfo(x),
                Edit::RemoveUserinfo => { u.remove_userinfo(); Ok(()) }
                Edit::Host(h) => u.set_host(h),
                Edit::Ip(ip) => u.set_ip_host(*ip),
                Edit::RemoveAuthority => u.remove_authority(),
                Edit::Port(p) => u.set_port(*p),
                Edit::Path(p) => u.set_path(p),
                Edit::PushSegment(s) => u.push_segment(s),
                Edit::PopSegment => { u.pop_segment(); Ok(()) }
                Edit::Query(q) => u.set_query(q),
                Edit::RemoveQuery => { u.remove_query(); Ok(()) }
                Edit::AppendPair(k, v) => u.append_query_pair(k, v),
                Edit::Fragment(f) => u.set_fragment(f),
                Edit::RemoveFragment => { u.remove_fragment(); Ok(()) }
                Edit::RemoveScheme => unreachable!(),
            };
            prop_assert_eq!(result.is_ok(), expected.is_ok());
            prop_assert_eq!(u.as_str(), as_ref.as_str());
            prop_assert!(uri::Uri::parse(u.as_str()).is_ok());
        }
    }
}

#[test]
fn errors_name_the_component_and_what_does_not_fit() {
    let mut r = UriRefBuf::parse("s:/x").unwrap();
    let cases: Vec<(Result<(), uri::EditError>, &str)> = vec![
        (r.set_userinfo("u"), "invalid userinfo: the reference has no authority (set a host first)"),
        (r.set_port(Some(80)), "invalid port: the reference has no authority (set a host first)"),
        (
            r.set_path("//x"),
            "invalid path: without an authority, a path cannot start with \"//\" (it would read as one)",
        ),
        (r.set_scheme("a b"), "invalid scheme: byte 1 of \"a b\" does not fit the scheme rule"),
        (r.set_host("[::1"), "invalid host: \"[::1\" ends where the host rule expects more"),
        (r.set_query("#"), "invalid query: byte 0 of \"#\" does not fit the query rule"),
    ];
    for (result, message) in cases {
        assert_eq!(result.unwrap_err().to_string(), message);
    }
    assert_eq!(r, "s:/x");
    let mut relative = UriRefBuf::parse("a:b:c").unwrap();
    let err = relative.remove_scheme().unwrap_err();
    assert_eq!(err.component(), "scheme");
    assert!(err.to_string().contains("first path segment cannot hold ':'"), "{err}");
}

#[test]
fn segments_push_and_pop_as_documented() {
    let mut r = UriRefBuf::parse("http://h").unwrap();
    for (push, expected) in
        [("a", "http://h/a"), ("", "http://h/a/"), ("b", "http://h/a//b"), ("%", "http://h/a//b/%25")]
    {
        r.push_segment(push).unwrap();
        assert_eq!(r, expected);
    }
    for expected in ["http://h/a//b", "http://h/a/", "http://h/a", "http://h/"] {
        assert!(r.pop_segment());
        assert_eq!(r, expected);
    }
    assert!(!r.pop_segment());
    let mut rootless = UriRefBuf::parse("mailto:").unwrap();
    rootless.push_segment("a:b").unwrap();
    assert_eq!(rootless, "mailto:a:b");
}
