//! `movetext convert`: every game's moves in another notation, as PGN
//! export, or as JSON lines.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use movetext::notation::{write_uci, Figurines, Language, MoveFormat, SanStyle};
use movetext::openings::Classifier;
use movetext::pgn::{latin1_lossy, GameResult, Nag, RawTag};
use movetext::validate::{GameError, GameSummary, GameVisitor};
use movetext::{Move, Position};

use super::input::{read_games, sources, Reading};
use super::output::Output;
use super::pgn_out::{write_tags, Movetext};
use super::{eprint_line, error_line, json, parse_lang, ErrorLog, Failure, Located, ReadArgs};

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

/// Arguments of `convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "san")]
    to: Target,
    /// Move notation of the `moves` array in `--to jsonl`.
    #[arg(long, value_enum, default_value = "san")]
    notation: Notation,
    /// Piece letters to write (ISO 639-1 code).
    #[arg(long, value_name = "CODE", default_value = "en", value_parser = parse_lang)]
    lang: Language,
    /// Castling written with the letter O (PGN) or the digit 0 (FIDE).
    #[arg(long, value_name = "O|0", default_value = "O", value_parser = ["O", "0"])]
    castle: String,
    /// Promotion written `e8=Q` (`=`) or `e8Q` (`none`).
    #[arg(long, value_name = "=|none", default_value = "=", value_parser = ["=", "none"])]
    promotion: String,
    /// Capture mark: `x` or `:`.
    #[arg(long, value_name = "x|:", default_value = "x", value_parser = ["x", ":"])]
    capture: String,
    /// No `+`/`#` after moves.
    #[arg(long)]
    no_suffix: bool,
    /// Write to FILE instead of stdout. FILE may not be an input (also
    /// through a link); it is written to a temporary file beside it and
    /// renamed onto it when every input was read to its end (exit 0, or 1
    /// with failed games written and reported); on an I/O error (exit 2)
    /// or an interruption FILE is left as it was.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
}

impl ConvertArgs {
    fn style(&self) -> SanStyle {
        SanStyle {
            language: self.lang,
            figurines: Figurines::Off,
            castling_zero: self.castle == "0",
            promotion_equals: self.promotion == "=",
            capture_colon: self.capture == ":",
            suffix: !self.no_suffix,
            glyph: false,
        }
    }
}

/// One game, written.
pub struct Converted {
    text: Vec<u8>,
    errors: Vec<Located>,
    failed: bool,
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

struct ConvertVisitor {
    target: Target,
    format: MoveFormat,
    log: ErrorLog,
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    /// Mainline moves in the chosen notation (line and JSON targets).
    moves: Vec<Vec<u8>>,
    /// Mainline moves in UCI (JSON).
    uci: Vec<Vec<u8>>,
    movetext: Movetext,
    result: Option<GameResult>,
    buf: Vec<u8>,
    /// The opening of the mainline (JSON).
    opening: Classifier,
}

impl ConvertVisitor {
    fn new(args: &ConvertArgs) -> ConvertVisitor {
        let notation = match args.to {
            Target::San | Target::Pgn => Notation::San,
            Target::Lan => Notation::Lan,
            Target::Uci => Notation::Uci,
            Target::Fan => Notation::Fan,
            Target::Iccf => Notation::Iccf,
            Target::Descriptive => Notation::Descriptive,
            Target::Jsonl => args.notation,
        };
        ConvertVisitor {
            target: args.to,
            format: move_format(notation, args.style()),
            log: ErrorLog::default(),
            tags: Vec::new(),
            moves: Vec::new(),
            uci: Vec::new(),
            movetext: Movetext::new(),
            result: None,
            buf: Vec::new(),
            opening: Classifier::new(),
        }
    }

    /// The result to end the movetext with: the result token, else the
    /// `Result` tag if it is a PGN result, else `*`.
    fn termination(&self) -> &'static str {
        if let Some(r) = self.result {
            return r.pgn();
        }
        let tag = self.tags.iter().find(|(n, _)| n == b"Result");
        match tag.map(|(_, v)| &v[..]) {
            Some(b"1-0") => "1-0",
            Some(b"0-1") => "0-1",
            Some(b"1/2-1/2") => "1/2-1/2",
            _ => "*",
        }
    }

    fn json(&self, summary: &GameSummary) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 + self.moves.len() * 12);
        out.extend_from_slice(b"\"tags\":{");
        for (i, (n, v)) in self.tags.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json::push_bytes(&mut out, n);
            out.push(b':');
            json::push_bytes(&mut out, v);
        }
        out.extend_from_slice(b"},\"moves\":[");
        for list in [&self.moves, &self.uci] {
            for (i, m) in list.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                json::push_bytes(&mut out, m);
            }
            if std::ptr::eq(list, &self.moves) {
                out.extend_from_slice(b"],\"uci\":[");
            }
        }
        out.extend_from_slice(b"],\"result\":");
        match self.result {
            Some(r) => json::push_str(&mut out, r.pgn()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"language\":");
        json::push_str(&mut out, summary.language.code());
        out.extend_from_slice(b",\"opening\":");
        match self.opening.opening() {
            Some(o) => {
                out.extend_from_slice(b"{\"eco\":");
                json::push_str(&mut out, o.eco);
                out.extend_from_slice(b",\"name\":");
                json::push_str(&mut out, o.name);
                out.push(b'}');
            }
            None => out.extend_from_slice(b"null"),
        }
        out
    }
}

/// `text` as UTF-8: itself if it is, else read as Windows-1252.
fn utf8(text: &[u8]) -> Vec<u8> {
    latin1_lossy(text).into_owned().into_bytes()
}

impl GameVisitor for ConvertVisitor {
    type Output = Converted;

    fn begin_game(&mut self, _game: u64) {
        self.log.begin();
        self.tags.clear();
        self.moves.clear();
        self.uci.clear();
        self.movetext.clear();
        self.result = None;
        self.opening.reset();
    }

    /// Values that are not UTF-8 (Latin-1, Windows-1252) are written as
    /// UTF-8, as every output is.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let value = utf8(&value.decode());
        self.tags.push((name.to_vec(), value));
    }

    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        self.buf.clear();
        self.format.write(before, m, &mut self.buf);
        match self.target {
            Target::Pgn => {
                self.movetext
                    .san(before.fullmove_number(), before.turn(), &self.buf);
            }
            Target::Jsonl if depth == 0 => {
                self.moves.push(self.buf.clone());
                let mut u = Vec::with_capacity(5);
                write_uci(m, before.castling_mode(), &mut u);
                self.uci.push(u);
                self.opening.push(&before.played(m));
            }
            _ if depth == 0 => self.moves.push(self.buf.clone()),
            _ => {}
        }
    }

    fn null_move(&mut self, before: &Position, depth: u32) {
        self.buf.clear();
        self.format.write(before, Move::NULL, &mut self.buf);
        match self.target {
            Target::Pgn => self
                .movetext
                .san(before.fullmove_number(), before.turn(), b"--"),
            Target::Jsonl if depth == 0 => {
                self.moves.push(self.buf.clone());
                self.uci.push(b"0000".to_vec());
                let mut after = *before;
                if after.play_null() {
                    self.opening.push(&after);
                }
            }
            _ if depth == 0 => self.moves.push(self.buf.clone()),
            _ => {}
        }
    }

    fn nag(&mut self, nag: Nag) {
        if self.target == Target::Pgn {
            self.movetext.nag(nag.0);
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        if self.target == Target::Pgn {
            self.movetext.comment(&utf8(comment));
        }
    }

    fn begin_variation(&mut self) {
        if self.target == Target::Pgn {
            self.movetext.begin_variation();
        }
    }

    fn end_variation(&mut self) {
        if self.target == Target::Pgn {
            self.movetext.end_variation();
        }
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    fn error(&mut self, e: &GameError) {
        self.log.push(e);
    }

    fn end_game(&mut self, summary: &GameSummary) -> Converted {
        let text = match self.target {
            Target::Pgn => {
                let termination = self.termination();
                if let Some(r) = self.result {
                    // A result PGN has no form for (`0-0`, `½-0`, `-/-`)
                    // or a win by default (`+/-`): the original is kept in
                    // a comment before the PGN result.
                    if r.as_str() != r.pgn() {
                        self.movetext.comment(r.as_str().as_bytes());
                    }
                    // A `Result` tag that holds no PGN result (`?`) takes
                    // the game's.
                    let tag = self.tags.iter_mut().find(|(n, _)| n == b"Result");
                    if let Some((_, v)) = tag {
                        if !matches!(&v[..], b"1-0" | b"0-1" | b"1/2-1/2" | b"*") {
                            *v = termination.as_bytes().to_vec();
                        }
                    }
                }
                let mut out = Vec::with_capacity(self.movetext.out.len() + 512);
                write_tags(&mut out, &self.tags, termination);
                self.movetext.finish(termination);
                out.extend_from_slice(&self.movetext.out);
                out
            }
            Target::Jsonl => self.json(summary),
            _ => {
                let mut out = self.moves.join(&b' ');
                out.push(b'\n');
                out
            }
        };
        Converted {
            text,
            errors: self.log.take(),
            failed: summary.failed,
        }
    }
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let sources = sources(&args.read);
    let mut out = match Output::create(args.output.as_deref(), &sources) {
        Ok(out) => out,
        Err(f) => return f.report(),
    };
    let out_name = out.name().to_string();
    let reading = Reading::new(&args.read);
    let mut failed = false;
    let mut input_failed = false;
    let jsonl = args.to == Target::Jsonl;
    for src in &sources {
        let name = src.name().to_string();
        let read = read_games(
            src,
            &reading,
            || ConvertVisitor::new(args),
            |n, g: Converted, stderr| {
                failed |= g.failed;
                let w = |r: io::Result<()>| r.map_err(|e| Failure::output(&out_name, e));
                if jsonl {
                    w(write!(out, "{{\"game\":{n},"))?;
                    w(out.write_all(&g.text))?;
                    w(out.write_all(b",\"errors\":["))?;
                    for (i, e) in g.errors.iter().enumerate() {
                        let mut s = Vec::new();
                        if i > 0 {
                            s.push(b',');
                        }
                        let mut err = e.error;
                        err.game = if e.in_game { n } else { 0 };
                        json::push_str(&mut s, &err.to_string());
                        w(out.write_all(&s))?;
                    }
                    w(out.write_all(b"]}\n"))?;
                } else {
                    w(out.write_all(&g.text))?;
                }
                if !g.errors.is_empty() {
                    // Keep stdout and stderr in step on a terminal.
                    w(out.flush())?;
                    for e in &g.errors {
                        stderr.line(&error_line(&name, e, n));
                    }
                }
                Ok(())
            },
        );
        match read {
            Ok(_) => {}
            Err(f) if f.is_input() => {
                let _ = out.flush();
                f.report();
                input_failed = true;
            }
            Err(f) if f.is_no_game() => {
                let _ = out.flush();
                f.report();
                failed = true;
            }
            // The output is dropped: a temporary file goes with it.
            Err(f) => return f.report(),
        }
    }
    // Every input read to its end: the output is whole, failed games
    // included (marked); else an output file is not written.
    if let Err(f) = out.finish(!input_failed) {
        return f.report();
    }
    if input_failed {
        if let Some(path) = &args.output {
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
