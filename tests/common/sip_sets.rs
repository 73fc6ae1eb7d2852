//! RFC 3261 section 19.1.4's sets of equivalent and of different SIP URIs, shared by the
//! comparison tests and the normal-form tests.
//!
//! The URIs are quoted from RFC 3261 (the IETF Trust's Code Components, Simplified BSD License;
//! see `abnf/README.md`).

/// The equivalent pairs that a normal form can express: equal in every part the comparison reads.
/// (The section's other equivalences come from a parameter present in one URI only, which the
/// comparison ignores and a normal form cannot drop.)
pub const EQUIVALENT_IN_EVERY_PART: [(&str, &str); 3] = [
    ("sip:%61lice@atlanta.com;transport=TCP", "sip:alice@AtLanTa.CoM;Transport=tcp"),
    (
        "sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com",
        "sip:biloxi.com;method=REGISTER;transport=tcp?to=sip:bob%40biloxi.com",
    ),
    (
        "sip:alice@atlanta.com?subject=project%20x&priority=urgent",
        "sip:alice@atlanta.com?priority=urgent&subject=project%20x",
    ),
];

/// The section's pairs of different URIs.
pub const DIFFERENT: [(&str, &str); 7] = [
    ("SIP:ALICE@AtLanTa.CoM;Transport=udp", "sip:alice@AtLanTa.CoM;Transport=UDP"),
    ("sip:bob@biloxi.com", "sip:bob@biloxi.com:5060"),
    ("sip:bob@biloxi.com", "sip:bob@biloxi.com;transport=udp"),
    ("sip:bob@biloxi.com", "sip:bob@biloxi.com:6000;transport=tcp"),
    ("sip:carol@chicago.com", "sip:carol@chicago.com?Subject=next%20meeting"),
    ("sip:bob@phone21.boxesbybob.com", "sip:bob@192.0.2.4"),
    ("sip:alice@atlanta.com", "sips:alice@atlanta.com"),
];
