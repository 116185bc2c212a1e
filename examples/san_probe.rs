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

use san_moves::{
    mt_play_suffix, mt_resolve, mt_write, san_moves, sk_play_suffix, sk_resolve, sk_write, SanMove,
};

fn mt_play(moves: &[SanMove]) -> usize {
    mt_play_suffix(moves).0
}

fn sk_play(moves: &[SanMove]) -> usize {
    sk_play_suffix(moves).0
}

fn sk_write_vec(moves: &[SanMove]) -> usize {
    sk_write(moves, &mut Vec::with_capacity(16))
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
        "sk-write" => sk_write_vec,
        other => {
            eprintln!("unknown body {other}");
            std::process::exit(2);
        }
    };
    let moves = san_moves();
    let out = run(body, &moves, iterations);
    println!("{which} x{iterations}: {out}");
}
