//! The normal forms that RFCs 3966, 3261 and 6068 give scheme-based normalization (RFC 3986
//! section 6.2.3): a `tel`, `sip`/`sips` or `mailto` URI rewritten from its scheme type's
//! components, so that URIs that the scheme's RFC calls equivalent in ways a normal form can
//! express normalize to the same text.

use alloc::string::String;
use alloc::vec::Vec;

use super::error::{Names, SchemeGrammar};
use super::generated::mailto::Parser as MailtoParser;
use super::mailto::Grammar as MailtoGrammar;
use super::sip::{SipGrammar, SipsGrammar};
use super::sip_escape::{comparable, spells, Unit};
use super::tel::Grammar as TelGrammar;
use super::{Mailto, Sip, Tel};
use crate::percent::triplet_at;

/// `text`, a URI of `scheme` without an authority, in the normal form of the scheme's RFC;
/// `None` for another scheme or a text that the scheme's type refuses.
pub(crate) fn normal_form(scheme: &str, text: &str) -> Option<String> {
    let is = |names: &Names| scheme.eq_ignore_ascii_case(names.scheme);
    let bytes = if is(TelGrammar::NAMES) {
        tel(text)?
    } else if is(SipGrammar::NAMES) || is(SipsGrammar::NAMES) {
        sip(text)?
    } else if is(MailtoGrammar::NAMES) {
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

/// RFC 3261 section 19.1.4: the host and "all other components" but the userinfo compare
/// without case "unless explicitly defined otherwise", and "The ordering of parameters and
/// header fields is not significant". The normal form writes the host in lower case; each
/// parameter's name in lower case, the value of a `transport`, `user`, `ttl` or `maddr`
/// parameter too (tokens and a host), and every other value as written (the value of `method`
/// is a method name, which section 25.1 spells with case, and section 7.3.1 lets each
/// extension define its own comparison); the parameters in the order of their names; the
/// headers in the order of their names, same-name headers in their own order (section 7.3.1
/// makes that order significant, and section 19.1.5 turns URI headers into request headers),
/// each name in lower case and each value as written. The user and the password keep their
/// case ("Comparison of the userinfo ... is case-sensitive"). Where a URI gives a parameter
/// name twice (section 19.1.1 forbids it), the last one counts, so the parameters keep their
/// order. Every delimiter written is one of the input's, moved with the items it separates.
fn sip(text: &str) -> Option<Vec<u8>> {
    let sip = Sip::parse(text).ok()?;
    let (input, c) = (text.as_bytes(), &sip.parsed.captures);
    let (host_start, host_end) = c.host()?;
    let mut out = input[..host_start].to_vec();
    push_folded(&mut out, &input[host_start..host_end]);
    let (params_start, params_end) = c.uri_parameters().unwrap_or((host_end, host_end));
    out.extend(&input[host_end..params_start]);
    // Each parameter with its name as compared, its name folded and its value folded or not.
    let params: Vec<(Vec<Unit>, Vec<u8>)> = sip
        .parameters()
        .map(|p| {
            let key = comparable(p.name(), true);
            let (item, value) = (p.as_str().as_bytes(), p.value().map_or(&[][..], str::as_bytes));
            let mut written = Vec::with_capacity(item.len());
            push_folded(&mut written, p.name().as_bytes());
            written.extend(&item[p.name().len()..item.len() - value.len()]);
            if CASELESS_VALUES.iter().any(|n| spells(&key, n)) {
                push_folded(&mut written, value);
            } else {
                written.extend(value);
            }
            (key, written)
        })
        .collect();
    let mut keys: Vec<&[Unit]> = params.iter().map(|(k, _)| k.as_slice()).collect();
    keys.sort_unstable();
    let repeated = keys.windows(2).any(|pair| pair[0] == pair[1]);
    let spans: Vec<(usize, usize)> = c.param_list(input).collect();
    let order = if repeated { params } else { sorted_by_key(params) };
    interleave(&mut out, input, params_start, &spans, order.into_iter().map(|(_, w)| w));
    out.extend(&input[spans.last().map_or(params_start, |&(_, e)| e)..params_end]);
    let Some((headers_start, _)) = c.headers() else {
        out.extend(&input[params_end..]);
        return Some(out);
    };
    out.extend(&input[params_end..headers_start]);
    let mut spans = Vec::new();
    let headers: Vec<(Vec<Unit>, Vec<u8>)> = c
        .hnames(input)
        .zip(c.hvalues(input))
        .map(|((ns, ne), (_, ve))| {
            spans.push((ns, ve));
            let mut written = Vec::with_capacity(ve - ns);
            push_folded(&mut written, &input[ns..ne]);
            written.extend(&input[ne..ve]);
            (comparable(&text[ns..ne], true), written)
        })
        .collect();
    interleave(&mut out, input, headers_start, &spans, sorted_by_key(headers).into_iter().map(|(_, w)| w));
    out.extend(&input[spans.last().map_or(headers_start, |&(_, e)| e)..]);
    Some(out)
}

/// The parameters whose values RFC 3261 defines as tokens or a host, which compare without case
/// (sections 7.3.1 and 19.1.4); a `method` value is a method name, spelled with case.
const CASELESS_VALUES: [&str; 4] = ["transport", "user", "ttl", "maddr"];

/// `items` in the order of their keys, items of one key in their own order.
fn sorted_by_key<T>(mut items: Vec<(Vec<Unit>, T)>) -> Vec<(Vec<Unit>, T)> {
    items.sort_by(|a, b| a.0.cmp(&b.0));
    items
}

/// Appends `items` in place of the list items at `spans` (in the input's order), each after
/// the text that comes before the list item at its place in `input` (its delimiter), the first
/// one's from `start`.
fn interleave(
    out: &mut Vec<u8>,
    input: &[u8],
    start: usize,
    spans: &[(usize, usize)],
    items: impl Iterator<Item = Vec<u8>>,
) {
    let mut before = start;
    for (&(s, e), item) in spans.iter().zip(items) {
        out.extend(&input[before..s]);
        out.extend(item);
        before = e;
    }
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
