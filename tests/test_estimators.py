"""Properties of the estimators of the global rank distribution and of the adjusted metrics."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as hst
import samplerank as sr
from samplerank.sampling import rank_pmf

def per_user_em(r, N, n, n_iter, replace=True):
    "Jin et al. eq 20 written directly: a users x N posterior per iteration."
    A = rank_pmf(N, n, replace=replace); pi = np.full(N, 1 / N); L = A[:, r - 1].T
    for _ in range(n_iter):
        post = L * pi; post /= post.sum(1, keepdims=True); pi = post.mean(0)
    return pi

@settings(max_examples=20, deadline=None)
@given(N=hst.integers(20, 300), n=hst.integers(2, 30), M=hst.integers(1, 400), replace=hst.booleans(), seed=hst.integers(0, 2**31))
def test_histogram_em_equals_per_user_em(N, n, M, replace, seed):
    n = min(n, N)
    R = np.random.default_rng(seed).integers(1, N + 1, size=M)
    r = sr.sample_ranks(R, N, n, replace=replace, seed=seed)
    d = sr.estimate_mle(r, N, n, n_iter=30, replace=replace)
    np.testing.assert_allclose(d.pmf, per_user_em(r, N, n, 30, replace), rtol=1e-9, atol=1e-15)
    ll = d.info['loglik']
    assert np.all(np.diff(ll) >= -1e-9 * np.abs(ll[1:]))          # EM never decreases the likelihood

@settings(max_examples=15, deadline=None)
@given(N=hst.integers(10, 400), n=hst.integers(2, 40), seed=hst.integers(0, 2**31), gamma=hst.floats(0.001, 1))
def test_bv_is_the_minimiser_of_eq_10(N, n, seed, gamma):
    n = min(n, N)
    rng = np.random.default_rng(seed)
    p = rng.dirichlet(np.ones(N)); P = rank_pmf(N, n); w = sr.metric_weights('ap', N, 10)
    x = sr.bv_adjusted_metric(N, n, 'ap', 10, gamma=gamma, prior=p)
    f = lambda v: np.sum(p * ((P @ v - w) ** 2 + gamma * (P @ v**2 - (P @ v) ** 2)))
    for _ in range(10):                                             # no random direction improves eq 10
        d = rng.normal(size=n)
        assert f(x) <= f(x + 1e-4 * d) + 1e-12 and f(x) <= f(x - 1e-4 * d) + 1e-12

def test_learned_priors_feed_bv():
    N, n = 1000, 50
    R = sr.simulate_global_ranks(N, 3000, seed=3); r = sr.sample_ranks(R, N, n, seed=4)
    mle = sr.estimate_mle(r, N, n)
    assert sr.estimate_bv(r, N, n, 'ndcg', 10, prior=mle) == pytest.approx(sr.estimate_bv(r, N, n, 'ndcg', 10, prior=mle.pmf))
    exact = sr.exact_metric(R, 'recall', K=10)
    assert abs(sr.estimate_bv(r, N, n, 'recall', 10, prior=mle) - exact) < 0.2 * exact

def test_mes_is_a_distribution_and_fits():
    N, n = 500, 30
    R = sr.simulate_global_ranks(N, 2000, seed=5); r = sr.sample_ranks(R, N, n, seed=6)
    d = sr.estimate_mes(r, N, n)
    assert d.pmf.shape == (N,) and (d.pmf >= 0).all() and d.pmf.sum() == pytest.approx(1)
    h = np.bincount(r - 1, minlength=n) / len(r)
    assert np.abs(d.pmf @ rank_pmf(N, n) - h).max() < 0.02

def test_cls_is_monotone():
    x = sr.cls_adjusted_metric(800, 40, 'ndcg', 10)
    assert np.all(np.diff(x) <= 1e-12)

def test_bad_input():
    with pytest.raises(ValueError, match='0 <= gamma <= 1'): sr.estimate_bv([1], 100, 10, 'ap', 5, gamma=-0.1)
    with pytest.raises(ValueError, match='sum to 1'): sr.estimate_bv([1], 100, 10, 'ap', 5, prior=np.full(100, 0.02))
    with pytest.raises(ValueError, match='weights must have length n=10'): sr.estimate_mle([1], 100, 10, weights=[1, 2])
    with pytest.raises(ValueError, match='1 <= sampled_ranks <= n'): sr.estimate_mle([11], 100, 10)
    with pytest.raises(ValueError, match='eta > 0'): sr.estimate_mes([1], 100, 10, eta=-1)
    with pytest.raises(ValueError, match="the weighted MLE needs one sample set size"): sr.estimate_mle([1, 2], 100, np.array([10, 20]), weights=np.ones(10))
    for est in (sr.estimate_mes, sr.estimate_bv, sr.estimate_cls, sr.estimate_mn):        # one catalogue size N only
        with pytest.raises(ValueError, match="needs one catalogue size N"): est([1, 2], np.array([100, 200]), 10)
