//! The comparison of SIP and SIPS URIs (RFC 3261 section 19.1.4) and the telephone subscriber
//! of a SIP URI with `user=phone` (sections 19.1.1, 19.1.2 and 19.1.6): `Sip::rfc3261_eq` on the
//! section's sets of equivalent and of different URIs and on each of its rules, and
//! `Sip::telephone_subscriber` on section 19.1.6's examples.
//!
//! The example URIs are quoted from RFC 3261 (the IETF Trust's Code Components, Simplified BSD
//! License; see `abnf/README.md`).

#[path = "../common/sip_sets.rs"]
mod sip_sets;

use uri::scheme::{Sip, Tel};

/// RFC 3261 section 19.1.4's sets of equivalent and of different URIs.
#[test]
fn sip_comparison_of_section_19_1_4() {
    let sip = |t| Sip::parse(t).unwrap();
    let ignored_in_one = [
        ("sip:carol@chicago.com", "sip:carol@chicago.com;newparam=5"),
        ("sip:carol@chicago.com", "sip:carol@chicago.com;security=on"),
        ("sip:carol@chicago.com", "sip:carol@chicago.com;security=off"),
        // Both equal `sip:carol@chicago.com`, and a parameter in one URI only is ignored.
        ("sip:carol@chicago.com;newparam=5", "sip:carol@chicago.com;security=on"),
    ];
    let equivalent = sip_sets::EQUIVALENT_IN_EVERY_PART.iter().chain(&ignored_in_one);
    for &(a, b) in equivalent {
        assert_eq!(sip(a).rfc3261_eq(&sip(b)), Some(true), "{a} {b}");
        assert_eq!(sip(b).rfc3261_eq(&sip(a)), Some(true), "{b} {a}");
    }
    let maddr = [("sip:alice@atlanta.com;maddr=239.255.255.1", "sip:alice@atlanta.com")];
    let different = sip_sets::DIFFERENT.iter().chain(&maddr);
    for &(a, b) in different {
        assert_eq!(sip(a).rfc3261_eq(&sip(b)), Some(false), "{a} {b}");
        assert_eq!(sip(b).rfc3261_eq(&sip(a)), Some(false), "{b} {a}");
    }
    // "Note that equality is not transitive": both equal `sip:carol@chicago.com`, not each other.
    let (on, off) = (sip("sip:carol@chicago.com;security=on"), sip("sip:carol@chicago.com;security=off"));
    assert_eq!((on.rfc3261_eq(&off), off.rfc3261_eq(&on)), (Some(false), Some(false)));
    assert_eq!(
        sip("sip:carol@chicago.com;Security=ON;lr").rfc3261_eq(&sip("sip:carol@chicago.com;security=on")),
        Some(true)
    );
}

/// The rules of section 19.1.4 one at a time, on the section's URIs changed in one place.
#[test]
fn sip_comparison_rule_by_rule() {
    let eq = |a: &str, b: &str| {
        let (a, b) = (Sip::parse(a).unwrap(), Sip::parse(b).unwrap());
        let result = a.rfc3261_eq(&b);
        assert_eq!(result, b.rfc3261_eq(&a), "symmetric");
        result
    };
    // "Comparison of the userinfo ... is case-sensitive", passwords included.
    assert_eq!(eq("sip:alice:pw@atlanta.com", "sip:alice:PW@atlanta.com"), Some(false));
    assert_eq!(eq("sip:alice:pw@atlanta.com", "sip:alice@atlanta.com"), Some(false));
    assert_eq!(eq("sip:alice:p%77@atlanta.com", "sip:alice:pw@atlanta.com"), Some(true));
    // Characters outside RFC 2396's `reserved` equal their escapes, in every component, `mark`
    // characters included; reserved ones do not.
    assert_eq!(eq("sip:%21al%2Ace@atlanta.com", "sip:!al*ce@atlanta.com"), Some(true));
    assert_eq!(eq("sip:alice@atlanta.com;x=%41", "sip:alice@atlanta.com;X=a"), Some(true));
    assert_eq!(eq("sip:a%3Bb@atlanta.com", "sip:a;b@atlanta.com"), Some(false));
    assert_eq!(eq("sip:a%3bb@atlanta.com", "sip:a%3Bb@atlanta.com"), Some(true));
    // Parameter names are compared after their escapes: `%74ransport` is `transport`.
    assert_eq!(eq("sip:bob@biloxi.com;%74ransport=TCP", "sip:bob@biloxi.com;transport=tcp"), Some(true));
    assert_eq!(eq("sip:bob@biloxi.com;%74ransport=tcp", "sip:bob@biloxi.com"), Some(false));
    // A user, ttl or method parameter in one URI only never matches; an maddr neither.
    for param in ["user=ip", "ttl=1", "method=INVITE", "maddr=239.255.255.1", "transport=udp"] {
        let with = format!("sip:bob@biloxi.com;{param}");
        assert_eq!(eq(&with, "sip:bob@biloxi.com"), Some(false), "{param}");
        assert_eq!(
            eq(&with, &with.to_uppercase().replacen("SIP:", "sip:", 1).replacen("BOB", "bob", 1)),
            Some(true)
        );
    }
    // Other parameters in one URI only are ignored; in both they must match, values included.
    assert_eq!(eq("sip:bob@biloxi.com;lr", "sip:bob@biloxi.com"), Some(true));
    assert_eq!(eq("sip:bob@biloxi.com;x", "sip:bob@biloxi.com;x=1"), Some(false));
    assert_eq!(eq("sip:bob@biloxi.com;a=1;b=2;c", "sip:bob@biloxi.com;b=2;A=1"), Some(true));
    assert_eq!(eq("sip:bob@biloxi.com;a=1;b=2", "sip:bob@biloxi.com;b=3;A=1"), Some(false));
    // A token that no `other-param` reads ("`" is a token character, no `paramchar`).
    assert_eq!(eq("sip:bob@biloxi.com;transport=x`y", "sip:bob@biloxi.com;TRANSPORT=X`Y"), Some(true));
    assert_eq!(eq("sip:bob@biloxi.com;transport=x`y", "sip:bob@biloxi.com;transport=x`z"), Some(false));
    // Headers: present in both and equal, in any order; one missing never matches.
    assert_eq!(eq("sip:bob@biloxi.com?a=1&b=2", "sip:bob@biloxi.com?B=2&a=%31"), Some(true));
    assert_eq!(eq("sip:bob@biloxi.com?a=1&b=2", "sip:bob@biloxi.com?a=1"), Some(false));
    // Section 19.1.1: "any given parameter-name MUST NOT appear more than once"; a URI that
    // repeats one is outside the rules, unless the URIs differ elsewhere.
    assert_eq!(eq("sip:bob@biloxi.com;lr;lr", "sip:bob@biloxi.com"), None);
    assert_eq!(eq("sip:bob@biloxi.com;x=1;X=2", "sip:bob@biloxi.com;x=1"), None);
    assert_eq!(eq("sip:bob@biloxi.com;transport=a`b;transport=c`d", "sip:bob@biloxi.com"), None);
    assert_eq!(eq("sip:bob@biloxi.com;lr;lr", "sip:carol@biloxi.com"), Some(false));
}

/// `Sip::parameters`: each parameter's name and value, also where the token of a `transport`,
/// `user` or `method` parameter holds a character no `other-param` allows ("`", a bare `%`).
#[test]
fn sip_parameters_as_names_and_values() {
    let sip =
        Sip::parse("sip:bob@biloxi.com;transport=a`b;User=phone;ttl=15;x=%41;lr;method=x%y;user=a`").unwrap();
    let pairs: Vec<_> = sip.parameters().map(|p| (p.name(), p.value())).collect();
    assert_eq!(
        pairs,
        [
            ("transport", Some("a`b")),
            ("User", Some("phone")),
            ("ttl", Some("15")),
            ("x", Some("%41")),
            ("lr", None),
            ("method", Some("x%y")),
            ("user", Some("a`")),
        ]
    );
    assert_eq!(sip.parameters().nth(3).unwrap().decoded_value().unwrap().unwrap(), "A");
    assert_eq!(sip.parameters().map(|p| p.as_str()).collect::<Vec<_>>(), sip.params().collect::<Vec<_>>());
    assert_eq!(Sip::parse("sip:bob@biloxi.com").unwrap().parameters().count(), 0);
}

/// RFC 3261 section 19.1.6: a `tel` URL's subscriber in the user field of a SIP URI with
/// `user=phone`, and its examples of equivalent `tel` URLs whose SIP forms differ.
#[test]
fn sip_telephone_subscribers_of_section_19_1_6() {
    let sip = |t| Sip::parse(t).unwrap();
    let tel = |t| Tel::parse(t).unwrap();
    for text in [
        "sip:+358-555-1234567;postd=pp22@foo.com;user=phone",
        "sips:+358-555-1234567;postd=pp22@foo.com;user=phone",
    ] {
        let phone = sip(text).telephone_subscriber().unwrap();
        assert_eq!(
            (phone.as_str(), phone.number(), phone.is_global()),
            ("+358-555-1234567;postd=pp22", "+358-555-1234567", true)
        );
        assert!(phone.rfc3966_eq(&tel("tel:+358-555-1234567;postd=pp22")));
    }
    // "not": the parameter after the host is a URI parameter, not the subscriber's.
    let not = sip("sip:+358-555-1234567@foo.com;postd=pp22;user=phone");
    assert_eq!(not.telephone_subscriber().unwrap().params().count(), 0);
    assert!(!not.telephone_subscriber().unwrap().rfc3966_eq(&tel("tel:+358-555-1234567;postd=pp22")));
    let pairs = [
        (
            ("tel:+358-555-1234567;postd=pp22", "tel:+358-555-1234567;POSTD=PP22"),
            (
                "sip:+358-555-1234567;postd=pp22@foo.com;user=phone",
                "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
            ),
        ),
        (
            ("tel:+358-555-1234567;postd=pp22;isub=1411", "tel:+358-555-1234567;isub=1411;postd=pp22"),
            (
                "sip:+358-555-1234567;postd=pp22;isub=1411@foo.com;user=phone",
                "sip:+358-555-1234567;isub=1411;postd=pp22@foo.com;user=phone",
            ),
        ),
    ];
    for ((tel_a, tel_b), (sip_a, sip_b)) in pairs {
        assert!(tel(tel_a).rfc3966_eq(&tel(tel_b)), "{tel_a} {tel_b}");
        // "are equivalent, while ... are not": the user field compares with case and in order.
        assert_eq!(sip(sip_a).rfc3261_eq(&sip(sip_b)), Some(false), "{sip_a} {sip_b}");
        let (a, b) = (sip(sip_a).telephone_subscriber().unwrap(), sip(sip_b).telephone_subscriber().unwrap());
        assert!(a.subscriber_eq(&b) && b.subscriber_eq(&a));
        assert!(a.rfc3966_eq(&tel(tel_a)) && b.rfc3966_eq(&tel(tel_b)));
    }
    // Section 19.1.1's example.
    let gateway = sip("sip:+1-212-555-1212:1234@gateway.com;user=phone");
    let phone = gateway.telephone_subscriber().unwrap();
    assert_eq!((phone.number(), gateway.password()), ("+1-212-555-1212", Some("1234")));
    // Characters a user field cannot hold come escaped (section 19.1.2) and are read back.
    let escaped = sip("sip:+1-212-555-1212;isub=a%3Ab%40c@gateway.com;user=phone");
    assert_eq!(escaped.telephone_subscriber().unwrap().isdn_subaddress(), Some("a%3Ab%40c"));
    let escaped = sip("sip:*23%23;phone-context=example.com@gateway.com;user=PHONE");
    let phone = escaped.telephone_subscriber().unwrap();
    assert_eq!((phone.number(), phone.phone_context()), ("*23#", Some("example.com")));
    // No `user=phone`, or a user field that is no telephone subscriber.
    assert!(sip("sip:+1-212-555-1212@gateway.com").telephone_subscriber().is_none());
    assert!(sip("sip:+1-212-555-1212@gateway.com;user=ip").telephone_subscriber().is_none());
    assert!(sip("sip:alice@gateway.com;user=phone").telephone_subscriber().is_none());
    assert!(sip("sip:gateway.com;user=phone").telephone_subscriber().is_none());
}

/// RFC 3261 section 7.3.1 leaves the case of a header field's value to the field's definition:
/// a Call-ID is compared byte by byte (sections 8.1.1.4 and 20.8), quoted strings keep their
/// case. `rfc3261_eq` compares every header value as written, after the escape equivalence of
/// section 19.1.4; header names compare without case.
#[test]
fn sip_header_values_compare_with_case() {
    let eq = |a, b| Sip::parse(a).unwrap().rfc3261_eq(&Sip::parse(b).unwrap());
    assert_eq!(eq("sip:b@h?call-id=ABC%40host", "sip:b@h?call-id=abc%40host"), Some(false));
    assert_eq!(eq("sip:b@h?Call-ID=abc%40host", "sip:b@h?call-id=abc%40host"), Some(true));
    assert_eq!(eq("sip:b@h?subject=%61", "sip:b@h?subject=a"), Some(true));
}

/// RFC 3261 section 7.3.1: "The relative order of header field rows with the same field name is
/// important"; the order of different names is not (section 19.1.4).
#[test]
fn sip_headers_of_one_name_compare_in_order() {
    let eq = |a, b| Sip::parse(a).unwrap().rfc3261_eq(&Sip::parse(b).unwrap());
    let (xy, yx) = ("sip:b@h?route=%3Cx%3E&route=%3Cy%3E", "sip:b@h?route=%3Cy%3E&route=%3Cx%3E");
    assert_eq!(eq(xy, yx), Some(false));
    assert_eq!(eq(xy, "sip:b@h?Route=%3Cx%3E&subject=s&route=%3Cy%3E"), Some(false));
    assert_eq!(
        eq("sip:b@h?route=%3Cx%3E&subject=s&route=%3Cy%3E", "sip:b@h?subject=s&route=%3Cx%3E&ROUTE=%3Cy%3E"),
        Some(true)
    );
}

/// RFC 3261 section 19.1.4 reads `;user=%70hone` as `;user=phone` (an escape of an unreserved
/// character is the character); so does `Sip::telephone_subscriber`, which reads the user field
/// as a telephone subscriber under `user=phone` (section 19.1.1).
#[test]
fn sip_user_phone_is_read_after_its_escapes() {
    let plain = Sip::parse("sip:+1-212-555-0100@example.com;user=phone").unwrap();
    for text in
        ["sip:+1-212-555-0100@example.com;user=%70hone", "sip:+1-212-555-0100@example.com;%75ser=PHONE"]
    {
        let sip = Sip::parse(text).unwrap();
        assert_eq!(sip.rfc3261_eq(&plain), Some(true), "{text}");
        assert_eq!(
            sip.telephone_subscriber().map(|t| t.number().to_owned()),
            Some("+1-212-555-0100".into()),
            "{text}"
        );
    }
    let ip = Sip::parse("sip:+1-212-555-0100@example.com;user=%69p").unwrap();
    assert!(ip.telephone_subscriber().is_none());
}

/// RFC 3261 section 19.1.4 compares components other than the userinfo without case "unless
/// explicitly defined otherwise"; a method name is: section 25.1 spells `INVITEm` as
/// `%x49.4E.56.49.54.45 ; INVITE in caps`, section 20.16 says "The method part of CSeq is
/// case-sensitive", and section 19.1.5 makes a `method` parameter the request's method.
#[test]
fn sip_method_values_compare_with_case() {
    let eq = |a, b| Sip::parse(a).unwrap().rfc3261_eq(&Sip::parse(b).unwrap());
    assert_eq!(eq("sip:b@h;method=INVITE", "sip:b@h;method=invite"), Some(false));
    assert_eq!(eq("sip:b@h;METHOD=INVITE", "sip:b@h;method=%49NVITE"), Some(true));
    assert_eq!(eq("sip:b@h;transport=TCP", "sip:b@h;transport=tcp"), Some(true));
}
