"""Side-by-side benchmarks of samplerank's kernels against the naive implementations of the same equations.

Each case runs in its own subprocess, so its peak memory (max RSS) is measured alone; every figure is a ratio
measured in one run on the same machine. Usage:

    python bench/run.py [--scales ml-1m ml-20m book-x 1m] [--out bench/results.md]

Scales (Li et al. 2023 / Jin et al. 2021): ml-1m N=3,706 n=100 M=6,040; ml-20m N=20,720 n=1,000 M=136,677;
book-x N=139,331 n=100 M=11,325; 1m N=10^6 n=1,000 M=10^6. Naive cases whose dense matrices would not fit in
memory (or would take hours) are reported as skipped with the reason.
"""
import argparse, json, subprocess, sys, time
from pathlib import Path

SCALES = {'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677), 'book-x': (139331, 100, 11325),
          '1m': (10**6, 1000, 10**6)}

CASES = {
 # name: (code run in a fresh process; must set `seconds`, may set `value` for an equality check)
 'pmf ours': """
from samplerank.sampling import rank_pmf
rank_pmf(50, 10)                                   # compile outside the timing
t = time.perf_counter(); P = rank_pmf(N, n); seconds = time.perf_counter() - t
value = float(P[N // 3].sum())""",
 'pmf naive (scipy dense)': """
import scipy.stats as st
t = time.perf_counter()
P = st.binom.pmf(np.arange(n)[None, :], n - 1, (np.arange(1, N + 1)[:, None] - 1) / (N - 1))
seconds = time.perf_counter() - t
value = float(P[N // 3].sum())""",
 'EM ours': """
from samplerank.mle import estimate_mle
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks
r = sample_ranks(simulate_global_ranks(N, M, seed=0), n, N, seed=1)
estimate_mle(r[:100], 50, min(n, 50))               # compile outside the timing
t = time.perf_counter(); d = estimate_mle(r, N, n); seconds = time.perf_counter() - t
value = d.metric('ndcg', 10)""",
 'EM naive (eq 21, dense scipy + numpy)': """
import scipy.stats as st
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks
from samplerank.metrics import metric_weights
r = sample_ranks(simulate_global_ranks(N, M, seed=0), n, N, seed=1)
t = time.perf_counter()
A = st.binom.pmf(np.arange(n)[None, :], n - 1, (np.arange(1, N + 1)[:, None] - 1) / (N - 1))
h = np.bincount(r - 1, minlength=n) / len(r)
pi = np.full(N, 1 / N)
for _ in range(100):
    q = pi @ A
    pi = pi * (A @ np.where(h > 0, h / np.where(q > 0, q, 1), 0))
seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ (pi / pi.sum()))""",
 'EM per-user (eq 20, as in the authors code)': """
import scipy.stats as st
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks
from samplerank.metrics import metric_weights
r = sample_ranks(simulate_global_ranks(N, M, seed=0), n, N, seed=1)
t = time.perf_counter()
A = st.binom.pmf(np.arange(n)[None, :], n - 1, (np.arange(1, N + 1)[:, None] - 1) / (N - 1))
L = A[:, r - 1].T                                   # users x N
pi = np.full(N, 1 / N)
for _ in range(100):
    post = L * pi; post /= post.sum(1, keepdims=True); pi = post.mean(0)
seconds = time.perf_counter() - t
value = float(metric_weights('ndcg', N, 10) @ pi)""",
}

RUNNER = """
import json, resource, time, numpy as np
N, n, M = {N}, {n}, {M}
value = None
{code}
print(json.dumps(dict(seconds=seconds, value=value, peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))
"""

def skip_reason(case, N, n, M):
    dense = N * n * 8 / 2**30
    if 'per-user' in case and N * M * 8 / 2**30 > 2: return f'users x N posterior needs {N * M * 8 / 2**30:.0f} GB per step'
    if ('naive' in case or 'ours' in case) and dense > 6: return f'dense N x n matrix needs {dense:.0f} GB'
    return None

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=['ml-1m', 'ml-20m'], choices=list(SCALES))
    ap.add_argument('--out', default=None)
    args = ap.parse_args()
    rows = []
    for scale in args.scales:
        N, n, M = SCALES[scale]
        for case, code in CASES.items():
            why = skip_reason(case, N, n, M)
            if why: rows.append(dict(scale=scale, case=case, skipped=why)); continue
            res = subprocess.run([sys.executable, '-c', RUNNER.format(N=N, n=n, M=M, code=code)], capture_output=True, text=True)
            if res.returncode: rows.append(dict(scale=scale, case=case, skipped='failed: ' + res.stderr.strip().splitlines()[-1])); continue
            rows.append(dict(scale=scale, case=case, **json.loads(res.stdout.strip().splitlines()[-1])))
            print(rows[-1], flush=True)
    lines = ['| scale | case | seconds | ratio to ours | peak MB | value |', '|---|---|---|---|---|---|']
    for r in rows:
        if 'skipped' in r: lines.append(f"| {r['scale']} | {r['case']} | skipped: {r['skipped']} | | | |"); continue
        base = next((x for x in rows if x['scale'] == r['scale'] and x['case'] == r['case'].split(' ')[0] + ' ours' and 'seconds' in x), None)
        ratio = f"{r['seconds'] / base['seconds']:.1f}x" if base else ''
        lines.append(f"| {r['scale']} | {r['case']} | {r['seconds']:.3f} | {ratio} | {r['peak_mb']:.0f} | {r['value']} |")
    text = '\n'.join(lines)
    print(text)
    if args.out: Path(args.out).write_text(text + '\n')

if __name__ == '__main__': main()
