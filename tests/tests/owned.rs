//! Owned types (`UriBuf`, `UriRefBuf`): conversions, string traits, serde; and the `Builder`,
//! checked against the component vectors of `tests/data/components.json`.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;
use uri::{BuildError, Builder, Rule, Uri, UriBuf, UriRef, UriRefBuf};

#[test]
fn owned_references_keep_the_parse_of_their_text() {
    let text = "https://user@[2001:db8::7]:8443/a/b?q=1#top";
    let owned = UriRefBuf::parse(text).unwrap();
    let borrowed = UriRef::parse(text).unwrap();
    assert_eq!(format!("{owned:?}"), format!("{borrowed:?}"));
    assert_eq!(owned.scheme(), Some("https"));
    assert_eq!(owned.authority().unwrap().port_u16(), Some(8443));
    assert_eq!((owned.path(), owned.query(), owned.fragment()), ("/a/b", Some("q=1"), Some("top")));
    assert!(owned.is_uri());
    let uri = owned.clone().into_uri().unwrap();
    assert_eq!(uri.scheme(), "https");
    assert_eq!(uri.as_uri().authority().unwrap().host(), "[2001:db8::7]");
    assert_eq!(UriRefBuf::from(uri.clone()), owned);
    assert_eq!(uri.clone().into_uri_ref(), owned);
    assert_eq!(UriBuf::try_from(owned.clone()).unwrap(), uri);
    assert_eq!(String::from(uri.clone()), text);
    assert_eq!(uri.to_string(), text);
    assert_eq!(borrowed.to_buf(), owned);
    assert_eq!(UriRefBuf::from(borrowed), owned);
    assert_eq!(UriBuf::from(borrowed.as_uri().unwrap()), uri);
    assert_eq!(UriRefBuf::from(borrowed.as_uri().unwrap()), owned);
    assert_eq!(owned, borrowed);
    assert_eq!(borrowed, owned);
    assert_eq!(owned, *text);
    assert_eq!(owned, String::from(text));
}

#[test]
fn conversions_from_strings_validate() {
    assert_eq!("a:b".parse::<UriBuf>().unwrap(), "a:b");
    assert_eq!(UriRefBuf::try_from("../x").unwrap().path(), "../x");
    assert_eq!(UriRefBuf::try_from(String::from("?q")).unwrap().query(), Some("q"));
    assert_eq!(UriBuf::try_from(String::from("x:y")).unwrap().path(), "y");
    let err = UriRefBuf::try_from("a b").unwrap_err();
    assert_eq!(err.index(), 1);
    let err = UriBuf::try_from("no-scheme/x").unwrap_err();
    assert_eq!(err.rule(), Rule::Uri);
    let relative = UriRefBuf::parse("rel").unwrap();
    assert_eq!(relative.clone().into_uri().unwrap_err(), relative);
    assert_eq!(UriBuf::try_from(relative).unwrap_err().rule(), Rule::Uri);
    assert_eq!(AsRef::<str>::as_ref(&UriBuf::parse("s:p").unwrap()), "s:p");
}

#[test]
fn owned_references_order_and_hash_as_their_text() {
    let texts = ["b:x", "a:z", "a:y", "http://h/"];
    let set: BTreeSet<UriBuf> = texts.iter().map(|t| t.parse().unwrap()).collect();
    let ordered: Vec<&str> = set.iter().map(UriBuf::as_str).collect();
    assert_eq!(ordered, ["a:y", "a:z", "b:x", "http://h/"]);
    let mut map: HashMap<UriRefBuf, usize> = HashMap::new();
    map.insert("x/y".parse().unwrap(), 1);
    assert_eq!(map.get("x/y"), Some(&1));
    assert_ne!("HTTP://h/".parse::<UriBuf>().unwrap(), "http://h/".parse::<UriBuf>().unwrap());
}

#[test]
fn serde_round_trips_and_validates() {
    let uri: UriBuf = "http://example.com/a?b#c".parse().unwrap();
    let json = serde_json::to_string(&uri).unwrap();
    assert_eq!(json, r#""http://example.com/a?b#c""#);
    assert_eq!(serde_json::from_str::<UriBuf>(&json).unwrap(), uri);
    assert_eq!(serde_json::from_str::<UriRefBuf>(r#""../x""#).unwrap(), "../x");
    let err = serde_json::from_str::<UriBuf>(r#""../x""#).unwrap_err();
    assert!(err.to_string().contains("invalid URI"), "{err}");
    let err = serde_json::from_str::<UriRefBuf>(r#""a b""#).unwrap_err();
    assert!(err.to_string().contains("byte 1"), "{err}");
    // The borrowed types lend from the input.
    let borrowed: UriRef<'_> = serde_json::from_str(r#""//h/p""#).unwrap();
    assert_eq!(borrowed.authority().unwrap().host(), "h");
    let borrowed: Uri<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&borrowed).unwrap(), json);
    assert_eq!(serde_json::to_string(&borrowed.as_uri_ref()).unwrap(), json);
    assert_eq!(serde_json::to_string(&uri.clone().into_uri_ref()).unwrap(), json);
}

#[test]
fn the_builder_checks_each_component_with_its_rule() {
    let cases: [(Builder, Rule, usize); 8] = [
        (Builder::new().scheme("ht tp"), Rule::Scheme, 2),
        (Builder::new().scheme("http").host("a").userinfo("a@b"), Rule::Userinfo, 1),
        (Builder::new().scheme("http").host("[::1"), Rule::Host, 4),
        (Builder::new().scheme("http").host("h").query("a#b"), Rule::Query, 1),
        (Builder::new().scheme("http").host("h").fragment("a#b"), Rule::Fragment, 1),
        (Builder::new().scheme("http").host("h").path("a"), Rule::PathAbempty, 0),
        (Builder::new().scheme("http").path("//a"), Rule::PathAbsolute, 1),
        (Builder::new().path("a:b/c"), Rule::PathNoscheme, 1),
    ];
    for (builder, rule, index) in cases {
        let err: BuildError = builder.build().unwrap_err();
        assert_eq!((err.rule(), err.index()), (rule, index), "{builder:?}: {err}");
    }
    assert!(Builder::new().host("h").port(1).userinfo("u").build_uri().is_err());
    assert_eq!(Builder::new().host("h").port(1).userinfo("u").build().unwrap(), "//u@h:1");
    assert_eq!(Builder::new().scheme("file").host("").path("/etc").build_uri().unwrap(), "file:///etc");
    assert_eq!(Builder::new().scheme("mailto").path("a@b").build_uri().unwrap(), "mailto:a@b");
    assert_eq!(Builder::new().build().unwrap(), "");
}

/// Every valid reference of `components.json` comes back unchanged through its components.
#[test]
fn the_builder_recomposes_every_component_record() {
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("components.json")).unwrap();
    let mut rebuilt = 0;
    for record in &records {
        let input = record["input"].as_str().unwrap();
        let Ok(r) = UriRef::parse(input) else { continue };
        let built = r.to_builder().build().unwrap_or_else(|e| panic!("{e} for {record}"));
        assert_eq!(built, input, "{record}");
        rebuilt += 1;
    }
    assert!(rebuilt > 250, "only {rebuilt} records rebuilt");
}

/// Removing one component of a parsed reference leaves every other component as it was, the
/// removed one absent; where the rest is no longer a valid reference (a path that would read as
/// an authority or a scheme), the build fails with the path rule that says why.
#[test]
fn the_builder_removes_each_component_and_keeps_the_others() {
    type Remove = fn(Builder) -> Builder;
    let removals: [(&str, Remove); 6] = [
        ("scheme", Builder::without_scheme),
        ("authority", Builder::without_authority),
        ("userinfo", Builder::without_userinfo),
        ("port", Builder::without_port),
        ("query", Builder::without_query),
        ("fragment", Builder::without_fragment),
    ];
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("components.json")).unwrap();
    let (mut built, mut refused) = (0, 0);
    for record in &records {
        let Ok(r) = UriRef::parse(record["input"].as_str().unwrap()) else { continue };
        for (name, remove) in removals {
            let result = remove(r.to_builder()).build();
            let Ok(out) = result else {
                let err = result.unwrap_err();
                assert!(
                    matches!(
                        err.rule(),
                        Rule::PathAbsolute | Rule::PathNoscheme | Rule::PathRootless | Rule::PathEmpty
                    ),
                    "{name} from {r}: {err}"
                );
                refused += 1;
                continue;
            };
            let out = out.as_uri_ref();
            fn authority<'a>(x: &UriRef<'a>) -> Option<(Option<&'a str>, String, Option<&'a str>)> {
                x.authority().map(|a| (a.userinfo(), a.host().to_owned(), a.port()))
            }
            let expected_authority = match name {
                "authority" => None,
                "userinfo" => r.authority().map(|a| (None, a.host().to_owned(), a.port())),
                "port" => r.authority().map(|a| (a.userinfo(), a.host().to_owned(), None)),
                _ => authority(&r),
            };
            assert_eq!(authority(&out), expected_authority, "{name} from {r}: {out}");
            assert_eq!(out.scheme(), if name == "scheme" { None } else { r.scheme() }, "{name} from {r}");
            assert_eq!(out.path(), r.path(), "{name} from {r}");
            assert_eq!(out.query(), if name == "query" { None } else { r.query() }, "{name} from {r}");
            assert_eq!(
                out.fragment(),
                if name == "fragment" { None } else { r.fragment() },
                "{name} from {r}"
            );
            built += 1;
        }
    }
    assert!(built > 1500 && refused > 0, "{built} built, {refused} refused");
    // The port as written, which a u16 cannot keep.
    let r = UriRef::parse("http://h:0080/").unwrap();
    assert_eq!(r.to_builder().without_port().port_str("00443").build().unwrap(), "http://h:00443/");
    let err = Builder::new().host("h").port_str("44a").build().unwrap_err();
    assert_eq!((err.rule(), err.index()), (Rule::Port, 2));
}

#[test]
fn owned_types_offer_the_borrowed_operations_with_the_same_results() {
    let records: Vec<Value> = serde_json::from_str(&uri_tests::read_data("resolution.json")).expect("JSON");
    let mut checked = 0;
    for record in records.iter().filter(|r| r["status"] == "rfc3986") {
        let (Some(base), Some(reference)) = (record["base"].as_str(), record["ref"].as_str()) else {
            continue;
        };
        let (Ok(base), Ok(reference)) = (Uri::parse(base), UriRef::parse(reference)) else { continue };
        let (base_buf, reference_buf) = (base.to_buf(), reference.to_buf());
        assert_eq!(base_buf.resolve(&reference), base.resolve(&reference));
        assert_eq!(
            base_buf.resolve_with(&reference, uri::ResolveOptions::NON_STRICT),
            base.resolve_with(&reference, uri::ResolveOptions::NON_STRICT)
        );
        assert_eq!(reference_buf.resolve_against(&base), reference.resolve_against(&base));
        assert_eq!(base_buf.normalize(), base.normalize());
        assert_eq!(reference_buf.normalize(), reference.normalize());
        let syntax = uri::Normalization::SYNTAX;
        assert_eq!(reference_buf.normalize_with(syntax), reference.normalize_with(syntax));
        assert_eq!(base_buf.normalize_with(syntax), base.normalize_with(syntax));
        assert_eq!(
            reference_buf.normalized_eq(&base.as_uri_ref()),
            reference.normalized_eq(&base.as_uri_ref())
        );
        assert!(base_buf.normalized_eq(&base));
        assert_eq!(
            base_buf.to_builder().build().map(|b| b.to_string()),
            base.to_builder().build().map(|b| b.to_string())
        );
        assert_eq!(
            reference_buf.to_builder().build().map(|b| b.to_string()),
            reference.to_builder().build().map(|b| b.to_string())
        );
        checked += 1;
    }
    assert!(checked > 600, "only {checked} records");
}
