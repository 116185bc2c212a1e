#!/usr/bin/env python3
"""Writes san_moves.txt: 2,000 moves as played in real games, with the
position before each.

1,000 from lichess online games, 1,000 from TWIC over-the-board games
(/work/shared/corpus/bench/), the move of every 7th ply of each game's
mainline (plies 7, 14, 21, ...), standard chess only, games read in file
order. Each line is `<fen>|<san>`: the FEN before the move and the move in
PGN export SAN with its `+`/`#` suffix (python-chess's `Board.san()`, which
is how both sources write their moves). Needs python-chess 1.11.2
(`pip install chess==1.11.2`).

    python3 benches/data/make_san_moves.py > benches/data/san_moves.txt
"""
import sys

import chess.pgn

SOURCES = [
    "/work/shared/corpus/bench/lichess_db_1000k.pgn",
    "/work/shared/corpus/bench/twic1599_1000k.pgn",
]
PER_SOURCE = 1000
EVERY = 7

for path in SOURCES:
    taken = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while taken < PER_SOURCE:
            game = chess.pgn.read_game(f)
            if game is None:
                sys.exit(f"{path}: only {taken} moves")
            if game.errors or game.headers.get("Variant", "Standard") != "Standard":
                continue
            board = game.board()
            for ply, move in enumerate(game.mainline_moves(), 1):
                if ply % EVERY == 0:
                    print(f"{board.fen()}|{board.san(move)}")
                    taken += 1
                    if taken == PER_SOURCE:
                        break
                board.push(move)
