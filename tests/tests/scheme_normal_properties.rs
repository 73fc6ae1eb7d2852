//! Properties of scheme-based normalization (RFC 3986 section 6.2.3) for every scheme with a
//! normal form (`urn`, `tel`, `sip`, `sips`, `mailto`, `file`, `geo`), over the RFCs' example URIs and
//! generated ones, with characters replaced by escapes (of unreserved characters and others,
//! in either hex case) and letters changed in case. For `n`, the normalization of `x`:
//!
//! - (a) normalizing `n` gives `n`;
//! - (b) if the scheme's type reads `x`, it reads `n`;
//! - (c) the scheme's comparison, where it is defined, calls `x` and `n` equivalent (`mailto`
//!   and `file` have none: their parts are compared decoded instead);
//! - (d) two inputs the comparison calls equivalent normalize to the same text, where the
//!   normal form is canonical: a URN's assigned name (the r-, q- and f-components, which
//!   URN-equivalence ignores, stay as they are), a `tel` URI whole, and a SIP URI but for a
//!   parameter in one URI only (which the comparison ignores and a normal form cannot drop)
//!   and the case of values the normal form keeps as written (a `method`'s, an extension's:
//!   section 7.3.1 leaves their comparison to their definition, while `rfc3261_eq` folds all
//!   but `method`).
//!
//! (a) to (c) hold under [`Normalization::FULL`] and [`Normalization::SCHEME_BASED`] alone;
//! (d) under `FULL` (the scheme steps leave the scheme name's case to the syntax steps). (a) to
//! (c) are checked for `data` URIs too, which have no normal form of their own but get the
//! syntax steps: a valid one stays valid (RFC 2397 takes an unreserved character wherever it
//! takes an escape) and keeps its meaning; and for edited `geo` URIs, whose (d) is checked on
//! two spellings of one value (`geo_normal_forms`): zeros, `-0`, case, `;crs=wgs84`, escapes
//! of unreserved characters, any longitude at a pole, -180 and parameter order. An escape of
//! another character that a `geo` value may hold as it is (`:&+$`) stays an escape, so it is
//! not among the spellings.
//!
//! The named tests are the inputs of a trial that found the defects these properties guard.
//! The example URIs are quoted from RFCs 8141, 8089, 3966, 3261 and 6068 (the IETF Trust's Code
//! Components, Simplified BSD License; see `abnf/README.md`), through the tables that the other
//! scheme tests read.

use proptest::prelude::*;
use proptest::sample::Index;
use uri::scheme::{Data, File, FileHost, Geo, Mailto, Sip, Tel, Urn};
use uri::{Normalization, UriRef};

// The tables' rejected examples are the example tests' business, not read here.
#[allow(dead_code)]
#[path = "../../uri-gen/tests/scheme_captures/mailto.rs"]
mod mailto_examples;
#[allow(dead_code)]
#[path = "../../uri-gen/tests/scheme_captures/sip.rs"]
mod sip_examples;
#[allow(dead_code)]
#[path = "../../uri-gen/tests/scheme_captures/tel.rs"]
mod tel_examples;

#[path = "../../uri-gen/tests/scheme_captures/example.rs"]
mod example;
use example::{ok, Example, Rejected};

/// The schemes with a normal form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    Urn,
    Tel,
    Sip,
    Mailto,
    File,
    Data,
    Geo,
}

/// The example URIs of `scheme`'s RFC.
fn examples(scheme: Scheme) -> Vec<String> {
    let tables = |examples: &[Example], parsers: &[&str]| {
        examples.iter().filter(|e| parsers.contains(&e.parser)).map(|e| e.input.to_owned()).collect()
    };
    let json = |name: &str| -> Vec<String> {
        let data: serde_json::Value =
            serde_json::from_str(&uri_tests::read_data("scheme_examples.json")).expect("valid JSON");
        data["valid"]
            .as_array()
            .expect("a list")
            .iter()
            .filter(|r| r["scheme"] == name && r.get("options").is_none_or(serde_json::Value::is_null))
            .map(|r| r["input"].as_str().expect("an input").to_owned())
            .collect()
    };
    match scheme {
        Scheme::Urn => json("urn"),
        Scheme::File => json("file"),
        Scheme::Data => json("data"),
        Scheme::Geo => json("geo"),
        Scheme::Tel => tables(tel_examples::EXAMPLES, &["Tel"]),
        Scheme::Sip => tables(sip_examples::EXAMPLES, &["Sip", "Sips"]),
        Scheme::Mailto => tables(mailto_examples::EXAMPLES, &["Mailto"]),
    }
}

/// Generated URIs of `scheme`, most of them valid for it.
fn generated(scheme: Scheme) -> BoxedStrategy<String> {
    let pattern = match scheme {
        Scheme::Urn => concat!(
            "[uU][rR][nN]:[a-zA-Z0-9][a-zA-Z0-9-]{0,6}[a-zA-Z0-9]:[a-zA-Z0-9()+,.:=@;$_!*'~/-]{1,12}",
            "(\\?\\+[a-zA-Z0-9=:]{1,5})?(\\?=[a-zA-Z0-9=&]{1,5})?(#[a-zA-Z0-9/?]{0,5})?",
        ),
        Scheme::Tel => concat!(
            "[tT][eE][lL]:(\\+[0-9]{1,3}([-.()]?[0-9]{2,4}){1,3}|[0-9*A-F]{1,3}(-[0-9]{1,3})?",
            ";phone-context=(example\\.com|Example\\.COM|\\+1-914-555))",
            "(;(ext=[0-9]{1,3}(-[0-9])?|isub=[a-zA-Z0-9!*'()]{1,4}|[a-zA-Z]{1,5}=[a-zA-Z0-9~.!*'()]{1,4}|[a-z]{1,5})){0,3}",
        ),
        Scheme::Sip => concat!(
            "[sS][iI][pP][sS]?:(([a-zA-Z0-9!*'()_.~-]{1,6}(:[a-zA-Z0-9]{1,4})?|\\+1-[0-9]{3}-[0-9]{4}",
            "(;isub=[0-9]{1,3})?(;postd=pp[0-9]{1,2})?)@)?",
            "(host\\.example|[a-zA-Z]{1,5}\\.com|192\\.0\\.2\\.4)(:[0-9]{1,4})?",
            "(;(transport=(tcp|udp|TLS)|user=(phone|ip)|method=[A-Z]{3,6}|ttl=[0-9]{1,2}",
            "|maddr=[a-z.]{1,6}|lr|[a-zA-Z]{1,4}(=[a-zA-Z0-9!*~]{1,3})?)){0,3}",
            "(\\?[a-zA-Z]{1,5}=[a-zA-Z0-9~]{0,4}(&[a-zA-Z]{1,5}=[a-zA-Z0-9~]{0,4}){0,2})?",
        ),
        // Dots doubled or leading at times: invalid until an edit escapes one of them, and
        // then invalid again if normalization decoded it.
        Scheme::Mailto => concat!(
            "[mM][aA][iI][lL][tT][oO]:(\\.?[a-zA-Z0-9!$'*+_~-]{1,4}(\\.{1,2}[a-zA-Z0-9_~-]{1,4}){0,2}",
            "@[a-zA-Z0-9-]{1,6}(\\.{1,2}[a-zA-Z]{2,4}){1,2}\\.?(,[a-z]{1,4}@[a-zA-Z]{1,4}\\.net){0,2})?",
            "(\\?[a-zA-Z-]{1,7}=[a-zA-Z0-9.@~-]{0,6}(&[a-zA-Z-]{1,7}=[a-zA-Z0-9.~]{0,6}){0,2})?",
        ),
        Scheme::File => concat!(
            "[fF][iI][lL][eE]:(//(|localhost|LocalHost|host\\.example|[a-z]{1,5}))?",
            "(/([a-zA-Z0-9_~-]{1,5}|\\.|\\.\\.)){1,4}",
        ),
        Scheme::Data => concat!(
            "[dD][aA][tT][aA]:(text/plain|image/GIF)?(;charset=[a-zA-Z0-9-]{1,8})?(;base64)?",
            ",[a-zA-Z0-9/._~+=-]{0,12}",
        ),
        Scheme::Geo => concat!(
            "[gG][eE][oO]:-?[0-9]{1,2}(\\.[0-9]{1,4})?,-?[0-9]{1,3}(\\.[0-9]{1,3})?(,[0-9]{1,3})?",
            "(;crs=(wgs84|WGS84))?(;u=[0-9]{1,2}(\\.[0-9])?)?(;[a-zA-Z]{1,4}=[a-zA-Z0-9.~-]{1,5}){0,2}",
        ),
    };
    proptest::string::string_regex(pattern).expect("a valid pattern").boxed()
}

/// One change to a URI's text.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace the character at the index by its escape, with upper-case hex digits or not.
    Escape(Index, bool),
    /// Replace an unreserved character (the one at the index among them) by its escape.
    EscapeUnreserved(Index, bool),
    /// Replace a character other than a letter or digit (the one at the index among them, a
    /// delimiter or a mark) by its escape.
    EscapePunctuation(Index, bool),
    /// Change the case of the letter at the index.
    Case(Index),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<Index>(), any::<bool>()).prop_map(|(i, upper)| Edit::Escape(i, upper)),
        (any::<Index>(), any::<bool>()).prop_map(|(i, upper)| Edit::EscapeUnreserved(i, upper)),
        (any::<Index>(), any::<bool>()).prop_map(|(i, upper)| Edit::EscapePunctuation(i, upper)),
        any::<Index>().prop_map(Edit::Case),
    ];
    prop::collection::vec(edit, 0..5)
}

/// `text` (ASCII) with `edits` applied in turn.
fn edited(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for edit in edits {
        if bytes.is_empty() {
            break;
        }
        match edit {
            Edit::Escape(i, upper) => {
                let at = i.index(bytes.len());
                escape(&mut bytes, at, *upper);
            }
            Edit::EscapeUnreserved(i, upper) => {
                escape_one(&mut bytes, |b| uri::EncodeSet::UNRESERVED.keeps(b), i, *upper);
            }
            Edit::EscapePunctuation(i, upper) => {
                escape_one(&mut bytes, |b| !b.is_ascii_alphanumeric(), i, *upper);
            }
            Edit::Case(i) => {
                let at = i.index(bytes.len());
                let b = bytes[at];
                bytes[at] =
                    if b.is_ascii_uppercase() { b.to_ascii_lowercase() } else { b.to_ascii_uppercase() };
            }
        }
    }
    String::from_utf8(bytes).expect("ASCII")
}

/// Escapes the byte at `i` among those `pick` picks, if there are any.
fn escape_one(bytes: &mut Vec<u8>, pick: impl Fn(u8) -> bool, i: &Index, upper: bool) {
    let picked: Vec<usize> = (0..bytes.len()).filter(|&j| pick(bytes[j])).collect();
    if !picked.is_empty() {
        escape(bytes, picked[i.index(picked.len())], upper);
    }
}

fn escape(bytes: &mut Vec<u8>, at: usize, upper: bool) {
    let hex = if upper { format!("%{:02X}", bytes[at]) } else { format!("%{:02x}", bytes[at]) };
    bytes.splice(at..=at, hex.bytes());
}

fn normalized(text: &str, steps: Normalization) -> Option<String> {
    UriRef::parse(text).ok().map(|r| r.normalize_with(steps).to_string())
}

/// Whether the scheme's type reads `text`.
fn valid(scheme: Scheme, text: &str) -> bool {
    match scheme {
        Scheme::Urn => Urn::parse(text).is_ok(),
        Scheme::Tel => Tel::parse(text).is_ok(),
        Scheme::Sip => Sip::parse(text).is_ok(),
        Scheme::Mailto => Mailto::parse(text).is_ok(),
        Scheme::File => File::parse(text).is_ok(),
        Scheme::Data => Data::parse(text).is_ok(),
        Scheme::Geo => Geo::parse(text).is_ok(),
    }
}

/// The decoded bytes of `text`, letters in lower case when `fold`.
fn decoded(text: &str, fold: bool) -> Vec<u8> {
    let mut bytes = uri::decode(text).expect("well-formed escapes").into_owned();
    if fold {
        bytes.make_ascii_lowercase();
    }
    bytes
}

/// (c): `x` and `n`, both read by the scheme's type, are equivalent by its comparison (or, for
/// `mailto` and `file`, have the same parts once decoded).
fn equivalent_to_normal(scheme: Scheme, x: &str, n: &str) -> Result<(), TestCaseError> {
    match scheme {
        Scheme::Urn => {
            prop_assert!(Urn::parse(x).unwrap().rfc8141_eq(&Urn::parse(n).unwrap()), "{:?} {:?}", x, n);
        }
        Scheme::Tel => {
            let (a, b) = (Tel::parse(x).unwrap(), Tel::parse(n).unwrap());
            prop_assert!(a.rfc3966_eq(&b) && b.rfc3966_eq(&a), "{:?} {:?}", x, n);
        }
        Scheme::Sip => {
            let (a, b) = (Sip::parse(x).unwrap(), Sip::parse(n).unwrap());
            // `None` where a parameter name repeats (section 19.1.1 forbids it).
            prop_assert_ne!(a.rfc3261_eq(&b), Some(false), "{:?} {:?}", x, n);
            match (a.telephone_subscriber(), b.telephone_subscriber()) {
                (Some(s), Some(t)) => prop_assert!(s.subscriber_eq(&t), "{:?} {:?}", x, n),
                (s, t) => prop_assert!(s.is_none() && t.is_none(), "{:?} {:?}", x, n),
            }
        }
        Scheme::Mailto => {
            let (a, b) = (Mailto::parse(x).unwrap(), Mailto::parse(n).unwrap());
            let addresses = |m: &Mailto<'_>| m.to().map(|t| decoded(t, true)).collect::<Vec<_>>();
            prop_assert_eq!(addresses(&a), addresses(&b), "{:?} {:?}", x, n);
            let headers = |m: &Mailto<'_>| {
                m.headers().map(|h| (decoded(h.name(), true), decoded(h.value(), false))).collect::<Vec<_>>()
            };
            prop_assert_eq!(headers(&a), headers(&b), "{:?} {:?}", x, n);
        }
        Scheme::File => {
            let (a, b) = (File::parse(x).unwrap(), File::parse(n).unwrap());
            // No host, an empty one and `localhost` (escaped or not) all name the local machine
            // (RFC 8089 section 2).
            let host = |f: &File<'_>| match f.host() {
                FileHost::Name(name) => Some(decoded(name, true)).filter(|h| h != b"localhost"),
                _ => None,
            };
            prop_assert_eq!(host(&a), host(&b), "{:?} {:?}", x, n);
        }
        Scheme::Data => {
            let (a, b) = (Data::parse(x).unwrap(), Data::parse(n).unwrap());
            prop_assert_eq!(a.decode().ok(), b.decode().ok(), "{:?} {:?}", x, n);
            let media = |d: &Data<'_>| decoded(&d.media_type(), true);
            prop_assert_eq!(media(&a), media(&b), "{:?} {:?}", x, n);
        }
        Scheme::Geo => {
            let (a, b) = (Geo::parse(x).unwrap(), Geo::parse(n).unwrap());
            prop_assert_ne!(a.rfc5870_eq(&b), Some(false), "{:?} {:?}", x, n);
        }
    }
    Ok(())
}

/// (a), (b) and (c) for `x`.
fn normal_form_holds(scheme: Scheme, x: &str) -> Result<(), TestCaseError> {
    for steps in [Normalization::FULL, Normalization::SCHEME_BASED] {
        let Some(n) = normalized(x, steps) else { return Ok(()) };
        let again = normalized(&n, steps);
        prop_assert_eq!(again.as_deref(), Some(n.as_str()), "(a) {:?} {:?}", x, steps);
        if valid(scheme, x) {
            prop_assert!(valid(scheme, &n), "(b) {:?} normalizes to {:?} under {:?}", x, n, steps);
            equivalent_to_normal(scheme, x, &n)?;
        }
    }
    Ok(())
}

/// The text (d) compares for an input of `scheme` normalized to `n`, where the normal form is
/// canonical; `None` where it makes no claim.
fn canonical(scheme: Scheme, n: &str) -> Option<String> {
    match scheme {
        Scheme::Urn => Some(Urn::parse(n).ok()?.assigned_name().to_owned()),
        Scheme::Tel => Some(n.to_owned()),
        Scheme::Sip => {
            // The values kept as written, in lower case: `rfc3261_eq` compares all but a
            // `method`'s without case.
            let sip = Sip::parse(n).ok()?;
            let mut out = n.to_owned();
            for p in sip.parameters() {
                let kept = !["transport", "user", "ttl", "maddr", "method"].contains(&p.name());
                if let (true, Some(v)) = (kept, p.value()) {
                    let lower = format!("{}={}", p.name(), v.to_ascii_lowercase());
                    out = out.replace(p.as_str(), &lower);
                }
            }
            Some(out)
        }
        Scheme::Mailto | Scheme::File | Scheme::Data | Scheme::Geo => None,
    }
}

/// Whether the scheme's comparison calls `x` and `y` equivalent, where (d) applies to them.
fn compared_equivalent(scheme: Scheme, x: &str, y: &str) -> bool {
    match scheme {
        Scheme::Urn => Urn::parse(x).is_ok_and(|a| Urn::parse(y).is_ok_and(|b| a.rfc8141_eq(&b))),
        Scheme::Tel => Tel::parse(x).is_ok_and(|a| Tel::parse(y).is_ok_and(|b| a.rfc3966_eq(&b))),
        Scheme::Sip => {
            let (Ok(a), Ok(b)) = (Sip::parse(x), Sip::parse(y)) else { return false };
            let names = |s: &Sip<'_>| {
                let mut names: Vec<Vec<u8>> = s.parameters().map(|p| decoded(p.name(), true)).collect();
                names.sort();
                names
            };
            a.rfc3261_eq(&b) == Some(true) && names(&a) == names(&b)
        }
        Scheme::Mailto | Scheme::File | Scheme::Data | Scheme::Geo => false,
    }
}

/// (d) for two inputs.
fn equivalents_normalize_alike(scheme: Scheme, x: &str, y: &str) -> Result<(), TestCaseError> {
    if !compared_equivalent(scheme, x, y) {
        return Ok(());
    }
    let (Some(m), Some(n)) = (normalized(x, Normalization::FULL), normalized(y, Normalization::FULL)) else {
        return Ok(());
    };
    // A `tel` URI that repeats a named parameter has no normal form (section 3 forbids it).
    let repeats = |t: &str| {
        let tel = Tel::parse(t).unwrap();
        let named = |p: &&str| {
            let p = p.to_ascii_lowercase();
            p.starts_with(";ext=") || p.starts_with(";isub=") || p.starts_with(";phone-context=")
        };
        tel.params().filter(named).count() > 1
    };
    if scheme == Scheme::Tel && (repeats(x) || repeats(y)) {
        return Ok(());
    }
    prop_assert_eq!(canonical(scheme, &m), canonical(scheme, &n), "(d) {:?} {:?}: {:?} {:?}", x, y, m, n);
    Ok(())
}

/// A seed of `scheme`: one of its RFC's examples or a generated URI.
fn seeds(scheme: Scheme) -> BoxedStrategy<String> {
    prop_oneof![prop::sample::select(examples(scheme)), generated(scheme)].boxed()
}

fn check(scheme: Scheme, seed: &str, a: &[Edit], b: &[Edit]) -> Result<(), TestCaseError> {
    let (x, y) = (edited(seed, a), edited(seed, b));
    normal_form_holds(scheme, seed)?;
    normal_form_holds(scheme, &x)?;
    normal_form_holds(scheme, &y)?;
    equivalents_normalize_alike(scheme, seed, &x)?;
    equivalents_normalize_alike(scheme, &x, &y)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn urn_normal_forms(seed in seeds(Scheme::Urn), a in edits(), b in edits()) {
        check(Scheme::Urn, &seed, &a, &b)?;
    }

    #[test]
    fn tel_normal_forms(seed in seeds(Scheme::Tel), a in edits(), b in edits()) {
        check(Scheme::Tel, &seed, &a, &b)?;
    }

    #[test]
    fn sip_normal_forms(seed in seeds(Scheme::Sip), a in edits(), b in edits()) {
        check(Scheme::Sip, &seed, &a, &b)?;
    }

    #[test]
    fn mailto_normal_forms(seed in seeds(Scheme::Mailto), a in edits(), b in edits()) {
        check(Scheme::Mailto, &seed, &a, &b)?;
    }

    #[test]
    fn file_normal_forms(seed in seeds(Scheme::File), a in edits(), b in edits()) {
        check(Scheme::File, &seed, &a, &b)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn data_and_geo_stay_valid(seed in seeds(Scheme::Data), other in seeds(Scheme::Geo), a in edits()) {
        check(Scheme::Data, &seed, &a, &[])?;
        check(Scheme::Geo, &other, &a, &[])?;
    }
}

fn full(text: &str) -> String {
    normalized(text, Normalization::FULL).expect("a URI reference")
}

/// An escape cannot stand in a NID, so `URN:E%41XAMPLE:...` is no URN: its scheme step runs on
/// the syntax steps' output, and normalizing the result again changes nothing.
#[test]
fn urn_with_an_escaped_nid_normalizes_once() {
    let n = full("URN:E%41XAMPLE:a123%2cz456");
    assert_eq!(n, "urn:eaxample:a123%2Cz456");
    assert_eq!(full(&n), n);
}

/// RFC 8141 section 3.1: the NSS's escapes are not decoded for URN-equivalence, so a valid
/// URN's normal form keeps them.
#[test]
fn urn_keeps_the_escapes_of_its_nss() {
    let (x, n) = ("URN:EXAMPLE:%41a123", full("URN:EXAMPLE:%41a123"));
    assert_eq!(n, "urn:example:%41a123");
    assert!(Urn::parse(x).unwrap().rfc8141_eq(&Urn::parse(&n).unwrap()));
    assert!(!Urn::parse(&n).unwrap().rfc8141_eq(&Urn::parse("urn:example:Aa123").unwrap()));
    // The syntax steps alone decode them, as RFC 3986 says; the q-component is decoded too.
    assert_eq!(normalized(x, Normalization::SYNTAX).unwrap(), "urn:EXAMPLE:Aa123");
    assert_eq!(full("urn:example:%7e?=%7e#%7e"), "urn:example:%7E?=~#~");
}

/// RFC 3966 section 3: a character outside RFC 2396's `reserved` and `unsafe` sets is its
/// escape, in the comparison as in the normal form; RFC 2396's unreserved characters include
/// `!*'()`, which RFC 3986 counts as sub-delims.
#[test]
fn tel_escapes_of_unreserved_characters_are_the_characters() {
    for (x, normal) in [
        ("tel:+1-201-555-0123;isub=%41b", "tel:+12015550123;isub=ab"),
        ("tel:+1-201-555-0123;ext=12%34", "tel:+12015550123;ext=124"),
        ("tel:+1-201-555-0123;x=%21", "tel:+12015550123;x=!"),
        ("tel:+1-201-555-0123;isub=%28a%29", "tel:+12015550123;isub=(a)"),
        ("tel:+1-201-555-0123;x=%2a%27", "tel:+12015550123;x=*'"),
    ] {
        let n = full(x);
        assert_eq!(n, normal);
        assert!(Tel::parse(x).unwrap().rfc3966_eq(&Tel::parse(&n).unwrap()), "{x}");
        let scheme_based = normalized(x, Normalization::SCHEME_BASED).unwrap();
        assert_eq!(scheme_based, normal, "{x}");
    }
    let tel = |t| Tel::parse(t).unwrap();
    assert!(tel("tel:+1-201-555-0123;x=%21").rfc3966_eq(&tel("tel:+1-201-555-0123;x=!")));
    assert!(tel("tel:+1-201-555-0123;isub=%28a%29").rfc3966_eq(&tel("tel:+1-201-555-0123;isub=(a)")));
    assert!(tel("tel:+1-201-555-0123;x=%2a%27").rfc3966_eq(&tel("tel:+1-201-555-0123;x=*'")));
    // A SIP URI's telephone subscriber compares with the `tel` URI the same way.
    let sip = Sip::parse("sip:+1;x=%21@h;user=phone").unwrap();
    assert!(sip.telephone_subscriber().unwrap().rfc3966_eq(&tel("tel:+1;x=!")));
    assert!(!tel("tel:+1-201-555-0123;ext=12%34").rfc3966_eq(&tel("tel:+1-201-555-0123;ext=12%35")));
    // The escapes of other characters stay escapes, their hex digits compared without case.
    assert!(tel("tel:+1-201-555-0123;x=a%3Bb").rfc3966_eq(&tel("tel:+1-201-555-0123;x=a%3bb")));
    assert!(!tel("tel:+1-201-555-0123;x=a%3Bb").rfc3966_eq(&tel("tel:+1-201-555-0123;x=a%3Cb")));
}

/// An escaped dot is the dot-atom's dot (the narrowing of `abnf/rfc6068-captured.abnf`), so
/// `exampl%2e.org` is no address, as `exampl..org` is none: the scheme step leaves such a URI
/// to the syntax steps. A valid address decodes whole, each address on its own, its domain in
/// lower case; decoding never breaks one.
#[test]
fn mailto_escaped_dots_are_dots() {
    let x = "mailto:%22not%40me%22@exampl%2e.org";
    assert!(Mailto::parse(x).is_err());
    let syntax = UriRef::parse(x).unwrap().normalize_with(Normalization::SYNTAX).to_string();
    assert_eq!(full(x), syntax);
    for (x, normal) in [
        ("mailto:a@b%2eorg,%41@B.org?%53ubject=%7e", "mailto:a@b.org,A@b.org?subject=~"),
        ("mailto:a%2Eb.c@x.org", "mailto:a.b.c@x.org"),
        ("mailto:%22a%2e.%2e%22@%58.org", "mailto:%22a...%22@x.org"),
        ("mailto:%22not%40me%22@Exampl%65.org", "mailto:%22not%40me%22@example.org"),
    ] {
        Mailto::parse(x).unwrap();
        let n = full(x);
        assert_eq!(n, normal, "{x}");
        Mailto::parse(&n).unwrap();
        assert_eq!(full(&n), n, "{n}");
    }
    for refused in ["mailto:%41.%2E.b@x.org", "mailto:a@%41.%2e.org", "mailto:a%2E%2Eb@x.org"] {
        assert!(Mailto::parse(refused).is_err(), "{refused}");
    }
}

/// RFC 3261 section 19.1.4 makes `%34` the digit `4`: the user field holds a telephone
/// subscriber whatever the escapes of its unreserved characters.
#[test]
fn sip_telephone_subscriber_reads_escaped_digits() {
    let x = "sip:+358-555-12%34567;postd=pp22;isub=1411@foo.com;user=phone";
    let sip = Sip::parse(x).unwrap();
    let phone = sip.telephone_subscriber().expect("a telephone subscriber");
    assert_eq!((phone.number(), phone.isdn_subaddress()), ("+358-555-124567", Some("1411")));
    let syntax = normalized(x, Normalization::SYNTAX).unwrap();
    let other = Sip::parse(&syntax).unwrap();
    assert!(phone.subscriber_eq(&other.telephone_subscriber().unwrap()));
    assert_eq!(Sip::parse(&full(x)).unwrap().telephone_subscriber().unwrap().as_str(), phone.as_str());
}

/// RFC 8089's `localhost` is read after the syntax steps: `localhos%74` is `localhost` once
/// decoded, and the result does not change when normalized again.
#[test]
fn file_localhost_is_read_after_the_syntax_steps() {
    let n = full("file://localhos%74/etc/hosts");
    assert_eq!(n, "file:///etc/hosts");
    assert_eq!(full(&n), n);
}

/// A decimal number as RFC 5870 section 3.4.4 compares it: its sign (none on zero), its
/// integer digits without leading zeros and its fraction digits without trailing zeros.
#[derive(Clone, Debug)]
struct Number {
    negative: bool,
    integer: String,
    fraction: String,
}

/// A number from 0 to `max` in magnitude (no fraction at `max`), negative if `signed` says so;
/// `max` itself one time in four, for the poles and the date line.
fn number(max: u32, signed: bool) -> impl Strategy<Value = Number> {
    let integer = prop_oneof![1 => Just(max), 3 => 0..=max];
    (integer, "[0-9]{0,3}", any::<bool>()).prop_map(move |(integer, fraction, negative)| {
        let fraction = if integer == max { "" } else { fraction.trim_end_matches('0') };
        let integer = if integer == 0 { String::new() } else { integer.to_string() };
        let zero = integer.is_empty() && fraction.is_empty();
        Number { negative: signed && negative && !zero, integer, fraction: fraction.to_owned() }
    })
}

/// What RFC 5870 section 3.4.4 compares of a `geo` URI: a CRS label (`None` for none), the
/// coordinates, the uncertainty and the further parameters, whose names differ.
#[derive(Clone, Debug)]
struct GeoValue {
    crs: Option<&'static str>,
    coordinates: (Number, Number, Option<Number>),
    uncertainty: Option<Number>,
    parameters: Vec<(&'static str, Option<&'static str>)>,
}

fn geo_values() -> impl Strategy<Value = GeoValue> {
    let crs = prop::sample::select(vec![None, Some("wgs84"), Some("moon-2011")]);
    let coordinates = (number(90, true), number(180, true), prop::option::of(number(999, true)));
    let values = ["blue", "Blue", "this-that", "a.b_c~d", "1.00", "p:q&r", "(x)!*'", "x%3by"];
    let value = prop::option::of(prop::sample::select(values.to_vec()));
    let parameters = prop::sample::subsequence(vec!["foo", "bar", "a-b", "x1"], 0..=3)
        .prop_flat_map(move |names| names.into_iter().map(|n| (Just(n), value.clone())).collect::<Vec<_>>());
    (crs, coordinates, prop::option::of(number(99, false)), parameters).prop_map(
        |(crs, coordinates, uncertainty, parameters)| GeoValue { crs, coordinates, uncertainty, parameters },
    )
}

/// Choices read one after the other, again from the start once all are read.
struct Choices(Vec<u8>, usize);

impl Choices {
    /// A choice from 0 to `n - 1`.
    fn next(&mut self, n: u8) -> u8 {
        let byte = self.0[self.1 % self.0.len()];
        self.1 += 1;
        byte % n
    }

    /// `text` with each letter in either case.
    fn case(&mut self, text: &str) -> String {
        text.chars()
            .map(|c| if self.next(2) == 0 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() })
            .collect()
    }

    /// `n` with leading zeros (up to `digits` integer digits in all), trailing zeros, and a
    /// `-` on zero (unless `unsigned`), as the choices say.
    fn number(&mut self, n: &Number, digits: usize, unsigned: bool) -> String {
        let zero = n.integer.is_empty() && n.fraction.is_empty();
        let mut out = String::new();
        if n.negative || (zero && !unsigned && self.next(2) == 0) {
            out.push('-');
        }
        let integer = if n.integer.is_empty() { "0" } else { n.integer.as_str() };
        let zeros = usize::from(self.next(3)).min(digits - integer.len());
        out.push_str(&"0".repeat(zeros));
        out.push_str(integer);
        let zeros = usize::from(self.next(3));
        if !n.fraction.is_empty() || zeros > 0 {
            out.push('.');
            out.push_str(&n.fraction);
            out.push_str(&"0".repeat(zeros));
        }
        out
    }

    /// `value` with some of its unreserved characters (RFC 5870's, RFC 2396's set) escaped and
    /// the hex digits of its escapes in either case.
    fn value(&mut self, value: &str) -> String {
        let mut out = String::new();
        let mut bytes = value.bytes();
        while let Some(b) = bytes.next() {
            if b == b'%' {
                let hex: String = bytes.by_ref().take(2).map(char::from).collect();
                out.push('%');
                out.push_str(&self.case(&hex));
            } else if (b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)) && self.next(3) == 0 {
                let escape = format!("%{b:02X}");
                out.push_str(&self.case(&escape));
            } else {
                out.push(char::from(b));
            }
        }
        out
    }
}

/// A text of `value` spelled as `choices` say: letters in either case, zeros added, `-0`, any
/// longitude at a WGS-84 pole, -180 for 180, `;crs=wgs84` or not, escapes of unreserved
/// characters, the parameters in any order.
fn spelled(value: &GeoValue, choices: Vec<u8>) -> String {
    let mut c = Choices(choices, 0);
    let wgs84 = value.crs.is_none_or(|crs| crs == "wgs84");
    let (latitude, longitude, altitude) = &value.coordinates;
    let mut out = c.case("geo:");
    out.push_str(&c.number(latitude, 2, false));
    out.push(',');
    let pole = wgs84 && latitude.integer == "90";
    let date_line = wgs84 && longitude.integer == "180";
    let any = Number { negative: c.next(2) == 0, integer: c.next(181).to_string(), fraction: String::new() };
    let longitude = match (pole, date_line) {
        (true, _) => any,
        (false, true) => Number { negative: c.next(2) == 0, ..longitude.clone() },
        _ => longitude.clone(),
    };
    out.push_str(&c.number(&longitude, 3, false));
    if let Some(altitude) = altitude {
        out.push(',');
        out.push_str(&c.number(altitude, 4, false));
    }
    match value.crs {
        Some("wgs84") if c.next(2) == 0 => {}
        Some(label) => out.push_str(&format!(";{}={}", c.case("crs"), c.case(label))),
        None => {}
    }
    if let Some(u) = &value.uncertainty {
        out.push_str(&format!(";{}={}", c.case("u"), c.number(u, 3, true)));
    }
    let mut parameters = value.parameters.clone();
    for i in (1..parameters.len()).rev() {
        parameters.swap(i, usize::from(c.next(u8::try_from(i + 1).expect("few parameters"))));
    }
    for (name, v) in parameters {
        out.push(';');
        out.push_str(&c.case(name));
        if let Some(v) = v {
            out.push('=');
            out.push_str(&c.value(v));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Two spellings of one `geo` value, equal by `Geo::rfc5870_eq`: each normalizes to a
    /// `geo` URI equal to it that normalizes to itself, and both to the same text.
    #[test]
    fn geo_normal_forms(
        value in geo_values(),
        a in prop::collection::vec(any::<u8>(), 1..48),
        b in prop::collection::vec(any::<u8>(), 1..48),
    ) {
        let (x, y) = (spelled(&value, a), spelled(&value, b));
        let (gx, gy) = (Geo::parse(&x).unwrap(), Geo::parse(&y).unwrap());
        prop_assert_eq!(gx.rfc5870_eq(&gy), Some(true), "{:?} {:?}", x, y);
        for text in [&x, &y] {
            for steps in [Normalization::FULL, Normalization::SCHEME_BASED] {
                let n = normalized(text, steps).expect("a URI");
                let again = normalized(&n, steps);
                prop_assert_eq!(again.as_deref(), Some(n.as_str()), "{:?} {:?}", text, steps);
                let normal = Geo::parse(&n);
                prop_assert!(normal.is_ok(), "{:?} normalizes to {:?}", text, n);
                let equal = Geo::parse(text).unwrap().rfc5870_eq(&normal.unwrap());
                prop_assert_eq!(equal, Some(true), "{:?} {:?}", text, n);
            }
        }
        let (m, n) = (normalized(&x, Normalization::FULL), normalized(&y, Normalization::FULL));
        prop_assert_eq!(m, n, "{:?} {:?}", x, y);
    }
}

#[test]
fn geo_normal_form_examples() {
    assert_eq!(full("GEO:-90.000,46;crs=WGS84;Foo=%62lue%3b"), "geo:-90,0;foo=blue%3B");
    assert_eq!(full("geo:1,-180.0,-0;u=05"), "geo:1,180,0;u=5");
    // RFC 5870 section 3.4.4: "geo:90,-22.43;crs=WGS84" and "geo:90,46" are equivalent.
    assert_eq!(full("geo:90,-22.43;crs=WGS84"), full("geo:90,46"));
    // A repeated parameter name: the syntax steps alone.
    assert_eq!(full("geo:1.0,2;b=%41;a;b"), "geo:1.0,2;b=A;a;b");
}
