"""The sequential design against the full ranking it replaces, on simulated catalogues (issue 64).

    python bench/sequential.py [--N 100000 1000000] [--M 4000] [--seeds 0 1 2] [--out bench/results-sequential]
                               [--full-rows] [--add]

For each catalogue size N: four correlated dot-product models (d = 32, float32) of M users, each a noisier copy
of the first; each user's vector leans towards its held-out item, and 5 to 200 random items are in its training.
  - full: the blocked full ranking (one matrix product per block of 256 users), every model;
  - sequential: `evaluate_scorers(design='sequential')` with its defaults (NDCG@10 and Recall@10, n = 100),
    once per seed of the negatives; with --full-rows the scorers also score every item at once (`Scorer`), and a
    user whose sample would pass a quarter of the pool is ranked in full from one row.
Each scorer counts the candidates it is asked for, per user: where the scores go, by the held-out item's global rank
band (1-10, 11-100, 101-1000, > 1000), against the floor (the users whose item is in the top 10, ranked in full).
Each pair-metric's call is checked against the full ranking's paired z-test (|z| >= 1.96 decides it), and each
model's interval against the full ranking's metric on the same users. Writes OUT.json and OUT.md.
"""
import argparse, itertools, json, sys, time
from pathlib import Path
import numpy as np
import scipy.sparse as sp

from scale import world as _world, full_ranking as _full_ranking

D, LEAN, NOISE = 32, 1.0, {f'm{i}': s for i, s in enumerate((1.0, 1.15, 1.3, 1.45))}

def world(N:int, M:int, seed:int=0):
    "Factors of the four models (each a noisier copy of the first), the training items and the held-out items."
    return _world(N, M, seed, D, LEAN, NOISE)

def full_ranking(U, models, train, best) -> dict:
    "The global rank of each held-out item under each model, ties pessimistic, one matrix product per block."
    return _full_ranking(U, models, train, best, pessimistic=True)

def truth(R:dict, N:int) -> tuple:
    "Each model's NDCG@10 and Recall@10, and each pair-metric's full-ranking call (a, b, or 'undecided')."
    from samplerank.metrics import _weights_at
    vals = {(k, m): _weights_at(m, r, N, 10) for k, r in R.items() for m in ('ndcg', 'recall')}
    calls = {}
    for m in ('ndcg', 'recall'):
        for a, b in itertools.combinations(R, 2):
            d = vals[a, m] - vals[b, m]
            z = d.mean() / (d.std(ddof=1) / np.sqrt(len(d)))
            calls[m, a, b] = (a if z >= 1.96 else b if z <= -1.96 else 'undecided', float(z))
    return {k: float(v.mean()) for k, v in vals.items()}, calls

def prepared(sr, N:int, M:int) -> tuple:
    "The world of N items and M users, its full ranking (and seconds), the truth it gives, and the split."
    U, models, train, best = world(N, M)
    t = time.perf_counter(); R = full_ranking(U, models, train, best); full_s = time.perf_counter() - t
    values, calls = truth(R, N)
    split = sr.Split(train, sp.csr_matrix((np.ones(M), (np.arange(M), best)), shape=(M, N)), np.arange(M), best)
    return U, models, R, full_s, values, calls, split

def outcome(est, cmp, calls:dict, values:dict) -> tuple:
    "The evaluation's calls checked against the full ranking's, and whether each interval covers its value."
    got = {(r.metric, r.a, r.b): r.decision for r in cmp.itertuples()}
    cover = {f"{r.model} {r.metric}": bool(r.lo <= values[r.model, r.metric] <= r.hi) for r in est.itertuples()}
    return dict(full_decides=sum(c[0] != 'undecided' for c in calls.values()),
                correct=sum(got[k] == c[0] for k, c in calls.items() if c[0] != 'undecided'),
                wrong=sum(got[k] not in ('undecided', c[0]) for k, c in calls.items()),
                calls=sum(v != 'undecided' for v in got.values()),
                covered=sum(cover.values()), intervals=len(cover)), cover

BANDS = {'1-10': (0, 10), '11-100': (10, 100), '101-1000': (100, 1000), '> 1000': (1000, np.inf)}

def timed(f, clock:list, asked=None):
    "The scorer f, its own seconds added to clock[0]; the candidates each user was asked for added to `asked`."
    def g(users, *items):
        t = time.perf_counter(); out = f(users, *items); clock[0] += time.perf_counter() - t
        if asked is not None: np.add.at(asked, users, out.shape[1])
        return out
    return g

def where(asked:dict, R:dict, full:float) -> dict:
    "What the scorers were asked, as a share of the full ranking: by model and by the item's global rank band."
    return {k: {b: round(float(a[(R[k] > lo) & (R[k] <= hi)].sum() / full), 4) for b, (lo, hi) in BANDS.items()}
            for k, a in asked.items()}

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--N', type=int, nargs='+', default=[100_000, 1_000_000])
    p.add_argument('--M', type=int, default=4000)
    p.add_argument('--seeds', type=int, nargs='+', default=[0, 1, 2])
    p.add_argument('--out', default='bench/results-sequential')
    p.add_argument('--full-rows', action='store_true', help='scorers that also score every item at once (Scorer)')
    p.add_argument('--add', action='store_true', help="keep OUT.json's runs of other (N, seed) and add these")
    a = p.parse_args()
    import samplerank as sr
    rows = []
    for N in a.N:
        U, models, R, full_s, values, calls, split = prepared(sr, N, a.M)
        for seed in a.seeds:
            clock, asked = [0.0], {k: np.zeros(a.M) for k in models}
            scorers = {k: timed(lambda users, items, V=V: np.einsum('bd,bcd->bc', U[users], V[items]), clock,
                                asked[k]) for k, V in models.items()}
            if a.full_rows:                     # every item at once: one matrix product, as the full ranking
                scorers = {k: sr.Scorer(f, timed(lambda users, V=models[k]: U[users] @ V.T, clock, asked[k]))
                           for k, f in scorers.items()}
            t = time.perf_counter()
            est, cmp = sr.evaluate_scorers(scorers, split, design='sequential', seed=seed)
            seconds = time.perf_counter() - t
            checked, cover = outcome(est, cmp, calls, values)
            cost = sr.cost_table(est)
            rows.append(dict(N=N, M=a.M, seed=seed, full_seconds=full_s, seconds=seconds, scorer_seconds=clock[0],
                             share=float(cost.scored.sum() / cost.full.sum()),
                             share_by_model={r.model: round(float(r.share), 4) for r in cost.itertuples()},
                             by_band=where(asked, R, float(cost.full.iloc[0])),
                             in_band={k: round(float((r <= 10).mean()), 4) for k, r in R.items()}, **checked,
                             z={f"{m} {x}-{y}": round(c[1], 2) for (m, x, y), c in calls.items()}, cover=cover,
                             hr10={k: round(float((r <= 10).mean()), 4) for k, r in R.items()}))
            print(json.dumps(rows[-1]), flush=True)
    if a.add and Path(a.out + '.json').exists():              # the stored runs of other sizes and seeds, then these
        new = {(r['N'], r['seed']) for r in rows}
        rows = sorted([r for r in json.loads(Path(a.out + '.json').read_text()) if (r['N'], r['seed']) not in new]
                      + rows, key=lambda r: (r['N'], r['seed']))
    Path(a.out + '.json').write_text(json.dumps(rows, indent=1))
    lines = ['| N | M | seed | Recall@10 of the models | full ranking s | sequential s (its scorers) | scored share | '
             'decided right / full ranking decides | wrong | intervals covering |', '|---|---|---|---|---|---|---|---|---|---|']
    for r in rows:
        hr = ', '.join(f"{v:.3f}" for v in r['hr10'].values())
        lines.append(f"| {r['N']:,} | {r['M']:,} | {r['seed']} | {hr} | {r['full_seconds']:.0f} | {r['seconds']:.0f} "
                     f"({r['scorer_seconds']:.0f}) | {r['share']:.3f} | {r['correct']} / {r['full_decides']} | "
                     f"{r['wrong']} of {r['calls']} | {r['covered']} / {r['intervals']} |")
    lines += ['', 'Where the scores go (share of a full ranking, mean over the models and seeds; the floor is the share '
              'of users whose item is in the top 10, each ranked in full):', '',
              '| N | ' + ' | '.join(f'R {b}' for b in BANDS) + ' | all | floor |', '|---' * (len(BANDS) + 3) + '|']
    for N in sorted({r['N'] for r in rows}):
        rs = [r for r in rows if r['N'] == N]
        band = {b: np.mean([np.mean([v[b] for v in r['by_band'].values()]) for r in rs]) for b in BANDS}
        floor = np.mean(list(rs[0]['in_band'].values()))
        lines.append(f"| {N:,} | " + ' | '.join(f"{band[b]:.4f}" for b in BANDS) +
                     f" | {np.mean([r['share'] for r in rs]):.4f} | {floor:.4f} |")
    Path(a.out + '.md').write_text('\n'.join(lines) + '\n'); print('\n'.join(lines))

if __name__ == '__main__':
    main()
