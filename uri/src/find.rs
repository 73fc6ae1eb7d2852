//! Finding URIs in free text (RFC 3986 Appendix C), with the generated `longest_match` tables.
//!
//! Appendix C: URIs in text are usually delimited by double quotes, by angle brackets, or just by
//! whitespace; the wrappers are not part of the URI. Angle brackets are "especially recommended"
//! for a URI that holds embedded whitespace, and that whitespace "should be ignored when the URI
//! is extracted". The old `URL:` prefix may still appear inside the brackets.
//!
//! What this module does with each form:
//!
//! - `<...>`: the text between the brackets, without an optional `URL:` prefix and without any
//!   ASCII whitespace (line breaks included), must be one whole URI. A hyphen before a removed
//!   line break is kept (Appendix C: it "may or may not actually be part of the URI").
//! - `"..."`: the text between the quotes must be one whole URI (whitespace is not removed).
//! - Otherwise, a URI starts at a scheme that does not continue a word, and is the longest match
//!   of the `URI` rule there. Since `.`, `,`, `;`, `:`, `!`, `?` and `'` are valid at the end of
//!   a URI but usually end the sentence around it, they are dropped from the end, and so is a
//!   `)` or `]` that closes nothing inside the URI: delimiters are the way to keep them. A
//!   match with nothing after the scheme's `:` (`Note:`) is not taken for a URI.
//!
//! Only URIs (with a scheme) are found: a relative reference cannot be told from a word.

use std::ops::Range;

use crate::{Rule, Uri, UriBuf};

/// Finds the URIs in `text`, in order.
///
/// ```
/// let text = "See <http://example.com/a\n  /b>, \"urn:isbn:0451450523\" or https://example.org/x.";
/// let found: Vec<String> = uri::find_uris(text).map(|f| f.as_str().to_owned()).collect();
/// assert_eq!(found, ["http://example.com/a/b", "urn:isbn:0451450523", "https://example.org/x"]);
///
/// let last = uri::find_uris(text).last().unwrap();
/// assert_eq!(&text[last.range()], "https://example.org/x");
/// assert_eq!(last.uri().authority().unwrap().host(), "example.org");
/// ```
pub fn find_uris(text: &str) -> FindUris<'_> {
    FindUris {
        text,
        pos: 0,
        scheme_continues: Rule::Scheme.continuations(b"a").0,
        next_angle_close: Closer::default(),
        next_quote: Closer::default(),
    }
}

/// The iterator of [`find_uris`].
#[derive(Clone, Debug)]
pub struct FindUris<'a> {
    text: &'a str,
    pos: usize,
    /// The bytes that may continue a scheme, from the generated tables.
    scheme_continues: [u64; 4],
    /// The last search for a `>`, so that many `<` before one `>` cost one scan.
    next_angle_close: Closer,
    /// The last search for a `"`.
    next_quote: Closer,
}

/// The answer of the last search for a closing delimiter: searching from `from` found `at`.
#[derive(Clone, Copy, Debug, Default)]
struct Closer {
    from: usize,
    at: Option<usize>,
    searched: bool,
}

impl Closer {
    /// The first `byte` of `text` at or after `from`, reusing the last answer when it holds.
    fn find(&mut self, text: &str, from: usize, byte: u8) -> Option<usize> {
        let reusable = self.searched && self.from <= from && self.at.is_none_or(|at| at >= from);
        if !reusable {
            let at = text.as_bytes()[from..].iter().position(|&b| b == byte).map(|p| from + p);
            *self = Closer { from, at, searched: true };
        }
        self.at
    }
}

/// How a found URI was delimited in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<...>`, where embedded whitespace is removed.
    AngleBrackets,
    /// `"..."`.
    DoubleQuotes,
    /// None: whitespace or punctuation around it.
    Bare,
}

/// A URI found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundUri<'a> {
    range: Range<usize>,
    delimiter: Delimiter,
    uri: Found<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Found<'a> {
    Borrowed(Uri<'a>),
    /// Whitespace was removed from inside angle brackets.
    Owned(UriBuf),
}

impl<'a> FoundUri<'a> {
    /// The URI (with any embedded whitespace removed).
    pub fn as_str(&self) -> &str {
        match &self.uri {
            Found::Borrowed(uri) => uri.as_str(),
            Found::Owned(uri) => uri.as_str(),
        }
    }

    /// The parsed URI.
    pub fn uri(&self) -> Uri<'_> {
        match &self.uri {
            Found::Borrowed(uri) => *uri,
            Found::Owned(uri) => uri.as_uri(),
        }
    }

    /// An owned copy of the URI.
    pub fn to_buf(&self) -> UriBuf {
        self.uri().to_buf()
    }

    /// Where the URI is in the text, delimiters and any `URL:` prefix excluded (embedded
    /// whitespace included).
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// How the URI was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
}

impl<'a> Iterator for FindUris<'a> {
    type Item = FoundUri<'a>;

    fn next(&mut self) -> Option<FoundUri<'a>> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            let i = self.pos;
            let found = match bytes[i] {
                b'<' => self.angle_brackets(i),
                b'"' => self.double_quotes(i),
                b if self.starts_scheme(i, b) => self.undelimited(i),
                _ => None,
            };
            match found {
                Some((found, end)) => {
                    self.pos = end;
                    return Some(found);
                }
                None => self.pos += 1,
            }
        }
        None
    }
}

/// Once it has returned `None`, the search is at the end of the text and stays there.
impl std::iter::FusedIterator for FindUris<'_> {}

impl<'a> FindUris<'a> {
    fn continues_scheme(&self, b: u8) -> bool {
        self.scheme_continues[usize::from(b / 64)] & (1 << (b % 64)) != 0
    }

    /// Whether a scheme may start at `i`: a byte that alone is a scheme (a letter), not
    /// continuing a word.
    fn starts_scheme(&self, i: usize, b: u8) -> bool {
        let first = Rule::Scheme.single_bytes();
        first[usize::from(b / 64)] & (1 << (b % 64)) != 0
            && (i == 0 || !self.continues_scheme(self.text.as_bytes()[i - 1]))
    }

    /// `<URI>` or `<URL:URI>`, whitespace inside removed. Returns the URI and where to go on.
    fn angle_brackets(&mut self, open: usize) -> Option<(FoundUri<'a>, usize)> {
        let close = self.next_angle_close.find(self.text, open + 1, b'>')?;
        let inner = &self.text[open + 1..close];
        // A '<' inside cannot be part of a URI: the next '<' is the better start.
        if inner.contains('<') {
            return None;
        }
        let lead = inner.len() - inner.trim_start().len();
        let mut start = open + 1 + lead;
        if self.text.get(start..start + 4).is_some_and(|p| p.eq_ignore_ascii_case("URL:")) {
            start += 4;
            start += self.text[start..close].len() - self.text[start..close].trim_start().len();
        }
        let end = start + self.text[start..close].trim_end().len();
        let candidate = &self.text[start..end];
        let uri = if candidate.bytes().any(|b| b.is_ascii_whitespace()) {
            let joined: String = candidate.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            Found::Owned(UriBuf::parse(joined).ok()?)
        } else {
            Found::Borrowed(Uri::parse(candidate).ok()?)
        };
        Some((FoundUri { range: start..end, delimiter: Delimiter::AngleBrackets, uri }, close + 1))
    }

    /// `"URI"`.
    fn double_quotes(&mut self, open: usize) -> Option<(FoundUri<'a>, usize)> {
        let close = self.next_quote.find(self.text, open + 1, b'"')?;
        let uri = Uri::parse(&self.text[open + 1..close]).ok()?;
        let found = FoundUri {
            range: open + 1..close,
            delimiter: Delimiter::DoubleQuotes,
            uri: Found::Borrowed(uri),
        };
        Some((found, close + 1))
    }

    /// A URI delimited by nothing: the longest match of `URI`, less trailing punctuation.
    fn undelimited(&self, start: usize) -> Option<(FoundUri<'a>, usize)> {
        let rest = &self.text.as_bytes()[start..];
        let scheme_len = Rule::Scheme.longest_match(rest)?;
        if rest.get(scheme_len) != Some(&b':') {
            return None;
        }
        let mut len = Rule::Uri.longest_match(rest)?;
        let mut trailing = TrailingPunctuation::new(&rest[..len]);
        while len > scheme_len + 1 && trailing.drops(rest[len - 1]) {
            len -= 1;
        }
        if len <= scheme_len + 1 {
            return None;
        }
        let uri = Uri::parse(&self.text[start..start + len]).ok()?;
        let found =
            FoundUri { range: start..start + len, delimiter: Delimiter::Bare, uri: Found::Borrowed(uri) };
        Some((found, start + len))
    }
}

/// Decides, from the end of an undelimited candidate, which bytes are sentence punctuation
/// rather than part of the URI; the bracket counts are kept as bytes are dropped.
struct TrailingPunctuation {
    unclosed_parens: isize,
    unclosed_brackets: isize,
}

impl TrailingPunctuation {
    fn new(candidate: &[u8]) -> TrailingPunctuation {
        let (mut unclosed_parens, mut unclosed_brackets) = (0, 0);
        for &b in candidate {
            match b {
                b'(' => unclosed_parens += 1,
                b')' => unclosed_parens -= 1,
                b'[' => unclosed_brackets += 1,
                b']' => unclosed_brackets -= 1,
                _ => {}
            }
        }
        TrailingPunctuation { unclosed_parens, unclosed_brackets }
    }

    /// Whether `last`, the last byte left, is dropped; if so, the counts forget it.
    fn drops(&mut self, last: u8) -> bool {
        match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' if self.unclosed_parens < 0 => {
                self.unclosed_parens += 1;
                true
            }
            b']' if self.unclosed_brackets < 0 => {
                self.unclosed_brackets += 1;
                true
            }
            _ => false,
        }
    }
}
