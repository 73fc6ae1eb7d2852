//! Scheme-based normalization (RFC 3986 section 6.2.3) of `tel`, `sip`/`sips` and `mailto`
//! URIs: URIs that the scheme's RFC calls equivalent, in the ways a normal form can express,
//! normalize to the same text, which the scheme's own comparison finds equal to the original;
//! URIs the RFC tells apart normalize to different texts.
//!
//! The example URIs are quoted or adapted from RFC 3966, RFC 3261 and RFC 6068 (the IETF Trust's
//! Code Components, Simplified BSD License; see `abnf/README.md`).

#[path = "../common/sip_sets.rs"]
mod sip_sets;

use uri::scheme::{File, Mailto, Sip, Tel};
use uri::{Normalization, UriRef};

fn scheme_based(text: &str) -> String {
    UriRef::parse(text).unwrap().normalize_with(Normalization::SCHEME_BASED).to_string()
}

fn full(text: &str) -> String {
    UriRef::parse(text).unwrap().normalize().to_string()
}

#[test]
fn tel_normal_forms() {
    // Each form and its normal form under `SCHEME_BASED` alone.
    for (text, normal) in [
        ("tel:+1-201-555-0123", "tel:+12015550123"),
        ("tel:+1(201)555.0123;EXT=12-3", "tel:+12015550123;ext=12-3"),
        ("tel:863-1234;phone-context=+1-914-555", "tel:8631234;phone-context=+1914555"),
        ("tel:7042;b=2;Phone-Context=Example.COM;A=1", "tel:7042;phone-context=example.com;a=1;b=2"),
        ("tel:+358-555-1234567;postd=pp22;isub=1411", "tel:+3585551234567;isub=1411;postd=pp22"),
        ("tel:+1-201-555-0123;ext=1;isub=%4a", "tel:+12015550123;isub=j;ext=1"),
        ("tel:+1-201-555-0123;ext=1;isub=%3b", "tel:+12015550123;isub=%3B;ext=1"),
        ("tel:*23AB;phone-context=x", "tel:*23ab;phone-context=x"),
    ] {
        let got = scheme_based(text);
        assert_eq!(got, normal, "{text}");
        let (a, b) = (Tel::parse(text).unwrap(), Tel::parse(&got).unwrap());
        assert!(a.rfc3966_eq(&b) && b.rfc3966_eq(&a), "{text} {got}");
        assert_eq!(scheme_based(&got), got, "idempotent: {got}");
    }
    // Section 4's equivalent pairs (RFC 3261 section 19.1.6's tel URLs among them) normalize
    // alike; different ones do not.
    let equivalent = [
        ("tel:+358-555-1234567;postd=pp22", "tel:+358-555-1234567;POSTD=PP22"),
        ("tel:+358-555-1234567;postd=pp22;isub=1411", "tel:+358-555-1234567;isub=1411;postd=pp22"),
        ("tel:+1-201-555-0123", "tel:+1(201)5550123"),
        ("tel:7042;phone-context=example.com", "TEL:70-42;PHONE-CONTEXT=EXAMPLE.COM"),
    ];
    for (a, b) in equivalent {
        assert!(Tel::parse(a).unwrap().rfc3966_eq(&Tel::parse(b).unwrap()));
        assert_eq!(full(a), full(b), "{a} {b}");
    }
    let different = [
        ("tel:+1-201-555-0123", "tel:+1-201-555-0123;ext=1"),
        ("tel:+7042;phone-context=x", "tel:7042;phone-context=x"),
        ("tel:7042;phone-context=example.com", "tel:7042;phone-context=example.org"),
        ("tel:+1-201-555-0123;ext=1-2", "tel:+1-201-555-0123;ext=12"),
        ("tel:+1-201-555-0123;a=1;a=1", "tel:+1-201-555-0123;a=1"),
        // An empty extension ends where the next parameter starts; that one is still generic.
        ("tel:+1-201-555-0123;ext=;x=1", "tel:+1-201-555-0123;ext="),
    ];
    for (a, b) in different {
        assert!(!Tel::parse(a).unwrap().rfc3966_eq(&Tel::parse(b).unwrap()));
        assert_ne!(full(a), full(b), "{a} {b}");
    }
}

#[test]
fn sip_normal_forms() {
    for (text, normal) in [
        ("sip:alice@AtLanTa.CoM;Transport=TCP", "sip:alice@atlanta.com;transport=tcp"),
        (
            "sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com",
            "sip:biloxi.com;method=REGISTER;transport=tcp?to=sip:bob%40biloxi.com",
        ),
        (
            "sip:alice@atlanta.com?subject=project%20x&priority=urgent",
            "sip:alice@atlanta.com?priority=urgent&subject=project%20x",
        ),
        ("sips:ALICE:PW@Atlanta.COM:5061;lr?Subject=Next", "sips:ALICE:PW@atlanta.com:5061;lr?subject=Next"),
        (
            "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
            "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
        ),
    ] {
        let got = scheme_based(text);
        assert_eq!(got, normal, "{text}");
        let (a, b) = (Sip::parse(text).unwrap(), Sip::parse(&got).unwrap());
        assert_eq!((a.rfc3261_eq(&b), b.rfc3261_eq(&a)), (Some(true), Some(true)), "{text} {got}");
        assert_eq!(scheme_based(&got), got, "idempotent: {got}");
    }
    // Section 19.1.4's equivalent sets that a normal form expresses (a parameter in one URI
    // only is not one of them: `security=on` and `security=off` both equal its absence).
    for (a, b) in sip_sets::EQUIVALENT_IN_EVERY_PART {
        assert_eq!(full(a), full(b), "{a} {b}");
    }
    // Section 19.1.4's different sets, and section 19.1.6's SIP forms of equivalent tel URLs.
    let others = [
        ("sip:carol@chicago.com;security=on", "sip:carol@chicago.com;security=off"),
        (
            "sip:+358-555-1234567;postd=pp22@foo.com;user=phone",
            "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
        ),
        (
            "sip:+358-555-1234567;postd=pp22;isub=1411@foo.com;user=phone",
            "sip:+358-555-1234567;isub=1411;postd=pp22@foo.com;user=phone",
        ),
    ];
    for (a, b) in sip_sets::DIFFERENT.into_iter().chain(others) {
        assert_eq!(Sip::parse(a).unwrap().rfc3261_eq(&Sip::parse(b).unwrap()), Some(false), "{a} {b}");
        assert_ne!(full(a), full(b), "{a} {b}");
    }
    // A `?` in the user field is no header: the generic parser's query starts there all the
    // same, and the normal form keeps the user field as it is.
    let odd = "sip:a?b@Host.example;Lr";
    assert_eq!(scheme_based(odd), "sip:a?b@host.example;lr");
    assert_eq!(UriRef::parse(&scheme_based(odd)).unwrap().query(), Some("b@host.example;lr"));
}

#[test]
fn mailto_normal_forms() {
    for (text, normal) in [
        ("mailto:Joe@Example.COM", "mailto:Joe@example.com"),
        (
            "mailto:A@X.example,B@Y.EXAMPLE?CC=C@Z.example&Subject=Hi",
            "mailto:A@x.example,B@y.example?cc=C@Z.example&subject=Hi",
        ),
        ("mailto:%22not%40me%22@EXAMPLE.org", "mailto:%22not%40me%22@example.org"),
        ("mailto:user@%E2%82%ACxample.COM", "mailto:user@%E2%82%ACxample.com"),
        ("mailto:?To=joe@example.com", "mailto:?to=joe@example.com"),
    ] {
        let got = scheme_based(text);
        assert_eq!(got, normal, "{text}");
        Mailto::parse(&got).unwrap();
        assert_eq!(scheme_based(&got), got, "idempotent: {got}");
    }
    assert_eq!(full("mailto:joe@EXAMPLE.com?SUBJECT=hello"), full("mailto:joe@example.com?subject=hello"));
    // Local parts and header field values keep their case.
    assert_ne!(full("mailto:Joe@example.com"), full("mailto:joe@example.com"));
    assert_ne!(full("mailto:joe@example.com?subject=Hello"), full("mailto:joe@example.com?subject=hello"));
}

/// The scheme normal forms apply under scheme-based normalization only, and leave URIs of
/// other schemes and texts the scheme's type refuses as the generic steps write them.
#[test]
fn only_the_scheme_based_step_and_only_valid_uris() {
    let r = UriRef::parse("tel:+1-201-555-0123").unwrap();
    assert_eq!(r.normalize_with(Normalization::SYNTAX), "tel:+1-201-555-0123");
    // `tel:7042` has no phone context, which RFC 3966 requires of a local number.
    assert_eq!(scheme_based("tel:70-42"), "tel:70-42");
    assert_eq!(scheme_based("sip:Alice@Atlanta.com;A=B"), "sip:Alice@atlanta.com;a=B");
    assert_eq!(scheme_based("news:Alice@Atlanta.com;A=B"), "news:Alice@Atlanta.com;A=B");
    assert_eq!(full("tel:+1-201-555-0123#Frag"), "tel:+12015550123#Frag");
    // Section 3: "the ISDN subaddress, the 'extension', and the 'context' MUST NOT appear more
    // than once". The last one counts, and no order of the parameters keeps it last here.
    assert_eq!(scheme_based("tel:+1-201;isub=b;isub=a"), "tel:+1-201;isub=b;isub=a");
    assert!(UriRef::parse("tel:+1-201-555-0123")
        .unwrap()
        .normalized_eq(&UriRef::parse("tel:+1(201)5550123").unwrap()));
}

/// RFC 3261 section 19.1.1: "any given parameter-name MUST NOT appear more than once"; where a
/// URI repeats one all the same, the last one counts (`Sip::parameter_value`, which reads names
/// as section 19.1.4 compares them), and the normal form keeps the parameters in their order so
/// that the same one stays last. `Sip::transport` reads only names spelled out, so an escaped
/// name that the normal form decodes changes it.
#[test]
fn sip_repeated_parameters_keep_their_order() {
    let text = "sip:bob@biloxi.com;transport=udp;transport=tcp";
    assert_eq!(scheme_based(text), text);
    assert_eq!(Sip::parse(&scheme_based(text)).unwrap().transport(), Some("tcp"));
    let text = "sip:bob@Biloxi.com;Transport=UDP;lr;%74ransport=TCP";
    let normal = scheme_based(text);
    assert_eq!(normal, "sip:bob@biloxi.com;transport=udp;lr;transport=tcp");
    let (sip, normal) = (Sip::parse(text).unwrap(), Sip::parse(&normal).unwrap());
    assert_eq!(sip.parameter_value("transport").as_deref(), Some("TCP"));
    assert_eq!(normal.parameter_value("transport").as_deref(), Some("tcp"));
    assert_eq!((sip.transport(), normal.transport()), (Some("UDP"), Some("tcp")));
    let sip = Sip::parse("sip:h;transport=%54CP").unwrap();
    assert_eq!((sip.transport(), sip.parameter_value("transport").as_deref()), (Some("%54CP"), Some("TCP")));
    // Unique names are still sorted.
    assert_eq!(scheme_based("sip:b@h;x=1;lr;a=2"), "sip:b@h;a=2;lr;x=1");
}

/// RFC 3261 section 25.1 spells method names with case (`INVITEm = %x49.4E.56.49.54.45 ;
/// INVITE in caps`), and section 19.1.5 makes a `method` parameter the request's method;
/// section 7.3.1 lets an extension parameter define how its value compares. Only the values of
/// `transport`, `user`, `ttl` and `maddr` (tokens and a host) are written in lower case.
#[test]
fn sip_parameter_values_keep_their_case_unless_tokens_or_hosts() {
    assert_eq!(
        scheme_based("sip:b@h;METHOD=REGISTER;Foo=BaR;Maddr=Host.EXAMPLE;USER=IP;ttl=15"),
        "sip:b@h;foo=BaR;maddr=host.example;method=REGISTER;ttl=15;user=ip",
    );
    assert_ne!(full("sip:b@h;method=INVITE"), full("sip:b@h;method=invite"));
    assert_eq!(full("sip:b@h;transport=TCP"), full("sip:b@h;TRANSPORT=tcp"));
}

/// RFC 3261 section 7.3.1: "The relative order of header field rows with the same field name is
/// important", and section 19.1.5 makes a URI's headers the request's; headers of different
/// names move, those of one name keep their order.
#[test]
fn sip_headers_of_one_name_keep_their_order() {
    let text = "sip:b@h?Route=%3Csip:y%3E&subject=Lunch&route=%3Csip:x%3E";
    assert_eq!(scheme_based(text), "sip:b@h?route=%3Csip:y%3E&route=%3Csip:x%3E&subject=Lunch");
    let swapped = "sip:b@h?route=%3Csip:x%3E&subject=Lunch&route=%3Csip:y%3E";
    assert_ne!(full(text), full(swapped));
    let (a, b) = (Sip::parse(text).unwrap(), Sip::parse(swapped).unwrap());
    assert_eq!(a.rfc3261_eq(&b), Some(false));
}

/// RFC 3986 section 5.2.4's `remove_dot_segments` reads a path as a hierarchy; RFCs 6068, 3966,
/// 3261, 8141, 2397 and 5870 give theirs none, so scheme-based normalization keeps the dot
/// segments of those schemes' paths, which syntax-based normalization alone removes.
#[test]
fn paths_without_hierarchy_keep_their_dot_segments() {
    for text in [
        "mailto:x/../y@example.com",
        "tel:+1-201-555-0123;x=a/../b",
        "sip:a/./b@example.com",
        "urn:example:a/../b",
        "data:,a/../b",
        "geo:1,2;x=a/../b",
    ] {
        assert_eq!(full(text), UriRef::parse(text).unwrap().normalize_with(Normalization::FULL).to_string());
        assert!(full(text).contains("/."), "{text}: {}", full(text));
    }
    let syntax = |t| UriRef::parse(t).unwrap().normalize_with(Normalization::SYNTAX).to_string();
    assert_eq!(syntax("mailto:x/../y@example.com"), "mailto:/y@example.com");
    // Other schemes, and a `sip` reference with an authority (RFC 3986 reads that one's path as
    // a hierarchy), lose them as before.
    assert_eq!(full("http://h/a/../b"), "http://h/b");
    assert_eq!(full("news:a/../b"), "news:/b");
    assert_eq!(full("sip://h/a/../b"), "sip://h/b");
}

/// RFC 8089 section 2 makes `localhost` the empty host, but RFC 3986 section 6.2.3 writes the
/// host beside a userinfo or a port: `localhost` goes only when neither stays.
#[test]
fn file_localhost_goes_only_without_userinfo_or_port() {
    for (x, normal) in [
        ("file://localhost/x", "file:///x"),
        ("file://LocalHost/x", "file:///x"),
        ("file://u@localhost/x", "file://u@localhost/x"),
        ("file://localhost:80/x", "file://localhost:80/x"),
        // An empty port goes first, and then nothing keeps the host.
        ("file://localhost:/x", "file:///x"),
    ] {
        assert_eq!(scheme_based(x), normal, "{x}");
        assert_eq!(scheme_based(normal), normal, "{normal}");
    }
}

/// RFC 8089's `auth-path` is `[ file-auth ] path-absolute`, which never starts with `//`:
/// removing dot segments keeps a `/.` in front where the path would (`file://h//x` is an RFC
/// 3986 URI but no `file:` URI, and Appendix F would read `file:////etc/passwd` as a UNC host).
#[test]
fn file_paths_stay_path_absolute() {
    for (x, normal) in [
        ("file://h/.//x", "file://h/.//x"),
        ("file:///a/..//b", "file:///.//b"),
        ("file:///.//etc/passwd", "file:///.//etc/passwd"),
        ("file://localhost/.//share/f", "file:///.//share/f"),
        ("FILE://H/a/./b", "file://h/a/b"),
    ] {
        let full = UriRef::parse(x).unwrap().normalize_with(Normalization::FULL).to_string();
        assert_eq!(full, normal, "{x}");
        assert!(File::parse(&full).is_ok(), "{full}");
        assert_eq!(UriRef::parse(&full).unwrap().normalize_with(Normalization::FULL).to_string(), full);
    }
    // The syntax steps alone follow RFC 3986, whose `path-abempty` may start with `//`.
    let syntax = UriRef::parse("file://h/.//x").unwrap().normalize_with(Normalization::SYNTAX).to_string();
    assert_eq!(syntax, "file://h//x");
    // Other schemes keep RFC 3986's reading under every step.
    let http = UriRef::parse("http://h/.//x").unwrap().normalize_with(Normalization::FULL).to_string();
    assert_eq!(http, "http://h//x");
}
