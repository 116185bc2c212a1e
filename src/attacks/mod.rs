//! Attack tables: which squares a piece on a square attacks, given the
//! occupied squares, plus the `between`/`line` geometry of square pairs.
//!
//! What this module offers (every lookup is `#[inline]`, allocation-free and
//! reads a `static` table built at compile time, with no run-time set-up):
//!
//! | function | answer |
//! |---|---|
//! | [`pawn_attacks`] | the two capture squares of a pawn |
//! | [`knight_attacks`], [`king_attacks`] | leaper targets |
//! | [`bishop_attacks`], [`rook_attacks`], [`queen_attacks`] | slider targets through `occupied` (blockers included) |
//! | [`attacks`] | any [`Piece`] (pawns: captures only) |
//! | [`rook_rays`], [`bishop_rays`] | slider targets on an empty board |
//! | [`pseudo_attacks`] | any [`Piece`]'s targets on an empty board |
//! | [`between`] | squares strictly between two aligned squares |
//! | [`line()`] | the whole rank, file or diagonal through two squares |
//! | [`aligned`] | whether three squares lie on one line |
//! | [`reference`](mod@reference) | slow `const fn` twins that walk the board |
//! | [`SLIDING_METHOD`] | `"pext"` or `"magic"`: the slider lookup compiled in |
//!
//! Sliders use PEXT (`pext` + load) when the crate is compiled with the
//! `bmi2` target feature (e.g. `RUSTFLAGS="-C target-cpu=native"`), else
//! magic bitboards (multiply + shift + load) with factors found offline by
//! the generator in `tables/gen/` and checked in as `tables/magics.rs`.
//!
//! Table sizes: rook 102,400 and bishop 5,248 entries of 8 bytes (about
//! 841 KiB), `between` and `line` 32 KiB each, leapers 2 KiB.
//!
//! # Examples
//!
//! A rook on a1 with a blocker on a4 sees a2, a3, a4 and the first rank:
//!
//! ```text
//! 8  . . . . . . . .
//! 7  . . . . . . . .
//! 6  . . . . . . . .
//! 5  . . . . . . . .
//! 4  x . . . . . . .    x = attacked blocker
//! 3  * . . . . . . .    * = attacked
//! 2  * . . . . . . .
//! 1  R * * * * * * *
//!    a b c d e f g h
//! ```
//!
//! ```
//! use movetext::attacks::{between, line, rook_attacks};
//! use movetext::{Bitboard, File, Rank, Square};
//!
//! let occupied = Bitboard::from_square(Square::A4);
//! let seen = rook_attacks(Square::A1, occupied);
//! let expected = (Bitboard::from_rank(Rank::First) - Square::A1)
//!     | Square::A2
//!     | Square::A3
//!     | Square::A4;
//! assert_eq!(seen, expected);
//!
//! assert_eq!(between(Square::A1, Square::A4), Bitboard::from_square(Square::A2) | Square::A3);
//! assert_eq!(line(Square::A1, Square::A4), Bitboard::from_file(File::A));
//! assert!(between(Square::A1, Square::B3).is_empty());
//! ```

mod bootstrap;
mod magic;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod pext;
pub mod reference;
#[cfg(test)]
mod tests;

use crate::{Bitboard, Color, Piece, Role, Square};

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
use pext as sliding;

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
use magic as sliding;

/// How rook and bishop attacks are looked up in this build: `"pext"` when
/// compiled with the `bmi2` target feature, else `"magic"`.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub const SLIDING_METHOD: &str = "pext";

/// How rook and bishop attacks are looked up in this build: `"pext"` when
/// compiled with the `bmi2` target feature, else `"magic"`.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub const SLIDING_METHOD: &str = "magic";

static BETWEEN: [[Bitboard; 64]; 64] = bootstrap::between_table();
static LINE: [[Bitboard; 64]; 64] = bootstrap::line_table();
static PSEUDO_ATTACKS: [[Bitboard; 64]; 16] = bootstrap::pseudo_table();

/// The squares a pawn of `color` on `sq` attacks: its one or two diagonal
/// capture squares (not its pushes). A pawn on its last rank attacks nothing.
///
/// ```
/// use movetext::attacks::pawn_attacks;
/// use movetext::{Bitboard, Color, Square};
///
/// assert_eq!(pawn_attacks(Color::White, Square::E4), Bitboard::from_square(Square::D5) | Square::F5);
/// assert_eq!(pawn_attacks(Color::Black, Square::A5), Bitboard::from_square(Square::B4));
/// ```
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    pseudo(color, Role::Pawn, sq)
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    pseudo(Color::White, Role::Knight, sq)
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    pseudo(Color::White, Role::King, sq)
}

/// The squares a bishop on `sq` attacks when the squares of `occupied` are
/// occupied: each diagonal ray up to and including its first occupied square.
/// Whether `sq` itself is in `occupied` does not matter.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliding::bishop(sq, occupied)
}

/// The squares a rook on `sq` attacks when the squares of `occupied` are
/// occupied: each rank and file ray up to and including its first occupied
/// square. Whether `sq` itself is in `occupied` does not matter.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliding::rook(sq, occupied)
}

/// The squares a rook on `sq` attacks on an empty board: its rank and file
/// without `sq` (one load, cheaper than [`rook_attacks`] with no blockers).
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    pseudo(Color::White, Role::Rook, sq)
}

/// The squares a bishop on `sq` attacks on an empty board: its two
/// diagonals without `sq`.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    pseudo(Color::White, Role::Bishop, sq)
}

/// The squares a queen on `sq` attacks: [`rook_attacks`] and
/// [`bishop_attacks`] together.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares `piece` on `sq` attacks on an empty board (pawns: their
/// capture squares): one table load, whatever the role.
///
/// ```
/// use movetext::attacks::{pseudo_attacks, queen_attacks};
/// use movetext::{Bitboard, Color, Piece, Role, Square};
///
/// let queen = Piece { color: Color::White, role: Role::Queen };
/// assert_eq!(pseudo_attacks(queen, Square::D4), queen_attacks(Square::D4, Bitboard::EMPTY));
/// let pawn = Piece { color: Color::Black, role: Role::Pawn };
/// assert_eq!(pseudo_attacks(pawn, Square::E5), Bitboard::from_square(Square::D4) | Square::F4);
/// ```
#[inline]
pub fn pseudo_attacks(piece: Piece, sq: Square) -> Bitboard {
    pseudo(piece.color, piece.role, sq)
}

/// The row of `color`'s `role` in the one table of empty-board attacks,
/// which every leaper and ray lookup reads.
#[inline(always)]
fn pseudo(color: Color, role: Role, sq: Square) -> Bitboard {
    let row = (color.index() & 1) << 3 | (role.index() & 7);
    PSEUDO_ATTACKS[row][sq.index() & 63]
}

/// The squares of `candidates` with nothing of `occupied` between them and
/// `sq`: the pieces among `candidates` (on lines through `sq`, or a leap
/// away) that see `sq`. A `between` load per candidate; no slider lookup,
/// whose large tables mostly miss the cache when moves are checked one by
/// one.
#[inline]
pub(crate) fn unblocked(sq: Square, candidates: Bitboard, occupied: Bitboard) -> Bitboard {
    let mut seen = Bitboard::EMPTY;
    for from in candidates {
        if !between(sq, from).intersects(occupied) {
            seen.add(from);
        }
    }
    seen
}

/// The squares `piece` on `sq` attacks when `occupied` are occupied. For a
/// pawn these are its capture squares only; leapers ignore `occupied`.
///
/// ```
/// use movetext::attacks::attacks;
/// use movetext::{Bitboard, Color, Piece, Role, Square};
///
/// let knight = Piece { color: Color::Black, role: Role::Knight };
/// assert_eq!(attacks(knight, Square::A1, Bitboard::FULL), Bitboard::from_square(Square::B3) | Square::C2);
/// ```
#[inline]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal, else the empty set (also when `a == b` or they are adjacent).
///
/// ```
/// use movetext::attacks::between;
/// use movetext::{Bitboard, Square};
///
/// assert_eq!(between(Square::C1, Square::F4), Bitboard::from_square(Square::D2) | Square::E3);
/// assert!(between(Square::C1, Square::F5).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index() & 63][b.index() & 63]
}

/// The whole rank, file or diagonal through `a` and `b`, from edge to edge
/// and including both, if they share one; else the empty set (also when
/// `a == b`).
///
/// ```
/// use movetext::attacks::line;
/// use movetext::{Bitboard, Rank, Square};
///
/// assert_eq!(line(Square::C4, Square::F4), Bitboard::from_rank(Rank::Fourth));
/// assert_eq!(line(Square::B2, Square::C3), Bitboard(0x8040_2010_0804_0201));
/// assert!(line(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index() & 63][b.index() & 63]
}

/// Whether `c` lies on the line through `a` and `b` (see [`line()`]); false
/// when `a` and `b` are not aligned or equal.
///
/// ```
/// use movetext::attacks::aligned;
/// use movetext::Square;
///
/// assert!(aligned(Square::A1, Square::C3, Square::H8));
/// assert!(!aligned(Square::A1, Square::C3, Square::H7));
/// ```
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}
