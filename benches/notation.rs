//! Wall-clock benches of SAN reading and writing against shakmaty 0.30.1,
//! over the 2,000 moves of `benches/data/san_moves.txt`: moves as played in
//! real games (1,000 lichess, 1,000 TWIC; every 7th ply), each with the
//! position before it. Throughput is in moves, so criterion's `elem/s`
//! inverts to ns per move.
//!
//! ```text
//! cargo bench --bench notation
//! cargo bench --bench notation -- san_write      # one group
//! ```
//!
//! * `san_parse_resolve`: text to legal move. movetext
//!   `San::from_ascii(.., Language::En, ParseMode::Lenient)` then
//!   `San::to_move`; shakmaty `SanPlus::from_ascii` then `San::to_move`.
//!   Neither looks at the suffix.
//! * `san_parse_resolve_play_suffix`: the same, then the `+`/`#` checked
//!   against the position and the move played on a copy. movetext
//!   `SanPlus::to_move` (verifies a written suffix) and `Position::played`;
//!   shakmaty `play_unchecked` on a clone, then a written `+` checked with
//!   `is_check`, a written `#` with `is_checkmate` (as movetext, an absent
//!   suffix is not checked).
//! * `san_write`: legal move to PGN SAN with suffix, into a reused buffer.
//!   movetext `write_san(.., &SanStyle::PGN, ArrayBuf<16>)`; shakmaty
//!   `SanPlus::from_move(pos.clone(), m)` and `append_ascii_to(Vec<u8>)`;
//!   "shakmaty own suffix": `San::from_move`, the move played on a clone,
//!   `+`/`#` from `is_check`/`is_checkmate`.
//!
//! Every body checks its result (moves resolved, suffixes confirmed, bytes
//! written), and the set-up checks that both libraries agree move by move.

#[path = "common/san_moves.rs"]
mod san_moves;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use movetext::notation::{write_san, ArrayBuf, SanStyle};
use san_moves::{
    mt_play_suffix, mt_resolve, mt_write, san_moves, sk_play_suffix, sk_resolve, sk_write, SanMove,
    CHECKS_AND_MATES, MOVES, SAN_BYTES,
};
use shakmaty::Position as _;

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(MOVES as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g
}

// The bodies are in common/san_moves.rs, shared with instructions.rs and
// examples/san_probe.rs.

/// shakmaty with a hand-made suffix: `San::from_move`, then the move played
/// on a copy and `+`/`#` from `is_check`/`is_checkmate` (cheaper than
/// `SanPlus::from_move`, whose `Suffix::from_position` asks for the outcome).
fn sk_write_own_suffix(moves: &[SanMove], buf: &mut Vec<u8>) -> usize {
    let mut bytes = 0;
    for s in moves {
        buf.clear();
        let m = black_box(s.sk_move);
        shakmaty::san::San::from_move(&s.sk, m).append_ascii_to(buf);
        let mut after = s.sk.clone();
        after.play_unchecked(m);
        if after.is_check() {
            buf.push(if after.is_checkmate() { b'#' } else { b'+' });
        }
        bytes += black_box(&buf[..]).len();
    }
    bytes
}

fn notation(c: &mut Criterion) {
    let moves = san_moves();
    let suffixed = CHECKS_AND_MATES.0 + CHECKS_AND_MATES.1;

    // Correctness first: a fast wrong answer is no result.
    assert_eq!(mt_resolve(&moves), MOVES);
    assert_eq!(sk_resolve(&moves), MOVES);
    assert_eq!(mt_play_suffix(&moves), (MOVES, suffixed));
    assert_eq!(sk_play_suffix(&moves), (MOVES, suffixed));
    let mut sk_buf = Vec::with_capacity(16);
    assert_eq!(mt_write(&moves), SAN_BYTES);
    assert_eq!(sk_write(&moves, &mut sk_buf), SAN_BYTES);
    assert_eq!(sk_write_own_suffix(&moves, &mut sk_buf), SAN_BYTES);
    // Both write exactly the text of the file.
    let mut buf = ArrayBuf::<16>::new();
    for s in &moves {
        buf.clear();
        write_san(&s.mt, s.mt_move, &SanStyle::PGN, &mut buf);
        assert_eq!(buf.as_bytes(), s.san);
        sk_buf.clear();
        shakmaty::san::SanPlus::from_move(s.sk.clone(), s.sk_move).append_ascii_to(&mut sk_buf);
        assert_eq!(&sk_buf[..], s.san);
    }

    let mut g = group(c, "san_parse_resolve");
    g.bench_function("movetext", |b| b.iter(|| mt_resolve(black_box(&moves))));
    g.bench_function("shakmaty", |b| b.iter(|| sk_resolve(black_box(&moves))));
    g.finish();

    let mut g = group(c, "san_parse_resolve_play_suffix");
    g.bench_function("movetext", |b| b.iter(|| mt_play_suffix(black_box(&moves))));
    g.bench_function("shakmaty", |b| b.iter(|| sk_play_suffix(black_box(&moves))));
    g.finish();

    let mut g = group(c, "san_write");
    g.bench_function("movetext", |b| b.iter(|| mt_write(black_box(&moves))));
    g.bench_function("shakmaty", |b| {
        b.iter(|| sk_write(black_box(&moves), &mut sk_buf))
    });
    g.bench_function("shakmaty own suffix", |b| {
        b.iter(|| sk_write_own_suffix(black_box(&moves), &mut sk_buf))
    });
    g.finish();
}

criterion_group!(benches, notation);
criterion_main!(benches);
