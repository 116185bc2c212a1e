"""The Spark job on local[2] over files of the shared corpus: the Parquet it
writes holds exactly the games and moves that one `movetext check` run
counts in each file, each game once with its number in its file,
partitioned by year and month.

Run by python/ci.sh (pytest in examples/spark); needs Java 17 (skipped
with a message where `java` is missing), pyspark, pandas, pyarrow, duckdb,
zstd and pzstd, the shared corpus (../shared or /work/shared) and cargo
(the command-line tool, built in release mode, is the oracle).
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import duckdb
import pytest

import movetext
import pgn_to_parquet

REPO = Path(__file__).resolve().parents[2]
CORPUS = next(
    (p for p in [REPO.parent / "shared" / "corpus", Path("/work/shared/corpus")] if p.is_dir()),
    None,
)
UNIT_SIZE = 1 << 20  # small units, so that one file makes several


@pytest.fixture(scope="module")
def spark():
    if shutil.which("java") is None:
        pytest.skip("Java is missing: the Spark job is not run (install OpenJDK 17)")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable  # the workers' Python has movetext
    session = (
        SparkSession.builder.master("local[2]")
        .appName("movetext test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()


def movetext_cli() -> Path:
    """The command-line tool, built in release mode if it is not."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--bin", "movetext"], cwd=REPO, check=True
    )
    return REPO / "target" / "release" / "movetext"


def check_counts(cli: Path, path: Path) -> dict:
    """games, failed and moves of one `movetext check` run over `path`."""
    done = subprocess.run([str(cli), "check", str(path)], capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    summary = [line for line in done.stderr.splitlines() if line.startswith("games=")]
    assert len(summary) == 1, done.stderr
    counts = dict(re.findall(r"(\w+)=(\d+)", summary[0]))
    return {k: int(counts[k]) for k in ("games", "failed", "moves")}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """The files: a lichess-style pzstd file of several frames, a plain
    file cut into several units, the corpus's single-frame zstd as it is,
    and a gzip file."""
    assert CORPUS is not None, "the Spark test needs the shared corpus (../shared or /work/shared)"
    for tool in ("zstd", "pzstd"):
        assert shutil.which(tool), f"{tool} is required (Debian package zstd)"
    tmp = tmp_path_factory.mktemp("pgn")
    online = tmp / "online.pgn"
    with open(online, "wb") as out:
        subprocess.run(["zstd", "-dcq", str(CORPUS / "online.pgn.zst")], stdout=out, check=True)
    frames = tmp / "online-pzstd.pgn.zst"
    subprocess.run(["pzstd", "-q", "-p", "2", "-3", str(online), "-o", str(frames)], check=True)
    annotated = subprocess.run(
        ["zstd", "-dcq", str(CORPUS / "annotated-misc.pgn.zst")], capture_output=True, check=True
    ).stdout
    gz = tmp / "annotated-misc.pgn.gz"
    gz.write_bytes(gzip.compress(annotated, compresslevel=1))
    return [frames, CORPUS / "sample.pgn", CORPUS / "engine-tcec-960.pgn.zst", gz]


def folder(row) -> str:
    """The year=/month= folder of a game."""
    hive_null = "__HIVE_DEFAULT_PARTITION__"
    if row["UTCDate"] is not None:
        return f"year={row['UTCDate'].year}/month={row['UTCDate'].month:02d}"
    date = dict(row["tags"]).get("Date", "")
    m = re.match(r"(\d{4})\.(?:(\d\d)\.)?", date)
    if not m:
        return f"year={hive_null}/month={hive_null}"
    month = m.group(2) if m.group(2) and 1 <= int(m.group(2)) <= 12 else hive_null
    return f"year={m.group(1)}/month={month}"


def test_units_cut_the_files(inputs):
    frames, plain, single, gz = inputs
    units = {p: [json.loads(u) for u in movetext.units(str(p), unit_size=UNIT_SIZE)] for p in inputs}
    assert len(units[frames]) >= 2, "pzstd -p 2 -3 should give several frames"
    assert len(units[plain]) >= 3
    assert [u["whole"] for u in units[single]] == [True]
    assert [u["whole"] for u in units[gz]] == [True]
    for p, us in units.items():
        # The byte ranges follow one another and cover the file once.
        assert us[0]["start"] == 0 and us[-1]["end"] == p.stat().st_size
        assert all(a["end"] == b["start"] for a, b in zip(us, us[1:]))


def test_parquet_holds_every_game_once(spark, inputs, tmp_path):
    out = tmp_path / "games"
    columns = movetext.DEFAULT_COLUMNS + ["polyglot"]
    n_units = pgn_to_parquet.pgn_to_parquet(
        spark, [str(p) for p in inputs], str(out), unit_size=UNIT_SIZE, columns=columns
    )
    assert n_units >= 2 + 3 + 1 + 1
    parquet = f"read_parquet('{out}/**/*.parquet', hive_partitioning = true)"
    cli = movetext_cli()
    for path in inputs:
        expected = check_counts(cli, path)
        got = duckdb.sql(
            f"""SELECT count(*), count(DISTINCT game), min(game), max(game),
                       sum(ply_count), count(DISTINCT "offset")
                FROM {parquet} WHERE file = '{path}'"""
        ).fetchall()[0]
        games = expected["games"]
        assert got == (games, games, 1, games, expected["moves"], games), path
        # Error rows as in one whole reading of the file, game for game.
        whole = movetext.read_pgn(path, columns=["game", "error"]).to_pylist()
        failed = sorted((r["game"], r["error"]) for r in whole if r["error"] is not None)
        rows = duckdb.sql(
            f"""SELECT game, error FROM {parquet}
                WHERE file = '{path}' AND error IS NOT NULL ORDER BY game"""
        ).fetchall()
        assert rows == failed, path
    # The partitions are those of UTCDate, else of the Date tag.
    wrong = duckdb.sql(
        f"""SELECT count(*) FROM {parquet}
            WHERE UTCDate IS NOT NULL
              AND (year <> year(UTCDate) OR CAST(month AS INTEGER) <> month(UTCDate))"""
    ).fetchall()[0][0]
    assert wrong == 0
    # Games per folder equal those counted here from one whole reading of
    # each file, with the rule in Python: UTCDate, else the Date tag.
    expected = Counter()
    for path in inputs:
        for row in movetext.read_pgn(path, columns=["UTCDate", "tags"]).to_pylist():
            expected[folder(row)] += 1
    got = Counter()
    for part in out.glob("year=*/month=*"):
        rows = duckdb.sql(f"SELECT count(*) FROM read_parquet('{part}/*.parquet')").fetchall()[0][0]
        got[part.relative_to(out).as_posix()] += rows
    assert got == expected
    assert len(got) > 10  # the corpus spans years
    # Moves and keys survive the trip: the first game of the sample.
    first = duckdb.sql(
        f"""SELECT uci[1], san[1], polyglot[1] FROM {parquet}
            WHERE file = '{inputs[1]}' AND game = 1"""
    ).fetchall()[0]
    assert first[:2] == ("e2e4", "e4")
    assert first[2] % (1 << 64) == 0x823C9B50FD114196
