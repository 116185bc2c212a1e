//! Where games come from (files, stdin, the embedded sample) and how they
//! are read: decompressed by magic bytes, validated in game-aligned chunks
//! on worker threads (or sequentially with `--jobs 1`), outputs handed on in
//! input order, a progress bar on a terminal's stderr.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use movetext::arrow::NoGameFound;
use movetext::pgn::decompress::{
    self, describe, Compression, GamelessWatch, ParallelZstd, ReadAhead, GAMELESS_LIMIT,
    NOT_PGN_LEN, READ_AHEAD_BUFFER,
};
use movetext::pgn::units::{self, Unit};
use movetext::pgn::{
    par_read_with, BufferedInput, Control, Origin, ParOptions, Reader, DEFAULT_CAPACITY,
};
use movetext::pgn::{GameResult, Nag, RawTag};
use movetext::validate::{GameError, GameSummary, GameVisitor, ValidateOptions, Validator};
use movetext::{Move, Position};

use super::live::{probe, Live, OnPause, Probe};
use super::{eprint_line, Failure, Gather, ReadArgs, Selection};

/// The embedded sample: about 300 real games (human, online, TCEC and
/// Chess960 games, one with variations and comments).
pub static SAMPLE: &[u8] = include_bytes!("sample.pgn");

/// One input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file by path.
    File(String),
    /// Standard input.
    Stdin,
    /// The sample compiled into the binary.
    Sample,
}

impl Source {
    /// The name used in messages.
    pub fn name(&self) -> &str {
        match self {
            Source::File(p) => p,
            Source::Stdin => "<stdin>",
            Source::Sample => "<sample>",
        }
    }
}

/// The inputs the arguments name: the files (`-` is stdin); with none,
/// stdin, or the embedded sample when stdin is a terminal (said on stderr
/// unless `quiet`).
pub fn sources(args: &ReadArgs) -> Vec<Source> {
    if let (true, Some(unit)) = (args.files.is_empty(), &args.unit) {
        return vec![Source::File(unit.path.to_string_lossy().into_owned())];
    }
    if args.files.is_empty() {
        if io::stdin().is_terminal() {
            if !args.quiet {
                eprint_line(&format!(
                    "movetext: no input given and stdin is a terminal: reading the embedded sample ({} games); pass FILES or - for stdin",
                    sample_games()
                ));
            }
            return vec![Source::Sample];
        }
        return vec![Source::Stdin];
    }
    args.files
        .iter()
        .map(|f| {
            if f == "-" {
                Source::Stdin
            } else {
                Source::File(f.clone())
            }
        })
        .collect()
}

fn sample_games() -> u64 {
    movetext::pgn::split::count_game_starts(SAMPLE)
}

/// How inputs are read.
pub struct Reading {
    /// Worker threads; 1 reads sequentially.
    pub jobs: usize,
    /// Bytes per parallel chunk.
    pub chunk_size: usize,
    /// Validation options.
    pub options: ValidateOptions,
    /// Whether to draw a progress bar (stderr is a terminal, not quiet).
    pub progress: bool,
    /// Chunks in flight at most (0: the parallel reader's default).
    pub window: usize,
    /// Bytes of outputs held at most (see [`ParOptions::max_output`]).
    pub max_output: usize,
    /// Called when a live input read by one thread pauses, before the
    /// reading waits (the command writes out what it holds).
    pub on_pause: Option<OnPause>,
    /// The part of the input to read (`--unit`, `--range`), if not all.
    pub selection: Option<Selection>,
}

impl Reading {
    /// From the shared arguments.
    pub fn new(args: &ReadArgs) -> Reading {
        let jobs = args.jobs();
        Reading {
            jobs,
            chunk_size: args.chunk_size.max(1),
            options: args.validate_options(),
            progress: !args.quiet && io::stderr().is_terminal(),
            window: 0,
            max_output: usize::MAX,
            on_pause: None,
            selection: args.selection(),
        }
    }
}

/// Reads as ended once `stop` is set (so a closed stdout ends the reading
/// early).
struct Stoppable<R> {
    inner: R,
    stop: Rc<Cell<bool>>,
}

impl<R: Read> Read for Stoppable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.get() {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}

/// A game visitor that notes, in a flag the reading thread sees, that a
/// game has begun; every call is passed on.
struct Begun<G> {
    inner: G,
    begun: Arc<AtomicBool>,
}

impl<G: GameVisitor> GameVisitor for Begun<G> {
    type Output = G::Output;
    fn begin_game(&mut self, game: u64) {
        self.begun.store(true, Ordering::Relaxed);
        self.inner.begin_game(game);
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.inner.tag(name, value);
    }
    fn start(&mut self, pos: &Position) {
        self.inner.start(pos);
    }
    fn legal_move(&mut self, before: &Position, m: Move, token: &[u8], depth: u32) {
        self.inner.legal_move(before, m, token, depth);
    }
    fn legal_move_san(&mut self, before: &Position, m: Move, token: &[u8], san: &[u8], depth: u32) {
        self.inner.legal_move_san(before, m, token, san, depth);
    }
    fn null_move(&mut self, before: &Position, depth: u32) {
        self.inner.null_move(before, depth);
    }
    fn after_move(&mut self, after: &Position, depth: u32) {
        self.inner.after_move(after, depth);
    }
    fn nag(&mut self, nag: Nag) {
        self.inner.nag(nag);
    }
    fn comment(&mut self, comment: &[u8]) {
        self.inner.comment(comment);
    }
    fn begin_variation(&mut self) {
        self.inner.begin_variation();
    }
    fn end_variation(&mut self) {
        self.inner.end_variation();
    }
    fn result(&mut self, result: GameResult) {
        self.inner.result(result);
    }
    fn error(&mut self, error: &GameError) {
        self.inner.error(error);
    }
    fn warning(&mut self, warning: &GameError) {
        self.inner.warning(warning);
    }
    fn end_game(&mut self, summary: &GameSummary) -> G::Output {
        self.inner.end_game(summary)
    }
}

impl<G: Gather> Gather for Begun<G> {
    fn end_chunk(&mut self) -> Option<G::Output> {
        self.inner.drop_game();
        self.inner.end_chunk()
    }

    fn drop_game(&mut self) {
        self.inner.drop_game();
    }

    fn weight(out: &G::Output) -> usize {
        G::weight(out)
    }
}

/// Messages to stderr that do not tear the progress bar.
#[derive(Clone)]
pub struct Stderr(Option<ProgressBar>);

impl Stderr {
    /// Writes bytes (whole lines) on stderr; a closed stderr is ignored.
    pub fn write(&self, text: &[u8]) {
        use io::Write;
        let write = || {
            let _ = io::stderr().lock().write_all(text);
        };
        match &self.0 {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Whether a progress bar is drawn.
    pub fn has_bar(&self) -> bool {
        self.0.is_some()
    }

    /// Runs `f` with the bar hidden.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }
}

fn progress_bar(len: Option<u64>) -> ProgressBar {
    let bar = match len {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template(
                "{bar:30} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} {msg} ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::no_length().with_style(
            ProgressStyle::with_template("{spinner} {decimal_bytes} {decimal_bytes_per_sec} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    tick_steadily(&bar);
    bar
}

/// Redraws `bar` five times a second (its rate and time left move on
/// while no bytes come) from a thread of its own, which ends with the
/// bar. A thread the system cannot start leaves the bar drawn as bytes
/// are read, not the command failed.
fn tick_steadily(bar: &ProgressBar) {
    let bar = bar.downgrade();
    let ticker = move || {
        while let Some(bar) = bar.upgrade() {
            if bar.is_finished() {
                break;
            }
            bar.tick();
            drop(bar);
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    let _ = std::thread::Builder::new()
        .name("progress".into())
        .spawn(ticker);
}

/// Opens `raw` (of length `len` if it is a regular file) for a parallel
/// reading: compressed input is decompressed on threads of its own,
/// pipelined with the parsing workers: the frames of a zstd file by
/// several decoders at once (one for every 4 jobs, at most 2: memory),
/// any other compressed input by one thread. Whether it is compressed.
fn open_beside(
    src: &Source,
    raw: Box<dyn Read + Send>,
    len: Option<u64>,
    bar: Option<&ProgressBar>,
    jobs: usize,
) -> io::Result<(Box<dyn Read + Send>, bool)> {
    let (head, input) = decompress::peek(raw)?;
    let decoded: Box<dyn Read + Send> = match (Compression::detect(&head), src) {
        (Compression::None, _) => return Ok((decompress::as_text(&head, input), false)),
        (Compression::Zstd, Source::File(path)) if len.is_some() => {
            let mut zst = ParallelZstd::new(File::open(path)?, jobs.div_ceil(4).min(2))?;
            if let Some(bar) = bar {
                let bar = bar.clone();
                zst = zst.with_progress(move |n| bar.set_position(n));
            }
            Box::new(zst)
        }
        (kind, _) => Box::new(ReadAhead::new(
            decompress::open_as(kind, input)?,
            READ_AHEAD_BUFFER,
            4,
        )),
    };
    let (head, decoded) = decompress::peek(decoded)?;
    Ok((decompress::as_text(&head, decoded), true))
}

/// What [`open_source`] opens.
struct Opened {
    /// The decompressed text.
    text: Box<dyn Read + Send>,
    compressed: bool,
    /// The progress bar over its bytes, if one is drawn.
    bar: Option<ProgressBar>,
    /// What tells whether bytes are ready, if the input is live.
    live: Option<Probe>,
}

/// Opens the whole of `src` for `reading`.
fn open_source(src: &Source, reading: &Reading) -> io::Result<Opened> {
    let (raw, len, live): (Box<dyn Read + Send>, Option<u64>, _) = match src {
        Source::File(path) => {
            let file = File::open(path)?;
            let meta = file.metadata()?;
            if meta.is_dir() {
                return Err(io::Error::other("Is a directory"));
            }
            let len = meta.is_file().then_some(meta.len());
            let live = probe(src, Some(&file));
            (Box::new(file), len, live)
        }
        Source::Stdin => (Box::new(io::stdin()), None, probe(src, None)),
        Source::Sample => (Box::new(SAMPLE), Some(SAMPLE.len() as u64), None),
    };
    let bar = reading.progress.then(|| progress_bar(len));
    let raw: Box<dyn Read + Send> = match &bar {
        Some(b) => Box::new(b.wrap_read(raw)),
        None => raw,
    };
    let (text, compressed) = if reading.jobs > 1 {
        open_beside(src, raw, len, bar.as_ref(), reading.jobs)?
    } else {
        (decompress::open(raw)?, false)
    };
    Ok(Opened {
        text,
        compressed,
        bar,
        live,
    })
}

/// The text of the part of the file `path` that `selection` names, opened
/// for `reading` (decompressed beside the parsing workers when there are
/// several), and the unit.
fn open_selection(
    path: &str,
    selection: &Selection,
    reading: &Reading,
) -> io::Result<(units::UnitText, Unit)> {
    let unit = match selection {
        Selection::Unit(u) => u.clone(),
        Selection::Range(a, b) => units::range(path, *a, *b, reading.jobs)?,
    };
    // As for a whole file: one zstd decoder for every 4 jobs, at most 2.
    let decoders = if reading.jobs > 1 {
        reading.jobs.div_ceil(4).min(2)
    } else {
        0
    };
    Ok((unit.open_file(path, decoders)?, unit))
}

/// Validates every game of `src` (of the part that `reading.selection`
/// names: its games are numbered and placed as in the whole file) with a
/// fresh `make()` game visitor per chunk, and hands each output (per game, and what a visitor gathered, see
/// [`Gather`]) to `sink` in input order. Returns the bytes read
/// (decompressed).
///
/// An error of `sink` (stdout closed or unwritable) stops the reading and
/// is returned; an I/O error of the input is returned as
/// `Failure::Input(name, error)`, a reading thread that could not be
/// started as `Failure::Thread`.
pub fn read_games<G, F, S>(
    src: &Source,
    reading: &Reading,
    make: F,
    mut sink: S,
) -> Result<u64, Failure>
where
    G: Gather,
    G::Output: Send,
    F: Fn() -> G + Sync,
    S: FnMut(G::Output, &Stderr) -> Result<(), Failure>,
{
    let name = src.name().to_string();
    let in_err = |e: io::Error| Failure::input(&name, e);
    let stop = Rc::new(Cell::new(false));
    let mut origin = Origin::default();
    let (decoded, compressed, bar, live) = if let Some(selection) = &reading.selection {
        let Source::File(path) = src else {
            return Err(Failure::Usage(
                "--unit and --range read a file, not stdin".to_string(),
            ));
        };
        let (text, unit) = open_selection(path, selection, reading).map_err(in_err)?;
        origin = text.origin();
        let bar = reading.progress.then(|| progress_bar(unit.len));
        let text: Box<dyn Read + Send> = match &bar {
            Some(b) => Box::new(b.wrap_read(text)),
            None => Box::new(text),
        };
        (text, unit.compression != Compression::None, bar, None)
    } else {
        let o = open_source(src, reading).map_err(in_err)?;
        (o.text, o.compressed, o.bar, o.live)
    };
    let stderr = Stderr(bar.clone());
    // An image, an executable...: said at once, not read as text.
    let (head, decoded) = decompress::peek_n(decoded, NOT_PGN_LEN).map_err(in_err)?;
    if let Some(seen) = decompress::not_pgn(&head) {
        let no_game = NoGameFound {
            starts_with: seen,
            gave_up_after: None,
        };
        return Err(Failure::NoGame(name, no_game));
    }
    // Live text tells the parallel reader when it pauses, and one thread
    // reading it calls `on_pause` (compressed text comes in blocks).
    let sequential = reading.jobs <= 1;
    let live = live.filter(|_| !compressed && (!sequential || reading.on_pause.is_some()));
    let decoded: Box<dyn Read + Send> = match live {
        Some(probe) if sequential => Box::new(Live::new(decoded, probe, reading.on_pause.clone())),
        Some(probe) => Box::new(Live::new(decoded, probe, None)),
        None => Box::new(decoded),
    };
    let begun = Arc::new(AtomicBool::new(false));
    // Given up after `GAMELESS_LIMIT` bytes with no game begun, or after
    // what a parallel reading may read ahead of the first game it has not
    // read (about 4 chunks and 16 MiB), if that is more.
    let limit = GAMELESS_LIMIT.max(4 * reading.chunk_size as u64 + (16 << 20));
    let mut watch = GamelessWatch::new(decoded, begun.clone(), limit);
    let mut input = Stoppable {
        inner: &mut watch,
        stop: stop.clone(),
    };
    let make = || Begun {
        inner: make(),
        begun: begun.clone(),
    };
    let start = Instant::now();
    let mut failure: Option<Failure> = None;
    let mut games = 0u64;
    // Hands one output on; Stop once the sink has failed.
    let mut each = |out: G::Output| {
        if failure.is_some() {
            return Control::Stop;
        }
        games += 1;
        if let Err(f) = sink(out, &stderr) {
            failure = Some(f);
            stop.set(true);
            return Control::Stop;
        }
        if let Some(b) = &bar {
            if games.is_multiple_of(512) {
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                b.set_message(format!("{games} games {:.0} games/s", games as f64 / secs));
            }
        }
        Control::Continue
    };
    let options = reading.options;
    let result = if sequential {
        let mut v = Validator::new(make(), options);
        let buffered = BufferedInput::with_capacity(DEFAULT_CAPACITY, &mut input)
            .with_origin(origin.offset, origin.line);
        let mut reader = Reader::from_input(buffered).with_game_base(origin.games);
        let read = loop {
            match reader.read_game(&mut v) {
                Ok(Some(out)) => {
                    if each(out) == Control::Stop {
                        break Ok(());
                    }
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        if let Some(out) = v.inner_mut().end_chunk() {
            let _ = each(out);
        }
        read
    } else {
        let mut window = reading.window;
        if compressed {
            // The decompressors hold their windows and work ahead: the
            // chunks in flight are cut to 16 MiB to stay within 64 MiB.
            let cut = (2 * reading.jobs + 2)
                .min((16 << 20) / reading.chunk_size)
                .max(2);
            window = if window == 0 { cut } else { window.min(cut) };
        }
        let par = ParOptions::default()
            .threads(reading.jobs)
            .chunk_size(reading.chunk_size)
            .window(window)
            .max_output(reading.max_output)
            .origin(origin);
        par_read_with(
            &mut input,
            &par,
            || Validator::new(make(), options),
            |v| v.inner_mut().end_chunk(),
            |out| G::weight(out),
            &mut each,
        )
        .map(|_| ())
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(f) = failure {
        return Err(f);
    }
    result.map_err(in_err)?;
    if !begun.load(Ordering::Relaxed) && !watch.blank() {
        let no_game = NoGameFound {
            starts_with: describe(watch.head()),
            gave_up_after: watch.gave_up().then(|| watch.limit()),
        };
        return Err(Failure::NoGame(name, no_game));
    }
    Ok(watch.bytes_read())
}
