#!/usr/bin/env bash
# The project's one test command: formatting, lints, then every test in release mode.
# Run it from anywhere: ./scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1; }

if ! need cargo; then
    echo "error: cargo is missing; install Rust from https://rustup.rs" >&2
    exit 1
fi
# rustfmt and clippy are rustup components; add them when missing.
if ! cargo fmt --version >/dev/null 2>&1 && need rustup; then rustup component add rustfmt; fi
if ! cargo clippy --version >/dev/null 2>&1 && need rustup; then rustup component add clippy; fi

echo "==> cargo fmt --check"
cargo fmt --all -- --check
echo "==> cargo clippy"
cargo clippy --workspace --all-targets --release -- -D warnings
echo "==> cargo test"
cargo test --workspace --release
