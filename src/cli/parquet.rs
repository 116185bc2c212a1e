//! `movetext convert --to parquet|arrow`: game records (`movetext::arrow`)
//! written as a Parquet file (row groups streamed, zstd-compressed
//! columns) or as an Arrow IPC stream.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Time32MillisecondType, Time32SecondType};
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Schema, SchemaRef, TimeUnit};
use movetext::arrow::{BatchOptions, BatchReader, Column, Columns, NoGameFound};
use parquet::arrow::arrow_writer::{compute_leaves, ArrowColumnWriter, ArrowRowGroupWriterFactory};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;

use super::parquet_dict::{dict_values, DictColumn};

use super::input::{sources, Source, SAMPLE};
use super::output::Output;
use super::{eprint_line, Failure, ReadArgs};

/// Rows after which a row group is closed (at the end of the batch that
/// reaches them).
const ROW_GROUP_ROWS: usize = 128 * 1024;
/// Encoded bytes after which a row group is closed (memory stays bounded:
/// the writer holds a row group's columns, encoded and not, until then).
const ROW_GROUP_BYTES: usize = 1 << 20;
/// Rows and bytes a batch holds at most: with one batch written, one
/// waiting and one being built, and a row group's columns, the tool stays
/// within 64 MiB at one and two jobs (peak RSS 34 and 52 MiB on the 257 MB
/// pgnmentor corpus; 12 MiB row groups and 4,096-row batches took 81 and
/// 109 MiB).
const BATCH_ROWS: usize = 512;
const BATCH_BYTES: usize = 512 << 10;

/// The per-ply list columns: written without statistics. The minimum and
/// maximum of a page of moves, clocks or keys select no row group in any
/// query, and computing them costs more than the rest of the column's
/// encoding (a comparison per value).
const PER_PLY: [Column; 8] = [
    Column::Uci,
    Column::San,
    Column::Moves,
    Column::Clocks,
    Column::Evals,
    Column::Mates,
    Column::Polyglot,
    Column::Fen,
];

/// The per-move list columns written without compression: dictionary
/// indices of about 11 bits, bit-packed, which zstd shrinks by 7-18% for
/// a fifth of the whole conversion's instructions (80 M of 1,140 M on
/// 5 MB of pgnmentor's games; the file 2.70 -> 3.01 MB).
const UNCOMPRESSED: [Column; 3] = [Column::Uci, Column::San, Column::Moves];

/// The list columns [`DictColumn`] writes: few distinct short strings or
/// 16-bit moves.
const DICTIONARY: [Column; 3] = [Column::Uci, Column::San, Column::Moves];

/// The path of a list column's values.
fn list_item(column: Column) -> ColumnPath {
    ColumnPath::new(vec![
        column.name().to_string(),
        "list".into(),
        "item".into(),
    ])
}

/// Parses `--columns`: names to add to the default columns (`movetext`,
/// `polyglot`, `fen`...), `-name` to leave one out, or `all`.
pub fn parse_columns(s: &str) -> Result<Columns, String> {
    let mut columns = Columns::default();
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if name == "all" {
            columns = Columns::ALL;
            continue;
        }
        let (drop, name) = match name.strip_prefix('-') {
            Some(n) => (true, n),
            None => (false, name),
        };
        let Some(c) = Column::from_name(name) else {
            let known: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
            return Err(format!(
                "unknown column '{name}' (known: {}, all)",
                known.join(" ")
            ));
        };
        columns = if drop {
            columns.without(c)
        } else {
            columns.with(c)
        };
    }
    if columns.is_empty() {
        return Err("no column left".to_string());
    }
    Ok(columns)
}

/// Where batches go.
enum Sink {
    Parquet(Box<ParquetSink>),
    /// The stream and its schema.
    Ipc(Box<arrow_ipc::writer::StreamWriter<Output>>, SchemaRef),
}

impl Sink {
    fn write(&mut self, batch: &RecordBatch) -> Result<(), ArrowError> {
        match self {
            Sink::Parquet(w) => Ok(w.write(batch)?),
            Sink::Ipc(w, schema) => {
                let batch = select(batch, schema)?;
                w.write(&batch)
            }
        }
    }

    /// Leaves the output unfinished, so that a reader at the other end of
    /// a pipe fails on it instead of taking it as whole: Parquet without
    /// its footer, an Arrow stream that ends inside a message (a message's
    /// continuation marker and metadata length, then nothing). An output
    /// file is removed as it is dropped.
    fn abandon(self) {
        if let Sink::Ipc(mut w, _) = self {
            let _ = w.get_mut().write_all(&[0xFF, 0xFF, 0xFF, 0xFF, 8, 0, 0, 0]);
        }
    }

    /// Ends the file (the Parquet footer, the IPC end marker): the output.
    fn finish(self) -> Result<Output, ArrowError> {
        match self {
            Sink::Parquet(w) => Ok(w.finish()?),
            Sink::Ipc(mut w, _) => {
                w.finish()?;
                w.into_inner()
            }
        }
    }
}

/// One column's writer in a row group.
enum Leaf {
    Arrow(Box<ArrowColumnWriter>),
    Dict(Box<DictColumn>),
}

/// The Parquet file: row groups of the parquet crate's column writers,
/// but for the [`DICTIONARY`] columns, which [`DictColumn`] writes.
struct ParquetSink {
    file: SerializedFileWriter<Output>,
    factory: ArrowRowGroupWriterFactory,
    /// The schema written (see [`parquet_schema`]).
    schema: SchemaRef,
    /// Per field: whether it is written by [`DictColumn`], and its leaf
    /// columns.
    fields: Vec<(bool, std::ops::Range<usize>)>,
    /// The row group being written, and its rows.
    group: Vec<Leaf>,
    /// Per leaf column: the values of its last [`DictColumn`] chunk.
    last_values: Vec<usize>,
    rows: usize,
    groups: usize,
}

impl ParquetSink {
    fn new(writer: ArrowWriter<Output>, schema: SchemaRef) -> Result<ParquetSink, ParquetError> {
        let (file, factory) = writer.into_serialized_writer()?;
        let descr = file.schema_descr();
        let leaves = descr.num_columns();
        let fields = (0..schema.fields().len())
            .map(|f| {
                let leaves: Vec<usize> = (0..descr.num_columns())
                    .filter(|&i| descr.get_column_root_idx(i) == f)
                    .collect();
                let range = leaves[0]..leaves[leaves.len() - 1] + 1;
                let field = &schema.fields()[f];
                let dict = DICTIONARY.iter().any(|c| c.name() == field.name());
                (dict && dict_values(field).is_some(), range)
            })
            .collect();
        Ok(ParquetSink {
            file,
            factory,
            schema,
            fields,
            group: Vec::new(),
            last_values: vec![0; leaves],
            rows: 0,
            groups: 0,
        })
    }

    fn start_group(&mut self) -> Result<(), ParquetError> {
        let writers = self.factory.create_column_writers(self.groups)?;
        let descr = self.file.schema_descr();
        let mut group = Vec::with_capacity(writers.len());
        for (i, w) in writers.into_iter().enumerate() {
            let field = descr.get_column_root_idx(i);
            group.push(if self.fields[field].0 {
                Leaf::Dict(Box::new(DictColumn::new(
                    descr.column(i),
                    &self.schema.fields()[field],
                    self.last_values[i],
                )?))
            } else {
                Leaf::Arrow(Box::new(w))
            });
        }
        self.group = group;
        Ok(())
    }

    fn write(&mut self, read: &RecordBatch) -> Result<(), ParquetError> {
        let batch = parquet_batch(read, &self.schema)?;
        if self.group.is_empty() {
            self.start_group()?;
        }
        // The `uci` strings are looked up by their moves, which the batch
        // carries whether the file has them or not.
        let moves = read.column_by_name(Column::Moves.name());
        for (f, (dict, leaves)) in self.fields.iter().enumerate() {
            let column = batch.column(f);
            if *dict {
                let field = self.schema.field(f).name();
                let moves = moves.filter(|_| field == Column::Uci.name());
                if let Leaf::Dict(d) = &mut self.group[leaves.start] {
                    d.write(column, moves)?;
                }
                continue;
            }
            let computed = compute_leaves(&self.schema.fields()[f], column)?;
            for (leaf, w) in computed.iter().zip(&mut self.group[leaves.clone()]) {
                if let Leaf::Arrow(w) = w {
                    w.write(leaf)?;
                }
            }
        }
        self.rows += batch.num_rows();
        let size: usize = self
            .group
            .iter()
            .map(|l| match l {
                Leaf::Arrow(w) => w.get_estimated_total_bytes(),
                Leaf::Dict(d) => d.size(),
            })
            .sum();
        if self.rows >= ROW_GROUP_ROWS || size > ROW_GROUP_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the row group.
    fn flush(&mut self) -> Result<(), ParquetError> {
        if self.group.is_empty() {
            return Ok(());
        }
        let mut rg = self.file.next_row_group()?;
        for (i, leaf) in std::mem::take(&mut self.group).into_iter().enumerate() {
            match leaf {
                Leaf::Arrow(w) => w.close()?.append_to_row_group(&mut rg)?,
                Leaf::Dict(d) => {
                    self.last_values[i] = d.values();
                    let (bytes, close) = d.finish()?;
                    rg.append_column(&bytes, close)?;
                }
            }
        }
        rg.close()?;
        self.rows = 0;
        self.groups += 1;
        Ok(())
    }

    fn finish(mut self) -> Result<Output, ParquetError> {
        self.flush()?;
        self.file.into_inner()
    }
}

/// The schema of `schema`'s batches in Parquet. Parquet has no time of
/// day in seconds (its TIME counts milli-, micro- or nanoseconds): a
/// time32 of seconds (`UTCTime`) is written in milliseconds, so that
/// DuckDB, Polars and pyarrow read a time, not an integer.
fn parquet_schema(schema: &SchemaRef) -> SchemaRef {
    let fields: Vec<_> = schema
        .fields()
        .iter()
        .map(|f| match f.data_type() {
            DataType::Time32(TimeUnit::Second) => Arc::new(
                f.as_ref()
                    .clone()
                    .with_data_type(DataType::Time32(TimeUnit::Millisecond)),
            ),
            _ => f.clone(),
        })
        .collect();
    Arc::new(Schema::new_with_metadata(fields, schema.metadata().clone()))
}

/// `batch` in the Parquet schema `schema` (see [`parquet_schema`]).
fn parquet_batch(batch: &RecordBatch, schema: &SchemaRef) -> Result<RecordBatch, ArrowError> {
    let columns = schema
        .fields()
        .iter()
        .map(|f| {
            let c = column(batch, f.name())?;
            Ok(match c.as_primitive_opt::<Time32SecondType>() {
                Some(t) => Arc::new(t.unary::<_, Time32MillisecondType>(|s| s * 1000)) as ArrayRef,
                None => c.clone(),
            })
        })
        .collect::<Result<_, ArrowError>>()?;
    RecordBatch::try_new(schema.clone(), columns)
}

/// The columns of `batch` that `schema` names, in its order: the batches
/// read carry columns the output may leave out (`error`, and `moves` for
/// the Parquet `uci`).
fn select(batch: &RecordBatch, schema: &SchemaRef) -> Result<RecordBatch, ArrowError> {
    let columns = schema
        .fields()
        .iter()
        .map(|f| column(batch, f.name()).cloned())
        .collect::<Result<_, ArrowError>>()?;
    RecordBatch::try_new(schema.clone(), columns)
}

fn column<'a>(batch: &'a RecordBatch, name: &str) -> Result<&'a ArrayRef, ArrowError> {
    batch
        .column_by_name(name)
        .ok_or_else(|| ArrowError::SchemaError(format!("no column {name} in the batch read")))
}

/// An error of the writer as a failure of the output.
fn output_failure(name: &str, e: ArrowError) -> Failure {
    match e {
        ArrowError::IoError(_, e) => Failure::output(name, e),
        ArrowError::ExternalError(e) => match e.downcast::<parquet::errors::ParquetError>() {
            Ok(p) => parquet_failure(name, *p),
            Err(e) => Failure::Output(name.to_string(), io::Error::other(e)),
        },
        other => Failure::Output(name.to_string(), io::Error::other(other)),
    }
}

fn parquet_failure(name: &str, e: parquet::errors::ParquetError) -> Failure {
    match e {
        parquet::errors::ParquetError::External(inner) => match inner.downcast::<io::Error>() {
            Ok(io) => Failure::output(name, *io),
            Err(other) => Failure::Output(name.to_string(), io::Error::other(other)),
        },
        other => Failure::Output(name.to_string(), io::Error::other(other)),
    }
}

/// glibc's allocator hands memory above 128 KiB back to the system once
/// it is free and maps large blocks afresh, so the Parquet writer's buffers
/// and the zstd context of every page would be faulted in again each time.
/// Freed memory up to 64 MiB is kept for reuse, and only blocks of 4 MiB or
/// more are mapped; the peak stays where it was. Not for the other
/// commands: there each worker thread's arena would keep its own peak.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // SAFETY: `mallopt` only sets two of the allocator's parameters, under
    // the allocator's own lock; nothing is allocated or freed by it.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}

/// Runs `convert --to parquet` (`parquet`) or `--to arrow`.
pub fn run(read: &ReadArgs, columns: Columns, output: Option<&str>, parquet: bool) -> ExitCode {
    let format = if parquet { "parquet" } else { "arrow" };
    let inputs = sources(read);
    if output.is_none() && io::stdout().is_terminal() {
        return Failure::Usage(format!(
            "--to {format} writes binary data: give -o FILE or redirect standard output"
        ))
        .report();
    }
    if parquet {
        keep_freed_memory();
    }
    let out = match Output::create(output, &inputs) {
        Ok(out) => out,
        Err(f) => return f.report(),
    };
    let out_name = out.name().to_string();
    // Failed games are told on stderr and in the exit status whether the
    // `error` column is written or not.
    let written = columns;
    let mut read_columns = columns.with(Column::Error);
    if parquet && columns.contains(Column::Uci) {
        read_columns = read_columns.with(Column::Moves);
    }
    let options = BatchOptions {
        columns: read_columns,
        validate: read.validate_options(),
        threads: read.jobs(),
        chunk_size: read
            .chunk_size
            .clamp(1, movetext::arrow::DEFAULT_CHUNK_SIZE),
        batch_size: BATCH_ROWS,
        max_batch_bytes: BATCH_BYTES,
    };
    let schema: SchemaRef = written.schema();
    let sink = if parquet {
        let mut props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .set_created_by(format!("movetext {}", env!("CARGO_PKG_VERSION")));
        for column in PER_PLY {
            props = props.set_column_statistics_enabled(list_item(column), EnabledStatistics::None);
        }
        for column in UNCOMPRESSED {
            props = props.set_column_compression(list_item(column), Compression::UNCOMPRESSED);
        }
        let props = props.build();
        let schema = parquet_schema(&schema);
        ArrowWriter::try_new(out, schema.clone(), Some(props))
            .and_then(|w| ParquetSink::new(w, schema))
            .map(|w| Sink::Parquet(Box::new(w)))
            .map_err(|e| parquet_failure(&out_name, e))
    } else {
        arrow_ipc::writer::StreamWriter::try_new(out, &schema)
            .map(|w| Sink::Ipc(Box::new(w), schema.clone()))
            .map_err(|e| output_failure(&out_name, e))
    };
    let mut sink = match sink {
        Ok(s) => s,
        Err(f) => return f.report(),
    };
    let mut failed = false;
    let mut input_failed = false;
    for src in &inputs {
        let name = src.name().to_string();
        let reader = match src {
            Source::File(path) => match File::open(path).and_then(|f| {
                if f.metadata()?.is_dir() {
                    return Err(io::Error::other("Is a directory"));
                }
                Ok(f)
            }) {
                Ok(f) => BatchReader::new(f, &options),
                Err(e) => {
                    Failure::Input(name, e).report();
                    input_failed = true;
                    continue;
                }
            },
            Source::Stdin => BatchReader::new(io::stdin(), &options),
            Source::Sample => BatchReader::from_bytes(SAMPLE, &options),
        };
        for batch in reader {
            let batch = match batch {
                Ok(b) => b,
                Err(ArrowError::IoError(_, e)) => {
                    if let Some(no_game) = e.get_ref().and_then(|e| e.downcast_ref::<NoGameFound>())
                    {
                        // As the other commands: said, the other inputs read.
                        Failure::NoGame(name.clone(), no_game.clone()).report();
                        failed = true;
                    } else {
                        let f = Failure::input(&name, e);
                        if !f.is_input() {
                            sink.abandon();
                            return f.report();
                        }
                        f.report();
                        input_failed = true;
                    }
                    break;
                }
                Err(e) => return output_failure(&out_name, e).report(),
            };
            failed |= report_errors(&name, &batch);
            if let Err(e) = sink.write(&batch) {
                return output_failure(&out_name, e).report();
            }
        }
    }
    if input_failed {
        sink.abandon();
        let what = match output {
            Some(path) => format!("{path} not written"),
            None if parquet => "the Parquet file on stdout is left without its footer".to_string(),
            None => "the Arrow stream on stdout is left unfinished".to_string(),
        };
        eprint_line(&format!(
            "movetext: {what}: an input could not be read to its end"
        ));
        return ExitCode::from(2);
    }
    let out = match sink.finish() {
        Ok(out) => out,
        Err(e) => return output_failure(&out_name, e).report(),
    };
    if let Err(f) = out.finish(true) {
        return f.report();
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints each failed game's error as `FILE:LINE:COL: game N, ...`; whether
/// a game failed.
fn report_errors(name: &str, batch: &RecordBatch) -> bool {
    let Some(errors) = batch.column_by_name(Column::Error.name()) else {
        return false;
    };
    let errors = errors.as_string::<i32>();
    if errors.null_count() == errors.len() {
        return false;
    }
    for e in errors.iter().flatten() {
        // `LINE:COL: message`, or the message alone when it has no place.
        if e.starts_with(|c: char| c.is_ascii_digit()) {
            eprint_line(&format!("{name}:{e}"));
        } else {
            eprint_line(&format!("{name}: {e}"));
        }
    }
    true
}
