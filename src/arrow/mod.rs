//! Game records as Arrow `RecordBatch`es (feature `arrow`): one row per
//! game, for Parquet files, DuckDB, Polars, pyarrow.
//!
//! [`BatchReader`] reads PGN (any notation and language the
//! [validator](crate::validate) reads) from any `io::Read`, compressed or
//! not (zstd, gzip, bzip2, recognised by their first bytes), or from bytes
//! in memory, validates every game on worker threads and hands out
//! batches of [`BatchOptions::batch_size`] rows in input order. It is an
//! `Iterator` of `Result<RecordBatch, ArrowError>` and an
//! `arrow_array::RecordBatchReader`, `Send`, with no lifetime: made for
//! bindings (the Arrow C stream interface takes it as it is).
//!
//! The columns ([`Column`]): the tags named and typed as in the Hugging
//! Face dataset `Lichess/standard-chess-games` (`Event`, `Site`, `White`,
//! `Black`, `Result`, `WhiteTitle`, `BlackTitle`, `WhiteElo`, `BlackElo`,
//! `WhiteRatingDiff`, `BlackRatingDiff` as int16, `UTCDate` as date32,
//! `UTCTime` as time32 seconds, `ECO`, `Opening`, `Termination`,
//! `TimeControl`; `?` and missing tags are null), every other tag in the
//! `tags` map, and the columns computed by movetext: `game`, `offset`,
//! `ply_count`, `uci`, `san`, `moves`, `clocks`, `evals`, `mates`,
//! `language`, `opening_eco`, `opening_name`, `error`, `warnings`, and the
//! opt-in `movetext`, `polyglot` and `fen`. A game that fails keeps the
//! moves before its error, with `error` set; reading goes on. An input
//! that is not blank but holds no game (an image, a text that is no PGN)
//! ends with an error that says what it starts with ([`NoGameFound`]).
//!
//! Memory is bounded: a game fails at a mainline ply past its first
//! 65,536 (the validator's bound, as `movetext check` applies it, keeping
//! the plies before it), a game's record holds 8 MiB of other tags (more
//! kept out, with `error` saying so) and its first 100 warnings (one more
//! says how many followed, from where), a batch ends at `batch_size`
//! rows or once it holds about [`BatchOptions::max_batch_bytes`], and at
//! most one finished batch waits for the caller while the next is built;
//! the parallel reader keeps a bounded window of input in flight.
//!
//! # Examples
//!
//! ```
//! use arrow_array::{cast::AsArray, types::Int16Type, Array};
//! use movetext::arrow::{BatchOptions, BatchReader};
//!
//! let pgn = b"[Event \"Rated Blitz game\"]\n[WhiteElo \"1756\"]\n[BlackElo \"?\"]\n\n\
//!             1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } 2. Ke3 *\n";
//! let mut reader = BatchReader::from_bytes(pgn.to_vec(), &BatchOptions::default());
//! let batch = reader.next().unwrap().unwrap();
//! assert!(reader.next().is_none());
//! assert_eq!(batch.num_rows(), 1);
//! let elo = batch.column_by_name("WhiteElo").unwrap().as_primitive::<Int16Type>();
//! assert_eq!(elo.value(0), 1756);
//! assert!(batch.column_by_name("BlackElo").unwrap().is_null(0));
//! let uci = batch.column_by_name("uci").unwrap().as_list::<i32>().value(0);
//! let uci: Vec<_> = uci.as_string::<i32>().iter().flatten().collect();
//! assert_eq!(uci, ["e2e4", "e7e5"]);
//! let error = batch.column_by_name("error").unwrap().as_string::<i32>();
//! assert_eq!(error.value(0), "5:56: game 1, move 2. Ke3: illegal move");
//! ```

mod builder;
mod columns;
mod parts;
mod record;
mod values;

use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};

pub use columns::{Column, Columns};

use crate::pgn::decompress::{self, GamelessWatch};
use crate::pgn::threads::thread_start_error;
use crate::pgn::{
    par_read_with, BufferedInput, Control, Origin, ParOptions, Reader, DEFAULT_CAPACITY,
};
use crate::validate::ValidateOptions;
use builder::BatchBuilder;
use parts::{Builders, PartOutput, PartVisitor, Regroup};
use record::{GameRecord, Pool, Tracker, Wanted};

/// Default [`BatchOptions::chunk_size`] (256 KiB).
pub const DEFAULT_CHUNK_SIZE: usize = 256 << 10;

/// Text of the parallel reader's window of chunks, at most, whatever the
/// thread count: a chunk's records take about eight times its text.
const TEXT_IN_FLIGHT: usize = 512 << 10;
/// The smallest chunk the window is cut into (a chunk's fixed costs: a
/// visitor, a hand-over between threads).
const MIN_CHUNK_SIZE: usize = 16 << 10;
/// Records kept for reuse by the parallel reader: each worker appends a
/// game's record to its chunk's batch as the game ends and hands it back,
/// so a few per worker (at most 32 workers) circulate.
const POOL_RECORDS: usize = 128;
/// Records kept for reuse by the single-threaded reader (one is in use at
/// a time).
const POOL_RECORDS_SEQUENTIAL: usize = 16;

/// What the producer sends: the rows of one batch, as one record batch or
/// as the parts the receiving thread joins (so that the copy is not made
/// on the reading thread, which cuts the workers' chunks), or the error
/// that ends the stream.
type Sent = Result<Vec<RecordBatch>, ArrowError>;

/// How a [`BatchReader`] reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BatchOptions {
    /// Rows per batch (the last batch may have fewer; at least 1).
    pub batch_size: usize,
    /// A batch also ends once its buffers hold about this many bytes
    /// (games with huge comments or movetext), so memory stays bounded.
    pub max_batch_bytes: usize,
    /// The columns, in schema order.
    pub columns: Columns,
    /// How moves are read: the language (fixed or detected per game),
    /// strict or lenient SAN, whether variations are checked.
    pub validate: ValidateOptions,
    /// Threads that read and check the games, besides the caller's (which
    /// receives the batches). At most 32 are used: more would need a
    /// larger window of input in flight, or chunks too small to be worth a
    /// hand-over.
    pub threads: usize,
    /// Bytes of input per parallel chunk, at most: with more threads the
    /// chunks are cut smaller, so that the window of chunks in flight
    /// (whose records, several times their input's size, are in memory at
    /// once) keeps the same size whatever the thread count.
    pub chunk_size: usize,
}

impl Default for BatchOptions {
    /// 8,192 rows or 32 MiB a batch, the default columns, English lenient
    /// SAN with variations checked (as `movetext check`), all cores,
    /// chunks of 256 KiB.
    fn default() -> BatchOptions {
        BatchOptions {
            batch_size: 8192,
            max_batch_bytes: 32 << 20,
            columns: Columns::default(),
            validate: ValidateOptions::default(),
            threads: thread::available_parallelism().map_or(1, |n| n.get()),
            chunk_size: DEFAULT_CHUNK_SIZE,
        }
    }
}

/// A stream of [`RecordBatch`]es of game records, read and validated on
/// background threads (see the [module docs](self)). Dropping it stops
/// the reading.
///
/// An I/O error of the input (or a decompression error) ends the stream:
/// the games read before it come first, then the error, as
/// [`ArrowError::IoError`].
pub struct BatchReader {
    schema: SchemaRef,
    batches: Receiver<Sent>,
    producer: Option<JoinHandle<()>>,
    cancel: Arc<AtomicBool>,
}

impl BatchReader {
    /// Reads `input` (decompressed when its first bytes say so) on
    /// background threads, starting now.
    pub fn new<R: Read + Send + 'static>(input: R, options: &BatchOptions) -> BatchReader {
        let options = *options;
        BatchReader::start(&options, move |tx, stop| {
            produce(input, &options, tx, stop);
        })
    }

    /// Runs `produce` on the reading thread, which sends the batches to
    /// the reader returned. A thread that cannot start is an error that
    /// the first `next` gives, not an empty input.
    fn start(
        options: &BatchOptions,
        produce: impl FnOnce(&SyncSender<Sent>, &AtomicBool) + Send + 'static,
    ) -> BatchReader {
        // One finished batch waits while the next is built.
        let (tx, rx) = mpsc::sync_channel(1);
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = cancel.clone();
        let failed = tx.clone();
        let producer = thread::Builder::new()
            .name("movetext-arrow".into())
            .spawn(move || produce(&tx, &stop))
            .map_err(|e| {
                let _ = failed.send(Err(io_error(thread_start_error(e))));
            })
            .ok();
        BatchReader {
            schema: options.columns.schema(),
            batches: rx,
            producer,
            cancel,
        }
    }

    /// Reads one [work unit](crate::pgn::units) of a file (the file
    /// `unit.path` names; set another path on a copy of the unit where the
    /// task sees the file elsewhere): the unit's games only, their `game`
    /// numbers, `offset`s and error places those of the whole file, so
    /// that the batches of a file's units, put end to end, hold the rows
    /// of the whole file's. Errors: the file cannot be opened, or is not
    /// the one the unit was made for (another size or compression);
    /// errors found later end the stream as with [`BatchReader::new`].
    ///
    /// ```no_run
    /// use movetext::arrow::{BatchOptions, BatchReader};
    /// use movetext::pgn::units::{index, IndexOptions, Unit};
    /// // On the driver: the units, as JSON lines.
    /// let units: Vec<String> = index("lichess_db_standard_rated_2013-01.pgn.zst", &IndexOptions::default())?
    ///     .iter()
    ///     .map(Unit::to_json)
    ///     .collect();
    /// // On a task: one unit's batches.
    /// let unit = Unit::from_json(&units[0])?;
    /// for batch in BatchReader::from_unit(&unit, &BatchOptions::default())? {
    ///     let batch = batch?;
    ///     # let _ = batch;
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(any(unix, windows))]
    pub fn from_unit(
        unit: &crate::pgn::units::Unit,
        options: &BatchOptions,
    ) -> io::Result<BatchReader> {
        // Decompressed beside the parsing workers, as a whole file is.
        let decoders = if options.threads > 1 {
            options.threads.div_ceil(4).min(2)
        } else {
            0
        };
        let text = unit.open_file(&unit.path, decoders)?;
        let origin = text.origin();
        let options = *options;
        Ok(BatchReader::start(&options, move |tx, stop| {
            produce_text(Box::new(text), origin, &options, tx, stop);
        }))
    }

    /// Reads PGN held in memory (`Vec<u8>`, `Arc<[u8]>`, `&'static [u8]`,
    /// a binding's byte buffer...), compressed or not.
    pub fn from_bytes<B: AsRef<[u8]> + Send + 'static>(
        bytes: B,
        options: &BatchOptions,
    ) -> BatchReader {
        BatchReader::new(io::Cursor::new(bytes), options)
    }

    /// Opens and reads a file, compressed or not.
    pub fn open(
        path: impl AsRef<std::path::Path>,
        options: &BatchOptions,
    ) -> io::Result<BatchReader> {
        let file = std::fs::File::open(path)?;
        Ok(BatchReader::new(file, options))
    }

    /// The schema of every batch.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

impl BatchReader {
    /// [`Iterator::next`] that waits at most `wait`: `None` if no batch
    /// came in that time (the reading goes on), else what `next` gives.
    /// For a caller that has to answer something else while it waits (a
    /// Python interpreter's Ctrl-C).
    pub fn next_within(
        &mut self,
        wait: std::time::Duration,
    ) -> Option<Option<Result<RecordBatch, ArrowError>>> {
        match self.batches.recv_timeout(wait) {
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Ok(sent) => Some(self.received(Ok(sent))),
            Err(mpsc::RecvTimeoutError::Disconnected) => Some(self.received(Err(mpsc::RecvError))),
        }
    }

    /// What [`Iterator::next`] gives for what the channel gave.
    fn received(
        &mut self,
        got: Result<Sent, mpsc::RecvError>,
    ) -> Option<Result<RecordBatch, ArrowError>> {
        match got {
            Ok(Ok(mut parts)) if parts.len() == 1 => parts.pop().map(Ok),
            Ok(Ok(parts)) => Some(arrow_select::concat::concat_batches(&self.schema, &parts)),
            Ok(Err(e)) => Some(Err(e)),
            Err(_) => {
                // The producer is done: a panic in it is resumed here.
                if let Some(p) = self.producer.take() {
                    if let Err(panic) = p.join() {
                        std::panic::resume_unwind(panic);
                    }
                }
                None
            }
        }
    }
}

impl Iterator for BatchReader {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let got = self.batches.recv();
        self.received(got)
    }
}

impl RecordBatchReader for BatchReader {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

impl Drop for BatchReader {
    fn drop(&mut self) {
        // The producer sees the flag after its current game, or fails to
        // send; it is not waited for (it may be blocked reading a pipe).
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for BatchReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BatchReader")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

/// The error that ends the batches of an input that is not blank but
/// holds no game, inside the [`ArrowError::IoError`] (kind
/// `InvalidData`): "no PGN game found; the input starts with text:
/// \"Hello\"".
///
/// ```
/// use movetext::arrow::{BatchOptions, BatchReader, NoGameFound};
/// use arrow_schema::ArrowError;
///
/// let mut reader = BatchReader::from_bytes(&b"Dear diary,\n"[..], &BatchOptions::default());
/// let Some(Err(ArrowError::IoError(message, e))) = reader.next() else { panic!() };
/// assert_eq!(message, "no PGN game found; the input starts with text: \"Dear diary,\"");
/// assert!(e.get_ref().is_some_and(|e| e.is::<NoGameFound>()));
/// assert!(reader.next().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGameFound {
    /// What the input starts with, as [`decompress::describe`] says it.
    pub starts_with: String,
    /// The bytes read before giving up, when the input went on that long
    /// without a game beginning (`/dev/zero`...); `None` when it was
    /// read to its end.
    pub gave_up_after: Option<u64>,
}

impl std::fmt::Display for NoGameFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no PGN game found")?;
        if let Some(n) = self.gave_up_after {
            write!(f, " in the first {} MiB", n >> 20)?;
        }
        write!(f, "; the input starts with {}", self.starts_with)
    }
}

impl std::error::Error for NoGameFound {}

fn no_game(head: &[u8], gave_up_after: Option<u64>) -> ArrowError {
    let e = NoGameFound {
        starts_with: decompress::describe(head),
        gave_up_after,
    };
    io_error(io::Error::new(io::ErrorKind::InvalidData, e))
}

/// The producer thread: reads, builds batches, sends them.
fn produce<R: Read + Send>(
    input: R,
    options: &BatchOptions,
    tx: &SyncSender<Sent>,
    cancel: &AtomicBool,
) {
    // An image, an executable...: said at once, not read as text.
    let decoded =
        decompress::open(input).and_then(|d| decompress::peek_n(d, decompress::NOT_PGN_LEN));
    let decoded = match decoded {
        Ok((head, _)) if decompress::not_pgn(&head).is_some() => {
            let _ = tx.send(Err(no_game(&head, None)));
            return;
        }
        Ok((_, d)) => d,
        Err(e) => {
            let _ = tx.send(Err(io_error(e)));
            return;
        }
    };
    produce_text(Box::new(decoded), Origin::default(), options, tx, cancel);
}

fn io_error(e: io::Error) -> ArrowError {
    ArrowError::IoError(e.to_string(), e)
}

/// [`produce`] of text (decompressed) that begins at `origin` of a larger
/// input; a text that is not blank and gave no row ends with
/// [`NoGameFound`].
fn produce_text(
    decoded: Box<dyn Read + Send + '_>,
    origin: Origin,
    options: &BatchOptions,
    tx: &SyncSender<Sent>,
    cancel: &AtomicBool,
) {
    let begun = Arc::new(AtomicBool::new(false));
    // Given up after `GAMELESS_LIMIT` bytes with no game begun.
    let mut watch = GamelessWatch::new(decoded, begun.clone(), decompress::GAMELESS_LIMIT);
    let input = Box::new(&mut watch);
    let run = Run {
        origin,
        options,
        tx,
        cancel,
        begun: &begun,
    };
    let rows = if options.threads > 1 {
        produce_parallel(input, &run)
    } else {
        produce_sequential(input, &run)
    };
    // Given up, the input is said to be cut even if a game began in the
    // last text read.
    if rows.is_some() && watch.gave_up() {
        let _ = tx.send(Err(no_game(watch.head(), Some(watch.bytes_read()))));
    } else if rows == Some(0) && !watch.blank() {
        let _ = tx.send(Err(no_game(watch.head(), None)));
    }
}

/// What a producer works with besides its text: where the text begins,
/// how to read it, where the batches go, the flag that stops it, the flag
/// a game's beginning sets.
#[derive(Clone, Copy)]
struct Run<'a> {
    origin: Origin,
    options: &'a BatchOptions,
    tx: &'a SyncSender<Sent>,
    cancel: &'a AtomicBool,
    begun: &'a Arc<AtomicBool>,
}

/// [`produce_text`] on this thread. The rows sent when the input was read
/// to its end and every batch sent; `None` when it stopped before.
fn produce_sequential(decoded: Box<dyn Read + Send + '_>, run: &Run<'_>) -> Option<usize> {
    let wanted = Wanted::new(run.options.columns);
    let batch_size = run.options.batch_size.max(1);
    let pool = Pool::new(POOL_RECORDS_SEQUENTIAL);
    let mut builder = BatchBuilder::new(run.options.columns);
    let mut failed = false;
    let mut rows = 0;
    let mut sink = |r: Box<GameRecord>| -> Control {
        rows += 1;
        builder.push(&r);
        pool.give(r);
        if builder.rows() >= batch_size || builder.bytes() >= run.options.max_batch_bytes {
            let batch = builder.finish();
            failed |= batch.is_err();
            if run.tx.send(batch.map(|b| vec![b])).is_err() || failed {
                return Control::Stop;
            }
        }
        if run.cancel.load(Ordering::Relaxed) {
            return Control::Stop;
        }
        Control::Continue
    };
    let input = BufferedInput::with_capacity(DEFAULT_CAPACITY, decoded)
        .with_origin(run.origin.offset, run.origin.line);
    let mut reader = Reader::from_input(input).with_game_base(run.origin.games);
    let mut v = Tracker::new(
        wanted,
        run.options.validate,
        pool.clone(),
        run.begun.clone(),
    );
    let read = loop {
        match reader.read_game(&mut v) {
            Ok(Some(r)) => {
                if sink(r) == Control::Stop || reader.stopped() {
                    break Ok(());
                }
            }
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    if failed || run.cancel.load(Ordering::Relaxed) {
        return None;
    }
    if builder.rows() > 0 && run.tx.send(builder.finish().map(|b| vec![b])).is_err() {
        return None;
    }
    if let Err(e) = read {
        let _ = run.tx.send(Err(io_error(e)));
        return None;
    }
    Some(rows)
}

/// [`produce_text`] on worker threads: each builds the batch of its
/// chunk's games (a part), and this thread regroups the parts in order.
/// The rows sent, as [`produce_sequential`].
fn produce_parallel(decoded: Box<dyn Read + Send + '_>, run: &Run<'_>) -> Option<usize> {
    let wanted = Wanted::new(run.options.columns);
    let batch_size = run.options.batch_size.max(1);
    // The window's text is kept to TEXT_IN_FLIGHT: more threads, smaller
    // chunks, down to MIN_CHUNK_SIZE; the window then stops growing, and
    // the threads with it (a window of n chunks keeps n busy).
    let window = run
        .options
        .threads
        .saturating_mul(2)
        .saturating_add(2)
        .min(TEXT_IN_FLIGHT / MIN_CHUNK_SIZE);
    let chunk_size = run.options.chunk_size.min(TEXT_IN_FLIGHT / window).max(1);
    let pool = Pool::new(POOL_RECORDS);
    // One builder per worker, and one for the rest of an input read on
    // this thread.
    let builders = Builders::new(run.options.columns, run.options.threads.min(window) + 1);
    let mut regroup = Regroup::new(batch_size, run.options.max_batch_bytes);
    let mut failed = false;
    let mut rows = 0;
    let mut emit = |batch: Sent| -> bool {
        failed |= batch.is_err();
        rows += batch.as_ref().map_or(0, |parts| {
            parts.iter().map(RecordBatch::num_rows).sum::<usize>()
        });
        run.tx.send(batch).is_ok() && !failed
    };
    let mut sink = |out: PartOutput| -> Control {
        let stop = match out {
            Some(Ok(part)) => !regroup.add(part, &mut |parts| emit(Ok(parts))),
            Some(Err(e)) => {
                emit(Err(e));
                true
            }
            None => false,
        };
        if stop || run.cancel.load(Ordering::Relaxed) {
            return Control::Stop;
        }
        Control::Continue
    };
    let make = || {
        let tracker = Tracker::new(
            wanted,
            run.options.validate,
            pool.clone(),
            run.begun.clone(),
        );
        PartVisitor::new(
            tracker,
            &builders,
            pool.clone(),
            batch_size,
            run.options.max_batch_bytes,
        )
    };
    let par = ParOptions::default()
        .threads(run.options.threads)
        .chunk_size(chunk_size)
        .window(window)
        .origin(run.origin);
    let end_chunk = |v: &mut PartVisitor| v.finish().map(Some);
    let read = par_read_with(decoded, &par, make, end_chunk, |_| 0, &mut sink);
    if failed || run.cancel.load(Ordering::Relaxed) {
        return None;
    }
    if !regroup.is_empty() {
        let parts = regroup.flush();
        rows += parts.iter().map(RecordBatch::num_rows).sum::<usize>();
        if run.tx.send(Ok(parts)).is_err() {
            return None;
        }
    }
    if let Err(e) = read {
        let _ = run.tx.send(Err(io_error(e)));
        return None;
    }
    Some(rows)
}
