#!/usr/bin/env bash
# The whole test suite, from a fresh virtual environment: what CI runs (.ci/run calls this script) and what the
# README tells a new user to run.
#   1. install samplerank with its dev extras into $VENV (default .venv, recreated)
#   2. fail when notebooks are not clean, the library is not in sync with them, or README.md is stale
#   3. notebook tests (nbdev-test, parallel; cells flagged `slow` are skipped)
#   4. property tests and peer cross-checks (pytest tests/)
#   5. documentation site built offline into _docs/, then rendered page by page in headless Chromium (Debian's
#      chromium, installed when missing): no formula errors, local paths, stored warnings or missing images
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PY=${PYTHON:-python3}
step() { printf '\n== %s ==\n' "$*"; }

step "install into a fresh $VENV"
rm -rf "$VENV"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e ".[dev]"
export PATH="$PWD/$VENV/bin:$PATH" MPLBACKEND=Agg PYTHONHASHSEED=0

step "notebooks clean, library and README in sync"
nbdev-clean
nbdev-export
python tools/build_readme.py
if git rev-parse --git-dir >/dev/null 2>&1; then
  if ! git diff --exit-code --stat -- nbs samplerank README.md; then
    echo "FAIL: nbdev-clean, nbdev-export or tools/build_readme.py changed the files above; run them and commit" >&2
    exit 1
  fi
  untracked=$(git ls-files --others --exclude-standard -- samplerank)
  if [ -n "$untracked" ]; then echo "FAIL: nbdev-export created files not in git: $untracked" >&2; exit 1; fi
fi

step "notebook tests"
# two notebooks at a time on a 2-core machine: one Numba thread each, so that no parallel region waits for a
# descheduled thread (results do not depend on the thread count); one BLAS thread too: two notebooks with two
# OpenBLAS threads each made a small least-squares solve 70 times slower on a loaded machine
NUMBA_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 nbdev-test --n-workers 2 --timing

step "property tests and peer cross-checks"
python -m pytest -q -p no:cacheprovider tests

step "documentation site"
python tools/build_docs.py
test -f _docs/index.html

step "documentation site as a reader sees it (headless Chromium)"
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/dev/null 2>&1 || true
fi
rc=0; python tools/check_site.py || rc=$?
if [ "$rc" = 3 ]; then echo "SKIPPED: Chromium is not installed and could not be installed (apt-get install chromium)"
elif [ "$rc" != 0 ]; then exit "$rc"; fi
echo "all checks passed"
