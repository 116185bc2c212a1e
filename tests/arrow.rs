//! Game records as Arrow batches (`movetext::arrow`), checked value by
//! value against python-chess (tests/data/reference/arrow_games.txt, made
//! by scripts/arrow_reference.py) and against the input's own tags.
#![cfg(feature = "arrow")]

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Int16Type, Int32Type, Time32SecondType, UInt16Type, UInt32Type, UInt64Type,
};
use arrow_array::{Array, RecordBatch};
use arrow_schema::ArrowError;
use movetext::arrow::{BatchOptions, BatchReader, Column, Columns, NoGameFound};
use movetext::notation::Language;
use movetext::validate::{LanguageChoice, ValidateOptions};

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arrow/games.pgn");
const CORRUPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arrow/corrupt.pgn");
const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/reference/arrow_games.txt"
);

/// Every batch, each column checked in full by arrow (offsets, UTF-8,
/// validity).
fn read_all(input: Vec<u8>, options: &BatchOptions) -> Vec<RecordBatch> {
    let batches = BatchReader::from_bytes(input, options)
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    for batch in &batches {
        for column in batch.columns() {
            column.to_data().validate_full().unwrap();
        }
    }
    batches
}

fn all_columns(threads: usize) -> BatchOptions {
    BatchOptions {
        columns: Columns::ALL,
        threads,
        ..BatchOptions::default()
    }
}

fn strings(batch: &RecordBatch, column: &str, row: usize) -> Vec<String> {
    let list = batch.column_by_name(column).unwrap().as_list::<i32>();
    let values = list.value(row);
    values
        .as_string::<i32>()
        .iter()
        .map(|s| s.unwrap().to_string())
        .collect()
}

fn ints(batch: &RecordBatch, column: &str, row: usize) -> Option<Vec<Option<i32>>> {
    let list = batch.column_by_name(column).unwrap().as_list::<i32>();
    if list.is_null(row) {
        return None;
    }
    Some(list.value(row).as_primitive::<Int32Type>().iter().collect())
}

fn text(batch: &RecordBatch, column: &str, row: usize) -> Option<String> {
    let a = batch.column_by_name(column).unwrap().as_string::<i32>();
    (!a.is_null(row)).then(|| a.value(row).to_string())
}

fn int16(batch: &RecordBatch, column: &str, row: usize) -> Option<i16> {
    let a = batch
        .column_by_name(column)
        .unwrap()
        .as_primitive::<Int16Type>();
    (!a.is_null(row)).then(|| a.value(row))
}

/// The tags map of a row.
fn tags(batch: &RecordBatch, row: usize) -> Vec<(String, String)> {
    let map = batch.column_by_name("tags").unwrap().as_map();
    let entries = map.value(row);
    let keys = entries.column(0).as_string::<i32>();
    let values = entries.column(1).as_string::<i32>();
    (0..entries.len())
        .map(|i| (keys.value(i).to_string(), values.value(i).to_string()))
        .collect()
}

/// One game of the reference file.
struct Expected {
    game: u64,
    plies: u32,
    uci: Vec<String>,
    san: Vec<String>,
    polyglot: Vec<u64>,
    fen: Vec<String>,
    clocks: Vec<Option<i32>>,
    evals: Vec<Option<i32>>,
    mates: Vec<Option<i32>>,
}

fn reference() -> Vec<Expected> {
    let text = std::fs::read_to_string(REFERENCE).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let field = |l: &str, name: &str| -> Vec<String> {
        let rest = l.strip_prefix(name).unwrap().trim_start();
        if name == "fen" {
            rest.split('|').map(String::from).collect()
        } else {
            rest.split_whitespace().map(String::from).collect()
        }
    };
    lines
        .chunks(7)
        .map(|g| {
            let head: Vec<&str> = g[0].split_whitespace().collect();
            let evals = field(g[6], "evals");
            Expected {
                game: head[1].parse().unwrap(),
                plies: head[2].parse().unwrap(),
                uci: field(g[1], "uci"),
                san: field(g[2], "san"),
                polyglot: field(g[3], "polyglot")
                    .iter()
                    .map(|k| u64::from_str_radix(k, 16).unwrap())
                    .collect(),
                fen: field(g[4], "fen"),
                clocks: field(g[5], "clocks")
                    .iter()
                    .map(|c| c.parse().ok())
                    .collect(),
                evals: evals.iter().map(|e| e.parse().ok()).collect(),
                mates: evals
                    .iter()
                    .map(|e| e.strip_prefix('#').map(|m| m.parse().unwrap()))
                    .collect(),
            }
        })
        .collect()
}

/// Every per-move column equals python-chess's, game by game, on one
/// thread and on two (chunks of 4 KiB, so games cross chunks).
#[test]
fn moves_keys_fens_clocks_evals_equal_python_chess() {
    let expected = reference();
    assert_eq!(expected.len(), 22);
    let input = std::fs::read(GAMES).unwrap();
    for threads in [1, 2] {
        let options = BatchOptions {
            batch_size: 5,
            chunk_size: 4096,
            ..all_columns(threads)
        };
        let batches = read_all(input.clone(), &options);
        assert_eq!(
            batches.iter().map(|b| b.num_rows()).collect::<Vec<_>>(),
            [5, 5, 5, 5, 2]
        );
        let mut row_of = Vec::new();
        for b in &batches {
            for row in 0..b.num_rows() {
                row_of.push((b, row));
            }
        }
        for (e, &(b, row)) in expected.iter().zip(&row_of) {
            let game = b
                .column_by_name("game")
                .unwrap()
                .as_primitive::<UInt64Type>();
            assert_eq!(game.value(row), e.game);
            let plies = b
                .column_by_name("ply_count")
                .unwrap()
                .as_primitive::<UInt32Type>();
            assert_eq!(plies.value(row), e.plies, "game {}", e.game);
            assert_eq!(strings(b, "uci", row), e.uci, "game {}", e.game);
            assert_eq!(strings(b, "san", row), e.san, "game {}", e.game);
            assert_eq!(strings(b, "fen", row), e.fen, "game {}", e.game);
            let keys = b.column_by_name("polyglot").unwrap().as_list::<i32>();
            let keys: Vec<u64> = keys
                .value(row)
                .as_primitive::<UInt64Type>()
                .values()
                .to_vec();
            assert_eq!(keys, e.polyglot, "game {}", e.game);
            let any = |v: &[Option<i32>]| v.iter().any(Option::is_some);
            let clocks = ints(b, "clocks", row);
            assert_eq!(clocks, any(&e.clocks).then(|| e.clocks.clone()));
            let evals = ints(b, "evals", row);
            let has_eval = any(&e.evals) || any(&e.mates);
            assert_eq!(evals, has_eval.then(|| e.evals.clone()), "game {}", e.game);
            let mates = ints(b, "mates", row);
            assert_eq!(mates, has_eval.then(|| e.mates.clone()), "game {}", e.game);
            let moves = b.column_by_name("moves").unwrap().as_list::<i32>();
            assert_eq!(moves.value(row).len(), e.uci.len());
            assert_eq!(text(b, "error", row), None);
            assert_eq!(text(b, "language", row).as_deref(), Some("en"));
        }
        assert_eq!(row_of.len(), expected.len());
        // The first game's 1. e4 and the documented key.
        assert_eq!(expected[0].polyglot[0], 0x823c9b50fd114196);
        // Mate scores are there to check.
        assert!(expected.iter().any(|e| e.mates.iter().any(Option::is_some)));
    }
}

/// Tags typed as in Lichess/standard-chess-games, the rest in the map,
/// the movetext as lichess wrote it, offsets, the opening.
#[test]
fn tags_movetext_offsets_and_openings() {
    let input = std::fs::read(GAMES).unwrap();
    let text_in = String::from_utf8(input.clone()).unwrap();
    let batches = read_all(input, &all_columns(2));
    let b = &batches[0];
    assert_eq!(b.num_rows(), 22);
    // Game 2 of lichess_db_1000k.pgn.
    assert_eq!(text(b, "Event", 1).as_deref(), Some("Rated Blitz game"));
    assert_eq!(text(b, "White", 1).as_deref(), Some("mohammadX1X"));
    assert_eq!(int16(b, "WhiteElo", 1), Some(1276));
    let date = b
        .column_by_name("UTCDate")
        .unwrap()
        .as_primitive::<Date32Type>();
    assert_eq!(date.value(1), 20209); // 2025-05-01
    let time = b
        .column_by_name("UTCTime")
        .unwrap()
        .as_primitive::<Time32SecondType>();
    assert_eq!(time.value(1), 6);
    assert_eq!(
        tags(b, 1),
        [
            ("Date".to_string(), "2025.05.01".to_string()),
            ("Round".to_string(), "-".to_string())
        ]
    );
    // Every game's offset is where its first tag is, and its movetext is
    // the input's movetext line, byte for byte (lichess games).
    let offsets = b
        .column_by_name("offset")
        .unwrap()
        .as_primitive::<UInt64Type>();
    for row in 0..b.num_rows() {
        let at = offsets.value(row) as usize;
        assert!(text_in[at..].starts_with("[Event "), "row {row}");
        if row < 18 {
            let movetext = text(b, "movetext", row).unwrap();
            let game = &text_in[at..];
            let line = game.lines().find(|l| l.starts_with("1. ")).unwrap();
            assert_eq!(movetext, line, "row {row}");
        }
    }
    // Openings: the lichess tags agree where the game stays in the book.
    // Openings: on every lichess game, the ECO code and name lichess gave
    // it (from the same data).
    assert_eq!(text(b, "opening_eco", 0).as_deref(), Some("C46"));
    assert_eq!(
        text(b, "opening_name", 3).as_deref(),
        Some("Ruy Lopez: Morphy Defense, Caro Variation")
    );
    for r in 0..18 {
        assert_eq!(text(b, "opening_eco", r), text(b, "ECO", r), "row {r}");
        assert_eq!(text(b, "opening_name", r), text(b, "Opening", r), "row {r}");
    }
    // TCEC's own names differ; a Chess960 game has none.
    assert_eq!(text(b, "opening_eco", 18).as_deref(), Some("E81"));
    assert_eq!(text(b, "opening_name", 20), None);
}

#[test]
fn a_corrupt_game_is_a_row_with_its_error() {
    let input = std::fs::read(CORRUPT).unwrap();
    for threads in [1, 2] {
        let batches = read_all(input.clone(), &all_columns(threads));
        let b = &batches[0];
        assert_eq!(b.num_rows(), 2);
        assert_eq!(
            text(b, "error", 0).as_deref(),
            Some("14:71: game 1, move 3... Qxe4: illegal move")
        );
        assert_eq!(strings(b, "san", 0), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(
            ints(b, "clocks", 0),
            Some(vec![Some(180), Some(179), None, None, None])
        );
        assert_eq!(ints(b, "evals", 0), None);
        assert_eq!(int16(b, "WhiteElo", 0), Some(1500));
        assert_eq!(int16(b, "BlackElo", 0), None);
        assert_eq!(int16(b, "WhiteRatingDiff", 0), Some(7));
        assert_eq!(text(b, "Result", 0).as_deref(), Some("1-0"));
        assert_eq!(
            tags(b, 0),
            [
                ("WhiteElo".to_string(), "1600".to_string()),
                ("Round".to_string(), "3".to_string())
            ]
        );
        // The rest of the broken game is in its movetext all the same.
        assert!(text(b, "movetext", 0)
            .unwrap()
            .ends_with("3. Bb5 Qxe4 4. O-O 1-0"));
        // The stream goes on.
        assert_eq!(text(b, "error", 1), None);
        assert_eq!(
            strings(b, "warnings", 1),
            ["20:4: game 2, move 1. d4+: written as check, but the move gives no check"]
        );
        assert_eq!(
            strings(b, "uci", 1),
            ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"]
        );
        assert_eq!(text(b, "opening_eco", 1).as_deref(), Some("D35"));
        assert!(b.column_by_name("UTCDate").unwrap().is_null(1));
        assert_eq!(
            tags(b, 1),
            [
                ("Date".to_string(), "2024.01.??".to_string()),
                ("UTCDate".to_string(), "2024.02.30".to_string())
            ]
        );
        let moves = b.column_by_name("moves").unwrap().as_list::<i32>();
        let first = moves.value(1).as_primitive::<UInt16Type>().value(0);
        let d4 = movetext::Move::normal(movetext::Square::D2, movetext::Square::D4);
        assert_eq!(movetext::Move::from_u16(first), d4);
    }
}

/// Only the columns asked for, in schema order; the language option.
#[test]
fn chosen_columns_and_language() {
    let columns: Columns = "san,game,uci,language".parse().unwrap();
    let options = BatchOptions {
        columns,
        validate: ValidateOptions {
            language: LanguageChoice::Fixed(Language::De),
            ..ValidateOptions::default()
        },
        ..BatchOptions::default()
    };
    let pgn = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n".as_bytes().to_vec();
    let reader = BatchReader::from_bytes(pgn, &options);
    let names: Vec<String> = reader
        .schema()
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(names, ["game", "uci", "san", "language"]);
    let batches: Vec<RecordBatch> = reader.collect::<Result<_, _>>().unwrap();
    assert_eq!(
        strings(&batches[0], "san", 0),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    );
    assert_eq!(text(&batches[0], "language", 0).as_deref(), Some("de"));
    assert!(Columns::default().contains(Column::OpeningName));
}

/// Compressed input is read as it is; an empty input gives no batch.
#[test]
fn compressed_and_empty_input() {
    let input = std::fs::read(CORRUPT).unwrap();
    let compressed = zstd_frame(&input);
    let batches = read_all(compressed, &BatchOptions::default());
    assert_eq!(batches[0].num_rows(), 2);
    assert!(read_all(Vec::new(), &BatchOptions::default()).is_empty());
}

/// An input that is not blank but holds no game ends with [`NoGameFound`]
/// (said at once for a binary format), on one thread and on two; a blank
/// one gives no batch and no error.
#[test]
fn input_without_a_game_is_an_error() {
    let prose = b"It was a dark and stormy night.\n".repeat(10_000);
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".repeat(100);
    for threads in [1, 2] {
        let options = BatchOptions {
            threads,
            ..BatchOptions::default()
        };
        for (input, seen) in [
            (prose.clone(), "text: \"It was a dark and stormy night.\""),
            (
                zstd_frame(&prose),
                "text: \"It was a dark and stormy night.\"",
            ),
            (png.clone(), "bytes of a PNG image"),
        ] {
            let out: Vec<_> = BatchReader::from_bytes(input, &options).collect();
            assert_eq!(out.len(), 1, "{seen}");
            let Err(ArrowError::IoError(message, e)) = &out[0] else {
                panic!("{seen}: {:?}", out[0]);
            };
            assert_eq!(
                message,
                &format!("no PGN game found; the input starts with {seen}")
            );
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
            let no_game = e.get_ref().unwrap().downcast_ref::<NoGameFound>().unwrap();
            assert_eq!(no_game.starts_with, seen);
        }
        // An input that goes on without a game is given up.
        let out: Vec<_> = BatchReader::from_bytes(vec![0; 70 << 20], &options).collect();
        let [Err(ArrowError::IoError(message, _))] = &out[..] else {
            panic!("{out:?}");
        };
        assert_eq!(
            message,
            "no PGN game found in the first 64 MiB; the input starts with NUL bytes"
        );
        for blank in [&b"\n\r\n  \t\n"[..], b"\xef\xbb\xbf\n"] {
            assert!(read_all(blank.to_vec(), &options).is_empty());
        }
        // Text before a game is a warning of the game.
        let batches = read_all(b"Dear diary,\n\n1. e4 *\n".to_vec(), &options);
        assert_eq!(batches[0].num_rows(), 1);
    }
}

/// A bare `*` is a game, as a bare `1-0` is: a row each, whole.
#[test]
fn a_bare_star_is_a_row() {
    for threads in [1, 2] {
        let batches = read_all(b"*\n1-0\n*".to_vec(), &all_columns(threads));
        let b = &batches[0];
        assert_eq!((batches.len(), b.num_rows()), (1, 3));
        let offsets = b
            .column_by_name("offset")
            .unwrap()
            .as_primitive::<UInt64Type>();
        assert_eq!(offsets.values(), &[0, 2, 6]);
        for (row, movetext) in ["*", "1-0", "*"].into_iter().enumerate() {
            assert_eq!(text(b, "movetext", row).as_deref(), Some(movetext));
            assert_eq!(text(b, "error", row), None);
            assert!(strings(b, "warnings", row).is_empty());
            assert!(strings(b, "san", row).is_empty());
        }
    }
}

/// A game has 65,536 plies at most: a longer game fails at the next one
/// (its place in the error), keeping those before it in each per-move
/// column; the next game is whole.
#[test]
fn a_game_fails_at_its_65537th_ply() {
    let mut pgn = String::from("[Event \"long\"]\n\n");
    for i in 0..17_500 {
        let n = 2 * i + 1;
        pgn += &format!(
            "{n}. Nf3 {{ [%clk 0:01:00] }} Nf6 {{ [%clk 0:01:00] }} {}. Ng1 Ng8 ",
            n + 1
        );
    }
    pgn += "*\n\n[Event \"next\"]\n\n1. e4 { [%clk 0:03:00] } e5 *\n";
    for threads in [1, 2] {
        let batches = read_all(pgn.clone().into_bytes(), &all_columns(threads));
        let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
        assert_eq!(rows, 2);
        let b = &batches[0];
        for column in ["uci", "san", "moves", "clocks", "polyglot", "fen"] {
            let list = b.column_by_name(column).unwrap().as_list::<i32>();
            assert_eq!(list.value_length(0), 65_536, "{column}");
        }
        let plies = b
            .column_by_name("ply_count")
            .unwrap()
            .as_primitive::<UInt32Type>();
        assert_eq!(plies.value(0), 65_536);
        assert_eq!(
            text(b, "error", 0).as_deref(),
            Some("3:1103014: game 1, move 32769. Nf3: more than 65536 plies in the mainline")
        );
        let last = batches.last().unwrap();
        let row = last.num_rows() - 1;
        assert_eq!(strings(last, "uci", row), ["e2e4", "e7e5"]);
        assert_eq!(ints(last, "clocks", row), Some(vec![Some(180), None]));
        assert_eq!(text(last, "error", row), None);
    }
}

/// A game's other tags are kept up to 8 MiB (a name, a value and 16 bytes
/// for each), its error saying the rest are left out; its moves are read.
#[test]
fn a_record_holds_at_most_8_mib_of_tags() {
    let mut pgn = String::new();
    let (mut bytes, mut kept) = (0, 0);
    for i in 0..400_000 {
        let name = format!("T{i}");
        pgn += &format!("[{name} \"v\"]\n");
        bytes += name.len() + 1 + 16;
        if bytes <= 8 << 20 {
            kept += 1;
        }
    }
    assert!(kept < 400_000);
    pgn += "\n1. e4 e5 *\n";
    for threads in [1, 2] {
        let batches = read_all(pgn.clone().into_bytes(), &all_columns(threads));
        let b = &batches[0];
        let tags = b.column_by_name("tags").unwrap().as_map();
        assert_eq!(tags.value_length(0), kept);
        assert_eq!(
            text(b, "error", 0).as_deref(),
            Some("game 1: more than 8 MiB of tags; the rest of them are left out")
        );
        assert_eq!(strings(b, "uci", 0), ["e2e4", "e7e5"]);
    }
}

/// A game's record keeps 100 warnings; one more says how many followed,
/// from where.
#[test]
fn a_record_holds_at_most_100_warnings() {
    // 300 knight moves, each written as check: 300 warnings.
    let mut line = String::new();
    let mut columns = Vec::new();
    for i in 0..75 {
        for (k, m) in ["Nf3+", "Nf6+", "Ng1+", "Ng8+"].iter().enumerate() {
            if k % 2 == 0 {
                line += &format!("{}. ", 2 * i + k / 2 + 1);
            }
            columns.push(line.len() + 1);
            line += &format!("{m} ");
        }
    }
    let pgn = format!("[Event \"w\"]\n\n{line}*\n");
    for threads in [1, 2] {
        let batches = read_all(pgn.clone().into_bytes(), &all_columns(threads));
        let warnings = strings(&batches[0], "warnings", 0);
        assert_eq!(warnings.len(), 101);
        assert_eq!(
            warnings[0],
            "3:4: game 1, move 1. Nf3+: written as check, but the move gives no check"
        );
        assert_eq!(
            warnings[100],
            format!(
                "3:{}: game 1: 200 more problems from here on left out",
                columns[100]
            )
        );
        assert_eq!(text(&batches[0], "error", 0), None);
        assert_eq!(strings(&batches[0], "uci", 0).len(), 300);
    }
}

/// A zstd frame of raw blocks (no compression), enough to be recognised
/// and decoded.
fn zstd_frame(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x28, 0xb5, 0x2f, 0xfd];
    // Frame header: single segment, 4-byte content size.
    out.push(0b1010_0000);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    let chunks: Vec<&[u8]> = data.chunks(100_000).collect();
    for (i, c) in chunks.iter().enumerate() {
        let last = (i + 1 == chunks.len()) as u32;
        let header = last | (c.len() as u32) << 3;
        out.extend_from_slice(&header.to_le_bytes()[..3]);
        out.extend_from_slice(c);
    }
    out
}

/// An I/O error ends the stream after the games read before it.
#[test]
fn io_error_after_the_games_before_it() {
    struct Failing(std::io::Cursor<Vec<u8>>);
    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(std::io::Error::other("disk on fire")),
                n => Ok(n),
            }
        }
    }
    let input = std::fs::read(CORRUPT).unwrap();
    let options = BatchOptions {
        threads: 1,
        ..BatchOptions::default()
    };
    let out: Vec<_> = BatchReader::new(Failing(std::io::Cursor::new(input)), &options).collect();
    assert_eq!(out.len(), 2);
    // The last game is over at its result token, before the error: it is
    // given, then the error.
    let batch = out[0].as_ref().unwrap();
    assert_eq!(batch.num_rows(), 2);
    let uci = batch.column_by_name("uci").unwrap().as_list::<i32>();
    let last = uci.value(1);
    let last = last.as_string::<i32>();
    let moves: Vec<&str> = last.iter().map(Option::unwrap).collect();
    assert_eq!(moves, ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"]);
    assert!(out[1]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("disk on fire"));
}

#[test]
fn reader_is_send() {
    fn send<T: Send + 'static>() {}
    send::<BatchReader>();
}

/// Text outside movetext after a finished game is a warning on that game's
/// row, as `check` counts it; the same text before the result fails it.
#[test]
fn text_after_a_finished_game_is_a_warning() {
    let input = b"[Event \"A\"]\n\n1. e4 e5 1-0\nsome junk\n; a comment\n\n\
                  [Event \"B\"]\n\n1. d4 d5 junk 2. c4 *\n\n\
                  [Event \"C\"]\n\n1. Nf3 *\n"
        .to_vec();
    for threads in [1, 2] {
        let batches = read_all(input.clone(), &all_columns(threads));
        let b = &batches[0];
        assert_eq!(b.num_rows(), 3);
        assert_eq!(text(b, "error", 0), None);
        assert_eq!(
            strings(b, "warnings", 0),
            [
                "4:1: after game 1, \"some junk\": text outside movetext",
                "5:1: after game 1, \"; a comment\": comment outside a game",
            ]
        );
        assert_eq!(strings(b, "uci", 0), ["e2e4", "e7e5"]);
        assert_eq!(
            text(b, "error", 1).as_deref(),
            Some(
                "9:10: game 2, move 2. junk: not a move \
                 (expected a piece letter, a file or castling at byte 0)"
            )
        );
        assert_eq!(strings(b, "warnings", 1), Vec::<String>::new());
        assert_eq!(text(b, "error", 2), None);
        assert_eq!(strings(b, "warnings", 2), Vec::<String>::new());
    }
}

#[test]
fn per_move_values_are_null_where_a_move_has_none() {
    let pgn = b"[Event \"x\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%eval 0.25] } \
2. Nf3 { [%clk 0:02:58] [%eval #-3] } Nc6 3. Bb5 1-0\n\n[Event \"y\"]\n\n1. d4 d5 *\n";
    for threads in [1, 2] {
        let b = &read_all(pgn.to_vec(), &all_columns(threads))[0];
        assert_eq!(
            ints(b, "clocks", 0),
            Some(vec![Some(180), None, Some(178), None, None])
        );
        assert_eq!(
            ints(b, "evals", 0),
            Some(vec![None, Some(25), None, None, None])
        );
        assert_eq!(
            ints(b, "mates", 0),
            Some(vec![None, None, Some(-3), None, None])
        );
        assert_eq!(ints(b, "clocks", 1), None);
        assert_eq!(ints(b, "evals", 1), None);
        assert_eq!(ints(b, "mates", 1), None);
    }
}

/// A game's `offset` is where it begins: the `[` of its first tag, else
/// its first movetext byte (a move number, or a result alone); a line
/// that begins with byte order marks and a tag line begins a game before
/// its marks, and the game before it has no result there. Movetext that is
/// no UTF-8 is read as Latin-1. The same on one thread and in chunks.
#[test]
fn offsets_byte_order_marks_and_latin1_movetext() {
    let pgn = b"1. e4 *\n1-0\n[Event \"a\"]\n\n1. d4\n\n\xef\xbb\xbf[Event \"b\"]\n\n1. c4 {M\xfcnchen} 1/2\n\xef\xbb\xbf[Event \"c\"]\n\n(1. e4) 1. Nf3 *\n";
    for threads in [1, 2] {
        let mut options = all_columns(threads);
        options.chunk_size = 7;
        let b = &read_all(pgn.to_vec(), &options)[0];
        let offsets = b
            .column_by_name("offset")
            .unwrap()
            .as_primitive::<UInt64Type>();
        assert_eq!(
            offsets.values().to_vec(),
            [0, 8, 12, 35, 71],
            "threads {threads}"
        );
        assert_eq!(text(b, "Event", 3).as_deref(), Some("b"));
        assert_eq!(
            text(b, "movetext", 3).as_deref(),
            Some("1. c4 {München} 1/2")
        );
        assert_eq!(strings(b, "uci", 3), ["c2c4"]);
        // Game 3 (`[Event "a"]`) ends at the marks before `[Event "b"]`.
        assert_eq!(
            strings(b, "warnings", 2),
            ["7:1: game 3: no result token: the game ends here"]
        );
        assert_eq!(text(b, "Event", 4).as_deref(), Some("c"));
        assert_eq!(
            text(b, "error", 4).as_deref(),
            Some("12:1: game 5, \"(\": variation before any move")
        );
    }
}

/// A reader of a stalled input answers within the wait, and gives the
/// batch once the games come.
#[test]
fn next_within_waits_no_longer_than_asked() {
    use std::io::Write;
    use std::time::{Duration, Instant};
    for threads in [1, 2] {
        let (r, mut w) = std::io::pipe().unwrap();
        let options = BatchOptions {
            threads,
            ..BatchOptions::default()
        };
        let mut reader = BatchReader::new(r, &options);
        let start = Instant::now();
        assert!(reader.next_within(Duration::from_millis(50)).is_none());
        assert!(start.elapsed() < Duration::from_secs(5));
        w.write_all(b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n")
            .unwrap();
        drop(w);
        let batch = reader.next_within(Duration::from_secs(60));
        let batch = batch.unwrap().unwrap().unwrap();
        assert_eq!(batch.num_rows(), 1);
        assert_eq!(strings(&batch, "uci", 0), ["e2e4", "e7e5", "g1f3"]);
        assert!(matches!(
            reader.next_within(Duration::from_secs(60)),
            Some(None)
        ));
    }
}

/// Input quoted in a message has its control characters escaped, as on
/// the command line: an escape sequence in a file cannot reach a terminal
/// through an `error` or a warning.
#[test]
fn messages_escape_the_control_characters_they_quote() {
    let input = b"[Event \"A\"]\n\n1. e4 e5 1-0\n\x1b[2J \"x\"\n\n\
                  [Event \"B\"]\n\n1. d4 \x01\x08 *\n"
        .to_vec();
    let batches = read_all(input, &all_columns(1));
    let b = &batches[0];
    assert_eq!(
        strings(b, "warnings", 0),
        ["4:1: after game 1, \"\\u{1b}[2J \\\"x\\\"\": text outside movetext"]
    );
    assert_eq!(
        text(b, "error", 1).as_deref(),
        Some(
            "8:7: game 2, move 1... \\u{1}\\u{8}: not a move \
             (expected a piece letter, a file or castling at byte 0)"
        )
    );
}
