//! [`Transcribe`]: every legal move handed on in a chosen notation.

use super::{GameError, GameSummary, GameVisitor};
use crate::notation::MoveFormat;
use crate::pgn::{GameResult, Nag, RawTag};
use crate::position::Position;
use crate::Move;

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
    fn after_move(&mut self, after: &Position, depth: u32) {
        self.inner.after_move(after, depth);
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
    fn warning(&mut self, warning: &GameError) {
        self.inner.warning(warning);
    }
    fn end_game(&mut self, summary: &GameSummary) -> V::Output {
        self.inner.end_game(summary)
    }
}
