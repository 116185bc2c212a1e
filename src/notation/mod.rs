//! The notation layer: reading and writing moves, results and annotation
//! glyphs as text, one syntax per file.
//!
//! Syntax is kept apart from meaning: each parser turns bytes into a small
//! `Copy` value ([`San`], [`Lan`], [`Uci`], [`Iccf`], [`GameResult`], [`Nag`])
//! without looking at a position. Parsers take `&[u8]`, never allocate, and
//! report errors as a [`ParseError`] with the byte offset where the text went
//! wrong. The `*_prefix` entry points return the number of bytes used, so a
//! scanner can call them on its buffer without copying.
//!
//! Writers append to a [`Sink`]: a stack buffer [`ArrayBuf`], a `String`, a
//! `Vec<u8>`, or the adapters [`FmtSink`] (any `fmt::Write`) and [`IoSink`]
//! (any `io::Write`). Writers never allocate on their own.
//!
//! Piece letters come from a [`Language`] (ISO 639-1 code); figurines
//! `♔♕♖♗♘♙♚♛♜♝♞♟` are read in every language.
//!
//! Meaning needs a position: [`SanPlus::to_move`] resolves text to a legal
//! [`Move`](crate::Move) (telling illegal from ambiguous, and checking the
//! `+`/`#` claim), and [`write_san`], [`write_lan`], [`write_uci`],
//! [`write_iccf`] and [`write_descriptive`] write a legal move back;
//! [`MoveFormat`] is any of them with its options, as one value.
//! [`detect_language`] finds the letter set under which a game is legal.
//!
//! | file | syntax |
//! |---|---|
//! | `lang.rs` | piece letters of 32 languages, figurines |
//! | `san.rs` | SAN, strict (PGN export) and lenient (every book form) |
//! | `fast.rs` | the common English PGN forms, read and played fast |
//! | `lan.rs` | long algebraic `Ng1-f3` |
//! | `uci.rs` | UCI `e2e4`, `e7e8q`, `0000` |
//! | `iccf.rs` | ICCF numeric `5254` |
//! | `descriptive.rs` | English descriptive `P-K4`, `PxP` |
//! | `result.rs` | results `1-0`, `½–½`, `+/-` ... |
//! | `nag.rs` | glyphs and NAGs `!?`, `±`, `$16` |
//! | `words.rs` | suffix words printed apart from the move: `exd6 ep`, `Nf3 ch` |
//!
//! # Examples
//!
//! ```
//! use movetext::notation::{write_san, ArrayBuf, Language, ParseMode, San, SanStyle, Suffix};
//! use movetext::{Position, Role, Square};
//!
//! // Polish letters, as in the seed article: S = knight.
//! let sp = San::from_ascii("Sf3+".as_bytes(), Language::Pl, ParseMode::Lenient).unwrap();
//! assert_eq!(sp.san.role(), Some(Role::Knight));
//! assert_eq!(sp.san.to(), Some(Square::F3));
//! assert_eq!(sp.suffix, Some(Suffix::Check));
//!
//! // Resolve in the start position (the `+` is wrong: lenient mode flags it),
//! // then write it back as figurine notation, without allocating.
//! let pos = Position::new();
//! let resolved = sp.to_move(&pos, ParseMode::Lenient).unwrap();
//! let mut buf = ArrayBuf::<16>::new();
//! write_san(&pos, resolved.mv, &SanStyle::FAN, &mut buf);
//! assert_eq!(buf.as_str(), "♘f3");
//! ```

use core::fmt;

use crate::types::{Role, Square};

mod descriptive;
mod detect;
pub(crate) mod fast;
mod iccf;
mod lan;
mod lang;
mod nag;
mod resolve;
mod result;
mod san;
mod uci;
mod words;
mod write;

#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod syntax_tests;

pub use descriptive::{write_descriptive, Descriptive, DescriptivePlus, PieceName, SquareName};
pub use detect::{detect_language, fitting_languages, plays_in, LanguageSet};
pub(crate) use detect::{LanguageMemory, Reading};
pub use iccf::Iccf;
pub use lan::Lan;
pub(crate) use lang::read_figurine;
pub use lang::{Language, FIGURINES};
pub use nag::{Nag, NagStyle};
pub(crate) use resolve::suffix_holds_after;
pub use resolve::{Candidates, Resolved, SanError, SuffixVerdict};
pub use result::GameResult;
pub use san::{CastlingSide, Figurines, San, SanPlus, SanStyle, Suffix};
pub use uci::Uci;
pub use words::MoveSuffix;
pub use write::{to_iccf, to_uci, write_iccf, write_lan, write_san, write_uci, MoveFormat};

/// How forgiving a parser is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ParseMode {
    /// Only the form a PGN export writes: `Nbd7`, `exd5`, `e8=Q`, `O-O`,
    /// `+`/`#` and the PGN move glyphs `! ? !! ?? !? ?!`.
    Strict,
    /// Every input form of the notation specification: `×`/`:` captures,
    /// omitted capture marks, `ed`/`exd`, `e8Q`/`e8(Q)`/`e8/Q`,
    /// `0-0`/`OO`/`o-o`, `Pe4`, `Kt`, figurines (`♘f3`, `♘ f3`), `Nb1-c3`,
    /// `†`, `ch`, `mate`, `ep`, `(=)` ...
    #[default]
    Lenient,
}

/// What is wrong with a piece of notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The text is empty.
    Empty,
    /// Neither a piece letter, a file nor a castling form.
    ExpectedMove,
    /// A file `a`–`h` was expected.
    ExpectedFile,
    /// A rank `1`–`8` was expected.
    ExpectedRank,
    /// A destination square was expected.
    ExpectedSquare,
    /// A promotion piece (knight, bishop, rook or queen) was expected.
    ExpectedPromotion,
    /// A promotion written for a piece, or to a rank other than 1 or 8.
    UnexpectedPromotion,
    /// Castling written wrongly (`O-0`, `O-O-`).
    BadCastling,
    /// A form accepted only in [`ParseMode::Lenient`].
    LenientOnly,
    /// A digit was expected (ICCF, `$n`).
    ExpectedDigit,
    /// A number is out of range (`$300`).
    OutOfRange,
    /// Not a known result.
    UnknownResult,
    /// Not a known annotation glyph.
    UnknownGlyph,
    /// The token goes on after a complete move.
    TrailingBytes,
}

impl ParseErrorKind {
    /// A short English description.
    pub const fn message(self) -> &'static str {
        match self {
            ParseErrorKind::Empty => "empty text",
            ParseErrorKind::ExpectedMove => "expected a piece letter, a file or castling",
            ParseErrorKind::ExpectedFile => "expected a file a-h",
            ParseErrorKind::ExpectedRank => "expected a rank 1-8",
            ParseErrorKind::ExpectedSquare => "expected a destination square",
            ParseErrorKind::ExpectedPromotion => "expected a promotion piece",
            ParseErrorKind::UnexpectedPromotion => "promotion not possible here",
            ParseErrorKind::BadCastling => "malformed castling",
            ParseErrorKind::LenientOnly => "form accepted only in lenient mode",
            ParseErrorKind::ExpectedDigit => "expected a digit",
            ParseErrorKind::OutOfRange => "number out of range",
            ParseErrorKind::UnknownResult => "not a game result",
            ParseErrorKind::UnknownGlyph => "not an annotation glyph",
            ParseErrorKind::TrailingBytes => "unexpected text after the move",
        }
    }
}

/// A syntax error: what is wrong and at which byte offset of the input.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// The byte offset in the input where it went wrong.
    pub offset: usize,
}

impl ParseError {
    #[inline]
    pub(crate) const fn new(kind: ParseErrorKind, offset: usize) -> ParseError {
        ParseError { kind, offset }
    }
}

/// A whole token read with a prefix parser: any byte it leaves is an error
/// ([`ParseErrorKind::TrailingBytes`] at the first of them).
#[inline]
pub(crate) fn whole_token<T>(
    b: &[u8],
    prefix: impl FnOnce(&[u8]) -> Result<(T, usize), ParseError>,
) -> Result<T, ParseError> {
    let (value, used) = prefix(b)?;
    if used != b.len() {
        return Err(ParseError::new(ParseErrorKind::TrailingBytes, used));
    }
    Ok(value)
}

/// From-square, to-square and promotion piece.
pub(crate) type SquaresAndPromotion = (Square, Square, Option<Role>);

/// The shape UCI and ICCF share: a from-square at byte 0 and a to-square at
/// byte 2, each read by `square_at`, then a promotion byte if `promotion`
/// reads one. Gives the three and the bytes used (4 or 5).
#[inline]
pub(crate) fn squares_and_promotion(
    b: &[u8],
    square_at: impl Fn(&[u8], usize) -> Result<Square, ParseError>,
    promotion: impl Fn(u8) -> Option<Role>,
) -> Result<(SquaresAndPromotion, usize), ParseError> {
    if b.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty, 0));
    }
    let from = square_at(b, 0)?;
    let to = square_at(b, 2)?;
    let promotion = b.get(4).and_then(|&c| promotion(c));
    let used = if promotion.is_some() { 5 } else { 4 };
    Ok(((from, to, promotion), used))
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.message(), self.offset)
    }
}

impl std::error::Error for ParseError {}

/// Where writers put text. Implemented for [`ArrayBuf`], `String`,
/// `Vec<u8>`, [`FmtSink`] and [`IoSink`]; writers call nothing else, so
/// they never allocate unless the sink itself grows.
pub trait Sink {
    /// Appends a string.
    fn push_str(&mut self, s: &str);
    /// Appends one ASCII byte (a non-ASCII byte is written as `U+FFFD`).
    fn push_byte(&mut self, b: u8) {
        if b.is_ascii() {
            let buf = [b];
            // ASCII is valid UTF-8.
            self.push_str(core::str::from_utf8(&buf).unwrap_or("\u{fffd}"));
        } else {
            self.push_str("\u{fffd}");
        }
    }
}

impl Sink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        self.push(if b.is_ascii() { b as char } else { '\u{fffd}' });
    }
}

impl Sink for Vec<u8> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        if b.is_ascii() {
            self.push(b);
        } else {
            self.extend_from_slice("\u{fffd}".as_bytes());
        }
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    #[inline]
    fn push_str(&mut self, s: &str) {
        (**self).push_str(s);
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        (**self).push_byte(b);
    }
}

/// A fixed-capacity UTF-8 buffer of `N` bytes on the stack.
///
/// A string that does not fit is dropped whole and the buffer is marked
/// [`overflowed`](ArrayBuf::overflowed), so the contents stay valid UTF-8.
/// 16 bytes hold any SAN in English; 32 hold any SAN in any language with
/// figurines and suffixes.
///
/// ```
/// use movetext::notation::{ArrayBuf, Sink};
/// let mut buf = ArrayBuf::<8>::new();
/// buf.push_str("Nf3");
/// buf.push_byte(b'+');
/// assert_eq!(buf.as_str(), "Nf3+");
/// ```
#[derive(Copy, Clone)]
pub struct ArrayBuf<const N: usize> {
    buf: [u8; N],
    len: usize,
    overflowed: bool,
}

impl<const N: usize> ArrayBuf<N> {
    /// An empty buffer.
    #[inline]
    pub const fn new() -> Self {
        ArrayBuf {
            buf: [0; N],
            len: 0,
            overflowed: false,
        }
    }

    /// The text written so far.
    #[inline]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(self.as_bytes()).unwrap_or("")
    }

    /// The bytes written so far.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The number of bytes written.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is written.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether some text was dropped for lack of room.
    #[inline]
    pub const fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Empties the buffer.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.overflowed = false;
    }
}

impl<const N: usize> Default for ArrayBuf<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Sink for ArrayBuf<N> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        let b = s.as_bytes();
        if let Some(dst) = self.buf.get_mut(self.len..self.len + b.len()) {
            dst.copy_from_slice(b);
            self.len += b.len();
        } else {
            self.overflowed = true;
        }
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        if !b.is_ascii() {
            self.push_str("\u{fffd}");
        } else if self.len < N {
            self.buf[self.len] = b;
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }
}

impl<const N: usize> fmt::Debug for ArrayBuf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<const N: usize> fmt::Display for ArrayBuf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> PartialEq<str> for ArrayBuf<N> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<const N: usize> PartialEq<&str> for ArrayBuf<N> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A [`Sink`] over any `fmt::Write` (a `Formatter`, a `String`); the first
/// error is kept in `result`.
pub struct FmtSink<'a, W: fmt::Write + ?Sized> {
    /// The writer.
    pub inner: &'a mut W,
    /// `Err` once a write failed; later writes are skipped.
    pub result: fmt::Result,
}

impl<'a, W: fmt::Write + ?Sized> FmtSink<'a, W> {
    /// Wraps a writer.
    pub fn new(inner: &'a mut W) -> Self {
        FmtSink {
            inner,
            result: Ok(()),
        }
    }
}

impl<W: fmt::Write + ?Sized> Sink for FmtSink<'_, W> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        if self.result.is_ok() {
            self.result = self.inner.write_str(s);
        }
    }
}

/// A [`Sink`] over any `io::Write`; the first error is kept in `error`.
pub struct IoSink<W: std::io::Write> {
    /// The writer.
    pub inner: W,
    /// The first error, after which writes are skipped.
    pub error: Option<std::io::Error>,
}

impl<W: std::io::Write> IoSink<W> {
    /// Wraps a writer.
    pub fn new(inner: W) -> Self {
        IoSink { inner, error: None }
    }

    /// The writer back, or the first error.
    pub fn finish(self) -> std::io::Result<W> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.inner),
        }
    }
}

impl<W: std::io::Write> Sink for IoSink<W> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        if self.error.is_none() {
            if let Err(e) = self.inner.write_all(s.as_bytes()) {
                self.error = Some(e);
            }
        }
    }
}

/// Writes through `Display`.
pub(crate) fn display_with(
    f: &mut fmt::Formatter<'_>,
    write: impl FnOnce(&mut FmtSink<'_, fmt::Formatter<'_>>),
) -> fmt::Result {
    let mut sink = FmtSink::new(f);
    write(&mut sink);
    sink.result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sinks() {
        let mut a = ArrayBuf::<4>::new();
        a.push_str("ab");
        a.push_str("cde");
        assert_eq!(a.as_str(), "ab");
        assert!(a.overflowed());
        a.push_byte(b'c');
        a.push_byte(b'd');
        a.push_byte(b'e');
        assert_eq!(a.as_str(), "abcd");
        let mut s = String::new();
        s.push_byte(b'x');
        Sink::push_str(&mut s, "♘");
        assert_eq!(s, "x♘");
        let mut v = Vec::new();
        v.push_byte(b'y');
        v.push_byte(0xff);
        assert_eq!(v, "y\u{fffd}".as_bytes());
        let mut out = String::new();
        let mut f = FmtSink::new(&mut out);
        f.push_str("O-O");
        assert!(f.result.is_ok());
        assert_eq!(out, "O-O");
        let mut io = IoSink::new(Vec::new());
        io.push_str("e4");
        assert_eq!(io.finish().unwrap(), b"e4");
        let e = ParseError::new(ParseErrorKind::ExpectedRank, 2);
        assert_eq!(e.to_string(), "expected a rank 1-8 at byte 2");
    }
}
