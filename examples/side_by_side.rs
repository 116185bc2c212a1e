//! One PGN file validated from memory side by side, in alternating rounds:
//! movetext, then pgn-reader 0.29 + shakmaty 0.30, with the visitors of
//! the `validate` bench (lenient, variations skipped, every mainline move
//! played, `+`/`#` checked). A quick measure for any file, such as one
//! source of the corpus (criterion's `validate` bench covers the bundled
//! ones); these machines are shared, so compare the two sides of one run.
//!
//! ```text
//! cargo run --release --example side_by_side -- FILE [ROUNDS] [PASSES]
//! ```
//!
//! Each round times PASSES passes over the file per side (default: about
//! 50 MB of input), ROUNDS rounds (default 4). Prints each side's MiB/s
//! per round, and the ratio best against best and round by round, with the
//! quartiles of the rounds' ratios (many short rounds, `ROUNDS 200
//! PASSES 1`, give the measure a shared machine disturbs least).

#[path = "../benches/common/pgn_peers.rs"]
mod pgn_peers;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: side_by_side FILE [ROUNDS] [PASSES]");
        return ExitCode::from(2);
    };
    let data = match pgn_peers::input_file("side_by_side", path) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let number = |k: usize, default: usize| match args.get(k).map(|a| a.parse::<usize>()) {
        None => Some(default),
        Some(Ok(n)) if n > 0 => Some(n),
        Some(_) => None,
    };
    let (Some(rounds), Some(passes)) = (number(1, 4), number(2, (50 << 20) / data.len() + 1))
    else {
        eprintln!("side_by_side: ROUNDS and PASSES must be positive numbers");
        return ExitCode::from(2);
    };
    // What each side reads, before the timing: the counts differ where
    // pgn-reader reads games otherwise (see `../shared/peers.md`: games with
    // no blank line between them merged, unknown tokens ignored).
    let ours = pgn_peers::movetext_validate_slice(&data).0;
    let theirs = match pgn_peers::shakmaty_validate_read(&data[..]) {
        Ok((t, _)) => t,
        Err(e) => {
            eprintln!("side_by_side: {path}: pgn-reader stops: {e}");
            return ExitCode::from(2);
        }
    };
    println!("machine: {}", pgn_peers::machine());
    println!(
        "file={path} bytes={} games={}/{} moves={}/{} (movetext/peer)",
        data.len(),
        ours.games,
        theirs.games,
        ours.moves,
        theirs.moves
    );
    let mib_s = |run: &dyn Fn(&[u8]) -> u64| {
        let start = Instant::now();
        let mut moves = 0;
        for _ in 0..passes {
            moves += run(&data);
        }
        std::hint::black_box(moves);
        (data.len() * passes) as f64 / start.elapsed().as_secs_f64() / f64::from(1 << 20)
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let ours = |d: &[u8]| pgn_peers::movetext_validate_slice(d).0.moves;
    let theirs = |d: &[u8]| pgn_peers::shakmaty_validate_read(d).map_or(0, |(t, _)| t.moves);
    for round in 1..=rounds {
        // Each side first in every other round, so that neither always
        // runs on the caches (or the clock) the other left.
        if round % 2 == 1 {
            a.push(mib_s(&ours));
            b.push(mib_s(&theirs));
        } else {
            b.push(mib_s(&theirs));
            a.push(mib_s(&ours));
        }
        println!(
            "round {round}: movetext {:.1} MiB/s, pgn-reader+shakmaty {:.1} MiB/s, {:.2}x",
            a[round - 1],
            b[round - 1],
            a[round - 1] / b[round - 1]
        );
    }
    let best = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let mut ratios: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x / y).collect();
    ratios.sort_by(f64::total_cmp);
    // The ratios of rounds, each of two runs side by side, are what a
    // shared machine's drift (other work, the clock) disturbs least.
    let quantile = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    println!(
        "best: movetext {:.1} MiB/s, pgn-reader+shakmaty {:.1} MiB/s, {:.2}x best against best, {:.2}-{:.2}x round by round (quartiles {:.2} / {:.2} / {:.2})",
        best(&a),
        best(&b),
        best(&a) / best(&b),
        ratios[0],
        ratios[ratios.len() - 1],
        quantile(0.25),
        quantile(0.5),
        quantile(0.75)
    );
    ExitCode::SUCCESS
}
