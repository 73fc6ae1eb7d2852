//! Which loop states of RFC 3986's recognizer and parser carry `pct-encoded` escapes: pinned, so
//! that a change to the grammar, the captures or the escape analysis shows here.

use std::collections::BTreeMap;

use crate::plan::Accel;
use crate::{bundled, compile, compile_parsers, Options, Roots, SourceFile};

fn sources() -> Vec<SourceFile> {
    let find = |name| bundled::find(name).expect("a bundled grammar");
    vec![find("rfc3986").grammar(), find("rfc5234-core").library()]
}

fn options() -> Options {
    Options { roots: Roots::All, ..Options::default() }
}

/// For each loop set of `accel`: its size, how many accelerated states loop on it, and whether
/// the escape leads every one of them back.
fn sets(accel: &Accel) -> Vec<(usize, usize, bool)> {
    let escape = accel.escape.as_ref().expect("RFC 3986 has an escape");
    let hex: Vec<u8> = (0..0x80u8).filter(u8::is_ascii_hexdigit).collect();
    assert_eq!((escape.lead, &escape.digits), (b'%', &hex));
    let mut states: BTreeMap<usize, usize> = BTreeMap::new();
    for (_, set) in accel.accelerated() {
        *states.entry(set).or_default() += 1;
    }
    (0..accel.sets)
        .map(|set| {
            let size = accel.table.iter().filter(|&&sets| sets >> set & 1 != 0).count();
            (size, states[&set], escape.sets >> set & 1 != 0)
        })
        .collect()
}

#[test]
fn the_recognizers_path_query_host_and_user_states_carry_escapes() {
    let compiled = compile(&sources(), &options()).expect("RFC 3986 compiles");
    let (_, accel) = crate::pipeline::plan_recognizer(&compiled);
    // The recognizer's emitter leaves the escape out of its AVX2 plan (see `emit::recognizer`);
    // the analysis is the same as the parser's.
    // (bytes in the loop set, accelerated states, carries escapes), in state order. Carried:
    // `reg-name`'s 77 bytes (unreserved and sub-delims), `segment-nz-nc`'s 78 (and `@`),
    // `pchar`'s 79 (and `:`), a path's 80 (and `/`), a query's or fragment's 81 (and `?`). Not:
    // the 78 of `userinfo`, whose states share the set with IPvFuture's (no escape there), the
    // scheme's 65, digits and hexadecimal digits.
    assert_eq!(
        sets(&accel),
        [
            (78, 7, false),
            (10, 8, false),
            (77, 9, true),
            (80, 1, true),
            (79, 1, true),
            (81, 2, true),
            (65, 4, false),
            (78, 3, true),
            (22, 2, false)
        ]
    );
}

#[test]
fn the_parsers_path_query_host_and_user_states_carry_escapes() {
    let captures = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../abnf/rfc3986.captures"))
        .expect("the capture file");
    let compiled = compile_parsers(&sources(), "abnf/rfc3986.captures", &captures, &options())
        .expect("RFC 3986's parsers");
    let accel = crate::pipeline::plan_parser(&compiled);
    // As in the recognizer: a path (80), a query or fragment (81), a host name (77) and a
    // first segment (78) carry escapes; the user information's set, shared with IPvFuture's, the
    // scheme's, digits and hexadecimal digits do not. The states that carry them are the
    // parser's own: a state whose transitions record positions is no loop state at all.
    assert_eq!(
        sets(&accel),
        [
            (78, 1, true),
            (65, 1, false),
            (80, 4, true),
            (81, 4, true),
            (77, 4, true),
            (78, 4, false),
            (10, 6, false),
            (22, 2, false)
        ]
    );
    // The classified sets of the AVX2 plan, untrained (the trained plan of `uri`, the path, the
    // path and query, and the host, all carrying escapes, is its generated `AVX2` constant):
    // the scheme's, then the three that carry escapes.
    let plan = accel.avx2(compiled.tdfa.stride()).expect("loop sets");
    let escape = accel.simd_escape(&plan).expect("classified sets carry escapes");
    assert_eq!((plan.chosen, escape.carried), (vec![1, 2, 3, 4], 0b1110));
}
