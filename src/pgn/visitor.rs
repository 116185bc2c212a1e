//! The push visitor: the hooks a [`Reader`](super::Reader) calls for each game.
//!
//! # Call order
//!
//! For every game the reader calls, in this order:
//!
//! 1. [`begin_game`](Visitor::begin_game) once;
//! 2. [`tag`](Visitor::tag) once per tag pair, in file order (none for a game
//!    without tags);
//! 3. [`begin_movetext`](Visitor::begin_movetext) once, also when the game has
//!    no movetext at all;
//! 4. movetext events in file order: [`move_number`](Visitor::move_number),
//!    [`san`](Visitor::san), [`move_suffix`](Visitor::move_suffix),
//!    [`null_move`](Visitor::null_move),
//!    [`nag`](Visitor::nag), [`comment`](Visitor::comment),
//!    [`begin_variation`](Visitor::begin_variation) /
//!    [`end_variation`](Visitor::end_variation) (always balanced: a variation
//!    left open at the end of the game is reported as an error and is *not*
//!    closed with `end_variation`), and at most one
//!    [`result`](Visitor::result), always the last movetext event;
//! 5. [`end_game`](Visitor::end_game) once; its value is what
//!    [`Reader::read_game`](super::Reader::read_game) returns.
//!
//! [`error`](Visitor::error) may come at any point of a game. Junk after a
//! game's result is reported before that game's `end_game`; junk before the
//! first game is reported before the first `begin_game`, with `game` 0.
//!
//! A glyph written directly after a move (`e4!?`, `Nf3±`) reaches the visitor
//! as `san(b"e4", at)` followed by `nag(Nag(5))`.
//!
//! `san` and `null_move` receive the [`Location`] of the token's first byte
//! (game, byte offset, line, column), and every [`PgnError`] holds one, so a
//! visitor that checks moves can say exactly where a bad one is.
//!
//! # Control
//!
//! Every hook but `end_game` returns a [`Control`]:
//! - [`Control::Continue`]: go on.
//! - [`Control::Skip`]: from `begin_variation`, skip that variation (no events
//!   until after its closing `)`, and no `end_variation` for it); from any other
//!   hook, skip the rest of the game: no more events except `end_game`.
//! - [`Control::Stop`]: skip the rest of the game like `Skip`, call `end_game`,
//!   and make [`Reader::read_all`](super::Reader::read_all) return after this
//!   game. The reader stays positioned at the start of the next game, so
//!   calling `read_game` again continues there.
//!
//! Skipped text is still scanned with the same rules (comments, game starts),
//! so skipping never changes where the next game begins; errors inside skipped
//! text are not reported.

use std::borrow::Cow;
use std::fmt;

/// What the reader should do after a hook returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[must_use]
pub enum Control {
    /// Go on reading normally.
    #[default]
    Continue,
    /// Skip the current variation (from `begin_variation`) or the rest of the game.
    Skip,
    /// Skip the rest of the game, end it, and stop [`read_all`](super::Reader::read_all).
    Stop,
}

/// NAGs and results are the notation layer's types: the reader hands them
/// over as [`crate::notation`] parses them.
pub use crate::notation::{GameResult, Nag};

/// A tag value as written between the quotes, escapes still in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The raw bytes, with `\"` and `\\` escapes as written.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with `\"` and `\\` unescaped (borrowed if there is no escape).
    ///
    /// ```
    /// use movetext::pgn::RawTag;
    /// assert_eq!(&*RawTag(br#"a \"b\" \\ c"#).decode(), br#"a "b" \ c"#);
    /// ```
    pub fn decode(&self) -> Cow<'a, [u8]> {
        if memchr::memchr(b'\\', self.0).is_none() {
            return Cow::Borrowed(self.0);
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut i = 0;
        while i < self.0.len() {
            let b = self.0[i];
            if b == b'\\' && i + 1 < self.0.len() && matches!(self.0[i + 1], b'"' | b'\\') {
                out.push(self.0[i + 1]);
                i += 2;
            } else {
                out.push(b);
                i += 1;
            }
        }
        Cow::Owned(out)
    }

    /// The unescaped value as text: valid UTF-8 is kept, every byte of an
    /// invalid sequence is read as Latin-1 (old databases write `Andr\xe9`).
    ///
    /// ```
    /// use movetext::pgn::RawTag;
    /// assert_eq!(RawTag(b"Andr\xe9").decode_lossy(), "André");
    /// assert_eq!(RawTag("Andrés".as_bytes()).decode_lossy(), "Andrés");
    /// ```
    pub fn decode_lossy(&self) -> Cow<'a, str> {
        match self.decode() {
            Cow::Borrowed(b) => latin1_lossy(b),
            Cow::Owned(v) => Cow::Owned(latin1_lossy(&v).into_owned()),
        }
    }
}

/// Decodes bytes as UTF-8 where valid and as Latin-1 elsewhere (never
/// fails), as Windows-1252 reads Latin-1: the bytes 0x80 to 0x9F are its
/// letters and signs (`€`, `Ž`, `š`, `“`, `–` ...), as ChessBase and other
/// Windows programs wrote them (the five bytes it leaves undefined stay the
/// control characters of Latin-1).
///
/// ```
/// assert_eq!(movetext::pgn::latin1_lossy(b"Gy\xf6rgy"), "György");
/// assert_eq!(movetext::pgn::latin1_lossy(b"\x8ealgiris \x93x\x94"), "Žalgiris “x”");
/// ```
pub fn latin1_lossy(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                // The prefix was checked by from_utf8.
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len() - good);
                for &b in &rest[good..good + bad] {
                    out.push(windows_1252(b));
                }
                rest = &rest[good + bad..];
            }
        }
    }
    Cow::Owned(out)
}

/// Appends `text` for a message, its control characters escaped (`\u{1b}`,
/// and `\n`, `\r`, `\t`) so that input read into a message cannot move
/// a terminal's cursor or hide what follows; in a `quoted` string `"` and
/// `\` are escaped too.
///
/// ```
/// let mut s = String::new();
/// movetext::pgn::escape_controls(&mut s, "e4\u{1b}[2J\"", true);
/// assert_eq!(s, "e4\\u{1b}[2J\\\"");
/// ```
pub fn escape_controls(out: &mut String, text: &str, quoted: bool) {
    use std::fmt::Write as _;
    for c in text.chars() {
        match c {
            '"' | '\\' if quoted => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// The character of a byte in Windows-1252.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// What went wrong, as reported to [`Visitor::error`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A `{` comment not closed before the end of the game (end of input or a
    /// new game's tag line). Position: the `{`.
    UnterminatedComment,
    /// A `(` not closed at the end of the game. Position: the outermost open `(`.
    UnterminatedVariation,
    /// A `)` without an open variation.
    UnmatchedParen,
    /// A `}` outside a comment.
    UnmatchedBrace,
    /// A tag whose value or `]` is missing on its line.
    UnterminatedTag,
    /// A tag line that is not `[Name "value"]`, or text after the tags on a tag line.
    MalformedTag,
    /// A token (or tag line) longer than the reader's buffer; skipped.
    TokenTooLong,
    /// A comment longer than the reader's buffer: its first bytes were handed
    /// over as the comment, the rest was skipped.
    CommentTooLong,
    /// A run of NUL bytes (skipped).
    NulBytes,
    /// Text that is neither movetext nor a tag: outside a game (junk before
    /// or between games, skipped to the end of its line), or a stray
    /// `[`...`]` inside movetext.
    Garbage,
    /// `$` not followed by a number from 0 to 255.
    InvalidNag,
    /// A `!`/`?` suffix that is no glyph (e.g. `e4!!!`); the move was kept.
    InvalidGlyph,
    /// A `{}` or `;` comment outside any game (skipped).
    CommentOutsideGame,
    /// A result token inside a variation (ignored).
    ResultInVariation,
    /// `-/-` where it does not end the game (ignored).
    MisplacedResult,
}

impl ErrorKind {
    /// A short English reason.
    pub fn reason(self) -> &'static str {
        match self {
            ErrorKind::UnterminatedComment => "unterminated comment",
            ErrorKind::UnterminatedVariation => "unterminated variation",
            ErrorKind::UnmatchedParen => "')' without an open variation",
            ErrorKind::UnmatchedBrace => "'}' outside a comment",
            ErrorKind::UnterminatedTag => "unterminated tag",
            ErrorKind::MalformedTag => "malformed tag",
            ErrorKind::TokenTooLong => "token longer than the buffer",
            ErrorKind::CommentTooLong => "comment longer than the buffer, truncated",
            ErrorKind::NulBytes => "NUL bytes",
            ErrorKind::Garbage => "text outside movetext",
            ErrorKind::InvalidNag => "invalid NAG",
            ErrorKind::InvalidGlyph => "invalid annotation glyph",
            ErrorKind::CommentOutsideGame => "comment outside a game",
            ErrorKind::ResultInVariation => "result inside a variation",
            ErrorKind::MisplacedResult => "result token before the end of the game",
        }
    }
}

/// Where a token or a problem is: game, byte offset, line and column.
///
/// Passed to [`Visitor::san`] and [`Visitor::null_move`] and held by every
/// [`PgnError`]. The reader tracks lines as it goes, so a location costs a few
/// additions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Location {
    /// 1-based number of the game (0: junk before the first game).
    pub game: u64,
    /// 0-based byte offset from the start of the input.
    pub offset: u64,
    /// 1-based line (a line ends at LF, CRLF or a lone CR).
    pub line: u64,
    /// 1-based column, counted in bytes.
    pub column: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {} (byte {})",
            self.game, self.line, self.column, self.offset
        )
    }
}

/// A problem in the input, with its exact place. Nothing is lost silently:
/// every byte the reader does not hand over as an event is covered by an error,
/// except whitespace, move-number dots and `%` escape lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnError<'a> {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where: the first byte of the offending text.
    pub at: Location,
    /// The offending bytes (at most 64 of them).
    pub token: &'a [u8],
}

impl fmt::Display for PgnError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut token = String::new();
        escape_controls(&mut token, &latin1_lossy(self.token), true);
        write!(f, "{}: {}: \"{token}\"", self.at, self.kind.reason())
    }
}

/// Receives the events of each game; every hook but `end_game` has a no-op
/// default. See the [module docs](self) for the call order.
///
/// # Examples
///
/// Counting games and moves:
///
/// ```
/// use movetext::pgn::{Control, Location, Reader, Visitor};
///
/// struct Count { moves: usize }
/// impl Visitor for Count {
///     type Output = usize;
///     fn san(&mut self, _san: &[u8], _at: Location) -> Control {
///         self.moves += 1;
///         Control::Continue
///     }
///     fn end_game(&mut self) -> usize {
///         std::mem::take(&mut self.moves)
///     }
/// }
///
/// let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let mut reader = Reader::from_slice(pgn);
/// let mut count = Count { moves: 0 };
/// let mut games = Vec::new();
/// while let Some(moves) = reader.read_game(&mut count).unwrap() {
///     games.push(moves);
/// }
/// assert_eq!(games, [3, 1]);
/// ```
pub trait Visitor {
    /// The value of one game, returned by `end_game`.
    type Output;

    /// A game begins (before its tags); `game` is its 1-based number in the
    /// input (the same as in every [`Location`] of the game).
    fn begin_game(&mut self, _game: u64) -> Control {
        Control::Continue
    }
    /// A game begins at `at`, its first byte: the `[` of its first tag, or
    /// the first byte of its movetext (a move number, a move, a comment,
    /// a result). The reader calls this; by default it is
    /// [`Visitor::begin_game`].
    fn begin_game_at(&mut self, game: u64, _at: Location) -> Control {
        self.begin_game(game)
    }
    /// A tag pair `[name "value"]`; the value still has its escapes. `at`
    /// is its `[` (for error messages: a bad `FEN` tag is reported there).
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>, _at: Location) -> Control {
        Control::Continue
    }
    /// The tags are over; movetext follows (called once per game, even when
    /// the movetext is empty).
    fn begin_movetext(&mut self) -> Control {
        Control::Continue
    }
    /// A move number: `12.` gives `(12, false)`, `12...` and `12…` give
    /// `(12, true)`. Numbers above `u32::MAX` are saturated.
    fn move_number(&mut self, _number: u32, _black: bool) -> Control {
        Control::Continue
    }
    /// A move token as written, without a trailing `!`/`?` glyph but with any
    /// `+`/`#` suffix (`Nf3`, `exd6e.p.`, `0-0`, `e2-e4`, `Sf3`, ICCF `5254`).
    /// The reader knows no chess rules: the visitor parses and checks it.
    /// `at` is the token's first byte (for error messages).
    fn san(&mut self, _san: &[u8], _at: Location) -> Control {
        Control::Continue
    }
    /// A word printed after a move and a space that says what the move did
    /// (`ch`, `Ch`, `mate`, `e.p.`, `ep`, `dis`, `dbl`, a lone `+` or `#`:
    /// see [`MoveSuffix`](crate::notation::MoveSuffix)): it belongs to the
    /// move before it (`exd6 ep`, `BxNP ch`). `at` is its first byte. A
    /// glyph glued to it (`ch!`) comes after it as a [`nag`](Visitor::nag).
    fn move_suffix(&mut self, _word: &[u8], _at: Location) -> Control {
        Control::Continue
    }
    /// A null move: `--`, `Z0` or `0000` (as written), at `at`.
    fn null_move(&mut self, _token: &[u8], _at: Location) -> Control {
        Control::Continue
    }
    /// A NAG: `$n`, or a glyph after a move or standing alone (`!?`, `±`, `+/-`).
    fn nag(&mut self, _nag: Nag) -> Control {
        Control::Continue
    }
    /// A comment: the bytes inside `{}` or after `;` up to the end of the
    /// line; also a draw offer `(=)` after a move (`( = )` too), handed on
    /// as the comment `(=)`.
    fn comment(&mut self, _comment: &[u8]) -> Control {
        Control::Continue
    }
    /// A `(` opens a variation; return `Skip` to skip it.
    fn begin_variation(&mut self) -> Control {
        Control::Continue
    }
    /// [`Visitor::begin_variation`] with the place of the `(`: the reader
    /// calls this one, which calls `begin_variation` unless overridden.
    fn begin_variation_at(&mut self, _at: Location) -> Control {
        self.begin_variation()
    }
    /// The `)` closing a variation.
    fn end_variation(&mut self) -> Control {
        Control::Continue
    }
    /// The result token that ends the game, as written and parsed.
    fn result(&mut self, _raw: &[u8], _result: GameResult) -> Control {
        Control::Continue
    }
    /// [`Visitor::result`] with the token's place: the reader calls this
    /// one, which calls `result` unless overridden.
    fn result_at(&mut self, raw: &[u8], result: GameResult, _at: Location) -> Control {
        self.result(raw, result)
    }
    /// The game ended with no result token, at `at`: where the next game's
    /// tag section begins (a hard game start), or at the end of the input.
    /// Called last before `end_game`, unless the rest of the game was
    /// skipped.
    fn no_result(&mut self, _at: Location) -> Control {
        Control::Continue
    }
    /// A problem in the input (see [`PgnError`]).
    fn error(&mut self, _error: &PgnError<'_>) -> Control {
        Control::Continue
    }
    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_control_characters() {
        let mut s = String::new();
        escape_controls(&mut s, "e\u{1b}[31m5 \"a\\b\"\u{7f}\u{9b}\u{0}\u{8}é", true);
        assert_eq!(s, "e\\u{1b}[31m5 \\\"a\\\\b\\\"\\u{7f}\\u{9b}\\u{0}\\u{8}é");
        let mut s = String::new();
        escape_controls(&mut s, "Nf3\"\t\r\n", false);
        assert_eq!(s, "Nf3\"\\t\\r\\n");
    }
}
