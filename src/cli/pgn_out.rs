//! PGN export format: the seven-tag roster first, then the other tags in
//! input order, a blank line, the movetext wrapped at 80 columns (move
//! numbers `1.` and, where needed, `1...`; comments, NAGs and variations
//! kept), the result, and a blank line. Everything is written straight
//! into the caller's buffer.
//!
//! What is written always reads back as the same game: variations are
//! balanced (those left open by a failed game are closed), a `}` inside a
//! comment is dropped, and no line of movetext begins with `[` or `%` (a
//! tag line there would begin a new game, a `%` line would be skipped).

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
/// caller passes to each call.
#[derive(Debug)]
pub struct Movetext {
    /// Bytes on the current line.
    line: usize,
    /// `(` to put before the next token.
    opens: usize,
    /// Whether the next Black move needs its number (`12...`).
    need_number: bool,
    depth: usize,
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
        }
    }

    /// Starts a new game.
    pub fn clear(&mut self) {
        *self = Movetext::new();
    }

    /// Makes room for a token of `len` bytes: a space, or a line end when
    /// the line would pass [`MAX_LINE`] (`keep`: never a line end, for a
    /// token that may not begin a line), then the pending `(`s.
    #[inline]
    fn space(&mut self, out: &mut Vec<u8>, len: usize, keep: bool) {
        let len = self.opens + len;
        if self.line > 0 {
            if self.line + 1 + len > MAX_LINE && !keep {
                out.push(b'\n');
                self.line = 0;
            } else {
                out.push(b' ');
                self.line += 1;
            }
        }
        for _ in 0..self.opens {
            out.push(b'(');
        }
        self.opens = 0;
        self.line += len;
    }

    fn token(&mut self, out: &mut Vec<u8>, t: &[u8]) {
        self.space(out, t.len(), false);
        out.extend_from_slice(t);
    }

    /// A move (or `--`) written as `text`, played by `turn` at move `number`.
    #[inline]
    pub fn san(&mut self, out: &mut Vec<u8>, number: u32, turn: Color, text: &[u8]) {
        if turn == Color::White || self.need_number {
            let mut digits = [0u8; 16];
            let mut n = digits.len();
            let mut v = number;
            loop {
                n -= 1;
                digits[n] = b'0' + (v % 10) as u8;
                v /= 10;
                if v == 0 {
                    break;
                }
            }
            let dots: &[u8] = if turn == Color::White { b"." } else { b"..." };
            let len = digits.len() - n + dots.len();
            self.space(out, len, false);
            out.extend_from_slice(&digits[n..]);
            out.extend_from_slice(dots);
        }
        self.token(out, text);
        self.need_number = false;
    }

    /// A NAG, `$n`.
    pub fn nag(&mut self, out: &mut Vec<u8>, nag: u8) {
        let mut t = [b'$', 0, 0, 0];
        let mut n = 1;
        if nag >= 100 {
            t[n] = b'0' + nag / 100;
            n += 1;
        }
        if nag >= 10 {
            t[n] = b'0' + nag / 10 % 10;
            n += 1;
        }
        t[n] = b'0' + nag % 10;
        self.token(out, &t[..=n]);
    }

    /// A comment, its words wrapped like tokens (whitespace runs become one
    /// space; a `}` inside is dropped; a word that begins with `[` or `%`
    /// never begins a line).
    pub fn comment(&mut self, out: &mut Vec<u8>, text: &[u8]) {
        let mut words = text
            .split(|b| b.is_ascii_whitespace())
            .map(|w| (w, w.iter().filter(|&&b| b != b'}').count()))
            .filter(|&(_, len)| len > 0)
            .peekable();
        let mut first = true;
        if words.peek().is_none() {
            self.token(out, b"{}");
        }
        while let Some((w, len)) = words.next() {
            let last = words.peek().is_none();
            let len = len + usize::from(first) + usize::from(last);
            let keep = !first && matches!(w.first(), Some(b'[' | b'%'));
            self.space(out, len, keep);
            if first {
                out.push(b'{');
            }
            out.extend(w.iter().filter(|&&b| b != b'}'));
            if last {
                out.push(b'}');
            }
            first = false;
        }
        self.need_number = true;
    }

    /// A variation begins.
    pub fn begin_variation(&mut self) {
        self.opens += 1;
        self.depth += 1;
        self.need_number = true;
    }

    /// A variation ends.
    pub fn end_variation(&mut self, out: &mut Vec<u8>) {
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
            m.san(out, 1, Color::White, b"e4");
            m.comment(out, b"  best\nby test} ");
            m.san(out, 1, Color::Black, b"e5");
            m.begin_variation();
            m.san(out, 1, Color::Black, b"c5");
            m.nag(out, 1);
            m.nag(out, 146);
            m.end_variation(out);
            m.san(out, 2, Color::White, b"Nf3");
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
                m.san(out, n, Color::White, b"Nf3");
                m.san(out, n, Color::Black, b"Nf6");
            }
            m.finish(out, "1/2-1/2");
        });
        assert!(t.lines().all(|l| l.len() <= 80), "{t}");
        assert!(t.lines().next().unwrap().len() > 70);
        assert!(t.ends_with(" 1/2-1/2\n\n"));
    }

    #[test]
    fn no_line_begins_with_a_bracket_or_percent() {
        let t = text(|m, out| {
            let words = "word ".repeat(15) + "[Event \"x\"] %clk " + &"w ".repeat(40) + "[a]";
            m.comment(out, words.as_bytes());
            m.finish(out, "*");
        });
        assert!(
            t.lines()
                .all(|l| !l.starts_with('[') && !l.starts_with('%')),
            "{t}"
        );
        assert!(t.contains(" [Event \"x\"] %clk w"), "{t}");
    }

    #[test]
    fn open_variations_are_closed() {
        // A game that failed inside two variations, the inner one empty.
        let t = text(|m, out| {
            m.san(out, 1, Color::White, b"e4");
            m.san(out, 1, Color::Black, b"e5");
            m.begin_variation();
            m.san(out, 1, Color::Black, b"c5");
            m.begin_variation();
            m.finish(out, "*");
        });
        assert_eq!(t, "1. e4 e5 (1... c5 ()) *\n\n");
        let t = text(|m, out| {
            m.san(out, 1, Color::White, b"e4");
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
