//! Base64 decoding (RFC 4648 section 4, the alphabet RFC 2045 section 6.8 gives MIME), for the
//! data of `data:` URLs marked `;base64`.

use alloc::vec::Vec;

/// The value of a base64 digit.
fn digit(byte: u8) -> Option<u8> {
    match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes `text`: groups of four digits, the last group padded with one or two `=` when it
/// holds two or one bytes (RFC 4648 section 3.2; a group of two or three digits without its
/// padding is accepted too, as RFC 4648 section 3.2 lets a specification allow). The error is
/// the index of the first byte that breaks that form (the text length for a group cut short).
pub(crate) fn base64(text: &[u8]) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut group = [0u8; 4];
    let mut filled = 0;
    let mut i = 0;
    while i < text.len() {
        let byte = text[i];
        if byte == b'=' {
            // Padding: only after two or three digits, and it ends the text.
            let pad = if filled == 2 { 2 } else { 1 };
            if filled < 2 || text.len() != i + pad || text[i..].iter().any(|&b| b != b'=') {
                return Err(i);
            }
            break;
        }
        group[filled] = digit(byte).ok_or(i)?;
        filled += 1;
        if filled == 4 {
            out.push(group[0] << 2 | group[1] >> 4);
            out.push(group[1] << 4 | group[2] >> 2);
            out.push(group[2] << 6 | group[3]);
            filled = 0;
        }
        i += 1;
    }
    match filled {
        0 => {}
        1 => return Err(text.len()),
        _ => {
            out.push(group[0] << 2 | group[1] >> 4);
            if filled == 3 {
                out.push(group[1] << 4 | group[2] >> 2);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::base64;

    /// The test vectors of RFC 4648 section 10.
    #[test]
    fn rfc4648_vectors() {
        for (encoded, decoded) in [
            ("", ""),
            ("Zg==", "f"),
            ("Zm8=", "fo"),
            ("Zm9v", "foo"),
            ("Zm9vYg==", "foob"),
            ("Zm9vYmE=", "fooba"),
            ("Zm9vYmFy", "foobar"),
        ] {
            assert_eq!(base64(encoded.as_bytes()).unwrap(), decoded.as_bytes(), "{encoded}");
        }
    }

    #[test]
    fn unpadded_groups_decode_and_malformed_text_is_refused_where_it_breaks() {
        assert_eq!(base64(b"Zg").unwrap(), b"f");
        assert_eq!(base64(b"Zm8").unwrap(), b"fo");
        assert_eq!(base64(b"Z"), Err(1));
        assert_eq!(base64(b"Zm9v!"), Err(4));
        assert_eq!(base64(b"Z==="), Err(1));
        assert_eq!(base64(b"Zg=x"), Err(2));
        assert_eq!(base64(b"Zg=="), Ok(b"f".to_vec()));
        assert_eq!(base64(b"Zm8=="), Err(3));
        assert_eq!(base64(b"Zg==Zg=="), Err(2));
    }
}
