//! `file:` URIs (RFC 8089) from and to file paths: one function per path style, Unix and
//! Windows, so that both run on any OS, and the native style for `std::path::Path`
//! (feature `std`).
//!
//! Each path segment is percent-encoded with the set of the `segment` rule
//! ([`EncodeSet::PATH_SEGMENT`]): what a file name may hold but a URI may not (spaces, `%`, `?`,
//! `#`, non-ASCII) is encoded, and decoded on the way back. A URI whose decoded segment holds a
//! separator (`%2F`, and on Windows `%5C`) or a NUL byte names no file and is refused.

use alloc::{string::String, vec::Vec};
use core::fmt;
#[cfg(feature = "std")]
use std::path::{Path, PathBuf};

use crate::percent::decode;
use crate::{EncodeSet, HostKind, Uri, UriBuf};

/// Why a path could not become a `file:` URI, or a URI a path.
///
/// ```
/// let err = uri::UriBuf::from_unix_path(b"relative/path").unwrap_err();
/// assert_eq!(err.to_string(), "not an absolute path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FilePathError {
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    NotAbsolute,
    Nul,
    NotFile,
    QueryOrUserinfo,
    NonLocalHost,
    EncodedSeparator,
    NotUtf8,
    Unsupported,
    Malformed,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            Kind::NotAbsolute => "not an absolute path",
            Kind::Nul => "a path cannot hold a NUL byte",
            Kind::NotFile => "not a file: URI",
            Kind::QueryOrUserinfo => "a file: URI with a query, user information or port names no file path",
            Kind::NonLocalHost => "the file is on another host, which a Unix path cannot name",
            Kind::EncodedSeparator => "a path segment holds an encoded separator",
            Kind::NotUtf8 => "the decoded path is not UTF-8",
            Kind::Unsupported => {
                "this kind of path has no file: URI here (device, \\\\?\\ or IP-literal UNC)"
            }
            Kind::Malformed => "a percent-encoding in the path is malformed",
        })
    }
}

impl core::error::Error for FilePathError {}

fn error<T>(kind: Kind) -> Result<T, FilePathError> {
    Err(FilePathError { kind })
}

/// Appends each segment of `segments`, encoded, after a `/`.
fn push_segments<'a>(out: &mut String, segments: impl Iterator<Item = &'a [u8]>) {
    for segment in segments {
        out.push('/');
        out.push_str(&EncodeSet::PATH_SEGMENT.encode_bytes(segment));
    }
}

impl UriBuf {
    /// The `file:` URI of an absolute Unix path (bytes, as Unix file names are), with an empty
    /// authority (`file:///etc/hosts`, RFC 8089 Appendix B).
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for a path that does not start with `/` or holds a NUL byte.
    ///
    /// ```
    /// let uri = uri::UriBuf::from_unix_path(b"/home/me/My Files/100%.txt").unwrap();
    /// assert_eq!(uri, "file:///home/me/My%20Files/100%25.txt");
    /// assert_eq!(uri.as_uri().to_unix_path().unwrap(), b"/home/me/My Files/100%.txt");
    /// ```
    pub fn from_unix_path(path: &[u8]) -> Result<UriBuf, FilePathError> {
        if path.first() != Some(&b'/') {
            return error(Kind::NotAbsolute);
        }
        if path.contains(&0) {
            return error(Kind::Nul);
        }
        let mut out = String::with_capacity(path.len() + 8);
        out.push_str("file://");
        push_segments(&mut out, path[1..].split(|&b| b == b'/'));
        UriBuf::parse(out).or(error(Kind::Malformed))
    }

    /// The `file:` URI of an absolute Windows path: a drive letter path (`C:\dir\file`, as
    /// `file:///C:/dir/file`) or a UNC path (`\\server\share\file`, as
    /// `file://server/share/file`, RFC 8089 Appendix E.3.1). `\` and `/` both separate.
    /// A server named `localhost` goes in the path (`file:////localhost/share`, Appendix E.3.2),
    /// since `file://localhost/` names the local machine.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for a relative path (`dir\file`, `\dir`, `C:file`), a path with a
    /// NUL, a `\\?\` or `\\.\` path, or a UNC path without a share.
    ///
    /// ```
    /// use uri::UriBuf;
    ///
    /// assert_eq!(UriBuf::from_windows_path(r"C:\Program Files\a#b").unwrap(), "file:///C:/Program%20Files/a%23b");
    /// let unc = UriBuf::from_windows_path(r"\\host.example.com\Share\path\to\file.txt").unwrap();
    /// assert_eq!(unc, "file://host.example.com/Share/path/to/file.txt");
    /// assert!(UriBuf::from_windows_path(r"C:relative").is_err());
    /// ```
    pub fn from_windows_path(path: &str) -> Result<UriBuf, FilePathError> {
        if path.contains('\0') {
            return error(Kind::Nul);
        }
        let is_separator = |b: u8| b == b'\\' || b == b'/';
        let bytes = path.as_bytes();
        let mut out = String::with_capacity(path.len() + 8);
        out.push_str("file://");
        if bytes.len() >= 2 && is_separator(bytes[0]) && is_separator(bytes[1]) {
            let rest = &bytes[2..];
            if rest.first().is_some_and(|&b| b == b'?' || b == b'.')
                && rest.get(1).is_some_and(|&b| is_separator(b))
            {
                return error(Kind::Unsupported);
            }
            let mut parts = rest.split(|&b| is_separator(b));
            let server = parts.next().unwrap_or_default();
            let share = parts.next().unwrap_or_default();
            if server.is_empty() || share.is_empty() {
                return error(Kind::NotAbsolute);
            }
            if server.eq_ignore_ascii_case(b"localhost") {
                out.push_str("//");
            }
            out.push_str(&EncodeSet::REG_NAME.encode_bytes(server));
            push_segments(&mut out, core::iter::once(share).chain(parts));
        } else if bytes.len() >= 3
            && bytes[0].is_ascii_alphabetic()
            && bytes[1] == b':'
            && is_separator(bytes[2])
        {
            out.push('/');
            out.push_str(&path[..2]);
            push_segments(&mut out, bytes[3..].split(|&b| is_separator(b)));
        } else {
            return error(Kind::NotAbsolute);
        }
        UriBuf::parse(out).or(error(Kind::Malformed))
    }

    /// The `file:` URI of a path in this system's style ([`UriBuf::from_unix_path`] on Unix,
    /// [`UriBuf::from_windows_path`] on Windows; elsewhere the path as UTF-8 in the Unix style).
    ///
    /// # Errors
    ///
    /// Those of the style's function; on Windows and elsewhere also a path that is not UTF-8.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let uri = uri::UriBuf::from_file_path(std::path::Path::new("/tmp/a b")).unwrap();
    /// assert_eq!(uri, "file:///tmp/a%20b");
    /// assert_eq!(uri.to_file_path().unwrap(), std::path::Path::new("/tmp/a b"));
    /// # }
    /// ```
    #[cfg(feature = "std")]
    pub fn from_file_path(path: &Path) -> Result<UriBuf, FilePathError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            UriBuf::from_unix_path(path.as_os_str().as_bytes())
        }
        #[cfg(windows)]
        {
            UriBuf::from_windows_path(path.to_str().ok_or(FilePathError { kind: Kind::NotUtf8 })?)
        }
        #[cfg(not(any(unix, windows)))]
        {
            UriBuf::from_unix_path(path.to_str().ok_or(FilePathError { kind: Kind::NotUtf8 })?.as_bytes())
        }
    }

    /// The path this `file:` URI names, in this system's style; see [`Uri::to_file_path`].
    ///
    /// # Errors
    ///
    /// Those of [`Uri::to_file_path`].
    ///
    /// ```
    /// # #[cfg(unix)]
    /// assert_eq!(uri::UriBuf::parse("file:///etc/hosts").unwrap().to_file_path().unwrap(), std::path::Path::new("/etc/hosts"));
    /// ```
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
        self.as_uri().to_file_path()
    }
}

/// The host and path of a `file:` URI, once its scheme and components are checked: `None` for a
/// local file (no authority, an empty one, or `localhost`).
fn file_parts<'a>(uri: &Uri<'a>) -> Result<(Option<&'a str>, &'a str), FilePathError> {
    if !uri.scheme().eq_ignore_ascii_case("file") {
        return error(Kind::NotFile);
    }
    if uri.query().is_some() {
        return error(Kind::QueryOrUserinfo);
    }
    match uri.authority() {
        Some(a) if a.userinfo().is_some() || a.port().is_some() => error(Kind::QueryOrUserinfo),
        Some(a) if !a.host().is_empty() && !a.host().eq_ignore_ascii_case("localhost") => {
            if a.host_kind() == HostKind::Ipv6 || a.host_kind() == HostKind::IpvFuture {
                return error(Kind::Unsupported);
            }
            Ok((Some(a.host()), uri.path()))
        }
        _ => Ok((None, uri.path())),
    }
}

/// The decoded segments of `path` (after its leading `/`), none holding a separator or NUL.
fn decoded_segments(path: &str, separators: &[u8]) -> Result<Vec<Vec<u8>>, FilePathError> {
    let mut segments = Vec::new();
    for segment in path.split('/') {
        let bytes = decode(segment).or(error(Kind::Malformed))?.into_owned();
        if bytes.contains(&0) {
            return error(Kind::Nul);
        }
        if bytes.iter().any(|b| separators.contains(b)) {
            return error(Kind::EncodedSeparator);
        }
        segments.push(bytes);
    }
    Ok(segments)
}

impl Uri<'_> {
    /// The Unix path this `file:` URI names: a local file (no host, an empty one or
    /// `localhost`) with an absolute path, decoded. The fragment is ignored.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for another scheme, a host other than `localhost`, user information,
    /// a port or a query, a path that is not absolute, or a segment that decodes to a `/` or a
    /// NUL.
    ///
    /// ```
    /// use uri::Uri;
    ///
    /// for text in ["file:///path/to/file", "file:/path/to/file", "file://localhost/path/to/file"] {
    ///     assert_eq!(Uri::parse(text).unwrap().to_unix_path().unwrap(), b"/path/to/file");
    /// }
    /// assert!(Uri::parse("file://host.example.com/path/to/file").unwrap().to_unix_path().is_err());
    /// assert!(Uri::parse("file:///a%2Fb").unwrap().to_unix_path().is_err());
    /// ```
    pub fn to_unix_path(&self) -> Result<Vec<u8>, FilePathError> {
        let (host, path) = file_parts(self)?;
        unix_path(host, path)
    }

    /// The Windows path this `file:` URI names: a drive letter path for a local file
    /// (`file:///C:/dir`, `file:/C:/dir` and `file:C:/dir`, RFC 8089 Appendix E.2, all give
    /// `C:\dir`), a UNC path for a file on another host (`file://server/share/f` and, Appendix
    /// E.3.2, `file:////server/share/f` and `file://///server/share/f` give
    /// `\\server\share\f`). The fragment is ignored.
    ///
    /// # Errors
    ///
    /// A [`FilePathError`] for another scheme, user information, a port or a query, a local
    /// path without a drive letter, an IP-literal host, a segment that decodes to `\`, `/` or
    /// NUL, or one that is not UTF-8.
    ///
    /// ```
    /// use uri::Uri;
    ///
    /// let path = |text: &str| Uri::parse(text).unwrap().to_windows_path();
    /// assert_eq!(path("file:///c:/path/to/file").unwrap(), r"c:\path\to\file");
    /// assert_eq!(path("file:c:/path/to/file").unwrap(), r"c:\path\to\file");
    /// assert_eq!(path("file://host.example.com/Share/a%20b.txt").unwrap(), r"\\host.example.com\Share\a b.txt");
    /// assert_eq!(path("file://///host.example.com/path/to/file").unwrap(), r"\\host.example.com\path\to\file");
    /// assert!(path("file:///etc/hosts").is_err());
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        let (host, path) = file_parts(self)?;
        windows_path(host, path)
    }

    /// The path this `file:` URI names, in this system's style ([`Uri::to_unix_path`] on Unix,
    /// [`Uri::to_windows_path`] on Windows; elsewhere the Unix style, as UTF-8).
    ///
    /// # Errors
    ///
    /// Those of the style's function; outside Unix also a path that is not UTF-8.
    ///
    /// ```
    /// # #[cfg(unix)]
    /// assert_eq!(uri::Uri::parse("file:///a%20b").unwrap().to_file_path().unwrap(), std::path::Path::new("/a b"));
    /// ```
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            Ok(PathBuf::from(std::ffi::OsString::from_vec(self.to_unix_path()?)))
        }
        #[cfg(windows)]
        {
            Ok(PathBuf::from(self.to_windows_path()?))
        }
        #[cfg(not(any(unix, windows)))]
        {
            Ok(PathBuf::from(String::from_utf8(self.to_unix_path()?).or(error(Kind::NotUtf8))?))
        }
    }
}

/// The Unix path of a `file:` URI's host (`None` for a local file) and path.
pub(crate) fn unix_path(host: Option<&str>, path: &str) -> Result<Vec<u8>, FilePathError> {
    if host.is_some() {
        return error(Kind::NonLocalHost);
    }
    let Some(path) = path.strip_prefix('/') else { return error(Kind::NotAbsolute) };
    let mut out = Vec::with_capacity(path.len() + 1);
    for segment in decoded_segments(path, b"/")? {
        out.push(b'/');
        out.extend_from_slice(&segment);
    }
    Ok(out)
}

/// The Windows path of a `file:` URI's host (`None` for a local file) and path: a drive letter
/// path, or a UNC path for a host or for the UNC forms of RFC 8089 Appendix E.3.2.
pub(crate) fn windows_path(host: Option<&str>, path: &str) -> Result<String, FilePathError> {
    let (server, rest) = match host {
        Some(host) => (Some(decode(host).or(error(Kind::Malformed))?.into_owned()), path),
        None => {
            // The UNC forms of Appendix E.3.2: two or three slashes before the server.
            let unc = path.strip_prefix("///").or_else(|| path.strip_prefix("//"));
            match unc.and_then(|rest| rest.split_once('/')) {
                Some((server, rest)) if !server.is_empty() => (
                    Some(decode(server).or(error(Kind::Malformed))?.into_owned()),
                    &path[path.len() - rest.len() - 1..],
                ),
                _ => (None, path),
            }
        }
    };
    let mut out = Vec::with_capacity(path.len() + 2);
    let rest = match server {
        Some(server) => {
            out.extend_from_slice(br"\\");
            out.extend_from_slice(&server);
            match rest.strip_prefix('/') {
                // A share, then the path in it.
                Some(rest) if !rest.starts_with('/') && !rest.is_empty() => rest,
                _ => return error(Kind::NotAbsolute),
            }
        }
        None => {
            let drive = path.strip_prefix('/').unwrap_or(path);
            let b = drive.as_bytes();
            if !(b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b.len() == 2 || b[2] == b'/'))
            {
                return error(Kind::NotAbsolute);
            }
            out.extend_from_slice(&b[..2]);
            drive.get(3..).unwrap_or("")
        }
    };
    for segment in decoded_segments(rest, b"\\/")? {
        out.push(b'\\');
        out.extend_from_slice(&segment);
    }
    String::from_utf8(out).or(error(Kind::NotUtf8))
}

/// The error of a host that names no path: an IP literal (the UNC forms have none).
pub(crate) fn unsupported_host<T>() -> Result<T, FilePathError> {
    error(Kind::Unsupported)
}

/// The error of a `file:` URI with user information, which names no path.
pub(crate) fn userinfo_error<T>() -> Result<T, FilePathError> {
    error(Kind::QueryOrUserinfo)
}
