//! The `mailto` URIs of RFC 6068 sections 5 and 6 with the components the prose gives them, and
//! the examples the ABNF (with the narrowing of section 2) rejects.

use super::{ok, Example, Rejected};

pub const EXAMPLES: &[Example] = &[
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

pub const REJECTED: &[Rejected] = &[
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
