//! `movetext check`: validate every game, print each error with its place,
//! and a summary line.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use std::sync::{Arc, Mutex};

use clap::Args;
use movetext::validate::{GameError, GameSummary, GameVisitor};
use movetext::{Move, Position};

use super::input::{read_games, sources, Reading};
use super::live::{lock, OnPause};
use super::notes::Notes;
use super::{eprint_line, Batch, Failure, Gather, ReadArgs, BATCH_BYTES};

/// Arguments of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub read: ReadArgs,
}

/// Counts the games and writes the lines of their problems.
struct CheckVisitor {
    notes: Notes,
    batch: Batch,
    /// Bytes of notes that make a batch handed on (0: each game).
    batch_bytes: usize,
}

impl CheckVisitor {
    fn take(&mut self) -> Box<Batch> {
        let mut b = std::mem::take(&mut self.batch);
        b.notes = std::mem::take(&mut self.notes.text);
        b.errors = std::mem::take(&mut self.notes.errors);
        b.warnings = std::mem::take(&mut self.notes.warnings);
        Box::new(b)
    }
}

impl GameVisitor for CheckVisitor {
    type Output = Option<Box<Batch>>;
    fn begin_game(&mut self, game: u64) {
        self.notes.begin_game(game);
    }
    fn legal_move(&mut self, _before: &Position, _m: Move, _token: &[u8], _depth: u32) {}
    fn result(&mut self, _result: movetext::pgn::GameResult) {
        self.notes.result();
    }
    fn error(&mut self, e: &GameError) {
        self.notes.note(e);
    }
    fn warning(&mut self, e: &GameError) {
        self.notes.warn_at(e);
    }
    fn end_game(&mut self, summary: &GameSummary) -> Option<Box<Batch>> {
        self.notes.end_game();
        let b = &mut self.batch;
        b.games += 1;
        b.failed += u64::from(summary.failed);
        b.moves += u64::from(summary.moves);
        (self.notes.text.len() >= self.batch_bytes).then(|| self.take())
    }
}

impl Gather for CheckVisitor {
    fn end_chunk(&mut self) -> Option<Option<Box<Batch>>> {
        let empty = self.batch.games == 0
            && self.notes.text.is_empty()
            && self.notes.errors == 0
            && self.notes.warnings == 0;
        (!empty).then(|| Some(self.take()))
    }

    fn weight(out: &Option<Box<Batch>>) -> usize {
        out.as_ref().map_or(0, |b| b.notes.len())
    }
}

/// Lines of problems held in flight by the parallel reading, at most
/// about.
const MAX_HELD: usize = 16 << 20;

/// Totals over every input.
#[derive(Default, Debug, Clone, Copy)]
struct Totals {
    games: u64,
    failed: u64,
    moves: u64,
    warnings: u64,
    bytes: u64,
}

/// Runs `check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut reading = Reading::new(&args.read);
    reading.max_output = MAX_HELD;
    // Shared with the reading of a live input on one thread, which writes
    // it out when the input pauses.
    let out = Arc::new(Mutex::new(BufWriter::with_capacity(
        64 * 1024,
        io::stdout(),
    )));
    let write_out: OnPause = {
        let out = Arc::downgrade(&out);
        Arc::new(move || {
            if let Some(out) = out.upgrade() {
                // An error shows at the next write.
                let _ = lock(&out).flush();
            }
        })
    };
    let mut totals = Totals::default();
    let mut io_failed = false;
    let mut read_any = false;
    let mut no_game = false;
    let start = Instant::now();
    for src in sources(&args.read) {
        let name: Arc<str> = Arc::from(src.name());
        // Problems in a live input (a pipe, a terminal) are shown as found:
        // each game's a batch when one thread reads it.
        let live = super::live::is_live(&src);
        let per_game = live && reading.jobs <= 1;
        reading.on_pause = per_game.then(|| write_out.clone());
        let show_warnings = !args.read.quiet;
        let read = read_games(
            &src,
            &reading,
            || CheckVisitor {
                notes: Notes::new(name.clone(), show_warnings),
                batch: Batch::default(),
                batch_bytes: if per_game { 0 } else { BATCH_BYTES },
            },
            |batch: Option<Box<Batch>>, stderr| {
                let Some(b) = batch else {
                    return Ok(());
                };
                totals.games += b.games;
                totals.moves += b.moves;
                totals.failed += b.failed;
                totals.warnings += b.warnings;
                if b.notes.is_empty() {
                    return Ok(());
                }
                let mut out = lock(&out);
                stderr
                    .suspend(|| {
                        out.write_all(&b.notes)?;
                        // With a progress bar, show the lines now, under it.
                        if stderr.has_bar() || (live && !per_game) {
                            out.flush()?;
                        }
                        Ok(())
                    })
                    .map_err(|e| Failure::output("stdout", e))
            },
        );
        match read {
            Ok(bytes) => {
                totals.bytes += bytes;
                read_any = true;
            }
            Err(f) if f.is_input() => {
                let _ = lock(&out).flush();
                f.report();
                io_failed = true;
            }
            Err(f) if f.is_no_game() => {
                let _ = lock(&out).flush();
                f.report();
                read_any = true;
                no_game = true;
            }
            Err(f) => return f.report(),
        }
    }
    if let Err(e) = lock(&out).flush() {
        return Failure::output("stdout", e).report();
    }
    let secs = start.elapsed().as_secs_f64();
    // No summary when no input could be read: the error line says it all.
    if !args.read.quiet && read_any {
        let rate = |x: f64| if secs > 0.0 { x / secs } else { 0.0 };
        eprint_line(&format!(
            "games={} valid={} failed={} warnings={} moves={} bytes={} secs={:.3} MB/s={:.1} moves/s={:.0}",
            totals.games,
            totals.games - totals.failed,
            totals.failed,
            totals.warnings,
            totals.moves,
            totals.bytes,
            secs,
            rate(totals.bytes as f64 / 1e6),
            rate(totals.moves as f64),
        ));
    }
    if io_failed {
        ExitCode::from(2)
    } else if totals.failed > 0 || no_game {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
