#!/usr/bin/env bash
# The Python package's CI (run by .ci/run; alone: `bash python/ci.sh`):
# the extension crate's formatting and lints, a virtual environment with
# the test tools from pip, the abi3 wheel built by maturin in release mode
# and installed, then pytest over python/tests (python-chess 1.11.2 is the
# reference), then the Spark job's test (examples/spark, on local[2];
# skipped with a message where `java` is missing). Fails on any failure.
# VENV names the environment (default python/.venv; made if missing).
set -euo pipefail
cd "$(dirname "$0")"
VENV="${VENV:-$PWD/.venv}"
command -v python3 >/dev/null || { echo "python3 is required"; exit 1; }
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    maturin pytest pyarrow polars duckdb 'chess==1.11.2' \
    'pyspark>=4,<5' 'pandas>=2.2,<3'
export PYO3_PYTHON="$VENV/bin/python"
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
rm -rf target/wheels
"$VENV/bin/maturin" build --release --out target/wheels
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --force-reinstall --no-deps target/wheels/movetext-*.whl
# The wheel is tested, not the source folder: pytest (not `python -m
# pytest`) leaves the current directory off sys.path, and runs from
# tests/ where no `movetext` folder lies.
cd tests
"$VENV/bin/pytest" -ra -p no:cacheprovider .
# The Spark job over files of the shared corpus (its oracle is one
# `movetext check` run per file, built in release mode).
cd ../../examples/spark
export PYSPARK_PYTHON="$VENV/bin/python"
"$VENV/bin/pytest" -ra -p no:cacheprovider .
