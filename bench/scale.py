"""Sampled evaluation against the full ranking it replaces, on simulated dot-product models (issue 60).

    python bench/scale.py [--N 100000 1000000] [--M 10000] [--designs fixed adaptive two-stage] [--add]
                          [--out bench/results-scale]

For each catalogue size N: two dot-product models (d = 64, float32) of M users, the second a noisier copy of the
first; each user's vector leans towards its held-out item, and 5 to 200 random items are in its training (so
the users' pools differ: pool strata). Each step runs in a process of its own (its peak memory is that process's):
  - full: the blocked full ranking a user would run instead (one matrix product per block of 256 users), both models;
  - each design: `evaluate_scorers` with default settings (MLE-auto, 200 bootstrap draws, NDCG@10 and Recall@10),
    timed as scoring (`scorer_ranks`) and estimation (`evaluate_models`);
  - two-stage: `evaluate_scorers(design='two-stage', budget=2 * M * BUDGET)` (BUDGET = 1000 candidates per user and
    model, pilot at n = 100 included, so a final n of at most 900), timed as a whole (its n in the json).
Writes OUT.json and OUT.md: seconds per step, peak memory beyond the world's resident memory (the peak is reset once
the world is made, so its temporaries are left out; Linux), and the ratio to the full ranking. `--add` keeps the stored
rows of other (N, M, step) and adds or replaces the new ones.
"""
import argparse, json, subprocess, sys, time
from pathlib import Path
import numpy as np
import scipy.sparse as sp

D, BLOCK = 64, 256
LEAN, NOISE = 0.6, {'A': 1.0, 'B': 1.1}   # how far a user leans to its held-out item; each model's noise
BUDGET = 1000                             # two-stage: candidates per user and model, the pilot's included

def world(N:int, M:int, seed:int=0, d:int=D, lean:float=LEAN, noise:dict=NOISE):
    "Factors of the models (model -> its noise), the training items and the held-out items (users lean towards theirs)."
    rng = np.random.default_rng(seed)
    V = rng.standard_normal((N, d), np.float32)
    best = rng.integers(0, N, M)
    U = (lean * V[best] + rng.standard_normal((M, d), np.float32)).astype(np.float32)
    models = {k: (V + s * rng.standard_normal(V.shape, np.float32)).astype(np.float32) for k, s in noise.items()}
    # a CSR of each user's training items: 5 to 200 of them (pools of different sizes: pool strata)
    sizes = np.exp(rng.uniform(np.log(5), np.log(200), M)).astype(np.int64)
    items = rng.integers(0, N - 1, sizes.sum())
    items += items >= np.repeat(best, sizes)                        # never the held-out item
    train = sp.csr_matrix((np.ones(items.size), items, np.r_[0, np.cumsum(sizes)]), shape=(M, N))
    train.sum_duplicates(); train.data[:] = 1
    return U, models, train, best

def split_of(N, M, train, best):
    "The samplerank Split of the simulated world."
    from samplerank.data import Split
    ho = sp.csr_matrix((np.ones(M), (np.arange(M), best)), shape=(M, N))
    return Split(train, ho, np.arange(M), best)

def scorers_of(U, models:dict) -> dict:
    "Each model's scorer: the dot products of the users' and the candidates' factors."
    return {k: (lambda users, items, V=V: np.einsum('bd,bcd->bc', U[users], V[items])) for k, V in models.items()}

def full_ranking(U, models, train, best, pessimistic:bool=False) -> dict:
    "The global rank of each held-out item under each model (ties above it when pessimistic), one product per block."
    out = {}
    for name, V in models.items():
        R, block = np.empty(len(U), np.int64), max(1, min(BLOCK, 2**28 // len(V)))   # scores of a block: 1 GB at most
        for b0 in range(0, len(U), block):
            b = slice(b0, b0 + block)
            S = U[b] @ V.T
            s_true = S[np.arange(S.shape[0]), best[b]]
            T = train[b].tocoo(); S[T.row, T.col] = -np.inf
            R[b] = (S >= s_true[:, None]).sum(1) if pessimistic else 1 + (S > s_true[:, None]).sum(1)   # item once
        out[name] = R
    return out

def status_MB(key:str) -> float:
    "A memory figure of this process (VmRSS: now; VmHWM: the peak since the last reset), in MB."
    return next(int(l.split()[1]) for l in Path('/proc/self/status').read_text().splitlines() if l.startswith(key)) / 2**10

def one(step:str, N:int, M:int) -> dict:
    "Run one step in this process: its seconds and peak memory (the world's own memory reported apart)."
    U, models, train, best = world(N, M)
    Path('/proc/self/clear_refs').write_text('5')       # the peak from here on: the world's temporaries left out
    res = {'step': step, 'N': N, 'M': M, 'world_MB': status_MB('VmRSS')}
    if step == 'full':
        t = time.perf_counter(); R = full_ranking(U, models, train, best)
        res['seconds'] = time.perf_counter() - t
        res['ndcg@10'] = {k: float(np.where(r <= 10, 1 / np.log2(r + 1), 0).mean()) for k, r in R.items()}
    else:
        import samplerank as sr
        from samplerank.scorers import scorer_ranks
        split = split_of(N, M, train, best)
        scorers = scorers_of(U, models)
        import copy
        if step == 'two-stage':
            evs, _ = scorer_ranks(scorers, split, design='fixed', seed=0)        # compiled once per install, as users'
            sr.evaluate_models(evs, metrics=('ndcg', 'recall'), Ks=(10,), seed=0, n_boot=20)
            t0 = time.perf_counter()
            est, cmp = sr.evaluate_scorers(scorers, split, design=step, budget=2 * M * BUDGET, seed=0,
                                           metrics=('ndcg', 'recall'), Ks=(10,))
            res.update(seconds=time.perf_counter() - t0, share=float(sr.cost_table(est).share.mean()),
                       two_stage=est.attrs['two_stage'], estimates=est.round(5).to_dict('records'))
            res['peak_MB'] = status_MB('VmHWM')
            return res
        evs, _ = scorer_ranks(scorers, split, design=step, seed=0)           # compiled once per install, as users'
        sr.evaluate_models(copy.deepcopy(evs), metrics=('ndcg', 'recall'), Ks=(10,), seed=0, n_boot=20)
        t0 = time.perf_counter(); evs, cost = scorer_ranks(scorers, split, design=step, seed=0)
        t1 = time.perf_counter(); est, cmp = sr.evaluate_models(evs, metrics=('ndcg', 'recall'), Ks=(10,), seed=0)
        t2 = time.perf_counter()
        res.update(scoring=t1 - t0, estimation=t2 - t1, seconds=t2 - t0, share=float(cost.share.mean()),
                   estimates=est.round(5).to_dict('records'))
    res['peak_MB'] = status_MB('VmHWM')
    return res

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--N', type=int, nargs='+', default=[100_000, 1_000_000])
    p.add_argument('--M', type=int, default=10_000)
    p.add_argument('--designs', nargs='+', default=['fixed', 'adaptive'])
    p.add_argument('--out', default='bench/results-scale')
    p.add_argument('--add', action='store_true', help='keep the stored rows of other (N, M, step)')
    p.add_argument('--one', nargs=3, metavar=('STEP', 'N', 'M'))
    a = p.parse_args()
    if a.one:
        print(json.dumps(one(a.one[0], int(a.one[1]), int(a.one[2])))); return
    rows = []
    for N in a.N:
        have_full = a.add and any((r['N'], r['M'], r['step']) == (N, a.M, 'full') for r in json.loads(
            Path(a.out + '.json').read_text())) if Path(a.out + '.json').exists() else False
        for step in (a.designs if have_full else ['full', *a.designs]):
            out = subprocess.run([sys.executable, __file__, '--one', step, str(N), str(a.M)], capture_output=True,
                                 text=True, check=True).stdout
            rows.append(json.loads(out.strip().splitlines()[-1])); print(rows[-1], flush=True)
    if a.add and Path(a.out + '.json').exists():
        key = lambda r: (r['N'], r['M'], r['step'])
        new = {key(r) for r in rows}
        order = ['full', 'fixed', 'adaptive', 'two-stage']
        rows = sorted([r for r in json.loads(Path(a.out + '.json').read_text()) if key(r) not in new] + rows,
                      key=lambda r: (r['N'], r['M'], order.index(r['step']) if r['step'] in order else 9))
    Path(a.out + '.json').write_text(json.dumps(rows, indent=1))
    lines = ['| N | M | step | scoring s | estimation s | total s | ratio to full ranking | scored share | '
             'peak MB beyond the world |', '|---|---|---|---|---|---|---|---|---|']
    for r in rows:
        full = next(f for f in rows if (f['N'], f['M'], f['step']) == (r['N'], r['M'], 'full'))['seconds']
        sc, es = (f"{r[k]:.1f}" if k in r else '' for k in ('scoring', 'estimation'))
        lines.append(f"| {r['N']:,} | {r['M']:,} | {r['step']} | {sc} | {es} | {r['seconds']:.1f} | "
                     f"{r['seconds'] / full:.2f} | {r.get('share', 1):.4f} | {r['peak_MB'] - r['world_MB']:,.0f} |")
    Path(a.out + '.md').write_text('\n'.join(lines) + '\n'); print('\n'.join(lines))

if __name__ == '__main__':
    main()
