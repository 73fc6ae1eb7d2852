//! The IRI types' traits, as the URI types have them: serde (strings, validated on
//! deserialize, borrowed where the format lends), `FromStr`, `TryFrom`, comparison, ordering and
//! hashing by text, `Display` and `Debug`.

use std::collections::HashSet;

use uri::{Iri, IriBuf, IriRef, IriRefBuf, UriRef};

#[test]
fn serde_round_trips_and_validates() {
    let owned: IriRefBuf = "//例え.jp/ä?ü#é".parse().unwrap();
    let json = serde_json::to_string(&owned).unwrap();
    assert_eq!(json, "\"//例え.jp/ä?ü#é\"");
    assert_eq!(serde_json::from_str::<IriRefBuf>(&json).unwrap(), owned);
    assert_eq!(serde_json::from_str::<IriRef<'_>>(&json).unwrap(), owned);
    assert!(serde_json::from_str::<IriBuf>(&json).unwrap_err().to_string().contains("IRI"));
    assert!(serde_json::from_str::<IriRefBuf>("\"/\u{E000}\"").is_err());
    let iri: Iri<'_> = serde_json::from_str("\"s:ö\"").unwrap();
    assert_eq!(serde_json::to_string(&iri).unwrap(), "\"s:ö\"");
}

#[test]
fn conversions_comparisons_and_formatting_go_by_text() {
    let a = IriBuf::try_from("http://ä/b").unwrap();
    let b = IriBuf::try_from(String::from("http://ä/c")).unwrap();
    assert!(a < b && a.as_iri() < b.as_iri());
    assert_eq!(a, "http://ä/b");
    assert_eq!(a.as_iri_ref(), IriRef::parse("http://ä/b").unwrap());
    let set: HashSet<IriBuf> = [a.clone(), a.clone(), b.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(set.contains("http://ä/b"));
    assert_eq!(a.to_string(), "http://ä/b");
    assert!(format!("{:?}", a.as_iri_ref()).contains("path: \"/b\""));
    assert_eq!(String::from(IriRefBuf::from(a.clone())), "http://ä/b");
    let r: IriRef<'_> = UriRef::parse("/x").unwrap().into();
    assert_eq!(r.path(), "/x");
    assert!(Iri::try_from(IriRef::parse("/x").unwrap()).unwrap_err().is_missing_scheme());
    assert!("a b".parse::<IriRefBuf>().unwrap_err().is_iri());
}
