//! Replays fuzz inputs through the fuzz targets' own code
//! (`fuzz/src/lib.rs`, included below): the committed seed corpora
//! (`fuzz/seeds/<target>/`, which fuzzing never writes to: `fuzz/run.sh`
//! gives libFuzzer `fuzz/target/corpus/<target>/` as the folder to write)
//! and every crash input the fuzzers found, minimized, under
//! `tests/data/fuzz/<target>/` (each file named after the bug and
//! described in `tests/data/fuzz/README.md`). Each replay checks the exact
//! number of inputs it ran, and the folders present are exactly those
//! listed here, so a renamed, emptied or new folder fails.

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::path::Path;

use fuzz_checks::Event;
use movetext::validate::{GameError, GameSummary, GameVisitor, ValidateOptions, Validator};

/// The committed seeds of each fuzz target: folder and number of files.
const SEEDS: [(&str, usize); 7] = [
    ("arrow_records", 27),
    ("fen", 288),
    ("legals_are_legal", 296),
    ("notation_parsers", 152),
    ("notation_roundtrip", 28),
    ("pgn_chunked", 34),
    ("pgn_reader", 36),
];

/// The crash inputs found by each fuzz target: folder and number of files
/// (targets that never failed have none).
const CRASH_INPUTS: [(&str, usize); 4] = [
    ("arrow_records", 4),
    ("fen", 3),
    ("pgn_chunked", 6),
    ("pgn_reader", 10),
];

/// Runs `target` on every file of `dir`; returns how many. A missing
/// folder, or anything in it that is not a file, fails the test.
fn replay(dir: &Path, target: fn(&[u8])) -> usize {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("fuzz inputs {}: {e}", dir.display()));
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in &paths {
        assert!(path.is_file(), "{} is not a file", path.display());
        let data = std::fs::read(path).unwrap();
        eprintln!("replaying {}", path.display());
        target(&data);
    }
    paths.len()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The subfolders of `dir`, sorted.
fn folders(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Replays the seeds of `name` with `target`, checking their number.
fn seeds(name: &str, target: fn(&[u8])) {
    let (_, expected) = SEEDS.iter().find(|(n, _)| *n == name).unwrap();
    let n = replay(&root().join("fuzz/seeds").join(name), target);
    assert_eq!(n, *expected, "seeds of {name}");
}

/// Replays the crash inputs of `name` with `target`, checking their number.
fn crash_inputs(name: &str, target: fn(&[u8])) {
    let (_, expected) = CRASH_INPUTS.iter().find(|(n, _)| *n == name).unwrap();
    let n = replay(&root().join("tests/data/fuzz").join(name), target);
    assert_eq!(n, *expected, "crash inputs of {name}");
}

/// Every fuzz target has seeds and a replay test, and every folder of
/// seeds or crash inputs is one listed above (a renamed one would
/// otherwise go unreplayed in silence).
#[test]
fn replayed_folders_are_the_fuzz_targets() {
    let mut targets: Vec<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            p.file_stem().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    targets.sort();
    let names = |t: &[(&str, usize)]| t.iter().map(|(n, _)| n.to_string()).collect::<Vec<_>>();
    assert_eq!(names(&SEEDS), targets);
    assert_eq!(folders("fuzz/seeds"), targets);
    assert_eq!(folders("tests/data/fuzz"), names(&CRASH_INPUTS));
}

#[cfg(feature = "arrow")]
#[test]
fn arrow_records_seed_corpus() {
    seeds("arrow_records", fuzz_checks::arrow_records);
}

#[test]
fn fen_seed_corpus() {
    seeds("fen", fuzz_checks::fen);
}

#[test]
fn legals_are_legal_seed_corpus() {
    seeds("legals_are_legal", fuzz_checks::legals_are_legal);
}

#[test]
fn notation_parsers_seed_corpus() {
    seeds("notation_parsers", fuzz_checks::notation_parsers);
}

#[test]
fn notation_roundtrip_seed_corpus() {
    seeds("notation_roundtrip", fuzz_checks::notation_roundtrip);
}

#[test]
fn pgn_reader_seed_corpus() {
    seeds("pgn_reader", fuzz_checks::pgn_reader);
}

#[test]
fn pgn_chunked_seed_corpus() {
    seeds("pgn_chunked", fuzz_checks::pgn_chunked);
}

#[cfg(feature = "arrow")]
#[test]
fn arrow_records_crash_inputs() {
    crash_inputs("arrow_records", fuzz_checks::arrow_records);
}

#[test]
fn fen_crash_inputs() {
    crash_inputs("fen", fuzz_checks::fen);
}

#[test]
fn pgn_reader_crash_inputs() {
    crash_inputs("pgn_reader", fuzz_checks::pgn_reader);
}

#[test]
fn pgn_chunked_crash_inputs() {
    crash_inputs("pgn_chunked", fuzz_checks::pgn_chunked);
}

/// Found by the `fen` fuzzer: `Position::from_fen` accepted two castling
/// rights on the same side of the king (`2K2R1R w HF`: rooks f1 and h1 both
/// east of the king on c1); only one could castle and `fen()` wrote one, so
/// the position did not survive its own FEN. Cause: no check for a second
/// right on a side. Now the FEN is refused (`TwoCastlingRooksOnOneSide`).
#[test]
fn two_castling_rights_on_one_side_are_refused() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/fen/two-castling-rights-one-side")).unwrap();
    let err = movetext::Position::from_fen_bytes(data.trim_ascii()).unwrap_err();
    assert_eq!(
        err.kind,
        movetext::position::FenErrorKind::TwoCastlingRooksOnOneSide
    );
    fuzz_checks::fen(&data);
}

/// Found by the `fen` fuzzer (session 2, after castling generation was
/// reworked): with the king on h8 (square 63), the mask of squares above
/// the king was computed as `!((2 << 63) - 1)`, and `2 << 63 == 0`: an
/// overflow, a panic in builds with overflow checks (release builds wrapped
/// to the right mask). Now `(u64::MAX << k) << 1`.
#[test]
fn castling_with_the_king_on_h8() {
    let data = std::fs::read(root().join("tests/data/fuzz/fen/castling-king-on-h8")).unwrap();
    fuzz_checks::fen(&data);
    // A Chess960 king on h8 castling queen side with the e8 rook.
    let pos = movetext::Position::from_fen("4r2k/8/8/8/8/8/8/K7 b e - 0 1").unwrap();
    let castle = movetext::Move::castle(movetext::Square::H8, movetext::Square::E8);
    assert!(pos.legal_moves().contains(&castle));
    assert_eq!(pos.count_legal_moves(), pos.legal_moves().len() as u64);
    fuzz_checks::check_position(&pos);
}

/// Found by the `pgn_reader` fuzzer: a `Reader::with_capacity(MIN_CAPACITY,
/// r)` over an `io::Read` that hands over 4 bytes a call reported the junk
/// line `Event "Missing begin header"]` after a game as `Garbage` with the
/// token `Even`, `Reader::from_slice` with the whole line. Cause: the token
/// of a junk line (and of a `;` comment) outside a game was taken from the
/// bytes already in the buffer window, so it depended on how the input was
/// read. Fixed: the reader refills up to 64 bytes before cutting the token
/// at its line end.
#[test]
fn garbage_token_does_not_depend_on_read_sizes() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/pgn_reader/garbage-token-cut-by-short-read"))
            .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_reader` fuzzer: the input (after the 3 parameter
/// bytes) is `{\n[}1`, with no line end at the end. `Reader::from_slice`
/// reported `CommentOutsideGame` and then game 1 (`1` read as a move); a
/// buffered reader (any capacity, even with the whole input in one read)
/// handed over nothing (`{\n[} e4 *` lost a whole game the same way).
/// Cause: a comment's line starting with `[` is judged (tag line, so a new
/// game, or not) once its line end is in the window; a buffered reader
/// learns of the end of input only when a read returns 0, and on learning
/// it took the comment as running to the end instead of judging that last
/// line, now known to be complete. Fixed: the line is judged again.
#[test]
fn buffered_reader_reads_comment_over_bracket_line_as_slice_reader() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_reader/buffered-comment-over-line-start-bracket"),
    )
    .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_chunked` fuzzer: 42 bytes (chunk size 8) with tag
/// lines, a junk `[*` line, CRLF and lone-CR line ends:
/// `split::read_all_chunked` gave game 2 without its tag `[Whitb "ico"]`
/// that one `Reader` over the whole input read. Cause (not the line ends):
/// the line `*[d ""]` ends a game with `*`, and the reader read the rest of
/// the line, `[d ""]`, as a tag line, so the next line, `[Whitb "ico"]`,
/// continued that tag section; by the game-start rule `*[d ""]` is no tag
/// line and `[Whitb "ico"]` is a hard game start, where the chunker cut.
/// Fixed: a tag section that begins mid-line counts its first line as no
/// tag line, so the next tag line begins a new game in both readings (same
/// cause as `chunked_reading_keeps_a_tag_after_a_result_glued_to_it`).
#[test]
fn chunked_reading_keeps_tags_at_chunk_boundaries() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_chunked/tag-line-lost-at-chunk-boundary-with-cr"),
    )
    .unwrap();
    fuzz_checks::pgn_chunked(&data);
}

/// Found by the `pgn_reader` fuzzer: in `1. e4 --? 2. d4 *` the token `--?`
/// is not the reader's null move (it goes to the `san` hook),
/// `resolve_token` reads it as `San::Null` and returns `Move::NULL`, and
/// the validator handed it to `GameVisitor::legal_move` and played it with
/// `Position::play` instead of `play_null`. Fixed: a null move resolved
/// from a token takes the null-move path.
#[test]
fn validator_plays_null_tokens_as_null_moves() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/pgn_reader/validator-null-token-with-glyph"))
            .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_reader` fuzzer in CI (2026-11-30; minimized by hand to
/// the same cause): in a game of UCI moves, `d2e3` gave check and the lenient `0000` that followed was played
/// as a null move, leaving Black's king attacked with White to move; the
/// next move's incremental checkers then missed the queen's check (a debug
/// assertion). Fixed: a null move in check is refused
/// (`SanError::NullInCheck`, `Position::play_null` returns `false`).
#[test]
fn null_move_in_check_is_refused() {
    let data = std::fs::read(root().join("tests/data/fuzz/pgn_reader/null-move-in-check")).unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
    let mut v = Validator::new(Errors(Vec::new()), ValidateOptions::default());
    movetext::pgn::Reader::from_slice(&data[3..])
        .read_all(&mut v, |_| {})
        .unwrap();
    assert_eq!(
        v.into_inner().0,
        ["3:30: game 1, move 3... 0000: a null move while in check"]
    );
}

/// The errors of a validation, as `LINE:COLUMN: message`.
struct Errors(Vec<String>);

impl GameVisitor for Errors {
    type Output = ();
    fn error(&mut self, e: &GameError) {
        self.0.push(format!("{}:{}: {e}", e.line, e.column));
    }
    fn end_game(&mut self, _: &GameSummary) {}
}

/// Found by the `pgn_chunked` fuzzer (minimized to 104 bytes, chunk size
/// 51): the `CommentOutsideGame` error token of a `{` comment before a game
/// was the first 64 bytes of the reader's window, whatever the comment's
/// length: one `Reader` over the whole input reported 64 bytes running on
/// past the hard game start that ends the comment (and past the next one),
/// `read_all_chunked` 32 bytes, cut at the end of the chunk. Fixed: the
/// token is the comment itself (up to its `}`, the hard game start that
/// ends it, or the end of input), at most 64 bytes; here `{"]\n`.
#[test]
fn error_tokens_do_not_cross_chunk_boundaries() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/pgn_chunked/error-token-cut-at-chunk-end"))
            .unwrap();
    fuzz_checks::pgn_chunked(&data);
    let games = fuzz_checks::read_events(&data[2..]);
    let tokens: Vec<&[u8]> = games
        .iter()
        .flatten()
        .filter_map(|e| match e {
            Event::Error(movetext::pgn::ErrorKind::CommentOutsideGame, _, t) => Some(&t[..]),
            _ => None,
        })
        .collect();
    assert_eq!(tokens, [&b"{\"]\n"[..]]);
}

/// Found by the `pgn_chunked` fuzzer in CI (minimized with `cargo fuzz
/// tmin` from 537 to 28 bytes, chunk size 2): `[e ""]\n1/2-1/2[c ""]\n[R
/// ""]\n`. One `Reader` gave game 2 the tags `c` and `R`;
/// `read_all_chunked` gave game 2 only `c` and began game 3 at `[R ""]`.
/// Cause: the reader read `[c ""]`, after the result on the same line, as a
/// tag line, so `[R ""]` continued that tag section; by the game-start rule
/// the line `1/2-1/2[c ""]` is no tag line and `[R ""]` is a hard game
/// start, where the chunker cut. Fixed: a tag section begun mid-line counts
/// its first line as no tag line (game 2 has the tag `c`, game 3 `R`).
#[test]
fn chunked_reading_keeps_a_tag_after_a_result_glued_to_it() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_chunked/tag-lost-after-result-glued-to-tag"),
    )
    .unwrap();
    fuzz_checks::pgn_chunked(&data);
    let games = fuzz_checks::read_events(&data[2..]);
    let tags = |g: &[Event]| -> Vec<Vec<u8>> {
        g.iter()
            .filter_map(|e| match e {
                Event::Tag(name, _, _) => Some(name.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(games.len(), 3);
    assert_eq!(tags(&games[1]), [b"c".to_vec()]);
    assert_eq!(tags(&games[2]), [b"R".to_vec()]);
}

/// Found by the `pgn_chunked` fuzzer in CI (2026-12-05; rebuilt by hand to
/// the same cause): a lone `½` as the Latin-1 byte 0xBD ending a game was a
/// draw where the reader's general code read it (it looks past the token
/// for the game's end) and a misplaced result where the fast loop read it
/// (which sent `1/2`, `0-0` and the UTF-8 `½` to the general code, but not
/// the byte 0xBD), so one `Reader` and chunks of 2 bytes disagreed. Fixed:
/// the fast loop sends 0xBD to the general code too.
#[test]
fn a_lone_latin1_half_point_reads_alike_in_chunks() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/pgn_chunked/lone-half-point-result")).unwrap();
    fuzz_checks::pgn_chunked(&data);
    let results: Vec<String> = fuzz_checks::read_events(&data[2..])
        .iter()
        .flatten()
        .filter_map(|e| match e {
            Event::Result(raw, r) => Some(format!("{raw:?} {r:?}")),
            Event::Error(kind, _, _) => Some(format!("{kind:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        results,
        [
            "[189] Draw",
            "MisplacedResult",
            "[189] Draw",
            "[194, 189] Draw",
            "[189] Draw"
        ]
    );
}

/// Found by the `arrow_records` seed `1. e4 e5 \xbd-\xbd` (a Latin-1 `½`),
/// minimized by `cargo fuzz tmin` to `1\xbd` after the control byte: with
/// the opt-in `movetext` column, `BatchReader` ends the stream with
/// `Invalid argument error: Encountered non UTF-8 data` instead of giving
/// the game. The column holds the tokens and comments as written, and
/// `StringArray::try_new` refuses bytes that are not UTF-8 (every other
/// text column decodes them: tags with `RawTag::decode_lossy`, messages
/// with `latin1_lossy`). `movetext convert --to parquet --columns movetext`
/// fails the same way on `1. e4 {M\xfcnchen} e5 *`. Fixed: the column
/// reads such bytes as Latin-1, as the tags.
#[cfg(feature = "arrow")]
#[test]
fn movetext_column_takes_text_that_is_not_utf8() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/arrow_records/movetext-not-utf8")).unwrap();
    fuzz_checks::arrow_records(&data);
    let options = movetext::arrow::BatchOptions {
        columns: movetext::arrow::Columns::ALL,
        ..movetext::arrow::BatchOptions::default()
    };
    let batches: Vec<_> =
        movetext::arrow::BatchReader::from_bytes(b"1. e4 {M\xfcnchen} e5 *\n", &options)
            .collect::<Result<_, _>>()
            .unwrap();
    assert_eq!(batches.len(), 1);
    assert_eq!(batches[0].num_rows(), 1);
}

/// Found by the `arrow_records` fuzzer (a 10-minute run: a game of just
/// `1/2-1/2` after a `*`), rebuilt by hand as `1. e4 *\n1-0\n` after the
/// control byte: the PGN reader reads two games, the second only the
/// result `1-0` (at offset 8), and `BatchReader` gives it `offset` 0, so
/// offsets go 3, 0. `Tracker` (src/arrow/record.rs) takes the offset from
/// the first tag, move, null move or reader's problem (`Tracker::at`) and
/// falls back to 0; `result_at` (which has the place) does not call it.
/// Fixed: the offset is where the reader begins the game
/// (`Visitor::begin_game_at`).
#[cfg(feature = "arrow")]
#[test]
fn a_result_only_game_has_its_offset() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/arrow_records/offset-of-a-result-only-game"))
            .unwrap();
    fuzz_checks::arrow_records(&data);
}

/// Found by the `arrow_records` fuzzer after the byte-order-mark fix of
/// the tag-line rule (a 5-minute run; minimized by `cargo fuzz tmin`, then
/// made readable): chunk size 13, 3 threads, `\u{feff}[Event "OBM first"]`,
/// blank lines, then `\u{feff}[Event "BOM again"]` and `1. d4 *`. Game 1
/// has no result; one thread gives the warning `4:4: game 1: no result
/// token: the game ends here` (at the `[` after the mark), the parallel
/// reading `4:1: ...` (at the mark, where its chunk ends). `pgn_chunked`
/// does not see it: its recorder does not record `no_result`. Fixed: the
/// reader ends the game before the marks, where the rule puts the next.
#[cfg(feature = "arrow")]
#[test]
fn no_result_is_placed_alike_before_a_bom_tag_line() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/arrow_records/no-result-place-at-bom")).unwrap();
    fuzz_checks::arrow_records(&data);
}

/// Found by the `arrow_records` fuzzer after the byte-order-mark fix of
/// the tag-line rule (a 3-minute run; minimized by `cargo fuzz tmin` to
/// `[Eie "x"]\n\n\u{feff}[t\n`, chunk size 5): one thread (a buffered
/// reader) reads 1 game, chunks and `Reader::from_slice` 2: the line
/// `\u{feff}[t` is a game start to them, not to the buffered reader. `pgn_chunked` fails on the same text (`par_read`:
/// `UnterminatedTag` `[t` vs `BeginMovetext`). Another input of that run
/// read `1/2` before a `\u{feff}[Event` line as the result in chunks and
/// as a misplaced result in one reader. Fixed: such a line goes to the
/// general code, which judges it after its marks.
#[cfg(feature = "arrow")]
#[test]
fn a_bom_bracket_line_reads_alike_in_chunks() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/arrow_records/bom-bracket-line-in-chunks"))
            .unwrap();
    fuzz_checks::arrow_records(&data);
}
