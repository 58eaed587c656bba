#!/usr/bin/env bash
# The test suite. `.ci/run` calls it without options on a fresh clone with CI=true; the README and the contributing
# page tell a developer which tier to run.
#
#   bash tools/test.sh            the full suite (before a commit; what CI runs):
#     1. install samplerank with its dev extras into $VENV (default .venv): a fresh environment under CI=true, with
#        --fresh, or when pyproject.toml or the Python version changed since the last install; else the existing one
#     2. fail when notebooks are not clean, the library is not in sync with them, or README.md is stale
#     3. notebook tests (nbdev's runner, two at a time; a line per notebook with its seconds; `slow` cells skipped)
#     4. property tests and peer cross-checks (pytest tests/, two processes)
#     5. beside 4: the site built offline into _docs/, then rendered page by page in headless Chromium (Debian's
#        chromium, installed in the background if missing): no formula errors, local paths, warnings, missing images
#   bash tools/test.sh --profile  the same, and the profile table: seconds per step, notebook and test file, the
#                                 slowest tests; it updates tools/timings.json (the quick tier's cost estimates)
#   bash tools/test.sh --quick    about two minutes, while working: the existing environment (created when missing),
#                                 the sync checks, the chapters and test files that the working tree's change touches
#                                 (tools/suite.py; a fixed fast subset when nothing maps), a smoke run of the command
#                                 line; no site. It ends with pytest's summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=full PROFILE=0 FRESH=0
for a in "$@"; do
  case "$a" in
    --quick) MODE=quick ;;
    --profile) PROFILE=1 ;;
    --fresh) FRESH=1 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "tools/test.sh: unknown option $a (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$MODE" = quick ] && [ "$PROFILE" = 1 ]; then echo "tools/test.sh: --profile profiles the full suite" >&2; exit 2; fi
VENV=${VENV:-.venv}
PY=${PYTHON:-python3}
LOG=$(mktemp -d "${TMPDIR:-/tmp}/samplerank-test.XXXXXX")
CHROMIUM_JOB=""    # the full suite's background apt install of Chromium; any exit waits for it (dpkg not cut off)
SITE_JOB=""        # the site's build and browser check, beside pytest: stopped on an early exit
stop_site() { pkill -P "$SITE_JOB" 2>/dev/null; kill "$SITE_JOB" 2>/dev/null; }
trap '[ -z "$CHROMIUM_JOB" ] || wait "$CHROMIUM_JOB" 2>/dev/null || true
      [ -z "$SITE_JOB" ] || stop_site || true; rm -rf "$LOG"' EXIT

# step NAME: print a header and remember when the step started; the summary at the end lists each step's seconds
STEPS=() T0=$SECONDS T=$SECONDS NAME=""
done_step() { if [ -n "$NAME" ]; then STEPS+=("$((SECONDS - T))|$NAME"); fi; }
step() { done_step; NAME="$*"; T=$SECONDS; printf '\n== %s ==\n' "$*"; }
summary() {
  done_step; NAME=""
  printf '\n== seconds per step (%s suite, %s) ==\n' "$MODE" "$(date '+%F %H:%M')"
  for s in "${STEPS[@]}"; do printf '%6s  %s\n' "${s%%|*}" "${s#*|}"; done
  printf '%6s  total (load average now: %s)\n' "$((SECONDS - T0))" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
}

# -- 1. the virtual environment ----------------------------------------------------------------------------------
# Its stamp: a hash of pyproject.toml (the dependencies) and the Python version. CI always installs afresh.
stamp=$({ sha256sum pyproject.toml; "$PY" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
install() { "$VENV/bin/python" -m pip install -q --upgrade pip && "$VENV/bin/python" -m pip install -q -e ".[dev]"; }
have_venv=0; [ -x "$VENV/bin/python" ] && have_venv=1
same_stamp=0; [ "$have_venv" = 1 ] && [ "$(cat "$VENV/.samplerank-stamp" 2>/dev/null)" = "$stamp" ] && same_stamp=1
if [ "$MODE" = quick ]; then
  if [ "$have_venv" = 0 ]; then step "install into a new $VENV"; "$PY" -m venv "$VENV"; install
  elif [ "$same_stamp" = 0 ]; then step "pyproject.toml changed: install into the existing $VENV"; install
  else step "reuse $VENV (pyproject.toml unchanged)"; fi
elif [ "${CI:-}" = true ] || [ "$FRESH" = 1 ] || [ "$same_stamp" = 0 ]; then
  step "install into a fresh $VENV"
  rm -rf "$VENV"; "$PY" -m venv "$VENV"; install
else
  step "reuse $VENV (pyproject.toml and Python unchanged since its install; --fresh to rebuild)"
fi
echo "$stamp" > "$VENV/.samplerank-stamp"
export PATH="$PWD/$VENV/bin:$PATH" MPLBACKEND=Agg PYTHONHASHSEED=0
# One Numba and one BLAS thread per process: notebooks and tests run two processes at a time on a 2-core machine, and
# a parallel region whose second thread is descheduled waits for it (results do not depend on the thread count; two
# notebooks with two OpenBLAS threads each made a small least-squares solve 70 times slower on a loaded machine).
# Compiled kernels (samplerank.core.jit caches) are shared by every process through samplerank/__pycache__.
export NUMBA_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1

# -- 2. sync checks ----------------------------------------------------------------------------------------------
step "notebooks clean, library and README in sync"
if [ "$MODE" = quick ]; then
  # the working tree may hold uncommitted work: compare with the files as they were before the tools ran, not HEAD
  fingerprint() { find nbs samplerank -maxdepth 1 -type f \( -name '*.ipynb' -o -name '*.py' \) -print0 | sort -z |
                  xargs -0 sha256sum; sha256sum README.md; }
  fingerprint > "$LOG/before"
  nbdev-clean; nbdev-export; python tools/build_readme.py
  fingerprint > "$LOG/after"
  if ! diff "$LOG/before" "$LOG/after" >"$LOG/sync.diff"; then
    grep '^[<>]' "$LOG/sync.diff" | awk '{print $3}' | sort -u | sed 's/^/  changed: /' >&2
    echo "FAIL: nbdev-clean, nbdev-export or tools/build_readme.py changed the files above (now fixed in the work" \
         "tree: look at them, then run again)" >&2
    exit 1
  fi
else
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
fi

# -- the quick tier: the command line, then what the change touches -------------------------------------------------
if [ "$MODE" = quick ]; then
  step "what the change touches (tools/suite.py quick-plan)"
  python tools/suite.py quick-plan > "$LOG/plan"
  notebooks=$(sed -n 1p "$LOG/plan") tests=$(sed -n 2p "$LOG/plan")
  echo "notebooks: ${notebooks:-none}"; echo "test files: ${tests:-none}"

  step "command line smoke run"
  samplerank --help >/dev/null
  { echo rank; for i in $(seq 0 199); do echo $((1 + i % 37)); done; } > "$LOG/ranks.csv"
  samplerank estimate "$LOG/ranks.csv" --N 3000 --n 100 --n-boot 20 --json > "$LOG/estimate.json"
  python -c 'import json, sys; d = json.load(open(sys.argv[1])); assert "MLE-auto" in json.dumps(d), d' \
    "$LOG/estimate.json"
  echo "samplerank --help and samplerank estimate: ok"

  if [ -n "$notebooks" ]; then
    step "notebook tests: $notebooks"
    # name the chosen notebooks by a regular expression of their file names
    re="^($(for nb in $notebooks; do basename "$nb" .ipynb; done | sed 's/[.]/\\./g' | paste -sd'|'))\\.ipynb\$"
    python tools/run_notebooks.py --n-workers 2 --file-re "$re"
  fi

  step "tests: $tests"
  rc=0; python -m pytest -q -p no:cacheprovider -n 2 $tests 2>&1 | tee "$LOG/pytest" || rc=$?
  summary
  # the last line is pytest's own summary ("N passed in S s", or what failed)
  tail -n 1 "$LOG/pytest"
  exit "$rc"
fi

# -- 3.-5. the full suite ----------------------------------------------------------------------------------------
# Chromium for step 5: where it is missing (a fresh machine), apt installs it in the background while the tests run;
# the marker file says the install has ended (whether it worked or not)
touch "$LOG/chromium-ready"
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  rm -f "$LOG/chromium-ready"
  { (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >"$LOG/chromium-install" 2>&1
    touch "$LOG/chromium-ready"; } &
  CHROMIUM_JOB=$!
fi

# The site (built offline from the notebooks as stored, then rendered page by page in headless Chromium) runs in the
# background from here, beside the notebook tests and pytest, at the lowest priority: it takes the CPU the tests leave
# (run beside them at equal priority, it slowed the notebooks by more than it saved). Its output and verdict follow
# pytest's.
site() {
  python tools/build_docs.py && test -f _docs/index.html || return 1
  while [ ! -e "$LOG/chromium-ready" ]; do sleep 2; done
  if ! command -v chromium >/dev/null 2>&1 && [ -f "$LOG/chromium-install" ]; then
    echo "(installing chromium failed: $(tail -n 1 "$LOG/chromium-install"))"
  fi
  python tools/check_site.py
}
( renice -n 19 -p "$BASHPID" >/dev/null 2>&1; site ) > "$LOG/site" 2>&1 &
SITE_JOB=$!

step "notebook tests"
# nbdev's runner on two workers, longest first; a line per notebook with its seconds as it finishes
python tools/run_notebooks.py --n-workers 2 | tee "$LOG/notebooks"        # a failure stops the script (pipefail)

step "property tests and peer cross-checks (the documentation site builds and renders beside them)"
prof=(); [ "$PROFILE" = 1 ] && prof=(--durations=30 --junitxml="$LOG/pytest.xml")
python -m pytest -q -p no:cacheprovider -n 2 "${prof[@]}" tests

step "documentation site as a reader sees it (built, then rendered in headless Chromium; the wait after pytest)"
rc=0; wait "$SITE_JOB" || rc=$?; SITE_JOB=""
cat "$LOG/site"
if [ "$rc" = 3 ]; then echo "SKIPPED: Chromium is not installed and could not be installed (apt-get install chromium)"
elif [ "$rc" != 0 ]; then echo "FAIL: the documentation site (above)" >&2; exit "$rc"; fi
summary
if [ "$PROFILE" = 1 ]; then
  printf '%s\n' "${STEPS[@]}" > "$LOG/steps"
  python tools/suite.py profile "$LOG/steps" "$LOG/notebooks" "$LOG/pytest.xml"
fi
echo "all checks passed"
