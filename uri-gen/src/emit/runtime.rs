//! The runtime file a crate holds once for all its generated modules: which parts its modules
//! need ([`RuntimeParts`]) and its text, put together from `uri-gen`'s own runtime sources
//! (`src/runtime/`), so that every copy is the code compiled and tested here.

use crate::emit::walk::EmitOptions;
use crate::rtn::Program;

/// The table walks, which every runtime file holds (with the list walk below).
const WALK: &str = include_str!("../runtime/walk.rs");
/// The walk that yields a list capture's occurrences.
const LIST: &str = include_str!("../runtime/list.rs");
/// What every generated parser module does the same way (slots, text, expected bytes).
const GLUE: &str = include_str!("../runtime/glue.rs");
/// The AVX2 walk.
const VECTOR: &str = include_str!("../runtime/vector.rs");
/// The Earley engine and the glue of modules with recursive rules.
const EARLEY: &str = include_str!("../runtime/earley.rs");

/// The parts of the runtime file that a crate's modules need, besides the table walks that
/// every runtime file holds.
///
/// A runtime file with more parts serves every module that needs fewer, so a crate with several
/// modules writes the runtime of their [`RuntimeParts::union`].
///
/// ```
/// use uri_gen::emit::RuntimeParts;
///
/// let regular = RuntimeParts::default();
/// let recursive = RuntimeParts { earley: true, ..RuntimeParts::default() };
/// let both = regular.union(recursive);
/// assert!(both.text().contains("pub mod earley"));
/// assert!(!regular.text().contains("pub mod earley"));
/// assert_eq!(RuntimeParts::of_text(&both.text()), Some(both));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuntimeParts {
    /// The AVX2 walk, for modules emitted with [`EmitOptions::vector`]: it asks of the crate
    /// what [`EmitOptions::vector`] says.
    pub vector: bool,
    /// The Earley engine (`earley`), for modules with recursive rules: it needs `alloc`, which
    /// it declares itself, and has no `unsafe`.
    pub earley: bool,
}

impl RuntimeParts {
    /// Every combination of parts, the smallest first.
    pub const ALL: [RuntimeParts; 4] = [
        RuntimeParts { vector: false, earley: false },
        RuntimeParts { vector: true, earley: false },
        RuntimeParts { vector: false, earley: true },
        RuntimeParts { vector: true, earley: true },
    ];

    /// The parts that the module of `program`, emitted with `options`, needs.
    pub fn for_program(program: &Program, options: &EmitOptions) -> RuntimeParts {
        RuntimeParts { vector: options.vector, earley: !program.all_regular() }
    }

    /// The parts that serve the modules of both `self` and `other`.
    #[must_use]
    pub fn union(self, other: RuntimeParts) -> RuntimeParts {
        RuntimeParts { vector: self.vector || other.vector, earley: self.earley || other.earley }
    }

    /// Whether a runtime file with these parts serves a module that needs `other`.
    pub fn covers(self, other: RuntimeParts) -> bool {
        self.union(other) == self
    }

    /// The text of the runtime file: the table walks, the list walk and the functions every
    /// parser module shares, then the AVX2 walk, then
    /// the Earley engine, each as `uri-gen`'s source has it.
    pub fn text(self) -> String {
        let mut text = String::from(WALK);
        text.push_str(LIST);
        text.push_str(GLUE);
        for (wanted, part) in [(self.vector, VECTOR), (self.earley, EARLEY)] {
            if wanted {
                text.push('\n');
                text.push_str(part);
            }
        }
        text
    }

    /// The parts of a runtime file whose text is `text`, when it is exactly one that this
    /// version of `uri-gen` writes.
    pub fn of_text(text: &str) -> Option<RuntimeParts> {
        RuntimeParts::ALL.into_iter().find(|parts| parts.text() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `text` that are not comments.
    fn code(text: &str) -> Vec<&str> {
        text.lines().filter(|l| !l.trim_start().starts_with("//")).collect()
    }

    #[test]
    fn only_the_vector_walk_uses_unsafe() {
        for parts in RuntimeParts::ALL {
            let unsafe_code = code(&parts.text()).iter().any(|l| l.contains("unsafe"));
            assert_eq!(unsafe_code, parts.vector, "{parts:?}");
        }
    }

    #[test]
    fn only_the_earley_engine_uses_alloc() {
        for parts in RuntimeParts::ALL {
            let text = parts.text();
            assert_eq!(code(&text).iter().any(|l| l.contains("alloc")), parts.earley, "{parts:?}");
            // The AVX2 walk detects CPU features with `std` where the including crate has it.
            let uses_std = code(&text).iter().any(|l| l.contains("std::"));
            assert!(!uses_std || parts.vector, "{parts:?}: core and alloc only");
        }
    }

    #[test]
    fn every_text_names_its_parts_and_larger_parts_cover_smaller() {
        for parts in RuntimeParts::ALL {
            assert_eq!(RuntimeParts::of_text(&parts.text()), Some(parts));
            assert!(parts.text().starts_with(WALK));
            for other in RuntimeParts::ALL {
                let union = parts.union(other);
                assert!(union.covers(parts) && union.covers(other));
                assert_eq!(parts.covers(other), union == parts, "{parts:?} {other:?}");
            }
        }
        assert_eq!(RuntimeParts::of_text("// some other file\n"), None);
    }
}
