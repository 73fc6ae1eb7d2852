//! Every cross-file name of the generated modules binds by scope: a reference in a file means the
//! definition that file sees (its own, or a library's when it has none), unless an override
//! replaces it.

use std::path::Path;

use uri_gen::syntax::source::{scan_with, split_rules, TokenKind};
use xtask::project::GRAMMAR_MODULES;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().and_then(Path::parent).expect("workspace root")
}

#[test]
fn every_cross_file_name_of_the_generated_modules_binds_by_scope() {
    for module in GRAMMAR_MODULES {
        let p = module.compile(root()).expect("compiles");
        let g = &p.grammar;
        for id in g.ids() {
            let rule = g.rule(id);
            let from = &g.files[rule.file];
            let chunk =
                split_rules(&from.text).into_iter().find(|c| c.name().eq_ignore_ascii_case(&rule.name));
            let Some(chunk) = chunk else { continue };
            let written: Vec<String> = scan_with(&chunk, true)
                .expect("scans")
                .into_iter()
                .filter(|t| t.kind == TokenKind::Name)
                .map(|t| t.text.to_ascii_lowercase())
                .collect();
            for target in g.refs(id) {
                let t = g.rule(target);
                let to = &g.files[t.file];
                let base = t.name.to_ascii_lowercase();
                let matched = written.iter().find(|w| base == **w || base.ends_with(&format!("-{w}")));
                let Some(written_name) = matched else { continue };
                let overridden = g.overrides.iter().any(|o| o.name.eq_ignore_ascii_case(written_name));
                // A definition of its own, not a placeholder that stands for another document's.
                let own = split_rules(&from.text).iter().any(|c| {
                    c.name().eq_ignore_ascii_case(written_name)
                        && !c.text.split_once('=').is_some_and(|(_, def)| def.trim_start().starts_with('<'))
                });
                if from.library && own && !overridden {
                    assert_eq!(
                        to.name, from.name,
                        "{}: `{}` uses `{}` of {}",
                        module.name, rule.name, t.name, to.name
                    );
                }
                if overridden {
                    assert!(
                        to.overrides,
                        "{}: `{}` uses `{}` of {}",
                        module.name, rule.name, t.name, to.name
                    );
                }
            }
        }
    }
}
