//! PGN reading throughput: movetext's reader against pgn-reader 0.29 on the
//! same bytes in memory.
//!
//! Needs the shared corpus (`../shared/corpus` or /work/shared/corpus). Run with
//! `cargo bench --bench pgn`.
//!
//! Groups:
//! - `tokenize`: a visitor that only counts tokens (moves, NAGs, comments,
//!   variations, results); variations are read, not skipped, by both.
//! - `split`: game boundaries only (our hard-start splitter; pgn-reader's
//!   `skip_game`).
//!
//! Each on pgn-reader's two bench files and sample.pgn, then on the mixed
//! corpus (`tokenize/corpus`, `split/corpus`: its five compressed files
//! decompressed into memory once, 425 MB; ten single passes a side):
//! `cargo bench --bench pgn -- corpus`. The multi-gigabyte stream is
//! `cargo bench --bench stream`.

#[path = "common/pgn_peers.rs"]
mod pgn_peers;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pgn_peers::{load, load_corpus, one_pass_group, CORPUS_BYTES};

const FILES: [&str; 3] = [
    "bench/lichess_db_1000k.pgn",
    "bench/twic1599_1000k.pgn",
    "sample.pgn",
];

fn short<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g
}

fn tokenize(c: &mut Criterion) {
    println!("pgn: machine: {}", pgn_peers::machine());
    let mut g = short(c, "tokenize");
    for rel in FILES {
        let data = load(rel);
        let name = Path::new(rel)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function(format!("movetext slice/{name}"), |b| {
            b.iter(|| pgn_peers::movetext_tokens(black_box(&data)))
        });
        g.bench_function(format!("movetext buffered/{name}"), |b| {
            b.iter(|| {
                let mut v = pgn_peers::Count::default();
                movetext::pgn::Reader::new(black_box(&data[..]))
                    .read_all(&mut v, |()| ())
                    .unwrap();
                v.tokens
            })
        });
        g.bench_function(format!("pgn-reader/{name}"), |b| {
            b.iter(|| pgn_peers::pgn_reader_tokens(black_box(&data)))
        });
    }
    g.finish();
}

fn split(c: &mut Criterion) {
    let mut g = short(c, "split");
    for rel in FILES {
        let data = load(rel);
        let name = Path::new(rel)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function(format!("movetext/{name}"), |b| {
            b.iter(|| movetext::pgn::split::count_game_starts(black_box(&data)))
        });
        g.bench_function(format!("pgn-reader/{name}"), |b| {
            b.iter(|| pgn_peers::pgn_reader_games(black_box(&data)))
        });
    }
    g.finish();
}

/// The mixed corpus in memory, loaded the first time a bench of its groups
/// runs (a run filtered to the bench files does not load it).
fn corpus_groups(c: &mut Criterion) {
    let corpus = std::sync::OnceLock::new();
    let data = || {
        corpus.get_or_init(|| {
            let data = load_corpus();
            println!(
                "corpus: {} bytes; tokens: movetext {}, pgn-reader {}; games: movetext {} hard starts, pgn-reader {}",
                data.len(),
                pgn_peers::movetext_tokens(&data),
                pgn_peers::pgn_reader_tokens(&data),
                movetext::pgn::split::count_game_starts(&data),
                pgn_peers::pgn_reader_games(&data),
            );
            data
        })
    };
    let mut g = one_pass_group(c, "tokenize/corpus", CORPUS_BYTES, Duration::from_secs(5));
    g.bench_function("movetext slice", |b| {
        let data = data();
        b.iter(|| pgn_peers::movetext_tokens(black_box(data)))
    });
    g.bench_function("pgn-reader", |b| {
        let data = data();
        b.iter(|| pgn_peers::pgn_reader_tokens(black_box(data)))
    });
    g.finish();
    let mut g = one_pass_group(c, "split/corpus", CORPUS_BYTES, Duration::from_secs(5));
    g.bench_function("movetext", |b| {
        let data = data();
        b.iter(|| movetext::pgn::split::count_game_starts(black_box(data)))
    });
    g.bench_function("pgn-reader", |b| {
        let data = data();
        b.iter(|| pgn_peers::pgn_reader_games(black_box(data)))
    });
    g.finish();
}

criterion_group!(benches, tokenize, split, corpus_groups);
criterion_main!(benches);
