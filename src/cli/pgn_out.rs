//! PGN export format: the seven-tag roster first, then the other tags in
//! input order, a blank line, the movetext wrapped at 80 columns (move
//! numbers `1.` and, where needed, `1...`; comments, NAGs and variations
//! kept), the result, and a blank line. Everything is written straight
//! into the caller's buffer.
//!
//! What is written always reads back as the same game: variations are
//! balanced (those left open by a failed game are closed), a `}` inside a
//! comment is dropped, and no line of a comment can be a tag line (which
//! would begin a new game there): a word `[Name` never begins a line.

use movetext::notation::{Nag, NagStyle};
use movetext::Color;

/// The seven-tag roster and the value of each when missing.
pub const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line of movetext.
pub const MAX_LINE: usize = 80;

/// A game's tags as read, unescaped, in one buffer.
#[derive(Default, Debug)]
pub struct Tags {
    bytes: Vec<u8>,
    /// Per tag: where its name ends and where its value ends.
    ends: Vec<(usize, usize)>,
}

impl Tags {
    /// No tags.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }

    /// Adds a tag (its value unescaped).
    pub fn push(&mut self, name: &[u8], value: &[u8]) {
        self.bytes.extend_from_slice(name);
        let name_end = self.bytes.len();
        self.bytes.extend_from_slice(value);
        self.ends.push((name_end, self.bytes.len()));
    }

    /// The tags, `(name, value)`, in input order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], &[u8])> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(n, v)| {
            let tag = (&self.bytes[start..n], &self.bytes[n..v]);
            start = v;
            tag
        })
    }

    /// The value of the first tag named `name`.
    pub fn get(&self, name: &[u8]) -> Option<&[u8]> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The bytes held.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }
}

/// Writes `[Name "value"]` lines: the roster (from `tags`, the first of each
/// name, or its default; `Result` from `result` when the game has none),
/// then every other tag in input order (a second tag of a roster name
/// too), then a blank line. Values are unescaped bytes; `\` and `"` are
/// escaped again, line ends become spaces. Returns where the value of the
/// `Result` tag is in `out`.
pub fn write_tags(out: &mut Vec<u8>, tags: &Tags, result: &str) -> (usize, usize) {
    let mut result_at = (0, 0);
    for (name, default) in ROSTER {
        let value = match tags.get(name.as_bytes()) {
            Some(v) => v,
            None if name == "Result" => result.as_bytes(),
            None => default.as_bytes(),
        };
        let at = write_tag(out, name.as_bytes(), value);
        if name == "Result" {
            result_at = at;
        }
    }
    let mut seen = [false; ROSTER.len()];
    for (name, value) in tags.iter() {
        if let Some(i) = ROSTER.iter().position(|(r, _)| r.as_bytes() == name) {
            if !seen[i] {
                seen[i] = true;
                continue;
            }
        }
        write_tag(out, name, value);
    }
    out.push(b'\n');
    result_at
}

/// Writes one tag line; gives where its value is.
fn write_tag(out: &mut Vec<u8>, name: &[u8], value: &[u8]) -> (usize, usize) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    let start = out.len();
    for &b in value {
        match b {
            b'\\' | b'"' => out.extend_from_slice(&[b'\\', b]),
            b'\n' | b'\r' | b'\t' => out.push(b' '),
            _ => out.push(b),
        }
    }
    let end = out.len();
    out.extend_from_slice(b"\"]\n");
    (start, end)
}

/// Movetext with line wrapping and move numbers, written into a buffer the
/// caller passes to each call. Each token is written as it comes, after a
/// space that becomes a line end if the token would pass [`MAX_LINE`].
#[derive(Debug)]
pub struct Movetext {
    /// Bytes on the current line.
    line: usize,
    /// `(` to put before the next token.
    opens: usize,
    /// Whether the next Black move needs its number (`12...`).
    need_number: bool,
    depth: usize,
    /// A move written but not closed: its suffix may follow.
    open: Option<Token>,
    /// The move just closed, nothing after it yet, and the line length
    /// before it: a move assessment glyph (`!`, `?!`) may be glued on.
    last_move: Option<(Token, usize)>,
    /// How NAGs are written.
    nag_style: NagStyle,
}

/// A token being written: where its space is (if it has one) and where it
/// begins.
#[derive(Copy, Clone, Debug)]
struct Token {
    space: Option<usize>,
    start: usize,
}

impl Default for Movetext {
    fn default() -> Movetext {
        Movetext::new()
    }
}

impl Movetext {
    /// A fresh movetext: the first move gets its number.
    pub fn new() -> Movetext {
        Movetext {
            line: 0,
            opens: 0,
            need_number: true,
            depth: 0,
            open: None,
            last_move: None,
            nag_style: NagStyle::Dollar,
        }
    }

    /// A fresh movetext writing NAGs in `style`.
    pub fn with_nags(style: NagStyle) -> Movetext {
        Movetext {
            nag_style: style,
            ..Movetext::new()
        }
    }

    /// Starts a new game.
    pub fn clear(&mut self) {
        *self = Movetext::with_nags(self.nag_style);
    }

    /// Begins a token: a space unless the line is empty, then the pending
    /// `(`s.
    #[inline]
    fn begin(&mut self, out: &mut Vec<u8>) -> Token {
        self.last_move = None;
        let space = (self.line > 0).then(|| {
            out.push(b' ');
            out.len() - 1
        });
        let start = out.len();
        for _ in 0..self.opens {
            out.push(b'(');
        }
        self.opens = 0;
        Token { space, start }
    }

    /// Ends a token: its space becomes a line end if the line would pass
    /// [`MAX_LINE`] (unless `keep`: a token that may not begin a line).
    #[inline]
    fn end(&mut self, out: &mut [u8], t: Token, keep: bool) {
        let len = out.len() - t.start;
        match t.space {
            Some(i) if self.line + 1 + len > MAX_LINE && !keep => {
                out[i] = b'\n';
                self.line = len;
            }
            Some(_) => self.line += 1 + len,
            None => self.line += len,
        }
    }

    fn token(&mut self, out: &mut Vec<u8>, text: &[u8]) {
        let t = self.begin(out);
        out.extend_from_slice(text);
        self.end(out, t, false);
    }

    /// A move (or `--`), played by `turn` at move `number`, its text
    /// written by `write`.
    #[inline]
    pub fn san(
        &mut self,
        out: &mut Vec<u8>,
        number: u32,
        turn: Color,
        write: impl FnOnce(&mut Vec<u8>),
    ) {
        self.open_move(out, number, turn, write);
        self.close_move(out, None);
    }

    /// [`Movetext::san`] without the end of the move: its check or mate
    /// suffix may follow, in [`Movetext::close_move`], before anything
    /// else is written.
    #[inline]
    pub fn open_move(
        &mut self,
        out: &mut Vec<u8>,
        number: u32,
        turn: Color,
        write: impl FnOnce(&mut Vec<u8>),
    ) {
        debug_assert!(self.open.is_none(), "a move left open");
        if turn == Color::White || self.need_number {
            let t = self.begin(out);
            push_number(out, number);
            if turn == Color::White {
                out.push(b'.');
            } else {
                out.extend_from_slice(b"...");
            }
            self.end(out, t, false);
        }
        let t = self.begin(out);
        write(out);
        self.open = Some(t);
        self.need_number = false;
    }

    /// Ends the move [`Movetext::open_move`] began, with its `suffix`.
    #[inline]
    pub fn close_move(&mut self, out: &mut Vec<u8>, suffix: Option<u8>) {
        if let Some(t) = self.open.take() {
            if let Some(c) = suffix {
                out.push(c);
            }
            let line = self.line;
            self.end(out, t, false);
            self.last_move = Some((t, line));
        }
    }

    /// A NAG: `$n`, or its glyph in the style chosen (`$n` when it has
    /// none). A move assessment (`!`, `?`, `!!`, `??`, `!?`, `?!`) right
    /// after its move is glued to it, as the PGN standard writes them
    /// (`e4!`); every other glyph is a token of its own (`e4 ±`), which
    /// reads back as the NAG of the move before it.
    pub fn nag(&mut self, out: &mut Vec<u8>, nag: u8) {
        let nag = Nag(nag);
        let glyph = match self.nag_style {
            NagStyle::Dollar => None,
            NagStyle::Glyph => nag.glyph(),
            NagStyle::AsciiGlyph => nag.ascii_glyph(),
        };
        if let (Some(g), Some((t, line))) = (glyph, self.last_move) {
            if matches!(nag.0, 1..=6) {
                // The move's token again, with the glyph: its line end
                // undone, then decided again.
                if let Some(i) = t.space {
                    out[i] = b' ';
                }
                self.line = line;
                out.extend_from_slice(g.as_bytes());
                self.end(out, t, false);
                self.last_move = None;
                return;
            }
        }
        let t = self.begin(out);
        match glyph {
            Some(g) => out.extend_from_slice(g.as_bytes()),
            None => {
                out.push(b'$');
                push_number(out, u32::from(nag.0));
            }
        }
        self.end(out, t, false);
    }

    /// A comment, its words wrapped like tokens (whitespace runs become one
    /// space; a `}` inside is dropped; a word `[Name`, which could begin a
    /// tag line, never begins a line).
    pub fn comment(&mut self, out: &mut Vec<u8>, text: &[u8]) {
        let mut words = text
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| w.iter().any(|&b| b != b'}'))
            .peekable();
        if words.peek().is_none() {
            self.token(out, b"{}");
        }
        let mut first = true;
        while let Some(w) = words.next() {
            let t = self.begin(out);
            if first {
                out.push(b'{');
            }
            out.extend(w.iter().filter(|&&b| b != b'}'));
            if words.peek().is_none() {
                out.push(b'}');
            }
            let keep = !first && tag_name(w);
            self.end(out, t, keep);
            first = false;
        }
        self.need_number = true;
    }

    /// A variation begins.
    pub fn begin_variation(&mut self) {
        self.last_move = None;
        self.opens += 1;
        self.depth += 1;
        self.need_number = true;
    }

    /// A variation ends.
    pub fn end_variation(&mut self, out: &mut Vec<u8>) {
        self.last_move = None;
        if self.depth == 0 {
            return;
        }
        self.depth -= 1;
        if self.opens > 0 {
            // An empty variation.
            self.opens -= 1;
            self.token(out, b"()");
        } else if self.line + 1 > MAX_LINE {
            out.extend_from_slice(b"\n)");
            self.line = 1;
        } else {
            out.push(b')');
            self.line += 1;
        }
        self.need_number = true;
    }

    /// Closes the variations left open (a game that failed inside one),
    /// writes the result and the blank line after the game.
    pub fn finish(&mut self, out: &mut Vec<u8>, result: &str) {
        while self.depth > 0 {
            self.end_variation(out);
        }
        self.token(out, result.as_bytes());
        out.extend_from_slice(b"\n\n");
    }
}

/// Whether `word` is `[Name` (letters, digits, `_`): at the start of a line
/// it could begin a tag line (`[Name "value"]`).
fn tag_name(word: &[u8]) -> bool {
    word.len() > 1
        && word[0] == b'['
        && word[1..]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Appends `n` in decimal.
#[inline]
fn push_number(out: &mut Vec<u8>, n: u32) {
    if n < 10 {
        out.push(b'0' + n as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut v = n;
    while v > 0 {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl FnOnce(&mut Movetext, &mut Vec<u8>)) -> String {
        let mut m = Movetext::new();
        let mut out = Vec::new();
        f(&mut m, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn wraps_and_numbers() {
        let t = text(|m, out| {
            m.san(out, 1, Color::White, |o| o.extend_from_slice(b"e4"));
            m.comment(out, b"  best\nby test} ");
            m.san(out, 1, Color::Black, |o| o.extend_from_slice(b"e5"));
            m.begin_variation();
            m.san(out, 1, Color::Black, |o| o.extend_from_slice(b"c5"));
            m.nag(out, 1);
            m.nag(out, 146);
            m.end_variation(out);
            m.san(out, 2, Color::White, |o| o.extend_from_slice(b"Nf3"));
            m.comment(out, b" }} ");
            m.finish(out, "*");
        });
        assert_eq!(
            t,
            "1. e4 {best by test} 1... e5 (1... c5 $1 $146) 2. Nf3 {} *\n\n"
        );
    }

    #[test]
    fn lines_at_most_80() {
        let t = text(|m, out| {
            for n in 1..=40 {
                m.san(out, n, Color::White, |o| o.extend_from_slice(b"Nf3"));
                m.san(out, n, Color::Black, |o| o.extend_from_slice(b"Nf6"));
            }
            m.finish(out, "1/2-1/2");
        });
        assert!(t.lines().all(|l| l.len() <= 80), "{t}");
        assert!(t.lines().next().unwrap().len() > 70);
        assert!(t.ends_with(" 1/2-1/2\n\n"));
    }

    #[test]
    fn nag_glyphs_glued_and_wrapped() {
        let t = |style, nags: &[u8]| {
            let mut m = Movetext::with_nags(style);
            let mut out = Vec::new();
            // 18 tokens of 3 bytes and their spaces: 71 bytes.
            for n in 1..=18 {
                m.token(&mut out, format!("{:03}", n).as_bytes());
            }
            m.open_move(&mut out, 1, Color::White, |o| o.extend_from_slice(b"Nf3"));
            m.close_move(&mut out, Some(b'+'));
            for &n in nags {
                m.nag(&mut out, n);
            }
            m.finish(&mut out, "*");
            String::from_utf8(out).unwrap()
        };
        let start = "001 002 003 004 005 006 007 008 009 010 011 012 013 014 015 016 017 018 1.";
        // The move fits the line; with its glyph glued it does not.
        assert_eq!(t(NagStyle::Glyph, &[]), format!("{start} Nf3+\n*\n\n"));
        assert_eq!(
            t(NagStyle::Glyph, &[5, 5, 16, 200]),
            format!("{start}\nNf3+!? !? ± $200 *\n\n")
        );
        assert_eq!(
            t(NagStyle::AsciiGlyph, &[13, 1]),
            format!("{start} Nf3+\n$13 ! *\n\n")
        );
        assert_eq!(t(NagStyle::Dollar, &[1]), format!("{start} Nf3+\n$1 *\n\n"));
    }

    #[test]
    fn no_comment_line_is_a_tag_line() {
        let t = text(|m, out| {
            let words =
                "word ".repeat(15) + "[Event \"x\"] [%clk 0:01] " + &"w ".repeat(40) + "[a]";
            m.comment(out, words.as_bytes());
            m.finish(out, "*");
        });
        assert!(t.lines().all(|l| !l.starts_with("[Event")), "{t}");
        assert!(t.lines().next().unwrap().ends_with(" [Event"), "{t}");
        // Only a `[Name` word is kept off the start of a line.
        assert!(t.lines().filter(|l| l.len() > 80).count() <= 1, "{t}");
        let t = text(|m, out| {
            let words = "word ".repeat(15) + "[%clk 0:01] " + &"w ".repeat(40);
            m.comment(out, words.as_bytes());
            m.finish(out, "*");
        });
        assert!(t.lines().all(|l| l.len() <= 80), "{t}");
        assert!(tag_name(b"[Event") && tag_name(b"[a_1"));
        assert!(!tag_name(b"[%clk") && !tag_name(b"[") && !tag_name(b"[Event]"));
    }

    #[test]
    fn open_variations_are_closed() {
        // A game that failed inside two variations, the inner one empty.
        let t = text(|m, out| {
            m.san(out, 1, Color::White, |o| o.extend_from_slice(b"e4"));
            m.san(out, 1, Color::Black, |o| o.extend_from_slice(b"e5"));
            m.begin_variation();
            m.san(out, 1, Color::Black, |o| o.extend_from_slice(b"c5"));
            m.begin_variation();
            m.finish(out, "*");
        });
        assert_eq!(t, "1. e4 e5 (1... c5 ()) *\n\n");
        let t = text(|m, out| {
            m.san(out, 1, Color::White, |o| o.extend_from_slice(b"e4"));
            m.begin_variation();
            m.comment(out, b"error");
            m.finish(out, "*");
        });
        assert_eq!(t, "1. e4 ({error}) *\n\n");
    }

    #[test]
    fn tags_roster_first() {
        let mut out = Vec::new();
        let mut tags = Tags::default();
        tags.push(b"White", b"A \"x\" \\");
        tags.push(b"ECO", b"C20");
        tags.push(b"Event", b"E");
        tags.push(b"Event", b"F");
        let at = write_tags(&mut out, &tags, "1-0");
        assert_eq!(&out[at.0..at.1], b"1-0");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"x\\\" \\\\\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[Event \"F\"]\n\n"
        );
    }
}
