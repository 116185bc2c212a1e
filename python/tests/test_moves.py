"""The small functions against python-chess 1.11.2 and published perft
counts."""

import os
import signal
import threading
import time

import chess
import pytest

import movetext

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def start_board(game):
    """python-chess's start position of `game`; None for the sample's game
    with an empty FEN tag (and no moves)."""
    try:
        return game.board()
    except ValueError:
        assert not list(game.mainline_moves())
        return None


def fen_of(board):
    """The FEN that movetext reads as python-chess's board: Shredder-FEN
    castling for Chess960 (`HFhf`), where `KQkq` would read as standard."""
    return board.shredder_fen() if board.chess960 else board.fen()


def test_every_sample_move_both_ways(sample_games):
    """Every mainline move of the sample: SAN to UCI and UCI to SAN agree
    with python-chess in its position (Chess960 castling onto the rook)."""
    moves = 0
    chess960 = 0
    for game in sample_games:
        board = start_board(game)
        if board is None:
            continue
        chess960 += board.chess960
        for move in game.mainline_moves():
            fen = fen_of(board)
            san, uci = board.san(move), board.uci(move)
            assert movetext.san_to_uci(fen, san) == uci, (fen, san)
            assert movetext.uci_to_san(fen, uci) == san, (fen, uci)
            board.push(move)
            moves += 1
    assert moves == 21293
    assert chess960 == 9


def test_convert_whole_sample_to_uci(sample_bytes, sample_games):
    expected = []
    for game in sample_games:
        board, ucis = start_board(game), []
        for move in game.mainline_moves():
            ucis.append(board.uci(move))  # e1h1 for Chess960 castling
            board.push(move)
        expected.append(" ".join(ucis))
    assert movetext.convert(sample_bytes, to="uci").split("\n") == expected


def test_convert_whole_sample_to_san(sample_bytes, sample_games):
    expected = []
    for game in sample_games:
        board, sans = start_board(game), []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        expected.append(" ".join(sans))
    assert movetext.convert(sample_bytes, to="san", lang="en").split("\n") == expected


def test_convert_languages_and_notations():
    polish = "1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. O-O *"
    uci = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1"
    assert movetext.convert(polish, lang="auto") == uci
    assert movetext.convert(polish, lang="pl") == uci
    with pytest.raises(movetext.InvalidMoveError, match=r"^1:13: game 1, move 2\. Sf3: not a move"):
        movetext.convert(polish)  # English by default: S is no piece letter
    assert movetext.convert(polish, to="san", lang="auto", to_lang="de") == "e4 e5 Sf3 Sc6 Lb5 a6 O-O"
    assert movetext.convert(uci, to="san") == "e4 e5 Nf3 Nc6 Bb5 a6 O-O"
    assert movetext.convert(polish, to="fan", lang="pl") == "e4 e5 ♘f3 ♞c6 ♗b5 a6 O-O"
    assert movetext.convert(polish, to="lan", lang="pl") == "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-b5 a7-a6 O-O"
    assert movetext.convert(polish, to="iccf", lang="pl") == "5254 5755 7163 2836 6125 1716 5171"
    assert movetext.convert(uci, to="descriptive") == "P-K4 P-K4 N-KB3 N-QB3 B-N5 P-QR3 O-O"
    # Comments, variations and the result are not written; games are lines.
    two = '[Event "a"]\n\n1. e4 {best} (1. d4 d5) e5 1-0\n\n[Event "b"]\n\n1. d4 -- *\n'
    assert movetext.convert(two) == "e2e4 e7e5\nd2d4 0000"
    assert movetext.convert(two.encode("latin-1"), to="san") == "e4 e5\nd4 --"
    assert movetext.convert("") == ""


def test_convert_error_has_place():
    text = '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. e4 e5 2. Ke3 Nc6 *\n'
    with pytest.raises(movetext.IllegalMoveError) as info:
        movetext.convert(text)
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, movetext.Error)
    assert (e.file, e.line, e.column, e.game) == (None, 7, 13, 2)
    assert e.reason == "game 2, move 2. Ke3: illegal move"
    assert str(e) == "7:13: game 2, move 2. Ke3: illegal move"
    with pytest.raises(movetext.AmbiguousMoveError, match=r"^3:26: game 1, move 3\. Nd2: ambiguous"):
        movetext.convert('[FEN "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"]\n\n1. Kf2 Kd7 2. Ke1 Kd8 3. Nd2 *')
    with pytest.raises(movetext.InvalidFenError):
        movetext.convert('[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *')
    with pytest.raises(ValueError, match="unknown notation"):
        movetext.convert("1. e4", to="xboard")
    with pytest.raises(ValueError, match='unknown language "xx"'):
        movetext.convert("1. e4", lang="xx")


def test_convert_passes_over_text_outside_games():
    # As `movetext check` warns of it: text after a result, before the
    # first game, a lichess line that lost its `[`.
    text = b'[Event "a"]\n\n1. e4 e5 *\n\nhello\n\n[Event "b"]\n\n1. d4 *\n'
    assert movetext.convert(text) == "e2e4 e7e5\nd2d4"
    assert movetext.convert(b"junk\n\n" + text) == "e2e4 e7e5\nd2d4"
    # With no game at all, the text is the error.
    with pytest.raises(movetext.Error, match=r'^1:1: before the first game, "hello": text outside') as info:
        movetext.convert(b"hello\n")
    assert info.value.game is None
    table = movetext.read_pgn(b'hello there\n\n[Event "x"]\n\n1. e4 *\n')
    assert table.column("warnings").to_pylist() == [
        ['1:1: before the first game, "hello there": text outside movetext']
    ]
    # A problem inside a game still raises, after a good game too.
    with pytest.raises(movetext.IllegalMoveError, match=r"^5:4: game 2, move 1\. Ke2"):
        movetext.convert(b"1. e4 e5 *\n\n[Event \"b\"]\n\n1. Ke2 *\n")


def test_single_move_errors():
    start = movetext.STARTING_FEN
    assert start == chess.STARTING_FEN
    with pytest.raises(movetext.IllegalMoveError) as info:
        movetext.san_to_uci(start, "Nf6")
    assert info.value.column == 1 and info.value.line is None
    with pytest.raises(movetext.InvalidMoveError) as info:
        movetext.san_to_uci(start, "Nz9")
    assert info.value.column == 2
    assert str(info.value).startswith('"Nz9", column 2: expected')
    fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
    with pytest.raises(movetext.AmbiguousMoveError) as info:
        movetext.san_to_uci(fen, "Nd2")
    assert str(info.value) == f'"Nd2": ambiguous (b1, f3) in "{fen}"'
    with pytest.raises(movetext.IllegalMoveError):
        movetext.uci_to_san(start, "e2e5")
    with pytest.raises(movetext.InvalidMoveError):
        movetext.uci_to_san(start, "e2")
    with pytest.raises(movetext.InvalidFenError) as info:
        movetext.perft("8/8/8/8/8/8/8/K6x w - - 0 1", 1)
    assert info.value.column == 17


def test_single_move_languages_and_forms():
    start = movetext.STARTING_FEN
    assert movetext.san_to_uci(start, "Sf3", lang="de") == "g1f3"
    assert movetext.san_to_uci(start, "Sf3", lang="auto") == "g1f3"
    assert movetext.san_to_uci(start, "♘f3") == "g1f3"
    assert movetext.san_to_uci(start, "Ng1-f3") == "g1f3"
    assert movetext.san_to_uci(start, "g1f3") == "g1f3"
    assert movetext.san_to_uci(start, "N-KB3") == "g1f3"
    assert movetext.uci_to_san(start, "g1f3", lang="de") == "Sf3"
    assert movetext.uci_to_san(start, "g1f3", lang="ru") == "Кf3"
    # Castling: e1g1 or onto the rook; promotion; check and mate suffixes.
    castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert movetext.uci_to_san(castle, "e1g1") == "O-O"
    assert movetext.uci_to_san(castle, "e1a1") == "O-O-O"
    assert movetext.san_to_uci(castle, "0-0-0") == "e1c1"
    assert movetext.uci_to_san("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q") == "a8=Q"
    assert movetext.uci_to_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8") == "Ra8#"
    assert movetext.san_to_uci(start, "--") == "0000"


@pytest.mark.parametrize(
    "fen, depth, nodes",
    [
        (chess.STARTING_FEN, 4, 197_281),
        (KIWIPETE, 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        # Chess960 (Shredder-FEN castling), from the published 960 suite.
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12_189),
        (chess.STARTING_FEN, 0, 1),
    ],
)
def test_perft(fen, depth, nodes):
    assert movetext.perft(fen, depth) == nodes


def test_perft_depth_out_of_range_is_a_value_error():
    with pytest.raises(ValueError, match=r"^depth must be 0 to 4294967295, not -1$"):
        movetext.perft(chess.STARTING_FEN, -1)
    with pytest.raises(ValueError, match=r"not 4294967296$"):
        movetext.perft(chess.STARTING_FEN, 2**32)
    with pytest.raises(ValueError, match=r"not 18446744073709551616$"):
        movetext.perft(chess.STARTING_FEN, 2**64)
    with pytest.raises(ValueError, match=r"not -340282366920938463463374607431768211456$"):
        movetext.perft(chess.STARTING_FEN, -(2**128))
    with pytest.raises(TypeError, match=r"^depth must be an int, not str$"):
        movetext.perft(chess.STARTING_FEN, "3")
    with pytest.raises(TypeError, match=r"^depth must be an int, not float$"):
        movetext.perft(chess.STARTING_FEN, 3.0)


def test_perft_deeper_than_a_subtree_counted_whole():
    # Depth 5 and 6 are counted as subtrees of 4 plies, between looks at
    # Python's signals.
    assert movetext.perft(chess.STARTING_FEN, 5) == 4_865_609
    assert movetext.perft(KIWIPETE, 5) == 193_690_690


def test_perft_stops_on_ctrl_c():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        movetext.perft(chess.STARTING_FEN, 30)
    assert time.monotonic() - start < 10
    timer.join()


def test_perft_agrees_with_python_chess():
    board = chess.Board(KIWIPETE)

    def count(depth):
        if depth == 0:
            return 1
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += count(depth - 1)
            board.pop()
        return total

    assert movetext.perft(KIWIPETE, 2) == count(2) == 2039
