"""Run the notebook tests as `nbdev-test` does (the same runner, flags and configuration), in parallel, and print one
line per notebook as it finishes: `NAME.ipynb: S secs`, the format `nbdev-test --timing` prints at its end (and
tools/suite.py reads). The longest notebooks (by tools/timings.json) start first, so two workers finish together.

    python tools/run_notebooks.py [--n-workers 2] [--file-re REGEX] [--flags 'slow']

Exit status 0 when every notebook passed, 1 otherwise (the failures are named at the end; each one's traceback is
printed when it fails)."""
import argparse, json, os, re, sys, time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def notebooks(nbs:Path, file_re:str=None) -> list:
    "The notebooks nbdev-test would run: `nbs/*.ipynb` not starting with `_` (or `.`), matching `file_re`."
    rx = re.compile(file_re) if file_re else None
    return sorted(p for p in nbs.glob('*.ipynb') if not p.name.startswith(('_', '.')) and (rx is None or rx.search(p.name)))

def longest_first(files:list, costs:dict, default:float=30) -> list:
    "The notebooks in order of decreasing expected seconds (`costs`: name -> seconds; unknown: `default`)."
    return sorted(files, key=lambda p: (-costs.get(p.name, default), p.name))

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--n-workers', type=int, default=2, help='notebooks run at a time (default 2)')
    ap.add_argument('--file-re', help='run only the notebooks whose file name matches this regular expression')
    ap.add_argument('--flags', default='', help="space-separated test flags to run that are normally skipped ('slow')")
    args = ap.parse_args(argv)
    from nbdev.config import get_config
    from nbdev.test import test_nb
    cfg = get_config(ROOT)
    skip = cfg.tst_flags.split() if isinstance(cfg.tst_flags, str) else list(cfg.tst_flags or [])
    timings = ROOT / 'tools' / 'timings.json'
    costs = json.loads(timings.read_text()).get('notebooks', {}) if timings.exists() else {}
    files = longest_first(notebooks(Path(cfg.nbs_path), args.file_re), costs)
    if not files: print('No files were eligible for testing'); return 0
    os.chdir(cfg.nbs_path)
    failed, t0 = [], time.time()
    with ProcessPoolExecutor(max(1, args.n_workers)) as pool:
        # nbdev's own runner (a notebook's shell replaces `__main__` in its worker: submit a function of a module)
        jobs = {pool.submit(test_nb, str(f), skip_flags=skip, force_flags=args.flags.split(),
                            basepath=str(cfg.config_path), cell_timeout=cfg.cell_timeout or None): f for f in files}
        for job in as_completed(jobs):
            f = jobs[job]
            try: ok, secs = job.result(); ok = bool(ok)
            except Exception as e: ok, secs = False, 0.0; print(f'{f.name}: {type(e).__name__}: {e}', file=sys.stderr)
            if not ok: failed.append(f.name)
            print(f"{f.name}: {int(secs)} secs{'' if ok else '  FAILED'}", flush=True)
    print(f'{len(files)} notebooks in {time.time() - t0:.0f} s on {args.n_workers} workers')
    if failed:
        print('Notebook tests failed: ' + ' '.join(sorted(failed)), file=sys.stderr)
        return 1
    print('Success.')
    return 0

if __name__ == '__main__': sys.exit(main())
