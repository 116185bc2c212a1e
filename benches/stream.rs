//! The multi-gigabyte stream: validating, tokenizing and splitting a file
//! of several GiB read through `io::Read` (never whole), movetext against
//! pgn-reader 0.29 + shakmaty 0.30 in the same criterion groups
//! (`Throughput::Bytes`). The visitors are those of the `validate` and
//! `pgn` benches (lenient, variations skipped, every mainline move played,
//! `+`/`#` checked).
//!
//! ```text
//! cargo bench --bench stream                          # 4 GiB: about 12 minutes
//! MOVETEXT_STREAM_GIB=1 cargo bench --bench stream    # 1 GiB: about 3 minutes
//! cargo bench --bench stream -- stream/validate       # one group
//! ```
//!
//! The stream is `target/throughput/big-{GIB}g.pgn`, the file
//! `scripts/throughput.sh` uses; when it is missing it is built first with
//! `../shared/corpus/make-big.sh GIB` (needs zstd; about 15 s for 4 GiB).
//! Every pass is one sample (flat sampling, ten samples a side); the first
//! pass of a side warms the page cache. After each group, the counts of the
//! last pass are printed and checked: movetext's on one thread equal its
//! counts on all threads (and, on the 4 GiB stream, the counts that
//! BENCHMARKS.md gives for `movetext check` on it).
//!
//! Groups: `stream/validate` (movetext on one thread, movetext on all
//! threads with `pgn::par_read`, pgn-reader + shakmaty), `stream/tokenize`
//! (a visitor that counts tokens, variations read), `stream/split` (game
//! starts only: movetext's `split::count_game_starts_read`, which reads on
//! one thread and counts on another, pgn-reader's `skip_game`). On the
//! streams of [`COUNTS`] the tokens and games of both sides are checked too;
//! `.ci/run` runs them on a quarter GiB (`MOVETEXT_STREAM_GIB=0.25 cargo
//! bench --bench stream -- --test`, one pass of each bench). Peak memory is not criterion's to measure:
//! `scripts/throughput.sh` runs the same passes under `/usr/bin/time -v`.

#[path = "common/pgn_peers.rs"]
mod pgn_peers;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::Criterion;
use pgn_peers::Totals;

/// The 4 GiB stream's size and movetext's counts on it (one thread or all,
/// variations skipped): games, moves, failed games; the wrong suffixes
/// (the corpus's seven, once a pass). `movetext check` reads variations,
/// so its counts differ (BENCHMARKS.md, `movetext check` on the 4 GiB
/// stream).
const BIG_4G: (u64, Totals, u64) = (
    4_294_967_582,
    Totals {
        games: 4_274_578,
        moves: 345_955_867,
        failed: 170,
    },
    70,
);

/// Both sides' token and game counts on the streams where they were
/// traced: (bytes, movetext's tokens, pgn-reader's, movetext's game starts,
/// pgn-reader's games). The quarter GiB that `.ci/run` streams
/// (`MOVETEXT_STREAM_GIB=0.25`: human-pgnmentor and the start of
/// engine-tcec) holds none of the places where the two differ (`pgn.rs`,
/// `expected`): the counts are equal.
const COUNTS: [(u64, u64, u64, u64, u64); 1] =
    [(268_466_127, 32_113_702, 32_113_702, 380_990, 380_990)];

/// The stream's path, built first with make-big.sh when it is missing.
fn stream() -> PathBuf {
    let gib = std::env::var("MOVETEXT_STREAM_GIB").unwrap_or_else(|_| "4".to_string());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join(format!("target/throughput/big-{gib}g.pgn"));
    if std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
        return path;
    }
    let script = pgn_peers::corpus().join("make-big.sh");
    assert!(
        script.is_file(),
        "{} is missing: the stream bench needs the shared corpus (../shared or /work/shared)",
        script.display()
    );
    std::fs::create_dir_all(path.parent().expect("a directory")).expect("target/throughput");
    eprintln!("building {} with {} ...", path.display(), script.display());
    let status = Command::new("sh")
        .arg(&script)
        .arg(&gib)
        .arg(&path)
        .status()
        .expect("sh make-big.sh");
    assert!(status.success(), "make-big.sh {gib} failed: {status}");
    path
}

fn open(path: &Path) -> File {
    File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn validate(c: &mut Criterion, path: &Path, bytes: u64, threads: usize) {
    let mut g = pgn_peers::one_pass_group(c, "stream/validate", bytes, Duration::from_secs(30));
    let mut one = None;
    g.bench_function("movetext 1 thread", |b| {
        b.iter(|| one = Some(pgn_peers::movetext_validate_read(open(path)).expect("read")))
    });
    let mut all = None;
    g.bench_function(format!("movetext {threads} threads"), |b| {
        b.iter(|| {
            all = Some(pgn_peers::movetext_par_validate_read(open(path), threads).expect("read"))
        })
    });
    let mut peer = None;
    g.bench_function("pgn-reader+shakmaty", |b| {
        b.iter(|| peer = Some(pgn_peers::shakmaty_validate_read(open(path)).expect("read")))
    });
    g.finish();
    // Only what ran (a filter may leave a side out) is compared.
    println!("stream/validate: movetext {one:?}, {threads} threads {all:?}, peer {peer:?}");
    if let (Some(one), Some(all)) = (one, all) {
        assert_eq!(one, all, "movetext: one thread against {threads}");
    }
    // The streams of COUNTS hold none of the games where the peer's counts
    // differ (see `validate.rs`, `checked_corpus`).
    if COUNTS.iter().any(|c| c.0 == bytes) {
        if let (Some(one), Some(peer)) = (one, peer) {
            assert_eq!(one, peer, "movetext against pgn-reader+shakmaty");
        }
    }
    if bytes == BIG_4G.0 {
        for r in [one, all].into_iter().flatten() {
            assert_eq!(r, (BIG_4G.1, BIG_4G.2), "movetext on the 4 GiB stream");
        }
    }
}

fn tokenize(c: &mut Criterion, path: &Path, bytes: u64) {
    let mut g = pgn_peers::one_pass_group(c, "stream/tokenize", bytes, Duration::from_secs(30));
    let (mut ours, mut theirs) = (None, None);
    g.bench_function("movetext", |b| {
        b.iter(|| ours = Some(pgn_peers::movetext_tokens_read(open(path)).expect("read")))
    });
    g.bench_function("pgn-reader", |b| {
        b.iter(|| theirs = Some(pgn_peers::pgn_reader_tokens_read(open(path)).expect("read")))
    });
    g.finish();
    println!("stream/tokenize: tokens: movetext {ours:?}, pgn-reader {theirs:?}");
    // Only what ran (a filter may leave a side out) is compared.
    if let Some(&(_, mt, pr, _, _)) = COUNTS.iter().find(|c| c.0 == bytes) {
        assert!(ours.is_none_or(|n| n == mt), "stream/tokenize: movetext");
        assert!(
            theirs.is_none_or(|n| n == pr),
            "stream/tokenize: pgn-reader"
        );
    }
}

fn split(c: &mut Criterion, path: &Path, bytes: u64) {
    let mut g = pgn_peers::one_pass_group(c, "stream/split", bytes, Duration::from_secs(30));
    let (mut ours, mut theirs) = (None, None);
    // `count_game_starts_read` reads on the calling thread and counts on a
    // second one; pgn-reader reads and skips on one.
    g.bench_function("movetext 2 threads (read, count)", |b| {
        b.iter(|| {
            ours = Some(movetext::pgn::split::count_game_starts_read(open(path)).expect("read"))
        })
    });
    g.bench_function("pgn-reader", |b| {
        b.iter(|| theirs = Some(pgn_peers::pgn_reader_games_read(open(path)).expect("read")))
    });
    g.finish();
    println!("stream/split: games: movetext {ours:?} hard starts, pgn-reader {theirs:?}");
    if let Some(&(_, _, _, mt, pr)) = COUNTS.iter().find(|c| c.0 == bytes) {
        assert!(ours.is_none_or(|n| n == mt), "stream/split: movetext");
        assert!(theirs.is_none_or(|n| n == pr), "stream/split: pgn-reader");
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let path = stream();
    let bytes = std::fs::metadata(&path).expect("the stream").len();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    println!("stream: {} ({bytes} bytes)", path.display());
    println!("stream: machine: {}", pgn_peers::machine());
    validate(&mut c, &path, bytes, threads);
    tokenize(&mut c, &path, bytes);
    split(&mut c, &path, bytes);
    c.final_summary();
}
