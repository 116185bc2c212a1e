#!/usr/bin/env python3
# Produces tests/data/reference/sample_totals.txt.
#
# Exact command (run from the worktree root, python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/sample_totals.py /work/shared/corpus/sample.pgn \
#       > tests/data/reference/sample_totals.txt
#
# Totals over every game of sample.pgn, split and read as in
# scripts/pgn_split.py (the games of sample_games.txt): moves of the
# mainlines and of the variations (every node of python-chess's game tree but
# the root), each split into null moves (`--`, python-chess's Move.null())
# and others, and the variations (one per side line: every child node but the
# first of its parent). One `<name> <value>` a line.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_split import read_all, split_games  # noqa: E402

import chess  # noqa: E402


def main():
    t = dict(games=0, mainline_moves=0, mainline_nulls=0, variation_moves=0,
             variation_nulls=0, variations=0)
    with open(sys.argv[1], "rb") as f:
        for chunk in split_games(f):
            for game, _errors, e in read_all(chunk):
                t["games"] += 1
                assert e is None
                # (node, on the mainline)
                stack = [(game, True)]
                while stack:
                    node, main = stack.pop()
                    t["variations"] += max(0, len(node.variations) - 1)
                    for k, child in enumerate(node.variations):
                        on_main = main and k == 0
                        null = not child.move
                        key = "mainline" if on_main else "variation"
                        t[key + "_moves"] += 1
                        t[key + "_nulls"] += int(null)
                        stack.append((child, on_main))
    print("# sample.pgn totals, python-chess %s, scripts/sample_totals.py" % chess.__version__)
    for k, v in t.items():
        print(k, v)


if __name__ == "__main__":
    main()
