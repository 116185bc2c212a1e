#!/usr/bin/env bash
# Compressed input on all cores (issue 30, step 1) and the memory of every
# input kind (issue 27): `movetext check` under /usr/bin/time -v.
#
#   scripts/compressed_throughput.sh [OUTPUT_DIR] [LEVEL]   (defaults: target/compressed, 3)
#
# Builds, from the shared corpus, a lichess-style file: the 257 MB of
# human-pgnmentor decompressed, then `pzstd -p 2 -LEVEL` (many frames, each
# after a skippable frame; lichess writes -19, slower to make, same layout);
# the same text with `zstd --long=31` (a 2 GiB window: refused); and reads
#   - the pzstd file and the plain text at --jobs 1 and 2: seconds, CPU
#     seconds, the speed-up of 2 jobs over 1, and whether the counts equal
#     the plain file's (the goal: 1.8x on 2 cores, same counts);
#   - peak RSS at --jobs 1, 2 and 16 for: the plain text, the pzstd file,
#     the corpus's own --long=27 file, the --long=31 file, and /dev/zero
#     piped (the goal: 64 MiB; a --long=27 file needs its 128 MiB
#     window besides).
# Take the timing figures on a quiet machine: CPU seconds and RSS hold on a
# busy one, wall-clock speed-ups do not.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-target/compressed}
level=${2:-3}
shared=../shared/corpus
[ -d "$shared" ] || shared=/work/shared/corpus
[ -f "$shared/human-pgnmentor.pgn.zst" ] || {
    echo "compressed_throughput.sh: $shared not found: this needs the shared corpus" >&2
    exit 2
}
for tool in zstd pzstd; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd >/dev/null; }
done
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }

mkdir -p "$dir"
plain="$dir/pgnmentor.pgn"
multi="$dir/pgnmentor.p2-$level.pgn.zst"
long31="$dir/pgnmentor.long31.pgn.zst"
[ -s "$plain" ] || zstd -q -d -f "$shared/human-pgnmentor.pgn.zst" -o "$plain"
[ -s "$multi" ] || pzstd -q -f -p 2 "-$level" "$plain" -o "$multi"
[ -s "$long31" ] || head -c 20000000 "$plain" | zstd -q -3 --long=31 -f -o "$long31"
cargo build --release --quiet
bin=target/release/movetext

echo
echo "machine: $(nproc) cores, $(awk '/model name/ {$1=$2=$3=""; print; exit}' /proc/cpuinfo | sed 's/^ *//')"
echo "pzstd file: $multi ($(stat -c %s "$multi") bytes, $(zstd -lv "$multi" 2>/dev/null | awk '/Zstandard Frames/ {print $NF}') frames) of $plain ($(stat -c %s "$plain") bytes)"

# measure LABEL JOBS FILE... -> "secs cpu rss_mib counts"
measure() {
    local log="$dir/time.log" jobs=$1
    shift
    /usr/bin/time -v "$bin" check -q --jobs "$jobs" "$@" >/dev/null 2>"$log" || true
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
        /User time/ { u = $2 } /System time/ { y = $2 }
        /Maximum resident set size/ { r = $2 / 1024 }
        END { printf "%.2f %.2f %.1f", s, u + y, r }' "$log"
}
counts() { # jobs file -> the summary without timings
    # (exit 1 when a game fails: the counts still hold)
    { "$bin" check --jobs "$1" "$2" 2>&1 >/dev/null || true; } | grep '^games=' | tail -1 |
        tr ' ' '\n' | grep -vE '^(secs|MB/s|moves/s|bytes)=' | tr '\n' ' '
}

echo
echo "| input | jobs | wall s | CPU s | peak RSS MiB | counts |"
echo "|---|---|---|---|---|---|"
want=$(counts 1 "$plain")
for f in "$plain" "$multi"; do
    for jobs in 1 2; do
        read -r secs cpu rss <<<"$(measure "$jobs" "$f")"
        c=$(counts "$jobs" "$f")
        same=$([ "$c" = "$want" ] && echo "same as plain" || echo "DIFFER: $c")
        echo "| $(basename "$f") | $jobs | $secs | $cpu | $rss | $same |"
        eval "t_${jobs}_$([ "$f" = "$plain" ] && echo p || echo z)=$secs"
    done
done
awk -v a="$t_1_z" -v b="$t_2_z" -v c="$t_1_p" -v d="$t_2_p" 'BEGIN {
    printf "\nspeed-up of --jobs 2 over --jobs 1: pzstd file %.2fx, plain text %.2fx (goal: 1.8x)\n", a / b, c / d }'

echo
echo "| peak RSS, MiB (goal 64) | --jobs 1 | --jobs 2 | --jobs 16 |"
echo "|---|---|---|---|"
row() { # label files...
    local label=$1 out=""
    shift
    for jobs in 1 2 16; do
        read -r _ _ rss <<<"$(measure "$jobs" "$@")"
        out="$out $rss |"
    done
    echo "| $label |$out"
}
row "plain text (257 MB)" "$plain"
row "pzstd -p 2 -$level (many frames)" "$multi"
row "corpus zstd -19 --long=27 (one frame, 128 MiB window)" "$shared/human-pgnmentor.pgn.zst"
row "zstd --long=31 (refused)" "$long31"
zero_row() { # /dev/zero piped: given up after 64 MiB without a game
    local out="" log="$dir/time.log"
    for jobs in 1 2 16; do
        /usr/bin/time -v "$bin" check -q --jobs "$jobs" - </dev/zero >/dev/null 2>"$log" || true
        out="$out $(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$log") |"
    done
    echo "| /dev/zero piped (given up after 64 MiB) |$out"
}
zero_row
