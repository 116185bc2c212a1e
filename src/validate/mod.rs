//! Validate PGN games: play every move on a [`Position`], in any notation and
//! language, and hand each legal move on.
//!
//! [`Validator`] is a ready [`pgn::Visitor`]: it sets up the start position
//! from the `FEN`/`SetUp`/`Variant` tags, reads each move token in SAN
//! (strict or lenient), long algebraic, UCI, ICCF or descriptive notation,
//! in a language given or detected per game, resolves it to the one legal
//! move it names, checks a written `+`/`#` against the position, and plays
//! it. Moves in variations are played from the right position when asked.
//! Each legal move, with the position before it, goes to a [`GameVisitor`]
//! (through [`Transcribe`], with its text in a chosen notation);
//! every problem becomes a [`GameError`] that says what and where (game,
//! line, column, byte offset, move number, token). A failed game keeps the
//! moves before the error, and reading goes on with the next game.
//!
//! # Examples
//!
//! Count the legal moves of each game:
//!
//! ```
//! use movetext::pgn::Reader;
//! use movetext::validate::{GameSummary, GameVisitor, Validator, ValidateOptions};
//!
//! struct Summaries;
//! impl GameVisitor for Summaries {
//!     type Output = GameSummary;
//!     fn end_game(&mut self, summary: &GameSummary) -> GameSummary {
//!         *summary
//!     }
//! }
//!
//! let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"b\"]\n\n1. d4 Kd5 *\n";
//! let mut validator = Validator::new(Summaries, ValidateOptions::default());
//! let mut games = Vec::new();
//! Reader::from_slice(pgn).read_all(&mut validator, |s| games.push(s)).unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[0].moves, games[0].failed), (6, false));
//! assert_eq!((games[1].moves, games[1].failed), (1, true));
//! ```

use core::fmt;

use crate::notation::{Language, LanguageSet, ParseError, ParseMode, SanError};
use crate::pgn::{self, GameResult, Location, Nag, RawTag};
use crate::position::{FenError, Position};
use crate::types::{Color, Square};
use crate::Move;

mod play;
mod record;
mod transcribe;
mod validator;

pub use play::{play_token, resolve_token};
pub use transcribe::Transcribe;
pub use validator::Validator;

/// Which piece letters a game's moves are read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LanguageChoice {
    /// Always this language (figurines are read in every language).
    Fixed(Language),
    /// Per game, among every language: the one that reads the most
    /// mainline moves (all of them, if any does); its error, if it stops,
    /// is the game's. Between languages that read a game equally far, the
    /// one that read more of the earlier games of this validator's input
    /// wins, then the fixed order of [`Language::ALL`] (English first).
    /// Two languages that both read the whole game to different moves make
    /// it ambiguous: it is read as above and the other is named in
    /// [`GameSummary::ambiguous_language`]. A game is recorded (up to
    /// [`MAX_RECORDED_BYTES`]) before any of its events is handed on; a
    /// longer game is decided on what was recorded and read on in that
    /// language.
    ///
    /// The earlier games are those this validator read: a validator per
    /// chunk of a parallel reading knows only its chunk's.
    Auto,
    /// [`LanguageChoice::Auto`] among these languages only.
    AutoAmong(LanguageSet),
}

impl LanguageChoice {
    /// The languages a game may be read in: one, or the candidates of
    /// detection.
    pub fn candidates(self) -> LanguageSet {
        match self {
            LanguageChoice::Fixed(l) => LanguageSet::of(l),
            LanguageChoice::Auto => LanguageSet::ALL,
            LanguageChoice::AutoAmong(set) => set,
        }
    }

    /// Whether each game's language is detected.
    pub fn detects(self) -> bool {
        !matches!(self, LanguageChoice::Fixed(_))
    }
}

/// How games are validated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValidateOptions {
    /// Piece letters to read.
    pub language: LanguageChoice,
    /// Strict (PGN export SAN only; a wrong `+`/`#` or capture mark fails
    /// the game) or lenient (every form of NOTATION.md; a wrong `+`/`#`,
    /// suffix word or capture mark is a warning, a wrong suffix counted).
    pub mode: ParseMode,
    /// Whether moves inside variations are played and checked (otherwise
    /// variations are skipped).
    pub variations: bool,
}

impl Default for ValidateOptions {
    /// English, lenient, variations checked.
    fn default() -> ValidateOptions {
        ValidateOptions {
            language: LanguageChoice::Fixed(Language::En),
            mode: ParseMode::Lenient,
            variations: true,
        }
    }
}

/// What a validated game was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSummary {
    /// 1-based game number in the input.
    pub game: u64,
    /// Legal mainline moves played (plies), up to the first error.
    pub moves: u32,
    /// Legal moves played inside variations.
    pub variation_moves: u32,
    /// Whether the game had an error.
    pub failed: bool,
    /// The piece letters the game was read with (the detected ones in
    /// [`LanguageChoice::Auto`]).
    pub language: Language,
    /// Another language that reads the whole game too, to other moves
    /// ([`LanguageChoice::Auto`]): the game is ambiguous, and was read in
    /// `language`, the file's (see [`LanguageChoice::Auto`]).
    pub ambiguous_language: Option<Language>,
    /// The result token, if the game had one.
    pub result: Option<GameResult>,
    /// How many moves' `+`/`#` claims or suffix words (`ch`, `mate`,
    /// `e.p.` ...) the position contradicted (lenient mode; at most one a
    /// move for its words).
    pub wrong_suffixes: u32,
    /// Errors reported for this game (after the first, only those the
    /// reader found in the skipped rest).
    pub errors: u32,
}

/// Receives validated games: tags, legal moves with the position before
/// each, annotations, and errors. Every hook but `end_game` has a no-op
/// default.
///
/// Call order per game: `begin_game`, `tag`*, `start` (once the start
/// position is set up), then in input order `legal_move` (or
/// `legal_move_san`), `null_move`,
/// `nag`, `comment`, `begin_variation`/`end_variation`, `result`; `error`
/// wherever a problem is found; last `end_game`. A suffix word printed
/// after a move (`exd6 ep`, `Nf3 ch`) is checked, not handed on.
pub trait GameVisitor {
    /// The value of one game.
    type Output;
    /// A game begins.
    fn begin_game(&mut self, _game: u64) {}
    /// A tag pair, value with escapes as written.
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) {}
    /// The start position is set up; moves follow.
    fn start(&mut self, _pos: &Position) {}
    /// A legal move `m`, played from `before`, written as `token`, at
    /// variation depth `depth` (0: mainline).
    fn legal_move(&mut self, _before: &Position, _m: Move, _token: &[u8], _depth: u32) {}
    /// [`GameVisitor::legal_move`] for a move whose token is, less its
    /// `+`/`#`, the move's PGN export SAN: `san` (`e4`, `Nf3`, `exd5`), as
    /// the validator found in resolving it, so a visitor that writes SAN
    /// can copy it rather than write it from the position. Not every such
    /// move comes here; by default it goes to `legal_move`.
    fn legal_move_san(
        &mut self,
        before: &Position,
        m: Move,
        token: &[u8],
        _san: &[u8],
        depth: u32,
    ) {
        self.legal_move(before, m, token, depth);
    }
    /// A null move played from `before`.
    fn null_move(&mut self, _before: &Position, _depth: u32) {}
    /// The position after the move (or null move) just handed to
    /// [`GameVisitor::legal_move`] (or [`GameVisitor::null_move`]), at the
    /// same depth: a visitor that needs the position a move leads to (its
    /// check mark, a key of the position) reads it here, with no copy of
    /// its own.
    fn after_move(&mut self, _after: &Position, _depth: u32) {}
    /// A NAG (or a glyph read as one).
    fn nag(&mut self, _nag: Nag) {}
    /// A comment's bytes.
    fn comment(&mut self, _comment: &[u8]) {}
    /// A variation begins: it replaces the last move.
    fn begin_variation(&mut self) {}
    /// A variation ends.
    fn end_variation(&mut self) {}
    /// The game's result token.
    fn result(&mut self, _result: GameResult) {}
    /// A problem; the first one of a game fails it.
    fn error(&mut self, _error: &GameError) {}
    /// A problem that fails nothing (lenient mode): a `+`/`#`, a suffix
    /// word or a capture mark the position contradicts, a game with no
    /// result, a result token the `Result` tag contradicts. Placed as an
    /// error is.
    fn warning(&mut self, _warning: &GameError) {}
    /// The game is over.
    fn end_game(&mut self, summary: &GameSummary) -> Self::Output;
}

/// What is wrong, in a [`GameError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameErrorKind {
    /// A problem the PGN reader found (syntax, garbage, NUL bytes...).
    Pgn(pgn::ErrorKind),
    /// A move token no notation reads.
    Syntax(ParseError),
    /// A move token that names no legal move, several, or claims a wrong
    /// check or mate (strict mode).
    Move(SanError),
    /// The `FEN` tag is not a valid position.
    Fen(FenError),
    /// An empty `FEN` tag (`[FEN ""]`, as chess.com wrote for some Chess960
    /// games): the start position is unknown, so the first move fails.
    EmptyFen,
    /// A `Variant` other than standard chess and Chess960.
    UnsupportedVariant,
    /// A variation before any move.
    BadVariation,
    /// A variation nested deeper than [`MAX_VARIATION_DEPTH`].
    VariationTooDeep,
    /// A mainline move or null move past the first 65,536 (plies): no
    /// game within the 75-move rule has more than 17,697, and a game's
    /// record is kept bounded.
    TooManyPlies,
    /// No language reads every mainline move ([`LanguageChoice::Auto`]).
    NoLanguage,
    /// A suffix word (`ch`, `e.p.`) with no move before it: at the start
    /// of a game or a variation, after a null move or a variation.
    SuffixWithoutMove,
    /// `ep` or `e.p.` after a move that takes no pawn en passant (an error
    /// in strict mode; a warning in lenient mode, counted in
    /// [`GameSummary::wrong_suffixes`]).
    NotEnPassant,
    /// A capture mark (`x`, `:`) on a move that takes nothing, its
    /// destination empty (a warning in lenient mode, an error in strict
    /// mode).
    NotCapture(Square),
    /// The game ends with no result token (a warning), at the next game's
    /// tag section or at the end of the input.
    NoResult,
    /// A result token that differs from the game's `Result` tag (a
    /// warning; a `*` token contradicts nothing): the token's, the tag's.
    ResultContradictsTag(GameResult, GameResult),
    /// A game that two languages both read whole, to other moves
    /// ([`LanguageChoice::Auto`]; a warning, placed at the first move
    /// they read apart): the language it was read in (the input's, as
    /// [`LanguageChoice::Auto`] chooses), and the other.
    AmbiguousLanguage {
        /// The language the game was read in.
        read: Language,
        /// Another language that reads every mainline move.
        other: Language,
    },
}

/// Mainline plies (moves and null moves) a game may have; the next one is
/// a [`GameErrorKind::TooManyPlies`].
pub(crate) const MAX_PLIES: u32 = 1 << 16;

/// The deepest variation nesting that is validated.
pub const MAX_VARIATION_DEPTH: usize = 256;
/// The most bytes of one game kept for language detection (its text and
/// its events).
pub const MAX_RECORDED_BYTES: usize = 16 << 20;

/// A problem in a game, with its place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// 1-based game number.
    pub game: u64,
    /// 1-based line (0 when not tied to a place in the input).
    pub line: u64,
    /// 1-based column in bytes.
    pub column: u64,
    /// 0-based byte offset in the input.
    pub offset: u64,
    /// The move number and whether Black was to move, for move errors.
    pub move_number: Option<(u32, Color)>,
    /// What is wrong.
    pub kind: GameErrorKind,
    token: [u8; 48],
    token_len: u8,
}

impl GameError {
    fn new(game: u64, kind: GameErrorKind, token: &[u8]) -> GameError {
        let mut e = GameError {
            game,
            line: 0,
            column: 0,
            offset: 0,
            move_number: None,
            kind,
            token: [0; 48],
            token_len: 0,
        };
        let n = token.len().min(48);
        e.token[..n].copy_from_slice(&token[..n]);
        e.token_len = n as u8;
        e
    }

    /// The same error, placed at `at` (line, column, byte offset).
    fn at(mut self, at: Location) -> GameError {
        self.line = at.line;
        self.column = at.column;
        self.offset = at.offset;
        self
    }

    /// The offending token (its first 48 bytes).
    pub fn token(&self) -> &[u8] {
        &self.token[..self.token_len as usize]
    }
}

impl fmt::Display for GameError {
    /// `game 7, move 12... Nd2: ambiguous (b1, f3)`; text before the
    /// first game (game 0) is `before the first game, "junk": ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            0 => f.write_str("before the first game")?,
            n => write!(f, "game {n}")?,
        }
        // The token is input: its control characters are escaped.
        let token = pgn::latin1_lossy(self.token());
        let mut s = String::new();
        match self.move_number {
            Some((n, color)) => {
                let dots = if color == Color::White { "." } else { "..." };
                s.push_str(&format!(", move {n}{dots} "));
                pgn::escape_controls(&mut s, &token, false);
                s.push_str(": ");
            }
            None if token.is_empty() => s.push_str(": "),
            None => {
                s.push_str(", \"");
                pgn::escape_controls(&mut s, &token, true);
                s.push_str("\": ");
            }
        }
        write!(f, "{s}{}", self.kind)
    }
}

impl fmt::Display for GameErrorKind {
    /// What is wrong, in words, without the game and the place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameErrorKind::Pgn(k) => f.write_str(k.reason()),
            GameErrorKind::Syntax(e) => write!(f, "not a move ({e})"),
            GameErrorKind::Move(SanError::Illegal) => f.write_str("illegal move"),
            GameErrorKind::Move(e) => write!(f, "{e}"),
            GameErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            GameErrorKind::EmptyFen => f.write_str("empty FEN tag: the start position is unknown"),
            GameErrorKind::UnsupportedVariant => f.write_str("unsupported variant"),
            GameErrorKind::BadVariation => f.write_str("variation before any move"),
            GameErrorKind::VariationTooDeep => {
                write!(f, "variation nested more than {MAX_VARIATION_DEPTH} deep")
            }
            GameErrorKind::TooManyPlies => {
                write!(f, "more than {MAX_PLIES} plies in the mainline")
            }
            GameErrorKind::NoLanguage => f.write_str("no language reads every move"),
            GameErrorKind::SuffixWithoutMove => f.write_str("a suffix word with no move before it"),
            GameErrorKind::NotEnPassant => {
                f.write_str("written as en passant, but the move takes no pawn en passant")
            }
            GameErrorKind::NotCapture(to) => {
                write!(f, "written as a capture, but {to} is empty")
            }
            GameErrorKind::NoResult => f.write_str("no result token: the game ends here"),
            GameErrorKind::ResultContradictsTag(token, tag) => write!(
                f,
                "result {} contradicts the Result tag {}",
                token.as_str(),
                tag.as_str()
            ),
            GameErrorKind::AmbiguousLanguage { read, other } => write!(
                f,
                "ambiguous language: read as {} (the input's), {} reads every move too, \
                 to other moves",
                read.name(),
                other.name()
            ),
        }
    }
}

impl std::error::Error for GameError {}
