#!/usr/bin/env bash
# Throughput of `movetext check` on a multi-gigabyte PGN stream.
#
#   scripts/throughput.sh [SIZE_GIB] [OUTPUT_DIR]     (defaults: 4, target/throughput)
#
# Builds the stream once with ../shared/corpus/make-big.sh (needs zstd), builds
# the release binary, then runs `movetext check` with one thread and with all
# threads under /usr/bin/time -v, and prints a Markdown table: seconds, MB/s,
# moves/s (from movetext's own summary line) and peak resident memory.
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
bin=target/release/movetext
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
