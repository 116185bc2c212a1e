#!/usr/bin/env python3
# Produces tests/data/reference/san_lan.txt and tests/data/reference/san_lan_960.txt.
#
# Exact command (run from the worktree root, python-chess 1.11.2, Python 3.11.7):
#
#   python3 scripts/san_lan.py tests/data/reference/san_lan.txt tests/data/reference/san_lan_960.txt
#
# Inputs (read-only): /work/shared/corpus/sample.pgn, /work/shared/perft/perftsuite.epd,
# /work/shared/perft/chess960.epd. Deterministic (random.Random(12345)).
#
# Line format (both files), '#' lines are comments:
#   <fen>|<uci> <san> <lan>;<uci> <san> <lan>;...
# one triple for EVERY legal move, sorted by the UCI string; `san` and `lan` are
# python-chess `board.san(m)` / `board.lan(m)`. A position without legal moves
# gives `<fen>|` (only the two such positions at the end of group F).
#
# san_lan.txt (standard chess, `board.fen()` = X-FEN with `KQkq`; the en passant
# square is written only when an en passant capture is legal; UCI castling e1g1):
#   group A: 2,000 positions from sample.pgn mainlines (error-free, non-Chess960
#            games): the position before every ply and after the last ply,
#            in file order; every STRIDE-th one, duplicates (by FEN) dropped.
#   group B: 1,000 positions from random playouts from the start position,
#            random.Random(12345); moves chosen uniformly among the legal moves
#            sorted by UCI. 600 plain playouts (length randint(1, 150), final
#            position kept if not game over, else the playout is redrawn); then
#            50 each for 8 features (the first position of a playout, in ply
#            order, that shows the feature): in check, promotion legal, en
#            passant legal, castling legal, SAN needs file disambiguation, SAN
#            needs rank disambiguation (or both), a mating move exists, double check.
#   group C: every valid position of /work/shared/perft/perftsuite.epd (deduplicated).
#   group F: hand-written positions (HANDMADE below): full-square disambiguation
#            (Qa1b2), eight knights on one target, castling with mate, en passant
#            with discovered check, en passant illegal by pin, en passant as check
#            evasion, promotions with capture/check, castling through an attacked
#            square, pinned-piece non-disambiguation, pawn capture pairs; plus a
#            checkmated and a stalemated position, written as `<fen>|` (no moves).
# san_lan_960.txt (Chess960, chess.Board(fen, chess960=True), FEN written as
# Shredder-FEN `board.shredder_fen()`, UCI castling king-takes-rook via
# `board.uci(m, chess960=True)`):
#   group D: every 20th line of /work/shared/perft/chess960.epd (48 positions).
#   group E: 40 positions from the Chess960 games of sample.pgn (every STRIDE-th
#            position, as in group A), which have castling rights mid-game.
#   group G: hand-written Chess960 castling cases (HANDMADE_960 below): king that
#            does not move (g1 with rook h1, c1 with rook a1), king and rook that
#            swap (d1/c1), adjacent king and rook (f1/g1), castling blocked by a
#            piece, both castlings available, rook attacked.

import io
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_split import read_all, split_games  # noqa: E402

import chess  # noqa: E402

SAMPLE = "/work/shared/corpus/sample.pgn"
PERFT = "/work/shared/perft/perftsuite.epd"
PERFT960 = "/work/shared/perft/chess960.epd"


HANDMADE = [
    "4k3/8/8/8/8/Q1Q5/8/Q1Q4K w - - 0 1",           # Qa1b2 / Qa3b2 / Qc1b2 / Qc3b2
    "k7/8/8/2N1N3/1N3N2/8/1N3N2/2N1N2K w - - 0 1",  # eight knights reach d3
    "7k/8/8/8/R7/8/8/R3R2K w - - 0 1",              # Rac1/Rec1, R1a2/R4a2
    "2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1",         # O-O-O#
    "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",            # exd6+ (discovered, en passant)
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",              # bxc6 e.p. illegal (pin)
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",            # exd3 e.p. evades check
    "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",             # axb8=Q+, a8=N ...
    "4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1",             # axb1=Q+ ...
    "4k3/8/8/8/8/8/6b1/R3K2R w KQ - 0 1",           # O-O illegal (f1 attacked)
    "4k3/4r3/8/8/8/1N6/4N3/4K3 w - - 0 1",          # Nd4 (Ne2 pinned)
    "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",          # cxd5 / exd5
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",         # both sides castle
    "4R2k/6pp/8/8/8/8/8/6K1 b - - 0 1",            # checkmated: no moves
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",               # stalemated: no moves
]

HANDMADE_960 = [
    "4k3/8/8/8/8/8/8/RK6 w A - 0 1",                # O-O-O: Kb1->c1, Ra1->d1
    "4k3/8/8/8/8/8/8/6KR w H - 0 1",                # O-O: king stays on g1
    "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",               # O-O: adjacent king and rook
    "4k3/8/8/8/8/8/8/R1K5 w A - 0 1",               # O-O-O: king stays on c1
    "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",               # O-O-O: king and rook swap
    "4k3/8/8/8/8/8/8/RNK5 w A - 0 1",               # O-O-O blocked by Nb1
    "1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1",         # both castlings, both sides
    "1r4kr/8/8/8/8/8/8/1R4KR b BHbh - 0 1",
    "r3k3/8/8/8/8/8/8/RK6 w A - 0 1",               # rook a1 attacked: still O-O-O
    "3rk3/8/8/8/8/8/8/1K5R w H - 0 1",              # O-O illegal: king passes d1, attacked
]


def line_for(board, chess960=False):
    triples = []
    for m in board.legal_moves:
        u = board.uci(m, chess960=chess960)
        triples.append((u, board.san(m), board.lan(m)))
    triples.sort()
    fen = board.shredder_fen() if chess960 else board.fen()
    return fen + "|" + ";".join("%s %s %s" % t for t in triples)


def sample_positions(want_960):
    """All positions (Board copies) of error-free sample.pgn mainlines, in order."""
    out = []
    with open(SAMPLE, "rb") as f:
        for chunk in split_games(f):
            for game, errors, e in read_all(chunk):
                if e is not None or errors:
                    continue
                board = game.board()
                if board.chess960 != want_960:
                    continue
                out.append(board.copy(stack=False))
                for m in game.mainline_moves():
                    board.push(m)
                    out.append(board.copy(stack=False))
    return out


def every_nth(positions, count, chess960=False):
    """`count` unique, non-game-over positions taken at a fixed stride."""
    stride = max(1, len(positions) // (count + count // 5))
    seen = set()
    chosen = []
    for i in range(stride // 2, len(positions), stride):
        b = positions[i]
        fen = b.shredder_fen() if chess960 else b.fen()
        if fen in seen or not any(b.legal_moves):
            continue
        seen.add(fen)
        chosen.append(b)
        if len(chosen) == count:
            break
    return chosen, stride


def sans(board):
    return [board.san(m) for m in board.legal_moves]


def disamb_kind(board):
    """Set of 'file'/'rank'/'both' disambiguations used by any legal move's SAN."""
    kinds = set()
    for m in board.legal_moves:
        p = board.piece_type_at(m.from_square)
        if p in (chess.PAWN, chess.KING) or board.is_castling(m):
            continue
        s = board.san(m).rstrip("+#")
        body = s[1:].replace("x", "")
        extra = body[:-2]  # what stands between the piece letter and the target
        if len(extra) == 1:
            kinds.add("file" if extra.isalpha() else "rank")
        elif len(extra) == 2:
            kinds.add("both")
    return kinds


FEATURES = [
    ("check", lambda b: b.is_check()),
    ("promotion", lambda b: any(m.promotion for m in b.legal_moves)),
    ("en passant", lambda b: b.has_legal_en_passant()),
    ("castling", lambda b: any(b.is_castling(m) for m in b.legal_moves)),
    ("file disambiguation", lambda b: "file" in disamb_kind(b)),
    ("rank or square disambiguation", lambda b: bool({"rank", "both"} & disamb_kind(b))),
    ("mate in one", lambda b: any(s.endswith("#") for s in sans(b))),
    ("double check", lambda b: len(b.checkers()) >= 2),
]


def random_positions(rng, seen):
    out = []

    def pick(board):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        return rng.choice(moves)

    # 600 plain playouts
    while len(out) < 600:
        n = rng.randint(1, 150)
        board = chess.Board()
        for _ in range(n):
            if board.is_game_over():
                break
            board.push(pick(board))
        if board.is_game_over() or board.fen() in seen:
            continue
        seen.add(board.fen())
        out.append(("plain", board.copy(stack=False)))
    # 50 per feature
    for name, test in FEATURES:
        got = 0
        while got < 50:
            n = rng.randint(1, 150)
            board = chess.Board()
            for _ in range(n):
                if board.is_game_over():
                    break
                board.push(pick(board))
                if not board.is_game_over() and test(board) and board.fen() not in seen:
                    seen.add(board.fen())
                    out.append((name, board.copy(stack=False)))
                    got += 1
                    break
    return out


def main():
    out_std, out_960 = sys.argv[1:3]
    rng = random.Random(12345)
    lines = []

    pos = sample_positions(False)
    chosen, stride = every_nth(pos, 2000)
    assert len(chosen) == 2000, len(chosen)
    seen = {b.fen() for b in chosen}
    lines.append("# group A: %d positions of sample.pgn standard mainlines (%d in all), stride %d"
                 % (len(chosen), len(pos), stride))
    lines += [line_for(b) for b in chosen]

    rnd = random_positions(rng, seen)
    lines.append("# group B: %d positions from random playouts, random.Random(12345): 600 plain, "
                 "then 50 each: %s" % (len(rnd), ", ".join(n for n, _ in FEATURES)))
    lines += [line_for(b) for _, b in rnd]

    perft = []
    for raw in open(PERFT):
        fen = raw.split(";")[0].strip()
        if not fen:
            continue
        b = chess.Board(fen)
        if not b.is_valid() or b.fen() in seen or not any(b.legal_moves):
            continue
        seen.add(b.fen())
        perft.append(b)
    lines.append("# group C: %d valid, distinct positions of perft/perftsuite.epd" % len(perft))
    lines += [line_for(b) for b in perft]

    hand = [chess.Board(fen) for fen in HANDMADE]
    for b in hand:
        assert b.is_valid(), b.fen()
    lines.append("# group F: %d hand-written positions (last two: checkmate, stalemate)" % len(hand))
    lines += [line_for(b) for b in hand]

    with open(out_std, "w") as f:
        f.write("# python-chess %s, scripts/san_lan.py; <fen>|<uci> <san> <lan>;... sorted by uci\n"
                % chess.__version__)
        for l in lines:
            f.write(l + "\n")

    lines = []
    epd = [l.split(";")[0].strip() for l in open(PERFT960) if l.strip()]
    d = [chess.Board(fen, chess960=True) for fen in epd[::20]]
    lines.append("# group D: every 20th line of perft/chess960.epd (%d positions)" % len(d))
    lines += [line_for(b, True) for b in d]
    pos = sample_positions(True)
    chosen, stride = every_nth(pos, 40, chess960=True)
    lines.append("# group E: %d positions of sample.pgn Chess960 mainlines (%d in all), stride %d"
                 % (len(chosen), len(pos), stride))
    lines += [line_for(b, True) for b in chosen]
    hand = [chess.Board(fen, chess960=True) for fen in HANDMADE_960]
    for b in hand:
        assert b.is_valid(), b.fen()
    lines.append("# group G: %d hand-written Chess960 castling positions" % len(hand))
    lines += [line_for(b, True) for b in hand]
    with open(out_960, "w") as f:
        f.write("# python-chess %s, scripts/san_lan.py; Chess960; <shredder-fen>|<uci> <san> <lan>;... "
                "sorted by uci (castling king-takes-rook)\n" % chess.__version__)
        for l in lines:
            f.write(l + "\n")


if __name__ == "__main__":
    main()
