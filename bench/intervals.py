"""Cost of calibrated intervals: `estimate_intervals` (3 metrics x 2 cut-offs, 200 bootstrap replicates) and
`compare_models` (two models) against one `estimate_mle` fit, side by side in one process per scale.

Run: `python bench/intervals.py [--scales ml-1m ml-20m]`; writes bench/results-intervals.md. At ml-20m the full
calls would take about an hour (MLE-auto needs thousands of EM iterations at M = 136,677, and the bootstrap repeats
them for 200 histograms), so there the script measures the MLE-auto fit and one pass of the batched bootstrap EM and
reports the *projected* cost (fit + iterations x pass time, marked "proj."); `--full` runs the real calls. Simulated global ranks
(log-normal, median 20, as in bench/run.py, and Beta(0.4, 1) ranks, where every sampled rank occurs), sampled with
replacement. Each scale runs in its own subprocess; times are the median of `--repeat` warm runs."""
import argparse, json, subprocess, sys
from pathlib import Path

SCALES = {'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677)}
CODE = r"""
import json, time, numpy as np
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks, estimate_mle
from samplerank.evaluation import SampledRanks, fit_estimator
from samplerank.trust import estimate_intervals, compare_models
from samplerank.mle import _em_batch
N, n, M, rep, full = {N}, {n}, {M}, {repeat}, {full}
rng = np.random.default_rng(0)
dists = {{'log-normal': simulate_global_ranks(N, M, seed=0),
          'Beta(0.4, 1)': np.minimum(N, 1 + np.floor(rng.beta(0.4, 1.0, M) * N)).astype(np.int64)}}
def med(f):
    ts = []
    for _ in range(rep):
        t = time.perf_counter(); out = f(); ts.append(time.perf_counter() - t)
    return float(np.median(ts)), out
rows = []
for name, R in dists.items():
    r, r2 = sample_ranks(R, N, n, seed=1), sample_ranks(np.maximum(1, R // 2), N, n, seed=2)
    estimate_mle(r[:200], N, n); estimate_intervals(r[:200], N, n, n_boot=20)          # compile
    t_mle, d = med(lambda: estimate_mle(r, N, n))
    ev = SampledRanks(r, N, n)
    t_auto, a = med(lambda: fit_estimator('MLE-auto', SampledRanks(r, N, n)))
    if full:
        t_int, t = med(lambda: estimate_intervals(r, N, n, metrics=('recall', 'ndcg', 'ap'), Ks=(10, 50), seed=0))
        t_cmp, c = med(lambda: compare_models({{'a': r, 'b': r2}}, N, n, seed=0))
    else:                       # projected: the point fit plus the batched bootstrap EM's passes (posterior draws not counted)
        Hb = ev.bootstrap_counts(200, np.random.default_rng(0))
        t_pass = med(lambda: _em_batch(ev.kernel(), Hb, 2))[0] / 2
        t_int = t_auto + a.info['iterations'] * t_pass
        t_cmp = 2 * t_int       # two models; compare_models fits both and their paired replicates
    rows.append(dict(ranks=name, observed=int((np.bincount(r, minlength=n + 1)[1:] > 0).sum()), mle=t_mle, auto=t_auto,
                     auto_iterations=int(a.info['iterations']), intervals=t_int, compare=t_cmp, full=full))
print(json.dumps(rows))
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=list(SCALES), choices=list(SCALES))
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--full', action='store_true', help='run the real calls at ml-20m too (about an hour)')
    args = ap.parse_args()
    lines = ['# Cost of intervals and comparisons', '',
             'Seconds (median of warm runs); ratios to one `estimate_mle` fit (100 EM iterations) in the same process. '
             '`MLE-auto` is the recommended estimator (EM until the certified log-likelihood gap is at most 10 nats); '
             '`estimate_intervals`: 3 metrics x K in {10, 50}, 200 bootstrap replicates; `compare_models`: two models, NDCG@10, 200 replicates. Times marked proj. are projected as the MLE-auto fit plus its number of iterations times one measured pass of the batched bootstrap EM over 200 histograms (posterior draws not counted); the real calls would take hours (`--full`).', '',
             '| scale | N | n | M | ranks | sampled ranks observed | estimate_mle | MLE-auto (iterations) | estimate_intervals | ratio | compare_models | ratio |',
             '|---|---|---|---|---|---|---|---|---|---|---|---|']
    for s in args.scales:
        N, n, M = SCALES[s]
        res = subprocess.run([sys.executable, '-c', CODE.format(N=N, n=n, M=M, repeat=args.repeat, full=args.full or s == 'ml-1m')], capture_output=True, text=True)
        if res.returncode: print(res.stderr[-2000:]); continue
        for r in json.loads(res.stdout.strip().splitlines()[-1]):
            p = '' if r['full'] else ' proj.'
            lines.append(f"| {s} | {N:,} | {n:,} | {M:,} | {r['ranks']} | {r['observed']} | {r['mle']:.3f} | {r['auto']:.3f} ({r['auto_iterations']}) | "
                         f"{r['intervals']:.2f}{p} | {r['intervals'] / r['mle']:.0f}x | {r['compare']:.2f}{p} | {r['compare'] / r['mle']:.0f}x |")
            print(lines[-1], flush=True)
    Path(__file__).with_name('results-intervals.md').write_text('\n'.join(lines) + '\n')

if __name__ == '__main__': main()
