//! The streaming reader: a state machine over an [`Input`] window that calls
//! a [`Visitor`].
//!
//! Rules beyond the [hard-game-start rule](super::split#the-hard-game-start-rule):
//! - A game begins at a `[` (tag section) or, outside any game, at a token
//!   that looks like movetext: a digit, a pawn move (`e4`, `exd5`), a piece
//!   move (`Nf3`, `Sxe5`, `Nbd7`), `O-O`, `--`, `Z0` or a figurine; or at a
//!   `*` in the first column that is alone on its line (a game with no moves
//!   whose result is unknown; `***`, `* note` and a `*` after a game's result
//!   on its line are junk). Other text
//!   outside a game is junk: reported as [`ErrorKind::Garbage`] and skipped to
//!   the end of its line; a `{}` or `;` comment outside a game is skipped whole
//!   and reported as [`ErrorKind::CommentOutsideGame`].
//! - In the tag section, each line is a tag line (one or more `[Name "value"]`),
//!   blank, a `%` escape line, or the first line of movetext. A section that
//!   begins mid-line (`1-0 [Event "x"]`) has no tag line there by the
//!   hard-game-start rule, so a tag line right after it begins a new game.
//! - In movetext, a `[` in the first column of a line ends the game (a new
//!   one begins there), as does a hard game start inside a `{` comment.
//! - A result token at variation depth 0 ends the game at once.
//!   `1-0 0-1 1/2-1/2 ½-½ * 0,5-0,5 ½-0 0-½`, their en-dash / minus-sign
//!   forms and the wins and draws with a colon (`1:0 0:1 ½:½ 1/2:1/2`) are
//!   always results. `0-0`, `+/-`, `-/+` and `-/-` are results only
//!   when they terminate the game: at depth 0 and followed (after
//!   whitespace) by the end of the input or a `[` in the first column
//!   (after byte order marks, if any);
//!   otherwise `0-0` is a move token (castling), `+/-` and `-/+` are NAGs $16
//!   and $17, and `-/-` is an error.
//! - Null moves `--`, `Z0`, `0000` go to [`Visitor::null_move`]; other digit
//!   tokens without a dot (`0-0-0`, ICCF `5254`) are move tokens.
//! - `%` lines (a `%` in the first column) are skipped. UTF-8 byte order
//!   marks at the start of a line are skipped (files joined with `cat`):
//!   the line is read after them, and judged after them by the
//!   hard-game-start rule.
//! - Limits: a token or tag line longer than the buffer is reported
//!   ([`ErrorKind::TokenTooLong`]) and skipped; a comment longer than the
//!   buffer is handed over truncated to what fits, reported
//!   ([`ErrorKind::CommentTooLong`]), and the rest skipped. Variation depth is a
//!   counter. Memory is the buffer, whatever the input; time is linear.
//! - An error's token is at most 64 bytes of the text in error, ending where
//!   that text ends (a junk line or `;` comment at its line end, a `{}`
//!   comment outside a game at its `}` or at the hard game start that ends
//!   it): it never depends on how the input was read or cut into chunks.

use std::io::{self, Read};

use super::buffer::{BufferedInput, Input, SliceInput, DEFAULT_CAPACITY};
use super::scan::{
    is_marked_tag_line, is_space, is_tag_line, line_end, simple_tag_line, strip_boms, token_end,
    BOM, MAX_TAG_LINE,
};
use super::visitor::{Control, ErrorKind, GameResult, Location, Nag, PgnError, RawTag, Visitor};
use tokens::{
    classify, looks_like_movetext, move_extent, parse_u8, terminating_result, Extent, MAX_EXTENT,
};

mod fast;
#[cfg(test)]
mod tests;
mod tokens;

/// A draw offer, as scoresheets mark it after a move (`e4 (=)`, glued
/// `e4(=)`, or typeset with spaces inside, `( = )`): handed on as a
/// comment holding these bytes, not read as a variation (a variation of a
/// lone `=` would hold no move). PGN has no token of its own for it; a
/// comment keeps it, and PGN export writes it `{(=)}`, which reads back
/// the same.
pub(crate) const DRAW_OFFER: &[u8] = b"(=)";

/// The longest draw offer read, spaces inside included (`(   =  )`).
const MAX_DRAW_OFFER: usize = 8;

/// The length of the draw offer `w` starts with, if it does: `(`, `=` and
/// `)`, with spaces and tabs between them, within [`MAX_DRAW_OFFER`]
/// bytes (see [`DRAW_OFFER`]).
fn draw_offer_at(w: &[u8]) -> Option<usize> {
    let w = &w[..w.len().min(MAX_DRAW_OFFER)];
    let blanks_from = |k: usize| {
        k + w[k..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    if w.first() != Some(&b'(') {
        return None;
    }
    let e = blanks_from(1);
    if w.get(e) != Some(&b'=') {
        return None;
    }
    let c = blanks_from(e + 1);
    (w.get(c) == Some(&b')')).then_some(c + 1)
}

/// A streaming PGN reader over an [`Input`]: a fixed buffer over any
/// `io::Read` ([`Reader::new`]) or a slice in memory ([`Reader::from_slice`]).
///
/// # Examples
///
/// ```
/// use movetext::pgn::{Control, Location, Reader, RawTag, Visitor};
///
/// /// Collects the White player of each game.
/// struct White(Option<String>);
/// impl Visitor for White {
///     type Output = Option<String>;
///     fn tag(&mut self, name: &[u8], value: RawTag<'_>, _at: Location) -> Control {
///         if name == b"White" {
///             self.0 = Some(value.decode_lossy().into_owned());
///         }
///         Control::Continue
///     }
///     fn begin_movetext(&mut self) -> Control {
///         Control::Skip // moves are not needed
///     }
///     fn end_game(&mut self) -> Option<String> {
///         self.0.take()
///     }
/// }
///
/// let pgn = "[White \"Andr\u{e9}\"]\n\n1. e4 1-0\n[White \"B\\\"C\"]\n1. d4 *";
/// let mut reader = Reader::new(pgn.as_bytes()); // any io::Read
/// let mut names = Vec::new();
/// reader.read_all(&mut White(None), |w| names.push(w)).unwrap();
/// assert_eq!(names, [Some("André".to_string()), Some("B\"C".to_string())]);
/// ```
pub struct Reader<I> {
    input: I,
    st: State,
}

#[derive(Debug, Default)]
struct State {
    /// Games begun so far (including the base of a chunk).
    games: u64,
    /// The window starts at the first byte of a line.
    line_start: bool,
    /// The last `read_game` ended with `Control::Stop`.
    stopped: bool,
    /// 1-based line of the next unread byte.
    line: u64,
    /// Absolute offset of the first byte of that line.
    line_begin: u64,
    /// The last byte read was a CR (an LF right after it ends no new line).
    pending_cr: bool,
    /// The fast paths are off: every item is read by the general code (the
    /// tests' oracle of the fast paths).
    general: bool,
    /// An input error met after a game's result: that game, whole, was
    /// given, and the error is the next `read_game`'s answer.
    failed: Option<io::Error>,
}

impl State {
    /// The location of the byte at absolute `offset`, which must be on the
    /// current line (no line end between the read position and it).
    #[inline]
    fn loc(&self, offset: u64) -> Location {
        debug_assert!(offset >= self.line_begin);
        Location {
            game: self.games,
            offset,
            line: self.line,
            // No line end between: `line_begin` is at or before `offset`.
            column: offset.wrapping_sub(self.line_begin).wrapping_add(1),
        }
    }

    /// Notes the line end byte `b` (LF or CR) at absolute `offset`;
    /// `after_cr`: the byte before it is a CR.
    #[inline]
    fn line_end(&mut self, b: u8, offset: u64, after_cr: bool) {
        if !(b == b'\n' && after_cr) {
            self.line += 1;
        }
        self.line_begin = offset + 1;
    }

    /// Notes the line end byte `w[i]`, where `w[0]` is at absolute offset
    /// `base` and the byte before it a CR if `pending_cr`.
    #[inline(always)]
    fn line_end_in(&mut self, w: &[u8], i: usize, base: u64) {
        let after_cr = if i > 0 {
            w[i - 1] == b'\r'
        } else {
            self.pending_cr
        };
        self.line_end(w[i], base + i as u64, after_cr);
    }

    /// Counts the line ends of `span`, bytes at absolute `offset` being read.
    fn count_lines(&mut self, span: &[u8], offset: u64) {
        for p in memchr::memchr2_iter(b'\n', b'\r', span) {
            self.line_end_in(span, p, offset);
        }
        if let Some(&last) = span.last() {
            self.pending_cr = last == b'\r';
        }
    }
}

/// Per-game state.
#[derive(Debug, Default)]
struct Game {
    /// The rest of the game is skipped.
    skip: bool,
    /// The variation opened at this depth is skipped (0: none).
    var_skip: u32,
    /// `Control::Stop` was returned.
    stop: bool,
    /// Variation depth.
    depth: u32,
    /// Where the outermost open `(` is.
    open_paren: Location,
    /// `skip || var_skip != 0`, kept up to date: one test per item.
    quiet: bool,
}

impl Game {
    /// A game whose items all go unreported.
    fn skipped() -> Game {
        Game {
            skip: true,
            quiet: true,
            ..Game::default()
        }
    }

    #[inline]
    fn silent(&self) -> bool {
        self.quiet
    }

    /// Notes the skip of the variation opened at `depth` (0: none).
    #[inline]
    fn set_var_skip(&mut self, depth: u32) {
        self.var_skip = depth;
        self.quiet = self.skip || depth != 0;
    }

    #[inline]
    fn apply(&mut self, c: Control) {
        match c {
            Control::Continue => {}
            Control::Skip => {
                self.skip = true;
                self.quiet = true;
            }
            Control::Stop => {
                self.skip = true;
                self.quiet = true;
                self.stop = true;
            }
        }
    }
}

enum Found {
    At(usize),
    Eof,
    Full,
}

#[derive(PartialEq, Eq)]
enum Start {
    Tags,
    Movetext,
}

/// Reports an error at `w[at..at + len]` (token cut to 64 bytes); `w[0]` is
/// at absolute offset `base` and on the current line up to `at`.
#[allow(clippy::too_many_arguments)]
fn report<V: Visitor>(
    st: &mut State,
    v: &mut V,
    g: &mut Game,
    kind: ErrorKind,
    w: &[u8],
    base: u64,
    at: usize,
    len: usize,
) {
    if g.silent() {
        return;
    }
    let at = at.min(w.len());
    let end = (at + len.min(64)).min(w.len());
    let loc = st.loc(base + at as u64);
    report_at(v, g, kind, loc, &w[at..end]);
}

fn report_at<V: Visitor>(v: &mut V, g: &mut Game, kind: ErrorKind, at: Location, token: &[u8]) {
    if g.silent() {
        return;
    }
    let err = PgnError {
        kind,
        at,
        token: &token[..token.len().min(64)],
    };
    let c = v.error(&err);
    g.apply(c);
}

impl<R: Read> Reader<BufferedInput<R>> {
    /// A reader over `inner` with a buffer of [`DEFAULT_CAPACITY`] bytes.
    pub fn new(inner: R) -> Self {
        Reader::with_capacity(DEFAULT_CAPACITY, inner)
    }

    /// A reader with a buffer of `capacity` bytes (at least
    /// 32 KiB, twice the longest tag line); the longest token and
    /// the longest comment handed over whole are a little shorter.
    pub fn with_capacity(capacity: usize, inner: R) -> Self {
        Reader::from_input(BufferedInput::with_capacity(capacity, inner))
    }
}

impl<'a> Reader<SliceInput<'a>> {
    /// A reader over bytes in memory (no copy, no length limits).
    pub fn from_slice(data: &'a [u8]) -> Self {
        Reader::from_input(SliceInput::new(data))
    }
}

struct SkipAll;

impl Visitor for SkipAll {
    type Output = ();
    fn begin_game(&mut self, _game: u64) -> Control {
        Control::Skip
    }
    fn end_game(&mut self) {}
}

impl<I: Input> Reader<I> {
    /// A reader over any [`Input`].
    pub fn from_input(input: I) -> Self {
        let st = State {
            line_start: true,
            line: input.origin_line(),
            line_begin: input.offset(),
            ..State::default()
        };
        Reader { input, st }
    }

    /// Numbers the games of this reader from `base + 1` (for a piece of a
    /// larger input that holds `base` games before it).
    pub fn with_game_base(mut self, base: u64) -> Self {
        self.st.games = base;
        self
    }

    /// Number of games begun so far (plus the base).
    pub fn games(&self) -> u64 {
        self.st.games
    }

    /// Whether the last game read ended with [`Control::Stop`].
    pub fn stopped(&self) -> bool {
        self.st.stopped
    }

    /// The underlying input.
    pub fn into_input(self) -> I {
        self.input
    }

    /// Reads the next game into `visitor`; `Ok(None)` at the end of input.
    /// Only I/O errors are `Err`: problems in the PGN go to [`Visitor::error`].
    /// An I/O error after a game's result token leaves that game whole: it
    /// is given, and the error comes from the next call.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        if let Some(e) = self.st.failed.take() {
            return Err(e);
        }
        self.st.stopped = false;
        // Most games start right where the last one's trailing blank lines
        // were skipped: at a `[`, with nothing to seek.
        let at_tag = !self.st.general && self.input.window().first() == Some(&b'[');
        let start = if at_tag {
            Start::Tags
        } else {
            match self.seek_game(v, &mut Game::default())? {
                Some(s) => s,
                None => return Ok(None),
            }
        };
        self.st.games += 1;
        let mut g = Game::default();
        let at = self.st.loc(self.input.offset());
        g.apply(v.begin_game_at(self.st.games, at));
        let movetext = match start {
            Start::Tags => self.tags(v, &mut g)?,
            Start::Movetext => true,
        };
        if !g.skip {
            g.apply(v.begin_movetext());
        }
        if movetext && self.movetext(v, &mut g)? {
            // After the result: junk up to the next game belongs to this one.
            // The game is whole: an input error there is the next answer.
            if let Err(e) = self.seek_game(v, &mut g) {
                self.st.failed = Some(e);
            }
        } else if !g.silent() {
            // At a hard game start (a tag line) or at the end of the input.
            let at = self.st.loc(self.input.offset());
            g.apply(v.no_result(at));
        }
        self.st.stopped = g.stop;
        Ok(Some(v.end_game()))
    }

    /// Skips the next game; `Ok(false)` at the end of input.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        Ok(self.read_game(&mut SkipAll)?.is_some())
    }

    /// Reads all games, passing each output to `f`, until the end of input or
    /// a [`Control::Stop`] (the stopping game's output is passed too).
    pub fn read_all<V: Visitor>(
        &mut self,
        v: &mut V,
        mut f: impl FnMut(V::Output),
    ) -> io::Result<()> {
        while let Some(out) = self.read_game(v)? {
            f(out);
            if self.st.stopped {
                break;
            }
        }
        Ok(())
    }

    /// Reports an error at `window[at..at + len]`.
    fn report<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut Game,
        kind: ErrorKind,
        at: usize,
        len: usize,
    ) {
        let Reader { input, st } = self;
        report(st, v, g, kind, input.window(), input.offset(), at, len);
    }

    /// Reads `n` bytes that hold no line end.
    #[inline]
    fn consume_plain(&mut self, n: usize) {
        if n > 0 {
            self.st.pending_cr = false;
            self.input.consume(n);
        }
    }

    /// Reads `n` bytes, counting their line ends.
    fn consume_counted(&mut self, n: usize) {
        let w = self.input.window();
        let n = n.min(w.len());
        self.st.count_lines(&w[..n], self.input.offset());
        self.input.consume(n);
    }

    /// Searches the window from `from` with `f` (which must find single bytes),
    /// refilling as needed.
    fn search(&mut self, from: usize, f: impl Fn(&[u8]) -> Option<usize>) -> io::Result<Found> {
        let mut scanned = from;
        loop {
            let w = self.input.window();
            if scanned < w.len() {
                if let Some(j) = f(&w[scanned..]) {
                    return Ok(Found::At(scanned + j));
                }
                scanned = w.len();
            }
            if !self.input.fill()? {
                return Ok(if self.input.is_eof() {
                    Found::Eof
                } else {
                    Found::Full
                });
            }
        }
    }

    /// Consumes bytes up to (not including) the first one `f` finds, or to the
    /// end; `f` must stop at line ends (the skipped bytes hold none).
    fn skip_until(&mut self, f: impl Fn(&[u8]) -> Option<usize>) -> io::Result<()> {
        loop {
            match self.search(0, &f)? {
                Found::At(j) => {
                    self.consume_plain(j);
                    return Ok(());
                }
                Found::Eof => {
                    let n = self.input.window().len();
                    self.consume_plain(n);
                    return Ok(());
                }
                Found::Full => {
                    let n = self.input.window().len();
                    self.consume_plain(n);
                }
            }
        }
    }

    /// Length of an error token that runs to its line end, at most 64 bytes,
    /// at the window start: refills first, so that the token does not
    /// depend on how the input was read.
    fn line_token_len(&mut self) -> io::Result<usize> {
        let n = self.ensure(64)?.min(64);
        let w = &self.input.window()[..n];
        Ok(line_end(w).unwrap_or(n))
    }

    /// Whether the window starts with a `*` followed by nothing but spaces
    /// up to its line end or the end of input (within 64 bytes).
    fn lone_star(&mut self) -> io::Result<bool> {
        let n = self.ensure(64)?;
        let w = &self.input.window()[..n.min(64)];
        let rest = &w[1..];
        let end = match line_end(rest) {
            Some(e) => e,
            None if n < 64 => rest.len(),
            None => return Ok(false),
        };
        Ok(rest[..end].iter().all(|&b| is_space(b)))
    }

    /// The byte order marks at the window's start: their length in bytes,
    /// and the byte after them (None at the end of input, or past what the
    /// buffer holds).
    fn marks(&mut self) -> io::Result<(usize, Option<u8>)> {
        let mut n = 0;
        loop {
            self.ensure(n + BOM.len() + 1)?;
            let w = self.input.window();
            if !w[n..].starts_with(BOM) {
                return Ok((n, w.get(n).copied()));
            }
            n += BOM.len();
        }
    }

    /// The length of the draw offer the window starts with, if it does
    /// (see [`draw_offer_at`]), judged on as many bytes as the longest
    /// one has (or all that is left of the input).
    fn draw_offer(&mut self) -> io::Result<Option<usize>> {
        self.ensure(MAX_DRAW_OFFER)?;
        Ok(draw_offer_at(self.input.window()))
    }

    /// Whether the window starts with a byte order mark.
    fn at_bom(&mut self) -> io::Result<bool> {
        self.ensure(BOM.len())?;
        Ok(self.input.window().starts_with(BOM))
    }

    /// Makes at least `n` bytes available if the input has them; returns the window length.
    fn ensure(&mut self, n: usize) -> io::Result<usize> {
        while self.input.window().len() < n && self.input.fill()? {}
        Ok(self.input.window().len())
    }

    /// Skips whitespace (tracking lines and line starts); returns the next
    /// byte, None at EOF.
    fn skip_ws(&mut self) -> io::Result<Option<u8>> {
        loop {
            let Reader { input, st } = self;
            let w = input.window();
            let base = input.offset();
            let mut i = 0;
            let mut next = None;
            while i < w.len() {
                let b = w[i];
                if !is_space(b) {
                    next = Some(b);
                    break;
                }
                let eol = b == b'\n' || b == b'\r';
                if eol {
                    st.line_end_in(w, i, base);
                }
                st.line_start = eol;
                i += 1;
            }
            if i > 0 {
                st.pending_cr = w[i - 1] == b'\r';
                input.consume(i);
            }
            if next.is_some() {
                return Ok(next);
            }
            if !self.input.fill()? {
                return Ok(None);
            }
        }
    }

    /// Consumes the line ends (LF, CR) at the window start: the blank
    /// lines between games, counted by [`State::line_end`].
    fn skip_line_ends(&mut self) {
        let Reader { input, st } = self;
        let w = input.window();
        let base = input.offset();
        let mut i = 0;
        while let Some(&b) = w.get(i).filter(|&&b| b == b'\n' || b == b'\r') {
            st.line_end(b, base + i as u64, st.pending_cr);
            st.pending_cr = b == b'\r';
            i += 1;
        }
        if i > 0 {
            st.line_start = true;
            input.consume(i);
        }
    }

    /// Consumes one line end (LF, CRLF or CR) at the window start, if any.
    fn consume_eol(&mut self) -> io::Result<()> {
        self.ensure(1)?;
        let off = self.input.offset();
        match self.input.window().first() {
            Some(b'\n') => {
                self.st.line_end(b'\n', off, self.st.pending_cr);
                self.st.pending_cr = false;
                self.input.consume(1);
            }
            Some(b'\r') => {
                self.st.line_end(b'\r', off, false);
                self.st.pending_cr = true;
                self.input.consume(1);
                self.ensure(1)?;
                if self.input.window().first() == Some(&b'\n') {
                    self.st.line_end(b'\n', off + 1, true);
                    self.st.pending_cr = false;
                    self.input.consume(1);
                }
            }
            _ => {}
        }
        self.st.line_start = true;
        Ok(())
    }

    /// Between games: skips whitespace, BOM, `%` lines and junk; finds how the
    /// next game starts (None at EOF).
    fn seek_game<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<Option<Start>> {
        if self.input.offset() == 0 && self.at_bom()? {
            self.consume_plain(BOM.len());
        }
        if !self.st.general {
            // The blank lines after a game, then its successor's `[`.
            self.skip_line_ends();
            if self.input.window().first() == Some(&b'[') {
                return Ok(Some(Start::Tags));
            }
        }
        loop {
            let b = match self.skip_ws()? {
                Some(b) => b,
                None => return Ok(None),
            };
            let line_start = self.st.line_start;
            self.st.line_start = false;
            match b {
                b'[' => {
                    self.st.line_start = line_start;
                    return Ok(Some(Start::Tags));
                }
                b'%' if line_start => self.skip_until(line_end)?,
                // A byte order mark at a line's start: files joined with `cat`.
                0xef if line_start && self.at_bom()? => {
                    self.consume_plain(BOM.len());
                    self.st.line_start = true;
                }
                // A `*` alone on its line: a game with no moves, its result
                // unknown. Anywhere else (`***`, `* note`, `1-0 *`) it is
                // text outside a game.
                b'*' if line_start && self.lone_star()? => {
                    self.st.line_start = true;
                    return Ok(Some(Start::Movetext));
                }
                b';' => {
                    let len = self.line_token_len()?;
                    self.report(v, g, ErrorKind::CommentOutsideGame, 0, len);
                    self.skip_until(line_end)?;
                }
                b'{' => {
                    // The token is the comment (up to its `}`, the hard game
                    // start that ends it, or the end of input), at most 64
                    // bytes: its first bytes are kept, reported once its end
                    // is known.
                    let n = self.ensure(64)?.min(64);
                    let mut head = [0u8; 64];
                    head[..n].copy_from_slice(&self.input.window()[..n]);
                    let start = self.input.offset();
                    let loc = self.st.loc(start);
                    let mut quiet = Game::skipped();
                    self.comment(v, &mut quiet)?;
                    let len = (self.input.offset() - start).min(n as u64) as usize;
                    report_at(v, g, ErrorKind::CommentOutsideGame, loc, &head[..len]);
                }
                _ => {
                    let n = self.ensure(4)?;
                    let w = self.input.window();
                    if looks_like_movetext(&w[..n.min(4)]) {
                        self.st.line_start = line_start;
                        return Ok(Some(Start::Movetext));
                    }
                    let len = self.line_token_len()?;
                    self.report(v, g, ErrorKind::Garbage, 0, len);
                    self.skip_until(line_end)?;
                }
            }
        }
    }

    /// The tag section, line by line, from a line start. Returns whether
    /// movetext follows (false: the game ended at a new game or at EOF).
    fn tags<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<bool> {
        let mut prev_tag = false;
        let mut first = true;
        // A section that begins mid-line (after a result or a comment on the
        // same line: `1-0 [Event "x"]`) is on a line that is no tag line by
        // the hard-game-start rule, whatever follows the `[`: the next tag line
        // is a hard game start, and begins a new game here too.
        let mut at_line_start = self.st.line_start;
        loop {
            // The common `[Name "value"]` lines, their line ends in the
            // window: judged, parsed and read in one loop over the window,
            // which is consumed once after it (the next line's start is a
            // register, not a field written and read back).
            if !self.st.general {
                let Reader { input, st } = self;
                let w = input.window();
                let base = input.offset();
                let mut p = 0;
                // The game ended at a tag line; a line ended by a lone CR
                // or by a CR at the window's end.
                let (mut ended, mut cr) = (false, false);
                while let Some((name_end, len)) = simple_tag_line(&w[p..]) {
                    if !prev_tag && !first {
                        ended = true;
                        break;
                    }
                    let line = &w[p..];
                    if !g.skip {
                        let at = st.loc(base + p as u64);
                        let c = v.tag(&line[1..name_end], RawTag(&line[name_end + 2..len - 2]), at);
                        g.apply(c);
                    }
                    prev_tag = at_line_start;
                    first = false;
                    at_line_start = true;
                    // The byte before the line end is the `]`: an LF, or a
                    // CRLF both in the window, is one line end (as
                    // `consume_eol` reads it).
                    let eol = if line[len] == b'\n' {
                        1
                    } else if line.get(len + 1) == Some(&b'\n') {
                        2
                    } else {
                        p += len;
                        cr = true;
                        break;
                    };
                    p += len + eol;
                    st.line += 1;
                    st.line_begin = base + p as u64;
                }
                // A blank line after the tags (LF or CRLF), then a line
                // that begins no tag, `%` line or blank line: the movetext
                // begins there, as the general code below finds it.
                if p > 0 && !ended && !cr {
                    let blank = match (w.get(p), w.get(p + 1)) {
                        (Some(b'\n'), _) => 1,
                        (Some(b'\r'), Some(b'\n')) => 2,
                        _ => 0,
                    };
                    let next = w.get(p + blank).copied();
                    if blank > 0
                        && next.is_some_and(|c| {
                            !matches!(c, b'[' | b'%' | b'\n' | b'\r' | b' ' | b'\t' | 0xef)
                        })
                    {
                        let p = p + blank;
                        st.line += 1;
                        st.line_begin = base + p as u64;
                        st.pending_cr = false;
                        st.line_start = true;
                        input.consume(p);
                        return Ok(true);
                    }
                }
                if p > 0 {
                    // Each line read ended at its line end, but the last
                    // when `cr`: none ends in a CR or begins mid-line.
                    st.pending_cr = false;
                    st.line_start = !cr;
                    input.consume(p);
                }
                if ended {
                    self.st.line_start = true;
                    return Ok(false);
                }
                if cr {
                    self.consume_eol()?;
                    continue;
                }
            }
            // A line whose first byte after its blanks is in the window and
            // begins no tag, `%` line or blank line: the movetext begins,
            // as below, without searching for the end of this line (the
            // whole movetext of a lichess game is one line).
            if !self.st.general {
                let w = self.input.window();
                if let Some(t) = w.iter().position(|&b| b != b' ' && b != b'\t') {
                    let b = w[t];
                    let tags_or_blank =
                        matches!(b, b'[' | b'\n' | b'\r') || (t == 0 && matches!(b, b'%' | 0xef));
                    if !tags_or_blank {
                        self.consume_plain(t);
                        self.st.line_start = t == 0;
                        return Ok(true);
                    }
                }
            }
            let (len, has_eol) = match self.search(0, line_end)? {
                Found::At(e) => (e, true),
                Found::Eof => (self.input.window().len(), false),
                Found::Full => {
                    // A line longer than the buffer.
                    let w = self.input.window();
                    let t = w.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(0);
                    if w[t] != b'[' {
                        self.st.line_start = t == 0;
                        return Ok(true);
                    }
                    self.report(v, g, ErrorKind::TokenTooLong, t, 64);
                    self.skip_until(line_end)?;
                    self.consume_eol()?;
                    prev_tag = false;
                    first = false;
                    continue;
                }
            };
            let w = self.input.window();
            let line = &w[..len];
            // Byte order marks that begin a line (files joined with `cat`):
            // the line is judged after them, as the hard-game-start rule
            // judges it; a game that begins there begins before them.
            if at_line_start && line.starts_with(BOM) {
                if !prev_tag && !first && is_marked_tag_line(line) {
                    self.st.line_start = true;
                    return Ok(false);
                }
                let marks = line.len() - strip_boms(line).len();
                self.consume_plain(marks);
                continue;
            }
            let t = line.iter().position(|&b| b != b' ' && b != b'\t');
            match t {
                None => {
                    // Blank line (or the end of input).
                    if !has_eol && len == w.len() {
                        self.consume_plain(len);
                        return Ok(false);
                    }
                    prev_tag = false;
                }
                Some(t) if line[t] == b'[' => {
                    // The common `[Name "value"]` is judged and parsed in one pass.
                    let simple = if t == 0 { simple_tag(line) } else { None };
                    let tag_line = simple.is_some() || (t == 0 && is_tag_line(line));
                    if tag_line && !prev_tag && !first {
                        self.st.line_start = true;
                        return Ok(false);
                    }
                    match simple {
                        Some((name_end, value_start)) => {
                            if !g.skip {
                                let value = RawTag(&line[value_start..len - 2]);
                                let at = self.st.loc(self.input.offset());
                                let c = v.tag(&line[1..name_end], value, at);
                                g.apply(c);
                            }
                        }
                        None => self.tag_line(v, g, len),
                    }
                    prev_tag = tag_line && at_line_start;
                }
                Some(0) if line[0] == b'%' => prev_tag = false,
                Some(t) => {
                    self.consume_plain(t);
                    self.st.line_start = t == 0;
                    return Ok(true);
                }
            }
            first = false;
            at_line_start = true;
            self.consume_plain(len);
            if !has_eol {
                return Ok(false);
            }
            self.consume_eol()?;
        }
    }

    /// Parses the tags of `window[..len]`, a line holding `[`.
    fn tag_line<V: Visitor>(&mut self, v: &mut V, g: &mut Game, len: usize) {
        let w = self.input.window();
        let line = &w[..len];
        let ws = |b: u8| b == b' ' || b == b'\t';
        let mut i = 0;
        loop {
            while i < len && ws(line[i]) {
                i += 1;
            }
            if i >= len {
                return;
            }
            if line[i] != b'[' {
                self.report(v, g, ErrorKind::MalformedTag, i, len - i);
                return;
            }
            let open = i;
            let mut j = i + 1;
            while j < len && ws(line[j]) {
                j += 1;
            }
            let name_start = j;
            while j < len && !ws(line[j]) && line[j] != b'"' && line[j] != b']' {
                j += 1;
            }
            let name = &line[name_start..j];
            while j < len && ws(line[j]) {
                j += 1;
            }
            if name.is_empty() || j >= len || line[j] != b'"' {
                let kind = if j >= len {
                    ErrorKind::UnterminatedTag
                } else {
                    ErrorKind::MalformedTag
                };
                self.report(v, g, kind, open, len - open);
                return;
            }
            j += 1;
            let value_start = j;
            while j < len && line[j] != b'"' {
                j += if line[j] == b'\\' { 2 } else { 1 };
            }
            let mut value_end = j.min(len);
            let mut k = value_end + 1;
            while k < len && ws(line[k]) {
                k += 1;
            }
            if k >= len || line[k] != b']' {
                // An unescaped quote inside the value: take the last `"]` instead.
                match memchr::memmem::find(&line[value_start..], b"\"]") {
                    Some(q) => {
                        value_end = value_start + q;
                        k = value_end + 1;
                    }
                    None => {
                        self.report(v, g, ErrorKind::UnterminatedTag, open, len - open);
                        return;
                    }
                }
            }
            if !g.skip {
                let at = self.st.loc(self.input.offset() + open as u64);
                let c = v.tag(name, RawTag(&line[value_start..value_end]), at);
                g.apply(c);
            }
            i = k + 1;
        }
    }

    /// The movetext, until the game ends (the window is then at the next
    /// game's `[` or at EOF).
    fn movetext<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<bool> {
        let mut result = false;
        loop {
            // The common items, straight from the window; the rest (and
            // anything needing a refill) one at a time below.
            if !self.st.general && self.movetext_fast(v, g) {
                result = true;
                break;
            }
            let Some(b) = self.skip_ws()? else {
                break;
            };
            let line_start = self.st.line_start;
            self.st.line_start = false;
            let over = match b {
                b'{' => self.comment(v, g)?,
                b'(' => match self.draw_offer()? {
                    Some(len) => {
                        if !g.silent() {
                            g.apply(v.comment(DRAW_OFFER));
                        }
                        self.consume_plain(len);
                        false
                    }
                    None => {
                        g.depth += 1;
                        if g.depth == 1 {
                            g.open_paren = self.st.loc(self.input.offset());
                        }
                        if !g.silent() {
                            match v.begin_variation_at(self.st.loc(self.input.offset())) {
                                Control::Skip => g.set_var_skip(g.depth),
                                c => g.apply(c),
                            }
                        }
                        self.consume_plain(1);
                        false
                    }
                },
                b')' => {
                    if g.depth == 0 {
                        self.report(v, g, ErrorKind::UnmatchedParen, 0, 1);
                    } else {
                        if g.var_skip == g.depth {
                            g.set_var_skip(0);
                        } else if !g.silent() {
                            g.apply(v.end_variation());
                        }
                        g.depth -= 1;
                    }
                    self.consume_plain(1);
                    false
                }
                b'}' => {
                    self.report(v, g, ErrorKind::UnmatchedBrace, 0, 1);
                    self.consume_plain(1);
                    false
                }
                b';' => {
                    self.line_comment(v, g)?;
                    false
                }
                b'%' if line_start => {
                    self.skip_until(line_end)?;
                    false
                }
                b'[' if line_start => {
                    self.st.line_start = true;
                    true
                }
                // Byte order marks at a line's start (files joined with
                // `cat`): skipped, the line still at its start; when a `[`
                // follows them, the game ends before them (where the
                // hard-game-start rule puts the next one).
                0xef if line_start && self.at_bom()? => {
                    let (marks, next) = self.marks()?;
                    self.st.line_start = true;
                    if next != Some(b'[') {
                        self.consume_plain(marks);
                    }
                    next == Some(b'[')
                }
                b'[' => {
                    // A stray `[...]` inside movetext: garbage up to `]` on its line.
                    let len = match self.search(1, |s| memchr::memchr3(b']', b'\n', b'\r', s))? {
                        Found::At(j) if self.input.window()[j] == b']' => j + 1,
                        Found::At(j) => j,
                        Found::Eof | Found::Full => self.input.window().len(),
                    };
                    self.report(v, g, ErrorKind::Garbage, 0, len);
                    self.consume_plain(len);
                    false
                }
                b'$' => {
                    self.nag(v, g)?;
                    false
                }
                0 => {
                    self.report(v, g, ErrorKind::NulBytes, 0, 1);
                    self.skip_until(|s| s.iter().position(|&b| b != 0))?;
                    false
                }
                _ => {
                    let over = self.token(v, g)?;
                    result = over;
                    over
                }
            };
            if over {
                break;
            }
        }
        if g.depth > 0 && !g.skip {
            g.set_var_skip(0);
            let loc = g.open_paren;
            report_at(v, g, ErrorKind::UnterminatedVariation, loc, b"(");
        }
        Ok(result)
    }

    /// A `{` comment at the window start. Returns true if a hard game start
    /// inside it ended the game.
    fn comment<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<bool> {
        let mut scanned = 1;
        // Where the comment began, once it has been truncated.
        let mut truncated: Option<Location> = None;
        loop {
            let w = self.input.window();
            match memchr::memchr3(b'}', b'\n', b'\r', &w[scanned.min(w.len())..])
                .map(|j| scanned + j)
            {
                Some(k) if w[k] == b'}' => {
                    if truncated.is_none() && !g.silent() {
                        let c = v.comment(&w[1..k]);
                        g.apply(c);
                    }
                    self.consume_counted(k + 1);
                    return Ok(false);
                }
                Some(k) => {
                    let ls = k + 1;
                    if ls < w.len() && !matches!(w[ls], b'[' | 0xef) {
                        scanned = ls;
                        continue;
                    }
                    match judge_line(&w[ls..], self.input.is_eof()) {
                        Some(false) => {
                            scanned = ls;
                            continue;
                        }
                        Some(true) => {
                            // A new game starts inside the comment.
                            self.unterminated_comment(v, g, ls, truncated);
                            self.consume_counted(ls);
                            self.st.line_start = true;
                            return Ok(true);
                        }
                        None => scanned = k,
                    }
                }
                None => scanned = w.len(),
            }
            if self.input.fill()? {
                continue;
            }
            let w = self.input.window();
            if self.input.is_eof() && scanned < w.len() {
                // The end of input was only learnt now: a last line that
                // could not be judged without it (no line end) is judged again.
                continue;
            }
            if self.input.is_eof() {
                let n = w.len();
                self.unterminated_comment(v, g, n, truncated);
                self.consume_counted(n);
                return Ok(true);
            }
            // The buffer is full: hand over what fits, skip the rest (keeping
            // a line end whose next line is still to be judged).
            let keep = scanned;
            if truncated.is_none() {
                truncated = Some(self.st.loc(self.input.offset()));
                if !g.silent() {
                    let c = v.comment(&w[1..keep]);
                    g.apply(c);
                }
                self.report(v, g, ErrorKind::CommentTooLong, 0, 64);
            }
            self.consume_counted(keep);
            scanned = 0;
        }
    }

    /// Reports a comment running into the end of the game at `window[end]`.
    fn unterminated_comment<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut Game,
        end: usize,
        truncated: Option<Location>,
    ) {
        match truncated {
            None => {
                if !g.silent() {
                    let c = v.comment(&self.input.window()[1..end]);
                    g.apply(c);
                }
                self.report(v, g, ErrorKind::UnterminatedComment, 0, end);
            }
            Some(loc) => report_at(v, g, ErrorKind::UnterminatedComment, loc, b"{"),
        }
    }

    /// A `;` comment at the window start, to the end of its line.
    fn line_comment<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<()> {
        let end = match self.search(1, line_end)? {
            Found::At(e) => e,
            Found::Eof => self.input.window().len(),
            Found::Full => {
                if !g.silent() {
                    let c = v.comment(&self.input.window()[1..]);
                    g.apply(c);
                }
                self.report(v, g, ErrorKind::CommentTooLong, 0, 64);
                self.skip_until(line_end)?;
                return Ok(());
            }
        };
        if !g.silent() {
            let c = v.comment(&self.input.window()[1..end]);
            g.apply(c);
        }
        self.consume_plain(end);
        Ok(())
    }

    /// `$n` at the window start.
    fn nag<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<()> {
        let len = match self.search(1, token_end)? {
            Found::At(j) => j,
            Found::Eof => self.input.window().len(),
            Found::Full => {
                self.report(v, g, ErrorKind::TokenTooLong, 0, 64);
                self.consume_plain(1);
                return self.skip_until(token_end);
            }
        };
        let digits = &self.input.window()[1..len];
        match parse_u8(digits) {
            Some(n) => {
                if !g.silent() {
                    g.apply(v.nag(Nag(n)));
                }
            }
            None => self.report(v, g, ErrorKind::InvalidNag, 0, len),
        }
        self.consume_plain(len);
        Ok(())
    }

    /// Any other token at the window start. Returns true if it ended the game.
    fn token<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> io::Result<bool> {
        let len = match self.search(0, token_end)? {
            Found::At(j) => j,
            Found::Eof => self.input.window().len(),
            Found::Full => {
                self.report(v, g, ErrorKind::TokenTooLong, 0, 64);
                self.skip_until(token_end)?;
                return Ok(false);
            }
        };
        if len == 0 {
            // A delimiter with no meaning of its own here (a stray `]`).
            self.report(v, g, ErrorKind::Garbage, 0, 1);
            self.consume_plain(1);
            return Ok(false);
        }
        let w = self.input.window();
        if g.depth == 0 && len <= 16 {
            if let Some(r) = terminating_result(&w[..len]) {
                return self.ambiguous(v, g, len, r);
            }
        }
        // A move printed past its first delimiter (`e8(Q)`, `P x P`): the
        // bytes that may hold the rest, read first, and one more, so that a
        // window no longer than that ends where the input does.
        self.ensure(len + MAX_EXTENT + 1)?;
        let eof = self.input.is_eof();
        let len = match move_extent(self.input.window(), 0, len, eof) {
            Extent::To(k) => k,
            Extent::Token | Extent::More => len,
        };
        let Reader { input, st } = self;
        let over = classify(st, v, g, input.window(), input.offset(), 0, len);
        self.consume_plain(len);
        Ok(over)
    }

    /// `0-0`, `+/-`, `-/+`, `-/-` at depth 0: a result only if the game ends after it.
    fn ambiguous<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut Game,
        len: usize,
        r: GameResult,
    ) -> io::Result<bool> {
        let mut buf = [0u8; 16];
        buf[..len].copy_from_slice(&self.input.window()[..len]);
        let tok = &buf[..len];
        let loc = self.st.loc(self.input.offset());
        self.consume_plain(len);
        let terminating = match self.skip_ws()? {
            None => true,
            Some(b'[') => self.st.line_start,
            // Byte order marks, then a `[` (files joined with `cat`).
            Some(0xef) if self.st.line_start => self.marks()?.1 == Some(b'['),
            Some(_) => false,
        };
        if terminating {
            if !g.silent() {
                g.apply(v.result_at(tok, r, loc));
            }
            return Ok(true);
        }
        if !g.silent() {
            let c = match r {
                GameResult::BothLose => v.san(tok, loc),
                GameResult::WhiteWinsByDefault => v.nag(Nag(16)),
                GameResult::BlackWinsByDefault => v.nag(Nag(17)),
                _ => {
                    report_at(v, g, ErrorKind::MisplacedResult, loc, tok);
                    Control::Continue
                }
            };
            g.apply(c);
        }
        Ok(false)
    }
}

/// A line that is exactly `[Name "value"]` (name of ASCII letters, digits
/// and `_`, one space, a value without `"` or `\\`): the end of the name
/// and the start of the value (which ends 2 bytes before the line). Such a
/// line is a tag line, and [`Reader::tag_line`] would read the same tag.
#[inline]
fn simple_tag(line: &[u8]) -> Option<(usize, usize)> {
    let n = line.len();
    if !(6..=MAX_TAG_LINE).contains(&n)
        || line[0] != b'['
        || line[n - 1] != b']'
        || line[n - 2] != b'"'
    {
        return None;
    }
    let mut i = 1;
    while i < n && (line[i].is_ascii_alphanumeric() || line[i] == b'_') {
        i += 1;
    }
    if i == 1 || i + 2 > n - 2 || line[i] != b' ' || line[i + 1] != b'"' {
        return None;
    }
    let value = &line[i + 2..n - 2];
    if memchr::memchr2(b'"', b'\\', value).is_some() {
        return None;
    }
    Some((i, i + 2))
}

/// Whether the line starting at `s[0]` is a tag line (after byte order
/// marks), if that can be told from `s` (`eof`: nothing follows `s`).
fn judge_line(s: &[u8], eof: bool) -> Option<bool> {
    if s.is_empty() {
        return if eof { Some(false) } else { None };
    }
    if !matches!(s[0], b'[' | 0xef) {
        return Some(false);
    }
    match line_end(&s[..s.len().min(MAX_TAG_LINE + 1)]) {
        Some(e) => Some(is_marked_tag_line(&s[..e])),
        None if s.len() > MAX_TAG_LINE => Some(false),
        None if eof => Some(is_marked_tag_line(s)),
        None => None,
    }
}
