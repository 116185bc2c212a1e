//! Wall-clock benches of the move generator against shakmaty 0.30.1 and
//! cozy-chess 0.3.4, each group running the same work in all three.
//!
//! ```text
//! cargo bench --bench engine                 # everything, a few minutes
//! cargo bench --bench engine -- perft        # one group family
//! ```
//!
//! * `perft/<position> D<n>`: bulk perft (moves counted, not played, at the
//!   last ply); throughput in nodes.
//! * `per_call/<what>`: one call per position over the 2,000 positions of
//!   `benches/data/positions.fen`; throughput in calls, so criterion's
//!   `elem/s` inverts to ns per call.
//!
//! New groups (notation, PGN) are added by appending a function and listing
//! it in `criterion_group!` at the bottom.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{
    check_tally, cozy_perft, parse3, samples, shakmaty_perft, Sample, CHECKS_AND_MATES, KIWIPETE,
    START,
};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movetext::{Bitboard, CheckStatus, MoveList};
use shakmaty::Position as _;

/// Bulk perft, one group per (position, depth), the three libraries in each.
fn perft(c: &mut Criterion) {
    let cases = [
        ("start", START, 5, 4_865_609u64),
        ("start", START, 6, 119_060_324),
        ("kiwipete", KIWIPETE, 4, 4_085_603),
        ("kiwipete", KIWIPETE, 5, 193_690_690),
    ];
    for (name, fen, depth, nodes) in cases {
        let (mt, sk, cz) = parse3(fen);
        // Correctness first: a fast wrong count is no result.
        if depth <= 5 && nodes < 10_000_000 {
            assert_eq!(mt.perft(depth), nodes, "movetext {name} D{depth}");
            assert_eq!(
                shakmaty_perft(&sk, depth),
                nodes,
                "shakmaty {name} D{depth}"
            );
            assert_eq!(cozy_perft(&cz, depth), nodes, "cozy-chess {name} D{depth}");
        }
        let mut group = c.benchmark_group(format!("perft/{name} D{depth}"));
        group.throughput(Throughput::Elements(nodes));
        if nodes > 10_000_000 {
            group
                .sample_size(10)
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(5));
        } else {
            group
                .sample_size(20)
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(3));
        }
        group.bench_function("movetext", |b| {
            b.iter(|| black_box(black_box(&mt).perft(depth)))
        });
        group.bench_function("shakmaty", |b| {
            b.iter(|| black_box(shakmaty_perft(black_box(&sk), depth)))
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| black_box(cozy_perft(black_box(&cz), depth)))
        });
        group.finish();
    }
}

/// Runs `f` once per sample, in a group named `per_call/<what>` with one
/// bench per library.
fn per_call_group<'a>(
    c: &'a mut Criterion,
    what: &str,
    n: usize,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(format!("per_call/{what}"));
    group
        .throughput(Throughput::Elements(n as u64))
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}

/// Per-call benches over the 2,000 positions.
fn per_call(c: &mut Criterion) {
    let samples: Vec<Sample> = samples();
    let n = samples.len();
    let (checks, mates) = check_tally(&samples);
    assert_eq!((checks, mates), CHECKS_AND_MATES);
    let lib = |name: &str| BenchmarkId::from_parameter(name);

    // (a) One legal move list per position.
    let mut g = per_call_group(c, "legal move list", n);
    g.bench_function(lib("movetext"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.mt).legal_moves());
            }
        })
    });
    g.bench_function(lib("shakmaty"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.sk).legal_moves());
            }
        })
    });
    let mut cz_list: Vec<cozy_chess::Move> = Vec::with_capacity(256);
    g.bench_function(lib("cozy-chess"), |b| {
        b.iter(|| {
            for s in &samples {
                cz_list.clear();
                black_box(&s.cz).generate_moves(|moves| {
                    cz_list.extend(moves);
                    false
                });
                black_box(&cz_list);
            }
        })
    });
    g.finish();

    // (b) Count the legal moves.
    let mut g = per_call_group(c, "count legal moves", n);
    g.bench_function(lib("movetext"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.mt).count_legal_moves());
            }
        })
    });
    g.bench_function(lib("shakmaty"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.sk).legal_moves().len());
            }
        })
    });
    g.bench_function(lib("cozy-chess"), |b| {
        b.iter(|| {
            for s in &samples {
                let mut count = 0;
                black_box(&s.cz).generate_moves(|moves| {
                    count += moves.len();
                    false
                });
                black_box(count);
            }
        })
    });
    g.finish();

    // (c) SAN candidates: the legal moves of a piece type onto a square.
    let mut g = per_call_group(c, "SAN candidates", n);
    let mut mt_list = MoveList::new();
    g.bench_function(lib("movetext"), |b| {
        b.iter(|| {
            for s in &samples {
                mt_list.clear();
                black_box(&s.mt).san_candidates(
                    black_box(s.role),
                    black_box(s.to),
                    Bitboard::FULL,
                    &mut mt_list,
                );
                black_box(&mt_list);
            }
        })
    });
    let sk_roles: Vec<(shakmaty::Role, shakmaty::Square)> = samples
        .iter()
        .map(|s| {
            let m = s.sk_move;
            (m.role(), m.to())
        })
        .collect();
    g.bench_function(lib("shakmaty"), |b| {
        b.iter(|| {
            for (s, &(role, to)) in samples.iter().zip(&sk_roles) {
                black_box(black_box(&s.sk).san_candidates(black_box(role), black_box(to)));
            }
        })
    });
    let cz_targets: Vec<(cozy_chess::BitBoard, cozy_chess::BitBoard)> = samples
        .iter()
        .map(|s| {
            let piece = s.cz.piece_on(s.cz_move.from).expect("a piece moves");
            let ours = s.cz.colored_pieces(s.cz.side_to_move(), piece);
            (ours, s.cz_move.to.bitboard())
        })
        .collect();
    g.bench_function(lib("cozy-chess"), |b| {
        b.iter(|| {
            for (s, &(ours, to)) in samples.iter().zip(&cz_targets) {
                cz_list.clear();
                black_box(&s.cz).generate_moves_for(black_box(ours), |mut moves| {
                    moves.to &= black_box(to);
                    cz_list.extend(moves);
                    false
                });
                black_box(&cz_list);
            }
        })
    });
    g.finish();

    // (d) Copy the position and play a move.
    let mut g = per_call_group(c, "copy + play", n);
    g.bench_function(lib("movetext"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.mt).played(black_box(s.mt_move)));
            }
        })
    });
    g.bench_function(lib("shakmaty"), |b| {
        b.iter(|| {
            for s in &samples {
                let mut p = black_box(&s.sk).clone();
                p.play_unchecked(black_box(s.sk_move));
                black_box(p);
            }
        })
    });
    g.bench_function(lib("cozy-chess"), |b| {
        b.iter(|| {
            for s in &samples {
                let mut p = black_box(&s.cz).clone();
                p.play_unchecked(black_box(s.cz_move));
                black_box(p);
            }
        })
    });
    g.finish();

    // (e) Is this move check, mate or neither?
    let mut g = per_call_group(c, "check status after move", n);
    g.bench_function(lib("movetext"), |b| {
        b.iter(|| {
            for s in &samples {
                black_box(black_box(&s.mt).check_status_after(black_box(s.mt_move)));
            }
        })
    });
    g.bench_function(lib("shakmaty"), |b| {
        b.iter(|| {
            for s in &samples {
                let mut p = black_box(&s.sk).clone();
                p.play_unchecked(black_box(s.sk_move));
                let status = if !p.is_check() {
                    CheckStatus::None
                } else if p.is_checkmate() {
                    CheckStatus::Checkmate
                } else {
                    CheckStatus::Check
                };
                black_box(status);
            }
        })
    });
    g.bench_function(lib("cozy-chess"), |b| {
        b.iter(|| {
            for s in &samples {
                let mut p = black_box(&s.cz).clone();
                p.play_unchecked(black_box(s.cz_move));
                let status = if p.checkers().is_empty() {
                    CheckStatus::None
                } else if p.status() == cozy_chess::GameStatus::Won {
                    CheckStatus::Checkmate
                } else {
                    CheckStatus::Check
                };
                black_box(status);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, perft, per_call);
criterion_main!(benches);
