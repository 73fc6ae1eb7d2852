//! The addresses `Mailto` accepts decode to RFC 5322 addresses: escapes that decode to a
//! character outside `atext`, `qtext` or `dtext` are refused (RFC 6068 section 2, items 1 to 3),
//! checked on fixed inputs and, with proptest, against a small RFC 5322 checker of the decoded text.

use proptest::prelude::*;
use uri::scheme::Mailto;

/// RFC 5322 section 3.2.3 `atext`, with RFC 6532 section 3.2's non-ASCII characters.
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii()
}

/// RFC 5322 section 3.2.4 `qtext`: %d33 / %d35-91 / %d93-126, and non-ASCII (RFC 6532).
fn is_qtext(c: char) -> bool {
    matches!(c as u32, 33 | 35..=91 | 93..=126) || !c.is_ascii()
}

/// RFC 5322 section 3.4.1 `dtext`: %d33-90 / %d94-126, and non-ASCII (RFC 6532).
fn is_dtext(c: char) -> bool {
    matches!(c as u32, 33..=90 | 94..=126) || !c.is_ascii()
}

/// `dot-atom-text = 1*atext *("." 1*atext)`.
fn is_dot_atom(s: &str) -> bool {
    !s.is_empty() && s.split('.').all(|atom| !atom.is_empty() && atom.chars().all(is_atext))
}

/// `quoted-string` without CFWS or FWS: DQUOTE *(qtext / quoted-pair) DQUOTE, where a quoted
/// pair is `\` and a VCHAR or WSP (section 3.2.1). Returns the rest after the closing DQUOTE.
fn quoted_string(s: &str) -> Option<&str> {
    let mut chars = s.strip_prefix('"')?.char_indices();
    let body = &s[1..];
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some(&body[i + 1..]),
            '\\' => {
                let (_, next) = chars.next()?;
                // VCHAR / WSP, and non-ASCII (RFC 6532).
                let vchar_or_wsp = matches!(next as u32, 0x21..=0x7E | 0x20 | 0x09) || !next.is_ascii();
                if !vchar_or_wsp {
                    return None;
                }
            }
            c if is_qtext(c) => {}
            _ => return None,
        }
    }
    None
}

/// `addr-spec = local-part "@" domain` with `local-part = dot-atom / quoted-string` and
/// `domain = dot-atom / domain-literal`, no CFWS and no obsolete forms.
fn is_addr_spec(s: &str) -> bool {
    let domain = if s.starts_with('"') {
        match quoted_string(s).and_then(|rest| rest.strip_prefix('@')) {
            Some(domain) => domain,
            None => return false,
        }
    } else {
        // A dot-atom holds no `@`: the first one ends it.
        match s.split_once('@') {
            Some((local, domain)) if is_dot_atom(local) => domain,
            _ => return false,
        }
    };
    match domain.strip_prefix('[') {
        Some(literal) => literal.strip_suffix(']').is_some_and(|inner| inner.chars().all(is_dtext)),
        None => is_dot_atom(domain),
    }
}

#[test]
fn the_checker_follows_rfc_5322() {
    for good in ["a@b", "a.b@c.d", "\"a\\ b\\\"c\"@d", "\"@,\"@[1.2.3.4]", "é@ü.example", "#{}@x"] {
        assert!(is_addr_spec(good), "{good}");
    }
    for bad in ["a@b@c", "a..b@c", ".a@b", "a@b.", "a b@c", "a,b@c", "\"a\"b@c", "\"a\\\u{1}\"@b", "a@[a[b]"]
    {
        assert!(!is_addr_spec(bad), "{bad}");
    }
}

/// Escapes that decode to no `atext`, `qtext` or `dtext` character are refused at the first
/// byte that no accepted address continues with: the escape's second or third byte.
#[test]
fn escapes_outside_the_rfc_5322_sets_are_refused_where_they_end() {
    let cases = [
        ("mailto:a@b%40c.example", 12),
        ("mailto:a@b%2cc.example", 12),
        ("mailto:a@b%20c.example", 12),
        ("mailto:a%40b@c.example", 10),
        ("mailto:a%2E%2Eb@c.example", 13),
        ("mailto:a.%2Eb@c.example", 11),
        ("mailto:a@b%2E.example", 13),
        ("mailto:a%01@b.example", 9),
        ("mailto:%22a%20b%22@c.example", 13),
        ("mailto:%22a%0A%22@c.example", 12),
        ("mailto:%22a%5C%01%22@c.example", 16),
        ("mailto:a@%5Ba%20b%5D", 15),
        ("mailto:a@%5Ba%5Cb%5D", 15),
    ];
    let mut failures = Vec::new();
    for (text, index) in cases {
        match Mailto::parse(text) {
            Ok(m) => failures.push(format!("{text} parsed: {:?}", m.to_decoded().collect::<Vec<_>>())),
            Err(err) if err.index() != index => {
                failures.push(format!("{text}: expected byte {index}: {err}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let err = Mailto::parse("mailto:a@b%40c.example").unwrap_err();
    assert!(err.expects(b'1') && err.expects(b'A') && !err.expects(b'0'), "{err}");
}

/// Escapes of characters inside the sets, an escaped dot as the separator, escaped quoted
/// pairs and UTF-8 still parse, and decode as the RFC writes them.
#[test]
fn escapes_inside_the_rfc_5322_sets_still_parse() {
    let cases = [
        ("mailto:a%2Eb@c%2Eexample", "a.b@c.example"),
        ("mailto:%7Bx%7D%3D%3F%2F%23@example.org", "{x}=?/#@example.org"),
        ("mailto:%22a%5C%20b%5B%5D%22@example.org", "\"a\\ b[]\"@example.org"),
        ("mailto:a@%5B192.0.2.1%22%5D", "a@[192.0.2.1\"]"),
        ("mailto:caf%C3%A9@%E7%B4%8D%E8%B1%86.example", "café@納豆.example"),
    ];
    for (text, decoded) in cases {
        let m = Mailto::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let got = m.to_decoded().next().unwrap().unwrap();
        assert_eq!(got, decoded);
        assert!(is_addr_spec(&got), "{got}");
    }
}

/// Pieces of an address as a URI may write them: literal characters, escapes inside and
/// outside the RFC 5322 sets, the delimiters of the quoted and bracketed forms, UTF-8.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z0-9.!$'*+_~-]{1,3}",
        2 => (0u8..0x80).prop_map(|b| format!("%{b:02X}")),
        1 => prop::sample::select(vec![
            "@", ",", ".", "%2E", "%2e", "%22", "%5C", "%5B", "%5D", "%40", "%20", "%C3%A9", "(", ")", ":",
        ])
        .prop_map(str::to_owned),
    ]
}

fn plain() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 1..6).prop_map(|p| p.concat())
}

fn part() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => plain(),
        1 => plain().prop_map(|p| format!("%22{p}%22")),
        1 => plain().prop_map(|p| format!("%5B{p}%5D")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn every_accepted_address_decodes_to_an_rfc_5322_addr_spec(local in part(), domain in part()) {
        let text = format!("mailto:{local}@{domain}");
        if let Ok(m) = Mailto::parse(&text) {
            for address in m.to_decoded() {
                let address = address.unwrap();
                prop_assert!(is_addr_spec(&address), "{} decodes to {:?}", text, address);
            }
        }
    }
}
