//! The `uri-gen` command line: check grammars, generate recognizer modules, match inputs, print
//! regular expressions and sample strings. Each command is a thin layer over the library.
//!
//! Exit status: 0 when all is well; 1 when the grammar has errors (printed as diagnostics) or, for
//! `match` or `parse`, some input does not match; 2 for a wrong command line or a file that
//! cannot be read or written.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use uri_gen::bundled;
use uri_gen::emit::{render_file, Header};
use uri_gen::emit::{EmitOptions, RuntimeParts};
use uri_gen::progress::{Progress, Stage};
use uri_gen::rtn::program::{describe_mismatch, SampleError, DEFAULT_DEPTH_LIMIT};
use uri_gen::tools::escape::{escape, unescape};
use uri_gen::tools::regex::{rule_regex, RegexError};
use uri_gen::tools::Summary;
use uri_gen::{
    compile_parsers, compile_program, syntax::list::ListForm, Diagnostic, DiagnosticKind, Diagnostics,
    Encoding, Grammar, Options, Program, Roots, RuleId, SourceFile, Training,
};

/// How names bind between files, for `--help`.
const BINDING_HELP: &str = "\
How names bind between files (rule names are case-insensitive):
  - A reference in a grammar file means the grammar files' rule of that name, else the one
    library rule of that name.
  - A reference in a library means that library's own rule, else another library's, else (a name
    no library defines) a grammar file's. A grammar file's rule never replaces a library rule
    inside the library, unless an override is declared.
  - Overrides: every rule of a file given with `--override FILE`, and the rules a grammar file
    names in a comment `; uri-gen: override NAME...`, replace the rules of those names in every
    file, libraries included. `check` lists each override and the rules whose meaning it changes.
  - A prose value that names a rule (`<host, see [URI], Section 3.2.2>`) means that rule of the
    cited document: a loaded file whose name starts with `rfcNNNN`, the tag `[RFCNNNN]` or a
    well-known tag (URI, STD66: RFC 3986; IRI: 3987; ABNF: 5234; IMF: 5322; HTTP: 9110;
    CACHING: 9111; HTTP/1.1: 9112), or a file named by `--tag TAG=FILE`.
  - Roots: with `--rule`, exactly the rules named; else the rules no other rule uses. Problems in
    rules no root uses are warnings.

Exit status: 0 ok, 1 grammar errors (or an input that does not match), 2 usage or I/O errors.";

#[derive(Parser)]
#[command(
    name = "uri-gen",
    version,
    about = "Compile ABNF grammars (RFC 5234) to table-driven Rust recognizers",
    after_help = BINDING_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How grammar files are read.
#[derive(Args)]
struct GrammarOptions {
    /// A library grammar file: its rules are compiled when referred to, and its own references
    /// keep their meaning (a grammar file's rule of the same name does not replace them). Files
    /// named `rfc5234-core*` are libraries anyway. A name with no file of that name that is a
    /// bundled grammar's (`rfc5234-core`, `rfc3986`) means the copy inside uri-gen.
    #[arg(long = "library", value_name = "FILE")]
    libraries: Vec<PathBuf>,
    /// An override file: each of its rules replaces the rule of the same name in every other
    /// file, libraries included (RFC 6874's `IP-literal` inside RFC 3986's `host`).
    #[arg(long = "override", value_name = "FILE")]
    overrides: Vec<PathBuf>,
    /// The loaded grammar file that a prose value's reference tag `[TAG]` stands for, beside the
    /// well-known tags (repeatable).
    #[arg(long = "tag", value_name = "TAG=FILE")]
    tags: Vec<String>,
    /// Compile a rule whose alternatives hold prose that names no rule from its other
    /// alternatives, with a warning for each alternative left out.
    #[arg(long)]
    formal_only: bool,
    /// Terminal values are octets, not Unicode code points matched as UTF-8.
    #[arg(long)]
    octets: bool,
    /// How `#` lists (RFC 9110 section 5.6.1) expand.
    #[arg(long, value_enum, default_value_t = Lists::Sender)]
    lists: Lists,
}

#[derive(Clone, Copy, ValueEnum)]
enum Lists {
    /// What senders generate (RFC 9110 section 5.6.1.1).
    Sender,
    /// What recipients accept, empty elements included (RFC 9110 section 5.6.1.2).
    Recipient,
}

#[derive(Subcommand)]
enum Command {
    /// Print diagnostics and a summary: rules, which are regular, which recursive, which
    /// ambiguous for captures.
    Check {
        /// Grammar files, read in order; rules may refer across them.
        #[arg(required = true, value_name = "GRAMMAR")]
        grammars: Vec<PathBuf>,
        #[command(flatten)]
        options: GrammarOptions,
        /// Check only these rules and what they use (repeatable).
        #[arg(long = "rule", value_name = "NAME")]
        rules: Vec<String>,
        /// Skip the capture ambiguity analysis.
        #[arg(long)]
        no_captures: bool,
    },
    /// Write a standalone Rust module that recognizes every rule.
    Generate(GenerateArgs),
    /// Say for each input whether it matches a rule, and if not where it fails and what was
    /// expected there.
    Match {
        /// Grammar files, then `--rule NAME`, then the inputs.
        #[arg(required = true, value_name = "GRAMMAR... --rule NAME INPUT")]
        args: Vec<OsString>,
        #[command(flatten)]
        options: GrammarOptions,
        /// The rule to match.
        #[arg(long, value_name = "NAME")]
        rule: String,
        /// Also read inputs from standard input, one per line.
        #[arg(long)]
        stdin: bool,
        /// Inputs are escaped as `uri-gen sample` prints them (`\\`, `\n`, `\xHH`).
        #[arg(long)]
        escaped: bool,
        /// How deep rule calls may nest.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_DEPTH_LIMIT)]
        depth_limit: usize,
    },
    /// Run a parser of a capture declaration on each input and print its captures, or where the
    /// input fails, as one JSON line per input.
    ///
    /// A line is `{"input": ..., "ok": true, "captures": {NAME: {"start": S, "end": E, "text": ...} or
    /// null, ...}, "kinds": {NAME: VARIANT or null, ...}}`, or `{"input": ..., "ok": false,
    /// "index": N, "expected": [BYTES...], "end_allowed": BOOL}`. Positions are byte offsets; a
    /// string that is not UTF-8 has U+FFFD for each invalid sequence and a twin field
    /// `..._escaped` with its bytes as `sample` escapes them.
    Parse(ParseArgs),
    /// Print a regular expression (syntax of the `regex` crate) equivalent to a regular rule.
    Regex {
        /// Grammar files, read in order.
        #[arg(required = true, value_name = "GRAMMAR")]
        grammars: Vec<PathBuf>,
        #[command(flatten)]
        options: GrammarOptions,
        /// The rule.
        #[arg(long, value_name = "NAME")]
        rule: String,
        /// Print the expression without `^(?:` and `)$` around it.
        #[arg(long)]
        bare: bool,
    },
    /// Print strings that match a rule (or near misses that do not), covering every alternative;
    /// the same seed gives the same strings.
    Sample {
        /// Grammar files, read in order.
        #[arg(required = true, value_name = "GRAMMAR")]
        grammars: Vec<PathBuf>,
        #[command(flatten)]
        options: GrammarOptions,
        /// The rule.
        #[arg(long, value_name = "NAME")]
        rule: String,
        /// How many strings.
        #[arg(short = 'n', value_name = "N", default_value_t = 10)]
        count: usize,
        /// The random seed.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Print near misses: mutated members that do not match.
        #[arg(long)]
        invalid: bool,
        /// Write each string to a file of its own in this directory (a fuzzing corpus) instead
        /// of printing them escaped, one per line.
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

/// Why a command stopped.
enum Stop {
    /// The grammar has errors, already printed (exit 1).
    Diagnostics,
    /// Some input did not match (exit 1).
    NoMatch,
    /// The grammar does not allow what was asked, said in the message (exit 1).
    Failed(String),
    /// The command line is wrong or a file cannot be read or written (exit 2).
    Usage(String),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Usage(format!("cannot write the output: {e}"))
    }
}

fn main() -> ExitCode {
    let matches = match Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    match run(cli, &matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Diagnostics | Stop::NoMatch) => ExitCode::from(1),
        Err(Stop::Failed(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
        Err(Stop::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli, matches: &clap::ArgMatches) -> Result<(), Stop> {
    let options = match &cli.command {
        Command::Generate(GenerateArgs { options, .. }) | Command::Parse(ParseArgs { options, .. }) => {
            options
        }
        Command::Check { options, .. }
        | Command::Match { options, .. }
        | Command::Regex { options, .. }
        | Command::Sample { options, .. } => options,
    };
    if let Some(tag) = options.tags.iter().find(|t| !t.contains('=')) {
        return Err(Stop::Usage(format!(
            "--tag {tag}: expected TAG=FILE, a reference tag and a grammar file given"
        )));
    }
    match cli.command {
        Command::Check { grammars, options, rules, no_captures } => {
            check(&grammars, &options, rules, no_captures)
        }
        Command::Generate(args) => generate(args),
        Command::Match { args, options, rule, stdin, escaped, depth_limit } => {
            let sub = matches.subcommand_matches("match");
            let (grammars, inputs) = split_inputs(args, sub, "rule", MATCH_USAGE)?;
            match_inputs(&grammars, &options, &rule, inputs, stdin, escaped, depth_limit)
        }
        Command::Parse(args) => {
            let sub = matches.subcommand_matches("parse");
            parse_inputs(args, sub)
        }
        Command::Regex { grammars, options, rule, bare } => regex(&grammars, &options, &rule, bare),
        Command::Sample { grammars, options, rule, count, seed, invalid, out_dir } => {
            sample(&grammars, &options, &rule, count, seed, invalid, out_dir.as_deref())
        }
    }
}

/// Reads the grammar files (and library files) given on the command line.
fn read(grammars: &[PathBuf], options: &GrammarOptions) -> Result<Vec<SourceFile>, Stop> {
    let mut files = uri_gen::read_files(grammars).map_err(|e| Stop::Usage(format!("{e:#}")))?;
    for path in &options.overrides {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Stop::Usage(format!("cannot read grammar file {}: {e}", path.display())))?;
        files.push(SourceFile::overriding(path.display().to_string(), text));
    }
    for path in &options.libraries {
        files.push(library(path)?);
    }
    Ok(files)
}

/// A library file, or the bundled grammar of that name when no such file exists.
fn library(path: &Path) -> Result<SourceFile, Stop> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(SourceFile::library(path.display().to_string(), text)),
        Err(e) => match path.to_str().filter(|_| path.components().count() == 1).and_then(bundled::find) {
            Some(grammar) if e.kind() == std::io::ErrorKind::NotFound => Ok(grammar.library()),
            _ => Err(Stop::Usage(format!(
                "cannot read grammar file {}: {e} (the bundled grammars, usable by name: {})",
                path.display(),
                bundled::names()
            ))),
        },
    }
}

fn compile_options(options: &GrammarOptions, roots: Roots) -> Options {
    let tags = options
        .tags
        .iter()
        .filter_map(|t| t.split_once('='))
        .map(|(tag, file)| (tag.to_owned(), file.to_owned()))
        .collect();
    let encoding = if options.octets { Encoding::Octets } else { Encoding::Utf8 };
    let lists = match options.lists {
        Lists::Sender => ListForm::Sender,
        Lists::Recipient => ListForm::Recipient,
    };
    Options { encoding, roots, lists, tags, formal_only: options.formal_only, ..Options::default() }
}

/// Prints diagnostics as rustc does, then a count of errors and warnings when there is one.
fn report(files: &[SourceFile], diags: &[Diagnostic]) {
    let source_of = |name: &str| files.iter().find(|f| f.name == name).map(|f| f.text.as_str());
    let mut err = io::stderr().lock();
    for d in diags {
        let _ = write!(err, "{}", d.render(source_of(&d.file)));
    }
    let errors = diags.iter().filter(|d| d.is_error()).count();
    if !diags.is_empty() {
        let _ = writeln!(err, "{errors} error(s), {} warning(s)", diags.len() - errors);
    }
}

/// Rule names given on the command line that no grammar file defines: a usage error, with the
/// names that come close.
fn unknown_rules(files: &[SourceFile], diags: &Diagnostics) -> Option<Stop> {
    let unknown: Vec<&Diagnostic> =
        diags.errors().filter(|d| d.kind == DiagnosticKind::UnknownRule).collect();
    let first = unknown.first()?;
    let names: Vec<String> = files
        .iter()
        .flat_map(|f| uri_gen::syntax::source::split_rules(&f.text))
        .map(|c| c.name().to_owned())
        .collect();
    let wanted = first.message.split('`').nth(1).unwrap_or("").to_ascii_lowercase();
    let close: Vec<&str> = names
        .iter()
        .filter(|n| {
            let n = n.to_ascii_lowercase();
            !wanted.is_empty() && (n.contains(&wanted) || wanted.contains(&n))
        })
        .map(String::as_str)
        .take(5)
        .collect();
    let hint =
        if close.is_empty() { String::new() } else { format!("; similar names: {}", close.join(", ")) };
    Some(Stop::Usage(format!("{} in the grammar files given{hint}", first.message)))
}

/// Compiles `files`, printing the warnings; the errors are printed and stop the command (a rule
/// named on the command line that no file defines is a usage error).
fn compiled(files: &[SourceFile], options: &Options) -> Result<Program, Stop> {
    match compile_program(files, options) {
        Ok(program) => {
            report(files, &program.warnings);
            Ok(program)
        }
        Err(diags) => Err(unknown_rules(files, &diags).unwrap_or_else(|| {
            report(files, &diags.0);
            Stop::Diagnostics
        })),
    }
}

/// Compiles the grammar for one rule and what it uses.
fn program_for(
    files: &[SourceFile],
    options: &GrammarOptions,
    rule: &str,
) -> Result<(Program, RuleId), Stop> {
    let program = compiled(files, &compile_options(options, Roots::Only(vec![rule.to_owned()])))?;
    let id = program.grammar.lookup(rule).ok_or_else(|| Stop::Usage(format!("no rule named `{rule}`")))?;
    Ok((program, id))
}

fn roots_for(rules: Vec<String>, default: Roots) -> Roots {
    if rules.is_empty() {
        default
    } else {
        Roots::Only(rules)
    }
}

fn check(
    grammars: &[PathBuf],
    options: &GrammarOptions,
    rules: Vec<String>,
    no_captures: bool,
) -> Result<(), Stop> {
    let files = read(grammars, options)?;
    let options = compile_options(options, roots_for(rules, Roots::Unreferenced));
    let program = compiled(&files, &options)?;
    let summary = if no_captures { Summary::kinds_only(&program) } else { Summary::new(&program) };
    let mut text = summary.render(&program.grammar);
    text.push_str(&uri_gen::syntax::link::describe_overrides(&program.grammar));
    let mut out = io::stdout().lock();
    write_out(&mut out, text.as_bytes())?;
    Ok(())
}

/// Writes to standard output; a closed pipe (`uri-gen sample | head`) is not an error.
fn write_out(out: &mut impl Write, bytes: &[u8]) -> Result<(), Stop> {
    match out.write_all(bytes) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn generate(args: GenerateArgs) -> Result<(), Stop> {
    let GenerateArgs {
        grammars,
        options,
        captures,
        out,
        rules,
        what,
        train,
        vector,
        runtime,
        runtime_out,
        max_states,
        timings,
    } = args;
    let (options, captures, out, train) = (&options, captures.as_deref(), out.as_path(), train.as_deref());
    let emit = EmitOptions { runtime, vector };
    let files = read(&grammars, options)?;
    let mut opts = compile_options(options, roots_for(rules, Roots::All));
    if let Some(limit) = max_states {
        opts.dfa_limit = limit;
    }
    opts.progress = if timings {
        uri_gen::progress::Observer::stderr(Duration::ZERO, Duration::ZERO)
    } else {
        uri_gen::progress::Observer::stderr(Duration::from_secs(1), Duration::from_secs(1))
    };
    let program = compiled(&files, &opts)?;
    if program.grammar.rules.is_empty() {
        return Err(Stop::Failed(
            "the grammar files define no rule: there is nothing to generate".to_owned(),
        ));
    }
    let training = train.map(|train| training(&program.grammar, train)).transpose()?;
    // Whether the samples plan some walk: the recognizer's (a module of regular rules only) or,
    // below, the parser of their rule.
    let mut trained = program.all_regular();
    let what = what.unwrap_or_else(|| files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", "));
    // The command as typed, with the program named `uri-gen` wherever it was run from.
    let command: Vec<String> = std::iter::once("uri-gen".to_owned())
        .chain(std::env::args().skip(1).map(|a| if a.contains(' ') { format!("'{a}'") } else { a }))
        .collect();
    let mut inputs = files.clone();
    let emitting = |what: &str, states: usize, done: bool| {
        opts.progress.report(Progress { stage: Stage::Emit, what, states, done });
    };
    emitting("rules", program.dfa.len(), false);
    let rules = uri_gen::emit::module(&program, &what, training.as_ref().map(|t| &t.1), &emit)
        .map_err(|e| Stop::Usage(format!("{e:#}")))?;
    emitting("rules", program.dfa.len(), true);
    let tokens = match captures {
        None => rules,
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Stop::Usage(format!("cannot read capture file {}: {e}", path.display())))?;
            let name = path.display().to_string();
            let mut parsers = match compile_parsers(&files, &name, &text, &opts) {
                Ok(parsers) => parsers,
                Err(diags) => {
                    let mut all = files.clone();
                    all.push(SourceFile::new(name.clone(), text));
                    report(&all, &diags.0);
                    return Err(Stop::Diagnostics);
                }
            };
            report(&files, &parsers.warnings);
            parsers.training = training.as_ref().map(|t| t.1.clone());
            trained |= training.as_ref().is_some_and(|t| parsers.parser_of(t.1.rule).is_some());
            inputs.push(SourceFile::new(name, text));
            emitting("parser", parsers.tdfa.len(), false);
            let parser =
                uri_gen::emit::parser(&parsers, &what, &emit).map_err(|e| Stop::Usage(format!("{e:#}")))?;
            emitting("parser", parsers.tdfa.len(), true);
            quote::quote! {
                #[doc = " Recognizers for every rule."]
                pub mod rules { #rules }
                #[doc = " Parsers that capture the declared rules."]
                pub mod parser { #parser }
            }
        }
    };
    if let Some((file, _)) = training {
        if trained {
            inputs.push(file);
        } else {
            eprintln!(
                "warning: --train has no effect: the grammar has rules that are not regular (matched by the \
                 runtime's Earley engine, which has no vector walk) and no parser captures the rule"
            );
        }
    }
    let header = Header { command: command.join(" "), inputs };
    let text = render_file(tokens, &header).map_err(|e| Stop::Usage(format!("{e:#}")))?;
    std::fs::write(out, text).map_err(|e| Stop::Usage(format!("cannot write {}: {e}", out.display())))?;
    let runtime_out = runtime_out.unwrap_or_else(|| out.with_file_name("uri_gen_runtime.rs"));
    write_runtime(&runtime_out, RuntimeParts::for_program(&program, &emit))
}

/// Writes the walk runtime file with the parts the module needs, and those of the runtime file
/// already there (written for the crate's other modules), so that it serves them all; a file
/// that serves them all already is left as it is.
fn write_runtime(path: &Path, needed: RuntimeParts) -> Result<(), Stop> {
    let current = std::fs::read_to_string(path).ok().and_then(|text| RuntimeParts::of_text(&text));
    if current.is_some_and(|current| current.covers(needed)) {
        return Ok(());
    }
    let text = current.map_or(needed, |current| current.union(needed)).text();
    std::fs::write(path, text).map_err(|e| Stop::Usage(format!("cannot write {}: {e}", path.display())))
}

/// The arguments of `uri-gen generate`.
#[derive(Args)]
struct GenerateArgs {
    /// Grammar files, read in order.
    #[arg(required = true, value_name = "GRAMMAR")]
    grammars: Vec<PathBuf>,
    #[command(flatten)]
    options: GrammarOptions,
    /// A capture declaration file: the module then holds `rules` and `parser` submodules.
    #[arg(long, value_name = "FILE")]
    captures: Option<PathBuf>,
    /// Where to write the module.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Generate only these rules and what they use (repeatable).
    #[arg(long = "rule", value_name = "NAME")]
    rules: Vec<String>,
    /// What the grammar is, for the module's documentation.
    #[arg(long, value_name = "TEXT")]
    what: Option<String>,
    /// Sample inputs of rule RULE, one per line in FILE: the AVX2 walk (`--vector`) is then
    /// planned for what these inputs do (which loop sets it classifies). What the module
    /// accepts never depends on them.
    #[arg(long, value_name = "RULE=FILE")]
    train: Option<String>,
    /// Also run the AVX2 walk on x86-64 CPUs that have it. Asks of the including crate: a
    /// `portable` feature (`portable = []`, which keeps the table walk alone), a `std` feature
    /// (`std = []`, default: run-time CPU detection; without it the AVX2 walk is compiled only
    /// for targets that promise AVX2) and `unsafe` allowed in the runtime module. Without it the module and the runtime hold no `unsafe`
    /// and compile under `#![forbid(unsafe_code)]`.
    #[arg(long)]
    vector: bool,
    /// The path at which the module finds the walk runtime, as Rust source.
    #[arg(long, value_name = "PATH", default_value = "crate::uri_gen_runtime")]
    runtime: String,
    /// Where to write the walk runtime file (one per crate): the table walks, the AVX2 walk
    /// with `--vector`, the Earley engine for grammars with recursive rules. A runtime file
    /// already there keeps its parts, so that it serves every module of the crate; by default
    /// `uri_gen_runtime.rs` beside the module.
    #[arg(long, value_name = "FILE")]
    runtime_out: Option<PathBuf>,
    /// The most states a rule's DFA, or the parsers' tagged DFA, may have: past it generation
    /// stops with an error that names the rule, or the parser and the captures whose tags
    /// multiply its states.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(usize))]
    max_states: Option<usize>,
    /// Print every progress report with the seconds since the start (otherwise progress is
    /// printed only for work that lasts more than a second).
    #[arg(long)]
    timings: bool,
}

/// Reads the argument of `--train`, `RULE=FILE`: the file (for the module's header) and its
/// lines as samples of the rule.
fn training(grammar: &Grammar, train: &str) -> Result<(SourceFile, Training), Stop> {
    let (rule, path) = train
        .split_once('=')
        .ok_or_else(|| Stop::Usage(format!("--train {train}: expected RULE=FILE, a rule name and a file")))?;
    let id = grammar.lookup(rule).ok_or_else(|| Stop::Usage(format!("--train: no rule named `{rule}`")))?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Stop::Usage(format!("cannot read training file {path}: {e}")))?;
    let inputs = text.lines().map(|line| line.as_bytes().to_vec()).collect();
    Ok((SourceFile::new(path, text), Training { rule: id, inputs }))
}

const MATCH_USAGE: &str = "uri-gen match GRAMMAR... --rule NAME INPUT...";
const PARSE_USAGE: &str = "uri-gen parse GRAMMAR... --captures FILE INPUT...";

/// Splits the positional arguments of `match` or `parse` at the option `at` (`--rule`,
/// `--captures`): grammar files before it, inputs after.
fn split_inputs(
    args: Vec<OsString>,
    matches: Option<&clap::ArgMatches>,
    at: &str,
    usage: &str,
) -> Result<(Vec<PathBuf>, Vec<Vec<u8>>), Stop> {
    let rule_at = matches.and_then(|m| m.index_of(at)).unwrap_or(usize::MAX);
    let positions: Vec<usize> =
        matches.and_then(|m| m.indices_of("args")).map(Iterator::collect).unwrap_or_default();
    let mut grammars = Vec::new();
    let mut inputs = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        if positions.get(i).is_some_and(|&p| p < rule_at) {
            grammars.push(PathBuf::from(arg));
        } else {
            inputs.push(os_bytes(arg));
        }
    }
    if grammars.is_empty() {
        return Err(Stop::Usage(format!("expected grammar files before `--{at}`: {usage}")));
    }
    Ok((grammars, inputs))
}

#[cfg(unix)]
fn os_bytes(arg: OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStringExt;
    arg.into_vec()
}

#[cfg(not(unix))]
fn os_bytes(arg: OsString) -> Vec<u8> {
    arg.to_string_lossy().into_owned().into_bytes()
}

fn match_inputs(
    grammars: &[PathBuf],
    options: &GrammarOptions,
    rule: &str,
    inputs: Vec<Vec<u8>>,
    stdin: bool,
    escaped: bool,
    depth_limit: usize,
) -> Result<(), Stop> {
    let files = read(grammars, options)?;
    let (program, id) = program_for(&files, options, rule)?;
    let inputs = gather_inputs(inputs, stdin, escaped)?;
    let mut out = io::stdout().lock();
    let mut all = true;
    for input in &inputs {
        let line = match program.recognize(id, input, depth_limit) {
            Ok(()) => format!("match: {}\n", escape(input)),
            Err(mismatch) => {
                all = false;
                format!(
                    "no match: {}\n  {}\n",
                    escape(input),
                    describe_mismatch(input, &mismatch, depth_limit)
                )
            }
        };
        write_out(&mut out, line.as_bytes())?;
    }
    if all {
        Ok(())
    } else {
        Err(Stop::NoMatch)
    }
}

/// The inputs of `match` or `parse`: those of the command line, then with `stdin` the lines of
/// standard input, each unescaped when `escaped`.
fn gather_inputs(mut inputs: Vec<Vec<u8>>, stdin: bool, escaped: bool) -> Result<Vec<Vec<u8>>, Stop> {
    if stdin {
        let mut text = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut text)
            .map_err(|e| Stop::Usage(format!("cannot read standard input: {e}")))?;
        let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        if lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        inputs.extend(lines.into_iter().map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec()));
    }
    if !escaped {
        return Ok(inputs);
    }
    inputs
        .iter()
        .enumerate()
        .map(|(n, raw)| {
            unescape(&String::from_utf8_lossy(raw)).map_err(|e| Stop::Usage(format!("input {}: {e}", n + 1)))
        })
        .collect()
}

/// The arguments of `uri-gen parse`.
#[derive(Args)]
struct ParseArgs {
    /// Grammar files, then `--captures FILE`, then the inputs.
    #[arg(required = true, value_name = "GRAMMAR... --captures FILE INPUT")]
    args: Vec<OsString>,
    #[command(flatten)]
    options: GrammarOptions,
    /// The capture declaration file (as for `generate --captures`).
    #[arg(long, value_name = "FILE")]
    captures: PathBuf,
    /// The parser to run, by its name in the capture file (`parser NAME RULE`); by default the
    /// first one declared.
    #[arg(long, value_name = "NAME")]
    parser: Option<String>,
    /// Compile only these rules and what they use (repeatable), as for `generate`.
    #[arg(long = "rule", value_name = "NAME")]
    rules: Vec<String>,
    /// Also read inputs from standard input, one per line.
    #[arg(long)]
    stdin: bool,
    /// Inputs are escaped as `uri-gen sample` prints them (`\\`, `\n`, `\xHH`).
    #[arg(long)]
    escaped: bool,
}

fn parse_inputs(args: ParseArgs, matches: Option<&clap::ArgMatches>) -> Result<(), Stop> {
    let ParseArgs { args, options, captures, parser, rules, stdin, escaped } = args;
    let (grammars, inputs) = split_inputs(args, matches, "captures", PARSE_USAGE)?;
    let files = read(&grammars, &options)?;
    let text = std::fs::read_to_string(&captures)
        .map_err(|e| Stop::Usage(format!("cannot read capture file {}: {e}", captures.display())))?;
    let name = captures.display().to_string();
    let opts = compile_options(&options, roots_for(rules, Roots::All));
    let parsers = match compile_parsers(&files, &name, &text, &opts) {
        Ok(parsers) => parsers,
        Err(diags) => {
            let mut all = files.clone();
            all.push(SourceFile::new(name, text));
            report(&all, &diags.0);
            return Err(Stop::Diagnostics);
        }
    };
    report(&files, &parsers.warnings);
    let declared = || parsers.spec.parsers.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
    let index = match &parser {
        Some(wanted) => parsers.parser_named(wanted).ok_or_else(|| {
            Stop::Usage(format!(
                "--parser {wanted}: {name} declares no parser of that name; it declares: {}",
                declared()
            ))
        })?,
        None if parsers.spec.parsers.is_empty() => {
            return Err(Stop::Failed(format!(
                "{name} declares no parser (a line `parser NAME RULE`): there is nothing to run"
            )))
        }
        None => 0,
    };
    let inputs = gather_inputs(inputs, stdin, escaped)?;
    let mut out = io::stdout().lock();
    let mut all = true;
    for input in &inputs {
        let (ok, mut line) = parsers.parse_json(index, input);
        all &= ok;
        line.push('\n');
        write_out(&mut out, line.as_bytes())?;
    }
    if all {
        Ok(())
    } else {
        Err(Stop::NoMatch)
    }
}

fn regex(grammars: &[PathBuf], options: &GrammarOptions, rule: &str, bare: bool) -> Result<(), Stop> {
    let files = read(grammars, options)?;
    let opts = compile_options(options, Roots::Only(vec![rule.to_owned()]));
    let (grammar, warnings): (Grammar, Vec<Diagnostic>) = match uri_gen::check(&files, &opts) {
        Ok(found) => found,
        Err(diags) => {
            if let Some(stop) = unknown_rules(&files, &diags) {
                return Err(stop);
            }
            report(&files, &diags.0);
            return Err(Stop::Diagnostics);
        }
    };
    report(&files, &warnings);
    let id = grammar.lookup(rule).ok_or_else(|| Stop::Usage(format!("no rule named `{rule}`")))?;
    match rule_regex(&grammar, id, opts.encoding, !bare) {
        Ok(re) => {
            let mut out = io::stdout().lock();
            write_out(&mut out, format!("{re}\n").as_bytes())
        }
        Err(RegexError::NotRegular { kind }) => {
            let r = grammar.rule(id);
            let how = match kind {
                uri_gen::RuleKind::UsesRecursion => "refers to recursive rules",
                _ => "is recursive",
            };
            let d = Diagnostic::error(
                DiagnosticKind::Recursion,
                &grammar.files[r.file].name,
                r.pos,
                format!("rule `{}` {how}: no regular expression is derived for it", r.name),
            )
            .in_rule(&r.name)
            .with_note(
                "`uri-gen match` and `uri-gen generate` recognize it with the recursive transition network",
            );
            report(&files, &[d]);
            Err(Stop::Diagnostics)
        }
    }
}

fn sample(
    grammars: &[PathBuf],
    options: &GrammarOptions,
    rule: &str,
    count: usize,
    seed: u64,
    invalid: bool,
    out_dir: Option<&Path>,
) -> Result<(), Stop> {
    let files = read(grammars, options)?;
    let (program, id) = program_for(&files, options, rule)?;
    let strings = match program.samples(id, count, seed, invalid) {
        Ok(strings) => strings,
        Err(SampleError::EmptyLanguage) => {
            let r = program.grammar.rule(id);
            let d = Diagnostic::error(
                DiagnosticKind::EmptyLanguage,
                &program.grammar.files[r.file].name,
                r.pos,
                format!("rule `{}` matches no string: there is nothing to sample", r.name),
            )
            .in_rule(&r.name);
            report(&files, &[d]);
            return Err(Stop::Diagnostics);
        }
        Err(SampleError::NoNearMiss { found }) => {
            return Err(Stop::Failed(format!(
            "found no near miss of `{rule}` after {found} of {count}: mutations of its members keep matching"
        )))
        }
    };
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| Stop::Usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut out = io::stdout().lock();
    for (n, text) in strings.iter().enumerate() {
        match out_dir {
            Some(dir) => {
                let path = dir.join(format!("{n:06}"));
                std::fs::write(&path, text)
                    .map_err(|e| Stop::Usage(format!("cannot write {}: {e}", path.display())))?;
            }
            None => write_out(&mut out, format!("{}\n", escape(text)).as_bytes())?,
        }
    }
    Ok(())
}
