//! URI constants checked at compile time: [`UriRef::from_static`] and [`Uri::from_static`] run
//! the generated parser's tables in const evaluation, so an invalid literal fails the build.

use crate::generated::parser::Parser;
use crate::{Uri, UriRef};

impl UriRef<'static> {
    /// Parses a literal URI reference in const evaluation: in a `const` or `static` item, an
    /// invalid literal stops the build, and a valid one costs nothing at run time.
    ///
    /// ```
    /// use uri::UriRef;
    ///
    /// const LOGO: UriRef<'static> = UriRef::from_static("../img/logo.svg?v=2");
    /// assert_eq!(LOGO.path(), "../img/logo.svg");
    /// assert_eq!(LOGO.query(), Some("v=2"));
    /// ```
    ///
    /// An invalid literal is a compile error (a const panic, whose message cannot hold the byte
    /// index: [`UriRef::parse`] of the same text gives it):
    ///
    /// ```compile_fail
    /// use uri::UriRef;
    ///
    /// const BAD: UriRef<'static> = UriRef::from_static("http://a b/");
    /// ```
    ///
    /// # Panics
    ///
    /// When `text` is not a URI reference: at compile time in a constant, at run time elsewhere.
    /// Use [`UriRef::parse`] for text that is not a literal.
    #[must_use]
    pub const fn from_static(text: &'static str) -> UriRef<'static> {
        match Parser::UriRef.parse_const(text.as_bytes()) {
            Some(captures) => UriRef::from_parts(text, captures),
            None => panic!(
                "UriRef::from_static: the literal is not a valid URI reference (RFC 3986); \
                 UriRef::parse of it says where and what was expected"
            ),
        }
    }
}

impl Uri<'static> {
    /// Parses a literal URI (a reference with a scheme) in const evaluation, as
    /// [`UriRef::from_static`] does.
    ///
    /// ```
    /// use uri::Uri;
    ///
    /// const HOME: Uri<'static> = Uri::from_static("https://example.com/");
    /// assert_eq!(HOME.scheme(), "https");
    /// assert_eq!(HOME.authority().map(|a| a.host()), Some("example.com"));
    /// ```
    ///
    /// A relative reference is not a URI, and fails the build:
    ///
    /// ```compile_fail
    /// use uri::Uri;
    ///
    /// const HOME: Uri<'static> = Uri::from_static("//example.com/");
    /// ```
    ///
    /// # Panics
    ///
    /// When `text` is not a URI: at compile time in a constant, at run time elsewhere. Use
    /// [`Uri::parse`] for text that is not a literal.
    #[must_use]
    pub const fn from_static(text: &'static str) -> Uri<'static> {
        let reference = UriRef::from_static(text);
        if !reference.is_uri() {
            panic!("Uri::from_static: the literal is a relative reference, not a URI: it has no scheme");
        }
        Uri::from_uri_ref_unchecked(reference)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Uri, UriRef};
    use alloc::string::String;

    const FULL: UriRef<'static> = UriRef::from_static("http://user@[v7.x]:80/a/b?q#f");
    const EMPTY: UriRef<'static> = UriRef::from_static("");

    #[test]
    fn constants_have_the_components_of_a_run_time_parse() {
        for (constant, text) in [(FULL, "http://user@[v7.x]:80/a/b?q#f"), (EMPTY, "")] {
            let parsed = UriRef::parse(text).unwrap();
            assert_eq!(constant, parsed);
            assert_eq!(constant.scheme(), parsed.scheme());
            assert_eq!(
                constant.authority().map(|a| (a.userinfo(), a.host(), a.host_kind(), a.port())),
                parsed.authority().map(|a| (a.userinfo(), a.host(), a.host_kind(), a.port()))
            );
            assert_eq!(
                (constant.path(), constant.query(), constant.fragment()),
                (parsed.path(), parsed.query(), parsed.fragment())
            );
        }
    }

    #[test]
    #[should_panic(expected = "not a valid URI reference")]
    fn an_invalid_text_panics_at_run_time() {
        let text = String::from("a b").leak();
        let _ = UriRef::from_static(text);
    }

    #[test]
    #[should_panic(expected = "no scheme")]
    fn a_relative_reference_is_no_uri() {
        let text = String::from("/a").leak();
        let _ = Uri::from_static(text);
    }
}
