"""Type stubs of the movetext package."""

from typing import Any, Dict, Iterable, Optional, Union

import pyarrow

from ._movetext import (
    ALL_COLUMNS as ALL_COLUMNS,
    DEFAULT_COLUMNS as DEFAULT_COLUMNS,
    DEFAULT_UNIT_SIZE as DEFAULT_UNIT_SIZE,
    STARTING_FEN as STARTING_FEN,
    AmbiguousMoveError as AmbiguousMoveError,
    Error as Error,
    GameReader as GameReader,
    IllegalMoveError as IllegalMoveError,
    InvalidFenError as InvalidFenError,
    InvalidMoveError as InvalidMoveError,
    Source as Source,
    convert as convert,
    iter_batches as iter_batches,
    perft as perft,
    san_to_uci as san_to_uci,
    uci_to_san as uci_to_san,
    units as units,
)

__version__: str

def read_pgn(
    source: Source,
    *,
    columns: Optional[Iterable[str]] = None,
    threads: Optional[int] = None,
    lang: str = "en",
    strict: bool = False,
    variations: bool = True,
    batch_size: int = 8192,
    unit: Union[str, Dict[str, Any], None] = None,
) -> pyarrow.Table:
    """Reads every game of `source` into a table, one row per game; a game
    that fails is a row with `error` set."""
