//! `movetext convert`: every game's moves in another notation, as PGN
//! export, or as JSON lines.
//!
//! Each game is written, as it is read, into one buffer shared by the games
//! of a stretch of input (a [`Batch`], handed to the output in input
//! order): no allocation per move or per game. A game's text is capped at
//! [`MAX_GAME_OUTPUT`] bytes; a game over it fails there, so memory stays
//! bounded whatever the input.
//!
//! A failed game is written up to its error and marked in its format's own
//! way (see the `--help` of `--skip-failed`): in PGN a comment giving the
//! error and its place, variations closed, the result `*` (also in the
//! `Result` tag); in JSON lines `"errors"` and `"complete": false`; in the
//! one-line formats the line holds the moves read, and the error goes to
//! standard error. `--skip-failed` leaves failed games out.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use clap::builder::NonEmptyStringValueParser;
use clap::{Args, ValueEnum};
use movetext::notation::{Figurines, Language, MoveFormat, NagStyle, SanStyle};
use movetext::openings::Classifier;
use movetext::pgn::{latin1_lossy, GameResult, Nag, RawTag};
use movetext::validate::{GameError, GameSummary, GameVisitor};
use movetext::{CastlingMode, CheckStatus, Move, MoveKind, Position};

use super::input::{read_games, sources, Reading};
use super::live::{lock, OnPause};
use super::notes::{self, Notes, Place, Severity};
use super::output::Output;
use super::pgn_out::{write_tags, Movetext, Tags};
use super::{eprint_line, json, parse_lang, Batch, Failure, Gather, ReadArgs, Text, BATCH_BYTES};

/// The most bytes one game may write; past it the game fails.
pub const MAX_GAME_OUTPUT: usize = 8 << 20;

/// Outputs held in flight by the parallel reading, at most about.
const MAX_HELD: usize = 8 << 20;

/// Input held in flight by the parallel reading, at most about (with
/// [`MAX_HELD`], within the 64 MiB every command keeps to): with more
/// jobs, the chunks are cut smaller, down to [`MIN_CHUNK_SIZE`], so that
/// what the workers hold (each its chunk's output) stays the same.
const MAX_INPUT_HELD: usize = 2 << 20;

/// The smallest chunk the window is cut into (a chunk's fixed costs: a
/// visitor's output, a hand-over between threads).
const MIN_CHUNK_SIZE: usize = 32 << 10;

/// The capacity a batch's text starts with: a batch is handed on once it
/// holds [`BATCH_BYTES`], after the game that passes it.
const BATCH_CAPACITY: usize = BATCH_BYTES + BATCH_BYTES / 4;

/// Bytes of batch texts kept for reuse, at most (beside [`MAX_HELD`]).
const POOLED: usize = 2 << 20;

/// The text buffers of batches written, for the next batches: a batch
/// takes no allocation, and no fresh pages (a worker's malloc arena gives
/// freed buffers back to the system, and every page of a new one is a
/// page fault when it is first written).
#[derive(Default)]
struct TextPool(Mutex<Pooled>);

/// The buffers kept and their capacity in all.
#[derive(Default)]
struct Pooled {
    texts: Vec<Vec<u8>>,
    bytes: usize,
}

impl TextPool {
    /// An empty buffer of [`BATCH_CAPACITY`] at least.
    fn get(&self) -> Vec<u8> {
        let kept = self.0.lock().ok().and_then(|mut p| {
            let text = p.texts.pop()?;
            p.bytes -= text.capacity();
            Some(text)
        });
        kept.unwrap_or_else(|| Vec::with_capacity(BATCH_CAPACITY))
    }

    /// Keeps `text` for a later batch, unless it would pass [`POOLED`] or
    /// grew past twice [`BATCH_CAPACITY`] (a long game's).
    fn put(&self, mut text: Vec<u8>) {
        let size = text.capacity();
        if !(BATCH_CAPACITY..=2 * BATCH_CAPACITY).contains(&size) {
            return;
        }
        if let Ok(mut p) = self.0.lock() {
            if p.bytes + size <= POOLED {
                text.clear();
                p.bytes += size;
                p.texts.push(text);
            }
        }
    }
}

/// What `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// Standard algebraic notation (`Nf3`), one line of moves per game.
    San,
    /// Long algebraic notation (`Ng1-f3`), one line per game.
    Lan,
    /// UCI (`g1f3`; Chess960 castling king-takes-rook), one line per game.
    Uci,
    /// Figurine algebraic notation (`♘f3`), one line per game.
    Fan,
    /// ICCF numeric notation (`7163`), one line per game.
    Iccf,
    /// English descriptive notation (`N-KB3`), one line per game.
    Descriptive,
    /// PGN export format.
    Pgn,
    /// One JSON object per game.
    Jsonl,
    /// A Parquet file of game records (needs -o FILE or a redirected
    /// stdout).
    Parquet,
    /// An Arrow IPC stream of game records.
    Arrow,
}

impl Target {
    /// The notation of the moves it writes (`jsonl`: the one of
    /// `--notation`); none for the records of parquet and arrow, whose
    /// moves no option shapes.
    fn notation(self, jsonl: Notation) -> Option<Notation> {
        match self {
            Target::San | Target::Pgn => Some(Notation::San),
            Target::Lan => Some(Notation::Lan),
            Target::Uci => Some(Notation::Uci),
            Target::Fan => Some(Notation::Fan),
            Target::Iccf => Some(Notation::Iccf),
            Target::Descriptive => Some(Notation::Descriptive),
            Target::Jsonl => Some(jsonl),
            Target::Parquet | Target::Arrow => None,
        }
    }

    /// Whether it writes game records (Parquet, Arrow), not text.
    fn records(self) -> bool {
        matches!(self, Target::Parquet | Target::Arrow)
    }
}

/// A move notation (for `--to jsonl --notation`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// SAN.
    San,
    /// Long algebraic.
    Lan,
    /// UCI.
    Uci,
    /// Figurines.
    Fan,
    /// ICCF numeric.
    Iccf,
    /// English descriptive.
    Descriptive,
}

impl Notation {
    /// Whether its moves have piece letters (`--lang`): SAN and long
    /// algebraic; figurines have none.
    fn letters(self) -> bool {
        matches!(self, Notation::San | Notation::Lan)
    }

    /// Whether its moves are written with the signs of a [`SanStyle`]
    /// (`--castle`, `--promotion`, `--capture`, `--no-suffix`): SAN, long
    /// algebraic, figurines.
    fn signs(self) -> bool {
        matches!(self, Notation::San | Notation::Lan | Notation::Fan)
    }
}

/// Arguments of `convert`.
#[derive(Args, Debug)]
#[command(after_help = "\
A game that fails (an illegal move, a bad FEN...) is written up to its \
error and marked: in PGN with a comment giving the error and its \
line:column, the result `*` and its variations closed; in JSON lines with \
\"errors\" and \"complete\": false; in the one-line formats its line holds \
the moves read and the error goes to standard error with its place. \
--skip-failed leaves failed games out of the output instead (the errors \
still go to standard error). The exit status is 1 when a game failed.

An option given with a --to that does not use it is refused: --notation \
is for jsonl; --lang for san, lan and pgn, and jsonl with --notation san \
or lan; --castle, --promotion, --capture and --no-suffix for san, lan, fan \
and pgn, and jsonl with --notation san, lan or fan; --nag for pgn (the \
other formats write no NAGs); --skip-failed for all \
but parquet and arrow; --columns for parquet and arrow.")]
pub struct ConvertArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "san")]
    to: Target,
    /// Move notation of the `moves` array of `--to jsonl` (default: san).
    #[arg(long, value_enum)]
    notation: Option<Notation>,
    /// Piece letters to write (ISO 639-1 code; default: en).
    #[arg(long, value_name = "CODE", value_parser = parse_lang)]
    lang: Option<Language>,
    /// Castling written with the letter O (PGN; the default) or the digit
    /// 0 (FIDE).
    #[arg(long, value_name = "O|0", value_parser = ["O", "0"])]
    castle: Option<String>,
    /// Promotion written `e8=Q` (`=`, the default) or `e8Q` (`none`).
    #[arg(long, value_name = "=|none", value_parser = ["=", "none"])]
    promotion: Option<String>,
    /// Capture mark: `x` (the default) or `:`.
    #[arg(long, value_name = "x|:", value_parser = ["x", ":"])]
    capture: Option<String>,
    /// No `+`/`#` after moves.
    #[arg(long)]
    no_suffix: bool,
    /// NAGs of `--to pgn` written `$16` (`dollar`, the default), as their
    /// Unicode glyph `±` (`glyph`) or as an ASCII glyph `+/-` (`ascii`);
    /// a NAG without such a glyph stays `$n`. A move assessment is glued
    /// to its move (`e4!?`).
    #[arg(long, value_name = "dollar|glyph|ascii", value_parser = ["dollar", "glyph", "ascii"])]
    nag: Option<String>,
    /// Leave failed games out of the output (their errors still go to
    /// standard error).
    #[arg(long)]
    skip_failed: bool,
    /// Write to FILE instead of stdout (`-`: stdout). FILE may not be an input (also
    /// through a link); through a symbolic link, the file it points to is
    /// written and the link kept. It is written to a temporary file beside it and
    /// renamed onto it when every input was read to its end (exit 0, or 1
    /// with failed games written and reported); on an I/O error (exit 2)
    /// or an interruption FILE is left as it was. On stdout after an
    /// input error, a Parquet file is left without its footer and an
    /// Arrow stream unfinished, so that their readers fail.
    #[arg(short, long, value_name = "FILE", value_parser = NonEmptyStringValueParser::new())]
    output: Option<String>,
    /// Columns of `--to parquet|arrow`: the default ones plus those named
    /// (`movetext`, `polyglot`, `fen`), `-NAME` to leave one out, `all`.
    /// Refused with the other formats, which have no columns.
    #[arg(long, value_name = "LIST", value_parser = super::parquet::parse_columns)]
    columns: Option<movetext::arrow::Columns>,
}

impl ConvertArgs {
    fn style(&self) -> SanStyle {
        SanStyle {
            language: self.lang.unwrap_or(Language::En),
            figurines: Figurines::Off,
            castling_zero: self.castle.as_deref() == Some("0"),
            promotion_equals: self.promotion.as_deref() != Some("none"),
            capture_colon: self.capture.as_deref() == Some(":"),
            suffix: !self.no_suffix,
            glyph: false,
        }
    }

    /// How NAGs are written (`--nag`).
    fn nag_style(&self) -> NagStyle {
        match self.nag.as_deref() {
            Some("glyph") => NagStyle::Glyph,
            Some("ascii") => NagStyle::AsciiGlyph,
            _ => NagStyle::Dollar,
        }
    }

    /// Refuses an option given with a `--to` that does not use it: it
    /// would do nothing, and nothing would say so. The message names the
    /// option, the formats that use it and the `--to` given.
    fn refuse_unused(&self) -> Result<(), Failure> {
        type Uses = fn(Target, Notation) -> bool;
        let letters: Uses = |to, n| to.notation(n).is_some_and(Notation::letters);
        let signs: Uses = |to, n| to.notation(n).is_some_and(Notation::signs);
        let rules: [(bool, &str, &str, Uses); 9] = [
            (
                self.notation.is_some(),
                "--notation",
                "chooses the move notation of",
                |to, _| to == Target::Jsonl,
            ),
            (
                self.lang.is_some(),
                "--lang",
                "chooses the piece letters of",
                letters,
            ),
            (
                self.castle.is_some(),
                "--castle",
                "chooses the castling sign of",
                signs,
            ),
            (
                self.promotion.is_some(),
                "--promotion",
                "chooses the promotion sign of",
                signs,
            ),
            (
                self.capture.is_some(),
                "--capture",
                "chooses the capture sign of",
                signs,
            ),
            (
                self.no_suffix,
                "--no-suffix",
                "leaves out the check signs of",
                signs,
            ),
            (
                self.nag.is_some(),
                "--nag",
                "chooses the NAG form of",
                |to, _| to == Target::Pgn,
            ),
            (
                self.skip_failed,
                "--skip-failed",
                "leaves out the failed games of",
                |to, _| !to.records(),
            ),
            (
                self.columns.is_some(),
                "--columns",
                "chooses the columns of",
                |to, _| to.records(),
            ),
        ];
        let notation = self.notation.unwrap_or(Notation::San);
        let Some((_, option, what, uses)) = rules
            .into_iter()
            .find(|&(given, _, _, uses)| given && !uses(self.to, notation))
        else {
            return Ok(());
        };
        let mut given = format!("--to {}", name(self.to));
        if let Some(n) = self.notation.filter(|_| self.to == Target::Jsonl) {
            given += &format!(" --notation {}", name(n));
        }
        Err(Failure::Usage(format!(
            "{option} {what} {}, not of {given}",
            users(uses)
        )))
    }
}

/// The name of a value on the command line.
fn name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// The `--to` values whose output an option shapes (`uses`): `--to san,
/// lan or pgn`, and `(or jsonl with --notation san or lan)` for a format
/// that uses it with some notations only.
fn users(uses: fn(Target, Notation) -> bool) -> String {
    let mut all = Vec::new();
    let mut some = Vec::new();
    for &to in Target::value_variants() {
        let with: Vec<String> = Notation::value_variants()
            .iter()
            .filter(|&&n| uses(to, n))
            .map(|&n| name(n))
            .collect();
        if with.len() == Notation::value_variants().len() {
            all.push(name(to));
        } else if !with.is_empty() {
            some.push(format!("{} with --notation {}", name(to), either(&with)));
        }
    }
    let mut s = format!("--to {}", either(&all));
    if !some.is_empty() {
        s += &format!(" (or {})", either(&some));
    }
    s
}

/// `a`, `a or b`, `a, b or c`.
fn either(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// How `notation` writes moves, with `style`.
fn move_format(notation: Notation, style: SanStyle) -> MoveFormat {
    match notation {
        Notation::San => MoveFormat::San(style),
        Notation::Fan => MoveFormat::San(SanStyle {
            figurines: Figurines::BySide,
            ..style
        }),
        Notation::Lan => MoveFormat::Lan {
            style,
            hyphen: true,
        },
        Notation::Uci => MoveFormat::Uci,
        Notation::Iccf => MoveFormat::Iccf,
        Notation::Descriptive => MoveFormat::Descriptive,
    }
}

/// Appends the legal move `m` in UCI (`e2e4`, `e7e8q`, `e1g1` or `e1h1`)
/// and then `end`, in one fixed-size copy (the UCI line and JSON are most
/// of what `convert` writes).
#[inline(always)]
fn push_uci(out: &mut Vec<u8>, m: Move, mode: CastlingMode, end: &[u8; 2]) {
    let [a, b] = m.from().to_ascii();
    let (to, promotion) = match m.kind() {
        MoveKind::Castle if mode == CastlingMode::Standard => {
            (Position::castle_king_target(m), None)
        }
        MoveKind::Promotion(role) => (m.to(), Some(role)),
        _ => (m.to(), None),
    };
    let [c, d] = to.to_ascii();
    let (word, len) = match promotion {
        None => ([a, b, c, d, end[0], end[1], 0, 0], 6),
        Some(p) => ([a, b, c, d, p.char() as u8, end[0], end[1], 0], 7),
    };
    out.extend_from_slice(&word);
    out.truncate(out.len() - 8 + len);
}

/// Writes each game into the batch as it is read.
struct ConvertVisitor {
    target: Target,
    format: MoveFormat,
    skip_failed: bool,
    notes: Notes,
    batch: Batch,
    // The game being read.
    game: u64,
    /// Where its text begins in `batch.text`.
    start: usize,
    /// It has begun and not ended.
    in_game: bool,
    tags: Tags,
    /// Its head (PGN tags, JSON up to the moves) is written.
    head: bool,
    /// PGN: where the `Result` tag's value is in `batch.text`.
    result_at: (usize, usize),
    result: Option<GameResult>,
    /// Mainline moves written (line and JSON targets).
    moves: usize,
    movetext: Movetext,
    /// JSON: the body of the `uci` array, the `errors` and `warnings`.
    uci: Vec<u8>,
    errors: Vec<u8>,
    warnings: Vec<u8>,
    /// The text passed [`MAX_GAME_OUTPUT`]: nothing more is written.
    over: bool,
    /// The length of `batch.text` plus `uci` past which the game's text
    /// is over the cap (0 once it is).
    limit: usize,
    /// A line of a message.
    line: String,
    /// Whether moves get their `+`/`#` from the position after them (the
    /// format writes them without): see [`ConvertVisitor::settle`].
    suffix: bool,
    /// The move just written owes its suffix, which the position after it
    /// (handed on next, to `after_move`) gives.
    owed: bool,
    /// The opening of the mainline (JSON only).
    opening: Option<Classifier>,
    /// Where batch texts come from.
    pool: Arc<TextPool>,
    /// Bytes of text and notes that make a batch handed on (0: each game).
    batch_bytes: usize,
}

impl ConvertVisitor {
    fn new(args: &ConvertArgs, name: Arc<str>, pool: Arc<TextPool>) -> ConvertVisitor {
        // (Parquet and arrow have no visitor.)
        let notation = args
            .to
            .notation(args.notation.unwrap_or(Notation::San))
            .unwrap_or(Notation::San);
        let style = args.style();
        // SAN and long algebraic moves get their suffix from the position
        // after them (see `settle`).
        let suffix =
            style.suffix && matches!(notation, Notation::San | Notation::Fan | Notation::Lan);
        let style = SanStyle {
            suffix: style.suffix && !suffix,
            ..style
        };
        ConvertVisitor {
            target: args.to,
            format: move_format(notation, style),
            skip_failed: args.skip_failed,
            notes: Notes::new(name, !args.read.quiet),
            batch: Batch {
                text: pool.get(),
                ..Batch::default()
            },
            game: 0,
            start: 0,
            in_game: false,
            tags: Tags::default(),
            head: false,
            result_at: (0, 0),
            result: None,
            moves: 0,
            movetext: Movetext::with_nags(args.nag_style()),
            uci: Vec::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            over: false,
            limit: MAX_GAME_OUTPUT,
            batch_bytes: BATCH_BYTES,
            line: String::new(),
            suffix,
            owed: false,
            opening: (args.to == Target::Jsonl).then(Classifier::new),
            pool,
        }
    }

    /// The result that ends a game that did not fail: the result token,
    /// else the `Result` tag if it is a PGN result, else `*`.
    fn termination(&self) -> &'static str {
        if let Some(r) = self.result {
            return r.pgn();
        }
        match self.tags.get(b"Result") {
            Some(b"1-0") => "1-0",
            Some(b"0-1") => "0-1",
            Some(b"1/2-1/2") => "1/2-1/2",
            _ => "*",
        }
    }

    /// Writes the game's head once its tags are read: PGN tags (the
    /// `Result` tag set at the end when there is none), or JSON up to the
    /// moves.
    fn head(&mut self) {
        if self.head {
            return;
        }
        self.head = true;
        let out = &mut self.batch.text;
        match self.target {
            Target::Pgn => self.result_at = write_tags(out, &self.tags, "*"),
            Target::Jsonl => {
                let _ = write!(Text(out), "{{\"game\":{},\"tags\":{{", self.game);
                for (i, (n, v)) in self.tags.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    json::push_bytes(out, n);
                    out.push(b':');
                    json::push_bytes(out, v);
                }
                out.extend_from_slice(b"},\"moves\":[");
            }
            _ => {}
        }
    }

    /// Whether the game takes no more text: what it wrote and holds aside
    /// passed [`MAX_GAME_OUTPUT`].
    #[inline]
    fn full(&mut self) -> bool {
        if self.batch.text.len() + self.uci.len() + self.tags.len() <= self.limit {
            return false;
        }
        self.over = true;
        self.limit = 0;
        true
    }

    /// Ends the move just written with its suffix: `+` or `#` as the
    /// position after it says (only a check costs a look: is it mate?).
    #[inline]
    fn settle(&mut self, after: &Position) {
        if !std::mem::take(&mut self.owed) {
            return;
        }
        let suffix = match after.check_status() {
            CheckStatus::None => None,
            CheckStatus::Check => Some(b'+'),
            CheckStatus::Checkmate => Some(b'#'),
        };
        let out = &mut self.batch.text;
        match self.target {
            Target::Pgn => self.movetext.close_move(out, suffix),
            Target::Jsonl => {
                out.extend(suffix);
                out.extend_from_slice(b"\",");
            }
            _ => out.extend(suffix),
        }
    }

    /// The mark of a failed game in PGN, at the place it failed.
    fn mark(&mut self, e: Option<&GameError>, text: &str) {
        if self.target != Target::Pgn {
            return;
        }
        self.head();
        self.line.clear();
        self.line.push_str("movetext error");
        if let Some(e) = e.filter(|e| e.line > 0) {
            let _ = write!(self.line, " at {}:{}", e.line, e.column);
        }
        self.line.push_str(": ");
        self.line.push_str(text);
        self.line.push_str("; the rest of the game is left out");
        let line = std::mem::take(&mut self.line);
        self.movetext.comment(&mut self.batch.text, line.as_bytes());
        self.line = line;
    }

    /// Ends the game's text.
    fn finish(&mut self, summary: &GameSummary, failed: bool) {
        let termination = if failed { "*" } else { self.termination() };
        let out = &mut self.batch.text;
        match self.target {
            Target::Pgn => {
                // A result PGN has no form for (`0-0`, `½-0`, `-/-`) or a
                // win by default (`+/-`): the original is kept in a comment
                // before the PGN result.
                if let Some(r) = self.result.filter(|r| !failed && r.as_str() != r.pgn()) {
                    self.movetext.comment(out, r.as_str().as_bytes());
                }
                self.movetext.finish(out, termination);
                // The `Result` tag: as read, unless the game failed, had
                // none, or held no PGN result (`?`): then the game's.
                let keep = !failed
                    && matches!(
                        self.tags.get(b"Result"),
                        Some(b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
                    );
                let (a, b) = self.result_at;
                if !keep && &out[a..b] != termination.as_bytes() {
                    out.splice(a..b, termination.bytes());
                }
            }
            Target::Jsonl => {
                if self.moves > 0 {
                    // The comma after the last move.
                    out.pop();
                    self.uci.pop();
                }
                out.extend_from_slice(b"],\"uci\":[");
                out.extend_from_slice(&self.uci);
                out.extend_from_slice(b"],\"result\":");
                match self.result {
                    Some(r) => json::push_str(out, r.pgn()),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"language\":");
                json::push_str(out, summary.language.code());
                out.extend_from_slice(b",\"opening\":");
                match self.opening.as_ref().and_then(Classifier::opening) {
                    Some(o) => {
                        out.extend_from_slice(b"{\"eco\":");
                        json::push_str(out, o.eco);
                        out.extend_from_slice(b",\"name\":");
                        json::push_str(out, o.name);
                        out.push(b'}');
                    }
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"errors\":[");
                out.extend_from_slice(&self.errors);
                out.extend_from_slice(b"],\"warnings\":[");
                out.extend_from_slice(&self.warnings);
                out.extend_from_slice(b"],\"complete\":");
                out.extend_from_slice(if failed { b"false}\n" } else { b"true}\n" });
            }
            Target::Uci if self.moves > 0 => {
                // The space after the last move.
                if let Some(last) = out.last_mut() {
                    *last = b'\n';
                }
            }
            _ => out.push(b'\n'),
        }
    }

    /// A problem as a JSON object: line, column, byte offset, message.
    fn json_problem(out: &mut Vec<u8>, e: &GameError, place: Place, line: &mut String) {
        if !out.is_empty() {
            out.push(b',');
        }
        let _ = write!(
            Text(out),
            "{{\"line\":{},\"column\":{},\"offset\":{},\"message\":",
            e.line,
            e.column,
            e.offset
        );
        line.clear();
        match place {
            Place::Game(_) => notes::what(line, e),
            _ => notes::describe(line, e, place),
        }
        json::push_str(out, line);
        out.push(b'}');
    }
}

impl GameVisitor for ConvertVisitor {
    type Output = Option<Box<Batch>>;

    fn begin_game(&mut self, game: u64) {
        self.notes.begin_game(game);
        self.game = game;
        self.start = self.batch.text.len();
        self.in_game = true;
        self.tags.clear();
        self.head = false;
        self.result = None;
        self.moves = 0;
        self.movetext.clear();
        self.uci.clear();
        self.errors.clear();
        self.warnings.clear();
        self.over = false;
        self.owed = false;
        self.limit = self.start + MAX_GAME_OUTPUT;
        if let Some(o) = &mut self.opening {
            o.reset();
        }
    }

    /// Values that are not UTF-8 (Latin-1, Windows-1252) are written as
    /// UTF-8, as every output is.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        if matches!(self.target, Target::Pgn | Target::Jsonl) && !self.full() {
            self.tags
                .push(name, latin1_lossy(&value.decode()).as_bytes());
        }
    }

    fn start(&mut self, _pos: &Position) {
        self.head();
    }

    #[inline]
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        if self.full() {
            return;
        }
        match self.target {
            Target::Pgn => {
                let format = &self.format;
                let out = &mut self.batch.text;
                self.movetext
                    .open_move(out, before.fullmove_number(), before.turn(), |out| {
                        format.write(before, m, out)
                    });
            }
            _ if depth > 0 => return,
            // A move and a space; the last space becomes the line end.
            Target::Uci => {
                let out = &mut self.batch.text;
                // (Two spaces written and one taken back: one fixed-size
                // copy.)
                push_uci(out, m, before.castling_mode(), b"  ");
                out.pop();
                self.moves += 1;
                return;
            }
            // `"move",`; the last comma is dropped.
            Target::Jsonl => {
                // The mainline's moves follow each other: `before` is the
                // position after the last one.
                let out = &mut self.batch.text;
                out.push(b'"');
                self.format.write(before, m, out);
                if !self.suffix {
                    out.extend_from_slice(b"\",");
                }
                self.uci.push(b'"');
                push_uci(&mut self.uci, m, before.castling_mode(), b"\",");
                if let Some(o) = self.opening.as_mut().filter(|o| o.looking()) {
                    o.push(&before.played(m));
                }
            }
            // A space, then the move.
            _ => {
                let out = &mut self.batch.text;
                if self.moves > 0 {
                    out.push(b' ');
                }
                self.format.write(before, m, out);
            }
        }
        self.moves += 1;
        if self.suffix {
            self.owed = true;
        } else if self.target == Target::Pgn {
            self.movetext.close_move(&mut self.batch.text, None);
        }
    }

    fn null_move(&mut self, before: &Position, depth: u32) {
        if self.full() {
            return;
        }
        let out = &mut self.batch.text;
        match self.target {
            Target::Pgn => self
                .movetext
                .san(out, before.fullmove_number(), before.turn(), |out| {
                    out.extend_from_slice(b"--")
                }),
            _ if depth > 0 => {}
            Target::Jsonl => {
                out.push(b'"');
                self.format.write(before, Move::NULL, out);
                out.extend_from_slice(b"\",");
                self.uci.extend_from_slice(b"\"0000\",");
                self.moves += 1;
                let mut after = *before;
                if let Some(o) = self.opening.as_mut().filter(|o| o.looking()) {
                    if after.play_null() {
                        o.push(&after);
                    }
                }
            }
            Target::Uci => {
                out.extend_from_slice(b"0000 ");
                self.moves += 1;
            }
            _ => {
                if self.moves > 0 {
                    out.push(b' ');
                }
                self.format.write(before, Move::NULL, out);
                self.moves += 1;
            }
        }
    }

    fn after_move(&mut self, after: &Position, _depth: u32) {
        self.settle(after);
    }

    fn nag(&mut self, nag: Nag) {
        if self.target == Target::Pgn && !self.full() {
            self.movetext.nag(&mut self.batch.text, nag.0);
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        if self.target == Target::Pgn && !self.full() {
            self.movetext
                .comment(&mut self.batch.text, latin1_lossy(comment).as_bytes());
        }
    }

    fn begin_variation(&mut self) {
        if self.target == Target::Pgn && !self.full() {
            self.movetext.begin_variation();
        }
    }

    fn end_variation(&mut self) {
        if self.target == Target::Pgn && !self.full() {
            self.movetext.end_variation(&mut self.batch.text);
        }
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
        self.notes.result();
    }

    fn warning(&mut self, e: &GameError) {
        self.notes.warn_at(e);
        if self.target == Target::Jsonl {
            let mut line = std::mem::take(&mut self.line);
            Self::json_problem(&mut self.warnings, e, Place::Game(self.game), &mut line);
            self.line = line;
        }
    }

    fn error(&mut self, e: &GameError) {
        let place = self.notes.place();
        let first = !self.notes.failed();
        let severity = self.notes.note(e);
        if severity == Severity::Warning
            && self.target == Target::Jsonl
            && place != Place::BeforeFirst
        {
            // Text after the game's result: a warning of this game.
            let mut line = std::mem::take(&mut self.line);
            Self::json_problem(&mut self.warnings, e, place, &mut line);
            self.line = line;
        }
        if severity != Severity::Error || !first {
            return;
        }
        match self.target {
            Target::Pgn if !self.over => {
                let mut what = String::new();
                notes::what(&mut what, e);
                self.mark(Some(e), &what);
            }
            Target::Jsonl => {
                let mut line = std::mem::take(&mut self.line);
                Self::json_problem(&mut self.errors, e, place, &mut line);
                self.line = line;
            }
            _ => {}
        }
    }

    fn end_game(&mut self, summary: &GameSummary) -> Option<Box<Batch>> {
        self.in_game = false;
        self.head();
        let mut failed = summary.failed;
        if self.over {
            failed = true;
            let what = format!("more than {} MiB of text", MAX_GAME_OUTPUT >> 20);
            self.mark(None, &what);
            let line = format!(
                "{}: game {}: {what}; the rest of the game is left out\n",
                self.notes.name(),
                self.game
            );
            self.notes.text.extend_from_slice(line.as_bytes());
            self.notes.errors += 1;
        }
        self.finish(summary, failed);
        if failed && self.skip_failed {
            self.batch.text.truncate(self.start);
        }
        self.notes.end_game();
        let b = &mut self.batch;
        b.games += 1;
        b.failed += u64::from(failed);
        b.moves += u64::from(summary.moves);
        (b.text.len() + self.notes.text.len() >= self.batch_bytes).then(|| self.take())
    }
}

impl ConvertVisitor {
    /// The batch so far, with its notes.
    fn take(&mut self) -> Box<Batch> {
        let mut b = std::mem::take(&mut self.batch);
        b.notes = std::mem::take(&mut self.notes.text);
        b.errors = std::mem::take(&mut self.notes.errors);
        b.warnings = std::mem::take(&mut self.notes.warnings);
        self.batch.text = self.pool.get();
        Box::new(b)
    }
}

impl Drop for ConvertVisitor {
    fn drop(&mut self) {
        self.pool.put(std::mem::take(&mut self.batch.text));
    }
}

impl Gather for ConvertVisitor {
    fn end_chunk(&mut self) -> Option<Option<Box<Batch>>> {
        let empty = self.batch.games == 0
            && self.notes.text.is_empty()
            && self.notes.errors == 0
            && self.notes.warnings == 0;
        (!empty).then(|| Some(self.take()))
    }

    fn drop_game(&mut self) {
        if self.in_game {
            self.batch.text.truncate(self.start);
            self.in_game = false;
        }
    }

    fn weight(out: &Option<Box<Batch>>) -> usize {
        out.as_ref().map_or(0, |b| b.text.len() + b.notes.len())
    }
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    // `-o -` is standard output, as `-` is standard input among the files.
    let output = args.output.as_deref().filter(|&o| o != "-");
    if let Err(f) = args.refuse_unused() {
        return f.report();
    }
    if args.to.records() {
        let columns = args.columns.unwrap_or_default();
        let parquet = args.to == Target::Parquet;
        return super::parquet::run(&args.read, columns, output, parquet);
    }
    let sources = sources(&args.read);
    let out = match Output::create(output, &sources) {
        Ok(out) => out,
        Err(f) => return f.report(),
    };
    let out_name = out.name().to_string();
    // Shared with the reading of a live input on one thread, which writes
    // it out when the input pauses.
    let out = Arc::new(Mutex::new(out));
    let write_out: OnPause = {
        let out = Arc::downgrade(&out);
        Arc::new(move || {
            if let Some(out) = out.upgrade() {
                // An error shows at the next write.
                let _ = lock(&out).flush();
            }
        })
    };
    let mut reading = Reading::new(&args.read);
    reading.max_output = MAX_HELD;
    let window = 2 * reading.jobs + 2;
    reading.chunk_size = reading
        .chunk_size
        .min((MAX_INPUT_HELD / window).max(MIN_CHUNK_SIZE));
    reading.window = (MAX_INPUT_HELD / reading.chunk_size).clamp(2, window);
    let pool = Arc::new(TextPool::default());
    let mut failed = false;
    let mut input_failed = false;
    for src in &sources {
        let name: Arc<str> = Arc::from(src.name());
        // Games of a live input (a pipe, a terminal) go out as they come:
        // each game a batch when one thread reads it.
        let live = super::live::is_live(src);
        let per_game = live && reading.jobs <= 1;
        reading.on_pause = per_game.then(|| write_out.clone());
        let read = read_games(
            src,
            &reading,
            || {
                let mut v = ConvertVisitor::new(args, name.clone(), pool.clone());
                if per_game {
                    v.batch_bytes = 0;
                }
                v
            },
            |batch: Option<Box<Batch>>, stderr| {
                let Some(b) = batch else {
                    return Ok(());
                };
                let mut out = lock(&out);
                failed |= b.failed > 0;
                let w = |r: io::Result<()>| r.map_err(|e| Failure::output(&out_name, e));
                w(out.write_all(&b.text))?;
                if !b.notes.is_empty() {
                    // Keep stdout and stderr in step on a terminal.
                    w(out.flush())?;
                    stderr.write(&b.notes);
                } else if live && !per_game {
                    // (One thread writes out when the input pauses.)
                    w(out.flush())?;
                }
                pool.put(b.text);
                Ok(())
            },
        );
        match read {
            Ok(_) => {}
            Err(f) if f.is_input() => {
                let _ = lock(&out).flush();
                f.report();
                input_failed = true;
            }
            Err(f) if f.is_no_game() => {
                let _ = lock(&out).flush();
                f.report();
                failed = true;
            }
            // The output is dropped: a temporary file goes with it.
            Err(f) => return f.report(),
        }
    }
    // Every input read to its end: the output is whole, failed games
    // included (marked); else an output file is not written.
    drop(write_out);
    let out = match Arc::try_unwrap(out) {
        Ok(out) => out.into_inner().unwrap_or_else(PoisonError::into_inner),
        Err(_) => unreachable!("the output is shared with the reading only"),
    };
    if let Err(f) = out.finish(!input_failed) {
        return f.report();
    }
    if input_failed {
        if let Some(path) = output {
            eprint_line(&format!(
                "movetext: {path} not written: an input could not be read to its end"
            ));
        }
        ExitCode::from(2)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
