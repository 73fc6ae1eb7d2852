//! Prose values that name a rule of another document (`<host, see [URI], Section 3.2.2>`): what
//! they name, and which document a reference tag such as `[URI]` or `[RFC5322]` stands for.
//!
//! RFCs write such a value as the rule's name, a comma, then the citation in one of several
//! forms: `see [TAG], Section N` (RFC 7230, 9110, 9111, 9112), `defined in [TAG], Section N`
//! (RFC 6265, 6266), `see Section N of [TAG]`, `as defined in [TAG]`. Only the name and the tag
//! matter here; the section is shown in messages as written. A bare rule name (`<pchar>`) names a
//! rule of no particular document.

/// What a prose value names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProseRef {
    /// The rule the prose names, as spelled there.
    pub name: String,
    /// The citation's tag without brackets (`URI`, `RFC5322`), if there is one.
    pub tag: Option<String>,
    /// The RFC the citation names when it has no tag (`see RFC 3986`).
    pub rfc: Option<u32>,
}

/// Well-known reference tags and the RFC each stands for: the tags that the RFCs citing RFC
/// 3986, 3987, 5234, 5322 and the HTTP documents use. A tag `RFCnnnn` (any case, with or without
/// a space) stands for RFC nnnn without being listed.
pub const WELL_KNOWN_TAGS: &[(&str, u32)] = &[
    ("ABNF", 5234),
    ("CACHING", 9111),
    ("HTTP", 9110),
    ("HTTP/1.1", 9112),
    ("IMF", 5322),
    ("IRI", 3987),
    ("STD66", 3986),
    ("STD68", 5234),
    ("URI", 3986),
];

/// Reads a prose value's text (without the angle brackets). `None` when it names no rule: a
/// description, a registry, a sentence.
pub fn parse(text: &str) -> Option<ProseRef> {
    let text = text.trim();
    let (head, rest) = text.split_once(',').unwrap_or((text, ""));
    let head = head.trim();
    if !is_rule_name(head) {
        return None;
    }
    let tag = rest.split_once('[').and_then(|(_, after)| after.split_once(']')).map(|(tag, _)| tag.trim());
    let tag = tag.filter(|t| !t.is_empty()).map(str::to_owned);
    let rfc = if tag.is_none() { rfc_number(rest) } else { None };
    Some(ProseRef { name: head.to_owned(), tag, rfc })
}

/// The RFC a reference tag stands for: `RFCnnnn`, or one of [`WELL_KNOWN_TAGS`].
pub fn tag_rfc(tag: &str) -> Option<u32> {
    rfc_number(tag).filter(|_| tag.trim().len() >= 4 && tag.trim()[..3].eq_ignore_ascii_case("rfc")).or_else(
        || WELL_KNOWN_TAGS.iter().find(|(known, _)| known.eq_ignore_ascii_case(tag.trim())).map(|&(_, n)| n),
    )
}

/// The RFC a grammar file holds, from its file name: `rfc3986.abnf` and `rfc9110-appendix-a.abnf`
/// hold RFC 3986 and RFC 9110.
pub fn file_rfc(path: &str) -> Option<u32> {
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let digits = base.get(..3).filter(|p| p.eq_ignore_ascii_case("rfc")).map(|_| &base[3..])?;
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    digits[..end].parse().ok()
}

/// The number of the first `RFC nnnn` or `RFCnnnn` in `text`.
fn rfc_number(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("rfc") {
        let rest = lower[from + at + 3..].trim_start();
        let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        if let Ok(n) = rest[..end].parse() {
            return Some(n);
        }
        from += at + 3;
    }
    None
}

/// Whether `text` is an ABNF rule name: a letter, then letters, digits and hyphens.
pub fn is_rule_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// How a document is shown in messages: `[URI] (RFC 3986)`, `[RFC5322]`, `RFC 2806`.
pub fn describe(prose: &ProseRef) -> String {
    match (&prose.tag, prose.rfc) {
        (Some(tag), _) => match tag_rfc(tag) {
            Some(n) if !tag.to_ascii_lowercase().starts_with("rfc") => format!("[{tag}] (RFC {n})"),
            _ => format!("[{tag}]"),
        },
        (None, Some(n)) => format!("RFC {n}"),
        (None, None) => "no document".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_citation_forms_rfcs_use() {
        let cases = [
            ("host, see [URI], Section 3.2.2", "host", Some("URI")),
            ("Language-Tag, see [RFC5646], Section 2.1", "Language-Tag", Some("RFC5646")),
            ("HTTP-date, defined in [RFC7231], Section 7.1.1.1", "HTTP-date", Some("RFC7231")),
            ("token, see Section 5.6.2 of [HTTP]", "token", Some("HTTP")),
            ("URI-reference, as defined in [RFC3986]", "URI-reference", Some("RFC3986")),
            ("pchar", "pchar", None),
        ];
        for (text, name, tag) in cases {
            let found = parse(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!((found.name.as_str(), found.tag.as_deref()), (name, tag), "{text}");
        }
        assert_eq!(parse("host, see RFC 3986").map(|p| p.rfc), Some(Some(3986)));
        for text in ["anything at all", "a registered scheme, see [RFC7595]", "see [URI], Section 3"] {
            assert_eq!(parse(text), None, "{text}");
        }
    }

    #[test]
    fn tags_and_files_name_rfcs() {
        assert_eq!(tag_rfc("URI"), Some(3986));
        assert_eq!(tag_rfc("RFC5322"), Some(5322));
        assert_eq!(tag_rfc("rfc 4647"), Some(4647));
        assert_eq!(tag_rfc("HTTP"), Some(9110));
        assert_eq!(tag_rfc("BCP47"), None);
        assert_eq!(file_rfc("abnf/rfc9110-appendix-a.abnf"), Some(9110));
        assert_eq!(file_rfc("RFC3986.abnf"), Some(3986));
        assert_eq!(file_rfc("uri.abnf"), None);
    }
}
