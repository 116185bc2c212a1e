//! Game counts and consistency on the shared corpus. These need
//! /work/shared (not in the repository), so they are ignored by default:
//! `cargo test --release --test pgn_corpus -- --ignored --nocapture`.

use std::path::Path;
use std::time::Instant;

use movetext::pgn::events::{Event, EventLog};
use movetext::pgn::{split, Control, Location, Reader, Visitor};

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

fn load(rel: &str) -> Vec<u8> {
    let path = corpus().join(rel);
    std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "corpus file {} missing ({e}): these tests need the shared corpus (../shared or /work/shared)",
            path.display()
        )
    })
}

/// Counts games, moves, null moves, variations and errors; touches every
/// token.
#[derive(Default)]
struct Tokens {
    moves: u64,
    nulls: u64,
    variations: u64,
    errors: u64,
}

impl Visitor for Tokens {
    type Output = ();
    fn san(&mut self, _: &[u8], _: Location) -> Control {
        self.moves += 1;
        Control::Continue
    }
    fn null_move(&mut self, _: &[u8], _: Location) -> Control {
        self.nulls += 1;
        Control::Continue
    }
    fn begin_variation(&mut self) -> Control {
        self.variations += 1;
        Control::Continue
    }
    fn error(&mut self, e: &movetext::pgn::PgnError<'_>) -> Control {
        eprintln!("{e}");
        self.errors += 1;
        Control::Continue
    }
    fn end_game(&mut self) {}
}

/// A figure of `tests/data/reference/sample_totals.txt` (python-chess
/// 1.11.2 over sample.pgn, `scripts/sample_totals.py`).
fn sample_total(name: &str) -> u64 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/sample_totals.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .find(|(k, _)| *k == name)
        .unwrap_or_else(|| panic!("{name} not in {}", path.display()))
        .1
        .parse()
        .unwrap()
}

fn count(data: &[u8]) -> (u64, Tokens) {
    let mut v = Tokens::default();
    let mut games = 0;
    let t = Instant::now();
    Reader::new(data).read_all(&mut v, |()| games += 1).unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{games} games, {} MB/s (tokenize, buffered)",
        (data.len() as f64 / secs / 1e6) as u64
    );
    (games, v)
}

fn naive_count(data: &[u8]) -> usize {
    let mut n = usize::from(data.starts_with(b"[Event "));
    n += memchr::memmem::find_iter(data, b"\n[Event ").count();
    n
}

#[test]
#[ignore = "needs /work/shared"]
fn sample_pgn() {
    let data = load("sample.pgn");
    let (games, v) = count(&data);
    // SOURCES.md says 3,679: its splitter also counts the line
    // `Event "Українська ліга…"]` (no `[`, line 36,730) as a game; this
    // reader reports it as junk (one Garbage error).
    assert_eq!(games, 3678);
    // 80 games of the sample have no Event tag (their tags start otherwise).
    assert_eq!(naive_count(&data), 3598);
    assert_eq!(split::count_game_starts(&data), 3678);
    // python-chess reads 244,825 mainline plies and 3,945 moves in 670
    // variations, one of them a null move (`29... --` in game 3,493): the
    // reader hands over the same moves, null move apart, and variations
    // (three games end in the short draw `1/2`, read as their result).
    assert_eq!(
        (
            sample_total("mainline_moves"),
            sample_total("variation_moves")
        ),
        (244_825, 3_945)
    );
    let nulls = sample_total("mainline_nulls") + sample_total("variation_nulls");
    assert_eq!(nulls, 1);
    assert_eq!(
        v.moves,
        sample_total("mainline_moves") + sample_total("variation_moves") - nulls
    );
    assert_eq!(v.nulls, nulls);
    // Four variations hold no move: `()` in game 3,170, `( )` twice in
    // game 3,475, `( 9...)` in game 3,476; the reader reports them,
    // python-chess's tree has no node for them.
    assert_eq!(v.variations, sample_total("variations") + 4);
    // The junk line and three `;` comment lines after TCEC results.
    assert_eq!(v.errors, 4);
    let t = Instant::now();
    let starts = split::count_game_starts(&data);
    eprintln!(
        "split: {starts} starts, {} MB/s",
        (data.len() as f64 / t.elapsed().as_secs_f64() / 1e6) as u64
    );
}

#[test]
#[ignore = "needs /work/shared"]
fn bench_files() {
    for (file, expected) in [
        ("bench/lichess_db_1000k.pgn", 438),
        ("bench/twic1599_1000k.pgn", 1110),
    ] {
        let data = load(file);
        let (games, v) = count(&data);
        assert_eq!(games, expected, "{file}");
        assert_eq!(naive_count(&data) as u64, expected, "{file}");
        assert_eq!(v.errors, 0, "{file}");
    }
}

#[test]
#[ignore = "needs /work/shared"]
fn sample_chunked_and_parallel_equal_sequential() {
    let data = load("sample.pgn");
    let mut seq: Vec<Vec<Event>> = Vec::new();
    Reader::from_slice(&data)
        .read_all(&mut EventLog::default(), |g| seq.push(g))
        .unwrap();
    for size in [4096, 1 << 20] {
        let mut chunked = Vec::new();
        split::read_all_chunked(&data[..], size, &mut EventLog::default(), |g| {
            chunked.push(g)
        })
        .unwrap();
        assert!(chunked == seq, "chunked {size}");
        #[cfg(feature = "parallel")]
        {
            let mut par = Vec::new();
            movetext::pgn::par_read_all(&data[..], size, EventLog::default, |g| par.push(g))
                .unwrap();
            assert!(par == seq, "parallel {size}");
            for threads in [1, 3] {
                let options = movetext::pgn::ParOptions::default()
                    .threads(threads)
                    .chunk_size(size / 4);
                let mut par = Vec::new();
                movetext::pgn::par_read(&data[..], &options, EventLog::default, |g| {
                    par.push(g);
                    Control::Continue
                })
                .unwrap();
                assert!(par == seq, "parallel {size}, {threads} threads");
            }
        }
    }
}

#[test]
#[ignore = "needs /work/shared"]
fn edge_files_never_panic_and_buffered_equals_slice() {
    let dir = corpus().join("edge");
    assert!(
        dir.is_dir(),
        "{} missing: these tests need the shared corpus (../shared or /work/shared)",
        dir.display()
    );
    let mut files = 0;
    let mut games = 0;
    for sub in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let data = std::fs::read(f.unwrap().path()).unwrap();
            let mut a = Vec::new();
            Reader::from_slice(&data)
                .read_all(&mut EventLog::default(), |g| a.push(g))
                .unwrap();
            let mut b = Vec::new();
            Reader::with_capacity(0, &data[..])
                .read_all(&mut EventLog::default(), |g| b.push(g))
                .unwrap();
            assert!(a == b);
            let mut c = Vec::new();
            split::read_all_chunked(&data[..], 1000, &mut EventLog::default(), |g| c.push(g))
                .unwrap();
            assert!(a == c);
            files += 1;
            games += a.len();
        }
    }
    eprintln!("{files} edge files, {games} games");
    // The games are the reader's own count (the edge files are hostile by
    // design; no other reader's count is the truth there): a reader that
    // stopped early in a file would read fewer.
    assert_eq!((files, games), (239, 4_762));
}

#[cfg(feature = "compression")]
#[test]
#[ignore = "needs /work/shared"]
fn compressed_online_corpus() {
    let f = std::fs::File::open(corpus().join("online.pgn.zst"))
        .unwrap_or_else(|e| panic!("online.pgn.zst missing ({e}): these tests need the shared corpus (../shared or /work/shared)"));
    let input = movetext::pgn::decompress::open(f).unwrap();
    let mut games = 0;
    Reader::new(input)
        .read_all(&mut Tokens::default(), |()| games += 1)
        .unwrap();
    // python-chess finds 23,885 games (tests/data/reference/corpus_counts.txt):
    // the 23,884 pieces of its split, and in piece 2,701 the junk line
    // `Event "Українська ліга 225 Team Battle"]` after the result, a game
    // for python-chess, text between games for the reader
    // (tests/data/reference/corpus_differences.txt).
    assert_eq!(games, 23_884);
}
