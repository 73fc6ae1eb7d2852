//! The setters of the path, query and fragment, done in place: the text from the component on
//! is moved once (`String::replace_range`) and only the offsets after it change, by the
//! difference in length. The host, whose kind no `Captures` setter can move, lies before them.

use crate::edit::path_fits;
use crate::edit_error::EditErrorKind;
use crate::generated::parser::Captures;
use crate::{EditError, UriRefBuf};
use alloc::string::String;

/// A span moved by `delta` bytes.
fn shift(span: Option<(usize, usize)>, delta: isize) -> Option<(usize, usize)> {
    span.map(|(start, end)| ((start as isize + delta) as usize, (end as isize + delta) as usize))
}

impl UriRefBuf {
    /// Replaces `text[start..end]` with `lead` and `value`; `record` sets the new spans, given
    /// the change in length.
    fn splice(
        &mut self,
        component: &'static str,
        (start, end): (usize, usize),
        lead: &str,
        value: &str,
        record: impl FnOnce(&mut Captures, isize),
    ) -> Result<(), EditError> {
        let added = lead.len() + value.len();
        if self.as_str().len() - (end - start) + added >= u32::MAX as usize {
            return Err(EditError::new(component, EditErrorKind::TooLong));
        }
        self.edit_in_place(|text, captures| {
            text.replace_range(start..end, lead);
            text.insert_str(start + lead.len(), value);
            record(captures, added as isize - (end - start) as isize);
        });
        Ok(())
    }

    /// Where the path is: its span, or the empty span where it would be.
    fn path_span(&self) -> (usize, usize) {
        crate::resolve::path_span(&self.as_uri_ref())
    }

    /// Replaces the path, after checking that it fits with the rest (its rule is the caller's).
    pub(crate) fn replace_path(&mut self, component: &'static str, path: &str) -> Result<(), EditError> {
        let r = self.as_uri_ref();
        path_fits(component, r.scheme().is_some(), r.authority().is_some(), path)?;
        let (start, end) = self.path_span();
        let (old, n) = (r.captures(), r.as_str().len());
        self.splice(component, (start, end), "", path, |captures, delta| {
            captures.set_path(Some((start, start + path.len())));
            captures.set_query(shift(old.query(n), delta));
            captures.set_fragment(shift(old.fragment(n), delta));
        })
    }

    /// Sets or removes the query (already checked with its rule).
    pub(crate) fn replace_query(&mut self, query: Option<&str>) -> Result<(), EditError> {
        let (old, n) = (self.as_uri_ref().captures(), self.as_str().len());
        let range = match old.query(n) {
            Some((start, end)) => (start - 1, end),
            None => (self.path_span().1, self.path_span().1),
        };
        let lead = if query.is_some() { "?" } else { "" };
        self.splice("query", range, lead, query.unwrap_or(""), |captures, delta| {
            captures.set_query(query.map(|q| (range.0 + 1, range.0 + 1 + q.len())));
            captures.set_fragment(shift(old.fragment(n), delta));
        })
    }

    /// Sets or removes the fragment (already checked with its rule).
    pub(crate) fn replace_fragment(&mut self, fragment: Option<&str>) -> Result<(), EditError> {
        let len = self.as_str().len();
        let range =
            self.as_uri_ref().captures().fragment(len).map_or((len, len), |(start, end)| (start - 1, end));
        let lead = if fragment.is_some() { "#" } else { "" };
        self.splice("fragment", range, lead, fragment.unwrap_or(""), |captures, _| {
            captures.set_fragment(fragment.map(|f| (range.0 + 1, range.0 + 1 + f.len())));
        })
    }

    /// Appends `added` to the path (new segments, or the first one), which keeps it fitting.
    pub(crate) fn append_to_path(
        &mut self,
        most: usize,
        write: impl FnOnce(&mut String),
    ) -> Result<(), EditError> {
        let (start, end) = self.path_span();
        let (old, n) = (self.as_uri_ref().captures(), self.as_str().len());
        self.insert_at("path", end, most, write, |captures, added| {
            captures.set_path(Some((start, end + added)));
            captures.set_query(shift(old.query(n), added as isize));
            captures.set_fragment(shift(old.fragment(n), added as isize));
        })
    }

    /// Appends what `write` writes (at most `most` bytes) to the query, after a `&` unless the
    /// query is absent (then a `?` starts it) or empty.
    pub(crate) fn append_to_query(
        &mut self,
        most: usize,
        write: impl FnOnce(&mut String),
    ) -> Result<(), EditError> {
        let (old, n) = (self.as_uri_ref().captures(), self.as_str().len());
        let (start, end, lead) = match old.query(n) {
            Some((start, end)) => (start, end, if start == end { "" } else { "&" }),
            None => {
                let at = self.path_span().1;
                (at + 1, at, "?")
            }
        };
        let write = |out: &mut String| {
            out.push_str(lead);
            write(out);
        };
        self.insert_at("query", end, most + 1, write, |captures, added| {
            captures.set_query(Some((start, end + added)));
            captures.set_fragment(shift(old.fragment(n), added as isize));
        })
    }

    /// Inserts what `write` writes (at most `most` bytes) at `at`: straight into the text when
    /// `at` is its end, through a small buffer otherwise; `record` sets the new spans, given
    /// the number of bytes added.
    fn insert_at(
        &mut self,
        component: &'static str,
        at: usize,
        most: usize,
        write: impl FnOnce(&mut String),
        record: impl FnOnce(&mut Captures, usize),
    ) -> Result<(), EditError> {
        if self.as_str().len().saturating_add(most) >= u32::MAX as usize {
            return Err(EditError::new(component, EditErrorKind::TooLong));
        }
        self.edit_in_place(|text, captures| {
            let before = text.len();
            if at == before {
                write(text);
            } else {
                let mut added = String::with_capacity(most);
                write(&mut added);
                text.insert_str(at, &added);
            }
            record(captures, text.len() - before);
        });
        Ok(())
    }
}
