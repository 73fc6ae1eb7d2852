//! The compact layout of a match (`capture::layout`): RFC 3986's stored slots and decision lists
//! pinned, and, for RFC 3986, the IRI parser (RFC 3987) and SIP's parsers (three, with `in=`
//! captures), every slot read back from the compact value equal to the tagged DFA's on training,
//! sampled and mutated inputs.

mod uri_grammar;

use std::path::Path;

use uri_gen::capture::layout::{derive, Entry, Layout, Place, Value};
use uri_gen::tools::Sampler;
use uri_gen::{compile_parsers, CompiledParsers, Encoding, Options, Roots, SourceFile};

/// Every input: the slots the layout gives back are the tagged DFA's (kind slots by presence),
/// or both fail alike. Returns how many matched.
fn check_inputs(compiled: &CompiledParsers, layout: &Layout, parser: usize, inputs: &[Vec<u8>]) -> usize {
    let mut matched = 0;
    for input in inputs {
        let expected = compiled.tdfa.run(parser, input);
        let exit = layout.run(&compiled.tdfa, parser, input);
        let Ok(slots) = expected else {
            assert!(exit.is_err(), "parser {parser}, input {:?}", String::from_utf8_lossy(input));
            continue;
        };
        // The exit the parser emits, and the value `from_slots` would build from the slots.
        let (stored, kinds) = layout.store(&slots);
        let back = layout.read(&stored, &kinds, input.len());
        assert_eq!(
            exit.as_ref().ok(),
            Some(&back),
            "parser {parser}, input {:?}",
            String::from_utf8_lossy(input)
        );
        for (s, place) in layout.places.iter().enumerate() {
            let expected = if matches!(place, Place::Kind { .. }) {
                // A kind keeps which alternative matched (the first set), not where it starts.
                let (k, v) = match *place {
                    Place::Kind { kind, variant } => (kind, variant),
                    _ => unreachable!(),
                };
                let first = (0..layout.kinds[k]).find(|&u| slots[kind_slot(layout, k, u)].is_some());
                (first == Some(v)).then_some(0)
            } else {
                slots[s]
            };
            assert_eq!(
                back[s],
                expected,
                "parser {parser}, slot {s}, input {:?}",
                String::from_utf8_lossy(input)
            );
        }
        matched += 1;
    }
    matched
}

/// The slot of alternative `variant` of kind `kind`.
fn kind_slot(layout: &Layout, kind: usize, variant: usize) -> usize {
    layout
        .places
        .iter()
        .position(|p| *p == Place::Kind { kind, variant })
        .expect("every alternative has a slot")
}

/// Samples of `rule` and a mutation of each.
fn samples(compiled: &CompiledParsers, rule: &str, n: usize, seed: u64) -> Vec<Vec<u8>> {
    let rule = compiled.grammar.lookup(rule).expect("the rule exists");
    let mut sampler = Sampler::new(&compiled.grammar, Encoding::Utf8, seed).with_limits(12, 120);
    let mut out = Vec::new();
    for _ in 0..n {
        let s = sampler.sample(rule);
        out.push(sampler.mutate(&s));
        out.push(s);
    }
    out
}

fn e(guard: &[usize], value: Value) -> Entry {
    Entry { guard: guard.to_vec(), value }
}

#[test]
fn rfc3986_stores_seven_slots_and_derives_the_rest() {
    let compiled = uri_grammar::compile_uri_parsers();
    let layout = derive(&compiled.tdfa, &compiled.spec);
    // scheme end, userinfo start and end, host start, port start, path start, query start and
    // fragment start are stored (scheme start is 0, the authority starts at the host or the
    // userinfo, two bytes after `:`, ...): 7 positions and one kind index.
    assert_eq!(layout.stored, [1, 4, 6, 8, 10, 12, 14]);
    assert_eq!(layout.kinds, [4]);
    let (se, us, hs, port, ps, qs, fs) = (0, 1, 2, 3, 4, 5, 6);
    let d = Place::Derived;
    let at = Value::Stored;
    let expected = [
        d(vec![e(&[se], Value::Const(0))]),
        Place::Stored(se),
        // The authority starts with the userinfo, else with the host.
        d(vec![e(&[], at(us, 0)), e(&[], at(hs, 0))]),
        d(vec![e(&[hs], at(ps, 0))]),
        Place::Stored(us),
        d(vec![e(&[us], at(hs, -1))]),
        Place::Stored(hs),
        d(vec![e(&[], at(port, -1)), e(&[hs], at(ps, 0))]),
        Place::Stored(port),
        d(vec![e(&[port], at(ps, 0))]),
        Place::Stored(ps),
        // The path ends before `?`, else before `#`, else with the input.
        d(vec![e(&[], at(qs, -1)), e(&[], at(fs, -1)), e(&[], Value::End(0))]),
        Place::Stored(qs),
        d(vec![e(&[qs], at(fs, -1)), e(&[qs], Value::End(0))]),
        Place::Stored(fs),
        d(vec![e(&[fs], Value::End(0))]),
        Place::Kind { kind: 0, variant: 0 },
        Place::Kind { kind: 0, variant: 1 },
        Place::Kind { kind: 0, variant: 2 },
        Place::Kind { kind: 0, variant: 3 },
    ];
    assert_eq!(layout.places, expected);
}

#[test]
fn rfc3986_compact_values_read_back_as_the_tagged_dfa_slots() {
    let compiled = uri_grammar::compile_uri_parsers();
    let layout = derive(&compiled.tdfa, &compiled.spec);
    let training = uri_grammar::training(&compiled.grammar).inputs;
    let matched = check_inputs(&compiled, &layout, 0, &training);
    // A few of the corpus's references are not RFC 3986 references (spaces, `|`).
    assert!(matched > training.len() * 9 / 10, "{matched} of {} matched", training.len());
    let sampled = samples(&compiled, "URI-reference", 2000, 7);
    assert!(check_inputs(&compiled, &layout, 0, &sampled) > 1000);
    let edges: Vec<Vec<u8>> =
        ["", "a:", "//", "//@", "//h:", "?", "#", "a:?#", "//[::1]:8/p?q#f", "x/y:z", "a://u@[v1.x]", "a:b#"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
    assert_eq!(check_inputs(&compiled, &layout, 0, &edges), edges.len());
}

fn read(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
    std::fs::read_to_string(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The IRI parser's and SIP's module: sampled and mutated inputs of every parser read back.
fn check_module(files: Vec<SourceFile>, roots: &[&str], captures: &str, n: usize) -> Layout {
    let options =
        Options { roots: Roots::Only(roots.iter().map(|r| r.to_string()).collect()), ..Options::default() };
    let compiled =
        compile_parsers(&files, captures, &read(captures), &options).unwrap_or_else(|e| panic!("{e}"));
    let layout = derive(&compiled.tdfa, &compiled.spec);
    for (p, parser) in compiled.spec.parsers.iter().enumerate() {
        let rule = compiled.grammar.rule(parser.rule).name.clone();
        let inputs = samples(&compiled, &rule, n, 11 + p as u64);
        assert!(check_inputs(&compiled, &layout, p, &inputs) > n / 2, "parser {}", parser.name);
    }
    // `in=` captures are stored and read by no list.
    for (i, c) in compiled.spec.captures.iter().enumerate() {
        if c.parsers.is_empty() {
            continue;
        }
        for s in [2 * i, 2 * i + 1] {
            let Place::Stored(j) = layout.places[s] else { panic!("{} is derived", c.name) };
            for p in &layout.places {
                if let Place::Derived(list) = p {
                    assert!(list
                        .iter()
                        .all(|e| !e.guard.contains(&j) && !matches!(e.value, Value::Stored(v, _) if v == j)));
                }
            }
        }
    }
    layout
}

#[test]
fn iri_compact_values_read_back_as_the_tagged_dfa_slots() {
    let files = vec![
        SourceFile::new("abnf/rfc3987.abnf", read("abnf/rfc3987.abnf")),
        SourceFile::library("abnf/rfc5234-core.abnf", read("abnf/rfc5234-core.abnf")),
    ];
    let layout = check_module(files, &["IRI-reference"], "abnf/rfc3987.captures", 1500);
    assert!(layout.stored.len() <= 7, "{:?}", layout.stored);
}

#[test]
fn sip_compact_values_read_back_in_every_parser() {
    let files = vec![
        SourceFile::new("abnf/rfc3261-captured.abnf", read("abnf/rfc3261-captured.abnf")),
        SourceFile::library("abnf/rfc3261-sec25.abnf", read("abnf/rfc3261-sec25.abnf")),
        SourceFile::library("abnf/rfc5234-core.abnf", read("abnf/rfc5234-core.abnf")),
    ];
    let layout =
        check_module(files, &["SIP-URI", "SIPS-URI", "reserved"], "abnf/rfc3261-sec25.captures", 400);
    assert!(layout.stored.len() < layout.places.len());
}
