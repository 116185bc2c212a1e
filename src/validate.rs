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

use crate::moves::Move;
use crate::notation::{
    Descriptive, Iccf, Lan, Language, MoveFormat, ParseError, ParseMode, Resolved, San, SanError,
    SanPlus, Suffix, SuffixVerdict, Uci,
};
use crate::pgn::{self, Control, GameResult, Location, Nag, PgnError, RawTag};
use crate::position::{CastlingMode, FenError, Position};
use crate::types::Color;

/// Which piece letters a game's moves are read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LanguageChoice {
    /// Always this language (figurines are read in every language).
    Fixed(Language),
    /// Per game: the first language in [`Language::ALL`] order (English
    /// first) under which every mainline move is legal. The game is read
    /// whole before any of its events is handed on.
    Auto,
}

/// How games are validated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValidateOptions {
    /// Piece letters to read.
    pub language: LanguageChoice,
    /// Strict (PGN export SAN only; a wrong `+`/`#` fails the game) or
    /// lenient (every form of NOTATION.md; a wrong suffix is counted).
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
    /// The result token, if the game had one.
    pub result: Option<GameResult>,
    /// How many `+`/`#` claims the position contradicted (lenient mode).
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
/// position is set up), then in input order `legal_move`, `null_move`,
/// `nag`, `comment`, `begin_variation`/`end_variation`, `result`; `error`
/// wherever a problem is found; last `end_game`.
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
    /// A null move played from `before`.
    fn null_move(&mut self, _before: &Position, _depth: u32) {}
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
    /// The game is over.
    fn end_game(&mut self, summary: &GameSummary) -> Self::Output;
}

/// A [`GameVisitor`] that hands every legal move on to `V` written in a
/// chosen notation: `V`'s [`GameVisitor::legal_move`] gets, as its
/// `token`, the move's text in the [`MoveFormat`] (with `+`/`#` from the
/// position where the format writes them) instead of the token as the input
/// wrote it. Every other hook is passed on as it is. One buffer, reused:
/// no allocation per move once it has grown.
///
/// ```
/// use movetext::notation::MoveFormat;
/// use movetext::pgn::Reader;
/// use movetext::validate::{GameSummary, GameVisitor, Transcribe, Validator, ValidateOptions};
/// use movetext::{Move, Position};
///
/// /// The mainline of each game, as written.
/// #[derive(Default)]
/// struct Moves(Vec<String>);
/// impl GameVisitor for Moves {
///     type Output = Vec<String>;
///     fn legal_move(&mut self, _before: &Position, _m: Move, text: &[u8], depth: u32) {
///         if depth == 0 {
///             self.0.push(String::from_utf8_lossy(text).into_owned());
///         }
///     }
///     fn end_game(&mut self, _summary: &GameSummary) -> Vec<String> {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// // Polish piece letters in, UCI out.
/// let pgn = "1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. O-O *".as_bytes();
/// let options = ValidateOptions {
///     language: movetext::validate::LanguageChoice::Fixed(movetext::notation::Language::Pl),
///     ..ValidateOptions::default()
/// };
/// let mut validator = Validator::new(Transcribe::new(Moves::default(), MoveFormat::Uci), options);
/// let mut games = Vec::new();
/// Reader::from_slice(pgn).read_all(&mut validator, |moves| games.push(moves)).unwrap();
/// assert_eq!(games, [["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]]);
/// ```
#[derive(Clone, Debug)]
pub struct Transcribe<V> {
    inner: V,
    format: MoveFormat,
    text: Vec<u8>,
}

impl<V: GameVisitor> Transcribe<V> {
    /// `inner`, handed every legal move written in `format`.
    pub fn new(inner: V, format: MoveFormat) -> Transcribe<V> {
        Transcribe {
            inner,
            format,
            text: Vec::new(),
        }
    }

    /// The visitor moves are handed to.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The visitor moves are handed to, mutably.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }

    /// The visitor moves are handed to, taken back.
    pub fn into_inner(self) -> V {
        self.inner
    }
}

impl<V: GameVisitor> GameVisitor for Transcribe<V> {
    type Output = V::Output;
    fn begin_game(&mut self, game: u64) {
        self.inner.begin_game(game);
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.inner.tag(name, value);
    }
    fn start(&mut self, pos: &Position) {
        self.inner.start(pos);
    }
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        self.text.clear();
        self.format.write(before, m, &mut self.text);
        self.inner.legal_move(before, m, &self.text, depth);
    }
    fn null_move(&mut self, before: &Position, depth: u32) {
        self.inner.null_move(before, depth);
    }
    fn nag(&mut self, nag: Nag) {
        self.inner.nag(nag);
    }
    fn comment(&mut self, comment: &[u8]) {
        self.inner.comment(comment);
    }
    fn begin_variation(&mut self) {
        self.inner.begin_variation();
    }
    fn end_variation(&mut self) {
        self.inner.end_variation();
    }
    fn result(&mut self, result: GameResult) {
        self.inner.result(result);
    }
    fn error(&mut self, error: &GameError) {
        self.inner.error(error);
    }
    fn end_game(&mut self, summary: &GameSummary) -> V::Output {
        self.inner.end_game(summary)
    }
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
    /// A variation before any move, or nested deeper than
    /// [`MAX_VARIATION_DEPTH`].
    BadVariation,
    /// No language reads every mainline move ([`LanguageChoice::Auto`]).
    NoLanguage,
    /// A game larger than [`MAX_RECORDED_BYTES`] in
    /// [`LanguageChoice::Auto`] mode.
    GameTooLarge,
}

/// The deepest variation nesting that is validated.
pub const MAX_VARIATION_DEPTH: usize = 256;
/// The most bytes of one game kept for language detection.
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
    /// `game 7, move 12... Nd2: ambiguous (b1, f3)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        let token = pgn::latin1_lossy(self.token());
        match self.move_number {
            Some((n, Color::White)) => write!(f, ", move {n}. {token}: ")?,
            Some((n, Color::Black)) => write!(f, ", move {n}... {token}: ")?,
            None if token.is_empty() => f.write_str(": ")?,
            None => write!(f, ", {token:?}: ")?,
        }
        match &self.kind {
            GameErrorKind::Pgn(k) => f.write_str(k.reason()),
            GameErrorKind::Syntax(e) => write!(f, "not a move ({e})"),
            GameErrorKind::Move(SanError::Illegal) => f.write_str("illegal move"),
            GameErrorKind::Move(SanError::Ambiguous(c)) => {
                f.write_str("ambiguous (")?;
                for (i, sq) in c.squares().iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{sq}")?;
                }
                f.write_str(")")
            }
            GameErrorKind::Move(e) => write!(f, "{e}"),
            GameErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            GameErrorKind::EmptyFen => f.write_str("empty FEN tag: the start position is unknown"),
            GameErrorKind::UnsupportedVariant => f.write_str("unsupported variant"),
            GameErrorKind::BadVariation => {
                f.write_str("variation before any move or nested too deep")
            }
            GameErrorKind::NoLanguage => f.write_str("no language reads every move"),
            GameErrorKind::GameTooLarge => f.write_str("game too large to detect its language"),
        }
    }
}

impl std::error::Error for GameError {}

/// Reads one move token in any notation: SAN in `lang` (strict or lenient),
/// then, in lenient mode, long algebraic / UCI, ICCF numeric and English
/// descriptive notation. Gives the legal move and whether its suffix held.
pub fn resolve_token(
    pos: &Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    let mut after = *pos;
    play_token(&mut after, token, lang, mode)
}

/// [`resolve_token`], and plays the move on `pos` (a SAN move in one step,
/// see [`SanPlus::play`](crate::notation::SanPlus::play); the null move
/// passes the turn). On an error `pos` is unchanged.
///
/// ```
/// use movetext::notation::{Language, ParseMode, SuffixVerdict};
/// use movetext::validate::play_token;
/// use movetext::{Move, Position, Square};
///
/// let mut pos = Position::new();
/// let played = play_token(&mut pos, b"e2e4", Language::En, ParseMode::Lenient);
/// assert_eq!(played, Ok((Move::normal(Square::E2, Square::E4), SuffixVerdict::Absent)));
/// assert!(play_token(&mut pos, b"e5+", Language::En, ParseMode::Strict).is_err());
/// assert_eq!(pos.fullmove_number(), 1);
/// ```
#[inline]
pub fn play_token(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    play_token_inline(pos, None, token, lang, mode)
}

/// [`play_token`], always inlined (the validator's hot path). `kept`: a
/// copy of `pos` the caller keeps (see `SanPlus::play_fast`).
#[inline(always)]
fn play_token_inline(
    pos: &mut Position,
    kept: Option<&Position>,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    // The common case, kept small: an English PGN token of a common form
    // that plays; the other PGN forms out of line.
    if lang == Language::En {
        let (suffix, body) = crate::notation::split_suffix(token);
        let played = if crate::notation::is_common(body) {
            crate::notation::Common::read(body).play_fast(pos, kept, suffix, mode)
        } else {
            play_other_forms(pos, kept, token, mode)
        };
        if let Some(r) = played {
            return Ok((r.mv, r.suffix));
        }
    }
    play_token_general(pos, token, lang, mode)
}

/// The fast path of [`play_token_inline`] for the rarer PGN forms that
/// [`fast_token_shapes`](crate::notation::fast_token_shapes) reads
/// (castling, promotions, a departure square), out of line.
#[inline(never)]
fn play_other_forms(
    pos: &mut Position,
    kept: Option<&Position>,
    token: &[u8],
    mode: ParseMode,
) -> Option<crate::notation::Resolved> {
    crate::notation::fast_token_shapes(token)?.play_fast(pos, kept, mode)
}

/// [`play_token`] past its fast path. An English token of the fast forms is
/// read again (cheaper than keeping it across the fast path) and goes
/// straight to the general resolver, its fast fit having failed; any other
/// token goes to the general parser.
#[inline(never)]
fn play_token_general(
    pos: &mut Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Result<(Move, SuffixVerdict), GameErrorKind> {
    let fast = match lang {
        Language::En => crate::notation::fast_token(token),
        _ => None,
    };
    let played = match fast {
        Some(sp) => Ok(sp.play_general(pos, mode)),
        None => San::from_ascii_general(token, lang, mode).map(|sp| sp.play(pos, mode)),
    };
    let san_err = match played {
        Ok(played) => match played {
            Ok(r) => return Ok((r.mv, r.suffix)),
            // `b8c6` reads as an over-disambiguated pawn move in SAN; as
            // UCI it may be legal.
            Err(e) => match lenient_other_notations(pos, token, lang, mode) {
                Some(Ok(m)) => {
                    pos.play_or_pass(m);
                    return Ok((m, SuffixVerdict::Absent));
                }
                _ => return Err(GameErrorKind::Move(e)),
            },
        },
        Err(e) => e,
    };
    match lenient_other_notations(pos, token, lang, mode) {
        Some(r) => r.map(|m| {
            pos.play_or_pass(m);
            (m, SuffixVerdict::Absent)
        }),
        None => Err(GameErrorKind::Syntax(san_err)),
    }
}

/// Long algebraic / UCI, ICCF numeric and English descriptive notation, in
/// lenient mode: `None` if none of them reads the token.
fn lenient_other_notations(
    pos: &Position,
    token: &[u8],
    lang: Language,
    mode: ParseMode,
) -> Option<Result<Move, GameErrorKind>> {
    if mode != ParseMode::Lenient {
        return None;
    }
    if let Ok(uci) = Uci::from_ascii(token) {
        if let Ok(m) = uci.to_move(pos) {
            return Some(Ok(m));
        }
    }
    if let Ok(lan) = Lan::from_ascii(token, lang) {
        return Some(lan.to_move(pos).map_err(GameErrorKind::Move));
    }
    if token.first().is_some_and(u8::is_ascii_digit) {
        if let Ok(iccf) = Iccf::from_ascii(token) {
            return Some(iccf.to_move(pos).map_err(GameErrorKind::Move));
        }
    }
    if let Ok(d) = Descriptive::from_ascii(token) {
        return Some(d.to_move(pos).map_err(GameErrorKind::Move));
    }
    None
}

/// Completes a `FEN` tag that stops after the board or the turn (as some
/// sites write it, and python-chess reads it): White to move, no castling,
/// no en passant square.
fn pad_fen(fen: &mut Vec<u8>) {
    let fields = fen
        .split(|b| b.is_ascii_whitespace())
        .filter(|f| !f.is_empty())
        .count();
    for (i, default) in [&b" w"[..], b" -", b" -"].into_iter().enumerate() {
        if (1..=3).contains(&fields) && fields <= i + 1 {
            fen.extend_from_slice(default);
        }
    }
}

/// A recorded event (language detection reads the game whole first).
#[derive(Copy, Clone, Debug)]
enum Rec {
    Tag(usize, usize, usize),
    BeginMovetext,
    Move(usize, usize, Location),
    Null(usize, usize, Location),
    Nag(Nag),
    Comment(usize, usize),
    BeginVariation,
    EndVariation,
    Result(GameResult),
    Error(GameError),
}

/// A [`pgn::Visitor`] that validates every game and hands it to a
/// [`GameVisitor`]. See the [module docs](self).
pub struct Validator<V> {
    inner: V,
    options: ValidateOptions,
    game: u64,
    // Tags that decide the start position.
    fen: Vec<u8>,
    /// A `FEN` tag was read, at `fen_at`.
    fen_tag: bool,
    fen_at: Location,
    /// The `Variant` tag of an unsupported variant, and where it is.
    variant: Vec<u8>,
    variant_at: Location,
    /// The `FEN` tag was empty: a move in this game fails (a game without
    /// moves stands).
    unknown_start: bool,
    variant_960: bool,
    variant_other: bool,
    // Play state: the current position, and the one before the last move
    // (when `has_last`). A move copies the current position there and is
    // played in place (a move that fails leaves the position unchanged);
    // without variations, an English move in a PGN form that fits at once
    // (lenient: with its suffix) is played with no copy (see
    // `play_in_place`).
    current: Position,
    last: Position,
    /// The standard start position, copied at the start of each game.
    start: Position,
    has_last: bool,
    /// Per open variation: the position to return to and the position before
    /// the last move at that level.
    stack: Vec<(Position, Position)>,
    lang: Language,
    summary: GameSummary,
    done: bool,
    result_seen: bool,
    /// Moves may be played in place (see [`Validator::in_place`]): kept
    /// in step with `recording`, `done`, `unknown_start` and `lang` by
    /// [`Validator::set_in_place`], one load on every move.
    in_place: bool,
    // Recording (Auto language).
    recording: bool,
    arena: Vec<u8>,
    recs: Vec<Rec>,
    too_large: bool,
}

impl<V: GameVisitor> Validator<V> {
    /// A validator handing games to `inner`.
    pub fn new(inner: V, options: ValidateOptions) -> Validator<V> {
        let lang = match options.language {
            LanguageChoice::Fixed(l) => l,
            LanguageChoice::Auto => Language::En,
        };
        Validator {
            inner,
            options,
            game: 0,
            fen: Vec::new(),
            fen_tag: false,
            fen_at: Location::default(),
            variant: Vec::new(),
            variant_at: Location::default(),
            unknown_start: false,
            variant_960: false,
            variant_other: false,
            current: Position::new(),
            last: Position::new(),
            start: Position::new(),
            has_last: false,
            stack: Vec::new(),
            lang,
            summary: GameSummary {
                game: 0,
                moves: 0,
                variation_moves: 0,
                failed: false,
                language: lang,
                result: None,
                wrong_suffixes: 0,
                errors: 0,
            },
            done: false,
            result_seen: false,
            in_place: false,
            recording: options.language == LanguageChoice::Auto,
            arena: Vec::new(),
            recs: Vec::new(),
            too_large: false,
        }
    }

    /// The inner game visitor.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The inner game visitor, mutably.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }

    /// The inner game visitor, giving up the validator.
    pub fn into_inner(self) -> V {
        self.inner
    }

    fn depth(&self) -> u32 {
        self.stack.len() as u32
    }

    /// The position before the last move at this level, if any.
    fn before_last(&self) -> Option<Position> {
        self.has_last.then_some(self.last)
    }

    fn fail(&mut self, mut e: GameError) -> Control {
        e.game = self.game;
        self.summary.errors += 1;
        if self.result_seen && !self.summary.failed {
            // Junk after a complete game: reported, the game stands.
            self.inner.error(&e);
            return Control::Continue;
        }
        self.summary.failed = true;
        self.inner.error(&e);
        self.done = true;
        self.set_in_place();
        Control::Skip
    }

    fn setup(&mut self) -> Control {
        self.current = self.start;
        if self.variant_other {
            let e = GameError::new(self.game, GameErrorKind::UnsupportedVariant, &self.variant)
                .at(self.variant_at);
            return self.fail(e);
        }
        self.unknown_start = self.fen_tag && self.fen.iter().all(u8::is_ascii_whitespace);
        self.set_in_place();
        if self.fen_tag && !self.unknown_start {
            match Position::from_fen_bytes(&self.fen) {
                Ok(p) => self.current = p,
                Err(fe) => {
                    let fen = core::mem::take(&mut self.fen);
                    let e = GameError::new(self.game, GameErrorKind::Fen(fe), &fen).at(self.fen_at);
                    self.fen = fen;
                    return self.fail(e);
                }
            }
        }
        if self.variant_960 {
            self.current.set_castling_mode(CastlingMode::Chess960);
        }
        self.inner.start(&self.current);
        Control::Continue
    }

    /// A recorded move, replayed: as [`pgn::Visitor::san`] plays it.
    fn play_token(&mut self, token: &[u8], at: Location) -> Control {
        if self.play_in_place(token) {
            return Control::Continue;
        }
        self.play_rest(token, at)
    }

    /// Without variations nothing needs the position before the last move:
    /// a common English move without a suffix (`e4`, `Nf3`, `exd5`, `Nxd5`:
    /// most moves) is handed to the visitor with the position before it and
    /// then played, with no copy, from its parts (see
    /// [`Common`](crate::notation::Common)). False (nothing done) for any
    /// other token, or when the game takes no more moves.
    #[inline(always)]
    fn play_in_place(&mut self, token: &[u8]) -> bool {
        if !self.in_place() || !crate::notation::is_common(token) {
            return false;
        }
        self.play_common_in_place(token, token, None)
    }

    /// [`Validator::play_in_place`] for the other PGN forms (castling,
    /// promotions, a departure square) and for the common forms with a
    /// suffix, in its one caller, out of the common path. Its caller has
    /// seen [`Validator::in_place`], and [`Validator::play_in_place`] fail:
    /// a common form without a suffix has no single fit, and is not tried
    /// again.
    #[inline(always)]
    fn play_in_place_shapes(&mut self, token: &[u8]) -> bool {
        debug_assert!(self.in_place());
        let (suffix, body) = crate::notation::split_suffix(token);
        if crate::notation::is_common(body) {
            return suffix.is_some() && self.play_common_in_place(token, body, suffix);
        }
        match crate::notation::fast_token_shapes(token) {
            Some(sp) => self.play_parsed_in_place(token, sp),
            None => false,
        }
    }

    /// The common form `body` of `token` (see
    /// [`is_common`](crate::notation::is_common)), with `suffix`, handed to
    /// the visitor and played in place if it fits at once.
    #[inline(always)]
    fn play_common_in_place(&mut self, token: &[u8], body: &[u8], suffix: Option<Suffix>) -> bool {
        let c = crate::notation::Common::read(body);
        let inner = &mut self.inner;
        let seen = |before: &Position, m: Move| inner.legal_move(before, m, token, 0);
        let played = c.play_in_place(&mut self.current, suffix, self.options.mode, seen);
        self.count_in_place(played)
    }

    /// `sp`, read from `token`, handed to the visitor and played in place
    /// if it fits at once.
    #[inline(always)]
    fn play_parsed_in_place(&mut self, token: &[u8], sp: SanPlus) -> bool {
        let inner = &mut self.inner;
        let seen = |before: &Position, m: Move| inner.legal_move(before, m, token, 0);
        let played = sp.play_in_place(&mut self.current, self.options.mode, seen);
        self.count_in_place(played)
    }

    /// The summary after a move played in place, if it was.
    #[inline(always)]
    fn count_in_place(&mut self, played: Option<Resolved>) -> bool {
        let Some(r) = played else {
            return false;
        };
        if r.suffix == SuffixVerdict::Contradicted {
            self.summary.wrong_suffixes += 1;
        }
        self.has_last = false;
        self.summary.moves += 1;
        true
    }

    /// Whether a move may be played with no copy: nothing is being
    /// recorded, the game goes on from a known position, no variation is
    /// read, the notation is English.
    #[inline(always)]
    fn in_place(&self) -> bool {
        debug_assert_eq!(
            self.in_place,
            self.may_play_in_place(),
            "in_place out of step"
        );
        self.in_place
    }

    /// [`Validator::in_place`] from the state it follows.
    fn may_play_in_place(&self) -> bool {
        !(self.recording | self.done | self.unknown_start | self.options.variations)
            && self.lang == Language::En
    }

    /// Brings `in_place` in step, after a change of the state it follows.
    fn set_in_place(&mut self) {
        self.in_place = self.may_play_in_place();
    }

    /// A move past [`Validator::play_in_place`] and its shapes: the
    /// position is copied first, the move played in place.
    #[inline(never)]
    fn play_token_copied(&mut self, token: &[u8], line: u64, column: u64, offset: u64) -> Control {
        if self.done | self.unknown_start {
            return self.no_move(token, line, column, offset);
        }
        let (lang, mode) = (self.lang, self.options.mode);
        // The token is read again here when `play_in_place` did not play
        // it (a strict suffix, or no single fit): handing the read token on
        // measured slower (+1%), the parsed move no longer in registers.
        self.last = self.current;
        match play_token_inline(&mut self.current, Some(&self.last), token, lang, mode) {
            // `--` with a glyph (`--?`) or `Z0` reaches here as a token and
            // reads as the null move (the turn is passed).
            Ok((m, _)) if m.is_null() => {
                self.has_last = true;
                let depth = self.depth();
                self.inner.null_move(&self.last, depth);
                Control::Continue
            }
            Ok((m, verdict)) => {
                if verdict == SuffixVerdict::Contradicted {
                    self.summary.wrong_suffixes += 1;
                }
                self.has_last = true;
                let depth = self.depth();
                self.inner.legal_move(&self.last, m, token, depth);
                if self.stack.is_empty() {
                    self.summary.moves += 1;
                } else {
                    self.summary.variation_moves += 1;
                }
                Control::Continue
            }
            Err(kind) => self.move_failed(kind, token, line, column, offset),
        }
    }

    /// The location in this game handed in parts to the slow paths
    /// ([`Validator::san_rest`], [`Validator::tag_noted`]).
    fn location(&self, line: u64, column: u64, offset: u64) -> Location {
        Location {
            game: self.game,
            offset,
            line,
            column,
        }
    }

    /// A move token past the no-copy path of [`pgn::Visitor::san`]:
    /// recorded (language detection), or played. Its location comes in
    /// parts (the game is this game), in registers: built in the caller,
    /// it was written to the stack before every move's no-copy attempt.
    #[inline(never)]
    fn san_rest(&mut self, san: &[u8], line: u64, column: u64, offset: u64) -> Control {
        let at = self.location(line, column, offset);
        if self.recording {
            let (a, b) = self.push_bytes(san);
            return self.record(Rec::Move(a, b, at));
        }
        self.play_rest(san, at)
    }

    /// A move past [`Validator::play_in_place`]: the other PGN forms in
    /// place when moves may be, else on a copy. Both ends are jumps, so the
    /// path with variations reaches [`Validator::play_token_copied`] with
    /// no frame of its own.
    #[inline(always)]
    fn play_rest(&mut self, token: &[u8], at: Location) -> Control {
        if self.in_place() {
            return self.play_shapes_or_copied(token, at);
        }
        self.play_token_copied(token, at.line, at.column, at.offset)
    }

    /// [`Validator::play_rest`] when moves may be played in place.
    #[inline(never)]
    fn play_shapes_or_copied(&mut self, token: &[u8], at: Location) -> Control {
        if self.play_in_place_shapes(token) {
            return Control::Continue;
        }
        self.play_token_copied(token, at.line, at.column, at.offset)
    }

    /// A move or null move that failed, the position unchanged (the one
    /// before it was overwritten): the game fails at `token`.
    #[cold]
    fn move_failed(
        &mut self,
        kind: GameErrorKind,
        token: &[u8],
        line: u64,
        column: u64,
        offset: u64,
    ) -> Control {
        self.has_last = false;
        let mut e = GameError::new(self.game, kind, token);
        e.line = line;
        e.column = column;
        e.offset = offset;
        let before = &self.current;
        e.move_number = Some((before.fullmove_number(), before.turn()));
        self.fail(e)
    }

    /// A move token in a game that is done, or whose start is unknown.
    #[cold]
    fn no_move(&mut self, token: &[u8], line: u64, column: u64, offset: u64) -> Control {
        if self.done {
            return Control::Skip;
        }
        let mut e = GameError::new(self.game, GameErrorKind::EmptyFen, token);
        e.line = line;
        e.column = column;
        e.offset = offset;
        self.fail(e)
    }

    fn play_null(&mut self, token: &[u8], at: Location) -> Control {
        if self.done {
            return Control::Skip;
        }
        if self.unknown_start {
            let e = GameError::new(self.game, GameErrorKind::EmptyFen, b"--");
            return self.fail(e);
        }
        self.last = self.current;
        if !self.current.play_null() {
            let kind = GameErrorKind::Move(SanError::NullInCheck);
            return self.move_failed(kind, token, at.line, at.column, at.offset);
        }
        let depth = self.depth();
        self.inner.null_move(&self.last, depth);
        self.has_last = true;
        Control::Continue
    }

    fn begin_var(&mut self) -> Control {
        if self.done {
            return Control::Skip;
        }
        if !self.options.variations {
            return Control::Skip;
        }
        let Some(before) = self.before_last() else {
            let e = GameError::new(self.game, GameErrorKind::BadVariation, b"(");
            return self.fail(e);
        };
        if self.stack.len() >= MAX_VARIATION_DEPTH {
            let e = GameError::new(self.game, GameErrorKind::BadVariation, b"(");
            return self.fail(e);
        }
        self.stack.push((self.current, before));
        self.current = before;
        self.has_last = false;
        self.inner.begin_variation();
        Control::Continue
    }

    fn end_var(&mut self) -> Control {
        if self.done {
            return Control::Skip;
        }
        if let Some((pos, before_last)) = self.stack.pop() {
            self.current = pos;
            self.last = before_last;
            self.has_last = true;
            self.inner.end_variation();
        }
        Control::Continue
    }

    fn reset(&mut self, game: u64) {
        self.game = game;
        self.fen.clear();
        self.fen_tag = false;
        self.variant_960 = false;
        self.variant_other = false;
        self.stack.clear();
        self.has_last = false;
        self.done = false;
        self.result_seen = false;
        self.too_large = false;
        self.arena.clear();
        self.recs.clear();
        self.lang = match self.options.language {
            LanguageChoice::Fixed(l) => l,
            LanguageChoice::Auto => Language::En,
        };
        self.summary = GameSummary {
            game: self.game,
            moves: 0,
            variation_moves: 0,
            failed: false,
            language: self.lang,
            result: None,
            wrong_suffixes: 0,
            errors: 0,
        };
        self.set_in_place();
    }

    /// A tag that may be `FEN` or `Variant`, or one to record; its
    /// location in parts, as for [`Validator::san_rest`].
    #[inline(never)]
    fn tag_noted(
        &mut self,
        name: &[u8],
        value: RawTag<'_>,
        line: u64,
        column: u64,
        offset: u64,
    ) -> Control {
        let at = self.location(line, column, offset);
        self.note_tag(name, value, at);
        if self.recording {
            let (n, _) = self.push_bytes(name);
            let (v, e) = self.push_bytes(value.as_bytes());
            return self.record(Rec::Tag(n, v, e));
        }
        self.inner.tag(name, value);
        Control::Continue
    }

    /// Notes the `FEN` and `Variant` tags (the only names noted: see
    /// [`pgn::Visitor::tag`] of the validator, which calls this for them).
    fn note_tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) {
        if name == b"FEN" {
            self.fen_tag = true;
            self.fen_at = at;
            self.fen.clear();
            self.fen.extend_from_slice(&value.decode());
            pad_fen(&mut self.fen);
        } else if name == b"Variant" {
            // Letters and digits only, lower case, on the stack: "Chess 960"
            // and "chess960" are one. Longer values are no variant we play.
            let mut key = [0u8; 16];
            let mut n = 0;
            for &b in value
                .as_bytes()
                .iter()
                .filter(|b| b.is_ascii_alphanumeric())
            {
                if n < key.len() {
                    key[n] = b.to_ascii_lowercase();
                }
                n += 1;
            }
            let key = if n <= key.len() { &key[..n] } else { b"?" };
            match key {
                b"" | b"standard" | b"normal" | b"chess" | b"fromposition" => {}
                b"chess960" | b"960" | b"fischerandom" | b"fischerrandom" | b"frc" => {
                    self.variant_960 = true
                }
                _ => {
                    self.variant_other = true;
                    self.variant_at = at;
                    self.variant.clear();
                    self.variant.extend_from_slice(value.as_bytes());
                }
            }
        }
    }

    // Recording for Auto language.

    fn push_bytes(&mut self, b: &[u8]) -> (usize, usize) {
        let start = self.arena.len();
        if start + b.len() > MAX_RECORDED_BYTES {
            self.too_large = true;
            return (start, start);
        }
        self.arena.extend_from_slice(b);
        (start, self.arena.len())
    }

    fn record(&mut self, rec: Rec) -> Control {
        if self.too_large {
            return Control::Skip;
        }
        self.recs.push(rec);
        Control::Continue
    }

    /// Picks the language of a recorded game: the first under which every
    /// mainline move is legal.
    fn detect(&self) -> Option<Language> {
        let mut start = Position::new();
        // An empty FEN tag fails the first move whatever the language: the
        // standard start stands in for it here.
        if self.fen_tag && !self.fen.iter().all(u8::is_ascii_whitespace) {
            start = Position::from_fen_bytes(&self.fen).ok()?;
        }
        let tokens = || {
            let mut depth = 0usize;
            self.recs.iter().filter_map(move |r| match *r {
                Rec::BeginVariation => {
                    depth += 1;
                    None
                }
                Rec::EndVariation => {
                    depth = depth.saturating_sub(1);
                    None
                }
                Rec::Move(a, b, _) if depth == 0 => Some(Some(&self.arena[a..b])),
                Rec::Null(..) if depth == 0 => Some(None),
                _ => None,
            })
        };
        Language::ALL.into_iter().find(|&lang| {
            let mut pos = start;
            tokens().all(|t| match t {
                None => pos.play_null(),
                Some(t) => play_token(&mut pos, t, lang, self.options.mode).is_ok(),
            })
        })
    }

    fn replay(&mut self) {
        let recs = core::mem::take(&mut self.recs);
        let arena = core::mem::take(&mut self.arena);
        self.recording = false;
        self.set_in_place();
        for rec in &recs {
            if self.done {
                break;
            }
            match *rec {
                Rec::Tag(n, v, e) => self.inner.tag(&arena[n..v], RawTag(&arena[v..e])),
                Rec::BeginMovetext => {
                    let _ = self.setup();
                }
                Rec::Move(a, b, at) => {
                    let _ = self.play_token(&arena[a..b], at);
                }
                Rec::Null(a, b, at) => {
                    let _ = self.play_null(&arena[a..b], at);
                }
                Rec::Nag(n) => self.inner.nag(n),
                Rec::Comment(a, b) => self.inner.comment(&arena[a..b]),
                Rec::BeginVariation => {
                    let _ = self.begin_var();
                }
                Rec::EndVariation => {
                    let _ = self.end_var();
                }
                Rec::Result(r) => {
                    self.summary.result = Some(r);
                    self.result_seen = true;
                    self.inner.result(r);
                }
                Rec::Error(e) => {
                    let _ = self.fail(e);
                }
            }
        }
        self.recs = recs;
        self.arena = arena;
        self.recording = true;
        self.set_in_place();
    }
}

impl<V: GameVisitor> pgn::Visitor for Validator<V> {
    type Output = V::Output;

    fn begin_game(&mut self, game: u64) -> Control {
        self.reset(game);
        self.inner.begin_game(self.game);
        Control::Continue
    }

    /// Most tags are neither `FEN` nor `Variant` and nothing is recorded:
    /// they go straight to the inner visitor (inlined into the reader, so
    /// their location is never built).
    #[inline(always)]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
        debug_assert_eq!(at.game, self.game, "the reader's game is this game");
        if self.recording || name == b"FEN" || name == b"Variant" {
            return self.tag_noted(name, value, at.line, at.column, at.offset);
        }
        self.inner.tag(name, value);
        Control::Continue
    }

    fn begin_movetext(&mut self) -> Control {
        if self.recording {
            return self.record(Rec::BeginMovetext);
        }
        self.setup()
    }

    #[inline(always)]
    fn san(&mut self, san: &[u8], at: Location) -> Control {
        debug_assert_eq!(at.game, self.game, "the reader's game is this game");
        if self.play_in_place(san) {
            return Control::Continue;
        }
        self.san_rest(san, at.line, at.column, at.offset)
    }

    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        if self.recording {
            let (a, b) = self.push_bytes(token);
            return self.record(Rec::Null(a, b, at));
        }
        self.play_null(token, at)
    }

    fn nag(&mut self, nag: Nag) -> Control {
        if self.recording {
            return self.record(Rec::Nag(nag));
        }
        if !self.done {
            self.inner.nag(nag);
        }
        Control::Continue
    }

    fn comment(&mut self, comment: &[u8]) -> Control {
        if self.recording {
            let (a, b) = self.push_bytes(comment);
            return self.record(Rec::Comment(a, b));
        }
        if !self.done {
            self.inner.comment(comment);
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        if self.recording {
            if !self.options.variations {
                return Control::Skip;
            }
            return self.record(Rec::BeginVariation);
        }
        self.begin_var()
    }

    fn end_variation(&mut self) -> Control {
        if self.recording {
            return self.record(Rec::EndVariation);
        }
        self.end_var()
    }

    fn result(&mut self, _raw: &[u8], result: GameResult) -> Control {
        if self.recording {
            return self.record(Rec::Result(result));
        }
        self.summary.result = Some(result);
        self.result_seen = true;
        self.inner.result(result);
        Control::Continue
    }

    fn error(&mut self, error: &PgnError<'_>) -> Control {
        let mut e = GameError::new(self.game, GameErrorKind::Pgn(error.kind), error.token);
        e.line = error.at.line;
        e.column = error.at.column;
        e.offset = error.at.offset;
        if self.recording {
            self.recs.push(Rec::Error(e));
            return Control::Continue;
        }
        self.fail(e)
    }

    fn end_game(&mut self) -> V::Output {
        if self.recording {
            if self.too_large {
                let e = GameError::new(self.game, GameErrorKind::GameTooLarge, b"");
                self.recording = false;
                let _ = self.fail(e);
                self.recording = true;
                self.set_in_place();
            } else {
                match self.detect() {
                    Some(lang) => {
                        self.lang = lang;
                        self.summary.language = lang;
                        self.set_in_place();
                        self.replay();
                    }
                    None => {
                        // Play in English to report the first error.
                        self.replay();
                        if !self.summary.failed {
                            self.recording = false;
                            let e = GameError::new(self.game, GameErrorKind::NoLanguage, b"");
                            let _ = self.fail(e);
                            self.recording = true;
                            self.set_in_place();
                        }
                    }
                }
            }
        }
        self.inner.end_game(&self.summary)
    }
}
