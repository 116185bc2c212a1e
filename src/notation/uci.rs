//! UCI move notation: `e2e4`, `e7e8q`, `0000`; castling as a king move
//! (`e1g1` standard, `e1h1` Chess960).

use core::fmt;

use crate::types::{Role, Square};

use super::{ParseError, ParseErrorKind, Sink};

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

    impl Uci {
        fn from_prefix_err(b: &[u8]) -> ParseError {
            Uci::from_ascii(b).unwrap_err()
        }
    }
}
