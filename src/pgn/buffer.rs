//! Input windows: a fixed-size buffer refilled from `io::Read`, or a borrowed slice.

use std::io::{self, Read};

/// Default buffer capacity of [`BufferedInput`] (256 KiB).
pub const DEFAULT_CAPACITY: usize = 256 * 1024;
/// Smallest buffer capacity accepted (twice
/// [`MAX_TAG_LINE`](super::split::MAX_TAG_LINE)).
#[doc(hidden)]
pub const MIN_CAPACITY: usize = 2 * super::scan::MAX_TAG_LINE;

/// Reads into `buf[*len..]` until it is full or `input` ends, `*len`
/// counting the bytes held (also when an error stops it): whether the
/// input ended. `Interrupted` reads are retried.
pub(crate) fn read_full<R: Read>(
    input: &mut R,
    buf: &mut [u8],
    len: &mut usize,
) -> io::Result<bool> {
    while *len < buf.len() {
        match input.read(&mut buf[*len..]) {
            Ok(0) => return Ok(true),
            Ok(k) => *len += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(false)
}

/// Where a piece of a larger input begins: the absolute byte offset of its
/// first byte, the 1-based line that begins there, and the number of games
/// before it. A piece read from its origin (a [`Reader`](super::Reader)
/// over [`BufferedInput::with_origin`] and
/// [`Reader::with_game_base`](super::Reader::with_game_base), or
/// [`ParOptions::origin`](super::ParOptions::origin)) reports every place and game
/// number as a reading of the whole input does, when the piece begins at a
/// [hard game start](super::split#the-hard-game-start-rule) (or at the input's start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Absolute offset of the piece's first byte.
    pub offset: u64,
    /// 1-based line of that byte (which begins the line).
    pub line: u64,
    /// Games before the piece: its first game is number `games + 1`.
    pub games: u64,
}

impl Default for Origin {
    /// The start of an input: offset 0, line 1, no game before.
    fn default() -> Origin {
        Origin {
            offset: 0,
            line: 1,
            games: 0,
        }
    }
}

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
    /// 1-based line number of the first byte of the input (which must start
    /// a line); more than 1 for a piece of a larger input.
    fn origin_line(&self) -> u64 {
        1
    }
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
    /// 1-based line of the input's first byte.
    line: u64,
    inner: R,
}

impl<R: Read> BufferedInput<R> {
    /// A buffer of `capacity` bytes (at least 32 KiB) over `inner`.
    pub fn with_capacity(capacity: usize, inner: R) -> BufferedInput<R> {
        let capacity = capacity.max(MIN_CAPACITY);
        BufferedInput {
            data: vec![0; capacity].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            base: 0,
            line: 1,
            inner,
        }
    }

    /// This buffer over an input whose first byte is at absolute `offset`
    /// and on 1-based `line` (which starts there): the rest of a larger
    /// input. Call before reading.
    pub fn with_origin(mut self, offset: u64, line: u64) -> BufferedInput<R> {
        self.base = offset;
        self.line = line;
        self
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
                // No bytes yet (a non-blocking input): asked again shortly.
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Err(e) => return Err(e),
            }
        }
    }

    #[inline]
    fn is_eof(&self) -> bool {
        self.eof
    }

    #[inline]
    fn offset(&self) -> u64 {
        self.base + self.start as u64
    }

    fn origin_line(&self) -> u64 {
        self.line
    }
}

/// The whole input in memory: no copying, no refills.
pub struct SliceInput<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
    line: u64,
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
            line,
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

    #[inline]
    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn origin_line(&self) -> u64 {
        self.line
    }
}

/// A chunk of a larger input in memory, read without copying through a
/// window of at most [`DEFAULT_CAPACITY`] bytes that moves on as the input
/// is consumed: the length limits of a default [`BufferedInput`] (a token,
/// a comment handed over whole), so that a chunk reads exactly as it does
/// inside a [`Reader::new`](super::Reader::new) over the whole input.
/// ([`SliceInput`] has no limits.)
pub(crate) struct ChunkInput<'a> {
    data: &'a [u8],
    pos: usize,
    /// The window is `data[pos..end]`.
    end: usize,
    base: u64,
    line: u64,
}

impl<'a> ChunkInput<'a> {
    /// A window over `data`, whose first byte is at absolute `offset` and
    /// on 1-based `line` (which starts there).
    pub(crate) fn new(data: &'a [u8], offset: u64, line: u64) -> ChunkInput<'a> {
        ChunkInput {
            data,
            pos: 0,
            end: data.len().min(DEFAULT_CAPACITY),
            base: offset,
            line,
        }
    }
}

impl Input for ChunkInput<'_> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.data[self.pos..self.end]
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.end);
    }

    #[inline]
    fn fill(&mut self) -> io::Result<bool> {
        let end = self.data.len().min(self.pos + DEFAULT_CAPACITY);
        let grew = end > self.end;
        self.end = end;
        Ok(grew)
    }

    #[inline]
    fn is_eof(&self) -> bool {
        self.end == self.data.len()
    }

    #[inline]
    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn origin_line(&self) -> u64 {
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffered_refill_keeps_window() {
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
    }
}
