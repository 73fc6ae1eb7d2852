//! Finding URIs in free text (RFC 3986 Appendix C), with the generated recognizer and parser.
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
//!
//! # How the text is read
//!
//! Every URI found starts at a `<`, a `"`, or a scheme, and a scheme ends at a `:`. The search
//! skips to the next of those three bytes a word at a time (`scan`), and from a `:` walks back
//! over the bytes that the generated `scheme` rule continues with, to the one place a scheme
//! ending there may start. A bare URI is then read with the recognizer's `valid_up_to` (where no
//! match can go on) and one parse of the text up to there, which, when it succeeds, is the
//! longest match and gives the scheme and every offset; only text whose valid prefix is not a
//! URI takes the byte-by-byte `longest_match`. Failed candidates are parsed without building a
//! [`crate::ParseError`]. The results are those of trying every byte as a start, which the tests
//! hold against such a finder.

use alloc::string::String;
use core::ops::Range;

use crate::generated::parser::Parser;
use crate::{scan, Rule, Uri, UriBuf, UriRef, UriRefBuf};

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
#[must_use]
pub fn find_uris(text: &str) -> FindUris<'_> {
    FindUris {
        text,
        pos: 0,
        scheme_continues: Rule::Scheme.continuations(b"a").0,
        next_angle_close: Closer::default(),
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
            let at = scan::find_byte(text.as_bytes(), from, byte);
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
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.uri {
            Found::Borrowed(uri) => uri.as_str(),
            Found::Owned(uri) => uri.as_str(),
        }
    }

    /// The parsed URI.
    #[must_use]
    pub fn uri(&self) -> Uri<'_> {
        match &self.uri {
            Found::Borrowed(uri) => *uri,
            Found::Owned(uri) => uri.as_uri(),
        }
    }

    /// An owned copy of the URI.
    #[must_use]
    pub fn to_buf(&self) -> UriBuf {
        self.uri().to_buf()
    }

    /// Where the URI is in the text, delimiters and any `URL:` prefix excluded (embedded
    /// whitespace included).
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// How the URI was delimited.
    #[must_use]
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
}

impl<'a> Iterator for FindUris<'a> {
    type Item = FoundUri<'a>;

    fn next(&mut self) -> Option<FoundUri<'a>> {
        let bytes = self.text.as_bytes();
        // A URI can only begin at a '<', a '"' or a scheme, and a scheme is found from the ':'
        // that ends it: the text between those bytes is skipped a word at a time.
        while let Some(at) = scan::find_any(bytes, self.pos, [b':', b'<', b'"']) {
            let found = match bytes[at] {
                b'<' => self.angle_brackets(at),
                b'"' => self.double_quotes(at),
                _ => self.scheme_start(at).and_then(|start| self.undelimited(start)),
            };
            match found {
                Some((found, end)) => {
                    self.pos = end;
                    return Some(found);
                }
                // No other start lies before `at`: a scheme that ended at an earlier ':' would
                // have been found there, and one ending at a later ':' starts after `at`.
                None => self.pos = at + 1,
            }
        }
        self.pos = bytes.len();
        None
    }
}

/// Once it has returned `None`, the search is at the end of the text and stays there.
impl core::iter::FusedIterator for FindUris<'_> {}

/// Whether a scheme may start with `b`: whether `b` alone is one (a letter).
fn starts_scheme(b: u8) -> bool {
    Rule::Scheme.single_bytes()[usize::from(b / 64)] & (1 << (b % 64)) != 0
}

/// `text` as a URI, or `None`: [`Uri::parse`] without building the error, which is most of the
/// cost of a failed attempt.
fn parse_uri(text: &str) -> Option<Uri<'_>> {
    let captures = Parser::UriRef.parse(text.as_bytes()).ok()?;
    UriRef::from_parts(text, captures).as_uri()
}

impl<'a> FindUris<'a> {
    fn continues_scheme(&self, b: u8) -> bool {
        self.scheme_continues[usize::from(b / 64)] & (1 << (b % 64)) != 0
    }

    /// Where a scheme that ends at the ':' at `colon` may start: at the first byte of the run of
    /// bytes that may continue a scheme before the colon, if that byte alone is a scheme (a
    /// letter), the run does not continue a word, and it starts no earlier than the search.
    fn scheme_start(&self, colon: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut start = colon;
        while start > self.pos && self.continues_scheme(bytes[start - 1]) {
            start -= 1;
        }
        let continues_word = start > 0 && self.continues_scheme(bytes[start - 1]);
        (start < colon && !continues_word && starts_scheme(bytes[start])).then_some(start)
    }

    /// `<URI>` or `<URL:URI>`, whitespace inside removed. Returns the URI and where to go on.
    fn angle_brackets(&mut self, open: usize) -> Option<(FoundUri<'a>, usize)> {
        let close = self.next_angle_close.find(self.text, open + 1, b'>')?;
        // A '<' inside cannot be part of a URI: the next '<' is the better start.
        if scan::find_byte(&self.text.as_bytes()[..close], open + 1, b'<').is_some() {
            return None;
        }
        let inner = &self.text[open + 1..close];
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
            let captures = Parser::UriRef.parse(joined.as_bytes()).ok()?;
            Found::Owned(UriRefBuf::from_built(joined, captures).into_uri().ok()?)
        } else {
            Found::Borrowed(parse_uri(candidate)?)
        };
        Some((FoundUri { range: start..end, delimiter: Delimiter::AngleBrackets, uri }, close + 1))
    }

    /// `"URI"`. A URI between the quotes is a valid prefix of one, so the closing quote (the
    /// first after `open`) lies within the valid prefix after `open` or is the byte that ends
    /// it; the search for it stops there instead of running on through prose.
    fn double_quotes(&self, open: usize) -> Option<(FoundUri<'a>, usize)> {
        let bytes = self.text.as_bytes();
        // Most quotes in prose are followed by a space or by a word: a URI starts with a scheme.
        if !bytes.get(open + 1).is_some_and(|&b| starts_scheme(b)) {
            return None;
        }
        let valid = Rule::Uri.valid_up_to(&bytes[open + 1..]);
        let within = &bytes[..bytes.len().min(open + 1 + valid + 1)];
        let close = scan::find_byte(within, open + 1, b'"')?;
        let uri = parse_uri(&self.text[open + 1..close])?;
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
        // No match of `URI` goes past the first byte that no match continues with; when the
        // text up to there is one, it is the longest, and the parse that says so is kept, with
        // the scheme it found.
        let valid = Rule::Uri.valid_up_to(rest);
        let whole = Parser::UriRef.parse(&rest[..valid]).ok();
        let (scheme_len, longest) = match whole.and_then(|captures| captures.scheme(valid)) {
            Some((_, scheme_end)) => (scheme_end, valid),
            None => {
                let scheme_len = Rule::Scheme.longest_match(rest)?;
                if rest.get(scheme_len) != Some(&b':') {
                    return None;
                }
                (scheme_len, Rule::Uri.longest_match(&rest[..valid])?)
            }
        };
        let mut len = longest;
        let mut trailing = TrailingPunctuation::new(&rest[..len]);
        while len > scheme_len + 1 && trailing.drops(rest[len - 1]) {
            len -= 1;
        }
        if len <= scheme_len + 1 {
            return None;
        }
        let text = &self.text[start..start + len];
        let uri = match whole {
            Some(captures) if len == valid => UriRef::from_parts(text, captures).as_uri()?,
            _ => parse_uri(text)?,
        };
        let found =
            FoundUri { range: start..start + len, delimiter: Delimiter::Bare, uri: Found::Borrowed(uri) };
        Some((found, start + len))
    }
}

/// Decides, from the end of an undelimited candidate, which bytes are sentence punctuation
/// rather than part of the URI; the bracket counts, taken over the whole candidate when a
/// closing bracket is first met, are kept as bytes are dropped.
struct TrailingPunctuation<'c> {
    candidate: &'c [u8],
    /// The parentheses and square brackets left open (negative: closed without an opening).
    unclosed: Option<(isize, isize)>,
}

impl<'c> TrailingPunctuation<'c> {
    fn new(candidate: &'c [u8]) -> TrailingPunctuation<'c> {
        TrailingPunctuation { candidate, unclosed: None }
    }

    fn count(candidate: &[u8]) -> (isize, isize) {
        let (mut parens, mut brackets) = (0, 0);
        for &b in candidate {
            match b {
                b'(' => parens += 1,
                b')' => parens -= 1,
                b'[' => brackets += 1,
                b']' => brackets -= 1,
                _ => {}
            }
        }
        (parens, brackets)
    }

    /// Whether `last`, the last byte left, is dropped; if so, the counts forget it.
    fn drops(&mut self, last: u8) -> bool {
        let candidate = self.candidate;
        match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' | b']' => {
                let (parens, brackets) = self.unclosed.get_or_insert_with(|| Self::count(candidate));
                let unclosed = if last == b')' { parens } else { brackets };
                if *unclosed < 0 {
                    *unclosed += 1;
                    true
                } else {
                    false
                }
            }
            _ => false,
        }
    }
}
