//! Instruction counts (Callgrind, through gungraun) of the engine's hot
//! paths, movetext vs shakmaty 0.30.1 vs cozy-chess 0.3.4. Deterministic, so
//! CI can compare them between commits.
//!
//! ```text
//! cargo install gungraun-runner --version 0.20.0 --locked   # once, same version as the library
//! cargo bench --bench instructions
//! ```
//!
//! Each bench's body is only the measured work; parsing and the choice of
//! moves happen in its `setup`, which Callgrind does not count. Every body
//! asserts its result (node count, move count), so a wrong generator cannot
//! post a fast figure.
//!
//! The `san` group reads and writes the 2,000 moves as played of
//! `benches/data/san_moves.txt` (see `benches/notation.rs`).
//!
//! The `pgn` group reads the 312 games built into the command-line tool
//! (`src/cli/sample.pgn`, 222 kB, in the repository so the bench needs no
//! shared corpus): tokenize, split into games, and validate every mainline
//! move, with the same visitors as `pgn.rs` and `validate.rs`
//! (`common/pgn_peers.rs`).
//!
//! New groups are added by appending benches and a
//! `library_benchmark_group!`, and listing the group in `main!`.

mod common;
#[path = "common/pgn_peers.rs"]
mod pgn_peers;
#[path = "common/san_moves.rs"]
mod san_moves;

use std::hint::black_box;

use common::{
    cozy_perft, movetext_positions, parse3, samples, shakmaty_perft, Sample, CHECKS_AND_MATES,
    KIWIPETE, START, TOTAL_LEGAL_MOVES,
};
use gungraun::{library_benchmark, library_benchmark_group, main};
use movetext::{Bitboard, CheckStatus, MoveList, Position};
use shakmaty::Position as _;

type Three = (Position, shakmaty::Chess, cozy_chess::Board);

fn setup_perft(fen: &str) -> Three {
    parse3(fen)
}

#[library_benchmark]
#[bench::start_d4(args = (START), setup = setup_perft)]
fn perft_start_d4_movetext(p: Three) -> u64 {
    let n = black_box(&p.0).perft(4);
    assert_eq!(n, 197_281);
    n
}

#[library_benchmark]
#[bench::start_d4(args = (START), setup = setup_perft)]
fn perft_start_d4_shakmaty(p: Three) -> u64 {
    let n = shakmaty_perft(black_box(&p.1), 4);
    assert_eq!(n, 197_281);
    n
}

#[library_benchmark]
#[bench::start_d4(args = (START), setup = setup_perft)]
fn perft_start_d4_cozy(p: Three) -> u64 {
    let n = cozy_perft(black_box(&p.2), 4);
    assert_eq!(n, 197_281);
    n
}

#[library_benchmark]
#[bench::kiwipete_d3(args = (KIWIPETE), setup = setup_perft)]
fn perft_kiwipete_d3_movetext(p: Three) -> u64 {
    let n = black_box(&p.0).perft(3);
    assert_eq!(n, 97_862);
    n
}

#[library_benchmark]
#[bench::kiwipete_d3(args = (KIWIPETE), setup = setup_perft)]
fn perft_kiwipete_d3_shakmaty(p: Three) -> u64 {
    let n = shakmaty_perft(black_box(&p.1), 3);
    assert_eq!(n, 97_862);
    n
}

#[library_benchmark]
#[bench::kiwipete_d3(args = (KIWIPETE), setup = setup_perft)]
fn perft_kiwipete_d3_cozy(p: Three) -> u64 {
    let n = cozy_perft(black_box(&p.2), 3);
    assert_eq!(n, 97_862);
    n
}

library_benchmark_group!(
    name = perft,
    benchmarks = [
        perft_start_d4_movetext,
        perft_start_d4_shakmaty,
        perft_start_d4_cozy,
        perft_kiwipete_d3_movetext,
        perft_kiwipete_d3_shakmaty,
        perft_kiwipete_d3_cozy
    ]
);

// Over the 2,000 positions of benches/data/positions.fen: one legal move
// list each, summed lengths asserted.

#[library_benchmark]
#[bench::positions_2000(setup = movetext_positions)]
fn legal_moves_movetext(positions: Vec<Position>) -> u64 {
    let mut total = 0;
    for pos in &positions {
        total += black_box(pos.legal_moves()).len() as u64;
    }
    assert_eq!(total, TOTAL_LEGAL_MOVES);
    total
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn legal_moves_shakmaty(samples: Vec<Sample>) -> u64 {
    let mut total = 0;
    for s in &samples {
        total += black_box(s.sk.legal_moves()).len() as u64;
    }
    assert_eq!(total, TOTAL_LEGAL_MOVES);
    total
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn legal_moves_cozy(samples: Vec<Sample>) -> u64 {
    let mut list: Vec<cozy_chess::Move> = Vec::with_capacity(256);
    let mut total = 0;
    for s in &samples {
        list.clear();
        s.cz.generate_moves(|moves| {
            list.extend(moves);
            false
        });
        total += black_box(&list).len() as u64;
    }
    assert_eq!(total, TOTAL_LEGAL_MOVES);
    total
}

library_benchmark_group!(
    name = legal_moves,
    benchmarks = [legal_moves_movetext, legal_moves_shakmaty, legal_moves_cozy]
);

// SAN candidates for (piece type, target square) of one legal move per
// position; each list holds at least the move it came from.

/// The candidates summed over the 2,000 positions: the chosen moves and 66
/// other pieces of the same kind that reach the same square.
const SAN_CANDIDATES: u64 = 2_066;

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn san_candidates_movetext(samples: Vec<Sample>) -> u64 {
    let mut list = MoveList::new();
    let mut total = 0;
    for s in &samples {
        list.clear();
        s.mt.san_candidates(s.role, s.to, Bitboard::FULL, &mut list);
        total += black_box(&list).len() as u64;
    }
    assert_eq!(total, SAN_CANDIDATES);
    total
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn san_candidates_shakmaty(samples: Vec<Sample>) -> u64 {
    let mut total = 0;
    for s in &samples {
        let m = s.sk_move;
        total += black_box(s.sk.san_candidates(m.role(), m.to())).len() as u64;
    }
    assert_eq!(total, SAN_CANDIDATES);
    total
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn san_candidates_cozy(samples: Vec<Sample>) -> u64 {
    let mut list: Vec<cozy_chess::Move> = Vec::with_capacity(256);
    let mut total = 0;
    for s in &samples {
        let piece = s.cz.piece_on(s.cz_move.from).expect("a piece moves");
        let ours = s.cz.colored_pieces(s.cz.side_to_move(), piece);
        let to = s.cz_move.to.bitboard();
        list.clear();
        s.cz.generate_moves_for(ours, |mut moves| {
            moves.to &= to;
            list.extend(moves);
            false
        });
        total += black_box(&list).len() as u64;
    }
    assert_eq!(total, SAN_CANDIDATES);
    total
}

library_benchmark_group!(
    name = san_candidates,
    benchmarks = [
        san_candidates_movetext,
        san_candidates_shakmaty,
        san_candidates_cozy
    ]
);

// Copy a position and play one legal move in it (the chosen move of each
// of the 2,000 positions): how many moves gave check afterwards, asserted.

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn copy_play_movetext(samples: Vec<Sample>) -> u32 {
    let mut checks = 0;
    for s in &samples {
        checks += u32::from(black_box(s.mt.played(s.mt_move)).is_check());
    }
    assert_eq!(checks, CHECKS_AND_MATES.0 + CHECKS_AND_MATES.1);
    checks
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn copy_play_shakmaty(samples: Vec<Sample>) -> u32 {
    let mut checks = 0;
    for s in &samples {
        let mut p = s.sk.clone();
        p.play_unchecked(s.sk_move);
        checks += u32::from(black_box(&p).is_check());
    }
    assert_eq!(checks, CHECKS_AND_MATES.0 + CHECKS_AND_MATES.1);
    checks
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn copy_play_cozy(samples: Vec<Sample>) -> u32 {
    let mut checks = 0;
    for s in &samples {
        let mut p = s.cz.clone();
        p.play_unchecked(s.cz_move);
        checks += u32::from(!black_box(&p).checkers().is_empty());
    }
    assert_eq!(checks, CHECKS_AND_MATES.0 + CHECKS_AND_MATES.1);
    checks
}

library_benchmark_group!(
    name = copy_play,
    benchmarks = [copy_play_movetext, copy_play_shakmaty, copy_play_cozy]
);

// Check status (none / check / mate) after one legal move per position.

/// How many of the chosen moves give check, and how many mate.
fn tally(statuses: impl Iterator<Item = CheckStatus>) -> (u32, u32) {
    statuses.fold((0, 0), |(c, m), s| match s {
        CheckStatus::None => (c, m),
        CheckStatus::Check => (c + 1, m),
        CheckStatus::Checkmate => (c, m + 1),
    })
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn check_status_movetext(samples: Vec<Sample>) -> (u32, u32) {
    let t = tally(
        samples
            .iter()
            .map(|s| black_box(s.mt.check_status_after(s.mt_move))),
    );
    assert_eq!(t, CHECKS_AND_MATES);
    t
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn check_status_shakmaty(samples: Vec<Sample>) -> (u32, u32) {
    let t = tally(samples.iter().map(|s| {
        let mut p = s.sk.clone();
        p.play_unchecked(s.sk_move);
        black_box(if !p.is_check() {
            CheckStatus::None
        } else if p.is_checkmate() {
            CheckStatus::Checkmate
        } else {
            CheckStatus::Check
        })
    }));
    assert_eq!(t, CHECKS_AND_MATES);
    t
}

#[library_benchmark]
#[bench::positions_2000(setup = samples)]
fn check_status_cozy(samples: Vec<Sample>) -> (u32, u32) {
    let t = tally(samples.iter().map(|s| {
        let mut p = s.cz.clone();
        p.play_unchecked(s.cz_move);
        black_box(if p.checkers().is_empty() {
            CheckStatus::None
        } else if p.status() == cozy_chess::GameStatus::Won {
            CheckStatus::Checkmate
        } else {
            CheckStatus::Check
        })
    }));
    assert_eq!(t, CHECKS_AND_MATES);
    t
}

library_benchmark_group!(
    name = check_status,
    benchmarks = [
        check_status_movetext,
        check_status_shakmaty,
        check_status_cozy
    ]
);

// SAN over the 2,000 moves as played of `benches/data/san_moves.txt`: parse
// and resolve (no suffix check), and write back in PGN SAN with suffix.

fn setup_san_moves() -> Vec<san_moves::SanMove> {
    san_moves::san_moves()
}

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_resolve_movetext(moves: Vec<san_moves::SanMove>) -> usize {
    let n = san_moves::mt_resolve(black_box(&moves));
    assert_eq!(n, san_moves::MOVES);
    n
}

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_resolve_shakmaty(moves: Vec<san_moves::SanMove>) -> usize {
    let n = san_moves::sk_resolve(black_box(&moves));
    assert_eq!(n, san_moves::MOVES);
    n
}

/// Moves played, and written suffixes confirmed by the position.
const PLAYED_AND_CONFIRMED: (usize, usize) = (
    san_moves::MOVES,
    san_moves::CHECKS_AND_MATES.0 + san_moves::CHECKS_AND_MATES.1,
);

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_resolve_play_suffix_movetext(moves: Vec<san_moves::SanMove>) -> (usize, usize) {
    let r = san_moves::mt_play_suffix(black_box(&moves));
    assert_eq!(r, PLAYED_AND_CONFIRMED);
    r
}

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_resolve_play_suffix_shakmaty(moves: Vec<san_moves::SanMove>) -> (usize, usize) {
    let r = san_moves::sk_play_suffix(black_box(&moves));
    assert_eq!(r, PLAYED_AND_CONFIRMED);
    r
}

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_write_movetext(moves: Vec<san_moves::SanMove>) -> usize {
    let bytes = san_moves::mt_write(black_box(&moves));
    assert_eq!(bytes, san_moves::SAN_BYTES);
    bytes
}

#[library_benchmark]
#[bench::played(setup = setup_san_moves)]
fn san_write_shakmaty(moves: Vec<san_moves::SanMove>) -> usize {
    let bytes = san_moves::sk_write(black_box(&moves), &mut Vec::with_capacity(16));
    assert_eq!(bytes, san_moves::SAN_BYTES);
    bytes
}

library_benchmark_group!(
    name = san,
    benchmarks = [
        san_resolve_movetext,
        san_resolve_shakmaty,
        san_resolve_play_suffix_movetext,
        san_resolve_play_suffix_shakmaty,
        san_write_movetext,
        san_write_shakmaty
    ]
);

// PGN over the bundled sample: tokens, game starts, validated moves.

/// The bundled sample, 312 games.
const SAMPLE_PGN: &[u8] = include_bytes!("../src/cli/sample.pgn");
/// Tokens (moves, NAGs, comments, variation ends, results) in the sample:
/// the same count for both readers.
const SAMPLE_TOKENS: u64 = 23_042;
/// Games, mainline moves and failed games of the sample, as movetext and
/// python-chess 1.11.2 count them.
const SAMPLE_TOTALS: pgn_peers::Totals = pgn_peers::Totals {
    games: 312,
    moves: 21_293,
    failed: 0,
};
/// pgn-reader finds one game more (313), without a move more: it ends game
/// 142's tag section at `[White ""Learning with fun""]` (a quote not
/// escaped) and reads the rest as a game of its own.
const PGN_READER_GAMES: u64 = 313;

fn sample_pgn() -> &'static [u8] {
    SAMPLE_PGN
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn tokenize_movetext(data: &[u8]) -> u64 {
    let n = pgn_peers::movetext_tokens(black_box(data));
    assert_eq!(n, SAMPLE_TOKENS);
    n
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn tokenize_pgn_reader(data: &[u8]) -> u64 {
    let n = pgn_peers::pgn_reader_tokens(black_box(data));
    assert_eq!(n, SAMPLE_TOKENS);
    n
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn split_movetext(data: &[u8]) -> u64 {
    let n = movetext::pgn::split::count_game_starts(black_box(data));
    assert_eq!(n, SAMPLE_TOTALS.games);
    n
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn split_pgn_reader(data: &[u8]) -> u64 {
    let n = pgn_peers::pgn_reader_games(black_box(data));
    assert_eq!(n, PGN_READER_GAMES);
    n
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn validate_movetext(data: &[u8]) -> u64 {
    let t = pgn_peers::movetext_validate(black_box(data));
    assert_eq!(t, SAMPLE_TOTALS);
    t.moves
}

#[library_benchmark]
#[bench::sample(setup = sample_pgn)]
fn validate_pgn_reader_shakmaty(data: &[u8]) -> u64 {
    let t = pgn_peers::shakmaty_validate(black_box(data));
    let expect = pgn_peers::Totals {
        games: PGN_READER_GAMES,
        ..SAMPLE_TOTALS
    };
    assert_eq!(t, expect);
    t.moves
}

library_benchmark_group!(
    name = pgn,
    benchmarks = [
        tokenize_movetext,
        tokenize_pgn_reader,
        split_movetext,
        split_pgn_reader,
        validate_movetext,
        validate_pgn_reader_shakmaty
    ]
);

main!(
    library_benchmark_groups = perft,
    legal_moves,
    san_candidates,
    copy_play,
    check_status,
    san,
    pgn
);
