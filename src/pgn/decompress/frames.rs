//! The zstd frame format, walked without decompressing: where each frame
//! ends, and the window each one asks for.
//!
//! A zstd stream is a sequence of frames: zstd frames (magic `28 B5 2F FD`)
//! and skippable frames (magics `50..5F 2A 4D 18`, a 4-byte length and that
//! many bytes of anything). `zstd` writes one frame per file; `pzstd` (and so
//! every file of the lichess database) writes one frame per piece of input,
//! each after a skippable frame that holds the next frame's compressed size;
//! concatenated `.zst` files are a sequence of frames too. A zstd frame is a
//! header, blocks (each with a 3-byte header giving its kind and size), and
//! an optional checksum: its end is found by reading the block headers only.

use std::io::{self, Read};

/// Largest zstd window accepted: 128 MiB (window log 27), the limit of
/// `zstd -d` without `--memory` and of libzstd's decoder by default. A
/// frame's window is what its decoder holds in memory, whatever the file's
/// size; files written with `--long=28` or more ask for more.
pub const MAX_WINDOW: u64 = 1 << MAX_WINDOW_LOG;

/// `log2` of [`MAX_WINDOW`].
pub const MAX_WINDOW_LOG: u32 = 27;

const FRAME_MAGIC: u32 = 0xFD2F_B528;

/// Whether `magic` (read little-endian) opens a skippable frame.
pub(crate) fn is_skippable(magic: u32) -> bool {
    magic & 0xFFFF_FFF0 == 0x184D_2A50
}

/// Whether `magic` (read little-endian) opens a zstd frame.
pub(crate) fn is_frame(magic: u32) -> bool {
    magic == FRAME_MAGIC
}

/// Where the walk is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Collecting a frame's 4-byte magic (`have` bytes so far).
    Magic,
    /// Collecting a skippable frame's 4-byte length.
    SkipLength,
    /// Skipping a skippable frame's content.
    Skip(u64),
    /// Collecting a zstd frame header of `need` bytes (magic included).
    Header(usize),
    /// Collecting a 3-byte block header.
    BlockHeader,
    /// Skipping a block's content; whether it is the frame's last block.
    Block(u32, bool),
    /// Skipping the 4-byte content checksum.
    Checksum(u32),
}

/// What one call of [`FrameWalk::walk`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    /// Bytes of the input walked over.
    pub consumed: usize,
    /// Whether a zstd frame ended at `consumed` (a skippable frame that
    /// ends there does not count: it belongs to the frame after it).
    pub frame_end: bool,
}

/// Walks a zstd stream's frames incrementally, over bytes fed in pieces of
/// any size, checking each frame's window against a limit.
#[derive(Debug, Clone)]
pub(crate) struct FrameWalk {
    state: State,
    /// The header (or magic, or length) collected so far.
    head: [u8; 18],
    have: usize,
    checksum: bool,
    /// Bytes walked over since the start.
    pos: u64,
    /// Offset of the frame (or skippable frame) being walked.
    frame_start: u64,
    max_window: u64,
}

impl FrameWalk {
    /// A walk from the start of a stream, refusing windows over `max_window`.
    pub(crate) fn new(max_window: u64) -> FrameWalk {
        FrameWalk {
            state: State::Magic,
            head: [0; 18],
            have: 0,
            checksum: false,
            pos: 0,
            frame_start: 0,
            max_window,
        }
    }

    /// This walk starting at byte `pos` of the stream (where a frame, or a
    /// skippable frame, begins).
    pub(crate) fn starting_at(mut self, pos: u64) -> FrameWalk {
        self.pos = pos;
        self.frame_start = pos;
        self
    }

    /// Whether the walk stands between two frames (true at the start too).
    pub(crate) fn between_frames(&self) -> bool {
        self.state == State::Magic && self.have == 0
    }

    /// Collects header bytes up to `need` in total; whether it has them all.
    fn collect(&mut self, data: &[u8], at: &mut usize, need: usize) -> bool {
        let take = (need - self.have).min(data.len() - *at);
        self.head[self.have..self.have + take].copy_from_slice(&data[*at..*at + take]);
        self.have += take;
        *at += take;
        self.have == need
    }

    /// Walks over `data`, stopping after the end of a zstd frame if one ends
    /// in it. An error names the offset and what is wrong: not a zstd frame,
    /// a reserved bit or block type, a window over the limit.
    pub(crate) fn walk(&mut self, data: &[u8]) -> io::Result<Step> {
        let mut at = 0;
        let mut frame_end = false;
        while at < data.len() && !frame_end {
            match self.state {
                State::Magic => {
                    if self.have == 0 {
                        self.frame_start = self.pos + at as u64;
                    }
                    if !self.collect(data, &mut at, 4) {
                        break;
                    }
                    let magic = u32::from_le_bytes([
                        self.head[0],
                        self.head[1],
                        self.head[2],
                        self.head[3],
                    ]);
                    if is_skippable(magic) {
                        self.state = State::SkipLength;
                        self.have = 0;
                    } else if is_frame(magic) {
                        self.state = State::Header(5);
                    } else {
                        return Err(self.error(format!(
                            "not a zstd frame at byte {} (bytes {:02x} {:02x} {:02x} {:02x})",
                            self.frame_start,
                            self.head[0],
                            self.head[1],
                            self.head[2],
                            self.head[3]
                        )));
                    }
                }
                State::SkipLength => {
                    if !self.collect(data, &mut at, 4) {
                        break;
                    }
                    let n = u32::from_le_bytes([
                        self.head[0],
                        self.head[1],
                        self.head[2],
                        self.head[3],
                    ]);
                    self.have = 0;
                    self.state = State::Skip(u64::from(n));
                }
                State::Skip(n) => {
                    let take = n.min((data.len() - at) as u64);
                    at += take as usize;
                    self.state = State::Skip(n - take);
                    if n == take {
                        self.state = State::Magic;
                    }
                }
                State::Header(need) => {
                    if !self.collect(data, &mut at, need) {
                        break;
                    }
                    if need == 5 {
                        let fhd = self.head[4];
                        if fhd & 0x08 != 0 {
                            return Err(self.error(format!(
                                "corrupt zstd frame header at byte {} (reserved bit set)",
                                self.frame_start
                            )));
                        }
                        let single = fhd & 0x20 != 0;
                        let did = [0, 1, 2, 4][usize::from(fhd & 3)];
                        let fcs = match fhd >> 6 {
                            0 => usize::from(single),
                            1 => 2,
                            2 => 4,
                            _ => 8,
                        };
                        let need = 5 + usize::from(!single) + did + fcs;
                        if need > 5 {
                            self.state = State::Header(need);
                            continue;
                        }
                    }
                    self.frame_header()?;
                }
                State::BlockHeader => {
                    if !self.collect(data, &mut at, 3) {
                        break;
                    }
                    let h = u32::from_le_bytes([self.head[0], self.head[1], self.head[2], 0]);
                    self.have = 0;
                    let last = h & 1 != 0;
                    let size = h >> 3;
                    let stored = match (h >> 1) & 3 {
                        0 | 2 => size,
                        1 => 1,
                        _ => {
                            return Err(self.error(format!(
                                "corrupt zstd block at byte {} (reserved block type)",
                                self.pos + at as u64 - 3
                            )))
                        }
                    };
                    self.state = State::Block(stored, last);
                    if stored == 0 {
                        frame_end = self.block_done(last);
                    }
                }
                State::Block(n, last) => {
                    let take = (n as usize).min(data.len() - at);
                    at += take;
                    self.state = State::Block(n - take as u32, last);
                    if take == n as usize {
                        frame_end = self.block_done(last);
                    }
                }
                State::Checksum(n) => {
                    let take = (n as usize).min(data.len() - at);
                    at += take;
                    self.state = State::Checksum(n - take as u32);
                    if take == n as usize {
                        self.state = State::Magic;
                        frame_end = true;
                    }
                }
            }
        }
        self.pos += at as u64;
        Ok(Step {
            consumed: at,
            frame_end,
        })
    }

    /// A block is over: the next block, the checksum, or the frame's end.
    fn block_done(&mut self, last: bool) -> bool {
        if !last {
            self.state = State::BlockHeader;
            return false;
        }
        if self.checksum {
            self.state = State::Checksum(4);
            return false;
        }
        self.state = State::Magic;
        true
    }

    /// The whole header is in `head`: checks its window, moves to the blocks.
    fn frame_header(&mut self) -> io::Result<()> {
        let fhd = self.head[4];
        let single = fhd & 0x20 != 0;
        self.checksum = fhd & 0x04 != 0;
        let window = if single {
            let did = [0, 1, 2, 4][usize::from(fhd & 3)];
            let f = &self.head[5 + did..self.have];
            match f.len() {
                1 => u64::from(f[0]),
                2 => u64::from(u16::from_le_bytes([f[0], f[1]])) + 256,
                4 => u64::from(u32::from_le_bytes([f[0], f[1], f[2], f[3]])),
                _ => u64::from_le_bytes([f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]]),
            }
        } else {
            let wd = self.head[5];
            let log = 10 + u32::from(wd >> 3);
            if log > 41 {
                return Err(self.error(format!(
                    "corrupt zstd frame header at byte {} (window log {log})",
                    self.frame_start
                )));
            }
            let base = 1u64 << log;
            base + (base / 8) * u64::from(wd & 7)
        };
        if window > self.max_window {
            return Err(window_error(self.frame_start, window, self.max_window));
        }
        self.have = 0;
        self.state = State::BlockHeader;
        Ok(())
    }

    /// Bytes that can be passed over without being looked at: the rest of
    /// a skippable frame, a block or the checksum (0 elsewhere).
    pub(crate) fn opaque(&self) -> u64 {
        match self.state {
            State::Skip(n) => n,
            State::Block(n, _) | State::Checksum(n) => u64::from(n),
            _ => 0,
        }
    }

    /// Passes over `n` bytes (at most [`FrameWalk::opaque`]) unseen:
    /// whether a zstd frame ended there.
    pub(crate) fn pass(&mut self, n: u64) -> bool {
        let n = n.min(self.opaque());
        self.pos += n;
        match self.state {
            State::Skip(k) => {
                self.state = if k == n {
                    State::Magic
                } else {
                    State::Skip(k - n)
                };
                false
            }
            State::Block(k, last) => {
                let k = u64::from(k);
                self.state = State::Block((k - n) as u32, last);
                k == n && self.block_done(last)
            }
            State::Checksum(k) => {
                let k = u64::from(k);
                self.state = State::Checksum((k - n) as u32);
                if k == n {
                    self.state = State::Magic;
                }
                k == n
            }
            _ => false,
        }
    }

    /// Bytes walked over since the start.
    pub(crate) fn position(&self) -> u64 {
        self.pos
    }

    /// Offset of the frame (or skippable frame) being walked.
    pub(crate) fn frame_start(&self) -> u64 {
        self.frame_start
    }

    /// Checks that the stream ended between frames.
    pub(crate) fn finish(&self) -> io::Result<()> {
        if self.between_frames() {
            return Ok(());
        }
        Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "truncated zstd data: the frame at byte {} is cut off at byte {}",
                self.frame_start, self.pos
            ),
        ))
    }

    fn error(&self, message: String) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, message)
    }
}

/// The error for a frame whose window is over the limit: its size, the
/// limit, and how to read the file anyway.
fn window_error(at: u64, window: u64, max: u64) -> io::Error {
    let mib = |n: u64| n.div_ceil(1 << 20);
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "the zstd frame at byte {at} needs a {} MiB window, over the {} MiB that movetext \
             (like `zstd -d`) accepts; decompress it first with `zstd -d --memory={}MB`",
            mib(window),
            mib(max),
            mib(window)
        ),
    )
}

/// A zstd stream passed through unchanged, its frames walked as they go
/// by: a frame whose window is over the limit (or that is not a frame) is
/// an error before its bytes reach the decoder, and a stream that ends
/// inside a frame is an error at its end.
#[cfg_attr(not(feature = "compression"), allow(dead_code))]
pub(crate) struct Checked<R> {
    inner: R,
    walk: FrameWalk,
}

#[cfg_attr(not(feature = "compression"), allow(dead_code))]
impl<R: Read> Checked<R> {
    pub(crate) fn new(inner: R, max_window: u64) -> Checked<R> {
        Checked {
            inner,
            walk: FrameWalk::new(max_window),
        }
    }

    /// This stream's first byte is byte `pos` of the file.
    pub(crate) fn starting_at(mut self, pos: u64) -> Checked<R> {
        self.walk = self.walk.starting_at(pos);
        self
    }
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 {
            self.walk.finish()?;
            return Ok(0);
        }
        let mut at = 0;
        while at < n {
            at += self.walk.walk(&buf[at..n])?.consumed;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A skippable frame holding `content`.
    fn skippable(content: &[u8]) -> Vec<u8> {
        let mut v = vec![0x50, 0x2a, 0x4d, 0x18];
        v.extend_from_slice(&(content.len() as u32).to_le_bytes());
        v.extend_from_slice(content);
        v
    }

    /// Frame ends found when `data` is fed in pieces of `piece` bytes.
    fn ends(data: &[u8], piece: usize) -> io::Result<Vec<u64>> {
        let mut w = FrameWalk::new(MAX_WINDOW);
        let mut out = Vec::new();
        let mut pos = 0;
        for part in data.chunks(piece) {
            let mut at = 0;
            while at < part.len() {
                let step = w.walk(&part[at..])?;
                at += step.consumed;
                pos += step.consumed as u64;
                if step.frame_end {
                    out.push(pos);
                }
            }
        }
        w.finish()?;
        Ok(out)
    }

    #[cfg(feature = "compression")]
    #[test]
    fn frame_ends_at_every_piece_size() {
        let a = zstd::encode_all(&b"[Event \"a\"]\n1. e4 *\n".repeat(50)[..], 3).unwrap();
        let b = zstd::encode_all(&b"1. d4 d5 *\n".repeat(3)[..], 19).unwrap();
        let mut data = skippable(&(a.len() as u32).to_le_bytes());
        data.extend_from_slice(&a);
        data.extend_from_slice(&skippable(b"anything"));
        data.extend_from_slice(&b);
        let first = 12 + a.len() as u64;
        let want = vec![first, data.len() as u64];
        for piece in [1, 2, 3, 5, 17, 4096] {
            assert_eq!(ends(&data, piece).unwrap(), want, "piece {piece}");
        }
        // Cut anywhere inside a frame: an error at the end.
        for cut in [1, 8, 13, first as usize - 1, data.len() - 1] {
            let e = ends(&data[..cut], 7).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof, "cut {cut}");
        }
        // Cut between frames: fine.
        assert_eq!(ends(&data[..first as usize], 7).unwrap(), vec![first]);
    }

    #[test]
    fn windows_over_the_limit_are_refused() {
        // Frame header: magic, FHD 0 (no single segment, no checksum),
        // window descriptor: exponent 21 (log 31: 2 GiB), mantissa 0.
        let frame = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3];
        let e = ends(&frame, 3).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "the zstd frame at byte 0 needs a 2048 MiB window, over the 128 MiB that movetext \
             (like `zstd -d`) accepts; decompress it first with `zstd -d --memory=2048MB`"
        );
        // 128 MiB exactly (log 27) is accepted; 128 MiB and an eighth is not.
        let mut ok = FrameWalk::new(MAX_WINDOW);
        assert!(ok.walk(&[0x28, 0xb5, 0x2f, 0xfd, 0x00, 17 << 3]).is_ok());
        let mut over = FrameWalk::new(MAX_WINDOW);
        assert!(over
            .walk(&[0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 << 3) | 1])
            .is_err());
    }

    #[test]
    fn garbage_is_not_a_frame() {
        let e = ends(b"[Event \"x\"]", 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a zstd frame at byte 0 (bytes 5b 45 76 65)"
        );
    }
}
