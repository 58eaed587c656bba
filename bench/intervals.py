"""Cost of calibrated intervals: `estimate_intervals` (3 metrics x 2 cut-offs, 200 bootstrap replicates) and
`compare_models` (two models) against one `estimate_mle` fit and one `MLE-auto` fit, side by side in one process per scale.

Run: `python bench/intervals.py [--scales ml-1m ml-20m]`; writes bench/results-intervals.md. When plain EM would need
more than 1,600 iterations, MLE-auto runs over-relaxed EM from the uniform start to a certified 10-nat gap (the fast
path of nbs/16_trust), and its bootstrap is linearised: one backward sweep along the fit's path gives the change of
each metric with the users' column frequencies, instead of 200 certified refits. For reference the script also
projects the refitted bootstrap (the fit plus 200 times one refit, timed on 3 resamples one by one) at that scale.
Simulated global ranks (log-normal, median 20, as in bench/run.py, and Beta(0.4, 1) ranks, where every sampled rank
occurs), sampled with replacement. Each scale runs in its own subprocess, after a warm-up that compiles every kernel; times are the median of `--repeat` runs (default 1)."""
import argparse, json, subprocess, sys
from pathlib import Path

SCALES = {'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677)}
CODE = r"""
import json, time, numpy as np
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks, estimate_mle, _em_over
from samplerank.evaluation import SampledRanks, fit_estimator
from samplerank.trust import estimate_intervals, compare_models, _metric_grid, _metric_pairs
from samplerank.mle import _fit_mle_fast
from samplerank.bootstrap import _linear_draws
N, n, M, rep = {N}, {n}, {M}, {repeat}
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
    estimate_mle(r[:200], N, n); estimate_intervals(r[:200], N, n, n_boot=20)          # compile, and the fast path's linearised bootstrap too
    ev0, g0 = SampledRanks(r[:5000], N, n), np.random.default_rng(1)
    _linear_draws(ev0, _fit_mle_fast(ev0, ev0.kernel(), 10.0, 25600), _metric_grid(_metric_pairs(('ndcg',), (10,)), N), ev0.bootstrap_counts(2, g0), g0)
    t_mle, d = med(lambda: estimate_mle(r, N, n))
    t_auto, a = med(lambda: fit_estimator('MLE-auto', SampledRanks(r, N, n)))
    t_int, t = med(lambda: estimate_intervals(r, N, n, metrics=('recall', 'ndcg', 'ap'), Ks=(10, 50), seed=0))
    t_cmp, c = med(lambda: compare_models({{'a': r, 'b': r2}}, N, n, seed=0))
    refit = None
    if a.info.get('accelerated'):                       # the refitted bootstrap, for reference: 200 certified refits
        ev = SampledRanks(r, N, n); Hb = ev.bootstrap_counts(3, np.random.default_rng(0))
        t = time.perf_counter()
        for h in Hb: _em_over(ev.kernel(), h, a.info['max_gap'] / M, a.info['max_iter'])
        refit = t_auto + 200 * (time.perf_counter() - t) / 3
    rows.append(dict(ranks=name, observed=int((np.bincount(r, minlength=n + 1)[1:] > 0).sum()), mle=t_mle, auto=t_auto,
                     auto_iterations=int(a.info['iterations']), fast=bool(a.info.get('accelerated')), intervals=t_int,
                     compare=t_cmp, refit=refit))
print(json.dumps(rows))
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=list(SCALES), choices=list(SCALES))
    ap.add_argument('--repeat', type=int, default=1)
    args = ap.parse_args()
    lines = ['# Cost of intervals and comparisons', '',
             'Seconds (one run after a warm-up, or the median of --repeat runs), on a two-core machine; ratios to one `MLE-auto` fit (the recommended estimator: EM from the uniform '
             'start until the certified log-likelihood gap is at most 10 nats; when plain EM would need more than 1,600 iterations, over-relaxed EM '
             'from the uniform start to the same gap, marked "fast", with its number of passes) and to one `estimate_mle` fit (100 EM iterations) '
             'in the same process. `estimate_intervals`: 3 metrics x K in {10, 50}, 200 bootstrap replicates (refitted by batched EM on the plain '
             'path; linearised along the fit\'s path on the fast path), with the start shift of each metric; `compare_models`: two models, NDCG@10, '
             '200 replicates. The last column projects the refitted bootstrap on the fast path (the fit plus 200 refits to their own 10-nat '
             'certificate, timed on 3 of them), for reference.', '',
             '| scale | N | n | M | ranks | sampled ranks observed | estimate_mle | MLE-auto (passes) | estimate_intervals | over MLE-auto | over estimate_mle | compare_models | over MLE-auto | refitted bootstrap (proj.) | over MLE-auto |',
             '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|']
    for s in args.scales:
        N, n, M = SCALES[s]
        res = subprocess.run([sys.executable, '-c', CODE.format(N=N, n=n, M=M, repeat=args.repeat)], capture_output=True, text=True)
        if res.returncode: print(res.stderr[-2000:]); continue
        for r in json.loads(res.stdout.strip().splitlines()[-1]):
            f = ' fast' if r['fast'] else ''
            o = f"{r['refit']:.0f} | {r['refit'] / r['auto']:.0f}x" if r['refit'] else '- | -'
            lines.append(f"| {s} | {N:,} | {n:,} | {M:,} | {r['ranks']} | {r['observed']} | {r['mle']:.3f} | {r['auto']:.3f} ({r['auto_iterations']}{f}) | "
                         f"{r['intervals']:.2f} | {r['intervals'] / r['auto']:.1f}x | {r['intervals'] / r['mle']:.0f}x | {r['compare']:.2f} | {r['compare'] / r['auto']:.1f}x | {o} |")
            print(lines[-1], flush=True)
    Path(__file__).with_name('results-intervals.md').write_text('\n'.join(lines) + '\n')

if __name__ == '__main__': main()
