//! Parse and build errors from `tests/data/errors.json`: the index, the component being read, the
//! missing scheme, and where given the whole message; every failure is reported with its record.

use serde::Deserialize;
use std::collections::BTreeMap;
use uri::{BuildErrorKind, Builder, Component, Rule, Uri, UriRef};

#[derive(Deserialize)]
struct Cases {
    parse: Vec<ParseCase>,
    build: Vec<BuildCase>,
}

#[derive(Deserialize, Debug)]
struct ParseCase {
    rule: String,
    input: String,
    index: usize,
    component: String,
    #[serde(default)]
    missing_scheme: bool,
    message: Option<String>,
}

#[derive(Deserialize, Debug)]
struct BuildCase {
    set: BTreeMap<String, String>,
    #[serde(default)]
    uri: bool,
    kind: String,
    component: String,
    rule: String,
    index: usize,
    message: Option<String>,
}

fn cases() -> Cases {
    serde_json::from_str(&uri_tests::read_data("errors.json")).expect("errors.json")
}

/// The component as the data names it: its variant in lower case.
fn name(component: Component) -> String {
    format!("{component:?}").to_lowercase()
}

/// Every component, so that the data is checked to cover them all.
const COMPONENTS: [Component; 7] = [
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

#[test]
fn parse_errors_name_the_component_and_index() {
    let cases = cases().parse;
    let mut failures = Vec::new();
    for case in &cases {
        let err = match case.rule.as_str() {
            "URI" => Uri::parse(&case.input).err(),
            "URI-reference" => UriRef::parse(&case.input).err(),
            other => panic!("unknown rule {other:?} in {case:?}"),
        };
        let Some(err) = err else {
            failures.push(format!("{case:?}: parsed"));
            continue;
        };
        let got = (err.index(), name(err.component()), err.is_missing_scheme());
        if got != (case.index, case.component.clone(), case.missing_scheme) {
            failures.push(format!("{case:?}: got {got:?}"));
        }
        let message = err.to_string();
        if case.message.as_ref().is_some_and(|m| *m != message) {
            failures.push(format!("{case:?}: message {message:?}"));
        }
        // The message names what the fields say.
        let said = if err.is_missing_scheme() {
            "the scheme is missing".to_owned()
        } else {
            format!("at byte {} in the {}", err.index(), err.component())
        };
        if !message.contains(&said) {
            failures.push(format!("{case:?}: {message:?} does not say {said:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    for component in COMPONENTS {
        for rule in ["URI", "URI-reference"] {
            assert!(
                cases.iter().any(|c| c.rule == rule && c.component == name(component) && !c.missing_scheme)
                    || (rule == "URI-reference" && component == Component::Scheme),
                "no {rule} case in the {component}"
            );
        }
    }
    assert!(cases.iter().any(|c| c.missing_scheme));
}

fn builder(set: &BTreeMap<String, String>) -> Builder {
    set.iter().fold(Builder::new(), |b, (component, value)| match component.as_str() {
        "scheme" => b.scheme(value),
        "userinfo" => b.userinfo(value),
        "host" => b.host(value),
        "port" => b.port_str(value),
        "path" => b.path(value),
        "query" => b.query(value),
        "fragment" => b.fragment(value),
        other => panic!("unknown component {other:?}"),
    })
}

#[test]
fn build_errors_name_the_component_and_reason() {
    let cases = cases().build;
    let mut failures = Vec::new();
    for case in &cases {
        let b = builder(&case.set);
        let err = if case.uri { b.build_uri().err() } else { b.build().err() };
        let Some(err) = err else {
            failures.push(format!("{case:?}: built"));
            continue;
        };
        let kind = match err.kind() {
            BuildErrorKind::Invalid(component) => {
                assert_eq!(component, err.component());
                "invalid"
            }
            BuildErrorKind::MissingHost => "missing-host",
            BuildErrorKind::MissingScheme => "missing-scheme",
            other => panic!("a kind this test does not know: {other:?}"),
        };
        let got = (kind, name(err.component()), err.rule(), err.index());
        let want =
            (case.kind.as_str(), case.component.clone(), Rule::from_name(&case.rule).unwrap(), case.index);
        if got != want {
            failures.push(format!("{case:?}: got {got:?}"));
        }
        if let BuildErrorKind::Invalid(component) = err.kind() {
            // The byte found and the expected set are the rule's, on the value.
            let value = case.set[&name(component)].as_bytes();
            assert_eq!(err.found(), value.get(err.index()).copied(), "{case:?}");
            let (next, end) = err.rule().continuations(&value[..err.index()]);
            assert_eq!(err.expects_end(), end, "{case:?}");
            assert!((0..=255u8).all(|b| err.expects(b) == (next[usize::from(b / 64)] >> (b % 64) & 1 == 1)));
            assert!(!err.found().is_some_and(|b| err.expects(b)), "{case:?}");
        }
        let message = err.to_string();
        if case.message.as_ref().is_some_and(|m| *m != message) {
            failures.push(format!("{case:?}: message {message:?}"));
        }
        if !message.starts_with(&format!("invalid {}", err.component())) {
            failures.push(format!("{case:?}: {message:?} does not name the {}", err.component()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    for component in COMPONENTS {
        assert!(cases.iter().any(|c| c.kind == "invalid" && c.component == name(component)), "{component}");
    }
}

mod properties {
    use proptest::prelude::*;
    use uri::{Component, Uri};

    /// A URI with every component, each drawn from bytes its rule takes, and the span of each.
    fn uri_with_spans() -> impl Strategy<Value = (String, Vec<(Component, usize, usize)>)> {
        (
            "[a-z][a-z0-9+.-]{0,6}",
            "[a-z]{1,4}:[a-z]{1,4}",
            "[a-z0-9.-]{1,8}|\\[::[0-9a-f]{1,4}\\]",
            "[0-9]{1,5}",
            "(/[a-z0-9._~!$&'()*+,;=:@-]{0,6}){1,3}",
            "[a-z0-9/?=&:@-]{1,8}",
            "[a-z0-9/?=&:@-]{1,8}",
        )
            .prop_map(|(scheme, userinfo, host, port, path, query, fragment)| {
                let mut text = String::new();
                let mut spans = Vec::new();
                let mut push = |text: &mut String, before: &str, component, value: &str| {
                    text.push_str(before);
                    spans.push((component, text.len(), text.len() + value.len()));
                    text.push_str(value);
                };
                push(&mut text, "", Component::Scheme, &scheme);
                push(&mut text, "://", Component::Userinfo, &userinfo);
                push(&mut text, "@", Component::Host, &host);
                push(&mut text, ":", Component::Port, &port);
                push(&mut text, "", Component::Path, &path);
                push(&mut text, "?", Component::Query, &query);
                push(&mut text, "#", Component::Fragment, &fragment);
                (text, spans)
            })
    }

    proptest! {
        /// A space put anywhere after a component's first byte (after the `:` of the user
        /// information, before which the text could still be a host) is refused there, in that
        /// component.
        #[test]
        fn a_space_is_refused_in_the_component_it_falls_in(
            (text, spans) in uri_with_spans(),
            which in 0..7usize,
            at in any::<prop::sample::Index>(),
        ) {
            prop_assert!(Uri::parse(&text).is_ok(), "{}", text);
            let (component, start, end) = spans[which];
            let first = if component == Component::Userinfo {
                start + text[start..end].find(':').unwrap() + 2
            } else {
                start + 1
            };
            let position = first + at.index(end - first + 1);
            let mut broken = text.clone();
            broken.insert(position, ' ');
            let err = Uri::parse(&broken).unwrap_err();
            prop_assert_eq!((err.index(), err.component()), (position, component), "{}", broken);
            prop_assert!(!err.is_missing_scheme());
        }
    }
}
