//! The package's exceptions: every one a `ValueError` that says what and
//! where (`file`, `line`, `column`, `game` attributes, `None` where they do
//! not apply).

use movetext::notation::{ParseError, SanError};
use movetext::position::FenError;
use movetext::validate::{GameError, GameErrorKind};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{create_exception, PyErr};

create_exception!(
    movetext,
    Error,
    PyValueError,
    "A problem in chess text, with its place: the attributes `file`, `line`, \
     `column` (1-based), `game` (1-based) and `reason` (the message without \
     its place); each is None where it does not apply."
);
create_exception!(
    movetext,
    InvalidMoveError,
    Error,
    "Text that no move notation reads (`column` is where it went wrong)."
);
create_exception!(
    movetext,
    IllegalMoveError,
    Error,
    "A move that is not legal in its position."
);
create_exception!(
    movetext,
    AmbiguousMoveError,
    Error,
    "A move that fits several legal moves (`Nd2` with knights on b1 and f3)."
);
create_exception!(
    movetext,
    InvalidFenError,
    Error,
    "A FEN that is not a valid position (`column` is where it went wrong)."
);

/// Where a problem is. Each part is optional.
#[derive(Clone, Debug, Default)]
pub struct Place {
    pub file: Option<String>,
    pub line: Option<u64>,
    pub column: Option<u64>,
    pub game: Option<u64>,
}

impl Place {
    /// A column of a one-line text (a FEN, a move), which the message
    /// names itself.
    pub fn column(column: u64) -> Place {
        Place {
            column: Some(column),
            ..Place::default()
        }
    }
}

/// Which exception class a kind of problem raises.
#[derive(Copy, Clone, Debug)]
pub enum Class {
    Error,
    InvalidMove,
    IllegalMove,
    AmbiguousMove,
    InvalidFen,
}

impl Class {
    fn of_san_error(e: &SanError) -> Class {
        match e {
            SanError::Ambiguous(_) => Class::AmbiguousMove,
            _ => Class::IllegalMove,
        }
    }

    /// The class of a validation problem.
    pub fn of_game_error(kind: &GameErrorKind) -> Class {
        match kind {
            GameErrorKind::Syntax(_) => Class::InvalidMove,
            GameErrorKind::Move(e) => Class::of_san_error(e),
            GameErrorKind::Fen(_) | GameErrorKind::EmptyFen => Class::InvalidFen,
            _ => Class::Error,
        }
    }
}

/// The exception `class` with `reason` at `place`: its message is
/// `file:line:column: reason` (the parts that are known; a column without
/// a line is named by `reason` itself).
pub fn raise(py: Python<'_>, class: Class, reason: String, place: Place) -> PyErr {
    let mut message = String::new();
    if let Some(file) = &place.file {
        message.push_str(file);
        message.push(':');
    }
    if let Some(line) = place.line {
        message.push_str(&line.to_string());
        message.push(':');
        if let Some(column) = place.column {
            message.push_str(&column.to_string());
            message.push(':');
        }
    }
    if !message.is_empty() {
        message.push(' ');
    }
    message.push_str(&reason);
    let err = match class {
        Class::Error => Error::new_err(message),
        Class::InvalidMove => InvalidMoveError::new_err(message),
        Class::IllegalMove => IllegalMoveError::new_err(message),
        Class::AmbiguousMove => AmbiguousMoveError::new_err(message),
        Class::InvalidFen => InvalidFenError::new_err(message),
    };
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("file", place.file)?;
        value.setattr("line", place.line)?;
        value.setattr("column", place.column)?;
        value.setattr("game", place.game)?;
        value.setattr("reason", reason)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A validation problem of a game read from `file` (None: a string).
pub fn game_error(py: Python<'_>, e: &GameError, file: Option<String>) -> PyErr {
    let placed = e.line > 0;
    raise(
        py,
        Class::of_game_error(&e.kind),
        e.to_string(),
        Place {
            file,
            line: placed.then_some(e.line),
            column: placed.then_some(e.column),
            // 0: before the first game, no game's.
            game: (e.game > 0).then_some(e.game),
        },
    )
}

/// A FEN that could not be read.
pub fn fen_error(py: Python<'_>, fen: &str, e: &FenError) -> PyErr {
    raise(
        py,
        Class::InvalidFen,
        format!("{e}: {}", quoted(fen)),
        Place::column(e.column as u64),
    )
}

/// `text` in double quotes, its `"`, `\` and control characters escaped
/// as the library's messages escape the input they quote.
fn quoted(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    movetext::pgn::escape_controls(&mut s, text, true);
    s.push('"');
    s
}

/// A move's text that no notation reads, or that names no single legal
/// move, in the position `fen`.
pub fn move_error(py: Python<'_>, text: &str, fen: &str, kind: &GameErrorKind) -> PyErr {
    let (text, fen) = (quoted(text), quoted(fen));
    let (class, reason, column) = match kind {
        GameErrorKind::Syntax(ParseError { kind, offset }) => {
            let column = *offset as u64 + 1;
            let why = kind.message();
            let reason = format!("{text}, column {column}: {why} (position {fen})");
            (Class::InvalidMove, reason, column)
        }
        GameErrorKind::Move(SanError::Illegal) => (
            Class::IllegalMove,
            format!("{text}: illegal move in {fen}"),
            1,
        ),
        GameErrorKind::Move(e) => (Class::of_san_error(e), format!("{text}: {e} in {fen}"), 1),
        other => (
            Class::of_game_error(other),
            format!("{text}: {other} in {fen}"),
            1,
        ),
    };
    raise(py, class, reason, Place::column(column))
}
