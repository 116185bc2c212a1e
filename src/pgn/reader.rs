//! The streaming reader: a state machine over an [`Input`] window that calls
//! a [`Visitor`].
//!
//! Rules beyond the [game-start rule](super::scan):
//! - A game begins at a `[` (tag section) or, outside any game, at a token
//!   that looks like movetext: a digit, a pawn move (`e4`, `exd5`), a piece
//!   move (`Nf3`, `Sxe5`, `Nbd7`), `O-O`, `--`, `Z0` or a figurine. Other text
//!   outside a game is junk: reported as [`ErrorKind::Garbage`] and skipped to
//!   the end of its line; a `{}` or `;` comment outside a game is skipped whole
//!   and reported as [`ErrorKind::CommentOutsideGame`].
//! - In the tag section, each line is a tag line (one or more `[Name "value"]`),
//!   blank, a `%` escape line, or the first line of movetext. A section that
//!   begins mid-line (`1-0 [Event "x"]`) has no tag line there by the
//!   game-start rule, so a tag line right after it begins a new game.
//! - In movetext, a `[` in the first column of a line ends the game (a new
//!   one begins there), as does a hard game start inside a `{` comment.
//! - A result token at variation depth 0 ends the game at once.
//!   `1-0 0-1 1/2-1/2 ½-½ * 0,5-0,5 ½-0 0-½` and their en-dash / minus-sign
//!   forms are always results. `0-0`, `+/-`, `-/+` and `-/-` are results only
//!   when they terminate the game: at depth 0 and followed (after
//!   whitespace) by the end of the input or a `[` in the first column;
//!   otherwise `0-0` is a move token (castling), `+/-` and `-/+` are NAGs $16
//!   and $17, and `-/-` is an error.
//! - Null moves `--`, `Z0`, `0000` go to [`Visitor::null_move`]; other digit
//!   tokens without a dot (`0-0-0`, ICCF `5254`) are move tokens.
//! - `%` lines (a `%` in the first column) are skipped. A UTF-8 BOM at the
//!   start of the input is skipped.
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
    is_delimiter, is_space, is_tag_line, line_end, simple_tag_line, token_end, MAX_TAG_LINE,
};
use super::visitor::{Control, ErrorKind, GameResult, Location, Nag, PgnError, RawTag, Visitor};

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

    /// Counts the line ends of `span`, bytes at absolute `offset` being read.
    fn count_lines(&mut self, span: &[u8], offset: u64) {
        for p in memchr::memchr2_iter(b'\n', b'\r', span) {
            let after_cr = if p > 0 {
                span[p - 1] == b'\r'
            } else {
                self.pending_cr
            };
            self.line_end(span[p], offset + p as u64, after_cr);
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
    /// [`MIN_CAPACITY`](super::buffer::MIN_CAPACITY)); the longest token and
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
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
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
        g.apply(v.begin_game(self.st.games));
        let movetext = match start {
            Start::Tags => self.tags(v, &mut g)?,
            Start::Movetext => true,
        };
        if !g.skip {
            g.apply(v.begin_movetext());
        }
        if movetext && self.movetext(v, &mut g)? {
            // After the result: junk up to the next game belongs to this one.
            self.seek_game(v, &mut g)?;
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
                    let after_cr = if i > 0 {
                        w[i - 1] == b'\r'
                    } else {
                        st.pending_cr
                    };
                    st.line_end(b, base + i as u64, after_cr);
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
        if self.input.offset() == 0
            && self.ensure(3)? >= 3
            && self.input.window().starts_with(b"\xef\xbb\xbf")
        {
            self.consume_plain(3);
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
        // the game-start rule, whatever follows the `[`: the next tag line
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
                            !matches!(c, b'[' | b'%' | b'\n' | b'\r' | b' ' | b'\t')
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
                    let tags_or_blank = matches!(b, b'[' | b'\n' | b'\r') || (t == 0 && b == b'%');
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
                b'(' => {
                    g.depth += 1;
                    if g.depth == 1 {
                        g.open_paren = self.st.loc(self.input.offset());
                    }
                    if !g.silent() {
                        match v.begin_variation() {
                            Control::Skip => g.set_var_skip(g.depth),
                            c => g.apply(c),
                        }
                    }
                    self.consume_plain(1);
                    false
                }
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

    /// Reads the common movetext items from the window in one loop:
    /// whitespace (counting lines), one-line `{}` comments, `(`, `)`, `$n`,
    /// move numbers, moves and results. Stops, with the window at the item,
    /// at anything else: other delimiters, errors, a token that may need
    /// more input or may be a terminating result (`0-0`, `+/-`). Returns true
    /// if a result ended the game (the window is then after it).
    #[inline]
    fn movetext_fast<V: Visitor>(&mut self, v: &mut V, g: &mut Game) -> bool {
        let Reader { input, st } = self;
        let w = input.window();
        let base = input.offset();
        let eof = input.is_eof();
        let mut line_start = st.line_start;
        let mut over = false;
        // The length of the last one-line comment, with its braces.
        let mut comment_len = 0;
        let mut i = 0;
        while i < w.len() {
            let b = w[i];
            // Tokens first, from their own table: a branch, not a jump
            // through the class table, for the most common items.
            let kind = KIND[b as usize];
            if kind < K_NONE {
                // The common move number (`12. `, `12... `) from one word,
                // before its end is looked for.
                let number = if kind == F_DIGIT {
                    move_number_at(w, i)
                } else {
                    None
                };
                if let Some((d, j, space)) = number {
                    line_start = false;
                    if !g.silent() {
                        let n = w[i..d]
                            .iter()
                            .fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
                        g.apply(v.move_number(n, j - d == 3));
                    }
                    i = j + usize::from(space);
                    continue;
                }
                let (j, space) = delimiter_from(w, i + 1);
                if j == w.len() && !eof {
                    break;
                }
                line_start = false;
                // After a token, a single space is skipped at once.
                let next = j + usize::from(space);
                match kind {
                    // A plain move: a letter first, no glyph suffix, not
                    // the glyphs `N` and `TN`.
                    F_MOVE => {
                        let last = w[j - 1];
                        if plain_move(b, last, j - i) {
                            if !g.silent() {
                                g.apply(v.san(&w[i..j], st.loc(base + i as u64)));
                            }
                            i = next;
                            continue;
                        }
                        // A move with a glyph of one or two marks (`e5?!`):
                        // the move, then the glyph's NAG, as `classify`
                        // reads it (no glyph of `!` and `?` starts with a
                        // letter, so the token is never a glyph alone).
                        if let Some((nag, marks)) = move_glyph(&w[i..j]) {
                            if !g.silent() {
                                g.apply(v.san(&w[i..j - marks], st.loc(base + i as u64)));
                                if !g.silent() {
                                    g.apply(v.nag(nag));
                                }
                            }
                            i = next;
                            continue;
                        }
                    }
                    // A move number alone: digits and ASCII dots (never a result).
                    F_DIGIT => {
                        let d = digits_end(w, i + 1, j);
                        if d < j && w[d] == b'.' {
                            // `12.` or `12...` in one step (a loop would
                            // mispredict its exit on every other number).
                            let three = (j >= d + 3) & (w.get(d + 1..d + 3) == Some(b".."));
                            let mut e = d + 1 + 2 * usize::from(three);
                            while e < j && w[e] == b'.' {
                                e += 1;
                            }
                            // A move number alone (`12.`), or glued to a plain
                            // move (`12.e4`, `12...Nf6`: as `12. e4`).
                            let glued = e < j && {
                                let f = w[e];
                                FIRST[f as usize] == F_MOVE && plain_move(f, w[j - 1], j - e)
                            };
                            if e == j || glued {
                                if !g.silent() {
                                    let n = w[i..d].iter().fold(0u32, |n, &b| {
                                        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
                                    });
                                    g.apply(v.move_number(n, e - d >= 2));
                                }
                                if glued && !g.silent() {
                                    g.apply(v.san(&w[e..j], st.loc(base + e as u64)));
                                }
                                i = next;
                                continue;
                            }
                        }
                    }
                    _ => {}
                }
                // The common results at depth 0 end the game, as `classify`
                // reads them (without its general checks).
                if g.depth == 0 {
                    if let Some(r) = common_result(&w[i..j]) {
                        if !g.silent() {
                            g.apply(v.result(&w[i..j], r));
                        }
                        i = j;
                        over = true;
                        break;
                    }
                }
                if g.depth == 0
                    && matches!(b, b'0' | b'1' | b'+' | b'-' | 0xc2 | 0xe2)
                    && j - i <= 16
                    && terminating_result(&w[i..j]).is_some()
                {
                    break;
                }
                if classify(st, v, g, w, base, i, j) {
                    i = j;
                    over = true;
                    break;
                }
                i = j;
                continue;
            }
            // Comments next, from the same table (a jump through the
            // class table costs more than a branch).
            if kind == K_BRACE {
                if clock_comment(w, i) {
                    if !g.silent() {
                        g.apply(v.comment(&w[i + 1..i + 17]));
                    }
                    line_start = false;
                    i += 19;
                    continue;
                }
                match comment_close(w, i) {
                    Some((k, space)) if w[k] == b'}' => {
                        if !g.silent() {
                            g.apply(v.comment(&w[i + 1..k]));
                        }
                        line_start = false;
                        // As after a token, a single space is skipped at
                        // once. A comment as long as the last one, and a
                        // space after it (a clock comment after every
                        // move): the next position is computed from the
                        // guess, without waiting for the search.
                        let guess = i + comment_len;
                        i = if k + 1 == guess && space {
                            guess + 1
                        } else {
                            other_comment_len(&mut comment_len, i, k, space)
                        };
                    }
                    _ => break,
                }
                continue;
            }
            match CLASS[b as usize] {
                C_SPACE => {
                    line_start = b == b'\n' || b == b'\r';
                    if line_start {
                        let after_cr = if i > 0 {
                            w[i - 1] == b'\r'
                        } else {
                            st.pending_cr
                        };
                        st.line_end(b, base + i as u64, after_cr);
                        // The LF of a CRLF in the same step.
                        if b == b'\r' && w.get(i + 1) == Some(&b'\n') {
                            i += 1;
                            st.line_end(b'\n', base + i as u64, true);
                        }
                    }
                    i += 1;
                }
                C_OPEN => {
                    g.depth += 1;
                    if g.depth == 1 {
                        g.open_paren = st.loc(base + i as u64);
                    }
                    line_start = false;
                    i += 1;
                    if !g.silent() {
                        match v.begin_variation() {
                            Control::Skip => {
                                g.set_var_skip(g.depth);
                                i = skip_variation(st, g, w, base, i);
                                line_start = matches!(w[i - 1], b'\n' | b'\r');
                            }
                            c => g.apply(c),
                        }
                    }
                }
                C_CLOSE if g.depth > 0 => {
                    if g.var_skip == g.depth {
                        g.set_var_skip(0);
                    } else if !g.silent() {
                        g.apply(v.end_variation());
                    }
                    g.depth -= 1;
                    line_start = false;
                    i += 1;
                }
                C_DOLLAR => {
                    let mut j = i + 1;
                    while j < w.len() && !is_delimiter(w[j]) {
                        j += 1;
                    }
                    if j == w.len() && !eof {
                        break;
                    }
                    let Some(n) = parse_u8(&w[i + 1..j]) else {
                        break;
                    };
                    if !g.silent() {
                        g.apply(v.nag(Nag(n)));
                    }
                    line_start = false;
                    i = j;
                }
                _ => break,
            }
        }
        if i > 0 {
            st.pending_cr = w[i - 1] == b'\r';
            input.consume(i);
        }
        st.line_start = line_start;
        over
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
                    if ls < w.len() && w[ls] != b'[' {
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
            Some(b) => b == b'[' && self.st.line_start,
        };
        if terminating {
            if !g.silent() {
                g.apply(v.result(tok, r));
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

/// After a comment `w[i..=k]` of another length than the last one (or
/// without a space after it): notes its length; returns the next position.
/// Out of line, so that the guessed path stays a branch.
#[cold]
#[inline(never)]
fn other_comment_len(comment_len: &mut usize, i: usize, k: usize, space: bool) -> usize {
    *comment_len = k + 1 - i;
    k + 1 + usize::from(space)
}

/// The first `}`, LF or CR in `w` at or after `from` (a one-line comment's
/// end), and whether a space follows it. Comments are mostly short
/// (`{ [%clk 0:05:00] }`): the first 32 bytes are searched with one branch
/// (the space after the end taken from the same masks, not loaded again:
/// the next token's position waits on fewer steps), then 32 bytes a step
/// to the window's end, its last bytes with `memchr3`.
#[inline(always)]
fn close_or_eol(w: &[u8], from: usize) -> Option<(usize, bool)> {
    let mut at = from;
    if let Some(chunk) = w.get(from..from + 32) {
        let (ends, spaces) = comment_masks32(chunk);
        if ends != 0 {
            let k = ends.trailing_zeros() as usize;
            let space = if k < 31 {
                spaces >> (k + 1) & 1 != 0
            } else {
                w.get(from + k + 1) == Some(&b' ')
            };
            return Some((from + k, space));
        }
        at += 32;
    }
    let space_after = |k: usize| Some((k, w.get(k + 1) == Some(&b' ')));
    // Then 32 bytes a step, one exit (the loop's end mispredicts once per
    // comment; tiers of searches by length mispredicted at each tier).
    while let Some(chunk) = w.get(at..at + 32) {
        let (ends, _) = comment_masks32(chunk);
        if ends != 0 {
            return space_after(at + ends.trailing_zeros() as usize);
        }
        at += 32;
    }
    let rest = w.get(at..)?;
    space_after(at + memchr::memchr3(b'}', b'\n', b'\r', rest)?)
}

/// The lichess clock comment `{ [%clk 0:05:00] }` (hours of one digit)
/// and the space after it at `w[i]`, from three loads and compares: the
/// bytes between `[%clk ` and `]` are digits or `:` (no `}` and no line
/// end), so the comment ends at `w[i + 17]` and the next item starts at
/// `w[i + 19]`.
#[inline(always)]
fn clock_comment(w: &[u8], i: usize) -> bool {
    const OPEN: u64 = u64::from_le_bytes(*b"{ [%clk ");
    // `0:05:00]`: the high nibble of each of the seven clock bytes (`0`
    // to `9` and `:` are 0x30 to 0x3a), then the `]`.
    const CLOCK_MASK: u64 = 0xfff0_f0f0_f0f0_f0f0;
    const CLOCK: u64 = 0x5d30_3030_3030_3030;
    const CLOSE: u32 = u32::from_le_bytes(*b"] } ");
    let (Some(open), Some(clock), Some(close)) =
        (w.get(i..i + 8), w.get(i + 8..i + 16), w.get(i + 15..i + 19))
    else {
        return false;
    };
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let close = u32::from_le_bytes(close.try_into().unwrap_or([0; 4]));
    (word(open) == OPEN) & (word(clock) & CLOCK_MASK == CLOCK) & (close == CLOSE)
}

/// [`comment_masks`] of the 32 bytes of `c`.
#[inline(always)]
fn comment_masks32(c: &[u8]) -> (u32, u32) {
    let (a, b) = c.split_at(16);
    let (ea, sa) = comment_masks(a.try_into().unwrap_or(&[0; 16]));
    let (eb, sb) = comment_masks(b.try_into().unwrap_or(&[0; 16]));
    (ea | eb << 16, sa | sb << 16)
}

/// [`close_or_eol`] from `w[i + 1]`, after a `{` at `w[i]`. Short comments
/// written `{ ... }` in one 16-byte step (the clock comment alone is read
/// before, by [`clock_comment`]): after `{ `, the 16 bytes that follow
/// hold the end of any comment of up to 18 bytes.
#[inline(always)]
fn comment_close(w: &[u8], i: usize) -> Option<(usize, bool)> {
    if let (Some(b' '), Some(c)) = (w.get(i + 1), w.get(i + 2..i + 18)) {
        let (m, _) = comment_masks(c.try_into().unwrap_or(&[0; 16]));
        if m != 0 {
            let k = i + 2 + m.trailing_zeros() as usize;
            return Some((k, w.get(k + 1) == Some(&b' ')));
        }
        return close_or_eol(w, i + 18);
    }
    close_or_eol(w, i + 1)
}

/// The bits of the `}`, LF and CR bytes of `c`, and of its spaces (bit
/// `k`: `c[k]`), with SSE2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn comment_masks(c: &[u8; 16]) -> (u32, u32) {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x,
    };
    let lo = i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
    let hi = i64::from_le_bytes([c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15]]);
    // SAFETY: these intrinsics need only SSE2, which is part of the x86_64
    // baseline (every x86_64 target enables it); they work on values in
    // registers, never on memory.
    unsafe {
        let x = _mm_set_epi64x(hi, lo);
        let eq = |b: u8| _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8));
        let m = _mm_or_si128(_mm_or_si128(eq(b'}'), eq(b'\n')), eq(b'\r'));
        (
            _mm_movemask_epi8(m) as u32,
            _mm_movemask_epi8(eq(b' ')) as u32,
        )
    }
}

/// The bits of the `}`, LF and CR bytes of `c`, and of its spaces.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn comment_masks(c: &[u8; 16]) -> (u32, u32) {
    comment_masks_scalar(c)
}

/// Byte-at-a-time twin of [`comment_masks`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn comment_masks_scalar(c: &[u8; 16]) -> (u32, u32) {
    let bits = |f: fn(u8) -> bool| {
        c.iter()
            .enumerate()
            .filter(|&(_, &b)| f(b))
            .fold(0, |m, (k, _)| m | 1 << k)
    };
    (
        bits(|b| matches!(b, b'}' | b'\n' | b'\r')),
        bits(|b| b == b' '),
    )
}

/// Skips the bytes of a variation just opened and skipped (`g.var_skip`
/// is `g.depth`) from `w[i]` that the token loop would read without any
/// effect: tokens, spaces, line ends (counted), nested variations (their
/// depth kept in `g.depth`) and one-line `{}` comments. Stops at the `)`
/// that closes the skipped variation, and at whatever the loop must judge
/// itself: a line that begins with `[` or `%` (a game may start there), a
/// line end that is the window's last byte, `;`, `}`, another control
/// byte (a tab, NUL). Returns where the loop goes on (`w.len()` if none of
/// these is in the window: a token cut by the window's end reads as two,
/// both unreported).
fn skip_variation(st: &mut State, g: &mut Game, w: &[u8], base: u64, mut i: usize) -> usize {
    debug_assert!(i > 0 && g.var_skip == g.depth && g.silent());
    loop {
        let Some(k) = w[i..]
            .iter()
            .position(|&b| SKIP_STOP[b as usize])
            .map(|k| i + k)
        else {
            return w.len();
        };
        match w[k] {
            b'(' => g.depth += 1,
            b')' if g.depth == g.var_skip => return k,
            b')' => g.depth -= 1,
            b'{' => match comment_close(w, k) {
                Some((c, _)) if w[c] == b'}' => i = c,
                _ => return k,
            },
            b @ (b'\n' | b'\r') => {
                let Some(&next) = w.get(k + 1) else {
                    return k;
                };
                st.line_end(b, base + k as u64, w[k - 1] == b'\r');
                if matches!(next, b'[' | b'%') {
                    return k + 1;
                }
            }
            _ => return k,
        }
        i = i.max(k) + 1;
    }
}

/// The bytes [`skip_variation`] stops at: every byte of a class of its
/// own in the token loop ([`CLASS`]: parentheses, braces, `;`, `%`, `[`
/// and `]`, NUL; a stray `[` is garbage up to its `]`, across any `)`) and
/// every control byte. Token bytes, spaces and `$` are passed over.
const SKIP_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b < 0x20 || matches!(CLASS[b], C_BRACE | C_OPEN | C_CLOSE | C_SLOW);
        b += 1;
    }
    t
};

/// Byte classes of the movetext fast loop.
const C_TOKEN: u8 = 0;
const C_SPACE: u8 = 1;
const C_BRACE: u8 = 2;
const C_OPEN: u8 = 3;
const C_CLOSE: u8 = 4;
const C_DOLLAR: u8 = 5;
/// Bytes handled one at a time: `}`, `;`, `%`, `[`, `]`, NUL.
const C_SLOW: u8 = 6;

const CLASS: [u8; 256] = {
    let mut t = [C_TOKEN; 256];
    t[b' ' as usize] = C_SPACE;
    t[b'\t' as usize] = C_SPACE;
    t[b'\n' as usize] = C_SPACE;
    t[b'\r' as usize] = C_SPACE;
    t[0x0b] = C_SPACE;
    t[0x0c] = C_SPACE;
    t[b'{' as usize] = C_BRACE;
    t[b'(' as usize] = C_OPEN;
    t[b')' as usize] = C_CLOSE;
    t[b'$' as usize] = C_DOLLAR;
    t[b'}' as usize] = C_SLOW;
    t[b';' as usize] = C_SLOW;
    t[b'%' as usize] = C_SLOW;
    t[b'[' as usize] = C_SLOW;
    t[b']' as usize] = C_SLOW;
    t[0] = C_SLOW;
    t
};

/// Index of the first delimiter in `w` at or after `j` (`w.len()` if none),
/// and whether that delimiter is a space.
///
/// Eight bytes at a time: a bit trick flags bytes below `0x2a` (controls,
/// space, `$`, `(`, `)`, but also `!`, `#` and a few more), another `;`,
/// `[`, `]`, `{`, `}` (and `9`, `=`, `?`, `Y`, `_`, `y`); the lowest flag
/// is exact, and is checked against the table.
/// The delimiter byte is taken from the loaded word, not loaded again: the
/// next token's position depends on as few steps as possible.
#[inline(always)]
fn delimiter_from(w: &[u8], mut j: usize) -> (usize, bool) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    #[inline(always)]
    fn zero_bytes(v: u64) -> u64 {
        v.wrapping_sub(LO) & !v & HI
    }
    while let Some(chunk) = w.get(j..j + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let below = x.wrapping_sub(LO * 0x2a) & !x & HI;
        // `;` `[` `]` `{` `}` are the ASCII bytes with bits 0x19 set and
        // 0x80 clear, with `9` `=` `?` `Y` `_` `y` (rare in a move):
        // one term for the five.
        let m = below | zero_bytes((x | (LO * 0x66)) ^ (LO * 0x7f));
        if m == 0 {
            j += 8;
            continue;
        }
        let shift = m.trailing_zeros() & !7;
        let k = j + (shift / 8) as usize;
        let d = (x >> shift) as u8;
        if is_delimiter(d) {
            return (k, d == b' ');
        }
        j = k + 1;
    }
    while j < w.len() && !is_delimiter(w[j]) {
        j += 1;
    }
    (j, w.get(j) == Some(&b' '))
}

/// The move number `12.` or `12...` (1 to 4 digits, one or three dots)
/// at `w[i]`, ended by a delimiter that `w` holds or by a letter that
/// starts a move (`12.e4`: the move is then read as the next token, as
/// the general code reads it after the number): the end of its digits,
/// its end (the delimiter's or the letter's index) and whether a space
/// ends it. From its first eight bytes, without looking for the token's
/// end: most move numbers are read here. None says nothing.
#[inline(always)]
fn move_number_at(w: &[u8], i: usize) -> Option<(usize, usize, bool)> {
    let s: &[u8; 8] = w.get(i..i + 8)?.try_into().ok()?;
    // The number of digits and of dots by branches, which the CPU predicts
    // (within a game they change every ten or hundred moves, and from a
    // white to a black number), so that the next token's position does not
    // wait on the bytes: the reader's chain from one token to the next.
    let digits = if !s[1].is_ascii_digit() {
        1
    } else if !s[2].is_ascii_digit() {
        2
    } else if !s[3].is_ascii_digit() {
        3
    } else if !s[4].is_ascii_digit() {
        4
    } else {
        return None;
    };
    if s[digits] != b'.' {
        return None;
    }
    let ends = |b: u8| is_delimiter(b) || FIRST[b as usize] == F_MOVE;
    let dots = if ends(s[digits + 1]) {
        1
    } else if s[digits + 1] == b'.' && s[digits + 2] == b'.' && ends(s[digits + 3]) {
        3
    } else {
        return None;
    };
    let space = s[digits + dots] == b' ';
    Some((i + digits, i + digits + dots, space))
}

/// The end of the run of ASCII digits of `w[from..to]`: a word at a time
/// (move numbers are 1 to 3 digits: a loop would mispredict its exit).
#[inline(always)]
fn digits_end(w: &[u8], from: usize, to: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut d = from;
    while let Some(chunk) = w.get(d..d + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // Exact flags of the bytes in `0..=9` (ASCII only).
        let a = x & !HI;
        let ge = a.wrapping_add(LO * u64::from(0x80 - b'0'));
        let gt = a.wrapping_add(LO * u64::from(0x7f - b'9'));
        let non_digit = !(ge & !gt & !x) & HI;
        if non_digit != 0 {
            return (d + (non_digit.trailing_zeros() / 8) as usize).min(to);
        }
        d += 8;
        if d >= to {
            return to;
        }
    }
    while d < to && w[d].is_ascii_digit() {
        d += 1;
    }
    d.min(to)
}

/// Last bytes of a plain move: ASCII but `!` and `?` (a glyph suffix).
const PLAIN_LAST: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x80 {
        t[b] = b != b'!' as usize && b != b'?' as usize;
        b += 1;
    }
    t
};

/// Whether a token of `len` bytes from `first` to `last`, `first` a move
/// letter, is a plain move: no glyph suffix, not the glyphs `N` and `TN`.
/// Any token of one or two bytes starting with `N` or `T` is turned away
/// (no move is such a token; the general code reads it as before): two
/// table loads and a compare, without a branch.
#[inline(always)]
fn plain_move(first: u8, last: u8, len: usize) -> bool {
    let glyph = NT[first as usize] & (len < 3);
    PLAIN_LAST[last as usize] & !glyph
}

/// `N` and `T`, which start the glyphs `N` and `TN`.
const NT: [bool; 256] = {
    let mut t = [false; 256];
    t[b'N' as usize] = true;
    t[b'T' as usize] = true;
    t
};

/// First bytes of a token: plain move letters, digits, anything else.
const F_OTHER: u8 = 0;
const F_MOVE: u8 = 1;
const F_DIGIT: u8 = 2;

/// The kind of a token's first byte (`F_MOVE`, `F_DIGIT`, `F_OTHER`, all
/// below `K_NONE`), `K_BRACE` for `{`, or `K_NONE` for the other bytes
/// that start no token (the classes but `C_TOKEN`).
const K_NONE: u8 = 3;
const K_BRACE: u8 = 4;
const KIND: [u8; 256] = {
    let mut t = FIRST;
    let mut b = 0;
    while b < 256 {
        if CLASS[b] != C_TOKEN {
            t[b] = K_NONE;
        }
        b += 1;
    }
    t[b'{' as usize] = K_BRACE;
    t
};

/// ASCII letters but `Z` (`Z0`) start only moves, apart from the glyphs
/// `N` and `TN`; digits start move numbers, results or digit moves.
const FIRST: [u8; 256] = {
    let mut t = [F_OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphabetic() && c != b'Z' {
            t[b] = F_MOVE;
        } else if c.is_ascii_digit() {
            t[b] = F_DIGIT;
        }
        b += 1;
    }
    t
};

/// Classifies the token `w[start..end]` (`w[0]` is at absolute offset `base`,
/// on the current line): move numbers, results, null moves, glyphs, moves.
/// Returns true if it ended the game.
#[inline(never)]
fn classify<V: Visitor>(
    st: &mut State,
    v: &mut V,
    g: &mut Game,
    w: &[u8],
    base: u64,
    start: usize,
    end: usize,
) -> bool {
    let mut at = start;
    loop {
        let tok = &w[at..end];
        let first = tok[0];
        // Fast path on the first byte: a plain move (a letter, no glyph suffix).
        if FIRST[first as usize] == F_MOVE {
            if g.silent() {
                return false;
            }
            let last = tok[tok.len() - 1];
            if last < 0x80 && last != b'!' && last != b'?' && tok != b"N" && tok != b"TN" {
                g.apply(v.san(tok, st.loc(base + at as u64)));
                return false;
            }
        }
        if first.is_ascii_digit() || first == b'*' || tok.starts_with("½".as_bytes()) {
            if let Some(r) = unambiguous_result(tok) {
                if g.depth > 0 {
                    let kind = ErrorKind::ResultInVariation;
                    report(st, v, g, kind, w, base, at, end - at);
                    return false;
                }
                if !g.silent() {
                    g.apply(v.result(tok, r));
                }
                return true;
            }
        }
        if first.is_ascii_digit() {
            if tok == b"0000" {
                if !g.silent() {
                    g.apply(v.null_move(tok, st.loc(base + at as u64)));
                }
                return false;
            }
            let d = tok
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(tok.len());
            let (dots, black) = count_dots(&tok[d..]);
            if dots > 0 {
                if !g.silent() {
                    let n = tok[..d].iter().fold(0u32, |n, &b| {
                        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
                    });
                    g.apply(v.move_number(n, black));
                }
                at += d + dots;
                if at == end {
                    return false;
                }
                continue;
            }
            if d == tok.len() && d <= 3 {
                // A move number written without its dot (`1 e4 e5 2 Nf3`);
                // four or five digits are an ICCF move.
                if !g.silent() {
                    let n = tok.iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
                    g.apply(v.move_number(n, false));
                }
                return false;
            }
        } else if first == b'.' || tok.starts_with("…".as_bytes()) {
            let (dots, _) = count_dots(tok);
            at += dots;
            if at == end {
                return false;
            }
            continue;
        }
        if g.silent() {
            return false;
        }
        if tok == b"--" || tok == b"Z0" {
            g.apply(v.null_move(tok, st.loc(base + at as u64)));
            return false;
        }
        if let Some(r) = terminating_result(tok) {
            // Not at a game's end (or after a move number): no result.
            let c = match r {
                GameResult::BothLose => v.san(tok, st.loc(base + at as u64)),
                GameResult::WhiteWinsByDefault => v.nag(Nag(16)),
                GameResult::BlackWinsByDefault => v.nag(Nag(17)),
                _ => {
                    let kind = ErrorKind::MisplacedResult;
                    report(st, v, g, kind, w, base, at, end - at);
                    Control::Continue
                }
            };
            g.apply(c);
            return false;
        }
        if let Some(nag) = glyph_nag(tok) {
            g.apply(v.nag(nag));
            return false;
        }
        let (mv, glyph) = split_glyph(tok);
        if mv.is_empty() {
            report(st, v, g, ErrorKind::InvalidGlyph, w, base, at, end - at);
            return false;
        }
        g.apply(v.san(mv, st.loc(base + at as u64)));
        if let Some(glyph) = glyph {
            match glyph_nag(glyph) {
                Some(nag) => {
                    if !g.silent() {
                        g.apply(v.nag(nag));
                    }
                }
                None => {
                    let off = at + mv.len();
                    let kind = ErrorKind::InvalidGlyph;
                    report(st, v, g, kind, w, base, off, glyph.len());
                }
            }
        }
        return false;
    }
}

/// A result token that is never anything else (`1-0`, `½-½`, `*` ...), as
/// [`GameResult::from_ascii`] reads it. Every such result ends in `0`, `1`,
/// `2`, `5`, `*` or `½` (…BD); move numbers end in `.`, moves mostly in a
/// rank digit or a letter, so most tokens are turned away on their last byte.
#[inline]
fn unambiguous_result(t: &[u8]) -> Option<GameResult> {
    if t.len() > 16 || !matches!(t.last(), Some(b'0' | b'1' | b'2' | b'5' | b'*' | 0xbd)) {
        return None;
    }
    match GameResult::from_ascii(t).ok()? {
        GameResult::BothLose
        | GameResult::WhiteWinsByDefault
        | GameResult::BlackWinsByDefault
        | GameResult::BothLoseByDefault => None,
        r => Some(r),
    }
}

/// `1-0`, `0-1`, `1/2-1/2` and `*`, the results of nearly every game (as
/// [`unambiguous_result`] reads them).
#[inline(always)]
fn common_result(t: &[u8]) -> Option<GameResult> {
    match t {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// A result token that is something else unless it ends the game: `0-0`
/// (castling), `+/-` and `-/+` (evaluation NAGs), `-/-`; and the short draw
/// `1/2` (or `½`) that some databases write as the last token. First-byte
/// reject.
#[inline]
fn terminating_result(t: &[u8]) -> Option<GameResult> {
    if t == b"1/2" || t == "½".as_bytes() {
        return Some(GameResult::Draw);
    }
    if t.len() > 7 || !matches!(t.first(), Some(b'0' | b'+' | b'-' | 0xe2)) {
        return None;
    }
    match GameResult::from_ascii(t).ok()? {
        r @ (GameResult::BothLose
        | GameResult::WhiteWinsByDefault
        | GameResult::BlackWinsByDefault
        | GameResult::BothLoseByDefault) => Some(r),
        _ => None,
    }
}

/// The NAG of a glyph token (`!?`, `±`, `+/-`, `N` ...), as
/// [`Nag::from_ascii`] reads it; first-byte reject for everything else.
#[inline]
fn glyph_nag(t: &[u8]) -> Option<Nag> {
    match t.first() {
        Some(b'!' | b'?' | b'=' | b'+' | b'-' | b'N' | b'T') if t.len() <= 5 => {}
        Some(&b) if b >= 0x80 && t.len() <= 7 => {}
        _ => return None,
    }
    Nag::from_ascii(t).ok()
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

/// Whether the line starting at `s[0]` is a tag line, if that can be told
/// from `s` (`eof`: nothing follows `s`).
fn judge_line(s: &[u8], eof: bool) -> Option<bool> {
    if s.is_empty() {
        return if eof { Some(false) } else { None };
    }
    if s[0] != b'[' {
        return Some(false);
    }
    match line_end(&s[..s.len().min(MAX_TAG_LINE + 1)]) {
        Some(e) => Some(is_tag_line(&s[..e])),
        None if s.len() > MAX_TAG_LINE => Some(false),
        None if eof => Some(is_tag_line(s)),
        None => None,
    }
}

/// Length of a run of `.` and `…` at the start of `s`, and whether it means
/// Black's move (two or more dots, or an ellipsis).
fn count_dots(s: &[u8]) -> (usize, bool) {
    let mut i = 0;
    let mut n = 0;
    loop {
        if s.get(i) == Some(&b'.') {
            i += 1;
            n += 1;
        } else if s[i..].starts_with("…".as_bytes()) {
            i += 3;
            n += 3;
        } else {
            return (i, n >= 2);
        }
    }
}

/// `$` digits: 0..=255.
fn parse_u8(s: &[u8]) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = s.iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
    u8::try_from(n).ok()
}

/// Unicode glyphs that may follow a move directly.
const SUFFIX_GLYPHS: [&str; 9] = ["±", "∓", "⩲", "⩱", "∞", "□", "∆", "⌓", "Δ"];

/// Splits a trailing `!`/`?` run or Unicode glyph off a move token.
fn split_glyph(tok: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mut end = tok.len();
    while end > 0 && matches!(tok[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end < tok.len() {
        return (&tok[..end], Some(&tok[end..]));
    }
    if tok.last().is_some_and(|&b| b >= 0x80) {
        for g in SUFFIX_GLYPHS {
            if tok.len() > g.len() && tok.ends_with(g.as_bytes()) {
                let end = tok.len() - g.len();
                return (&tok[..end], Some(&tok[end..]));
            }
        }
    }
    (tok, None)
}

/// The NAG of a glyph of one or two marks (`!`, `?`, `!!`, `??`, `!?`,
/// `?!`) that ends `tok`, and its length; None for anything else (no
/// glyph, three marks or more: `classify` reads those).
#[inline]
fn move_glyph(tok: &[u8]) -> Option<(Nag, usize)> {
    let mark = |b: u8| matches!(b, b'!' | b'?');
    let n = tok.len();
    match tok {
        [.., a, b'!' | b'?'] if !mark(*a) => Some((Nag(if tok[n - 1] == b'!' { 1 } else { 2 }), 1)),
        [.., a, x, y] if !mark(*a) && mark(*x) && mark(*y) => {
            let nag = match (x, y) {
                (b'!', b'!') => 3,
                (b'?', b'?') => 4,
                (b'!', _) => 5,
                _ => 6,
            };
            Some((Nag(nag), 2))
        }
        _ => None,
    }
}

/// Whether a token outside a game starts a game without tags.
fn looks_like_movetext(s: &[u8]) -> bool {
    let at = |i: usize| s.get(i).copied().unwrap_or(b' ');
    let file = |b: u8| (b'a'..=b'h').contains(&b);
    let rank = |b: u8| (b'1'..=b'8').contains(&b);
    let capture = |b: u8| b == b'x' || b == b':';
    let (a, b, c, d) = (at(0), at(1), at(2), at(3));
    if a.is_ascii_digit() {
        return true;
    }
    if file(a) {
        return rank(b) || capture(b);
    }
    if a.is_ascii_uppercase() {
        if s.starts_with(b"O-O") || s.starts_with(b"OO") || s.starts_with(b"Z0") {
            return true;
        }
        return (file(b) && (rank(c) || capture(c)))
            || capture(b)
            || (file(b) && file(c) && rank(d))
            || (rank(b) && file(c));
    }
    // `--` and figurines (U+2654..U+265F: E2 99 94..9F).
    (a == b'-' && b == b'-' && is_delimiter_or_end(c)) || (a == 0xe2 && b == 0x99)
}

fn is_delimiter_or_end(b: u8) -> bool {
    is_delimiter(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiter_from_matches_scalar_scan() {
        // Every delimiter, every byte the bit trick flags without being one,
        // and ordinary move bytes, UTF-8 included.
        let alphabet: Vec<u8> =
            b" \t\n\r\x0b\x0c{}()[];$\0!\"#%&'\x01\x1f*+,-./Nfx3=9?Yy_\x7f\x80\xe2\xbd[{".to_vec();
        // Mostly letters, so that tokens are long enough to matter.
        let byte = |r: u64| {
            let pick = (r % (alphabet.len() as u64 * 3)) as usize;
            alphabet
                .get(pick)
                .copied()
                .unwrap_or(b'a' + (pick % 26) as u8)
        };
        crate::pgn::scan::random_words(0x2545_f491_4f6c_dd1d, 20_000, 40, byte, |w| {
            for from in 0..=w.len() {
                let scalar = w[from..]
                    .iter()
                    .position(|&b| is_delimiter(b))
                    .map_or(w.len(), |k| from + k);
                let space = w.get(scalar) == Some(&b' ');
                assert_eq!(
                    delimiter_from(w, from),
                    (scalar, space),
                    "{w:?} from {from}"
                );
            }
        });
    }

    /// What `move_number_at` answers, a byte at a time: 1 to 4 digits, one
    /// or three dots, then a delimiter or a letter that starts a move, all
    /// in the 8 bytes from `w[i]`.
    fn number_oracle(w: &[u8], i: usize) -> Option<(usize, usize, bool)> {
        w.get(i..i + 8)?;
        let d = i + w[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let e = d + w[d..].iter().take_while(|&&b| b == b'.').count();
        let b = *w.get(e)?;
        let ends = is_delimiter(b) || FIRST[b as usize] == F_MOVE;
        let number = (1..=4).contains(&(d - i)) && (e - d == 1 || e - d == 3) && ends;
        number.then_some((d, e, b == b' '))
    }

    /// `move_number_at` answers as its oracle, and reads `12.`, `12...`
    /// before a delimiter and before a glued move.
    #[test]
    fn move_number_at_matches_a_byte_scan() {
        let alphabet = b"0123456789..... \n{(;$!\x80\xe2NeZ-";
        let byte = |r: u64| alphabet[(r % alphabet.len() as u64) as usize];
        let mut numbers = 0;
        crate::pgn::scan::random_words(0x5851_f42d_4c95_7f2d, 50_000, 24, byte, |w| {
            for i in 0..w.len() {
                if w[i].is_ascii_digit() {
                    let got = move_number_at(w, i);
                    assert_eq!(got, number_oracle(w, i), "{w:?} at {i}");
                    numbers += usize::from(got.is_some());
                }
            }
        });
        assert!(numbers > 1000, "{numbers}");
        let w = b"12. e4 12... e5 1234.{} 12345. 1.. x 9...\n.............";
        assert_eq!(move_number_at(w, 0), Some((2, 3, true)));
        assert_eq!(move_number_at(w, 7), Some((9, 12, true)));
        assert_eq!(move_number_at(w, 16), Some((20, 21, false)));
        assert_eq!(move_number_at(w, 24), None);
        assert_eq!(move_number_at(w, 31), None);
        assert_eq!(move_number_at(w, 37), Some((38, 41, false)));
        // Glued to a move: the number alone, the move next.
        let w = b"1.e4 e5 12...Nf6 3.Z0 4.0-0 5..e4 6.-- 7.N ................";
        assert_eq!(move_number_at(w, 0), Some((1, 2, false)));
        assert_eq!(move_number_at(w, 8), Some((10, 13, false)));
        assert_eq!(move_number_at(w, 17), None);
        assert_eq!(move_number_at(w, 22), None);
        assert_eq!(move_number_at(w, 28), None);
        assert_eq!(move_number_at(w, 34), None);
        assert_eq!(move_number_at(w, 39), Some((40, 41, false)));
    }

    #[test]
    fn common_results_are_unambiguous_results() {
        for t in [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"] {
            assert!(common_result(t).is_some());
            assert_eq!(common_result(t), unambiguous_result(t), "{t:?}");
        }
        for t in [&b"1-"[..], b"0-0", b"1/2", b"**", b"1-0 ", b"", b"e4"] {
            assert_eq!(common_result(t), None, "{t:?}");
        }
    }
}

#[cfg(test)]
mod fast_scan_tests {
    use super::*;

    /// A xorshift stream of bytes drawn mostly from `alphabet`.
    fn random_lines(seed: u64, alphabet: &[u8], count: usize, f: impl FnMut(&[u8])) {
        let byte = |r: u64| {
            let pick = (r % (alphabet.len() as u64 * 2)) as usize;
            alphabet
                .get(pick)
                .copied()
                .unwrap_or(b'a' + (r >> 32) as u8 % 26)
        };
        crate::pgn::scan::random_words(seed, count, 48, byte, f);
    }

    /// `simple_tag_line` finds exactly the lines `simple_tag` accepts (when
    /// the name is at most 15 bytes and the window holds 25 bytes), with the
    /// same name and value.
    fn check_simple(s: &[u8]) {
        let fast = simple_tag_line(s);
        let slow = line_end(s).and_then(|e| simple_tag(&s[..e]).map(|(n, _)| (n, e)));
        match fast {
            Some(found) => {
                assert_eq!(Some(found), slow, "{:?}", String::from_utf8_lossy(s));
                assert!(is_tag_line(&s[..found.1]));
            }
            None => assert!(
                // A control byte (a tab) in the value is left to the slow path.
                slow.is_none_or(|(n, e)| n > 16
                    || s.len() < 25
                    || s[n + 2..e - 2].iter().any(|&b| b < 0x20)),
                "missed {:?}",
                String::from_utf8_lossy(s)
            ),
        }
    }

    #[test]
    fn simple_tag_line_matches_simple_tag() {
        let alphabet = b"[[]]\"\"\"  \\\n\rEvent_9Zz\t\x80\xff@`{/:";
        random_lines(0x0bad_cafe_f00d_1234, alphabet, 50_000, |w| {
            let mut s = b"[".to_vec();
            s.extend_from_slice(w);
            check_simple(&s);
            check_simple(w);
        });
        let lines: [&[u8]; 9] = [
            b"[Event \"Rated Blitz game\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
            b"[Site \"https://lichess.org/ENPo6ReH\"]\r\n[Date \"2025.05.01\"]\r\n",
            b"[A \"\"]\n..........................",
            b"[BlackFideId_123 \"738590\"]\n........................",
            b"[BlackFideId_1234 \"738590\"]\n.......................",
            b"[Event \"a \\\" b\"]\n.............................",
            b"[Event \"x\"] \n..................................",
            b"[Ev@nt \"x\"]\n....................................",
            b"[Event \"x\"]",
        ];
        for s in lines {
            check_simple(s);
        }
        assert_eq!(simple_tag_line(lines[0]), Some((6, 26)));
        assert_eq!(simple_tag_line(lines[1]), Some((5, 37)));
        assert_eq!(simple_tag_line(lines[2]), Some((2, 6)));
        assert_eq!(simple_tag_line(lines[3]), Some((16, 26)));
        for s in &lines[4..] {
            assert_eq!(simple_tag_line(s), None);
        }
        // Past the longest tag line.
        let mut long = b"[Event \"".to_vec();
        long.resize(MAX_TAG_LINE - 2, b'v');
        long.extend_from_slice(b"\"]\n");
        assert_eq!(simple_tag_line(&long), Some((6, MAX_TAG_LINE)));
        long.insert(10, b'v');
        assert_eq!(simple_tag_line(&long), None);
    }
}

#[cfg(test)]
mod digits_tests {
    use super::digits_end;

    #[test]
    fn digits_end_matches_scalar_scan() {
        let alphabet = b"0123456789/:.\x80\xb0\xb9 a";
        // Mostly digits.
        let byte = |r: u64| {
            let pick = (r % (alphabet.len() as u64 + 10)) as usize;
            alphabet
                .get(pick)
                .copied()
                .unwrap_or(b'0' + (pick % 10) as u8)
        };
        crate::pgn::scan::random_words(0x7f4a_7c15_9e37_79b9, 20_000, 30, byte, |w| {
            for from in 0..=w.len() {
                for to in from..=w.len() {
                    let scalar = w[from..to]
                        .iter()
                        .position(|b| !b.is_ascii_digit())
                        .map_or(to, |k| from + k);
                    assert_eq!(digits_end(w, from, to), scalar, "{w:?} {from}..{to}");
                }
            }
        });
    }
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;
    use crate::pgn::events::{Event, EventLog};
    use crate::pgn::scan::line_soups;

    /// [`EventLog`] that skips the variations from depth `from` on (1:
    /// all, as the validator does without `variations`): their `(` is
    /// logged, nothing after it up to the `)` that closes it.
    struct SkipVariations {
        log: EventLog,
        from: u32,
        depth: u32,
    }

    impl Visitor for SkipVariations {
        type Output = Vec<Event>;
        fn begin_game(&mut self, game: u64) -> Control {
            self.log.begin_game(game)
        }
        fn tag(&mut self, name: &[u8], value: RawTag<'_>, at: Location) -> Control {
            self.log.tag(name, value, at)
        }
        fn begin_movetext(&mut self) -> Control {
            self.log.begin_movetext()
        }
        fn move_number(&mut self, number: u32, black: bool) -> Control {
            self.log.move_number(number, black)
        }
        fn san(&mut self, san: &[u8], at: Location) -> Control {
            self.log.san(san, at)
        }
        fn null_move(&mut self, token: &[u8], at: Location) -> Control {
            self.log.null_move(token, at)
        }
        fn nag(&mut self, nag: Nag) -> Control {
            self.log.nag(nag)
        }
        fn comment(&mut self, comment: &[u8]) -> Control {
            self.log.comment(comment)
        }
        fn begin_variation(&mut self) -> Control {
            let _ = self.log.begin_variation();
            if self.depth + 1 >= self.from {
                return Control::Skip;
            }
            self.depth += 1;
            Control::Continue
        }
        fn end_variation(&mut self) -> Control {
            self.depth -= 1;
            self.log.end_variation()
        }
        fn result(&mut self, raw: &[u8], result: GameResult) -> Control {
            self.log.result(raw, result)
        }
        fn error(&mut self, e: &PgnError<'_>) -> Control {
            self.log.error(e)
        }
        fn end_game(&mut self) -> Vec<Event> {
            self.depth = 0;
            self.log.end_game()
        }
    }

    /// Every event of every game of `data`, read from a slice or with a
    /// buffer of `capacity` bytes, by the fast paths or (`general`) without,
    /// variations skipped or not.
    fn log(data: &[u8], capacity: Option<usize>, general: bool) -> Vec<Vec<Event>> {
        let mut all = log_with(EventLog::default(), data, capacity, general);
        for from in [1, 2] {
            let v = SkipVariations {
                log: EventLog::default(),
                from,
                depth: 0,
            };
            all.extend(log_with(v, data, capacity, general));
        }
        all
    }

    fn log_with<V: Visitor<Output = Vec<Event>>>(
        mut v: V,
        data: &[u8],
        capacity: Option<usize>,
        general: bool,
    ) -> Vec<Vec<Event>> {
        let mut out = Vec::new();
        match capacity {
            None => {
                let mut r = Reader::from_slice(data);
                r.st.general = general;
                r.read_all(&mut v, |g| out.push(g)).unwrap();
            }
            Some(c) => {
                let mut r = Reader::with_capacity(c, data);
                r.st.general = general;
                r.read_all(&mut v, |g| out.push(g)).unwrap();
            }
        }
        out
    }

    /// The fast paths give exactly the events (tokens, locations, errors,
    /// game numbers) of the general code, from a slice and buffered.
    fn check(data: &[u8]) {
        let want = log(data, None, true);
        let show = || String::from_utf8_lossy(data).into_owned();
        assert_eq!(log(data, None, false), want, "{}", show());
        assert_eq!(log(data, Some(0), false), want, "{}", show());
    }

    /// `data` with its LFs as CRLF, and as lone CRs.
    fn line_end_variants(data: &[u8]) -> [Vec<u8>; 2] {
        let crlf = data.iter().fold(Vec::new(), |mut v, &b| {
            if b == b'\n' {
                v.push(b'\r');
            }
            v.push(b);
            v
        });
        let cr = data
            .iter()
            .map(|&b| if b == b'\n' { b'\r' } else { b })
            .collect();
        [crlf, cr]
    }

    #[test]
    fn fast_paths_equal_the_general_code_on_random_line_soups() {
        const PARTS: [&[u8]; 66] = [
            b"3...Nf6 ",
            b"4.Z0 ",
            b"5.0-0 ",
            b"6.e4!? ",
            b"7.N",
            b"8...Kxh1+",
            b"1234. ",
            b"12345.",
            b"7..",
            b"8....",
            b"9...(",
            b"10.{",
            b"[Event \"x\"]",
            b"[Site \"a\\\"b\"]",
            b"\n",
            b"\r",
            b"\r\n",
            b" ",
            b"  ",
            b"\t",
            b"1.",
            b"12. ",
            b"3...",
            b"e4 ",
            b"Nf3",
            b"exd5+ ",
            b"O-O-O",
            b"N ",
            b"TN ",
            b"e4!? ",
            b"Qh5\xe2\x88\x9e ",
            b"{ [%clk 0:05:00] } ",
            b"{ [%clk 0:05:00] }",
            b"{ [%clk 0:0}:00] } ",
            b"{ [%clk }:05:00] } ",
            b"{ [%clk 10:05:00] } ",
            b"{ [%clk 0:05\r00] } ",
            b"{ [%eval 0.17] [%clk 0:03:00] }",
            b"{",
            b"}",
            b"{ a comment that is longer than sixty-four bytes, so that it is searched twice } ",
            b"(",
            b") ",
            b"$12 ",
            b"$ ",
            b"$999",
            b";x",
            b"%y",
            b"1-0",
            b" 0-1",
            b"1/2-1/2 ",
            b"* ",
            b"0-0 ",
            b"+/- ",
            b"--",
            b"\0",
            b"12.e4",
            b"e5? ",
            b"Nf3!",
            b"Qxf7?? ",
            b"h4?!",
            b"e8=Q+!? ",
            b"Bb5!!",
            b"c4?!? ",
            b"N! ",
            b"a? ",
        ];
        for data in line_soups(&PARTS) {
            check(&data);
        }
        // A stray `[` in a skipped variation is garbage up to its `]`,
        // across a `)` (found by fuzzing).
        for data in [
            &b"4([)"[..],
            b"1. e4 ([Nf3) e5] d5) *\n",
            b"1. e4 (e5 ]) d5 *\n",
        ] {
            check(data);
        }
    }

    /// Tag sections and what may follow them: blank lines of every line
    /// end, the movetext's first bytes, `%` lines, another tag section.
    #[test]
    fn fast_paths_equal_the_general_code_on_tag_section_soups() {
        const PARTS: [&[u8]; 22] = [
            b"[Event \"x\"]\n",
            b"[Site \"y\"]\r\n",
            b"[Round \"1\"]\r",
            b"[White \"a\\\"b\"]\n",
            b"[Date \"?\"]",
            b"\n",
            b"\r\n",
            b"\r",
            b" ",
            b"\t",
            b"1. e4 ",
            b"e4",
            b"*\n",
            b"1-0\r\n",
            b"%z\n",
            b"{c} ",
            b"(",
            b";x\n",
            b"\xef\xbb\xbf",
            b"[",
            b"\0",
            b"Z",
        ];
        for data in line_soups(&PARTS) {
            check(&data);
        }
    }

    #[test]
    fn fast_paths_equal_the_general_code_on_the_test_data() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                let data = std::fs::read(&path).unwrap();
                check(&data);
                for variant in line_end_variants(&data) {
                    check(&variant);
                }
                n += 1;
            }
        }
        assert!(n > 0, "no .pgn file in {dir}");
    }

    /// The bench files and the sample of the shared corpus (`../shared` or
    /// /work/shared), with LF, CRLF and CR line ends.
    #[test]
    #[ignore = "needs the shared corpus"]
    fn fast_paths_equal_the_general_code_on_the_corpus() {
        let beside = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
        let root = if std::path::Path::new(beside).is_dir() {
            beside
        } else {
            "/work/shared/corpus"
        };
        for rel in [
            "bench/lichess_db_1000k.pgn",
            "bench/twic1599_1000k.pgn",
            "sample.pgn",
        ] {
            let data = std::fs::read(format!("{root}/{rel}")).unwrap();
            check(&data);
            for variant in line_end_variants(&data) {
                check(&variant);
            }
        }
    }

    #[test]
    fn close_or_eol_equals_a_scan() {
        let alphabet = b"}\n\r{ [%clk0:5]    ";
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let rounds = if cfg!(miri) { 40 } else { 5000 };
        for _ in 0..rounds {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 160) as usize;
            let w: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Mostly bytes that are none of the three.
                    let pick = (x % (alphabet.len() as u64 * 8)) as usize;
                    alphabet
                        .get(pick)
                        .copied()
                        .unwrap_or(b'a' + (x >> 40) as u8 % 26)
                })
                .collect();
            for from in 0..=len {
                let want = w[from..]
                    .iter()
                    .position(|&b| matches!(b, b'}' | b'\n' | b'\r'))
                    .map(|k| (from + k, w.get(from + k + 1) == Some(&b' ')));
                assert_eq!(close_or_eol(&w, from), want, "{w:?} {from}");
                if from > 0 {
                    assert_eq!(comment_close(&w, from - 1), want, "{w:?} {from}");
                }
            }
        }
        for v in 0..=255u8 {
            let mut c = [0u8; 16];
            for (k, b) in c.iter_mut().enumerate() {
                *b = v.wrapping_add(k as u8 * 17);
            }
            assert_eq!(comment_masks(&c), comment_masks_scalar(&c));
        }
    }
}
