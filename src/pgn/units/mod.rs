//! Work units: a file cut into pieces that are read apart (by the tasks of
//! a cluster, each on its own machine) and whose outputs, put end to end,
//! are exactly the whole file's, game for game.
//!
//! [`index`] cuts a file into [`Unit`]s of about [`IndexOptions::unit_size`]
//! bytes of the file each; [`Unit::to_json`] and [`Unit::from_json`] carry
//! a unit to the task that reads it; [`Unit::open`] gives the text of
//! exactly its games, whose [`Origin`] (offset, line and games before it)
//! makes every place and game number the whole file's.
//!
//! # Which games a unit holds
//!
//! A unit owns a range of the (decompressed) text that begins and ends at
//! [hard game starts](super::split#the-hard-game-start-rule), the places where a reader always begins
//! a new game, whatever came before (an open comment or variation, a
//! missing result). Read on its own from its origin, the range gives the
//! same events as it does inside a reading of the whole file, errors and
//! their places included (see [`split`](super::split)): so the units'
//! games, put end to end, are the file's. A unit's games are those whose
//! first byte lies in its range; its last game ends where the next unit's
//! range begins. (A game without tags begins at no hard start: it belongs
//! to the unit of the last hard start before it.) The first unit holds the
//! first tag line too, so that text before the first game is reported with
//! that game, as a reading of the whole file reports it.
//!
//! How a file is cut depends on its format:
//!
//! | file | units |
//! |---|---|
//! | plain PGN | byte ranges of the file, cut at hard game starts |
//! | zstd of several frames (`pzstd`, every file of the lichess database) | runs of whole frames by their byte range in the file; the unit's text begins at the first hard start in its first frame (its `offset`) and runs past its last frame to the first hard start there |
//! | zstd of one frame, gzip, bzip2, xz, UTF-16 text | one unit, `"whole": true`: such a stream can only be read from its start |
//!
//! [`index`] reads the whole file once to find the hard starts and to count
//! the lines and games before each unit (on all cores: decompression beside
//! the parsing threads, the games' tokens read but no move played), so a
//! unit carries its origin and is read without looking at anything before
//! it. A whole unit is not read by [`index`]: it knows no `len` nor `games`.
//!
//! # The JSON form
//!
//! One object on one line, its fields always in this order:
//!
//! ```json
//! {"path":"db/lichess_2013-01.pgn.zst","size":17225310,"compression":"zstd","whole":false,"start":4194813,"end":8389633,"text_start":29360128,"offset":29360512,"len":29361139,"line":1287401,"games_before":95032,"games":95001}
//! ```
//!
//! | field | meaning |
//! |---|---|
//! | `path` | the file, as given to [`index`] |
//! | `size` | its size in bytes: a file of another size is refused |
//! | `compression` | `none`, `zstd`, `gzip`, `bzip2` or `xz` |
//! | `whole` | the unit is the whole file, read from its start |
//! | `start`, `end` | its byte range in the file (`0` and `size` when whole); the ranges of a file's units follow one another and cover it once |
//! | `text_start` | offset in the text where decompressing from `start` begins (`start` in a plain file) |
//! | `offset` | offset in the text where the unit's range begins (its first game, or text before the first game) |
//! | `len` | bytes of text in the range (`null` when whole) |
//! | `line` | 1-based line of the text at `offset` |
//! | `games_before` | games before `offset`: the unit's first game is number `games_before + 1` |
//! | `games` | games in the unit, as [`index`] counted them (`null` when not counted) |
//!
//! # Memory and cost
//!
//! [`index`] runs in the memory of a parallel reading (about 64 MiB) and
//! keeps a few numbers per unit. Reading a unit decompresses from its
//! first frame on: at most the part of that frame before `offset` (a
//! lichess frame is 32 MiB of text), plus the part of the frame after its
//! range that finishes its last game, is decompressed and not read.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::buffer::{read_full, BufferedInput, Origin, DEFAULT_CAPACITY};
use super::decompress::{
    self, frame_ranges, open_zstd_at, Compression, Endian, ParallelZstd, ReadAhead, HEAD_LEN,
    READ_AHEAD_BUFFER,
};
use super::parallel::{par_read, par_read_marked, ParOptions, DEFAULT_CHUNK_SIZE};
use super::reader::Reader;
use super::scan::{count_line_ends, for_each_hard_start, MAX_TAG_LINE};
use super::visitor::{Control, Visitor};

mod json;
mod plan;
#[cfg(test)]
mod tests;

use json::Value;
use plan::{Frames, Planner};

/// Default [`IndexOptions::unit_size`]: 128 MiB of the file (for a lichess
/// file about 900 MiB of PGN, a few seconds of a core).
pub const DEFAULT_UNIT_SIZE: u64 = 128 << 20;

/// How [`index`] cuts a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexOptions {
    /// Bytes of the file a unit holds, about: each unit but the last holds
    /// at least this many (more up to the next place to cut: a hard game
    /// start in a plain file, a frame's start in a zstd file).
    pub unit_size: u64,
    /// Threads that read the file (at least 1).
    pub threads: usize,
}

impl Default for IndexOptions {
    /// Units of [`DEFAULT_UNIT_SIZE`], all cores.
    fn default() -> IndexOptions {
        IndexOptions {
            unit_size: DEFAULT_UNIT_SIZE,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A piece of a file that is read on its own: see the [module docs](self)
/// for what it holds and its JSON form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The file.
    pub path: PathBuf,
    /// The file's size in bytes.
    pub size: u64,
    /// The file's compression ([`Compression::None`], `Zstd`, `Gzip`,
    /// `Bzip2` or `Xz`).
    pub compression: Compression,
    /// The unit is the whole file, read from its start.
    pub whole: bool,
    /// Byte range of the file.
    pub start: u64,
    /// End of that range (exclusive).
    pub end: u64,
    /// Offset in the text where decompressing from `start` begins.
    pub text_start: u64,
    /// Where the unit's text begins: offset, line, games before it.
    pub origin: Origin,
    /// Bytes of text the unit owns (None: to the end of the file).
    pub len: Option<u64>,
    /// Games in the unit, if counted.
    pub games: Option<u64>,
}

/// A unit that is not valid: its JSON, or its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitError(String);

impl std::fmt::Display for UnitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UnitError {}

impl From<UnitError> for io::Error {
    fn from(e: UnitError) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidInput, e)
    }
}

/// The JSON fields of a unit, in order.
const FIELDS: [&str; 12] = [
    "path",
    "size",
    "compression",
    "whole",
    "start",
    "end",
    "text_start",
    "offset",
    "len",
    "line",
    "games_before",
    "games",
];

fn compression_name(c: Compression) -> &'static str {
    match c {
        Compression::None => "none",
        other => other.name(),
    }
}

impl Unit {
    /// The unit of a file that is read whole.
    fn whole(path: &Path, size: u64, compression: Compression) -> Unit {
        Unit {
            path: path.to_path_buf(),
            size,
            compression,
            whole: true,
            start: 0,
            end: size,
            text_start: 0,
            origin: Origin::default(),
            len: None,
            games: None,
        }
    }

    /// The unit as one line of JSON (no line end); see the
    /// [module docs](self).
    ///
    /// ```
    /// use movetext::pgn::units::Unit;
    /// let json = r#"{"path":"a.pgn","size":90,"compression":"none","whole":false,"start":40,"end":90,"text_start":40,"offset":40,"len":50,"line":4,"games_before":1,"games":2}"#;
    /// let unit = Unit::from_json(json).unwrap();
    /// assert_eq!((unit.origin.offset, unit.origin.line, unit.origin.games), (40, 4, 1));
    /// assert_eq!(unit.to_json(), json);
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(256);
        out.push_str("{\"path\":");
        json::push_str(&mut out, &self.path.to_string_lossy());
        let opt = |v: Option<u64>| v.map_or("null".to_string(), |n| n.to_string());
        out.push_str(&format!(
            ",\"size\":{},\"compression\":\"{}\",\"whole\":{},\"start\":{},\"end\":{},\
             \"text_start\":{},\"offset\":{},\"len\":{},\"line\":{},\"games_before\":{},\
             \"games\":{}}}",
            self.size,
            compression_name(self.compression),
            self.whole,
            self.start,
            self.end,
            self.text_start,
            self.origin.offset,
            opt(self.len),
            self.origin.line,
            self.origin.games,
            opt(self.games),
        ));
        out
    }

    /// A unit from its JSON form (as [`Unit::to_json`] writes it; spaces
    /// and any order of the fields are accepted). Every field must be
    /// there, none other, and they must agree (see [`Unit::check`]).
    pub fn from_json(text: &str) -> Result<Unit, UnitError> {
        let bad = |m: String| UnitError(format!("unit JSON: {m}"));
        let members = json::parse_object(text).map_err(bad)?;
        if let Some((k, _)) = members.iter().find(|(k, _)| !FIELDS.contains(&k.as_str())) {
            return Err(bad(format!("unknown field \"{k}\"")));
        }
        let get = |name: &str| {
            members
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v)
                .ok_or_else(|| bad(format!("missing field \"{name}\"")))
        };
        let int = |name: &str| match get(name)? {
            Value::Int(n) => Ok(*n),
            _ => Err(bad(format!("\"{name}\" must be an integer"))),
        };
        let opt = |name: &str| match get(name)? {
            Value::Int(n) => Ok(Some(*n)),
            Value::Null => Ok(None),
            _ => Err(bad(format!("\"{name}\" must be an integer or null"))),
        };
        let string = |name: &str| match get(name)? {
            Value::Str(s) => Ok(s.clone()),
            _ => Err(bad(format!("\"{name}\" must be a string"))),
        };
        let path = PathBuf::from(string("path")?);
        let size = int("size")?;
        let compression = match string("compression")?.as_str() {
            "none" => Compression::None,
            "zstd" => Compression::Zstd,
            "gzip" => Compression::Gzip,
            "bzip2" => Compression::Bzip2,
            "xz" => Compression::Xz,
            other => {
                return Err(bad(format!(
                    "\"compression\" is \"{other}\", not one of none, zstd, gzip, bzip2, xz"
                )))
            }
        };
        let whole = match get("whole")? {
            Value::Bool(b) => *b,
            _ => return Err(bad("\"whole\" must be true or false".to_string())),
        };
        let unit = Unit {
            path,
            size,
            compression,
            whole,
            start: int("start")?,
            end: int("end")?,
            text_start: int("text_start")?,
            origin: Origin {
                offset: int("offset")?,
                line: int("line")?,
                games: int("games_before")?,
            },
            len: opt("len")?,
            games: opt("games")?,
        };
        unit.check()?;
        Ok(unit)
    }

    /// Checks that the fields agree: the range lies in the file; a whole
    /// unit starts at the file's start and knows no length; only plain and
    /// zstd files are cut, a plain unit's text range is its byte range,
    /// a zstd unit's text begins at or after where its frames' text does.
    pub fn check(&self) -> Result<(), UnitError> {
        let bad = |m: &str| Err(UnitError(format!("unit of {}: {m}", self.path.display())));
        if self.start > self.end || self.end > self.size {
            return bad("its byte range is not within the file");
        }
        if self.origin.line == 0 {
            return bad("lines are numbered from 1");
        }
        if self.whole {
            if self.start != 0
                || self.end != self.size
                || self.text_start != 0
                || self.origin != Origin::default()
                || self.len.is_some()
            {
                return bad("a whole unit is the file from its start: range 0 to its size, offset 0, line 1, no game before, len null");
            }
            return Ok(());
        }
        let Some(len) = self.len else {
            return bad("only a whole unit has no len");
        };
        match self.compression {
            Compression::None => {
                if self.text_start != self.start
                    || self.origin.offset != self.start
                    || len != self.end - self.start
                {
                    return bad(
                        "a plain file's unit has text_start = offset = start and len = end - start",
                    );
                }
            }
            Compression::Zstd => {
                if self.origin.offset < self.text_start {
                    return bad("its offset is before its text_start");
                }
            }
            _ => return bad("a gzip, bzip2 or xz file is read whole"),
        }
        Ok(())
    }

    /// The unit's origin: offset, line and games before it.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// Opens the unit's text in its own file, decompressed on the calling
    /// thread: [`Unit::open_file`] of `self.path`, no decoder thread.
    pub fn open(&self) -> io::Result<UnitText> {
        self.open_file(&self.path, 0)
    }

    /// Opens the unit's text in the file at `path` (the unit's file, under
    /// another name: a task may see it elsewhere), which must have the
    /// unit's size. `decoders`: 0 decompresses on the calling thread; more
    /// runs decompression beside it, the frames of a zstd file on that
    /// many threads, any other compression on one.
    ///
    /// The text is that of the unit's range, then the end of input;
    /// reading it with a [`Reader`] from [`UnitText::origin`]
    /// ([`UnitText::reader`], or [`par_read`] with
    /// [`ParOptions::origin`])
    /// gives the unit's games with the whole file's places and numbers.
    /// A text that ends early, or that does not begin with a game where
    /// the unit says one begins, is an error: the file is not the one
    /// indexed.
    pub fn open_file(&self, path: impl AsRef<Path>, decoders: usize) -> io::Result<UnitText> {
        self.check()?;
        let path = path.as_ref();
        let name = path.display().to_string();
        let mut file = open_regular(path)?;
        let size = file.metadata()?.len();
        if size != self.size {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{name}: {size} bytes, but the unit was made for a file of {} bytes: index it again",
                    self.size
                ),
            ));
        }
        let head = read_head(&mut file)?;
        let found = Compression::detect(&head);
        if found != self.compression {
            let what = |c: Compression| match c {
                Compression::None => "not compressed".to_string(),
                c => format!("{}-compressed", c.name()),
            };
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{name}: {}, but the unit says it is {}",
                    what(found),
                    what(self.compression)
                ),
            ));
        }
        let inner: Box<dyn Read + Send> = if self.whole {
            open_whole(file, found, &head, decoders)?
        } else if found == Compression::Zstd {
            let mut text: Box<dyn Read + Send> = if decoders > 0 {
                Box::new(ParallelZstd::starting_at(file, self.start, decoders)?)
            } else {
                file.seek(SeekFrom::Start(self.start))?;
                open_zstd_at(file, self.start)?
            };
            let skip = self.origin.offset - self.text_start;
            let skipped = io::copy(&mut (&mut text).take(skip), &mut io::sink())?;
            if skipped < skip {
                return Err(changed(&name, "its text ends before the unit's"));
            }
            text
        } else {
            file.seek(SeekFrom::Start(self.start))?;
            Box::new(file)
        };
        Ok(UnitText {
            inner,
            origin: self.origin,
            left: self.len,
            check_start: self.origin.offset > 0,
            name,
        })
    }
}

/// The error for a file whose text is not what its unit says.
fn changed(name: &str, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{name}: {what}: the file is not the one indexed"),
    )
}

/// Opens `path`, which must be a regular file (units seek in it). It is
/// looked at before it is opened: opening a named pipe would wait for a
/// writer. The file opened is looked at too (the path may have changed).
fn open_regular(path: &Path) -> io::Result<File> {
    let not_regular = || {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: not a regular file", path.display()),
        )
    };
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// The first [`HEAD_LEN`] bytes of `file` (fewer if it is shorter); the
/// file is left at its start.
fn read_head(file: &mut File) -> io::Result<Vec<u8>> {
    let mut head = vec![0; HEAD_LEN];
    let mut len = 0;
    file.seek(SeekFrom::Start(0))?;
    read_full(file, &mut head, &mut len)?;
    head.truncate(len);
    file.seek(SeekFrom::Start(0))?;
    Ok(head)
}

/// The text of a whole file whose first bytes are `head`, decompressed as
/// `kind` says (beside the caller when `decoders` > 0), UTF-16 transcoded.
fn open_whole(
    file: File,
    kind: Compression,
    head: &[u8],
    decoders: usize,
) -> io::Result<Box<dyn Read + Send>> {
    let decoded: Box<dyn Read + Send> = match kind {
        Compression::None => return Ok(decompress::as_text(head, file)),
        Compression::Zstd if decoders > 0 => Box::new(ParallelZstd::new(file, decoders)?),
        kind if decoders > 0 => Box::new(ReadAhead::new(
            decompress::open_as(kind, file)?,
            READ_AHEAD_BUFFER,
            4,
        )),
        kind => decompress::open_as(kind, file)?,
    };
    let (head, decoded) = decompress::peek(decoded)?;
    Ok(decompress::as_text(&head, decoded))
}

/// The text of a unit: its range of the file's text, then the end of input.
pub struct UnitText {
    inner: Box<dyn Read + Send>,
    origin: Origin,
    /// Bytes left to read (None: to the end of the file).
    left: Option<u64>,
    /// The first byte must be `[` (a hard game start).
    check_start: bool,
    /// The file's name, for errors.
    name: String,
}

impl UnitText {
    /// Where the text begins in the whole file's.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// A [`Reader`] over the text from its origin (a buffer of the
    /// default size, as [`Reader::new`] has).
    ///
    /// ```no_run
    /// use movetext::pgn::units::{index, IndexOptions};
    /// use movetext::pgn::{events::EventLog, Reader};
    /// let units = index("games.pgn.zst", &IndexOptions::default())?;
    /// for unit in &units {
    ///     let mut reader = unit.open()?.reader();
    ///     reader.read_all(&mut EventLog::default(), |game| { /* ... */ })?;
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn reader(self) -> Reader<BufferedInput<UnitText>> {
        let origin = self.origin;
        let input = BufferedInput::with_capacity(DEFAULT_CAPACITY, self)
            .with_origin(origin.offset, origin.line);
        Reader::from_input(input).with_game_base(origin.games)
    }
}

impl Read for UnitText {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = match self.left {
            Some(0) => return Ok(0),
            Some(left) => buf.len().min(usize::try_from(left).unwrap_or(usize::MAX)),
            None => buf.len(),
        };
        if want == 0 {
            return Ok(0);
        }
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            if let Some(left) = self.left {
                return Err(changed(
                    &self.name,
                    &format!("its text ends {left} bytes before the unit's end"),
                ));
            }
            return Ok(0);
        }
        if self.check_start {
            self.check_start = false;
            if buf[0] != b'[' {
                return Err(changed(
                    &self.name,
                    &format!(
                        "no game begins at the unit's offset {} of its text",
                        self.origin.offset
                    ),
                ));
            }
        }
        if let Some(left) = &mut self.left {
            *left -= n as u64;
        }
        Ok(n)
    }
}

/// Every game skipped: the reading counts games and finds where chunks
/// begin, nothing more.
struct SkipGames;

impl Visitor for SkipGames {
    type Output = ();
    fn begin_game(&mut self, _game: u64) -> Control {
        Control::Skip
    }
    fn end_game(&mut self) {}
}

/// The parallel reading of an index pass: chunks of at most a quarter of a
/// unit (so that there are places to cut), 1 MiB at most.
fn index_options(options: &IndexOptions) -> ParOptions {
    ParOptions::default()
        .threads(options.threads.max(1))
        .chunk_size((options.unit_size / 4).clamp(1, DEFAULT_CHUNK_SIZE as u64) as usize)
}

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Cuts the file at `path` into units of about `options.unit_size` bytes
/// of the file (see the [module docs](self)): in file order, their byte
/// ranges following one another from 0 to the file's size.
///
/// A plain or multi-frame zstd file is read once, whole (decompressed, its
/// games' tokens read on `options.threads` threads); any other is one
/// whole unit, found from its first bytes. Errors: the file cannot be
/// read, is no regular file, its path is not UTF-8 (a unit names its file
/// in JSON), it is compressed in a format that is not read, its
/// compressed data is corrupt, or it changes while it is read.
///
/// ```
/// # fn main() -> std::io::Result<()> {
/// use movetext::pgn::units::{index, IndexOptions};
/// let path = std::env::temp_dir().join(format!("units-doc-{}.pgn", std::process::id()));
/// std::fs::write(&path, b"[Event \"a\"]\n\n1. e4 *\n\n".repeat(100))?;
/// let units = index(&path, &IndexOptions { unit_size: 500, threads: 2 })?;
/// assert!(units.len() > 1);
/// assert_eq!(units.iter().map(|u| u.games.unwrap()).sum::<u64>(), 100);
/// assert!(units.windows(2).all(|w| w[0].end == w[1].start));
/// # std::fs::remove_file(&path)
/// # }
/// ```
pub fn index(path: impl AsRef<Path>, options: &IndexOptions) -> io::Result<Vec<Unit>> {
    let path = path.as_ref();
    if path.to_str().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: the path is not UTF-8, and a unit names its file in JSON",
                path.display()
            ),
        ));
    }
    let mut file = open_regular(path)?;
    let size = file.metadata()?.len();
    let head = read_head(&mut file)?;
    let kind = Compression::detect(&head);
    let whole = || Ok(vec![Unit::whole(path, size, kind)]);
    let pieces = match kind {
        Compression::None if Endian::from_bom(&head).is_some() => return whole(),
        Compression::None => {
            let bytes = Arc::new(AtomicU64::new(0));
            let input = Counted {
                inner: file,
                bytes: bytes.clone(),
            };
            let (planner, games) = plan(input, options, |at| (at, at))?;
            let text = bytes.load(Ordering::Relaxed);
            if text != size {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: changed while it was indexed ({size} bytes, then {text})",
                        path.display()
                    ),
                ));
            }
            planner.finish(size, text, games)
        }
        Compression::Zstd => {
            if frame_ranges(file.try_clone()?, 2)?.len() < 2 {
                return whole();
            }
            // Text in UTF-16 is transcoded: its offsets are not the file's.
            let (text_head, _) = decompress::peek(open_zstd_at(file.try_clone()?, 0)?)?;
            if Endian::from_bom(&text_head).is_some() {
                return whole();
            }
            file.seek(SeekFrom::Start(0))?;
            index_frames(file, size, options)?
        }
        Compression::Gzip | Compression::Bzip2 | Compression::Xz => return whole(),
        Compression::Unsupported(name) => return Err(decompress::unsupported(name)),
    };
    Ok(pieces
        .into_iter()
        .map(|p| Unit {
            path: path.to_path_buf(),
            size,
            compression: kind,
            whole: false,
            start: p.start,
            end: p.end,
            text_start: p.text_start,
            origin: p.origin,
            len: Some(p.len),
            games: Some(p.games),
        })
        .collect())
}

/// The index pass over a zstd file of several frames: its frames
/// decompressed on threads of their own, where each begins in the text
/// noted as the reading reaches it.
fn index_frames(file: File, size: u64, options: &IndexOptions) -> io::Result<Vec<plan::Piece>> {
    let decoders = options.threads.div_ceil(4).clamp(1, 2);
    let text = Arc::new(AtomicU64::new(0));
    let frames = Arc::new(Mutex::new(Frames::zstd()));
    // Called by the reading (on this thread) when it reaches the end of a
    // frame: every byte before the next frame has been read by then.
    let (noted, at) = (frames.clone(), text.clone());
    let zst = ParallelZstd::new(file, decoders)?.with_progress(move |end| {
        if let Ok(mut f) = noted.lock() {
            f.push(end, at.load(Ordering::Relaxed));
        }
    });
    let input = Counted {
        inner: zst,
        bytes: text.clone(),
    };
    let (planner, games) = plan(input, options, |at| {
        frames.lock().map_or((0, 0), |mut f| f.holding(at))
    })?;
    Ok(planner.finish(size, text.load(Ordering::Relaxed), games))
}

/// The index pass: `input` read on all threads with no game played, each
/// hard game start marked in a plan with the byte range of the file that
/// `holding` gives for its text offset. The plan and the number of games.
fn plan(
    input: impl Read,
    options: &IndexOptions,
    mut holding: impl FnMut(u64) -> (u64, u64),
) -> io::Result<(Planner, u64)> {
    let mut planner = Planner::new(options.unit_size);
    let games = par_read_marked(
        input,
        &index_options(options),
        || SkipGames,
        |_| None,
        |_| 0,
        |()| Control::Continue,
        |at: Origin| planner.mark(at, holding(at.offset)),
    )?;
    Ok((planner, games))
}

/// The unit of a plain PGN file that holds the games whose first byte lies
/// in bytes `start..end` of it: from the first hard game start at or after
/// `start` to the first at or after `end` (`0` and the file's end are
/// places to cut too; the first tag line goes with the text before it, as
/// in [`index`]), so that the units of ranges that follow one another give
/// the whole file's games. The lines and games before the unit are counted
/// by reading the file up to it (its tokens, on `threads` threads): for
/// many units of one file, [`index`] reads it once instead. A range that
/// ends before it starts or past the file's end is an error.
///
/// ```
/// # fn main() -> std::io::Result<()> {
/// use movetext::pgn::units::range;
/// let path = std::env::temp_dir().join(format!("range-doc-{}.pgn", std::process::id()));
/// // Two games of 21 bytes each.
/// std::fs::write(&path, b"[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n\n")?;
/// let unit = range(&path, 5, 42, 1)?;
/// assert_eq!((unit.start, unit.end), (21, 42));
/// assert_eq!((unit.origin.line, unit.origin.games), (4, 1));
/// # std::fs::remove_file(&path)
/// # }
/// ```
pub fn range(path: impl AsRef<Path>, start: u64, end: u64, threads: usize) -> io::Result<Unit> {
    let path = path.as_ref();
    let mut file = open_regular(path)?;
    let size = file.metadata()?.len();
    let head = read_head(&mut file)?;
    let kind = Compression::detect(&head);
    if kind != Compression::None || Endian::from_bom(&head).is_some() {
        let what = match kind {
            Compression::None => "UTF-16 text".to_string(),
            k => format!("{}-compressed", k.name()),
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: a byte range is read in a plain PGN file, and this one is {what}: cut it with `movetext index`",
                path.display()
            ),
        ));
    }
    if start > end {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the range {start}:{end} ends before it starts"),
        ));
    }
    if end > size {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the range {start}:{end} ends past the end of the file ({size} bytes)"),
        ));
    }
    // The first hard start: no cut before or at it.
    let first = next_hard_start(&mut file, 0, size)?;
    let mut cut = |x: u64| -> io::Result<u64> {
        if x == 0 {
            return Ok(0);
        }
        match first {
            Some(h) if x < size => {
                Ok(next_hard_start(&mut file, x.max(h + 1), size)?.unwrap_or(size))
            }
            _ => Ok(size),
        }
    };
    let (a, b) = (cut(start)?, cut(end)?);
    let mut origin = Origin {
        offset: a,
        ..Origin::default()
    };
    if a > 0 {
        file.seek(SeekFrom::Start(0))?;
        let mut lines = LineCount {
            inner: file.take(a),
            ends: 0,
            pending_cr: false,
        };
        let options = ParOptions::default().threads(threads.max(1));
        origin.games = par_read(&mut lines, &options, || SkipGames, |()| Control::Continue)?;
        origin.line = 1 + lines.ends;
    }
    Ok(Unit {
        path: path.to_path_buf(),
        size,
        compression: Compression::None,
        whole: false,
        start: a,
        end: b,
        text_start: a,
        origin,
        len: Some(b - a),
        games: None,
    })
}

/// A reader that counts the line ends read through it.
struct LineCount<R> {
    inner: R,
    ends: u64,
    pending_cr: bool,
}

impl<R: Read> Read for LineCount<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n > 0 {
            self.ends += count_line_ends(&buf[..n], self.pending_cr);
            self.pending_cr = buf[n - 1] == b'\r';
        }
        Ok(n)
    }
}

/// The first hard game start at or after byte `from` of the plain file
/// `file` (`size` bytes), read in windows of about 1 MiB.
fn next_hard_start<F: Read + Seek>(file: &mut F, from: u64, size: u64) -> io::Result<Option<u64>> {
    next_hard_start_in(file, from, size, 1 << 20)
}

/// [`next_hard_start`] through windows of `window` bytes (at least two
/// tag lines and their line ends), plus the bytes before them.
///
/// A window begins `MAX_TAG_LINE + 3` bytes before the first offset it
/// judges: a line that begins before the window and ends right before
/// that offset is longer than a tag line, so it is judged (no tag line)
/// as it is in the whole file, whatever part of it the window holds.
fn next_hard_start_in<F: Read + Seek>(
    file: &mut F,
    from: u64,
    size: u64,
    window: u64,
) -> io::Result<Option<u64>> {
    const BEFORE: u64 = MAX_TAG_LINE as u64 + 3;
    // Each window moves the search on by `window - MAX_TAG_LINE - 2`
    // bytes: at least a tag line's length.
    let window = window.max(2 * BEFORE);
    let mut buf = Vec::new();
    let mut x = from;
    while x < size {
        let w0 = x.saturating_sub(BEFORE);
        let len = (x - w0 + window).min(size - w0);
        buf.resize(len as usize, 0);
        file.seek(SeekFrom::Start(w0))?;
        let mut got = 0;
        read_full(file, &mut buf, &mut got)?;
        buf.truncate(got);
        let eof = (got as u64) < len || w0 + got as u64 >= size;
        let mut found = None;
        for_each_hard_start(&buf, eof, |p| {
            let p = w0 + p as u64;
            if p >= x {
                found = Some(p);
            }
            found.is_none()
        });
        if found.is_some() || eof {
            return Ok(found);
        }
        // Every tag line that begins before this is whole in the window,
        // and was judged (the window is longer than a tag line: this is
        // past `x`).
        x = w0 + got as u64 - (MAX_TAG_LINE as u64 + 2);
    }
    Ok(None)
}
