//! The recording of a game for language detection
//! ([`LanguageChoice::Auto`](super::LanguageChoice::Auto)): the game is
//! read whole (or up to [`MAX_RECORDED_BYTES`]), its language chosen by the
//! rules of [`LanguageMemory`](crate::notation::LanguageMemory), then its
//! events replayed.

use super::play::{play_printed, play_token, word_with_glyph};
use super::validator::Validator;
use super::{GameError, GameErrorKind, GameVisitor, MAX_RECORDED_BYTES};
use crate::notation::{Language, Reading};
use crate::pgn::{GameResult, Location, Nag, RawTag};
use crate::position::Position;
use crate::Move;

/// A recorded mainline move: where it stands and its token's span in the
/// recording (`None`: a null move).
pub(super) type MainlineMove = (Location, Option<(usize, usize)>);

/// A recorded event (language detection reads the game whole first).
#[derive(Copy, Clone, Debug)]
pub(super) enum Rec {
    Tag(usize, usize, usize),
    BeginMovetext,
    Move(usize, usize, Location),
    Suffix(usize, usize, Location),
    Null(usize, usize, Location),
    Nag(Nag),
    Comment(usize, usize),
    BeginVariation(Location),
    EndVariation,
    /// The result, whether it was written `0-0` (castling, if legal), and
    /// where.
    Result(GameResult, bool, Location),
    /// The game ended with no result (see [`crate::pgn::Visitor::no_result`]).
    NoResult(Location),
    Error(GameError),
}

impl<V: GameVisitor> Validator<V> {
    /// Whether an event with `text` bytes of text is recorded: true while
    /// the recording stays within [`MAX_RECORDED_BYTES`] (its text and its
    /// events). Past that, the game's language is chosen on what was
    /// recorded, the recording replayed, and false returned: the rest of
    /// the game is read as it comes, in that language.
    #[inline(always)]
    pub(super) fn records(&mut self, text: usize) -> bool {
        self.recording && self.records_within(text)
    }

    /// [`Validator::records`] while recording, out of line.
    #[inline(never)]
    fn records_within(&mut self, text: usize) -> bool {
        let held = self.arena.len() + (self.recs.len() + 1) * core::mem::size_of::<Rec>();
        if held + text <= MAX_RECORDED_BYTES {
            return true;
        }
        self.decide();
        false
    }

    pub(super) fn push_bytes(&mut self, b: &[u8]) -> (usize, usize) {
        let start = self.arena.len();
        self.arena.extend_from_slice(b);
        (start, self.arena.len())
    }

    pub(super) fn record(&mut self, rec: Rec) -> Control {
        self.recs.push(rec);
        Control::Continue
    }

    /// The start position of the recorded game (the standard one if its
    /// `FEN` tag is empty or wrong: every language then reads it alike, and
    /// the replay reports the tag).
    fn detection_start(&self) -> Position {
        if self.fen_tag && !self.fen.iter().all(u8::is_ascii_whitespace) {
            if let Ok(p) = Position::from_fen_bytes(&self.fen) {
                return p;
            }
        }
        Position::new()
    }

    /// How far the recorded mainline reads in `lang`.
    fn reading(&self, start: &Position, lang: Language) -> Reading {
        let mut pos = *start;
        let mut r = Reading::new();
        for &(_, token) in &self.line {
            let m = match token {
                Some((a, b)) => self.play_recorded(&mut pos, &self.arena[a..b], lang),
                None => pos.play_null().then_some(Move::NULL),
            };
            match m {
                Some(m) => r.push(m.to_u16()),
                None => return r.finish(false),
            }
        }
        r.finish(true)
    }

    /// Lists the recorded mainline moves in `line` (suffix words with a
    /// glyph left out), once: every language's reading goes over them.
    fn list_mainline(&mut self) {
        let mut line = core::mem::take(&mut self.line);
        line.clear();
        let mut depth = 0usize;
        for rec in &self.recs {
            match *rec {
                Rec::BeginVariation(_) => depth += 1,
                Rec::EndVariation => depth = depth.saturating_sub(1),
                Rec::Move(a, b, at)
                    if depth == 0 && word_with_glyph(&self.arena[a..b]).is_none() =>
                {
                    line.push((at, Some((a, b))));
                }
                Rec::Null(_, _, at) if depth == 0 => line.push((at, None)),
                _ => {}
            }
        }
        self.line = line;
    }

    /// The move `token` reads to in `lang`, played on `pos`.
    fn play_recorded(&self, pos: &mut Position, token: &[u8], lang: Language) -> Option<Move> {
        let mode = self.options.mode;
        play_token(pos, token, lang, mode)
            .ok()
            .or_else(|| play_printed(pos, token, lang, mode).map(|p| (p.0, p.1)))
            .map(|(m, _)| m)
    }

    /// The warning for a game that `read` and `other` both read whole, to
    /// other moves: placed at the first mainline move they read apart.
    fn ambiguity(&self, start: &Position, read: Language, other: Language) -> GameError {
        let kind = GameErrorKind::AmbiguousLanguage { read, other };
        let (mut a, mut b) = (*start, *start);
        for &(at, token) in &self.line {
            let token = token.map(|(x, y)| &self.arena[x..y]);
            let before = a;
            let (ma, mb) = match token {
                Some(token) => (
                    self.play_recorded(&mut a, token, read),
                    self.play_recorded(&mut b, token, other),
                ),
                None => (
                    a.play_null().then_some(Move::NULL),
                    b.play_null().then_some(Move::NULL),
                ),
            };
            if ma != mb || ma.is_none() {
                let mut e = GameError::new(self.game, kind, token.unwrap_or_default()).at(at);
                e.move_number = Some((before.fullmove_number(), before.turn()));
                return e;
            }
        }
        GameError::new(self.game, kind, b"")
    }

    /// Chooses the recorded game's language (see
    /// [`LanguageChoice::Auto`](super::LanguageChoice::Auto)) and replays
    /// the game in it; the recording stops for the rest of the game.
    pub(super) fn decide(&mut self) {
        let start = self.detection_start();
        self.list_mainline();
        let first_move_at = self
            .recs
            .iter()
            .find_map(|r| match *r {
                Rec::Move(_, _, at) => Some(at),
                _ => None,
            })
            .unwrap_or_default();
        let candidates = self.options.language.candidates();
        let mut memory = core::mem::take(&mut self.memory);
        let choice = memory.choose(candidates, |lang| self.reading(&start, lang));
        self.memory = memory;
        let mut ambiguity = None;
        if let Some(c) = choice {
            self.lang = c.language;
            self.summary.language = c.language;
            self.summary.ambiguous_language = c.ambiguous_with;
            ambiguity = c
                .ambiguous_with
                .map(|other| self.ambiguity(&start, c.language, other));
        }
        self.replay();
        if let Some(w) = ambiguity {
            self.inner.warning(&w);
        }
        if choice.is_some_and(|c| !c.reading.complete) && !self.summary.failed {
            // The replay read what detection could not: cannot happen, as
            // both read alike, but never silently (placed at the first
            // move).
            let e = GameError::new(self.game, GameErrorKind::NoLanguage, b"").at(first_move_at);
            let _ = self.fail(e);
        }
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
                    let _ = self.play_move(&arena[a..b], at);
                }
                Rec::Suffix(a, b, at) => {
                    let _ = self.suffix_word(&arena[a..b], at);
                }
                Rec::Null(a, b, at) => {
                    let _ = self.play_null(&arena[a..b], at);
                }
                Rec::Nag(n) => self.inner.nag(n),
                Rec::Comment(a, b) => self.inner.comment(&arena[a..b]),
                Rec::BeginVariation(at) => {
                    let _ = self.begin_var(at);
                }
                Rec::EndVariation => {
                    let _ = self.end_var();
                }
                Rec::Result(r, zero_zero, at) => self.end_result(r, zero_zero, at),
                Rec::NoResult(at) => self.missing_result(at),
                Rec::Error(e) => {
                    let _ = self.fail(e);
                }
            }
        }
        // The buffers are kept for the next game.
        self.recs = recs;
        self.arena = arena;
        self.recs.clear();
        self.arena.clear();
    }
}

use crate::pgn::Control;
