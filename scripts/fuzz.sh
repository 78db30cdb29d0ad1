#!/usr/bin/env bash
# Fuzzing at scale: every game's notation reader, JSON action reader and position reader, with
# 100,000 inputs per game and per fuzzer (release mode). The normal test suite runs the same
# checks with a few thousand inputs; run this on a schedule and before a release.
#
#   ./scripts/fuzz.sh            # 100,000 inputs per game
#   ./scripts/fuzz.sh 1000000    # or as many as given
set -euo pipefail
cd "$(dirname "$0")/.."
export BOARDROOM_FUZZ_INPUTS="${1:-100000}"
start=$SECONDS
echo "==> fuzzing with $BOARDROOM_FUZZ_INPUTS inputs per game and fuzzer"
status=0
# Every game crate runs the conformance kit in tests/it/conformance.rs.
for kit in crates/*/tests/it/conformance.rs; do
    dir=${kit%/tests/it/conformance.rs}
    crate=$(sed -n 's/^name = "\(.*\)"/\1/p' "$dir/Cargo.toml" | head -n 1)
    t=$SECONDS
    echo "==> $crate"
    cargo test --release -p "$crate" --test it -- \
        fuzzed_notation fuzzed_json mangled_positions || status=$?
    echo "==> $crate took $((SECONDS - t)) s"
done
elapsed=$((SECONDS - start))
echo "==> fuzzing took $((elapsed / 60)) min $((elapsed % 60)) s"
exit $status
