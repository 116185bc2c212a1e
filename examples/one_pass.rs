//! One side of the `validate` bench, alone: FILE validated from memory
//! PASSES times by movetext or by pgn-reader 0.29 + shakmaty 0.30, with
//! the bench's visitors (lenient, variations skipped, every mainline move
//! played, `+`/`#` checked). For what a side-by-side run cannot give:
//! instruction counts under Callgrind, and two builds of movetext timed
//! alternately (copy the binary aside, rebuild, alternate the two).
//!
//! ```text
//! cargo run --release --example one_pass -- movetext|peer FILE [PASSES]
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/one_pass movetext FILE 1
//! ```
//!
//! Prints one line: side, file, games, moves, wrong suffixes, passes,
//! seconds, MiB/s.

#[path = "../benches/common/pgn_peers.rs"]
mod pgn_peers;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(side), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: one_pass movetext|peer FILE [PASSES]");
        return ExitCode::from(2);
    };
    if side != "movetext" && side != "peer" {
        eprintln!("one_pass: unknown side {side:?} (movetext, peer)");
        return ExitCode::from(2);
    }
    let passes = match args.get(2).map(|p| p.parse::<usize>()) {
        None => 1,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("one_pass: PASSES must be a positive number");
            return ExitCode::from(2);
        }
    };
    let data = match pgn_peers::input_file("one_pass", path) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let pass = || {
        if side == "movetext" {
            Ok(pgn_peers::movetext_validate_slice(&data))
        } else {
            pgn_peers::shakmaty_validate_read(&data[..])
        }
    };
    // The fastest pass as well as the total: on a shared machine, the pass
    // that nothing interrupted.
    let start = Instant::now();
    let mut best = f64::INFINITY;
    let mut timed = || {
        let t = Instant::now();
        let r = pass();
        best = best.min(t.elapsed().as_secs_f64());
        r
    };
    let mut last = timed();
    for _ in 1..passes {
        last = timed();
    }
    let secs = start.elapsed().as_secs_f64();
    let (t, wrong) = match last {
        Ok(r) => r,
        Err(e) => {
            eprintln!("one_pass: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "side={side} file={path} games={} moves={} wrong_suffixes={wrong} passes={passes} secs={secs:.4} best_pass={best:.6} MiB/s={:.1}",
        t.games,
        t.moves,
        (data.len() * passes) as f64 / secs / 1048576.0,
    );
    ExitCode::SUCCESS
}
