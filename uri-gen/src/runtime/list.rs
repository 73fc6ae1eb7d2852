
// The occurrences of a list capture (`occurs=all`). The parser records one span per list, from
// the first occurrence's start to the last one's end; `Occurrences` walks that span again with
// the list's span automaton (`Split`), whose transitions carry the positions where occurrences
// start and end, and yields each occurrence as it meets its end. It allocates nothing and reads
// each byte of the span once.

/// A list capture's span automaton: state 1 starts, 0 is dead; `trans` and `marks` are indexed
/// by `state * stride + class`. A marks byte holds a count in its low three bits, then one bit
/// per mark in order, set where an occurrence starts and clear where one ends; `finals` holds
/// the marks at the span's end (0 where the span cannot end).
#[allow(dead_code)]
#[derive(Clone, Copy, Debug)]
pub struct Split {
    /// The byte class of every byte.
    pub classes: &'static [u8; 256],
    /// The next state.
    pub trans: &'static [u16],
    /// The marks at the position of the byte read.
    pub marks: &'static [u8],
    /// The marks at the span's end.
    pub finals: &'static [u8],
    /// The number of classes.
    pub stride: usize,
}

/// The occurrences of a list capture in an input, each as `(start, end)` byte offsets into it,
/// in match order.
#[allow(dead_code)]
#[derive(Clone, Debug)]
pub struct Occurrences<'a> {
    split: &'static Split,
    input: &'a [u8],
    /// The next byte to read, and the span's end.
    at: usize,
    end: usize,
    /// The state (0 once the walk is over).
    state: usize,
    /// Marks not yet applied, and their position.
    pending: u8,
    mark_at: usize,
    /// The start of the occurrence being read.
    open: usize,
}

#[allow(dead_code)]
impl<'a> Occurrences<'a> {
    /// The occurrences in `span` of `input`; none when `span` is `None` or not inside `input`.
    pub const fn new(split: &'static Split, input: &'a [u8], span: Option<(usize, usize)>) -> Self {
        let (at, end, state) = match span {
            Some((start, end)) if start <= end && end <= input.len() => (start, end, 1),
            _ => (0, 0, 0),
        };
        Occurrences { split, input, at, end, state, pending: 0, mark_at: at, open: at }
    }
}

impl Iterator for Occurrences<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        loop {
            while self.pending & 7 != 0 {
                let starts = self.pending & 8 != 0;
                self.pending = ((self.pending >> 1) & !7) | ((self.pending & 7) - 1);
                if starts {
                    self.open = self.mark_at;
                } else {
                    return Some((self.open, self.mark_at));
                }
            }
            if self.state == 0 {
                return None;
            }
            if self.at == self.end {
                self.pending = self.split.finals[self.state];
                self.mark_at = self.end;
                self.state = 0;
                continue;
            }
            let at = self.state * self.split.stride + self.split.classes[self.input[self.at] as usize] as usize;
            self.pending = self.split.marks[at];
            self.mark_at = self.at;
            self.state = self.split.trans[at] as usize;
            self.at += 1;
            if self.state == 0 {
                // Not a span the parser recorded (captures of another input).
                self.pending = 0;
            }
        }
    }
}

/// The occurrences of a list capture in a `&str` input, as its text; an occurrence that does
/// not start and end at character boundaries (a byte grammar's) is left out.
#[allow(dead_code)]
#[derive(Clone, Debug)]
pub struct Texts<'a> {
    inner: Occurrences<'a>,
    text: &'a str,
}

#[allow(dead_code)]
impl<'a> Texts<'a> {
    /// The occurrences in `span` of `text`.
    pub const fn new(split: &'static Split, text: &'a str, span: Option<(usize, usize)>) -> Self {
        Texts { inner: Occurrences::new(split, text.as_bytes(), span), text }
    }
}

impl<'a> Iterator for Texts<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            let (start, end) = self.inner.next()?;
            if let Some(text) = self.text.get(start..end) {
                return Some(text);
            }
        }
    }
}
