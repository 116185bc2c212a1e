#!/usr/bin/env python3
# Produces tests/data/reference/arrow_games.txt: per game of
# tests/data/arrow/games.pgn, the mainline as python-chess reads it, for the
# exact-value tests of movetext::arrow (tests/arrow.rs).
#
# Exact command (run from the worktree root, python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/arrow_reference.py tests/data/arrow/games.pgn > tests/data/reference/arrow_games.txt
#
# tests/data/arrow/games.pgn holds, unchanged, games 1-16 of
# /work/shared/corpus/bench/lichess_db_1000k.pgn and the first two of its games
# with a mate evaluation (`[%eval #N]`), games 1-2 of
# /work/shared/corpus/bench/twic1599_1000k.pgn and the first two ASCII
# Chess960 games (`[Variant "fischerandom"]`) of /work/shared/corpus/sample.pgn.
#
# Output, one block per game, fields separated by one space:
#   game <index from 1> <mainline plies>
#   uci <board.uci(move)> ...          (king-takes-rook castling in Chess960)
#   san <board.san(move)> ...
#   polyglot <chess.polyglot.zobrist_hash(board) after each move, 16 hex digits> ...
#   fen <board.fen() after each move>|...   (X-FEN; en passant square only when legal)
#   clocks <int(node.clock()) or -> ...     (whole seconds, fraction dropped)
#   evals <node.eval().white(): cp, #N for a mate, - for none> ...
import sys

import chess
import chess.pgn
import chess.polyglot

with open(sys.argv[1], encoding="utf-8") as f:
    print(f"# python-chess {chess.__version__}: mainlines of {sys.argv[1]}")
    index = 0
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        index += 1
        assert not game.errors, (index, game.errors)
        board = game.board()
        uci, san, keys, fens, clocks, evals = [], [], [], [], [], []
        for node in game.mainline():
            move = node.move
            uci.append(board.uci(move))
            san.append(board.san(move))
            board.push(move)
            keys.append(f"{chess.polyglot.zobrist_hash(board):016x}")
            fens.append(board.fen())
            clock = node.clock()
            clocks.append("-" if clock is None else str(int(clock)))
            ev = node.eval()
            if ev is None:
                evals.append("-")
            elif ev.white().is_mate():
                evals.append(f"#{ev.white().mate()}")
            else:
                evals.append(str(ev.white().score()))
        print(f"game {index} {len(uci)}")
        print("uci " + " ".join(uci))
        print("san " + " ".join(san))
        print("polyglot " + " ".join(keys))
        print("fen " + "|".join(fens))
        print("clocks " + " ".join(clocks))
        print("evals " + " ".join(evals))
