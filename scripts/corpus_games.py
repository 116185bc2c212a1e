#!/usr/bin/env python3
# Produces tests/data/reference/corpus_blocks.txt and
# tests/data/reference/corpus_errors.txt (and, for tracing a difference, the
# per-game file they are made from).
#
# Exact command (run from the worktree root, python-chess 1.11.2, zstandard 0.25.0,
# Python 3.11.7; 30-50 minutes on the shared 2-core machine):
#
#   nice -n 10 python3 scripts/corpus_games.py /work/shared/corpus \
#       target/corpus_games.txt tests/data/reference/corpus_errors.txt
#   python3 scripts/corpus_games.py --blocks target/corpus_games.txt \
#       > tests/data/reference/corpus_blocks.txt
#
# Every game of the five files of the mixed corpus and of the two bench files
# is split and read exactly as scripts/corpus_counts.py counts them (see
# scripts/pgn_split.py: chunks cut at tag lines that follow movetext, each
# chunk read with `read_game` until it returns None).
#
# corpus_games.txt (1.4 MB, not committed): a line `= <file>` starts each
# file (path relative to the corpus folder), then one line per split chunk,
# in file order:
#   <plies><flag>[ <plies><flag>...]
# one `<plies><flag>` per game python-chess reads from the chunk (normally
# one; more when stray text after a result reads as further tagless games),
# where plies = mainline moves (null moves included) and flag = nothing (no
# errors), `e` (game.errors not empty) or `r` (read_game raised; plies 0, the
# chunk's rest skipped).
#
# corpus_blocks.txt (committed, 10 KB): the same, folded into blocks of 1,000
# chunks: after each `= <file>` line, one line per block
#   <first chunk from 1> <chunks> <CRC-32 of the block's lines, each ending in \n, 8 hex digits>
# (CRC-32 as zlib.crc32, the IEEE polynomial). tests/validate/corpus.rs
# rebuilds each block's lines from movetext's games and compares; pointed at
# corpus_games.txt (CORPUS_GAMES=path) it names every differing game.
#
# corpus_errors.txt: one line per game with errors or raising:
#   <file>\t<chunk>.<game in chunk>\t<plies>\t<error(s)>\t<Event|White|Black|Round>

import os
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_split import mainline_plies, open_bytes, read_all, split_games  # noqa: E402

import chess  # noqa: E402

FILES = [
    "human-pgnmentor.pgn.zst",
    "engine-tcec.pgn.zst",
    "engine-tcec-960.pgn.zst",
    "online.pgn.zst",
    "annotated-misc.pgn.zst",
    "bench/lichess_db_1000k.pgn",
    "bench/twic1599_1000k.pgn",
]

BLOCK = 1000


def one_line(s):
    return " ".join(str(s).split())


def games(corpus, out_games, out_errors):
    with open(out_games, "w") as g, open(out_errors, "w") as e:
        g.write("# python-chess %s per game, scripts/corpus_games.py\n" % chess.__version__)
        e.write("# python-chess %s: games with errors or raising, scripts/corpus_games.py\n"
                % chess.__version__)
        e.write("# <file>\\t<chunk>.<game in chunk>\\t<plies>\\t<error(s)>\\t<Event|White|Black|Round>\n")
        for rel in FILES:
            g.write("= %s\n" % rel)
            with open_bytes(os.path.join(corpus, rel)) as f:
                for chunk_no, chunk in enumerate(split_games(f), 1):
                    fields = []
                    for k, (game, errors, exc) in enumerate(read_all(chunk), 1):
                        if exc is not None:
                            fields.append("0r")
                            e.write("%s\t%d.%d\t0\traised %s: %s\t\n" % (
                                rel, chunk_no, k, type(exc).__name__, one_line(exc)))
                            continue
                        plies = mainline_plies(game)
                        fields.append("%d%s" % (plies, "e" if errors else ""))
                        if errors:
                            h = game.headers
                            e.write("%s\t%d.%d\t%d\t%s\t%s\n" % (
                                rel, chunk_no, k, plies,
                                " | ".join("%s: %s" % (type(x).__name__, one_line(x))
                                           for x in errors),
                                "|".join(one_line(h.get(t, "")) for t in
                                         ("Event", "White", "Black", "Round"))))
                    g.write(" ".join(fields) + "\n")
            g.flush()
            e.flush()


def blocks(path):
    out = sys.stdout
    out.write("# python-chess %s per block of %d games, scripts/corpus_games.py --blocks\n"
              % (chess.__version__, BLOCK))
    out.write("# <first chunk> <chunks> <crc32 of their lines>\n")

    def flush(first, lines):
        if lines:
            out.write("%d %d %08x\n" % (first, len(lines),
                                         zlib.crc32("".join(lines).encode())))

    first, lines, n = 1, [], 0
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            if line.startswith("= "):
                flush(first, lines)
                out.write(line)
                first, lines, n = 1, [], 0
                continue
            n += 1
            lines.append(line)
            if len(lines) == BLOCK:
                flush(first, lines)
                first, lines = n + 1, []
    flush(first, lines)


def main():
    if sys.argv[1] == "--blocks":
        blocks(sys.argv[2])
    else:
        games(*sys.argv[1:4])


if __name__ == "__main__":
    main()
