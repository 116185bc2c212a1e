//! Instruction-count probe for the SAN benches: runs one body of
//! `benches/notation.rs` over the 2,000 moves of `benches/data/san_moves.txt`
//! a given number of times, so Callgrind can count it without criterion.
//!
//! ```text
//! cargo build --release --example san_probe
//! valgrind --tool=callgrind --toggle-collect='san_probe::run*' \
//!     target/release/examples/san_probe mt-resolve 10
//! ```
//!
//! Bodies: `mt-resolve`, `sk-resolve`, `mt-play`, `sk-play`, `mt-write`,
//! `sk-write`. Instructions per move = collected instructions / (2,000 ×
//! iterations).

#[path = "../benches/common/san_moves.rs"]
mod san_moves;

use std::hint::black_box;

use movetext::notation::{write_san, ArrayBuf, Language, ParseMode, San, SanStyle, SuffixVerdict};
use san_moves::{san_moves, SanMove};
use shakmaty::Position as _;

fn mt_resolve(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = San::from_ascii(black_box(s.san), Language::En, ParseMode::Lenient).unwrap();
        let m = sp.san.to_move(&s.mt, ParseMode::Lenient).unwrap();
        n += usize::from(m == s.mt_move);
    }
    n
}

fn sk_resolve(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = shakmaty::san::SanPlus::from_ascii(black_box(s.san)).unwrap();
        let m = sp.san.to_move(&s.sk).unwrap();
        n += usize::from(m == s.sk_move);
    }
    n
}

fn mt_play(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = San::from_ascii(black_box(s.san), Language::En, ParseMode::Lenient).unwrap();
        let r = sp.to_move(&s.mt, ParseMode::Lenient).unwrap();
        let after = black_box(s.mt.played(r.mv));
        assert!(r.suffix != SuffixVerdict::Contradicted);
        n += usize::from(after.turn() != s.mt.turn());
    }
    n
}

fn sk_play(moves: &[SanMove]) -> usize {
    let mut n = 0;
    for s in moves {
        let sp = shakmaty::san::SanPlus::from_ascii(black_box(s.san)).unwrap();
        let m = sp.san.to_move(&s.sk).unwrap();
        let mut after = s.sk.clone();
        after.play_unchecked(m);
        let holds = match sp.suffix {
            None => true,
            Some(shakmaty::san::Suffix::Check) => after.is_check(),
            Some(shakmaty::san::Suffix::Checkmate) => after.is_checkmate(),
        };
        assert!(holds);
        n += usize::from(black_box(&after).turn() != s.sk.turn());
    }
    n
}

fn mt_write(moves: &[SanMove]) -> usize {
    let mut buf = ArrayBuf::<16>::new();
    let mut bytes = 0;
    for s in moves {
        buf.clear();
        write_san(&s.mt, black_box(s.mt_move), &SanStyle::PGN, &mut buf);
        bytes += black_box(buf.as_bytes()).len();
    }
    bytes
}

fn sk_write(moves: &[SanMove]) -> usize {
    let mut buf = Vec::with_capacity(16);
    let mut bytes = 0;
    for s in moves {
        buf.clear();
        shakmaty::san::SanPlus::from_move(s.sk.clone(), black_box(s.sk_move))
            .append_ascii_to(&mut buf);
        bytes += black_box(&buf[..]).len();
    }
    bytes
}

#[inline(never)]
fn run(body: fn(&[SanMove]) -> usize, moves: &[SanMove], iterations: usize) -> usize {
    (0..iterations).map(|_| body(black_box(moves))).sum()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "mt-resolve".into());
    let iterations: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let body: fn(&[SanMove]) -> usize = match which.as_str() {
        "mt-resolve" => mt_resolve,
        "sk-resolve" => sk_resolve,
        "mt-play" => mt_play,
        "sk-play" => sk_play,
        "mt-write" => mt_write,
        "sk-write" => sk_write,
        other => {
            eprintln!("unknown body {other}");
            std::process::exit(2);
        }
    };
    let moves = san_moves();
    let out = run(body, &moves, iterations);
    println!("{which} x{iterations}: {out}");
}
