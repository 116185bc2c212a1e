"""Chess moves in every algebraic notation, at Rust speed.

PGN files become Arrow tables (``read_pgn``, ``iter_batches``) that
pyarrow, Polars and DuckDB take without copying, one row per game with the
columns of the lichess Parquet dataset (``Lichess/standard-chess-games``)
and the moves as UCI, SAN, 16-bit moves, clocks, evaluations, Polyglot keys
and FENs. ``convert``, ``san_to_uci``, ``uci_to_san`` and ``perft`` work on
single texts, moves and positions. Every move is checked by movetext's own
move generator; problems raise an ``Error`` (a ``ValueError``) that says
what and where, except in ``read_pgn``, where a game that fails is a row
with its ``error`` set and reading goes on.
"""

from __future__ import annotations

import os
from importlib import metadata as _metadata
from typing import IO, Iterable, Optional, Union

from ._movetext import (
    ALL_COLUMNS,
    DEFAULT_COLUMNS,
    DEFAULT_UNIT_SIZE,
    STARTING_FEN,
    AmbiguousMoveError,
    Error,
    GameReader,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    convert,
    iter_batches,
    perft,
    san_to_uci,
    uci_to_san,
    units,
)

try:
    __version__ = _metadata.version("movetext")
except _metadata.PackageNotFoundError:  # run from a source tree
    __version__ = "unknown"

__all__ = [
    "ALL_COLUMNS",
    "DEFAULT_COLUMNS",
    "DEFAULT_UNIT_SIZE",
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Error",
    "GameReader",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "convert",
    "iter_batches",
    "perft",
    "read_pgn",
    "san_to_uci",
    "uci_to_san",
    "units",
]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], None]


def read_pgn(
    source: Source,
    *,
    columns: Optional[Iterable[str]] = None,
    threads: Optional[int] = None,
    lang: str = "en",
    strict: bool = False,
    variations: bool = True,
    batch_size: int = 8192,
    unit: Union[str, dict, None] = None,
):
    """Reads every game of `source` into a ``pyarrow.Table``, one row per game.

    `source` is a path (``str`` or ``os.PathLike``; zstd, gzip, bzip2 and
    xz are recognised by their first bytes, lichess's multi-frame
    ``.pgn.zst`` too), ``bytes`` (or another buffer), or a binary file
    object (its ``read`` is called from the reading threads). `columns`
    names the columns to give, in any order (they come in schema order;
    default ``DEFAULT_COLUMNS``: every column but the opt-in ``movetext``,
    ``polyglot`` and ``fen``; ``ALL_COLUMNS`` lists them all). `threads` is
    the number of worker threads (default: all cores). `lang` is the
    language of the piece letters: a code (default ``"en"``, as PGN writes
    them; ``"de"``, ``"pl"``, ``"ru-latn"``...), ``"auto"`` to detect it
    per game (the language that reads the most moves, English first among
    equals; slower), or codes and ``auto`` (``"pl,de,auto"``) to detect it
    among those only. `strict` accepts only PGN export SAN, `variations`
    checks the moves inside variations too, `batch_size` is the most games
    in one record batch of the table. `unit` is a work unit of the file,
    as ``units`` gives it (its JSON text, or a dict of its fields): only
    its games are read, numbered as in the whole file, from the path
    `source` (the unit's file, maybe seen at another path there) or, when
    `source` is None, from the unit's ``path``.

    A game that fails is a row with ``error`` set (``"LINE:COLUMN: game N,
    move 2. Ke3: illegal move"``) and the moves before the error; reading
    goes on. A file that does not open raises ``OSError`` (its subclass for
    the errno, ``filename`` set); an I/O error while reading raises
    ``OSError`` whose message begins with the file's name; a corrupt
    compressed stream raises ``movetext.Error`` with ``file`` set; what a
    file object's ``read`` raises is raised as it is; a file that is not
    the one a unit was made for raises ``movetext.Error``; so does an
    input that is not blank but holds no game (``"no PGN game found; the
    input starts with bytes of a PNG image"``), and a blank one is an empty
    table. For inputs larger than memory, use ``iter_batches``.

    >>> table = movetext.read_pgn("games.pgn.zst", columns=["White", "uci"])
    """
    with iter_batches(
        source,
        columns=columns,
        threads=threads,
        lang=lang,
        strict=strict,
        variations=variations,
        batch_size=batch_size,
        unit=unit,
    ) as reader:
        return reader.read_all()
