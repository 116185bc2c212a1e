//! The validating visitor: moves, errors with places, languages, variations,
//! and every game of the sample corpus against python-chess.

mod corpus;
mod forms;
mod games;
mod printed;

use movetext::notation::{write_uci, ArrayBuf};
use movetext::pgn::Reader;
use movetext::validate::{
    GameError, GameSummary, GameVisitor, LanguageChoice, ValidateOptions, Validator,
};
use movetext::{Move, Position};

/// Collects each game's UCI moves (mainline and variations marked with
/// their depth), errors as text, and summary.
#[derive(Default)]
pub struct Collect {
    moves: Vec<String>,
    errors: Vec<String>,
}

/// One game as collected.
#[derive(Debug, Clone)]
pub struct Game {
    pub summary: GameSummary,
    pub moves: Vec<String>,
    pub errors: Vec<String>,
}

impl GameVisitor for Collect {
    type Output = Game;
    fn legal_move(&mut self, before: &Position, m: Move, _token: &[u8], depth: u32) {
        // The position handed on is the one the move is played from.
        assert!(before.is_legal(m), "{m:?} in {before}");
        let mut buf = ArrayBuf::<8>::new();
        write_uci(m, before.castling_mode(), &mut buf);
        let s = buf.as_str();
        self.moves.push(if depth == 0 {
            s.to_string()
        } else {
            format!("{depth}:{s}")
        });
    }
    fn null_move(&mut self, _before: &Position, depth: u32) {
        self.moves.push(if depth == 0 {
            "--".to_string()
        } else {
            format!("{depth}:--")
        });
    }
    fn error(&mut self, e: &GameError) {
        self.errors.push(format!("{}:{}: {e}", e.line, e.column));
    }
    fn end_game(&mut self, summary: &GameSummary) -> Game {
        Game {
            summary: *summary,
            moves: std::mem::take(&mut self.moves),
            errors: std::mem::take(&mut self.errors),
        }
    }
}

pub fn validate(pgn: &[u8], options: ValidateOptions) -> Vec<Game> {
    validate_with(pgn, Collect::default(), options)
}

/// Every game's output of `visitor` under a validator with `options`.
pub fn validate_with<V: GameVisitor>(
    pgn: &[u8],
    visitor: V,
    options: ValidateOptions,
) -> Vec<V::Output> {
    let mut v = Validator::new(visitor, options);
    let mut games = Vec::new();
    Reader::from_slice(pgn)
        .read_all(&mut v, |g| games.push(g))
        .unwrap();
    games
}

pub fn auto() -> ValidateOptions {
    ValidateOptions {
        language: LanguageChoice::Auto,
        ..ValidateOptions::default()
    }
}
