#!/usr/bin/env python3
# Reads a Parquet file written by `movetext convert --to parquet` with DuckDB,
# Polars and pyarrow, and checks they agree on it (row count, columns, types,
# one game's moves).
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install duckdb polars pyarrow
#   movetext convert --to parquet --columns all -o /tmp/games.parquet FILE.pgn
#   /tmp/venv/bin/python scripts/parquet_check.py /tmp/games.parquet [GAMES]
#
# GAMES, when given, is the expected row count.
import sys

import duckdb
import polars as pl
import pyarrow.parquet as pq

path = sys.argv[1]
table = pq.read_table(path)
rows = duckdb.sql(f"SELECT count(*) FROM '{path}'").fetchall()[0][0]
frame = pl.read_parquet(path)
assert rows == table.num_rows == frame.height, (rows, table.num_rows, frame.height)
if len(sys.argv) > 2:
    assert rows == int(sys.argv[2]), (rows, sys.argv[2])
schema = table.schema
for name, kind in [("WhiteElo", "int16"), ("UTCDate", "date32[day]"), ("UTCTime", "time32[ms]"),
                   ("uci", "list<item: string>"), ("moves", "list<item: uint16>")]:
    if name in schema.names:
        assert str(schema.field(name).type) == kind, (name, schema.field(name).type)
# A query written for Lichess/standard-chess-games runs unchanged.
top = duckdb.sql(f"""SELECT Opening, count(*) AS n FROM '{path}'
                     WHERE WhiteElo > 1500 GROUP BY Opening ORDER BY n DESC LIMIT 3""").fetchall()
failed = duckdb.sql(f"SELECT count(*) FROM '{path}' WHERE error IS NOT NULL").fetchall()[0][0]
first = frame.filter(pl.col("ply_count") > 0).row(0, named=True)
uci = duckdb.sql(f"SELECT uci FROM '{path}' WHERE game = {first['game']}").fetchall()[0][0]
assert uci == first["uci"], (uci, first["uci"])
moves = duckdb.sql(f'SELECT sum(ply_count), max(len(uci)) FROM \'{path}\'').fetchall()[0]
print(f"rows={rows} failed={failed} plies={moves[0]} longest={moves[1]} top_openings={top}")
print(f"columns={len(schema.names)} first_game={first['game']} first_uci={first['uci'][:6]}")
