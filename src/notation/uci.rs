//! UCI move notation: `e2e4`, `e7e8q`, `0000`; castling as a king move
//! (`e1g1` standard, `e1h1` Chess960).

use core::fmt;

use crate::types::{Role, Square};

use super::{Language, ParseError, ParseErrorKind, Sink};

/// A move in UCI notation, without a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uci {
    /// From-square, to-square and an optional promotion. Castling is the
    /// king's move: `e1g1` (standard) or `e1h1` (Chess960, onto the rook).
    Normal {
        /// The square left.
        from: Square,
        /// The square reached (the rook's square for Chess960 castling).
        to: Square,
        /// The promotion piece (`q`, `r`, `b`, `n`).
        promotion: Option<Role>,
    },
    /// The null move `0000`.
    Null,
}

fn square_at(b: &[u8], i: usize) -> Result<Square, ParseError> {
    match (b.get(i), b.get(i + 1)) {
        (Some(&f), _) if !(b'a'..=b'h').contains(&f) => {
            Err(ParseError::new(ParseErrorKind::ExpectedFile, i))
        }
        (None, _) => Err(ParseError::new(ParseErrorKind::ExpectedFile, i)),
        (Some(_), r) if !r.is_some_and(|r| (b'1'..=b'8').contains(r)) => {
            Err(ParseError::new(ParseErrorKind::ExpectedRank, i + 1))
        }
        _ => Ok(Square::from_ascii(&b[i..i + 2]).unwrap_or(Square::A1)),
    }
}

impl Uci {
    /// Parses a whole UCI move.
    ///
    /// ```
    /// use movetext::notation::Uci;
    /// use movetext::{Role, Square};
    /// assert_eq!(Uci::from_ascii(b"e7e8q"), Ok(Uci::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) }));
    /// assert_eq!(Uci::from_ascii(b"0000"), Ok(Uci::Null));
    /// ```
    pub fn from_ascii(b: &[u8]) -> Result<Uci, ParseError> {
        super::whole_token(b, Uci::from_ascii_prefix)
    }

    /// Parses a UCI move at the start of `b`; returns it and the bytes used.
    pub fn from_ascii_prefix(b: &[u8]) -> Result<(Uci, usize), ParseError> {
        if b.starts_with(b"0000") {
            return Ok((Uci::Null, 4));
        }
        let promotion = |c| match c {
            b'q' => Some(Role::Queen),
            b'r' => Some(Role::Rook),
            b'b' => Some(Role::Bishop),
            b'n' => Some(Role::Knight),
            _ => None,
        };
        let ((from, to, promotion), used) = super::squares_and_promotion(b, square_at, promotion)?;
        Ok((
            Uci::Normal {
                from,
                to,
                promotion,
            },
            used,
        ))
    }

    /// Reads coordinate notation as people type it: both squares and no
    /// piece letter, with a hyphen or a capture mark between them or
    /// nothing (`g1-f3`, `e1-e2`, `d4xe5`, `d4:e5`, `g1f3`), castling as
    /// the king's move (`e1-g1`), and a promotion piece after the squares
    /// as UCI writes it (`q r b n`) or as a letter of `lang` or a
    /// figurine, with or without `=` (`e7-e8Q`, `e7e8=Q`, `e7-e8D` in
    /// German). Whatever piece stands on the first square moves. Gives the
    /// move and the bytes used; check and mate marks after it are the
    /// caller's.
    ///
    /// ```
    /// use movetext::notation::{Language, Uci};
    /// use movetext::{Role, Square};
    /// let (m, used) = Uci::from_coordinates_prefix(b"e7-e8Q+", Language::En).unwrap();
    /// assert_eq!(m, Uci::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
    /// assert_eq!(used, 6);
    /// ```
    pub fn from_coordinates_prefix(b: &[u8], lang: Language) -> Result<(Uci, usize), ParseError> {
        if b.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty, 0));
        }
        let from = square_at(b, 0)?;
        let sep = match b.get(2..) {
            Some([b'-' | b'x' | b':', ..]) => 1,
            Some([0xc3, 0x97, ..]) => 2, // ×
            _ => 0,
        };
        let to = square_at(b, 2 + sep)?;
        let mut i = 4 + sep;
        let last_rank = matches!(
            to.rank(),
            crate::types::Rank::First | crate::types::Rank::Eighth
        );
        let mut promotion = None;
        if last_rank {
            let eq = usize::from(b.get(i) == Some(&b'='));
            let rest = b.get(i + eq..).unwrap_or_default();
            let found = match rest.first() {
                Some(b'q') => Some((Role::Queen, 1)),
                Some(b'r') => Some((Role::Rook, 1)),
                Some(b'b') => Some((Role::Bishop, 1)),
                Some(b'n') => Some((Role::Knight, 1)),
                _ => lang.read_piece(rest),
            };
            match found {
                Some((role, n)) if role.is_promotion_target() => {
                    promotion = Some(role);
                    i += eq + n;
                }
                _ if eq == 1 => {
                    return Err(ParseError::new(ParseErrorKind::ExpectedPromotion, i + 1))
                }
                _ => {}
            }
        }
        Ok((
            Uci::Normal {
                from,
                to,
                promotion,
            },
            i,
        ))
    }

    /// Writes the move (`e7e8q`, `0000`).
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match *self {
            Uci::Normal {
                from,
                to,
                promotion,
            } => {
                let [a, b] = from.to_ascii();
                let [c, d] = to.to_ascii();
                sink.push_byte(a);
                sink.push_byte(b);
                sink.push_byte(c);
                sink.push_byte(d);
                if let Some(p) = promotion {
                    sink.push_byte(p.char() as u8);
                }
            }
            Uci::Null => sink.push_str("0000"),
        }
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        let n = |from, to, promotion| Uci::Normal {
            from,
            to,
            promotion,
        };
        assert_eq!(
            Uci::from_ascii(b"e2e4"),
            Ok(n(Square::E2, Square::E4, None))
        );
        assert_eq!(
            Uci::from_ascii(b"e7e8q"),
            Ok(n(Square::E7, Square::E8, Some(Role::Queen)))
        );
        assert_eq!(
            Uci::from_ascii(b"e1g1"),
            Ok(n(Square::E1, Square::G1, None))
        );
        assert_eq!(
            Uci::from_ascii(b"e1h1"),
            Ok(n(Square::E1, Square::H1, None))
        );
        assert_eq!(Uci::from_ascii(b"0000"), Ok(Uci::Null));
        for s in ["e2e4", "e7e8q", "a2a1n", "b7b8r", "c7c8b", "0000"] {
            assert_eq!(Uci::from_ascii(s.as_bytes()).unwrap().to_string(), s);
        }
        assert_eq!(
            Uci::from_prefix_err(b"e2e9"),
            ParseError::new(ParseErrorKind::ExpectedRank, 3)
        );
        assert_eq!(
            Uci::from_prefix_err(b"i2e4"),
            ParseError::new(ParseErrorKind::ExpectedFile, 0)
        );
        assert_eq!(
            Uci::from_prefix_err(b"e2"),
            ParseError::new(ParseErrorKind::ExpectedFile, 2)
        );
        assert_eq!(
            Uci::from_prefix_err(b""),
            ParseError::new(ParseErrorKind::Empty, 0)
        );
        assert_eq!(
            Uci::from_ascii(b"e7e8k"),
            Err(ParseError::new(ParseErrorKind::TrailingBytes, 4))
        );
        assert_eq!(
            Uci::from_ascii_prefix(b"e2e4 e7e5"),
            Ok((n(Square::E2, Square::E4, None), 4))
        );
    }

    #[test]
    fn coordinates_as_typed() {
        let n = |from, to, promotion| Uci::Normal {
            from,
            to,
            promotion,
        };
        let read = |s: &str, lang| Uci::from_coordinates_prefix(s.as_bytes(), lang);
        let en = Language::En;
        assert_eq!(read("g1-f3", en), Ok((n(Square::G1, Square::F3, None), 5)));
        assert_eq!(read("e1-e2", en), Ok((n(Square::E1, Square::E2, None), 5)));
        assert_eq!(read("e1-g1", en), Ok((n(Square::E1, Square::G1, None), 5)));
        assert_eq!(read("d4xe5", en), Ok((n(Square::D4, Square::E5, None), 5)));
        assert_eq!(read("d4:e5", en), Ok((n(Square::D4, Square::E5, None), 5)));
        assert_eq!(read("d4×e5", en), Ok((n(Square::D4, Square::E5, None), 6)));
        assert_eq!(read("g1f3", en), Ok((n(Square::G1, Square::F3, None), 4)));
        let q = Some(Role::Queen);
        assert_eq!(read("e7-e8Q", en), Ok((n(Square::E7, Square::E8, q), 6)));
        assert_eq!(read("e7-e8=Q+", en), Ok((n(Square::E7, Square::E8, q), 7)));
        assert_eq!(read("e7e8q", en), Ok((n(Square::E7, Square::E8, q), 5)));
        assert_eq!(
            read("e7-e8D", Language::De),
            Ok((n(Square::E7, Square::E8, q), 6))
        );
        assert_eq!(
            read("e7-e8H", Language::Pl),
            Ok((n(Square::E7, Square::E8, q), 6))
        );
        assert_eq!(
            read("e7-e8V", Language::Lt),
            Ok((n(Square::E7, Square::E8, q), 6))
        );
        assert_eq!(
            read("a2-a1♘", en),
            Ok((n(Square::A2, Square::A1, Some(Role::Knight)), 8))
        );
        // No promotion but to the last rank; a king is none.
        assert_eq!(read("e6-e7Q", en), Ok((n(Square::E6, Square::E7, None), 5)));
        assert_eq!(read("e7-e8K", en), Ok((n(Square::E7, Square::E8, None), 5)));
        assert_eq!(
            read("e7-e8=", en),
            Err(ParseError::new(ParseErrorKind::ExpectedPromotion, 6))
        );
        assert_eq!(
            read("g1-", en),
            Err(ParseError::new(ParseErrorKind::ExpectedFile, 3))
        );
        assert_eq!(read("", en), Err(ParseError::new(ParseErrorKind::Empty, 0)));
        // Whatever stands on the first square moves: a knight here.
        let pos = crate::Position::new();
        let (m, _) = read("g1-f3", en).unwrap();
        assert_eq!(
            m.to_move(&pos),
            Ok(crate::Move::normal(Square::G1, Square::F3))
        );
    }

    impl Uci {
        fn from_prefix_err(b: &[u8]) -> ParseError {
            Uci::from_ascii(b).unwrap_err()
        }
    }
}
