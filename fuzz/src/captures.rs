//! The capturing-parser generator (`uri_gen::compile_parsers`) on arbitrary grammar and capture
//! declaration text: it never panics and either reports an error or builds a tagged DFA whose
//! runs agree with the reference interpreter, with every recorded span a match of one of the
//! captured rules at that place, and emits a module that parses, with no Rust name given twice.

use uri_gen::capture::Target;
use uri_gen::emit::EmitOptions;
use uri_gen::emit::{render_file, Header};
use uri_gen::tools::Interpreter;
use uri_gen::tools::Sampler;
use uri_gen::{compile_parsers, CompiledParsers, Encoding, SourceFile};

use super::grammar::{check_diagnostics, check_warnings, options, FILE};
use super::{seed_of, CORE_ABNF};

/// The grammar used when the input has no NUL byte (the whole input is then capture text): a
/// small URI-like language with optional, repeated and ambiguous parts.
pub const DEFAULT_GRAMMAR: &str = "\
ref = [ scheme \":\" ] [ \"//\" host [ \":\" port ] ] path [ \"?\" query ]
scheme = ALPHA *( ALPHA / DIGIT / \"+\" )
host = 1*( ALPHA / DIGIT / \".\" ) / \"[\" 1*HEXDIG \"]\"
port = *DIGIT
path = *( \"/\" segment ) / segment *( \"/\" segment )
segment = *( ALPHA / DIGIT / \":\" / \".\" )
query = *( segment / \"/\" / \"?\" )
";

/// The name of the capture text in diagnostics.
const CAPTURES_FILE: &str = "fuzz.captures";

/// Samples longer than this are not run through the interpreter.
const INTERPRETER_MAX_LEN: usize = 160;

/// Checks one input: grammar text, a NUL byte, capture text; or capture text alone over
/// [`DEFAULT_GRAMMAR`].
pub fn check(data: &[u8]) {
    let (grammar, captures) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (String::from_utf8_lossy(&data[..nul]), String::from_utf8_lossy(&data[nul + 1..])),
        None => (DEFAULT_GRAMMAR.into(), String::from_utf8_lossy(data)),
    };
    let files =
        [SourceFile::new(FILE, grammar.as_ref()), SourceFile::library("rfc5234-core.abnf", CORE_ABNF)];
    match compile_parsers(&files, CAPTURES_FILE, &captures, &options(Encoding::Utf8)) {
        Ok(parsers) => {
            let grammar_warnings: Vec<_> =
                parsers.warnings.iter().filter(|d| d.file != CAPTURES_FILE).cloned().collect();
            check_warnings(&grammar_warnings, &grammar);
            check_parsers(&parsers, seed_of(data));
            check_module(&parsers);
        }
        Err(diagnostics) => {
            let (in_captures, in_grammar): (Vec<_>, Vec<_>) =
                diagnostics.0.iter().cloned().partition(|d| d.file == CAPTURES_FILE);
            assert!(diagnostics.errors().next().is_some(), "failed without an error: {diagnostics}");
            check_warnings(&in_grammar, &grammar);
            for d in &in_captures {
                assert!(d.render(Some(&captures)).contains(&d.message));
            }
            if in_captures.is_empty() {
                check_diagnostics(&uri_gen::Diagnostics(in_grammar), &grammar);
            }
        }
    }
}

/// Each parser accepts its rule's samples and, on mutations, exactly what the interpreter
/// accepts; every span it records is a match of one of the capture's rules.
fn check_parsers(parsers: &CompiledParsers, seed: u64) {
    let grammar = &parsers.grammar;
    let mut sampler = Sampler::new(grammar, Encoding::Utf8, seed).with_limits(6, 48);
    for (index, parser) in parsers.spec.parsers.iter().enumerate().take(4) {
        for _ in 0..3 {
            let Some(member) = sampler.try_sample(parser.rule) else { break };
            let slots = parsers.tdfa.run(index, &member);
            assert!(slots.is_ok(), "parser {} rejects its sample {member:?}", parser.name);
            let near = sampler.mutate(&member);
            if near.len() > INTERPRETER_MAX_LEN {
                continue;
            }
            let mut interpreter = Interpreter::new(grammar, Encoding::Utf8, &near);
            let run = parsers.tdfa.run(index, &near);
            assert_eq!(run.is_ok(), interpreter.matches(parser.rule), "parser {} on {near:?}", parser.name);
            for (input, slots) in [(&member, slots), (&near, run)] {
                let Ok(slots) = slots else { continue };
                assert_eq!(slots.len(), parsers.spec.slot_count());
                let mut interpreter = Interpreter::new(grammar, Encoding::Utf8, input);
                for (c, capture) in parsers.spec.captures.iter().enumerate() {
                    match (slots[2 * c], slots[2 * c + 1]) {
                        (None, None) => {}
                        (Some(start), Some(end)) => {
                            assert!(start <= end && end <= input.len(), "{} = {start}..{end}", capture.name);
                            // A literal item's spans are the reference's to check (`capture_ref`).
                            assert!(
                                capture.items.iter().any(|item| match item.target {
                                    Target::Rule(rule) => interpreter.rule_ends(rule, start).contains(&end),
                                    Target::Literal(_) => true,
                                }),
                                "capture {} = {start}..{end} of {input:?} matches none of its items",
                                capture.name
                            );
                        }
                        (start, end) => {
                            panic!("capture {} half set: {start:?}..{end:?} in {input:?}", capture.name)
                        }
                    }
                }
            }
        }
    }
}

/// The emitted module parses (every name the capture file gives is a Rust identifier and no
/// keyword), and no name is given twice: `Captures`'s methods, each enum's variants, the enums.
/// The module is read as `prettyplease` prints it: items at column 0, their members indented.
fn check_module(parsers: &CompiledParsers) {
    let tokens = uri_gen::emit::parser(parsers, "fuzz", &EmitOptions::default());
    let header = Header { command: String::new(), inputs: Vec::new() };
    let module = match tokens.and_then(|tokens| render_file(tokens, &header)) {
        Ok(module) => module,
        Err(e) => panic!("accepted captures give no module: {e:#}"),
    };
    #[derive(PartialEq)]
    enum Block {
        Other,
        Captures,
        Enum,
    }
    let (mut methods, mut enums, mut variants) = (Vec::new(), Vec::new(), Vec::new());
    let mut block = Block::Other;
    for line in module.lines() {
        if line == "}" {
            block = Block::Other;
        } else if line == "impl Captures {" {
            block = Block::Captures;
        } else if let Some(name) = line.strip_prefix("pub enum ").and_then(|l| l.strip_suffix(" {")) {
            assert!(!enums.contains(&name), "enum {name} is emitted twice");
            enums.push(name);
            variants.clear();
            block = Block::Enum;
        } else if block == Block::Captures {
            let item = line.trim_start();
            let item = item.strip_prefix("pub ").unwrap_or(item);
            if let Some(name) = item.strip_prefix("fn ").and_then(|l| l.split('(').next()) {
                assert!(!methods.contains(&name), "Captures::{name} is emitted twice");
                methods.push(name);
            }
        } else if block == Block::Enum {
            let variant = line.strip_prefix("    ").and_then(|l| l.strip_suffix(','));
            if let Some(variant) = variant.filter(|v| !v.starts_with([' ', '#', '/'])) {
                assert!(!variants.contains(&variant), "variant {variant} is emitted twice");
                variants.push(variant);
            }
        }
    }
    assert!(
        methods.contains(&"shifted") && enums.contains(&"Parser"),
        "the module was not read: {methods:?} {enums:?}"
    );
}
