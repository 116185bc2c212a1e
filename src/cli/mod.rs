//! The commands of the `movetext` tool, each a thin client of the library.
//!
//! - [`input`]: files, stdin, the embedded sample; decompression; parallel
//!   or sequential reading through the validator; the progress bar.
//! - [`check`], [`convert`], [`stats`], [`index`], [`perft`]: one module
//!   per command.
//! - [`pgn_out`], [`json`]: the PGN export and JSON writers of `convert`;
//!   [`parquet`]: its Parquet and Arrow IPC output.
//! - [`output`]: `-o FILE`: never an input, written through a temporary
//!   file renamed into place when the run is complete.
//! - [`notes`]: the lines that report problems in the input.
//!
//! Exit status: 0 when every game is valid, 1 when a game failed or an
//! input held no game (and was not blank), 2 for a usage or I/O error
//! (missing file, unreadable input, unwritable output).
//! When stdout is closed early (`movetext convert ... | head`), the tool
//! stops quietly with status 141, what a shell reports for a process ended
//! by SIGPIPE.

pub mod check;
pub mod convert;
pub mod index;
pub mod input;
pub mod json;
pub mod live;
#[cfg(test)]
mod memory_tests;
pub mod notes;
pub mod output;
pub mod parquet;
mod parquet_dict;
pub mod perft;
pub mod pgn_out;
pub mod stats;

use std::fmt;
use std::io;
use std::process::ExitCode;

use clap::builder::NonEmptyStringValueParser;
use clap::Args;
use movetext::arrow::NoGameFound;
use movetext::notation::{Language, LanguageSet, ParseMode};
use movetext::pgn::is_thread_start;
use movetext::pgn::units::Unit;
use movetext::validate::{GameVisitor, LanguageChoice, ValidateOptions};

/// Exit status for a stdout closed early (128 + SIGPIPE).
pub const EXIT_BROKEN_PIPE: u8 = 141;

/// Exit status for a run interrupted while writing an output file (128 +
/// SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Options every reading command shares.
#[derive(Args, Debug, Clone)]
pub struct ReadArgs {
    /// PGN files to read (`-`: stdin); zstd (pzstd and the lichess
    /// database too), gzip, bzip2 and xz are recognised by their first
    /// bytes. Without files: stdin, or the embedded sample when stdin is a
    /// terminal.
    #[arg(value_name = "FILES", value_parser = NonEmptyStringValueParser::new())]
    pub files: Vec<String>,
    /// Piece letters to read (ISO 639-1 code such as `de`; `ru-latn` for
    /// Russian in Latin letters), or `auto` to detect per game, or codes
    /// and `auto` (`pl,de,auto`) to detect among these only. Figurines and
    /// the other notations are always read.
    #[arg(long, value_name = "CODE|auto|CODES,auto", default_value = "en", value_parser = parse_from_lang)]
    pub from_lang: LanguageChoice,
    /// Read SAN strictly (PGN export form only; a wrong `+`/`#` is an error).
    #[arg(long)]
    pub strict: bool,
    /// Threads that read games (default: all cores). `--jobs 1` reads
    /// sequentially.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// No progress bar, no summary, no warnings (errors still shown).
    #[arg(short, long)]
    pub quiet: bool,
    /// Bytes per parallel chunk (for tests).
    #[arg(long, hide = true, default_value_t = movetext::pgn::split::DEFAULT_CHUNK_SIZE)]
    pub chunk_size: usize,
    /// Read one work unit of a file: a JSON line that `movetext index`
    /// printed. The unit's games only, numbered and placed (line, column)
    /// as in a reading of the whole file. Its file is the one the unit
    /// names, or FILE if one is given (the same file seen elsewhere).
    #[arg(long, value_name = "JSON", value_parser = parse_unit, conflicts_with = "range")]
    pub unit: Option<Unit>,
    /// Read the games whose first byte lies in bytes START to END
    /// (exclusive) of one plain PGN FILE, the last one read to its end: a
    /// game begins at a tag line that follows no tag line (the resync
    /// rule), so ranges that follow one another give each game once.
    #[arg(long, value_name = "START:END", value_parser = parse_range)]
    pub range: Option<(u64, u64)>,
}

/// What part of its one input a reading reads (`--unit`, `--range`).
#[derive(Debug, Clone)]
pub enum Selection {
    /// A unit of `movetext index`.
    Unit(Unit),
    /// Bytes `START..END` of a plain PGN file.
    Range(u64, u64),
}

impl ReadArgs {
    /// The validator options these flags ask for (variations checked).
    pub fn validate_options(&self) -> ValidateOptions {
        ValidateOptions {
            language: self.from_lang,
            mode: if self.strict {
                ParseMode::Strict
            } else {
                ParseMode::Lenient
            },
            variations: true,
        }
    }

    /// The part of its input to read, if not all of it.
    pub fn selection(&self) -> Option<Selection> {
        match (&self.unit, self.range) {
            (Some(u), _) => Some(Selection::Unit(u.clone())),
            (None, Some((a, b))) => Some(Selection::Range(a, b)),
            (None, None) => None,
        }
    }

    /// Whether the inputs fit `--unit` and `--range`: one file at most
    /// with a unit, exactly one file (not stdin) with a range.
    pub fn check_selection(&self) -> Result<(), Failure> {
        let stdin = self.files.iter().any(|f| f == "-");
        if self.unit.is_some() && (self.files.len() > 1 || stdin) {
            return Err(Failure::Usage(
                "--unit reads one file: the unit's, or the one FILE given".to_string(),
            ));
        }
        if let Some((start, end)) = self.range {
            if self.files.len() != 1 || stdin {
                return Err(Failure::Usage(
                    "--range reads one FILE: give exactly one, not stdin".to_string(),
                ));
            }
            let file = &self.files[0];
            // Said before any output (stats would print its totals). A file
            // that is not regular has no size to pass: the reading says so.
            let meta = std::fs::metadata(file).ok().filter(|m| m.is_file());
            if let Some(size) = meta.map(|m| m.len()) {
                if end > size {
                    return Err(Failure::Usage(format!(
                        "{file}: the range {start}:{end} ends past the end of the file ({size} bytes)"
                    )));
                }
            }
        }
        Ok(())
    }

    /// The number of worker threads.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// Parses `--unit`: a unit's JSON line.
pub fn parse_unit(s: &str) -> Result<Unit, String> {
    Unit::from_json(s).map_err(|e| e.to_string())
}

/// Parses `--range`: `START:END`, byte offsets, END not before START.
pub fn parse_range(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("expected START:END, two byte offsets such as 0:1048576, got {s:?}");
    let (a, b) = s.split_once(':').ok_or_else(bad)?;
    let (a, b): (u64, u64) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if b < a {
        return Err(format!("the range {a}:{b} ends before it starts"));
    }
    Ok((a, b))
}

/// Parses `--lang`: a language code.
pub fn parse_lang(s: &str) -> Result<Language, String> {
    Language::from_code(&s.to_ascii_lowercase()).ok_or_else(|| {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        format!("unknown language code (known: {})", codes.join(" "))
    })
}

/// Parses `--from-lang`: a language code, `auto`, or codes and `auto`
/// separated by commas (`pl,de,auto`: detected among these only).
pub fn parse_from_lang(s: &str) -> Result<LanguageChoice, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(LanguageChoice::Auto);
    }
    if !s.contains(',') {
        return parse_lang(s).map(LanguageChoice::Fixed);
    }
    let mut set = LanguageSet::default();
    for code in s.split(',').map(str::trim) {
        if !code.eq_ignore_ascii_case("auto") {
            set = set.with(parse_lang(code)?);
        }
    }
    if set.is_empty() {
        return Err("no language code before `auto`".to_string());
    }
    Ok(LanguageChoice::AutoAmong(set))
}

/// A failure that ends a command: one line on stderr, then an exit status.
#[derive(Debug)]
pub enum Failure {
    /// stdout was closed: stop quietly.
    BrokenPipe,
    /// An I/O error reading a named input: that input is given up.
    Input(String, io::Error),
    /// An I/O error writing the output: the command stops.
    Output(String, io::Error),
    /// A reading thread could not be started: the command stops.
    Thread(io::Error),
    /// Bad use (a bad FEN...), with its message.
    Usage(String),
    /// The system refused what the command needs to run safely (an
    /// interrupt handler), with its message: the command stops.
    System(String),
    /// An input holds no game but is not blank: its name, and where it
    /// was looked for and what it looks like (exit status 1, the other
    /// inputs are still read).
    NoGame(String, NoGameFound),
}

impl Failure {
    /// An I/O error on writing to stdout or the output file.
    pub fn output(name: &str, e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Output(name.to_string(), e)
        }
    }

    /// An I/O error of reading the input `name`; a reading thread that
    /// could not be started is no fault of the input and stops the command.
    pub fn input(name: &str, e: io::Error) -> Failure {
        if is_thread_start(&e) {
            Failure::Thread(e)
        } else {
            Failure::Input(name.to_string(), e)
        }
    }

    /// Whether only one input failed (the others can still be read).
    pub fn is_input(&self) -> bool {
        matches!(self, Failure::Input(..))
    }

    /// Whether an input held no game (the others can still be read).
    pub fn is_no_game(&self) -> bool {
        matches!(self, Failure::NoGame(..))
    }

    /// Prints the failure (nothing for a broken pipe) and gives the status.
    pub fn report(&self) -> ExitCode {
        match self {
            Failure::BrokenPipe => ExitCode::from(EXIT_BROKEN_PIPE),
            Failure::NoGame(..) => {
                eprint_line(&format!("movetext: {self}"));
                ExitCode::from(1)
            }
            other => {
                eprint_line(&format!("movetext: {other}"));
                ExitCode::from(2)
            }
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::BrokenPipe => f.write_str("broken pipe"),
            Failure::Input(name, e) | Failure::Output(name, e) => {
                let message = io_message(e);
                // The file is named once: the library's errors about a
                // file it opened by path (a unit's) begin `NAME: `.
                let named = message
                    .strip_prefix(name.as_str())
                    .is_some_and(|rest| rest.starts_with(": "));
                if named {
                    f.write_str(&message)
                } else {
                    write!(f, "{name}: {message}")
                }
            }
            Failure::Thread(e) => f.write_str(&io_message(e)),
            Failure::Usage(m) | Failure::System(m) => f.write_str(m),
            Failure::NoGame(name, no_game) => write!(f, "{name}: {no_game}"),
        }
    }
}

/// Writes one line on stderr; a closed stderr is ignored (no panic).
pub fn eprint_line(s: &str) {
    use io::Write;
    let mut e = io::stderr().lock();
    let _ = writeln!(e, "{s}");
}

/// An I/O error's message without the ` (os error N)` tail.
pub fn io_message(e: &io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s,
    }
}

/// What a command's game visitor hands on for a stretch of games: their
/// text, the lines reporting their problems, and their counts.
#[derive(Default, Debug)]
pub struct Batch {
    /// The games' text (`convert`).
    pub text: Vec<u8>,
    /// The lines of the problems found (see [`notes`]).
    pub notes: Vec<u8>,
    /// Games, failed games, mainline moves.
    pub games: u64,
    pub failed: u64,
    pub moves: u64,
    /// Problems, as [`notes::Notes`] counts them.
    pub errors: u64,
    pub warnings: u64,
}

/// A game visitor hands its batch on once it holds this many bytes.
pub const BATCH_BYTES: usize = 64 * 1024;

/// A game visitor of the tool, and how its outputs are gathered (see
/// [`movetext::pgn::par_read_with`]).
pub trait Gather: GameVisitor {
    /// What is gathered and not yet handed on, at the end of a stretch of
    /// games (a chunk, or the input).
    fn end_chunk(&mut self) -> Option<Self::Output> {
        None
    }

    /// Called before [`Gather::end_chunk`]: a game begun and not ended
    /// there was cut short by the input failing (an I/O or decompression
    /// error), and what was gathered of it is dropped, so that only whole
    /// games are handed on.
    fn drop_game(&mut self) {}

    /// The bytes an output holds.
    fn weight(_out: &Self::Output) -> usize {
        0
    }
}

/// `fmt::Write` into a byte buffer.
pub struct Text<'a>(pub &'a mut Vec<u8>);

impl fmt::Write for Text<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}
