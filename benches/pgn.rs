//! PGN reading throughput: movetext's reader against pgn-reader 0.29 on the
//! same bytes in memory.
//!
//! Needs the shared corpus (`../shared/corpus` or /work/shared/corpus). Run with
//! `cargo bench --bench pgn`.
//!
//! Groups:
//! - `tokenize`: a visitor that only counts tokens (moves, NAGs, comments,
//!   variations, results); variations are read, not skipped, by both.
//! - `split`: game boundaries only, one thread against one: movetext's
//!   hard-start splitter (`split::count_game_starts`, which counts an input
//!   under `split::PAR_COUNT_MIN` bytes on the calling thread), pgn-reader's
//!   `skip_game`. On the corpus movetext's threaded count (all cores) is a
//!   row of its own.
//!
//! Each on pgn-reader's two bench files and sample.pgn, then on the mixed
//! corpus (`tokenize/corpus`, `split/corpus`: its five compressed files
//! decompressed into memory once, 425 MB; ten single passes a side):
//! `cargo bench --bench pgn -- corpus`. The multi-gigabyte stream is
//! `cargo bench --bench stream`.
//!
//! Before an input's benches, both sides' token and game counts are checked
//! against [`expected`], where each difference is explained; `.ci/run`
//! runs the checks with `cargo bench --bench pgn -- --test` (one pass of
//! each bench).

#[path = "common/pgn_peers.rs"]
mod pgn_peers;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use movetext::pgn::split::PAR_COUNT_MIN;
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

/// Both sides' counts on one input.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    /// Tokens counted by movetext (moves, null moves, NAGs, comments,
    /// variation starts and ends, results).
    movetext_tokens: u64,
    /// The same counted by pgn-reader (a null move `--` comes as a SAN).
    pgn_reader_tokens: u64,
    /// movetext's hard game starts.
    movetext_games: u64,
    /// Games found by pgn-reader's `skip_game`.
    pgn_reader_games: u64,
}

/// The counts of each input, and why the two sides differ, traced game by
/// game:
///
/// - Tokens. Every game ending in `1/2` (New York 1924, annotated-misc;
///   three of them in sample.pgn, games 3,475, 3,476 and 3,478) has one
///   token more for movetext, which reads `1/2` as the result; pgn-reader
///   takes it for nothing. In the corpus that is 33 tokens, less one and
///   17: the TCEC 2010 game Naum 4.2 - Ivanhoe B52aF ends
///   `1-0 {Black loses on time}`, a comment outside the game for movetext
///   (reported), a comment for pgn-reader; and in 14 annotated versions of
///   Kasparov - Topalov, Wijk aan Zee 1999, with an unescaped quote in a
///   tag value (`[Annotator ""Berliner Zeitung" (German)"]`), pgn-reader
///   reads the rest of the tag section as movetext, where parentheses make
///   7 variations begun and 10 ended.
/// - Games. pgn-reader ends a game at a tag line with an unescaped quote in
///   its value (`[White ""Learning with fun""]`) and reads the rest as a
///   game of its own: one game more each for the 26 such lines of the
///   corpus (3 in online, 23 in annotated-misc; one in sample.pgn, game
///   1,705). The junk line `Event "Українська ліга 225 Team Battle"]`
///   (online; sample.pgn after game 1,702) is a game for pgn-reader. And
///   it ends a game at a blank line after the comment that precedes the
///   first move (3 games in annotated-misc: Carlsen - Svidler 2010, Anand -
///   Kramnik 1998, Howell - Kramnik 2009) and at a blank line inside the
///   movetext (Kramnik - Deep Fritz 2002 after `29.`, Saemisch -
///   Nimzowitsch 1923 before its result): 1 + 26 + 3 + 2 = 32 in the
///   corpus. movetext's counts are those of python-chess's split
///   (tests/data/reference/corpus_counts.txt).
fn expected(name: &str) -> Counts {
    let (movetext_tokens, pgn_reader_tokens, movetext_games, pgn_reader_games) = match name {
        "lichess_db_1000k.pgn" => (58_017, 58_017, 438, 438),
        "twic1599_1000k.pgn" => (102_597, 102_597, 1_110, 1_110),
        "sample.pgn" => (266_433, 266_433 - 3, 3_678, 3_678 + 2),
        "corpus" => (35_291_936, 35_291_936 - 33 + 1 + 17, 421_421, 421_421 + 32),
        _ => panic!("no counts for {name}"),
    };
    Counts {
        movetext_tokens,
        pgn_reader_tokens,
        movetext_games,
        pgn_reader_games,
    }
}

/// Checks both sides' counts on `data` (not timed).
fn check_counts(name: &str, data: &[u8]) {
    let got = Counts {
        movetext_tokens: pgn_peers::movetext_tokens(data),
        pgn_reader_tokens: pgn_peers::pgn_reader_tokens(data),
        movetext_games: movetext::pgn::split::count_game_starts(data),
        pgn_reader_games: pgn_peers::pgn_reader_games(data),
    };
    println!("pgn/{name}: {got:?}");
    assert_eq!(got, expected(name), "{name}");
    let buffered = pgn_peers::movetext_tokens_read(data).expect("in-memory input");
    assert_eq!(buffered, got.movetext_tokens, "{name}: buffered reader");
}

/// Pieces of `data` under [`PAR_COUNT_MIN`] bytes, cut at hard game
/// starts, so that `count_game_starts` counts each on the calling thread
/// and their counts add up to the whole's. (The cuts are found here, out
/// of the timed loop; the threaded count finds its few cuts itself.)
fn one_thread_pieces(data: &[u8]) -> Vec<&[u8]> {
    let mut pieces = Vec::new();
    let (mut begin, mut last) = (0, 0);
    for start in movetext::pgn::split::game_starts(data) {
        if start - begin >= PAR_COUNT_MIN {
            pieces.push(&data[begin..last]);
            begin = last;
        }
        last = start;
    }
    if data.len() - begin >= PAR_COUNT_MIN {
        pieces.push(&data[begin..last]);
        begin = last;
    }
    pieces.push(&data[begin..]);
    assert!(pieces.iter().all(|p| p.len() < PAR_COUNT_MIN));
    pieces
}

/// movetext's hard starts counted on one thread.
fn count_game_starts_one_thread(pieces: &[&[u8]]) -> u64 {
    pieces
        .iter()
        .map(|p| movetext::pgn::split::count_game_starts(p))
        .sum()
}

/// The three smaller inputs, read and their counts checked once.
fn inputs() -> Vec<(String, Vec<u8>)> {
    FILES
        .iter()
        .map(|rel| {
            let data = load(rel);
            let name = Path::new(rel)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            check_counts(&name, &data);
            (name, data)
        })
        .collect()
}

fn tokenize_and_split(c: &mut Criterion) {
    println!("pgn: machine: {}", pgn_peers::machine());
    let inputs = inputs();
    let mut g = short(c, "tokenize");
    for (name, data) in &inputs {
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function(format!("movetext slice/{name}"), |b| {
            b.iter(|| pgn_peers::movetext_tokens(black_box(data)))
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
            b.iter(|| pgn_peers::pgn_reader_tokens(black_box(data)))
        });
    }
    g.finish();
    let mut g = short(c, "split");
    for (name, data) in &inputs {
        // Under PAR_COUNT_MIN: counted on the calling thread.
        assert!(data.len() < PAR_COUNT_MIN, "{name}");
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function(format!("movetext 1 thread/{name}"), |b| {
            b.iter(|| movetext::pgn::split::count_game_starts(black_box(data)))
        });
        g.bench_function(format!("pgn-reader/{name}"), |b| {
            b.iter(|| pgn_peers::pgn_reader_games(black_box(data)))
        });
    }
    g.finish();
}

/// The mixed corpus in memory, loaded and its counts checked the first
/// time a bench of its groups runs (a run filtered to the bench files does
/// not load it).
fn corpus_groups(c: &mut Criterion) {
    let corpus = std::sync::OnceLock::new();
    let data = || {
        corpus.get_or_init(|| {
            let data = load_corpus();
            check_counts("corpus", &data);
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
    g.bench_function("movetext 1 thread", |b| {
        let data = data();
        let pieces = one_thread_pieces(data);
        assert_eq!(
            count_game_starts_one_thread(&pieces),
            expected("corpus").movetext_games
        );
        b.iter(|| count_game_starts_one_thread(black_box(&pieces)))
    });
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    g.bench_function(format!("movetext {threads} threads"), |b| {
        let data = data();
        b.iter(|| movetext::pgn::split::count_game_starts(black_box(data)))
    });
    g.bench_function("pgn-reader", |b| {
        let data = data();
        b.iter(|| pgn_peers::pgn_reader_games(black_box(data)))
    });
    g.finish();
}

criterion_group!(benches, tokenize_and_split, corpus_groups);
criterion_main!(benches);
