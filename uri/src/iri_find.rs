//! Finding IRIs in free text: [`find_iris`], Appendix C of RFC 3986 (which RFC 3987 section 7.2
//! refers to) with [`find_uris`]'s code, run on an ASCII stand-in of the text.
//!
//! The stand-in replaces each character RFC 3987 allows where RFC 3986 allows an unreserved
//! character (a `ucschar`) by as many `_` as it has bytes: `_` is unreserved, so it goes
//! wherever a `ucschar` goes, and it continues no scheme, so a scheme still starts at an ASCII
//! letter after non-ASCII text. Every other byte is kept, so offsets are the text's, and what
//! the URI finder finds on the stand-in is, in the text, an IRI found by the same rules. A
//! private-use character, which RFC 3987 allows in the query only, is kept as it is and so ends
//! an IRI wherever it stands; so do the other characters outside `ucschar`.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::iri_map::iri_grammar_allows;
use crate::{find_uris, Delimiter, Iri, IriBuf};

/// Finds the IRIs in `text`, in order, by the rules of [`find_uris`] (delimiters, trailing
/// punctuation, whitespace inside angle brackets).
///
/// ```
/// let text = "見てhttp://例え.jp/パス、or <http://ü.example/a\n  /b>. Private use: s:/a?b\u{E000}c";
/// let found: Vec<String> = uri::find_iris(text).map(|f| f.as_str().to_owned()).collect();
/// assert_eq!(found, ["http://例え.jp/パス、or", "http://ü.example/a/b", "s:/a?b"]);
/// let first = uri::find_iris(text).next().unwrap();
/// assert_eq!((first.range(), first.iri().authority().unwrap().host()), (6..34, "例え.jp"));
/// ```
///
/// Non-ASCII punctuation is no delimiter: it is a character of the IRI (`、` above). A
/// private-use character ends an IRI even in its query, where RFC 3987 allows it.
#[must_use]
pub fn find_iris(text: &str) -> FindIris<'_> {
    let mut stand_in = String::with_capacity(text.len());
    for c in text.chars() {
        if !c.is_ascii() && iri_grammar_allows(c, false) {
            stand_in.extend(core::iter::repeat_n('_', c.len_utf8()));
        } else {
            stand_in.push(c);
        }
    }
    let found: Vec<(Range<usize>, Delimiter)> =
        find_uris(&stand_in).map(|f| (f.range(), f.delimiter())).collect();
    FindIris { text, found: found.into_iter() }
}

/// The iterator of [`find_iris`].
#[derive(Clone, Debug)]
pub struct FindIris<'a> {
    text: &'a str,
    /// The ranges and delimiters the URI finder found in the stand-in.
    found: alloc::vec::IntoIter<(Range<usize>, Delimiter)>,
}

/// An IRI found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundIri<'a> {
    range: Range<usize>,
    delimiter: Delimiter,
    iri: Found<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Found<'a> {
    Borrowed(Iri<'a>),
    /// Whitespace was removed from inside angle brackets.
    Owned(IriBuf),
}

impl FoundIri<'_> {
    /// The IRI (with any embedded whitespace removed).
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.iri {
            Found::Borrowed(iri) => iri.as_str(),
            Found::Owned(iri) => iri.as_str(),
        }
    }

    /// The parsed IRI.
    #[must_use]
    pub fn iri(&self) -> Iri<'_> {
        match &self.iri {
            Found::Borrowed(iri) => *iri,
            Found::Owned(iri) => iri.as_iri(),
        }
    }

    /// An owned copy of the IRI.
    #[must_use]
    pub fn to_buf(&self) -> IriBuf {
        self.iri().to_buf()
    }

    /// Where the IRI is in the text, delimiters and any `URL:` prefix excluded (embedded
    /// whitespace included).
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// How the IRI was delimited.
    #[must_use]
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
}

impl<'a> Iterator for FindIris<'a> {
    type Item = FoundIri<'a>;

    fn next(&mut self) -> Option<FoundIri<'a>> {
        for (range, delimiter) in self.found.by_ref() {
            let candidate = &self.text[range.clone()];
            let iri = if delimiter == Delimiter::AngleBrackets
                && candidate.bytes().any(|b| b.is_ascii_whitespace())
            {
                let joined: String = candidate.chars().filter(|c| !c.is_ascii_whitespace()).collect();
                IriBuf::parse(joined).ok().map(Found::Owned)
            } else {
                Iri::parse(candidate).ok().map(Found::Borrowed)
            };
            // The stand-in's URI is always the text's IRI (see the module comment); a candidate
            // that is not would be skipped, never returned wrong.
            if let Some(iri) = iri {
                return Some(FoundIri { range, delimiter, iri });
            }
        }
        None
    }
}

impl core::iter::FusedIterator for FindIris<'_> {}
