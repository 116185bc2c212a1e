//! From a legal move to text: SAN, FAN, LAN, UCI and ICCF writers that need
//! the position (disambiguation, captures, check and mate).

use crate::moves::Move;
use crate::position::{CastlingMode, CheckStatus, Position};
use crate::types::{Role, Square};

use super::{Iccf, SanStyle, Sink, Uci};

fn push_square<S: Sink + ?Sized>(sq: Square, sink: &mut S) {
    let [a, b] = sq.to_ascii();
    sink.push_byte(a);
    sink.push_byte(b);
}

fn write_suffix<S: Sink + ?Sized>(pos: &Position, m: Move, style: &SanStyle, sink: &mut S) {
    if style.suffix {
        match pos.check_status_after(m) {
            CheckStatus::None => {}
            CheckStatus::Check => sink.push_byte(b'+'),
            CheckStatus::Checkmate => sink.push_byte(b'#'),
        }
    }
}

/// Writes the legal move `m` of `pos` in SAN, as the style asks: minimal
/// disambiguation in the standard order (file if the files differ, else
/// rank, else both), `+`/`#` from the position. With [`SanStyle::PGN`] the
/// text is exactly python-chess's `Board.san()`; [`SanStyle::FAN`] gives
/// figurine notation. The null move is written `--`.
///
/// ```
/// use movetext::notation::{write_san, ArrayBuf, SanStyle};
/// use movetext::{Move, Position, Square};
///
/// let pos = Position::new();
/// let mut buf = ArrayBuf::<16>::new();
/// write_san(&pos, Move::normal(Square::G1, Square::F3), &SanStyle::PGN, &mut buf);
/// assert_eq!(buf.as_str(), "Nf3");
/// ```
pub fn write_san<S: Sink + ?Sized>(pos: &Position, m: Move, style: &SanStyle, sink: &mut S) {
    if m.is_null() {
        sink.push_str("--");
        return;
    }
    let turn = pos.turn();
    if let Some(side) = Position::castling_side(m) {
        style.write_castle(side, sink);
        write_suffix(pos, m, style, sink);
        return;
    }
    let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    if role == Role::Pawn {
        if capture {
            sink.push_byte(m.from().file().char() as u8);
            style.write_capture(sink);
        }
    } else {
        style.write_piece(role, turn, sink);
        if role != Role::King && pos.pieces(turn, role).more_than_one() {
            let others = pos.san_rivals(role, m);
            if others.any() {
                let from = m.from();
                let mut file = false;
                let mut rank = false;
                if (others & from.rank()).any() {
                    file = true;
                }
                if (others & from.file()).any() {
                    rank = true;
                } else {
                    file = true;
                }
                if file {
                    sink.push_byte(from.file().char() as u8);
                }
                if rank {
                    sink.push_byte(from.rank().char() as u8);
                }
            }
        }
        if capture {
            style.write_capture(sink);
        }
    }
    push_square(m.to(), sink);
    if let Some(p) = m.promotion_role() {
        style.write_promotion(p, turn, sink);
    }
    write_suffix(pos, m, style, sink);
}

/// Writes the legal move `m` of `pos` in long algebraic notation: with
/// `hyphen` exactly python-chess's `Board.lan()` (`Ng1-f3`, `Bf8xb4`,
/// `e7-e8=Q`, `O-O`, `Qh5#`-style suffixes); without it `Ng1f3`, `e2e4`.
pub fn write_lan<S: Sink + ?Sized>(
    pos: &Position,
    m: Move,
    style: &SanStyle,
    hyphen: bool,
    sink: &mut S,
) {
    if m.is_null() {
        sink.push_str("--");
        return;
    }
    let turn = pos.turn();
    if let Some(side) = Position::castling_side(m) {
        style.write_castle(side, sink);
        write_suffix(pos, m, style, sink);
        return;
    }
    let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
    if role != Role::Pawn {
        style.write_piece(role, turn, sink);
    }
    push_square(m.from(), sink);
    if pos.is_capture(m) {
        style.write_capture(sink);
    } else if hyphen {
        sink.push_byte(b'-');
    }
    push_square(m.to(), sink);
    if let Some(p) = m.promotion_role() {
        style.write_promotion(p, turn, sink);
    }
    write_suffix(pos, m, style, sink);
}

/// A notation to write legal moves in, with its options: one value that
/// writes every move of a program the same way (see [`MoveFormat::write`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveFormat {
    /// SAN as the style asks ([`write_san`]; figurines in the style give
    /// FAN).
    San(SanStyle),
    /// Long algebraic ([`write_lan`]), with a hyphen between the squares
    /// of a move that takes nothing (`Ng1-f3`) or without (`Ng1f3`).
    Lan {
        /// Piece letters, capture mark, promotion, suffix.
        style: SanStyle,
        /// `Ng1-f3` rather than `Ng1f3`.
        hyphen: bool,
    },
    /// UCI ([`write_uci`]); castling as the position's castling mode has
    /// it (`e1g1` standard, `e1h1` Chess960).
    Uci,
    /// ICCF numeric ([`write_iccf`]).
    Iccf,
    /// English descriptive ([`write_descriptive`](super::write_descriptive)).
    Descriptive,
}

impl MoveFormat {
    /// Writes the legal move `m` of `before`; the null move as `0000` in
    /// UCI, `--` in the others.
    ///
    /// ```
    /// use movetext::notation::{MoveFormat, SanStyle};
    /// use movetext::{Move, Position, Square};
    ///
    /// let pos = Position::new();
    /// let m = Move::normal(Square::G1, Square::F3);
    /// let lan = MoveFormat::Lan { style: SanStyle::PGN, hyphen: true };
    /// let written: Vec<String> = [MoveFormat::San(SanStyle::PGN), lan, MoveFormat::Uci,
    ///                             MoveFormat::Iccf, MoveFormat::Descriptive]
    ///     .iter()
    ///     .map(|f| {
    ///         let mut text = String::new();
    ///         f.write(&pos, m, &mut text);
    ///         text
    ///     })
    ///     .collect();
    /// assert_eq!(written, ["Nf3", "Ng1-f3", "g1f3", "7163", "N-KB3"]);
    /// ```
    pub fn write<S: Sink + ?Sized>(&self, before: &Position, m: Move, sink: &mut S) {
        if m.is_null() {
            sink.push_str(if *self == MoveFormat::Uci {
                "0000"
            } else {
                "--"
            });
            return;
        }
        match self {
            MoveFormat::San(style) => write_san(before, m, style, sink),
            MoveFormat::Lan { style, hyphen } => write_lan(before, m, style, *hyphen, sink),
            MoveFormat::Uci => write_uci(m, before.castling_mode(), sink),
            MoveFormat::Iccf => write_iccf(m, sink),
            MoveFormat::Descriptive => super::write_descriptive(before, m, sink),
        }
    }
}

/// The UCI form of a move: castling as `e1g1` (standard) or `e1h1`
/// (Chess960, king onto rook); the null move as `0000`.
pub fn to_uci(m: Move, mode: CastlingMode) -> Uci {
    if m.is_null() {
        return Uci::Null;
    }
    let to = if m.is_castle() && mode == CastlingMode::Standard {
        Position::castle_king_target(m)
    } else {
        m.to()
    };
    Uci::Normal {
        from: m.from(),
        to,
        promotion: m.promotion_role(),
    }
}

/// Writes a move in UCI (`e2e4`, `e7e8q`, `e1g1` or `e1h1`, `0000`).
pub fn write_uci<S: Sink + ?Sized>(m: Move, mode: CastlingMode, sink: &mut S) {
    to_uci(m, mode).write(sink);
}

/// The ICCF form of a move (castling as the king's move).
pub fn to_iccf(m: Move) -> Iccf {
    Iccf {
        from: m.from(),
        to: Position::castle_king_target(m),
        promotion: m.promotion_role(),
    }
}

/// Writes a move in ICCF numeric notation (`5254`, `17181`, `5171`).
pub fn write_iccf<S: Sink + ?Sized>(m: Move, sink: &mut S) {
    to_iccf(m).write(sink);
}
