//! Unit tests of the parser's compact `Captures` as `uri` uses it: the parsed values' sizes,
//! slots read back through `slots` and `from_slots`, refused slot arrays, and moved values.

use crate::generated::parser::{Captures, HostKind, Parser};
use crate::{Authority, IriRef, Uri, UriBuf, UriRef, UriRefBuf};
use core::mem::size_of;

#[test]
fn parsed_values_are_at_most_48_bytes() {
    assert!(size_of::<UriRef<'static>>() <= 48, "{}", size_of::<UriRef<'static>>());
    assert!(size_of::<Uri<'static>>() <= 48);
    assert!(size_of::<Authority<'static>>() <= 48);
    assert!(size_of::<IriRef<'static>>() <= 48);
    assert!(size_of::<Captures>() <= 32);
    // The owned values hold a `String` and the offsets of an unparsed value are optional.
    assert!(size_of::<UriRefBuf>() <= 64, "{}", size_of::<UriRefBuf>());
    assert!(size_of::<UriBuf>() <= 64);
    // The sizes `UriRef`'s docs give.
    #[cfg(target_pointer_width = "64")]
    assert_eq!([size_of::<UriRef<'static>>(), size_of::<UriRefBuf>()], [48, 64]);
}

#[test]
fn slots_read_back_through_from_slots() {
    for text in ["", "a:", "//", "//u@h:8/p?q#f", "s://[::1]/x", "p?q", "#f", "a:b?#", "//1.2.3.4:"] {
        let c = Parser::UriRef.parse(text.as_bytes()).unwrap();
        let slots = c.slots(text.len());
        assert_eq!(Captures::from_slots(slots, text.len()), Some(c), "{text:?}");
        assert_eq!(Captures::from_slots_unchecked(slots), c, "{text:?}");
    }
}

#[test]
fn from_slots_refuses_what_the_layout_cannot_hold() {
    let text = "s://h/p?q";
    let c = Parser::UriRef.parse(text.as_bytes()).unwrap();
    let mut slots = c.slots(text.len());
    // The scheme starts at 0 in every match: a scheme elsewhere is not held.
    slots[0] = 1;
    assert_eq!(Captures::from_slots(slots, text.len()), None);
    // A path that ends anywhere but before the query is not held either.
    let mut slots = c.slots(text.len());
    slots[11] -= 1;
    assert_eq!(Captures::from_slots(slots, text.len()), None);
}

#[test]
fn shifted_moves_the_stored_positions() {
    let c = Parser::UriRef.parse(b"//h:1/p?q#f").unwrap();
    let moved = c.shifted(3);
    // "abc//h:1/p?q#f": every span three bytes on, the kind kept.
    let len = 14;
    assert_eq!(moved.host(len), Some((5, 6)));
    assert_eq!(moved.port(len), Some((7, 8)));
    assert_eq!(moved.path(len), Some((8, 10)));
    assert_eq!(moved.query(len), Some((11, 12)));
    assert_eq!(moved.fragment(len), Some((13, 14)));
    assert_eq!(moved.host_kind(), Some(HostKind::RegName));
}

#[test]
fn equal_captures_mean_equal_spans_and_kinds() {
    let a = Parser::UriRef.parse(b"http://a/b").unwrap();
    let b = Parser::UriRef.parse(b"ftp://x/y").unwrap();
    assert_ne!(a, b);
    let c = Parser::UriRef.parse(b"abcd://e/f").unwrap();
    assert_eq!(a.slots(10), c.slots(10));
    assert_eq!(a, c);
    // Same spans, hosts of different kinds.
    let e = Parser::UriRef.parse(b"ab://abcdefg/f").unwrap();
    let d = Parser::UriRef.parse(b"ab://1.2.3.4/f").unwrap();
    assert_eq!(e.slots(14)[..16], d.slots(14)[..16]);
    assert_ne!(e, d, "the host kinds differ");
    assert_eq!((e.host_kind(), d.host_kind()), (Some(HostKind::RegName), Some(HostKind::Ipv4)));
}
