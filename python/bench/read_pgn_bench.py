"""movetext.read_pgn against rust-pgn-reader-python-binding and python-chess
on the same PGN file: games/s on one thread and on all cores, side by side
in one run. Take figures on a quiet machine only.

    pip install ./python rust-pgn-reader-python-binding chess==1.11.2
    python python/bench/read_pgn_bench.py [FILE.pgn|FILE.pgn.zst] [--repeat 3]

Default file: ../shared/corpus/online.pgn.zst (23,885 online games with
clocks), decompressed once to a temporary file so that every reader reads
the same plain PGN. The readers run in rounds, each once a round, --repeat
rounds; each figure is the median over the rounds (wall-clock and CPU
seconds, games/s), and each ratio the median of the ratios taken within a
round, with their range:

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
from functools import partial
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


def timed(task):
    """Wall and CPU seconds of one run of `task()`, and its result."""
    w, c = time.perf_counter(), time.process_time()
    result = task()
    return time.perf_counter() - w, time.process_time() - c, result


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
        tasks = []
        for threads, label in [(1, "1"), (cores, f"all ({cores})")]:
            tasks += [
                ("movetext read_pgn, lang=en", label, partial(run_movetext, path, threads, "en")),
                ("movetext read_pgn, lang=auto", label, partial(run_movetext, path, threads, "auto")),
                (
                    "movetext read_pgn, the binding's data",
                    label,
                    partial(run_movetext, path, threads, "en", BINDING_DATA),
                ),
                ("binding parse_games (split beforehand)", label, partial(run_binding, games, threads)),
                (
                    "binding parse_games (split in the run)",
                    label,
                    lambda threads=threads: run_binding(split_games(path), threads),
                ),
            ]
        tasks.append(("python-chess read_game", "1", partial(run_python_chess, path, args.chess_games)))
        # Round by round, every task once a round: a machine that slows
        # down for a while slows every reader alike, and each ratio is
        # taken within a round.
        runs = {(name, label): [] for name, label, _ in tasks}
        for _ in range(args.repeat):
            for name, label, task in tasks:
                runs[(name, label)].append(timed(task))
        rates = {}
        for name, label, _ in tasks:
            rounds = runs[(name, label)]
            rates[(name, label)] = [n / wall for wall, _, n in rounds]
            wall = statistics.median(w for w, _, _ in rounds)
            cpu = statistics.median(c for _, c, _ in rounds)
            n = rounds[-1][2]
            print(
                f"{name:<40} {label:>8} {n:>9,} games {wall:8.3f} s"
                f" (cpu {cpu:7.3f} s) {n / wall:>12,.0f} games/s",
                flush=True,
            )

        def ratio(a, b, digits=2) -> str:
            """The median of round-by-round ratios of games/s, and their range."""
            r = sorted(x / y for x, y in zip(rates[a], rates[b]))
            return f"{statistics.median(r):,.{digits}f}x ({r[0]:,.{digits}f}-{r[-1]:,.{digits}f})"

        print(f"\nratios: the median of {args.repeat} rounds (lowest-highest)")
        python_chess = ("python-chess read_game", "1")
        for label in ["1", f"all ({cores})"]:
            best = ("binding parse_games (split beforehand)", label)
            split = ("binding parse_games (split in the run)", label)
            for name, row in [
                ("default columns", "movetext read_pgn, lang=en"),
                ("the binding's data", "movetext read_pgn, the binding's data"),
            ]:
                mt = (row, label)
                print(
                    f"threads {label}, {name}: movetext / binding = {ratio(mt, best)}"
                    f" (split beforehand), {ratio(mt, split)} (split in the run);"
                    f" movetext / python-chess = {ratio(mt, python_chess, 0)}"
                )

if __name__ == "__main__":
    main()
