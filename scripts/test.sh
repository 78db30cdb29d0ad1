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

echo "==> cargo fmt --check"
cargo fmt --all -- --check
# One build serves the lints and the tests: clippy's driver compiles the workspace's own crates
# (linting them on the way, warnings are errors) and the dependencies are built once, in the
# `ci` profile, for everything below (the tests, the Python wheel). The same settings stay
# exported so that no later step rebuilds with other flags.
profile=ci
echo "==> build and lint (clippy, profile $profile, every target)"
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
status=0
# (The Python crate has no Rust tests; its lib is built, and linted, once, by maturin below.)
# The build's messages (JSON on stdout) name every test executable it made.
built=target/ci-test-executables.jsonl
mkdir -p target
cargo test --workspace --exclude boardroom-python --all-targets --profile $profile --no-run \
    --message-format=json-render-diagnostics >"$built" || status=$?

server_pid=""
if [ $status != 0 ]; then
    # A lint error stops that crate's build: build without the lints so every test still runs.
    echo "==> lint errors above; running the tests without clippy's driver"
    unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
    # The same packages as the build above (a different selection would unify the
    # dependencies' features differently and rebuild them); --no-fail-fast: one failing test
    # binary never hides the results of the others.
    cargo test --workspace --exclude boardroom-python --profile $profile --no-fail-fast || status=$?
else
    # Every test binary runs from its package's directory, as `cargo test` runs it. The
    # server's, the longest (its browser tests mostly wait on the browser), runs beside the
    # others; every binary runs even when another fails.
    executables=$(python3 -c '
import json, os, sys
seen = []
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("reason") != "compiler-artifact" or not m.get("executable"):
        continue
    kind = m["target"]["kind"][0]
    if not m["profile"]["test"] or kind not in ("lib", "bin", "test"):
        continue
    pkg = m["package_id"].split("#")[-1].split("@")[0].split(":")[0]
    seen.append((pkg, kind != "test", m["target"]["name"], os.path.dirname(m["manifest_path"]), m["executable"]))
for pkg, _, name, d, exe in sorted(seen, key=lambda t: (t[0], not t[1], t[2])):
    print(pkg, name, d, exe, sep="\t")
' "$built")
    server_log=target/ci-server-tests.log
    while IFS=$'\t' read -r pkg name dir exe; do
        [ -n "$exe" ] || continue
        if [ "$pkg" = boardroom-server ] && [ "$name" = it ]; then
            echo "==> $pkg: $name (beside the others; its output follows at the end)"
            (cd "$dir" && exec "$exe") >"$server_log" 2>&1 &
            server_pid=$!
        fi
    done <<<"$executables"
    while IFS=$'\t' read -r pkg name dir exe; do
        [ -n "$exe" ] || continue
        [ "$pkg" = boardroom-server ] && [ "$name" = it ] && continue
        echo "==> $pkg: $name"
        (cd "$dir" && exec "$exe") || status=$?
    done <<<"$executables"
    echo "==> doc tests"
    cargo test --workspace --exclude boardroom-python --profile $profile --doc || status=$?
fi

echo "==> python: build the wheel (maturin, profile $profile) and run pytest"
python_status=0
# Versions within the ranges the package is tested with.
"$venv/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.9,<2" "numpy>=2,<3" \
    "pytest>=8,<10" "pettingzoo>=1.25,<1.28" "gymnasium>=1.0,<1.5" \
    || python_status=$?
if [ $python_status = 0 ]; then
    rm -f target/wheels/boardroom-*.whl
    (cd python && timeout 900 "../$venv/bin/maturin" build --profile $profile -q \
        -i "../$venv/bin/python" -o ../target/wheels) || python_status=$?
fi
if [ $python_status = 0 ]; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
        target/wheels/boardroom-*.whl || python_status=$?
fi
if [ $python_status = 0 ]; then
    (cd python/tests && timeout 600 "../../$venv/bin/python" -m pytest -v -p no:cacheprovider \
        --durations=5) || python_status=$?
fi
[ $python_status = 0 ] || status=$python_status
if [ -n "$server_pid" ]; then
    echo "==> boardroom-server: it"
    server_status=0
    wait "$server_pid" || server_status=$?
    cat "$server_log"
    [ $server_status = 0 ] || status=$server_status
fi
elapsed=$((SECONDS - start))
echo "==> the test command took $((elapsed / 60)) min $((elapsed % 60)) s"
exit $status
