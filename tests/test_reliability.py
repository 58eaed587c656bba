"Reliability (issue 14): no hang, no silent wrap-around, strict booleans; each reproducer of the issue is a test."
import subprocess, sys, textwrap
import numpy as np, pandas as pd, pytest
from hypothesis import given, settings, strategies as st
import samplerank as sr
from samplerank.core import check_int, check_ranks, check_bool, INT_MAX

@pytest.mark.parametrize('call', [
    lambda: sr.exact_metric([1e19], 'recall', K=10), lambda: sr.exact_metric([2**63], 'recall', K=10),
    lambda: sr.map_at_k([[1e19]], 10), lambda: sr.ar_at_k([[2**63, 1], [2]], 10),
    lambda: sr.exact_metric(np.array([2**63], np.uint64), 'ndcg', K=10)])
def test_ranks_never_wrap(call):
    with pytest.raises(ValueError, match=r'1 <= ranks <= 2\*\*53'): call()

def test_sizes_bounded():
    with pytest.raises(ValueError, match=r'<= 2\*\*53'): sr.sample_ranks([200], 200, 2**63)
    with pytest.raises(ValueError, match='N = 500000000000 needs'): sr.metric_weights('ndcg', 5 * 10**11)

def test_zero_d_arrays_are_integers():
    assert sr.exact_metric([3], 'recall', K=np.array(10)) == 1.0

@pytest.mark.parametrize('bad', ['False', None, 0, 'yes'])
def test_replace_strict(bad):
    with pytest.raises(ValueError, match='replace must be True or False'): sr.rank_pmf(100, 10, replace=bad)

def test_compute_ranks_no_negatives_is_an_error_not_a_hang():
    "Issue 14 item 1, run in a subprocess with a timeout: it used to loop forever (and ignore Ctrl-C)."
    code = textwrap.dedent('''
        import pandas as pd, samplerank as sr
        d = pd.DataFrame({'user': [0, 0, 0, 1, 1], 'item': [0, 1, 2, 0, 1]}); s = sr.leave_one_out(d)
        for replace in (True, False):
            try: sr.compute_ranks(sr.Popularity().fit(s.train), s, n=2, replace=replace); print('no error')
            except ValueError as e: print(e)''')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 2 and all('user 0' in l and 'n = 2' in l for l in lines), lines

@settings(max_examples=200, deadline=None)
@given(st.one_of(st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(), st.text(max_size=3)))
def test_check_int_property(v):
    "Either a ValueError naming the argument, or an int in range equal to the input."
    try: r = check_int('N', v, 2)
    except ValueError as e: assert 'N' in str(e); return
    assert isinstance(r, int) and 2 <= r <= INT_MAX and r == v and not isinstance(v, bool)

@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-2**70, 2**70), st.floats()), min_size=1, max_size=5))
def test_check_ranks_property(vals):
    "Either a named ValueError, or int64 ranks equal to the input (never a wrapped value)."
    try: a = np.asarray(vals)
    except Exception: return
    try: r = check_ranks('ranks', a)
    except ValueError as e: assert 'ranks' in str(e); return
    assert r.dtype == np.int64 and (r >= 1).all() and (r <= INT_MAX).all() and np.array_equal(r, a.astype(float).astype(np.int64))

def test_import_without_a_writable_cache():
    "Issue 14 item 5: with no cache locator (read-only install, HOME and NUMBA_CACHE_DIR) import and kernels still work."
    code = textwrap.dedent('''
        import numba.core.caching as c
        c.CacheImpl._locator_classes = []          # what Numba sees when no cache directory is writable
        import samplerank as sr
        print(sr.exact_metric([3, 20], 'recall', K=10), sr.rank_pmf(10, 3).shape)''')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.split()[0] == '0.5', out.stderr[-500:]

@pytest.mark.parametrize('pmf', [[0.5, 0.6], [1.2, -0.2], [np.nan, 1.0], [1.0], [[0.5, 0.5]], 'ab'])
def test_rank_distribution_validates_pmf(pmf):
    "Issue 14 item 8: [0.5, 0.6] gave recall 1.1; negative or NaN entries passed."
    with pytest.raises(ValueError, match='pmf must'): sr.RankDistribution(pmf)

def _float_options():
    "(public function, float option) for every function of the package namespace with a float default."
    import inspect
    for name in sorted(n for n in dir(sr) if not n.startswith('_')):
        f = getattr(sr, name)
        if not callable(f) or isinstance(f, type): continue
        try: params = inspect.signature(f).parameters
        except (TypeError, ValueError): continue
        for p in params.values():
            if isinstance(p.default, float): yield name, p.name

@pytest.mark.parametrize('name,option', list(_float_options()))
@pytest.mark.parametrize('bad', [None, 'x', float('nan'), True], ids=['None', 'str', 'nan', 'bool'])
def test_float_options_refused_by_name(name, option, bad):
    "A float option given None, a string, NaN or a bool: a ValueError naming the option, never a TypeError or a wrong value."
    import inspect, signal
    f, r = getattr(sr, name), sr.sample_ranks(sr.simulate_global_ranks(1000, 300, seed=0), 1000, 50, seed=1)
    params = inspect.signature(f).parameters
    given = dict(sampled_ranks=r, ranks=r, N=1000, n=50, metric='ndcg', K=10, global_ranks=np.arange(1, 301))
    prior = np.full(1000, 1e-3)
    extra = dict(compare_models=dict(ranks={'A': r, 'B': np.maximum(1, r - 1)}),
                 evaluate_models=dict(ranks={'A': r, 'B': np.maximum(1, r - 1)}, n_boot=20),
                 report_results=dict(ranks={'A': r, 'B': np.maximum(1, r - 1)}, n_boot=20, plan=False),
                 evaluate=dict(frame=pd.DataFrame({'user': [0, 0, 1, 1], 'score': [1., 0., 0., 1.], 'label': [1, 0, 1, 0],
                                                   'prob': [.5, .5, .5, .5]}), N=100),
                 global_metric_bounds=dict(reported={'hr@10': 0.5}, metric='recall', K=10),
                 order_swaps=dict(ranks_a=[1, 5], ranks_b=[2, 3]),
                 plan_comparison=dict(priors={'A': prior, 'B': prior}, n_values=(50,), M=50, repeats=2, n_boot=20, progress=False),
                 plan_sample_size=dict(prior=prior, M=50, fixed=(50,), adaptive=(), repeats=2),
                 propose_n_max=dict(sample_sizes=[100, 200], n0=50),
                 sampled_metric_range=dict(value=0.5, metric='recall', K=10),
                 simulate_global_ranks=dict(M=10),
                 smallest_sample=dict(plan=pd.DataFrame({'a': ['A'], 'b': ['B'], 'n': [50], 'M': [50], 'power': [0.5], 'width': [0.1]})),
                 temporal_holdout=dict(df=pd.DataFrame({'user': [0, 0, 1, 1], 'item': [0, 1, 0, 1], 'timestamp': [0, 1, 2, 3]})))
    kw = {k: v for k, v in {**given, **extra.get(name, {})}.items() if k in params}
    if any(p.default is inspect.Parameter.empty and p.name not in kw and p.kind == p.POSITIONAL_OR_KEYWORD for p in params.values()):
        pytest.skip(f'{name} needs arguments this generic test does not build')
    signal.signal(signal.SIGALRM, lambda *a: (_ for _ in ()).throw(TimeoutError(f'{name}({option}={bad!r}) ran over 30 s')))
    signal.alarm(30)
    try:
        with pytest.raises(ValueError, match=option): f(**kw, **{option: bad})
    finally: signal.alarm(0)

def test_second_fuzz_findings():
    "A second fuzz (session 30): huge weights, None and generators as ranks, solvers=None, a Beta map far outside its range."
    assert abs(sr.expected_percentile_rank([1, 50], 100, weights=[1e308] * 2) - sr.expected_percentile_rank([1, 50], 100)) < 1e-15
    r = sr.sample_ranks(np.arange(1, 201), 1000, 100, seed=0)
    w = sr.wmle_weights('ndcg', 100)
    np.testing.assert_allclose(sr.estimate_mle(r, 1000, 100, weights=w * 1e306).pmf, sr.estimate_mle(r, 1000, 100, weights=w).pmf, rtol=1e-12, atol=1e-15)
    with pytest.raises(ValueError, match='ranks must be an array'): sr.exact_metric(None, 'recall', K=10)
    assert sr.exact_metric(iter([1, 5, 20]), 'recall', K=10) == sr.exact_metric([1, 5, 20], 'recall', K=10)
    with pytest.raises(ValueError, match='solvers must be a non-empty list'): sr.estimate_mes(r, 1000, 100, solvers=None)
    with pytest.raises(ValueError, match='numerically singular'): sr.estimate_bv([1, 2, 3], 1000, 100, 'recall', 1, gamma=0.0)
    with pytest.raises(ValueError, match='numerically singular'): sr.estimate_curves([1, 2, 3], 1000, 100, gamma=0.0)
    for a in (1e5, 1e308, 1e-10):
        with pytest.raises(ValueError, match=r'0.001 <= a <= 1000'): sr.f_beta(1, 1000, 100, a)

@pytest.mark.parametrize('fit', ['sr.estimate_mle(r, 10000, 100, n_iter=10**7)',
                                 'sr.fit_estimator("MLE-auto", sr.SampledRanks(r, 10000, 100), max_gap=1e-9, max_iter=10**7)'])
def test_sigint_stops_a_long_fit(fit):
    "Ctrl-C stops EM inside its compiled loops within seconds (the loops run in slices of about 0.1 s)."
    import signal, time
    code = ('import signal, numpy as np, samplerank as sr; signal.signal(signal.SIGINT, signal.default_int_handler); '
            'r = sr.sample_ranks(np.arange(1, 2001), 10000, 100, seed=0); sr.estimate_mle(r, 10000, 100); print("ready", flush=True); ' + fit)
    p = subprocess.Popen([sys.executable, '-c', code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == 'ready'
    time.sleep(2); t0 = time.time(); p.send_signal(signal.SIGINT)
    try: _, err = p.communicate(timeout=60)
    finally: p.kill()                                   # never leave a runaway fit behind
    assert p.returncode != 0 and 'KeyboardInterrupt' in err and time.time() - t0 < 20, (p.returncode, err[-300:])

def test_plan_comparison_refuses_a_prior_that_is_not_a_vector():
    "A prior given as one number is refused with a ValueError naming it (it raised a TypeError before)."
    import samplerank as sr
    with pytest.raises(ValueError, match=r"priors\['x'\] must be a 1-D array"):
        sr.plan_comparison(priors={'x': -1.25e236, '': 8437}, n_values=(20,), M=40, metric='ndcg', K=10,
                           n_boot=20, progress=False)
    with pytest.raises(ValueError, match=r"priors\['b'\] must be finite and >= 0"):
        sr.plan_comparison(priors={'a': [0.5, 0.5], 'b': [1.5, -0.5]}, n_values=(2,), M=40, n_boot=20)
