// A URI-reference parser (RFC 3986) for re2rust, the Rust back end of re2c 3.0, as a benchmark
// peer: re2c compiles the tagged regular expression below to a lookahead TDFA (Trofimovich,
// "Tagged Deterministic Finite Automata with Lookahead") and emits it as direct-coded Rust.
//
// The expression is written by hand for this comparison from RFC 3986 Appendix A; it records the
// same components as `uri::UriRef::parse` (scheme, authority, userinfo, host and its kind, port,
// path, query, fragment). The `uri` crate itself never uses this file; `tests/build.rs` runs
// re2rust on it when re2rust is installed, and `tests/tests/re2c.rs` checks that it agrees with
// `uri` on every conformance input and corpus line.
//
// The input is read with a bounds check: past the end, the peek returns NUL, which no URI holds,
// so the expression ends with [\x00] as re2c's sentinel convention asks.

/// Component offsets as `(start, end)` pairs, `None` when the component is absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Re2cUri {
    pub scheme: Option<(usize, usize)>,
    pub authority: Option<(usize, usize)>,
    pub userinfo: Option<(usize, usize)>,
    pub host: Option<(usize, usize)>,
    /// 0: none, 1: IP literal, 2: IPv4 address, 3: registered name.
    pub host_kind: u8,
    pub port: Option<(usize, usize)>,
    pub path: (usize, usize),
    pub query: Option<(usize, usize)>,
    pub fragment: Option<(usize, usize)>,
}

const NONE: usize = usize::MAX;

#[inline]
fn span(start: usize, end: usize) -> Option<(usize, usize)> {
    if start == NONE { None } else { Some((start, end)) }
}

/// Parses `s` as a URI-reference.
pub fn parse(s: &[u8]) -> Option<Re2cUri> {
    let len = s.len();
    let (mut cur, mut mar) = (0usize, 0usize);
    let (mut s1, mut s2, mut s3, mut s4, mut a1, mut a2, mut ha, mut hr, mut hn, mut u1, mut u2, mut h1, mut h2, mut ki, mut k4, mut kr, mut p1, mut p2, mut pa2, mut q1, mut q2, mut f1, mut f2);
    /*!stags:re2c format = 'let mut @@{tag} = NONE;'; */
    /*!re2c
        re2c:define:YYCTYPE     = u8;
        re2c:define:YYPEEK      = "if cur < len { *s.get_unchecked(cur) } else { 0 }";
        re2c:define:YYSKIP      = "cur += 1;";
        re2c:define:YYBACKUP    = "mar = cur;";
        re2c:define:YYRESTORE   = "cur = mar;";
        re2c:define:YYSTAGP     = "@@{tag} = cur;";
        re2c:define:YYSTAGN     = "@@{tag} = NONE;";
        re2c:define:YYSHIFTSTAG = "@@{tag} = @@{tag}.wrapping_add((@@{shift}isize) as usize);";
        re2c:yyfill:enable = 0;
        re2c:tags = 1;

        alpha       = [a-zA-Z];
        digit       = [0-9];
        hexdig      = [0-9a-fA-F];
        unreserved  = alpha | digit | [-._~];
        pct         = "%" hexdig hexdig;
        subdelims   = [!$&'()*+,;=];
        pchar       = unreserved | pct | subdelims | [:@];

        scheme      = alpha (alpha | digit | [+.-])*;
        userinfo    = (unreserved | pct | subdelims | ":")*;
        decoctet    = digit | [1-9] digit | "1" digit digit | "2" [0-4] digit | "25" [0-5];
        ipv4        = decoctet "." decoctet "." decoctet "." decoctet;
        h16         = hexdig{1,4};
        ls32        = h16 ":" h16 | ipv4;
        ipv6        =                            (h16 ":"){6} ls32
                    |                       "::" (h16 ":"){5} ls32
                    | (               h16)? "::" (h16 ":"){4} ls32
                    | ((h16 ":"){0,1} h16)? "::" (h16 ":"){3} ls32
                    | ((h16 ":"){0,2} h16)? "::" (h16 ":"){2} ls32
                    | ((h16 ":"){0,3} h16)? "::"  h16 ":"     ls32
                    | ((h16 ":"){0,4} h16)? "::"              ls32
                    | ((h16 ":"){0,5} h16)? "::"              h16
                    | ((h16 ":"){0,6} h16)? "::";
        ipvfuture   = 'v' hexdig+ "." (unreserved | subdelims | ":")+;
        regname     = (unreserved | pct | subdelims)*;
        host        = @ki "[" (ipv6 | ipvfuture) "]" | @k4 ipv4 | @kr regname;
        authority   = (@u1 userinfo @u2 "@")? @h1 host @h2 (":" @p1 digit* @p2)?;

        segment     = pchar*;
        segmentnz   = pchar+;
        segmentnznc = (unreserved | pct | subdelims | "@")+;
        abempty     = ("/" segment)*;
        absolute    = "/" (segmentnz ("/" segment)*)?;
        noscheme    = segmentnznc ("/" segment)*;
        rootless    = segmentnz ("/" segment)*;

        tail        = @pa2 ("?" @q1 (pchar | [/?])* @q2)? ("#" @f1 (pchar | [/?])* @f2)?;

        // URI-reference = URI / relative-ref, arranged so that every tag occurs once: a scheme
        // (optional) before an authority, an absolute path or an empty path; a scheme before a
        // rootless path; no scheme before a path-noscheme.
        ( (@s1 scheme @s2 ":")? ("//" @a1 authority @a2 abempty | @ha (absolute | ""))
        | @s3 scheme @s4 ":" @hr rootless
        | @hn noscheme
        ) tail [\x00] {
            if cur != len + 1 {
                return None;
            }
            let host_kind = if ki != NONE { 1 } else if k4 != NONE { 2 } else if kr != NONE { 3 } else { 0 };
            let scheme = if s1 != NONE { span(s1, s2) } else { span(s3, s4) };
            let path_start = if a2 != NONE {
                a2
            } else if ha != NONE {
                ha
            } else if hr != NONE {
                hr
            } else {
                hn
            };
            return Some(Re2cUri {
                scheme,
                authority: span(a1, a2),
                userinfo: span(u1, u2),
                host: span(h1, h2),
                host_kind,
                port: span(p1, p2),
                path: (path_start, pa2),
                query: span(q1, q2),
                fragment: span(f1, f2),
            });
        }
        * { return None; }
    */
}
