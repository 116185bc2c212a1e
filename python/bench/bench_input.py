"""The input the Python benchmarks read: the shared corpus's online games
by default, a compressed file decompressed once to plain PGN so that every
reader timed reads the same bytes."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = next(
    (p for p in [REPO.parent / "shared", Path("/work/shared")] if p.is_dir()),
    REPO.parent / "shared",
)
DEFAULT = SHARED / "corpus" / "online.pgn.zst"

# The tag columns (as Lichess/standard-chess-games names them) and the map
# of the other tags.
TAGS = [
    "Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle",
    "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "UTCDate",
    "UTCTime", "ECO", "Opening", "Termination", "TimeControl", "tags",
]


@contextlib.contextmanager
def plain_pgn(name: str):
    """The file `name` as plain PGN (a `.zst` file decompressed with zstd
    into a temporary folder, removed afterwards); exits with a message if
    it does not exist."""
    source = Path(name)
    if not source.exists():
        sys.exit(f"{source}: no such file (the default needs ../shared/corpus)")
    if source.suffix != ".zst":
        yield source
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / source.stem
        with open(path, "wb") as out:
            subprocess.run(["zstd", "-dcq", str(source)], stdout=out, check=True)
        yield path
