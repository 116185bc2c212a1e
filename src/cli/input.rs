//! Where games come from (files, stdin, the embedded sample) and how they
//! are read: decompressed by magic bytes, validated in game-aligned chunks
//! on worker threads (or sequentially with `--jobs 1`), outputs handed on in
//! input order, a progress bar on a terminal's stderr.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::rc::Rc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use movetext::pgn::{decompress, par_read, Control, ParOptions, Reader};
use movetext::validate::{GameVisitor, ValidateOptions, Validator};

use super::{eprint_line, Failure, ReadArgs};

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
        }
    }
}

/// Counts the bytes read through it, and reads as ended once `stop` is set
/// (so a closed stdout ends the reading early).
struct Counting<R> {
    inner: R,
    bytes: u64,
    stop: Rc<Cell<bool>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.get() {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// Messages to stderr that do not tear the progress bar.
#[derive(Clone)]
pub struct Stderr(Option<ProgressBar>);

impl Stderr {
    /// Prints one line on stderr.
    pub fn line(&self, s: &str) {
        match &self.0 {
            Some(bar) => bar.suspend(|| eprint_line(s)),
            None => eprint_line(s),
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
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Validates every game of `src` with a fresh `make()` game visitor per
/// worker, and hands `(game number in this input, output)` to `sink` in
/// input order. Returns the bytes read (decompressed).
///
/// An error of `sink` (stdout closed or unwritable) stops the reading and
/// is returned; an I/O error of the input is returned as
/// `Failure::Input(name, error)`.
pub fn read_games<G, F, S>(
    src: &Source,
    reading: &Reading,
    make: F,
    mut sink: S,
) -> Result<u64, Failure>
where
    G: GameVisitor,
    G::Output: Send,
    F: Fn() -> G + Sync,
    S: FnMut(u64, G::Output, &Stderr) -> Result<(), Failure>,
{
    let name = src.name().to_string();
    let in_err = |e: io::Error| Failure::Input(name.clone(), e);
    let (raw, len): (Box<dyn Read + Send>, Option<u64>) = match src {
        Source::File(path) => {
            let file = File::open(path).map_err(in_err)?;
            let meta = file.metadata().map_err(in_err)?;
            if meta.is_dir() {
                return Err(Failure::Input(
                    name.clone(),
                    io::Error::other("Is a directory"),
                ));
            }
            let len = meta.is_file().then_some(meta.len());
            (Box::new(file), len)
        }
        Source::Stdin => (Box::new(io::stdin()), None),
        Source::Sample => (Box::new(SAMPLE), Some(SAMPLE.len() as u64)),
    };
    let bar = reading.progress.then(|| progress_bar(len));
    let raw: Box<dyn Read + Send> = match &bar {
        Some(b) => Box::new(b.wrap_read(raw)),
        None => raw,
    };
    let stderr = Stderr(bar.clone());
    let stop = Rc::new(Cell::new(false));
    let decoded = decompress::open(raw).map_err(in_err)?;
    let mut input = Counting {
        inner: decoded,
        bytes: 0,
        stop: stop.clone(),
    };
    let start = Instant::now();
    let mut failure: Option<Failure> = None;
    let mut games = 0u64;
    // Hands one game on; Stop once the sink has failed.
    let mut each = |out: G::Output| {
        if failure.is_some() {
            return Control::Stop;
        }
        games += 1;
        if let Err(f) = sink(games, out, &stderr) {
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
    let result = if reading.jobs <= 1 {
        let mut v = Validator::new(make(), options);
        Reader::new(&mut input).read_all(&mut v, |out| {
            let _ = each(out);
        })
    } else {
        let par = ParOptions::default()
            .threads(reading.jobs)
            .chunk_size(reading.chunk_size);
        par_read(
            &mut input,
            &par,
            || Validator::new(make(), options),
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
    Ok(input.bytes)
}
