"""What each group of columns costs movetext.read_pgn: the wall time of
``read_pgn(path, columns=["game"])`` (reading and checking every move, no
column but the game's number) and, beside it, that of each group added
alone, then the default columns. Best of --repeat runs, one thread,
lang="en". Take figures on a quiet machine only.

    pip install ./python
    python python/bench/read_pgn_columns.py [FILE.pgn|FILE.pgn.zst] [--repeat 7]

Default file: ../shared/corpus/online.pgn.zst (23,885 online games with
clocks), decompressed once to a temporary file.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import movetext
from bench_input import DEFAULT, TAGS, plain_pgn

# The default columns in groups, as the records reader fills them.
GROUPS = {
    "uci": ["uci"],
    "san": ["san"],
    "moves, ply_count": ["moves", "ply_count"],
    "clocks, evals, mates": ["clocks", "evals", "mates"],
    "opening_eco, opening_name": ["opening_eco", "opening_name"],
    "tags (17 columns and the map)": TAGS,
    "error, warnings, language": ["error", "warnings", "language"],
    "offset": ["offset"],
}


def best_of(path: Path, columns, repeat: int) -> tuple[float, int]:
    best, rows = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        rows = movetext.read_pgn(path, columns=columns, threads=1, lang="en").num_rows
        best = min(best, time.perf_counter() - start)
    return best, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with plain_pgn(args.file) as path:
        # The first call imports pyarrow (about 80 ms): not timed.
        movetext.read_pgn(b"1. e4 *\n")
        base, rows = best_of(path, ["game"], args.repeat)
        print(f"file: {args.file}, {rows:,} games; best of {args.repeat}, one thread")
        print(f"{'game only':<32} {base * 1e3:8.1f} ms {rows / base:>10,.0f} games/s")
        for name, columns in GROUPS.items():
            wall, _ = best_of(path, ["game", *columns], args.repeat)
            print(f"{'+ ' + name:<32} {wall * 1e3:8.1f} ms  (+{(wall - base) * 1e3:5.1f} ms)")
        wall, _ = best_of(path, None, args.repeat)
        print(f"{'default columns':<32} {wall * 1e3:8.1f} ms {rows / wall:>10,.0f} games/s")


if __name__ == "__main__":
    main()
