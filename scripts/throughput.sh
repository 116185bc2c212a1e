#!/usr/bin/env bash
# Throughput on a multi-gigabyte PGN stream: `movetext check`, then the same
# validation as the `validate` bench side by side with pgn-reader + shakmaty.
#
#   scripts/throughput.sh [SIZE_GIB] [OUTPUT_DIR]     (defaults: 4, target/throughput)
#
# Builds the stream once with ../shared/corpus/make-big.sh (needs zstd), builds
# the release binary and the stream_validate example, then runs, each under
# /usr/bin/time -v, reading the file as a stream:
#   - `movetext check` with one thread and with all threads;
#   - stream_validate: movetext on one thread, movetext on all threads, and
#     pgn-reader + shakmaty (one thread), with movetext's ratio in moves/s.
# Prints Markdown tables: seconds, MB/s, moves/s and peak resident memory.
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-4}
dir=${2:-target/throughput}
shared=../shared/corpus
# A git worktree elsewhere: the team machines keep the corpus in /work/shared.
[ -d "$shared" ] || shared=/work/shared/corpus
[ -x "$shared/make-big.sh" ] || [ -f "$shared/make-big.sh" ] || {
    echo "throughput.sh: $shared/make-big.sh not found: this needs the shared corpus" >&2
    exit 2
}
command -v zstd >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd >/dev/null; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }

mkdir -p "$dir"
big="$dir/big-${size}g.pgn"
if [ ! -s "$big" ]; then
    echo "building $big ..." >&2
    sh "$shared/make-big.sh" "$size" "$big"
fi
cargo build --release --quiet
cargo build --release --quiet --example stream_validate
bin=target/release/movetext
side_bin=target/release/examples/stream_validate
bytes=$(stat -c %s "$big")

run() { # jobs label
    local log="$dir/check-$2.log"
    /usr/bin/time -v "$bin" check --jobs "$1" "$big" >/dev/null 2>"$log" || true
    local summary rss
    summary=$(grep '^games=' "$log" | tail -1)
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2/1024}' "$log")
    echo "| $2 | $(echo "$summary" | tr ' ' '\n' | grep -E '^(secs|MB/s|moves/s|games|failed)=' | tr '\n' ' ') | $rss MiB |"
}

echo
echo "machine: $(nproc) cores, $(awk '/model name/ {$1=$2=$3=""; print; exit}' /proc/cpuinfo | sed 's/^ *//'); input: $big ($bytes bytes)"
echo
echo "| threads | movetext check summary | peak RSS |"
echo "|---|---|---|"
run 1 "1"
run "$(nproc)" "$(nproc) (all)"

side() { # side label [threads] -> prints a row, leaves moves/s in $rate
    local log="$dir/side-$1.log" line rss
    /usr/bin/time -v "$side_bin" "$1" "$big" ${3:+"$3"} >"$log.out" 2>"$log" || true
    line=$(grep '^side=' "$log.out" | tail -1)
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2/1024}' "$log")
    rate=$(echo "$line" | tr ' ' '\n' | sed -n 's/^moves\/s=//p')
    echo "| $2 | $(echo "$line" | tr ' ' '\n' | grep -E '^(games|moves|failed|secs|MB/s|moves/s)=' | tr '\n' ' ') | $rss MiB |"
}

echo
echo "| validate (stream_validate) | summary | peak RSS |"
echo "|---|---|---|"
side movetext "movetext, 1 thread"
mt=$rate
side movetext-par "movetext, $(nproc) threads" "$(nproc)"
side peer "pgn-reader + shakmaty, 1 thread"
peer=$rate
echo
awk -v a="$mt" -v b="$peer" 'BEGIN { if (b > 0) printf "movetext / pgn-reader + shakmaty, moves/s, one thread each: %.2fx\n", a / b }'
