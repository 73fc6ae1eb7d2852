//! Writes seed inputs for the fuzz targets of `fuzz/`: strings sampled from the RFC 3986 grammar
//! by `uri_gen::tools::Sampler` (members and mutations), the conformance inputs of
//! `tests/data/`, the first lines of the URL corpora, and the workspace's grammar files.
//!
//! ```sh
//! cargo run --release -p uri-tests --example fuzz_seeds -- fuzz/seeds
//! ```
//!
//! One directory per target (`fuzz/seeds/parse`, ...), one file per input, named by a hash of
//! its bytes; the output is the same on every run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;
use uri::Rule;
use uri_gen::tools::Sampler;
use uri_gen::Encoding;

/// Samples per rule of `Rule::ALL` for the `rules` target.
const PER_RULE: usize = 12;

fn main() -> std::io::Result<()> {
    let out = std::env::args_os().nth(1).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("fuzz/seeds"));
    let root = uri_tests::workspace_root();
    let compiled = xtask::project::compile_uri(&root).expect("the RFC 3986 grammar compiles");
    let grammar = &compiled.grammar;
    let mut sampler = Sampler::new(grammar, Encoding::Utf8, 3986);
    let reference = grammar.lookup("URI-reference").expect("URI-reference is a rule");
    let uri = grammar.lookup("URI").expect("URI is a rule");

    let conformance = conformance_inputs();
    let mut references: BTreeSet<Vec<u8>> = conformance.iter().map(|s| s.as_bytes().to_vec()).collect();
    for _ in 0..400 {
        let member = sampler.sample(reference);
        references.insert(sampler.mutate(&member));
        references.insert(member);
    }
    for line in corpus_lines(200) {
        references.insert(line.into_bytes());
    }
    write_all(&out.join("parse"), &references)?;

    let mut rules = BTreeSet::new();
    for (i, rule) in Rule::ALL.iter().enumerate() {
        let id = grammar.lookup(rule.name()).expect("every rule is in the grammar");
        for _ in 0..PER_RULE {
            let member = sampler.sample(id);
            for input in [sampler.mutate(&member), member] {
                rules.insert([&[i as u8][..], &input].concat());
            }
        }
    }
    write_all(&out.join("rules"), &rules)?;

    let mut percent: BTreeSet<Vec<u8>> = references.iter().take(300).cloned().collect();
    percent.extend(
        ["caf%C3%A9", "%E9t%E9", "a%2", "%%41", "%zz", "100%", "\u{1F600} x", "%F0%9F%98%80"]
            .map(|s| s.into()),
    );
    percent.insert(vec![0xFF, b'%', 0xC3, b'A']);
    write_all(&out.join("percent"), &percent)?;

    let mut pairs = BTreeSet::new();
    for (base, r) in resolution_pairs() {
        pairs.insert(format!("{base}\n{r}").into_bytes());
    }
    for _ in 0..200 {
        let (base, r) = (sampler.sample(uri), sampler.sample(reference));
        pairs.insert([&base[..], b"\n", &r[..]].concat());
    }
    write_all(&out.join("resolve"), &pairs)?;

    let mut normalize = BTreeSet::new();
    for (input, expected) in normalization_pairs() {
        normalize.insert(input.clone().into_bytes());
        normalize.insert(format!("{input}\n{expected}").into_bytes());
    }
    for _ in 0..200 {
        normalize.insert(sampler.sample(reference));
    }
    write_all(&out.join("normalize"), &normalize)?;

    let grammars = grammar_texts(&root);
    let mut grammar_seeds = BTreeSet::new();
    for text in &grammars {
        for flags in [0u8, 1] {
            grammar_seeds.insert([&[flags][..], text.as_bytes()].concat());
        }
    }
    write_all(&out.join("grammar"), &grammar_seeds)?;
    for text in recursive_grammar_texts(&root) {
        grammar_seeds.insert([&[0u8][..], text.as_bytes()].concat());
    }
    write_all(&out.join("program"), &grammar_seeds)?;

    let captures_text = std::fs::read_to_string(root.join("abnf/rfc3986.captures"))?;
    let mut captures = BTreeSet::new();
    captures.insert(
        b"parser Ref ref\ncapture scheme scheme\ncapture host host\ncapture port port\ncapture path path\n\
          capture query query\nkind host ALPHA=Name HEXDIG=Hex\n"
            .to_vec(),
    );
    captures.insert(b"parser Ref ref\ncapture segment segment\n".to_vec());
    captures.insert([grammars[0].as_bytes(), b"\0", captures_text.as_bytes()].concat());
    captures.insert(
        b"list = \"(\" *item \")\"\nitem = %x61-7A / \",\"\n\0parser List list\ncapture item item\n".to_vec(),
    );
    write_all(&out.join("captures"), &captures)?;
    Ok(())
}

/// The `input` fields of the validity and component vectors.
fn conformance_inputs() -> Vec<String> {
    ["validity.json", "components.json"]
        .iter()
        .flat_map(|name| records(name))
        .filter_map(|record| record["input"].as_str().map(str::to_owned))
        .collect()
}

fn records(name: &str) -> Vec<Value> {
    serde_json::from_str(&uri_tests::read_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn resolution_pairs() -> Vec<(String, String)> {
    records("resolution.json")
        .iter()
        .filter_map(|r| Some((r["base"].as_str()?.to_owned(), r["ref"].as_str()?.to_owned())))
        .collect()
}

fn normalization_pairs() -> Vec<(String, String)> {
    records("normalization.json")
        .iter()
        .filter_map(|r| Some((r["input"].as_str()?.to_owned(), r["expected"].as_str()?.to_owned())))
        .collect()
}

/// The first `per_file` lines of each URL list of `tests/data/corpus/`.
fn corpus_lines(per_file: usize) -> Vec<String> {
    ["kasztp.txt", "node_files.txt", "isaacs_files.txt"]
        .iter()
        .flat_map(|name| {
            let text = uri_tests::read_data(&format!("corpus/{name}"));
            text.lines()
                .take(per_file)
                .map(|l| l.trim_start_matches('\u{feff}').to_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The grammar texts of the workspace: RFC 3986 first, then the core rules and the fixtures.
fn grammar_texts(root: &Path) -> Vec<String> {
    let mut paths = vec![root.join("abnf/rfc3986.abnf"), root.join("abnf/rfc5234-core.abnf")];
    if let Ok(dir) = std::fs::read_dir(root.join("uri-gen/tests/fixtures")) {
        let mut fixtures: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        fixtures.sort();
        paths.extend(fixtures.into_iter().filter(|p| p.extension().is_some_and(|e| e == "abnf")));
    }
    let mut texts: Vec<String> = paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect();
    texts.extend(
        [
            "a = 1*3DIGIT \"=\" ( \"on\" / \"off\" )\n",
            "a = b\nb = \"(\" a \")\" / \"x\"\n",
            "a = %x41-5A 2( \"x\" / %x30.31 ) <p>\n",
            "a = %xD000-E000\n",
            "a = 4*2\"x\"\nb =/ c\n",
            "list = 1#item\nitem = %x61\n",
            "x = \"a\" ; comment\n   / \"b\"\n\n\x0cRFC 1234   Page 2\ny = x\n",
        ]
        .map(str::to_owned),
    );
    texts
}

/// Every grammar of `abnf/` (the RFC grammars the workspace reads, recursive ones included) and
/// a few small recursive grammars.
fn recursive_grammar_texts(root: &Path) -> Vec<String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("abnf"))
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    let mut texts: Vec<String> = paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "abnf"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    texts.extend(
        [
            "list = \"(\" *( item ) \")\"\nitem = \"x\" / list\n",
            "e = e \"+\" t / t\nt = t \"*\" f / f\nf = \"(\" e \")\" / DIGIT\n",
            "s = \"a\" s \"b\" / \"\"\n",
            "a = b / \"x\"\nb = a \"y\"\n",
            "p = *( \"[\" p \"]\" ) [ p ]\n",
        ]
        .map(str::to_owned),
    );
    texts
}

/// Writes each input to `dir`, named by its FNV-1a hash.
fn write_all(dir: &Path, inputs: &BTreeSet<Vec<u8>>) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for input in inputs {
        let hash = input
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        std::fs::write(dir.join(format!("{hash:016x}")), input)?;
    }
    println!("{}: {} inputs", dir.display(), inputs.len());
    Ok(())
}
