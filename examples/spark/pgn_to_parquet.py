"""PGN files to Parquet partitioned by year and month, on Spark.

    spark-submit examples/spark/pgn_to_parquet.py --out games/ FILE...
    python examples/spark/pgn_to_parquet.py --master 'local[*]' --out games/ FILE...

Each file (plain PGN or compressed: lichess's multi-frame .pgn.zst,
single-frame .zst, .gz, .bz2, .xz) is cut into work units by
``movetext.units``, on the executors, one task per file: runs of whole
zstd frames of a multi-frame file, byte ranges of a plain file cut at game
starts, the whole file otherwise. Then each unit is one Spark task that
reads exactly the games whose first byte lies in it with
``movetext.iter_batches`` (``mapInArrow``, one thread per task), so the
units' games together are the file's, each once, numbered as in the whole
file. The games are written as Parquet (zstd) under
``OUT/year=YYYY/month=MM/``, the layout of the lichess Parquet dataset,
from ``UTCDate`` or else the ``Date`` tag (games with neither go to
``year=__HIVE_DEFAULT_PARTITION__``).

The columns are movetext's (``movetext.DEFAULT_COLUMNS`` unless
``--columns``), made fit for Spark, which reads no unsigned integers and no
time of day: ``game``, ``offset`` as int64, ``ply_count`` as int32,
``moves`` as lists of int32, ``polyglot`` keys as int64 (the same 64 bits),
``UTCTime`` as ``HH:MM:SS`` text; plus ``file`` (the path read), ``year``
and ``month``. A game that fails is a row with ``error`` set.

Every executor needs the ``movetext`` Python package and the files at the
same path (a shared file system); ``PYSPARK_PYTHON`` names the Python of
the executors.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Iterator, List, Optional, Sequence

import pyarrow as pa
import pyarrow.compute as pc

import movetext

# The columns the partitioning reads, always read.
NEEDED = ["UTCDate", "tags"]


def columns_to_read(columns: Optional[Sequence[str]]) -> List[str]:
    """The movetext columns read: those asked for (default: the default
    set) and the ones the partitioning needs, in schema order."""
    wanted = set(columns or movetext.DEFAULT_COLUMNS) | set(NEEDED)
    return [c for c in movetext.ALL_COLUMNS if c in wanted]


def _signed(array: pa.Array) -> pa.Array:
    """`array` with unsigned integers (also inside lists) as Spark reads
    them: uint16 and uint32 as int32, uint64 as int64 (the same bits)."""
    t = array.type
    if pa.types.is_list(t):
        values = _signed(array.values)
        if values.type == t.value_type:
            return array
        return pa.ListArray.from_arrays(array.offsets, values, mask=array.is_null())
    if pa.types.is_uint64(t):
        return pc.cast(array, pa.int64(), safe=False)
    if pa.types.is_unsigned_integer(t):
        return pc.cast(array, pa.int32())
    return array


def _year_month(batch: pa.RecordBatch):
    """The year (int32) and zero-padded month of each game: from UTCDate,
    else from the Date tag (``2014.03.01``; ``2014.??.??`` gives a year
    and no month)."""
    date = batch.column("UTCDate")
    tag = pc.map_lookup(batch.column("tags"), "Date", "first")
    tag_year = pc.if_else(
        pc.match_substring_regex(tag, r"^\d{4}\."), pc.utf8_slice_codeunits(tag, 0, 4), None
    )
    tag_month = pc.if_else(
        pc.match_substring_regex(tag, r"^\d{4}\.(0[1-9]|1[0-2])\."),
        pc.utf8_slice_codeunits(tag, 5, 7),
        None,
    )
    utc_month = pc.utf8_lpad(pc.cast(pc.month(date), pa.string()), 2, "0")
    year = pc.coalesce(pc.year(date).cast(pa.int32()), pc.cast(tag_year, pa.int32()))
    month = pc.coalesce(utc_month, tag_month)
    return year, month


def for_spark(batch: pa.RecordBatch, path: str, columns: Sequence[str]) -> pa.RecordBatch:
    """A movetext batch as the job writes it: the asked columns made fit
    for Spark, then ``file``, ``year`` and ``month``."""
    year, month = _year_month(batch)
    arrays, names = [], []
    for name in columns:
        array = batch.column(name)
        if pa.types.is_time(array.type):
            array = pc.strftime(array, "%H:%M:%S")
        arrays.append(_signed(array))
        names.append(name)
    arrays += [pa.array([path] * batch.num_rows, pa.string()), year, month]
    names += ["file", "year", "month"]
    return pa.RecordBatch.from_arrays(arrays, names=names)


def output_schema(columns: Sequence[str]) -> pa.Schema:
    """The Arrow schema of the job's batches (from an empty reading)."""
    empty = movetext.iter_batches(b"", columns=columns_to_read(columns))
    return for_spark(pa.RecordBatch.from_pylist([], schema=empty.schema), "", columns).schema


def index(paths: Sequence[str], unit_size: int) -> Iterator[str]:
    """The units of each file, as JSON lines."""
    for path in paths:
        yield from movetext.units(path, unit_size=unit_size, threads=1)


def read_unit(unit: str, columns: Sequence[str]) -> Iterator[pa.RecordBatch]:
    """The games of one unit, as the job writes them."""
    path = json.loads(unit)["path"]
    with movetext.iter_batches(
        path, unit=unit, columns=columns_to_read(columns), threads=1
    ) as reader:
        for batch in reader:
            yield for_spark(batch, path, columns)


def pgn_to_parquet(spark, paths: Sequence[str], out: str, *, unit_size: int,
                   columns: Optional[Sequence[str]] = None, mode: str = "error") -> int:
    """Writes the games of `paths` as Parquet under `out`, partitioned by
    year and month; gives the number of units read."""
    from pyspark.sql.pandas.types import from_arrow_schema

    # The tasks call this module's functions: ship it to the executors
    # (spark-submit ships its main file; an import from a driver does not).
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    columns = list(columns or movetext.DEFAULT_COLUMNS)
    paths = list(paths)

    # One task per file finds its units; one task per unit reads it.
    # spark.range(n, numPartitions=n) puts exactly one id in each task.
    def index_task(batches):
        for batch in batches:
            chosen = [paths[i] for i in batch.column("id").to_pylist()]
            yield pa.record_batch({"unit": pa.array(list(index(chosen, unit_size)), pa.string())})

    units = [
        row.unit
        for row in spark.range(len(paths), numPartitions=max(1, len(paths)))
        .mapInArrow(index_task, "unit string")
        .collect()
    ]
    schema = output_schema(columns)

    def read_task(batches):
        for batch in batches:
            for i in batch.column("id").to_pylist():
                yield from read_unit(units[i], columns)

    games = spark.range(len(units), numPartitions=max(1, len(units))).mapInArrow(
        read_task, from_arrow_schema(schema)
    )
    (
        games.write.mode(mode)
        .option("compression", "zstd")
        .partitionBy("year", "month")
        .parquet(out)
    )
    return len(units)


def main(argv: Optional[Sequence[str]] = None) -> None:
    from pyspark.sql import SparkSession

    parser = argparse.ArgumentParser(description="PGN files to Parquet by year and month")
    parser.add_argument("files", nargs="+", help="PGN files, plain or compressed")
    parser.add_argument("--out", required=True, help="output folder (must not exist)")
    parser.add_argument("--unit-size", type=int, default=128 << 20,
                        help="bytes of a file per unit, about (default 128 MiB)")
    parser.add_argument("--columns", help="comma-separated movetext columns")
    parser.add_argument("--master", help="Spark master (default: spark-submit's)")
    args = parser.parse_args(argv)
    builder = SparkSession.builder.appName("movetext pgn_to_parquet")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        columns = args.columns.split(",") if args.columns else None
        n = pgn_to_parquet(spark, args.files, args.out, unit_size=args.unit_size, columns=columns)
        print(f"{len(args.files)} files, {n} units -> {args.out}")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
