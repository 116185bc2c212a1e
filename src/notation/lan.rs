//! Long algebraic notation (LAN): both squares, `e2e4`, `e2-e4`, `Nb1-c3`,
//! `Rd3xd7`, with piece letters of any language; castling as in SAN.

use core::fmt;

use crate::types::{Color, Role, Square};

use super::san::CastlingSide;
use super::{Language, ParseError, ParseErrorKind, ParseMode, San, SanStyle, Sink};

/// A move in long algebraic notation, without a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lan {
    /// A piece or pawn move with both squares.
    Normal {
        /// The moving piece.
        role: Role,
        /// The square left.
        from: Square,
        /// Whether a capture mark was written.
        capture: bool,
        /// The square reached.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling, written as in SAN.
    Castle(CastlingSide),
    /// The null move `--`.
    Null,
}

impl Lan {
    /// The LAN reading of a SAN value, if it names both squares.
    pub fn from_san(san: &San) -> Option<Lan> {
        match *san {
            San::Normal {
                role,
                file: Some(f),
                rank: Some(r),
                capture,
                to_file,
                to_rank: Some(tr),
                promotion,
            } => Some(Lan::Normal {
                role,
                from: Square::from_coords(f, r),
                capture,
                to: Square::from_coords(to_file, tr),
                promotion,
            }),
            San::Castle(side) => Some(Lan::Castle(side)),
            San::Null => Some(Lan::Null),
            _ => None,
        }
    }

    /// The same move as a (fully disambiguated) [`San`] value.
    pub fn to_san(self) -> San {
        match self {
            Lan::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role,
                file: Some(from.file()),
                rank: Some(from.rank()),
                capture,
                to_file: to.file(),
                to_rank: Some(to.rank()),
                promotion,
            },
            Lan::Castle(side) => San::Castle(side),
            Lan::Null => San::Null,
        }
    }

    /// Parses a whole LAN token; check and mate suffixes and glyphs are
    /// accepted and dropped.
    ///
    /// ```
    /// use movetext::notation::{Lan, Language};
    /// use movetext::{Role, Square};
    /// assert_eq!(Lan::from_ascii(b"Nb1-c3", Language::En), Ok(Lan::Normal {
    ///     role: Role::Knight, from: Square::B1, capture: false, to: Square::C3, promotion: None,
    /// }));
    /// ```
    pub fn from_ascii(bytes: &[u8], lang: Language) -> Result<Lan, ParseError> {
        super::whole_token(bytes, |b| Lan::from_ascii_prefix(b, lang))
    }

    /// Parses a LAN move at the start of `bytes`; returns it and the bytes
    /// used. Reads every form the lenient SAN reader reads, but requires
    /// both squares.
    pub fn from_ascii_prefix(bytes: &[u8], lang: Language) -> Result<(Lan, usize), ParseError> {
        let (sp, used) = San::from_ascii_prefix(bytes, lang, ParseMode::Lenient)?;
        match Lan::from_san(&sp.san) {
            Some(lan) => Ok((lan, used)),
            None => {
                let letter = lang.read_piece(bytes).map_or(0, |(_, n)| n);
                Err(ParseError::new(ParseErrorKind::ExpectedSquare, letter))
            }
        }
    }

    /// Writes the move: `Ng1-f3`, `Bf8xb4`, `e7-e8=Q`, `O-O` with
    /// `hyphen`; `Ng1f3`, `e2e4` without. `turn` picks figurine colours.
    pub fn write<S: Sink + ?Sized>(
        &self,
        style: &SanStyle,
        hyphen: bool,
        turn: Color,
        sink: &mut S,
    ) {
        match *self {
            Lan::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    style.write_piece(role, turn, sink);
                }
                let [a, b] = from.to_ascii();
                sink.push_byte(a);
                sink.push_byte(b);
                if capture {
                    style.write_capture(sink);
                } else if hyphen {
                    sink.push_byte(b'-');
                }
                let [c, d] = to.to_ascii();
                sink.push_byte(c);
                sink.push_byte(d);
                if let Some(p) = promotion {
                    style.write_promotion(p, turn, sink);
                }
            }
            Lan::Castle(side) => style.write_castle(side, sink),
            Lan::Null => sink.push_str("--"),
        }
    }
}

impl fmt::Display for Lan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(&SanStyle::PGN, true, Color::White, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(role: Role, from: Square, capture: bool, to: Square, promotion: Option<Role>) -> Lan {
        Lan::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        }
    }

    #[test]
    fn spec_examples() {
        let en = Language::En;
        let cases = [
            (
                "e2e4",
                n(Role::Pawn, Square::E2, false, Square::E4, None),
                "e2-e4",
            ),
            (
                "e2-e4",
                n(Role::Pawn, Square::E2, false, Square::E4, None),
                "e2-e4",
            ),
            (
                "Nb1-c3",
                n(Role::Knight, Square::B1, false, Square::C3, None),
                "Nb1-c3",
            ),
            (
                "Rd3xd7",
                n(Role::Rook, Square::D3, true, Square::D7, None),
                "Rd3xd7",
            ),
            (
                "Ng1-f3",
                n(Role::Knight, Square::G1, false, Square::F3, None),
                "Ng1-f3",
            ),
            (
                "Bf8xb4+",
                n(Role::Bishop, Square::F8, true, Square::B4, None),
                "Bf8xb4",
            ),
            (
                "e7-e8=Q",
                n(Role::Pawn, Square::E7, false, Square::E8, Some(Role::Queen)),
                "e7-e8=Q",
            ),
        ];
        for (s, lan, out) in cases {
            assert_eq!(Lan::from_ascii(s.as_bytes(), en), Ok(lan), "{s}");
            assert_eq!(lan.to_string(), out);
            assert_eq!(Lan::from_san(&lan.to_san()), Some(lan));
        }
        assert_eq!(
            Lan::from_ascii(b"O-O", en),
            Ok(Lan::Castle(CastlingSide::KingSide))
        );
        assert_eq!(
            Lan::from_ascii(b"0-0-0", en),
            Ok(Lan::Castle(CastlingSide::QueenSide))
        );
        assert_eq!(Lan::from_ascii(b"--", en), Ok(Lan::Null));
        // Other languages: Polish `Sg1-f3`, Russian `Кg1-f3`, Lithuanian `Žg1-f3`.
        for (s, lang) in [
            ("Sg1-f3", Language::Pl),
            ("Кg1-f3", Language::Ru),
            ("Žg1-f3", Language::Lt),
        ] {
            assert_eq!(
                Lan::from_ascii(s.as_bytes(), lang),
                Ok(n(Role::Knight, Square::G1, false, Square::F3, None))
            );
        }
        let mut buf = crate::notation::ArrayBuf::<16>::new();
        n(Role::Knight, Square::G1, false, Square::F3, None).write(
            &SanStyle::with_language(Language::Ru),
            false,
            Color::White,
            &mut buf,
        );
        assert_eq!(buf.as_str(), "Кg1f3");
        assert_eq!(
            Lan::from_ascii(b"Nf3", en),
            Err(ParseError::new(ParseErrorKind::ExpectedSquare, 1))
        );
        assert_eq!(
            Lan::from_ascii(b"e4", en),
            Err(ParseError::new(ParseErrorKind::ExpectedSquare, 0))
        );
    }
}
