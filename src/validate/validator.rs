//! The [`Validator`]: a [`pgn::Visitor`] that plays every move.

use super::play::{play_printed, play_token_general, word_with_glyph};
use super::record::{MainlineMove, Rec};
use super::{
    GameError, GameErrorKind, GameSummary, GameVisitor, LanguageChoice, ValidateOptions, MAX_PLIES,
    MAX_VARIATION_DEPTH,
};
use crate::moves::Move;
use crate::notation::{
    fast, suffix_holds_after, Lan, Language, LanguageMemory, MoveSuffix, Nag, ParseMode, Resolved,
    San, SanError, SanPlus, Suffix, SuffixVerdict,
};
use crate::pgn::{self, Control, GameResult, Location, PgnError, RawTag};
use crate::position::{CastlingMode, CastlingSide, Position};
use crate::types::Color;

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

/// A [`pgn::Visitor`] that validates every game and hands it to a
/// [`GameVisitor`]. See the [module docs](super).
pub struct Validator<V> {
    pub(super) inner: V,
    pub(super) options: ValidateOptions,
    pub(super) game: u64,
    // Tags that decide the start position.
    pub(super) fen: Vec<u8>,
    /// A `FEN` tag was read, at `fen_at`.
    pub(super) fen_tag: bool,
    pub(super) fen_at: Location,
    /// The `Variant` tag of an unsupported variant, and where it is.
    pub(super) variant: Vec<u8>,
    pub(super) variant_at: Location,
    /// The `FEN` tag was empty: a move in this game fails (a game without
    /// moves stands).
    pub(super) unknown_start: bool,
    variant_960: bool,
    pub(super) variant_other: bool,
    // Play state: the current position, and the one before the last move
    // (when `has_last`). A move copies the current position there and is
    // played in place (a move that fails leaves the position unchanged);
    // on the mainline, an English move in a PGN form that fits at once
    // (lenient: with its suffix) is played from its parts, the position
    // copied only when variations are read (see `play_in_place`).
    pub(super) current: Position,
    pub(super) last: Position,
    /// The standard start position, copied at the start of each game.
    pub(super) start: Position,
    pub(super) has_last: bool,
    /// The last move played at this level, which a suffix word printed
    /// after it (`exd6 ep`) is checked against: `Move::NULL` when there is
    /// none (at the start of a game or a variation, after a null move or a
    /// variation).
    pub(super) last_move: Move,
    /// The ply (mainline and variation moves played) whose suffix words
    /// were last found wrong: a move's words count once.
    wrong_word_at: u32,
    /// Per open variation: the position to return to and the position before
    /// the last move at that level.
    pub(super) stack: Vec<(Position, Position)>,
    pub(super) lang: Language,
    pub(super) summary: GameSummary,
    /// Null moves played on the mainline (with `summary.moves`, the
    /// mainline's plies, bounded by [`MAX_PLIES`]).
    nulls: u32,
    pub(super) done: bool,
    pub(super) result_seen: bool,
    /// The game's `Result` tag, if it is a result.
    result_tag: Option<GameResult>,
    /// Moves may be played in place (see [`Validator::in_place`]): kept
    /// in step with `recording`, `done`, `unknown_start` and `lang` by
    /// [`Validator::set_in_place`], one load on every move.
    pub(super) in_place: bool,
    // Recording (Auto language).
    pub(super) recording: bool,
    pub(super) arena: Vec<u8>,
    pub(super) recs: Vec<Rec>,
    /// The recorded mainline moves, listed once per decision (see
    /// [`Validator::list_mainline`]).
    pub(super) line: Vec<MainlineMove>,
    /// What the earlier games said of the input's language.
    pub(super) memory: LanguageMemory,
}

/// The language a game is read in before (or without) detection: the
/// fixed one, or the first candidate.
fn first_language(choice: LanguageChoice) -> Language {
    choice.candidates().first().unwrap_or(Language::En)
}

impl<V: GameVisitor> Validator<V> {
    /// A validator handing games to `inner`.
    pub fn new(inner: V, options: ValidateOptions) -> Validator<V> {
        let lang = first_language(options.language);
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
            last_move: Move::NULL,
            wrong_word_at: u32::MAX,
            stack: Vec::new(),
            lang,
            summary: GameSummary {
                game: 0,
                moves: 0,
                variation_moves: 0,
                failed: false,
                language: lang,
                ambiguous_language: None,
                result: None,
                wrong_suffixes: 0,
                errors: 0,
            },
            nulls: 0,
            done: false,
            result_seen: false,
            result_tag: None,
            in_place: false,
            recording: options.language.detects(),
            arena: Vec::new(),
            recs: Vec::new(),
            line: Vec::new(),
            memory: LanguageMemory::default(),
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

    pub(super) fn fail(&mut self, mut e: GameError) -> Control {
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

    pub(super) fn setup(&mut self) -> Control {
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
    pub(super) fn play_move(&mut self, token: &[u8], at: Location) -> Control {
        if self.play_in_place(token) {
            return Control::Continue;
        }
        self.play_rest(token, at)
    }

    /// A common English move without a suffix (`e4`, `Nf3`, `exd5`, `Nxd5`:
    /// most moves) on the mainline is handed to the visitor with the
    /// position before it and then played from its parts (see
    /// [`fast::play_common_in_place`]): the position before it is copied
    /// only when variations are read (a variation may follow the move).
    /// False (nothing done) for any other token, or when the game takes
    /// no more moves.
    #[inline(always)]
    fn play_in_place(&mut self, token: &[u8]) -> bool {
        if !self.in_place() || self.full() {
            return false;
        }
        self.keep_before();
        let seen = Self::seen(&mut self.inner, token);
        let played = fast::play_common_in_place(&mut self.current, token, self.options.mode, seen);
        self.count_in_place(played)
    }

    /// How a mainline move played in place reaches the visitor: as
    /// `legal_move_san` when its text is its export SAN, else as
    /// `legal_move`.
    #[inline(always)]
    fn seen<'a>(
        inner: &'a mut V,
        token: &'a [u8],
    ) -> impl FnOnce(&Position, Move, Option<&[u8]>) + 'a {
        move |before, m, san| match san {
            Some(san) => inner.legal_move_san(before, m, token, san, 0),
            None => inner.legal_move(before, m, token, 0),
        }
    }

    /// The summary after a move played in place, if it was (a common
    /// form without a suffix: nothing to judge).
    #[inline(always)]
    fn count_in_place(&mut self, played: Option<Resolved>) -> bool {
        let Some(r) = played else {
            return false;
        };
        debug_assert_eq!(r.suffix, SuffixVerdict::Absent);
        Self::count_played(&mut self.summary);
        self.has_last = self.options.variations;
        self.last_move = r.mv;
        self.inner.after_move(&self.current, 0);
        true
    }

    /// Counts a mainline move played in place.
    #[inline(always)]
    fn count_played(summary: &mut GameSummary) {
        summary.moves += 1;
    }

    /// Whether the mainline has its [`MAX_PLIES`] plies: one more fails
    /// the game.
    #[inline(always)]
    fn full(&self) -> bool {
        self.summary.moves + self.nulls >= MAX_PLIES
    }

    /// A mainline move or null move past [`MAX_PLIES`]: the game fails at
    /// it, the plies before it kept.
    #[cold]
    fn too_many_plies(&mut self, token: &[u8], at: Location) -> Control {
        let kind = GameErrorKind::TooManyPlies;
        self.move_failed(kind, token, at.line, at.column, at.offset)
    }

    /// With variations, the position before the move about to be played
    /// in place is kept, for a variation that may follow it.
    #[inline(always)]
    fn keep_before(&mut self) {
        if self.options.variations {
            self.last = self.current;
        }
    }

    /// Whether a move may be played in place, from its parts, with no
    /// copy but the one a variation needs: nothing is being recorded, the
    /// game goes on from a known position, the move is on the mainline
    /// (not inside a variation), the notation is English.
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
        !(self.recording | self.done | self.unknown_start)
            && self.stack.is_empty()
            && self.lang == Language::En
    }

    /// Brings `in_place` in step, after a change of the state it follows.
    pub(super) fn set_in_place(&mut self) {
        self.in_place = self.may_play_in_place();
    }

    /// A move past [`Validator::play_in_place`] and its shapes: the
    /// position is copied first, the move played in place.
    #[inline(never)]
    fn play_copied(&mut self, token: &[u8], line: u64, column: u64, offset: u64) -> Control {
        if self.done | self.unknown_start {
            return self.no_move(token, line, column, offset);
        }
        let (lang, mode) = (self.lang, self.options.mode);
        // The token is read again here when `play_in_place` did not play
        // it (a strict suffix, or no single fit): the parsed move is never
        // handed on, so that it stays in registers on the fast paths.
        self.last = self.current;
        if lang == Language::En {
            if let Some(r) = fast::play_fast(&mut self.current, Some(&self.last), token, mode) {
                return self.played_copied(r.mv, r.suffix, token, line, column, offset);
            }
        }
        self.play_copied_general(token, line, column, offset)
    }

    /// [`Validator::play_copied`] past the fast paths: any notation, any
    /// language. A capture mark onto an empty square (which the fast paths
    /// leave here) is a warning in lenient mode.
    #[inline(never)]
    fn play_copied_general(
        &mut self,
        token: &[u8],
        line: u64,
        column: u64,
        offset: u64,
    ) -> Control {
        let (lang, mode) = (self.lang, self.options.mode);
        match play_token_general(&mut self.current, token, lang, mode) {
            Ok((m, verdict)) => {
                let c = self.played_copied(m, verdict, token, line, column, offset);
                let empty =
                    !m.is_null() && !m.is_en_passant() && !self.last.occupied().contains(m.to());
                if empty && written_as_capture(token, lang, mode) {
                    let at = self.location(line, column, offset);
                    self.warn(GameErrorKind::NotCapture(m.to()), token, at);
                }
                c
            }
            Err(kind) => self.play_printed(kind, token, line, column, offset),
        }
    }

    /// A move `m` played by [`Validator::play_copied`] from `self.last`,
    /// handed on and counted; a `+`/`#` or en passant mark the position
    /// contradicts (lenient mode) is a warning at the token, placed in parts.
    #[inline(always)]
    fn played_copied(
        &mut self,
        m: Move,
        verdict: SuffixVerdict,
        token: &[u8],
        line: u64,
        column: u64,
        offset: u64,
    ) -> Control {
        self.has_last = true;
        self.last_move = m;
        let depth = self.depth();
        // `--` with a glyph (`--?`) or `Z0` reaches here as a token and
        // reads as the null move (the turn is passed).
        if m.is_null() {
            if depth == 0 {
                self.nulls += 1;
            }
            self.inner.null_move(&self.last, depth);
            self.inner.after_move(&self.current, depth);
            return Control::Continue;
        }
        if verdict == SuffixVerdict::Contradicted {
            self.wrong_marks(token, line, column, offset);
        }
        self.inner.legal_move(&self.last, m, token, depth);
        self.inner.after_move(&self.current, depth);
        if self.stack.is_empty() {
            self.summary.moves += 1;
        } else {
            self.summary.variation_moves += 1;
        }
        Control::Continue
    }

    /// A move token no notation reads as it stands, read as printed (see
    /// [`play_printed`]: a glyph glued on, Windows-1252 text), or the game
    /// fails with `kind` at it.
    #[cold]
    #[inline(never)]
    fn play_printed(
        &mut self,
        kind: GameErrorKind,
        token: &[u8],
        line: u64,
        column: u64,
        offset: u64,
    ) -> Control {
        let (lang, mode) = (self.lang, self.options.mode);
        let Some((m, verdict, nag)) = play_printed(&mut self.current, token, lang, mode) else {
            // A suffix word with a glyph ending in `+` glued on (`ch-+`),
            // which the reader hands on whole. The position before the
            // last move was overwritten on the way here: a variation now
            // fails rather than start from the wrong position.
            if let Some((end, nag)) = word_with_glyph(token) {
                self.has_last = false;
                let at = self.location(line, column, offset);
                let c = self.suffix_word(&token[..end], at);
                if !self.done {
                    self.inner.nag(nag);
                }
                return c;
            }
            return self.move_failed(kind, token, line, column, offset);
        };
        let c = self.played_copied(m, verdict, token, line, column, offset);
        if let Some(nag) = nag {
            self.inner.nag(nag);
        }
        c
    }

    /// A suffix word printed after a move (`exd6 ep`, `Nf3 ch`, `Qh5
    /// mate`): checked against the position the last move led to, as a
    /// suffix written on the move is. A wrong one is counted (at most once
    /// a move) in lenient mode and fails the game in strict mode; a word
    /// with no move before it fails the game.
    #[cold]
    #[inline(never)]
    pub(super) fn suffix_word(&mut self, word: &[u8], at: Location) -> Control {
        if self.done {
            return Control::Skip;
        }
        let Some(s) = MoveSuffix::from_word(word) else {
            return Control::Continue;
        };
        let m = self.last_move;
        if m.is_null() {
            let e = GameError::new(self.game, GameErrorKind::SuffixWithoutMove, word).at(at);
            return self.fail(e);
        }
        let after = &self.current;
        let moved_to = if m.is_castle() {
            Position::castle_king_target(m)
        } else {
            m.to()
        };
        let wrong = match s {
            MoveSuffix::Claim(claimed) => {
                suffix_holds_after(after, moved_to, claimed)
                    .err()
                    .map(|actual| {
                        GameErrorKind::Move(SanError::WrongSuffix {
                            mv: m,
                            claimed,
                            actual,
                        })
                    })
            }
            MoveSuffix::EnPassant => (!m.is_en_passant()).then_some(GameErrorKind::NotEnPassant),
        };
        let Some(kind) = wrong else {
            return Control::Continue;
        };
        if self.options.mode == ParseMode::Strict {
            let mut e = GameError::new(self.game, kind, word).at(at);
            // The number of the move the word belongs to.
            e.move_number = Some(number_before(after));
            return self.fail(e);
        }
        let ply = self.summary.moves + self.summary.variation_moves;
        if self.wrong_word_at != ply {
            self.wrong_word_at = ply;
            self.summary.wrong_suffixes += 1;
        }
        self.warn(kind, word, at);
        Control::Continue
    }

    /// A warning about the last move played (its number from the position
    /// it led to), handed on.
    #[cold]
    fn warn(&mut self, kind: GameErrorKind, token: &[u8], at: Location) {
        let mut e = GameError::new(self.game, kind, token).at(at);
        e.move_number = Some(number_before(&self.current));
        self.inner.warning(&e);
    }

    /// The last move, written as `token` at the place given in parts, has
    /// a `+`/`#` (or an en passant mark) the position contradicts: counted
    /// (lenient mode) and each wrong mark a warning.
    #[cold]
    #[inline(never)]
    fn wrong_marks(&mut self, token: &[u8], line: u64, column: u64, offset: u64) {
        self.summary.wrong_suffixes += 1;
        let m = self.last_move;
        let at = self.location(line, column, offset);
        let (claimed, en_passant) = written_marks(token, self.lang, self.options.mode);
        let moved_to = if m.is_castle() {
            Position::castle_king_target(m)
        } else {
            m.to()
        };
        if let Some(claimed) = claimed {
            if let Err(actual) = suffix_holds_after(&self.current, moved_to, claimed) {
                let wrong = SanError::WrongSuffix {
                    mv: m,
                    claimed,
                    actual,
                };
                self.warn(GameErrorKind::Move(wrong), token, at);
            }
        }
        if en_passant && !m.is_en_passant() {
            self.warn(GameErrorKind::NotEnPassant, token, at);
        }
    }

    /// The game's result token, as read or replayed: `0-0` where castling
    /// is legal is the game's last move, as a reader of the printed game
    /// takes it (the game then has no result).
    pub(super) fn end_result(&mut self, result: GameResult, zero_zero: bool, at: Location) {
        let castles = zero_zero
            && !(self.done | self.unknown_start)
            && self.stack.is_empty()
            && self.current.castling_move(CastlingSide::KingSide).is_some();
        if castles {
            let _ = self.play_copied(b"0-0", at.line, at.column, at.offset);
            return;
        }
        // `+/-` or `-/+` ending a game after its moves is the evaluation
        // of the last one (as books print it), not a loss by default,
        // which is a game not played: the game has no result token.
        let evaluation = match result {
            GameResult::WhiteWinsByDefault => Some(Nag(16)),
            GameResult::BlackWinsByDefault => Some(Nag(17)),
            _ => None,
        };
        if let Some(nag) = evaluation.filter(|_| self.summary.moves > 0 && self.stack.is_empty()) {
            if !self.done {
                self.inner.nag(nag);
            }
            self.missing_result(at);
            return;
        }
        self.summary.result = Some(result);
        self.result_seen = true;
        self.inner.result(result);
        if let Some(tag) = self.result_tag {
            // As pgn-extract judges: a `*` token contradicts nothing.
            if result != GameResult::Unknown && result.half_points() != tag.half_points() {
                self.warn_game(GameErrorKind::ResultContradictsTag(result, tag), at);
            }
        }
    }

    /// The game ended with no result token, at `at` (see
    /// [`pgn::Visitor::no_result`]): a warning, unless the game failed.
    pub(super) fn missing_result(&mut self, at: Location) {
        if !self.done {
            self.warn_game(GameErrorKind::NoResult, at);
        }
    }

    /// A warning about the game, not a move, handed on.
    #[cold]
    fn warn_game(&mut self, kind: GameErrorKind, at: Location) {
        let e = GameError::new(self.game, kind, b"").at(at);
        self.inner.warning(&e);
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
            return self.record_move(san, at);
        }
        self.play_rest(san, at)
    }

    /// A move token while a game is recorded: recorded, or past
    /// [`MAX_RECORDED_BYTES`](super::MAX_RECORDED_BYTES) played in the
    /// language chosen (out of line: the recording is not the common path).
    #[cold]
    #[inline(never)]
    fn record_move(&mut self, san: &[u8], at: Location) -> Control {
        if self.records(san.len()) {
            let (a, b) = self.push_bytes(san);
            return self.record(Rec::Move(a, b, at));
        }
        self.play_rest(san, at)
    }

    /// A move past [`Validator::play_in_place`]: the other PGN forms in
    /// place when moves may be, else on a copy. Both ends are jumps, so the
    /// path with variations reaches [`Validator::play_copied`] with no
    /// frame of its own.
    #[inline(always)]
    fn play_rest(&mut self, token: &[u8], at: Location) -> Control {
        if self.full() && self.stack.is_empty() && !self.done {
            return self.too_many_plies(token, at);
        }
        if self.in_place() {
            return self.play_other_in_place(token, at);
        }
        self.play_copied(token, at.line, at.column, at.offset)
    }

    /// [`Validator::play_rest`] when moves may be played in place: the
    /// other PGN forms (castling, promotions, a departure square) and the
    /// common forms with a suffix in place (see
    /// [`fast::play_other_in_place`]), any other token on a copy.
    #[inline(never)]
    fn play_other_in_place(&mut self, token: &[u8], at: Location) -> Control {
        debug_assert!(self.in_place());
        self.keep_before();
        let (inner, summary) = (&mut self.inner, &mut self.summary);
        let last_move = &mut self.last_move;
        let mut wrong = false;
        let seen = Self::seen(inner, token);
        let count = |r: Resolved| {
            *last_move = r.mv;
            wrong = r.suffix == SuffixVerdict::Contradicted;
            Self::count_played(summary)
        };
        if fast::play_other_in_place(&mut self.current, token, self.options.mode, seen, count) {
            self.inner.after_move(&self.current, 0);
            self.has_last = self.options.variations;
            if wrong {
                self.wrong_marks(token, at.line, at.column, at.offset);
            }
            return Control::Continue;
        }
        self.play_copied(token, at.line, at.column, at.offset)
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
        let kind = self.strict_capture(kind, token);
        let mut e = GameError::new(self.game, kind, token);
        e.line = line;
        e.column = column;
        e.offset = offset;
        let before = &self.current;
        e.move_number = Some((before.fullmove_number(), before.turn()));
        self.fail(e)
    }

    /// In strict mode, a move that fits only with its capture mark
    /// dropped (`Bxc4` to an empty square) fails as a wrong capture mark,
    /// as lenient mode warns of it; any other failure keeps its `kind`.
    fn strict_capture(&self, kind: GameErrorKind, token: &[u8]) -> GameErrorKind {
        if self.options.mode != ParseMode::Strict || kind != GameErrorKind::Move(SanError::Illegal)
        {
            return kind;
        }
        let lenient = super::resolve_token(&self.current, token, self.lang, ParseMode::Lenient);
        match lenient {
            Ok((m, _))
                if !m.is_null()
                    && !m.is_en_passant()
                    && !self.current.occupied().contains(m.to())
                    && written_as_capture(token, self.lang, ParseMode::Lenient) =>
            {
                GameErrorKind::NotCapture(m.to())
            }
            _ => kind,
        }
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

    pub(super) fn play_null(&mut self, token: &[u8], at: Location) -> Control {
        if self.done {
            return Control::Skip;
        }
        if self.unknown_start {
            let e = GameError::new(self.game, GameErrorKind::EmptyFen, token).at(at);
            return self.fail(e);
        }
        if self.full() && self.stack.is_empty() {
            return self.too_many_plies(token, at);
        }
        self.last = self.current;
        self.last_move = Move::NULL;
        if !self.current.play_null() {
            let kind = GameErrorKind::Move(SanError::NullInCheck);
            return self.move_failed(kind, token, at.line, at.column, at.offset);
        }
        let depth = self.depth();
        if depth == 0 {
            self.nulls += 1;
        }
        self.inner.null_move(&self.last, depth);
        self.inner.after_move(&self.current, depth);
        self.has_last = true;
        Control::Continue
    }

    pub(super) fn begin_var(&mut self, at: Location) -> Control {
        if self.done {
            return Control::Skip;
        }
        if !self.options.variations {
            return Control::Skip;
        }
        let Some(before) = self.before_last() else {
            let e = GameError::new(self.game, GameErrorKind::BadVariation, b"(").at(at);
            return self.fail(e);
        };
        if self.stack.len() >= MAX_VARIATION_DEPTH {
            let e = GameError::new(self.game, GameErrorKind::VariationTooDeep, b"(").at(at);
            return self.fail(e);
        }
        self.stack.push((self.current, before));
        self.current = before;
        self.has_last = false;
        self.last_move = Move::NULL;
        self.set_in_place();
        self.inner.begin_variation();
        Control::Continue
    }

    pub(super) fn end_var(&mut self) -> Control {
        if self.done {
            return Control::Skip;
        }
        if let Some((pos, before_last)) = self.stack.pop() {
            self.current = pos;
            self.last = before_last;
            self.has_last = true;
            self.last_move = Move::NULL;
            self.set_in_place();
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
        self.last_move = Move::NULL;
        self.wrong_word_at = u32::MAX;
        self.done = false;
        self.result_seen = false;
        self.result_tag = None;
        self.arena.clear();
        self.recs.clear();
        self.recording = self.options.language.detects();
        self.lang = first_language(self.options.language);
        self.summary = GameSummary {
            game: self.game,
            moves: 0,
            variation_moves: 0,
            failed: false,
            language: self.lang,
            ambiguous_language: None,
            result: None,
            wrong_suffixes: 0,
            errors: 0,
        };
        self.nulls = 0;
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
        if self.records(name.len() + value.as_bytes().len()) {
            let (n, _) = self.push_bytes(name);
            let (v, e) = self.push_bytes(value.as_bytes());
            return self.record(Rec::Tag(n, v, e));
        }
        self.inner.tag(name, value);
        Control::Continue
    }

    /// Notes the `FEN`, `Variant` and `Result` tags (the only names noted:
    /// see [`pgn::Visitor::tag`] of the validator, which calls this for
    /// them).
    fn note_tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) {
        if name == b"Result" {
            // Any result form; `?`, empty or other text is no result.
            self.result_tag = GameResult::from_ascii(value.as_bytes()).ok();
        } else if name == b"FEN" {
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
}

/// The move number and side of the move that led to `after`.
fn number_before(after: &Position) -> (u32, Color) {
    match after.turn() {
        Color::White => (after.fullmove_number().saturating_sub(1), Color::Black),
        Color::Black => (after.fullmove_number(), Color::White),
    }
}

/// The move `token` in `lang`, read as SAN (as printed: a glyph glued
/// on, Windows-1252 text), if it reads.
fn read_san(token: &[u8], lang: Language, mode: ParseMode) -> Option<SanPlus> {
    if let Ok(sp) = San::from_ascii(token, lang, mode) {
        return Some(sp);
    }
    if let Some((end, _)) = Nag::split_glued(token) {
        if let Ok(sp) = San::from_ascii(&token[..end], lang, mode) {
            return Some(sp);
        }
    }
    let text = pgn::latin1_lossy(token);
    San::from_ascii(text.as_bytes(), lang, mode).ok()
}

/// The check or mate claim and the en passant mark written on a move
/// whose marks the position contradicts. A token no SAN reader reads
/// whole here (a glyph glued on and text as printed both read) is
/// taken to claim check, or mate of a move that gives check.
fn written_marks(token: &[u8], lang: Language, mode: ParseMode) -> (Option<Suffix>, bool) {
    match read_san(token, lang, mode) {
        Some(sp) => (sp.suffix, sp.en_passant),
        None if token.ends_with(b"#") => (Some(Suffix::Mate), false),
        None => (Some(Suffix::Check), false),
    }
}

/// Whether a move token is written as a capture (`Bxc4`, `B:c4`,
/// `Bf1xc4`), as SAN or long algebraic notation reads it.
fn written_as_capture(token: &[u8], lang: Language, mode: ParseMode) -> bool {
    match read_san(token, lang, mode) {
        Some(sp) => matches!(sp.san, San::Normal { capture: true, .. }),
        None => matches!(
            Lan::from_ascii(token, lang),
            Ok(Lan::Normal { capture: true, .. })
        ),
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
        if self.recording || name == b"FEN" || name == b"Variant" || name == b"Result" {
            return self.tag_noted(name, value, at.line, at.column, at.offset);
        }
        self.inner.tag(name, value);
        Control::Continue
    }

    fn begin_movetext(&mut self) -> Control {
        if self.records(0) {
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

    fn move_suffix(&mut self, word: &[u8], at: Location) -> Control {
        if self.records(word.len()) {
            let (a, b) = self.push_bytes(word);
            return self.record(Rec::Suffix(a, b, at));
        }
        self.suffix_word(word, at)
    }

    fn null_move(&mut self, token: &[u8], at: Location) -> Control {
        if self.records(token.len()) {
            let (a, b) = self.push_bytes(token);
            return self.record(Rec::Null(a, b, at));
        }
        self.play_null(token, at)
    }

    fn nag(&mut self, nag: Nag) -> Control {
        if self.records(0) {
            return self.record(Rec::Nag(nag));
        }
        if !self.done {
            self.inner.nag(nag);
        }
        Control::Continue
    }

    fn comment(&mut self, comment: &[u8]) -> Control {
        if self.records(comment.len()) {
            let (a, b) = self.push_bytes(comment);
            return self.record(Rec::Comment(a, b));
        }
        if !self.done {
            self.inner.comment(comment);
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        self.begin_variation_at(Location::default())
    }

    fn begin_variation_at(&mut self, at: Location) -> Control {
        if self.records(0) {
            if !self.options.variations {
                return Control::Skip;
            }
            return self.record(Rec::BeginVariation(at));
        }
        self.begin_var(at)
    }

    fn end_variation(&mut self) -> Control {
        if self.records(0) {
            return self.record(Rec::EndVariation);
        }
        self.end_var()
    }

    fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
        self.result_at(raw, result, Location::default())
    }

    fn result_at(&mut self, raw: &[u8], result: GameResult, at: Location) -> Control {
        let zero_zero = result == GameResult::BothLose && raw == b"0-0";
        if self.records(0) {
            return self.record(Rec::Result(result, zero_zero, at));
        }
        self.end_result(result, zero_zero, at);
        Control::Continue
    }

    fn no_result(&mut self, at: Location) -> Control {
        if self.records(0) {
            return self.record(Rec::NoResult(at));
        }
        self.missing_result(at);
        Control::Continue
    }

    fn error(&mut self, error: &PgnError<'_>) -> Control {
        let mut e = GameError::new(self.game, GameErrorKind::Pgn(error.kind), error.token);
        e.line = error.at.line;
        e.column = error.at.column;
        e.offset = error.at.offset;
        if self.records(0) {
            return self.record(Rec::Error(e));
        }
        self.fail(e)
    }

    fn end_game(&mut self) -> V::Output {
        if self.recording {
            self.decide();
        }
        self.inner.end_game(&self.summary)
    }
}
