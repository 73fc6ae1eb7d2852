//! The capture declarations of `abnf/` for `tel` (RFC 3966), `sip` and `sips` (RFC 3261) and
//! `mailto` (RFC 6068), compiled in-process as `uri-gen parse` compiles them: every example URI
//! of those RFCs gives the components their prose names, the examples their own ABNF rejects are
//! rejected, each parser agrees with the reference (the documented values computed from the
//! parse forest), and each declaration generates a small tagged DFA quickly.
//!
//! The example URIs are quoted from the RFCs named beside them (the IETF Trust's Code
//! Components, Simplified BSD License; see `abnf/README.md`). Examples the RFCs print across
//! two lines are joined; the one the RFC prints HTML-escaped (`&amp;`) is also given unescaped.

use std::path::Path;
use std::time::{Duration, Instant};

use uri_gen::capture::reference::Reference;
use uri_gen::{compile_parsers, CompiledParsers, Options, Roots, SourceFile};

fn read(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
    std::fs::read_to_string(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A capture declaration and the files it is compiled with, as `uri-gen parse` is given them.
struct Declaration {
    /// The grammar files (the narrowing file of the declaration).
    grammars: &'static [&'static str],
    /// Library files, besides RFC 5234's core rules.
    libraries: &'static [&'static str],
    /// The capture file.
    captures: &'static str,
    /// The `--rule` roots.
    roots: &'static [&'static str],
}

const TEL: Declaration = Declaration {
    grammars: &["abnf/rfc3966-captured.abnf"],
    libraries: &["abnf/rfc3966.abnf"],
    captures: "abnf/rfc3966.captures",
    roots: &["telephone-uri"],
};

const SIP: Declaration = Declaration {
    grammars: &["abnf/rfc3261-captured.abnf"],
    libraries: &["abnf/rfc3261-sec25.abnf"],
    captures: "abnf/rfc3261-sec25.captures",
    roots: &["SIP-URI", "SIPS-URI"],
};

const MAILTO: Declaration = Declaration {
    grammars: &["abnf/rfc6068-captured.abnf"],
    libraries: &["abnf/rfc6068.abnf", "abnf/rfc3986.abnf", "abnf/rfc5322-sec3-4.abnf"],
    captures: "abnf/rfc6068.captures",
    roots: &["mailtoURI"],
};

impl Declaration {
    /// The compiled parsers and how long compiling took.
    fn compile(&self) -> (CompiledParsers, Duration) {
        let grammars = self.grammars.iter().map(|g| SourceFile::new(*g, read(g)));
        let libraries = self
            .libraries
            .iter()
            .chain(&["abnf/rfc5234-core.abnf"])
            .map(|l| SourceFile::library(*l, read(l)));
        let files: Vec<SourceFile> = grammars.chain(libraries).collect();
        let options = Options {
            roots: Roots::Only(self.roots.iter().map(|r| r.to_string()).collect()),
            ..Options::default()
        };
        let start = Instant::now();
        let compiled = compile_parsers(&files, self.captures, &read(self.captures), &options)
            .unwrap_or_else(|e| panic!("{}: {e:?}", self.captures));
        (compiled, start.elapsed())
    }
}

/// An example URI, where the RFC prints it, the parser that reads it and the components it has:
/// every capture not listed is absent.
struct Example {
    section: &'static str,
    input: &'static str,
    parser: &'static str,
    captures: &'static [(&'static str, &'static str)],
    kinds: &'static [(&'static str, &'static str)],
}

/// An example that the RFC's own ABNF rejects, with the reason.
struct Rejected {
    section: &'static str,
    input: &'static str,
    parser: &'static str,
    reason: &'static str,
}

const fn ok(
    section: &'static str,
    parser: &'static str,
    input: &'static str,
    captures: &'static [(&'static str, &'static str)],
    kinds: &'static [(&'static str, &'static str)],
) -> Example {
    Example { section, input, parser, captures, kinds }
}

const TEL_EXAMPLES: &[Example] = &[
    ok(
        "RFC 3966 section 6",
        "Tel",
        "tel:+1-201-555-0123",
        &[("number", "+1-201-555-0123")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 6",
        "Tel",
        "tel:7042;phone-context=example.com",
        &[("number", "7042"), ("phone-context", "example.com"), ("parameters", ";phone-context=example.com")],
        &[("number", "Local")],
    ),
    // The context's digits are not the number (section 5.1.5).
    ok(
        "RFC 3966 section 6",
        "Tel",
        "tel:863-1234;phone-context=+1-914-555",
        &[
            ("number", "863-1234"),
            ("phone-context", "+1-914-555"),
            ("parameters", ";phone-context=+1-914-555"),
        ],
        &[("number", "Local")],
    ),
    ok(
        "RFC 3966 section 8",
        "Tel",
        "tel:+1-212-555-0101",
        &[("number", "+1-212-555-0101")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 8",
        "Tel",
        "tel:+1-201-555-0111",
        &[("number", "+1-201-555-0111")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 8",
        "Tel",
        "tel:+1-555-438-3732",
        &[("number", "+1-555-438-3732")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 9",
        "Tel",
        "tel:1234;phone-context=munich.example.com",
        &[
            ("number", "1234"),
            ("phone-context", "munich.example.com"),
            ("parameters", ";phone-context=munich.example.com"),
        ],
        &[("number", "Local")],
    ),
    ok(
        "RFC 3966 section 11",
        "Tel",
        "tel:+1-900-555-0191",
        &[("number", "+1-900-555-0191")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 11",
        "Tel",
        "tel:+1-800-555-0191",
        &[("number", "+1-800-555-0191")],
        &[("number", "Global")],
    ),
    // `ext=` is the extension and `isub=` the subaddress, not generic parameters (sections 3,
    // 5.2, 5.3); the RFC has no example with them, so these are written from the ABNF.
    ok(
        "RFC 3966 section 5.3",
        "Tel",
        "tel:+1-555-0101;ext=22;foo=bar",
        &[("number", "+1-555-0101"), ("extension", "22"), ("parameters", ";ext=22;foo=bar")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 5.2",
        "Tel",
        "tel:+1-555-0101;isub=%3B1;x",
        &[("number", "+1-555-0101"), ("isdn-subaddress", "%3B1"), ("parameters", ";isub=%3B1;x")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3966 section 5.3",
        "Tel",
        "tel:1234;ext=5;phone-context=munich.example.com",
        &[
            ("number", "1234"),
            ("extension", "5"),
            ("phone-context", "munich.example.com"),
            ("parameters", ";ext=5;phone-context=munich.example.com"),
        ],
        &[("number", "Local")],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Tel",
        "tel:+358-555-1234567;postd=pp22",
        &[("number", "+358-555-1234567"), ("parameters", ";postd=pp22")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Tel",
        "tel:+358-555-1234567;POSTD=PP22",
        &[("number", "+358-555-1234567"), ("parameters", ";POSTD=PP22")],
        &[("number", "Global")],
    ),
    // The user fields of RFC 3261's telephone-subscriber examples, read by `Subscriber`.
    ok(
        "RFC 3261 section 19.1.3",
        "Subscriber",
        "+1-212-555-1212",
        &[("number", "+1-212-555-1212")],
        &[("number", "Global")],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Subscriber",
        "+358-555-1234567;postd=pp22",
        &[("number", "+358-555-1234567"), ("parameters", ";postd=pp22")],
        &[("number", "Global")],
    ),
];

const TEL_REJECTED: &[Rejected] = &[
    Rejected {
        section: "RFC 3966 section 5.1.5",
        parser: "Tel",
        input: "tel:7042",
        reason: "a local number needs a `;phone-context=` (`local-number` has `context`)",
    },
    Rejected {
        section: "RFC 3966 section 3",
        parser: "Tel",
        input: "tel:+1-555-0101;isub=a?b",
        reason: "a `?` in the subaddress's value must be percent-encoded (section 3's sentence on parameter \
                 values, as rfc3966-captured.abnf reads it); RFC 3966's own `1*uric` accepts it",
    },
];

const SIP_EXAMPLES: &[Example] = &[
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:alice@atlanta.com",
        &[("user", "alice"), ("host", "atlanta.com"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:alice:secretword@atlanta.com;transport=tcp",
        &[
            ("user", "alice"),
            ("password", "secretword"),
            ("host", "atlanta.com"),
            ("uri-parameters", ";transport=tcp"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sips",
        "sips:alice@atlanta.com?subject=project%20x&priority=urgent",
        &[
            ("user", "alice"),
            ("host", "atlanta.com"),
            ("uri-parameters", ""),
            ("headers", "?subject=project%20x&priority=urgent"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:+1-212-555-1212:1234@gateway.com;user=phone",
        &[
            ("user", "+1-212-555-1212"),
            ("password", "1234"),
            ("host", "gateway.com"),
            ("uri-parameters", ";user=phone"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sips",
        "sips:1212@gateway.com",
        &[("user", "1212"), ("host", "gateway.com"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:alice@192.0.2.4",
        &[("user", "alice"), ("host", "192.0.2.4"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com",
        &[
            ("host", "atlanta.com"),
            ("uri-parameters", ";method=REGISTER"),
            ("headers", "?to=alice%40atlanta.com"),
        ],
        &[],
    ),
    // "The last sample URI above has a user field value of "alice;day=tuesday"."
    ok(
        "RFC 3261 section 19.1.3",
        "Sip",
        "sip:alice;day=tuesday@atlanta.com",
        &[("user", "alice;day=tuesday"), ("host", "atlanta.com"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:%61lice@atlanta.com;transport=TCP",
        &[("user", "%61lice"), ("host", "atlanta.com"), ("uri-parameters", ";transport=TCP")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:alice@AtLanTa.CoM;Transport=tcp",
        &[("user", "alice"), ("host", "AtLanTa.CoM"), ("uri-parameters", ";Transport=tcp")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:carol@chicago.com",
        &[("user", "carol"), ("host", "chicago.com"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:carol@chicago.com;newparam=5",
        &[("user", "carol"), ("host", "chicago.com"), ("uri-parameters", ";newparam=5")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:carol@chicago.com;security=on",
        &[("user", "carol"), ("host", "chicago.com"), ("uri-parameters", ";security=on")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com",
        &[
            ("host", "biloxi.com"),
            ("uri-parameters", ";transport=tcp;method=REGISTER"),
            ("headers", "?to=sip:bob%40biloxi.com"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:biloxi.com;method=REGISTER;transport=tcp?to=sip:bob%40biloxi.com",
        &[
            ("host", "biloxi.com"),
            ("uri-parameters", ";method=REGISTER;transport=tcp"),
            ("headers", "?to=sip:bob%40biloxi.com"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:alice@atlanta.com?priority=urgent&subject=project%20x",
        &[
            ("user", "alice"),
            ("host", "atlanta.com"),
            ("uri-parameters", ""),
            ("headers", "?priority=urgent&subject=project%20x"),
        ],
        &[],
    ),
    // The scheme is case-insensitive: `"sip:"` in the ABNF.
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "SIP:ALICE@AtLanTa.CoM;Transport=udp",
        &[("user", "ALICE"), ("host", "AtLanTa.CoM"), ("uri-parameters", ";Transport=udp")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@biloxi.com:5060",
        &[("user", "bob"), ("host", "biloxi.com"), ("port", "5060"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@biloxi.com:6000;transport=tcp",
        &[("user", "bob"), ("host", "biloxi.com"), ("port", "6000"), ("uri-parameters", ";transport=tcp")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:carol@chicago.com?Subject=next%20meeting",
        &[
            ("user", "carol"),
            ("host", "chicago.com"),
            ("uri-parameters", ""),
            ("headers", "?Subject=next%20meeting"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@phone21.boxesbybob.com",
        &[("user", "bob"), ("host", "phone21.boxesbybob.com"), ("uri-parameters", "")],
        &[],
    ),
    // The host is the host part, never the `maddr=` host.
    ok(
        "RFC 3261 section 19.1.6",
        "Sip",
        "sip:+358-555-1234567;postd=pp22@foo.com;user=phone",
        &[("user", "+358-555-1234567;postd=pp22"), ("host", "foo.com"), ("uri-parameters", ";user=phone")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Sips",
        "sips:+358-555-1234567;postd=pp22@foo.com;user=phone",
        &[("user", "+358-555-1234567;postd=pp22"), ("host", "foo.com"), ("uri-parameters", ";user=phone")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Sip",
        "sip:+358-555-1234567@foo.com;postd=pp22;user=phone",
        &[("user", "+358-555-1234567"), ("host", "foo.com"), ("uri-parameters", ";postd=pp22;user=phone")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.1",
        "Sip",
        "sip:alice@atlanta.com;maddr=239.255.255.1;ttl=15;lr",
        &[("user", "alice"), ("host", "atlanta.com"), ("uri-parameters", ";maddr=239.255.255.1;ttl=15;lr")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:alice@AtLanTa.CoM;Transport=UDP",
        &[("user", "alice"), ("host", "AtLanTa.CoM"), ("uri-parameters", ";Transport=UDP")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@biloxi.com",
        &[("user", "bob"), ("host", "biloxi.com"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@biloxi.com;transport=udp",
        &[("user", "bob"), ("host", "biloxi.com"), ("uri-parameters", ";transport=udp")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:carol@chicago.com;security=off",
        &[("user", "carol"), ("host", "chicago.com"), ("uri-parameters", ";security=off")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:bob@192.0.2.4",
        &[("user", "bob"), ("host", "192.0.2.4"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:alice@atlanta.com?subject=project%20x&priority=urgent",
        &[
            ("user", "alice"),
            ("host", "atlanta.com"),
            ("uri-parameters", ""),
            ("headers", "?subject=project%20x&priority=urgent"),
        ],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:user@host",
        &[("user", "user"), ("host", "host"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.4",
        "Sip",
        "sip:user@host:5060",
        &[("user", "user"), ("host", "host"), ("port", "5060"), ("uri-parameters", "")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Sip",
        "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
        &[("user", "+358-555-1234567;POSTD=PP22"), ("host", "foo.com"), ("uri-parameters", ";user=phone")],
        &[],
    ),
    ok(
        "RFC 3261 section 19.1.6",
        "Sips",
        "sips:+358-555-1234567@foo.com;postd=pp22;user=phone",
        &[("user", "+358-555-1234567"), ("host", "foo.com"), ("uri-parameters", ";postd=pp22;user=phone")],
        &[],
    ),
    // The parameters' values, read by `Params` on the `uri-parameters` span.
    ok("RFC 3261 section 19.1.3", "Params", ";transport=tcp", &[("transport", "tcp")], &[]),
    ok("RFC 3261 section 19.1.3", "Params", ";user=phone", &[("user-param", "phone")], &[]),
    ok("RFC 3261 section 19.1.3", "Params", ";method=REGISTER", &[("method", "REGISTER")], &[]),
    ok(
        "RFC 3261 section 19.1.4",
        "Params",
        ";method=REGISTER;transport=tcp",
        &[("method", "REGISTER"), ("transport", "tcp")],
        &[],
    ),
    ok("RFC 3261 section 19.1.6", "Params", ";postd=pp22;user=phone", &[("user-param", "phone")], &[]),
    ok(
        "RFC 3261 section 19.1.1",
        "Params",
        ";maddr=239.255.255.1;ttl=15;lr",
        &[("maddr", "239.255.255.1"), ("ttl", "15"), ("lr", "lr")],
        &[],
    ),
    ok("RFC 3261 section 19.1.1", "Params", ";lr=on;newparam=5", &[], &[]),
    ok("RFC 3261 section 19.1.1", "Params", "", &[], &[]),
];

const SIP_REJECTED: &[Rejected] = &[
    Rejected {
        section: "RFC 3261 section 19.1.1",
        parser: "Sip",
        input: "sip:@atlanta.com",
        reason: "\"If the @ sign is present in a SIP or SIPS URI, the user field MUST NOT be empty\" (`user` is `1*(...)`)",
    },
    Rejected {
        section: "RFC 3261 section 19.1.2",
        parser: "Sip",
        input: "sip:j@s0n@atlanta.com",
        reason: "\"the user \"j@s0n\" must have at least the @ sign encoded\"",
    },
    Rejected {
        section: "RFC 3261 section 19.1.2",
        parser: "Sips",
        input: "sips:alice@atl%61nta.com",
        reason: "\"the % character is not valid in\" the host's expansion",
    },
];

const MAILTO_EXAMPLES: &[Example] = &[
    ok("RFC 6068 section 6.1", "Mailto", "mailto:chris@example.com", &[("to", "chris@example.com")], &[]),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:infobot@example.com?subject=current-issue",
        &[("to", "infobot@example.com"), ("hfields", "?subject=current-issue")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:infobot@example.com?body=send%20current-issue",
        &[("to", "infobot@example.com"), ("hfields", "?body=send%20current-issue")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        &[("to", "infobot@example.com"), ("hfields", "?body=send%20current-issue%0D%0Asend%20index")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        &[("to", "list@example.org"), ("hfields", "?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        &[("to", "majordomo@example.com"), ("hfields", "?body=subscribe%20bamboo-l")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        &[("to", "joe@example.com"), ("hfields", "?cc=bob@example.com&body=hello")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:gorby%25kremvax@example.com",
        &[("to", "gorby%25kremvax@example.com")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        &[("to", "unlikely%3Faddress@example.com"), ("hfields", "?blat=foop")],
        &[],
    ),
    // Printed inside HTML as `&amp;`; the URI is the unescaped text. As printed, the text is
    // a URI too, whose second header field is named `amp;body`.
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:joe@an.example?cc=bob@an.example&body=hello",
        &[("to", "joe@an.example"), ("hfields", "?cc=bob@an.example&body=hello")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:joe@an.example?cc=bob@an.example&amp;body=hello",
        &[("to", "joe@an.example"), ("hfields", "?cc=bob@an.example&amp;body=hello")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.1",
        "Mailto",
        "mailto:Mike%26family@example.org",
        &[("to", "Mike%26family@example.org")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.2",
        "Mailto",
        "mailto:%22not%40me%22@example.org",
        &[("to", "%22not%40me%22@example.org")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.2",
        "Mailto",
        "mailto:%22oh%5C%5Cno%22@example.org",
        &[("to", "%22oh%5C%5Cno%22@example.org")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.2",
        "Mailto",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        &[("to", "%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.3",
        "Mailto",
        "mailto:user@example.org?subject=caf%C3%A9",
        &[("to", "user@example.org"), ("hfields", "?subject=caf%C3%A9")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.3",
        "Mailto",
        "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        &[("to", "user@example.org"), ("hfields", "?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.3",
        "Mailto",
        "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        &[("to", "user@example.org"), ("hfields", "?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.3",
        "Mailto",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
        &[("to", "user@example.org"), ("hfields", "?subject=caf%C3%A9&body=caf%C3%A9")],
        &[],
    ),
    ok(
        "RFC 6068 section 6.3",
        "Mailto",
        "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
        &[("to", "user@%E7%B4%8D%E8%B1%86.example.org"), ("hfields", "?subject=Test&body=NATTO")],
        &[],
    ),
    ok(
        "RFC 6068 section 5",
        "Mailto",
        "mailto:addr1@an.example,addr2@an.example",
        &[("to", "addr1@an.example,addr2@an.example")],
        &[],
    ),
    ok(
        "RFC 6068 section 5",
        "Mailto",
        "mailto:?to=addr1@an.example,addr2@an.example",
        &[("hfields", "?to=addr1@an.example,addr2@an.example")],
        &[],
    ),
    ok(
        "RFC 6068 section 5",
        "Mailto",
        "mailto:addr1@an.example?to=addr2@an.example",
        &[("to", "addr1@an.example"), ("hfields", "?to=addr2@an.example")],
        &[],
    ),
];

const MAILTO_REJECTED: &[Rejected] = &[
    Rejected {
        section: "RFC 6068 section 6.1",
        parser: "Mailto",
        input: "mailto:joe@example.com?cc=bob@example.com?body=hello",
        reason: "the RFC marks it \"WRONG!\": `?` is no `qchar`, so a second `?` cannot start a header field",
    },
    Rejected {
        section: "RFC 6068 section 2",
        parser: "Mailto",
        input: "mailto:\"not@me\"@example.org",
        reason: "item 1: a DQUOTE cannot appear in a URI, so a quoted local part is written `%22...%22`",
    },
    Rejected {
        section: "RFC 6068 section 2",
        parser: "Mailto",
        input: "mailto:joe(comment)@example.org",
        reason: "item 3: no comments in the local part (RFC 5322's CFWS)",
    },
    Rejected {
        section: "RFC 6068 section 6.1",
        parser: "Mailto",
        input: "mailto:unlikely?address@example.com?blat=foop",
        reason: "the `?` of the address must be percent-encoded (`%3F`)",
    },
];

/// Checks every example and rejection against `compiled`, returning the failures as text.
fn check(compiled: &CompiledParsers, examples: &[Example], rejected: &[Rejected]) -> Vec<String> {
    let spec = &compiled.spec;
    let reference = Reference::new(&compiled.grammar, spec, Options::default().encoding);
    let mut failures = Vec::new();
    for e in examples {
        let parser = compiled.parser_named(e.parser).unwrap_or_else(|| panic!("no parser {}", e.parser));
        let slots = match compiled.parse(parser, e.input.as_bytes()) {
            Ok(slots) => slots,
            Err(m) => {
                failures.push(format!("{} `{}`: rejected at {}", e.section, e.input, m.index));
                continue;
            }
        };
        let text = |s: usize| -> Option<&str> { Some(&e.input[slots[2 * s]?..slots[2 * s + 1]?]) };
        for (i, c) in spec.captures.iter().enumerate() {
            let want = e.captures.iter().find(|(n, _)| *n == c.name).map(|&(_, t)| t);
            if text(i) != want {
                failures.push(format!(
                    "{} `{}`: `{}` is {:?}, expected {want:?}",
                    e.section,
                    e.input,
                    c.name,
                    text(i)
                ));
            }
        }
        for (k, kind) in spec.kinds.iter().enumerate() {
            let base = spec.kind_base(k);
            let got =
                kind.variants.iter().enumerate().find(|&(v, _)| slots[base + v].is_some()).map(|(_, v)| &v.1);
            let want = e.kinds.iter().find(|(n, _)| *n == kind.name).map(|&(_, v)| v);
            if got.map(String::as_str) != want {
                failures.push(format!(
                    "{} `{}`: kind `{}` is {got:?}, expected {want:?}",
                    e.section, e.input, kind.name
                ));
            }
        }
        match reference.run(spec.parsers[parser].rule, e.input.as_bytes()) {
            Ok(Some(values)) if values == slots => {}
            other => failures.push(format!(
                "{} `{}`: the reference gives {other:?}, the parser {slots:?}",
                e.section, e.input
            )),
        }
    }
    for r in rejected {
        let parser = compiled.parser_named(r.parser).unwrap_or_else(|| panic!("no parser {}", r.parser));
        if compiled.parse(parser, r.input.as_bytes()).is_ok() {
            failures.push(format!("{} `{}` is accepted, though {}", r.section, r.input, r.reason));
        }
        if !matches!(reference.run(spec.parsers[parser].rule, r.input.as_bytes()), Ok(None)) {
            failures.push(format!("{} `{}`: the reference does not reject it", r.section, r.input));
        }
    }
    failures
}

#[test]
fn tel_examples_give_the_components_of_rfc_3966() {
    let (compiled, _) = TEL.compile();
    let failures = check(&compiled, TEL_EXAMPLES, TEL_REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sip_examples_give_the_components_of_rfc_3261() {
    let (compiled, _) = SIP.compile();
    let failures = check(&compiled, SIP_EXAMPLES, SIP_REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mailto_examples_give_the_components_of_rfc_6068() {
    let (compiled, _) = MAILTO.compile();
    let failures = check(&compiled, MAILTO_EXAMPLES, MAILTO_REJECTED);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_sip_user_field_with_user_phone_is_read_by_the_tel_subscriber_parser() {
    let (sip, _) = SIP.compile();
    let (tel, _) = TEL.compile();
    let input = "sip:+1-212-555-1212:1234@gateway.com;user=phone";
    let slots = sip.parse(sip.parser_named("Sip").unwrap(), input.as_bytes()).expect("parses");
    let user = sip.spec.captures.iter().position(|c| c.name == "user").unwrap();
    let (start, end) = (slots[2 * user].unwrap(), slots[2 * user + 1].unwrap());
    let inner = tel
        .parse(tel.parser_named("Subscriber").unwrap(), &input.as_bytes()[start..end])
        .expect("a subscriber");
    let number = tel.spec.captures.iter().position(|c| c.name == "number").unwrap();
    let (s, e) = (inner[2 * number].unwrap() + start, inner[2 * number + 1].unwrap() + start);
    assert_eq!(&input[s..e], "+1-212-555-1212");
}

/// Each declaration's tagged DFA stays small (the budget that keeps generation under a second
/// in a release build), and the time of each compilation is printed (`--nocapture`).
#[test]
fn each_declaration_compiles_to_a_small_tagged_dfa() {
    for (declaration, most) in [(&TEL, 200), (&SIP, 500), (&MAILTO, 100)] {
        let (compiled, elapsed) = declaration.compile();
        let states = compiled.tdfa.len();
        println!(
            "{}: {states} tagged DFA states, compiled in {:.2} s",
            declaration.captures,
            elapsed.as_secs_f64()
        );
        assert!(states <= most, "{}: {states} states, expected at most {most}", declaration.captures);
    }
}
