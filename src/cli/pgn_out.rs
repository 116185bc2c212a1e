//! PGN export format: the seven-tag roster first, then the other tags in
//! input order, a blank line, the movetext wrapped at 80 columns (move
//! numbers `1.` and, where needed, `1...`; comments, NAGs and variations
//! kept), the result, and a blank line.

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

/// Writes `[Name "value"]` lines: the roster (from `tags` or defaults, the
/// first of each name; `Result` from `result` when the game has none),
/// then every other tag in input order. Values are unescaped bytes; `\`
/// and `"` are escaped again.
pub fn write_tags(out: &mut Vec<u8>, tags: &[(Vec<u8>, Vec<u8>)], result: &str) {
    for (name, default) in ROSTER {
        let found = tags.iter().find(|(n, _)| n == name.as_bytes());
        let value: &[u8] = match found {
            Some((_, v)) => v,
            None if name == "Result" => result.as_bytes(),
            None => default.as_bytes(),
        };
        write_tag(out, name.as_bytes(), value);
    }
    for (name, value) in tags {
        if ROSTER.iter().any(|(r, _)| r.as_bytes() == &name[..]) {
            continue;
        }
        write_tag(out, name, value);
    }
    out.push(b'\n');
}

fn write_tag(out: &mut Vec<u8>, name: &[u8], value: &[u8]) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    for &b in value {
        match b {
            b'\\' | b'"' => out.extend_from_slice(&[b'\\', b]),
            b'\n' | b'\r' | b'\t' => out.push(b' '),
            _ => out.push(b),
        }
    }
    out.extend_from_slice(b"\"]\n");
}

/// Movetext with line wrapping and move numbers.
#[derive(Default, Debug)]
pub struct Movetext {
    /// The text so far.
    pub out: Vec<u8>,
    line: usize,
    /// `(` to put before the next token.
    opens: usize,
    /// Whether the next Black move needs its number (`12...`).
    need_number: bool,
    depth: usize,
}

impl Movetext {
    /// A fresh movetext: the first move gets its number.
    pub fn new() -> Movetext {
        Movetext {
            need_number: true,
            ..Movetext::default()
        }
    }

    /// Starts a new game.
    pub fn clear(&mut self) {
        self.out.clear();
        self.line = 0;
        self.opens = 0;
        self.need_number = true;
        self.depth = 0;
    }

    fn token(&mut self, t: &[u8]) {
        let len = self.opens + t.len();
        if self.line > 0 {
            if self.line + 1 + len > MAX_LINE {
                self.out.push(b'\n');
                self.line = 0;
            } else {
                self.out.push(b' ');
                self.line += 1;
            }
        }
        for _ in 0..self.opens {
            self.out.push(b'(');
        }
        self.opens = 0;
        self.out.extend_from_slice(t);
        self.line += len;
    }

    /// A move (or `--`) written as `text`, played by `turn` at move `number`.
    pub fn san(&mut self, number: u32, turn: Color, text: &[u8]) {
        if turn == Color::White {
            self.token(format!("{number}.").as_bytes());
        } else if self.need_number {
            self.token(format!("{number}...").as_bytes());
        }
        self.token(text);
        self.need_number = false;
    }

    /// A NAG, `$n`.
    pub fn nag(&mut self, nag: u8) {
        self.token(format!("${nag}").as_bytes());
    }

    /// A comment, its words wrapped like tokens (whitespace runs become one
    /// space; a `}` inside is dropped).
    pub fn comment(&mut self, text: &[u8]) {
        let cleaned: Vec<u8> = text.iter().copied().filter(|&b| b != b'}').collect();
        let words: Vec<&[u8]> = cleaned
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            self.token(b"{}");
        } else {
            let last = words.len() - 1;
            for (i, w) in words.iter().enumerate() {
                let mut t = Vec::with_capacity(w.len() + 2);
                if i == 0 {
                    t.push(b'{');
                }
                t.extend_from_slice(w);
                if i == last {
                    t.push(b'}');
                }
                self.token(&t);
            }
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
    pub fn end_variation(&mut self) {
        if self.depth == 0 {
            return;
        }
        self.depth -= 1;
        if self.opens > 0 {
            // An empty variation.
            self.opens -= 1;
            self.token(b"()");
        } else if self.line + 1 > MAX_LINE {
            self.out.extend_from_slice(b"\n)");
            self.line = 1;
        } else {
            self.out.push(b')');
            self.line += 1;
        }
        self.need_number = true;
    }

    /// Closes the variations left open (a game that failed inside one),
    /// writes the result and the blank line after the game.
    pub fn finish(&mut self, result: &str) {
        self.opens = 0;
        while self.depth > 0 {
            self.end_variation();
        }
        self.token(result.as_bytes());
        self.out.extend_from_slice(b"\n\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_numbers() {
        let mut m = Movetext::new();
        m.san(1, Color::White, b"e4");
        m.comment(b"  best\nby test ");
        m.san(1, Color::Black, b"e5");
        m.begin_variation();
        m.san(1, Color::Black, b"c5");
        m.nag(1);
        m.end_variation();
        m.san(2, Color::White, b"Nf3");
        m.finish("*");
        assert_eq!(
            String::from_utf8(m.out).unwrap(),
            "1. e4 {best by test} 1... e5 (1... c5 $1) 2. Nf3 *\n\n"
        );
    }

    #[test]
    fn lines_at_most_80() {
        let mut m = Movetext::new();
        for n in 1..=40 {
            m.san(n, Color::White, b"Nf3");
            m.san(n, Color::Black, b"Nf6");
        }
        m.finish("1/2-1/2");
        let text = String::from_utf8(m.out).unwrap();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.lines().next().unwrap().len() > 70);
        assert!(text.ends_with(" 1/2-1/2\n\n"));
    }

    #[test]
    fn tags_roster_first() {
        let mut out = Vec::new();
        let tags = vec![
            (b"White".to_vec(), b"A \"x\" \\".to_vec()),
            (b"ECO".to_vec(), b"C20".to_vec()),
            (b"Event".to_vec(), b"E".to_vec()),
        ];
        write_tags(&mut out, &tags, "1-0");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"x\\\" \\\\\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n"
        );
    }
}
