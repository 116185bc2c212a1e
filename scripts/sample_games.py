#!/usr/bin/env python3
# Produces tests/data/reference/sample_games.txt and
# tests/data/reference/sample_errors.txt.
#
# Exact command (run from the worktree root, python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/sample_games.py /work/shared/corpus/sample.pgn \
#       tests/data/reference/sample_games.txt tests/data/reference/sample_errors.txt
#
# sample_games.txt, one line per game (split and read as in scripts/pgn_split.py,
# i.e. the SOURCES.md counting method):
#   <game index from 1> <mainline plies> <error-free 0/1> <uci moves of the mainline>
# (no trailing space when a game has no moves). UCI is `board.uci(move)` from
# python-chess, so castling is e1g1/e1c1 in standard games and king-takes-rook
# (e1h1) in games python-chess plays in Chess960 mode (Variant tag
# chess960/fischerandom/...); those indices are listed in the header comment.
# A game on which read_game raised is written as `<index> 0 0` plus `raised`.
#
# sample_errors.txt: one line per game with errors, `<index>\t<error text>`
# (several errors of one game joined with ` | `), plus its White/Black/FEN.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_split import mainline_plies, read_all, split_games  # noqa: E402

import chess  # noqa: E402


def main():
    src, out_games, out_errors = sys.argv[1:4]
    lines = []
    errs = []
    c960 = []
    idx = 0
    with open(src, "rb") as f:
        for chunk in split_games(f):
            for game, errors, e in read_all(chunk):
                idx += 1
                if e is not None:
                    lines.append("%d 0 0 raised" % idx)
                    errs.append("%d\traised %s: %s" % (idx, type(e).__name__, e))
                    continue
                try:
                    board = game.board()
                except ValueError:  # e.g. [FEN ""]: python-chess keeps no moves then
                    board = None
                    assert not game.variations
                if board is not None and board.chess960:
                    c960.append(idx)
                ucis = []
                for m in game.mainline_moves():
                    ucis.append(board.uci(m))
                    board.push(m)
                assert len(ucis) == mainline_plies(game)
                ok = 0 if errors else 1
                lines.append(" ".join([str(idx), str(len(ucis)), str(ok)] + ucis))
                if errors:
                    h = game.headers
                    errs.append("%d\t%s\t(White %r, Black %r, FEN %r)" % (
                        idx, " | ".join("%s: %s" % (type(x).__name__, x) for x in errors),
                        h.get("White"), h.get("Black"), h.get("FEN")))
    with open(out_games, "w") as f:
        f.write("# sample.pgn per game, python-chess %s, scripts/sample_games.py\n" % chess.__version__)
        f.write("# <index> <plies> <error-free 0/1> <uci...>; %d games\n" % idx)
        f.write("# chess960-mode games (castling written king-takes-rook): %s\n"
                % (" ".join(map(str, c960)) or "none"))
        for l in lines:
            f.write(l + "\n")
    with open(out_errors, "w") as f:
        f.write("# sample.pgn games python-chess %s reports errors on (or raises on)\n" % chess.__version__)
        f.write("# <index>\\t<error(s)>\\t(White, Black, FEN)\n")
        for l in errs:
            f.write(l + "\n")


if __name__ == "__main__":
    main()
