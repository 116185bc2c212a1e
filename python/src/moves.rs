//! The small functions: one move or one text at a time.

use movetext::notation::{
    write_san, write_uci, Figurines, GameResult, Language, LanguageSet, MoveFormat, ParseMode,
    SanStyle, Uci,
};
use movetext::pgn::Reader;
use movetext::validate::{
    resolve_token, GameError, GameErrorKind, GameSummary, GameVisitor, LanguageChoice, Transcribe,
    ValidateOptions, Validator,
};
use movetext::{Move, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::errors::{fen_error, game_error, move_error, raise, Class, Place};

/// The language of `code` (`"en"`, `"de"`, `"ru-latn"`...).
pub fn language(code: &str) -> PyResult<Language> {
    Language::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        PyValueError::new_err(format!(
            "unknown language {code:?}: one of {}",
            codes.join(", ")
        ))
    })
}

/// `"auto"` (detected per game among every language), a language code,
/// or codes and `auto` separated by commas (`"pl,de,auto"`: detected per
/// game among these only), as the command line's `--from-lang`.
pub fn language_choice(code: &str) -> PyResult<LanguageChoice> {
    if code.eq_ignore_ascii_case("auto") {
        return Ok(LanguageChoice::Auto);
    }
    if !code.contains(',') {
        return language(code).map(LanguageChoice::Fixed);
    }
    let mut set = LanguageSet::default();
    for part in code.split(',').map(str::trim) {
        if !part.eq_ignore_ascii_case("auto") {
            set = set.with(language(part)?);
        }
    }
    if set.is_empty() {
        return Err(PyValueError::new_err(format!(
            "no language code before \"auto\" in {code:?}"
        )));
    }
    Ok(LanguageChoice::AutoAmong(set))
}

fn position(py: Python<'_>, fen: &str) -> PyResult<Position> {
    Position::from_fen(fen).map_err(|e| fen_error(py, fen, &e))
}

/// How a target notation name writes moves, with `lang`'s letters.
fn move_format(to: &str, lang: Language) -> PyResult<MoveFormat> {
    let style = SanStyle::with_language(lang);
    Ok(match to.to_ascii_lowercase().as_str() {
        "san" => MoveFormat::San(style),
        "fan" => MoveFormat::San(SanStyle {
            figurines: Figurines::BySide,
            ..style
        }),
        "lan" => MoveFormat::Lan {
            style,
            hyphen: true,
        },
        "uci" => MoveFormat::Uci,
        "iccf" => MoveFormat::Iccf,
        "descriptive" => MoveFormat::Descriptive,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown notation {to:?}: one of san, fan, lan, uci, iccf, descriptive"
            )))
        }
    })
}

/// The mainline moves of each game, written, one line a game; the first
/// error kept.
#[derive(Default)]
struct Lines {
    text: String,
    line_start: usize,
    first_error: Option<GameError>,
    /// The first problem outside a game (text before the first game,
    /// between games, after a game's result): a warning where games were
    /// read, as `check` counts it; raised when none was.
    outside: Option<GameError>,
    games: u64,
    in_game: bool,
    result_seen: bool,
    null: String,
}

impl Lines {
    fn push_move(&mut self, text: &str) {
        if self.text.len() > self.line_start {
            self.text.push(' ');
        }
        self.text.push_str(text);
    }
}

impl GameVisitor for Lines {
    type Output = ();
    fn begin_game(&mut self, game: u64) {
        if game > 1 {
            self.text.push('\n');
        }
        self.line_start = self.text.len();
        self.games += 1;
        self.in_game = true;
        self.result_seen = false;
    }
    fn legal_move(&mut self, _before: &Position, _m: Move, text: &[u8], depth: u32) {
        if depth == 0 {
            // The writers write UTF-8 (figurines, Cyrillic letters).
            self.push_move(&String::from_utf8_lossy(text));
        }
    }
    fn null_move(&mut self, _before: &Position, depth: u32) {
        if depth == 0 {
            let null = std::mem::take(&mut self.null);
            self.push_move(&null);
            self.null = null;
        }
    }
    fn result(&mut self, _result: GameResult) {
        self.result_seen = true;
    }
    fn error(&mut self, error: &GameError) {
        let slot = match self.in_game && !self.result_seen {
            true => &mut self.first_error,
            false => &mut self.outside,
        };
        if slot.is_none() {
            *slot = Some(*error);
        }
    }
    fn end_game(&mut self, _summary: &GameSummary) {
        self.in_game = false;
    }
}

/// Text given as `str` (UTF-8) or `bytes` (as it is: UTF-8 or Latin-1).
#[derive(FromPyObject)]
pub enum Text {
    Str(String),
    Bytes(Vec<u8>),
}

impl Text {
    fn as_bytes(&self) -> &[u8] {
        match self {
            Text::Str(s) => s.as_bytes(),
            Text::Bytes(b) => b,
        }
    }
}

/// Converts the moves of PGN text to another notation.
///
/// `text` is PGN (one or more games, tags optional) or bare movetext
/// (`"1. e4 e5 2. Nf3"`), as `str` or `bytes`; its moves may be in any
/// notation movetext reads (SAN in any language, figurines, long
/// algebraic, UCI, ICCF, descriptive). `lang` is the language of its piece
/// letters (default English), or `"auto"` to detect it per game. `to` is `"uci"`, `"san"`,
/// `"fan"`, `"lan"`, `"iccf"` or `"descriptive"`; `to_lang` the letters
/// written in SAN and long algebraic.
///
/// Returns the mainline moves of each game separated by spaces, one line
/// per game (no result, comments or variations). Raises an `Error`
/// subclass (`IllegalMoveError`, `AmbiguousMoveError`, `InvalidMoveError`,
/// ...) at the first problem in a game, with its `line`, `column` and
/// `game`; text outside the games (before the first, after a result) is
/// passed over as `movetext check` warns of it, unless no game is read.
///
/// >>> movetext.convert("1. e4 e5 2. Sf3", lang="auto")
/// 'e2e4 e7e5 g1f3'
#[pyfunction]
#[pyo3(signature = (text, to = "uci", *, lang = "en", to_lang = "en"))]
pub fn convert(
    py: Python<'_>,
    text: Text,
    to: &str,
    lang: &str,
    to_lang: &str,
) -> PyResult<String> {
    let format = move_format(to, language(to_lang)?)?;
    let options = ValidateOptions {
        language: language_choice(lang)?,
        mode: ParseMode::Lenient,
        variations: true,
    };
    let mut null = String::new();
    format.write(&Position::new(), Move::NULL, &mut null);
    let lines = Lines {
        null,
        ..Lines::default()
    };
    let mut validator = Validator::new(Transcribe::new(lines, format), options);
    let bytes = text.as_bytes();
    let read = py.detach(|| Reader::from_slice(bytes).read_all(&mut validator, |()| ()));
    read.map_err(|e| raise(py, Class::Error, e.to_string(), Place::default()))?;
    let lines = validator.into_inner().into_inner();
    let outside = lines.outside.filter(|_| lines.games == 0);
    if let Some(e) = lines.first_error.or(outside) {
        return Err(game_error(py, &e, None));
    }
    Ok(lines.text)
}

/// The legal move `text` names in `pos`, read in `lang` (or the first
/// language, English first, in which it is one).
fn resolve(py: Python<'_>, pos: &Position, fen: &str, text: &str, lang: &str) -> PyResult<Move> {
    let read = |l| resolve_token(pos, text.as_bytes(), l, ParseMode::Lenient);
    let choice = language_choice(lang)?;
    let result = match choice {
        LanguageChoice::Fixed(l) => read(l),
        _ => choice
            .candidates()
            .iter()
            .map(read)
            .find(Result::is_ok)
            .unwrap_or_else(|| read(Language::En)),
    };
    match result {
        Ok((m, _)) => Ok(m),
        Err(kind) => Err(move_error(py, text, fen, &kind)),
    }
}

/// The UCI form of a move in the position `fen`.
///
/// `san` is read as SAN in `lang`'s piece letters (`"auto"`: the first
/// language, English first, in which it is a legal move), leniently (`0-0`,
/// `exd5`, `e8Q`, figurines...), or as long algebraic, UCI, ICCF or
/// descriptive notation. Castling is written `e1g1` (`e1h1` in a Chess960
/// position). Raises `InvalidFenError`, `InvalidMoveError`,
/// `IllegalMoveError` or `AmbiguousMoveError`.
///
/// >>> movetext.san_to_uci(movetext.STARTING_FEN, "Sf3", lang="de")
/// 'g1f3'
#[pyfunction]
#[pyo3(signature = (fen, san, *, lang = "en"))]
pub fn san_to_uci(py: Python<'_>, fen: &str, san: &str, lang: &str) -> PyResult<String> {
    let pos = position(py, fen)?;
    let m = resolve(py, &pos, fen, san, lang)?;
    let mut out = String::new();
    if m.is_null() {
        out.push_str("0000");
    } else {
        write_uci(m, pos.castling_mode(), &mut out);
    }
    Ok(out)
}

/// The SAN of a UCI move in the position `fen`, with `lang`'s piece
/// letters (PGN's English by default) and `+`/`#` as the move gives.
///
/// Castling may be written as the king's move (`e1g1`) or onto its rook
/// (`e1h1`). Raises `InvalidFenError`, `InvalidMoveError` or
/// `IllegalMoveError`.
///
/// >>> movetext.uci_to_san(movetext.STARTING_FEN, "g1f3", lang="de")
/// 'Sf3'
#[pyfunction]
#[pyo3(signature = (fen, uci, *, lang = "en"))]
pub fn uci_to_san(py: Python<'_>, fen: &str, uci: &str, lang: &str) -> PyResult<String> {
    let style = SanStyle::with_language(language(lang)?);
    let pos = position(py, fen)?;
    let parsed = Uci::from_ascii(uci.as_bytes())
        .map_err(|e| move_error(py, uci, fen, &GameErrorKind::Syntax(e)))?;
    let m = parsed
        .to_move(&pos)
        .map_err(|e| move_error(py, uci, fen, &GameErrorKind::Move(e)))?;
    let mut out = String::new();
    if m.is_null() {
        out.push_str("--");
    } else {
        write_san(&pos, m, &style, &mut out);
    }
    Ok(out)
}

/// The number of legal move paths of `depth` plies from the position
/// `fen` (perft), counted by movetext's move generator without the GIL;
/// Ctrl-C (any signal with a Python handler) stops it.
///
/// >>> movetext.perft(movetext.STARTING_FEN, 4)
/// 197281
#[pyfunction]
pub fn perft(py: Python<'_>, fen: &str, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
    // Any object is taken, so that what is no int, and an int past every
    // fixed width (2**64), are told as the others are.
    let Ok(depth) = depth.cast::<PyInt>() else {
        let kind = depth.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "depth must be an int, not {kind}"
        )));
    };
    let depth = depth.extract::<u32>().map_err(|_| {
        PyValueError::new_err(format!("depth must be 0 to {}, not {depth}", u32::MAX))
    })?;
    let pos = position(py, fen)?;
    py.detach(|| perft_stoppable(&pos, depth))
}

/// Subtrees this deep or less are counted whole between two looks at
/// Python's signals (Kiwipete's 4 plies: 4.1 M nodes, tens of
/// milliseconds).
const COUNTED_WHOLE: u32 = 4;

/// [`Position::perft`], with Python's signal handlers run between
/// subtrees of [`COUNTED_WHOLE`] plies: a handler's exception
/// (`KeyboardInterrupt`) ends the count.
fn perft_stoppable(pos: &Position, depth: u32) -> PyResult<u64> {
    if depth <= COUNTED_WHOLE {
        return Ok(pos.perft(depth));
    }
    Python::attach(|py| py.check_signals())?;
    let mut total = 0;
    for &m in &pos.legal_moves() {
        total += perft_stoppable(&pos.played(m), depth - 1)?;
    }
    Ok(total)
}
