//! The tagged DFA of the RFC 3986 parsers, run directly from the generator's tables.

use std::path::Path;

use uri_gen::project::compile_uri_parsers;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

#[test]
fn rfc3986_parsers_compile_without_unexplained_ambiguity() {
    let parsers = compile_uri_parsers(root()).unwrap();
    for w in &parsers.warnings {
        eprintln!("{w}");
    }
    let t = &parsers.tdfa;
    eprintln!(
        "states {} classes {} registers {} op lists {}",
        t.len(),
        t.stride(),
        t.registers,
        t.op_lists.len()
    );
    let names = parsers.spec.slot_names();
    for input in ["http://user@1.2.3.4:80/a/b?q#f", "//[::1]/x", "a/b", "http://1.2.3.4.5/", "x:", "?q", "mailto:a@b"] {
        let r = t.run(0, input.as_bytes());
        match r {
            Ok(v) => {
                let shown: Vec<String> = names
                    .iter()
                    .zip(&v)
                    .filter_map(|(n, x)| x.map(|x| format!("{n}={x}")))
                    .collect();
                eprintln!("{input}: {}", shown.join(" "));
            }
            Err(i) => eprintln!("{input}: error at {i}"),
        }
    }
    assert!(parsers.warnings.is_empty());
}

#[test]
fn sizes_per_parser() {
    let files = uri_gen::project::uri_sources(root()).unwrap();
    let full = std::fs::read_to_string(root().join("abnf/rfc3986.captures")).unwrap();
    let body: String = full.lines().filter(|l| !l.starts_with("parser")).map(|l| format!("{l}\n")).collect();
    for p in ["parser UriRef URI-reference", "parser Uri URI", "parser R relative-ref", "parser A absolute-URI", "parser H host", "parser A authority"] {
        let text = format!("{p}\n{body}");
        let options = uri_gen::Options { roots: uri_gen::Roots::All, ..Default::default() };
        let c = uri_gen::compile_parsers(&files, "x", &text, &options).unwrap();
        eprintln!("{p}: states {} registers {} lists {}", c.tdfa.len(), c.tdfa.registers, c.tdfa.op_lists.len());
    }
}
