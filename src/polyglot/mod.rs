//! Polyglot Zobrist keys: the 64-bit position keys of the Polyglot opening
//! book format, as opening books, engines and python-chess
//! (`chess.polyglot.zobrist_hash`) compute them.
//!
//! A key is the XOR of the format's random numbers ([`random`](self)'s 781
//! numbers, the published table) for each piece on its square, each
//! castling right, the en passant file when a pawn of the side to move
//! stands ready to capture there, and White to move.
//!
//! The en passant rule is the format's: the file counts when a pawn of the
//! side to move stands beside the pawn that just advanced two squares,
//! whether or not that capture is legal. A [`Position`] keeps its en passant
//! square only when a capture is legal, so [`key`] alone differs from the
//! format when the capturing pawn is pinned; [`key_after`], given the move
//! just played, follows the format exactly.
//!
//! # Examples
//!
//! ```
//! use movetext::notation::{Language, ParseMode, San};
//! use movetext::{polyglot, Position};
//!
//! let mut pos = Position::new();
//! assert_eq!(polyglot::key(&pos), 0x463b96181691fc9c);
//! let e4 = San::from_ascii(b"e4", Language::En, ParseMode::Strict).unwrap();
//! let m = e4.to_move(&pos, ParseMode::Strict).unwrap().mv;
//! pos.play(m);
//! assert_eq!(polyglot::key_after(&pos, m), 0x823c9b50fd114196);
//! ```

mod random;

use crate::attacks::pawn_attacks;
use crate::moves::Move;
use crate::position::{CastlingSide, Position};
use crate::types::{Color, Role, Square};

use random::RANDOM;

/// Index of the castling numbers (white O-O, white O-O-O, black O-O,
/// black O-O-O follow).
const CASTLING: usize = 768;
/// Index of the en passant numbers (file a first).
const EN_PASSANT: usize = 772;
/// Index of the number for White to move.
const TURN: usize = 780;

/// The Polyglot key of `pos`, the en passant file counted when an en
/// passant capture is legal (see the [module docs](self) for the one case
/// where the book format differs, and [`key_after`]).
pub fn key(pos: &Position) -> u64 {
    board_key(pos)
        ^ pos
            .ep_square()
            .map_or(0, |sq| RANDOM[EN_PASSANT + sq.file().index()])
}

/// The Polyglot key of `after`, the position `m` has just led to (a legal
/// move, or [`Move::NULL`] for a null move): the book format's key exactly,
/// equal to python-chess's `chess.polyglot.zobrist_hash` of the board after
/// the move.
pub fn key_after(after: &Position, m: Move) -> u64 {
    let mut k = board_key(after);
    if let Some(file) = pawn_beside_double_push(after, m) {
        k ^= RANDOM[EN_PASSANT + file];
    }
    k
}

/// When `m` advanced a pawn two squares and a pawn of the side now to move
/// stands ready to take it en passant (legal or not): the file of that pawn.
fn pawn_beside_double_push(after: &Position, m: Move) -> Option<usize> {
    if m.is_null() || m.is_castle() {
        return None;
    }
    let (from, to) = (m.from(), m.to());
    if after.role_at(to) != Some(Role::Pawn) || from.file() != to.file() {
        return None;
    }
    let (f, t) = (from.rank().index(), to.rank().index());
    if f.abs_diff(t) != 2 {
        return None;
    }
    let skipped = Square::new(((from.index() + to.index()) / 2) as u8);
    let mover = after.turn().other();
    let takers = pawn_attacks(mover, skipped) & after.pieces(after.turn(), Role::Pawn);
    takers.any().then(|| to.file().index())
}

/// The key without the en passant file: pieces, castling rights, turn.
fn board_key(pos: &Position) -> u64 {
    let mut k = 0;
    for color in Color::ALL {
        // The format's kind: black pawn 0, white pawn 1, black knight 2, ...
        let side = match color {
            Color::White => 1,
            Color::Black => 0,
        };
        for role in Role::ALL {
            let base = 64 * (2 * role.index() + side);
            for sq in pos.pieces(color, role) {
                k ^= RANDOM[base + sq.index()];
            }
        }
    }
    let rights = [
        (Color::White, CastlingSide::KingSide),
        (Color::White, CastlingSide::QueenSide),
        (Color::Black, CastlingSide::KingSide),
        (Color::Black, CastlingSide::QueenSide),
    ];
    if pos.castling_rights().any() {
        for (i, (color, side)) in rights.into_iter().enumerate() {
            if pos.castling_rook(color, side).is_some() {
                k ^= RANDOM[CASTLING + i];
            }
        }
    }
    if pos.turn() == Color::White {
        k ^= RANDOM[TURN];
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Language, ParseMode, San};

    /// Plays `line` (SAN) from the start: the key after each move.
    fn keys(line: &str) -> Vec<u64> {
        let mut pos = Position::new();
        line.split_whitespace()
            .map(|t| {
                let san = San::from_ascii(t.as_bytes(), Language::En, ParseMode::Strict).unwrap();
                let m = san.to_move(&pos, ParseMode::Strict).unwrap().mv;
                pos.play(m);
                key_after(&pos, m)
            })
            .collect()
    }

    /// The example keys the book format's description publishes.
    #[test]
    fn book_format_examples() {
        assert_eq!(key(&Position::new()), 0x463b96181691fc9c);
        assert_eq!(
            keys("e4 d5 e5 f5 Ke2 Kf7"),
            [
                0x823c9b50fd114196,
                0x0756b94461c50fb0,
                0x662fafb965db29d4,
                0x22a48b5a8e47ff78,
                0x652a607ca3f242c1,
                0x00fdd303c946bdd9,
            ]
        );
        // a4 b5 h4 b4 c4: the en passant file counts (b4 stands beside c4).
        let k = keys("a4 b5 h4 b4 c4 bxc3 Ra3");
        assert_eq!((k[4], k[6]), (0x3c8123ea7b067637, 0x5c3f9b829b279560));
    }

    /// The b5 pawn is pinned: no legal en passant capture, but the book
    /// format (and python-chess) count the c file all the same.
    #[test]
    fn en_passant_file_of_a_pinned_pawn() {
        let before = Position::from_fen("8/2p5/8/KP5r/8/8/8/7k b - - 0 1").unwrap();
        assert_eq!(key(&before), 0x1643f2a2fbba07f1);
        let m = Move::normal(Square::C7, Square::C5);
        let after = before.played(m);
        assert_eq!(after.ep_square(), None);
        assert_eq!(key_after(&after, m), 0xf008b0d4b67d65ee);
        assert_ne!(key(&after), key_after(&after, m));
        let mut null = before;
        assert!(null.play_null());
        assert_eq!(key_after(&null, Move::NULL), 0xee95d408549d82f8);
    }
}
