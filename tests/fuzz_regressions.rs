//! Replays fuzz inputs through the fuzz targets' own code
//! (`fuzz/src/lib.rs`, included below): the committed seed corpora
//! (`fuzz/corpus/<target>/`) and every crash input the fuzzers found,
//! minimized, under `tests/data/fuzz/<target>/` (each file named after the
//! bug and described in `tests/data/fuzz/README.md`).

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::path::Path;

/// Runs `target` on every file of `dir` (if it exists); returns how many.
fn replay(dir: &Path, target: fn(&[u8])) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    // Subdirectories (`open/`: inputs of reported, unfixed bugs) are not
    // replayed here; each has its own `#[ignore]`d test.
    let mut paths: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    for path in &paths {
        let data = std::fs::read(path).unwrap();
        eprintln!("replaying {}", path.display());
        target(&data);
    }
    paths.len()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn fen_seed_corpus() {
    let n = replay(&root().join("fuzz/corpus/fen"), fuzz_checks::fen);
    assert_eq!(n, 288);
}

#[test]
fn legals_are_legal_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/legals_are_legal"),
        fuzz_checks::legals_are_legal,
    );
    assert_eq!(n, 296);
}

#[test]
fn fen_crash_inputs() {
    // Skips inputs of open (reported, unfixed) bugs; see below.
    replay(&root().join("tests/data/fuzz/fen"), fuzz_checks::fen);
}

#[test]
fn legals_are_legal_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/legals_are_legal"),
        fuzz_checks::legals_are_legal,
    );
}

#[test]
fn notation_parsers_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/notation_parsers"),
        fuzz_checks::notation_parsers,
    );
    assert_eq!(n, 152);
}

#[test]
fn notation_roundtrip_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/notation_roundtrip"),
        fuzz_checks::notation_roundtrip,
    );
    assert_eq!(n, 28);
}

#[test]
fn notation_parsers_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/notation_parsers"),
        fuzz_checks::notation_parsers,
    );
}

#[test]
fn notation_roundtrip_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/notation_roundtrip"),
        fuzz_checks::notation_roundtrip,
    );
}

#[test]
fn pgn_reader_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/pgn_reader"),
        fuzz_checks::pgn_reader,
    );
    assert_eq!(n, 34);
}

#[test]
fn pgn_chunked_seed_corpus() {
    let n = replay(
        &root().join("fuzz/corpus/pgn_chunked"),
        fuzz_checks::pgn_chunked,
    );
    assert_eq!(n, 34);
}

#[test]
fn pgn_reader_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/pgn_reader"),
        fuzz_checks::pgn_reader,
    );
}

#[test]
fn pgn_chunked_crash_inputs() {
    replay(
        &root().join("tests/data/fuzz/pgn_chunked"),
        fuzz_checks::pgn_chunked,
    );
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

/// Found by the `pgn_reader` fuzzer (open bug, for the lead): a
/// `Reader::with_capacity(MIN_CAPACITY, r)` over an `io::Read` that hands
/// over 4 bytes a call reports the junk line `Event "Missing begin
/// header"]` after a game as `Garbage` with a token cut where its buffer
/// window ended at the time (here `Even`), while
/// `Reader::from_slice` reports the whole line (up to 64 bytes). Cause: the
/// garbage error token is taken from the bytes already in the window
/// instead of filling up to the line end (or 64 bytes) first, so the
/// error depends on how the input was read. Un-ignore when fixed, and set
/// `OPEN_BUG_SHORT_READ_GARBAGE_TOKEN` in fuzz/src/lib.rs to false.
#[test]
#[ignore = "open bug: Garbage error token depends on read sizes"]
fn garbage_token_does_not_depend_on_read_sizes() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_reader/open/garbage-token-cut-by-short-read"),
    )
    .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_reader` fuzzer (open bug, for the lead): the input
/// (after the 3 parameter bytes) is `{\n[}1`, with no line end at the end.
/// `Reader::from_slice` reports `CommentOutsideGame` and then game 1 (`1`
/// read as a move); a buffered reader (`Reader::new`, any capacity, even
/// with the whole input in one read) hands over nothing: no error, no game.
/// Same for `{\n[} e4 *` (game 1 with `e4 *` lost); with a final `\n` both
/// agree. Cause (suspected): when the last line begins with `[` and has no
/// line end, the buffered reader's look for a tag line / game start at
/// that line waits for a line end that never comes and drops the rest of
/// the input at EOF. Un-ignore when fixed, and set
/// `OPEN_BUG_NO_FINAL_LINE_END` in fuzz/src/lib.rs to false.
#[test]
#[ignore = "open bug: buffered reader and slice reader disagree on a comment over a [ line"]
fn buffered_reader_reads_comment_over_bracket_line_as_slice_reader() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_reader/open/buffered-comment-over-line-start-bracket"),
    )
    .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_chunked` fuzzer (open bug, for the lead): 42 bytes
/// (chunk size 8 from the 2 parameter bytes) with tag lines, a junk `[*`
/// line, CRLF and lone-CR line ends: `split::read_all_chunked` gives game 2
/// without its tag `[Whitb "ico"]` (`BeginMovetext` where one `Reader` over
/// the whole input has the tag). Cause (suspected): the splitter's hard
/// game start rule (a tag line whose previous line is not a tag line)
/// and the reader disagree on where lines end or which lines are tag
/// lines around CR / CRLF line ends, so a chunk begins where a sequential
/// reader is not at a game start. Un-ignore when fixed, and set
/// `OPEN_BUG_CHUNK_LONE_CR` in fuzz/src/lib.rs to false.
#[test]
#[ignore = "open bug: read_all_chunked loses a tag at a chunk boundary"]
fn chunked_reading_keeps_tags_at_chunk_boundaries() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_chunked/open/tag-line-lost-at-chunk-boundary-with-cr"),
    )
    .unwrap();
    fuzz_checks::pgn_chunked_checks(&data, true);
}

/// Found by the `pgn_reader` fuzzer: in `1. e4 --? 2. d4 *` the token `--?`
/// is not the reader's null move (it goes to the `san` hook),
/// `resolve_token` reads it as `San::Null` and returns `Move::NULL`, and
/// the validator handed it to `GameVisitor::legal_move` and played it with
/// `Position::play` instead of `play_null`. Fixed: a null move resolved
/// from a token takes the null-move path.
#[test]
fn validator_plays_null_tokens_as_null_moves() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_reader/open/validator-null-token-with-glyph"),
    )
    .unwrap();
    fuzz_checks::pgn_reader_checks(&data, true);
}

/// Found by the `pgn_chunked` fuzzer (open bug, for the lead; minimized to
/// 104 bytes, chunk size 51): an unterminated `{` comment outside a game
/// runs up to the next hard game start; its `CommentOutsideGame` error token
/// (at most 64 bytes) is cut at the end of the chunk by
/// `split::read_all_chunked` (32 bytes), while one `Reader` over the whole
/// input reports 64 bytes that run on past the next game start. Same class
/// as the `Garbage` token of `garbage_token_does_not_depend_on_read_sizes`:
/// an error token should end where its text ends (here: at the hard game
/// start), not where the reader's window ends. Not tolerated by the
/// fuzzers yet.
#[test]
#[ignore = "open bug: an error token crossing a chunk boundary is cut by chunked reading"]
fn error_tokens_do_not_cross_chunk_boundaries() {
    let data =
        std::fs::read(root().join("tests/data/fuzz/pgn_chunked/open/error-token-cut-at-chunk-end"))
            .unwrap();
    fuzz_checks::pgn_chunked_checks(&data, true);
}

/// Found by the `pgn_chunked` fuzzer in CI (open bug; minimized with
/// `cargo fuzz tmin` from 537 to 28 bytes, chunk size 2):
/// `[e ""]\n1/2-1/2[c ""]\n[R ""]\n`. One `Reader` gives game 2 the tags
/// `c` and `R`; `read_all_chunked` gives game 2 only `c` and starts game 3
/// at `[R ""]` (a hard start: its previous line is not a tag line): chunked
/// and sequential reading disagree on where that game starts.
#[test]
#[ignore = "open bug: chunked reading splits a game differently after a result glued to a tag"]
fn chunked_reading_keeps_a_tag_after_a_result_glued_to_it() {
    let data = std::fs::read(
        root().join("tests/data/fuzz/pgn_chunked/open/tag-lost-after-result-glued-to-tag"),
    )
    .unwrap();
    fuzz_checks::pgn_chunked_checks(&data, true);
}
