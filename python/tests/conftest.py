"""Shared fixtures: the bundled sample and python-chess's reading of it."""

import io
from pathlib import Path

import chess
import chess.pgn
import pytest

REPO = Path(__file__).resolve().parents[2]
# The sample compiled into the command-line tool: 312 real games (chess.com,
# lichess, TCEC and Chess960, pgnmentor, annotated), 21,293 plies.
SAMPLE = REPO / "src" / "cli" / "sample.pgn"


def decode(line: bytes) -> str:
    """A line as movetext decodes tag values: UTF-8 if valid, else Latin-1
    (the sample mixes both, as old databases do)."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


def python_chess_games(data: bytes):
    """Every game of `data` as python-chess 1.11.2 reads it."""
    text = io.StringIO("".join(decode(line) for line in data.splitlines(keepends=True)))
    games = []
    while (game := chess.pgn.read_game(text)) is not None:
        games.append(game)
    return games


@pytest.fixture(scope="session")
def sample_bytes() -> bytes:
    return SAMPLE.read_bytes()


@pytest.fixture(scope="session")
def sample_games(sample_bytes):
    games = python_chess_games(sample_bytes)
    assert len(games) == 312
    return games
