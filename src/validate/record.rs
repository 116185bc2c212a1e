//! The recording of a game for language detection
//! ([`LanguageChoice::Auto`](super::LanguageChoice::Auto)): the game is
//! read whole (or up to [`MAX_RECORDED_BYTES`]), its language chosen by the
//! rules of [`LanguageMemory`](crate::notation::LanguageMemory), then its
//! events replayed.

use super::play::{play_printed, play_token, word_with_glyph};
use super::validator::Validator;
use super::{GameError, GameErrorKind, GameVisitor, MAX_RECORDED_BYTES};
use crate::notation::{Language, ParseMode, Reading};
use crate::pgn::{GameResult, Location, Nag, RawTag};
use crate::position::Position;
use crate::Move;

/// A recorded mainline move: where it stands and its token's span in the
/// recording (`None`: a null move).
pub(super) type MainlineMove = (Location, Option<(usize, usize)>);

/// The first moves of a game read once for every language: the position
/// after them (`pos`, from `start`), their reading, the next move's index.
#[derive(Copy, Clone)]
struct Shared {
    start: Position,
    pos: Position,
    reading: Reading,
    next: usize,
    /// The capital letter of the next move, when that move is written as
    /// a piece's move without a square of departure ([`piece_move`]): a
    /// language none of whose letters begins with it reads no further.
    capital: Option<u8>,
}

/// The capital letter of a token written as a piece's move without a
/// square of departure: `Nf3`, `Bxc4`, with one `+` after. No notation of a
/// language reads such a token if none of its letters begins with that
/// capital.
fn piece_move(token: &[u8]) -> Option<u8> {
    let body = match token {
        [body @ .., b'+'] => body,
        _ => token,
    };
    let square = |f: &u8, r: &u8| (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r);
    match *body {
        [c, ref f, ref r] | [c, b'x', ref f, ref r] if c.is_ascii_uppercase() && square(f, r) => {
            Some(c)
        }
        _ => None,
    }
}

/// Whether a move token is a pawn's move that is not a promotion, as SAN
/// writes it or leniently: `e4`, `exd5`, `ed5`, with one `+` or `#` after.
/// Every language reads such a token alike: no language's letter begins
/// with a file's letter, and no other notation reads it.
fn pawn_move(token: &[u8]) -> bool {
    let body = match token {
        [body @ .., b'+' | b'#'] => body,
        _ => token,
    };
    let file = |b: &u8| (b'a'..=b'h').contains(b);
    let rank = |b: &u8| (b'2'..=b'7').contains(b);
    match body {
        [f, r] => file(f) && rank(r),
        [f, g, r] => file(f) && file(g) && rank(r),
        [f, b'x', g, r] => file(f) && file(g) && rank(r),
        _ => false,
    }
}

/// The move `token` reads to in `lang` and `mode`, as language detection
/// reads it (as written, else as printed), played on `pos`.
fn read_token(pos: &mut Position, token: &[u8], lang: Language, mode: ParseMode) -> Option<Move> {
    play_token(pos, token, lang, mode)
        .ok()
        .or_else(|| play_printed(pos, token, lang, mode).map(|p| (p.0, p.1)))
        .map(|(m, _)| m)
}

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

    /// How far the recorded mainline reads in `lang`: on from the moves
    /// every language reads alike.
    fn reading(&self, shared: &Shared, lang: Language) -> Reading {
        let r = match shared.capital {
            Some(c) if !lang.begins_letter(c) => shared.reading.finish(false),
            _ => self.reading_from(shared.pos, shared.reading, shared.next, lang),
        };
        debug_assert_eq!(
            r,
            self.reading_from(shared.start, Reading::new(), 0, lang),
            "{lang}: the shared reading of the first moves changed the reading"
        );
        r
    }

    /// How far the recorded mainline reads in `lang` from its move `next`,
    /// played from `pos`, `r` read before.
    fn reading_from(
        &self,
        mut pos: Position,
        mut r: Reading,
        next: usize,
        lang: Language,
    ) -> Reading {
        for &(_, token) in &self.line[next..] {
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

    /// The reading of the mainline's first moves while they are pawn moves
    /// ([`pawn_move`]) that read: every language reads them alike, so they
    /// are read once, in English, for all.
    fn shared_reading(&self, start: &Position) -> Shared {
        let mut shared = Shared {
            start: *start,
            pos: *start,
            reading: Reading::new(),
            next: 0,
            capital: None,
        };
        for &(_, token) in &self.line {
            let Some((a, b)) = token else { break };
            let token = &self.arena[a..b];
            if !pawn_move(token) {
                break;
            }
            let mut pos = shared.pos;
            let Some(m) = self.play_recorded(&mut pos, token, Language::En) else {
                break;
            };
            shared.pos = pos;
            shared.reading.push(m.to_u16());
            shared.next += 1;
        }
        if let Some(&(_, Some((a, b)))) = self.line.get(shared.next) {
            shared.capital = piece_move(&self.arena[a..b]);
        }
        shared
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
        read_token(pos, token, lang, self.options.mode)
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
        let shared = self.shared_reading(&start);
        let mut memory = core::mem::take(&mut self.memory);
        let choice = memory.choose(candidates, |lang| self.reading(&shared, lang));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_tokens_are_told_by_their_shape() {
        for (t, c) in [("Nf3", b'N'), ("Bxc4+", b'B'), ("Sf3", b'S'), ("Ka1", b'K')] {
            assert_eq!(piece_move(t.as_bytes()), Some(c), "{t}");
        }
        for t in [
            "Nbd2",
            "N1f3",
            "Ng1f3",
            "Ng1-f3",
            "Nf3#",
            "Nf3++",
            "Nf3!",
            "Nf9",
            "Ni3",
            "nf3",
            "e4",
            "O-O",
            "Nx3",
            "N",
            "",
            "\u{2658}f3",
        ] {
            assert_eq!(piece_move(t.as_bytes()), None, "{t}");
        }
    }

    #[test]
    fn pawn_tokens_are_told_by_their_shape() {
        for t in ["e4", "a2", "h7", "exd5", "ed5", "exd5+", "e4#", "hxg3"] {
            assert!(pawn_move(t.as_bytes()), "{t}");
        }
        for t in [
            "e8", "e1", "exd8", "ed1", "e8=Q", "e8Q", "Nf3", "Bc4", "bc", "e2e4", "O-O", "e4!",
            "e4++", "e4+#", "i4", "e9", "E4", "ex5", "exd", "4", "", "+",
        ] {
            assert!(!pawn_move(t.as_bytes()), "{t}");
        }
    }

    /// Positions with pawn pushes, captures both ways, en passant, pins
    /// and checks: four and those one move after them.
    fn positions() -> Vec<Position> {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let mut positions = Vec::new();
        for fen in fens {
            let p = Position::from_fen(fen).unwrap();
            positions.push(p);
            positions.extend(p.legal_moves().iter().map(|&m| p.played(m)));
        }
        positions
    }

    /// One language of each set of letters (the others read alike).
    fn letter_groups() -> Vec<Language> {
        Language::ALL
            .into_iter()
            .filter(|&l| l.letter_group() == l)
            .collect()
    }

    /// The rule that spares a language the first move after the shared
    /// ones: a piece's move written `Nf3` or `Bxc4+` (a capital letter,
    /// maybe `x`, a square) whose capital begins none of a language's
    /// letters reads in none of the notations that language reads, strict
    /// or lenient.
    #[test]
    fn a_letter_a_language_lacks_reads_in_no_notation_of_it() {
        let positions = positions();
        let mut tokens = Vec::new();
        for c in b'A'..=b'Z' {
            for f in b'a'..=b'h' {
                for r in b'1'..=b'8' {
                    for t in [vec![c, f, r], vec![c, b'x', f, r]] {
                        tokens.push(t.clone());
                        tokens.push([t, vec![b'+']].concat());
                    }
                }
            }
        }
        let (mut read, mut lacking) = (0u64, 0u64);
        for lang in letter_groups() {
            for t in &tokens {
                assert_eq!(piece_move(t), Some(t[0]));
                if lang.begins_letter(t[0]) {
                    continue;
                }
                lacking += 1;
                for p in &positions {
                    for mode in [ParseMode::Strict, ParseMode::Lenient] {
                        let mut q = *p;
                        let m = read_token(&mut q, t, lang, mode);
                        assert_eq!(
                            m,
                            None,
                            "{} in {lang}, {mode:?}, {p}",
                            String::from_utf8_lossy(t)
                        );
                        read += 1;
                    }
                }
            }
        }
        // 134,144 tokens in a set of letters that lacks their capital.
        assert_eq!((read, lacking), (31_389_696, 134_144));
    }

    /// The rule the shared reading of a game's first moves keeps: a token
    /// [`pawn_move`] accepts reads in every language as in English, strict
    /// or lenient (the same move, or none), in positions with pawn pushes,
    /// captures both ways, en passant, pins and checks.
    #[test]
    fn every_language_reads_a_pawn_token_alike() {
        let positions = positions();
        let mut tokens = Vec::new();
        for f in b'a'..=b'h' {
            for r in b'2'..=b'7' {
                tokens.push(vec![f, r]);
                for g in b'a'..=b'h' {
                    tokens.push(vec![f, g, r]);
                    tokens.push(vec![f, b'x', g, r]);
                }
            }
        }
        for t in tokens.clone() {
            for suffix in [b'+', b'#'] {
                let mut t = t.clone();
                t.push(suffix);
                tokens.push(t);
            }
        }
        assert_eq!((positions.len(), tokens.len()), (117, 2448));
        let groups = letter_groups();
        let (mut read, mut legal) = (0u64, 0u64);
        for p in &positions {
            for t in &tokens {
                assert!(pawn_move(t));
                for mode in [ParseMode::Strict, ParseMode::Lenient] {
                    let mut q = *p;
                    let en = read_token(&mut q, t, Language::En, mode);
                    legal += u64::from(en.is_some());
                    for &lang in &groups {
                        let mut q = *p;
                        let m = read_token(&mut q, t, lang, mode);
                        assert_eq!(
                            m,
                            en,
                            "{} in {lang}, {mode:?}, {p}",
                            String::from_utf8_lossy(t)
                        );
                        read += 1;
                    }
                }
            }
        }
        // 25 sets of letters; 11,240 of the 572,832 readings in English are
        // moves.
        assert_eq!((read, legal), (14_320_800, 11_240));
    }
}
