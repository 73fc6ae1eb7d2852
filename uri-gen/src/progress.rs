//! Progress of long compilations: which automaton is being built and how many states it has so
//! far, told to an observer that the caller supplies in [`crate::Options::progress`]. Silent by
//! default; the command line prints the reports of work that lasts more than a second.

use std::fmt;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A pass that reports its progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Subset construction of one rule's DFA (`what` is the rule).
    Determinize,
    /// Minimization of the union of the rules' DFAs (`what` is empty).
    Minimize,
    /// Construction of the parsers' tagged DFA (`what` is the parser whose states are being
    /// explored).
    TaggedDfa,
    /// Minimization and register allocation of the tagged DFA (`what` is empty).
    Registers,
    /// Writing a module's Rust source (`what` is `rules` or `parser`; `states` those of the
    /// automaton written).
    Emit,
}

impl Stage {
    /// What the stage does, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Stage::Determinize => "determinizing",
            Stage::Minimize => "minimizing the recognizer",
            Stage::TaggedDfa => "building the tagged DFA",
            Stage::Registers => "minimizing the tagged DFA and allocating registers",
            Stage::Emit => "writing the module",
        }
    }
}

/// One report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress<'a> {
    /// The pass.
    pub stage: Stage,
    /// The rule or parser the pass works on, or `""`.
    pub what: &'a str,
    /// The states built so far (when `done`, the states of the result).
    pub states: usize,
    /// Whether the pass has finished.
    pub done: bool,
}

impl fmt::Display for Progress<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.stage.describe())?;
        match (self.stage, self.what) {
            (_, "") => {}
            (Stage::TaggedDfa, parser) => write!(f, " of parser `{parser}`")?,
            (_, what) => write!(f, " `{what}`")?,
        }
        let verb = if self.done { "done" } else { "so far" };
        write!(f, ": {} states {verb}", self.states)
    }
}

/// How often a pass that builds states reports: every this many new states.
pub const EVERY: usize = 4096;

/// The observer of [`Progress`] reports: nobody by default.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use uri_gen::progress::Observer;
/// use uri_gen::{compile, Options, SourceFile};
///
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let log = Arc::clone(&seen);
/// let progress = Observer::new(move |p| log.lock().unwrap().push(p.to_string()));
/// let options = Options { progress, ..Options::default() };
/// compile(&[SourceFile::new("g.abnf", "a = 1*\"x\"\n")], &options).unwrap();
/// assert!(seen.lock().unwrap().iter().any(|line| line.starts_with("determinizing `a`")));
/// ```
#[derive(Clone, Default)]
pub struct Observer(Option<Arc<Callback>>);

/// What an [`Observer`] calls.
type Callback = dyn Fn(&Progress<'_>) + Send + Sync;

impl Observer {
    /// An observer that calls `f` with each report.
    pub fn new(f: impl Fn(&Progress<'_>) + Send + Sync + 'static) -> Observer {
        Observer(Some(Arc::new(f)))
    }

    /// An observer that prints reports to standard error, each with the seconds since it was
    /// made, as `uri-gen generate` does: none in the first `quiet` of the work (short work prints
    /// nothing), then at most one a second, and every finished tagged DFA or minimization. With
    /// `quiet` zero and `every` zero, every report is printed (`--timings`).
    pub fn stderr(quiet: Duration, every: Duration) -> Observer {
        let start = Instant::now();
        let last: Mutex<Option<Instant>> = Mutex::new(None);
        Observer::new(move |p| {
            let now = Instant::now();
            if now - start < quiet {
                return;
            }
            let Ok(mut last) = last.lock() else { return };
            let milestone = p.done && p.stage != Stage::Determinize;
            if milestone || last.is_none_or(|at| now - at >= every) {
                *last = Some(now);
                let seconds = (now - start).as_secs_f64();
                // A closed standard error is no reason to stop compiling.
                let _ = writeln!(std::io::stderr().lock(), "[{seconds:7.2} s] {p}");
            }
        })
    }

    /// Tells the observer, if there is one.
    pub fn report(&self, progress: Progress<'_>) {
        if let Some(f) = &self.0 {
            f(&progress);
        }
    }

    /// Whether reports go nowhere.
    pub fn is_silent(&self) -> bool {
        self.0.is_none()
    }
}

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_silent() { "Observer(none)" } else { "Observer(..)" })
    }
}

/// Two observers are equal when both are silent or both are the same function.
impl PartialEq for Observer {
    fn eq(&self, other: &Observer) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Observer {}
