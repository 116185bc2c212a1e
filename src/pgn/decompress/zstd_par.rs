//! A zstd file of many frames (pzstd's, every lichess database file)
//! decompressed by several threads at once, each taking whole frames.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use super::frames::FrameWalk;
use super::{MAX_ZSTD_WINDOW, MAX_ZSTD_WINDOW_LOG};
use crate::pgn::threads::thread_start_error;

/// Bytes of decompressed output handed on at a time (1 MiB).
const PIECE: usize = 1 << 20;

/// Decompressed bytes the frames may hold ready ahead of the reader (8 MiB
/// over all decoders, at least 2 pieces each): what lets a decoder work
/// ahead while the frame before its own is still being read.
const LOOK_AHEAD: usize = 8 << 20;

/// A piece of a frame's output, or the error that ends the stream.
type Piece = io::Result<(Vec<u8>, usize)>;

/// A frame's output, and where the frame ends in the file.
type Frame = (Receiver<Piece>, u64);

/// The bytes of a zstd file, its frames decompressed by `decoders`
/// threads at once: each decoder takes the next whole frame (with the
/// skippable frames before it) and reads its compressed bytes from the file
/// itself; the frames' outputs are handed on in file order, so the games
/// that cross a frame boundary read as one. A file of one frame is read by
/// one decoder, beside the caller.
///
/// Memory: each decoder holds its frame's window (8 MiB for the lichess
/// database's `pzstd -19` frames; at most [`MAX_ZSTD_WINDOW`]) and at most
/// `8 MiB / decoders` (2 MiB at least) of output ready ahead in the frame
/// being read and as much in its next one, plus a piece being filled;
/// pieces read are kept for reuse. How far it scales: a decoder works
/// ahead of the frame being read by that much only, so with frames of 32
/// MiB (lichess) decompression runs up to about 1.3 times as fast as one
/// decoder, with frames of 8 MiB (`pzstd -3`) up to 2 times, with smaller
/// ones up to `decoders` times. One decoder keeps up with about four parsing threads.
///
/// Errors (corrupt or truncated data, a window over the limit) come in
/// their place in the stream: the bytes before them are read first.
pub struct ParallelZstd {
    /// The frames' outputs, in order.
    order: Receiver<Frame>,
    current: Option<Frame>,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    /// Spare piece buffers, back to the decoders.
    spare: SyncSender<Vec<u8>>,
    done: bool,
    /// Told the compressed bytes read so far, at each frame's end.
    progress: Option<Box<dyn FnMut(u64) + Send>>,
}

/// The next frame to hand out: where it starts, and the walk from there.
struct Cursor {
    file: Arc<File>,
    walk: FrameWalk,
    len: u64,
    failed: bool,
}

/// A frame's byte range, the skippable frames before it included; when
/// the file ends inside the frame, the range ends with the file and `cut`
/// says so, to be said after the bytes the frame's whole blocks give.
struct FrameRange {
    start: u64,
    end: u64,
    cut: Option<io::Error>,
}

impl Cursor {
    /// The next frame's byte range, None at the end of the file.
    fn next_frame(&mut self) -> io::Result<Option<FrameRange>> {
        let start = self.walk.position();
        if start >= self.len || self.failed {
            return Ok(None);
        }
        let mut head = [0u8; 64];
        loop {
            let opaque = self.walk.opaque();
            if opaque > 0 {
                if self.walk.position() + opaque > self.len {
                    break;
                }
                if self.walk.pass(opaque) {
                    return Ok(Some(self.range(start, None)));
                }
                continue;
            }
            let pos = self.walk.position();
            let want = head.len().min((self.len - pos) as usize);
            if want == 0 {
                break;
            }
            let n = read_at(&self.file, &mut head[..want], pos)?;
            if n == 0 {
                break;
            }
            // Headers are looked at; block contents are passed over unseen
            // (on the next turn) once the walk reaches them.
            if self.walk.walk(&head[..n])?.frame_end {
                return Ok(Some(self.range(start, None)));
            }
        }
        // The file ends inside a frame, or in the skippable frames after
        // the last one.
        if self.walk.between_frames() {
            return Ok(None);
        }
        // No frame is handed out after this one.
        self.failed = true;
        let cut = io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "truncated zstd data: the frame at byte {} is cut off at byte {}",
                self.walk.frame_start(),
                self.len
            ),
        );
        Ok(Some(FrameRange {
            start,
            end: self.len,
            cut: Some(cut),
        }))
    }

    /// The range from `start` to where the walk stands.
    fn range(&self, start: u64, cut: Option<io::Error>) -> FrameRange {
        FrameRange {
            start,
            end: self.walk.position(),
            cut,
        }
    }
}

/// The byte ranges of the zstd frames of `file` from its start, each with
/// the skippable frames before it, found by walking the frame and block
/// headers (nothing is decompressed); at most `limit` of them.
pub(crate) fn frame_ranges(file: File, limit: usize) -> io::Result<Vec<(u64, u64)>> {
    let len = file.metadata()?.len();
    let mut cursor = Cursor {
        file: Arc::new(file),
        walk: FrameWalk::new(MAX_ZSTD_WINDOW),
        len,
        failed: false,
    };
    let mut frames = Vec::new();
    while frames.len() < limit {
        match cursor.next_frame()? {
            Some(FrameRange { cut: Some(e), .. }) => return Err(e),
            Some(r) => frames.push((r.start, r.end)),
            None => break,
        }
    }
    Ok(frames)
}

/// Reads at `offset` (pread), `Interrupted` retried.
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    loop {
        #[cfg(unix)]
        let r = std::os::unix::fs::FileExt::read_at(file, buf, offset);
        #[cfg(windows)]
        let r = std::os::windows::fs::FileExt::seek_read(file, buf, offset);
        match r {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            r => return r,
        }
    }
}

/// A byte range of a file, read with `read_at` (no shared position).
struct Range {
    file: Arc<File>,
    pos: u64,
    end: u64,
}

impl Read for Range {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = buf.len().min((self.end - self.pos) as usize);
        if want == 0 {
            return Ok(0);
        }
        let n = read_at(&self.file, &mut buf[..want], self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl ParallelZstd {
    /// Starts `decoders` threads (at least 1) on the zstd file `file`.
    pub fn new(file: File, decoders: usize) -> io::Result<ParallelZstd> {
        ParallelZstd::starting_at(file, 0, decoders)
    }

    /// [`ParallelZstd::new`] from byte `offset` of `file`, where a frame
    /// (or the skippable frame before one) begins: the frames from there
    /// to the end of the file.
    pub fn starting_at(file: File, offset: u64, decoders: usize) -> io::Result<ParallelZstd> {
        let decoders = decoders.max(1);
        let len = file.metadata()?.len();
        let file = Arc::new(file);
        let cursor = Arc::new(Mutex::new(Cursor {
            file: file.clone(),
            walk: FrameWalk::new(MAX_ZSTD_WINDOW).starting_at(offset),
            len,
            failed: false,
        }));
        let ahead = (LOOK_AHEAD / PIECE / decoders).max(2);
        let (order_tx, order) = mpsc::sync_channel(decoders);
        // Room for every piece there can be (each decoder's `ahead` in the
        // frame being read and as many in its next one, the one it fills,
        // the one the reader holds): a piece read is kept for reuse, none
        // is allocated (and zeroed) twice.
        let (spare, spare_rx) = mpsc::sync_channel::<Vec<u8>>(decoders * (2 * ahead + 2));
        let spare_rx = Arc::new(Mutex::new(spare_rx));
        for _ in 0..decoders {
            let (cursor, order_tx, spare_rx) = (cursor.clone(), order_tx.clone(), spare_rx.clone());
            let file = file.clone();
            thread::Builder::new()
                .name("movetext-zstd".into())
                .spawn(move || decode_frames(&file, &cursor, &order_tx, &spare_rx, ahead))
                .map_err(thread_start_error)?;
        }
        Ok(ParallelZstd {
            order,
            current: None,
            buf: Vec::new(),
            pos: 0,
            len: 0,
            spare,
            done: false,
            progress: None,
        })
    }

    /// Calls `progress` with the compressed bytes read so far each time a
    /// frame has been read to its end (for a progress bar).
    pub fn with_progress(mut self, progress: impl FnMut(u64) + Send + 'static) -> ParallelZstd {
        self.progress = Some(Box::new(progress));
        self
    }
}

/// A decoder's loop: take the next frame (registering where its output
/// goes, in file order), decompress it piece by piece. One decompression
/// context and one input buffer serve all its frames: their window and
/// tables are allocated once, not once a frame.
fn decode_frames(
    file: &Arc<File>,
    cursor: &Mutex<Cursor>,
    order: &SyncSender<Frame>,
    spare: &Mutex<Receiver<Vec<u8>>>,
    ahead: usize,
) {
    let mut context = zstd::zstd_safe::DCtx::create();
    let limit = context.set_parameter(zstd::zstd_safe::DParameter::WindowLogMax(
        MAX_ZSTD_WINDOW_LOG,
    ));
    let mut input = BufReader::with_capacity(
        128 * 1024,
        Range {
            file: file.clone(),
            pos: 0,
            end: 0,
        },
    );
    loop {
        let (tx, rx) = mpsc::sync_channel::<Piece>(ahead);
        let mut range = {
            let Ok(mut c) = cursor.lock() else {
                return;
            };
            let next = c.next_frame();
            if next.is_err() {
                c.failed = true;
            }
            match next {
                Ok(None) => return,
                Ok(Some(r)) => {
                    if order.send((rx, r.end)).is_err() {
                        return;
                    }
                    r
                }
                Err(e) => {
                    let _ = order.send((rx, 0));
                    let _ = tx.send(Err(e));
                    return;
                }
            }
        };
        if let Err(code) = limit {
            let name = zstd::zstd_safe::get_error_name(code);
            let _ = tx.send(Err(io::Error::other(name.to_string())));
            return;
        }
        // A frame read to its end leaves nothing buffered: its input ends
        // with it.
        if !input.buffer().is_empty() {
            input = BufReader::with_capacity(128 * 1024, input.into_inner());
        }
        let range_input = input.get_mut();
        range_input.pos = range.start;
        range_input.end = range.end;
        let mut decoder = zstd::stream::read::Decoder::with_context(&mut input, &mut context);
        loop {
            let mut buf = spare
                .lock()
                .ok()
                .and_then(|s| s.try_recv().ok())
                .unwrap_or_else(|| vec![0; PIECE]);
            let mut len = 0;
            let read = crate::pgn::buffer::read_full(&mut decoder, &mut buf, &mut len);
            let eof = matches!(read, Ok(true));
            if len > 0 && tx.send(Ok((buf, len))).is_err() {
                return;
            }
            // A frame cut off by the end of the file, the bytes of its
            // whole blocks given, ends as the file does: truncated (the
            // cursor hands out no frame after it).
            let at_cut = match &read {
                Ok(eof) => *eof,
                Err(e) => e.kind() == io::ErrorKind::UnexpectedEof,
            };
            if let Some(cut) = range.cut.take_if(|_| at_cut) {
                let _ = tx.send(Err(cut));
                return;
            }
            match read {
                Ok(_) if eof => break,
                Ok(_) => {}
                Err(e) => {
                    // An error of the system (EIO...) keeps its errno.
                    let e = if e.raw_os_error().is_some() {
                        e
                    } else {
                        io::Error::new(e.kind(), format!("corrupt zstd data ({e})"))
                    };
                    let _ = tx.send(Err(e));
                    if let Ok(mut c) = cursor.lock() {
                        c.failed = true;
                    }
                    return;
                }
            }
        }
    }
}

impl Read for ParallelZstd {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.len {
            if self.done || out.is_empty() {
                return Ok(0);
            }
            let (rx, end) = match &self.current {
                Some(frame) => frame,
                None => match self.order.recv() {
                    Ok(frame) => self.current.insert(frame),
                    Err(_) => {
                        self.done = true;
                        return Ok(0);
                    }
                },
            };
            match rx.recv() {
                Ok(Ok((buf, len))) => {
                    let old = std::mem::replace(&mut self.buf, buf);
                    if !old.is_empty() {
                        let _ = self.spare.try_send(old);
                    }
                    self.pos = 0;
                    self.len = len;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                // The frame is over.
                Err(_) => {
                    let end = *end;
                    if let Some(p) = &mut self.progress {
                        p(end);
                    }
                    self.current = None;
                }
            }
        }
        let n = out.len().min(self.len - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// `data` as pzstd writes it: `parts` frames, each after a skippable
    /// frame holding its size.
    fn pzstd_like(data: &[u8], parts: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for piece in data.chunks(data.len().div_ceil(parts).max(1)) {
            let frame = zstd::encode_all(piece, 1).unwrap();
            out.extend_from_slice(&0x184D_2A50u32.to_le_bytes());
            out.extend_from_slice(&4u32.to_le_bytes());
            out.extend_from_slice(&(frame.len() as u32).to_le_bytes());
            out.extend_from_slice(&frame);
        }
        out
    }

    fn file(name: &str, bytes: &[u8]) -> (File, std::path::PathBuf) {
        let path =
            std::env::temp_dir().join(format!("movetext-zpar-{}-{name}", std::process::id()));
        std::fs::File::create(&path)
            .unwrap()
            .write_all(bytes)
            .unwrap();
        (File::open(&path).unwrap(), path)
    }

    fn read_all(bytes: &[u8], decoders: usize, name: &str) -> (Vec<u8>, io::Result<()>) {
        let (f, path) = file(name, bytes);
        let mut out = Vec::new();
        let r = ParallelZstd::new(f, decoders)
            .unwrap()
            .read_to_end(&mut out)
            .map(|_| ());
        let _ = std::fs::remove_file(path);
        (out, r)
    }

    #[test]
    fn frames_in_order_at_any_decoder_count() {
        // 3.5 MiB: pieces of 1 MiB cross frame ends.
        let data: Vec<u8> = (0..3_500_000u32)
            .map(|i| b"[Event \"x\"]\n1. e4 e5 *\n"[(i % 23) as usize])
            .collect();
        for parts in [1, 2, 7, 40] {
            let mut zst = pzstd_like(&data, parts);
            // A stray skippable frame at the end, as concatenated files may have.
            zst.extend_from_slice(&[0x5e, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 9, 9]);
            for decoders in [1, 2, 3] {
                let (out, r) = read_all(&zst, decoders, &format!("{parts}-{decoders}"));
                r.unwrap();
                assert!(out == data, "parts {parts} decoders {decoders}");
            }
        }
        assert_eq!(read_all(b"", 2, "empty").0, b"");
    }

    /// What one zstd decoder gives of `bytes` before its end or error.
    fn one_decoder(bytes: &[u8]) -> Vec<u8> {
        let mut decoder = zstd::stream::read::Decoder::new(bytes).unwrap();
        let (mut out, mut buf) = (Vec::new(), [0u8; 4096]);
        while let Ok(n @ 1..) = decoder.read(&mut buf) {
            out.extend_from_slice(&buf[..n]);
        }
        out
    }

    #[test]
    fn errors_come_after_the_bytes_before_them() {
        let data = b"1. e4 e5 *\n".repeat(100_000);
        let zst = pzstd_like(&data, 4);
        let frame = zst.len() / 4;
        // Cut inside a frame: the bytes before it and those of the cut
        // frame's whole blocks (as one decoder gives them), then the
        // error, naming the frame (not its skippable frame) and the cut.
        // Text of many blocks a frame: numbers that do not repeat.
        let text: Vec<u8> = (0..60_000u64)
            .flat_map(|i| format!("{} Nf3 {} *\n", i, i * 7919 % 100_003).into_bytes())
            .collect();
        let blocks = pzstd_like(&text, 3);
        let starts: Vec<usize> = (0..blocks.len() - 4)
            .filter(|&i| blocks[i..i + 4] == [0x28, 0xb5, 0x2f, 0xfd])
            .collect();
        assert_eq!(starts.len(), 3);
        for (cut, frame_at) in [
            (blocks.len() - 5, starts[2]),
            (starts[0] + 20_000, starts[0]),
            (starts[1] + 9, starts[1]),
        ] {
            let whole = one_decoder(&blocks[..cut]);
            assert!(whole.len() < text.len() && text.starts_with(&whole));
            for decoders in [1, 2, 3] {
                let (out, r) = read_all(&blocks[..cut], decoders, &format!("cut{cut}-{decoders}"));
                assert!(out == whole, "cut {cut} decoders {decoders}");
                let e = r.unwrap_err();
                assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
                assert_eq!(
                    e.to_string(),
                    format!("truncated zstd data: the frame at byte {frame_at} is cut off at byte {cut}")
                );
            }
        }
        // Of the last frame, cut in its last block: its first blocks.
        assert!(one_decoder(&blocks[..blocks.len() - 5]).len() > text.len() / 3 * 2 + 128 * 1024);
        // A corrupt block in the second frame.
        let mut bad = zst.clone();
        bad[frame + 60] ^= 0xff;
        bad[frame + 61] ^= 0xff;
        let (out, r) = read_all(&bad, 3, "bad");
        assert!(out.len() >= data.len() / 4 && out.len() < data.len());
        assert!(r.is_err());
        // A window over the limit in the third frame.
        let mut big = zst[..2 * frame].to_vec();
        big.extend_from_slice(&[0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 1, 0, 0]);
        let (out, r) = read_all(&big, 2, "window");
        assert_eq!(out.len(), data.len() / 2);
        assert!(r
            .unwrap_err()
            .to_string()
            .contains("needs a 2048 MiB window"));
    }
}
