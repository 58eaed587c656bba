"""Properties of the sampled-rank distribution P(r|R) and of the expected sampled metrics."""
import numpy as np
import pytest
import scipy.stats as st
from hypothesis import given, settings, assume, strategies as hst
import samplerank as sr

sizes = hst.tuples(hst.integers(2, 10**7), hst.integers(2, 10**5)).filter(lambda t: t[1] <= t[0])

@settings(max_examples=60, deadline=None)
@given(Nn=sizes, u=hst.floats(0, 1), replace=hst.booleans())
def test_rows_are_distributions_with_the_right_mean(Nn, u, replace):
    N, n = Nn
    R = 1 + int(u * (N - 1))
    p = sr.rank_pmf(N, n, R=[R], replace=replace)[0]
    assert np.isfinite(p).all() and (p >= 0).all()
    assert p.sum() == pytest.approx(1, abs=1e-9)
    r = np.arange(1, n + 1)
    # E[r | R] = 1 + (n-1)(R-1)/(N-1) under both schemes (Rendle §4.5.1)
    assert (p * r).sum() == pytest.approx(1 + (n - 1) * (R - 1) / (N - 1), rel=1e-9, abs=1e-9)

@settings(max_examples=40, deadline=None)
@given(N=hst.integers(2, 3000), n=hst.integers(2, 300), replace=hst.booleans(), seed=hst.integers(0, 2**32 - 1))
def test_against_scipy(N, n, replace, seed):
    assume(replace or n <= N)
    R = np.random.default_rng(seed).integers(1, N + 1, size=5)
    P = sr.rank_pmf(N, n, R=R, replace=replace)
    k = np.arange(n)[None]
    ref = st.binom.pmf(k, n - 1, ((R - 1) / (N - 1))[:, None]) if replace else st.hypergeom.pmf(k, N - 1, (R - 1)[:, None], n - 1)
    np.testing.assert_allclose(P, ref, rtol=1e-9, atol=1e-300)

@pytest.mark.filterwarnings('ignore:n=.*> N=:FutureWarning')   # n > N with replacement is intended here
@settings(max_examples=30, deadline=None)
@given(N=hst.integers(3, 2000), n=hst.integers(2, 200), replace=hst.booleans())
def test_stochastic_order_and_auc_unbiased(N, n, replace):
    assume(replace or n <= N)
    P = sr.rank_pmf(N, n, replace=replace)
    cdf = P.cumsum(1)
    assert (np.diff(cdf, axis=0) <= 1e-12).all()          # a worse global rank never makes a better sampled rank more likely
    np.testing.assert_allclose(sr.expected_sampled_weights('auc', N, n, replace=replace), sr.metric_weights('auc', N), atol=1e-12)

def test_extreme_rows_sum_to_one():
    N, n = 10**7, 10**5
    for replace in (True, False):
        P = sr.rank_pmf(N, n, R=[1, 2, N // 3, N - 1, N], replace=replace)
        np.testing.assert_allclose(P.sum(1), 1, atol=1e-9)

def test_simulation_is_reproducible_and_unbiased():
    ranks = [5, 50, 500, 5000]
    a = sr.simulate_sampled_metric(ranks, 'ndcg', 10_000, 100, repeats=5000, seed=3)
    b = sr.simulate_sampled_metric(ranks, 'ndcg', 10_000, 100, repeats=5000, seed=3)
    np.testing.assert_array_equal(a, b)
    exact = sr.expected_sampled_metric(ranks, 'ndcg', 10_000, 100)
    assert abs(a.mean() - exact) < 4 * a.std() / np.sqrt(len(a))

def test_bad_input():
    with pytest.raises(ValueError, match='n <= N'): sr.rank_pmf(10, 11, replace=False)
    with pytest.raises(ValueError, match='2 <= n'): sr.rank_pmf(10, 1)
    with pytest.raises(ValueError, match=r'R\[0\] = 0'): sr.rank_pmf(10, 5, R=[0])
    with pytest.raises(ValueError, match='pass R='): sr.rank_pmf(10**7, 10**3)
    with pytest.raises(ValueError, match='integer ranks'): sr.sample_ranks([2.5], 100, 10)
