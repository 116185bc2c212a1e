//! Reading ahead on a thread of its own: a decompressor runs beside the
//! threads that parse what it gives.

use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread;

use crate::pgn::buffer::read_full;
use crate::pgn::threads::thread_start_error;

/// A [`Read`] whose bytes are read from `inner` by a thread of its own, in
/// buffers of `buffer` bytes, at most `depth` of them filled ahead: memory
/// is `(depth + 2) × buffer` whatever the input. The bytes and any error
/// come in the order `inner` gives them; reading ends at the first error.
///
/// Dropping it stops the thread at its next buffer (a thread blocked in
/// `inner.read` ends when that read returns).
///
/// ```
/// use std::io::Read;
/// use movetext::pgn::decompress::ReadAhead;
/// let data = b"[Event \"x\"]\n1. e4 *\n".repeat(1000);
/// let mut out = Vec::new();
/// ReadAhead::new(std::io::Cursor::new(data.clone()), 4096, 2).read_to_end(&mut out).unwrap();
/// assert_eq!(out, data);
/// ```
pub struct ReadAhead {
    filled: Receiver<io::Result<(Vec<u8>, usize)>>,
    empty: Sender<Vec<u8>>,
    current: Vec<u8>,
    pos: usize,
    len: usize,
    done: bool,
}

/// Default buffer of [`ReadAhead`] (1 MiB).
pub const READ_AHEAD_BUFFER: usize = 1 << 20;

impl ReadAhead {
    /// Starts reading `inner` on a new thread (if none can be started, the
    /// error is the first read's).
    pub fn new<R: Read + Send + 'static>(inner: R, buffer: usize, depth: usize) -> ReadAhead {
        let buffer = buffer.max(1);
        let (filled_tx, filled) = mpsc::sync_channel(depth.max(1));
        let (empty, empty_rx) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("movetext-read-ahead".into())
            .spawn(move || fill(inner, buffer, &filled_tx, &empty_rx));
        if let Err(e) = spawned {
            let (tx, rx) = mpsc::sync_channel(1);
            let _ = tx.send(Err(thread_start_error(e)));
            return ReadAhead {
                filled: rx,
                empty,
                current: Vec::new(),
                pos: 0,
                len: 0,
                done: false,
            };
        }
        ReadAhead {
            filled,
            empty,
            current: Vec::new(),
            pos: 0,
            len: 0,
            done: false,
        }
    }
}

/// The thread's loop: fill a buffer (a recycled one if any), hand it on.
fn fill<R: Read>(
    mut inner: R,
    buffer: usize,
    filled: &SyncSender<io::Result<(Vec<u8>, usize)>>,
    empty: &Receiver<Vec<u8>>,
) {
    loop {
        let mut buf = empty.try_recv().unwrap_or_else(|_| vec![0; buffer]);
        let mut len = 0;
        match read_full(&mut inner, &mut buf, &mut len) {
            Ok(eof) => {
                if len > 0 && filled.send(Ok((buf, len))).is_err() {
                    return;
                }
                if eof {
                    return;
                }
            }
            Err(e) => {
                if len > 0 && filled.send(Ok((buf, len))).is_err() {
                    return;
                }
                let _ = filled.send(Err(e));
                return;
            }
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.len {
            if self.done || out.is_empty() {
                return Ok(0);
            }
            match self.filled.recv() {
                Ok(Ok((buf, len))) => {
                    let old = std::mem::replace(&mut self.current, buf);
                    if !old.is_empty() {
                        let _ = self.empty.send(old);
                    }
                    self.pos = 0;
                    self.len = len;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => {
                    self.done = true;
                    return Ok(0);
                }
            }
        }
        let n = out.len().min(self.len - self.pos);
        out[..n].copy_from_slice(&self.current[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives `data` in reads of `piece` bytes, then `error` if any.
    struct Source {
        data: Vec<u8>,
        piece: usize,
        error: bool,
    }

    impl Read for Source {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.data.is_empty() {
                if self.error {
                    self.error = false;
                    return Err(io::Error::other("broken"));
                }
                return Ok(0);
            }
            let n = self.piece.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn bytes_then_error_in_order() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        for (buffer, depth, piece) in [(1, 1, 1), (7, 2, 3), (4096, 4, 1000), (1 << 20, 4, 1 << 20)]
        {
            let src = Source {
                data: data.clone(),
                piece,
                error: true,
            };
            let mut r = ReadAhead::new(src, buffer, depth);
            let mut out = Vec::new();
            let e = r.read_to_end(&mut out).unwrap_err();
            assert_eq!(e.to_string(), "broken");
            assert_eq!(out, data, "{buffer} {depth} {piece}");
            assert_eq!(r.read(&mut [0; 8]).unwrap(), 0);
        }
    }

    #[test]
    fn dropped_early() {
        let src = Source {
            data: vec![1; 10 << 20],
            piece: 1 << 16,
            error: false,
        };
        let mut r = ReadAhead::new(src, 1 << 16, 2);
        let mut buf = [0; 100];
        r.read_exact(&mut buf).unwrap();
        drop(r);
    }
}
