"""Cost of the assumption labels (issue 52): `label_assumptions` (NDCG@10 bounds of every model with no assumption and
with P(R) non-increasing: two linear programs per model and assumption) against the `compare_models` call whose table it
labels (200 bootstrap replicates, MLE-auto), side by side in one process per scale.

Run: `python bench/bounds.py [--scales bundled ml-1m ml-20m]`; writes bench/results-bounds.md. `bundled`: the four
default models on ml-latest-small, leave-one-out, each user in their own pool (n = 100). `ml-1m` and `ml-20m`: two
simulated models (log-normal global ranks with medians 20 and 40), one catalogue, sampled with replacement."""
import argparse, json, subprocess, sys
from pathlib import Path

SCALES = {'bundled': None, 'ml-1m': (3706, 100, 6040), 'ml-20m': (20720, 1000, 136677)}
CODE = r"""
import json, time, numpy as np
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks
from samplerank.evaluation import SampledRanks
from samplerank.trust import compare_models
from samplerank.bounds import label_assumptions
scale = {scale!r}
if scale is None:
    from samplerank.data import load_movielens, filter_min_interactions, leave_one_out
    from samplerank.models import default_models
    from samplerank.ranks import compute_ranks
    split, models = leave_one_out(filter_min_interactions(load_movielens(), min_item=5)), default_models(0)
    for m in models: m.fit(split.train)
    t = {{m.name: compute_ranks(m, split, n=100, seed=1000) for m in models}}
    evs = {{k: SampledRanks(v.sampled_rank.values, v.pool_size.values, 100) for k, v in t.items()}}
else:
    N, n, M = scale
    evs = {{k: SampledRanks(sample_ranks(simulate_global_ranks(N, M, med, 1.6, i), N, n, seed=i), N, n)
           for i, (k, med) in enumerate({{'a': 20, 'b': 40}}.items())}}
small = {{k: SampledRanks(ev.ranks[:300], ev.Ns[:300], ev.n[:300]) for k, ev in evs.items()}}
label_assumptions(small, compare_models(small, seed=0, n_boot=20))          # compile every kernel
t0 = time.perf_counter(); cmp = compare_models(evs, seed=0); t_cmp = time.perf_counter() - t0
t0 = time.perf_counter(); lab = label_assumptions(evs, cmp); t_lab = time.perf_counter() - t0
print(json.dumps(dict(models=len(evs), users=int(next(iter(evs.values())).M), compare=t_cmp, labels=t_lab,
                      ratio=t_lab / t_cmp, labelled={{s: int((lab.assumption == s).sum()) for s in
                                                     ('none', 'non-increasing', 'smooth')}})))
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scales', nargs='+', default=list(SCALES), choices=list(SCALES))
    args = ap.parse_args()
    lines = ['# Cost of the assumption labels', '',
             'Seconds on a shared two-core machine, in one process per scale after a warm-up: `compare_models` (NDCG@10, '
             '200 replicates, MLE-auto) and `label_assumptions` on its table; compare the ratio, not the seconds.', '',
             '| scale | models | users | compare_models | label_assumptions | ratio | labels (none / non-increasing / smooth) |',
             '|---|---|---|---|---|---|---|']
    for s in args.scales:
        out = subprocess.run([sys.executable, '-c', CODE.format(scale=SCALES[s])], capture_output=True, text=True)
        if out.returncode: sys.exit(f'{s}: {out.stderr[-2000:]}')
        r = json.loads(out.stdout.strip().splitlines()[-1])
        lab = r['labelled']
        lines.append(f"| {s} | {r['models']} | {r['users']:,} | {r['compare']:.1f} s | {r['labels']:.1f} s | "
                     f"{r['ratio']:.2f} | {lab['none']} / {lab['non-increasing']} / {lab['smooth']} |")
        print(lines[-1], flush=True)
    Path(__file__).with_name('results-bounds.md').write_text('\n'.join(lines) + '\n')

if __name__ == '__main__': main()
