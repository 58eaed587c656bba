"""Properties of the mapping functions, the MN estimator and adaptive sampling."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as hst
import samplerank as sr
from samplerank.sampling import rank_pmf

@settings(max_examples=40, deadline=None)
@given(N=hst.integers(10, 10**7), n=hst.integers(2, 10**4), a=hst.floats(0.01, 3))
def test_beta_map_is_increasing_and_ends_at_N(N, n, a):
    n = min(n, N)
    f = sr.f_beta(np.arange(1, n + 1), N, n, a)
    assert np.isfinite(f).all() and (np.diff(f) >= 0).all()
    assert f[-1] == pytest.approx(N, rel=1e-8)
    assert f[0] >= 1

@settings(max_examples=20, deadline=None)
@given(seed=hst.integers(0, 2**31), n=hst.integers(2, 60))
def test_sampling_theorem(seed, n):
    rng = np.random.default_rng(seed)
    N = 500; R1 = rng.integers(1, N + 1, 200); R2 = np.minimum(R1 + rng.integers(0, 80, 200), N)
    m1, m2 = sr.shr_moments(R1, N, n)[0], sr.shr_moments(R2, N, n)[0]
    assert (m1 >= m2 - 1e-12).all()

@settings(max_examples=15, deadline=None)
@given(seed=hst.integers(0, 2**31), M=hst.integers(1, 10**6))
def test_mn_minimises_its_bound(seed, M):
    rng = np.random.default_rng(seed)
    N, n = 80, 12
    p = rng.dirichlet(np.ones(N)); A = rank_pmf(N, n); b = sr.metric_weights('recall', N, 7)
    L = lambda x: p @ (A @ x - b) ** 2 + ((A @ x**2 - (A @ x) ** 2).sum()) / M
    x = sr.mn_adjusted_metric(N, n, 'recall', 7, M=M, prior=p)
    for _ in range(10):
        d = rng.normal(size=n) * 1e-4
        assert L(x) <= L(x + d) + 1e-13

@settings(max_examples=15, deadline=None)
@given(seed=hst.integers(0, 2**31), replace=hst.booleans())
def test_adaptive_sizes_and_stopping(seed, replace):
    N = 2000
    R = sr.simulate_global_ranks(N, 500, seed=seed)
    r, s = sr.adaptive_sample_ranks(R, N, n0=50, n_max=1600, replace=replace, seed=seed)
    assert set(np.unique(s)) <= {50, 100, 200, 400, 800, 1600}
    assert (r <= s).all() and (s[r == 1] == 1600).all() and (r[s < 1600] > 1).all()

def test_adaptive_em_with_equal_sizes_is_fixed_em():
    R = sr.simulate_global_ranks(1000, 800, seed=1); r = sr.sample_ranks(R, 1000, 60, seed=2)
    np.testing.assert_allclose(sr.estimate_mle(r, 1000, np.full(len(r), 60)).pmf, sr.estimate_mle(r, 1000, 60).pmf, rtol=1e-12, atol=1e-15)

def test_bad_input():
    with pytest.raises(ValueError, match='1 <= k <= n=10'): sr.f_linear(11, 100, 10)
    with pytest.raises(ValueError, match='0.001 <= a <= 1000'): sr.f_beta(1, 100, 10, -1)
    with pytest.raises(ValueError, match='n <= N=5'): sr.f_bound(1, 5, 10)
    with pytest.raises(ValueError, match='sum to 1'): sr.estimate_mn([1, 2], 100, 10, 'ndcg', 5, prior=np.ones(100))
    with pytest.raises(ValueError, match='2 <= n0'): sr.adaptive_sample_ranks([1], 100, n0=1)
    with pytest.raises(ValueError, match='exceeds its own sample size'): sr.estimate_mle([5, 30], 100, np.array([10, 20]))
