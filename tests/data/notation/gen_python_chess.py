"""Writes python_chess_moves.txt: for positions from seeded random playouts,
every legal move as UCI, python-chess Board.san() and Board.lan().

Run: python3 gen_python_chess.py  (python-chess 1.11.2)
Format: a line `fen <FEN>` (`fen960 <FEN>` for Chess960), then one line per
legal move: `<uci> <san> <lan>`.
"""
import random

import chess

STARTS = [
    (chess.STARTING_FEN, False),
    # Many like pieces: triple disambiguation, promotions, en passant.
    ("3r3r/5k2/8/R7/4Q2Q/2K5/8/R6Q w - - 0 1", False),
    ("1n2k3/PPP5/8/3pP3/8/8/6pp/4K1N1 w - d6 0 1", False),
    ("8/1Q3Q2/8/k7/8/8/1Q3Q2/4K3 w - - 0 1", False),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", False),
    ("N3k3/8/8/NN6/8/8/8/4K1NN w - - 0 1", False),
    # Chess960 start positions (castling written king onto rook in UCI).
    ("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", True),
    ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", True),
    ("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1", True),
]

rng = random.Random(20260)
out = []
for fen, c960 in STARTS:
    for game in range(3 if not c960 else 2):
        board = chess.Board(fen, chess960=c960)
        assert board.is_valid(), fen
        for ply in range(40):
            moves = list(board.legal_moves)
            if not moves:
                break
            if ply % 2 == 0:
                out.append(("fen960 " if c960 else "fen ") + board.fen())
                for m in moves:
                    out.append(f"{m.uci()} {board.san(m)} {board.lan(m)}")
            board.push(rng.choice(moves))

with open("python_chess_moves.txt", "w") as f:
    f.write("\n".join(out) + "\n")
