#!/usr/bin/env bash
# The Python package's part of the test command (scripts/test.sh runs it):
#   scripts/python-tests.sh tools   install maturin, numpy, pytest, PettingZoo and Gymnasium
#                                   into the virtual environment target/python-venv, and
#                                   OpenSpiel when a wheel of it installs quickly (its tests
#                                   skip without it; it is never built from source here)
#   scripts/python-tests.sh test    build the wheel (maturin, profile $BOARDROOM_PROFILE or
#                                   ci), install it there and run pytest (python/tests)
# The virtual environment must exist (scripts/test.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
profile=${BOARDROOM_PROFILE:-ci}
if [ ! -x "$venv/bin/python" ]; then
    echo "error: $venv is missing (scripts/test.sh makes it)" >&2
    exit 1
fi
case "${1:-}" in
tools)
    # Versions within the ranges the package is tested with.
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.9,<2" \
        "numpy>=2,<3" "pytest>=8,<10" "pettingzoo>=1.25,<1.28" "gymnasium>=1.0,<1.5"
    # OpenSpiel (boardroom[openspiel]) from a wheel only, for this platform and Python.
    if ! "$venv/bin/python" -c "import pyspiel" 2>/dev/null; then
        timeout 300 "$venv/bin/python" -m pip install -q --disable-pip-version-check \
            --only-binary=:all: "open_spiel>=1.6,<3" >/dev/null 2>&1 ||
            echo "note: no OpenSpiel wheel installed; its tests (test_openspiel.py) will skip"
    fi
    ;;
test)
    rm -f target/wheels/boardroom-*.whl
    log=target/python-wheel-build.log
    (cd python && timeout 900 "../$venv/bin/maturin" build --profile "$profile" \
        -i "../$venv/bin/python" -o ../target/wheels) 2>&1 | tee "$log"
    # After the workspace's build, only PyO3, NumPy's bindings and this crate should compile.
    if grep -q "Compiling boardroom-engine" "$log"; then
        echo "note: the wheel's build compiled the engine again: a dependency's features differ" \
            "from the workspace build's (see crates/python/Cargo.toml)"
    fi
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall \
        --no-deps target/wheels/boardroom-*.whl
    cd python/tests
    timeout 600 "../../$venv/bin/python" -m pytest -v -p no:cacheprovider --durations=5
    ;;
*)
    echo "usage: scripts/python-tests.sh tools|test" >&2
    exit 2
    ;;
esac
