"""read_pgn and iter_batches: the values against python-chess 1.11.2, every
kind of source, error rows, and the tables read by pyarrow, Polars and
DuckDB."""

import bz2
import gzip
import io
import lzma
import shutil
import subprocess
import sys
import textwrap

import chess
import chess.polyglot
import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import movetext
from conftest import SAMPLE

MOVE_COLUMNS = ["game", "ply_count", "uci", "san", "moves", "error", "polyglot", "fen"]


def expected_moves(game):
    """python-chess's UCI, SAN, Polyglot key and FEN after each mainline
    ply; None for the sample's game with an empty FEN tag."""
    try:
        board = game.board()
    except ValueError:
        return None
    out = {"uci": [], "san": [], "polyglot": [], "fen": []}
    for move in game.mainline_moves():
        out["san"].append(board.san(move))
        out["uci"].append(board.uci(move))  # e1h1: Chess960 castling
        board.push(move)
        out["polyglot"].append(chess.polyglot.zobrist_hash(board))
        out["fen"].append(board.fen())
    return out


def test_sample_moves_equal_python_chess(sample_games):
    table = movetext.read_pgn(SAMPLE, columns=MOVE_COLUMNS)
    assert table.column_names == MOVE_COLUMNS  # schema order
    rows = table.to_pylist()
    assert len(rows) == 312
    plies = 0
    for number, (row, game) in enumerate(zip(rows, sample_games), 1):
        assert row["game"] == number
        assert row["error"] is None, row["error"]
        expected = expected_moves(game)
        if expected is None:  # [FEN ""] and no moves
            assert row["ply_count"] == 0 and row["uci"] == []
            continue
        for column, values in expected.items():
            assert row[column] == values, (number, column)
        assert row["ply_count"] == len(expected["uci"]) == len(row["moves"])
        plies += row["ply_count"]
    assert plies == 21293
    # The anchor: the Polyglot key after 1. e4.
    first = movetext.read_pgn(b"1. e4 *", columns=["polyglot"]).column("polyglot")
    assert first.to_pylist() == [[0x823C9B50FD114196]]


def test_sample_tags_equal_python_chess(sample_games):
    table = movetext.read_pgn(SAMPLE)
    assert table.column_names == list(movetext.DEFAULT_COLUMNS)
    assert table.schema.field("WhiteElo").type == pa.int16()
    assert table.schema.field("UTCDate").type == pa.date32()
    assert table.schema.field("UTCTime").type == pa.time32("s")
    for row, game in zip(table.to_pylist(), sample_games):
        headers = game.headers
        for tag in ["Event", "Site", "White", "Black", "Result", "ECO", "TimeControl"]:
            value = headers.get(tag)
            assert row[tag] == (None if value in (None, "?", "") else value), tag
        elo = headers.get("WhiteElo", "")
        assert row["WhiteElo"] == (int(elo) if elo.isdigit() else None)
        date = headers.get("UTCDate")
        if date and "?" not in date:
            assert row["UTCDate"].strftime("%Y.%m.%d") == date
        # Every other tag is kept in the map, in input order.
        if "Round" in headers and headers["Round"] not in ("?", ""):
            assert ("Round", headers["Round"]) in row["tags"]


def test_every_source_gives_the_same_table(tmp_path, sample_bytes):
    whole = movetext.read_pgn(sample_bytes)
    assert whole.num_rows == 312
    plain = tmp_path / "sample.pgn"
    plain.write_bytes(sample_bytes)
    (tmp_path / "sample.pgn.gz").write_bytes(gzip.compress(sample_bytes))
    (tmp_path / "sample.pgn.bz2").write_bytes(bz2.compress(sample_bytes))
    (tmp_path / "sample.pgn.xz").write_bytes(lzma.compress(sample_bytes))
    sources = [
        str(plain),
        plain,
        bytearray(sample_bytes),
        memoryview(sample_bytes),
        io.BytesIO(sample_bytes),
        tmp_path / "sample.pgn.gz",
        tmp_path / "sample.pgn.bz2",
        tmp_path / "sample.pgn.xz",
    ]
    # Compressed as lichess does: pzstd's frames, each after a skippable
    # frame; several frames here (level 1, 4 workers).
    for tool, args in [("zstd", ["-q", "-3"]), ("pzstd", ["-q", "-p", "4", "-1"])]:
        assert shutil.which(tool), f"{tool} is required (Debian package zstd)"
        out = tmp_path / f"sample.{tool}.pgn.zst"
        subprocess.run([tool, *args, str(plain), "-o", str(out)], check=True)
        sources.append(out)
    for source in sources:
        assert movetext.read_pgn(source).equals(whole), source
    with open(tmp_path / "sample.pgn.gz", "rb") as f:
        assert movetext.read_pgn(f).equals(whole)
    for threads in (1, 2):
        assert movetext.read_pgn(plain, threads=threads, batch_size=7).equals(whole)


def test_a_bad_game_is_a_row_and_reading_goes_on():
    pgn = textwrap.dedent(
        """\
        [Event "one"]

        1. e4 e5 2. Nf3 1-0

        [Event "two"]

        1. d4 d5 2. Ke3 Nc6 3. c4 0-1

        [Event "three"]

        1. c4 {never closed

        [Event "four"]

        1. Nf3 \x00\x00 Nf6 *

        [Event "five"]

        1. e4 c5 2. Nf3 d6 *
        """
    ).encode()
    rows = movetext.read_pgn(pgn, columns=["game", "Event", "uci", "error"]).to_pylist()
    assert [r["Event"] for r in rows] == ["one", "two", "three", "four", "five"]
    assert [r["error"] is None for r in rows] == [True, False, False, False, True]
    assert rows[1]["error"] == "7:13: game 2, move 2. Ke3: illegal move"
    assert rows[1]["uci"] == ["d2d4", "d7d5"]  # the moves before the error
    assert rows[2]["error"].startswith("11:7: game 3") and "unterminated comment" in rows[2]["error"]
    assert rows[4]["uci"] == ["e2e4", "c7c5", "g1f3", "d7d6"]


def test_corrupt_compressed_input_raises_after_the_games_before(tmp_path, sample_bytes):
    path = tmp_path / "cut.pgn.gz"
    packed = gzip.compress(sample_bytes * 4)
    path.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(movetext.Error) as info:
        movetext.read_pgn(path, threads=1)
    assert info.value.file == str(path)
    assert str(info.value).startswith(str(path) + ":")
    reader = movetext.iter_batches(path, batch_size=50, threads=1)
    rows = 0
    with pytest.raises(movetext.Error):
        for batch in reader:
            rows += batch.num_rows
    assert rows >= 300  # the games before the cut came out first


def test_corrupt_compressed_data_is_a_movetext_error(tmp_path, sample_bytes):
    # A gzip stream whose CRC does not match: corrupt, not cut.
    packed = bytearray(gzip.compress(sample_bytes))
    packed[-8] ^= 0xFF
    path = tmp_path / "bad-crc.pgn.gz"
    path.write_bytes(bytes(packed))
    for source in (path, bytes(packed)):
        with pytest.raises(movetext.Error, match="corrupt gzip data") as info:
            movetext.read_pgn(source)
        assert info.value.file == (str(path) if source is path else None)


def test_a_directory_is_an_os_error_with_its_errno(tmp_path):
    with pytest.raises(IsADirectoryError) as info:
        movetext.read_pgn(tmp_path)
    assert info.value.filename == str(tmp_path)


class FailingFile(io.RawIOBase):
    """A binary file whose read() gives `good` bytes of `data`, then
    raises `error`."""

    def __init__(self, data: bytes, good: int, error: Exception):
        self.data, self.good, self.error, self.at = data, good, error, 0

    def readable(self):
        return True

    def read(self, n=-1):
        if self.at >= self.good:
            raise self.error
        n = len(self.data) if n < 0 else n
        chunk = self.data[self.at : min(self.at + n, self.good)]
        self.at += len(chunk)
        return chunk


def test_a_file_objects_exception_is_raised_as_it_is(sample_bytes):
    error = PermissionError(13, "Permission denied", "remote/games.pgn")
    for threads in (1, 2):
        with pytest.raises(PermissionError) as info:
            movetext.read_pgn(FailingFile(sample_bytes, 150_000, error), threads=threads)
        assert info.value is error
    # The games read before it came out first: on one thread every game
    # before the failing read, on two those of the whole chunks (256 KiB)
    # read before it.
    for threads, at_least in [(1, 980), (2, 700)]:
        reader = movetext.iter_batches(
            FailingFile(sample_bytes * 4, 700_000, error), batch_size=10, threads=threads
        )
        games = []
        with pytest.raises(PermissionError):
            for batch in reader:
                games += batch.column("game").to_pylist()
        assert games == list(range(1, len(games) + 1)) and len(games) >= at_least


def test_the_arrow_stream_names_the_file_of_an_error(tmp_path, sample_bytes):
    path = tmp_path / "cut.pgn.gz"
    packed = gzip.compress(sample_bytes)
    path.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(OSError, match=f"{path}: truncated gzip data"):
        pa.table(movetext.iter_batches(path))
    with pytest.raises(Exception, match=f"{path}: truncated gzip data"):
        pl.DataFrame(movetext.iter_batches(path))


def test_bad_arguments_raise():
    with pytest.raises(FileNotFoundError) as info:
        movetext.read_pgn("no/such/file.pgn")
    assert info.value.filename == "no/such/file.pgn"
    with pytest.raises(ValueError, match='unknown column "Whte"'):
        movetext.read_pgn(b"", columns=["White", "Whte"])
    with pytest.raises(ValueError, match='unknown language "xx"'):
        movetext.read_pgn(b"", lang="xx")
    with pytest.raises(TypeError, match="path, bytes or a binary file object"):
        movetext.read_pgn(42)
    with pytest.raises(ValueError, match="batch_size"):
        movetext.read_pgn(b"", batch_size=0)
    with pytest.raises(TypeError, match=r"gave str, not bytes: open the file in binary mode"):
        movetext.read_pgn(io.StringIO("1. e4 *"))


def test_columns_are_names_in_any_iterable_but_not_one_string():
    game_uci = ["game", "uci"]
    kinds = [lambda: ("uci", "game"), lambda: iter(["game", "uci"]), lambda: {"uci": 1, "game": 2}]
    for names in kinds:
        assert movetext.read_pgn(b"1. e4 e5 *", columns=names()).column_names == game_uci
        batches = list(movetext.iter_batches(b"1. e4 e5 *", columns=names()))
        assert batches[0].schema.names == game_uci
    for read in [movetext.read_pgn, movetext.iter_batches]:
        with pytest.raises(TypeError, match=r'not one string'):
            read(b"1. e4 *", columns="game")
        with pytest.raises(TypeError, match="each one a string"):
            read(b"1. e4 *", columns=["game", 3])


def test_pgn_text_given_as_a_path_gets_a_hint():
    text = '[Event "x"]\n\n1. e4 e5 *\n'
    with pytest.raises(FileNotFoundError, match=r"give PGN text as bytes, text\.encode\(\)") as info:
        movetext.read_pgn(text)
    assert info.value.filename == text
    assert movetext.read_pgn(text.encode())["uci"].to_pylist() == [["e2e4", "e7e5"]]
    # A path that does not read as PGN gets none.
    with pytest.raises(FileNotFoundError) as info:
        movetext.read_pgn("no/such/file.pgn")
    assert "encode" not in str(info.value)


def test_empty_input_is_an_empty_table():
    table = movetext.read_pgn(b"")
    assert table.num_rows == 0
    assert table.column_names == list(movetext.DEFAULT_COLUMNS)


def test_input_without_a_game_is_an_error(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"Dear diary,\nno chess today.\n")
    message = 'notes.txt: no PGN game found; the input starts with text: "Dear diary,"'
    with pytest.raises(movetext.Error, match=message) as e:
        movetext.read_pgn(path)
    assert e.value.file == str(path)
    with pytest.raises(movetext.Error, match="starts with bytes of a PNG image"):
        movetext.read_pgn(b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert movetext.read_pgn(b" \n\n").num_rows == 0


def test_languages():
    german = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *".encode()
    row = movetext.read_pgn(german, lang="auto", columns=["uci", "language", "error"]).to_pylist()[0]
    assert row == {
        "uci": ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
        "language": "de",
        "error": None,
    }
    row = movetext.read_pgn(german, columns=["ply_count", "error"]).to_pylist()[0]  # English
    assert row["ply_count"] == 2 and "game 1, move 2. Sf3" in row["error"]
    # Detected among the languages named only: Polish reads S as a knight
    # and G as a bishop, so the German game fails in it.
    row = movetext.read_pgn(german, lang="pl,auto", columns=["ply_count", "language", "error"])
    row = row.to_pylist()[0]
    assert row["ply_count"] == 4 and row["language"] == "pl"
    assert "game 1, move 3. Lb5" in row["error"]
    row = movetext.read_pgn(german, lang="pl,de,auto", columns=["language", "error"]).to_pylist()[0]
    assert row == {"language": "de", "error": None}
    with pytest.raises(ValueError, match='no language code before "auto"'):
        movetext.read_pgn(b"", lang="auto,auto")


def test_iter_batches_in_order_and_closable(sample_bytes):
    with movetext.iter_batches(sample_bytes, batch_size=100, columns=["game"]) as reader:
        assert reader.schema == pa.schema([pa.field("game", pa.uint64(), nullable=False)])
        sizes, games = [], []
        for batch in reader:
            assert isinstance(batch, pa.RecordBatch)
            sizes.append(batch.num_rows)
            games += batch.column(0).to_pylist()
    assert sizes == [100, 100, 100, 12]
    assert games == list(range(1, 313))
    reader = movetext.iter_batches(sample_bytes * 50, batch_size=10)
    next(reader)
    reader.close()  # stops the reading threads
    assert list(reader) == []


def test_arrow_stream_to_pyarrow_polars_duckdb(sample_bytes):
    columns = ["game", "White", "ply_count", "uci", "error"]
    expected = movetext.read_pgn(sample_bytes, columns=columns)
    # The PyCapsule stream: each consumer takes the batches as they are.
    assert pa.table(movetext.iter_batches(sample_bytes, columns=columns)).equals(expected)
    frame = pl.DataFrame(movetext.iter_batches(sample_bytes, columns=columns))
    assert frame.shape == (312, 5)
    assert frame["ply_count"].sum() == 21293
    assert frame.filter(pl.col("game") == 2)["White"].item() == "Adams, Michael"
    games = movetext.iter_batches(sample_bytes, columns=columns)
    got = duckdb.sql("SELECT count(*), sum(ply_count), sum(len(uci)) FROM games").fetchall()[0]
    assert got == (312, 21293, 21293)
    # A reader handed over is empty afterwards.
    reader = movetext.iter_batches(sample_bytes, columns=columns)
    pa.table(reader)
    assert pa.table(reader).num_rows == 0


def test_parquet_read_by_duckdb_and_polars(tmp_path, sample_bytes):
    table = movetext.read_pgn(sample_bytes, columns=list(movetext.ALL_COLUMNS))
    path = tmp_path / "games.parquet"
    pq.write_table(table, path, compression="zstd")
    assert duckdb.sql(f"SELECT count(*) FROM '{path}'").fetchall() == [(312,)]
    top = duckdb.sql(
        f"SELECT opening_eco, count(*) AS n FROM '{path}' GROUP BY 1 ORDER BY n DESC, 1 LIMIT 1"
    ).fetchall()[0]
    assert top[1] > 1
    frame = pl.read_parquet(path)
    assert frame.height == 312
    assert frame["fen"].list.len().sum() == 21293
    assert frame["polyglot"].dtype == pl.List(pl.UInt64)


def test_a_python_file_object_is_read_without_deadlock(sample_bytes):
    """The reader's threads call the file object's read() with the GIL;
    waiting for a batch must release it, or this hangs."""
    code = textwrap.dedent(
        f"""
        import io, movetext
        data = open({str(SAMPLE)!r}, "rb").read() * 20
        for threads in (1, 2):
            t = movetext.read_pgn(io.BytesIO(data), threads=threads, batch_size=64)
            assert t.num_rows == 312 * 20, t.num_rows
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_reader_left_open_at_exit_is_quiet():
    """A reader of a file object never read: its thread may call read()
    while the interpreter shuts down, which ends the reading quietly."""
    code = textwrap.dedent(
        f"""
        import movetext
        readers = [movetext.iter_batches(open({str(SAMPLE)!r}, "rb")) for _ in range(8)]
        print("ok")
        """
    )
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
        )
        assert (done.returncode, done.stdout, done.stderr) == (0, "ok\n", "")


def test_ctrl_c_stops_a_wait_on_a_stalled_input():
    """A reader waiting for a pipe that gives nothing raises
    KeyboardInterrupt on Ctrl-C instead of waiting for the writer."""
    code = textwrap.dedent(
        """
        import os, signal, threading, time, movetext
        r, w = os.pipe()
        reader = movetext.iter_batches(os.fdopen(r, "rb"), threads=1)
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
        start = time.monotonic()
        try:
            next(reader)
        except KeyboardInterrupt:
            print("interrupted", time.monotonic() - start < 10)
        os.write(w, b'[Event "a"]\\n\\n1. e4 *\\n')
        os.close(w)
        print(next(reader).num_rows)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "interrupted True\n1\n", "")


def test_messages_escape_the_control_characters_they_quote():
    """Input quoted in an error row or an exception has its control
    characters escaped, as on the command line: an escape sequence in a
    file cannot reach a terminal through a message."""
    pgn = b'[Event "a"]\n\n1. e4 \x01\x08 *\n'
    row = movetext.read_pgn(pgn, columns=["error"]).to_pylist()[0]
    message = (
        "game 1, move 1... \\u{1}\\u{8}: not a move "
        "(expected a piece letter, a file or castling at byte 0)"
    )
    assert row["error"] == "3:7: " + message
    with pytest.raises(movetext.InvalidMoveError) as e:
        movetext.convert(pgn.decode(), to="uci")
    assert str(e.value) == "3:7: " + message
    with pytest.raises(movetext.InvalidMoveError) as e:
        movetext.san_to_uci(chess.STARTING_FEN, "\x1b[2J")
    assert str(e.value).startswith('"\\u{1b}[2J", column 1: ')


def test_threads_share_a_reader():
    """Another thread's close() ends a wait on a stalled input (no
    "Already borrowed"), and threads that iterate one reader get each
    batch once."""
    code = textwrap.dedent(
        """
        import os, threading, time, movetext
        r, w = os.pipe()
        reader = movetext.iter_batches(os.fdopen(r, "rb"), threads=1)
        threading.Timer(0.3, reader.close).start()
        start = time.monotonic()
        print(list(reader), time.monotonic() - start < 10, repr(reader))
        games = b''.join(b'[Event "%d"]\\n\\n1. e4 *\\n\\n' % i for i in range(1000))
        reader = movetext.iter_batches(games, batch_size=10, columns=["Event"])
        seen = []
        def take():
            for batch in reader:
                seen.extend(batch.column("Event").to_pylist())
        threads = [threading.Thread(target=take) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(sorted(seen, key=int) == [str(i) for i in range(1000)])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "[] True <movetext.GameReader (closed)>\nTrue\n",
        "",
    )
