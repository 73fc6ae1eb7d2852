//! What `uri-gen parse` prints: one parser's captures and kinds on one input, or where the input
//! fails and which bytes could have come there, as one line of JSON.
//!
//! A matching input gives
//!
//! ```text
//! {"input": "http://a/b", "ok": true, "captures": {"scheme": {"start": 0, "end": 4, "text": "http"}, "query": null, ...}, "kinds": {"host": "RegName"}}
//! ```
//!
//! with every capture of the declaration, in declaration order (`null` when absent; a list
//! capture, `occurs=all`, as an array of such objects, `[]` when it has none), and every
//! kind (`null` when none of its rules matched). Positions are byte offsets into the input.
//! Captures and kinds are separate objects, since a kind may share its name with a capture
//! (`capture host host` beside `kind host ...`). A failing input gives
//!
//! ```text
//! {"input": "http://a b", "ok": false, "index": 8, "expected": ["!", "#-;", "=", "?-Z", "_", "a-z", "~"], "end_allowed": true}
//! ```
//!
//! where `index` is the first byte that cannot continue a match (the input length when the
//! input ends too early), `expected` the bytes that could have come there as `uri-gen match`
//! prints them (printable ASCII as itself, other bytes as `0xHH`, runs as ranges) and
//! `end_allowed` whether the input could have ended there instead.
//!
//! JSON strings hold Unicode text. A string whose bytes are not UTF-8 is written with U+FFFD in
//! place of each invalid sequence, and beside it a field of the same name with `_escaped` added
//! (`input_escaped`, `text_escaped`) holds the bytes as `uri-gen sample` escapes them (`\xHH` for
//! a byte that is not UTF-8), so that no byte is lost. That field is absent for UTF-8 strings.

use crate::rtn::earley::Mismatch;
use crate::rtn::program::byte_ranges;
use crate::tools::escape::escape;
use crate::CompiledParsers;

impl CompiledParsers {
    /// The index (in `spec.parsers`) of the parser named `name`.
    pub fn parser_named(&self, name: &str) -> Option<usize> {
        self.spec.parsers.iter().position(|p| p.name == name)
    }

    /// Runs parser `parser` over the whole of `input`: the value of every tag slot (`None` when
    /// unset; see [`crate::capture::spec::CaptureSpec`] for the layout), or where the input fails and
    /// what could have come there.
    pub fn parse(&self, parser: usize, input: &[u8]) -> Result<Vec<Option<usize>>, Mismatch> {
        let tdfa = &self.tdfa;
        let index = match tdfa.run(parser, input) {
            Ok(slots) => return Ok(slots),
            Err(index) => index,
        };
        // The state that reads the byte at `index` (or meets the end of the input there).
        let stride = tdfa.stride();
        let step = |state: u32, b: u8| tdfa.trans[state as usize * stride + tdfa.classes.get(b)];
        let state = input[..index].iter().fold(tdfa.starts[parser], |state, &b| step(state, b));
        let mut expected = [0u64; 4];
        for b in 0..=255u8 {
            if state != 0 && step(state, b) != 0 {
                expected[b as usize / 64] |= 1 << (b % 64);
            }
        }
        let end_allowed = index < input.len() && tdfa.finals[state as usize].is_some();
        Err(Mismatch { index, expected, end_allowed, too_deep: None })
    }

    /// The JSON line (without the line break) that `uri-gen parse` prints for `input` with parser
    /// `parser`, and whether the input matched.
    ///
    /// ```
    /// use uri_gen::{compile_parsers, Options, SourceFile};
    ///
    /// let grammar = SourceFile::new("g.abnf", "pair = key \"=\" [ value ]\nkey = 1*%x61-7A\nvalue = 1*%x30-39\n");
    /// let captures = "parser Pair pair\ncapture key key\ncapture value value\n";
    /// let parsers = compile_parsers(&[grammar], "g.captures", captures, &Options::default()).unwrap();
    /// let pair = parsers.parser_named("Pair").unwrap();
    /// assert_eq!(
    ///     parsers.parse_json(pair, b"ab="),
    ///     (true, r#"{"input": "ab=", "ok": true, "captures": {"key": {"start": 0, "end": 2, "text": "ab"}, "value": null}, "kinds": {}}"#.to_owned())
    /// );
    /// assert_eq!(
    ///     parsers.parse_json(pair, b"a=x"),
    ///     (false, r#"{"input": "a=x", "ok": false, "index": 2, "expected": ["0-9"], "end_allowed": true}"#.to_owned())
    /// );
    /// ```
    pub fn parse_json(&self, parser: usize, input: &[u8]) -> (bool, String) {
        let mut out = String::from("{");
        bytes_field(&mut out, "input", input);
        match self.parse(parser, input) {
            Ok(slots) => {
                out.push_str(", \"ok\": true, \"captures\": {");
                for (i, capture) in self.spec.captures.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    string(&mut out, &capture.name);
                    out.push_str(": ");
                    let span = slots[2 * i].zip(slots[2 * i + 1]);
                    if let Some(list) = self.lists.iter().find(|l| l.capture == i) {
                        let found = span.map_or(Some(Vec::new()), |(start, end)| {
                            let found = list.occurrences(&input[start..end])?;
                            Some(found.into_iter().map(|(s, e)| (s + start, e + start)).collect())
                        });
                        out.push('[');
                        for (k, &(start, end)) in found.unwrap_or_default().iter().enumerate() {
                            if k > 0 {
                                out.push_str(", ");
                            }
                            span_object(&mut out, input, start, end);
                        }
                        out.push(']');
                        continue;
                    }
                    match span {
                        Some((start, end)) => span_object(&mut out, input, start, end),
                        None => out.push_str("null"),
                    }
                }
                out.push_str("}, \"kinds\": {");
                for (k, kind) in self.spec.kinds.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    string(&mut out, &kind.name);
                    out.push_str(": ");
                    // The first variant set wins, as in the generated `Captures::*_kind`.
                    let base = self.spec.kind_base(k);
                    match kind.variants.iter().enumerate().find(|&(v, _)| slots[base + v].is_some()) {
                        Some((_, (_, variant))) => string(&mut out, variant),
                        None => out.push_str("null"),
                    }
                }
                out.push_str("}}");
                (true, out)
            }
            Err(mismatch) => {
                out.push_str(&format!(", \"ok\": false, \"index\": {}, \"expected\": [", mismatch.index));
                for (i, range) in byte_ranges(&mismatch.expected).iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    string(&mut out, range);
                }
                out.push_str(&format!("], \"end_allowed\": {}}}", mismatch.end_allowed));
                (false, out)
            }
        }
    }
}

/// Writes `{"start": S, "end": E, "text": ...}` for the span `start..end` of `input`.
fn span_object(out: &mut String, input: &[u8], start: usize, end: usize) {
    out.push_str(&format!("{{\"start\": {start}, \"end\": {end}, "));
    bytes_field(out, "text", &input[start..end]);
    out.push('}');
}

/// Writes `"name": "text"` for `bytes`, and `, "name_escaped": "..."` when they are not UTF-8.
fn bytes_field(out: &mut String, name: &str, bytes: &[u8]) {
    string(out, name);
    out.push_str(": ");
    match std::str::from_utf8(bytes) {
        Ok(text) => string(out, text),
        Err(_) => {
            string(out, &String::from_utf8_lossy(bytes));
            out.push_str(", ");
            string(out, &format!("{name}_escaped"));
            out.push_str(": ");
            string(out, &escape(bytes));
        }
    }
}

/// Writes `text` as a JSON string (RFC 8259 section 7): `"` and `\` escaped, control characters
/// as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, everything else as itself.
fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(text: &str) -> String {
        let mut out = String::new();
        string(&mut out, text);
        out
    }

    #[test]
    fn strings_escape_quotes_backslashes_and_control_characters() {
        assert_eq!(quoted("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(quoted("\n\r\t\u{8}\u{c}"), r#""\n\r\t\b\f""#);
        assert_eq!(quoted("\u{0}\u{1f}\u{7f}"), "\"\\u0000\\u001f\u{7f}\"");
        assert_eq!(quoted("café/€"), "\"café/€\"");
        assert_eq!(quoted(""), "\"\"");
    }

    #[test]
    fn bytes_that_are_not_utf8_get_an_escaped_twin() {
        let mut out = String::new();
        bytes_field(&mut out, "text", b"a\xFFb");
        assert_eq!(out, r#""text": "a�b", "text_escaped": "a\\xFFb""#);
        let mut out = String::new();
        bytes_field(&mut out, "text", "é".as_bytes());
        assert_eq!(out, r#""text": "é""#);
    }
}
