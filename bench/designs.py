"""The four sampling designs side by side against the full ranking, on the sequential design's simulated catalogues.

    python bench/designs.py [--N 100000] [--M 4000] [--seeds 0 1 2] [--out bench/results-designs] [--add]

The world of bench/sequential.py: four correlated dot-product models (d = 32, float32) of M users, whose full
rankings separate the pairs. Each design is `evaluate_scorers` with its defaults (NDCG@10 and Recall@10, MLE-auto,
n = 100): fixed; adaptive (n to 8n); two-stage with a budget of 1,000 candidates per user and model, pilot included;
sequential. Per design and seed of the negatives: seconds (and the scorers' own share), the share of a full ranking
scored (all models), the full ranking's calls made right and wrong (its paired z-test at 1.96) and the intervals
covering the full ranking's values. Writes OUT.json and OUT.md.
"""
import argparse, json, time
from pathlib import Path
import numpy as np

from sequential import prepared, outcome, timed

DESIGNS = ('fixed', 'adaptive', 'two-stage', 'sequential')

def run(sr, design:str, scorers:dict, split, M:int, seed:int) -> tuple:
    "One design's evaluation: intervals and comparisons, and its seconds."
    extra = dict(budget=len(scorers) * M * 1000) if design == 'two-stage' else {}
    t = time.perf_counter()
    est, cmp = sr.evaluate_scorers(scorers, split, design=design, seed=seed, **extra)
    return est, cmp, time.perf_counter() - t

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--N', type=int, nargs='+', default=[100_000])
    p.add_argument('--M', type=int, default=4000)
    p.add_argument('--seeds', type=int, nargs='+', default=[0, 1, 2])
    p.add_argument('--designs', nargs='+', default=list(DESIGNS))
    p.add_argument('--out', default=str(Path(__file__).parent / 'results-designs'))
    p.add_argument('--add', action='store_true', help="keep OUT.json's runs of other (N, seed, design) and add these")
    a = p.parse_args()
    import samplerank as sr
    rows = []
    for N in a.N:
        U, models, _, full_s, values, calls, split = prepared(sr, N, a.M)
        for seed in a.seeds:
            for design in a.designs:
                clock = [0.0]
                scorers = {k: timed(lambda users, items, V=V: np.einsum('bd,bcd->bc', U[users], V[items]), clock)
                           for k, V in models.items()}
                est, cmp, seconds = run(sr, design, scorers, split, a.M, seed)
                cost = sr.cost_table(est)
                rows.append(dict(N=N, M=a.M, seed=seed, design=design, full_seconds=full_s, seconds=seconds,
                                 scorer_seconds=clock[0], share=float(cost.scored.sum() / cost.full.sum()),
                                 **outcome(est, cmp, calls, values)[0]))
                print(json.dumps(rows[-1]), flush=True)
    if a.add and Path(a.out + '.json').exists():
        new = {(r['N'], r['seed'], r['design']) for r in rows}
        rows = [r for r in json.loads(Path(a.out + '.json').read_text())
                if (r['N'], r['seed'], r['design']) not in new] + rows
    write(rows, a.out)

def write(rows:list, out:str):
    "OUT.json with every run, and OUT.md with a row per catalogue size and design."
    rows = sorted(rows, key=lambda r: (r['N'], DESIGNS.index(r['design']), r['seed']))
    Path(out + '.json').write_text(json.dumps(rows, indent=1))
    lines = ['| N | design | seeds | seconds (full ranking) | scored share | decided right / full ranking decides | '
             'wrong | intervals covering |', '|---|---|---|---|---|---|---|---|']
    for (N, design), rs in _groups(rows):
        right, full = sum(r['correct'] for r in rs), sum(r['full_decides'] for r in rs)
        lines.append(f"| {N:,} | {design} | {len(rs)} | {np.median([r['seconds'] for r in rs]):.0f} "
                     f"({rs[0]['full_seconds']:.0f}) | {min(r['share'] for r in rs):.4f}-{max(r['share'] for r in rs):.4f}"
                     f" | {right} / {full} | {sum(r['wrong'] for r in rs)} of {sum(r['calls'] for r in rs)} | "
                     f"{sum(r['covered'] for r in rs)} / {sum(r['intervals'] for r in rs)} |")
    Path(out + '.md').write_text('\n'.join(lines) + '\n'); print('\n'.join(lines))

def _groups(rows:list) -> list:
    "Rows grouped by (N, design), in order."
    keys = list(dict.fromkeys((r['N'], r['design']) for r in rows))
    return [(k, [r for r in rows if (r['N'], r['design']) == k]) for k in keys]

if __name__ == '__main__':
    main()
