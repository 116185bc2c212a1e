//! Slow, obviously correct twins of the attack lookups: they walk the board
//! square by square with [`Square::offset`]. All are `const fn`.
//!
//! The tests compare every fast table against these; they are also handy
//! where speed does not matter.
//!
//! # Examples
//!
//! ```
//! use movetext::attacks::{self, reference};
//! use movetext::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::D6);
//! assert_eq!(
//!     reference::rook_attacks_slow(Square::D4, occupied),
//!     attacks::rook_attacks(Square::D4, occupied),
//! );
//! ```

use crate::{Bitboard, Color, Square};

/// The four rook directions as (file, rank) steps.
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four bishop directions as (file, rank) steps.
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight knight jumps.
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The eight king steps.
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The squares one step of each `(df, dr)` away from `sq`, if on the board.
const fn steps(sq: Square, deltas: &[(i32, i32)]) -> Bitboard {
    let mut bb = 0;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = sq.offset(deltas[i].0, deltas[i].1) {
            bb |= 1 << to.index();
        }
        i += 1;
    }
    Bitboard(bb)
}

/// The squares seen from `sq` along each direction, up to and including
/// the first square in `occupied`.
const fn rays(sq: Square, occupied: Bitboard, dirs: &[(i32, i32); 4]) -> Bitboard {
    let mut bb = 0;
    let mut i = 0;
    while i < dirs.len() {
        let mut cur = sq;
        while let Some(to) = cur.offset(dirs[i].0, dirs[i].1) {
            bb |= 1 << to.index();
            if occupied.contains(to) {
                break;
            }
            cur = to;
        }
        i += 1;
    }
    Bitboard(bb)
}

/// The squares a pawn of `color` on `sq` attacks (its two capture squares).
pub const fn pawn_attacks_slow(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::White => steps(sq, &[(-1, 1), (1, 1)]),
        Color::Black => steps(sq, &[(-1, -1), (1, -1)]),
    }
}

/// The squares a knight on `sq` attacks.
pub const fn knight_attacks_slow(sq: Square) -> Bitboard {
    steps(sq, &KNIGHT_JUMPS)
}

/// The squares a king on `sq` attacks.
pub const fn king_attacks_slow(sq: Square) -> Bitboard {
    steps(sq, &KING_STEPS)
}

/// The squares a rook on `sq` attacks when `occupied` are occupied: each
/// ray up to and including its first occupied square.
pub const fn rook_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    rays(sq, occupied, &ROOK_DIRS)
}

/// The squares a bishop on `sq` attacks when `occupied` are occupied.
pub const fn bishop_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    rays(sq, occupied, &BISHOP_DIRS)
}

/// The squares a queen on `sq` attacks when `occupied` are occupied.
pub const fn queen_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_attacks_slow(sq, occupied).0 | bishop_attacks_slow(sq, occupied).0)
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal, else the empty set. Walks from `a` one step at a time.
pub const fn between_slow(a: Square, b: Square) -> Bitboard {
    let (df, dr) = match direction(a, b) {
        Some(d) => d,
        None => return Bitboard::EMPTY,
    };
    let mut bb = 0;
    let mut cur = a;
    while let Some(to) = cur.offset(df, dr) {
        if to.index() == b.index() {
            break;
        }
        bb |= 1 << to.index();
        cur = to;
    }
    Bitboard(bb)
}

/// The whole line (edge to edge, `a` and `b` included) through `a` and `b`
/// if they share a rank, file or diagonal, else the empty set.
pub const fn line_slow(a: Square, b: Square) -> Bitboard {
    let (df, dr) = match direction(a, b) {
        Some(d) => d,
        None => return Bitboard::EMPTY,
    };
    let mut bb = 1 << a.index();
    let mut cur = a;
    while let Some(to) = cur.offset(df, dr) {
        bb |= 1 << to.index();
        cur = to;
    }
    cur = a;
    while let Some(to) = cur.offset(-df, -dr) {
        bb |= 1 << to.index();
        cur = to;
    }
    Bitboard(bb)
}

/// The unit step from `a` towards `b`, if they are distinct and aligned.
const fn direction(a: Square, b: Square) -> Option<(i32, i32)> {
    let df = b.file() as i32 - a.file() as i32;
    let dr = b.rank() as i32 - a.rank() as i32;
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        None
    } else {
        Some((df.signum(), dr.signum()))
    }
}
