"""Type stubs of movetext's native module (import `movetext`, not this)."""

import os
from types import TracebackType
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Type, Union

import pyarrow

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], None]

STARTING_FEN: str
"""The FEN of the standard start position."""
ALL_COLUMNS: List[str]
"""Every column a reader can give, in schema order."""
DEFAULT_COLUMNS: List[str]
"""The columns given by default: all but `movetext`, `polyglot`, `fen`."""
DEFAULT_UNIT_SIZE: int
"""The default `unit_size` of `units`: 128 MiB of the file."""

class Error(ValueError):
    """A problem in chess text, with its place (each part None where it
    does not apply)."""

    file: Optional[str]
    """The file read, None for text given in memory."""
    line: Optional[int]
    """1-based line of the problem."""
    column: Optional[int]
    """1-based column (in bytes) of the problem."""
    game: Optional[int]
    """1-based number of the game in the input."""
    reason: str
    """The message without its place."""

class InvalidMoveError(Error):
    """Text that no move notation reads."""

class IllegalMoveError(Error):
    """A move that is not legal in its position."""

class AmbiguousMoveError(Error):
    """A move that fits several legal moves."""

class InvalidFenError(Error):
    """A FEN that is not a valid position."""

class GameReader:
    """Games read from PGN as Arrow record batches, in input order: an
    iterator of `pyarrow.RecordBatch` and an Arrow stream
    (`__arrow_c_stream__`) that pyarrow, Polars and DuckDB take as it is.
    Any thread may use it: threads that iterate one reader each get whole
    batches, each batch once, and `close()` from another thread ends a
    wait for the next batch."""

    @property
    def schema(self) -> pyarrow.Schema:
        """The schema of every batch."""
    def __iter__(self) -> Iterator[pyarrow.RecordBatch]: ...
    def __next__(self) -> pyarrow.RecordBatch: ...
    def read_all(self) -> pyarrow.Table:
        """Every batch not read yet, as one table."""
    def close(self) -> None:
        """Stops reading; the reader is empty afterwards."""
    def __enter__(self) -> "GameReader": ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
    def __arrow_c_schema__(self) -> Any: ...
    def __arrow_c_stream__(self, requested_schema: Optional[Any] = None) -> Any: ...

def iter_batches(
    source: Source,
    *,
    columns: Optional[Iterable[str]] = None,
    threads: Optional[int] = None,
    lang: str = "en",
    strict: bool = False,
    variations: bool = True,
    batch_size: int = 8192,
    unit: Union[str, Dict[str, Any], None] = None,
) -> GameReader:
    """Reads the games of `source` (a path, compressed or not; bytes; a
    binary file object) as Arrow record batches of up to `batch_size`
    games, in input order, on `threads` worker threads (default: all
    cores). `columns`, `lang`, `strict`, `variations` and the errors raised
    are those of `movetext.read_pgn`; a game that fails is a row with
    `error` set. `unit`: read only this work unit of the file (see
    `units`), from the path `source` or, when it is None, the unit's.
    Reading starts at once, on background threads; close the reader (or
    use it in a `with` block) to stop early."""

def units(
    path: Union[str, "os.PathLike[str]"],
    *,
    unit_size: int = ...,
    threads: Optional[int] = None,
) -> List[str]:
    """The work units of the file at `path`, each one line of JSON (as
    `movetext index` prints them): runs of whole frames of a multi-frame
    `.pgn.zst`, byte ranges cut at game starts of a plain file, one whole
    unit for other compressed files; each but the last holds at least
    `unit_size` bytes of the file (default `DEFAULT_UNIT_SIZE`). Together
    they cover the file once: `read_pgn(path, unit=u)` of each, put end to
    end, equals `read_pgn(path)`, game numbers and offsets included."""

def convert(
    text: Union[str, bytes],
    to: str = "uci",
    *,
    lang: str = "en",
    to_lang: str = "en",
) -> str:
    """The mainline moves of each game of `text` (PGN or bare movetext, in
    any notation; piece letters in `lang`, or "auto" to detect them per
    game) written in `to` ("uci", "san", "fan", "lan", "iccf",
    "descriptive"; letters of `to_lang`), one line per game. Raises an
    `Error` subclass at the first problem."""

def san_to_uci(fen: str, san: str, *, lang: str = "en") -> str:
    """The UCI form of the move `san` (SAN in `lang`'s letters, or "auto";
    also long algebraic, UCI, ICCF, descriptive) in the position `fen`."""

def uci_to_san(fen: str, uci: str, *, lang: str = "en") -> str:
    """The SAN (with `lang`'s piece letters) of the UCI move `uci` in the
    position `fen`."""

def perft(fen: str, depth: int) -> int:
    """The number of legal move paths of `depth` plies from `fen`."""
