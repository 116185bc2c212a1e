//! The recording of a game for language detection
//! ([`LanguageChoice::Auto`](super::LanguageChoice::Auto)): the game is
//! read whole, its language found, then its events replayed.

use super::play::play_token;
use super::validator::Validator;
use super::{GameError, GameVisitor, MAX_RECORDED_BYTES};
use crate::notation::Language;
use crate::pgn::{Control, GameResult, Location, Nag, RawTag};
use crate::position::Position;

/// A recorded event (language detection reads the game whole first).
#[derive(Copy, Clone, Debug)]
pub(super) enum Rec {
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

impl<V: GameVisitor> Validator<V> {
    pub(super) fn push_bytes(&mut self, b: &[u8]) -> (usize, usize) {
        let start = self.arena.len();
        if start + b.len() > MAX_RECORDED_BYTES {
            self.too_large = true;
            return (start, start);
        }
        self.arena.extend_from_slice(b);
        (start, self.arena.len())
    }

    pub(super) fn record(&mut self, rec: Rec) -> Control {
        if self.too_large {
            return Control::Skip;
        }
        self.recs.push(rec);
        Control::Continue
    }

    /// Picks the language of a recorded game: the first under which every
    /// mainline move is legal.
    pub(super) fn detect(&self) -> Option<Language> {
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

    pub(super) fn replay(&mut self) {
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
