"""Designs at their edges (issue 59): intervals and comparisons on the smallest and largest valid designs.

The rule under test: `estimate_intervals` and `compare_models` answer any design either with finite results whose
interval holds the estimate (lo <= estimate <= hi), or with a `ValueError` that names the argument at fault, never
another exception. The designs are drawn from their edges: n = 2, n = N - 1, n = N (and n > N with replacement),
every user at their own pool size, one user, every rank tied (all r = 1, or all r = n), and sample sizes that differ
by model (adaptive sampling, Algorithm 1); with and without replacement, with one n or per-user n, one N or per-user
N, and enough users for two pool strata.
"""
from __future__ import annotations
import re
import numpy as np, pandas as pd, pytest
from hypothesis import given, settings, HealthCheck, strategies as st
import samplerank as sr

SETTINGS = dict(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
N_BOOT = 20
# the message opens with the argument at fault (after the model's name, for one model's ranks)
NAMED = re.compile(r"^(ranks\[[^\]]*\]: )?(ranks|sampled_ranks|N|n)(\[\d+\] = | must |: |=)")


def _sizes(kind:str, Ns:np.ndarray, fixed:bool, rng) -> np.ndarray | int:
    "Sample set sizes of one kind: one for all users (`fixed`, from the smallest pool) or one per user (at least 2)."
    top = int(Ns.min()) if fixed else Ns
    n = {'2': np.full_like(Ns, 2), 'N-1': top - 1 if fixed else np.maximum(Ns - 1, 2), 'N': top, 'N+3': top + 3,
         'random': rng.integers(2, np.maximum(top, 2) + 1, size=len(Ns))}[kind]
    n = np.broadcast_to(n, Ns.shape).astype(np.int64)
    return int(n[0]) if fixed and kind != 'random' else (int(n.min()) if fixed else n)


def _global(Ns:np.ndarray, rng, power:float=3) -> np.ndarray:
    "Global ranks 1..N_u, most near the top: (N_u - 1) U^power rounded down, plus 1."
    return 1 + np.floor((Ns - 1) * rng.random(len(Ns)) ** power).astype(np.int64)


def _ranks(kind:str, Ns:np.ndarray, n, replace:bool, rng) -> np.ndarray:
    "Sampled ranks of one kind among n (or n_u): all tied at 1 or at n, any in 1..n, or drawn from global ranks."
    nu = np.broadcast_to(np.asarray(n, np.int64), Ns.shape)
    if kind == 'ones': return np.ones(len(Ns), np.int64)
    if kind == 'last': return nu.copy()
    if kind == 'any': return rng.integers(1, nu + 1)                         # not all possible: N = 2 gives 1 or n
    R = _global(Ns, rng)
    if replace: return 1 + rng.binomial(nu - 1, (R - 1) / (Ns - 1))
    return 1 + rng.hypergeometric(R - 1, Ns - R, np.minimum(nu, Ns) - 1)


def _adaptive(R:np.ndarray, Ns:np.ndarray, n0:int, replace:bool, rng) -> tuple[np.ndarray, np.ndarray]:
    "Algorithm 1 for global ranks R: from n0, double n_u while the item ranks first, up to the user's pool."
    n, r = np.full(len(Ns), n0), np.empty(len(Ns), np.int64)
    for u in range(len(Ns)):
        while True:
            r[u] = 1 + (rng.binomial(n[u] - 1, (R[u] - 1) / (Ns[u] - 1)) if replace
                        else rng.hypergeometric(R[u] - 1, Ns[u] - R[u], n[u] - 1))
            if r[u] > 1 or n[u] >= Ns[u]: break
            n[u] = min(2 * n[u], Ns[u])
    return r, n


@st.composite
def designs(draw, models:int):
    "A design (Ns or N, replace, one (ranks, n) per model) drawn from the edges; sizes and ranks differ by model."
    M = draw(st.sampled_from([1, 2, 40, 410, 410]), label='M')               # 410 users: two pool strata
    replace, own_N = draw(st.booleans(), label='replace'), draw(st.booleans(), label='own_N')
    fixed = draw(st.booleans(), label='fixed_n')
    rng = np.random.default_rng(draw(st.integers(0, 2**16), label='seed'))
    top = draw(st.sampled_from([2, 3, 12, 40]), label='N')
    Ns = rng.integers(2, top + 1, M) if own_N else np.full(M, top)
    if own_N and M > 1 and draw(st.booleans(), label='a pool of 2'): Ns[:] = np.maximum(Ns, 3); Ns[0] = 2
    evs = []
    for _ in range(models):
        sizes = ['2', 'N-1', 'N', 'random'] + ['N+3'] * replace + ['adaptive'] * (not fixed)
        size = draw(st.sampled_from(sizes), label='sizes')
        kind = draw(st.sampled_from(['ones', 'last', 'random', 'any']), label='ranks')
        if size == 'adaptive':                               # all r = 1: every user at their own pool size
            r, n = _adaptive(np.ones_like(Ns) if kind == 'ones' else _global(Ns, rng), Ns, 2, replace, rng)
            if kind == 'last': r = n.copy()                  # every user last in their sample
        else: n = _sizes(size, Ns, fixed, rng); r = _ranks(kind, Ns, n, replace, rng)
        evs.append((r, n))
    return (Ns if own_N else int(top)), replace, evs


def _check_error(e:ValueError):
    "A ValueError must name the design argument at fault."
    assert NAMED.search(str(e)), f'ValueError naming no argument: {e}'


def _check_table(t:pd.DataFrame, estimate:str):
    "Finite numbers, and every interval holds its estimate."
    x = t[[estimate, 'lo', 'hi']].to_numpy(np.float64)
    assert np.isfinite(x).all(), t
    assert (x[:, 1] <= x[:, 0]).all() and (x[:, 0] <= x[:, 2]).all(), t


@settings(max_examples=100, **SETTINGS)
@given(d=designs(1), K=st.sampled_from([1, 10, None]), exact_pools=st.booleans())
def test_intervals_at_the_edges(d, K, exact_pools):
    "estimate_intervals: finite intervals holding estimates in [0, 1], or a ValueError naming the argument."
    N, replace, [(r, n)] = d
    try: t = sr.estimate_intervals(r, N, n, Ks=(K,), replace=replace, seed=0, n_boot=N_BOOT, exact_pools=exact_pools)
    except ValueError as e: return _check_error(e)
    _check_table(t, 'estimate')
    assert ((t.estimate >= -1e-12) & (t.estimate <= 1 + 1e-12)).all(), t


# the plan warns (numpy's std of one user, nanmin of nothing identified) at one user or with no difference identified
@pytest.mark.filterwarnings('ignore:Degrees of freedom:RuntimeWarning', 'ignore:invalid value:RuntimeWarning',
                            'ignore:All-NaN slice:RuntimeWarning')
@settings(max_examples=100, **SETTINGS)
@given(d=designs(2), K=st.sampled_from([1, 10, None]), exact_pools=st.booleans(), plan=st.booleans())
def test_comparisons_at_the_edges(d, K, exact_pools, plan):
    "compare_models (with its plan): finite, intervals holding the differences, or a ValueError naming the argument."
    N, replace, evs = d
    try:
        ranks = {m: sr.SampledRanks(r, N, n, replace) for m, (r, n) in zip('ab', evs)}
        c = sr.compare_models(ranks, metric='ndcg', K=K, seed=0, n_boot=N_BOOT, exact_pools=exact_pools, plan=plan)
    except ValueError as e: return _check_error(e)
    _check_table(c, 'difference')
    assert c.prob_a_better.between(0, 1).all(), c
    if plan: sr.trust.check_comparison(c)                                    # the plan's columns in range


@pytest.mark.parametrize('replace', [True, False])
def test_sizes_that_differ_by_model_in_two_strata(replace):
    "Issue 59: adaptive samples that reach some users' own pools differ by model; two pool strata, three models."
    rng = np.random.default_rng(0); M = 420
    Ns = rng.integers(100, 180, M); evs = {}
    for m, a in (('a', .3), ('b', .35), ('c', .4)):                           # the design, scaled down
        r, n = _adaptive(_global(Ns, rng, 1 / a), Ns, 10, replace, rng)
        evs[m] = sr.SampledRanks(r, Ns, n, replace)
    assert len(evs['a'].pool_strata()) == 2
    own = {tuple(ev.stratum(u).N for u in ev.pool_strata()) for ev in evs.values()}
    assert replace or len(own) > 1, own                                       # the models' own catalogues differ
    _check_table(sr.compare_models(evs, metric='ndcg', K=10, seed=0, n_boot=N_BOOT), 'difference')
    _check_table(sr.evaluate_models(evs, metrics='ndcg', seed=0, n_boot=N_BOOT)[0], 'estimate')


def test_a_median_pool_of_two_items():
    "Pools of 2 and 3 items in one group, with replacement: the group's catalogue is 3, where rank 2 among 3 occurs."
    r, Ns = np.array([1, 3, 1, 2, 2]), np.array([2, 2, 2, 3, 3])
    _check_table(sr.estimate_intervals(r, Ns, 3, seed=0, n_boot=N_BOOT), 'estimate')
    c = sr.compare_models({'a': r, 'b': np.array([3, 3, 1, 1, 2])}, Ns, 3, seed=0, n_boot=N_BOOT)
    _check_table(c, 'difference')
