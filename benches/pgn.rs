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

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The shared corpus: `../shared/corpus` beside the repository (as in CI),
/// else `/work/shared/corpus`.
fn corpus() -> std::path::PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if beside.is_dir() {
        beside
    } else {
        Path::new("/work/shared/corpus").to_path_buf()
    }
}
const FILES: [&str; 3] = [
    "bench/lichess_db_1000k.pgn",
    "bench/twic1599_1000k.pgn",
    "sample.pgn",
];

fn load(rel: &str) -> Vec<u8> {
    let path = corpus().join(rel);
    std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "benchmark input {} is missing ({e}): the PGN benchmarks need the shared corpus (../shared or /work/shared)",
            path.display()
        )
    })
}

/// Counts every movetext token; movetext's side.
#[derive(Default)]
struct Count {
    tokens: u64,
}

mod ours {
    use movetext::pgn::{Control, GameResult, Location, Nag, Visitor};

    impl Visitor for super::Count {
        type Output = ();
        fn san(&mut self, _san: &[u8], _at: Location) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn null_move(&mut self, _token: &[u8], _at: Location) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn nag(&mut self, _nag: Nag) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn comment(&mut self, _comment: &[u8]) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn begin_variation(&mut self) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn end_variation(&mut self) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn result(&mut self, _raw: &[u8], _result: GameResult) -> Control {
            self.tokens += 1;
            Control::Continue
        }
        fn end_game(&mut self) {}
    }
}

/// Counts every movetext token; pgn-reader's side.
#[derive(Default)]
struct Theirs {
    tokens: u64,
}

impl pgn_reader::Visitor for Theirs {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _san: pgn_reader::SanPlus) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), _nag: pgn_reader::Nag) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), _c: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), pgn_reader::Skip> {
        self.tokens += 1;
        ControlFlow::Continue(pgn_reader::Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, _: &mut (), _o: pgn_reader::Outcome) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

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
            b.iter(|| {
                let mut v = Count::default();
                movetext::pgn::Reader::from_slice(black_box(&data))
                    .read_all(&mut v, |()| ())
                    .unwrap();
                v.tokens
            })
        });
        g.bench_function(format!("movetext buffered/{name}"), |b| {
            b.iter(|| {
                let mut v = Count::default();
                movetext::pgn::Reader::new(black_box(&data[..]))
                    .read_all(&mut v, |()| ())
                    .unwrap();
                v.tokens
            })
        });
        g.bench_function(format!("pgn-reader/{name}"), |b| {
            b.iter(|| {
                let mut v = Theirs::default();
                pgn_reader::Reader::new(black_box(&data[..]))
                    .visit_all_games(&mut v)
                    .unwrap();
                v.tokens
            })
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
            b.iter(|| {
                let mut r = pgn_reader::Reader::new(black_box(&data[..]));
                let mut n = 0u64;
                while r.skip_game().unwrap() {
                    n += 1;
                }
                n
            })
        });
    }
    g.finish();
}

criterion_group!(benches, tokenize, split);
criterion_main!(benches);
