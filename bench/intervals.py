"""Cost of calibrated intervals: `estimate_intervals` (3 metrics x 2 cut-offs, 200 bootstrap replicates) and
`compare_models` (two models) against one `estimate_mle` fit, side by side in one process per scale.

Run: `python bench/intervals.py [--scales ml-1m ml-20m]`; writes bench/results-intervals.md. When plain EM would need
more than 1,600 iterations, MLE-auto and every bootstrap replicate run over-relaxed EM from the uniform start to the
same certified 10-nat gap (the fast path of nbs/16_trust). At ml-20m that is still about 3,000 passes per replicate,
so there the script measures the fit, the replicate fits of 20 resamples (one dense batch; 3 when the kernel is
sparse and they run one by one) and the posterior draws of 200 priors and reports the *projected* cost
(fit + 200 x replicate + draws + the start shift's two fits, marked "proj."); `--full` runs the real calls. For reference
it also projects the previous procedure (plain EM: the 12,800 iterations MLE-auto needed at ml-20m, at the measured
cost of one plain iteration, plus as many passes of the batched bootstrap EM over 200 histograms). Simulated global
ranks (log-normal, median 20, as in bench/run.py, and Beta(0.4, 1) ranks, where every sampled rank occurs), sampled
with replacement. Each scale runs in its own subprocess; times are the median of `--repeat` warm runs."""
import argparse, json, subprocess, sys
from pathlib import Path

SCALES = {'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677)}
CODE = r"""
import json, time, numpy as np
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks, estimate_mle
from samplerank.evaluation import SampledRanks, fit_estimator
from samplerank.trust import estimate_intervals, compare_models
from samplerank.mle import _em_batch, _em_over_batch, _BATCH_NNZ
from samplerank.metrics import metric_weights
from samplerank.trust import _posterior_metric_draws, _start_shift
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
    Hb = ev.bootstrap_counts(200, np.random.default_rng(0))
    t_pass = med(lambda: _em_batch(ev.kernel(), Hb, 2))[0] / 2
    old = 12800 * (t_mle / 100 + t_pass)     # the previous procedure at ml-20m: 12,800 plain iterations, fit and batched replicates
    if not full:                # projected: the fit, 200 replicate fits (timed on 20 or 3) and the posterior draws of 200 priors
        k = 20 if ev.kernel().nnz >= _BATCH_NNZ and N * ev.kernel().shape[1] <= 2**24 else 3     # a dense batch, or one fit each
        t = time.perf_counter(); _em_over_batch(ev.kernel(), Hb[:k], a.info['max_gap'] / M, a.info['max_iter']); t_rep = (time.perf_counter() - t) / k
        W = np.stack([metric_weights(m, N, K) for m in ('recall', 'ndcg', 'ap') for K in (10, 50)], 1)
        t_post = med(lambda: _posterior_metric_draws(ev, np.tile(a.pmf, (200, 1)), W, np.random.default_rng(0)))[0]
        t_shift = med(lambda: _start_shift(ev, W))[0]          # does the data decide? two over-relaxed EM fits
        t_int = t_auto + 200 * t_rep + t_post + t_shift
        t_cmp = 2 * t_int       # two models; compare_models fits both and their paired replicates
    rows.append(dict(ranks=name, observed=int((np.bincount(r, minlength=n + 1)[1:] > 0).sum()), mle=t_mle, auto=t_auto,
                     auto_iterations=int(a.info['iterations']), fast=bool(a.info.get('accelerated')), intervals=t_int,
                     compare=t_cmp, full=full, old=old))
print(json.dumps(rows))
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=list(SCALES), choices=list(SCALES))
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--full', action='store_true', help='run the real calls at ml-20m too (about an hour)')
    args = ap.parse_args()
    lines = ['# Cost of intervals and comparisons', '',
             'Seconds (median of warm runs); ratios to one `estimate_mle` fit (100 EM iterations) in the same process, on a shared two-core machine. '
             '`MLE-auto` is the recommended estimator (EM from the uniform start until the certified log-likelihood gap is at most 10 nats; '
             'when plain EM would need more than 1,600 iterations, over-relaxed EM from the uniform start to the same gap, marked "fast", '
             'with its number of passes); `estimate_intervals`: 3 metrics x K in {10, 50}, 200 bootstrap replicates (on the fast path each '
             'replicate is the same over-relaxed EM to its own 10-nat gap), with the start shift of each metric; `compare_models`: two models, NDCG@10, 200 replicates. '
             'Times marked proj. are projected as the MLE-auto fit plus 200 times the cost of one replicate (measured on 20 resamples in one dense batch, '
             'or on 3 one by one when the kernel is too large to batch) plus the posterior draws of 200 priors plus the start shift (two over-relaxed EM fits: does the data decide?) (compare_models: twice that); `--full` runs the real calls. The last column projects the previous procedure '
             '(plain EM to 12,800 iterations for the fit and for the 200 replicates in one batched EM; about that many were needed at ml-20m) '
             'from the measured cost of one plain EM iteration and of one pass of the batched EM, for reference.', '',
             '| scale | N | n | M | ranks | sampled ranks observed | estimate_mle | MLE-auto (iterations) | estimate_intervals | ratio | compare_models | ratio | previous procedure at 12,800 iterations (proj.) | ratio |',
             '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|']
    for s in args.scales:
        N, n, M = SCALES[s]
        res = subprocess.run([sys.executable, '-c', CODE.format(N=N, n=n, M=M, repeat=args.repeat, full=args.full or s == 'ml-1m')], capture_output=True, text=True)
        if res.returncode: print(res.stderr[-2000:]); continue
        for r in json.loads(res.stdout.strip().splitlines()[-1]):
            p = '' if r['full'] else ' proj.'
            f = ' fast' if r['fast'] else ''
            o = f"{r['old']:.0f} | {r['old'] / r['mle']:.0f}x" if s == 'ml-20m' else '- | -'
            lines.append(f"| {s} | {N:,} | {n:,} | {M:,} | {r['ranks']} | {r['observed']} | {r['mle']:.3f} | {r['auto']:.3f} ({r['auto_iterations']}{f}) | "
                         f"{r['intervals']:.2f}{p} | {r['intervals'] / r['mle']:.0f}x | {r['compare']:.2f}{p} | {r['compare'] / r['mle']:.0f}x | {o} |")
            print(lines[-1], flush=True)
    Path(__file__).with_name('results-intervals.md').write_text('\n'.join(lines) + '\n')

if __name__ == '__main__': main()
