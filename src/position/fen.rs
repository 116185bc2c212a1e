//! FEN and EPD: read (strictly, with the column of each error) and write.
//!
//! Castling rights are read as `KQkq`, X-FEN (`K` = the outermost rook) or
//! Shredder-FEN (`HAha`, rook files); they are written as `KQkq` in standard
//! chess and as X-FEN in Chess960 (a file letter only where `K`/`Q` would be
//! ambiguous).

use core::fmt;

use super::{CastlingMode, CastlingSide, Position};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// What is wrong with a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenErrorKind {
    /// Not 4 to 6 fields (board, turn, castling, en passant, clocks).
    WrongFieldCount,
    /// A character that is no piece letter, digit or `/` in the board.
    BadPieceChar,
    /// A rank holds more than eight squares.
    RankTooLong,
    /// A rank holds fewer than eight squares.
    RankTooShort,
    /// The board does not have exactly eight ranks.
    WrongRankCount,
    /// A side has no king.
    MissingKing,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn stands on the first or last rank.
    PawnOnBackRank,
    /// A side has more than 16 pieces, more than 8 pawns, or more promoted
    /// pieces than missing pawns.
    TooManyPieces,
    /// The side not to move is in check.
    OppositeCheck,
    /// The turn field is not `w` or `b`.
    BadTurn,
    /// A castling character that is not `KQkq`, a file letter or `-`.
    BadCastling,
    /// A castling right without the king on its first rank and the rook in
    /// place.
    CastlingWithoutKingAndRook,
    /// Two castling rights for different rooks on the same side of a king.
    TwoCastlingRooksOnOneSide,
    /// The en passant field is not `-` or a square.
    BadEnPassant,
    /// An en passant square that no double pawn push can have made.
    ImpossibleEnPassant,
    /// The halfmove clock is not a number.
    BadHalfmoveClock,
    /// The fullmove number is not a number.
    BadFullmoveNumber,
}

impl FenErrorKind {
    fn message(self) -> &'static str {
        match self {
            FenErrorKind::WrongFieldCount => "wrong number of fields (expected 4 to 6)",
            FenErrorKind::BadPieceChar => "bad piece letter",
            FenErrorKind::RankTooLong => "rank too long (more than 8 squares)",
            FenErrorKind::RankTooShort => "rank too short (fewer than 8 squares)",
            FenErrorKind::WrongRankCount => "wrong number of ranks (expected 8)",
            FenErrorKind::MissingKing => "a side has no king",
            FenErrorKind::TooManyKings => "a side has more than one king",
            FenErrorKind::PawnOnBackRank => "pawn on the first or last rank",
            FenErrorKind::TooManyPieces => "too many pieces for one side",
            FenErrorKind::OppositeCheck => "the side not to move is in check",
            FenErrorKind::BadTurn => "turn must be 'w' or 'b'",
            FenErrorKind::BadCastling => "bad castling character",
            FenErrorKind::CastlingWithoutKingAndRook => {
                "castling right without the king and rook in place"
            }
            FenErrorKind::TwoCastlingRooksOnOneSide => {
                "two castling rights on the same side of the king"
            }
            FenErrorKind::BadEnPassant => "en passant must be '-' or a square",
            FenErrorKind::ImpossibleEnPassant => "impossible en passant square",
            FenErrorKind::BadHalfmoveClock => "bad halfmove clock",
            FenErrorKind::BadFullmoveNumber => "bad fullmove number",
        }
    }
}

/// A FEN that could not be read: what is wrong, and at which column
/// (1-based byte position in the FEN).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The 1-based byte column where the problem is.
    pub column: usize,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN at column {}: {}",
            self.column,
            self.kind.message()
        )
    }
}

impl std::error::Error for FenError {}

fn err(kind: FenErrorKind, offset: usize) -> FenError {
    FenError {
        kind,
        column: offset + 1,
    }
}

/// Splits on runs of ASCII spaces, giving each field with its byte offset.
fn fields(s: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut pos = 0;
    core::iter::from_fn(move || {
        while pos < s.len() && s[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos >= s.len() {
            return None;
        }
        let start = pos;
        while pos < s.len() && !s[pos].is_ascii_whitespace() {
            pos += 1;
        }
        Some((start, &s[start..pos]))
    })
}

fn parse_number(s: &[u8]) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

impl Position {
    /// Reads a FEN: board, turn, castling, en passant, then optionally the
    /// halfmove clock and fullmove number (default `0 1`).
    ///
    /// ```
    /// use movetext::{Position, position::FenErrorKind};
    ///
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 3);
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K6x w - - 0 1").unwrap_err();
    /// assert_eq!(err.kind, FenErrorKind::BadPieceChar);
    /// assert_eq!(err.column, 17);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_bytes(fen.as_bytes())
    }

    /// [`Position::from_fen`] on bytes.
    pub fn from_fen_bytes(fen: &[u8]) -> Result<Position, FenError> {
        let mut it = fields(fen);
        let mut parts: [(usize, &[u8]); 6] = [(fen.len(), &[]); 6];
        let mut n = 0;
        for field in &mut it {
            if n == 6 {
                return Err(err(FenErrorKind::WrongFieldCount, field.0));
            }
            parts[n] = field;
            n += 1;
        }
        if n < 4 {
            return Err(err(FenErrorKind::WrongFieldCount, fen.len()));
        }
        let mut pos = parse_four(&parts[..4])?;
        if n >= 5 {
            let (off, s) = parts[4];
            pos.halfmove_clock = parse_number(s).ok_or(err(FenErrorKind::BadHalfmoveClock, off))?;
        }
        if n >= 6 {
            let (off, s) = parts[5];
            let fm = parse_number(s).ok_or(err(FenErrorKind::BadFullmoveNumber, off))?;
            pos.fullmove_number = fm.max(1);
        }
        Ok(pos)
    }

    /// Reads an EPD line: the four position fields, then operations, which
    /// are returned untouched (e.g. `;D1 20 ;D2 400` or `bm e4; id "x";`).
    /// Counters are `0 1`.
    ///
    /// ```
    /// use movetext::Position;
    ///
    /// let (pos, ops) = Position::from_epd("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5").unwrap();
    /// assert_eq!(ops, ";D1 5");
    /// assert_eq!(pos.legal_moves().len(), 5);
    /// ```
    pub fn from_epd(epd: &str) -> Result<(Position, &str), FenError> {
        let bytes = epd.as_bytes();
        let mut parts: [(usize, &[u8]); 4] = [(bytes.len(), &[]); 4];
        let mut n = 0;
        let mut end = bytes.len();
        for field in fields(bytes) {
            if n == 4 {
                end = field.0;
                break;
            }
            parts[n] = field;
            n += 1;
        }
        if n < 4 {
            return Err(err(FenErrorKind::WrongFieldCount, bytes.len()));
        }
        let pos = parse_four(&parts)?;
        Ok((pos, epd[end..].trim_end()))
    }

    /// The FEN of the position. The en passant square is written only when
    /// an en passant capture is legal (as python-chess does by default).
    pub fn fen(&self) -> String {
        self.to_string()
    }

    /// The EPD of the position: the first four FEN fields.
    pub fn epd(&self) -> String {
        let mut s = String::with_capacity(80);
        let _ = self.write_fields(&mut s, false);
        s
    }

    fn write_fields(&self, f: &mut impl fmt::Write, counters: bool) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            f.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        f.write_char(p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                f.write_char((b'0' + empty) as char)?;
            }
            if *rank != Rank::First {
                f.write_char('/')?;
            }
        }
        f.write_char(' ')?;
        f.write_char(self.turn.char())?;
        f.write_char(' ')?;
        if self.castling.is_empty() {
            f.write_char('-')?;
        } else {
            for color in Color::ALL {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    if let Some(rook) = self.castling_rook(color, side) {
                        let ch = self.castling_char(color, side, rook);
                        f.write_char(match color {
                            Color::White => ch.to_ascii_uppercase(),
                            Color::Black => ch.to_ascii_lowercase(),
                        })?;
                    }
                }
            }
        }
        f.write_char(' ')?;
        match self.ep_square() {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_char('-')?,
        }
        if counters {
            write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)?;
        }
        Ok(())
    }

    /// `K`/`Q` when the rook is the outermost one on its side (and, in
    /// standard chess, always), else its file letter (Shredder style).
    fn castling_char(&self, color: Color, side: CastlingSide, rook: Square) -> char {
        let letter = match side {
            CastlingSide::KingSide => 'K',
            CastlingSide::QueenSide => 'Q',
        };
        if self.mode == CastlingMode::Standard {
            return letter;
        }
        let king = self.king(color);
        let back = self.pieces(color, Role::Rook) & Bitboard::from_rank(rook.rank());
        let outer = match side {
            CastlingSide::KingSide => back.into_iter().rev().find(|r| r.file() > king.file()),
            CastlingSide::QueenSide => back.into_iter().find(|r| r.file() < king.file()),
        };
        if outer == Some(rook) {
            letter
        } else {
            rook.file().upper_char()
        }
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fields(f, true)
    }
}

/// The piece of each FEN board byte (`P` ... `k`), by byte.
const BOARD_PIECES: [Option<Piece>; 256] = {
    let mut t = [None; 256];
    let mut c = 0;
    while c < 256 {
        let ch = c as u8 as char;
        if ch.is_ascii_alphabetic() {
            t[c] = Piece::from_char(ch);
        }
        c += 1;
    }
    t
};

fn parse_board(pos: &mut Position, off: usize, board: &[u8]) -> Result<(), FenError> {
    let mut rank = 7i32;
    let mut file = 0i32;
    for (i, &c) in board.iter().enumerate() {
        let at = off + i;
        // Pieces first, from a table (most bytes of a board).
        if let Some(piece) = BOARD_PIECES[usize::from(c)] {
            if file >= 8 {
                return Err(err(FenErrorKind::RankTooLong, at));
            }
            let sq = Square::from_coords(File::new(file as u8), Rank::new(rank as u8));
            pos.put(sq, piece);
            file += 1;
            continue;
        }
        match c {
            b'/' => {
                if file < 8 {
                    return Err(err(FenErrorKind::RankTooShort, at));
                }
                rank -= 1;
                file = 0;
                if rank < 0 {
                    return Err(err(FenErrorKind::WrongRankCount, at));
                }
            }
            b'1'..=b'8' => {
                file += i32::from(c - b'0');
                if file > 8 {
                    return Err(err(FenErrorKind::RankTooLong, at));
                }
            }
            _ => return Err(err(FenErrorKind::BadPieceChar, at)),
        }
    }
    if file < 8 {
        return Err(err(FenErrorKind::RankTooShort, off + board.len()));
    }
    if rank != 0 {
        return Err(err(FenErrorKind::WrongRankCount, off + board.len()));
    }
    Ok(())
}

fn check_material(pos: &Position, off: usize) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.pieces(color, Role::King).count();
        if kings == 0 {
            return Err(err(FenErrorKind::MissingKing, off));
        }
        if kings > 1 {
            return Err(err(FenErrorKind::TooManyKings, off));
        }
        let pawns = pos.pieces(color, Role::Pawn).count();
        let extra =
            |role: Role, normal: u32| pos.pieces(color, role).count().saturating_sub(normal);
        let promoted = extra(Role::Queen, 1)
            + extra(Role::Rook, 2)
            + extra(Role::Bishop, 2)
            + extra(Role::Knight, 2);
        if pos.by_color(color).count() > 16 || pawns > 8 || promoted > 8 - pawns {
            return Err(err(FenErrorKind::TooManyPieces, off));
        }
    }
    if (pos.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
        return Err(err(FenErrorKind::PawnOnBackRank, off));
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, off: usize, s: &[u8]) -> Result<(), FenError> {
    if s == b"-" {
        return Ok(());
    }
    let mut chess960 = false;
    for (i, &c) in s.iter().enumerate() {
        let at = off + i;
        let color = Color::from_white(c.is_ascii_uppercase());
        let back = Bitboard::from_rank(color.relative_rank(Rank::First));
        let king = pos.pieces(color, Role::King) & back;
        let Some(king) = king.first() else {
            return Err(err(FenErrorKind::CastlingWithoutKingAndRook, at));
        };
        let rooks = pos.pieces(color, Role::Rook) & back;
        let rook = match c.to_ascii_lowercase() {
            b'k' => rooks.into_iter().rev().find(|r| r.file() > king.file()),
            b'q' => rooks.into_iter().find(|r| r.file() < king.file()),
            f @ b'a'..=b'h' => {
                chess960 = true;
                let sq = Square::from_coords(File::new(f - b'a'), king.rank());
                Some(sq).filter(|sq| rooks.contains(*sq))
            }
            _ => return Err(err(FenErrorKind::BadCastling, at)),
        };
        let Some(rook) = rook else {
            return Err(err(FenErrorKind::CastlingWithoutKingAndRook, at));
        };
        if king.file() != File::E || !matches!(rook.file(), File::A | File::H) {
            chess960 = true;
        }
        let same_side = (pos.castling & back)
            .into_iter()
            .any(|r| r != rook && (r.file() > king.file()) == (rook.file() > king.file()));
        if same_side {
            return Err(err(FenErrorKind::TwoCastlingRooksOnOneSide, at));
        }
        pos.castling.add(rook);
    }
    if chess960 {
        pos.mode = CastlingMode::Chess960;
    }
    Ok(())
}

fn parse_ep(pos: &mut Position, off: usize, s: &[u8]) -> Result<(), FenError> {
    if s == b"-" {
        return Ok(());
    }
    let sq = Square::from_ascii(s).ok_or(err(FenErrorKind::BadEnPassant, off))?;
    let us = pos.turn;
    let them = us.other();
    // The square a pawn of `them` skipped: rank 6 for White to move.
    let ok = sq.rank() == us.relative_rank(Rank::Sixth) && {
        let pushed = sq.offset(0, if us == Color::White { -1 } else { 1 });
        let origin = sq.offset(0, if us == Color::White { 1 } else { -1 });
        match (pushed, origin) {
            (Some(p), Some(o)) => {
                pos.pieces(them, Role::Pawn).contains(p)
                    && !pos.occupied().contains(sq)
                    && !pos.occupied().contains(o)
            }
            _ => false,
        }
    };
    if !ok {
        return Err(err(FenErrorKind::ImpossibleEnPassant, off));
    }
    if (attacks::pawn_attacks(them, sq) & pos.pieces(us, Role::Pawn)).any() {
        pos.ep_square = Some(sq);
    }
    Ok(())
}

fn parse_four(parts: &[(usize, &[u8])]) -> Result<Position, FenError> {
    let mut pos = Position::empty();
    let (off, board) = parts[0];
    parse_board(&mut pos, off, board)?;
    check_material(&pos, off)?;
    let (off, turn) = parts[1];
    pos.turn = match turn {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => return Err(err(FenErrorKind::BadTurn, off)),
    };
    let them = pos.turn.other();
    if pos
        .attackers_to(pos.king(them), pos.turn, pos.occupied())
        .any()
    {
        return Err(err(FenErrorKind::OppositeCheck, parts[0].0));
    }
    let (off, castling) = parts[2];
    parse_castling(&mut pos, off, castling)?;
    let (off, ep) = parts[3];
    parse_ep(&mut pos, off, ep)?;
    pos.update_check_info();
    pos.settle_ep_square();
    Ok(pos)
}
