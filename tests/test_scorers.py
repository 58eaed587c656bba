"""`evaluate_scorers` and `scorer_ranks`: bad input named, the same numbers for any block size, determinism."""
import numpy as np
import pytest
import scipy.sparse as sp
from samplerank.data import Split
import warnings
import pandas as pd
from samplerank.adapters import ranks_from_scores
from samplerank.scorers import evaluate_scorers, scorer_ranks, cost_table

N_ITEMS = 60

@pytest.fixture(scope='module')
def split():
    "Ten users with a few training items each and one held-out item: pools of 50-57 items."
    rng = np.random.default_rng(0)
    rows, cols, held = [], [], []
    for u in range(10):
        items = rng.choice(N_ITEMS, 4 + u % 4, replace=False)
        rows += [u] * (len(items) - 1); cols += list(items[:-1]); held.append(items[-1])
    train = sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(10, N_ITEMS))
    held_out = sp.csr_matrix((np.ones(10), (np.arange(10), held)), shape=(10, N_ITEMS))
    return Split(train, held_out, np.arange(10), np.array(held))

W = np.random.default_rng(1).normal(size=(10, N_ITEMS))
def good(users, items): return W[users[:, None], items]
def popular(users, items): return (items % 7).astype(float)          # ties everywhere

def test_nan_scorer_names_the_model_and_users(split):
    bad = lambda users, items: np.where(users[:, None] >= 4, np.nan, 1.0) * items
    with pytest.raises(ValueError, match=r"scorer 'EASE' returned NaN for users 0\.\.9"):
        scorer_ranks({'ok': good, 'EASE': bad}, split, 'fixed', n=10)
    with pytest.raises(ValueError, match=r"scorer 'EASE' returned NaN for users 4\.\.7"):
        scorer_ranks({'EASE': bad}, split, 'fixed', n=10, block=4)

def test_inf_ranks_first_or_last_as_in_a_run(split):
    "One rule for scorers and runs (the adapters' `_score_nan`): +inf ranks first, -inf last, NaN is refused."
    held = split.test_items
    top = lambda u, i: np.where(i == held[u][:, None], np.inf, good(u, i))
    bottom = lambda u, i: np.where(i == held[u][:, None], -np.inf, good(u, i))
    evs, _ = scorer_ranks({'top': top, 'bottom': bottom}, split, 'fixed', n=10)
    assert (evs['top'].ranks == 1).all() and (evs['bottom'].ranks == 10).all()
    assert ranks_from_scores(np.array([[np.inf, 1.0], [-np.inf, 1.0]])).tolist() == [1, 2]

def test_wrong_shape(split):
    with pytest.raises(ValueError, match=r"scorer 'm' must return a \(10, 10\) array"):
        scorer_ranks({'m': lambda u, i: np.zeros((len(u), N_ITEMS))}, split, 'fixed', n=10)
    with pytest.raises(ValueError, match="scorer 'm' must return"):
        scorer_ranks({'m': lambda u, i: 'scores'}, split, 'fixed', n=10)
    with pytest.raises(ValueError, match='a row repeats or misses a column'):
        scorer_ranks({'m': lambda u, i: np.zeros(i.shape, int)}, split, 'fixed', n=10, kind='ranking')

def test_raising_scorer_keeps_its_type(split):
    def broken(users, items): raise KeyError('no such user')
    with pytest.raises(KeyError, match="scorer 'ALS' failed for users 0..9: KeyError") as e:
        scorer_ranks({'ALS': broken}, split, 'fixed', n=10)
    assert isinstance(e.value.__cause__, KeyError)

def test_small_pools_refused_before_scoring(split):
    calls = []
    def spy(users, items): calls.append(1); return good(users, items)
    for kw in (dict(design='fixed', n=55), dict(design='adaptive', n=10, n_max=60), dict(design='adaptive', n=55)):
        with pytest.raises(ValueError, match='pool size without replacement; user'):
            scorer_ranks({'m': spy}, split, **kw)
    assert calls == []
    evs, _ = scorer_ranks({'m': spy}, split, 'adaptive', n=10)       # the default ceiling: 8n capped at the smallest pool
    assert evs['m'].n.max() <= split.pool_sizes.min()

@pytest.mark.parametrize('kw', [dict(design='nope'), dict(kind='list'), dict(n=1), dict(n=10, n_max=5),
                                dict(design='fixed', n_max=20), dict(block=0), dict(seed=-1), dict(replace=None)])
def test_bad_arguments(split, kw):
    with pytest.raises(ValueError):
        scorer_ranks({'m': good}, split, **{'n': 10, **kw})

def test_bad_options_refused_before_scoring(split):
    calls = []
    def spy(users, items): calls.append(1); return good(users, items)
    for kw, msg in ((dict(metrics=('nope',)), 'metric must be'), (dict(method='NOPE'), 'method'), (dict(n_boot=3), 'n_boot'),
                    (dict(N=10), 'set by evaluate_scorers'), (dict(colour=1), "'colour' is neither")):
        with pytest.raises(ValueError, match=msg):
            evaluate_scorers({'m': spy}, split, n=10, **kw)
    assert calls == []

@pytest.mark.parametrize('design,kind', [('fixed', 'scores'), ('adaptive', 'scores'), ('adaptive', 'ranking'), ('fixed', 'ranking')])
def test_block_size_invariance(split, design, kind):
    sc = {'a': good, 'b': popular}
    if kind == 'ranking': sc = {k: (lambda f: lambda u, i: np.argsort(-f(u, i), axis=1, kind='stable'))(f) for k, f in sc.items()}
    ref = scorer_ranks(sc, split, design, n=4, kind=kind, seed=5, block=256)
    for block in (1, 3, 7):
        got = scorer_ranks(sc, split, design, n=4, kind=kind, seed=5, block=block)
        for k in sc:
            np.testing.assert_array_equal(got[0][k].ranks, ref[0][k].ranks)
            np.testing.assert_array_equal(got[0][k].n, ref[0][k].n)
        assert got[1].equals(ref[1])

def test_determinism_and_seeds(split):
    a = scorer_ranks({'a': good}, split, 'adaptive', n=4, seed=11)[0]['a']
    b = scorer_ranks({'a': good}, split, 'adaptive', n=4, seed=11)[0]['a']
    np.testing.assert_array_equal(a.ranks, b.ranks); np.testing.assert_array_equal(a.n, b.n)
    others = [scorer_ranks({'a': good}, split, 'fixed', n=20, seed=s)[0]['a'].ranks for s in range(5)]
    assert len({tuple(o) for o in others}) > 1

def test_ranks_and_cost(split):
    evs, cost = scorer_ranks({'a': good, 'b': popular}, split, 'adaptive', n=4, n_max=32, seed=2)
    pools = split.pool_sizes
    for k, ev in evs.items():
        np.testing.assert_array_equal(ev.Ns, pools)
        assert set(np.unique(ev.n)) <= {4, 8, 16, 32} and (ev.ranks[ev.n < 32] > 1).all() and not ev.replace
    assert cost.full.tolist() == [int(pools.sum())] * 2
    assert (cost.scored >= 40).all() and (cost.scored <= 320).all()
    # the fixed design: the same negatives for both models, so a model scoring like another gets its ranks
    f = scorer_ranks({'a': good, 'a2': lambda u, i: 2 * good(u, i)}, split, 'fixed', n=20, seed=2)[0]
    np.testing.assert_array_equal(f['a'].ranks, f['a2'].ranks)

def test_evaluate_scorers_returns_intervals_and_cost(split):
    est, cmp = evaluate_scorers({'a': good, 'b': popular}, split, 'fixed', n=10, seed=0, n_boot=20, metrics=('recall',), Ks=(5,))
    assert list(est.model) == ['a', 'b'] and len(cmp) == 1
    assert list(cost_table(est).columns) == ['model', 'scored', 'full', 'share']
    assert cost_table(est).scored.tolist() == [100, 100]
    assert est.attrs['cost']['a'] == {'scored': 100, 'full': int(split.pool_sizes.sum()),
                                      'share': 100 / int(split.pool_sizes.sum())}

def test_adaptive_with_replacement_may_exceed_the_pool(split):
    evs, cost = scorer_ranks({'a': good}, split, 'adaptive', n=8, n_max=128, replace=True, seed=3)
    ev = evs['a']
    assert ev.replace and set(np.unique(ev.n)) <= {8, 16, 32, 64, 128} and ev.n.max() <= 128
    assert (ev.ranks[ev.n < 128] > 1).all()
    with pytest.raises(ValueError, match='n_max = 128 needs n_max <= pool size'):
        scorer_ranks({'a': good}, split, 'adaptive', n=8, n_max=128, replace=False)

def test_options_travel_to_evaluate_models(split):
    est, cmp = evaluate_scorers({'a': good, 'b': popular}, split, 'adaptive', n=4, seed=1, n_boot=20,
                                metrics=('ndcg', 'recall'), Ks=(1, 5), level=0.9, method='MLE')
    assert len(est) == 8 and set(est.method) == {'MLE'} and len(cmp) == 4 and cmp.attrs['level'] == 0.9

def test_two_stage_budget_checked_before_scoring(split):
    calls = []
    spy = lambda users, items: calls.append(len(users)) or good(users, items)
    with pytest.raises(ValueError, match='budget'):                            # none given
        evaluate_scorers({'a': spy}, split, 'two-stage', n=10)
    with pytest.raises(ValueError, match=r'200 <= budget'):                   # the pilot and a final of n0 each
        evaluate_scorers({'a': spy}, split, 'two-stage', n=10, budget=199)
    with pytest.raises(ValueError, match="budget applies to design='two-stage' or 'sequential' only"):
        evaluate_scorers({'a': spy}, split, 'adaptive', n=10, budget=10 ** 6)
    with pytest.raises(ValueError, match="design must be one of 'fixed', 'adaptive', 'two-stage', 'sequential'"):
        evaluate_scorers({'a': spy}, split, 'pilot', n=10)
    assert calls == []

def test_two_stage_spends_what_the_plan_needs(split):
    est, cmp = evaluate_scorers({'a': good, 'b': popular}, split, 'two-stage', n=10, budget=2 * 10 * 40,
                                seed=3, n_boot=20)
    info = est.attrs['two_stage']
    assert info['n0'] == 10 and 10 <= info['n1'] <= min(30, int(split.pool_sizes.min()))
    assert cost_table(est).scored.tolist() == [10 * (10 + info['n1'])] * 2
    assert 'needs_n' in est.attrs['pilot'] and len(cmp) == 2

def test_estimates_of_two_evaluations_concatenate(split):
    "The cost (and a two-stage pilot) are kept as plain values: pd.concat of two evaluations' intervals works."
    kw = dict(seed=0, n_boot=20, metrics=('recall',), Ks=(5,))
    a = evaluate_scorers({'a': good}, split, 'fixed', n=10, **kw)[0]
    b = evaluate_scorers({'a': good}, split, 'fixed', n=20, **kw)[0]
    assert len(pd.concat([a, b])) == 2
    c, d = (evaluate_scorers({'a': good, 'b': popular}, split, 'two-stage', n=10, budget=b_, **kw)[0]
            for b_ in (2 * 10 * 40, 2 * 10 * 30))
    assert len(pd.concat([c, d])) == 4 and 'needs_n' in pd.DataFrame(c.attrs['pilot'])
    with pytest.raises(ValueError, match='estimates must be the intervals of evaluate_scorers'):
        cost_table(pd.DataFrame({'model': ['a']}))

def knn_like(users, items):
    "An item-kNN without neighbours for most items: 0 for every item but a few."
    return np.where(items % 20 == 0, 1.0, 0.0)

def test_ties_warned_and_ruled_as_on_the_command_line(split):
    "A model tying its held-out items with negatives is warned about, and ties= picks the rule (pessimistic default)."
    with pytest.warns(UserWarning, match=r"knn: \d+ of 10 held-out items .* tie .* under the pessimistic rule used here.*"
                                         r"ties='optimistic'"):
        est, _ = evaluate_scorers({'knn': knn_like}, split, 'fixed', n=20, seed=0, n_boot=20, metrics='recall', Ks=5)
    r = {t: scorer_ranks({'knn': knn_like}, split, 'fixed', n=20, ties=t, seed=0)[0]['knn'].ranks
         for t in ('pessimistic', 'optimistic', 'random')}
    held_zero = split.test_items % 20 != 0                               # these tie with the zero-scored negatives
    assert (r['pessimistic'][held_zero] == 20).all() and (r['optimistic'][held_zero] <= 4).all()   # 3 items score 1
    assert (r['optimistic'] <= r['random']).all() and (r['random'] <= r['pessimistic']).all()
    with warnings.catch_warnings():
        warnings.simplefilter('error')                                   # no ties, no warning
        scorer_ranks({'a': good}, split, 'fixed', n=20)
    with pytest.raises(ValueError, match='ties must be one of'):
        evaluate_scorers({'knn': knn_like}, split, 'fixed', n=20, ties='average')

@pytest.mark.parametrize('design', ['fixed', 'adaptive'])
def test_random_ties_do_not_depend_on_the_block(split, design):
    ref = scorer_ranks({'p': popular}, split, design, n=4, ties='random', seed=5)[0]['p']
    for block in (1, 3):
        got = scorer_ranks({'p': popular}, split, design, n=4, ties='random', seed=5, block=block)[0]['p']
        np.testing.assert_array_equal(got.ranks, ref.ranks); np.testing.assert_array_equal(got.n, ref.n)
