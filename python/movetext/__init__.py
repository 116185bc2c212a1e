"""Chess moves in every algebraic notation, at Rust speed.

PGN files become Arrow tables (``read_pgn``, ``iter_batches``) that pyarrow,
Polars and DuckDB take without copying; ``convert``, ``san_to_uci``,
``uci_to_san`` and ``perft`` work on single texts, moves and positions.
Every move is checked by movetext's own move generator; problems raise an
``Error`` (a ``ValueError``) that says what and where.
"""

from ._movetext import (
    STARTING_FEN,
    AmbiguousMoveError,
    Error,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    convert,
    perft,
    san_to_uci,
    uci_to_san,
)

__all__ = [
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Error",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "convert",
    "perft",
    "san_to_uci",
    "uci_to_san",
]
