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
//! New groups (notation, PGN) are added by appending benches and a
//! `library_benchmark_group!`, and listing the group in `main!`.

mod common;

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
    assert!(total >= 2_000);
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
    assert!(total >= 2_000);
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
    assert!(total >= 2_000);
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

main!(
    library_benchmark_groups = perft,
    legal_moves,
    san_candidates,
    check_status
);
