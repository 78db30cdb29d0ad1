#!/usr/bin/env bash
# The project's one test command: formatting, lints, then every test (profile `ci`: release
# behaviour, built for the tests, see Cargo.toml).
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

# The browser tests drive Debian's Chromium through chromedriver, in its headless shell (the
# same engine at about half the CPU time) when that is installed; install them when missing.
# Without apt the tests fall back on the full Chromium, which is required.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] \
    || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
    if need apt-get && [ "$(id -u)" = 0 ]; then
        echo "==> installing chromium, chromium-driver and chromium-headless-shell"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq </dev/null
        apt-get install -y -qq chromium chromium-driver </dev/null >/dev/null
        # The headless shell only saves time: without it the tests use the full Chromium.
        apt-get install -y -qq chromium-headless-shell </dev/null >/dev/null \
            || echo "note: chromium-headless-shell is not available; the browser tests use chromium"
    elif [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
        echo "error: the browser test needs /usr/bin/chromium and /usr/bin/chromedriver" >&2
        echo "       (apt-get install chromium chromium-driver chromium-headless-shell)" >&2
        exit 1
    fi
fi
export BOARDROOM_BROWSER_TESTS=require

# The accessibility test (crates/server/tests/it/browser_a11y.rs) runs axe-core, the npm
# package, in Chromium: install it into target/axe with npm when missing (npm through apt when
# that is missing too). The version is pinned so that new rules never fail a run by surprise.
axe_version=4.11.0
axe=target/axe/node_modules/axe-core
if [ ! -f "$axe/axe.min.js" ] \
    || ! grep -q "\"version\": \"$axe_version\"" "$axe/package.json" 2>/dev/null; then
    if ! need npm; then
        if need apt-get && [ "$(id -u)" = 0 ]; then
            echo "==> installing npm"
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -qq </dev/null
            apt-get install -y -qq npm </dev/null >/dev/null
        else
            echo "error: the accessibility test needs npm to install axe-core (apt-get install npm)" >&2
            exit 1
        fi
    fi
    echo "==> installing axe-core $axe_version into target/axe"
    mkdir -p target/axe
    npm install --prefix target/axe --no-save --no-audit --no-fund --loglevel=error \
        "axe-core@$axe_version" </dev/null
fi

# The Python package (python/) is built with maturin into a virtual environment; install
# Debian's Python tools when the venv module or the headers are missing.
python_ok() {
    need python3 && python3 -c 'import venv, ensurepip, sysconfig, os, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null
}
if ! python_ok; then
    if need apt-get && [ "$(id -u)" = 0 ]; then
        echo "==> installing python3, python3-venv and python3-dev"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq </dev/null
        apt-get install -y -qq python3 python3-venv python3-dev </dev/null >/dev/null
    else
        echo "error: the Python package needs python3 with its venv module and headers" >&2
        echo "       (apt-get install python3-venv python3-dev)" >&2
        exit 1
    fi
fi
venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# Cargo's checks below and the wheel's build use the same interpreter, so PyO3 is built once.
export PYO3_PYTHON="$PWD/$venv/bin/python"

# The storage tests run on SQLite and on a real PostgreSQL: scripts/pg.sh installs Debian's
# package when missing, starts a cluster under target/pg as an unprivileged user on a loopback
# port, and stops it when this script ends. The tests fail rather than skip without it.
echo "==> starting PostgreSQL for the storage tests"
trap 'scripts/pg.sh stop || true' EXIT
BOARDROOM_TEST_PG_URL=$(scripts/pg.sh start)
export BOARDROOM_TEST_PG_URL BOARDROOM_PG_TESTS=require

echo "==> cargo fmt --check"
cargo fmt --all -- --check
# One build serves the lints and the tests: clippy's driver compiles the workspace's own crates
# (linting them on the way, warnings are errors) and the dependencies are built once, in the
# `ci` profile, for everything below (the tests, the Python wheel). The same settings stay
# exported so that no later step rebuilds with other flags.
profile=ci
export BOARDROOM_PROFILE=$profile
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# scripts/run_tests.py runs every test binary once the build is done: the server's in a process
# of its own, four tests at a time (its browser tests spend much of their time waiting on the
# browser or on a bot's pause: 47 to 66 s instead of 77 s on an idle 2-core machine), the
# others one after another beside it, and the doc tests, then the Python wheel (maturin reuses the build's
# dependencies) and pytest beside them. The Python tools download during the build. Every test
# runs even when another fails. The Python crate has no Rust tests; its lib is built, and
# linted, by maturin. If the lint build fails, every test runs again without the lints (the same
# packages, so the dependencies' features unify as above and nothing is rebuilt twice).
tests="--workspace --exclude boardroom-python --profile $profile"
status=0
python3 scripts/run_tests.py --logs target/ci-logs \
    --beside "boardroom-server:it=--test-threads=4" \
    --first "python tools=scripts/python-tests.sh tools" \
    --then "doc tests=cargo test $tests --doc" \
    --then "python=scripts/python-tests.sh test" \
    --fallback "cargo test $tests --no-fail-fast" \
    --unset-on-fallback RUSTC_WORKSPACE_WRAPPER --unset-on-fallback CLIPPY_ARGS \
    -- cargo test $tests --all-targets --no-run --message-format=json-render-diagnostics \
    || status=$?

elapsed=$((SECONDS - start))
echo "==> the test command took $((elapsed / 60)) min $((elapsed % 60)) s"
exit $status
