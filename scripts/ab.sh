#!/usr/bin/env bash
# Times two builds of the code against each other on one PGN file: the
# `one_pass` example of each, alternated (which runs first flips every
# round), each run PASSES validating passes from memory, keeping its
# fastest pass (the one nothing interrupted). Prints each build's fastest
# and median pass and the quartiles of the rounds' ratios B/A: on a shared
# machine, a change of 3% or more shows there; smaller ones are noise.
#
#   scripts/ab.sh REV_A REV_B FILE [ROUNDS] [PASSES] [SIDE]
#       (defaults: 20 rounds, 20 passes, side movetext; REV: any git
#        revision, or `.` for the working tree)
#
# Each revision is built in its own worktree and target directory under
# target/ab/, so that the two builds can never be one stale binary; both
# with the working tree's examples/one_pass.rs (the harness, not the code
# under test).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 3 ]; then
    echo "usage: scripts/ab.sh REV_A REV_B FILE [ROUNDS] [PASSES] [SIDE]" >&2
    exit 2
fi
a=$1 b=$2 file=$3 rounds=${4:-20} passes=${5:-20} side=${6:-movetext}
[ -f "$file" ] || { echo "ab.sh: no file $file" >&2; exit 2; }
root=$PWD
mkdir -p target/ab

# Builds `one_pass` for a revision; prints the binary's path.
build() {
    local rev=$1 name=$2 src
    if [ "$rev" = . ]; then
        src=$root
    else
        src=$root/target/ab/tree-$name
        rm -rf "$src"
        git worktree prune
        git worktree add -q --detach "$src" "$rev"
        # The timing harness of the working tree, for both revisions.
        cp "$root/examples/one_pass.rs" "$src/examples/one_pass.rs"
    fi
    (cd "$src" && CARGO_TARGET_DIR="$root/target/ab/target-$name" \
        cargo build -q --release --example one_pass >&2)
    cp "$root/target/ab/target-$name/release/examples/one_pass" "$root/target/ab/one_pass-$name"
    if [ "$rev" != . ]; then git worktree remove --force "$src"; fi
    echo "$root/target/ab/one_pass-$name"
}
bin_a=$(build "$a" a)
bin_b=$(build "$b" b)

best() { "$1" "$side" "$file" "$passes" | sed 's/.* best_pass=\([0-9.]*\).*/\1/'; }
runs=target/ab/runs.txt
: > "$runs"
for r in $(seq "$rounds"); do
    if [ $((r % 2)) = 1 ]; then
        ta=$(best "$bin_a"); tb=$(best "$bin_b")
    else
        tb=$(best "$bin_b"); ta=$(best "$bin_a")
    fi
    echo "$ta $tb" >> "$runs"
done
# The k-th of n sorted values, k from a fraction (0: first, 1: last).
at() { sort -g | awk -v q="$1" '{ v[NR] = $1 } END { print v[1 + int(q * (NR - 1) + 0.5)] }'; }
col_a() { awk '{ print $1 }' "$runs"; }
col_b() { awk '{ print $2 }' "$runs"; }
ratios() { awk '{ print $2 / $1 }' "$runs"; }
awk -v f="$file" -v a="$a" -v b="$b" \
    -v fa="$(col_a | at 0)" -v ma="$(col_a | at 0.5)" \
    -v fb="$(col_b | at 0)" -v mb="$(col_b | at 0.5)" \
    -v q1="$(ratios | at 0.25)" -v q2="$(ratios | at 0.5)" -v q3="$(ratios | at 0.75)" 'BEGIN {
    printf "%s: %s fastest %.6f s, median %.6f | %s fastest %.6f s, median %.6f\n", f, a, fa, ma, b, fb, mb
    printf "B/A: fastest %+.1f%%, rounds quartiles %+.1f%% / %+.1f%% / %+.1f%%\n",
        100 * (fb / fa - 1), 100 * (q1 - 1), 100 * (q2 - 1), 100 * (q3 - 1)
}'
