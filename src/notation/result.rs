//! Game results: `1-0`, `0-1`, `1/2-1/2`, `*` and the other forms books use.
//!
//! `0-0` is both a forfeit result and FIDE kingside castling, and `+/-` is
//! both a default win and the evaluation `$16`: this parser reads them as
//! results; the caller decides by context (a result token ends the
//! movetext; see [`Nag`](super::Nag)).

use core::fmt;

use super::{ParseError, ParseErrorKind, Sink};

/// The outcome of a game as written after the moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`, `½-½`, `0,5-0,5`.
    Draw,
    /// `*`: unknown or still going.
    Unknown,
    /// `0-0`: both players forfeit.
    BothLose,
    /// `½-0`: White gets half a point, Black nothing.
    WhiteHalfBlackZero,
    /// `0-½`: White gets nothing, Black half a point.
    WhiteZeroBlackHalf,
    /// `+/-`: White wins by default.
    WhiteWinsByDefault,
    /// `-/+`: Black wins by default.
    BlackWinsByDefault,
    /// `-/-`: both lose by default.
    BothLoseByDefault,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Score {
    Zero,
    Half,
    One,
}

/// Reads a score at `i`: `0`, `1`, `1/2`, `½` (UTF-8, or the byte 0xBD of
/// Latin-1 and Windows-1252, as old databases write it), `0,5`, `0.5`.
fn score_at(b: &[u8], i: usize) -> Option<(Score, usize)> {
    match b.get(i..)? {
        [b'1', b'/', b'2', ..] => Some((Score::Half, 3)),
        [0xc2, 0xbd, ..] => Some((Score::Half, 2)),
        [0xbd, ..] => Some((Score::Half, 1)),
        [b'0', b',' | b'.', b'5', ..] => Some((Score::Half, 3)),
        [b'1', ..] => Some((Score::One, 1)),
        [b'0', ..] => Some((Score::Zero, 1)),
        _ => None,
    }
}

/// Reads a dash at `i`: `-`, en dash `–`, minus `−`.
fn dash_at(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i..)? {
        [b'-', ..] => Some(1),
        [0xe2, 0x80, 0x93, ..] | [0xe2, 0x88, 0x92, ..] => Some(3),
        _ => None,
    }
}

/// Reads `+`, `-` or `−` at `i`: (is plus, bytes).
fn sign_at(b: &[u8], i: usize) -> Option<(bool, usize)> {
    match b.get(i..)? {
        [b'+', ..] => Some((true, 1)),
        [b'-', ..] => Some((false, 1)),
        [0xe2, 0x88, 0x92, ..] => Some((false, 3)),
        _ => None,
    }
}

impl GameResult {
    /// Parses a whole result token.
    ///
    /// ```
    /// use movetext::notation::GameResult;
    /// assert_eq!(GameResult::from_ascii("½–½".as_bytes()), Ok(GameResult::Draw));
    /// assert_eq!(GameResult::from_ascii(b"+/-"), Ok(GameResult::WhiteWinsByDefault));
    /// ```
    pub fn from_ascii(b: &[u8]) -> Result<GameResult, ParseError> {
        super::whole_token(b, GameResult::from_ascii_prefix)
    }

    /// Parses a result at the start of `b`; returns it and the bytes used.
    pub fn from_ascii_prefix(b: &[u8]) -> Result<(GameResult, usize), ParseError> {
        let unknown = |i| Err(ParseError::new(ParseErrorKind::UnknownResult, i));
        if b.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty, 0));
        }
        if b[0] == b'*' {
            return Ok((GameResult::Unknown, 1));
        }
        if let Some((white_plus, n)) = sign_at(b, 0) {
            if b.get(n) != Some(&b'/') {
                return unknown(n);
            }
            let Some((black_plus, m)) = sign_at(b, n + 1) else {
                return unknown(n + 1);
            };
            let r = match (white_plus, black_plus) {
                (true, false) => GameResult::WhiteWinsByDefault,
                (false, true) => GameResult::BlackWinsByDefault,
                (false, false) => GameResult::BothLoseByDefault,
                (true, true) => return unknown(n + 1),
            };
            return Ok((r, n + 1 + m));
        }
        let Some((white, n)) = score_at(b, 0) else {
            return unknown(0);
        };
        let Some(d) = dash_at(b, n) else {
            return unknown(n);
        };
        let Some((black, m)) = score_at(b, n + d) else {
            return unknown(n + d);
        };
        let r = match (white, black) {
            (Score::One, Score::Zero) => GameResult::WhiteWins,
            (Score::Zero, Score::One) => GameResult::BlackWins,
            (Score::Half, Score::Half) => GameResult::Draw,
            (Score::Zero, Score::Zero) => GameResult::BothLose,
            (Score::Half, Score::Zero) => GameResult::WhiteHalfBlackZero,
            (Score::Zero, Score::Half) => GameResult::WhiteZeroBlackHalf,
            _ => return unknown(n + d),
        };
        Ok((r, n + d + m))
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2` or `*`. Default wins are
    /// written as wins; results PGN cannot express (`0-0`, `½-0`, `0-½`,
    /// `-/-`) as `*`.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByDefault => "1-0",
            GameResult::BlackWins | GameResult::BlackWinsByDefault => "0-1",
            GameResult::Draw => "1/2-1/2",
            _ => "*",
        }
    }

    /// The form that says exactly this result, in ASCII: PGN forms for the
    /// four PGN results, otherwise `0-0`, `1/2-0`, `0-1/2`, `+/-`, `-/+`, `-/-`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
            GameResult::BothLose => "0-0",
            GameResult::WhiteHalfBlackZero => "1/2-0",
            GameResult::WhiteZeroBlackHalf => "0-1/2",
            GameResult::WhiteWinsByDefault => "+/-",
            GameResult::BlackWinsByDefault => "-/+",
            GameResult::BothLoseByDefault => "-/-",
        }
    }

    /// Points as (White, Black) in half points, `None` for `*`.
    pub const fn half_points(self) -> Option<(u8, u8)> {
        Some(match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByDefault => (2, 0),
            GameResult::BlackWins | GameResult::BlackWinsByDefault => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::BothLose | GameResult::BothLoseByDefault => (0, 0),
            GameResult::WhiteHalfBlackZero => (1, 0),
            GameResult::WhiteZeroBlackHalf => (0, 1),
            GameResult::Unknown => return None,
        })
    }

    /// Writes the PGN form ([`GameResult::pgn`]).
    pub fn write_pgn<S: Sink + ?Sized>(self, sink: &mut S) {
        sink.push_str(self.pgn());
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    #[test]
    fn spec_forms() {
        let cases: &[(&str, GameResult)] = &[
            ("1-0", WhiteWins),
            ("0-1", BlackWins),
            ("1/2-1/2", Draw),
            ("½-½", Draw),
            ("*", Unknown),
            ("1–0", WhiteWins),
            ("0–1", BlackWins),
            ("½–½", Draw),
            ("0,5-0,5", Draw),
            ("0.5-0.5", Draw),
            ("0-0", BothLose),
            ("0–0", BothLose),
            ("½-0", WhiteHalfBlackZero),
            ("½–0", WhiteHalfBlackZero),
            ("0-½", WhiteZeroBlackHalf),
            ("0–½", WhiteZeroBlackHalf),
            ("+/-", WhiteWinsByDefault),
            ("-/+", BlackWinsByDefault),
            ("-/-", BothLoseByDefault),
            ("+/\u{2212}", WhiteWinsByDefault),
            ("\u{2212}/+", BlackWinsByDefault),
            ("\u{2212}/\u{2212}", BothLoseByDefault),
        ];
        for &(s, r) in cases {
            assert_eq!(GameResult::from_ascii(s.as_bytes()), Ok(r), "{s}");
            assert_eq!(GameResult::from_ascii(r.as_str().as_bytes()), Ok(r));
        }
        // `½` as the Latin-1 byte 0xBD.
        for (s, r) in [
            (&b"\xbd-\xbd"[..], Draw),
            (b"\xbd\xe2\x80\x93\xbd", Draw),
            (b"\xbd-0", WhiteHalfBlackZero),
            (b"0-\xbd", WhiteZeroBlackHalf),
        ] {
            assert_eq!(GameResult::from_ascii(s), Ok(r), "{s:?}");
        }
        assert_eq!(WhiteWins.pgn(), "1-0");
        assert_eq!(Draw.pgn(), "1/2-1/2");
        assert_eq!(BlackWinsByDefault.pgn(), "0-1");
        assert_eq!(BothLose.pgn(), "*");
        assert_eq!(Draw.half_points(), Some((1, 1)));
        assert_eq!(Unknown.half_points(), None);
        let mut s = String::new();
        Draw.write_pgn(&mut s);
        assert_eq!(s, "1/2-1/2");
        assert_eq!(WhiteHalfBlackZero.to_string(), "1/2-0");
    }

    #[test]
    fn errors() {
        let e = |k, o| Err(ParseError::new(k, o));
        assert_eq!(GameResult::from_ascii(b""), e(ParseErrorKind::Empty, 0));
        assert_eq!(
            GameResult::from_ascii(b"1-1"),
            e(ParseErrorKind::UnknownResult, 2)
        );
        assert_eq!(
            GameResult::from_ascii(b"2-0"),
            e(ParseErrorKind::UnknownResult, 0)
        );
        assert_eq!(
            GameResult::from_ascii(b"1:0"),
            e(ParseErrorKind::UnknownResult, 1)
        );
        assert_eq!(
            GameResult::from_ascii(b"+/+"),
            e(ParseErrorKind::UnknownResult, 2)
        );
        assert_eq!(
            GameResult::from_ascii(b"+-"),
            e(ParseErrorKind::UnknownResult, 1)
        );
        assert_eq!(
            GameResult::from_ascii(b"1-0 "),
            e(ParseErrorKind::TrailingBytes, 3)
        );
        assert_eq!(
            GameResult::from_ascii_prefix(b"1-0\n[Event"),
            Ok((WhiteWins, 3))
        );
        // `0-0-0` is castling, not a result.
        assert_eq!(
            GameResult::from_ascii(b"0-0-0"),
            e(ParseErrorKind::TrailingBytes, 3)
        );
    }
}
