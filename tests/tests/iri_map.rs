//! The two properties of the mapping between IRIs and URIs (RFC 3987 sections 3.1 and 3.2):
//! `to_uri(to_iri(u))` is equivalent to `u` for every URI reference `u`, and `to_iri(to_uri(i))`
//! is `i` for every IRI reference `i` that holds no `%` and none of the characters section 3.2
//! keeps encoded (the bidirectional formatting characters of section 4.1).
//!
//! URIs are drawn from components of ASCII characters and escapes of any octet (either case of
//! hexadecimal digits, so UTF-8 sequences, cut ones and other octets all occur); IRIs from the
//! same ASCII characters and any character the IRI grammar allows in each component, private-use
//! characters in the query only.

use proptest::prelude::*;
use uri::{IriRef, UriRef};

/// ASCII characters a URI holds literally in a path segment, query or fragment (no `%`).
const ASCII: &str = "abcXYZ019-._~!$&'()*+,;=:@";

/// An escape of any octet, the hexadecimal digits upper- or lower-case.
fn escape() -> impl Strategy<Value = String> {
    (any::<u8>(), any::<bool>())
        .prop_map(|(b, upper)| if upper { format!("%{b:02X}") } else { format!("%{b:02x}") })
}

/// An escape of one character's UTF-8 octets, the characters those near the ranges RFC 3987
/// treats apart: `ucschar`'s ends, private use, bidirectional formatting, noncharacters.
fn escaped_char() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<char>(),
        prop::sample::select(vec![
            '\u{A0}',
            '\u{9F}',
            '\u{D7FF}',
            '\u{E000}',
            '\u{F8FF}',
            '\u{F900}',
            '\u{FDCF}',
            '\u{FDD0}',
            '\u{FDF0}',
            '\u{FFEF}',
            '\u{FFFD}',
            '\u{200E}',
            '\u{202E}',
            '\u{10000}',
            '\u{1FFFD}',
            '\u{1FFFE}',
            '\u{E1000}',
            '\u{F0000}',
            '\u{10FFFD}',
            'é',
            '例',
            '💩',
        ]),
    ]
    .prop_map(|c| {
        let mut buffer = [0; 4];
        c.encode_utf8(&mut buffer).bytes().map(|b| format!("%{b:02X}")).collect()
    })
}

/// A run of URI text: literal ASCII, escapes of octets, escapes of characters.
fn uri_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(ASCII.chars().collect::<Vec<_>>()).prop_map(String::from),
        1 => escape(),
        2 => escaped_char(),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

/// A URI reference: optional scheme and authority, a path, optional query and fragment.
fn uri_reference() -> impl Strategy<Value = String> {
    (
        prop::option::of(Just("http:")),
        prop::option::of(uri_text()),
        prop::collection::vec(uri_text(), 0..4),
        prop::option::of(uri_text()),
        prop::option::of(uri_text()),
    )
        .prop_map(|(scheme, host, segments, query, fragment)| {
            let mut out = String::from(scheme.unwrap_or(""));
            if let Some(host) = &host {
                out.push_str("//");
                out.push_str(&host.replace([':', '@'], ""));
            }
            for segment in &segments {
                out.push('/');
                out.push_str(segment);
            }
            if host.is_none() && scheme.is_none() && segments.is_empty() {
                out.push('x');
            }
            if let Some(query) = query {
                out.push('?');
                out.push_str(&query);
            }
            if let Some(fragment) = fragment {
                out.push('#');
                out.push_str(&fragment);
            }
            out
        })
        .prop_filter("a URI reference", |text| UriRef::parse(text).is_ok())
}

/// A character the IRI grammar allows unencoded where an unreserved character goes (or, with
/// `query`, in a query), that section 3.2 does not keep encoded.
fn iri_char(query: bool) -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(ASCII.chars().collect::<Vec<_>>()),
        any::<char>(),
        prop::sample::select(vec![
            'é',
            '例',
            '💩',
            '\u{A0}',
            '\u{D7FF}',
            '\u{FFEF}',
            '\u{E000}',
            '\u{10FFFD}'
        ]),
    ]
    .prop_filter("allowed in an IRI and kept by section 3.2", move |&c| {
        let probe = if query { format!("?{c}") } else { format!("{c}") };
        c != '%'
            && !['\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}']
                .contains(&c)
            && (c.is_ascii() && ASCII.contains(c) || !c.is_ascii() && IriRef::parse(&probe).is_ok())
    })
}

fn iri_text(query: bool) -> impl Strategy<Value = String> {
    prop::collection::vec(iri_char(query), 0..12).prop_map(|chars| chars.into_iter().collect())
}

/// An IRI reference with no `%` and no bidirectional formatting character.
fn iri_reference() -> impl Strategy<Value = String> {
    (
        prop::option::of(Just("http:")),
        prop::option::of(iri_text(false)),
        prop::collection::vec(iri_text(false), 0..4),
        prop::option::of(iri_text(true)),
        prop::option::of(iri_text(false)),
    )
        .prop_map(|(scheme, host, segments, query, fragment)| {
            let mut out = String::from(scheme.unwrap_or(""));
            if let Some(host) = &host {
                out.push_str("//");
                out.push_str(&host.replace([':', '@'], ""));
            }
            for segment in &segments {
                out.push('/');
                out.push_str(segment);
            }
            if host.is_none() && scheme.is_none() && segments.is_empty() {
                out.push('x');
            }
            if let Some(query) = query {
                out.push('?');
                out.push_str(&query);
            }
            if let Some(fragment) = fragment {
                out.push('#');
                out.push_str(&fragment);
            }
            out
        })
        .prop_filter("an IRI reference", |text| IriRef::parse(text).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Section 3.2 then 3.1 gives back an equivalent URI: the same but for decoded escapes of
    /// unreserved characters and the case of hexadecimal digits.
    #[test]
    fn a_uri_survives_to_iri_then_to_uri(text in uri_reference()) {
        let uri = UriRef::parse(&text).unwrap();
        let iri = uri.to_iri();
        let back = iri.as_iri_ref().to_uri();
        prop_assert!(back.as_uri_ref().normalized_eq(&uri), "{text} -> {iri} -> {back}");
        // Only escapes changed: the same components, each equivalent.
        prop_assert_eq!(back.scheme(), uri.scheme());
        prop_assert_eq!(back.authority().is_some(), uri.authority().is_some());
        prop_assert_eq!(back.query().is_some(), uri.query().is_some());
        prop_assert_eq!(back.fragment().is_some(), uri.fragment().is_some());
    }

    /// Section 3.1 then 3.2 gives back the IRI itself, when it holds no escape and nothing that
    /// section 3.2 keeps encoded.
    #[test]
    fn an_iri_survives_to_uri_then_to_iri(text in iri_reference()) {
        let iri = IriRef::parse(&text).unwrap();
        let uri = iri.to_uri();
        prop_assert!(uri.as_str().is_ascii());
        let back = uri.as_uri_ref().to_iri();
        prop_assert_eq!(back.as_str(), text.as_str(), "via {}", uri);
        prop_assert_eq!(back.as_iri_ref(), iri);
        prop_assert_eq!(back.path(), iri.path());
        prop_assert_eq!(back.query(), iri.query());
    }

    /// Mapping an IRI to a URI escapes exactly its non-ASCII characters, and keeps each
    /// component where it was, grown by the escapes before it.
    #[test]
    fn to_uri_escapes_each_non_ascii_character(text in iri_reference()) {
        let iri = IriRef::parse(&text).unwrap();
        let uri = iri.to_uri();
        prop_assert_eq!(uri.as_str().to_owned(), escape_non_ascii(&text));
        prop_assert_eq!(uri.path().to_owned(), escape_non_ascii(iri.path()));
        prop_assert_eq!(uri.query().map(str::to_owned), iri.query().map(escape_non_ascii));
        prop_assert_eq!(uri.fragment().map(str::to_owned), iri.fragment().map(escape_non_ascii));
        prop_assert_eq!(
            uri.authority().map(|a| a.host().to_owned()),
            iri.authority().map(|a| escape_non_ascii(a.host()))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Encoding any text for an IRI component gives that component of a valid IRI, which
    /// decodes back to the text, and keeps what an IRI may hold there.
    #[test]
    fn encoded_iri_components_parse_and_decode_back(
        text in prop::collection::vec(
            prop_oneof![
                any::<char>(),
                prop::char::range('\u{2000}', '\u{2030}'),
                prop::char::range('\u{E000}', '\u{E010}'),
            ],
            0..12,
        )
        .prop_map(|chars| chars.into_iter().collect::<String>())
    ) {
        use uri::EncodeSet;
        for (set, before, after, part) in [
            (EncodeSet::PATH_SEGMENT, "s:/", "/x", "path"),
            (EncodeSet::QUERY, "s:?", "#f", "query"),
            (EncodeSet::FRAGMENT, "s:#", "", "fragment"),
            (EncodeSet::USERINFO, "s://", "@h", "userinfo"),
            (EncodeSet::REG_NAME, "s://", ":1", "host"),
        ] {
            let encoded = set.encode_iri(&text);
            let whole = format!("{before}{encoded}{after}");
            let iri = IriRef::parse(&whole).map_err(|e| TestCaseError::fail(format!("{whole:?}: {e}")))?;
            let got = match part {
                "path" => Some(iri.path().trim_start_matches('/').trim_end_matches("/x")),
                "query" => iri.query(),
                "fragment" => iri.fragment(),
                "userinfo" => iri.authority().and_then(|a| a.userinfo()),
                _ => iri.authority().map(|a| a.host()),
            };
            prop_assert_eq!(got, Some(encoded.as_ref()), "{}", part);
            prop_assert_eq!(uri::decode_utf8(&encoded).unwrap(), text.as_str());
            // A character the IRI allows there is kept as it is.
            for c in text.chars().filter(|c| !c.is_ascii()) {
                let alone = c.to_string();
                let kept = IriRef::parse(&format!("{before}{alone}{after}")).is_ok()
                    && !BIDI_FORMATTING.contains(&c);
                prop_assert_eq!(set.encode_iri(&alone) == alone.as_str(), kept, "{:?} in {}", c, part);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// An IRI reference's components build it again, and so do the same components with one
    /// replaced by another IRI's; a component with a character an IRI may not hold there (a
    /// private-use character outside the query) is refused at that character.
    #[test]
    fn the_builder_rebuilds_iris(text in iri_reference(), other in iri_reference()) {
        let iri = IriRef::parse(&text).unwrap();
        prop_assert_eq!(iri.to_builder().build_iri_ref().unwrap(), iri);
        let other = IriRef::parse(&other).unwrap();
        if let Some(query) = other.query() {
            let built = iri.to_builder().query(query).build_iri_ref().unwrap();
            prop_assert_eq!(built.query(), Some(query));
        }
        let with_private = format!("{}\u{E000}", iri.fragment().unwrap_or(""));
        let err = iri.to_builder().fragment(&with_private).build_iri_ref().unwrap_err();
        prop_assert_eq!((err.component(), err.index()), (uri::Component::Fragment, with_private.len() - 3));
    }
}

/// The bidirectional formatting characters RFC 3987 section 4.1 forbids in IRIs.
const BIDI_FORMATTING: [char; 7] =
    ['\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}'];

/// Section 3.1's mapping written out plainly, as the oracle of [`IriRef::to_uri`].
fn escape_non_ascii(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            for b in c.encode_utf8(&mut buffer).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}
