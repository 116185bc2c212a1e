//! Hostile inputs, generated on the fly by an `io::Read` that allocates
//! nothing: the reader's memory is its fixed buffer, time is linear, and it
//! never panics or hangs. Sizes are kept to about a second in debug builds
//! (8 MiB stands in for the 1 GiB comment of the brief: the code path is the
//! same, a window refilled and dropped, so only the time grows); the full
//! 1 GiB case is `gigabyte_comment`, ignored, for release runs:
//! `cargo test --release --test pgn_hostile -- --ignored`.

use std::io::{self, Read};

use movetext::pgn::events::{Event, EventLog};
use movetext::pgn::{Control, ErrorKind, Location, Reader, Visitor};

/// `prefix`, then `n` copies of `fill`, then `suffix`; `fill` is kept as one
/// 4 KiB block of repeats, so memory stays constant.
struct Gen {
    parts: [(Vec<u8>, u64); 3],
    part: usize,
    pos: u64,
}

impl Gen {
    fn new(prefix: &[u8], fill: &[u8], n: u64, suffix: &[u8]) -> Gen {
        let block = fill.repeat((4096 / fill.len()).max(1));
        Gen {
            parts: [
                (prefix.to_vec(), prefix.len() as u64),
                (block, fill.len() as u64 * n),
                (suffix.to_vec(), suffix.len() as u64),
            ],
            part: 0,
            pos: 0,
        }
    }
}

impl Read for Gen {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.part < 3 {
            let (bytes, total) = (&self.parts[self.part].0, self.parts[self.part].1);
            if self.pos >= total {
                self.part += 1;
                self.pos = 0;
                continue;
            }
            let i = (self.pos % bytes.len() as u64) as usize;
            let take = (bytes.len() - i).min(buf.len() - n);
            let take = take.min((total - self.pos) as usize);
            buf[n..n + take].copy_from_slice(&bytes[i..i + take]);
            n += take;
            self.pos += take as u64;
        }
        Ok(n)
    }
}

const MIB: u64 = 1 << 20;

fn read_all(input: impl Read) -> Vec<Vec<Event>> {
    let mut games = Vec::new();
    Reader::new(input)
        .read_all(&mut EventLog::default(), |g| games.push(g))
        .unwrap();
    games
}

fn kinds(game: &[Event]) -> Vec<ErrorKind> {
    game.iter()
        .filter_map(|e| match e {
            Event::Error { kind, .. } => Some(*kind),
            _ => None,
        })
        .collect()
}

#[test]
fn huge_comment_is_truncated_then_skipped() {
    huge_comment(8 * MIB);
}

#[test]
#[ignore = "1 GiB: run in release mode"]
fn gigabyte_comment() {
    huge_comment(1024 * MIB);
}

fn huge_comment(size: u64) {
    let games = read_all(Gen::new(
        b"[Event \"x\"]\n1. e4 {",
        b"a",
        size,
        b"} e5 *\n[Event \"y\"]\n*",
    ));
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(kinds(g), [ErrorKind::CommentTooLong]);
    let comment = g.iter().find_map(|e| match e {
        Event::Comment(c) => Some(c.len()),
        _ => None,
    });
    // The default buffer is 256 KiB; the truncated comment is what fitted.
    assert!(comment.unwrap() > 200_000 && comment.unwrap() < 256 * 1024);
    // `e5` after the comment: 12 bytes of tags, `1. e4 {`, the comment, `} `.
    let at = |offset, line, column| Location {
        game: 1,
        offset,
        line,
        column,
    };
    assert_eq!(
        g[g.len() - 3],
        Event::San(b"e5".to_vec(), at(21 + size, 2, 10 + size))
    );
    match &g[6] {
        Event::Error { at: loc, .. } => assert_eq!(*loc, at(18, 2, 7)),
        e => panic!("{e:?}"),
    }
}

#[test]
fn huge_unterminated_comment_over_many_lines() {
    let games = read_all(Gen::new(b"1. e4 {", b"[%clk 1:00]\n", 200_000, b""));
    assert_eq!(games.len(), 1);
    assert_eq!(
        kinds(&games[0]),
        [ErrorKind::CommentTooLong, ErrorKind::UnterminatedComment]
    );
}

#[test]
fn deep_nesting_is_a_counter() {
    struct Depth(u64, u64, u64);
    impl Visitor for Depth {
        type Output = (u64, u64);
        fn begin_variation(&mut self) -> Control {
            self.0 += 1;
            self.2 = self.2.max(self.0);
            Control::Continue
        }
        fn end_variation(&mut self) -> Control {
            self.0 -= 1;
            self.1 += 1;
            Control::Continue
        }
        fn end_game(&mut self) -> (u64, u64) {
            (self.2, self.1)
        }
    }
    let input = Gen::new(b"1. e4 ", b"( e5 ", 100_000, b"");
    let input = input.chain(Gen::new(b"", b")", 100_000, b" *"));
    let mut r = Reader::new(input);
    assert_eq!(
        r.read_game(&mut Depth(0, 0, 0)).unwrap(),
        Some((100_000, 100_000))
    );
    // Unclosed: one error at the outermost `(`.
    let games = read_all(Gen::new(b"1. e4 ", b"(", 100_000, b""));
    assert_eq!(kinds(&games[0]), [ErrorKind::UnterminatedVariation]);
}

#[test]
fn ten_megabyte_line_is_one_error() {
    let games = read_all(Gen::new(b"[Event \"x\"]\n1. e4 ", b"x", 10 * MIB, b" e5 *"));
    assert_eq!(games.len(), 1);
    assert_eq!(kinds(&games[0]), [ErrorKind::TokenTooLong]);
    let e5 = 12 + 6 + 10 * MIB + 1;
    let loc = Location {
        game: 1,
        offset: e5,
        line: 2,
        column: e5 - 12 + 1,
    };
    assert_eq!(
        games[0][games[0].len() - 3],
        Event::San(b"e5".to_vec(), loc)
    );
    // A tag line too long for the buffer.
    let games = read_all(Gen::new(b"[Event \"", b"x", 10 * MIB, b"\"]\n1. e4 *"));
    assert_eq!(kinds(&games[0]), [ErrorKind::TokenTooLong]);
    let e4 = 8 + 10 * MIB + 3 + 3;
    let loc = Location {
        game: 1,
        offset: e4,
        line: 2,
        column: 4,
    };
    assert_eq!(
        games[0][games[0].len() - 3],
        Event::San(b"e4".to_vec(), loc)
    );
}

#[test]
fn nul_bytes() {
    // A file of NUL bytes: junk, one error, no game.
    let mut errors = Vec::new();
    struct Errors<'a>(&'a mut Vec<(ErrorKind, u64)>);
    impl Visitor for Errors<'_> {
        type Output = ();
        fn error(&mut self, e: &movetext::pgn::PgnError<'_>) -> Control {
            self.0.push((e.kind, e.at.offset));
            Control::Continue
        }
        fn end_game(&mut self) {}
    }
    let mut r = Reader::new(Gen::new(b"", b"\0", 8 * MIB, b""));
    assert_eq!(r.read_game(&mut Errors(&mut errors)).unwrap(), None);
    assert_eq!(errors, [(ErrorKind::Garbage, 0)]);
    // NUL runs inside movetext: one error per run.
    let games = read_all(Gen::new(b"1. e4 ", b"\0", MIB, b" e5 *"));
    assert_eq!(kinds(&games[0]), [ErrorKind::NulBytes]);
}

#[test]
fn many_tiny_games_and_unterminated_tags() {
    let games = read_all(Gen::new(b"", b"[Event \"x\n", 100_000, b""));
    // Each unterminated `[Event "x` line is no tag line, so no hard start:
    // they all fall into one game's tag section, one error each.
    assert_eq!(games.len(), 1);
    assert_eq!(kinds(&games[0]).len(), 100_000);
    let games = read_all(Gen::new(b"", b"[Event \"x\"]\n*\n", 100_000, b""));
    assert_eq!(games.len(), 100_000);
}
