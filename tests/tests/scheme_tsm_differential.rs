//! `uri::scheme::{Tel, Sip, Mailto}` against references, over inputs sampled from each scheme's
//! grammar and mutations of them (proptest seeds): the capture reference of `uri-gen` (values
//! computed from the parse forest over the grammar, independent of the generated tables), and
//! the generic `Uri` parser; and the comparisons `Tel::rfc3966_eq` and `Sip::rfc3261_eq` on
//! the same inputs (reflexive, symmetric, and for `tel` blind to case); and scheme-based
//! normalization of the same inputs (idempotent, equal by the scheme's comparison, and for SIP,
//! also with a `transport`, `method` or `user` parameter repeated last, the same values read by
//! each parameter accessor and the same telephone subscriber).
//!
//! Agreement is exact except for these listed differences, where `Uri::parse` refuses what the
//! scheme's grammar accepts:
//!
//! - `[` or `]` in a `tel` parameter (RFC 3966's `param-unreserved`), or in a SIP parameter or
//!   header outside an IPv6 reference (RFC 3261's `param-unreserved` and `hnv-unreserved`):
//!   RFC 3986 allows brackets in no path.
//! - A SIP URI's IPv6 reference is no RFC 3986 path either: `sip:[::1]` has its brackets where
//!   RFC 3986 reads a path (a SIP URI has no `//`).
//! - RFC 3261's `token` (the `method`, `transport` and `user` parameters' values) holds "`"
//!   and a `%` that starts no percent-encoding, neither of which RFC 3986 allows.
//! - RFC 3261's `user-unreserved` holds `/`, so a SIP user may start with `//`, which RFC 3986
//!   reads as the start of an authority: `sips://L@p.:9` has the user `//L` and the host `p.`
//!   as a SIP URI, the authority `L@p.:9` and an empty path as a URI. `Sip::try_from` reads
//!   the text as `Sip::parse` does either way.
//! - RFC 3966's `phonedigit-hex` (a local number's digits) holds `#`, which RFC 3986 reads as
//!   the start of the fragment: `Uri` refuses a second `#`, and reads the text after one `#` as
//!   a fragment where `Tel::parse` reads digits and parameters. `Tel::try_from(&uri)` follows
//!   RFC 3986 there (section 3.5: the fragment takes no part in the scheme's reading) and
//!   refuses such a URI at its `#`.
//!
//! Mailto has none: RFC 6068 section 2 has every character a URI cannot hold percent-encoded.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use uri::scheme::{Mailto, Sip, Tel};
use uri::{Normalization, Uri, UriRef};
use uri_gen::capture::reference::Reference;
use uri_gen::tools::Sampler;
use uri_gen::{CompiledParsers, Encoding};
use xtask::schemes::SCHEME_MODULES;

/// The compiled parsers of the scheme modules, once per test binary.
fn compiled(name: &str) -> &'static CompiledParsers {
    static ALL: OnceLock<Vec<(&'static str, CompiledParsers)>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let root = uri_tests::workspace_root();
        SCHEME_MODULES
            .iter()
            .filter(|m| ["tel", "sip", "mailto"].contains(&m.name))
            .map(|m| (m.name, m.compile(&root).unwrap_or_else(|e| panic!("{e:#}"))))
            .collect()
    });
    &all.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no scheme module {name}")).1
}

type Texts = BTreeMap<String, Option<String>>;

/// What the type reads from `input` as the parser `parser` of its module, as texts under the
/// capture names of that module (only the captures that parser records); `None` where it
/// refuses.
fn type_texts(parser: &str, input: &str) -> Option<Texts> {
    let mut out = Texts::new();
    let mut put = |name: &str, text: Option<&str>| {
        out.insert(name.to_owned(), text.map(str::to_owned));
    };
    match parser {
        "Tel" => {
            let t = Tel::parse(input).ok()?;
            put("number", Some(t.number()));
            put("isdn-subaddress", t.isdn_subaddress());
            put("extension", t.extension());
            put("phone-context", t.phone_context());
            put("parameters", Some(t.parameters_str()).filter(|p| !p.is_empty()));
        }
        "Sip" | "Sips" => {
            let s = Sip::parse(input).ok()?;
            if s.is_secure() != (parser == "Sips") {
                return None;
            }
            put("user", s.user());
            put("password", s.password());
            put("host", Some(s.host()));
            put("port", s.port());
            put("uri-parameters", Some(s.parameters_str()));
            put("headers", s.headers_str());
        }
        "Mailto" => {
            let m = Mailto::parse(input).ok()?;
            put("to", Some(m.to_str()).filter(|t| !t.is_empty()));
            put("hfields", Some(m.hfields_str()).filter(|t| !t.is_empty()));
        }
        other => panic!("unknown parser {other}"),
    }
    Some(out)
}

/// What the capture reference reads from `input` with parser `index` of `parsers`: `None`
/// where it does not match.
fn reference_texts(parsers: &CompiledParsers, index: usize, input: &[u8], names: &Texts) -> Option<Texts> {
    let reference = Reference::new(&parsers.grammar, &parsers.spec, Encoding::Utf8);
    let rule = parsers.spec.parsers[index].rule;
    let slots = reference.run(rule, input).unwrap_or_else(|e| panic!("reference: {e:?}"))?;
    let text = std::str::from_utf8(input).ok()?;
    let mut out = Texts::new();
    for (i, capture) in parsers.spec.captures.iter().enumerate() {
        if !names.contains_key(&capture.name) {
            continue;
        }
        let span = slots[2 * i].zip(slots[2 * i + 1]);
        out.insert(capture.name.clone(), span.map(|(s, e)| text[s..e].to_owned()));
    }
    Some(out)
}

/// What the SIP type reads of the parameter values: the reference's `Params` run on the
/// parameter span must give the same.
fn sip_params_agree(input: &str) -> Result<(), TestCaseError> {
    let Ok(sip) = Sip::parse(input) else { return Ok(()) };
    let parsers = compiled("sip");
    let index = parsers.spec.parsers.iter().position(|p| p.name == "Params").expect("Params");
    let found: Texts = [
        ("transport", sip.transport()),
        ("user-param", sip.user_param()),
        ("method", sip.method()),
        ("ttl", sip.ttl()),
        ("maddr", sip.maddr()),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_owned(), v.map(str::to_owned)))
    .collect();
    let span = sip.parameters_str();
    let expected = reference_texts(parsers, index, span.as_bytes(), &found);
    prop_assert_eq!(Some(&found), expected.as_ref(), "{:?}", input);
    let lr = reference_texts(parsers, index, span.as_bytes(), &[("lr".to_owned(), None)].into());
    prop_assert_eq!(lr.and_then(|t| t["lr"].clone()).is_some(), sip.lr(), "{:?}", input);
    // Each parameter's name and value: the parameter as written, and where it is an
    // `other-param`, what the reference's `Param` reads of it.
    let param = parsers.spec.parsers.iter().position(|p| p.name == "Param").expect("Param");
    prop_assert_eq!(sip.parameters().count(), sip.params().count(), "{:?}", input);
    for (p, raw) in sip.parameters().zip(sip.params()) {
        let joined = p.value().map_or_else(|| p.name().to_owned(), |v| format!("{}={v}", p.name()));
        prop_assert_eq!((p.as_str(), joined.as_str()), (raw, raw), "{:?}", input);
        let found: Texts = [
            ("pname".to_owned(), Some(p.name().to_owned())),
            ("pvalue".to_owned(), p.value().map(str::to_owned)),
        ]
        .into();
        if let Some(expected) = reference_texts(parsers, param, raw.as_bytes(), &found) {
            prop_assert_eq!(&expected, &found, "{:?}", raw);
        }
    }
    Ok(())
}

/// The generic parser accepts the input unless it is a listed difference, and where it accepts
/// it, the scheme type read through `TryFrom<&Uri>` is the one `parse` gives.
fn agrees_with_uri(parser: &str, input: &str) -> Result<(), String> {
    let Ok(uri) = Uri::parse(input) else {
        let bracket = parser != "Mailto" && (input.contains('[') || input.contains(']'));
        let token = parser.starts_with("Sip") && (input.contains('`') || has_raw_percent(input));
        // RFC 3966's `phonedigit-hex` holds `#`, and RFC 3986 allows one `#` only.
        let hash = parser == "Tel" && input.matches('#').count() > 1;
        return if bracket || token || hash { Ok(()) } else { Err(format!("Uri refuses {input:?}")) };
    };
    let same = match parser {
        // The tel reading stops at RFC 3986's fragment: a `#` that `Tel::parse` reads as a digit
        // of a local number is refused there.
        "Tel" if uri.fragment().is_some() => {
            let hash = input.len() - uri.fragment().map_or(0, str::len) - 1;
            Tel::try_from(&uri).is_err_and(|e| e.index() == hash || Tel::parse(input) == Err(e))
        }
        "Tel" => Tel::try_from(&uri) == Tel::parse(input),
        "Mailto" => Mailto::try_from(&uri) == Mailto::parse(input),
        _ => Sip::try_from(&uri) == Sip::parse(input),
    };
    let scheme = uri.scheme().eq_ignore_ascii_case(&parser.to_ascii_lowercase());
    // Every one of these schemes has an opaque path, no authority, except a SIP user that
    // starts with `//` (listed above).
    let slashes = parser.starts_with("Sip") && input[uri.scheme().len() + 1..].starts_with("//");
    if same && scheme && uri.authority().is_none() != slashes {
        Ok(())
    } else {
        Err(format!("Uri reads {input:?} otherwise"))
    }
}

/// The comparisons of RFC 3966 section 4 and RFC 3261 section 19.1.4 are reflexive and
/// symmetric; a `tel` URI equals its upper-case form (section 4 compares without case).
fn comparisons_hold(parser: &str, text: &str, other: &str) -> Result<(), TestCaseError> {
    if parser == "Tel" {
        let a = Tel::parse(text).expect("parsed before");
        prop_assert!(a.rfc3966_eq(&a), "{:?}", text);
        let upper = text.to_ascii_uppercase();
        let b = Tel::parse(&upper).expect("upper case is a tel URI");
        prop_assert!(a.rfc3966_eq(&b) && b.rfc3966_eq(&a), "{:?}", text);
        if let Ok(c) = Tel::parse(other) {
            prop_assert_eq!(a.rfc3966_eq(&c), c.rfc3966_eq(&a), "{:?} {:?}", text, other);
        }
    } else if parser.starts_with("Sip") {
        let a = Sip::parse(text).expect("parsed before");
        // Reflexive, except where a parameter name appears twice (section 19.1.1 forbids it).
        let mut names: Vec<String> =
            a.params().map(|p| p.split('=').next().unwrap_or_default().to_ascii_lowercase()).collect();
        let escaped_name = names.iter().any(|n| n.contains('%'));
        names.sort_unstable();
        names.dedup();
        let repeats = names.len() != a.params().count();
        let expected = if repeats { None } else { Some(true) };
        if !escaped_name {
            prop_assert_eq!(a.rfc3261_eq(&a), expected, "{:?}", text);
        }
        prop_assert_ne!(a.rfc3261_eq(&a), Some(false), "{:?}", text);
        if let Ok(c) = Sip::parse(other) {
            prop_assert_eq!(a.rfc3261_eq(&c), c.rfc3261_eq(&a), "{:?} {:?}", text, other);
        }
    }
    Ok(())
}

/// Scheme-based normalization of a URI that RFC 3986 also reads gives a URI of the same
/// scheme, equal to the original by the scheme's comparison, and normalizing it again changes
/// nothing.
fn normal_form_holds(parser: &str, text: &str) -> Result<(), TestCaseError> {
    let Ok(r) = UriRef::parse(text) else { return Ok(()) };
    let normal = r.normalize_with(Normalization::SCHEME_BASED).to_string();
    let again = UriRef::parse(&normal).map(|n| n.normalize_with(Normalization::SCHEME_BASED).to_string());
    prop_assert_eq!(again.as_deref(), Ok(normal.as_str()), "{:?}", text);
    match parser {
        "Tel" => {
            let (a, b) = (Tel::parse(text).expect("parsed before"), Tel::parse(&normal));
            prop_assert!(b.is_ok_and(|b| a.rfc3966_eq(&b)), "{:?} {:?}", text, normal);
        }
        "Sip" | "Sips" => {
            let (a, b) = (Sip::parse(text).expect("parsed before"), Sip::parse(&normal));
            let b = b.map_err(|e| TestCaseError::fail(format!("{text:?} {normal:?}: {e}")))?;
            prop_assert!(a.rfc3261_eq(&b) != Some(false), "{:?} {:?}", text, normal);
            // `rfc3261_eq` is `None` where a parameter name repeats: the accessors still read
            // the same values (those of tokens and hosts in any case).
            let caseless = |x: Option<&str>, y: Option<&str>| {
                x.map(str::to_ascii_lowercase) == y.map(str::to_ascii_lowercase)
            };
            prop_assert!(caseless(a.transport(), b.transport()), "{:?} {:?}", text, normal);
            prop_assert!(caseless(a.user_param(), b.user_param()), "{:?} {:?}", text, normal);
            prop_assert!(caseless(a.maddr(), b.maddr()), "{:?} {:?}", text, normal);
            prop_assert_eq!(
                (a.method(), a.ttl(), a.lr()),
                (b.method(), b.ttl(), b.lr()),
                "{:?} {:?}",
                text,
                normal
            );
            match (a.telephone_subscriber(), b.telephone_subscriber()) {
                (Some(s), Some(t)) => prop_assert!(s.subscriber_eq(&t), "{:?} {:?}", text, normal),
                (s, t) => prop_assert!(s.is_none() && t.is_none(), "{:?} {:?}", text, normal),
            }
        }
        _ => {
            let (a, b) = (Mailto::parse(text).expect("parsed before"), Mailto::parse(&normal));
            prop_assert!(b.is_ok_and(|b| a.to().count() == b.to().count()), "{:?} {:?}", text, normal);
        }
    }
    Ok(())
}

/// `text`, a SIP URI, with a `transport`, `method` or `user` parameter added after its
/// parameters (RFC 3261 section 19.1.1 forbids a name twice, the grammar does not): where the
/// URI has one already, the added one, last, counts, and a normal form must keep it last.
fn with_repeated_params(text: &str) -> Vec<String> {
    let Ok(sip) = Sip::parse(text) else { return Vec::new() };
    let params = sip.parameters_str();
    // No header holds a `;`, so the parameters are the last place their text appears.
    let Some(end) = text.rfind(params).map(|start| start + params.len()).filter(|_| !params.is_empty())
    else {
        return Vec::new();
    };
    [";transport=aaa", ";method=AAA", ";user=aaa"]
        .into_iter()
        .map(|added| (added, format!("{}{added}{}", &text[..end], &text[end..])))
        .filter(|(added, t)| Sip::parse(t).is_ok_and(|s| s.parameters_str().ends_with(added)))
        .map(|(_, t)| t)
        .collect()
}

/// Whether `input` holds a `%` that starts no percent-encoding.
fn has_raw_percent(input: &str) -> bool {
    let bytes = input.as_bytes();
    let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
    bytes.iter().enumerate().any(|(i, &b)| b == b'%' && !(hex(i + 1) && hex(i + 2)))
}

/// One sampled input of the parser `parser` of `module` and one mutation of it.
fn check_seed(module: &str, parser: &str, seed: u64) -> Result<(), TestCaseError> {
    let parsers = compiled(module);
    let index = parsers.spec.parsers.iter().position(|p| p.name == parser).expect("parser");
    let rule = parsers.spec.parsers[index].rule;
    let mut sampler = Sampler::new(&parsers.grammar, Encoding::Utf8, seed).with_limits(8, 48);
    let sample = sampler.sample(rule);
    let mutated = sampler.mutate(&sample);
    let sample_text = std::str::from_utf8(&sample).unwrap_or_default();
    let names = type_texts(parser, sample_text).unwrap_or_default();
    for (input, sampled) in [(&sample, true), (&mutated, false)] {
        let Ok(text) = std::str::from_utf8(input) else { continue };
        let found = type_texts(parser, text);
        let names = found.clone().unwrap_or_else(|| names.clone());
        let expected = reference_texts(parsers, index, input, &names);
        match (&found, &expected) {
            (Some(found), Some(expected)) => {
                prop_assert_eq!(found, expected, "{} {:?}", parser, text);
                agrees_with_uri(parser, text).map_err(TestCaseError::fail)?;
                if module == "sip" {
                    sip_params_agree(text)?;
                }
                comparisons_hold(parser, text, std::str::from_utf8(&mutated).unwrap_or_default())?;
                normal_form_holds(parser, text)?;
                if module == "sip" {
                    for repeated in with_repeated_params(text) {
                        normal_form_holds(parser, &repeated)?;
                    }
                }
            }
            (None, None) => {}
            _ => {
                prop_assert!(false, "{parser} {text:?}: the type gives {found:?}, the reference {expected:?}")
            }
        }
        prop_assert!(!sampled || expected.is_some(), "a sample of {} does not match: {:?}", parser, text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn tel_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("tel", "Tel", seed)?;
    }

    #[test]
    fn sip_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("sip", "Sip", seed)?;
    }

    #[test]
    fn sips_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("sip", "Sips", seed)?;
    }

    #[test]
    fn mailto_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("mailto", "Mailto", seed)?;
    }
}

/// The listed differences exist: each is accepted by `parse` and refused by `Uri`.
#[test]
fn the_listed_differences() {
    let tel = "tel:+1-201-555-0123;a=[b]";
    assert!(Tel::parse(tel).is_ok() && Uri::parse(tel).is_err());
    for sip in ["sip:alice@atlanta.com;a=[b]", "sip:alice@[2001:db8::1]", "sip:a@b?x=[y]"] {
        assert!(Sip::parse(sip).is_ok() && Uri::parse(sip).is_err(), "{sip}");
    }
    let sip = "sip:a@b;method=`";
    assert!(Sip::parse(sip).is_ok() && Uri::parse(sip).is_err());
    let sips = "sips://L@p.:9?%Dc$=%e9";
    let (parsed, uri) = (Sip::parse(sips).unwrap(), Uri::parse(sips).unwrap());
    assert_eq!((parsed.user(), parsed.host()), (Some("//L"), "p."));
    assert_eq!(
        uri.authority().map(|a| (a.userinfo(), a.host(), a.port())),
        Some((Some("L"), "p.", Some("9")))
    );
    assert_eq!(Sip::try_from(&uri), Ok(parsed));
    let tel = Tel::parse("tel:*21#;phone-context=example.com").unwrap();
    assert_eq!(tel.number(), "*21#");
    let uri = Uri::parse(tel.as_str()).unwrap();
    assert_eq!(uri.fragment(), Some(";phone-context=example.com"));
    let err = Tel::try_from(&uri).unwrap_err();
    assert_eq!((err.index(), err.found()), (7, Some(b'#')));
    assert!(
        err.to_string().starts_with("invalid tel URI (RFC 3966 `telephone-uri`): unexpected '#' at byte 7"),
        "{err}"
    );
    assert!(err.expects(b';') && err.expects(b'1') && !err.expects(b'#') && !err.expects_end(), "{err}");
    let reference = UriRef::parse(tel.as_str()).unwrap();
    assert_eq!(Tel::try_from(&reference), Err(err));
    // Without `#` in the number, a fragment after a tel URI is refused where it starts too, as
    // before: no tel parameter holds `#`.
    let uri = Uri::parse("tel:+1-201-555-0123#x").unwrap();
    assert_eq!(Tel::try_from(&uri).unwrap_err().index(), 19);
    let mailto = "mailto:a{b}@example.com";
    assert!(Mailto::parse(mailto).is_err() && Uri::parse(mailto).is_err());
}
