//! What the scheme RFCs add to scheme-based normalization (RFC 3986 section 6.2.3): the facts
//! `normalize.rs` asks of a reference's scheme (RFCs 8089 and 8141), and the normal forms of
//! `tel`, `sip` and `mailto` URIs (RFCs 3966, 3261 and 6068, in `normal_forms.rs`).

pub(crate) use super::normal_forms::normal_form;
use super::Urn;

/// Whether the host of a reference with `scheme` is `file:`'s `localhost`, which RFC 8089
/// section 2 reads "exactly as if no authority were present", so that it normalizes to the
/// empty host of `file:///path`.
pub(crate) fn is_file_localhost(scheme: Option<&str>, host: &str) -> bool {
    scheme.is_some_and(|s| s.eq_ignore_ascii_case("file")) && host.eq_ignore_ascii_case("localhost")
}

/// The length of the NID at the start of a URN's path, which RFC 8141 section 3.1 compares in
/// lower case; `None` when `text` is no URN.
pub(crate) fn urn_nid_len(scheme: Option<&str>, text: &str) -> Option<usize> {
    if !scheme.is_some_and(|s| s.eq_ignore_ascii_case("urn")) {
        return None;
    }
    Urn::parse(text).ok().map(|urn| urn.nid().len())
}
