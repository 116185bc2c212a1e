//! An xz decoder that hands out everything it decoded before an error.
//!
//! [`XzDecoder`] drives the crate's sans-I/O decoder ([`XzStream`]) over a
//! reader. Every byte decoded is handed to the caller before the error
//! that stops the decoding, whatever the size of the caller's reads. A
//! stream cut off by the input's end gives its text as far as the decoder
//! gets before it is told the input ends (all but the symbols that start
//! in the last 19 compressed bytes, which the decoder keeps back until it
//! knows more follow), then an error that says where the input ended.

use std::io::{self, Read};

use lzma_rust2::{Action, Status, XzStream};

/// Compressed bytes read from the input at a time.
const INPUT_BUFFER: usize = 128 * 1024;

/// An error that already says what it is about: [`super::Labelled`]
/// hands it on as it is.
#[derive(Debug)]
pub(crate) struct Told(pub(crate) String);

impl std::fmt::Display for Told {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Told {}

/// An xz decoder over `R` (concatenated streams too), with a memory limit
/// in KiB for each block's dictionary and decoder state.
pub(crate) struct XzDecoder<R> {
    inner: R,
    stream: XzStream,
    input: Box<[u8]>,
    /// The bytes of `input` not yet given to `stream`: `start..end`.
    start: usize,
    end: usize,
    /// Compressed bytes read from `inner` so far.
    read: u64,
    /// `inner` has ended.
    eof: bool,
    /// The last stream ended where the input did.
    done: bool,
    /// The error to give once what was decoded before it has been handed
    /// out, and at every read after that: its kind, its message, and
    /// whether the message is [`Told`].
    failed: Option<(io::ErrorKind, String, bool)>,
}

impl<R: Read> XzDecoder<R> {
    pub(crate) fn new(inner: R, mem_limit_kb: u32) -> XzDecoder<R> {
        XzDecoder {
            inner,
            stream: XzStream::new_mem_limit(true, mem_limit_kb),
            input: vec![0; INPUT_BUFFER].into_boxed_slice(),
            start: 0,
            end: 0,
            read: 0,
            eof: false,
            done: false,
            failed: None,
        }
    }

    /// Reads more compressed bytes after those not yet decoded, or notes
    /// the input's end.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.input.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.input.len() {
            return Ok(());
        }
        loop {
            match self.inner.read(&mut self.input[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.end += n;
                    self.read += n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(());
        }
    }

    /// The error `e` of the decoder, as the reader gives it: an input that
    /// ends inside a stream says at which byte.
    fn error(&self, e: io::Error) -> io::Error {
        if e.kind() == io::ErrorKind::UnexpectedEof && self.eof {
            return io::Error::new(
                io::ErrorKind::UnexpectedEof,
                Told(format!(
                    "truncated xz data: the stream is cut off at byte {}",
                    self.read
                )),
            );
        }
        e
    }

    /// The stored error again (an `io::Error` is not `Clone`).
    fn failed_again(&self) -> Option<io::Error> {
        self.failed.as_ref().map(|(kind, text, told)| {
            if *told {
                io::Error::new(*kind, Told(text.clone()))
            } else {
                io::Error::new(*kind, text.clone())
            }
        })
    }

    /// Keeps the error `e` for every later read and gives it, said as the
    /// reader says it.
    fn fail(&mut self, e: io::Error) -> io::Error {
        let e = self.error(e);
        let told = e.get_ref().is_some_and(|inner| inner.is::<Told>());
        self.failed = Some((e.kind(), e.to_string(), told));
        e
    }
}

impl<R: Read> Read for XzDecoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.failed_again() {
            return Err(e);
        }
        if buf.is_empty() || self.done {
            return Ok(0);
        }
        loop {
            if self.start == self.end && !self.eof {
                self.fill()?;
            }
            let action = if self.eof {
                Action::Finish
            } else {
                Action::Run
            };
            let before = self.stream.total_out();
            match self
                .stream
                .process(&self.input[self.start..self.end], buf, action)
            {
                Ok(r) => {
                    self.start += r.bytes_consumed;
                    if r.status == Status::StreamEnd {
                        self.done = true;
                        return Ok(r.bytes_produced);
                    }
                    if r.bytes_produced > 0 {
                        return Ok(r.bytes_produced);
                    }
                    if r.bytes_consumed == 0 {
                        if self.eof {
                            // Finish asked for an end the stream did not
                            // reach and gave nothing more.
                            let e = io::Error::new(
                                io::ErrorKind::UnexpectedEof,
                                "unexpected end of xz stream",
                            );
                            return Err(self.fail(e));
                        }
                        // The decoder wants more than the bytes it holds.
                        self.fill()?;
                    }
                }
                Err(e) => {
                    // What the failing call decoded is in `buf` already; it
                    // goes out first and the error with the next read.
                    let produced = (self.stream.total_out() - before) as usize;
                    let e = self.fail(e);
                    if produced > 0 {
                        return Ok(produced);
                    }
                    return Err(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Reads `reader` to its error in reads of `size` bytes: what it gave
    /// before, and the error's message.
    fn read_in(mut reader: impl Read, size: usize) -> (Vec<u8>, String) {
        let mut out = Vec::new();
        let mut buf = vec![0; size];
        loop {
            match reader.read(&mut buf) {
                Ok(0) => panic!("the cut stream ended without an error"),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => {
                    // The error stays.
                    let again = reader.read(&mut buf).unwrap_err();
                    assert_eq!(again.to_string(), e.to_string());
                    assert_eq!(again.kind(), e.kind());
                    return (out, e.to_string());
                }
            }
        }
    }

    /// A reader that hands out at most `.1` bytes per read.
    struct Dribble<'a>(&'a [u8], usize);

    impl Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(self.1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_cut_stream_gives_the_same_text_at_every_read_size() {
        let text: Vec<u8> = (0..40_000u32)
            .flat_map(|i| {
                format!("[Event \"{}\"]\n\n1. e4 e5 {} 1-0\n\n", i % 97, i * 7).into_bytes()
            })
            .collect();
        let mut w =
            lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::with_preset(6)).unwrap();
        w.write_all(&text).unwrap();
        let xz = w.finish().unwrap();
        for cut in [13, xz.len() / 5, xz.len() / 2, xz.len() - 30] {
            let input = &xz[..cut];
            let message = format!("truncated xz data: the stream is cut off at byte {cut}");
            let (first, e) = read_in(XzDecoder::new(input, u32::MAX), 1);
            assert_eq!(e, message);
            assert!(text.starts_with(&first), "cut at {cut}");
            if cut > 13 {
                assert!(
                    first.len() > text.len() * (cut - 200) / xz.len() / 2,
                    "cut at {cut}"
                );
            }
            for size in [7, 4096, 1 << 20] {
                for dribble in [1, 5, 1 << 20] {
                    let reader = XzDecoder::new(Dribble(input, dribble), u32::MAX);
                    let (out, e) = read_in(reader, size);
                    assert_eq!(e, message, "cut at {cut}");
                    assert!(out == first, "cut at {cut}: {size}-byte reads, {dribble}");
                }
            }
        }
    }
}
