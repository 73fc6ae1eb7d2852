//! RFC 8089 `file:` URIs, recognized and split by a parser that `build.rs` generates from the
//! RFC's grammar: a crate that uses `uri-gen` as a build-time library.
//!
//! ```
//! use build_example::{file_uri, FileUri};
//!
//! assert!(file_uri::rules::Rule::FileUri.matches(b"file:///etc/fstab"));
//! let uri = FileUri::parse("file://host.example.com/path/to/file").unwrap();
//! assert_eq!(uri.host(), Some("host.example.com"));
//! assert_eq!(uri.path(), "/path/to/file");
//! ```

#![no_std]
#![forbid(unsafe_code)]

/// The walk runtime that generated modules run on, once per crate.
mod uri_gen_runtime {
    include!(concat!(env!("OUT_DIR"), "/uri_gen_runtime.rs"));
}

/// The recognizers (`rules`) and the capturing parser (`parser`) generated from RFC 8089.
pub mod file_uri {
    include!(concat!(env!("OUT_DIR"), "/file_uri.rs"));
}

use file_uri::parser::{Failure, Parsed, Parser};

/// A `file:` URI split into its host and path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileUri<'a>(Parsed<'a>);

impl<'a> FileUri<'a> {
    /// Parses `text` as a `file-URI` (RFC 8089 section 2); on failure, the index of the first
    /// byte no `file-URI` can continue with and the bytes that could have come there.
    pub fn parse(text: &'a str) -> Result<FileUri<'a>, Failure> {
        Parser::FileUri.parse_str(text).map(FileUri)
    }

    /// The host, when the URI has an authority that is not `localhost`.
    pub fn host(&self) -> Option<&'a str> {
        self.0.host()
    }

    /// The absolute path.
    pub fn path(&self) -> &'a str {
        self.0.path().unwrap_or("")
    }

    /// Whether the URI names the local machine: no authority, an empty one or `localhost`.
    pub fn is_local(&self) -> bool {
        self.host().is_none_or(str::is_empty)
    }
}
