//! The Arrow game records: `arrow::BatchReader` read on one thread and in
//! parallel, against each other and against the PGN reader.

use std::io::Read;

use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, RecordBatch};
use arrow_schema::ArrowError;
use movetext::arrow::{BatchOptions, BatchReader, Column, Columns, NoGameFound};
use movetext::pgn::decompress::{self, Compression};
use movetext::pgn::{self, Control, Location};
use movetext::validate::{LanguageChoice, ValidateOptions};

/// The reading settings one control byte picks.
#[derive(Copy, Clone, Debug)]
struct Settings {
    threads: usize,
    chunk_size: usize,
    batch_size: usize,
    auto: bool,
    small_batches: bool,
}

impl Settings {
    /// `chunk_size` is the byte plus 1 (1 to 256); the rest comes from a
    /// mix of its bits (Fibonacci hashing), so that every chunk size, the
    /// smallest too, meets varied batch sizes and thread counts.
    fn from_control(c: u8) -> Settings {
        let h = (u32::from(c).wrapping_mul(0x9E37_79B1) >> 24) as u8;
        Settings {
            threads: 2 + usize::from(h >> 3 & 1),
            chunk_size: usize::from(c) + 1,
            batch_size: 1 + usize::from(h & 7),
            auto: h >> 4 & 1 == 1,
            small_batches: h >> 5 & 1 == 1,
        }
    }

    fn options(self, threads: usize, columns: Columns) -> BatchOptions {
        let validate = if self.auto {
            ValidateOptions {
                language: LanguageChoice::Auto,
                ..ValidateOptions::default()
            }
        } else {
            ValidateOptions::default()
        };
        BatchOptions {
            batch_size: self.batch_size,
            // 1 KiB: batches also end by their bytes.
            max_batch_bytes: if self.small_batches {
                1 << 10
            } else {
                BatchOptions::default().max_batch_bytes
            },
            columns,
            validate,
            threads,
            chunk_size: self.chunk_size,
        }
    }
}

/// One reading: its batches, or the error that ended it ([`NoGameFound`]
/// apart).
struct Run {
    batches: Vec<RecordBatch>,
    error: Option<String>,
    no_game: bool,
}

/// Reads `pgn` from memory with `options`, to the end; checks each batch's
/// schema and its number of rows (1 to `batch_size`).
fn read(pgn: &[u8], options: &BatchOptions, what: &str) -> Run {
    let schema = options.columns.schema();
    let reader = BatchReader::from_bytes(pgn.to_vec(), options);
    assert_eq!(reader.schema(), schema, "{what}: schema");
    let mut run = Run {
        batches: Vec::new(),
        error: None,
        no_game: false,
    };
    for item in reader {
        assert!(
            run.error.is_none() && !run.no_game,
            "{what}: an item after the error"
        );
        match item {
            Ok(batch) => {
                assert_eq!(batch.schema(), schema, "{what}: a batch's schema");
                assert!(
                    (1..=options.batch_size).contains(&batch.num_rows()),
                    "{what}: a batch of {} rows (batch size {})",
                    batch.num_rows(),
                    options.batch_size
                );
                run.batches.push(batch);
            }
            Err(ArrowError::IoError(_, e))
                if e.get_ref().is_some_and(|e| e.is::<NoGameFound>()) =>
            {
                assert!(run.batches.is_empty(), "{what}: rows, and no game found");
                run.no_game = true;
            }
            Err(e) => run.error = Some(e.to_string()),
        }
    }
    run
}

/// The batches of a reading with `columns` as one.
fn concat(columns: Columns, batches: &[RecordBatch]) -> RecordBatch {
    arrow_select::concat::concat_batches(&columns.schema(), batches)
        .expect("batches of one schema concatenate")
}

/// Asserts two tables are equal, naming the first column and row that
/// differ.
fn assert_same_table(got: &RecordBatch, want: &RecordBatch, what: &str) {
    assert_eq!(got.num_rows(), want.num_rows(), "{what}: rows");
    if got == want {
        return;
    }
    let schema = got.schema();
    for (i, field) in schema.fields().iter().enumerate() {
        let (a, b) = (got.column(i), want.column(i));
        if a == b {
            continue;
        }
        for row in 0..a.len() {
            let (x, y) = (a.slice(row, 1), b.slice(row, 1));
            assert!(
                x.to_data() == y.to_data(),
                "{what}: column {} row {row} (game {}): {x:?} vs {y:?}",
                field.name(),
                row + 1
            );
        }
    }
    panic!("{what}: tables differ ({got:?} vs {want:?})");
}

/// The columns that do not depend on the language the moves are read in
/// (the place of each game, its tags, its movetext as written): those of
/// `table` but the moves and what comes of them.
fn language_free(table: &RecordBatch) -> RecordBatch {
    let depends = |c: Column| {
        matches!(
            c,
            Column::PlyCount
                | Column::Uci
                | Column::San
                | Column::Moves
                | Column::Clocks
                | Column::Evals
                | Column::Mates
                | Column::Language
                | Column::OpeningEco
                | Column::OpeningName
                | Column::Error
                | Column::Warnings
                | Column::Polyglot
                | Column::Fen
        )
    };
    let schema = table.schema();
    let indices: Vec<usize> = Column::ALL
        .into_iter()
        .filter(|&c| !depends(c))
        .filter_map(|c| schema.index_of(c.name()).ok())
        .collect();
    table.project(&indices).expect("columns of the table")
}

/// Where the PGN reader begins each game of `text` (`Visitor::begin_game_at`).
fn game_starts(text: &[u8]) -> Vec<u64> {
    struct Starts(Vec<u64>);
    impl pgn::Visitor for Starts {
        type Output = ();
        fn begin_game_at(&mut self, _game: u64, at: Location) -> Control {
            self.0.push(at.offset);
            Control::Continue
        }
        fn end_game(&mut self) {}
    }
    let mut v = Starts(Vec::new());
    pgn::Reader::from_slice(text)
        .read_all(&mut v, |()| {})
        .expect("reading from memory");
    v.0
}

/// Whether `error` begins `LINE:COLUMN: game GAME` then `,` or `:`, LINE
/// and COLUMN decimal numbers, LINE at least 1.
fn error_prefix_ok(error: &str, game: u64) -> bool {
    let mut parts = error.splitn(3, ':');
    let (Some(line), Some(column), Some(rest)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let Some(rest) = rest
        .strip_prefix(" game ")
        .and_then(|r| r.strip_prefix(&*game.to_string()))
    else {
        return false;
    };
    digits(line)
        && line.parse::<u64>().is_ok_and(|l| l >= 1)
        && digits(column)
        && (rest.starts_with(", ") || rest.starts_with(": "))
}

/// Target `arrow_records`: `arrow::BatchReader::from_bytes` with every
/// column, read on one thread (the sequential path) and on 2 or 3 threads
/// in chunks of 1 to 256 bytes (the parallel path), the batches of each
/// put end to end.
///
/// Input: one control byte, then PGN. The byte is the chunk size minus 1;
/// a mix of its bits gives the thread count (2 or 3), the batch size (1 to
/// 8), whether the language is detected (`LanguageChoice::Auto`) or
/// English, and whether batches also end at 1 KiB.
///
/// Checked: every batch has the schema of the columns asked for and 1 to
/// `batch_size` rows; no reading ends with an error unless the input looks
/// compressed (then nothing more is checked if one does); both readings
/// give equal tables (with language detection, whose ties are broken by
/// the earlier games of one validator, so of one chunk, only the columns
/// that do not depend on the language: then the parallel readings on 2 and
/// 3 threads are compared whole); the rows are the games the PGN reader
/// finds in the (decompressed) text, `game` numbered 1, 2, 3..., `offset`
/// where the reader begins each game (`Visitor::begin_game_at`), strictly
/// increasing; every `error` is `LINE:COLUMN: game N...` with the row's
/// game number.
pub fn arrow_records(data: &[u8]) {
    let Some((&control, pgn)) = data.split_first() else {
        return;
    };
    let settings = Settings::from_control(control);
    let compressed =
        Compression::detect(&pgn[..pgn.len().min(decompress::HEAD_LEN)]) != Compression::None;
    // The text as the reader sees it (decompressed, UTF-16 transcoded).
    let mut text = Vec::new();
    let decoded = decompress::open(pgn).and_then(|mut r| r.read_to_end(&mut text));
    assert!(compressed || decoded.is_ok(), "text read from memory");

    let columns = Columns::ALL;
    let what = format!("{settings:?}");
    let sequential = read(pgn, &settings.options(1, columns), "one thread");
    let parallel = read(pgn, &settings.options(settings.threads, columns), &what);
    if compressed && (sequential.error.is_some() || parallel.error.is_some()) {
        return;
    }
    if let Err(e) = decoded {
        panic!("decompression failed ({e}) but no reading said so");
    }
    assert_eq!(sequential.error, None, "one thread: an error item");
    assert_eq!(parallel.error, None, "{what}: an error item");
    // No game in a text that is not blank: said by every reading.
    let blank = text
        .iter()
        .all(|&b| b.is_ascii_whitespace() || matches!(b, 0xef | 0xbb | 0xbf));
    assert_eq!(sequential.no_game, !blank && sequential.batches.is_empty());
    assert_eq!(
        parallel.no_game, sequential.no_game,
        "{what}: no game found"
    );
    // A text that begins as a binary format does (an image's magic bytes)
    // is not read at all.
    if decompress::not_pgn(&text[..text.len().min(decompress::NOT_PGN_LEN)]).is_some() {
        assert!(sequential.no_game, "a binary format's bytes read as text");
        return;
    }

    let table = concat(columns, &sequential.batches);
    let par = concat(columns, &parallel.batches);
    if settings.auto {
        assert_same_table(
            &language_free(&par),
            &language_free(&table),
            &format!("{what} vs one thread"),
        );
        let other = 5 - settings.threads;
        let again = read(
            pgn,
            &settings.options(other, columns),
            "the other thread count",
        );
        assert_eq!(again.error, None, "{other} threads: an error item");
        assert_same_table(
            &concat(columns, &again.batches),
            &par,
            &format!("{other} threads vs {what}"),
        );
    } else {
        assert_same_table(&par, &table, &format!("{what} vs one thread"));
    }

    // The rows against the PGN reader's games in the text.
    let starts = game_starts(&text);
    assert_eq!(
        table.num_rows(),
        starts.len(),
        "rows vs the PGN reader's games"
    );
    let column = |c: Column| table.column_by_name(c.name()).expect("a column");
    let numbers = column(Column::Game);
    let numbers = numbers.as_primitive::<UInt64Type>();
    let offsets = column(Column::Offset);
    let offsets = offsets.as_primitive::<UInt64Type>();
    let errors = column(Column::Error);
    let errors = errors.as_string::<i32>();
    assert_eq!(numbers.null_count() + offsets.null_count(), 0);
    let mut last: Option<u64> = None;
    for (i, &start) in starts.iter().enumerate() {
        let number = i as u64 + 1;
        assert_eq!(numbers.value(i), number, "game column, row {i}");
        let offset = offsets.value(i);
        assert_eq!(offset, start, "offset of game {number}: where it begins");
        if let Some(before) = last {
            assert!(
                offset > before,
                "offset of game {number}: {offset} after {before}"
            );
        }
        last = Some(offset);
        if errors.is_valid(i) {
            let error = errors.value(i);
            assert!(
                error_prefix_ok(error, number),
                "error of game {number}: {error:?}"
            );
        }
    }
}
