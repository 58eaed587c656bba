"""Exact metrics against a peer implementation (ranx) on random rankings, and invariances of the weights."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from ranx import Qrels, Run, evaluate
import samplerank as sr

def random_sets(seed, n_queries, N, max_rel):
    rng = np.random.default_rng(seed)
    return [rng.choice(np.arange(1, N + 1), size=int(rng.integers(1, max_rel + 1)), replace=False) for _ in range(n_queries)]

def ranx_eval(sets, name, N):
    qrels = Qrels({f'q{u}': {f'd{r}': 1 for r in s} for u, s in enumerate(sets)})
    run = Run({f'q{u}': {f'd{r}': float(N - r + 1) for r in range(1, N + 1)} for u in range(len(sets))})
    return evaluate(qrels, run, name)

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), N=st.integers(5, 80), K=st.integers(1, 30))
def test_against_ranx(seed, N, K):
    sets = random_sets(seed, 30, N, min(8, N - 1))
    for ours, theirs in (('recall', 'recall'), ('precision', 'precision'), ('mrr', 'mrr'), ('ndcg', 'ndcg')):
        assert sr.exact_metric(sets, ours, K=K) == pytest.approx(ranx_eval(sets, f'{theirs}@{K}', N), abs=1e-12)
    # ranx's AP divides by |R|, Rendle's eq 7 by min(|R|, K)
    sizes = np.array([len(s) for s in sets])
    ours = sr.exact_metric(sets, 'ap', K=K, per_instance=True) * np.minimum(sizes, K) / sizes
    assert ours.mean() == pytest.approx(ranx_eval(sets, f'map@{K}', N), abs=1e-12)

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), N=st.integers(2, 10**6))
def test_one_relevant_item_reduces_to_weights(seed, N):
    rng = np.random.default_rng(seed)
    ranks = rng.integers(1, N + 1, size=50)
    for m in sr.METRICS:
        for K in (None, 1, 10):
            if m == 'auc' and K is not None: continue
            w = sr.metric_weights(m, max(N, 2), K) if N <= 10**5 else None
            per = sr.exact_metric(ranks, m, K=K, N=N, per_instance=True)
            sets = sr.exact_metric([[r] for r in ranks], m, K=K, N=N, per_instance=True)
            np.testing.assert_allclose(per, sets, rtol=1e-12)
            if w is not None: np.testing.assert_allclose(per, w[ranks - 1], rtol=1e-12)

def test_bad_input():
    for bad, msg in (([0], 'ranks[0] = 0'), ([1.5], 'integer ranks'), ([np.nan], 'integer ranks'), ([], 'must not be empty')):
        with pytest.raises(ValueError, match=msg.replace('[', r'\[').replace(']', r'\]')):
            sr.exact_metric(bad, 'ndcg', N=10)
    with pytest.raises(ValueError, match='metric must be one of'): sr.metric_weights('dcg', 10)
    with pytest.raises(ValueError, match='1 <= K'): sr.metric_weights('ndcg', 10, K=0)
    with pytest.raises(ValueError, match='N must be an integer'): sr.metric_weights('ndcg', 10.5)
