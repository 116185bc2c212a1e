//! `movetext check`: validate every game, print each error with its place,
//! and a summary line.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use movetext::validate::{GameError, GameSummary, GameVisitor};
use movetext::{Move, Position};

use super::input::{read_games, sources, Reading};
use super::{eprint_line, error_line, ErrorLog, Failure, Located, ReadArgs};

/// Arguments of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    read: ReadArgs,
}

/// One game as `check` sees it.
pub struct Checked {
    summary: GameSummary,
    errors: Vec<Located>,
}

#[derive(Default)]
struct CheckVisitor {
    log: ErrorLog,
}

impl GameVisitor for CheckVisitor {
    type Output = Checked;
    fn begin_game(&mut self, _game: u64) {
        self.log.begin();
    }
    fn legal_move(&mut self, _before: &Position, _m: Move, _token: &[u8], _depth: u32) {}
    fn error(&mut self, e: &GameError) {
        self.log.push(e);
    }
    fn end_game(&mut self, summary: &GameSummary) -> Checked {
        Checked {
            summary: *summary,
            errors: self.log.take(),
        }
    }
}

/// The warning for a game two languages read whole to different moves
/// (`--from-lang auto`): which it was read in, and the other.
fn ambiguous_warning(s: &GameSummary) -> Option<String> {
    let other = s.ambiguous_language?;
    Some(format!(
        "ambiguous language: read as {} (the input's), {} reads every move too, to other moves",
        s.language.name(),
        other.name()
    ))
}

/// Totals over every input.
#[derive(Default, Debug, Clone, Copy)]
struct Totals {
    games: u64,
    failed: u64,
    moves: u64,
    bytes: u64,
}

/// Runs `check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let reading = Reading::new(&args.read);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut totals = Totals::default();
    let mut io_failed = false;
    let mut read_any = false;
    let mut no_game = false;
    let start = Instant::now();
    for src in sources(&args.read) {
        let name = src.name().to_string();
        let read = read_games(
            &src,
            &reading,
            CheckVisitor::default,
            |n, g: Checked, stderr| {
                totals.games += 1;
                totals.moves += u64::from(g.summary.moves);
                if g.summary.failed {
                    totals.failed += 1;
                }
                let warning = ambiguous_warning(&g.summary).filter(|_| !args.read.quiet);
                if g.errors.is_empty() && warning.is_none() {
                    return Ok(());
                }
                stderr
                    .suspend(|| {
                        if let Some(w) = &warning {
                            writeln!(out, "{name}: game {n}: warning: {w}")?;
                        }
                        for e in &g.errors {
                            writeln!(out, "{}", error_line(&name, e, n))?;
                        }
                        // With a progress bar, show the lines now, under it.
                        if stderr.has_bar() {
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
                let _ = out.flush();
                f.report();
                io_failed = true;
            }
            Err(f) if f.is_no_game() => {
                let _ = out.flush();
                f.report();
                read_any = true;
                no_game = true;
            }
            Err(f) => return f.report(),
        }
    }
    if let Err(e) = out.flush() {
        return Failure::output("stdout", e).report();
    }
    let secs = start.elapsed().as_secs_f64();
    // No summary when no input could be read: the error line says it all.
    if !args.read.quiet && read_any {
        let rate = |x: f64| if secs > 0.0 { x / secs } else { 0.0 };
        eprint_line(&format!(
            "games={} valid={} failed={} moves={} bytes={} secs={:.3} MB/s={:.1} moves/s={:.0}",
            totals.games,
            totals.games - totals.failed,
            totals.failed,
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
