//! The [`Validator`]: a [`pgn::Visitor`] that plays every move.

use super::play::play_token_inline;
use super::record::Rec;
use super::{
    GameError, GameErrorKind, GameSummary, GameVisitor, LanguageChoice, ValidateOptions,
    MAX_VARIATION_DEPTH,
};
use crate::moves::Move;
use crate::notation::{fast, Language, Resolved, SanError, SuffixVerdict};
use crate::pgn::{self, Control, GameResult, Location, Nag, PgnError, RawTag};
use crate::position::{CastlingMode, Position};

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
    // without variations, an English move in a PGN form that fits at once
    // (lenient: with its suffix) is played with no copy (see
    // `play_in_place`).
    pub(super) current: Position,
    pub(super) last: Position,
    /// The standard start position, copied at the start of each game.
    pub(super) start: Position,
    pub(super) has_last: bool,
    /// Per open variation: the position to return to and the position before
    /// the last move at that level.
    pub(super) stack: Vec<(Position, Position)>,
    pub(super) lang: Language,
    pub(super) summary: GameSummary,
    pub(super) done: bool,
    pub(super) result_seen: bool,
    /// Moves may be played in place (see [`Validator::in_place`]): kept
    /// in step with `recording`, `done`, `unknown_start` and `lang` by
    /// [`Validator::set_in_place`], one load on every move.
    pub(super) in_place: bool,
    // Recording (Auto language).
    pub(super) recording: bool,
    pub(super) arena: Vec<u8>,
    pub(super) recs: Vec<Rec>,
    pub(super) too_large: bool,
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

    /// Without variations nothing needs the position before the last move:
    /// a common English move without a suffix (`e4`, `Nf3`, `exd5`, `Nxd5`:
    /// most moves) is handed to the visitor with the position before it and
    /// then played, with no copy, from its parts (see
    /// [`fast::play_common_in_place`]). False (nothing done) for any other
    /// token, or when the game takes no more moves.
    #[inline(always)]
    fn play_in_place(&mut self, token: &[u8]) -> bool {
        if !self.in_place() {
            return false;
        }
        let inner = &mut self.inner;
        let seen = |before: &Position, m: Move| inner.legal_move(before, m, token, 0);
        let played = fast::play_common_in_place(&mut self.current, token, self.options.mode, seen);
        self.count_in_place(played)
    }

    /// The summary after a move played in place, if it was.
    #[inline(always)]
    fn count_in_place(&mut self, played: Option<Resolved>) -> bool {
        let Some(r) = played else {
            return false;
        };
        Self::count_played(&mut self.summary, r);
        self.has_last = false;
        true
    }

    /// Counts a mainline move played in place.
    #[inline(always)]
    fn count_played(summary: &mut GameSummary, r: Resolved) {
        if r.suffix == SuffixVerdict::Contradicted {
            summary.wrong_suffixes += 1;
        }
        summary.moves += 1;
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
    /// path with variations reaches [`Validator::play_copied`] with no
    /// frame of its own.
    #[inline(always)]
    fn play_rest(&mut self, token: &[u8], at: Location) -> Control {
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
        let (inner, summary) = (&mut self.inner, &mut self.summary);
        let seen = |before: &Position, m: Move| inner.legal_move(before, m, token, 0);
        let count = |r: Resolved| Self::count_played(summary, r);
        if fast::play_other_in_place(&mut self.current, token, self.options.mode, seen, count) {
            self.has_last = false;
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

    pub(super) fn play_null(&mut self, token: &[u8], at: Location) -> Control {
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

    pub(super) fn begin_var(&mut self) -> Control {
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

    pub(super) fn end_var(&mut self) -> Control {
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
