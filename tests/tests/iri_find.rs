//! `find_iris` against `find_uris`: on ASCII text they find the same; on any text, the IRIs
//! found, mapped to URIs, are what `find_uris` finds in the text with every `ucschar` escaped
//! (RFC 3987 section 3.1, character by character), and each is a valid IRI at its range.

use proptest::prelude::*;
use uri::{find_iris, find_uris, Delimiter, IriRef};

/// Pieces of prose with IRIs in it: delimiters of Appendix C, punctuation, schemes, escapes,
/// non-ASCII letters and punctuation, private use, bidi formatting, noncharacters. A `ucschar`
/// is followed by a `/`: its escapes end in hexadecimal digits, which would continue a scheme
/// that follows where the character does not (the doctest of `find_iris` has that case).
fn text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "http:",
        "s:",
        "//",
        "/",
        "?",
        "#",
        "<",
        ">",
        "\"",
        " ",
        "\n",
        ".",
        ",",
        ")",
        "(",
        "]",
        "URL:",
        "a",
        "1",
        "%41",
        "é/",
        "例/",
        "、/",
        "。/",
        "\u{3000}/",
        "\u{202E}/",
        "\u{E000}",
        "\u{FFFE}",
        "\u{85}",
        "[::1]",
        "@",
    ]);
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

/// `text` with each character RFC 3987 allows where unreserved ones go escaped in UTF-8.
fn escape_ucschar(text: &str) -> String {
    text.chars()
        .map(|c| {
            let alone = c.to_string();
            if !c.is_ascii() && IriRef::parse(&alone).is_ok() {
                IriRef::parse(&alone).unwrap().to_uri().into_string()
            } else {
                alone
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn found_iris_map_to_the_uris_found_in_the_escaped_text(text in text()) {
        let iris: Vec<_> = find_iris(&text).collect();
        let escaped = escape_ucschar(&text);
        let uris: Vec<(String, Delimiter)> =
            find_uris(&escaped).map(|f| (f.as_str().to_owned(), f.delimiter())).collect();
        let mapped: Vec<(String, Delimiter)> =
            iris.iter().map(|f| (f.iri().to_uri().into_string(), f.delimiter())).collect();
        prop_assert_eq!(&mapped, &uris, "{:?}", text);
        let mut end = 0;
        for found in &iris {
            let range = found.range();
            prop_assert!(range.start >= end && text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
            end = range.end;
            let angle = found.delimiter() == Delimiter::AngleBrackets;
            let written: String = text[range].chars().filter(|c| !(angle && c.is_ascii_whitespace())).collect();
            prop_assert_eq!(found.as_str(), written.as_str());
            prop_assert!(uri::Iri::parse(found.as_str()).is_ok());
        }
    }

    #[test]
    fn on_ascii_text_iris_are_the_uris(text in "[ -~\t\n]{0,60}") {
        let iris: Vec<_> = find_iris(&text).map(|f| (f.as_str().to_owned(), f.range(), f.delimiter())).collect();
        let uris: Vec<_> = find_uris(&text).map(|f| (f.as_str().to_owned(), f.range(), f.delimiter())).collect();
        prop_assert_eq!(iris, uris);
    }
}
