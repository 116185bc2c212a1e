#!/usr/bin/env python3
# The content of a PGN file as python-chess reads it, one event a line, for
# tests/cli/main.rs (`convert --to pgn` keeps every game's content).
#
# Exact command for the committed fixture (run from the worktree root,
# python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/pgn_events.py tests/data/cli/small.pgn src/cli/sample.pgn \
#       > tests/data/cli/export.events.txt
#
# The CI test `pgn_export_read_by_python_chess` (tests/cli/main.rs, ignored,
# run by .ci/run) runs this script on movetext's output and compares with
# the fixture.
#
# Every game of each file is read with `chess.pgn.read_game` (each line
# decoded as UTF-8, or, if it is not UTF-8, as Windows-1252 with its five
# unassigned bytes taken as Latin-1: the old files' encoding, as movetext
# reads it) and walked with python-chess's own traversal
# (`Game.accept`, PGN order). Lines:
#   game <n>            a game begins (n from 1, over all files)
#   tag <name> <value>  every header, in python-chess's order (the Seven Tag
#                       Roster first, its missing tags filled with `?`,
#                       `????.??.??` or `*`; then the others in file order);
#                       the value between the quotes with the PGN escapes
#                       `\"` and `\\` undone (python-chess 1.11.2 keeps them)
#   comment <text>      a comment, whitespace runs collapsed to one space;
#                       python-chess joins the comments of one place into one
#   move <san>          a move, in python-chess's SAN (`board.san`)
#   nag <n>             a NAG (a move glyph such as `!` read as its NAG),
#                       sorted by number after each move
#   ( / )               a variation begins / ends
#   result <r>          the Result tag, which python-chess writes as the result
#   error <text>        an error python-chess reports (in the fixture only
#                       `empty fen`, for the sample's game with `[FEN ""]`
#                       and no moves; python-chess gives its tags only)

import codecs
import io
import logging
import re
import sys

import chess
import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

ESCAPE = re.compile(r'\\([\\"])')


def latin1_unassigned(error):
    return (error.object[error.start:error.end].decode("latin-1"), error.end)


codecs.register_error("latin1_unassigned", latin1_unassigned)


def decode(data):
    lines = []
    for line in data.splitlines(keepends=True):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("cp1252", errors="latin1_unassigned"))
    return "".join(lines)


def tag(name, value):
    return "tag %s %s" % (name, ESCAPE.sub(r"\1", value))


class Events(chess.pgn.BaseVisitor):
    def __init__(self, out):
        self.out = out

    def visit_header(self, name, value):
        self.out.append(tag(name, value))

    def visit_comment(self, comment):
        text = " ".join(comment.split())
        if text:
            self.out.append("comment " + text)

    def visit_move(self, board, move):
        self.out.append("move " + board.san(move))

    def visit_nag(self, nag):
        self.out.append("nag %d" % nag)

    def begin_variation(self):
        self.out.append("(")

    def end_variation(self):
        self.out.append(")")

    def visit_result(self, result):
        self.out.append("result " + result)

    def result(self):
        return None


def main():
    out = []
    n = 0
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            text = decode(f.read())
        stream = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            n += 1
            out.append("game %d" % n)
            try:
                game.board()
            except ValueError as e:
                # e.g. `[FEN ""]`: python-chess cannot walk the game; its
                # headers and the error are all it gives.
                for name, value in game.headers.items():
                    out.append(tag(name, value))
                out.append("error %s" % e)
                continue
            game.accept(Events(out))
            for e in game.errors:
                out.append("error %s" % " ".join(str(e).split()))
    sys.stdout.write("# python-chess %s, scripts/pgn_events.py %s\n"
                     % (chess.__version__, " ".join(sys.argv[1:])))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
