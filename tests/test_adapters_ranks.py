"""ranks_from_frame against a brute-force per-user count, on random tables with ties and several relevant items."""
import numpy as np
import pandas as pd
from samplerank.adapters import ranks_from_frame, ranks_from_scores

def _brute(df):
    out = []
    for u, g in df.groupby('user', sort=False):
        neg = g.score[g.label == 0].to_numpy(); pos = g[g.label > 0]
        for it, s in zip(pos.item, pos.score):
            above = int((pos.score > s).sum())
            out.append((u, it, int((neg > s).sum()), int((neg == s).sum()), len(neg) + 1, len(pos), above))
    return pd.DataFrame(out, columns=['user', 'item', 'g', 't', 'n', 'n_relevant', 'relevant_above'])

def test_random_tables_match_brute_force():
    rng = np.random.default_rng(0)
    for rep in range(20):
        rows = []
        for u in rng.permutation(30):
            k = int(rng.integers(2, 15)); m = int(rng.integers(1, k))
            lab = np.zeros(k, int); lab[rng.choice(k, m, replace=False)] = 1
            rows.append(pd.DataFrame({'user': f'u{u}', 'item': rng.permutation(100)[:k], 'score': rng.integers(0, 4, k) / 2, 'label': lab}))
        df = pd.concat(rows, ignore_index=True)
        b = _brute(df)
        pess, opt = ranks_from_frame(df), ranks_from_frame(df, ties='optimistic')
        rnd = ranks_from_frame(df, ties='random', seed=rep)
        assert (pess.user.to_numpy() == b.user.to_numpy()).all() and (pess.item.to_numpy() == b.item.to_numpy()).all()
        assert (pess.sampled_rank == 1 + b.g + b.t).all() and (opt.sampled_rank == 1 + b.g).all()
        assert ((rnd.sampled_rank >= opt.sampled_rank) & (rnd.sampled_rank <= pess.sampled_rank)).all()
        for c in ('n', 'n_relevant', 'relevant_above'): assert (pess[c] == b[c]).all(), c

def test_scores_matrix_matches_frame_any_column():
    rng = np.random.default_rng(1)
    S = rng.integers(0, 5, size=(200, 30)).astype(float)
    for pos in (0, 7, 29):
        df = pd.DataFrame({'user': np.repeat(np.arange(200), 30), 'item': np.tile(np.arange(30), 200), 'score': S.ravel(),
                           'label': np.tile((np.arange(30) == pos).astype(int), 200)})
        for ties in ('pessimistic', 'optimistic'):
            assert (ranks_from_scores(S, pos, ties) == ranks_from_frame(df, ties=ties).sampled_rank.to_numpy()).all()
