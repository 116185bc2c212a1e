"""units and read_pgn(path, unit=...): the units of a file cover it once,
and their tables put end to end equal the whole file's, game numbers,
offsets and error places included."""

import gzip
import json
import shutil
import subprocess

import pyarrow as pa
import pytest

import movetext


@pytest.fixture(scope="module")
def files(tmp_path_factory, sample_bytes):
    """A plain file, a pzstd file of several frames, a gzip file; each
    with a broken game at its end (an error row with its place)."""
    tmp = tmp_path_factory.mktemp("units")
    broken = b'\n[Event "broken"]\n\n1. e4 e5 2. Ke3 *\n'
    plain = tmp / "games.pgn"
    plain.write_bytes(sample_bytes * 4 + broken)
    big = tmp / "big.pgn"
    big.write_bytes(sample_bytes * 20 + broken)
    assert shutil.which("pzstd"), "pzstd is required (Debian package zstd)"
    frames = tmp / "games.pgn.zst"
    subprocess.run(["pzstd", "-q", "-p", "4", "-1", str(big), "-o", str(frames)], check=True)
    gz = tmp / "games.pgn.gz"
    gz.write_bytes(gzip.compress(sample_bytes + broken))
    return {"plain": plain, "frames": frames, "gzip": gz}


def check_cover(path, units):
    """The units' byte ranges follow one another and cover the file."""
    ranges = [(u["start"], u["end"]) for u in map(json.loads, units)]
    assert ranges[0][0] == 0 and ranges[-1][1] == path.stat().st_size
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))


@pytest.mark.parametrize(
    "kind, unit_size, count",
    [("plain", 100_000, 8), ("frames", 1, 2), ("gzip", 1, 1)],
)
def test_units_end_to_end_equal_the_whole_file(files, kind, unit_size, count):
    path = files[kind]
    units = movetext.units(path, unit_size=unit_size)
    if kind == "frames":
        assert len(units) >= count  # one unit per frame
    else:
        assert len(units) == count
    check_cover(path, units)
    assert [json.loads(u)["whole"] for u in units] == [kind == "gzip"] * len(units)
    whole = movetext.read_pgn(path, columns=movetext.ALL_COLUMNS)
    for threads in (1, 2):
        parts = [
            movetext.read_pgn(path, unit=u, columns=movetext.ALL_COLUMNS, threads=threads)
            for u in units
        ]
        assert all(p.num_rows > 0 for p in parts)
        assert pa.concat_tables(parts).equals(whole), (kind, threads)
    # The last game is the broken one, placed as in the whole file.
    last = whole.slice(whole.num_rows - 1).to_pylist()[0]
    assert last["Event"] == "broken" and last["uci"] == ["e2e4", "e7e5"]
    assert last["error"].endswith(f"game {whole.num_rows}, move 2. Ke3: illegal move")


def test_a_unit_as_text_or_dict_at_any_path(files, tmp_path):
    path = files["plain"]
    units = movetext.units(str(path), unit_size=100_000, threads=1)
    second = units[1]
    expected = movetext.read_pgn(path, unit=second)
    assert expected.column("game")[0].as_py() == json.loads(second)["games_before"] + 1
    assert movetext.read_pgn(None, unit=second).equals(expected)
    assert movetext.read_pgn(path, unit=json.loads(second)).equals(expected)
    # A task that sees the file at another path.
    elsewhere = tmp_path / "copy.pgn"
    shutil.copy(path, elsewhere)
    assert movetext.read_pgn(elsewhere, unit=second).equals(expected)
    batches = list(movetext.iter_batches(elsewhere, unit=second, batch_size=100))
    assert pa.Table.from_batches(batches).equals(expected)


def test_unit_errors(files, tmp_path):
    path = files["plain"]
    unit = movetext.units(path, unit_size=100_000)[1]
    other = tmp_path / "other.pgn"
    other.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(movetext.Error) as info:
        movetext.read_pgn(other, unit=unit)
    assert info.value.file == str(other)
    assert "but the unit was made for a file of" in str(info.value)
    with pytest.raises(FileNotFoundError) as info:
        movetext.read_pgn(tmp_path / "gone.pgn", unit=unit)
    assert info.value.filename == str(tmp_path / "gone.pgn")
    with pytest.raises(ValueError, match='unit JSON: missing field "games"'):
        movetext.read_pgn(path, unit={k: v for k, v in json.loads(unit).items() if k != "games"})
    with pytest.raises(TypeError, match="give its path"):
        movetext.read_pgn(path.read_bytes(), unit=unit)
    with pytest.raises(TypeError, match="unit must be"):
        movetext.read_pgn(path, unit=42)
    with pytest.raises(FileNotFoundError) as info:
        movetext.units(tmp_path / "gone.pgn")
    assert info.value.filename == str(tmp_path / "gone.pgn")
    with pytest.raises(ValueError, match="unit_size"):
        movetext.units(path, unit_size=0)
