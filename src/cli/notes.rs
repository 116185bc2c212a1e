//! Problems found in the input, as the commands print them: one line each,
//! `FILE:LINE:COL: game 7, move 12... Nd2: ambiguous (b1, f3)` for an error
//! (the game fails), `FILE:LINE:COL: warning: after game 7, "junk": text
//! outside movetext` for a warning (nothing fails).
//!
//! [`Notes`] turns each problem a game visitor is told of into its line, in
//! input order, into a buffer handed on with the games' output; it never
//! holds more than a fixed amount per game, whatever the input:
//! - text outside games (junk lines, comments, NUL bytes between games) is
//!   one line per stretch: the first problem, then how many more lines and
//!   up to which line;
//! - inside a game, the first [`MAX_SHOWN`] problems are shown, the others
//!   counted in one closing line.
//!
//! Every problem is counted ([`Notes::errors`], [`Notes::warnings`]),
//! shown or not. Quoted input is printed with its control characters
//! escaped (a raw ESC would reset a terminal).

use std::fmt::Write as _;
use std::sync::Arc;

use movetext::pgn::{escape_controls, latin1_lossy};
use movetext::validate::GameError;
use movetext::Color;

use super::Text;

/// Problems shown per game; more are counted.
pub const MAX_SHOWN: u32 = 100;

/// Whether a problem fails its game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The game fails: it is read up to here.
    Error,
    /// Reported; nothing fails.
    Warning,
}

/// Where a problem is, as to games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Before the input's first game.
    BeforeFirst,
    /// In game `n`.
    Game(u64),
    /// After game `n`, before the next.
    After(u64),
}

/// The lines of the problems of a stretch of games (see the module docs).
#[derive(Debug)]
pub struct Notes {
    name: Arc<str>,
    show_warnings: bool,
    /// The lines so far.
    pub text: Vec<u8>,
    /// Errors so far (games failed).
    pub errors: u64,
    /// Warnings so far, shown or not.
    pub warnings: u64,
    game: u64,
    in_game: bool,
    result_seen: bool,
    failed: bool,
    /// Problems of this game shown, and not shown.
    shown: u32,
    hidden: u64,
    /// The first hidden problem's place.
    hidden_at: (u64, u64),
    /// A stretch of text outside games: its first line (without the line
    /// end), the problems after it, the line of the last.
    run: Vec<u8>,
    run_more: u64,
    run_last_line: u64,
}

impl Notes {
    /// Lines for the input `name`; warnings are counted but not written
    /// unless `show_warnings`.
    pub fn new(name: Arc<str>, show_warnings: bool) -> Notes {
        Notes {
            name,
            show_warnings,
            text: Vec::new(),
            errors: 0,
            warnings: 0,
            game: 0,
            in_game: false,
            result_seen: false,
            failed: false,
            shown: 0,
            hidden: 0,
            hidden_at: (0, 0),
            run: Vec::new(),
            run_more: 0,
            run_last_line: 0,
        }
    }

    /// Game `game` begins.
    pub fn begin_game(&mut self, game: u64) {
        self.close_run();
        self.game = game;
        self.in_game = true;
        self.result_seen = false;
        self.failed = false;
        self.shown = 0;
        self.hidden = 0;
    }

    /// The game's result token was read: what follows up to the next game
    /// is outside it.
    pub fn result(&mut self) {
        self.result_seen = true;
    }

    /// The game ends.
    pub fn end_game(&mut self) {
        self.close_run();
        if self.hidden > 0 {
            let (line, column) = self.hidden_at;
            let _ = writeln!(
                Text(&mut self.text),
                "{}:{line}:{column}: warning: game {}: {} more problems from here on not shown",
                self.name,
                self.game,
                self.hidden
            );
        }
        self.hidden = 0;
        self.in_game = false;
    }

    /// The input's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the current game has failed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Where a problem told now is.
    pub fn place(&self) -> Place {
        if !self.in_game {
            Place::BeforeFirst
        } else if self.result_seen && !self.failed {
            Place::After(self.game)
        } else {
            Place::Game(self.game)
        }
    }

    /// Takes in a problem: counts it, writes its line (or notes it in the
    /// stretch or the hidden count), and says whether it fails the game:
    /// the first problem inside a game does; problems outside games
    /// (before the first, after a game's result) do not.
    pub fn note(&mut self, e: &GameError) -> Severity {
        let place = self.place();
        match place {
            Place::BeforeFirst | Place::After(_) => {
                self.warnings += 1;
                self.outside(e, place);
                Severity::Warning
            }
            Place::Game(_) => {
                self.failed = true;
                self.errors += 1;
                self.inside(e, place, Severity::Error);
                Severity::Error
            }
        }
    }

    /// A warning inside the game, at its place: counted, and written as
    /// an error's line is, labelled `warning:`, unless warnings are hidden.
    pub fn warn_at(&mut self, e: &GameError) {
        self.warnings += 1;
        self.inside(e, Place::Game(self.game), Severity::Warning);
    }

    fn inside(&mut self, e: &GameError, place: Place, severity: Severity) {
        self.close_run();
        if severity == Severity::Warning && !self.show_warnings {
            return;
        }
        if self.shown >= MAX_SHOWN {
            if self.hidden == 0 {
                self.hidden_at = (e.line, e.column);
            }
            self.hidden += 1;
            return;
        }
        self.shown += 1;
        let name = self.name.clone();
        write_line(&mut self.text, &name, e, place, severity);
    }

    /// A problem outside games: it begins a stretch, or goes on the last.
    fn outside(&mut self, e: &GameError, place: Place) {
        if !self.show_warnings {
            return;
        }
        if !self.run.is_empty() {
            self.run_more += 1;
            self.run_last_line = e.line;
            return;
        }
        let name = self.name.clone();
        write_line(&mut self.run, &name, e, place, Severity::Warning);
        // The line end goes after the stretch's count.
        self.run.pop();
        self.run_last_line = e.line;
    }

    /// Writes the stretch of text outside games, if one is open.
    fn close_run(&mut self) {
        if self.run.is_empty() {
            return;
        }
        self.text.extend_from_slice(&self.run);
        if self.run_more > 0 {
            let lines = if self.run_more == 1 { "line" } else { "lines" };
            let _ = write!(
                Text(&mut self.text),
                " (and {} more {lines} outside games, to line {})",
                self.run_more,
                self.run_last_line
            );
        }
        self.text.push(b'\n');
        self.run.clear();
        self.run_more = 0;
    }
}

/// Appends `FILE:LINE:COL: [warning: ]PLACE[, move 12... Nd2 | , "token"]:
/// message` and a line end (`FILE: ...` when the problem has no place).
pub fn write_line(out: &mut Vec<u8>, name: &str, e: &GameError, place: Place, severity: Severity) {
    let mut s = String::with_capacity(96);
    s.push_str(name);
    if e.line > 0 {
        let _ = write!(s, ":{}:{}", e.line, e.column);
    }
    s.push_str(": ");
    if severity == Severity::Warning {
        s.push_str("warning: ");
    }
    describe(&mut s, e, place);
    s.push('\n');
    out.extend_from_slice(s.as_bytes());
}

/// `PLACE[, move 12... Nd2 | , "token"]: message`: the problem without its
/// file and location.
pub fn describe(s: &mut String, e: &GameError, place: Place) {
    match place {
        Place::BeforeFirst => s.push_str("before the first game"),
        Place::Game(n) => {
            let _ = write!(s, "game {n}");
        }
        Place::After(n) => {
            let _ = write!(s, "after game {n}");
        }
    }
    let at = s.len();
    s.push_str(", ");
    if !subject(s, e) {
        s.truncate(at);
    }
    s.push_str(": ");
    let _ = write!(s, "{}", e.kind);
}

/// `[move 12... Nd2: | "token": ]message`: the problem without its place
/// (in the comment that marks a failed game in PGN, in JSON).
pub fn what(s: &mut String, e: &GameError) {
    if subject(s, e) {
        s.push_str(": ");
    }
    let _ = write!(s, "{}", e.kind);
}

/// `move 12... Nd2` or `"token"` (escaped), if the problem has one.
fn subject(s: &mut String, e: &GameError) -> bool {
    let token = latin1_lossy(e.token());
    match e.move_number {
        Some((n, color)) => {
            let dots = if color == Color::White { "." } else { "..." };
            let _ = write!(s, "move {n}{dots} ");
            escape_controls(s, &token, false);
        }
        None if token.is_empty() => return false,
        None => {
            s.push('"');
            escape_controls(s, &token, true);
            s.push('"');
        }
    }
    true
}
