//! One PGN stream validated side by side: movetext on one thread, movetext
//! on several (`pgn::par_read`), and pgn-reader 0.29 + shakmaty 0.30 (one
//! thread: it has no parallel reader). The file is read through `io::Read`,
//! never whole; the visitors are those of the `validate` bench (lenient,
//! variations skipped, every mainline move played, `+`/`#` checked).
//! `scripts/throughput.sh` runs it on the multi-gigabyte stream of
//! `make-big.sh`, under `/usr/bin/time -v` for the peak memory.
//!
//! ```text
//! cargo run --release --example stream_validate -- movetext FILE
//! cargo run --release --example stream_validate -- movetext-par FILE [THREADS]
//! cargo run --release --example stream_validate -- peer FILE
//! ```
//!
//! Prints one line: who, games, moves, failed games, wrong suffixes, bytes,
//! seconds, MB/s, moves/s.

#[path = "../benches/common/pgn_peers.rs"]
mod pgn_peers;

use std::fs::File;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(who), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: stream_validate movetext|movetext-par|peer FILE [THREADS]");
        return ExitCode::from(2);
    };
    let threads = match args.get(2).map(|t| t.parse::<usize>()) {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("stream_validate: THREADS must be a positive number");
            return ExitCode::from(2);
        }
    };
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("stream_validate: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let bytes = file.metadata().map_or(0, |m| m.len());
    let start = Instant::now();
    let run = match who.as_str() {
        "movetext" => pgn_peers::movetext_validate_read(file),
        "movetext-par" => pgn_peers::movetext_par_validate_read(file, threads),
        "peer" => pgn_peers::shakmaty_validate_read(file),
        other => {
            eprintln!("stream_validate: unknown side {other:?} (movetext, movetext-par, peer)");
            return ExitCode::from(2);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let (t, wrong) = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!("stream_validate: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let who = match who.as_str() {
        "movetext-par" => format!("movetext-{threads}-threads"),
        "peer" => "pgn-reader+shakmaty".to_string(),
        w => w.to_string(),
    };
    println!(
        "side={who} games={} moves={} failed={} wrong_suffixes={wrong} bytes={bytes} secs={secs:.3} MB/s={:.1} moves/s={:.0}",
        t.games,
        t.moves,
        t.failed,
        bytes as f64 / 1e6 / secs,
        t.moves as f64 / secs,
    );
    ExitCode::SUCCESS
}
