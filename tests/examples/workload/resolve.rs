//! The resolution modes of the `workload` example: `resolve` (the steps of a pair), `resolve
//! shapes` (the pairs grouped by the reference's shape) and `resolve-one` (one pass, for
//! callgrind).

use std::hint::black_box;

/// Resolves the parsed pairs once: into a reused buffer (`into`), into new values (`new`), or
/// not at all (`none`, the inputs' parse alone, to subtract); prints a sum of lengths. With
/// `shape`, an index into [`SHAPES`], only the pairs whose reference has that shape.
pub fn once(what: &str, shape_index: Option<usize>) {
    let owned = uri_tests::resolution_pairs();
    let mut ours = parsed_pairs(&owned);
    if let Some(index) = shape_index {
        ours.retain(|(_, r)| shape(r) == index);
    }
    let mut buffer = String::new();
    let n: usize = match what {
        "into" => ours
            .iter()
            .map(|(b, r)| {
                buffer.clear();
                black_box(b).resolve_into(black_box(r), uri::ResolveOptions::STRICT, &mut buffer);
                buffer.len()
            })
            .sum(),
        "new" => ours.iter().map(|(b, r)| black_box(b).resolve(black_box(r)).as_str().len()).sum(),
        "none" => ours.len(),
        _ => {
            eprintln!("usage: workload resolve-one into|new|none [SHAPE]");
            std::process::exit(2);
        }
    };
    println!("{n}");
}

/// The resolution pairs that `uri` parses, base and reference.
pub fn parsed_pairs(pairs: &[(String, String)]) -> Vec<(uri::Uri<'_>, uri::UriRef<'_>)> {
    pairs.iter().filter_map(|(b, r)| Some((uri::Uri::parse(b).ok()?, uri::UriRef::parse(r).ok()?))).collect()
}

/// Prints the steps of resolving the 10,000 pairs, in ns per pair (see the module docs).
pub fn steps() {
    let owned = uri_tests::resolution_pairs();
    let pairs: Vec<(&str, &str)> = owned.iter().map(|(b, r)| (b.as_str(), r.as_str())).collect();
    let ours = parsed_pairs(&owned);
    let theirs: Vec<(oxiri::Iri<&str>, oxiri::IriRef<&str>)> = pairs
        .iter()
        .filter_map(|&(b, r)| Some((oxiri::Iri::parse(b).ok()?, oxiri::IriRef::parse(r).ok()?)))
        .collect();
    let mut buffer = String::new();
    let steps: [(&str, &mut dyn FnMut() -> usize); 9] = [
        ("uri: parse the base", &mut || {
            pairs.iter().filter(|(b, _)| uri::Uri::parse(black_box(b)).is_ok()).count()
        }),
        ("uri: parse the reference", &mut || {
            pairs.iter().filter(|(_, r)| uri::UriRef::parse(black_box(r)).is_ok()).count()
        }),
        ("uri: parse both", &mut || {
            let parse = |b, r| Some((uri::Uri::parse(b).ok()?, uri::UriRef::parse(r).ok()?));
            pairs.iter().filter_map(|&(b, r)| parse(black_box(b), black_box(r))).map(black_box).count()
        }),
        ("uri: resolve_into a reused buffer", &mut || {
            let buffer = &mut buffer;
            ours.iter()
                .map(|(b, r)| {
                    buffer.clear();
                    black_box(b).resolve_into(black_box(r), uri::ResolveOptions::STRICT, buffer);
                    buffer.len()
                })
                .sum()
        }),
        ("uri: resolve (new UriBuf)", &mut || {
            ours.iter().map(|(b, r)| black_box(b).resolve(r).as_str().len()).sum()
        }),
        ("uri: parse both, resolve", &mut || {
            let all =
                |b, r| Some(uri::Uri::parse(b).ok()?.resolve(&uri::UriRef::parse(r).ok()?).as_str().len());
            pairs.iter().filter_map(|&(b, r)| all(black_box(b), black_box(r))).sum()
        }),
        ("oxiri: parse both", &mut || {
            let parse = |b, r| Some((oxiri::Iri::parse(b).ok()?, oxiri::IriRef::parse(r).ok()?));
            pairs.iter().filter_map(|&(b, r)| parse(black_box(b), black_box(r))).map(black_box).count()
        }),
        ("oxiri: resolve (new Iri)", &mut || {
            theirs.iter().filter_map(|(b, r)| black_box(b).resolve(r).ok()).map(|t| t.as_str().len()).sum()
        }),
        ("oxiri: parse both, resolve", &mut || {
            let all =
                |b, r| Some(oxiri::Iri::parse(b).ok()?.resolve(&oxiri::IriRef::parse(r).ok()?).ok()?.len());
            pairs.iter().filter_map(|&(b, r)| all(black_box(b), black_box(r))).sum()
        }),
    ];
    let mut steps = steps;
    let seconds = uri_tests::fastest_interleaved(40, steps.len(), |i| {
        black_box((steps[i].1)());
    });
    println!("| step | ns per pair |");
    println!("|---|---:|");
    for ((name, _), s) in steps.iter().zip(seconds) {
        println!("| {name} | {:.1} |", s * 1e9 / pairs.len() as f64);
    }
}

/// The shape of a reference, as section 5.2.2 of RFC 3986 branches on it.
fn shape(r: &uri::UriRef<'_>) -> usize {
    match (r.scheme(), r.authority(), r.path()) {
        (Some(_), _, _) => 0,
        (None, Some(_), _) => 1,
        (None, None, "") if r.query().is_some() => 2,
        (None, None, "") => 3,
        (None, None, path) if path.starts_with('/') => 4,
        (None, None, path) if path.starts_with('.') => 5,
        _ => 6,
    }
}

const SHAPES: [&str; 7] = [
    "with a scheme",
    "network path (`//`)",
    "query (`?`), no path",
    "fragment (`#`) only",
    "absolute path (`/`)",
    "relative path led by `.`",
    "other relative path",
];

/// Times the pairs grouped by the reference's shape, each group in file order: the whole pair
/// (parse both, resolve into a new value) for `uri` and oxiri; then every pair in file order
/// against the pairs that parse grouped by shape (the inputs that fail are left out there),
/// which shows what the variety of shapes costs the branch predictor. The fastest of 40
/// interleaved passes, ns per pair.
pub fn shapes() {
    let owned = uri_tests::resolution_pairs();
    // Each group's texts copied in file order, so that a group reads its memory in order as the
    // whole set does.
    let mut owned_groups: Vec<Vec<(String, String)>> = vec![Vec::new(); SHAPES.len()];
    for (base, relative) in &owned {
        let (Ok(_), Ok(r)) = (uri::Uri::parse(base), uri::UriRef::parse(relative)) else { continue };
        owned_groups[shape(&r)].push((base.clone(), relative.clone()));
    }
    let groups: Vec<Vec<(&str, &str)>> = owned_groups
        .iter()
        .map(|group| group.iter().map(|(b, r)| (b.as_str(), r.as_str())).collect())
        .collect();
    let all: Vec<(&str, &str)> = owned.iter().map(|(b, r)| (b.as_str(), r.as_str())).collect();
    let grouped: Vec<(String, String)> = owned_groups.concat();
    let by_shape: Vec<(&str, &str)> = grouped.iter().map(|(b, r)| (b.as_str(), r.as_str())).collect();
    let ours = |pairs: &[(&str, &str)]| -> usize {
        let all = |b, r| Some(uri::Uri::parse(b).ok()?.resolve(&uri::UriRef::parse(r).ok()?).as_str().len());
        pairs.iter().filter_map(|&(b, r)| all(black_box(b), black_box(r))).sum()
    };
    let theirs = |pairs: &[(&str, &str)]| -> usize {
        let all = |b, r| Some(oxiri::Iri::parse(b).ok()?.resolve(&oxiri::IriRef::parse(r).ok()?).ok()?.len());
        pairs.iter().filter_map(|&(b, r)| all(black_box(b), black_box(r))).sum()
    };
    // Two tasks per group (`uri`, oxiri), then the two orders of the whole set for each.
    let sets: Vec<&[(&str, &str)]> =
        groups.iter().map(Vec::as_slice).chain([all.as_slice(), by_shape.as_slice()]).collect();
    let seconds = uri_tests::fastest_interleaved(40, 2 * sets.len(), |i| {
        let pairs = sets[i / 2];
        black_box(if i % 2 == 0 { ours(pairs) } else { theirs(pairs) });
    });
    println!("| reference | pairs | `uri` parse both, resolve | oxiri parse both, resolve | ratio |");
    println!("|---|---:|---:|---:|---:|");
    let names = SHAPES.iter().copied().chain(["every pair, file order", "the same pairs grouped by shape"]);
    for (k, name) in names.enumerate().filter(|(k, _)| !sets[*k].is_empty()) {
        let n = sets[k].len() as f64;
        let (ours, theirs) = (seconds[2 * k] * 1e9 / n, seconds[2 * k + 1] * 1e9 / n);
        println!("| {name} | {} | {ours:.1} | {theirs:.1} | {:.2}x |", sets[k].len(), theirs / ours);
    }
}
