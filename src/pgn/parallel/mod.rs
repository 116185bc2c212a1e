//! Pipelined parallel reading: one input, game-aligned chunks validated on
//! worker threads, outputs handed on in input order.
//!
//! # Design
//!
//! - The **calling thread** reads the input, cuts it into chunks of about
//!   `chunk_size` bytes at hard game starts (the
//!   [hard-game-start rule](super::split#the-hard-game-start-rule),
//!   so every chunk reads exactly as it does inside one sequential
//!   [`Reader::new`]: a chunk is read through a window of that reader's
//!   default buffer size, so the longest token and comment are the same),
//!   and runs the sink. Chunk buffers are recycled; the calling
//!   thread never copies a chunk except the short tail after its cut.
//! - A chunk read on its own needs the game number and line number of its
//!   first byte. The **line** number is exact: the calling thread counts line
//!   ends as it cuts (a vectorised count, a small part of the cost of
//!   validating).
//!   The **game** number is *predicted*: the number of hard game starts in
//!   the chunks before it (a `memchr::memmem` scan). That is the true count
//!   whenever every game has tags; when it is not (games without tags, junk
//!   before the first game), the worker's reading tells the true count of
//!   the chunk, later chunks are predicted from it, and every chunk that was
//!   read with a wrong game number is read again with the right one before
//!   its outputs are handed on. Results are always those of one thread; the
//!   prediction only decides how much work is done twice.
//! - **Workers** take chunks from a queue and read each with a fresh
//!   visitor as soon as it arrives: no batch, no barrier. With `threads` of
//!   2 or more, `threads - 1` are spawned and the calling thread is the
//!   last: between its own duties it reads the next chunk queued rather
//!   than sleep (so the threads are as many as the cores asked for, and
//!   none waits for a core to wake the coordinator on); with 1, one is
//!   spawned.
//! - Outputs are handed to the sink **in chunk order**. At most `window`
//!   chunks are in flight (queued, being read, or read and waiting for an
//!   earlier one), so memory is bounded by the window, whatever the input
//!   size: about `window × chunk_size` bytes of input plus the outputs of
//!   those chunks.
//! - A chunk can only end at a hard game start. A **stretch without one**
//!   (games without tags, a gigabyte comment) longer than
//!   [`ParOptions::max_stretch`] (8 MiB by default) is not buffered: the
//!   chunks before it are read and handed on, then the calling thread reads
//!   the rest of the input itself, sequentially, from the start of the
//!   stretch, through a fixed-size buffer (one core from there on, the same
//!   results). So memory stays bounded whatever the input.
//!
//! - **Outputs** can be bounded too ([`par_read_with`]): each output has a
//!   weight (its bytes), and a visitor can gather the text of many games
//!   into one output handed on at the end of its chunk. Once the outputs
//!   held pass [`ParOptions::max_output`], a worker stops reading its chunk
//!   after the game it is in; the rest of that chunk is read on the calling
//!   thread when its turn comes, each output handed on as it comes. Which
//!   thread reads a game never changes what it gives.
//!
//! - An input that says [`io::ErrorKind::WouldBlock`] (no bytes ready yet:
//!   a pipe that pauses) has **paused**, which is no error: the chunk is
//!   cut at the last hard game start read, and nothing more is read until
//!   every chunk cut is handed on; then the input is asked again. So the
//!   games of a slow input go to the sink as they come, not when a chunk
//!   fills. (A sequential reading asks again after a millisecond.)
//!
//! A [`Control::Stop`] from a visitor ends the reading after that game; the
//! sink can stop the reading too. Games read after the stopping point by
//! other workers are dropped unseen.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use crossbeam_channel::{Receiver, Sender};

use super::buffer::{BufferedInput, ChunkInput, Origin, DEFAULT_CAPACITY};
use super::reader::Reader;
use super::scan::{
    first_hard_start, is_marked_tag_line, is_tag_line, last_hard_start, line_ends_and_sections,
    previous_line, BOM,
};
use super::threads::thread_start_error;
use super::visitor::{Control, Visitor};

/// Default chunk size (1 MiB), the [`Chunker`](super::split::Chunker)'s.
pub use super::split::DEFAULT_CHUNK_SIZE;

/// Input bytes in flight are kept under about this much (32 MiB), whatever
/// the thread count: the window is cut down to fit.
#[doc(hidden)]
pub const MAX_IN_FLIGHT: usize = 32 << 20;

/// Default [`ParOptions::max_stretch`] (8 MiB).
pub const DEFAULT_MAX_STRETCH: usize = 8 << 20;

/// How [`par_read`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParOptions {
    /// Threads that read chunks (at least 1): with 2 or more, the calling
    /// thread, which also reads the input and runs the sink, is one of them;
    /// with 1, one thread is spawned besides it.
    pub threads: usize,
    /// Bytes per chunk, about (a chunk ends at the last hard game start
    /// after this many bytes; a stretch without one makes a longer chunk).
    pub chunk_size: usize,
    /// Chunks in flight at most (at least 2; 0: `2 × threads + 2`, cut to
    /// 32 MiB of input).
    pub window: usize,
    /// Longest stretch of input without a hard game start that is cut into
    /// a chunk (at least `chunk_size`); past it the rest of the input is
    /// read sequentially (see the [module docs](self)).
    pub max_stretch: usize,
    /// Most bytes of outputs held, by the `weight` of [`par_read_with`]
    /// (outputs of chunks read ahead, waiting for an earlier one): past it
    /// a worker stops reading its chunk after the game it is in, and the
    /// rest of that chunk is read on the calling thread in its turn.
    /// `usize::MAX` (the default): no bound.
    pub max_output: usize,
    /// Where the input begins in a larger one (default: its start); see
    /// [`ParOptions::origin`].
    pub origin: Origin,
}

impl Default for ParOptions {
    /// All cores, 1 MiB chunks, the default window.
    fn default() -> ParOptions {
        ParOptions {
            threads: thread::available_parallelism().map_or(1, |n| n.get()),
            chunk_size: DEFAULT_CHUNK_SIZE,
            window: 0,
            max_stretch: DEFAULT_MAX_STRETCH,
            max_output: usize::MAX,
            origin: Origin::default(),
        }
    }
}

impl ParOptions {
    /// These options with `threads` threads reading chunks.
    pub fn threads(mut self, threads: usize) -> ParOptions {
        self.threads = threads;
        self
    }

    /// These options with chunks of about `chunk_size` bytes.
    pub fn chunk_size(mut self, chunk_size: usize) -> ParOptions {
        self.chunk_size = chunk_size;
        self
    }

    /// These options with at most `window` chunks in flight.
    pub fn window(mut self, window: usize) -> ParOptions {
        self.window = window;
        self
    }

    /// These options with stretches without a hard game start read in
    /// chunks up to `max_stretch` bytes, sequentially past that.
    pub fn max_stretch(mut self, max_stretch: usize) -> ParOptions {
        self.max_stretch = max_stretch;
        self
    }

    /// These options with at most `max_output` bytes of outputs held.
    pub fn max_output(mut self, max_output: usize) -> ParOptions {
        self.max_output = max_output;
        self
    }

    /// These options for an input that is the rest of a larger one from
    /// `origin` (a [hard game start](super::split#the-hard-game-start-rule)
    /// of it, as a [work unit](super::units) begins): every
    /// [`Location`](super::Location) and game number is the larger
    /// input's, as [`Reader::with_game_base`] and
    /// [`BufferedInput::with_origin`] make them for one thread. The count
    /// of games returned is still of this input only.
    ///
    /// ```
    /// use movetext::pgn::{par_read, Control, Location, Origin, ParOptions, Visitor};
    /// struct First(Option<Location>);
    /// impl Visitor for First {
    ///     type Output = Option<Location>;
    ///     fn san(&mut self, _: &[u8], at: Location) -> Control {
    ///         self.0.get_or_insert(at);
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> Option<Location> { self.0.take() }
    /// }
    /// let pgn = b"[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n";
    /// // The second game alone: offset 20, line 3, one game before it.
    /// let options = ParOptions::default().origin(Origin { offset: 20, line: 3, games: 1 });
    /// let mut first = Vec::new();
    /// let n = par_read(&pgn[20..], &options, || First(None), |at| {
    ///     first.push(at.unwrap());
    ///     Control::Continue
    /// })
    /// .unwrap();
    /// assert_eq!(n, 1);
    /// assert_eq!(first[0], Location { game: 2, offset: 35, line: 4, column: 4 });
    /// ```
    pub fn origin(mut self, origin: Origin) -> ParOptions {
        self.origin = origin;
        self
    }

    /// The window in effect.
    fn effective_window(&self) -> usize {
        let threads = self.threads.max(1);
        let by_memory = (MAX_IN_FLIGHT / self.chunk_size.max(1)).max(2);
        let w = if self.window == 0 {
            (2 * threads + 2).min(by_memory)
        } else {
            self.window
        };
        w.max(2)
    }
}

/// Reads `input` in game-aligned chunks on all cores (`chunk_size` bytes
/// each, about), one visitor per chunk from `make_visitor`, and passes every
/// game's output to `sink` in input order. Returns the number of games.
///
/// The events each visitor sees are exactly those of one sequential
/// [`Reader::new`] over the whole input (every [`Location`](super::Location)
/// included). `make_visitor` is called once per chunk read (a chunk may be
/// read twice, see the [module docs](self)), so a visitor must not carry
/// state from one game to the next. A [`Control::Stop`] ends the reading
/// after that game. See [`par_read`] for the thread count and a sink that
/// can stop.
///
/// ```
/// use movetext::pgn::{par_read_all, Control, Location, Visitor};
/// struct Moves(usize);
/// impl Visitor for Moves {
///     type Output = usize;
///     fn san(&mut self, _: &[u8], _: Location) -> Control { self.0 += 1; Control::Continue }
///     fn end_game(&mut self) -> usize { std::mem::take(&mut self.0) }
/// }
/// let pgn = b"[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 *\n".repeat(1000);
/// let mut moves = Vec::new();
/// let games = par_read_all(&pgn[..], 256, || Moves(0), |m| moves.push(m)).unwrap();
/// assert_eq!(games, 2000);
/// assert_eq!(moves.iter().sum::<usize>(), 3000);
/// ```
pub fn par_read_all<R, V, F>(
    input: R,
    chunk_size: usize,
    make_visitor: F,
    mut sink: impl FnMut(V::Output),
) -> io::Result<u64>
where
    R: Read,
    V: Visitor,
    V::Output: Send,
    F: Fn() -> V + Sync,
{
    let options = ParOptions::default().chunk_size(chunk_size);
    par_read(input, &options, make_visitor, |out| {
        sink(out);
        Control::Continue
    })
}

/// [`par_read_all`] with options, and a sink that can stop the reading:
/// after `sink` returns [`Control::Stop`] no more outputs are handed on.
/// Returns the number of games handed to `sink`.
///
/// An I/O error of `input` ends the reading: the games before it are
/// handed on as one thread reading the same bytes hands them on (whole
/// games only), then the error is returned. A worker thread that cannot
/// be started is an error before any game is read (see
/// [`is_thread_start`](super::is_thread_start)). A panic in a visitor is
/// resumed on the calling thread once the workers have stopped.
///
/// ```
/// use movetext::pgn::{par_read, Control, ParOptions, Visitor};
/// struct Games;
/// impl Visitor for Games {
///     type Output = u64;
///     fn begin_game(&mut self, game: u64) -> Control { Control::Continue }
///     fn end_game(&mut self) -> u64 { 0 }
/// }
/// let pgn = b"[Event \"a\"]\n1. e4 e5 *\n\n".repeat(500);
/// let options = ParOptions::default().threads(2).chunk_size(100);
/// let mut seen = 0;
/// let games = par_read(&pgn[..], &options, || Games, |_| {
///     seen += 1;
///     if seen == 300 { Control::Stop } else { Control::Continue }
/// })
/// .unwrap();
/// assert_eq!((games, seen), (300, 300));
/// ```
pub fn par_read<R, V, F, S>(
    input: R,
    options: &ParOptions,
    make_visitor: F,
    sink: S,
) -> io::Result<u64>
where
    R: Read,
    V: Visitor,
    V::Output: Send,
    F: Fn() -> V + Sync,
    S: FnMut(V::Output) -> Control,
{
    par_read_with(input, options, make_visitor, |_| None, |_| 0, sink)
}

/// [`par_read`] with outputs that gather games and are weighed.
///
/// - `end_chunk` is called on a visitor after the last game it reads (of
///   its chunk, or of the part of the input read on the calling thread),
///   also when an I/O error of the input cut a game short (the visitor
///   has seen that game begin and not end); an output it gives is handed
///   on after the last game's. A visitor can so gather the text of many
///   games into one output (giving it from `end_game` once it is large,
///   and the rest from `end_chunk`). Such outputs are not counted as
///   games.
/// - `weight` gives the bytes an output holds: the outputs held are kept
///   under about [`ParOptions::max_output`] (see the [module docs](self)).
///
/// ```
/// use movetext::pgn::{par_read_with, Control, ParOptions, Visitor};
/// /// The games' numbers as text, gathered: `None` per game, the text of
/// /// the games read so far at the end of a chunk.
/// #[derive(Default)]
/// struct Numbers(String);
/// impl Visitor for Numbers {
///     type Output = Option<String>;
///     fn begin_game(&mut self, game: u64) -> Control {
///         self.0 += &format!("{game} ");
///         Control::Continue
///     }
///     fn end_game(&mut self) -> Option<String> { None }
/// }
/// let pgn = b"[Event \"a\"]\n1. e4 e5 *\n\n".repeat(50);
/// let options = ParOptions::default().threads(2).chunk_size(100).max_output(40);
/// let mut text = String::new();
/// let games = par_read_with(
///     &pgn[..],
///     &options,
///     Numbers::default,
///     |v| Some(Some(std::mem::take(&mut v.0))),
///     |out| out.as_ref().map_or(0, |t| t.len()),
///     |out| {
///         text += &out.unwrap_or_default();
///         Control::Continue
///     },
/// )
/// .unwrap();
/// assert_eq!(games, 50);
/// let expected: String = (1..=50).map(|n| format!("{n} ")).collect();
/// assert_eq!(text, expected);
/// ```
pub fn par_read_with<R, V, F, E, W, S>(
    input: R,
    options: &ParOptions,
    make_visitor: F,
    end_chunk: E,
    weight: W,
    sink: S,
) -> io::Result<u64>
where
    R: Read,
    V: Visitor,
    V::Output: Send,
    F: Fn() -> V + Sync,
    E: Fn(&mut V) -> Option<V::Output> + Sync,
    W: Fn(&V::Output) -> usize + Sync,
    S: FnMut(V::Output) -> Control,
{
    par_read_marked(
        input,
        options,
        make_visitor,
        end_chunk,
        weight,
        sink,
        |_| {},
    )
}

/// [`par_read_with`] that also tells `mark`, in input order, the origin of
/// every chunk just before its games go to `sink` (and of the stretch read
/// sequentially at the end, if any): each a hard game start, or the
/// reading's [origin](ParOptions::origin), with the exact line and game
/// count there. These are the places where the input can be cut (see
/// [`units`](super::units)).
pub(crate) fn par_read_marked<R, V, F, E, W, S, M>(
    input: R,
    options: &ParOptions,
    make_visitor: F,
    end_chunk: E,
    weight: W,
    sink: S,
    mark: M,
) -> io::Result<u64>
where
    R: Read,
    V: Visitor,
    V::Output: Send,
    F: Fn() -> V + Sync,
    E: Fn(&mut V) -> Option<V::Output> + Sync,
    W: Fn(&V::Output) -> usize + Sync,
    S: FnMut(V::Output) -> Control,
    M: FnMut(Origin),
{
    let origin = options.origin;
    let window = options.effective_window();
    let threads = options.threads.clamp(1, window);
    // With two threads or more, the calling thread is one of them.
    let helps = threads > 1;
    let spawned = if helps { threads - 1 } else { 1 };
    let chunk_size = options.chunk_size.max(1);
    let cutter = Cutter::new(
        input,
        chunk_size,
        options.max_stretch.max(chunk_size),
        origin.offset,
    );
    // The window bounds what is queued; the channels need no bound of their own.
    let (task_tx, task_rx) = crossbeam_channel::unbounded::<Task<V::Output>>();
    let (done_tx, done_rx) = crossbeam_channel::unbounded::<Done<V::Output>>();
    let shared = Shared {
        make_visitor,
        end_chunk,
        weight,
        max_output: options.max_output,
        held: AtomicUsize::new(0),
        cancel: AtomicBool::new(false),
    };
    let outcome = thread::scope(|s| {
        for _ in 0..spawned {
            let (task_rx, done_tx) = (task_rx.clone(), done_tx.clone());
            let shared = &shared;
            let started = thread::Builder::new()
                .name("movetext-reader".into())
                .spawn_scoped(s, move || worker(&task_rx, &done_tx, shared));
            if let Err(e) = started {
                // The workers started end on the closed task queue.
                drop(task_tx);
                return Outcome::Error(thread_start_error(e));
            }
        }
        drop(done_tx);
        let mut main = Main {
            cutter,
            window,
            slots: VecDeque::with_capacity(window),
            next_index: 0,
            true_games: origin.games,
            next_line: origin.line,
            in_flight: 0,
            free_bufs: Vec::new(),
            free_outs: Vec::new(),
            task_tx,
            task_rx: helps.then_some(task_rx),
            done_rx,
            sink,
            mark,
            read_error: None,
            delivered: 0,
            draining: false,
        };
        let outcome = main.run(&shared);
        // Dropping `main` closes the task queue: the workers end once they
        // see the cancel flag or an empty, closed queue.
        shared.cancel.store(true, Ordering::Relaxed);
        drop(main);
        outcome
    });
    match outcome {
        Outcome::Games(n) => Ok(n),
        Outcome::Error(e) => Err(e),
        Outcome::Panic(p) => panic::resume_unwind(p),
    }
}

/// What the workers and the calling thread share: the caller's hooks, the
/// bytes of outputs held, the cancel flag.
struct Shared<F, E, W> {
    make_visitor: F,
    end_chunk: E,
    weight: W,
    max_output: usize,
    /// Weight of the outputs read and not yet handed on.
    held: AtomicUsize,
    cancel: AtomicBool,
}

impl<F, E, W> Shared<F, E, W> {
    /// Notes `n` more bytes held.
    fn hold(&self, n: usize) {
        if n > 0 {
            self.held.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Notes `n` bytes handed on or dropped.
    fn release(&self, n: usize) {
        if n > 0 {
            self.held.fetch_sub(n, Ordering::Relaxed);
        }
    }

    /// Whether the outputs held are past the bound.
    fn over(&self) -> bool {
        self.max_output != usize::MAX && self.held.load(Ordering::Relaxed) > self.max_output
    }
}

/// One chunk's bytes; `data[..len]` is the chunk (the rest is spare room,
/// kept initialised so refilling never zeroes memory again).
struct ChunkBuf {
    data: Vec<u8>,
    len: usize,
}

/// A chunk to read.
struct Task<O> {
    index: u64,
    buf: ChunkBuf,
    /// Absolute offset, 1-based line and game base of the chunk's first byte.
    offset: u64,
    line: u64,
    game_base: u64,
    outputs: Vec<O>,
    /// The output of `end_chunk`, after the games'.
    tail: Option<O>,
    /// The weight of `outputs` and `tail`.
    weight: usize,
}

impl<O> Task<O> {
    /// Forgets the outputs of a reading (before reading again).
    fn clear<F, E, W>(&mut self, shared: &Shared<F, E, W>) {
        self.outputs.clear();
        self.tail = None;
        shared.release(std::mem::take(&mut self.weight));
    }
}

/// How the reading of a chunk ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum End {
    /// Every game of the chunk was read (or the reading was cancelled).
    Whole,
    /// A visitor stopped the reading.
    Stopped,
    /// The outputs held passed the bound: the games after those read are
    /// left for the calling thread.
    Partial,
}

/// A chunk read.
struct Done<O> {
    task: Task<O>,
    /// Games read (a full count when the end is `Whole`).
    games: u64,
    end: End,
    result: Result<(), Fault>,
}

enum Fault {
    Io(io::Error),
    Panic(Box<dyn std::any::Any + Send>),
}

enum Outcome {
    Games(u64),
    Error(io::Error),
    Panic(Box<dyn std::any::Any + Send>),
}

fn worker<V, F, E, W>(
    tasks: &Receiver<Task<V::Output>>,
    done: &Sender<Done<V::Output>>,
    shared: &Shared<F, E, W>,
) where
    V: Visitor,
    F: Fn() -> V,
    E: Fn(&mut V) -> Option<V::Output>,
    W: Fn(&V::Output) -> usize,
{
    loop {
        let Ok(task) = tasks.recv() else {
            return;
        };
        if shared.cancel.load(Ordering::Relaxed) {
            continue;
        }
        if done.send(read_task(task, shared)).is_err() {
            return;
        }
    }
}

/// Reads the chunk of `task` (see [`read_chunk`]), a panic caught.
fn read_task<V, F, E, W>(mut task: Task<V::Output>, shared: &Shared<F, E, W>) -> Done<V::Output>
where
    V: Visitor,
    F: Fn() -> V,
    E: Fn(&mut V) -> Option<V::Output>,
    W: Fn(&V::Output) -> usize,
{
    let run = panic::catch_unwind(AssertUnwindSafe(|| read_chunk(&mut task, shared)));
    let (games, end, result) = match run {
        Ok(Ok((games, end))) => (games, end, Ok(())),
        Ok(Err(e)) => (0, End::Whole, Err(Fault::Io(e))),
        Err(p) => (0, End::Whole, Err(Fault::Panic(p))),
    };
    Done {
        task,
        games,
        end,
        result,
    }
}

/// Reads one chunk into `task.outputs` and `task.tail`: the games read,
/// and how the reading ended.
fn read_chunk<V, F, E, W>(
    task: &mut Task<V::Output>,
    shared: &Shared<F, E, W>,
) -> io::Result<(u64, End)>
where
    V: Visitor,
    F: Fn() -> V,
    E: Fn(&mut V) -> Option<V::Output>,
    W: Fn(&V::Output) -> usize,
{
    let mut v = (shared.make_visitor)();
    let data = &task.buf.data[..task.buf.len];
    let input = ChunkInput::new(data, task.offset, task.line);
    let mut reader = Reader::from_input(input).with_game_base(task.game_base);
    let mut end = End::Whole;
    while let Some(out) = reader.read_game(&mut v)? {
        let w = (shared.weight)(&out);
        task.weight += w;
        shared.hold(w);
        task.outputs.push(out);
        if reader.stopped() {
            end = End::Stopped;
            break;
        }
        if shared.cancel.load(Ordering::Relaxed) {
            break;
        }
        if shared.over() {
            end = End::Partial;
            break;
        }
    }
    if let Some(tail) = (shared.end_chunk)(&mut v) {
        let w = (shared.weight)(&tail);
        task.weight += w;
        shared.hold(w);
        task.tail = Some(tail);
    }
    Ok((reader.games() - task.game_base, end))
}

/// A chunk in flight, in input order.
struct Slot<O> {
    /// Hard game starts in the chunk: the predicted game count.
    predicted: u64,
    /// The true game count, once read whole.
    games: Option<u64>,
    /// The game base of the reading under way or done.
    base: u64,
    /// The reading, once done.
    done: Option<Done<O>>,
}

/// The calling thread's side: cutting, dispatching, ordering, the sink.
struct Main<R, O, S, M> {
    cutter: Cutter<R>,
    window: usize,
    /// Chunks `next_index - slots.len() .. next_index`.
    slots: VecDeque<Slot<O>>,
    next_index: u64,
    /// Games before the first slot's chunk (exact).
    true_games: u64,
    /// Line of the next chunk's first byte (exact).
    next_line: u64,
    /// Bytes of the chunks in the slots.
    in_flight: usize,
    free_bufs: Vec<ChunkBuf>,
    free_outs: Vec<Vec<O>>,
    task_tx: Sender<Task<O>>,
    /// The queue's other end when this thread reads chunks too (with two
    /// threads or more).
    task_rx: Option<Receiver<Task<O>>>,
    done_rx: Receiver<Done<O>>,
    sink: S,
    /// Told each chunk's origin before its outputs are handed on.
    mark: M,
    read_error: Option<io::Error>,
    /// Games handed to the sink.
    delivered: u64,
    /// A chunk was cut where the input paused: no more is read until
    /// every chunk cut is handed on, so that a slow input's games go out
    /// as they come, not when a chunk fills.
    draining: bool,
}

impl<R: Read, O, S: FnMut(O) -> Control, M: FnMut(Origin)> Main<R, O, S, M> {
    fn run<V, F, E, W>(&mut self, shared: &Shared<F, E, W>) -> Outcome
    where
        V: Visitor<Output = O>,
        F: Fn() -> V,
        E: Fn(&mut V) -> Option<O>,
        W: Fn(&O) -> usize,
    {
        loop {
            self.draining &= !self.slots.is_empty();
            while self.slots.len() < self.window
                && !self.draining
                && self.in_flight < MAX_IN_FLIGHT
                && !self.cutter.eof
                && !self.cutter.overlong
                && self.read_error.is_none()
            {
                if let Err(e) = self.dispatch_next() {
                    self.read_error = Some(e);
                }
            }
            if self.slots.is_empty() {
                return match self.read_error.take() {
                    // The bytes read before the error, not cut into a
                    // chunk, are read here as one thread reads them: every
                    // game they hold whole is handed on, then the error.
                    Some(e) => self.read_rest(shared, Some(e)),
                    None if self.cutter.overlong => self.read_rest(shared, None),
                    None => Outcome::Games(self.delivered),
                };
            }
            // A chunk read is filed first; else this thread reads the
            // next chunk queued, if it reads chunks; else it waits.
            let first = match self.done_rx.try_recv() {
                Ok(done) => Ok(done),
                Err(_) => match self.task_rx.as_ref().and_then(|t| t.try_recv().ok()) {
                    Some(task) => Ok(read_task(task, shared)),
                    None => self.done_rx.recv(),
                },
            };
            let Ok(first) = first else {
                // Every worker is gone without answering: cannot happen
                // while the task queue is open, but never hang.
                return Outcome::Error(io::Error::other("parallel reading: workers ended"));
            };
            let mut next = Some(first);
            while let Some(done) = next {
                if let Err(fault) = self.accept(done) {
                    return match fault {
                        Fault::Io(e) => Outcome::Error(e),
                        Fault::Panic(p) => Outcome::Panic(p),
                    };
                }
                next = self.done_rx.try_recv().ok();
            }
            self.settle(shared);
            match self.deliver(shared) {
                Ok(Control::Stop) => return Outcome::Games(self.delivered),
                Ok(_) => {}
                Err(e) => return Outcome::Error(e),
            }
            // A chunk finished on this thread fixes the bases after it.
            self.settle(shared);
        }
    }

    /// Hands on `out`, a game's output (`game`) or a tail.
    fn hand_on(&mut self, out: O, game: bool) -> Control {
        self.delivered += u64::from(game);
        (self.sink)(out)
    }

    /// Reads the rest of the input on this thread, from the bytes read
    /// and not cut into a chunk (they begin at a hard game start, or at the
    /// input's start), every chunk before them handed on: the games are
    /// numbered on from there. The rest is the overlong stretch and the
    /// input after it; or, after the input's read `error`, the bytes read
    /// before it and then that error.
    fn read_rest<V, F, E, W>(
        &mut self,
        shared: &Shared<F, E, W>,
        error: Option<io::Error>,
    ) -> Outcome
    where
        V: Visitor<Output = O>,
        F: Fn() -> V,
        E: Fn(&mut V) -> Option<O>,
    {
        let carried = io::Cursor::new(std::mem::take(&mut self.cutter.carry));
        let rest: Box<dyn Read + '_> = match error {
            Some(e) => Box::new(carried.chain(Failed(Some(e)))),
            None => Box::new(carried.chain(&mut self.cutter.inner)),
        };
        let input = BufferedInput::with_capacity(DEFAULT_CAPACITY, rest)
            .with_origin(self.cutter.offset, self.next_line);
        let mut reader = Reader::from_input(input).with_game_base(self.true_games);
        (self.mark)(Origin {
            offset: self.cutter.offset,
            line: self.next_line,
            games: self.true_games,
        });
        let mut v = (shared.make_visitor)();
        let read = read_on(&mut reader, 0, &mut v, &mut self.sink, &shared.end_chunk);
        match read {
            Ok((games, _)) => Outcome::Games(self.delivered + games),
            Err(e) => Outcome::Error(e),
        }
    }

    /// The game base predicted for the next chunk: the true count where a
    /// chunk has been read, its hard starts otherwise.
    fn predicted_base(&self) -> u64 {
        self.true_games
            + self
                .slots
                .iter()
                .map(|s| s.games.unwrap_or(s.predicted))
                .sum::<u64>()
    }

    /// Cuts the next chunk and queues it with its predicted game base.
    fn dispatch_next(&mut self) -> io::Result<()> {
        let mut buf = self.free_bufs.pop().unwrap_or(ChunkBuf {
            data: Vec::new(),
            len: 0,
        });
        let Some(cut) = self.cutter.next_chunk(&mut buf)? else {
            self.free_bufs.push(buf);
            return Ok(());
        };
        let base = self.predicted_base();
        let line = self.next_line;
        self.next_line += cut.line_ends;
        self.draining = cut.stalled;
        self.in_flight += buf.len;
        self.slots.push_back(Slot {
            predicted: cut.hard_starts,
            games: None,
            base,
            done: None,
        });
        let task = Task {
            index: self.next_index,
            buf,
            offset: cut.offset,
            line,
            game_base: base,
            outputs: self.free_outs.pop().unwrap_or_default(),
            tail: None,
            weight: 0,
        };
        self.next_index += 1;
        // The workers hold the receiver as long as this side lives.
        let _ = self.task_tx.send(task);
        Ok(())
    }

    /// Files a finished reading under its slot.
    fn accept(&mut self, mut done: Done<O>) -> Result<(), Fault> {
        std::mem::replace(&mut done.result, Ok(()))?;
        let first = self.next_index - self.slots.len() as u64;
        let Some(slot) = done
            .task
            .index
            .checked_sub(first)
            .and_then(|k| self.slots.get_mut(k as usize))
        else {
            return Ok(());
        };
        if done.end == End::Whole {
            slot.games = Some(done.games);
        }
        slot.done = Some(done);
        Ok(())
    }

    /// Sends back, with the right game base, every chunk read with a wrong
    /// one whose right base is known (every chunk before it has been read).
    fn settle<F, E, W>(&mut self, shared: &Shared<F, E, W>) {
        let mut base = self.true_games;
        for slot in &mut self.slots {
            if slot.base != base {
                if let Some(done) = slot.done.take() {
                    let mut task = done.task;
                    task.clear(shared);
                    task.game_base = base;
                    slot.base = base;
                    slot.games = None;
                    let _ = self.task_tx.send(task);
                }
            }
            match slot.games {
                Some(n) => base += n,
                None => break,
            }
        }
    }

    /// Hands on the outputs of the leading chunks read with their right
    /// base; a chunk left partial by its worker is read on from here.
    fn deliver<V, F, E, W>(&mut self, shared: &Shared<F, E, W>) -> io::Result<Control>
    where
        V: Visitor<Output = O>,
        F: Fn() -> V,
        E: Fn(&mut V) -> Option<O>,
    {
        while let Some(slot) = self.slots.front_mut() {
            if slot.base != self.true_games {
                break;
            }
            let Some(mut done) = slot.done.take() else {
                break;
            };
            self.slots.pop_front();
            (self.mark)(Origin {
                offset: done.task.offset,
                line: done.task.line,
                games: self.true_games,
            });
            self.in_flight -= done.task.buf.len;
            shared.release(std::mem::take(&mut done.task.weight));
            let mut outputs = std::mem::take(&mut done.task.outputs);
            for out in outputs.drain(..) {
                if self.hand_on(out, true) == Control::Stop {
                    return Ok(Control::Stop);
                }
            }
            self.free_outs.push(outputs);
            if let Some(tail) = done.task.tail.take() {
                if self.hand_on(tail, false) == Control::Stop {
                    return Ok(Control::Stop);
                }
            }
            let mut games = done.games;
            match done.end {
                End::Stopped => return Ok(Control::Stop),
                End::Whole => {}
                End::Partial => {
                    let task = &done.task;
                    let data = &task.buf.data[..task.buf.len];
                    let input = ChunkInput::new(data, task.offset, task.line);
                    let mut reader = Reader::from_input(input).with_game_base(task.game_base);
                    let mut v = (shared.make_visitor)();
                    let (handed, c) = read_on(
                        &mut reader,
                        games,
                        &mut v,
                        &mut self.sink,
                        &shared.end_chunk,
                    )?;
                    self.delivered += handed;
                    if c == Control::Stop {
                        return Ok(Control::Stop);
                    }
                    games += handed;
                }
            }
            self.true_games += games;
            let mut buf = done.task.buf;
            if buf.data.len() > 4 * self.cutter.chunk_size + MAX_TAIL {
                buf = ChunkBuf {
                    data: Vec::new(),
                    len: 0,
                };
            }
            self.free_bufs.push(buf);
        }
        Ok(Control::Continue)
    }
}

/// Reads the games of `reader` after the first `skip` on the calling
/// thread, handing each to `sink`, then the visitor's tail (also after a
/// stop by the visitor, not after one by the sink): the games handed on,
/// and whether to stop. The games are read as a worker reads them.
fn read_on<I, V, E, S>(
    reader: &mut Reader<I>,
    skip: u64,
    v: &mut V,
    sink: &mut S,
    end_chunk: &E,
) -> io::Result<(u64, Control)>
where
    I: super::Input,
    V: Visitor,
    E: Fn(&mut V) -> Option<V::Output>,
    S: FnMut(V::Output) -> Control,
{
    for _ in 0..skip {
        reader.skip_game()?;
    }
    let mut handed = 0;
    let mut control = Control::Continue;
    let read = loop {
        match reader.read_game(v) {
            Ok(Some(out)) => {
                handed += 1;
                if sink(out) == Control::Stop {
                    return Ok((handed, Control::Stop));
                }
                if reader.stopped() {
                    control = Control::Stop;
                    break Ok(());
                }
            }
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    // The games read before an error are handed on whole.
    if let Some(tail) = end_chunk(v) {
        if sink(tail) == Control::Stop {
            control = Control::Stop;
        }
    }
    read.map(|()| (handed, control))
}

/// The end of an input whose read failed: the error, then nothing.
struct Failed(Option<io::Error>);

impl Read for Failed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

/// What the cutter knows of a chunk.
struct Cut {
    /// Absolute offset of its first byte.
    offset: u64,
    /// Line ends in it (LF, CRLF and lone CR each count once).
    line_ends: u64,
    /// Hard game starts in it.
    hard_starts: u64,
    /// Cut short because the input had no more bytes ready.
    stalled: bool,
}

/// Longest tail a recycled buffer may keep room for beyond 4 chunks.
const MAX_TAIL: usize = 1 << 20;

/// Cuts an `io::Read` into chunks that begin at hard game starts (the
/// first chunk: at the input's start, and it holds the first hard start so
/// that junk before the first game is read with that game).
struct Cutter<R> {
    inner: R,
    /// Bytes read after the last cut.
    carry: Vec<u8>,
    chunk_size: usize,
    /// Longest stretch without a place to cut that is cut into a chunk.
    max_stretch: usize,
    eof: bool,
    /// A stretch longer than `max_stretch` had no place to cut: it is left
    /// in `carry`, and no more chunks are cut.
    overlong: bool,
    /// Absolute offset of the next chunk.
    offset: u64,
    /// No chunk has been cut yet.
    first: bool,
    /// The input said it had no bytes ready (`WouldBlock`) since the last
    /// cut.
    stalled: bool,
}

impl<R: Read> Cutter<R> {
    fn new(inner: R, chunk_size: usize, max_stretch: usize, offset: u64) -> Cutter<R> {
        Cutter {
            inner,
            carry: Vec::new(),
            chunk_size,
            max_stretch,
            eof: false,
            overlong: false,
            offset,
            first: true,
            stalled: false,
        }
    }

    /// Reads into `buf` until it holds `want` bytes or the input ends, or
    /// says it has no bytes ready (`WouldBlock`: `stalled` is set).
    fn fill(&mut self, buf: &mut ChunkBuf, want: usize) -> io::Result<()> {
        grow(&mut buf.data, want);
        while !self.eof && buf.len < want {
            match self.inner.read(&mut buf.data[buf.len..want]) {
                Ok(0) => self.eof = true,
                Ok(k) => buf.len += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    self.stalled = true;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Cuts the next chunk into `buf`; None at the end of the input, or
    /// when the stretch is overlong (then `overlong` is set and the stretch
    /// is in `carry`).
    fn next_chunk(&mut self, buf: &mut ChunkBuf) -> io::Result<Option<Cut>> {
        buf.len = 0;
        let carried = self.carry.len();
        let mut want = carried + self.chunk_size;
        grow(&mut buf.data, want);
        buf.data[..carried].copy_from_slice(&self.carry);
        buf.len = carried;
        self.carry.clear();
        let cut = loop {
            if let Err(e) = self.fill(buf, want) {
                // Keep what was read: the chunk is not cut.
                self.carry.extend_from_slice(&buf.data[..buf.len]);
                buf.len = 0;
                return Err(e);
            }
            if self.eof {
                break buf.len;
            }
            let data = &buf.data[..buf.len];
            if let Some(p) = last_hard_start(data) {
                if !self.first || first_hard_start(data).is_some_and(|q| q < p) {
                    break p;
                }
            }
            if std::mem::take(&mut self.stalled) {
                // No place to cut in what came before the input paused:
                // wait for more (the input is asked again).
                continue;
            }
            if buf.len >= self.max_stretch {
                // The stretch moves to `carry` (empty since the start of
                // this cut) without a copy.
                self.carry = std::mem::take(&mut buf.data);
                self.carry.truncate(buf.len);
                buf.len = 0;
                self.overlong = true;
                return Ok(None);
            }
            // No place to cut yet: read as much again (linear time overall),
            // up to the longest stretch.
            want = (buf.len + buf.len.max(self.chunk_size)).min(self.max_stretch);
        };
        if cut == 0 {
            return Ok(None);
        }
        self.carry.extend_from_slice(&buf.data[cut..buf.len]);
        buf.len = cut;
        let (line_ends, hard_starts) = scan_chunk(&buf.data[..cut]);
        let chunk = Cut {
            offset: self.offset,
            line_ends,
            hard_starts,
            stalled: std::mem::take(&mut self.stalled),
        };
        self.offset += cut as u64;
        self.first = false;
        Ok(Some(chunk))
    }
}

/// Makes `data` at least `len` bytes long (zeroed), to the byte: the
/// callers grow it geometrically themselves, so a last step up to the
/// stretch limit does not double it.
fn grow(data: &mut Vec<u8>, len: usize) {
    if data.len() < len {
        data.reserve_exact(len - data.len());
        data.resize(len, 0);
    }
}

/// The line ends of a chunk and its predicted number of games: its tag
/// lines whose previous line does not begin with `[` and is no tag line
/// after byte order marks, found in the one pass that counts the lines
/// ([`line_ends_and_sections`]). That is its number of hard game starts
/// unless a line that begins with `[` but is no tag line comes right
/// before a tag section, or a tag section begins with byte order marks
/// (then the prediction is low, and corrected once the chunk is read); it
/// looks at one tag line per tag section only.
fn scan_chunk(data: &[u8]) -> (u64, u64) {
    let mut games = 0;
    let line_ends = line_ends_and_sections(data, |p| {
        let rest = &data[p..];
        let line = &rest[..memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())];
        games += u64::from(is_tag_line(line) && !after_marked_tag_line(data, p));
    });
    (line_ends, games)
}

/// Whether the line before `data[p]` (a line start) is a tag line after
/// byte order marks: only a line whose last byte but blanks is `]` is
/// looked at.
fn after_marked_tag_line(data: &[u8], p: usize) -> bool {
    if p == 0 {
        return false;
    }
    let end = p - 1 - usize::from(data[..p].ends_with(b"\r\n"));
    let last = data[..end]
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t'));
    if last.is_none_or(|i| data[i] != b']') {
        return false;
    }
    let line = previous_line(data, p);
    line.starts_with(BOM) && is_marked_tag_line(line)
}

/// The predicted number of games of a chunk (see [`scan_chunk`]).
#[cfg(test)]
fn predict_games(data: &[u8]) -> u64 {
    scan_chunk(data).1
}

#[cfg(test)]
mod tests;
