#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 60), after one
# build. Seeds are the committed seeds/<target>/, replayed with exact
# counts by tests/fuzz_regressions.rs, so never written to: libFuzzer
# writes new inputs only to the first corpus folder given,
# target/corpus/<target>/, and crashes to artifacts/<target>/ (and the
# script fails). A bare `cargo fuzz run <target>` writes to
# corpus/<target>/, which git and the tests ignore. Needs nightly and
# cargo-fuzz (`cargo install cargo-fuzz`).
#
#     fuzz/run.sh 300
#
# Extra arguments go to libFuzzer, e.g. `fuzz/run.sh 60 -jobs=2`.
# FUZZ_SKIP="a b" leaves targets out.
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-60}"
shift || true
# -a: debug assertions (overflow checks) on, as in the test build.
cargo +nightly fuzz build -a
# glibc's thread-local destructor list, seen as a leak when a worker thread
# of the parallel reader is still exiting (see lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for target in $(cargo +nightly fuzz list); do
    case " ${FUZZ_SKIP:-} " in *" $target "*) printf '\n--- skip %s\n' "$target"; continue ;; esac
    printf '\n--- fuzz %s for %ss\n' "$target" "$secs"
    mkdir -p "target/corpus/$target"
    cargo +nightly fuzz run -a "$target" "target/corpus/$target" "seeds/$target" -- \
        -max_total_time="$secs" -print_final_stats=1 "$@"
done
