//! The `uri-gen` command line: check grammars and generate recognizer modules.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use uri_gen::emit::{recognizer, render_file, Header};
use uri_gen::{compile, read_files, Options};

#[derive(Parser)]
#[command(name = "uri-gen", version, about = "Compile ABNF grammars to table-driven Rust recognizers")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print diagnostics for grammar files and a summary of their rules.
    Check {
        /// Grammar files, read in order; rules may refer across them.
        #[arg(required = true)]
        grammars: Vec<PathBuf>,
    },
    /// Write a standalone recognizer module for every rule.
    Generate {
        /// Grammar files, read in order.
        #[arg(required = true)]
        grammars: Vec<PathBuf>,
        /// Where to write the module.
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Check { grammars } => {
            let files = read_files(&grammars)?;
            match uri_gen::check(&files, &Options::default()) {
                Ok((grammar, warnings)) => {
                    for w in &warnings {
                        eprint!("{}", w.render(source_of(&files, &w.file)));
                    }
                    println!("{} rules, {} warning(s), all regular", grammar.rules.len(), warnings.len());
                    Ok(ExitCode::SUCCESS)
                }
                Err(diags) => {
                    for d in &diags.0 {
                        eprint!("{}", d.render(source_of(&files, &d.file)));
                    }
                    Ok(ExitCode::from(1))
                }
            }
        }
        Command::Generate { grammars, out } => {
            let files = read_files(&grammars)?;
            let compiled = match compile(&files, &Options::default()) {
                Ok(c) => c,
                Err(diags) => {
                    for d in &diags.0 {
                        eprint!("{}", d.render(source_of(&files, &d.file)));
                    }
                    return Ok(ExitCode::from(1));
                }
            };
            let what = files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ");
            let header = Header {
                command: format!("uri-gen generate {} --out {}", what.replace(", ", " "), out.display()),
                inputs: files.clone(),
            };
            let text = render_file(recognizer(&compiled, &what), &header)?;
            std::fs::write(&out, text)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn source_of<'a>(files: &'a [uri_gen::SourceFile], name: &str) -> Option<&'a str> {
    files.iter().find(|f| f.name == name).map(|f| f.text.as_str())
}
