#!/usr/bin/env python3
"""Writes positions.fen: 2,000 distinct positions from real games.

1,000 from lichess online games, 1,000 from TWIC over-the-board games
(/work/shared/corpus/bench/), every 5th ply of each game's mainline
(plies 5, 10, 15, ...), first occurrence of a FEN only, games read in file
order. Needs python-chess 1.11.2 (`pip install chess==1.11.2`).

    python3 benches/data/make_positions.py > benches/data/positions.fen
"""
import sys

import chess.pgn

SOURCES = [
    "/work/shared/corpus/bench/lichess_db_1000k.pgn",
    "/work/shared/corpus/bench/twic1599_1000k.pgn",
]
PER_SOURCE = 1000
EVERY = 5

seen = set()
for path in SOURCES:
    taken = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while taken < PER_SOURCE:
            game = chess.pgn.read_game(f)
            if game is None:
                sys.exit(f"{path}: only {taken} positions")
            if game.errors or game.headers.get("Variant", "Standard") != "Standard":
                continue
            board = game.board()
            for ply, move in enumerate(game.mainline_moves(), 1):
                board.push(move)
                if ply % EVERY or board.is_game_over():
                    continue
                fen = board.fen()
                if fen in seen:
                    continue
                seen.add(fen)
                print(fen)
                taken += 1
                if taken == PER_SOURCE:
                    break
