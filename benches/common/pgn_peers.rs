//! The visitors both PGN benches drive, on movetext and on its peer
//! (pgn-reader 0.29.0, + shakmaty 0.30.1 for validation): a token counter
//! each, and a validating visitor each. Used by `pgn.rs`, `validate.rs` and
//! `instructions.rs` through `#[path]`, so each bench measures the same work.
#![allow(dead_code)] // each bench binary uses a different part

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use movetext::notation::ParseMode;
use movetext::pgn::Reader;
use movetext::validate::{GameSummary, GameVisitor, ValidateOptions, Validator};
use shakmaty::Position as _;

/// The machine the figures come from, for the record beside them: the
/// CPU's name, family and model (`/proc/cpuinfo`) and the threads at hand.
/// Ratios against the peer differ from one core to another (2.7–2.9× on
/// one, 3.1–3.6× on another, for the same code), so a figure without its
/// machine cannot be compared.
pub fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim() == name)
            .map_or("?", |(_, v)| v.trim())
    };
    let threads = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "{}, CPU family {}, model {}, {threads} threads",
        field("model name"),
        field("cpu family"),
        field("model")
    )
}

/// The shared corpus: `../shared/corpus` beside the repository (as in CI),
/// else `/work/shared/corpus`.
pub fn corpus() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if beside.is_dir() {
        beside
    } else {
        Path::new("/work/shared/corpus").to_path_buf()
    }
}

/// A file of the shared corpus, read into memory; panics with a clear
/// message when the corpus is missing.
pub fn load(rel: &str) -> Vec<u8> {
    let path = corpus().join(rel);
    std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "benchmark input {} is missing ({e}): the PGN benchmarks need the shared corpus (../shared or /work/shared)",
            path.display()
        )
    })
}

/// The mixed corpus's files, in the order of its `SOURCES.md`.
pub const CORPUS: [&str; 5] = [
    "human-pgnmentor.pgn.zst",
    "engine-tcec.pgn.zst",
    "engine-tcec-960.pgn.zst",
    "online.pgn.zst",
    "annotated-misc.pgn.zst",
];

/// The corpus's bytes once decompressed (checked by [`load_corpus`]).
pub const CORPUS_BYTES: u64 = 425_426_712;

/// The mixed corpus: its five files decompressed and joined in memory
/// (each ends with a line end), [`CORPUS_BYTES`] long.
#[cfg(feature = "compression")]
pub fn load_corpus() -> Vec<u8> {
    let mut all = Vec::new();
    for rel in CORPUS {
        let compressed = load(rel);
        let mut input = movetext::pgn::decompress::open(&compressed[..])
            .unwrap_or_else(|e| panic!("{rel}: {e}"));
        std::io::Read::read_to_end(&mut input, &mut all).unwrap_or_else(|e| panic!("{rel}: {e}"));
    }
    assert_eq!(all.len() as u64, CORPUS_BYTES, "corpus size");
    all
}

/// A criterion group that times one pass a sample (flat sampling, ten
/// samples; the warm-up is one pass), in input bytes: for inputs of
/// hundreds of megabytes or more, where a pass takes a second or longer.
pub fn one_pass_group<'a>(
    c: &'a mut criterion::Criterion,
    name: &str,
    bytes: u64,
    measurement: std::time::Duration,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(criterion::Throughput::Bytes(bytes))
        .sampling_mode(criterion::SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(measurement);
    g
}

/// A PGN file named on an example's command line, read into memory; on
/// failure (or an empty file) the message is printed, prefixed with
/// `tool`, and the exit status to return is given back.
pub fn input_file(tool: &str, path: &str) -> Result<Vec<u8>, std::process::ExitCode> {
    match std::fs::read(path) {
        Ok(d) if !d.is_empty() => Ok(d),
        Ok(_) => {
            eprintln!("{tool}: {path}: empty file");
            Err(std::process::ExitCode::from(2))
        }
        Err(e) => {
            eprintln!("{tool}: {path}: {e}");
            Err(std::process::ExitCode::from(2))
        }
    }
}

/// Counts every movetext token; movetext's side.
#[derive(Default)]
pub struct Count {
    pub tokens: u64,
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

/// Counts every movetext token; pgn-reader's side. pgn-reader hands a
/// comment longer than 255 bytes (its default) over in parts, the last
/// through `comment`: a comment counts once, as on movetext's side.
#[derive(Default)]
pub struct Theirs {
    pub tokens: u64,
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
    fn partial_comment(&mut self, _: &mut (), _c: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
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

/// Tokens of an in-memory PGN counted by movetext's slice reader.
pub fn movetext_tokens(data: &[u8]) -> u64 {
    let mut v = Count::default();
    Reader::from_slice(data)
        .read_all(&mut v, |()| ())
        .expect("in-memory input");
    v.tokens
}

/// Tokens of a PGN stream counted by movetext's buffered reader
/// (`Reader::new`).
pub fn movetext_tokens_read(input: impl std::io::Read) -> std::io::Result<u64> {
    let mut v = Count::default();
    Reader::new(input).read_all(&mut v, |()| ())?;
    Ok(v.tokens)
}

/// Tokens of an in-memory PGN counted by pgn-reader.
pub fn pgn_reader_tokens(data: &[u8]) -> u64 {
    pgn_reader_tokens_read(data).expect("in-memory input")
}

/// Tokens of a PGN stream counted by pgn-reader.
pub fn pgn_reader_tokens_read(input: impl std::io::Read) -> std::io::Result<u64> {
    let mut v = Theirs::default();
    pgn_reader::Reader::new(input).visit_all_games(&mut v)?;
    Ok(v.tokens)
}

/// Games found by pgn-reader's `skip_game`.
pub fn pgn_reader_games(data: &[u8]) -> u64 {
    pgn_reader_games_read(data).expect("in-memory input")
}

/// Games of a PGN stream found by pgn-reader's `skip_game`.
pub fn pgn_reader_games_read(input: impl std::io::Read) -> std::io::Result<u64> {
    let mut r = pgn_reader::Reader::new(input);
    let mut n = 0u64;
    while r.skip_game()? {
        n += 1;
    }
    Ok(n)
}

/// Totals of a run: games, moves, failed games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub moves: u64,
    pub failed: u64,
}

impl Totals {
    pub fn add(&mut self, moves: u32, failed: bool) {
        self.games += 1;
        self.moves += u64::from(moves);
        self.failed += u64::from(failed);
    }
}

// movetext: the validator does the work; the game visitor only hands back
// the summary.

pub struct Summaries;

impl GameVisitor for Summaries {
    type Output = GameSummary;
    fn end_game(&mut self, summary: &GameSummary) -> GameSummary {
        *summary
    }
}

pub fn mt_options() -> ValidateOptions {
    ValidateOptions {
        mode: ParseMode::Lenient,
        variations: false,
        ..ValidateOptions::default()
    }
}

pub fn movetext_validate(data: &[u8]) -> Totals {
    let (t, wrong) = movetext_validate_slice(data);
    assert_eq!(wrong, 0, "wrong suffix");
    t
}

/// [`movetext_validate`] with the wrong suffixes counted, not refused.
pub fn movetext_validate_slice(data: &[u8]) -> (Totals, u64) {
    movetext_validate_with(Reader::from_slice(data)).expect("in-memory input")
}

/// [`movetext_validate`] streaming from `input` through a fixed buffer
/// (`Reader::new`), on one thread; wrong suffixes counted, not refused.
pub fn movetext_validate_read(input: impl std::io::Read) -> std::io::Result<(Totals, u64)> {
    movetext_validate_with(Reader::new(input))
}

/// Every game of `reader` validated: the totals and the wrong suffixes.
fn movetext_validate_with<I: movetext::pgn::Input>(
    mut reader: Reader<I>,
) -> std::io::Result<(Totals, u64)> {
    let (mut t, mut wrong) = (Totals::default(), 0);
    let mut v = Validator::new(Summaries, mt_options());
    reader.read_all(&mut v, |s| {
        wrong += u64::from(s.wrong_suffixes);
        t.add(s.moves, s.failed)
    })?;
    Ok((t, wrong))
}

/// [`movetext_validate_read`] on `threads` threads (`pgn::par_read`, 1 MiB
/// chunks, output in input order).
#[cfg(feature = "parallel")]
pub fn movetext_par_validate_read(
    input: impl std::io::Read,
    threads: usize,
) -> std::io::Result<(Totals, u64)> {
    use movetext::pgn::{par_read, Control, ParOptions};
    let (mut t, mut wrong) = (Totals::default(), 0);
    let options = ParOptions::default().threads(threads);
    par_read(
        input,
        &options,
        || Validator::new(Summaries, mt_options()),
        |s| {
            wrong += u64::from(s.wrong_suffixes);
            t.add(s.moves, s.failed);
            Control::Continue
        },
    )?;
    Ok((t, wrong))
}

// pgn-reader + shakmaty.

/// Plays every SAN with shakmaty; counts the suffixes the position
/// contradicts (the in-memory benches require none).
#[derive(Default)]
pub struct ShakmatyValidator {
    pub wrong_suffixes: u64,
}

/// A game being played: position, moves so far, whether it failed.
pub struct Game {
    pos: shakmaty::Chess,
    moves: u32,
    failed: bool,
}

impl pgn_reader::Visitor for ShakmatyValidator {
    type Tags = Option<shakmaty::Chess>;
    type Movetext = Game;
    type Output = (u32, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" && !value.as_bytes().is_empty() {
            let pos = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Chess960).ok());
            match pos {
                Some(p) => *tags = Some(p),
                None => return ControlFlow::Break((0, true)),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Game {
            pos: tags.unwrap_or_default(),
            moves: 0,
            failed: false,
        })
    }

    fn san(
        &mut self,
        game: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => {
                game.pos.play_unchecked(m);
                // As movetext does: a written suffix must hold (`+` on a
                // mate holds); a check written without `+` is no error.
                let holds = match san_plus.suffix {
                    None => true,
                    Some(shakmaty::san::Suffix::Check) => game.pos.is_check(),
                    Some(shakmaty::san::Suffix::Checkmate) => game.pos.is_checkmate(),
                };
                self.wrong_suffixes += u64::from(!holds);
                game.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break((game.moves, true)),
        }
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        (game.moves, game.failed)
    }
}

pub fn shakmaty_validate(data: &[u8]) -> Totals {
    let (t, wrong) = shakmaty_validate_read(data).expect("in-memory input");
    assert_eq!(wrong, 0, "wrong suffix");
    t
}

/// [`shakmaty_validate`] streaming from `input` (pgn-reader reads through
/// its own buffer); wrong suffixes counted, not refused.
pub fn shakmaty_validate_read(input: impl std::io::Read) -> std::io::Result<(Totals, u64)> {
    let mut t = Totals::default();
    let mut v = ShakmatyValidator::default();
    let mut reader = pgn_reader::Reader::new(input);
    for out in reader.read_games(&mut v) {
        let (moves, failed) = out?;
        t.add(moves, failed);
    }
    Ok((t, v.wrong_suffixes))
}
