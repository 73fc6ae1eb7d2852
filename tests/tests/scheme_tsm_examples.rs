//! Every example URI of RFC 3966 (tel), RFC 3261 (sip, sips) and RFC 6068 (mailto), read by
//! `uri::scheme::{Tel, Sip, Mailto}`: each valid one parses with the components its RFC's prose
//! gives, each one the RFC's own grammar refuses is refused, and `TryFrom<&Uri>` agrees with
//! `parse` wherever RFC 3986 also accepts the URI.
//!
//! The examples, with the section each is printed in and the components it has, are the tables
//! of `uri-gen/tests/scheme_captures/`, read here as they are there: the example URIs are
//! quoted from the RFCs (the IETF Trust's Code Components, Simplified BSD License; see
//! `abnf/README.md`). The examples of parsers that no type exposes alone (parameter lists,
//! read by `Params`) are left out here: they are the generator's tests; RFC 3261's telephone
//! subscribers, which `Sip::telephone_subscriber` reads, are tested in `scheme_sip_eq.rs`.

use std::collections::BTreeMap;

use uri::scheme::{Mailto, Sip, Tel};
use uri::Uri;

#[path = "../../uri-gen/tests/scheme_captures/mailto.rs"]
mod mailto;
#[path = "../../uri-gen/tests/scheme_captures/sip.rs"]
mod sip;
#[path = "../../uri-gen/tests/scheme_captures/tel.rs"]
mod tel;

#[path = "../../uri-gen/tests/scheme_captures/example.rs"]
mod example;
use example::{ok, Example, Rejected};

type Texts = BTreeMap<&'static str, Option<String>>;

/// The components a type reads, under the capture names of its declaration.
fn read(parser: &str, input: &str) -> Option<Result<Texts, String>> {
    let own = |s: &str| Some(s.to_owned());
    let mut out = Texts::new();
    match parser {
        "Tel" => {
            let tel = match Tel::parse(input) {
                Ok(tel) => tel,
                Err(e) => return Some(Err(e.to_string())),
            };
            out.insert("number", own(tel.number()));
            out.insert("isdn-subaddress", tel.isdn_subaddress().map(str::to_owned));
            out.insert("extension", tel.extension().map(str::to_owned));
            out.insert("phone-context", tel.phone_context().map(str::to_owned));
            out.insert("parameters", Some(tel.parameters_str()).filter(|p| !p.is_empty()).map(str::to_owned));
            out.insert("kind number", own(if tel.is_global() { "Global" } else { "Local" }));
        }
        "Sip" | "Sips" => {
            let sip = match Sip::parse(input) {
                Ok(sip) => sip,
                Err(e) => return Some(Err(e.to_string())),
            };
            assert_eq!(sip.is_secure(), parser == "Sips", "{input}");
            out.insert("user", sip.user().map(str::to_owned));
            out.insert("password", sip.password().map(str::to_owned));
            out.insert("host", own(sip.host()));
            out.insert("port", sip.port().map(str::to_owned));
            out.insert("uri-parameters", own(sip.parameters_str()));
            out.insert("headers", sip.headers_str().map(str::to_owned));
            out.insert("transport", sip.transport().map(str::to_owned));
            out.insert("user-param", sip.user_param().map(str::to_owned));
            out.insert("method", sip.method().map(str::to_owned));
            out.insert("ttl", sip.ttl().map(str::to_owned));
            out.insert("maddr", sip.maddr().map(str::to_owned));
            out.insert("lr", sip.lr().then(|| "lr".to_owned()));
        }
        "Mailto" => {
            let m = match Mailto::parse(input) {
                Ok(m) => m,
                Err(e) => return Some(Err(e.to_string())),
            };
            out.insert("to", Some(m.to_str()).filter(|t| !t.is_empty()).map(str::to_owned));
            out.insert("hfields", Some(m.hfields_str()).filter(|t| !t.is_empty()).map(str::to_owned));
        }
        _ => return None,
    }
    Some(Ok(out))
}

/// The names of the SIP parameter values, which the tables give for the `Params` parser.
const SIP_PARAMS: [&str; 6] = ["transport", "user-param", "method", "ttl", "maddr", "lr"];

/// The `Params` example of a parameter span, if the table has one.
fn params_example(span: &str) -> Option<&'static Example> {
    sip::EXAMPLES.iter().find(|e| e.parser == "Params" && e.input == span)
}

/// What the example's table says, under the names `read` gives. For a SIP URI the values of
/// its parameters are those of the `Params` example of its parameter span; without one they
/// are left out of the comparison.
fn expected(e: &Example, names: &mut Texts) -> Texts {
    let mut out = Texts::new();
    if e.parser.starts_with("Sip") {
        let span = e.captures.iter().find(|(n, _)| *n == "uri-parameters").map_or("", |(_, v)| *v);
        match params_example(span) {
            Some(params) => {
                for name in SIP_PARAMS {
                    let value =
                        params.captures.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned());
                    out.insert(name, value);
                }
            }
            None => names.retain(|n, _| !SIP_PARAMS.contains(n)),
        }
    }
    for name in names.keys().filter(|n| !out.contains_key(*n)).copied().collect::<Vec<_>>() {
        let kind = name.strip_prefix("kind ");
        let value = match kind {
            Some(kind) => e.kinds.iter().find(|(n, _)| *n == kind).map(|(_, v)| (*v).to_owned()),
            None => e.captures.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned()),
        };
        out.insert(name, value);
    }
    // `lr` has no value: its capture is the parameter's name, whatever its case.
    if let Some(Some(lr)) = out.get_mut("lr") {
        *lr = "lr".to_owned();
    }
    out
}

/// Checks the examples and rejections of one table; returns the failures as text.
fn check(examples: &[Example], rejected: &[Rejected]) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut read_count = 0;
    for e in examples {
        let Some(found) = read(e.parser, e.input) else { continue };
        read_count += 1;
        match found {
            Ok(mut found) => {
                let want = expected(e, &mut found);
                if found != want {
                    failures.push(format!("{} `{}`: read {found:?}, expected {want:?}", e.section, e.input));
                }
            }
            Err(err) => failures.push(format!("{} `{}` is refused: {err}", e.section, e.input)),
        }
    }
    for r in rejected {
        if let Some(Ok(found)) = read(r.parser, r.input) {
            failures.push(format!("{} `{}` is read as {found:?}, though {}", r.section, r.input, r.reason));
        }
    }
    (read_count, failures)
}

#[test]
fn tel_reads_every_example_of_rfc_3966() {
    let (n, failures) = check(tel::EXAMPLES, tel::REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 14, "{n} examples read");
}

#[test]
fn sip_reads_every_example_of_rfc_3261() {
    let (n, failures) = check(sip::EXAMPLES, sip::REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 25, "{n} examples read");
    // The examples whose parameter values the comparison covered.
    let span = |e: &Example| e.captures.iter().find(|(n, _)| *n == "uri-parameters").map_or("", |(_, v)| *v);
    let covered =
        sip::EXAMPLES.iter().filter(|e| e.parser.starts_with("Sip") && params_example(span(e)).is_some());
    assert!(covered.count() >= 8);
}

#[test]
fn mailto_reads_every_example_of_rfc_6068() {
    let (n, failures) = check(mailto::EXAMPLES, mailto::REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 20, "{n} examples read");
}

/// Each example's one-at-a-time lists cover its spans: the parameters of a `tel` URI are the
/// span cut before each `;` (no example's value holds an unencoded `;`), the addresses of a
/// `mailto` URI the `to` span cut at each `,` (no example's address holds an unencoded one),
/// and its header fields the `hfields` span cut at `&` and the first `=` of each; a SIP URI's
/// parameters and headers likewise.
#[test]
fn the_lists_cover_the_spans_of_every_example() {
    for e in tel::EXAMPLES.iter().filter(|e| e.parser == "Tel") {
        let tel = Tel::parse(e.input).unwrap();
        let params: Vec<&str> = tel.params().collect();
        let cut: Vec<String> = tel.parameters_str().split(';').skip(1).map(|p| format!(";{p}")).collect();
        assert_eq!(params, cut, "{}", e.input);
    }
    for e in mailto::EXAMPLES {
        let m = Mailto::parse(e.input).unwrap();
        let to: Vec<&str> = m.to().collect();
        let cut: Vec<&str> = m.to_str().split(',').filter(|_| !m.to_str().is_empty()).collect();
        assert_eq!(to, cut, "{}", e.input);
        let headers: Vec<(&str, &str)> = m.headers().map(|h| (h.name(), h.value())).collect();
        let fields = m.hfields_str().strip_prefix('?').unwrap_or("");
        let cut: Vec<(&str, &str)> = if fields.is_empty() {
            Vec::new()
        } else {
            fields.split('&').map(|f| f.split_once('=').unwrap()).collect()
        };
        assert_eq!(headers, cut, "{}", e.input);
    }
    for e in sip::EXAMPLES.iter().filter(|e| e.parser.starts_with("Sip")) {
        let sip = Sip::parse(e.input).unwrap();
        let params: Vec<&str> = sip.params().collect();
        let cut: Vec<&str> = sip.parameters_str().split(';').skip(1).collect();
        assert_eq!(params, cut, "{}", e.input);
        let headers: Vec<(&str, &str)> = sip.headers().map(|h| (h.name(), h.value())).collect();
        let fields = sip.headers_str().and_then(|h| h.strip_prefix('?')).unwrap_or("");
        let cut: Vec<(&str, &str)> = if fields.is_empty() {
            Vec::new()
        } else {
            fields.split('&').map(|f| f.split_once('=').unwrap()).collect()
        };
        assert_eq!(headers, cut, "{}", e.input);
    }
}

/// The RFC examples whose prose gives decoded values: RFC 6068 sections 6.1 to 6.3.
#[test]
fn mailto_decodes_addresses_and_header_fields() {
    let m = Mailto::parse("mailto:%22not%40me%22@example.org").unwrap();
    assert_eq!(m.to_decoded().map(Result::unwrap).collect::<Vec<_>>(), ["\"not@me\"@example.org"]);
    let m = Mailto::parse("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org").unwrap();
    assert_eq!(m.to_decoded().next().unwrap().unwrap(), r#""\\\"it's\ ugly\\\""@example.org"#);
    let m = Mailto::parse("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index").unwrap();
    assert_eq!(m.body().unwrap().unwrap(), "send current-issue\r\nsend index");
    assert_eq!(m.subject(), None);
    let m = Mailto::parse("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9").unwrap();
    assert_eq!((m.subject().unwrap().unwrap(), m.body().unwrap().unwrap()), ("café".into(), "café".into()));
    // Section 6.3: an encoded word stays as written once percent-decoded.
    let m = Mailto::parse("mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D").unwrap();
    assert_eq!(m.subject().unwrap().unwrap(), "=?utf-8?Q?caf=C3=A9?=");
    // Section 6.3: ISO-8859-1 octets are no UTF-8; the raw value stays readable.
    let m = Mailto::parse("mailto:user@example.org?Subject=caf%E9").unwrap();
    let err = m.subject().unwrap().unwrap_err();
    assert!(err.is_invalid_utf8() && err.index() == 3, "{err:?}");
    assert_eq!(m.headers().next().unwrap().value(), "caf%E9");
    // Names compare without case; the first field of a name is the one read.
    let m = Mailto::parse("mailto:?SUBJECT=a&subject=b&body=").unwrap();
    assert_eq!(m.subject().unwrap().unwrap(), "a");
    assert_eq!(m.body().unwrap().unwrap(), "");
    let names: Vec<_> = m.headers().map(|h| h.decoded_name().unwrap()).collect();
    assert_eq!(names, ["SUBJECT", "subject", "body"]);
}

/// Parameters a SIP URI names, read from the second parser's captures, the last occurrence
/// winning where one is repeated; `maddr`'s host is not the URI's host.
#[test]
fn sip_parameters_come_from_the_parameter_parser() {
    let sip =
        Sip::parse("sip:alice@atlanta.com;maddr=239.255.255.1;ttl=15;transport=udp;transport=tcp").unwrap();
    assert_eq!((sip.host(), sip.maddr(), sip.ttl()), ("atlanta.com", Some("239.255.255.1"), Some("15")));
    assert_eq!(sip.transport(), Some("tcp"));
    let sip = Sip::parse("sip:+1-212-555-1212:1234@gateway.com;user=phone;method=REGISTER").unwrap();
    assert_eq!((sip.user(), sip.password()), (Some("+1-212-555-1212"), Some("1234")));
    assert_eq!((sip.user_param(), sip.method()), (Some("phone"), Some("REGISTER")));
    assert!(!sip.lr());
    let sip = Sip::parse("sip:[2001:db8::10]:5070;lr").unwrap();
    assert_eq!((sip.host(), sip.port(), sip.lr()), ("[2001:db8::10]", Some("5070"), true));
    assert_eq!(Sip::parse("SIPS:a@b").map(|s| s.is_secure()), Ok(true));
    let err = Sip::parse("sips:a@").unwrap_err();
    assert_eq!(
        (err.scheme(), err.rule(), err.index(), err.component()),
        ("sips", "SIPS-URI", 7, Some("host"))
    );
}

/// `TryFrom<&Uri>` reads what `parse` reads, for every example RFC 3986 also accepts; the
/// examples it refuses are listed.
#[test]
fn the_generic_parser_agrees_on_the_examples() {
    let mut refused = Vec::new();
    let tel = tel::EXAMPLES.iter().filter(|e| e.parser == "Tel");
    let sip = sip::EXAMPLES.iter().filter(|e| e.parser.starts_with("Sip"));
    for e in tel.chain(sip).chain(mailto::EXAMPLES) {
        let Ok(uri) = Uri::parse(e.input) else {
            refused.push(e.input);
            continue;
        };
        match e.parser {
            "Tel" => assert_eq!(Tel::try_from(&uri), Tel::parse(e.input)),
            "Mailto" => assert_eq!(Mailto::try_from(&uri), Mailto::parse(e.input)),
            _ => {
                let sip = Sip::try_from(&uri).unwrap();
                assert_eq!(sip, Sip::parse(e.input).unwrap());
                // RFC 3986 reads a SIP URI's user, host and port as a path: no authority.
                assert!(uri.authority().is_none() && uri.path().contains(sip.host()), "{}", e.input);
            }
        }
        assert!(uri.scheme().eq_ignore_ascii_case(&e.parser.to_ascii_lowercase()[..uri.scheme().len()]));
    }
    assert_eq!(refused, Vec::<&str>::new());
}

/// RFC 3966 section 4's comparison on the RFCs' examples: RFC 3261 section 19.1.6 prints two
/// `tel` URLs that are equivalent (parameters compare without case), and the numbers of RFC
/// 3966 section 6 equal their forms without visual separators.
#[test]
fn tel_comparison_of_section_4() {
    let tel = |t| Tel::parse(t).unwrap();
    assert!(tel("tel:+358-555-1234567;postd=pp22").rfc3966_eq(&tel("tel:+358-555-1234567;POSTD=PP22")));
    assert!(tel("tel:+1-201-555-0123").rfc3966_eq(&tel("tel:+12015550123")));
    assert!(
        tel("tel:863-1234;phone-context=+1-914-555").rfc3966_eq(&tel("tel:8.63.1234;phone-context=+1914555"))
    );
    assert!(!tel("tel:863-1234;phone-context=+1-914-555")
        .rfc3966_eq(&tel("tel:863-1234;phone-context=+1-914-556")));
    // A domain context compares as a host name; its `-` and `.` are no separators.
    assert!(
        !tel("tel:7042;phone-context=ex-ample.com").rfc3966_eq(&tel("tel:7042;phone-context=example.com"))
    );
    assert!(tel("tel:7042;phone-context=EXAMPLE.com").rfc3966_eq(&tel("tel:7042;phone-context=example.COM")));
    // Parameters in any order; a parameter missing from one makes the URIs differ.
    assert!(tel("tel:+1-555-0101;a=1;b=2").rfc3966_eq(&tel("tel:+15550101;b=2;a=1")));
    assert!(!tel("tel:+1-555-0101;a=1;b=2").rfc3966_eq(&tel("tel:+15550101;a=1")));
    assert!(!tel("tel:+1-555-0101;a=1").rfc3966_eq(&tel("tel:+15550101;a=2")));
    // The extension and subaddress are named parameters, not generic ones.
    assert!(tel("tel:+1-555-0101;ext=22;isub=%3b1").rfc3966_eq(&tel("tel:+15550101;EXT=22;ISUB=%3B1")));
    assert!(!tel("tel:+1-555-0101;ext=22").rfc3966_eq(&tel("tel:+15550101;ext=23")));
    assert!(!tel("tel:+1-555-0101;ext=22").rfc3966_eq(&tel("tel:+15550101;isub=22")));
}

/// A refused URI's error names the scheme's rule, the byte, the component and what could have
/// come there, in words.
#[test]
fn errors_name_the_rule_and_the_component() {
    let err = Tel::parse("tel:7042").unwrap_err();
    assert_eq!((err.rule(), err.index(), err.found()), ("telephone-uri", 8, None));
    assert!(err.expects(b';') && !err.expects_end());
    let err = Tel::parse("tel:+1-555-0101;isub=a?b").unwrap_err();
    assert_eq!((err.index(), err.component()), (22, Some("ISDN subaddress")));
    assert_eq!(
        err.to_string().split("; expected").next(),
        Some("invalid tel URI (RFC 3966 `telephone-uri`): unexpected '?' at byte 22 in the ISDN subaddress")
    );
    // An empty user: the byte after `sip:` starts a user or a host; the shortest completion
    // reads a host.
    let err = Sip::parse("sip:@atlanta.com").unwrap_err();
    assert_eq!((err.rule(), err.index(), err.component()), ("SIP-URI", 4, Some("host")));
    let err = Sip::parse("sip:alice@atlanta.com:5o60").unwrap_err();
    assert_eq!((err.index(), err.component()), (23, Some("port")));
    let err = Sip::parse("sip:alice@atlanta.com?subject=a b").unwrap_err();
    assert_eq!((err.index(), err.component()), (31, Some("headers")));
    let err = Mailto::parse("mailto:joe@example.com?cc=bob@example.com?body=hello").unwrap_err();
    assert_eq!((err.rule(), err.index(), err.found()), ("mailtoURI", 41, Some(b'?')));
    assert_eq!(err.component(), Some("header field value"));
    let err = Mailto::parse("mailto:joe(comment)@example.org").unwrap_err();
    assert_eq!((err.index(), err.found()), (10, Some(b'(')));
}

/// Section 4 compares the parameters as a whole, in any order: each one as often in both URIs.
/// (A proptest found `;-` eight times against six times and `;eX-` compared equal one way.)
#[test]
fn tel_parameters_compare_as_multisets() {
    let a = Tel::parse("tel:7042;a=1;a=1;b;phone-context=example.com").unwrap();
    let b = Tel::parse("tel:7042;b;a=1;b;phone-context=example.com").unwrap();
    assert!(!a.rfc3966_eq(&b) && !b.rfc3966_eq(&a));
    let c = Tel::parse("tel:7042;B;A=1;a=1;phone-context=EXAMPLE.com").unwrap();
    assert!(a.rfc3966_eq(&c) && c.rfc3966_eq(&a));
    let long = "tEl:*C*;IsuB=@%aa$:,;-=]%aA-;ExT=0;eXt=0;IsUB=&;-;-;-;-;-;-;-;-;phone-conteXt=A";
    let short = "tEl:*C*;IsuB=@%aa$:,;-=]%aA-;ExT=0;eXt=0;IsUB=&;-;-;-;-;-;-;eX-;-;phone-conteXt=A";
    let (long, short) = (Tel::parse(long).unwrap(), Tel::parse(short).unwrap());
    assert_eq!(long.rfc3966_eq(&short), short.rfc3966_eq(&long));
}
