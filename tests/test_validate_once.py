"Validate once, at the door: on the report path every option is checked once, counted by wrapping each check."
import collections, functools, importlib, inspect, pkgutil, sys, warnings
import numpy as np
import pytest
import samplerank, samplerank.core as core, samplerank.trust as trust, samplerank.sampling as sampling
from samplerank.evaluation import SampledRanks
from samplerank.mle import simulate_global_ranks
from samplerank.sampling import sample_ranks_shared
from samplerank.report import report_files, report_results

# the layers of the report path: their own checks of an option must happen once
LAYERS = ('samplerank.cli', 'samplerank.report', 'samplerank.writers', 'samplerank.figures', 'samplerank.results',
          'samplerank.words', 'samplerank.trust')
# options no other chapter's function checks again: at most once counting every check anywhere
STRICT = ('level', 'n_boot', 'client', 'plan', 'progress', 'power', 'assumptions', 'identify')
# options the layers check once, that other chapters' functions check again on what the layers hand them:
# the metrics' weights (metric, K), the strata (strata, exact_pools), each SampledRanks made (replace),
# and the plan's adaptive sampling (its generator as seed)
LAYERED = ('metric', 'K', 'exact_pools', 'strata', 'replace', 'seed')

def _checks() -> dict:
    "Every validator of the report path: core's check_*, trust's check_level and check_client, check_sizes."
    found = {k: f for k, f in vars(core).items() if k.startswith('check_') and inspect.isfunction(f)}
    return found | dict(check_level=trust.check_level, check_client=trust.check_client,
                        check_sizes=sampling.check_sizes)

def _options(name:str, f, args, kwargs) -> list:
    "The (option, value) pairs one call of the check `name` validates."
    a = inspect.signature(f).bind(*args, **kwargs); a.apply_defaults(); a = a.arguments
    if name == 'check_metric': return [('metric', a['metric'])]
    if name == 'check_cutoff': return [(a['name'], a['K'])]
    if name == 'check_client': return [('client', a['client'])]
    if name == 'check_sizes': return [('N', a['N']), ('n', a['n']), ('replace', a['replace'])]
    value = next(a[k] for k in ('value', 'level', 'seed', 'ranks', 'path') if k in a)
    return [(a['name'], value)]

def _key(option, value) -> tuple:
    "A count's key: the option and its value (an array by its shape, a generator by its type)."
    if isinstance(value, np.ndarray): value = f'array{value.shape}'
    elif not isinstance(value, (str, int, float, bool, type(None))): value = type(value).__name__
    return option, value

@pytest.fixture
def counts(monkeypatch):
    "Counters of checks by (option, value): everywhere, and made by the report path's layers."
    everywhere, layers, depth = collections.Counter(), collections.Counter(), [0]
    def wrap(name, f):
        @functools.wraps(f)
        def counted(*args, **kwargs):
            if depth[0] == 0:                      # not a check inside a check (check_level's check_float)
                caller = sys._getframe(1).f_globals.get('__name__', '')
                for option, value in _options(name, f, args, kwargs):
                    everywhere[_key(option, value)] += 1
                    if caller in LAYERS: layers[_key(option, value)] += 1
            depth[0] += 1
            try: return f(*args, **kwargs)
            finally: depth[0] -= 1
        return counted
    checks = _checks()
    wrapped = {k: wrap(k, f) for k, f in checks.items()}
    for m in pkgutil.iter_modules(samplerank.__path__):
        mod = importlib.import_module(f'samplerank.{m.name}')
        for k, f in checks.items():               # every namespace that imported the check
            if getattr(mod, k, None) is f: monkeypatch.setattr(mod, k, wrapped[k])
    again = collections.Counter()                 # SampledRanks.of handed a SampledRanks: validated again
    of = SampledRanks.of.__func__
    def counted_of(cls, data, *args, **kwargs):
        if isinstance(data, SampledRanks): again['SampledRanks'] += 1
        return of(cls, data, *args, **kwargs)
    monkeypatch.setattr(SampledRanks, 'of', classmethod(counted_of))
    return everywhere, layers, again

N, n = 1000, 100

@pytest.fixture(scope='module')
def ranks():
    "Two simulated models' sampled ranks of the same 300 users, the same negatives."
    R = {k: simulate_global_ranks(N, 300, median=median, seed=s)
         for k, (median, s) in {'A': (40, 1), 'B': (60, 2)}.items()}
    return sample_ranks_shared(R, N, n, seed=0)

def _check_once(everywhere, layers, again):
    "Strict options checked at most once anywhere, layered ones once by the layers; no SampledRanks again."
    table = '\n'.join(f'{c:4d} {k}' for k, c in sorted(everywhere.items(), key=str))
    for (option, value), c in everywhere.items():
        if option in STRICT: assert c <= 1, f"{option}={value!r} checked {c} times:\n{table}"
    for (option, value), c in layers.items():
        if option in STRICT + LAYERED:
            assert c <= 1, f"{option}={value!r} checked {c} times by the layers:\n{table}"
    for option in ('level', 'n_boot', 'seed', 'plan', 'metric', 'K'):     # the counting sees them
        assert any(k == option for k, _ in everywhere)
    assert not again, f"SampledRanks validated again {again['SampledRanks']} times"

@pytest.mark.parametrize('plan', [False, True])
def test_report_results_checks_each_option_once(ranks, counts, plan):
    res = report_results(ranks, N, n, n_boot=20, plan=plan)
    assert res['protocol']['plan'] is plan and len(res['comparisons']) == 2
    _check_once(*counts)

@pytest.mark.parametrize('plan', [False, True])
def test_report_files_checks_each_option_once(ranks, counts, plan, tmp_path):
    paths = []
    for k, r in ranks.items():
        paths.append(tmp_path / f'{k}.txt'); np.savetxt(paths[-1], r, fmt='%d')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        text = report_files(paths, N, n, tmp_path / 'out', n_boot=20, plan=plan)
    assert text.startswith('# samplerank report') and (tmp_path / 'out' / 'results.json').exists()
    _check_once(*counts)

def test_evaluate_scorers_checks_the_evaluation_options_once(counts):
    "The scoring checks the draw (client, progress, seed); the evaluation's own options are checked once."
    import scipy.sparse as sp
    from samplerank.data import Split
    from samplerank.scorers import evaluate_scorers
    rng, rows, cols, held = np.random.default_rng(0), [], [], []
    for u in range(10):
        items = rng.choice(60, 5, replace=False)
        rows += [u] * 4; cols += list(items[:-1]); held.append(items[-1])
    split = Split(sp.csr_matrix((np.ones(40), (rows, cols)), shape=(10, 60)),
                  sp.csr_matrix((np.ones(10), (np.arange(10), held)), shape=(10, 60)), np.arange(10), np.array(held))
    W = np.random.default_rng(1).normal(size=(10, 60))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        evaluate_scorers({'a': lambda u, i: W[u[:, None], i], 'b': lambda u, i: -W[u[:, None], i]}, split, 'fixed',
                         n=10, seed=0, n_boot=20)
    everywhere, layers, again = counts
    for option in ('level', 'n_boot', 'plan', 'power', 'identify'):
        assert [c for (k, _), c in everywhere.items() if k == option] == [1], (option, everywhere)
    assert all(c <= 1 for (k, _), c in layers.items() if k in ('metric', 'K')) and not again
