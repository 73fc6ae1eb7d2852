//! Every text of the conformance vectors and corpora, for tests that run a conversion over all
//! of them: each string value of the JSON vectors (inputs, bases, references, expected results),
//! the lines of the URL corpora, and the bases and references of the resolution corpus.

use std::collections::BTreeSet;

/// The distinct texts, in a fixed order.
pub fn all() -> Vec<String> {
    let mut texts = BTreeSet::new();
    for file in [
        "validity.json",
        "components.json",
        "normalization.json",
        "resolution.json",
        "remove_dot_segments.json",
    ] {
        let value: serde_json::Value =
            serde_json::from_str(&uri_tests::read_data(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        collect(&value, &mut texts);
    }
    for corpus in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"] {
        texts.extend(uri_tests::corpus_lines(corpus));
    }
    for (base, reference) in uri_tests::resolution_pairs() {
        texts.insert(base);
        texts.insert(reference);
    }
    texts.into_iter().collect()
}

fn collect(value: &serde_json::Value, into: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::String(s) => {
            into.insert(s.clone());
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, into)),
        serde_json::Value::Object(fields) => {
            // Attribution fields name files and projects, not URIs.
            fields
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "source" | "note"))
                .for_each(|(_, v)| collect(v, into))
        }
        _ => {}
    }
}
