//! One input per line: how `uri-gen sample` prints byte strings and `uri-gen match --escaped`
//! reads them back. Printable characters stand for themselves (UTF-8 included), `\` is `\\`,
//! line breaks and tabs are `\n`, `\r`, `\t`, and every other byte is `\xHH`; so any byte string
//! fits on one line and comes back unchanged.

/// `bytes` on one line.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (valid, invalid) = match std::str::from_utf8(rest) {
            Ok(s) => (s, 0),
            Err(e) => {
                let (good, _) = rest.split_at(e.valid_up_to());
                let bad = e.error_len().unwrap_or(rest.len() - good.len());
                (std::str::from_utf8(good).unwrap_or(""), bad)
            }
        };
        for c in valid.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() || (c.is_whitespace() && c != ' ') => {
                    for b in c.to_string().bytes() {
                        out.push_str(&format!("\\x{b:02X}"));
                    }
                }
                c => out.push(c),
            }
        }
        let after = valid.len();
        for &b in &rest[after..after + invalid] {
            out.push_str(&format!("\\x{b:02X}"));
        }
        rest = &rest[after + invalid..];
    }
    out
}

/// An escaped line back to its bytes; the error says what is wrong at which character.
pub fn unescape(line: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.extend_from_slice(c.to_string().as_bytes());
            continue;
        }
        match chars.next() {
            Some((_, '\\')) => out.push(b'\\'),
            Some((_, 'n')) => out.push(b'\n'),
            Some((_, 'r')) => out.push(b'\r'),
            Some((_, 't')) => out.push(b'\t'),
            Some((_, 'x')) => {
                let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(b) if hex.len() == 2 => out.push(b),
                    _ => {
                        return Err(format!(
                            "invalid escape `\\x{hex}` at column {}; expected two hexadecimal digits",
                            i + 1
                        ))
                    }
                }
            }
            Some((_, other)) => {
                return Err(format!(
                "invalid escape `\\{other}` at column {}; expected `\\\\`, `\\n`, `\\r`, `\\t` or `\\xHH`",
                i + 1
            ))
            }
            None => return Err(format!("a lone `\\` ends the line at column {}; expected `\\\\`", i + 1)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_round_trips() {
        let cases: [&[u8]; 6] =
            [b"", b"http://a/b c", b"a\\b\n\r\t", b"\x00\x7F\xFF\xC3", "é€😀".as_bytes(), b"\xE2\x82"];
        for bytes in cases {
            let line = escape(bytes);
            assert!(!line.contains('\n'), "{line:?}");
            assert_eq!(unescape(&line).as_deref(), Ok(bytes), "{line:?}");
        }
        assert_eq!(escape(b"\xFFa\\"), "\\xFFa\\\\");
        assert_eq!(escape("é\u{85}".as_bytes()), "é\\xC2\\x85");
    }

    #[test]
    fn bad_escapes_are_errors() {
        assert!(unescape("\\q").unwrap_err().contains("`\\q`"));
        assert!(unescape("\\x4").is_err());
        assert!(unescape("ab\\").unwrap_err().contains("column 3"));
    }
}
