//! Input windows: a fixed-size buffer refilled from `io::Read`, or a borrowed slice.

use std::cell::Cell;
use std::io::{self, Read};

/// Default buffer capacity of [`BufferedInput`] (256 KiB).
pub const DEFAULT_CAPACITY: usize = 256 * 1024;
/// Smallest buffer capacity accepted (larger than [`super::scan::MAX_TAG_LINE`]).
pub const MIN_CAPACITY: usize = 2 * super::scan::MAX_TAG_LINE;

/// Where the reader takes its bytes from: a window over the unread input that
/// can be extended. Implemented by [`BufferedInput`] and [`SliceInput`].
pub trait Input {
    /// The unread bytes available now.
    fn window(&self) -> &[u8];
    /// Marks the first `n` bytes of the window as read.
    fn consume(&mut self, n: usize);
    /// Appends more input to the window (keeping its start); `Ok(false)` when
    /// nothing could be added (end of input, or the window fills the buffer).
    fn fill(&mut self) -> io::Result<bool>;
    /// Whether the end of input has been reached (the window is all that is left).
    fn is_eof(&self) -> bool;
    /// Absolute byte offset of `window()[0]`.
    fn offset(&self) -> u64;
    /// Line and column (both 1-based) of `window()[at]`.
    fn locate(&self, at: usize) -> (u64, u64);
}

/// Counts lines up to a checkpoint; LF, CRLF and lone CR each end one line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LineTracker {
    /// Absolute offset up to which lines are counted.
    checkpoint: u64,
    /// 1-based line number at the checkpoint.
    line: u64,
    /// Absolute offset of the start of that line.
    line_start: u64,
    /// The byte before the checkpoint was `\r`.
    pending_cr: bool,
}

impl LineTracker {
    pub(crate) fn new(offset: u64, line: u64) -> LineTracker {
        LineTracker {
            checkpoint: offset,
            line,
            line_start: offset,
            pending_cr: false,
        }
    }

    /// Counts the line ends in `bytes`, which start at the checkpoint.
    pub(crate) fn advance(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.line += super::scan::count_line_ends(bytes, self.pending_cr);
        if let Some(i) = memchr::memrchr2(b'\n', b'\r', bytes) {
            self.line_start = self.checkpoint + i as u64 + 1;
        }
        self.pending_cr = bytes[bytes.len() - 1] == b'\r';
        self.checkpoint += bytes.len() as u64;
    }

    fn position(&self) -> (u64, u64) {
        (self.line, self.checkpoint - self.line_start + 1)
    }
}

/// Locates `data[at]` given that `data[0]` has offset `base`, moving the checkpoint.
fn locate_in(tracker: &Cell<LineTracker>, data: &[u8], base: u64, at: usize) -> (u64, u64) {
    let mut t = tracker.get();
    let target = base + at as u64;
    if target >= t.checkpoint {
        let from = (t.checkpoint - base) as usize;
        t.advance(&data[from..at]);
        tracker.set(t);
    }
    // A target before the checkpoint cannot happen: callers locate forward.
    t.position()
}

/// A fixed-capacity buffer refilled from any [`Read`]: memory use never
/// depends on the input.
pub struct BufferedInput<R> {
    data: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    /// Absolute offset of `data[0]`.
    base: u64,
    tracker: Cell<LineTracker>,
    inner: R,
}

impl<R: Read> BufferedInput<R> {
    /// A buffer of `capacity` bytes (at least [`MIN_CAPACITY`]) over `inner`.
    pub fn with_capacity(capacity: usize, inner: R) -> BufferedInput<R> {
        let capacity = capacity.max(MIN_CAPACITY);
        BufferedInput {
            data: vec![0; capacity].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            base: 0,
            tracker: Cell::new(LineTracker::new(0, 1)),
            inner,
        }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Input for BufferedInput<R> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.data[self.start..self.end]
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }

    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            // Count the lines of the bytes about to be dropped.
            let mut t = self.tracker.get();
            let from = (t.checkpoint - self.base) as usize;
            if from < self.start {
                t.advance(&self.data[from..self.start]);
                self.tracker.set(t);
            }
            self.data.copy_within(self.start..self.end, 0);
            self.base += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.data.len() {
            return Ok(false);
        }
        loop {
            match self.inner.read(&mut self.data[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    #[inline]
    fn is_eof(&self) -> bool {
        self.eof
    }

    fn offset(&self) -> u64 {
        self.base + self.start as u64
    }

    fn locate(&self, at: usize) -> (u64, u64) {
        locate_in(
            &self.tracker,
            &self.data[..self.end],
            self.base,
            self.start + at,
        )
    }
}

/// The whole input in memory: no copying, no refills.
pub struct SliceInput<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
    tracker: Cell<LineTracker>,
}

impl<'a> SliceInput<'a> {
    /// A window over `data`.
    pub fn new(data: &'a [u8]) -> SliceInput<'a> {
        SliceInput::with_origin(data, 0, 1)
    }

    /// A window over `data` whose first byte is at absolute `offset` and on
    /// 1-based `line` (which starts there), for chunks of a larger input.
    pub fn with_origin(data: &'a [u8], offset: u64, line: u64) -> SliceInput<'a> {
        SliceInput {
            data,
            pos: 0,
            base: offset,
            tracker: Cell::new(LineTracker::new(offset, line)),
        }
    }
}

impl Input for SliceInput<'_> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.data[self.pos..]
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.data.len());
    }

    #[inline]
    fn fill(&mut self) -> io::Result<bool> {
        Ok(false)
    }

    #[inline]
    fn is_eof(&self) -> bool {
        true
    }

    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn locate(&self, at: usize) -> (u64, u64) {
        locate_in(&self.tracker, self.data, self.base, self.pos + at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_all_line_ends() {
        let data = b"ab\ncd\r\nef\rgh";
        let s = SliceInput::new(data);
        assert_eq!(s.locate(0), (1, 1));
        assert_eq!(s.locate(4), (2, 2));
        assert_eq!(s.locate(7), (3, 1));
        assert_eq!(s.locate(11), (4, 2));
    }

    #[test]
    fn buffered_refill_keeps_window_and_lines() {
        let text: Vec<u8> = b"line one\r\nline two\nline three\rfour\n".repeat(2000);
        let mut b = BufferedInput::with_capacity(0, &text[..]);
        let mut total = 0usize;
        loop {
            let n = b.window().len();
            if n > 7 {
                b.consume(n - 7);
                total += n - 7;
            }
            if !b.fill().unwrap() && b.is_eof() {
                break;
            }
        }
        assert_eq!(b.window(), &text[total..]);
        assert_eq!(b.offset(), total as u64);
        // 4 lines per repetition; the last 7 bytes are "e\rfour\n" of the last one.
        assert_eq!(b.locate(2), (4 * 2000, 1));
    }
}
