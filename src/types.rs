//! Value types of the board: [`Color`], [`Role`], [`Piece`], [`File`],
//! [`Rank`] and [`Square`].
//!
//! These are plain `Copy` values with their English characters. They touch no
//! tables, no boards and no languages.
//!
//! # Examples
//!
//! ```
//! use movetext::{File, Rank, Square};
//!
//! let sq = Square::from_coords(File::E, Rank::Fourth);
//! assert_eq!(sq, Square::E4);
//! assert_eq!(sq.to_string(), "e4");
//! assert_eq!(Square::from_ascii(b"e4"), Some(Square::E4));
//! ```

use core::fmt;

/// The side of a piece or of the player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The index of the colour, 0 for White and 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `White` for `true`, `Black` for `false`.
    #[inline]
    pub const fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The FEN character: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The rank a piece of this colour sees as its own `n`-th rank
    /// (`Rank::First` is White's first rank and Black's eighth).
    #[inline]
    pub const fn relative_rank(self, rank: Rank) -> Rank {
        match self {
            Color::White => rank,
            Color::Black => Rank::new(7 - rank as u8),
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// The kind of a piece, without its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The index of the role, 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with this index, if it is below 6.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Role> {
        match index {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// The upper-case English letter (`P`, `N`, `B`, `R`, `Q`, `K`).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case English letter (`p`, `n`, `b`, `r`, `q`, `k`).
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role of an English letter, either case.
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether a pawn may promote to this role (knight, bishop, rook, queen).
    #[inline]
    pub const fn is_promotion_target(self) -> bool {
        matches!(self, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
    }
}

/// A piece: a colour and a role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN character: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN character.
    pub const fn from_char(ch: char) -> Option<Piece> {
        match Role::from_char(ch) {
            Some(role) => Some(Piece {
                color: Color::from_white(ch.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }
}

/// A file (column) of the board, `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// Every file, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `index & 7`.
    #[inline]
    pub const fn new(index: u8) -> File {
        // A match, which compiles to nothing (the table load it replaces
        // stayed in the SAN reader's hot path).
        match index & 7 {
            0 => File::A,
            1 => File::B,
            2 => File::C,
            3 => File::D,
            4 => File::E,
            5 => File::F,
            6 => File::G,
            _ => File::H,
        }
    }

    /// The index, 0 for `a` to 7 for `h`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of a lower-case letter `a` to `h`.
    #[inline]
    pub const fn from_ascii(ch: u8) -> Option<File> {
        if ch >= b'a' && ch <= b'h' {
            Some(File::new(ch - b'a'))
        } else {
            None
        }
    }

    /// The lower-case letter.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The upper-case letter (Shredder-FEN castling rights).
    #[inline]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The file `offset` files away, if on the board.
    #[inline]
    pub const fn offset(self, offset: i32) -> Option<File> {
        let i = self as i32 + offset;
        if i >= 0 && i < 8 {
            Some(File::new(i as u8))
        } else {
            None
        }
    }
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// Every rank, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `index & 7`.
    #[inline]
    pub const fn new(index: u8) -> Rank {
        // A match, as in `File::new`.
        match index & 7 {
            0 => Rank::First,
            1 => Rank::Second,
            2 => Rank::Third,
            3 => Rank::Fourth,
            4 => Rank::Fifth,
            5 => Rank::Sixth,
            6 => Rank::Seventh,
            _ => Rank::Eighth,
        }
    }

    /// The index, 0 for the first rank to 7 for the eighth.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of a digit `1` to `8`.
    #[inline]
    pub const fn from_ascii(ch: u8) -> Option<Rank> {
        if ch >= b'1' && ch <= b'8' {
            Some(Rank::new(ch - b'1'))
        } else {
            None
        }
    }

    /// The digit.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank `offset` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, offset: i32) -> Option<Rank> {
        let i = self as i32 + offset;
        if i >= 0 && i < 8 {
            Some(Rank::new(i as u8))
        } else {
            None
        }
    }
}

/// A square of the board, `a1` (index 0) to `h8` (index 63), rank by rank.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $i:expr),* $(,)?) => {
        #[allow(missing_docs)]
        impl Square {
            $(pub const $name: Square = Square($i);)*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with index `index & 63`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index & 63)
    }

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on a file and a rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 8 + file as u8)
    }

    /// The index, 0 for `a1` to 63 for `h8`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a byte.
    #[inline]
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self.0 & 7)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self.0 >> 3)
    }

    /// The square mirrored top to bottom (`a1` ↔ `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square seen from `color`'s side: unchanged for White, mirrored
    /// top to bottom for Black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self.0 & 7) as i32 + df;
        let r = (self.0 >> 3) as i32 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Parses exactly two bytes such as `e4`.
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_ascii(s[0]), Rank::from_ascii(s[1])) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The two ASCII bytes of the square's name.
    #[inline]
    pub const fn to_ascii(self) -> [u8; 2] {
        [b'a' + (self.0 & 7), b'1' + (self.0 >> 3)]
    }

    /// Every square, `a1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.to_ascii();
        write!(f, "{}{}", a as char, b as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates() {
        assert_eq!(Square::from_coords(File::H, Rank::Eighth), Square::H8);
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Some(Square::B3));
        assert_eq!(Square::E2.relative_to(Color::Black), Square::E7);
        assert_eq!(Square::from_ascii(b"h8"), Some(Square::H8));
        assert_eq!(Square::from_ascii(b"i8"), None);
        assert_eq!(Square::from_ascii(b"a9"), None);
        assert_eq!(Square::from_ascii(b"a"), None);
        assert_eq!(format!("{}", Square::C7), "c7");
        assert_eq!(Square::all().count(), 64);
    }

    #[test]
    fn pieces_and_chars() {
        assert_eq!(
            Piece::from_char('N'),
            Some(Piece {
                color: Color::White,
                role: Role::Knight
            })
        );
        assert_eq!(Piece::from_char('q').map(Piece::char), Some('q'));
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Color::White.relative_rank(Rank::Second), Rank::Second);
        assert_eq!(Color::Black.relative_rank(Rank::Second), Rank::Seventh);
        assert_eq!(!Color::White, Color::Black);
    }
}
