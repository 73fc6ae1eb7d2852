//! Setters of [`UriBuf`]: those of [`UriRefBuf`](crate::UriRefBuf) (see `edit.rs`), less the removal of the
//! scheme, so that the value stays a URI.

use core::net::IpAddr;

use crate::{EditError, UriBuf};

impl UriBuf {
    /// As [`UriRefBuf::set_scheme`](crate::UriRefBuf::set_scheme); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_scheme`](crate::UriRefBuf::set_scheme).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/").unwrap();
    /// u.set_scheme("https").unwrap();
    /// assert_eq!(u, "https://h/");
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_scheme(scheme)
    }

    /// As [`UriRefBuf::set_userinfo`](crate::UriRefBuf::set_userinfo); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_userinfo`](crate::UriRefBuf::set_userinfo).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("ftp://h/").unwrap();
    /// u.set_userinfo("me").unwrap();
    /// assert_eq!(u, "ftp://me@h/");
    /// ```
    pub fn set_userinfo(&mut self, userinfo: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_userinfo(userinfo)
    }

    /// As [`UriRefBuf::remove_userinfo`](crate::UriRefBuf::remove_userinfo); the value stays a URI.
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("ftp://me@h/").unwrap();
    /// u.remove_userinfo();
    /// assert_eq!(u, "ftp://h/");
    /// ```
    pub fn remove_userinfo(&mut self) {
        self.as_mut_ref_buf().remove_userinfo()
    }

    /// As [`UriRefBuf::set_host`](crate::UriRefBuf::set_host); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_host`](crate::UriRefBuf::set_host).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/").unwrap();
    /// u.set_host("[2001:db8::1]").unwrap();
    /// assert_eq!(u.authority().unwrap().host_kind(), uri::HostKind::Ipv6);
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_host(host)
    }

    /// As [`UriRefBuf::set_ip_host`](crate::UriRefBuf::set_ip_host); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_ip_host`](crate::UriRefBuf::set_ip_host).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/").unwrap();
    /// u.set_ip_host([127, 0, 0, 1].into()).unwrap();
    /// assert_eq!(u, "http://127.0.0.1/");
    /// ```
    pub fn set_ip_host(&mut self, ip: IpAddr) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_ip_host(ip)
    }

    /// As [`UriRefBuf::remove_authority`](crate::UriRefBuf::remove_authority); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::remove_authority`](crate::UriRefBuf::remove_authority).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("file://h/x").unwrap();
    /// u.remove_authority().unwrap();
    /// assert_eq!(u, "file:/x");
    /// ```
    pub fn remove_authority(&mut self) -> Result<(), EditError> {
        self.as_mut_ref_buf().remove_authority()
    }

    /// As [`UriRefBuf::set_port`](crate::UriRefBuf::set_port); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_port`](crate::UriRefBuf::set_port).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h:80/").unwrap();
    /// u.set_port(None).unwrap();
    /// assert_eq!(u, "http://h/");
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_port(port)
    }

    /// As [`UriRefBuf::set_path`](crate::UriRefBuf::set_path); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_path`](crate::UriRefBuf::set_path).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/a").unwrap();
    /// u.set_path("/b").unwrap();
    /// assert_eq!(u.path(), "/b");
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_path(path)
    }

    /// As [`UriRefBuf::push_segment`](crate::UriRefBuf::push_segment); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::push_segment`](crate::UriRefBuf::push_segment).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/a/").unwrap();
    /// u.push_segment("b").unwrap();
    /// assert_eq!(u, "http://h/a//b");
    /// ```
    pub fn push_segment(&mut self, segment: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().push_segment(segment)
    }

    /// As [`UriRefBuf::pop_segment`](crate::UriRefBuf::pop_segment); the value stays a URI.
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/a/b").unwrap();
    /// assert!(u.pop_segment());
    /// assert_eq!(u, "http://h/a");
    /// ```
    pub fn pop_segment(&mut self) -> bool {
        self.as_mut_ref_buf().pop_segment()
    }

    /// As [`UriRefBuf::set_query`](crate::UriRefBuf::set_query); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_query`](crate::UriRefBuf::set_query).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/").unwrap();
    /// u.set_query("").unwrap();
    /// assert_eq!(u.query(), Some(""));
    /// ```
    pub fn set_query(&mut self, query: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_query(query)
    }

    /// As [`UriRefBuf::remove_query`](crate::UriRefBuf::remove_query); the value stays a URI.
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/?q").unwrap();
    /// u.remove_query();
    /// assert_eq!(u.query(), None);
    /// ```
    pub fn remove_query(&mut self) {
        self.as_mut_ref_buf().remove_query()
    }

    /// As [`UriRefBuf::append_query_pair`](crate::UriRefBuf::append_query_pair); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::append_query_pair`](crate::UriRefBuf::append_query_pair).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/?a=1").unwrap();
    /// u.append_query_pair("b", "2").unwrap();
    /// assert_eq!(u, "http://h/?a=1&b=2");
    /// ```
    pub fn append_query_pair(&mut self, key: &str, value: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().append_query_pair(key, value)
    }

    /// As [`UriRefBuf::set_fragment`](crate::UriRefBuf::set_fragment); the value stays a URI.
    ///
    /// # Errors
    ///
    /// Those of [`UriRefBuf::set_fragment`](crate::UriRefBuf::set_fragment).
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/").unwrap();
    /// u.set_fragment("f").unwrap();
    /// assert_eq!(u.fragment(), Some("f"));
    /// ```
    pub fn set_fragment(&mut self, fragment: &str) -> Result<(), EditError> {
        self.as_mut_ref_buf().set_fragment(fragment)
    }

    /// As [`UriRefBuf::remove_fragment`](crate::UriRefBuf::remove_fragment); the value stays a URI.
    ///
    /// ```
    /// let mut u = uri::UriBuf::parse("http://h/#f").unwrap();
    /// u.remove_fragment();
    /// assert_eq!(u, "http://h/");
    /// ```
    pub fn remove_fragment(&mut self) {
        self.as_mut_ref_buf().remove_fragment()
    }
}
