//! Properties of IRI parse errors on arbitrary text: the index falls on a character boundary,
//! the text before it is a valid prefix (it parses, or fails only at its end), and the
//! character at the index is refused there (the text up to and including it fails no later).

use proptest::prelude::*;
use uri::IriRef;

/// Text from pieces where IRIs go wrong: delimiters, escapes, ASCII that no IRI holds, and
/// non-ASCII characters inside and outside `ucschar` and `iprivate`.
fn text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "Z",
        "0",
        ":",
        "/",
        "//",
        "?",
        "#",
        "[",
        "]",
        "@",
        "%",
        "%4",
        "%41",
        " ",
        "\"",
        "{",
        "é",
        "例",
        "💩",
        "\u{A0}",
        "\u{9F}",
        "\u{E000}",
        "\u{F0000}",
        "\u{FDD0}",
        "\u{FFFE}",
        "\u{202E}",
        "\u{E0000}",
        "[::1]",
        "[v1.x]",
    ]);
    prop::collection::vec(piece, 0..16).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn an_error_is_at_the_first_refused_character(text in text()) {
        let Err(err) = IriRef::parse(&text) else { return Ok(()) };
        let index = err.index();
        prop_assert!(text.is_char_boundary(index), "{text:?}: {index}");
        let prefix = &text[..index];
        prop_assert!(IriRef::parse(prefix).map_or_else(|e| e.index() == index, |_| true), "{text:?}: {err}");
        prop_assert_eq!(err.found(), text.as_bytes().get(index).copied());
        if let Some(c) = text[index..].chars().next() {
            let through = &text[..index + c.len_utf8()];
            let again = IriRef::parse(through).expect_err("the refused character stays refused");
            prop_assert_eq!(again.index(), index, "{:?}", through);
            let expected_lead = err.expects(text.as_bytes()[index]);
            prop_assert!(!expected_lead || !c.is_ascii(), "{text:?}: {err}");
        }
    }
}
