//! Game boundaries without tokenizing moves, and game-aligned chunks (read
//! in parallel by [`super::parallel`]).
//!
//! # The hard-game-start rule
//!
//! A **tag line** is a line (bytes up to, not including, LF or CR) of at most
//! [`MAX_TAG_LINE`] bytes (16 KiB) that
//! - starts with `[` in its first column,
//! - continues with a tag name of ASCII letters, digits or `_`, then at least
//!   one space or tab, then `"`,
//! - and ends, after trailing spaces and tabs are removed, with `"` followed
//!   by optional spaces/tabs and `]`.
//!
//! A line is judged whole, from its first byte: `1-0 [Event "x"]` is no tag
//! line, whatever the reader makes of its `[`. The one exception: UTF-8
//! byte order marks that begin a line (files joined with `cat`) are
//! skipped, by the rule as by the reader, so `\u{feff}[Event "x"]` is a
//! tag line; the whole line still counts against [`MAX_TAG_LINE`].
//!
//! A **hard game start** is the first byte of a tag line whose previous line
//! is not a tag line (or which is the first line of the input). A new game
//! always begins at a hard game start, whatever the reader is doing there:
//! inside an unterminated `{` comment or `(` variation, after a missing
//! result, between two blank-line separated tag sections, or in a tag
//! section begun mid-line (`1-0 [Event "x"]`: the next tag line begins a
//! new game). Because the rule
//! looks only at the two lines around a point, any input can be cut at hard
//! game starts and the pieces read independently with identical results
//! (below).

//!
//! # Cut at hard game starts
//!
//! Chunks are cut only at hard game starts. The [`Reader`] always begins a
//! new game at such a point, whatever state it is in; and what it does
//! from there depends only on the bytes that follow. So reading the
//! chunks one by one, each from a fresh reader that knows its byte offset,
//! line and game number, gives exactly the events of one sequential reader
//! ([`Reader::new`], whose buffer sets the longest token and comment) —
//! errors with their positions included. The rule looks at two lines only,
//! so a `{` or `(` crossing a chunk boundary cannot exist: the boundary ends
//! the comment or variation in both readings.
//!
//! Memory: a chunk holds at least one whole stretch between two hard starts,
//! so input with no tag lines for a long stretch makes a large chunk; read
//! untrusted input with the sequential [`Reader`], whose memory is bounded.

use std::io::{self, Read};

use super::buffer::{read_full, ChunkInput};
use super::reader::Reader;
use super::scan::{count_line_ends, first_hard_start, for_each_hard_start, last_hard_start};

pub use super::scan::MAX_TAG_LINE;
use super::visitor::Visitor;

/// Default chunk size for [`Chunker`] (1 MiB), as for
/// [`par_read_all`](super::par_read_all).
pub const DEFAULT_CHUNK_SIZE: usize = 1 << 20;

/// Offsets of the hard game starts in an in-memory input.
///
/// This is the fast path for splitting: `memchr::memmem` jumps from line
/// start `[` to line start `[`, and only those lines are looked at. Each
/// game with tags begins at one of these offsets; games without tags are
/// found by the [`Reader`] only.
///
/// ```
/// let pgn = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n[Event \"c\"]\n1. d4 *\n";
/// assert_eq!(movetext::pgn::split::game_starts(pgn), [0, 32]);
/// ```
pub fn game_starts(data: &[u8]) -> Vec<usize> {
    super::scan::hard_starts(data, true)
}

/// Number of hard game starts in an in-memory input.
///
/// An input under 8 MiB is counted on the calling
/// thread without an allocation; a longer one in parts on the available
/// cores (at most eight, scoped threads; the calling thread alone if none
/// can be started), the parts cut at hard starts, so that each counts as
/// the whole would.
///
/// ```
/// let pgn = b"[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n".repeat(3);
/// assert_eq!(movetext::pgn::split::count_game_starts(&pgn), 6);
/// ```
pub fn count_game_starts(data: &[u8]) -> u64 {
    let threads = if data.len() < PAR_COUNT_MIN {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
    };
    count_game_starts_in_parts(data, threads)
}

/// Inputs this long or longer are counted on several threads by
/// [`count_game_starts`] (8 MiB: about a millisecond on one).
#[doc(hidden)]
pub const PAR_COUNT_MIN: usize = 8 << 20;

/// [`count_game_starts`] in `parts` parts of about equal length, the first
/// on the calling thread and the others each on a thread of its own. A
/// part begins at the last hard start before its share's start (none is
/// cut where no hard start is found after the part before).
fn count_game_starts_in_parts(data: &[u8], parts: usize) -> u64 {
    let count = |part: &[u8]| {
        let mut n = 0;
        for_each_hard_start(part, true, |_| {
            n += 1;
            true
        });
        n
    };
    if parts <= 1 {
        return count(data);
    }
    let mut cuts = vec![0];
    for k in 1..parts {
        let share = k * (data.len() / parts);
        let last = *cuts.last().unwrap_or(&0);
        if let Some(p) = last_hard_start(&data[last..share]) {
            cuts.push(last + p);
        }
    }
    cuts.push(data.len());
    std::thread::scope(|scope| {
        let mut threads = Vec::new();
        let mut n = 0;
        for w in cuts.windows(2).skip(1) {
            let part = &data[w[0]..w[1]];
            match std::thread::Builder::new().spawn_scoped(scope, move || count(part)) {
                Ok(t) => threads.push(t),
                Err(_) => n += count(part),
            }
        }
        n += count(&data[..cuts[1]]);
        for t in threads {
            n += t
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        n
    })
}

/// Number of hard game starts in a stream: the count [`count_game_starts`]
/// gives on the whole input, read through fixed buffers (128 KiB each,
/// three of them: constant memory). The calling thread reads while a
/// second thread counts (one thread if none can be started).
///
/// ```
/// let pgn = b"[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n".repeat(3);
/// assert_eq!(movetext::pgn::split::count_game_starts_read(&pgn[..]).unwrap(), 6);
/// ```
pub fn count_game_starts_read<R: Read>(input: R) -> io::Result<u64> {
    count_game_starts_buffered(input, STREAM_BUFFER)
}

/// The buffers of [`count_game_starts_read`].
const STREAM_BUFFER: usize = 128 * 1024;

/// Room before a buffer's bytes for the lines carried from the one before
/// (see [`StreamCount`]).
const CARRY_ROOM: usize = 2 * MAX_TAG_LINE + 4;

/// [`count_game_starts_read`] through buffers of `capacity` bytes (at
/// least four times [`MAX_TAG_LINE`]). The buffers go round between the
/// reading thread and the counting one: read into, counted, handed back.
fn count_game_starts_buffered<R: Read>(mut input: R, capacity: usize) -> io::Result<u64> {
    debug_assert!(capacity >= 4 * MAX_TAG_LINE);
    let new_buffer = || vec![0u8; CARRY_ROOM + capacity];
    std::thread::scope(|scope| {
        let (to_count, counted) = std::sync::mpsc::sync_channel::<(Vec<u8>, usize, bool)>(2);
        let (to_fill, empty) = std::sync::mpsc::channel::<Vec<u8>>();
        let counter = std::thread::Builder::new().spawn_scoped(scope, move || {
            let mut count = StreamCount::default();
            for (mut buf, len, eof) in counted {
                count.feed(&mut buf, len, eof);
                // The reader may be gone (a read error): nothing to hand back.
                let _ = to_fill.send(buf);
            }
            count.n
        });
        let Ok(counter) = counter else {
            // No thread: read and count in turn.
            let mut buf = new_buffer();
            let mut count = StreamCount::default();
            loop {
                let (len, eof) = fill(&mut input, &mut buf[CARRY_ROOM..])?;
                count.feed(&mut buf, len, eof);
                if eof {
                    return Ok(count.n);
                }
            }
        };
        let mut spare = vec![new_buffer(), new_buffer(), new_buffer()];
        let read = loop {
            // A spare buffer, else one the counter hands back (it ends only
            // once `to_count` is dropped, so it hands them all back).
            let mut buf = match spare.pop() {
                Some(b) => b,
                None => empty.recv().expect("the counter hands every buffer back"),
            };
            match fill(&mut input, &mut buf[CARRY_ROOM..]) {
                Ok((len, eof)) => {
                    to_count
                        .send((buf, len, eof))
                        .expect("the counter runs until the buffers end");
                    if eof {
                        break Ok(());
                    }
                }
                Err(e) => break Err(e),
            }
        };
        drop(to_count);
        let n = counter
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        read.map(|()| n)
    })
}

/// Reads into `buf` until it is full or the input ends: the bytes read,
/// and whether the input ended.
fn fill<R: Read>(input: &mut R, buf: &mut [u8]) -> io::Result<(usize, bool)> {
    let mut len = 0;
    let eof = read_full(input, buf, &mut len)?;
    Ok((len, eof))
}

/// The count of hard starts over buffers fed in turn.
///
/// Each buffer's complete lines are judged by [`for_each_hard_start`].
/// What a line's verdict needs of the lines before it is whether the line
/// just before is a tag line, so each buffer is preceded (in its first
/// [`CARRY_ROOM`] bytes) by the lines carried from the one before: a
/// stand-in for its last complete line (the line itself, or `x` if it is
/// longer than a tag line can be), with its line end as written (a CR
/// there may pair with an LF read next), then its incomplete last line
/// (or `x` once that is too long for a tag line, whatever follows). The
/// first line carried was judged already: a start there is not counted
/// again.
#[derive(Default)]
struct StreamCount {
    n: u64,
    /// The lines carried (at most [`CARRY_ROOM`] bytes).
    carry: Vec<u8>,
    /// Whether a buffer was fed before.
    carried: bool,
}

impl StreamCount {
    /// Counts in `buf[CARRY_ROOM..CARRY_ROOM + len]`, the bytes after the
    /// last buffer's, and carries its last lines over (`eof`: the input
    /// ends with it).
    fn feed(&mut self, buf: &mut [u8], len: usize, eof: bool) {
        let from = CARRY_ROOM - self.carry.len();
        buf[from..CARRY_ROOM].copy_from_slice(&self.carry);
        let data = &buf[from..CARRY_ROOM + len];
        let (n, carried) = (&mut self.n, self.carried);
        for_each_hard_start(data, eof, |p| {
            *n += u64::from(p > 0 || !carried);
            true
        });
        self.carry.clear();
        self.carried = true;
        if eof {
            return;
        }
        let tail_start = match memchr::memrchr2(b'\n', b'\r', data) {
            Some(end) => {
                let mut text_end = end;
                if data[end] == b'\n' && end > 0 && data[end - 1] == b'\r' {
                    text_end -= 1;
                }
                let start = memchr::memrchr2(b'\n', b'\r', &data[..text_end]).map_or(0, |i| i + 1);
                if text_end - start <= MAX_TAG_LINE {
                    self.carry.extend_from_slice(&data[start..=end]);
                } else {
                    self.carry.push(b'x');
                    self.carry.extend_from_slice(&data[text_end..=end]);
                }
                end + 1
            }
            // No line end: one line fills the buffer, no tag line.
            None => data.len(),
        };
        let tail = &data[tail_start..];
        if tail.len() <= MAX_TAG_LINE {
            self.carry.extend_from_slice(tail);
        } else {
            self.carry.push(b'x');
        }
        debug_assert!(self.carry.len() <= CARRY_ROOM);
    }
}

/// A piece of the input that begins at a hard game start (or at the input's start).
#[derive(Debug, Clone)]
pub struct Chunk {
    /// The bytes.
    pub data: Vec<u8>,
    /// Absolute offset of `data[0]`.
    pub offset: u64,
    /// Index of the chunk (0-based).
    pub index: usize,
}

/// Cuts an `io::Read` into chunks of about `chunk_size` bytes that begin at
/// hard game starts.
///
/// ```
/// use movetext::pgn::split::Chunker;
/// let pgn = b"[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n".repeat(100);
/// let mut chunker = Chunker::new(&pgn[..], 64);
/// let mut total = 0;
/// while let Some(chunk) = chunker.next_chunk().unwrap() {
///     assert!(chunk.data.starts_with(b"[Event"));
///     total += chunk.data.len();
/// }
/// assert_eq!(total, pgn.len());
/// ```
pub struct Chunker<R> {
    inner: R,
    carry: Vec<u8>,
    chunk_size: usize,
    eof: bool,
    offset: u64,
    index: usize,
}

impl<R: Read> Chunker<R> {
    /// A chunker over `inner` aiming at `chunk_size` bytes per chunk.
    pub fn new(inner: R, chunk_size: usize) -> Chunker<R> {
        Chunker {
            inner,
            carry: Vec::new(),
            chunk_size: chunk_size.max(1),
            eof: false,
            offset: 0,
            index: 0,
        }
    }

    /// Reads until `buf` holds `want` bytes or EOF.
    fn read_to(&mut self, want: usize) -> io::Result<()> {
        if self.eof || self.carry.len() >= want {
            return Ok(());
        }
        let mut len = self.carry.len();
        self.carry.resize(want, 0);
        let read = read_full(&mut self.inner, &mut self.carry, &mut len);
        self.carry.truncate(len);
        self.eof = read?;
        Ok(())
    }

    /// The next chunk, None at the end of input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut want = self.chunk_size;
        let mut searched_to: usize = 0;
        let cut = loop {
            self.read_to(want)?;
            if self.eof {
                break self.carry.len();
            }
            // Only look at the new part (plus one line back for context).
            let from = searched_to.saturating_sub(super::scan::MAX_TAG_LINE * 2 + 2);
            let from = match memchr::memrchr2(b'\n', b'\r', &self.carry[..from]) {
                Some(i) => i + 1,
                None => 0,
            };
            let from = if from == 0 {
                0
            } else {
                // Start at a line start with its previous line included.
                memchr::memrchr2(b'\n', b'\r', &self.carry[..from - 1]).map_or(0, |i| i + 1)
            };
            if let Some(p) = last_hard_start(&self.carry[from..]) {
                let p = from + p;
                // The first chunk must hold the first game with tags, so that
                // junk before it is reported inside a chunk that has a game.
                if self.offset > 0 || first_hard_start(&self.carry).is_some_and(|q| q < p) {
                    break p;
                }
            }
            searched_to = self.carry.len();
            want = self.carry.len() + self.chunk_size;
        };
        if cut == 0 {
            return Ok(None);
        }
        let rest = self.carry.split_off(cut);
        let data = std::mem::replace(&mut self.carry, rest);
        let chunk = Chunk {
            data,
            offset: self.offset,
            index: self.index,
        };
        self.offset += cut as u64;
        self.index += 1;
        Ok(Some(chunk))
    }
}

/// The games of one chunk.
struct ChunkRun<O> {
    outputs: Vec<O>,
    games: u64,
    lines: u64,
    stopped: bool,
}

/// Reads one chunk whose first game is number `games + 1` and whose first
/// line is `line`.
fn run_chunk<V: Visitor>(
    chunk: &Chunk,
    (games, line): (u64, u64),
    v: &mut V,
) -> io::Result<ChunkRun<V::Output>> {
    let mut reader =
        Reader::from_input(ChunkInput::new(&chunk.data, chunk.offset, line)).with_game_base(games);
    let mut outputs = Vec::new();
    let mut stopped = false;
    while let Some(out) = reader.read_game(v)? {
        outputs.push(out);
        if reader.stopped() {
            stopped = true;
            break;
        }
    }
    Ok(ChunkRun {
        outputs,
        games: reader.games() - games,
        lines: count_line_ends(&chunk.data, false),
        stopped,
    })
}

/// Reads `input` sequentially, chunk by chunk, with one visitor: the same
/// events as one [`Reader::new`] over the whole input (the parallel
/// version's reference).
pub fn read_all_chunked<R: Read, V: Visitor>(
    input: R,
    chunk_size: usize,
    v: &mut V,
    mut sink: impl FnMut(V::Output),
) -> io::Result<u64> {
    let mut chunker = Chunker::new(input, chunk_size);
    let (mut games, mut line) = (0, 1);
    while let Some(chunk) = chunker.next_chunk()? {
        let run = run_chunk(&chunk, (games, line), v)?;
        games += run.games;
        line += run.lines;
        run.outputs.into_iter().for_each(&mut sink);
        if run.stopped {
            break;
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::events::EventLog;

    fn sequential(data: &[u8]) -> Vec<Vec<crate::pgn::events::Event>> {
        let mut out = Vec::new();
        Reader::new(data)
            .read_all(&mut EventLog::default(), |e| out.push(e))
            .unwrap();
        out
    }

    const TRICKY: &[u8] = b"junk line\n[Event \"1\"]\n1. e4 {open comment\n\n[Event \"2\"]\n1. d4 (1. c4\n[Event \"3\"]\n[Site \"x\"]\n\n[Event \"4\"]\r\n1. e4 $300 e5 0-0\r\n[Event \"5\"]\r1. f4 -/-\r";

    fn same(
        a: &[Vec<crate::pgn::events::Event>],
        b: &[Vec<crate::pgn::events::Event>],
        what: &str,
    ) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert_eq!(x, y, "{what}: game {}", i + 1);
        }
        assert_eq!(a.len(), b.len(), "{what}: game count");
    }

    #[test]
    fn chunked_equals_sequential() {
        let seq = sequential(TRICKY);
        assert_eq!(seq.len(), 5);
        for size in [1, 5, 20, 64, 1000] {
            let mut out = Vec::new();
            read_all_chunked(TRICKY, size, &mut EventLog::default(), |e| out.push(e)).unwrap();
            same(&out, &seq, &format!("chunk size {size}"));
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn parallel_equals_sequential() {
        let data = TRICKY.repeat(50);
        let seq = sequential(&data);
        for size in [1, 37, 300, 4096] {
            let mut out = Vec::new();
            let n = crate::pgn::par_read_all(&data[..], size, EventLog::default, |e| out.push(e))
                .unwrap();
            assert_eq!(n as usize, seq.len());
            same(&out, &seq, &format!("chunk size {size}"));
        }
    }

    #[test]
    fn chunks_begin_at_hard_starts() {
        let data = TRICKY.repeat(20);
        let starts = game_starts(&data);
        let mut chunker = Chunker::new(&data[..], 50);
        let mut n = 0;
        while let Some(c) = chunker.next_chunk().unwrap() {
            if c.index > 0 {
                assert!(starts.contains(&(c.offset as usize)));
            }
            n += 1;
        }
        assert!(n > 20);
        assert_eq!(
            count_game_starts_read(&data[..]).unwrap(),
            starts.len() as u64
        );
    }

    /// Hands out its bytes a few at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.1 = self.1 % 7 + 1;
            let k = self.1.min(out.len()).min(self.0.len());
            out[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }

    /// The streaming count equals the in-memory one, whatever falls on a
    /// buffer's end: lines cut anywhere, CRLF and CR-only ends split between
    /// buffers, blank lines, tag lines of every length up to the longest,
    /// lines too long for a tag line (some starting with `[`, some longer
    /// than the buffer).
    #[test]
    fn streaming_count_equals_in_memory_count() {
        let capacity = 4 * MAX_TAG_LINE;
        let long_tag = {
            let mut t = b"[Annotator \"".to_vec();
            t.resize(MAX_TAG_LINE - 2, b'v');
            t.extend_from_slice(b"\"]");
            t
        };
        assert!(crate::pgn::scan::is_tag_line(&long_tag));
        let too_long_tag = [&long_tag[..long_tag.len() - 2], b"w\"]"].concat();
        assert!(!crate::pgn::scan::is_tag_line(&too_long_tag));
        let parts: [&[u8]; 14] = [
            b"[Event \"a\"]\n",
            b"[Site \"b\"]\r\n",
            b"[Round \"c\"]\r",
            b"\n",
            b"\r\n",
            b"1. e4 e5 *\n",
            b"{ [White \"x\"] }\n",
            b"[not a tag]\n",
            &long_tag,
            b"\n",
            &too_long_tag,
            b"\r",
            TRICKY,
            b"[",
        ];
        let mut inputs: Vec<Vec<u8>> = crate::pgn::scan::line_soups(&parts)
            .chunks(40)
            .map(|c| c.concat())
            .collect();
        // A line longer than the buffer, and one that starts with `[`.
        inputs.push(
            [
                &b"[Event \"a\"]\n"[..],
                &vec![b'y'; 3 * capacity],
                b"\n[Event \"b\"]\n",
            ]
            .concat(),
        );
        inputs.push([&vec![b'['; capacity + 5][..], b"\r\n[Event \"b\"]\r\n"].concat());
        inputs.push(TRICKY.repeat(3000));
        let mut crossings = 0;
        for data in &inputs {
            let want = count_game_starts(data);
            for cap in [capacity, capacity + 1, capacity + 7] {
                crossings += data.len() / cap;
                assert_eq!(
                    count_game_starts_buffered(&data[..], cap).unwrap(),
                    want,
                    "capacity {cap}"
                );
            }
            assert_eq!(
                count_game_starts_buffered(Trickle(data, 0), capacity).unwrap(),
                want
            );
            assert_eq!(count_game_starts_read(&data[..]).unwrap(), want);
        }
        // The inputs cross many buffer ends.
        assert!(crossings > 1000, "{crossings}");
    }

    /// Counted in parts, the count is the whole's: parts cut at hard starts
    /// (CRLF and CR-only line ends, a tag line right before a cut), or not
    /// cut where no hard start is found.
    #[test]
    fn counting_in_parts_equals_counting_whole() {
        let mut inputs = vec![TRICKY.repeat(500), b"1. e4 e5 *\n".repeat(3000)];
        inputs.extend(
            crate::pgn::scan::line_soups(&[
                b"[Event \"a\"]\n",
                b"[Site \"b\"]\r\n",
                b"[Round \"c\"]\r",
                b"\n",
                b"1. e4 *\n",
                b"[no tag]\n",
                TRICKY,
            ])
            .chunks(100)
            .map(|c| c.concat()),
        );
        for data in &inputs {
            let mut one = 0;
            for_each_hard_start(data, true, |_| {
                one += 1;
                true
            });
            for parts in [1, 2, 3, 8, 50] {
                assert_eq!(
                    count_game_starts_in_parts(data, parts),
                    one,
                    "{parts} parts"
                );
            }
        }
    }
}
