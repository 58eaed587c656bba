"""Could the plan skip its simulated evaluations? (issue 48: the demo's 3x is blocked on the plans' 96 simulated
bootstraps.) A candidate without refits: predict the standard error of a difference at a planned size n from the one
measured at the current n0 (the evaluation's own bootstrap) and the full ranking's (the users' own spread),
scaled by the posterior variance the sampling leaves,

    se(n)^2 = se(N)^2 + (se(n0)^2 - se(N)^2) V(n) / V(n0),   V(n) = sum over both models of E_r[Var(w(R) | r)] at n,

with V from each model's MLE-auto prior, pool stratum by stratum. It is compared here with the plan's simulated standard
errors (`evaluate_models(plan=True)`, the demo's fixed n = 100 design: four models, leave-one-out on the bundled data,
200 replicates, seed 0) at every planned size between n0 and N.

Run: `python bench/plan_se.py`; writes bench/results-plan-se.md (about 30 s)."""
import sys
from pathlib import Path
import numpy as np, pandas as pd
from samplerank.data import load_movielens, filter_min_interactions, leave_one_out
from samplerank.models import default_models
from samplerank.pipeline import rank_models
from samplerank.evaluation import SampledRanks, get_estimator
from samplerank.sampling import _cached_sparse_pmf
from samplerank.metrics import metric_weights
from samplerank.trust import evaluate_models

def posterior_variance(ev:SampledRanks, fits:dict, groups:list, metric:str, n:int) -> float:
    "Mean over users of Var(metric@10(R) | r) at sample size n under each stratum's fitted prior (0 at n >= N)."
    v = 0.0
    for g, users in enumerate(groups):
        sub, pi = ev.stratum(users), fits[g].pmf
        if n >= sub.N: continue
        w, A = metric_weights(metric, sub.N, 10), _cached_sparse_pmf(sub.N, n, True)      # A: P(r | R), N x n
        pr, m1 = A.T @ pi, A.T @ (pi * w)
        v += len(users) / ev.M * (pi @ w ** 2 - np.sum(np.divide(m1 ** 2, pr, out=np.zeros_like(pr), where=pr > 0)))
    return v

def main(out=Path(__file__).with_name('results-plan-se.md')):
    split = leave_one_out(filter_min_interactions(load_movielens(), min_item=5))
    ranks, N = rank_models(split, default_models(0), n=100, seed=0, progress=False)
    pools = next(iter(ranks.values())).pool_size.values
    evs = {k: SampledRanks(d.sampled_rank.values, pools, 100) for k, d in ranks.items()}
    plan = evaluate_models(evs, metrics=('recall', 'ndcg'), Ks=(10,), seed=0, n_boot=200, plan=True)[1].attrs['plan']
    groups = next(iter(evs.values())).pool_strata(6)
    fits = {k: [get_estimator('MLE-auto').fit(ev.stratum(u)) for u in groups] for k, ev in evs.items()}
    rows = []
    for (metric, a, b), g in plan.groupby(['metric', 'a', 'b']):
        se = g.set_index('n').se; n0, nN = se.index.min(), se.index.max()
        V = {n: sum(posterior_variance(evs[k], fits[k], groups, metric, n) for k in (a, b)) for n in se.index}
        for n in se.index[(se.index > n0) & (se.index < nN)]:
            pred = np.sqrt(se[nN] ** 2 + max(se[n0] ** 2 - se[nN] ** 2, 0.0) * V[n] / V[n0])
            rows.append((metric, n, se[n], pred, se[n] < se[nN]))
    r = pd.DataFrame(rows, columns=['metric', 'n', 'simulated', 'predicted', 'below_full'])
    r['ratio'] = r.predicted / r.simulated
    t = r.groupby(['metric', 'n']).agg(pairs=('ratio', 'size'), median=('ratio', 'median'), lo=('ratio', 'min'),
                                      hi=('ratio', 'max'), below=('below_full', 'sum')).reset_index()
    lines = ['# Predicting the plan\'s standard errors without simulated refits', '',
             'Predicted / simulated standard error of each undecided pair\'s difference (the demo\'s fixed n = 100 '
             'design; 6 pairs per metric); "below the full ranking": pairs whose simulated standard error at that n is '
             'below the full ranking\'s, which the plan computes from plausible ranks drawn for each model apart.', '',
             '| metric@10 | n | pairs | median | min | max | below the full ranking |', '|---|---|---|---|---|---|---|']
    lines += [f'| {m} | {n:,} | {p} | {md:.2f} | {lo:.2f} | {hi:.2f} | {bl} |'
              for m, n, p, md, lo, hi, bl in t.itertuples(index=False)]
    lines += ['', f'Over all {len(r)} (pair, size) cells: median {r.ratio.median():.2f}, range {r.ratio.min():.2f} to '
              f'{r.ratio.max():.2f}.', '']
    out.write_text('\n'.join(lines)); print(out.read_text())

if __name__ == '__main__': main(*(Path(a) for a in sys.argv[1:]))
