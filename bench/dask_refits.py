"""Bootstrap refits on a Dask cluster against the same calls run here, side by side in one run (issue 33, item 4).

Two jobs at MovieLens-1M size (N = 3,706, n = 100, M = 6,040 simulated users per model, 200 replicates):
`compare_models` of four models by NDCG@10 with MLE-auto (batched EM refits), and `estimate_intervals` with MN-MLE (its prior refitted per replicate)
(one MLE refit per replicate). Each runs here (one process, one Numba and one BLAS thread) and on a `LocalCluster` of
`--workers` single-threaded worker processes; the cluster's start and its first (warm-up) call are timed apart. The
results must be equal bit for bit; the row records whether they were.

Run: `python bench/dask_refits.py [--workers 2] [--repeat 2]`; writes bench/results-dask.md and bench/results-dask.json
(read by the performance chapter). Timings are of a shared 2-core machine: compare the ratio, not the seconds
across runs; with 2 cores, 2 workers can at most halve the time."""
import os
for v in ('NUMBA_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ[v] = '1'
import argparse, json, statistics, time
from pathlib import Path
import numpy as np, pandas as pd

def jobs(N=3706, n=100, M=6040):
    "The two calls of the benchmark, as functions of the client (None: here)."
    from samplerank.mle import simulate_global_ranks
    from samplerank.sampling import sample_ranks_shared
    from samplerank.trust import compare_models, estimate_intervals
    R = {f'm{i}': simulate_global_ranks(N, M, median=med, seed=i) for i, med in enumerate((12, 15, 20, 30))}
    r = sample_ranks_shared(R, N, n, seed=9)
    return {'compare_models, 4 models, MLE-auto': lambda c: compare_models(r, N, n, seed=0, client=c),
            'estimate_intervals, MN-MLE': lambda c: estimate_intervals(r['m1'], N, n, method='MN-MLE', seed=0, client=c)}

def forget(client=None):
    "Empty the memo of bootstrap priors (here, and on every worker): each timed call refits."
    import samplerank.bootstrap as bootstrap
    bootstrap._BATCH_CACHE.clear()
    if client is not None: client.run(lambda: __import__('samplerank.bootstrap').bootstrap._BATCH_CACHE.clear())

def timed(f, repeat:int, client=None):
    "The result of f() and the median of `repeat` wall times, the memo of priors emptied before each."
    ts = []
    for _ in range(repeat):
        forget(client)
        t = time.perf_counter(); out = f(); ts.append(time.perf_counter() - t)
    return out, statistics.median(ts), ts

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--workers', type=int, default=2)
    p.add_argument('--repeat', type=int, default=2)
    p.add_argument('--out', default=str(Path(__file__).with_name('results-dask.md')))
    a = p.parse_args(argv)
    from dask.distributed import LocalCluster, Client
    todo, rows = jobs(), []
    for f in todo.values(): f(None)                                          # compile caches and kernels, outside the timing
    here = {k: timed(lambda: f(None), a.repeat) for k, f in todo.items()}
    t = time.perf_counter()
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        start = time.perf_counter() - t
        for k, f in todo.items():
            forget(client); t = time.perf_counter(); f(client); first = time.perf_counter() - t      # the workers import samplerank and build kernels
            out, med, ts = timed(lambda: f(client), a.repeat, client)
            try: pd.testing.assert_frame_equal(here[k][0], out, check_exact=True); same = True
            except AssertionError: same = False
            rows.append(dict(job=k, here_s=here[k][1], cluster_s=med, first_call_s=first, speedup=here[k][1] / med, same=same,
                             runs=dict(here=here[k][2], cluster=ts)))
    res = dict(workers=a.workers, repeat=a.repeat, cluster_start_s=start, rows=rows)
    Path(a.out).with_suffix('.json').write_text(json.dumps(res, indent=1) + '\n')
    Path(a.out).write_text('\n'.join([
        f'# Bootstrap refits on a LocalCluster of {a.workers} worker processes against here (one run)', '',
        '| job | here (s) | cluster (s) | first call on the cluster (s) | speed-up | same numbers |', '|---|---|---|---|---|---|',
        *[f"| {r['job']} | {r['here_s']:.1f} | {r['cluster_s']:.1f} | {r['first_call_s']:.1f} | {r['speedup']:.2f}x | {'yes' if r['same'] else 'NO'} |" for r in rows],
        '', f"Cluster start {start:.1f} s; median of {a.repeat} run(s) of each job, the memo of bootstrap priors emptied before each run (here and on the workers).", '']))
    print(Path(a.out).read_text())

if __name__ == '__main__': main()
