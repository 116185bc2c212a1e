"""movetext.read_pgn against rust-pgn-reader-python-binding and python-chess
on the same PGN file: games/s on one thread and on all cores, side by side
in one run. Take figures on a quiet machine only.

    pip install ./python rust-pgn-reader-python-binding chess==1.11.2
    python python/bench/read_pgn_bench.py [FILE.pgn|FILE.pgn.zst] [--repeat 3]

Default file: ../shared/corpus/online.pgn.zst (23,885 online games with
clocks), decompressed once to a temporary file so that every reader reads
the same plain PGN. Each figure is the median of --repeat runs (wall-clock
and CPU seconds, games/s):

- movetext: ``read_pgn(path)`` with the default columns, lang="en" and
  lang="auto": the file read, every move checked, a pyarrow.Table built.
  Then with the columns of what the binding gives (``BINDING_DATA``: the
  moves, clocks and evals per move, every tag, the error), lang="en". The
  binding also gives the board, castling rights, en passant file and
  halfmove clock of every position as NumPy arrays, which movetext has
  not (its opt-in ``fen`` column is text); the default columns give what
  the binding has not: the moves as SAN and UCI strings and the opening.
- the binding (4.x): ``parse_games`` over a pyarrow array of one string per
  game, the input its documentation starts from (a Parquet ``movetext``
  column). Two rows: the array made beforehand (its parse alone, the
  binding's best case) and made in the timed run (file read and split into
  games by Python, a regular expression at each ``[Event`` line).
- python-chess: ``chess.pgn.read_game`` over the first --chess-games games
  (one thread; it has no other), moves played on its board.

The ratios printed at the end are movetext (lang="en") over each peer, on
one thread and on all cores, with the default columns and with the
binding's data.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import re
import statistics
import sys
import time
from importlib import metadata
from pathlib import Path

import chess
import chess.pgn
import pyarrow as pa

import movetext
from bench_input import DEFAULT, TAGS, plain_pgn

try:
    import rust_pgn_reader_python_binding as binding
except ImportError:  # pragma: no cover - a message, not a traceback
    sys.exit("pip install rust-pgn-reader-python-binding (the peer this script times)")

# A game starts at an [Event tag at the start of a line (the corpus's
# files all have one per game).
GAME_START = re.compile(r"\n(?=\[Event )")

# The columns that hold what parse_games gives (bar its per-position
# boards): the moves, per-move clocks and evals, the headers, the error.
BINDING_DATA = [
    "game",
    *TAGS,
    "moves",
    "clocks",
    "evals",
    "mates",
    "error",
]


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def timed(task, repeat: int):
    """Median wall and CPU seconds of `task()`, and its last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = task()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), result


def split_games(path: Path) -> pa.ChunkedArray:
    """The file as one string per game, as the binding takes them."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return pa.chunked_array([pa.array([g for g in GAME_START.split(text) if g.strip()])])


def run_movetext(path: Path, threads, lang: str, columns=None) -> int:
    return movetext.read_pgn(path, threads=threads, lang=lang, columns=columns).num_rows


def run_binding(games: pa.ChunkedArray, threads: int) -> int:
    return binding.parse_games(games, num_threads=threads).num_games


def run_python_chess(path: Path, limit: int) -> int:
    n = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while n < limit and chess.pgn.read_game(f) is not None:
            n += 1
    return n


def main() -> None:
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)  # bad games: counted, not logged
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--chess-games", type=int, default=2000)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    with plain_pgn(args.file) as path:
        print(f"file: {args.file} ({path.stat().st_size / 1e6:.1f} MB of PGN)")
        print(f"CPU: {cpu_model()}, {cores} cores; Python {platform.python_version()}")
        version = metadata.version("rust-pgn-reader-python-binding")
        print(
            f"movetext {movetext.__version__}, rust-pgn-reader-python-binding {version},"
            f" python-chess {chess.__version__}"
        )
        games = split_games(path)
        print(
            f"{len(games):,} games split at [Event lines (the binding's input; a game"
            " without an Event tag stays with the one before)"
        )
        rates = {}

        def add(name, threads, task):
            wall, cpu, n = timed(task, args.repeat)
            rates[(name, threads)] = n / wall
            print(
                f"{name:<40} {threads:>8} {n:>9,} games {wall:8.3f} s"
                f" (cpu {cpu:7.3f} s) {n / wall:>12,.0f} games/s",
                flush=True,
            )

        for threads, label in [(1, "1"), (cores, f"all ({cores})")]:
            add("movetext read_pgn, lang=en", label, lambda: run_movetext(path, threads, "en"))
            add("movetext read_pgn, lang=auto", label, lambda: run_movetext(path, threads, "auto"))
            add(
                "movetext read_pgn, the binding's data",
                label,
                lambda: run_movetext(path, threads, "en", BINDING_DATA),
            )
            add("binding parse_games (split beforehand)", label, lambda: run_binding(games, threads))
            add(
                "binding parse_games (split in the run)",
                label,
                lambda: run_binding(split_games(path), threads),
            )
        add("python-chess read_game", "1", lambda: run_python_chess(path, args.chess_games))
        chess_rate = rates[("python-chess read_game", "1")]
        print()
        for label in ["1", f"all ({cores})"]:
            best = rates[("binding parse_games (split beforehand)", label)]
            split = rates[("binding parse_games (split in the run)", label)]
            for name, row in [
                ("default columns", "movetext read_pgn, lang=en"),
                ("the binding's data", "movetext read_pgn, the binding's data"),
            ]:
                mt = rates[(row, label)]
                print(
                    f"threads {label}, {name}: movetext / binding = {mt / best:.2f}x"
                    f" (split beforehand), {mt / split:.2f}x (split in the run);"
                    f" movetext / python-chess = {mt / chess_rate:,.0f}x"
                )


if __name__ == "__main__":
    main()
