//! The normal forms that RFCs 8141, 3966, 3261, 6068 and 5870 give scheme-based normalization
//! (RFC 3986 section 6.2.3): a `urn`, `tel`, `sip`/`sips`, `mailto` or `geo` URI rewritten from its scheme
//! type's components, so that URIs that the scheme's RFC calls equivalent in ways a normal
//! form can express normalize to the same text, which its type still reads.

use alloc::string::String;
use alloc::vec::Vec;

use super::error::{Names, SchemeGrammar};
use super::generated::mailto::Parser as MailtoParser;
use super::geo::Grammar as GeoGrammar;
use super::geo_normal::geo;
use super::mailto::Grammar as MailtoGrammar;
use super::sip::{SipGrammar, SipsGrammar};
use super::sip_escape::{comparable, is_unreserved, spells, Unit};
use super::tel::{is_unreserved as tel_unreserved, Grammar as TelGrammar};
use super::urn::Grammar as UrnGrammar;
use super::{Geo, Mailto, Sip, Tel, Urn};
use crate::percent::{push_folded, Fold};
use crate::{Components, Normalization};

/// A reference of `scheme` without an authority, in the normal form of the scheme's RFC,
/// with `steps`' percent-encoding steps where the scheme leaves them to RFC 3986: written from
/// `input` (the reference before any step, without its fragment) when the scheme's type reads
/// it, else from `syntax` (the reference after the syntax steps, without its fragment), so
/// that a text the syntax steps made valid for the scheme gets its normal form at once and
/// normalizing the result again changes nothing. `None` for another scheme, or when neither
/// text is valid for it.
pub(crate) fn normal_form(scheme: &str, input: &str, syntax: &str, steps: Normalization) -> Option<String> {
    type Form = fn(&str, Normalization) -> Option<String>;
    let is = |names: &Names| scheme.eq_ignore_ascii_case(names.scheme);
    let (valid, form): (fn(&str) -> bool, Form) = if is(UrnGrammar::NAMES) {
        (|t| Urn::parse(t).is_ok(), urn)
    } else if is(TelGrammar::NAMES) {
        (|t| Tel::parse(t).is_ok(), tel)
    } else if is(SipGrammar::NAMES) || is(SipsGrammar::NAMES) {
        (|t| Sip::parse(t).is_ok(), sip)
    } else if is(MailtoGrammar::NAMES) {
        (|t| Mailto::parse(t).is_ok(), mailto)
    } else if is(GeoGrammar::NAMES) {
        (|t| Geo::parse(t).is_ok(), geo)
    } else {
        return None;
    };
    form(if valid(input) { input } else { syntax }, steps)
}

/// RFC 8141 section 3.1: URN-equivalence compares the NID without case and the NSS with the
/// hex digits of its percent-encodings in one case ("Percent-encoded characters MUST NOT be
/// decoded"). The normal form writes the NID in lower case and the NSS with upper-case
/// escapes, none decoded, whatever the syntax steps say; the r- and q-components (the URI's
/// query), which the comparison ignores, get the syntax steps chosen for the query (an
/// unreserved character, decoded there, makes no `?+` or `?=`).
fn urn(text: &str, steps: Normalization) -> Option<String> {
    let c = Urn::parse(text).ok()?.parsed.captures;
    let ((nid_start, nid_end), (nss_start, nss_end)) = (c.nid(text.len())?, c.nss(text.len())?);
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..nid_start]);
    push_folded(&mut out, &text[nid_start..nid_end], Fold::CASE);
    out.push_str(&text[nid_end..nss_start]);
    push_folded(&mut out, &text[nss_start..nss_end], Fold { decode: None, upper_hex: true, lower: false });
    push_folded(&mut out, &text[nss_end..], steps.fold(Components::QUERY));
    Some(out)
}

/// RFC 3966 section 4: every comparison is without case ("URI comparisons are
/// case-insensitive"), the number's and a global-number context's visual separators do not
/// count, and parameters compare in any order. The normal form writes the number without its
/// separators, then the ISDN subaddress, the extension and the context, then the other
/// parameters in the order of their text, all in lower case (section 3 orders them so:
/// "The 'isdn-subaddress' or 'extension' MUST appear first, if present, followed by the
/// 'context' parameter, if present, followed by any other parameters in lexicographical
/// order"). An extension keeps its separators, which section 4 does not leave out. Section 3
/// makes a character outside RFC 2396's `reserved` and `unsafe` sets equivalent to its escape,
/// as [`Tel::rfc3966_eq`] reads it: the normal form is written from the text with the escapes
/// of RFC 2396's unreserved characters (RFC 3986's and `!*'()`) decoded (whatever the syntax
/// steps say), the other escapes in upper case. `None` where the text so
/// written would no longer be equivalent (a repeated named parameter).
fn tel(text: &str, _: Normalization) -> Option<String> {
    let decoded = decoded_upper(text, tel_unreserved);
    let tel = Tel::parse(&decoded).ok()?;
    let (text, c) = (decoded.as_str(), &tel.parsed.captures);
    let input = text.as_bytes();
    let facts = tel.facts();
    let (number_start, _) = c.number(text.len())?;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..number_start]);
    // The number's and the context's bytes are ASCII.
    let ascii = |bytes: &[u8]| bytes.iter().map(|&b| char::from(b)).collect::<String>();
    out.push_str(&ascii(&facts.number));
    // A value starts after its parameter's `=`, so strictly after the parameter's start: an
    // empty extension at the end of one parameter is not inside the next.
    let within =
        |span: Option<(usize, usize)>, s: usize, e: usize| span.is_some_and(|(vs, ve)| s < vs && ve <= e);
    let (mut first, mut generic): ([String; 3], Vec<String>) = Default::default();
    for (s, e) in c.params(input) {
        let mut item = String::with_capacity(e - s);
        match c.phone_context(text.len()) {
            Some((vs, _)) if within(c.phone_context(text.len()), s, e) => {
                push_folded(&mut item, &text[s..vs], Fold::CASE);
                item.push_str(&ascii(&facts.context));
                first[2] = item;
                continue;
            }
            _ => push_folded(&mut item, &text[s..e], Fold::CASE),
        }
        if within(c.isdn_subaddress(text.len()), s, e) {
            first[0] = item;
        } else if within(c.extension(text.len()), s, e) {
            first[1] = item;
        } else {
            generic.push(item);
        }
    }
    generic.sort_unstable();
    out.extend(first.into_iter().chain(generic));
    // Where a URI repeats the subaddress, the extension or the context (section 3 forbids it),
    // the last one counts, and the order above may make another one last: then there is no
    // normal form, and the URI stays as it is.
    let same = Tel::parse(&out).is_ok_and(|n| n.rfc3966_eq(&tel));
    same.then_some(out)
}

/// `text` with the escapes of the bytes `decode` picks decoded and the others in upper case.
fn decoded_upper(text: &str, decode: fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    push_folded(&mut out, text, Fold { decode: Some(decode), ..Fold::PERCENT });
    out
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
/// Section 19.1.4 makes an escape of a character outside `reserved` equal to the character:
/// the normal form is written from the text with the escapes of RFC 2396's unreserved
/// characters (RFC 3986's and `!*'()`) decoded, whatever the syntax steps say (every
/// component that takes an escape takes those characters too), the other escapes in upper
/// case.
fn sip(text: &str, _: Normalization) -> Option<String> {
    let decoded = decoded_upper(text, is_unreserved);
    let sip = Sip::parse(&decoded).ok()?;
    let (text, c) = (decoded.as_str(), &sip.parsed.captures);
    let input = text.as_bytes();
    let (host_start, host_end) = c.host(text.len())?;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..host_start]);
    push_folded(&mut out, &text[host_start..host_end], Fold::CASE);
    let (params_start, params_end) = c.uri_parameters(text.len()).unwrap_or((host_end, host_end));
    out.push_str(&text[host_end..params_start]);
    // Each parameter with its name as compared, its name folded and its value folded or not.
    let params: Vec<(Vec<Unit>, String)> = sip
        .parameters()
        .map(|p| {
            let key = comparable(p.name(), true);
            let (item, value) = (p.as_str(), p.value().unwrap_or_default());
            let mut written = String::with_capacity(item.len());
            push_folded(&mut written, p.name(), Fold::CASE);
            written.push_str(&item[p.name().len()..item.len() - value.len()]);
            if CASELESS_VALUES.iter().any(|n| spells(&key, n)) {
                push_folded(&mut written, value, Fold::CASE);
            } else {
                written.push_str(value);
            }
            (key, written)
        })
        .collect();
    let mut keys: Vec<&[Unit]> = params.iter().map(|(k, _)| k.as_slice()).collect();
    keys.sort_unstable();
    let repeated = keys.windows(2).any(|pair| pair[0] == pair[1]);
    let spans: Vec<(usize, usize)> = c.param_list(input).collect();
    let order = if repeated { params } else { sorted_by_key(params) };
    interleave(&mut out, text, params_start, &spans, order.into_iter().map(|(_, w)| w));
    out.push_str(&text[spans.last().map_or(params_start, |&(_, e)| e)..params_end]);
    let Some((headers_start, _)) = c.headers(text.len()) else {
        out.push_str(&text[params_end..]);
        return Some(out);
    };
    out.push_str(&text[params_end..headers_start]);
    let mut spans = Vec::new();
    let headers: Vec<(Vec<Unit>, String)> = c
        .hnames(input)
        .zip(c.hvalues(input))
        .map(|((ns, ne), (_, ve))| {
            spans.push((ns, ve));
            let mut written = String::with_capacity(ve - ns);
            push_folded(&mut written, &text[ns..ne], Fold::CASE);
            written.push_str(&text[ne..ve]);
            (comparable(&text[ns..ne], true), written)
        })
        .collect();
    interleave(&mut out, text, headers_start, &spans, sorted_by_key(headers).into_iter().map(|(_, w)| w));
    out.push_str(&text[spans.last().map_or(headers_start, |&(_, e)| e)..]);
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
    out: &mut String,
    input: &str,
    start: usize,
    spans: &[(usize, usize)],
    items: impl Iterator<Item = String>,
) {
    let mut before = start;
    for (&(s, e), item) in spans.iter().zip(items) {
        out.push_str(&input[before..s]);
        out.push_str(&item);
        before = e;
    }
}

/// RFC 6068 section 2: "<hfname> is case-insensitive, but <hfvalue> in general is
/// case-sensitive", and the domain of an address is a `reg-name` as far as RFC 3986 goes (item
/// 4: "The considerations for <reg-name> in [STD66] apply"). The normal form writes each header
/// field name and each domain of the addresses before the `?` in lower case; the local parts,
/// which mail systems may read with case, and the values keep theirs, and nothing moves.
/// RFC 6068 defines no equivalence of its own, so the syntax steps chosen for the path (the
/// addresses) and the query (the header fields) apply. Decoding an unreserved character keeps
/// an address valid: the narrowing of `abnf/rfc6068-captured.abnf` reads `%2E` as the
/// dot-atom's `.` and takes every other unreserved character as itself wherever it takes its
/// escape; and a header field holds whatever its characters decode to (`qchar` takes every
/// unreserved character).
fn mailto(text: &str, steps: Normalization) -> Option<String> {
    let mailto = Mailto::parse(text).ok()?;
    let (input, c) = (text.as_bytes(), &mailto.parsed.captures);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (s, e) in c.addresses(input) {
        out.push_str(&text[at..s]);
        push_address(&mut out, &text[s..e], steps.fold(Components::PATH))?;
        at = e;
    }
    let query = steps.fold(Components::QUERY);
    for ((ns, ne), (vs, ve)) in c.hfnames(input).zip(c.hfvalues(input)) {
        out.push_str(&text[at..ns]);
        push_folded(&mut out, &text[ns..ne], Fold { upper_hex: true, lower: true, ..query });
        out.push_str(&text[ne..vs]);
        push_folded(&mut out, &text[vs..ve], query);
        at = ve;
    }
    out.push_str(&text[at..]);
    Mailto::parse(&out).is_ok().then_some(out)
}

/// Appends `address` (an `addr-spec`) with the percent-encoding steps of `fold`, and its domain
/// in lower case; `None` if the result is no address (which the grammar's narrowing rules out).
fn push_address(out: &mut String, address: &str, fold: Fold) -> Option<()> {
    let mut written = String::with_capacity(address.len());
    push_folded(&mut written, address, fold);
    let c = MailtoParser::Address.parse(written.as_bytes()).ok()?;
    let (ds, de) = c.domain(written.len())?;
    out.push_str(&written[..ds]);
    push_folded(out, &written[ds..de], Fold::CASE);
    out.push_str(&written[de..]);
    Some(())
}
