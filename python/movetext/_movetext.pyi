"""Type stubs of movetext's native module (import `movetext`, not this)."""

from typing import Optional, Union

STARTING_FEN: str
"""The FEN of the standard start position."""

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

def convert(
    text: Union[str, bytes],
    to: str = "uci",
    *,
    lang: str = "auto",
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
