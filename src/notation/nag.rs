//! Annotation glyphs and PGN numeric annotation glyphs (NAGs), both ways.
//!
//! Context decides between two readings of the same text: `+/-` after a move
//! is the evaluation `$16` ("White clearly better"), while `+/-` in place of
//! a result is a default win ([`GameResult::WhiteWinsByDefault`]). This
//! module reads it as a NAG; [`GameResult::from_ascii`] reads it as a result;
//! the caller picks by position in the movetext.
//!
//! [`GameResult::WhiteWinsByDefault`]: super::GameResult::WhiteWinsByDefault
//! [`GameResult::from_ascii`]: super::GameResult::from_ascii

use core::fmt;

use super::{ParseError, ParseErrorKind, Sink};

/// A numeric annotation glyph, `$0`..`$255`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

/// How a [`Nag`] is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum NagStyle {
    /// `$16`.
    #[default]
    Dollar,
    /// The Unicode glyph (`±`), or `$n` if there is none.
    Glyph,
    /// An ASCII glyph (`+/-`), or `$n` if there is none.
    AsciiGlyph,
}

// Glyphs, longest first within a shared start so the first match is the longest.
const GLYPHS: &[(&str, u8)] = &[
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
    ("□", 7),
    ("=/∞", 44),
    ("=/+", 15),
    ("=", 10),
    ("∞", 13),
    ("⩲", 14),
    ("+/=", 14),
    ("⩱", 15),
    ("±", 16),
    ("+/-", 16),
    ("+/\u{2212}", 16),
    ("∓", 17),
    ("-/+", 17),
    ("\u{2212}/+", 17),
    ("+-", 18),
    ("+\u{2212}", 18),
    ("-+", 19),
    ("\u{2212}+", 19),
    ("∆", 140),
    ("\u{394}", 140),
    ("⌓", 142),
    ("TN", 146),
    ("N", 146),
];

/// Whether a byte ends some glyph of [`GLYPHS`] (or a `!`/`?` mark): a
/// token ending in any other byte has no glyph glued on.
const GLYPH_LAST_BYTES: [bool; 256] = {
    let mut ends = [false; 256];
    let mut i = 0;
    while i < GLYPHS.len() {
        let g = GLYPHS[i].0.as_bytes();
        ends[g[g.len() - 1] as usize] = true;
        i += 1;
    }
    ends
};

impl Nag {
    /// Good move, `!`.
    pub const GOOD_MOVE: Nag = Nag(1);
    /// Mistake, `?`.
    pub const MISTAKE: Nag = Nag(2);
    /// Brilliant move, `!!`.
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// Blunder, `??`.
    pub const BLUNDER: Nag = Nag(4);
    /// Interesting move, `!?`.
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// Dubious move, `?!`.
    pub const DUBIOUS_MOVE: Nag = Nag(6);
    /// Only move, `□`.
    pub const ONLY_MOVE: Nag = Nag(7);

    /// Reads a glyph (`!?`, `±`, `+/-`, `=/∞`, `TN` ...) at the start of
    /// `bytes`: the NAG and the number of bytes used. The longest glyph wins.
    ///
    /// ```
    /// use movetext::notation::Nag;
    /// assert_eq!(Nag::from_glyph_prefix(b"+/- 1-0"), Some((Nag(16), 3)));
    /// assert_eq!(Nag::from_glyph_prefix("?!".as_bytes()), Some((Nag(6), 2)));
    /// ```
    pub fn from_glyph_prefix(bytes: &[u8]) -> Option<(Nag, usize)> {
        let first = *bytes.first()?;
        if !matches!(
            first,
            b'!' | b'?' | b'=' | b'+' | b'-' | b'T' | b'N' | 0xc2 | 0xce | 0xe2
        ) {
            return None;
        }
        GLYPHS
            .iter()
            .find(|(g, _)| bytes.starts_with(g.as_bytes()))
            .map(|&(g, n)| (Nag(n), g.len()))
    }

    /// Reads `$n` at the start of `bytes` (`n` up to 255, at most 3 digits).
    pub fn from_dollar_prefix(bytes: &[u8]) -> Result<(Nag, usize), ParseError> {
        if bytes.first() != Some(&b'$') {
            return Err(ParseError::new(ParseErrorKind::UnknownGlyph, 0));
        }
        let mut n: u32 = 0;
        let mut i = 1;
        while let Some(&d) = bytes.get(i) {
            if !d.is_ascii_digit() {
                break;
            }
            n = n * 10 + u32::from(d - b'0');
            if n > 255 {
                return Err(ParseError::new(ParseErrorKind::OutOfRange, 1));
            }
            i += 1;
        }
        if i == 1 {
            return Err(ParseError::new(ParseErrorKind::ExpectedDigit, 1));
        }
        Ok((Nag(n as u8), i))
    }

    /// Reads a whole token: `$n` or a glyph.
    ///
    /// ```
    /// use movetext::notation::Nag;
    /// assert_eq!(Nag::from_ascii(b"$16"), Ok(Nag(16)));
    /// assert_eq!(Nag::from_ascii("±".as_bytes()), Ok(Nag(16)));
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<Nag, ParseError> {
        if bytes.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty, 0));
        }
        let (nag, used) = if bytes[0] == b'$' {
            Nag::from_dollar_prefix(bytes)?
        } else {
            Nag::from_glyph_prefix(bytes).ok_or(ParseError::new(ParseErrorKind::UnknownGlyph, 0))?
        };
        if used != bytes.len() {
            return Err(ParseError::new(ParseErrorKind::TrailingBytes, used));
        }
        Ok(nag)
    }

    /// A glyph glued to the end of a move token (`e4!?`, `e4+/=`, `e4+-`,
    /// `e4-+`, `e4=/+`, `e4=`, `e4∞`, `e4±`, `e4N`, `e4TN`): the length of
    /// the move before it and the glyph's NAG; `None` when the token ends in
    /// no glyph. The longest glyph wins (`Qh5++/=` is `Qh5+` and `+/=`), and
    /// what a move itself ends in is left to it: `+`, `#` and `++` are
    /// check and mate marks, and the novelty `N` (or `TN`) only follows a
    /// whole move: after a pawn's move to the last rank (`e8N`, `dxe8N`,
    /// `e8=N`, `P-K8N`) `N` is the promotion piece (`e8TN` is `e8T` and the
    /// novelty: `e8` alone is no move), and after a capture mark it is the
    /// piece taken (`BxN`, `B x N`); after a suffix word (`chN`, `mateN`)
    /// it is the novelty.
    ///
    /// ```
    /// use movetext::notation::Nag;
    /// assert_eq!(Nag::split_glued("e4+/=".as_bytes()), Some((2, Nag(14))));
    /// assert_eq!(Nag::split_glued("Nf3∞".as_bytes()), Some((3, Nag(13))));
    /// assert_eq!(Nag::split_glued(b"e8N"), None);
    /// assert_eq!(Nag::split_glued(b"Qh5+"), None);
    /// ```
    pub fn split_glued(tok: &[u8]) -> Option<(usize, Nag)> {
        // Most moves end in a square's rank: no glyph ends that way.
        let &last = tok.last()?;
        if !GLYPH_LAST_BYTES[usize::from(last)] || Nag::from_ascii(tok).is_ok() {
            return None;
        }
        // `!`/`?` runs of one or two marks.
        let marks = tok
            .iter()
            .rev()
            .take_while(|&&c| matches!(c, b'!' | b'?'))
            .count();
        if marks > 0 {
            let end = tok.len() - marks;
            let (nag, used) = Nag::from_glyph_prefix(&tok[end..])?;
            return (end > 0 && used == marks).then_some((end, nag));
        }
        // A pawn's move to the last rank (`e8`, `dxe8`, `P-K8`), which a
        // promotion piece must follow.
        let promotes = |body: &[u8]| {
            matches!(
                (body.first(), body.last()),
                (Some(b'a'..=b'h' | b'P'), Some(b'1' | b'8'))
            )
        };
        // Whether a novelty `N` may follow: the body ends a whole move (a
        // square, castling, a check mark or word, a bracket, a promotion
        // piece), not a descriptive capture (`BxN` is bishop takes knight).
        let ends_move = |body: &[u8]| {
            let attached: [&[u8]; 5] = [b"ch", b"mate", b"matas", b"ep", b"e.p."];
            super::MoveSuffix::from_word(body).is_some()
                || attached.iter().any(|w| body.ends_with(w))
                || match body.last() {
                    Some(b'1'..=b'8') => !promotes(body),
                    Some(b'O' | b'0' | b'+' | b'#' | b')') => true,
                    Some(c) if c.is_ascii_uppercase() => promotes(&body[..body.len() - 1]),
                    _ => false,
                }
        };
        let mut best: Option<(usize, Nag)> = None;
        for &(g, n) in GLYPHS {
            let g = g.as_bytes();
            if tok.len() <= g.len()
                || !tok.ends_with(g)
                || best.is_some_and(|(e, _)| e <= tok.len() - g.len())
            {
                continue;
            }
            let end = tok.len() - g.len();
            let body = &tok[..end];
            match g {
                b"!" | b"?" | b"!!" | b"??" | b"!?" | b"?!" => continue,
                b"N" | b"TN" if !ends_move(body) => continue,
                _ => {}
            }
            best = Some((end, Nag(n)));
        }
        best
    }

    /// The usual Unicode glyph, if the NAG has one.
    pub fn glyph(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            7 => "□",
            10 => "=",
            13 => "∞",
            14 => "⩲",
            15 => "⩱",
            16 => "±",
            17 => "∓",
            18 => "+-",
            19 => "-+",
            44 => "=/∞",
            140 => "∆",
            142 => "⌓",
            146 => "N",
            _ => return None,
        })
    }

    /// An ASCII glyph, if the NAG has one (`+/-` for `$16`).
    pub fn ascii_glyph(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            10 => "=",
            14 => "+/=",
            15 => "=/+",
            16 => "+/-",
            17 => "-/+",
            18 => "+-",
            19 => "-+",
            146 => "N",
            _ => return None,
        })
    }

    /// Whether this is one of the move assessments `$1`..`$7`, the glyphs
    /// read directly after a move.
    pub const fn is_move_assessment(self) -> bool {
        matches!(self.0, 1..=7)
    }

    /// Writes the NAG in a style.
    pub fn write<S: Sink + ?Sized>(self, style: NagStyle, sink: &mut S) {
        let glyph = match style {
            NagStyle::Dollar => None,
            NagStyle::Glyph => self.glyph(),
            NagStyle::AsciiGlyph => self.ascii_glyph(),
        };
        match glyph {
            Some(g) => sink.push_str(g),
            None => {
                sink.push_byte(b'$');
                write_u8(self.0, sink);
            }
        }
    }
}

pub(crate) fn write_u8<S: Sink + ?Sized>(n: u8, sink: &mut S) {
    if n >= 100 {
        sink.push_byte(b'0' + n / 100);
    }
    if n >= 10 {
        sink.push_byte(b'0' + n / 10 % 10);
    }
    sink.push_byte(b'0' + n % 10);
}

impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::display_with(f, |s| self.write(NagStyle::Dollar, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ArrayBuf;

    #[test]
    fn spec_glyph_table() {
        let table: &[(&str, u8)] = &[
            ("!", 1),
            ("?", 2),
            ("!!", 3),
            ("??", 4),
            ("!?", 5),
            ("?!", 6),
            ("□", 7),
            ("=", 10),
            ("∞", 13),
            ("⩲", 14),
            ("+/=", 14),
            ("⩱", 15),
            ("=/+", 15),
            ("±", 16),
            ("+/-", 16),
            ("∓", 17),
            ("-/+", 17),
            ("+-", 18),
            ("-+", 19),
            ("=/∞", 44),
            ("∆", 140),
            ("⌓", 142),
            ("N", 146),
            ("TN", 146),
            // The seed's forms with the minus sign U+2212.
            ("\u{2212}/+", 17),
            ("+\u{2212}", 18),
            ("\u{2212}+", 19),
        ];
        for &(g, n) in table {
            assert_eq!(Nag::from_ascii(g.as_bytes()), Ok(Nag(n)), "{g}");
            assert_eq!(
                Nag::from_glyph_prefix(g.as_bytes()),
                Some((Nag(n), g.len()))
            );
        }
        // Every glyph written reads back.
        for n in 0..=255u8 {
            for style in [NagStyle::Dollar, NagStyle::Glyph, NagStyle::AsciiGlyph] {
                let mut buf = ArrayBuf::<8>::new();
                Nag(n).write(style, &mut buf);
                assert_eq!(Nag::from_ascii(buf.as_bytes()), Ok(Nag(n)), "{buf}");
            }
        }
    }

    #[test]
    fn dollar_forms_and_errors() {
        assert_eq!(Nag::from_ascii(b"$1"), Ok(Nag(1)));
        assert_eq!(Nag::from_ascii(b"$255"), Ok(Nag(255)));
        assert_eq!(Nag::from_dollar_prefix(b"$16 e4"), Ok((Nag(16), 3)));
        assert_eq!(
            Nag::from_ascii(b"$256"),
            Err(ParseError::new(ParseErrorKind::OutOfRange, 1))
        );
        assert_eq!(
            Nag::from_ascii(b"$"),
            Err(ParseError::new(ParseErrorKind::ExpectedDigit, 1))
        );
        assert_eq!(
            Nag::from_ascii(b"$1x"),
            Err(ParseError::new(ParseErrorKind::TrailingBytes, 2))
        );
        assert_eq!(
            Nag::from_ascii(b"!!!"),
            Err(ParseError::new(ParseErrorKind::TrailingBytes, 2))
        );
        assert_eq!(
            Nag::from_ascii(b"x"),
            Err(ParseError::new(ParseErrorKind::UnknownGlyph, 0))
        );
        assert_eq!(
            Nag::from_ascii(b""),
            Err(ParseError::new(ParseErrorKind::Empty, 0))
        );
        assert_eq!(Nag(16).to_string(), "$16");
        assert_eq!(Nag(16).glyph(), Some("±"));
        assert_eq!(Nag(16).ascii_glyph(), Some("+/-"));
        assert!(Nag(7).is_move_assessment() && !Nag(10).is_move_assessment());
    }

    #[test]
    fn glyphs_glued_to_moves() {
        let split = |s: &str| Nag::split_glued(s.as_bytes());
        for (tok, end, nag) in [
            ("e4+/=", 2, 14),
            ("e4+-", 2, 18),
            ("e4-+", 2, 19),
            ("e4=/+", 2, 15),
            ("e4+/-", 2, 16),
            ("e4-/+", 2, 17),
            ("e4=", 2, 10),
            ("e4∞", 2, 13),
            ("e4=/∞", 2, 44),
            ("e4±", 2, 16),
            ("e4∓", 2, 17),
            ("e4⩲", 2, 14),
            ("e4□", 2, 7),
            ("e4N", 2, 146),
            ("e4TN", 2, 146),
            ("Nf3N", 3, 146),
            ("e4!?", 2, 5),
            ("e4?", 2, 2),
            ("Qh5++/=", 4, 14),
            ("Qh5+-", 3, 18),
            ("Qh5#+-", 4, 18),
            ("e8=Q+-", 4, 18),
            ("e4\u{2212}+", 2, 19),
            ("e8TN", 3, 146),
            ("exd8TN", 5, 146),
            ("e8QN", 3, 146),
            ("e8(Q)N", 5, 146),
            ("O-ON", 3, 146),
            ("Qh5+N", 4, 146),
            ("BxN+/=", 3, 14),
            ("chN", 2, 146),
            ("e.p.N", 4, 146),
            ("Sb4chN", 5, 146),
        ] {
            assert_eq!(split(tok), Some((end, Nag(nag))), "{tok}");
        }
        // What the move itself ends in stays the move's.
        for tok in [
            "e4", "Qh5+", "Qh5#", "Qh5++", "e8N", "dxe8N", "e8=N", "exd1N", "P-K8N", "e8=Q",
            "e4!!!", "N", "+-", "TN", "O-O", "0-0-0", "Nf3ch", "BxN", "B x N", "PxN", "KtxN",
        ] {
            assert_eq!(split(tok), None, "{tok}");
        }
    }

    #[test]
    fn seed_gambit_line_glyphs() {
        // `1. d4 e5?! 2. dxe5 f6 3. e4! Nc6 4. Bc4 +/-`: the last token is $16.
        assert_eq!(Nag::from_ascii(b"+/-"), Ok(Nag(16)));
    }
}
