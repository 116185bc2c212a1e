//! Inputs for the work-unit tests: PGN that tempts a cutter to cut where
//! it must not (`[` at the start of lines inside comments and variations,
//! open comments and variations, games without tags, junk), and the
//! compressed forms publishers write.
#![allow(dead_code)]

use std::io::Write;

/// Games of every shape, `{i}` replaced by the game's index. Inside the
/// comments and variations, lines begin with `[` but are no tag lines
/// (`[%clk ...]`, `[not a tag`, a tag with a tail): no game begins there.
const SHAPES: &[&str] = &[
    // Tags, moves, an illegal one in some.
    "[Event \"n{i}\"]\n[Site \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
    // A comment over several lines, each beginning with `[`.
    "[Event \"c{i}\"]\n\n1. d4 {a long comment\n[%clk 0:03:00]\n[not a tag line\n[Event \"x\"] with a tail\n[%eval 0.3]} d5 2. c4 *\n\n",
    // Variations over several lines, lines inside beginning with `[`.
    "[Event \"v{i}\"]\n\n1. e4 (1. d4 d5\n[%eval 0.25] 2. c4 (2. Nf3\n[Site\n3. g3)) 1... c5 2. Nf3 Ke7 *\n\n",
    // No tags.
    "1. c4 e5 2. Nc3 Nf6 1/2-1/2\n\n",
    // A comment never closed: the next game's tags end it.
    "[Event \"u{i}\"]\n\n1. e4 {never closed\n[%clk 0:01:00]\n\n",
    // A variation never closed.
    "[Event \"w{i}\"]\n1. e4 (1. d4 d5\n[%clk 1]\n",
    // CRLF, an illegal move.
    "[Event \"r{i}\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n",
    // Junk after the result, then tags that begin mid-line.
    "[Event \"j{i}\"]\n\n1. f4 e5 0-1 junk here\n1-0 [Event \"mid{i}\"]\n",
    // Tags only.
    "[Event \"t{i}\"]\n[Site \"only tags\"]\n\n",
    // Lone CR line ends.
    "[Event \"cr{i}\"]\r1. g3 d5 2. Bg2 *\r\r",
    // A `;` comment that holds a tag, a NAG out of range.
    "[Event \"s{i}\"]\n\n1. e4 ; [Event \"no\"]\ne5 $300 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
    // Two games without tags after each other.
    "1. d4 d5 *\n1. e4 e5 0-0\n\n",
];

/// A byte order mark and junk before the first game, then `games` games of
/// the shapes above in a fixed pseudo-random order.
pub fn tricky_pgn(games: usize) -> Vec<u8> {
    let mut out = b"\xef\xbb\xbfjunk before the first game\n{a comment}\n".to_vec();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in 0..games {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let shape = SHAPES[(x % SHAPES.len() as u64) as usize];
        out.extend_from_slice(shape.replace("{i}", &i.to_string()).as_bytes());
    }
    out
}

/// A skippable frame holding `content` (magic `0x184D2A50`).
pub fn skippable(content: &[u8]) -> Vec<u8> {
    let mut v = 0x184D_2A50u32.to_le_bytes().to_vec();
    v.extend_from_slice(&(content.len() as u32).to_le_bytes());
    v.extend_from_slice(content);
    v
}

/// `data` as pzstd writes it: pieces of `piece` bytes (cut anywhere, mid-game
/// too), each a zstd frame after a skippable frame holding its size.
pub fn pzstd_like(data: &[u8], piece: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for piece in data.chunks(piece.max(1)) {
        let frame = zstd::encode_all(piece, 3).unwrap();
        out.extend_from_slice(&skippable(&(frame.len() as u32).to_le_bytes()));
        out.extend_from_slice(&frame);
    }
    out
}

pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

/// A file in the temporary directory, removed when dropped.
pub struct Temp(pub std::path::PathBuf);

impl Temp {
    pub fn new(name: &str, content: &[u8]) -> Temp {
        let path =
            std::env::temp_dir().join(format!("movetext-units-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        Temp(path)
    }

    pub fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
