"""`evaluate_scorers` on a Dask cluster against the same call here, on a simulated million-item catalogue (issue 60).

The world of bench/scale.py (two dot-product models, d = 64, float32, M users with pools of different sizes), the
fixed and the adaptive design with default settings. Each call runs here and on a `LocalCluster` of `--workers`
single-threaded worker processes (its start timed apart); on the cluster it runs twice, since a cluster's first call
also pays its workers' imports and compiles. With a client, the first two blocks are scored here; after each later
block, the blocks left go to the cluster if they would take longer than 10 s here (`scorers._HERE_S`). The bootstrap
refits run on the cluster. The results must be equal bit for bit; the row records whether they were.

Run: `python bench/dask_scorers.py [--N 1000000] [--M 10000] [--workers 2]`; writes bench/results-dask-scorers.md and
.json (read by the performance chapter). Timings are of a shared 2-core machine: compare the ratio, not the seconds."""
import argparse, json, sys, time, warnings
from pathlib import Path
import numpy as np

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--N', type=int, default=1_000_000)
    p.add_argument('--M', type=int, default=10_000)
    p.add_argument('--workers', type=int, default=2)
    p.add_argument('--out', default=str(Path(__file__).with_name('results-dask-scorers.md')))
    a = p.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from scale import world, split_of, scorers_of
    from dask.distributed import LocalCluster, Client
    import samplerank as sr
    U, models, train, best = world(a.N, a.M)
    split = split_of(a.N, a.M, train, best)
    scorers = scorers_of(U, models)
    warnings.filterwarnings('ignore')
    sr.evaluate_scorers(scorers, split, design='fixed', seed=0, n_boot=20)        # compiled, as after a first run
    rows = []
    for design in ('fixed', 'adaptive'):
        t = time.perf_counter(); here = sr.evaluate_scorers(scorers, split, design=design, seed=0)
        row = dict(design=design, here=time.perf_counter() - t)
        t = time.perf_counter()
        with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cl, \
             Client(cl) as c:
            row['start'] = time.perf_counter() - t
            for key in ('first', 'second'):
                t = time.perf_counter(); there = sr.evaluate_scorers(scorers, split, design=design, seed=0, client=c)
                row[key] = time.perf_counter() - t
        row['same'] = all(x.equals(y) for x, y in zip(here, there))
        rows.append(row); print(row, flush=True)
    lines = [f"# `evaluate_scorers` on a LocalCluster of {a.workers} worker processes against here (one run)", '',
             f"N = {a.N:,} items, M = {a.M:,} users, two dot-product models, default settings.", '',
             '| design | here (s) | cluster, first call (s) | cluster, second call (s) | here / second | same numbers |',
             '|---|---|---|---|---|---|']
    lines += [f"| {r['design']} | {r['here']:.1f} | {r['first']:.1f} | {r['second']:.1f} | "
              f"{r['here'] / r['second']:.2f}x | {'yes' if r['same'] else 'no'} |" for r in rows]
    lines += ['', f"Cluster start {np.mean([r['start'] for r in rows]):.1f} s (not counted)."]
    Path(a.out).with_suffix('.json').write_text(json.dumps(dict(N=a.N, M=a.M, workers=a.workers, rows=rows),
                                                           indent=1) + '\n')
    Path(a.out).write_text('\n'.join(lines) + '\n'); print('\n'.join(lines))

if __name__ == '__main__': main()
