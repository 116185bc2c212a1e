# Shared helper for scripts/corpus_counts.py and scripts/sample_games.py.
#
# Splits a PGN byte stream into games the way /work/shared/corpus/SOURCES.md
# counts them: a tag line that follows movetext starts a new game, with or
# without a blank line before it. Each game is then decoded as UTF-8 with
# replacement and read alone with python-chess `chess.pgn.read_game`.
#
# Not a data generator by itself (no output file).

import io
import logging
import re

import chess
import chess.pgn

# python-chess logs PGN errors too; they are collected from game.errors instead.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

# A tag line: optional leading whitespace, '[', a tag name, whitespace, '"'.
# (`[%clk ...]` lines inside multi-line comments are NOT tag lines.)
TAG_LINE = re.compile(rb'^\s*\[[A-Za-z0-9_]+\s+"')


def open_bytes(path):
    """Binary stream of the (decompressed) file."""
    if path.endswith(".zst"):
        import zstandard

        raw = open(path, "rb")
        dctx = zstandard.ZstdDecompressor(max_window_size=2**31)
        return io.BufferedReader(dctx.stream_reader(raw, read_size=1 << 20), 1 << 20)
    return open(path, "rb")


def split_games(stream):
    """Yield each game's bytes.

    State machine over lines: `in_movetext` becomes true on any non-blank line
    that is not a tag line; a tag line seen while `in_movetext` is true ends the
    current game. Text before the first tag line stays with the first game.
    """
    buf = []
    in_movetext = False
    for line in stream:
        if TAG_LINE.match(line):
            if in_movetext:
                yield b"".join(buf)
                buf = []
                in_movetext = False
        elif line.strip():
            in_movetext = True
        buf.append(line)
    if buf and any(l.strip() for l in buf):
        yield b"".join(buf)


def read_all(game_bytes):
    """Read every game python-chess finds in one split chunk.

    Yields (game, errors_list, exception_or_None). Normally a chunk holds one
    game; stray text after a game's result (e.g. a tag line that lost its '[')
    makes `read_game` return a further (tagless) game, which is counted too:
    this reproduces the totals of SOURCES.md. If `read_game` raises, one
    (None, [], exc) is yielded and the rest of the chunk is skipped.
    """
    text = game_bytes.decode("utf-8", errors="replace")
    stream = io.StringIO(text)
    while True:
        try:
            game = chess.pgn.read_game(stream)
        except Exception as e:  # python-chess 1.11.2 raises IndexError on a few games
            yield None, [], e
            return
        if game is None:
            return
        yield game, list(game.errors), None


def mainline_plies(game):
    n = 0
    node = game
    while node.variations:
        node = node.variations[0]
        n += 1
    return n
