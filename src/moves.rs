//! [`Move`]: a legal move's meaning in two bytes, and [`MoveList`], a
//! fixed-capacity list on the stack. No text lives here.
//!
//! A [`Move`] is `bytemuck::Pod`, so a database can store move lists as raw
//! bytes and read them back without copying:
//!
//! ```
//! use movetext::{Move, Role, Square};
//!
//! let moves = [Move::normal(Square::E2, Square::E4), Move::promotion(Square::B7, Square::A8, Role::Queen)];
//! let bytes: &[u8] = bytemuck::cast_slice(&moves);
//! assert_eq!(bytes.len(), 4);
//! let back: &[Move] = bytemuck::cast_slice(bytes);
//! assert_eq!(back, &moves);
//! ```

use core::fmt;
use core::mem::MaybeUninit;

use crate::types::{Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture that is none of the others (including pawn pushes).
    Normal,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant,
    /// Castling; `from` is the king's square and `to` the castling rook's
    /// (the Chess960 "king takes rook" encoding, used for standard chess too).
    Castle,
    /// A pawn promoting to the role given.
    Promotion(Role),
}

/// A move in 16 bits: from-square (bits 0–5), to-square (bits 6–11) and kind
/// (bits 12–15). `Move::NULL` (all zeros) is the null move `--`.
///
/// Every bit pattern is a valid `Move` value (it is `bytemuck::Pod`); whether
/// it is legal is a question for a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub struct Move(u16);

const KIND_SHIFT: u16 = 12;
const EN_PASSANT: u16 = 1 << KIND_SHIFT;
const CASTLE: u16 = 2 << KIND_SHIFT;
const PROMOTION: u16 = 8 << KIND_SHIFT;

impl Move {
    /// The null move (`--` in PGN, `0000` in UCI).
    pub const NULL: Move = Move(0);

    /// A normal move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.to_u8() as u16 | (to.to_u8() as u16) << 6)
    }

    /// An en passant capture landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(Move::normal(from, to).0 | EN_PASSANT)
    }

    /// Castling, encoded as the king moving onto its own rook.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move(Move::normal(king, rook).0 | CASTLE)
    }

    /// A promotion to `role` (knight, bishop, rook or queen; any other role
    /// is taken as a queen).
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        // Knight 0, bishop 1, rook 2, queen (and any other role) 3, by
        // arithmetic: a `match` here compiles to a jump table.
        let code = match (role as u16).wrapping_sub(1) {
            c if c < 3 => c,
            _ => 3,
        };
        Move(Move::normal(from, to).0 | PROMOTION | code << KIND_SHIFT)
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece lands on; for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        let k = self.0 >> KIND_SHIFT;
        if k & 8 != 0 {
            MoveKind::Promotion(match k & 3 {
                0 => Role::Knight,
                1 => Role::Bishop,
                2 => Role::Rook,
                _ => Role::Queen,
            })
        } else {
            match k {
                1 => MoveKind::EnPassant,
                2 => MoveKind::Castle,
                _ => MoveKind::Normal,
            }
        }
    }

    /// The promotion role, if this is a promotion.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> KIND_SHIFT == 2
    }

    /// Whether this is an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> KIND_SHIFT == 1
    }

    /// Whether this is the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16-bit encoding.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// The move of a raw 16-bit encoding.
    #[inline]
    pub const fn from_u16(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("Move(--)");
        }
        write!(f, "Move({}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => {}
            MoveKind::EnPassant => f.write_str(" ep")?,
            MoveKind::Castle => f.write_str(" castle")?,
            MoveKind::Promotion(role) => write!(f, "={}", role.upper_char())?,
        }
        f.write_str(")")
    }
}

/// The capacity of a [`MoveList`]. Positions accepted by the FEN parser
/// (at most 16 pieces a side, promoted pieces no more than missing pawns)
/// stay below it; the known maximum of a legal position is 218.
pub const MAX_MOVES: usize = 256;

/// A list of at most [`MAX_MOVES`] moves, kept on the stack.
///
/// Creating one costs nothing: its storage is left uninitialised (a list is
/// made for every SAN resolution, so it must not be zeroed), and only the
/// first `len` entries, each written by `push`, are ever read.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    ///
    /// If the list is full, which the move generator never lets happen for a
    /// position the FEN parser accepted.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` returns `true`, in order.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let moves: &mut [Move] = self;
        let mut w = 0;
        for r in 0..moves.len() {
            let m = moves[r];
            if f(&m) {
                moves[w] = m;
                w += 1;
            }
        }
        self.len = w;
    }

    /// Shortens the list to `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        let init = &self.moves[..self.len];
        // SAFETY: `push` is the only way `len` grows, and it writes the entry
        // first, so the first `len` entries are initialised; `MaybeUninit<Move>`
        // has the layout of `Move`.
        unsafe { &*(init as *const [MaybeUninit<Move>] as *const [Move]) }
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        let init = &mut self.moves[..self.len];
        // SAFETY: as in `deref`: the first `len` entries are initialised.
        unsafe { &mut *(init as *mut [MaybeUninit<Move>] as *mut [Move]) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        let m = Move::promotion(Square::G7, Square::H8, Role::Knight);
        assert_eq!(m.from(), Square::G7);
        assert_eq!(m.to(), Square::H8);
        assert_eq!(m.kind(), MoveKind::Promotion(Role::Knight));
        assert_eq!(m.promotion_role(), Some(Role::Knight));
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            assert_eq!(
                Move::promotion(Square::A7, Square::A8, role).promotion_role(),
                Some(role)
            );
        }
        let c = Move::castle(Square::E1, Square::H1);
        assert!(c.is_castle() && !c.is_en_passant());
        assert_eq!(c.to(), Square::H1);
        let ep = Move::en_passant(Square::E5, Square::D6);
        assert!(ep.is_en_passant());
        assert_eq!(ep.kind(), MoveKind::EnPassant);
        assert!(Move::NULL.is_null());
        assert_eq!(Move::from_u16(m.to_u16()), m);
        assert_eq!(format!("{:?}", m), "Move(g7h8=N)");
        assert_eq!(core::mem::size_of::<Move>(), 2);
    }

    #[test]
    fn list_operations() {
        let mut list = MoveList::new();
        for i in 0..10u8 {
            list.push(Move::normal(Square::new(i), Square::new(i + 8)));
        }
        list.retain(|m| m.from().index() % 2 == 0);
        assert_eq!(list.len(), 5);
        assert_eq!(list[1].from(), Square::C1);
        list.truncate(2);
        assert_eq!(list.len(), 2);
        list.clear();
        assert!(list.is_empty());
    }
}
