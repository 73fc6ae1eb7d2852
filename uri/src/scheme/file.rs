//! `file:` URIs (RFC 8089): [`File`], its host and path, the nonstandard forms of Appendix F on
//! request ([`FileOptions`]), and platform paths through the crate's `file:` path conversions.

use alloc::{string::String, vec::Vec};
use core::fmt;

use super::error::{Miss, Names, SchemeError, SchemeGrammar, Spans};
use super::generated::{file, file_nonstandard};
use crate::file_path::{unix_path, unsupported_host, userinfo_error, windows_path};
use crate::{FilePathError, Uri, UriRef};

/// How [`File::parse_with`] reads a `file:` URI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileOptions {
    nonstandard: bool,
}

impl FileOptions {
    /// The syntax of RFC 8089 section 2 alone (the default).
    pub const STANDARD: FileOptions = FileOptions { nonstandard: false };
    /// Also the nonstandard forms collected in RFC 8089 Appendix F, which is not normative:
    /// user information (E.1), drive letters with `:` or `|` (E.2, E.2.2) and UNC strings after
    /// an empty authority (E.3.2).
    pub const NONSTANDARD: FileOptions = FileOptions { nonstandard: true };
}

/// The host of a `file:` URI (RFC 8089 section 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileHost<'a> {
    /// No authority: `file:/path`.
    None,
    /// An empty authority: `file:///path`, a local file.
    Empty,
    /// `localhost`, in any case and with any of its letters percent-encoded (`loc%61lhost`, the
    /// same name by RFC 3986 section 6.2.2.2): "the machine from which the URI is being
    /// interpreted".
    Localhost,
    /// A host name or IP literal, as written; with [`FileOptions::NONSTANDARD`] also the
    /// server of a UNC string (`file:////server/share/f`).
    Name(&'a str),
}

impl FileHost<'_> {
    /// Whether the host names the local machine: none, empty or `localhost`.
    ///
    /// ```
    /// use uri::scheme::{File, FileHost};
    ///
    /// for text in ["file:/etc", "file:///etc", "file://LOCALHOST/etc", "file://loc%61lhost/etc"] {
    ///     assert!(File::parse(text).unwrap().host().is_local(), "{text}");
    /// }
    /// assert_eq!(File::parse("file://loc%61lhost/etc").unwrap().host(), FileHost::Localhost);
    /// let remote = File::parse("file://localhost.example/etc").unwrap().host();
    /// assert_eq!(remote, FileHost::Name("localhost.example"));
    /// assert!(!remote.is_local());
    /// assert!(!File::parse("file://l%6Fcal/etc").unwrap().host().is_local());
    /// ```
    #[must_use]
    pub fn is_local(&self) -> bool {
        !matches!(self, FileHost::Name(_))
    }
}

/// A `file:` URI (RFC 8089 `file-URI`), borrowing its text, read by a parser generated from
/// section 2's grammar with `host` as RFC 6874 updates it (IPv6 zone identifiers), or from
/// Appendix F's with [`FileOptions::NONSTANDARD`].
///
/// ```
/// use uri::scheme::{File, FileHost, FileOptions};
///
/// let f = File::parse("file://host.example.com/path/to/file").unwrap();
/// assert_eq!((f.host(), f.path()), (FileHost::Name("host.example.com"), "/path/to/file"));
/// assert_eq!(File::parse("file:///etc/hosts").unwrap().host(), FileHost::Empty);
/// assert_eq!(File::parse("file:/etc/hosts").unwrap().host(), FileHost::None);
/// assert_eq!(File::parse("FILE://LocalHost/etc").unwrap().host(), FileHost::Localhost);
///
/// assert!(File::parse("file:c:/path/to/file").is_err());
/// let dos = File::parse_with("file:c|/path/to/file", FileOptions::NONSTANDARD).unwrap();
/// assert_eq!((dos.drive_letter(), dos.path()), (Some("c|"), "/path/to/file"));
/// assert_eq!(dos.to_windows_path().unwrap(), r"c:\path\to\file");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct File<'a> {
    text: &'a str,
    host: FileHost<'a>,
    ip_literal: bool,
    path: &'a str,
    userinfo: Option<&'a str>,
    drive_letter: Option<&'a str>,
}

pub(crate) struct Grammar;

impl SchemeGrammar for Grammar {
    const NAMES: &'static Names =
        &Names::of(file::Parser::File.scheme(), "RFC 8089", file::Parser::File.rule_name());

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = file::Parser::File.parse(input).map_err(Miss::from)?;
        let parts = [("host", c.host(input.len())), ("path", c.path(input.len()))];
        Ok(parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect())
    }
}

pub(crate) struct NonstandardGrammar;

impl SchemeGrammar for NonstandardGrammar {
    const NAMES: &'static Names = &Names::of(
        file_nonstandard::Parser::FileNonstandard.scheme(),
        "RFC 8089 Appendix F",
        file_nonstandard::Parser::FileNonstandard.rule_name(),
    );

    fn run(input: &[u8]) -> Result<Spans, Miss> {
        let c = file_nonstandard::Parser::FileNonstandard.parse(input).map_err(Miss::from)?;
        let parts = [
            ("host", c.host(input.len())),
            ("user information", c.userinfo(input.len())),
            ("host", c.unc_host(input.len())),
            ("drive letter", c.drive_letter(input.len())),
            ("path", c.path(input.len())),
        ];
        Ok(parts.into_iter().filter_map(|(name, span)| Some((name, span?))).collect())
    }
}

/// The host as [`FileHost`] says it, from the captured `file-auth` (if any) and whether the
/// literal `localhost` matched.
fn host_of<'a>(auth: Option<&'a str>, host: Option<&'a str>, localhost: bool) -> FileHost<'a> {
    match (auth, host) {
        (None, _) => FileHost::None,
        (Some(_), _) if localhost => FileHost::Localhost,
        (Some(_), Some("") | None) => FileHost::Empty,
        (Some(_), Some(name)) if is_encoded_localhost(name) => FileHost::Localhost,
        (Some(_), Some(name)) => FileHost::Name(name),
    }
}

/// Whether a host name that did not match the literal `localhost` is that literal with some of
/// its characters percent-encoded, which RFC 3986 section 6.2.2.2 makes the same name: the
/// decoded name is read again by section 2's parser.
fn is_encoded_localhost(name: &str) -> bool {
    if !name.contains('%') {
        return false;
    }
    let Ok(decoded) = crate::percent::decode_utf8(name) else { return false };
    let mut text = String::from("file://");
    text.push_str(&decoded);
    text.push('/');
    file::Parser::File.parse_str(&text).is_ok_and(|parsed| parsed.localhost().is_some())
}

impl<'a> File<'a> {
    /// Parses `text` as a `file:` URI of RFC 8089 section 2.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] where `text` stops matching `file-URI`.
    ///
    /// ```
    /// let err = uri::scheme::File::parse("file://host/a b").unwrap_err();
    /// assert_eq!((err.index(), err.component()), (13, Some("path")));
    /// ```
    pub fn parse(text: &'a str) -> Result<File<'a>, SchemeError> {
        File::parse_with(text, FileOptions::STANDARD)
    }

    /// Parses `text` as a `file:` URI, with the nonstandard forms of Appendix F when `options`
    /// asks for them.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] where `text` stops matching the chosen `file-URI`.
    ///
    /// ```
    /// use uri::scheme::{File, FileHost, FileOptions};
    ///
    /// let unc = File::parse_with("file:////host.example.com/path/to/file", FileOptions::NONSTANDARD).unwrap();
    /// assert_eq!((unc.host(), unc.path()), (FileHost::Name("host.example.com"), "/path/to/file"));
    /// assert_eq!(unc.to_windows_path().unwrap(), r"\\host.example.com\path\to\file");
    /// ```
    pub fn parse_with(text: &'a str, options: FileOptions) -> Result<File<'a>, SchemeError> {
        if options.nonstandard {
            return File::parse_nonstandard(text);
        }
        let parsed = file::Parser::File
            .parse_str(text)
            .map_err(|f| SchemeError::new::<Grammar>(text.as_bytes(), f))?;
        let ip_literal = parsed.ip_literal().is_some();
        Ok(File {
            text,
            host: host_of(parsed.auth_path(), parsed.host(), parsed.localhost().is_some()),
            ip_literal,
            path: parsed.path().unwrap_or_default(),
            userinfo: None,
            drive_letter: None,
        })
    }

    fn parse_nonstandard(text: &'a str) -> Result<File<'a>, SchemeError> {
        let parsed = file_nonstandard::Parser::FileNonstandard
            .parse_str(text)
            .map_err(|f| SchemeError::new::<NonstandardGrammar>(text.as_bytes(), f))?;
        let ip_literal = parsed.ip_literal().is_some();
        let host = match parsed.unc_host() {
            Some(server) => FileHost::Name(server),
            None => host_of(parsed.auth_path(), parsed.host(), parsed.localhost().is_some()),
        };
        Ok(File {
            text,
            host,
            ip_literal,
            path: parsed.path().unwrap_or_default(),
            userinfo: parsed.userinfo(),
            drive_letter: parsed.drive_letter(),
        })
    }

    /// The whole text.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The host: none, empty, `localhost` or a name (section 2).
    #[must_use]
    pub fn host(&self) -> FileHost<'a> {
        self.host
    }

    /// The absolute path (`path-absolute`), after any drive letter.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// The user information before `@` in the authority (Appendix E.1; only with
    /// [`FileOptions::NONSTANDARD`]).
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }

    /// The drive letter and its `:` or `|` (Appendix E.2; only with
    /// [`FileOptions::NONSTANDARD`], where the path does not read it as a first segment).
    #[must_use]
    pub fn drive_letter(&self) -> Option<&'a str> {
        self.drive_letter
    }

    /// The Unix path this URI names: a local file (no host, an empty one or `localhost`) with
    /// its path decoded, as [`Uri::to_unix_path`] gives it.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for a host other than `localhost`, user information, a drive letter,
    /// or a segment that decodes to `/` or NUL.
    ///
    /// ```
    /// let f = uri::scheme::File::parse("file://localhost/a%20b").unwrap();
    /// assert_eq!(f.to_unix_path().unwrap(), b"/a b");
    /// ```
    pub fn to_unix_path(&self) -> Result<Vec<u8>, FilePathError> {
        let (host, path) = self.parts()?;
        if self.drive_letter.is_some() {
            // A drive letter names no Unix path: the error of a path that is not absolute (or
            // of the host, if there is one).
            return unix_path(host, "");
        }
        unix_path(host, path)
    }

    /// The Windows path this URI names, as [`Uri::to_windows_path`] gives it: a drive letter
    /// path (a drive letter with `|` read as `:`), or a UNC path for a file on another host.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for user information, a local path without a drive letter, an IP
    /// literal host, or a segment that decodes to `\`, `/` or NUL, or is not UTF-8.
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        let (host, path) = self.parts()?;
        match self.drive_letter {
            Some(drive) => {
                let mut with_drive = String::with_capacity(path.len() + 3);
                with_drive.push('/');
                with_drive.push_str(&drive[..1]);
                with_drive.push(':');
                with_drive.push_str(path);
                windows_path(host, &with_drive)
            }
            None => windows_path(host, path),
        }
    }

    /// The path in this system's style, as [`Uri::to_file_path`] gives it.
    ///
    /// # Errors
    ///
    /// Those of [`File::to_unix_path`] or [`File::to_windows_path`].
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FilePathError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            Ok(std::path::PathBuf::from(std::ffi::OsString::from_vec(self.to_unix_path()?)))
        }
        #[cfg(not(unix))]
        {
            Ok(std::path::PathBuf::from(self.to_windows_path()?))
        }
    }

    /// The host a path conversion sees (`None` for a local file) and the path.
    fn parts(&self) -> Result<(Option<&'a str>, &'a str), FilePathError> {
        if self.userinfo.is_some() {
            return userinfo_error();
        }
        if self.ip_literal {
            return unsupported_host();
        }
        match self.host {
            FileHost::Name(name) => Ok((Some(name), self.path)),
            _ => Ok((None, self.path)),
        }
    }
}

impl fmt::Display for File<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// A `file:` URI of section 2 that RFC 3986 also reads (every one but those with an RFC 6874
/// zone identifier in the host, which [`File::parse`] alone reads).
impl<'a> TryFrom<&Uri<'a>> for File<'a> {
    type Error = SchemeError;

    fn try_from(uri: &Uri<'a>) -> Result<File<'a>, SchemeError> {
        File::parse(uri.as_str())
    }
}

impl<'a> TryFrom<&UriRef<'a>> for File<'a> {
    type Error = SchemeError;

    fn try_from(uri: &UriRef<'a>) -> Result<File<'a>, SchemeError> {
        File::parse(uri.as_str())
    }
}
