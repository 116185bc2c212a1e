//! ICCF numeric notation: `5254` for e2-e4, promotion digit `1`=queen
//! `2`=rook `3`=bishop `4`=knight (`17181`), castling as the king's move
//! (`5171`).

use core::fmt;

use crate::types::{File, Rank, Role, Square};

use super::{ParseError, ParseErrorKind, Sink};

/// A move in ICCF numeric notation, without a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Iccf {
    /// The square left.
    pub from: Square,
    /// The square reached (`g1`/`c1` for castling: the king's move).
    pub to: Square,
    /// The promotion piece.
    pub promotion: Option<Role>,
}

fn square_at(b: &[u8], i: usize) -> Result<Square, ParseError> {
    let digit = |j: usize| match b.get(j) {
        Some(&d) if (b'1'..=b'8').contains(&d) => Ok(d - b'1'),
        _ => Err(ParseError::new(ParseErrorKind::ExpectedDigit, j)),
    };
    let f = digit(i)?;
    let r = digit(i + 1)?;
    Ok(Square::from_coords(File::new(f), Rank::new(r)))
}

impl Iccf {
    /// Parses a whole ICCF move.
    ///
    /// ```
    /// use movetext::notation::Iccf;
    /// use movetext::{Role, Square};
    /// assert_eq!(Iccf::from_ascii(b"17181"), Ok(Iccf { from: Square::A7, to: Square::A8, promotion: Some(Role::Queen) }));
    /// ```
    pub fn from_ascii(b: &[u8]) -> Result<Iccf, ParseError> {
        super::whole_token(b, Iccf::from_ascii_prefix)
    }

    /// Parses an ICCF move at the start of `b`; returns it and the bytes used.
    /// A fifth digit `1`-`4` is read as a promotion.
    pub fn from_ascii_prefix(b: &[u8]) -> Result<(Iccf, usize), ParseError> {
        let promotion = |c| match c {
            b'1' => Some(Role::Queen),
            b'2' => Some(Role::Rook),
            b'3' => Some(Role::Bishop),
            b'4' => Some(Role::Knight),
            _ => None,
        };
        let ((from, to, promotion), used) = super::squares_and_promotion(b, square_at, promotion)?;
        Ok((
            Iccf {
                from,
                to,
                promotion,
            },
            used,
        ))
    }

    /// Writes the move (`5254`, `17181`).
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        for sq in [self.from, self.to] {
            sink.push_byte(b'1' + sq.file() as u8);
            sink.push_byte(b'1' + sq.rank() as u8);
        }
        match self.promotion {
            Some(Role::Queen) => sink.push_byte(b'1'),
            Some(Role::Rook) => sink.push_byte(b'2'),
            Some(Role::Bishop) => sink.push_byte(b'3'),
            Some(Role::Knight) => sink.push_byte(b'4'),
            _ => {}
        }
    }
}

impl fmt::Display for Iccf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        let m = |from, to, promotion| Iccf {
            from,
            to,
            promotion,
        };
        assert_eq!(
            Iccf::from_ascii(b"5254"),
            Ok(m(Square::E2, Square::E4, None))
        );
        assert_eq!(
            Iccf::from_ascii(b"17181"),
            Ok(m(Square::A7, Square::A8, Some(Role::Queen)))
        );
        assert_eq!(
            Iccf::from_ascii(b"5171"),
            Ok(m(Square::E1, Square::G1, None))
        );
        for (s, p) in [
            ("27282", Role::Rook),
            ("27283", Role::Bishop),
            ("27284", Role::Knight),
        ] {
            let mv = Iccf::from_ascii(s.as_bytes()).unwrap();
            assert_eq!(mv.promotion, Some(p));
            assert_eq!(mv.to_string(), s);
        }
        assert_eq!(m(Square::H2, Square::H1, None).to_string(), "8281");
        assert_eq!(
            Iccf::from_ascii(b"5294"),
            Err(ParseError::new(ParseErrorKind::ExpectedDigit, 2))
        );
        assert_eq!(
            Iccf::from_ascii(b"525"),
            Err(ParseError::new(ParseErrorKind::ExpectedDigit, 3))
        );
        assert_eq!(
            Iccf::from_ascii(b"52545"),
            Err(ParseError::new(ParseErrorKind::TrailingBytes, 4))
        );
        assert_eq!(
            Iccf::from_ascii(b""),
            Err(ParseError::new(ParseErrorKind::Empty, 0))
        );
    }
}
