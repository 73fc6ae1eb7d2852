//! The normal forms that RFCs 3966, 3261 and 6068 give scheme-based normalization (RFC 3986
//! section 6.2.3): a `tel`, `sip`/`sips` or `mailto` URI rewritten from its scheme type's
//! components, so that URIs that the scheme's RFC calls equivalent in ways a normal form can
//! express normalize to the same text.

use alloc::string::String;
use alloc::vec::Vec;

use super::generated::mailto::Parser as MailtoParser;
use super::{Mailto, Sip, Tel};
use crate::percent::triplet_at;

/// `text`, a URI of `scheme` without an authority, in the normal form of the scheme's RFC;
/// `None` for another scheme or a text that the scheme's type refuses.
pub(crate) fn normal_form(scheme: &str, text: &str) -> Option<String> {
    let bytes = if scheme.eq_ignore_ascii_case("tel") {
        tel(text)?
    } else if scheme.eq_ignore_ascii_case("sip") || scheme.eq_ignore_ascii_case("sips") {
        sip(text)?
    } else if scheme.eq_ignore_ascii_case("mailto") {
        mailto(text)?
    } else {
        return None;
    };
    // Only ASCII letters changed case and whole ASCII bytes moved: still UTF-8.
    String::from_utf8(bytes).ok()
}

/// Appends `text` with its ASCII letters in lower case, but the hex digits of each
/// percent-encoding in upper case (RFC 3986 section 6.2.2.1).
fn push_folded(out: &mut Vec<u8>, text: &[u8]) {
    let mut i = 0;
    while i < text.len() {
        if triplet_at(text, i).is_some() {
            out.push(text[i]);
            out.extend(text[i + 1..i + 3].iter().map(u8::to_ascii_uppercase));
            i += 3;
        } else {
            out.push(text[i].to_ascii_lowercase());
            i += 1;
        }
    }
}

/// `text` with [`push_folded`] applied to `span` alone.
fn fold_in_place(out: &mut [u8], (start, end): (usize, usize)) {
    let mut folded = Vec::with_capacity(end - start);
    push_folded(&mut folded, &out[start..end]);
    out[start..end].copy_from_slice(&folded);
}

/// RFC 3966 section 4: every comparison is without case ("URI comparisons are
/// case-insensitive"), the number's and a global-number context's visual separators do not
/// count, and parameters compare in any order. The normal form writes the number without its
/// separators, then the ISDN subaddress, the extension and the context, then the other
/// parameters in the order of their text, all in lower case (section 3 orders them so:
/// "The 'isdn-subaddress' or 'extension' MUST appear first, if present, followed by the
/// 'context' parameter, if present, followed by any other parameters in lexicographical
/// order"). An extension keeps its separators, which section 4 does not leave out. `None`
/// where the text so written would no longer be equivalent (a repeated named parameter).
fn tel(text: &str) -> Option<Vec<u8>> {
    let tel = Tel::parse(text).ok()?;
    let (input, c) = (text.as_bytes(), &tel.parsed.captures);
    let facts = tel.facts();
    let (number_start, _) = c.number()?;
    let mut out = input[..number_start].to_vec();
    out.extend(&facts.number);
    // A value starts after its parameter's `=`, so strictly after the parameter's start: an
    // empty extension at the end of one parameter is not inside the next.
    let within =
        |span: Option<(usize, usize)>, s: usize, e: usize| span.is_some_and(|(vs, ve)| s < vs && ve <= e);
    let (mut first, mut generic): ([Vec<u8>; 3], Vec<Vec<u8>>) = Default::default();
    for (s, e) in c.params(input) {
        let mut item = Vec::with_capacity(e - s);
        match c.phone_context() {
            Some((vs, _)) if within(c.phone_context(), s, e) => {
                push_folded(&mut item, &input[s..vs]);
                item.extend(&facts.context);
                first[2] = item;
                continue;
            }
            _ => push_folded(&mut item, &input[s..e]),
        }
        if within(c.isdn_subaddress(), s, e) {
            first[0] = item;
        } else if within(c.extension(), s, e) {
            first[1] = item;
        } else {
            generic.push(item);
        }
    }
    generic.sort_unstable();
    out.extend(first.into_iter().chain(generic).flatten());
    // Where a URI repeats the subaddress, the extension or the context (section 3 forbids it),
    // the last one counts, and the order above may make another one last: then there is no
    // normal form, and the URI stays as it is.
    let same = Tel::parse(core::str::from_utf8(&out).ok()?).is_ok_and(|n| n.rfc3966_eq(&tel));
    same.then_some(out)
}

/// RFC 3261 section 19.1.4: the host and the parameters compare without case, and
/// "The ordering of parameters and header fields is not significant". The normal form writes
/// the host and every parameter in lower case, the parameters in the order of their text, and
/// the headers in the order of their text with their names in lower case (a header's value
/// keeps its case: section 19.1.4 leaves its comparison to the header's own rules). The user
/// and the password keep theirs ("Comparison of the userinfo ... is case-sensitive").
fn sip(text: &str) -> Option<Vec<u8>> {
    let sip = Sip::parse(text).ok()?;
    let (input, c) = (text.as_bytes(), &sip.parsed.captures);
    let (host_start, host_end) = c.host()?;
    let mut out = input[..host_start].to_vec();
    push_folded(&mut out, &input[host_start..host_end]);
    let port_end = c.port().map_or(host_end, |(_, end)| end);
    out.extend(&input[host_end..port_end]);
    let mut params: Vec<Vec<u8>> = c
        .param_list(input)
        .map(|(s, e)| {
            // The parameter with the `;` before it.
            let mut item = Vec::with_capacity(e - s + 1);
            push_folded(&mut item, &input[s - 1..e]);
            item
        })
        .collect();
    params.sort_unstable();
    out.extend(params.into_iter().flatten());
    let mut headers: Vec<Vec<u8>> = c
        .hnames(input)
        .zip(c.hvalues(input))
        .map(|((ns, ne), (_, ve))| {
            let mut item = Vec::with_capacity(ve - ns);
            push_folded(&mut item, &input[ns..ne]);
            item.extend(&input[ne..ve]);
            item
        })
        .collect();
    headers.sort_unstable();
    for (i, header) in headers.into_iter().enumerate() {
        out.push(if i == 0 { b'?' } else { b'&' });
        out.extend(header);
    }
    Some(out)
}

/// RFC 6068 section 2: "<hfname> is case-insensitive, but <hfvalue> in general is
/// case-sensitive", and the domain of an address is a `reg-name` as far as RFC 3986 goes (item
/// 4: "The considerations for <reg-name> in [STD66] apply"). The normal form writes each header
/// field name and each domain of the addresses before the `?` in lower case; the local parts,
/// which mail systems may read with case, and the values keep theirs, and nothing moves.
fn mailto(text: &str) -> Option<Vec<u8>> {
    let mailto = Mailto::parse(text).ok()?;
    let (input, c) = (text.as_bytes(), &mailto.parsed.captures);
    let mut out = input.to_vec();
    for (s, e) in c.addresses(input) {
        let (ds, de) = MailtoParser::Address.parse(&input[s..e]).ok()?.domain()?;
        fold_in_place(&mut out, (s + ds, s + de));
    }
    for span in c.hfnames(input) {
        fold_in_place(&mut out, span);
    }
    Some(out)
}
