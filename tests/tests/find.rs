//! Finding URIs in free text (RFC 3986 Appendix C).

use uri::{find_uris, Delimiter};

fn found(text: &str) -> Vec<(String, Delimiter)> {
    find_uris(text).map(|f| (f.as_str().to_owned(), f.delimiter())).collect()
}

#[test]
fn the_three_delimiting_styles_of_appendix_c() {
    // Appendix C: "within double-quotes ..., angle brackets ..., or just by using whitespace".
    let text = r#"usually within double-quotes "http://example.com/", angle brackets
   <http://example.com/>, or just by using whitespace:

      http://example.com/

   These wrappers do not form part of the URI."#;
    assert_eq!(
        found(text),
        [
            ("http://example.com/".to_owned(), Delimiter::DoubleQuotes),
            ("http://example.com/".to_owned(), Delimiter::AngleBrackets),
            ("http://example.com/".to_owned(), Delimiter::Bare),
        ]
    );
}

#[test]
fn whitespace_inside_angle_brackets_is_ignored() {
    let text = "a long one: <http://www.example.com/some/very/long/\n      path/with-\n      hyphen?and=query#frag> end";
    let uris: Vec<_> = find_uris(text).collect();
    assert_eq!(uris.len(), 1);
    assert_eq!(uris[0].as_str(), "http://www.example.com/some/very/long/path/with-hyphen?and=query#frag");
    assert_eq!(uris[0].uri().fragment(), Some("frag"));
    assert!(
        text[uris[0].range()].starts_with("http://www.example.com/some")
            && text[uris[0].range()].ends_with("#frag")
    );
    assert_eq!(found("<URL:http://a/b>"), [("http://a/b".to_owned(), Delimiter::AngleBrackets)]);
    assert_eq!(found("< urn:x:y >"), [("urn:x:y".to_owned(), Delimiter::AngleBrackets)]);
}

#[test]
fn trailing_sentence_punctuation_is_not_part_of_an_undelimited_uri() {
    let cases = [
        ("See http://example.com/a.", "http://example.com/a"),
        ("(see http://example.com/a)", "http://example.com/a"),
        ("see http://example.com/wiki/A_(b), then", "http://example.com/wiki/A_(b)"),
        ("is it http://example.com/?q=1?", "http://example.com/?q=1"),
        ("'http://example.com/x';", "http://example.com/x"),
        ("[mailto:a@example.com]", "mailto:a@example.com"),
        ("go to http://[::1]:80/.", "http://[::1]:80/"),
    ];
    for (text, uri) in cases {
        assert_eq!(found(text), [(uri.to_owned(), Delimiter::Bare)], "{text:?}");
    }
    // Delimiters keep what punctuation stripping would drop.
    assert_eq!(
        found("<http://example.com/a.>"),
        [("http://example.com/a.".to_owned(), Delimiter::AngleBrackets)]
    );
}

#[test]
fn words_with_a_colon_and_relative_references_are_not_uris() {
    assert!(found("Note: nothing here. Ratio 3:4, <b>bold</b>, \"quoted text\", e.g.: this").is_empty());
    assert_eq!(found("x-http://a"), [("x-http://a".to_owned(), Delimiter::Bare)]);
    assert_eq!(
        found("two a:b c:d"),
        [("a:b".to_owned(), Delimiter::Bare), ("c:d".to_owned(), Delimiter::Bare)]
    );
    assert!(
        found("").is_empty() && found("<").is_empty() && found("\"").is_empty() && found("a:").is_empty()
    );
}

#[test]
fn every_found_uri_parses_and_its_range_is_in_the_text() {
    let text = "mixed: <urn:a> \"tag:x,2000:y\" http://h/p?q#f, https://é.example/ ftp://x:21.";
    let uris: Vec<_> = find_uris(text).collect();
    let strs: Vec<&str> = uris.iter().map(|f| f.as_str()).collect();
    // RFC 3986 is ASCII: the IRI's non-ASCII host ends the match after an empty authority.
    assert_eq!(strs, ["urn:a", "tag:x,2000:y", "http://h/p?q#f", "https://", "ftp://x:21"]);
    for f in &uris {
        assert_eq!(&text[f.range()], f.as_str());
        assert_eq!(f.to_buf(), f.as_str());
    }
}

#[test]
fn adversarial_text_takes_linear_time() {
    // Quadratic scans would take minutes here; each input is scanned a bounded number of times.
    let many_opens = format!("{}http://a/>", "<{ ".repeat(100_000));
    assert_eq!(found(&many_opens), [("http://a/".to_owned(), Delimiter::Bare)]);
    let unclosed = "< \"".repeat(100_000);
    assert!(found(&unclosed).is_empty());
    let parens = format!("http://a/{}", ")".repeat(100_000));
    assert_eq!(found(&parens), [("http://a/".to_owned(), Delimiter::Bare)]);
    let words = "note: ".repeat(100_000);
    assert!(found(&words).is_empty());
}
