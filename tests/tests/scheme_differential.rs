//! The `uri::scheme` types against references, over inputs sampled from each scheme's grammar
//! and mutations of them (proptest seeds): the capture reference of `uri-gen` (values computed
//! from the parse forest over the grammar, independent of the generated tables) and the generic
//! `Uri` parser. The lists of parameters (`Data::parameters`, `Geo::parameters`) are compared
//! item by item with the reference's occurrences of each list capture.
//!
//! Agreement is exact except for these listed differences:
//!
//! - `Geo::parse` refuses a WGS-84 latitude beyond ±90 or longitude beyond ±180 (RFC 5870
//!   section 3.4.2), which the grammar accepts.
//! - Some scheme URIs are no RFC 3986 URIs, so `Uri::parse` refuses them: a `file` host with an
//!   RFC 6874 zone identifier (`%25` inside brackets), and a `geo` parameter value holding `[`
//!   or `]` (RFC 5870's `p-unreserved`), and an Appendix F `file` drive letter with `|`.
//! - Appendix F's `file` forms are compared with `Uri` for acceptance alone: `Uri` reads their
//!   drive letters and UNC hosts as path segments.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use uri::scheme::{Data, File, FileHost, FileOptions, Geo, Urn};
use uri::Uri;
use uri_gen::capture::reference::Reference;
use uri_gen::capture::Occurs;
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
            .map(|m| (m.name, m.compile(&root).unwrap_or_else(|e| panic!("{e:#}"))))
            .collect()
    });
    &all.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no scheme module {name}")).1
}

/// A capture's value: the text of a capture that occurs once, or the text of each occurrence
/// of a list capture (`occurs=all`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    One(Option<String>),
    List(Vec<String>),
}

type Texts = BTreeMap<String, Value>;

/// The name under which a list's whole span (first start to last end) is compared.
fn span_key(list: &str) -> String {
    format!("{list} span")
}

/// What the type reads from `input`, as texts under the capture names of its module (only the
/// captures the type exposes); `Err(true)` where the type refuses for a reason the grammar does
/// not state (the listed differences), `Err(false)` where it refuses on syntax.
fn type_texts(module: &str, input: &str) -> Result<Texts, bool> {
    let mut out = Texts::new();
    let mut put = |name: &str, text: Option<&str>| {
        out.insert(name.to_owned(), Value::One(text.map(str::to_owned)));
    };
    let mut lists = Texts::new();
    let mut list = |name: &str, items: Vec<&str>| {
        lists.insert(name.to_owned(), Value::List(items.into_iter().map(str::to_owned).collect()));
    };
    match module {
        "urn" => {
            let u = Urn::parse(input).map_err(|_| false)?;
            put("assigned-name", Some(u.assigned_name()));
            put("nid", Some(u.nid()));
            put("nss", Some(u.nss()));
            put("r-component", u.r_component());
            put("q-component", u.q_component());
            put("f-component", u.f_component());
        }
        "file" | "file_nonstandard" => {
            let options = if module == "file" { FileOptions::STANDARD } else { FileOptions::NONSTANDARD };
            let f = File::parse_with(input, options).map_err(|_| false)?;
            let host = match f.host() {
                FileHost::None => None,
                FileHost::Empty => Some(""),
                // The literal's text, in the input's case.
                FileHost::Localhost => Some(&input[7..16]),
                FileHost::Name(name) => Some(name),
            };
            put("path", Some(f.path()));
            if module == "file" {
                put("host", host);
            } else {
                put("userinfo", f.userinfo());
                put("drive-letter", f.drive_letter());
            }
        }
        "data" => {
            let d = Data::parse(input).map_err(|_| false)?;
            put("mediatype", Some(d.media_type_raw()));
            put("main-type", d.mime_type().map(|(t, _)| t));
            put("subtype", d.mime_type().map(|(_, s)| s));
            put("data", Some(d.data()));
            // A presence flag: the literal's text, in the input's case, before the comma.
            let flag = d
                .is_base64()
                .then(|| &input[input.len() - d.data().len() - 8..input.len() - d.data().len() - 1]);
            put("base64", flag);
            list("parameters", d.parameters().map(|p| p.as_str()).collect());
            list("attributes", d.parameters().map(|p| p.name()).collect());
            list("values", d.parameters().map(|p| p.value()).collect());
        }
        "geo" => {
            let g = Geo::parse(input).map_err(|e| e.out_of().is_some())?;
            put("coord-a", Some(g.coord_a()));
            put("coord-b", Some(g.coord_b()));
            put("coord-c", g.coord_c());
            put("uncertainty", g.uncertainty_str());
            put("crs", if g.is_wgs84() { None } else { g.crs() });
            let parameters = Some(g.parameters_str()).filter(|p| !p.is_empty());
            put(&span_key("parameters"), parameters);
            // A parameter's text starts at its name; the capture's occurrence, at the `;` before
            // it: the one byte before the text is taken from the input.
            let start = |p: &str| p.as_ptr() as usize - input.as_ptr() as usize - 1;
            let with_delimiter = |p: &str| &input[start(p)..start(p) + 1 + p.len()];
            list("parameters", g.parameters().map(|p| with_delimiter(p.as_str())).collect());
            list("pnames", g.parameters().map(|p| p.name()).collect());
            list("pvalues", g.parameters().filter_map(|p| p.value()).collect());
        }
        other => panic!("unknown module {other}"),
    }
    out.append(&mut lists);
    Ok(out)
}

/// What the capture reference reads from `input`: `None` where it does not match. A list
/// capture gives each occurrence, and its span under [`span_key`].
fn reference_texts(parsers: &CompiledParsers, input: &[u8], names: &Texts) -> Option<Texts> {
    let reference = Reference::new(&parsers.grammar, &parsers.spec, Encoding::Utf8);
    let rule = parsers.spec.parsers[0].rule;
    let reading = reference.reading(rule, input).unwrap_or_else(|e| panic!("reference: {e:?}"))?;
    let text = std::str::from_utf8(input).ok()?;
    let mut out = Texts::new();
    for (i, capture) in parsers.spec.captures.iter().enumerate() {
        let span = reading.slots[2 * i].zip(reading.slots[2 * i + 1]);
        let span_text = span.map(|(s, e)| text[s..e].to_owned());
        if capture.options.occurs == Occurs::All {
            if names.contains_key(&span_key(&capture.name)) {
                out.insert(span_key(&capture.name), Value::One(span_text));
            }
            let items = reading.lists[i].iter().map(|&(s, e)| text[s..e].to_owned()).collect();
            out.insert(capture.name.clone(), Value::List(items));
        } else if names.contains_key(&capture.name) {
            out.insert(capture.name.clone(), Value::One(span_text));
        }
    }
    out.retain(|name, _| names.contains_key(name));
    Some(out)
}

/// The components that the generic parser reads and that the scheme type reads too agree.
fn agrees_with_uri(module: &str, input: &str) -> Result<(), String> {
    let Ok(uri) = Uri::parse(input) else {
        // The listed differences: RFC 6874 zone identifiers, brackets in geo parameters, and
        // the `|` of an Appendix F drive letter.
        let zone = module.starts_with("file") && input.contains('[') && input.contains("%25");
        let bracket = module == "geo" && (input.contains('[') || input.contains(']'));
        let bar = module == "file_nonstandard" && input.contains('|');
        return if zone || bracket || bar { Ok(()) } else { Err(format!("Uri refuses {input:?}")) };
    };
    let check = |what: &str, ok: bool| if ok { Ok(()) } else { Err(format!("{what} differs for {input:?}")) };
    match module {
        "urn" => {
            let u = Urn::parse(input).map_err(|e| e.to_string())?;
            check("scheme", uri.scheme().eq_ignore_ascii_case("urn"))?;
            check("path", uri.path() == &u.assigned_name()[4..])?;
            check("fragment", uri.fragment() == u.f_component())?;
            check("query", uri.query().is_some() == (u.r_component().is_some() || u.q_component().is_some()))
        }
        "file" => {
            let f = File::parse(input).map_err(|e| e.to_string())?;
            let host = uri.authority().map(|a| a.host());
            let expected = match f.host() {
                FileHost::None => None,
                FileHost::Empty => Some(""),
                FileHost::Localhost => host.filter(|h| h.eq_ignore_ascii_case("localhost")),
                FileHost::Name(name) => Some(name),
            };
            check("host", host == expected)?;
            check("path", uri.path() == f.path())?;
            let (a, b) = (Uri::to_unix_path(&uri), f.to_unix_path());
            check("Unix path", a == b)?;
            check("Windows path", uri.to_windows_path() == f.to_windows_path())
        }
        "file_nonstandard" => Ok(()),
        "data" => {
            let d = Data::parse(input).map_err(|e| e.to_string())?;
            check("scheme", uri.scheme().eq_ignore_ascii_case("data"))?;
            // The media type, before the comma, holds no `?`: its parameters are in the path.
            check("parameters", d.parameters().all(|p| uri.path().contains(p.as_str())))?;
            check("fragment", uri.fragment().is_none())
        }
        "geo" => {
            let g = Geo::parse(input).map_err(|e| e.to_string())?;
            check("scheme", uri.scheme().eq_ignore_ascii_case("geo"))?;
            check("path", uri.path().starts_with(g.coord_a()) && uri.authority().is_none())?;
            check("parameters", uri.path().ends_with(g.parameters_str()))
        }
        other => panic!("unknown module {other}"),
    }
}

/// One sampled input of `module`'s grammar and one mutation of it.
fn check_seed(module: &str, seed: u64) -> Result<(), TestCaseError> {
    let parsers = compiled(module);
    let rule = parsers.spec.parsers[0].rule;
    let mut sampler = Sampler::new(&parsers.grammar, Encoding::Utf8, seed).with_limits(8, 48);
    let sample = sampler.sample(rule);
    let mutated = sampler.mutate(&sample);
    for (input, sampled) in [(&sample, true), (&mutated, false)] {
        let Ok(text) = std::str::from_utf8(input) else { continue };
        let found = type_texts(module, text);
        let names = match &found {
            Ok(texts) => texts.clone(),
            Err(_) => {
                type_texts(module, std::str::from_utf8(&sample).unwrap_or_default()).unwrap_or_default()
            }
        };
        let expected = reference_texts(parsers, input, &names);
        match (&found, &expected) {
            (Ok(found), Some(expected)) => {
                prop_assert_eq!(found, expected, "{} {:?}", module, text);
                agrees_with_uri(module, text).map_err(TestCaseError::fail)?;
            }
            (Err(false), None) => {}
            // A listed difference: the grammar accepts what the RFC's prose refuses.
            (Err(true), Some(_)) => {}
            _ => {
                prop_assert!(false, "{module} {text:?}: the type gives {found:?}, the reference {expected:?}")
            }
        }
        prop_assert!(!sampled || expected.is_some(), "a sample of {} does not match: {:?}", module, text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn urn_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("urn", seed)?;
    }

    #[test]
    fn file_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("file", seed)?;
    }

    #[test]
    fn nonstandard_file_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("file_nonstandard", seed)?;
    }

    #[test]
    fn data_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("data", seed)?;
    }

    #[test]
    fn geo_agrees_with_the_references(seed in any::<u64>()) {
        check_seed("geo", seed)?;
    }
}

/// The listed differences exist: each is accepted by `parse` and refused by `Uri` (or, for
/// `geo`, refused by `parse` for its range alone).
#[test]
fn the_listed_differences() {
    let zone = "file://[fe80::1%25eth0]/x";
    assert!(File::parse(zone).is_ok() && Uri::parse(zone).is_err());
    let bracket = "geo:1,2;a=[b]";
    assert!(Geo::parse(bracket).is_ok() && Uri::parse(bracket).is_err());
    let bar = "file:c|/x";
    assert!(File::parse_with(bar, FileOptions::NONSTANDARD).is_ok() && Uri::parse(bar).is_err());
    assert_eq!(Geo::parse("geo:-90.5,0").unwrap_err().out_of(), Some("-90 to 90"));
    assert!(Geo::parse("geo:-90.5,0;crs=other").is_ok());
}
