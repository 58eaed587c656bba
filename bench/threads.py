"""EM under load (issue 48, item 5): one EM fit at MovieLens-20M size (N = 20,720, n = 1,000, M = 136,677; simulated
log-normal global ranks, `estimate_mle`, 300 EM passes) idle and beside four CPU-bound processes on this machine's
cores, with one Numba thread, with the default pool (whose parallel passes ask `core._free_threads` how many
threads the load leaves), and with the default pool without that policy (every thread in every pass). The fair share under load is (1 + load) / cores times the one-thread idle time.

Run: `python bench/threads.py [--repeat 5] [--hogs 4]`; writes bench/results-threads.md. Each case runs in its own
process after a warm-up fit; the time is the median of --repeat fits."""
import argparse, json, os, subprocess, sys, time
from pathlib import Path

CODE = r"""
import json, time, numba, numpy as np
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks, estimate_mle
N, n, M = 20_720, 1_000, 136_677
r = sample_ranks(simulate_global_ranks(N, M, seed=0), N, n, seed=1)
if {fixed}:                                                                 # the pool without the load policy
    import samplerank.core as core; core._free_threads = lambda max_age=0.5: numba.config.NUMBA_NUM_THREADS
estimate_mle(r, N, n)                                                       # compile, build the kernel
ts = []
for _ in range({repeat}):
    t = time.perf_counter(); estimate_mle(r, N, n, n_iter=300); ts.append(time.perf_counter() - t)
print(json.dumps(float(np.median(ts))))
"""
HOG = "import time\nt = time.time()\nwhile time.time() - t < 3600: pass"

def fit(threads, repeat, fixed=False):
    env = dict(os.environ, OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1')
    env.pop('NUMBA_NUM_THREADS', None)
    if threads: env['NUMBA_NUM_THREADS'] = str(threads)
    out = subprocess.run([sys.executable, '-c', CODE.format(repeat=repeat, fixed=fixed)], env=env, capture_output=True, text=True)
    if out.returncode: sys.exit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--hogs', type=int, default=4)
    a = ap.parse_args()
    cores = len(os.sched_getaffinity(0))
    res = {'idle, 1 thread': fit(1, a.repeat), 'idle, default threads': fit(None, a.repeat)}
    hogs = [subprocess.Popen([sys.executable, '-c', HOG]) for _ in range(a.hogs)]
    try:
        time.sleep(2)
        res[f'beside {a.hogs} CPU-bound processes, 1 thread'] = fit(1, a.repeat)
        res[f'beside {a.hogs} CPU-bound processes, default threads'] = fit(None, a.repeat)
        res[f'beside {a.hogs} CPU-bound processes, default threads without the load policy'] = fit(None, a.repeat, True)
    finally:
        for h in hogs: h.kill()
    fair = res['idle, 1 thread'] * (1 + a.hogs) / cores
    lines = ['# EM under load', '',
             f'One `estimate_mle` fit (300 EM passes) at N = 20,720, n = 1,000, M = 136,677 on {cores} cores; median of '
             f'{a.repeat} fits per case, each case in its own process. Fair share under load: (1 + {a.hogs}) / {cores} '
             f'x the one-thread idle time = {fair:.2f} s. Issue 48 asks at most 1.5x the fair share.', '',
             '| case | seconds | / fair share |', '|---|---|---|']
    for k, v in res.items():
        lines.append(f"| {k} | {v:.3f} | {v / fair:.2f} |" if 'beside' in k else f"| {k} | {v:.3f} | |")
    Path(__file__).with_name('results-threads.md').write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines))

if __name__ == '__main__': main()
