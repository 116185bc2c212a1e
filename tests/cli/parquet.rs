//! `convert --to parquet|arrow`: the files read back with the parquet and
//! arrow-ipc crates, value by value.

use std::fs::File;
use std::path::PathBuf;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int16Type, Time32MillisecondType, UInt16Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, TimeUnit};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use movetext::arrow::Columns;

use super::{run, run_with, sample, summary_counts, TempDir};

fn arrow_data(name: &str) -> String {
    format!("{}/tests/data/arrow/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn read_parquet(path: &PathBuf) -> (Vec<RecordBatch>, usize) {
    let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap()).unwrap();
    let groups = builder.metadata().num_row_groups();
    let codec = builder.metadata().row_group(0).column(0).compression();
    assert_eq!(codec.to_string(), "ZSTD(ZstdLevel(1))");
    let batches = builder
        .build()
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    (batches, groups)
}

fn list_strings(b: &RecordBatch, column: &str, row: usize) -> Vec<String> {
    let list = b.column_by_name(column).unwrap().as_list::<i32>();
    let v = list.value(row);
    v.as_string::<i32>()
        .iter()
        .map(|s| s.unwrap().to_string())
        .collect()
}

#[test]
fn parquet_file_reads_back() {
    let dir = TempDir::new("parquet-corrupt");
    let out = dir.path("corrupt.parquet");
    let input = arrow_data("corrupt.pgn");
    let r = run(&[
        "convert",
        "--to",
        "parquet",
        "--columns",
        "polyglot,-Site",
        "-o",
        out.to_str().unwrap(),
        &input,
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        format!("{input}:14:71: game 1, move 3... Qxe4: illegal move\n")
    );
    let file = File::open(&out).unwrap();
    let meta = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let group = meta.metadata().row_group(0);
    // Statistics for the game columns, none for the per-ply lists; the
    // per-move lists' dictionary indices uncompressed.
    let stats: Vec<(String, bool, String)> = group
        .columns()
        .iter()
        .map(|c| {
            (
                c.column_path().string(),
                c.statistics().is_some(),
                c.compression().to_string(),
            )
        })
        .filter(|(p, _, _)| {
            [
                "game",
                "WhiteElo",
                "san.list.item",
                "uci.list.item",
                "moves.list.item",
                "clocks.list.item",
                "polyglot.list.item",
            ]
            .contains(&p.as_str())
        })
        .collect();
    let zstd = "ZSTD(ZstdLevel(1))";
    let want = [
        ("game", true, zstd),
        ("WhiteElo", true, zstd),
        ("uci.list.item", false, "UNCOMPRESSED"),
        ("san.list.item", false, "UNCOMPRESSED"),
        ("moves.list.item", false, "UNCOMPRESSED"),
        ("clocks.list.item", false, zstd),
        ("polyglot.list.item", false, zstd),
    ];
    assert_eq!(
        stats,
        want.map(|(p, s, c)| (p.to_string(), s, c.to_string()))
    );
    let (batches, groups) = read_parquet(&out);
    assert_eq!(groups, 1);
    let b = &batches[0];
    assert_eq!(b.num_rows(), 2);
    assert!(b.column_by_name("Site").is_none());
    assert!(b.column_by_name("fen").is_none());
    assert_eq!(list_strings(b, "san", 0), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(
        list_strings(b, "uci", 1),
        ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"]
    );
    let elo = b
        .column_by_name("WhiteElo")
        .unwrap()
        .as_primitive::<Int16Type>();
    assert_eq!((elo.value(0), elo.is_null(1)), (1500, true));
    let keys = b.column_by_name("polyglot").unwrap().as_list::<i32>();
    assert_eq!(
        keys.value(0).as_primitive::<UInt64Type>().value(0),
        0x823c9b50fd114196
    );
    // Parquet's TIME has no seconds: UTCTime in milliseconds, a time.
    let time = b.column_by_name("UTCTime").unwrap();
    assert_eq!(time.data_type(), &DataType::Time32(TimeUnit::Millisecond));
    let time = time.as_primitive::<Time32MillisecondType>();
    assert_eq!(
        (time.value(0), time.is_null(1)),
        ((22 * 3600 + 22) * 1000, true)
    );
    let error = b.column_by_name("error").unwrap().as_string::<i32>();
    assert_eq!(
        error.value(0),
        "14:71: game 1, move 3... Qxe4: illegal move"
    );
    assert!(error.is_null(1));
}

/// The sample in row groups, every game there, in order, on 1 and 2
/// threads alike.
#[test]
fn sample_on_one_and_two_threads() {
    let mut plies = Vec::new();
    for jobs in ["1", "2"] {
        let dir = TempDir::new(&format!("parquet-sample-{jobs}"));
        let out = dir.path("sample.parquet");
        let r = run(&[
            "convert",
            "--to",
            "parquet",
            "--jobs",
            jobs,
            "--chunk-size",
            "65536",
            "-o",
            out.to_str().unwrap(),
            &sample(),
        ]);
        assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
        let (batches, _) = read_parquet(&out);
        let mut games = Vec::new();
        let mut p = Vec::new();
        for b in &batches {
            let g = b
                .column_by_name("game")
                .unwrap()
                .as_primitive::<UInt64Type>();
            games.extend(g.values().iter().copied());
            let n = b
                .column_by_name("ply_count")
                .unwrap()
                .as_primitive::<UInt32Type>();
            p.extend(n.values().iter().copied());
        }
        assert_eq!(games, (1..=games.len() as u64).collect::<Vec<_>>());
        plies.push(p);
    }
    assert_eq!(plies[0], plies[1]);
    assert_eq!(plies[0].len(), 312);
}

#[test]
fn arrow_stream_through_a_pipe() {
    let pgn = std::fs::read(arrow_data("corrupt.pgn")).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_movetext"))
        .args(["convert", "--to", "arrow", "--columns", "fen", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&pgn).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let reader = arrow_ipc::reader::StreamReader::try_new(&out.stdout[..], None).unwrap();
    let batches: Vec<RecordBatch> = reader.collect::<Result<_, _>>().unwrap();
    assert_eq!(batches[0].num_rows(), 2);
    assert_eq!(
        list_strings(&batches[0], "fen", 1)[0],
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn refuses_to_overwrite_its_input_and_bad_columns() {
    let dir = TempDir::new("parquet-input");
    let copy = dir.path("input.pgn");
    std::fs::copy(arrow_data("corrupt.pgn"), &copy).unwrap();
    let path = copy.to_str().unwrap();
    let r = run(&["convert", "--to", "parquet", "-o", path, path]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("is also an input"), "{}", r.stderr);
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(arrow_data("corrupt.pgn")).unwrap()
    );
    let r = run_with(
        &["convert", "--to", "parquet", "--columns", "bogus", "-"],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown column 'bogus'"), "{}", r.stderr);
}

/// `--columns` with a format that has no columns is refused before anything
/// is read or written: it would do nothing.
#[test]
fn columns_without_records_are_refused() {
    let dir = TempDir::new("columns-text");
    let out = dir.file("out.txt");
    for to in ["san", "pgn", "jsonl", "uci"] {
        let r = run_with(
            &["convert", "--to", to, "--columns", "fen", "-o", &out, "-"],
            b"1. e4 *\n",
        );
        assert_eq!(r.code, Some(2), "{to}");
        assert_eq!(r.stdout, "", "{to}");
        assert_eq!(
            r.stderr,
            format!("movetext: --columns chooses the columns of --to parquet or arrow, not of --to {to}\n")
        );
    }
    // Without --to: the default, san.
    let r = run_with(&["convert", "--columns", "all", "-"], b"1. e4 *\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "movetext: --columns chooses the columns of --to parquet or arrow, not of --to san\n"
    );
    assert_eq!(dir.names(), Vec::<String>::new());
}

/// A failed game is told on stderr and in the exit status when the
/// `error` column is left out too; the file has no `error` column.
#[test]
fn failed_games_are_told_without_the_error_column() {
    let dir = TempDir::new("parquet-no-error");
    let out = dir.path("no-error.parquet");
    let corrupt = arrow_data("corrupt.pgn");
    let with = run(&["convert", "--to", "parquet", "-o", "/dev/null", &corrupt]);
    let without = run(&[
        "convert",
        "--to",
        "parquet",
        "--columns=-error",
        "-o",
        out.to_str().unwrap(),
        &corrupt,
    ]);
    assert_eq!(without.code, Some(1));
    assert!(without
        .stderr
        .ends_with("corrupt.pgn:14:71: game 1, move 3... Qxe4: illegal move\n"));
    assert_eq!((with.code, &with.stderr), (without.code, &without.stderr));
    let (batches, _) = read_parquet(&out);
    let names: Vec<_> = batches[0]
        .schema()
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(names.len(), Columns::default().iter().count() - 1);
    assert!(!names.iter().any(|n| n == "error"));
    assert_eq!(batches[0].num_rows(), 2);
}

/// Text outside movetext after a finished game fails nothing: exit 0, no
/// error printed, the warning on the game's row.
#[test]
fn text_after_a_game_is_no_error() {
    let dir = TempDir::new("parquet-after");
    let out = dir.path("after.parquet");
    let pgn = b"[Event \"A\"]\n\n1. e4 e5 1-0\nsome junk\n\n[Event \"B\"]\n\n1. d4 *\n";
    let r = run_with(
        &[
            "convert",
            "--to",
            "parquet",
            "-o",
            out.to_str().unwrap(),
            "-",
        ],
        pgn,
    );
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    let (batches, _) = read_parquet(&out);
    let b = &batches[0];
    assert_eq!(b.num_rows(), 2);
    assert_eq!(b.column_by_name("error").unwrap().null_count(), 2);
    assert_eq!(
        list_strings(b, "warnings", 0),
        ["4:1: after game 1, \"some junk\": text outside movetext"]
    );
}

/// The list columns of the Parquet file equal the Arrow stream's, row by
/// row: the sample, a game with no move and one that fails at its first.
#[test]
fn list_columns_equal_the_arrow_stream() {
    let mut pgn = std::fs::read(sample()).unwrap();
    pgn.extend_from_slice(b"\n[Event \"none\"]\n\n*\n\n[Event \"bad\"]\n\n1. Ke3 e5 *\n");
    let dir = TempDir::new("parquet-lists");
    let input = dir.path("lists.pgn");
    std::fs::write(&input, &pgn).unwrap();
    let (pq, ipc) = (dir.path("lists.parquet"), dir.path("lists.arrow"));
    for (to, out) in [("parquet", &pq), ("arrow", &ipc)] {
        let r = run(&[
            "convert",
            "--to",
            to,
            "--columns",
            "all",
            "-o",
            out.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert_eq!(r.code, Some(1), "{}", r.stderr);
    }
    let (from_parquet, _) = read_parquet(&pq);
    let file = File::open(&ipc).unwrap();
    let from_ipc: Vec<RecordBatch> = arrow_ipc::reader::StreamReader::try_new(file, None)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let rows = |batches: &[RecordBatch], column: &str| -> Vec<Vec<String>> {
        let mut all = Vec::new();
        for b in batches {
            for row in 0..b.num_rows() {
                all.push(list_strings(b, column, row));
            }
        }
        all
    };
    for column in ["uci", "san", "fen", "warnings"] {
        let (a, b) = (rows(&from_parquet, column), rows(&from_ipc, column));
        assert_eq!(a.len(), 314, "{column}");
        assert_eq!(a, b, "{column}");
    }
    let moves = |batches: &[RecordBatch]| -> Vec<Vec<u16>> {
        let mut all = Vec::new();
        for b in batches {
            let lists = b.column_by_name("moves").unwrap().as_list::<i32>();
            for row in 0..b.num_rows() {
                let list = lists.value(row);
                all.push(list.as_primitive::<UInt16Type>().values().to_vec());
            }
        }
        all
    };
    let (a, b) = (moves(&from_parquet), moves(&from_ipc));
    assert_eq!(a.len(), 314);
    assert_eq!(a, b);
    // 1. e4 c5: e2 (12) to e4 (28), c7 (50) to c5 (34).
    assert_eq!(&a[0][..2], [12 | 28 << 6, 50 | 34 << 6]);
    let san = rows(&from_parquet, "san");
    assert_eq!(san.iter().map(Vec::len).sum::<usize>(), 21_293);
    assert_eq!((san[312].len(), san[313].len()), (0, 0));
    assert_eq!(&san[0][..3], ["e4", "c5", "Nf3"]);
}

/// The Parquet `uci` is written from the moves (a castling move by its
/// string, which depends on the game): the same strings as the Arrow
/// stream's, with or without the `moves` column in the file. `e1g1` is a
/// standard castling and later a rook's move; castling the same king and
/// rook in a Chess960 game is `e1h1`.
#[test]
fn uci_of_castling_in_standard_and_chess960_games() {
    let pgn = "[Event \"standard\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 O-O 6. Kh1 d6 7. Rg1 *\n\n\
        [Event \"960 from the standard start\"]\n[Variant \"Chess960\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n\n\
        [Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
        [FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1\"]\n\n\
        1. O-O-O O-O-O 2. Kb1 Kb8 *\n";
    let want: [&[&str]; 3] = [
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "f1e1", "e8g8", "g1h1",
            "d7d6", "e1g1",
        ],
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1h1", "g8f6",
        ],
        &["b1a1", "b8a8", "c1b1", "c8b8"],
    ];
    let dir = TempDir::new("parquet-castling");
    let input = dir.path("castling.pgn");
    std::fs::write(&input, pgn).unwrap();
    let out = dir.path("castling.parquet");
    for (columns, has_moves) in [("uci", true), ("-moves", false)] {
        let r = run(&[
            "convert",
            "--to",
            "parquet",
            &format!("--columns={columns}"),
            "-o",
            out.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let (batches, _) = read_parquet(&out);
        let b = &batches[0];
        assert_eq!(b.num_rows(), 3);
        assert_eq!(b.column_by_name("moves").is_some(), has_moves, "{columns}");
        for (row, want) in want.iter().enumerate() {
            assert_eq!(list_strings(b, "uci", row), *want, "{columns}, game {row}");
        }
    }
}

/// An input that fails midway (a cut gzip stream): on standard output the
/// Parquet file has no footer and the Arrow stream ends inside a message,
/// so a reader at the other end of a pipe fails instead of taking the
/// rows before the cut as the whole; an output file is not written.
#[test]
fn an_input_that_fails_leaves_the_output_unfinished() {
    let gz = super::units::support::gzip(&std::fs::read(sample()).unwrap());
    let dir = TempDir::new("parquet-cut");
    let cut = dir.path("cut.pgn.gz");
    std::fs::write(&cut, &gz[..gz.len() / 2]).unwrap();
    let cut = cut.to_str().unwrap();
    let convert = |to: &str| {
        let args = ["convert", "--jobs", "1", "--to", to, cut];
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_movetext"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{to}");
        (out.stdout, String::from_utf8(out.stderr).unwrap())
    };
    let (parquet, stderr) = convert("parquet");
    assert!(stderr.ends_with(
        "movetext: the Parquet file on stdout is left without its footer: \
         an input could not be read to its end\n"
    ));
    assert!(parquet.starts_with(b"PAR1"));
    let e = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(parquet)).unwrap_err();
    assert!(e.to_string().contains("Parquet file too small"), "{e}");
    let (arrow, stderr) = convert("arrow");
    assert!(stderr.ends_with(
        "the Arrow stream on stdout is left unfinished: \
         an input could not be read to its end\n"
    ));
    let reader = arrow_ipc::reader::StreamReader::try_new(&arrow[..], None).unwrap();
    let rows: Result<Vec<RecordBatch>, _> = reader.collect();
    let e = rows.unwrap_err().to_string();
    assert!(e.contains("expected 8 metadata bytes, got 0"), "{e}");
    let out = dir.path("cut.parquet");
    let r = run(&[
        "convert",
        "--to",
        "parquet",
        "-o",
        out.to_str().unwrap(),
        cut,
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("cut.parquet not written"), "{}", r.stderr);
    assert!(!out.exists());
}

/// A game past 65,536 plies fails at the next one, in `check` as in
/// `convert`: the same message with its place, the same status, the
/// plies before it kept in the row; a game of exactly 65,536 passes.
#[test]
fn check_and_convert_agree_on_a_game_too_long() {
    let plies = |n: u32| -> String {
        let quads = (0..n / 4).map(|i| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
        quads.collect::<String>() + "*\n"
    };
    let exact = run_with(&["check"], plies(65_536).as_bytes());
    assert_eq!(exact.code, Some(0), "{}", exact.stderr);
    assert_eq!(
        summary_counts(&exact.stderr),
        "games=1 valid=1 failed=0 warnings=0 moves=65536 bytes=480416"
    );
    let long = plies(65_540);
    let error =
        "<stdin>:1:480422: game 1, move 32769. Nf3: more than 65536 plies in the mainline\n";
    let check = run_with(&["check", "-q"], long.as_bytes());
    assert_eq!((check.code, check.stdout.as_str()), (Some(1), error));
    for jobs in ["1", "2"] {
        let dir = TempDir::new(&format!("parquet-too-long-{jobs}"));
        let out = dir.path("long.parquet");
        let path = out.to_str().unwrap();
        let args = [
            "convert", "--jobs", jobs, "--to", "parquet", "-o", path, "-",
        ];
        let r = run_with(&args, long.as_bytes());
        assert_eq!((r.code, r.stderr.as_str()), (Some(1), error), "jobs {jobs}");
        let (batches, _) = read_parquet(&out);
        let b = &batches[0];
        assert_eq!(b.num_rows(), 1);
        let plies = b
            .column_by_name("ply_count")
            .unwrap()
            .as_primitive::<UInt32Type>();
        assert_eq!(plies.value(0), 65_536);
        let san = list_strings(b, "san", 0);
        assert_eq!(san.len(), 65_536);
        assert_eq!(san[65_532..], ["Nf3", "Nf6", "Ng1", "Ng8"]);
        let errors = b.column_by_name("error").unwrap().as_string::<i32>();
        assert_eq!(
            errors.value(0),
            "1:480422: game 1, move 32769. Nf3: more than 65536 plies in the mainline"
        );
    }
}
