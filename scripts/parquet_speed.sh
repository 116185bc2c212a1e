#!/bin/sh
# `movetext convert --to parquet` (default columns) beside `movetext check` on
# the same file, one thread each, in alternating rounds: CPU time (user + sys,
# from /usr/bin/time) of each run and the ratio check/parquet (the goal of
# issue #29: at least 0.5). Run on a quiet machine for the timing figures.
#
#   cargo build --release
#   sh scripts/parquet_speed.sh FILE [ROUNDS]
#
# Instruction counts (deterministic, fine on a busy machine):
#   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.check \
#       target/release/movetext check --jobs 1 --quiet FILE
#   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.parquet \
#       target/release/movetext convert --to parquet --jobs 1 -o /tmp/out.parquet FILE
set -eu
file=$1
rounds=${2:-5}
bin=target/release/movetext
out=${TMPDIR:-/tmp}/parquet_speed.$$.parquet
cpu() {
    /usr/bin/time -f '%U %S %M' "$@" 2>&1 >/dev/null | tail -1 |
        awk '{ printf "%.3f %d", $1 + $2, $3 }'
}
echo "file=$file bytes=$(wc -c < "$file")"
i=0
while [ "$i" -lt "$rounds" ]; do
    c=$(cpu "$bin" check --jobs 1 --quiet "$file" || true)
    p=$(cpu "$bin" convert --to parquet --jobs 1 --quiet -o "$out" "$file" || true)
    set -- $c $p
    echo "round=$i check_cpu=$1s check_rss=${2}KiB parquet_cpu=$3s parquet_rss=${4}KiB ratio=$(echo "$1 $3" | awk '{ printf "%.3f", $1 / $2 }')"
    i=$((i + 1))
done
rm -f "$out"
