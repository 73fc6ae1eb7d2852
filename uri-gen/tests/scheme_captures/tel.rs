//! The example URIs of RFC 3966 (and the `tel` URLs and telephone subscribers of RFC 3261 section
//! 19.1.6) with the components the prose gives them, and the examples the ABNF rejects.

use super::{ok, Example, Rejected};

pub const EXAMPLES: &[Example] = &[
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

pub const REJECTED: &[Rejected] = &[
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
