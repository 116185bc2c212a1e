//! Game records as Arrow: `iter_batches` opens a [`GameReader`], an
//! iterator of `pyarrow.RecordBatch`es that is also an Arrow stream
//! (`__arrow_c_stream__`), read by movetext's `BatchReader` on its own
//! threads. Batches cross to Python through the Arrow C data interface:
//! their buffers are handed over, never copied.

use std::ffi::CStr;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, RecordBatch, RecordBatchReader, StructArray};
use arrow_schema::{ArrowError, SchemaRef};
use movetext::arrow::{BatchOptions, BatchReader, Column, Columns};
use movetext::notation::ParseMode;
use movetext::pgn::units::{index, IndexOptions, Unit, DEFAULT_UNIT_SIZE};
use movetext::validate::ValidateOptions;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyCapsule, PyDict, PyString, PyTuple};
use pyo3::PyTypeInfo;

use crate::errors::{raise, Class, Place};
use crate::moves::language_choice;

const SCHEMA_CAPSULE: &CStr = c"arrow_schema";
const ARRAY_CAPSULE: &CStr = c"arrow_array";
const STREAM_CAPSULE: &CStr = c"arrow_array_stream";

/// Where games are read from.
enum Source {
    /// A file, compressed or not.
    Path(PathBuf),
    /// Bytes copied from a `bytes`-like object.
    Bytes(Vec<u8>),
    /// A binary file object, read through its `read` method.
    File(Py<PyAny>),
}

impl Source {
    fn from_py(source: &Bound<'_, PyAny>) -> PyResult<(Source, Option<String>)> {
        let py = source.py();
        if let Ok(path) = source.extract::<PathBuf>() {
            let name = path.display().to_string();
            return Ok((Source::Path(path), Some(name)));
        }
        if let Ok(bytes) = source.cast::<PyBytes>() {
            return Ok((Source::Bytes(bytes.as_bytes().to_vec()), None));
        }
        if source.hasattr("read")? {
            let name = source
                .getattr("name")
                .ok()
                .and_then(|n| n.extract::<String>().ok());
            return Ok((Source::File(source.clone().unbind()), name));
        }
        // bytearray, memoryview and other buffers: copied as bytes.
        if let Ok(bytes) = py
            .import("builtins")?
            .getattr("memoryview")?
            .call1((source,))
            .and_then(|view| view.call_method0("tobytes"))
        {
            let bytes = bytes.cast::<PyBytes>()?.as_bytes().to_vec();
            return Ok((Source::Bytes(bytes), None));
        }
        Err(PyTypeError::new_err(format!(
            "source must be a path, bytes or a binary file object, not {}",
            source.get_type().name()?
        )))
    }
}

/// The first Python exception a file object's `read` raised (or the
/// `TypeError` for what it gave), kept so that the reader raises it as it
/// is in place of the I/O error that ended the reading.
type Raised = Arc<Mutex<Option<PyErr>>>;

/// A binary file object read from the reader's threads, which take the
/// GIL for each call of its `read` (while the interpreter runs).
struct PyFile {
    file: Py<PyAny>,
    raised: Raised,
}

impl PyFile {
    /// Keeps `err` to be raised by the reader; the I/O error that stops
    /// the reading carries its text.
    fn fail(&self, py: Python<'_>, err: PyErr) -> io::Error {
        let text = err.to_string();
        let mut slot = self.raised.lock().unwrap_or_else(PoisonError::into_inner);
        slot.get_or_insert_with(|| err.clone_ref(py));
        io::Error::other(text)
    }
}

/// How long a wait for a batch goes before Python's signals are looked at.
const SIGNALS_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// Set when the interpreter begins to exit (an `atexit` hook).
static EXITING: AtomicBool = AtomicBool::new(false);

/// Reading threads inside a file object's `read` or waiting to enter it.
static IN_PYTHON: AtomicUsize = AtomicUsize::new(0);

/// Called by `atexit`, before the interpreter is torn down: from then on
/// no reading thread calls into Python, and those inside are waited for
/// (a second at most: one blocked in a pipe's `read` is not). A thread
/// that took the GIL once the interpreter is finalizing would be ended by
/// CPython in the middle of Rust frames, which aborts the process.
#[pyfunction]
pub fn stop_reading_at_exit(py: Python<'_>) {
    EXITING.store(true, Ordering::SeqCst);
    py.detach(|| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while IN_PYTHON.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    });
}

/// Counts a thread in [`IN_PYTHON`] while it lives.
struct Entered;

impl Entered {
    /// None once the interpreter is exiting.
    fn new() -> Option<Entered> {
        IN_PYTHON.fetch_add(1, Ordering::SeqCst);
        let entered = Entered;
        (!EXITING.load(Ordering::SeqCst)).then_some(entered)
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        IN_PYTHON.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // Not once the interpreter is exiting (a reader left open at
        // exit): the reading ends with an error no one is left to see.
        let exiting = || io::Error::other("the Python interpreter is exiting");
        let Some(_entered) = Entered::new() else {
            return Err(exiting());
        };
        let attached = Python::try_attach(|py| {
            let chunk = match self.file.bind(py).call_method1("read", (buf.len(),)) {
                Ok(chunk) => chunk,
                Err(err) => return Err(self.fail(py, err)),
            };
            let copy = |bytes: &[u8], buf: &mut [u8]| -> PyResult<usize> {
                if bytes.len() > buf.len() {
                    return Err(PyValueError::new_err(format!(
                        "the file object's read({}) gave {} bytes",
                        buf.len(),
                        bytes.len()
                    )));
                }
                buf[..bytes.len()].copy_from_slice(bytes);
                Ok(bytes.len())
            };
            let done = if let Ok(bytes) = chunk.cast::<PyBytes>() {
                copy(bytes.as_bytes(), buf)
            } else if let Ok(bytes) = chunk.cast::<PyByteArray>() {
                copy(&bytes.to_vec(), buf)
            } else if chunk.is_none() {
                Err(PyValueError::new_err(
                    "the file object's read() gave None (a non-blocking stream with no data)",
                ))
            } else {
                Err(PyTypeError::new_err(format!(
                    "the file object's read() gave {}, not bytes: open the file in binary mode ('rb')",
                    chunk
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                )))
            };
            done.map_err(|err| self.fail(py, err))
        });
        attached.unwrap_or_else(|| Err(exiting()))
    }
}

/// The columns asked for: `None` gives the default set, else an iterable
/// of names, each exactly as in the schema. One string is refused, not
/// read as names of one letter each.
fn columns(names: Option<&Bound<'_, PyAny>>) -> PyResult<Columns> {
    let Some(names) = names else {
        return Ok(Columns::default());
    };
    if names.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "columns takes column names, such as [\"game\", \"uci\"], not one string",
        ));
    }
    let mut set = Columns::NONE;
    for name in names.try_iter()? {
        let name: String = name?
            .extract()
            .map_err(|_| PyTypeError::new_err("columns takes column names: each one a string"))?;
        let column = Column::from_name(&name).ok_or_else(|| {
            let all: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
            PyValueError::new_err(format!(
                "unknown column {name:?}: one of {}",
                all.join(", ")
            ))
        })?;
        set = set.with(column);
    }
    if set.is_empty() {
        return Err(PyValueError::new_err("columns names no column"));
    }
    Ok(set)
}

/// The Python exception for an error of the stream, named with its file:
/// an error of the system (it has an errno: `EISDIR`, `EIO`...) is the
/// `OSError` subclass for it, with `filename`; any other (corrupt or
/// truncated compressed data, whatever its `io::ErrorKind`) is a
/// `movetext.Error` with `file`.
fn stream_error(py: Python<'_>, name: &Option<String>, e: ArrowError) -> PyErr {
    match e {
        ArrowError::IoError(message, err) => {
            if err.raw_os_error().is_some() {
                return open_error(py, err, name);
            }
            raise(
                py,
                Class::Error,
                message,
                Place {
                    file: name.clone(),
                    ..Place::default()
                },
            )
        }
        other => raise(
            py,
            Class::Error,
            other.to_string(),
            Place {
                file: name.clone(),
                ..Place::default()
            },
        ),
    }
}

/// A capsule holding an Arrow C schema.
fn schema_capsule<'py>(py: Python<'py>, schema: &SchemaRef) -> PyResult<Bound<'py, PyCapsule>> {
    let ffi = FFI_ArrowSchema::try_from(schema.as_ref())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    PyCapsule::new_with_value(py, ffi, SCHEMA_CAPSULE)
}

/// One record batch for the PyCapsule protocol (`__arrow_c_array__`),
/// taken once by `pyarrow.record_batch`.
#[pyclass(module = "movetext")]
struct ArrowBatch {
    batch: Option<RecordBatch>,
}

#[pymethods]
impl ArrowBatch {
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema; // the batch is given as it is
        let batch = self
            .batch
            .take()
            .ok_or_else(|| PyValueError::new_err("the batch was taken already"))?;
        let data = StructArray::from(batch).into_data();
        let array = FFI_ArrowArray::new(&data);
        let schema = FFI_ArrowSchema::try_from(data.data_type())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let schema = PyCapsule::new_with_value(py, schema, SCHEMA_CAPSULE)?;
        let array = PyCapsule::new_with_value(py, array, ARRAY_CAPSULE)?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }
}

/// The record batch as a `pyarrow.RecordBatch`, its buffers handed over.
fn to_pyarrow<'py>(py: Python<'py>, batch: RecordBatch) -> PyResult<Bound<'py, PyAny>> {
    let wrapped = Bound::new(py, ArrowBatch { batch: Some(batch) })?;
    py.import("pyarrow")?
        .call_method1("record_batch", (wrapped,))
}

/// Games read from PGN as Arrow record batches, in input order.
///
/// An iterator of `pyarrow.RecordBatch` (each of up to `batch_size` games,
/// one row per game), and an Arrow stream: `pyarrow`, Polars and DuckDB
/// take it as it is through `__arrow_c_stream__` (the batches not read
/// yet). Reading runs on background threads from the moment it is opened;
/// waiting for a batch releases the GIL. A game that fails is a row with
/// `error` set; an I/O or decompression error raises, after the batches
/// read before it. Use it as a context manager, or `close()` it, to stop
/// reading early. Any thread may use it: threads that iterate one reader
/// each get whole batches, each batch once, and `close()` from another
/// thread ends a wait for the next batch.
#[pyclass(module = "movetext")]
pub struct GameReader {
    /// None once drained, closed or handed over; taken by one thread at a
    /// time ([`GameReader::with_reader`]).
    reader: Mutex<Option<BatchReader>>,
    schema: SchemaRef,
    name: Option<String>,
    /// What a file object's `read` raised, raised again as it is.
    raised: Raised,
}

impl GameReader {
    /// Runs `f` on the reader (None once drained, closed or handed over)
    /// with the GIL released, so that a thread holding the GIL is never
    /// waited for by one holding the reader: any thread may call any
    /// method, each waits its turn.
    fn with_reader<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Option<BatchReader>) -> T + Send,
    ) -> T {
        py.detach(|| f(&mut self.reader.lock().unwrap_or_else(PoisonError::into_inner)))
    }

    fn next_batch(&self, py: Python<'_>) -> PyResult<Option<RecordBatch>> {
        // Waited for in steps, Ctrl-C asked after each: an input that
        // stalls (a pipe, a FIFO) does not hold the interpreter, and the
        // reader is free between steps for another thread's `close`.
        let got = loop {
            let step = self.with_reader(py, |slot| match slot.as_mut() {
                None => Some(None),
                Some(reader) => reader.next_within(SIGNALS_EVERY).map(|got| {
                    if !matches!(got, Some(Ok(_))) {
                        *slot = None;
                    }
                    Some(got)
                }),
            });
            match step {
                Some(None) => return Ok(None),
                Some(Some(got)) => break got,
                None => py.check_signals()?,
            }
        };
        match got {
            Some(Ok(batch)) => Ok(Some(batch)),
            Some(Err(e)) => {
                let raised = self
                    .raised
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                Err(raised.unwrap_or_else(|| stream_error(py, &self.name, e)))
            }
            None => Ok(None),
        }
    }
}

#[pymethods]
impl GameReader {
    /// The `pyarrow.Schema` of every batch.
    #[getter]
    fn schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("pyarrow")?
            .call_method1("schema", (SchemaView(self.schema.clone()),))
    }

    /// The Arrow C schema (PyCapsule protocol).
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.schema)
    }

    /// The batches not read yet as an Arrow C stream (PyCapsule protocol);
    /// the reader is empty afterwards.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema; // the schema is given as it is
        let reader: Box<dyn RecordBatchReader + Send> = match self.with_reader(py, Option::take) {
            Some(reader) => Box::new(Named {
                reader,
                name: self.name.clone().unwrap_or_else(|| "<input>".into()),
            }),
            None => Box::new(Drained(self.schema.clone())),
        };
        PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(reader), STREAM_CAPSULE)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.next_batch(py)? {
            Some(batch) => to_pyarrow(py, batch).map(Some),
            None => Ok(None),
        }
    }

    /// Every batch not read yet, as one `pyarrow.Table`.
    fn read_all<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut batches = Vec::new();
        while let Some(batch) = self.next_batch(py)? {
            batches.push(to_pyarrow(py, batch)?);
        }
        let schema = self.schema(py)?;
        py.import("pyarrow")?
            .getattr("Table")?
            .call_method1("from_batches", (batches, schema))
    }

    /// Stops reading; the reader is empty afterwards.
    fn close(&self, py: Python<'_>) {
        self.with_reader(py, |slot| *slot = None);
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, PyTuple>) -> bool {
        self.close(py);
        false
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let open = self.with_reader(py, |slot| slot.is_some());
        let state = if open { "open" } else { "closed" };
        match &self.name {
            Some(n) => format!("<movetext.GameReader {n:?} ({state})>"),
            None => format!("<movetext.GameReader ({state})>"),
        }
    }
}

/// A schema for `pyarrow.schema` (PyCapsule protocol).
#[pyclass(module = "movetext")]
struct SchemaView(SchemaRef);

#[pymethods]
impl SchemaView {
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.0)
    }
}

/// The reader as an Arrow C stream: its error names the file, as the
/// exceptions of `__next__` do (the consumer raises it in its own words).
struct Named {
    reader: BatchReader,
    name: String,
}

impl Iterator for Named {
    type Item = Result<RecordBatch, ArrowError>;
    fn next(&mut self) -> Option<Self::Item> {
        let name = &self.name;
        self.reader.next().map(|batch| {
            batch.map_err(|e| match e {
                ArrowError::IoError(message, err) => {
                    ArrowError::IoError(format!("{name}: {message}"), err)
                }
                other => ArrowError::ExternalError(format!("{name}: {other}").into()),
            })
        })
    }
}

impl RecordBatchReader for Named {
    fn schema(&self) -> SchemaRef {
        self.reader.schema()
    }
}

/// An empty stream with the reader's schema (a reader already drained or
/// handed over).
struct Drained(SchemaRef);

impl Iterator for Drained {
    type Item = Result<RecordBatch, ArrowError>;
    fn next(&mut self) -> Option<Self::Item> {
        None
    }
}

impl RecordBatchReader for Drained {
    fn schema(&self) -> SchemaRef {
        self.0.clone()
    }
}

/// Reads the games of `source` as Arrow record batches.
///
/// `source`: a path (`str` or `os.PathLike`; zstd, gzip, bzip2 and xz
/// files are recognised by their first bytes, lichess's multi-frame
/// `.pgn.zst` too), `bytes` (or another buffer), or a binary file object.
/// `columns`: the column names to give (default: every column but the
/// opt-in `movetext`, `polyglot` and `fen`; see `ALL_COLUMNS`). `threads`:
/// worker threads (default: all cores). `lang`: the piece letters of the
/// moves, a language code (default `"en"`, as PGN writes them), `"auto"`
/// to detect them per game, or codes and `auto` (`"pl,de,auto"`) to
/// detect them among those. `strict`: accept only PGN export SAN.
/// `variations`: check the moves inside variations too. `batch_size`:
/// games per batch. A game that fails is a row with `error` set; the
/// errors raised are those of `movetext.read_pgn`.
#[pyfunction]
#[pyo3(signature = (
    source, *, columns = None, threads = None, lang = "en", strict = false,
    variations = true, batch_size = 8192, unit = None
))]
#[allow(clippy::too_many_arguments)]
pub fn iter_batches(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    columns: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    lang: &str,
    strict: bool,
    variations: bool,
    batch_size: usize,
    unit: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameReader> {
    let defaults = BatchOptions::default();
    if batch_size == 0 {
        return Err(PyValueError::new_err("batch_size must be at least 1"));
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let options = BatchOptions {
        batch_size,
        columns: self::columns(columns)?,
        validate: ValidateOptions {
            language: language_choice(lang)?,
            mode: if strict {
                ParseMode::Strict
            } else {
                ParseMode::Lenient
            },
            variations,
        },
        threads: threads.unwrap_or(defaults.threads),
        ..defaults
    };
    if let Some(unit) = unit {
        return read_unit(py, source, unit, &options);
    }
    let (source, name) = Source::from_py(source)?;
    let raised = Raised::default();
    let reader = match source {
        Source::Path(path) => {
            // Without the GIL: opening a FIFO waits for its writer.
            let file = py
                .detach(|| std::fs::File::open(&path))
                .map_err(|e| open_error(py, e, &name))?;
            BatchReader::new(file, &options)
        }
        Source::Bytes(bytes) => BatchReader::from_bytes(bytes, &options),
        Source::File(file) => BatchReader::new(
            PyFile {
                file,
                raised: raised.clone(),
            },
            &options,
        ),
    };
    Ok(GameReader {
        schema: reader.schema(),
        reader: Mutex::new(Some(reader)),
        name,
        raised,
    })
}

/// The reader of one work unit, read from the file `source` names (the
/// unit's file, maybe at another path) or, when `source` is None, from
/// the unit's `path`.
fn read_unit(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    unit: &Bound<'_, PyAny>,
    options: &BatchOptions,
) -> PyResult<GameReader> {
    let mut unit = parse_unit(py, unit)?;
    if !source.is_none() {
        match Source::from_py(source)? {
            (Source::Path(path), _) => unit.path = path,
            _ => {
                return Err(PyTypeError::new_err(
                    "a unit is read from a file: give its path as the source (or None)",
                ))
            }
        }
    }
    let name = Some(unit.path.display().to_string());
    let reader = py
        .detach(|| BatchReader::from_unit(&unit, options))
        .map_err(|e| io_failure(py, e, &name))?;
    Ok(GameReader {
        schema: reader.schema(),
        reader: Mutex::new(Some(reader)),
        name,
        raised: Raised::default(),
    })
}

/// A unit from its JSON text (`str`, as `units` gives it) or a `dict` of
/// its fields.
fn parse_unit(py: Python<'_>, unit: &Bound<'_, PyAny>) -> PyResult<Unit> {
    let text: String = if let Ok(text) = unit.extract::<String>() {
        text
    } else if unit.is_instance_of::<PyDict>() {
        py.import("json")?
            .call_method1("dumps", (unit,))?
            .extract()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "unit must be a unit's JSON (str) or a dict, not {}",
            unit.get_type().name()?
        )));
    };
    Unit::from_json(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// An I/O error on the file `name`: `OSError` with its errno and
/// `filename` where the system gave one, else `movetext.Error` with
/// `file` (a corrupt stream, a file that is not the one indexed).
fn io_failure(py: Python<'_>, e: io::Error, name: &Option<String>) -> PyErr {
    if e.raw_os_error().is_some() {
        return open_error(py, e, name);
    }
    let text = e.to_string();
    let reason = name
        .as_deref()
        .and_then(|n| text.strip_prefix(n))
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&text)
        .to_string();
    raise(
        py,
        Class::Error,
        reason,
        Place {
            file: name.clone(),
            ..Place::default()
        },
    )
}

/// The work units of the file at `path`, each as one line of JSON (the
/// form `movetext index` prints and `--unit` reads).
///
/// The units cover the file once: runs of whole zstd frames of a
/// multi-frame `.pgn.zst` (lichess's files, `pzstd`), byte ranges cut at
/// hard game starts of a plain PGN file, and one whole unit for a
/// single-frame zstd, gzip, bzip2 or xz file. Each unit but the last holds
/// at least `unit_size` bytes of the file. `read_pgn(path, unit=u)` reads
/// exactly the games whose first byte lies in `u`, numbered (`game`,
/// `offset`, error places) as in the whole file, so the units' tables put
/// end to end are the whole file's. The file is read once, on `threads`
/// threads (default: all cores), no move played.
#[pyfunction]
#[pyo3(signature = (path, *, unit_size = DEFAULT_UNIT_SIZE, threads = None))]
pub fn units(
    py: Python<'_>,
    path: PathBuf,
    unit_size: u64,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    if unit_size == 0 {
        return Err(PyValueError::new_err("unit_size must be at least 1"));
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let defaults = IndexOptions::default();
    let options = IndexOptions {
        unit_size,
        threads: threads.unwrap_or(defaults.threads),
    };
    let name = Some(path.display().to_string());
    let units = py
        .detach(|| index(&path, &options))
        .map_err(|e| io_failure(py, e, &name))?;
    Ok(units.iter().map(Unit::to_json).collect())
}

/// A file that does not open: `OSError(errno, strerror, filename)`, the
/// subclass Python picks for the errno (`FileNotFoundError`...).
/// A path that is no file but reads as PGN text (a tag, a move number, a
/// line break) gets a hint: text is given as bytes.
fn open_error(py: Python<'_>, e: io::Error, path: &Option<String>) -> PyErr {
    let errno = e.raw_os_error().unwrap_or(0);
    let text = e.to_string();
    let mut strerror = text.split(" (os error").next().unwrap_or(&text).to_string();
    let pgn_like = |p: &str| {
        let p = p.trim_start();
        p.contains('\n') || p.starts_with('[') || p.starts_with("1.")
    };
    if e.kind() == io::ErrorKind::NotFound && path.as_deref().is_some_and(pgn_like) {
        strerror.push_str(" (a str is a path: give PGN text as bytes, text.encode())");
    }
    match PyOSError::type_object(py).call1((errno, strerror, path)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
    }
}

/// Names of the columns a reader can give, in schema order.
pub fn all_columns() -> Vec<&'static str> {
    Column::ALL.iter().map(|c| c.name()).collect()
}

/// Names of the default columns, in schema order.
pub fn default_columns() -> Vec<&'static str> {
    Columns::default().iter().map(|c| c.name()).collect()
}
