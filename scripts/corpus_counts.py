#!/usr/bin/env python3
# Produces tests/data/reference/corpus_counts.txt.
#
# Exact command (run from the worktree root, python-chess 1.11.2, zstandard 0.25.0,
# Python 3.11.7):
#
#   nice -n 10 python3 scripts/corpus_counts.py > tests/data/reference/corpus_counts.txt
#
# For every corpus file: games (split as in /work/shared/corpus/SOURCES.md, see
# scripts/pgn_split.py), games read without error (game.errors empty and no
# exception), games on which read_game raised, and mainline plies summed over
# all games and over the error-free games. split_chunks = pieces after the
# tag-line split; games = games python-chess returns from those pieces (a
# piece can hold more than one, see pgn_split.read_all). One file at a time, streaming.
# Single process; takes ~15 minutes (human-pgnmentor alone ~10 minutes).

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_split import open_bytes, mainline_plies, read_all, split_games  # noqa: E402

import chess  # noqa: E402

CORPUS = "/work/shared/corpus"
FILES = [
    "sample.pgn",
    "human-pgnmentor.pgn.zst",
    "engine-tcec.pgn.zst",
    "engine-tcec-960.pgn.zst",
    "online.pgn.zst",
    "annotated-misc.pgn.zst",
    "bench/lichess_db_1000k.pgn",
    "bench/twic1599_1000k.pgn",
]


def count(path):
    chunks = games = ok = exc = plies_all = plies_ok = nbytes = 0
    with open_bytes(path) as f:
        for gb in split_games(f):
            nbytes += len(gb)
            chunks += 1
            for game, errors, e in read_all(gb):
                games += 1
                if e is not None:
                    exc += 1
                    continue
                plies = mainline_plies(game)
                plies_all += plies
                if not errors:
                    ok += 1
                    plies_ok += plies
    return nbytes, chunks, games, ok, exc, plies_all, plies_ok


def main():
    files = sys.argv[1:] or FILES
    print("# python-chess %s; made by scripts/corpus_counts.py" % chess.__version__)
    print("# columns: file (relative to /work/shared/corpus) uncompressed_bytes"
          " split_chunks games error_free raised plies_all plies_error_free")
    sys.stdout.flush()
    for rel in files:
        r = count(os.path.join(CORPUS, rel))
        print(rel, *r)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
