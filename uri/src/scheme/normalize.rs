//! What the scheme RFCs add to scheme-based normalization (RFC 3986 section 6.2.3): the facts
//! `normalize.rs` asks of a reference's scheme (RFC 8089's `localhost`, and which schemes' paths
//! have no hierarchy), and the normal forms of `urn`, `tel`, `sip`, `mailto` and `geo` URIs
//! (RFCs 8141, 3966, 3261, 6068 and 5870, in `normal_forms.rs` and `geo_normal.rs`).

use super::error::{Names, SchemeGrammar};
pub(crate) use super::normal_forms::normal_form;
use super::{data, file, geo, mailto, sip, tel, urn};

/// The schemes whose RFCs give a URI's path no hierarchy: RFC 6068 (`mailto`), 3966 (`tel`),
/// 3261 (`sip`, `sips`), 8141 (`urn`), 2397 (`data`) and 5870 (`geo`), whose grammars read the
/// path's `/` as an ordinary character, if they allow it at all.
const WITHOUT_HIERARCHY: [&Names; 7] = [
    mailto::Grammar::NAMES,
    tel::Grammar::NAMES,
    sip::SipGrammar::NAMES,
    sip::SipsGrammar::NAMES,
    urn::Grammar::NAMES,
    data::Grammar::NAMES,
    geo::Grammar::NAMES,
];

/// Whether scheme-based normalization keeps the dot segments of the path of a reference with
/// `scheme` (and an authority or not): the scheme's RFC gives the path no hierarchy, and the
/// reference has no authority (RFC 3986 section 3.3 then makes the path a hierarchy again).
pub(crate) fn has_no_hierarchy(scheme: Option<&str>, has_authority: bool) -> bool {
    let Some(scheme) = scheme else { return false };
    !has_authority && WITHOUT_HIERARCHY.iter().any(|names| scheme.eq_ignore_ascii_case(names.scheme))
}

/// Whether `scheme` is `file`, the scheme of RFC 8089's grammar.
fn is_file(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| s.eq_ignore_ascii_case(file::Grammar::NAMES.scheme))
}

/// Whether the host of a reference with `scheme` is `file:`'s `localhost`, which RFC 8089
/// section 2 reads "exactly as if no authority were present", so that it normalizes to the
/// empty host of `file:///path`.
pub(crate) fn is_file_localhost(scheme: Option<&str>, host: &str) -> bool {
    is_file(scheme) && host.eq_ignore_ascii_case("localhost")
}

/// Whether the path of a reference with `scheme` must not start with `//` even after an
/// authority: RFC 8089's `auth-path` is `[ file-auth ] path-absolute`, and a `path-absolute`
/// never starts with `//` (RFC 3986's `path-abempty` after an authority may).
pub(crate) fn path_is_absolute_after_authority(scheme: Option<&str>) -> bool {
    is_file(scheme)
}
