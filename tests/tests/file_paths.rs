//! `file:` URIs and paths (RFC 8089): the examples of the RFC's appendices, both path styles on
//! any OS, and round trips of arbitrary paths.

use proptest::prelude::*;
use uri::{Uri, UriBuf};

fn unix(text: &str) -> Result<String, uri::FilePathError> {
    Uri::parse(text).unwrap().to_unix_path().map(|p| String::from_utf8(p).unwrap())
}

fn windows(text: &str) -> Result<String, uri::FilePathError> {
    Uri::parse(text).unwrap().to_windows_path()
}

/// Appendix B: local files with and without an empty authority, and a non-local file.
#[test]
fn appendix_b_examples() {
    assert_eq!(unix("file:///path/to/file").unwrap(), "/path/to/file");
    assert_eq!(unix("file:/path/to/file").unwrap(), "/path/to/file");
    assert_eq!(UriBuf::from_unix_path(b"/path/to/file").unwrap(), "file:///path/to/file");
    let remote = "file://host.example.com/path/to/file";
    assert_eq!(
        unix(remote).unwrap_err().to_string(),
        "the file is on another host, which a Unix path cannot name"
    );
    assert_eq!(windows(remote).unwrap(), r"\\host.example.com\path\to\file");
}

/// Appendix D.1: a tilde is just a tilde.
#[test]
fn appendix_d_tilde() {
    assert_eq!(UriBuf::from_unix_path(b"/~user/x").unwrap(), "file:///~user/x");
    assert_eq!(unix("file:///~user/x").unwrap(), "/~user/x");
}

/// Appendix E.1: user information names no file path here.
#[test]
fn appendix_e1_userinfo_is_refused() {
    assert!(unix("file://user@host/x").is_err());
    assert!(windows("file://user@host/x").is_err());
}

/// Appendix E.2: drive letters, with the minimal form `file:c:/...`; E.2.2's vertical line is
/// not RFC 3986 syntax, so such URIs do not parse (replace `|` with `:` to update them).
#[test]
fn appendix_e2_drive_letters() {
    for text in ["file:c:/path/to/file", "file:///c:/path/to/file", "file:/c:/path/to/file"] {
        assert_eq!(windows(text).unwrap(), r"c:\path\to\file", "{text}");
    }
    assert_eq!(UriBuf::from_windows_path(r"c:\path\to\file").unwrap(), "file:///c:/path/to/file");
    for text in ["file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file"] {
        assert!(Uri::parse(text).is_err(), "{text}");
        assert_eq!(windows(&text.replace('|', ":")).unwrap(), r"c:\path\to\file");
    }
    // E.2.1: resolution within a drive (plain RFC 3986 resolution already keeps it here).
    let base = Uri::parse("file:///c:/path/to/file.txt").unwrap();
    let resolved = base.resolve(&uri::UriRef::parse("/c:/some/other/thing.bmp").unwrap());
    assert_eq!(resolved, "file:///c:/some/other/thing.bmp");
}

/// Appendix E.3: UNC strings, with the authority (E.3.1) or in the path (E.3.2).
#[test]
fn appendix_e3_unc() {
    let unc = r"\\host.example.com\Share\path\to\file.txt";
    let uri = UriBuf::from_windows_path(unc).unwrap();
    assert_eq!(uri, "file://host.example.com/Share/path/to/file.txt");
    assert_eq!(uri.as_uri().to_windows_path().unwrap(), unc);
    for text in ["file:////host.example.com/path/to/file", "file://///host.example.com/path/to/file"] {
        assert_eq!(windows(text).unwrap(), r"\\host.example.com\path\to\file", "{text}");
    }
    // A server named localhost goes in the path, so that it reads back as a server.
    let local = UriBuf::from_windows_path(r"\\localhost\share\x").unwrap();
    assert_eq!(local, "file:////localhost/share/x");
    assert_eq!(local.as_uri().to_windows_path().unwrap(), r"\\localhost\share\x");
}

#[test]
fn paths_and_uris_that_name_nothing_are_refused() {
    for path in [&b"relative"[..], b"", b"/a\0b"] {
        assert!(UriBuf::from_unix_path(path).is_err(), "{path:?}");
    }
    for path in
        [r"relative\x", r"\rooted", "C:", "C:x", r"\\?\C:\x", r"\\.\pipe\x", r"\\server", r"\\server\"]
    {
        assert!(UriBuf::from_windows_path(path).is_err(), "{path}");
    }
    for text in ["http://h/x", "file:///a%2Fb", "file:///a%00", "file:///x?q", "file://h:1/x", "file:rel"] {
        assert!(unix(text).is_err(), "{text}");
    }
    for text in ["file:///a", "file:///c:/a%5Cb", "file:///c:/%FF", "file://[::1]/s/x", "file://server/"] {
        assert!(windows(text).is_err(), "{text}");
    }
    assert_eq!(unix("FILE://LOCALHOST/x#frag").unwrap(), "/x");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn unix_paths_round_trip(segments in prop::collection::vec(prop::collection::vec(1u8..=255, 0..6), 1..5)) {
        let segments: Vec<Vec<u8>> = segments.into_iter().map(|s| s.into_iter().filter(|&b| b != b'/').collect()).collect();
        let mut path = Vec::new();
        for segment in &segments {
            path.push(b'/');
            path.extend_from_slice(segment);
        }
        let uri = UriBuf::from_unix_path(&path).unwrap();
        prop_assert!(uri.as_str().starts_with("file:///"));
        prop_assert_eq!(uri.as_uri().to_unix_path().unwrap(), path);
    }

    #[test]
    fn windows_paths_round_trip(
        drive in "[a-zA-Z]",
        server in "(host|my server|h%|é)",
        segments in prop::collection::vec("[^\\\\/\\x00]{0,5}", 1..5),
    ) {
        let tail = segments.join("\\");
        for path in [format!("{drive}:\\{tail}"), format!("\\\\{server}\\share\\{tail}")] {
            let uri = UriBuf::from_windows_path(&path).unwrap();
            prop_assert_eq!(uri.as_uri().to_windows_path().unwrap(), path);
        }
    }
}
