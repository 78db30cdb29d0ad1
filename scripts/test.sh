#!/usr/bin/env bash
# The project's one test command: formatting, lints, then every test in release mode.
# Run it from anywhere: ./scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

need() { command -v "$1" >/dev/null 2>&1; }

if ! need cargo; then
    echo "error: cargo is missing; install Rust from https://rustup.rs" >&2
    exit 1
fi
# rustfmt and clippy are rustup components; add them when missing.
if ! cargo fmt --version >/dev/null 2>&1 && need rustup; then rustup component add rustfmt; fi
if ! cargo clippy --version >/dev/null 2>&1 && need rustup; then rustup component add clippy; fi

# The browser test drives Debian's Chromium through chromedriver; install them when missing.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    if need apt-get && [ "$(id -u)" = 0 ]; then
        echo "==> installing chromium and chromium-driver"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq </dev/null
        apt-get install -y -qq chromium chromium-driver </dev/null >/dev/null
    else
        echo "error: the browser test needs /usr/bin/chromium and /usr/bin/chromedriver" >&2
        echo "       (apt-get install chromium chromium-driver)" >&2
        exit 1
    fi
fi
export BOARDROOM_BROWSER_TESTS=require

echo "==> cargo fmt --check"
cargo fmt --all -- --check
echo "==> cargo clippy"
cargo clippy --workspace --all-targets --release -- -D warnings
echo "==> cargo test"
# --no-fail-fast: one failing test binary never hides the results of the others.
status=0
cargo test --workspace --release --no-fail-fast || status=$?
elapsed=$((SECONDS - start))
echo "==> the test command took $((elapsed / 60)) min $((elapsed % 60)) s"
exit $status
