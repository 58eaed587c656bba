"""Side-by-side benchmarks of samplerank's kernels against the naive implementations of the same equations.

Each case runs in its own subprocess, so its peak memory (max RSS, including the ~300 MB Python/Numba/SciPy runtime)
is its own; every ratio compares cases measured in one run on the same machine. Usage:

    python bench/run.py [--scales ml-1m ml-20m book-x 1m] [--groups BV MN ...] [--roles ours ...] [--out bench/results.md]
                        [--update bench/results.json]

Scales (Li et al. 2023 / Jin et al. 2021): ml-1m N=3,706 n=100 M=6,040; ml-20m N=20,720 n=1,000 M=136,677;
book-x N=139,331 n=100 M=11,325; 1m N=10^6 n=1,000 M=10^6. Simulated global ranks (log-normal, median 20) are
sampled with replacement. The scales 'ml-20m a=0.2', 'a=0.4', 'a=1' (not run by default) have the ml-20m sizes and
global ranks from Beta(a, 1), under which every sampled rank occurs and the EM kernel is the whole band; '10m a=0.4'
and '10m n=1000 a=0.4' do the same at N=10^7 (n=100 and 1,000, M=10^6), where that kernel does not fit in memory
(the estimators fit on the coarse grid of global ranks); '100k users N=1e5 a=0.4' and 'N=1e7' fit the same 100,000
users at 10^5 and 10^7 items, to see that the cost follows the data, not N. Cases whose dense matrices would not fit (or would take hours) are reported as skipped.
'EM under load' times the same fit on one thread of an idle machine and with all threads while one CPU-bound process
per core runs beside it (a shared workstation): the ratio is the cost of the load, which is at least the fair share
(cores + processes) / cores, about 2x on an otherwise idle machine. Its 'hogs' case runs four CPU-bound processes
beside the fit (issue 33): its fair share is cores / 5 of the machine, so the fit's time over the idle one, divided by
5 / cores, says how far from fair the fit is treated (target: at most 1.5).
"""
import argparse, json, os, subprocess, sys
from pathlib import Path

SCALES = {'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677), 'book-x': (139331, 100, 11325),
          '1m': (10**6, 1000, 10**6),
          # ml-20m sizes with global ranks from Beta(a, 1) (real models fit a = 0.42-0.53): every sampled rank occurs
          'ml-20m a=0.2': (20720, 1000, 136677), 'ml-20m a=0.4': (20720, 1000, 136677), 'ml-20m a=1': (20720, 1000, 136677),
          # 10^7 items, every sampled rank observed: the EM kernel (7-26 GB) is regenerated on every pass
          '10m a=0.4': (10**7, 100, 10**6), '10m n=1000 a=0.4': (10**7, 1000, 10**6),
          # the same 100,000 users (n = 100) at 10^5 and 10^7 items (issue 33): at 10^7 the estimators fit on the coarse grid
          '100k users N=1e5 a=0.4': (10**5, 100, 10**5), '100k users N=1e7 a=0.4': (10**7, 100, 10**5)}
DEFAULT_SCALES = ['ml-1m', 'ml-20m', 'book-x', '1m']

SETUP = """
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks
from samplerank.metrics import metric_weights
if BETA is None: R = simulate_global_ranks(N, M, seed=0)
else: R = np.minimum(1 + np.floor(N * np.random.default_rng(0).beta(BETA, 1, M)).astype(np.int64), N)
r = sample_ranks(R, N, n, seed=1)
"""
DENSE = "A = st.binom.pmf(np.arange(n)[None, :], n - 1, (np.arange(1, N + 1)[:, None] - 1) / (N - 1))"

# (group, role, name, code): code runs after SETUP in a fresh process, sets `seconds` and may set `value`
CASES = [
 ('P(r|R)', 'ours', 'sparse band (ratio recurrence)', """
from samplerank.sampling import sparse_rank_pmf
sparse_rank_pmf(50, 10)
t = time.perf_counter(); P = sparse_rank_pmf(N, n); seconds = time.perf_counter() - t
value = float(P[N // 3].sum())"""),
 ('P(r|R)', 'dense', 'dense saddle point (rank_pmf)', """
from samplerank.sampling import rank_pmf
rank_pmf(50, 10)
t = time.perf_counter(); P = rank_pmf(N, n); seconds = time.perf_counter() - t
value = float(P[N // 3].sum())"""),
 ('P(r|R)', 'naive', 'dense SciPy', """
import scipy.stats as st
t = time.perf_counter(); """ + DENSE + """; seconds = time.perf_counter() - t
value = float(A[N // 3].sum())"""),
 ('EM fixed n', 'ours', 'estimate_mle (sparse, observed ranks, fused)', """
from samplerank.mle import estimate_mle
estimate_mle(np.minimum(r[:100], 50), 50, 50)
t = time.perf_counter(); d = estimate_mle(r, N, n); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)"""),
 ('EM fixed n', 'naive', 'eq 21, dense SciPy + NumPy', """
import scipy.stats as st
t = time.perf_counter()
""" + DENSE + """
h = np.bincount(r - 1, minlength=n) / len(r)
pi = np.full(N, 1 / N)
for _ in range(100):
    q = pi @ A
    pi = pi * (A @ np.where(h > 0, h / np.where(q > 0, q, 1), 0))
seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ (pi / pi.sum()))"""),
 ('EM fixed n', 'naive', 'eq 20 per user (as in the authors code)', """
import scipy.stats as st
t = time.perf_counter()
""" + DENSE + """
L = A[:, r - 1].T
pi = np.full(N, 1 / N)
for _ in range(100):
    post = L * pi; post /= post.sum(1, keepdims=True); pi = post.mean(0)
seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ pi)"""),
 ('EM adaptive', 'ours', 'estimate_mle over (n_u, r_u) pairs', """
from samplerank.adaptive import adaptive_sample_ranks
from samplerank.mle import estimate_mle
ra, na = adaptive_sample_ranks(R, N, n0=n, n_max=min(8 * n, N), seed=1)
estimate_mle(ra[:100], N, na[:100])
t = time.perf_counter(); d = estimate_mle(ra, N, na); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)"""),
 ('EM adaptive', 'naive', 'App. G over pairs, dense SciPy + NumPy', """
import scipy.stats as st
from samplerank.adaptive import adaptive_sample_ranks
ra, na = adaptive_sample_ranks(R, N, n0=n, n_max=min(8 * n, N), seed=1)
t = time.perf_counter()
pairs, counts = np.unique(np.stack([na, ra], 1), axis=0, return_counts=True)
theta = (np.arange(1, N + 1)[:, None] - 1) / (N - 1)
A = st.binom.pmf(pairs[None, :, 1] - 1, pairs[None, :, 0] - 1, theta)
h = counts / counts.sum(); pi = np.full(N, 1 / N)
for _ in range(100): pi = pi * (A @ (h / (pi @ A)))
seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ (pi / pi.sum()))"""),
 ('MES', 'ours', 'estimate_mes (Newton on the dual)', """
from samplerank.mes import estimate_mes
estimate_mes(np.minimum(r[:100], 50), 50, 50)
t = time.perf_counter(); d = estimate_mes(r, N, n); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)"""),
 ('MES', 'cone', 'SCS on the sparse kernel (observed ranks)', """
from samplerank.mes import estimate_mes
t = time.perf_counter(); d = estimate_mes(r, N, n, solvers=('SCS',)); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)"""),
 ('MES', 'naive', 'SCS on the dense kernel', """
from samplerank.mes import _solve_mes
from samplerank.sampling import rank_pmf
t = time.perf_counter()
h = np.bincount(r - 1, minlength=n) / len(r)
pi = _solve_mes(rank_pmf(N, n), h, 1e-3, ('SCS',))[0]; seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ pi)"""),
 ('BV', 'ours', 'estimate_bv (NDCG@10, gamma 0.01)', """
from samplerank.baselines import estimate_bv
estimate_bv(np.minimum(r[:10], 50), 50, 50, 'ndcg', 10)
t = time.perf_counter(); value = estimate_bv(r, N, n, 'ndcg', 10); seconds = time.perf_counter() - t"""),
 ('BV', 'naive', 'dense kernel, NumPy normal equations (eqs 10-12)', """
import scipy.linalg as sla
from samplerank.sampling import rank_pmf
t = time.perf_counter()
P = rank_pmf(N, n); p = np.full(N, 1 / N); Pp = P * p[:, None]
mat = 0.99 * (Pp.T @ P) + 0.01 * np.diag(Pp.sum(0))
x = sla.lstsq(mat, Pp.T @ metric_weights('ndcg', N, 10), lapack_driver='gelsd')[0]
value = float(x @ np.bincount(r - 1, minlength=n) / len(r)); seconds = time.perf_counter() - t"""),
 ('MN', 'ours', 'estimate_mn (NDCG@10, uniform prior)', """
from samplerank.mn import estimate_mn
estimate_mn(np.minimum(r[:10], 50), 50, 50, 'ndcg', 10)
t = time.perf_counter(); value = estimate_mn(r, N, n, 'ndcg', 10); seconds = time.perf_counter() - t"""),
 ('MN', 'naive', 'dense kernel, NumPy (Li et al. 2023 eq 11)', """
import scipy.linalg as sla
from samplerank.sampling import rank_pmf
t = time.perf_counter()
P = rank_pmf(N, n); p = np.full(N, 1 / N); Pp = P * p[:, None]
mat = Pp.T @ P - (P.T @ P) / M + np.diag(P.sum(0)) / M
x = sla.cho_solve(sla.cho_factor(mat, lower=True), Pp.T @ metric_weights('ndcg', N, 10))
value = float(x @ np.bincount(r - 1, minlength=n) / len(r)); seconds = time.perf_counter() - t"""),
 ('BV learned prior', 'ours', 'BV-MLE: estimate_mle prior, then estimate_bv (NDCG@10, gamma 0.01)', """
from samplerank.evaluation import SampledRanks, fit_estimator
fit_estimator('BV-MLE', SampledRanks(np.minimum(r[:10], 50), 50, 50)).metric('ndcg', 10)
t = time.perf_counter(); value = fit_estimator('BV-MLE', SampledRanks(r, N, n)).metric('ndcg', 10); seconds = time.perf_counter() - t"""),
 ('BV learned prior', 'naive', 'the same prior, dense kernel, NumPy normal equations', """
import scipy.linalg as sla
from samplerank.sampling import rank_pmf
from samplerank.mle import estimate_mle
t = time.perf_counter()
p = estimate_mle(r, N, n).pmf
P = rank_pmf(N, n); Pp = P * p[:, None]
mat = 0.99 * (Pp.T @ P) + 0.01 * np.diag(Pp.sum(0))
x = sla.lstsq(mat, Pp.T @ metric_weights('ndcg', N, 10), lapack_driver='gelsd')[0]
value = float(x @ np.bincount(r - 1, minlength=n) / len(r)); seconds = time.perf_counter() - t"""),
 ('MN learned prior', 'ours', 'MN-MLE: estimate_mle prior, then estimate_mn (NDCG@10)', """
from samplerank.evaluation import SampledRanks, fit_estimator
fit_estimator('MN-MLE', SampledRanks(np.minimum(r[:10], 50), 50, 50)).metric('ndcg', 10)
t = time.perf_counter(); value = fit_estimator('MN-MLE', SampledRanks(r, N, n)).metric('ndcg', 10); seconds = time.perf_counter() - t"""),
 ('MN learned prior', 'naive', 'the same prior, dense kernel, NumPy (Li et al. 2023 eq 11)', """
import scipy.linalg as sla
from samplerank.sampling import rank_pmf
from samplerank.mle import estimate_mle
t = time.perf_counter()
p = estimate_mle(r, N, n).pmf
P = rank_pmf(N, n); Pp = P * p[:, None]
mat = Pp.T @ P - (P.T @ P) / M + np.diag(P.sum(0)) / M
x = sla.cho_solve(sla.cho_factor(mat, lower=True), Pp.T @ metric_weights('ndcg', N, 10))
value = float(x @ np.bincount(r - 1, minlength=n) / len(r)); seconds = time.perf_counter() - t"""),
 ('CLS', 'ours', 'estimate_cls (NDCG@10, uniform prior)', """
from samplerank.baselines import estimate_cls
estimate_cls(np.minimum(r[:10], 50), 50, 50, 'ndcg', 10)
t = time.perf_counter(); value = estimate_cls(r, N, n, 'ndcg', 10); seconds = time.perf_counter() - t"""),
 ('WMLE-c', 'ours', 'estimate_mle(weights=NDCG weights, correct=True): the corrected WMLE, 100 EM iterations', """
from samplerank.mle import estimate_mle, wmle_weights
w = wmle_weights('ndcg', n); estimate_mle(np.minimum(r[:100], 50), 50, 50, weights=wmle_weights('ndcg', 50), correct=True)
t = time.perf_counter(); d = estimate_mle(r, N, n, weights=w, correct=True); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)"""),
 ('roofline', 'ours', 'EM: one pass over the kernel, mean of 100 (value: GB/s moved)', """
from samplerank.evaluation import SampledRanks
from samplerank.mle import _em
from samplerank.sampling import _band_runs
ev = SampledRanks(r, N, n); A = ev.kernel(); _em(A, ev.counts, 2)
rows, ptr, col, data = _band_runs(A)
nbytes = data.nbytes + ptr.nbytes + col.nbytes + rows.nbytes + 2 * 8 * N    # kernel values and runs, pi read and written
t = time.perf_counter(); _em(A, ev.counts, 100); seconds = (time.perf_counter() - t) / 100
value = nbytes / seconds / 1e9
extra = dict(bytes_per_iter=int(nbytes), nnz=int(A.nnz))"""),
 ('roofline', 'bandwidth', 'streaming read of 1 GB, all threads, best of 5 (value: GB/s)', """
import numba
@numba.njit(parallel=True)
def total(x):
    s = 0.0
    for i in numba.prange(len(x)): s += x[i]
    return s
x = np.ones(2**27); total(x); ts = []
for _ in range(5): t = time.perf_counter(); total(x); ts.append(time.perf_counter() - t)
seconds = min(ts); value = x.nbytes / seconds / 1e9"""),
 ('EM under load', 'ours', 'estimate_mle, 1 thread, idle machine (median of 15 fits)', """
from samplerank.mle import estimate_mle
from samplerank.evaluation import SampledRanks
ev = SampledRanks(r, N, n); estimate_mle(ev); ts = []
for _ in range(15): t = time.perf_counter(); d = estimate_mle(ev); ts.append(time.perf_counter() - t)
seconds, value = float(np.median(ts)), d.metric('ndcg', 10)"""),
 ('EM under load', 'load', 'estimate_mle, all threads, one busy process per core beside it', """
import os, subprocess, sys
from samplerank.mle import estimate_mle
from samplerank.evaluation import SampledRanks
busy = [subprocess.Popen([sys.executable, '-c', 'while True: pass']) for _ in range(os.cpu_count())]
try:
    time.sleep(1); ev = SampledRanks(r, N, n); estimate_mle(ev); ts = []
    for _ in range(15): t = time.perf_counter(); d = estimate_mle(ev); ts.append(time.perf_counter() - t)
finally:
    for b in busy: b.kill()
seconds, value = float(np.median(ts)), d.metric('ndcg', 10)"""),
 ('EM under load', 'hogs', 'estimate_mle, all threads, four busy processes beside it', """
import os, subprocess, sys
from samplerank.mle import estimate_mle
from samplerank.evaluation import SampledRanks
busy = [subprocess.Popen([sys.executable, '-c', 'while True: pass']) for _ in range(4)]
try:
    time.sleep(1); ev = SampledRanks(r, N, n); estimate_mle(ev); ts = []
    for _ in range(15): t = time.perf_counter(); d = estimate_mle(ev); ts.append(time.perf_counter() - t)
finally:
    for b in busy: b.kill()
seconds, value, extra = float(np.median(ts)), d.metric('ndcg', 10), dict(hogs=4, cpus=os.cpu_count())"""),
 ('MLE-auto', 'ours', "fit_estimator('MLE-auto'): EM, or over-relaxed EM on the fast path, to a certified 10-nat gap", """
from samplerank.evaluation import SampledRanks, fit_estimator
import samplerank.trust
ev = SampledRanks(r, N, n)
t = time.perf_counter(); d = fit_estimator('MLE-auto', ev); seconds = time.perf_counter() - t
value, extra = d.metric('ndcg', 10), dict(passes=int(d.info['iterations']), fast=bool(d.info.get('accelerated')))"""),
 ('intervals', 'ours', 'estimate_intervals (MLE-auto; NDCG, Recall, AP at 10 and 100; B = 200)', """
import warnings
from samplerank.evaluation import SampledRanks
from samplerank.trust import estimate_intervals
ev = SampledRanks(r, N, n)
t = time.perf_counter()
with warnings.catch_warnings():
    warnings.simplefilter('ignore'); table = estimate_intervals(ev, metrics=('ndcg', 'recall', 'ap'), Ks=(10, 100), seed=0)
seconds = time.perf_counter() - t
value, extra = float(table.estimate.iloc[0]), dict(width=float((table.hi - table.lo).mean()))"""),
 ('intervals', 'MLE', 'estimate_intervals (method MLE, 100 iterations; NDCG, Recall, AP at 10 and 100; B = 200)', """
import warnings
from samplerank.evaluation import SampledRanks
from samplerank.trust import estimate_intervals
ev = SampledRanks(r, N, n)
t = time.perf_counter()
with warnings.catch_warnings():
    warnings.simplefilter('ignore'); table = estimate_intervals(ev, metrics=('ndcg', 'recall', 'ap'), Ks=(10, 100), method='MLE', seed=0)
seconds = time.perf_counter() - t
value, extra = float(table.estimate.iloc[0]), dict(width=float((table.hi - table.lo).mean()))"""),
 ('intervals', 'adaptive', 'estimate_intervals under adaptive sampling (n to 8n; MLE-auto; NDCG, Recall, AP at 10 and 100; B = 200)', """
import warnings
from samplerank.adaptive import adaptive_sample_ranks
from samplerank.evaluation import SampledRanks
from samplerank.trust import estimate_intervals
ra, na = adaptive_sample_ranks(R, N, n0=n, n_max=min(8 * n, N), seed=1)
ev = SampledRanks(ra, N, na)
t = time.perf_counter()
with warnings.catch_warnings():
    warnings.simplefilter('ignore'); table = estimate_intervals(ev, metrics=('ndcg', 'recall', 'ap'), Ks=(10, 100), seed=0)
seconds = time.perf_counter() - t
value, extra = float(table.estimate.iloc[0]), dict(width=float((table.hi - table.lo).mean()), mean_n=float(na.mean()), grid=ev.kernel(stream=True).__class__.__name__)"""),
 ('ranks', 'ours', 'rank kernel, 256 users (Numba, parallel)', """
from samplerank.ranks import _ranks_kernel
U = 256 if N < 10**6 else 64
rng = np.random.default_rng(0); S = rng.random((U, N)); items = rng.integers(0, N, U)
args = (np.arange(U), items, np.zeros(U + 1, np.int64), np.zeros(0, np.int64), n, n, True, 0, np.arange(U))
outs = [np.zeros(U, np.int64) for _ in range(4)]
_ranks_kernel(S[:2], np.arange(2), items[:2] % 2, np.zeros(3, np.int64), np.zeros(0, np.int64), 2, 2, True, 0, np.arange(2), *[o[:2] for o in outs])
t = time.perf_counter(); _ranks_kernel(S, *args, *outs); seconds = time.perf_counter() - t
value = float(outs[0].mean())"""),
 ('ranks', 'naive', 'NumPy: compare rows, draw with Generator.integers', """
U = 256 if N < 10**6 else 64
rng = np.random.default_rng(0); S = rng.random((U, N)); items = rng.integers(0, N, U)
t = time.perf_counter()
s = S[np.arange(U), items]
Rg = (S >= s[:, None]).sum(1)                     # includes the item itself: 1 + others above
others = np.where(rng.integers(0, N - 1, (U, n - 1)) >= items[:, None], 1, 0) + rng.integers(0, N - 1, (U, n - 1))
rs = 1 + (np.take_along_axis(S, others, 1) >= s[:, None]).sum(1)
seconds = time.perf_counter() - t
value = float(Rg.mean())"""),
]

RUNNER = """
import json, resource, time, numpy as np
N, n, M, BETA = {N}, {n}, {M}, {beta}
value, extra = None, {{}}
{setup}
{code}
print(json.dumps(dict(seconds=seconds, value=value, peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **extra)))
"""

def skip_reason(group, name, N, n, M):
    dense = N * n * 8 / 2**30
    if 'per user' in name and N * M * 8 / 2**30 > 2: return f'users x N posterior needs {N * M * 8 / 2**30:.0f} GB per step'
    if group in ('P(r|R)', 'EM fixed n', 'EM adaptive', 'BV', 'MN', 'BV learned prior', 'MN learned prior') and 'sparse' not in name and 'estimate_' not in name \
       and dense > 6: return f'dense N x n matrix needs {dense:.0f} GB'
    if group == 'EM adaptive' and 'dense' in name and dense * 3 > 6: return f'dense N x pairs matrix needs > {dense * 3:.0f} GB'
    if group == 'MES' and 'SCS' in name and N > 200_000: return 'SCS with 10^6 exponential cones: not attempted'
    if group == 'MES' and 'dense' in name and n >= 1000: return 'dense kernel in the cone program: > 20 GB of cvxpy canonicalisation'
    return None

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=DEFAULT_SCALES, choices=list(SCALES))
    ap.add_argument('--groups', nargs='+', default=None)
    ap.add_argument('--roles', nargs='+', default=None, help='only these roles (ours, naive, dense, cone, load, hogs, bandwidth, MLE, adaptive)')
    ap.add_argument('--out', default=None)
    ap.add_argument('--timeout', type=float, default=600, help='seconds allowed per case')
    ap.add_argument('--update', default=None, help='results.json of an earlier run: replace only the cases run now')
    args = ap.parse_args()
    rows = []
    for scale in args.scales:
        N, n, M = SCALES[scale]
        beta = float(scale.split('a=')[1]) if 'a=' in scale else None
        for group, role, name, code in CASES:
            if args.groups and group not in args.groups: continue
            if args.roles and role not in args.roles: continue
            row = dict(scale=scale, group=group, role=role, name=name)
            why = skip_reason(group, name, N, n, M)
            if why: rows.append(dict(row, skipped=why)); print(rows[-1], flush=True); continue
            try:
                env = dict(os.environ, NUMBA_NUM_THREADS='1') if '1 thread' in name else None   # before Numba is imported
                res = subprocess.run([sys.executable, '-c', RUNNER.format(N=N, n=n, M=M, beta=beta, setup=SETUP, code=code)],
                                     capture_output=True, text=True, timeout=args.timeout, env=env)
            except subprocess.TimeoutExpired:
                rows.append(dict(row, skipped=f'did not finish in {args.timeout:.0f} s')); print(rows[-1], flush=True); continue
            if res.returncode:
                rows.append(dict(row, skipped='failed: ' + (res.stderr.strip().splitlines() or ['?'])[-1][:120]))
            else: rows.append(dict(row, **json.loads(res.stdout.strip().splitlines()[-1])))
            print(rows[-1], flush=True)
    if args.update:                                   # replace the re-run cases in the stored results, keep the rest
        old = json.loads(Path(args.update).read_text())
        key = lambda r: (r['scale'], r['group'], r['name'])
        fresh = {key(r): r for r in rows}
        rows = [fresh.pop(key(r), r) for r in old] + list(fresh.values())
    out = Path(args.out or 'bench/results.md')
    out.with_suffix('.json').write_text(json.dumps(rows, indent=1))       # the measurements first: rendering cannot lose them
    text = render(rows) + '\n\nRoofline of the EM pass:\n\n' + render_roofline(rows)
    print(text)
    if args.out: out.write_text(text + '\n')

def render(rows) -> str:
    "The results as a Markdown table; ratios and differences are to samplerank's case of the same step and scale."
    lines = ['| scale | step | implementation | seconds | time / ours | peak MB | value | rel. diff to ours |',
             '|---|---|---|---|---|---|---|---|']
    for r in rows:
        if r['group'] == 'roofline': continue                          # its own table: render_roofline
        r = dict(r, group=r['group'].replace('|', '\\|'))              # P(r|R) inside a Markdown table cell
        if 'skipped' in r:
            lines.append(f"| {r['scale']} | {r['group']} | {r['name']} | skipped: {r['skipped']} | | | | |"); continue
        base = next((x for x in rows if x['scale'] == r['scale'] and x['group'].replace('|', '\\|') == r['group']
                     and x['role'] == 'ours' and 'seconds' in x), None)
        ratio = f"{r['seconds'] / base['seconds']:.1f}x" if base else ''
        diff = f"{abs(r['value'] / base['value'] - 1):.1e}" if base and r['value'] and base['value'] and r['name'] != base['name'] else ''
        lines.append(f"| {r['scale']} | {r['group']} | {r['name']} | {r['seconds']:.3f} | {ratio} | {r['peak_mb']:.0f} | "
                     f"{r['value']:.10g} | {diff} |")
    return '\n'.join(lines)

def render_roofline(rows) -> str:
    "EM's bytes moved per pass against the streaming bandwidth measured in the same run, as a Markdown table."
    lines = ['| scale | kernel entries | MB per pass | ms per pass | GB/s moved | streaming read, GB/s | share |', '|---|---|---|---|---|---|---|']
    for r in rows:
        if r['group'] != 'roofline' or r['role'] != 'ours' or 'seconds' not in r: continue
        bw = next((x for x in rows if x['scale'] == r['scale'] and x['group'] == 'roofline' and x['role'] == 'bandwidth'
                   and 'value' in x), None)
        if bw is None: continue                                        # no bandwidth measured at this scale
        lines.append(f"| {r['scale']} | {r['nnz']:,} | {r['bytes_per_iter'] / 1e6:.1f} | {r['seconds'] * 1e3:.2f} | "
                     f"{r['value']:.1f} | {bw['value']:.1f} | {r['value'] / bw['value']:.0%} |")
    return '\n'.join(lines)

if __name__ == '__main__': main()
