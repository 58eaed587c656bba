"""Fuzz suite (issue "Reliability"): every public function and every command, one bad argument at a time.

The rule under test: a public function answers a bad argument with a `ValueError` that names the argument, or returns
a value whose numbers are all finite, within a time bound; the command line answers a bad file or option with exit
status 2 and one stderr line, never a traceback. Valid edge values (0-d arrays, NumPy scalars, sets of ranks,
upper-case metric names) are accepted and give the baseline's result.

`API` below holds a small, fast baseline call of every callable of `samplerank.__all__`; `test_api_table_is_complete`
fails when a public function is added without an entry. Known defects are `xfail(strict=True)` with a reproducer and
the notebook where the fix belongs: they turn into errors once fixed, so their marks are removed then.
"""
from __future__ import annotations
import inspect, io, math, os, re, signal, subprocess, sys, tempfile, time, warnings, faulthandler
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
import numpy as np, pandas as pd, scipy.sparse as sps, pytest
from hypothesis import given, settings, HealthCheck, strategies as st
import samplerank as sr

TIME_LIMIT = 10          # seconds per call: a call running longer is a failure, never a hang
SETTINGS = dict(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))

# ---------------------------------------------------------------------------------------------------------------
# Small inputs, built once: N = 200 items, n = 20, 40 users.
N, n, M = 200, 20, 40
GR = sr.simulate_global_ranks(N, M, seed=0)                       # global ranks 1..N
SR = sr.sample_ranks(GR, N, n, seed=1)                            # sampled ranks 1..n
SR_B = np.minimum(n, SR + 1)                                       # a second, slightly worse model
PRIOR = np.full(N, 1.0 / N)
TMP = Path(tempfile.mkdtemp(prefix='samplerank-fuzz-'))


def _interactions(users=30, items=60, per_user=8, seed=0):
    rng = np.random.default_rng(seed)
    rows = [(u, i, t) for u in range(users) for t, i in enumerate(rng.choice(items, per_user, replace=False))]
    return pd.DataFrame(rows, columns=['user', 'item', 'timestamp'])


DF = _interactions()
SPLIT = sr.leave_one_out(DF)
MODEL = sr.Popularity().fit(SPLIT.train)
PAIRS, NEGS = sr.draw_negatives(SPLIT, n_neg=9, seed=0)
CANDS = sr.candidates_frame(PAIRS, NEGS, scores=MODEL.score)
_, NEGS_P, PROB = sr.draw_negatives(SPLIT, n_neg=9, seed=0, replace=True, p=np.ones(SPLIT.n_items))
CANDS_P = sr.candidates_frame(PAIRS, NEGS_P, scores=MODEL.score, prob=PROB)
TABLE = sr.ranks_from_frame(CANDS)
DF.to_csv(TMP / 'interactions.csv', index=False)
sr.write_trec_run(TMP / 'run.txt', CANDS)
sr.write_trec_qrels(TMP / 'qrels.txt', CANDS)
sr.write_negatives(TMP / 'ncf.test.negative', PAIRS.user, PAIRS.item, NEGS)
RUN = {str(u): {str(i): float(s) for i, s in zip(g.item, g.score)} for u, g in CANDS.groupby('user')}
QRELS = {str(u): {str(i): int(l) for i, l in zip(g.item, g.label)} for u, g in CANDS.groupby('user')}
MODELS = {'A': [1, 3, 30, 150], 'B': [2, 5, 20, 100]}             # global ranks of two small models (exact_table etc.)
STUDY_MODELS = {'A': GR, 'B': np.minimum(N, GR + 5)}
STUDY, _ = sr.run_study(STUDY_MODELS, N, n, methods={'CLS': sr.default_estimators(('CLS',))['CLS']}, metrics=('recall',),
                        Ks=(5, 10), repeats=2, progress=False)
CURVES = sr.curve_study(STUDY_MODELS, N, n, methods=('BV',), metrics=('recall',), Ks=range(1, 6), repeats=2, progress=False)
COMPARISON = sr.compare_models({'A': SR, 'B': SR_B}, N, n, seed=0, n_boot=20, plan=True)   # with the plan's columns
RANK_FILES = [str(TMP / 'A.npy'), str(TMP / 'B.npy')]                 # the sampled ranks of two models, as files
for _f, _r in zip(RANK_FILES, (SR, SR_B)): np.save(_f, _r)
REPORT = sr.report_results({'A': SR, 'B': SR_B}, N, n, metrics=('ndcg',), Ks=(10,), methods=('CLS',), seed=0, n_boot=20, plan=False)
RANKS_TABLE = {'A': pd.DataFrame({'sampled_rank': SR, 'reference_rank': GR}),
               'B': pd.DataFrame({'sampled_rank': SR_B, 'reference_rank': np.minimum(N, GR + 5)})}
RANKS_GLOBAL = {k: d.assign(global_rank=d.reference_rank) for k, d in RANKS_TABLE.items()}
EST_TABLE = sr.estimate_table({k: d for k, d in RANKS_TABLE.items()}, N, n, methods={'CLS': sr.default_estimators(('CLS',))['CLS']})
PLAN = pd.DataFrame({'a': ['A'], 'b': ['B'], 'n': [50], 'M': [50], 'power': [0.5], 'width': [0.1]})
EV = sr.SampledRanks(SR, N, n)
SIZES = sr.adaptive_sample_ranks(GR, N, n0=10, n_max=40, seed=0)[1]
K_GRID = np.arange(1, 11)


def _register(name, per_user_n=False, description=''):
    "register_estimator's decorator applied to a trivial fit, then unregistered (the registry is global)."
    try: return sr.register_estimator(name, per_user_n, description)(lambda ev: sr.estimate_mle(ev))
    finally: sr.ESTIMATORS.pop(name, None) if isinstance(name, str) and name not in _BUILTIN else None   # an unhashable bad name is no key


_BUILTIN = set(sr.ESTIMATORS)


def _register_design(name, description='', takes=()):
    "register_design's decorator applied to a trivial run, then unregistered (the registry is global)."
    try: return sr.register_design(name, description, takes)(lambda scorers, split, draw, options: None)
    finally: sr.DESIGNS.pop(name, None) if isinstance(name, str) and name not in _BUILTIN_DESIGNS else None


_BUILTIN_DESIGNS = set(sr.DESIGNS)


def _rank_histograms(*args, **kw):
    "rank_histograms on Dask's synchronous scheduler (one core, no worker processes)."
    import dask
    with dask.config.set(scheduler='synchronous'): return sr.rank_histograms(*args, **kw)


def _kernel_cache(max_bytes=None, clear=False):
    """kernel_cache with the process-wide size restored afterwards. The entries and bytes it reports depend on what this
    process computed before (other tests fill the cache), so the answer is its size and whether it kept every entry."""
    before = sr.kernel_cache()
    try: after = sr.kernel_cache(max_bytes, clear)
    finally: sr.kernel_cache(before['max_bytes'])
    return dict(max_bytes=after['max_bytes'], kept=after['entries'] == before['entries'])


def _fuzz_scorer(users, items):
    "A scorer for the fuzz: scores from the item ids, finite and with ties."
    return (np.asarray(items) % 7).astype(float)


def _closed(fig):
    "A figure's panel titles, the figure closed (no figure stays open across the fuzz cases)."
    import matplotlib.pyplot as plt
    titles = [a.get_title() for a in fig.axes]; plt.close(fig)
    return titles


def E(call=None, kinds=None, **args):
    "One table entry: baseline keyword arguments, an optional wrapper around the function, and kind overrides."
    return dict(args=args, call=call, kinds=kinds or {})


# Baseline calls of every public callable (keyword arguments; each replaced in turn by bad values below).
API = {
    'metric_weights': E(metric='ndcg', N=N, K=10),
    'exact_metric': E(ranks=GR, metric='ndcg', K=10, N=N, per_instance=False),
    'map_at_k': E(ranks=[[1, 5], [3]], K=10),
    'ar_at_k': E(ranks=[[1, 5], [3]], K=10, n_positives=None),
    'percentile_ranks': E(ranks=GR, N=N),
    'expected_percentile_rank': E(ranks=GR, N=N, weights=None),
    'percentile_rank_ecdf': E(ranks=GR, N=N),
    'rank_pmf': E(N=N, n=n, R=None, replace=True),
    'expected_sampled_weights': E(metric='ndcg', N=N, n=n, K=10, R=None, replace=True),
    'expected_sampled_metric': E(ranks=GR, metric='ndcg', N=N, n=n, K=10, replace=True),
    'expected_sampled_ap': E(R=GR, N=N, n=n),
    'sample_ranks': E(ranks=GR, N=N, n=n, replace=True, seed=0),
    'sample_ranks_shared': E(ranks={'A': GR, 'B': np.minimum(N, GR + 5)}, N=N, n=n, replace=True, seed=0, kinds=dict(ranks='dict')),
    'simulate_sampled_metric': E(ranks=GR, metric='ndcg', N=N, n=n, K=10, repeats=20, replace=True, seed=0),
    'sparse_rank_pmf': E(N=N, n=n, R=None, replace=True, rel_tol=1e-17),
    'kernel_cache': E(call=_kernel_cache, max_bytes=None, clear=False),
    'rendle_example': E(),
    'exact_table': E(models=MODELS, N=N),
    'sampled_table': E(models=MODELS, N=N, n=n, repeats=20, replace=True, seed=0),
    'expected_vs_samples': E(models=MODELS, N=N, sample_sizes=[10, 50], replace=True),
    'order_swaps': E(ranks_a=[1, 50], ranks_b=[5, 6], metric='ndcg', N=N, K=None, replace=True, n_max=None, grid=50, tol=1e-12),
    'RankDistribution': E(pmf=PRIOR, method='x'),
    'estimate_mle': E(sampled_ranks=SR, N=N, n=n, weights=None, n_iter=20, tol=None, replace=True, correct=False,
                      accelerate=False, gap=1e-6, max_steps=1000),
    'wmle_weights': E(metric='ndcg', n=n, C=10.0),
    'empirical_distribution': E(global_ranks=GR, N=N),
    'simulate_global_ranks': E(N=N, M=M, median=20.0, spread=1.6, seed=0),
    'estimate_mes': E(sampled_ranks=SR, N=N, n=n, eta=1e-3, replace=True),
    'estimate_bv': E(sampled_ranks=SR, N=N, n=n, metric='ndcg', K=10, gamma=0.01, prior=None, replace=True),
    'estimate_cls': E(sampled_ranks=SR, N=N, n=n, metric='ndcg', K=10, prior=None, replace=True),
    'bv_adjusted_metric': E(N=N, n=n, metric='ndcg', K=10, gamma=0.01, prior=None, replace=True),
    'cls_adjusted_metric': E(N=N, n=n, metric='ndcg', K=10, prior=None, replace=True),
    'bv_distribution': E(sampled_ranks=SR, N=N, n=n, gamma=1.0, prior=None, replace=True),   # the default gamma (0.01): test_bv_distribution_default_gamma
    'default_estimators': E(methods=('CLS', 'MLE')),
    'run_study': E(models=STUDY_MODELS, N=N, n=n, methods={'CLS': sr.default_estimators(('CLS',))['CLS']},
                   metrics=('recall',), Ks=(10,), repeats=2, replace=True, seed=0, progress=False),
    'summary_table': E(df=STUDY, K=10, scale=100),
    'relative_error_table': E(df=STUDY),
    'winner_table': E(df=STUDY),
    'load_movielens': E(),
    'load_interactions': E(path=TMP / 'interactions.csv', user='user', item='item', time='timestamp'),
    'filter_min_interactions': E(df=DF, min_item=2),
    'leave_one_out': E(df=DF, drop_unseen=False),
    'temporal_holdout': E(df=DF, frac=0.2, drop_unseen=False),
    'reference_ranks': E(global_ranks=GR, pool_sizes=np.full(M, N), N=N),
    'Split': E(train=SPLIT.train, held_out=SPLIT.held_out, test_users=SPLIT.test_users, test_items=SPLIT.test_items),
    'Popularity': E(call=lambda: sr.Popularity().fit(SPLIT.train).score(np.arange(3))),
    'ItemKNN': E(call=lambda k=10: sr.ItemKNN(k).fit(SPLIT.train).score(np.arange(3)), k=10, kinds=dict(k='int')),
    'EASE': E(call=lambda lam=500.0: sr.EASE(lam).fit(SPLIT.train).score(np.arange(3)), lam=500.0),
    'ALS': E(call=lambda **kw: sr.ALS(**kw).fit(SPLIT.train).score(np.arange(3)),
             factors=4, regularization=0.05, iterations=2, alpha=2.0, eps=1.0, seed=0),
    'default_models': E(seed=0),
    'compute_ranks': E(model=MODEL, split=SPLIT, n=10, replace=True, n_max=None, seed=0, block=256, progress=False),
    'rank_histograms': E(call=_rank_histograms, model=MODEL, split=SPLIT, n=10, replace=True, n_max=None, seed=0, block=256, npartitions=None),
    'rank_models': E(split=SPLIT, models=[MODEL], n=10, replace=True, seed=0, progress=False),
    'metrics_table': E(ranks=RANKS_GLOBAL, N=N, n=n, kinds=dict(ranks='dict')),
    'estimate_table': E(ranks=RANKS_TABLE, N=N, n=n, methods={'CLS': sr.default_estimators(('CLS',))['CLS']},
                        kinds=dict(ranks='dict')),
    'winners': E(table=EST_TABLE),
    'hit_ratio_curve': E(ranks=GR, N=N),
    'sampled_hit_ratio_curve': E(sampled_ranks=SR, n=n),
    'shr_moments': E(ranks=GR, N=N, n=n, replace=True),
    'f_linear': E(k=K_GRID, N=N, n=n),
    'f_bound': E(k=K_GRID, N=N, n=n),
    'f_beta': E(k=K_GRID, N=N, n=n, a=1.0),
    'f_optimal': E(k=K_GRID, ranks=GR, N=N, n=n, replace=True),
    'fit_beta_a': E(sampled_ranks=SR, N=N, n=n, a0=1.0, tol=1e-10, max_iter=200),
    'mapping_errors': E(hr=sr.hit_ratio_curve(GR, N)[:n], shr=sr.sampled_hit_ratio_curve(SR, n)[:n],
                        f=sr.f_linear(np.arange(1, n + 1), N, n), kinds=dict(hr='vector', shr='vector', f='vector')),
    'estimate_mn': E(sampled_ranks=SR, N=N, n=n, metric='ndcg', K=10, prior=None, replace=True),
    'mn_adjusted_metric': E(N=N, n=n, metric='ndcg', K=10, M=M, prior=None, replace=True),
    'estimate_curves': E(sampled_ranks=SR, N=N, n=n, methods=('BV',), metrics=('recall',), Ks=range(1, 6), gamma=0.01, replace=True),
    'curve_study': E(models=STUDY_MODELS, N=N, n=n, methods=('BV',), metrics=('recall',), Ks=range(1, 6), repeats=2, seed=0,
                     progress=False),
    'average_relative_error': E(study=CURVES[CURVES.model == 'A'], metric='recall', stat='display'),   # B's exact recall@1..5 is 0: no relative error (refused)
    'winner_counts': E(study=CURVES, metric='recall', K=5),
    'adaptive_sample_ranks': E(global_ranks=GR, N=N, n0=10, n_max=40, replace=True, seed=0),
    'sampling_cost': E(sample_sizes=SIZES, n0=10),
    'propose_n_max': E(sample_sizes=SIZES, n0=10, factor=10.0),
    'plan_sample_size': E(prior=PRIOR, M=M, metric='ndcg', K=10, target=0.05, fixed=(n,), adaptive=(), repeats=2, seed=0),
    'SampledRanks': E(ranks=SR, N=N, n=n, replace=True, grid=True),
    'get_estimator': E(name='MLE'),
    'estimator_label': E(name='BV'),
    'parse_estimator_label': E(label='BV(gamma=0.1)', arg='label'),
    'fit_estimator': E(call=lambda name='MLE', evaluation=EV: sr.fit_estimator(name, evaluation).metric('ndcg', 10),
                       name='MLE', evaluation=EV),
    'register_estimator': E(call=_register, name='fuzz-estimator', per_user_n=False, description=''),
    'estimate_intervals': E(sampled_ranks=SR, N=N, n=n, metrics=('ndcg',), Ks=(10,), method='CLS', level=0.95, seed=0,
                            replace=True, n_boot=20, client=None, kinds=dict(client='client')),
    'compare_models': E(ranks={'A': SR, 'B': SR_B}, N=N, n=n, metric='ndcg', K=10, method='CLS', level=0.95, seed=0,
                        replace=True, n_boot=20, plan=False, power=0.8, progress=False, client=None, kinds=dict(ranks='dict', client='client')),
    'evaluate_models': E(ranks={'A': SR, 'B': SR_B}, N=N, n=n, metrics=('ndcg',), Ks=(10,), method='CLS', level=0.95, seed=0, replace=True,
                         n_boot=20, plan=False, power=0.8, progress=False, client=None, kinds=dict(ranks='dict', client='client')),
    'decision_notes': E(table=COMPARISON, M=M),
    'plan_comparison': E(priors={'A': PRIOR, 'B': np.r_[PRIOR[:-1] * 0 + 0.9 / (N - 1), 0.1]}, n_values=(n,), M=M,
                         metric='ndcg', K=10, level=0.95, repeats=2, seed=0, n_boot=20, progress=False, client=None,
                         kinds=dict(client='client')),
    'smallest_sample': E(plan=PLAN, power=0.5),
    'ranks_from_frame': E(frame=CANDS, user='user', item='item', score='score', label='label', ties='pessimistic', seed=0,
                          pool_size=None),
    'ranks_from_run': E(run=RUN, qrels=QRELS, ties='pessimistic', seed=0),
    'ranks_from_scores': E(scores=np.random.default_rng(0).random((5, 10)), positive=0, ties='pessimistic', seed=0),
    'draw_negatives': E(split=SPLIT, n_neg=9, seed=0, replace=False, exclude_seen=True, p=None),
    'candidates_frame': E(pairs=PAIRS, negatives=NEGS, scores=None, prob=None),
    'read_negatives': E(path=TMP / 'ncf.test.negative'),
    'write_negatives': E(path=TMP / 'out.test.negative', users=PAIRS.user, items=PAIRS.item, negatives=NEGS, style='ncf'),
    'read_trec_run': E(path=TMP / 'run.txt'),
    'read_trec_qrels': E(path=TMP / 'qrels.txt'),
    'write_trec_run': E(path=TMP / 'out.run', frame=CANDS, user='user', item='item', score='score', tag='samplerank'),
    'write_trec_qrels': E(path=TMP / 'out.qrels', frame=CANDS, user='user', item='item', label='label'),
    'estimate_multi': E(table=TABLE, N=N, metric='ndcg', K=10, replace=True),
    'read_model_inputs': E(frames=[CANDS, CANDS.assign(score=-CANDS.score)], runs=None, qrels=None, scores=None, names=None, positive=0,
                           user='user', item='item', score='score', label='label', ties='pessimistic', seed=0),
    'read_inputs': E(frames=[CANDS, CANDS.assign(score=-CANDS.score)], runs=None, qrels=None, scores=None, names=None, positive=0,
                     user='user', item='item', score='score', label='label', ties='pessimistic', seed=0),
    'tie_summary': E(inputs=sr.read_inputs(frames=[CANDS, CANDS.assign(score=0.0)]), metric='ndcg', K=10),
    'scorer_ranks': E(scorers={'A': _fuzz_scorer}, split=SPLIT, design='adaptive', n=10, n_max=40, replace=True, kind='scores',
                      ties='pessimistic', block=256, seed=0, progress=False, client=None, kinds=dict(scorers='dict', client='client')),
    'evaluate_scorers': E(call=lambda **kw: sr.evaluate_scorers(**kw, method='CLS', metrics=('ndcg',), Ks=(10,), n_boot=20),
                          scorers={'A': _fuzz_scorer, 'B': lambda u, i: -_fuzz_scorer(u, i)}, split=SPLIT, design='fixed', n=10,
                          n_max=None, replace=True, kind='scores', ties='pessimistic', block=256, seed=0, progress=False, client=None,
                          budget=None,
                          kinds=dict(scorers='dict', client='client', budget='int')),
    'register_design': E(call=_register_design, name='fuzz-design', description='', takes=()),
    'top_band_pvalue': E(N=N, n=n, K=10, r=3),
    'look_boundaries': E(fractions=(0.25, 0.5, 1.0), level=0.95),
    'sequential_cost': E(N=N, n=n, K=10, R=[1, 50], eps=0.01, reps=20, seed=0),
    'cost_table': E(estimates=pd.DataFrame({'metric': ['ndcg']}).pipe(
        lambda d: d.__setattr__('attrs', {'cost': {'A': {'scored': 10, 'full': 100, 'share': 0.1}}}) or d)),
    'global_metric_bounds': E(reported={'hr@10': 0.5}, N=N, n=n, metric='ndcg', K=10, tol=5e-4, replace=True, monotone=False),
    'sampled_metric_range': E(value=0.5, N=N, n=n, metric='ndcg', sampled_metric='hr@10', K=10, tol=5e-4, replace=True,
                              monotone=False),
    'evaluate': E(frame=CANDS, N=N, metrics=('ndcg',), Ks=(10,), level=0.95, seed=0, prob='prob', method='CLS', n_boot=20,
                  pool_size=None, replace=True, n_iter=None),
    'pop_estimate': E(frame=CANDS_P, N=N, metrics=('ndcg',), Ks=(10,), method='MLE', prob='prob', replace=True, n_iter=None),
    'ht_counts': E(s0=0.5, s=np.linspace(0, 1, 9), q=np.full(9, 0.1), replace=True),
    'inclusion_probs': E(q=np.full(9, 0.1), m=3, kinds=dict(m='int')),
    'report_results': E(ranks={'A': SR, 'B': SR_B}, N=N, n=n, metrics=('ndcg',), Ks=(10,), methods=('CLS',), level=0.95, seed=0,
                        replace=True, n_boot=20, plan=False, note='', progress=False, assumptions=False,
                        kinds=dict(ranks='dict', methods='seq')),
    'write_report': E(call=lambda res=REPORT: sr.write_report(res, TMP / 'report'), res=REPORT),   # the output directory: its own tests
    'report_files': E(call=lambda **kw: sr.report_files(**kw, out=TMP / 'report-files'),   # the output directory: its own tests
                      paths=RANK_FILES, N=N, n=n, names=None, data=None, note='', replace=True, metrics=('ndcg',), Ks=(10,),
                      methods=('CLS',), level=0.95, seed=0, n_boot=20, plan=False, progress=False, client=None,
                      assumptions=False, kinds=dict(paths='seq', client='client')),
    'report_markdown': E(res=REPORT),
    'latex_tables': E(res=REPORT),
    'results_json': E(res=REPORT),
    'plot_intervals': E(call=lambda table=REPORT['estimates']: _closed(sr.plot_intervals(table)), table=REPORT['estimates']),
    'plot_comparisons': E(call=lambda table=COMPARISON: _closed(sr.plot_comparisons(table)), table=COMPARISON),
    'style_estimates': E(call=lambda table=REPORT['estimates']: sr.style_estimates(table).to_html(), table=REPORT['estimates']),
    'style_comparison': E(call=lambda table=COMPARISON: sr.style_comparison(table).to_html(), table=COMPARISON),
}

# Public names that are not functions, or whose call reads the network or draws a figure.
BOUNDS = {'none': ((0.3, 0.4), (0.1, 0.2)), 'non-increasing': ((0.3, 0.4), (0.1, 0.2))}   # assumption -> (a's, b's) range
API.update({
    'metric_bounds': E(sampled_ranks=SR, N=N, n=n, metric='ndcg@10', level=0.95, assumption='none', replace=True),
    'assumption_label': E(decision='A', a='A', b='B', bounds=BOUNDS, kinds=dict(decision='name', a='name', b='name')),
    'label_assumptions': E(ranks={'A': SR, 'B': SR_B}, table=COMPARISON[['a', 'b', 'decision']], N=N, n=n, metric='ndcg@10', level=0.95, replace=True,
                           kinds=dict(ranks='dict')),
})

# Public in their modules; entered here once `samplerank/__init__` (nbs/index.ipynb) exports them too.
for _name, _entry in (('metric_label', E(metric='ndcg', K=10)), ('per_metric', E(comparisons=REPORT['comparisons']))):
    if _name in sr.__all__: API[_name] = _entry

SKIPPED = {'__version__': 'a string', 'METRICS': 'a tuple of names', 'ESTIMATORS': 'the registry dict',
           'DECISION_RULE': 'a sentence', 'ScoredInputs': 'a dataclass of what read_inputs read',
           'DESIGNS': 'the registry dict of sampling designs', 'Draw': "a dataclass of the designs' shared options",
           'Design': 'a dataclass: one registered design', 'SequentialOptions': "the sequential design's options, "
           'checked by SequentialOptions.of'}

# ---------------------------------------------------------------------------------------------------------------
# Kinds of arguments and their bad values.
INT_NAMES = {'N', 'n', 'K', 'M', 'repeats', 'n_iter', 'max_steps', 'grid', 'n_max', 'n0', 'block', 'npartitions', 'n_boot',
             'min_item', 'factors', 'iterations', 'positive', 'n_neg', 'max_iter', 'max_bytes'}
FLOAT_NAMES = {'tol', 'gap', 'C', 'median', 'spread', 'eta', 'gamma', 'scale', 'frac', 'lam', 'regularization', 'alpha', 'eps',
               'a', 'a0', 'factor', 'target', 'level', 'power', 'rel_tol', 'value', 's0'}
RANK_NAMES = {'ranks', 'sampled_ranks', 'global_ranks', 'R', 'ranks_a', 'ranks_b', 'k', 'pool_sizes'}
VECTOR_NAMES = {'prior', 'weights', 'p', 'pmf', 'hr', 'shr', 'f', 's', 'q', 'negatives', 'scores', 'users', 'items',
                'test_users', 'test_items'}
SEQ_NAMES = {'metrics', 'Ks', 'names', 'sample_sizes', 'n_values', 'fixed', 'adaptive', 'estimators', 'methods'}


def kind_of(fname, arg, value):
    "The kind of argument `arg` of `fname` (its bad values are BAD[kind])."
    k = API[fname]['kinds'].get(arg)
    if k: return k
    if arg == 'seed': return 'seed'
    if arg == 'metric': return 'metric'
    if arg == 'sampled_metric': return 'sampled_metric'
    if arg == 'path': return 'path'
    if isinstance(value, (bool, np.bool_)): return 'bool'
    if arg in RANK_NAMES: return 'ranks'
    if arg in INT_NAMES: return 'int'
    if arg in FLOAT_NAMES: return 'float'
    if isinstance(value, pd.DataFrame): return 'frame'
    if isinstance(value, dict): return 'dict'
    if arg in SEQ_NAMES: return 'seq'
    if arg in VECTOR_NAMES and not callable(value): return 'vector'
    if isinstance(value, str): return 'name'
    return 'object'


def _files():
    "Bad files: missing, a directory, empty, BOM only, binary, not UTF-8, wrong columns, NaN, huge numbers."
    d = TMP / 'bad'; d.mkdir(exist_ok=True)
    (d / 'missing.csv').unlink(missing_ok=True)              # a write_* case may have created it
    out = {'missing': d / 'missing.csv', 'directory': d}
    for name, data in {'empty.csv': b'', 'bom.csv': b'\xef\xbb\xbf', 'binary.csv': bytes(range(256)) * 4,
                       'latin1.csv': 'user,item\n\xe9,\xe8\n'.encode('latin-1'), 'onecol.csv': b'user\n1\n2\n',
                       'nan.csv': b'user,item,timestamp\nnan,1,2\n1,nan,3\n', 'huge.csv': b'user,item,timestamp\n1,2,1e300\n3,4,99999999999999999999\n',
                       'ragged.csv': b'user,item\n1,2,3,4\n1\n'}.items():
        (d / name).write_bytes(data); out[name] = d / name
    return out


BAD_FILES = _files()
NAN, INF = float('nan'), float('inf')
BAD = {   # (label, value): every value here must be refused by name, or give a finite result
    'int': [-1, 0, 1, -2**63, 2**53 + 1, 2**63, 2**64, 10**30, 1e19, 1e300, NAN, INF, -INF, 2.5, None, 'x', '10', True, False,
            np.array([1, 2]), [3], np.int64(-5), np.uint64(2**63), np.array(2.5), 1 + 0j, Fraction(3, 2)],
    'seed': [-1, 2**64, 2**63, 1e19, 2.5, NAN, 'x', True, np.array([1, -2]), [0.5]],
    'float': [NAN, INF, -INF, None, 'x', '0.5', True, False, np.array([0.1, 0.2]), [0.5], -1e300, 1e300, -1.0, 0.0, 10**400,
              1 + 0j, np.float64(NAN), np.array(NAN)],
    'bool': [None, 'False', 'True', 0, 1, 2, 'yes', np.array([True, False]), 1.0, NAN],
    'ranks': [[], np.array([]), np.array([[1, 2], [3, 4]]), [[1, 2], [3]], [NAN], [0], [-1], [2.5], [10**6], [2**63], [1e19],
              [INF], 'abc', np.array(['1', '2']), [True, False], np.array(2.5), [1, 'a'], {'a': 1}, np.array([1, None], dtype=object),
              np.array([2**63], np.uint64), np.zeros(3), [-2**63]],
    'vector': [[], np.full(N, NAN), np.full(N, -1.0), np.ones(N + 1), np.ones((2, N)), 'x', np.full(N, INF), np.zeros(N), [0.5],
               np.array(0.5), [[1, 2], [3]], np.array(['a', 'b'])],
    'metric': ['', 'foo', 'ndcg@10', None, 1, ['ndcg'], np.array(['ndcg', 'hr']), b'ndcg', 'nd cg', NAN],
    'sampled_metric': ['hr@', 'hr@0', 'hr@-1', 'hr@1e19', 'foo@10', 'hr@x', None, 5, 'hr@2.5', 'hr@99999999999999999999', ''],
    'name': ['', 'nonsense', None, 1, ['x'], NAN],
    'seq': [(), None, 'x', ('foo',), (0,), (-1,), [[1]], (NAN,), (2**63,), 5],
    'dict': [{}, None, [1, 2], 'x', {'A': []}, {'A': [0]}, {'A': 'x'}, {1: None}, {'A': [NAN]}],
    'path': [*BAD_FILES.values(), None, 123],
    'object': [None, 'x', 1, [], NAN, {}],
    'client': ['tcp://127.0.0.1:8786', 1, [], {}, NAN, True, object()],     # None (run here) is the valid value
}


def _bad_frames(df):
    "Broken copies of a baseline DataFrame: empty, no rows, each column dropped, NaN/strings/negatives in each column."
    out = [pd.DataFrame(), df.iloc[:0], None, 'x', [1, 2]]
    for c in df.columns[:8]:
        out.append(df.drop(columns=c))
        out.append(df.assign(**{c: np.nan}))
        out.append(df.assign(**{c: 'x'}))
        if pd.api.types.is_numeric_dtype(df[c]): out.append(df.assign(**{c: -df[c] - 1}))
    return out


def bad_values(fname, arg, kind):
    base = API[fname]['args'].get(arg)
    if kind == 'path': return [*_files().values(), None, 123]   # written afresh: a write_* case before may have changed them
    return _bad_frames(base) if kind == 'frame' else BAD[kind]


# Random bad values drawn by Hypothesis (on top of the fixed lists above).
_num = st.one_of(st.integers(-2**70, 2**70), st.floats(allow_nan=True, allow_infinity=True))
DRAWN = {
    'int': st.one_of(st.integers(max_value=0), st.integers(min_value=2**53 + 1), st.floats(allow_nan=True, allow_infinity=True),
                     st.text(max_size=3), st.booleans(), st.none()),
    'seed': st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64), st.floats(allow_nan=True).filter(lambda x: not float(x).is_integer()),
                       st.text(max_size=3)),
    'float': st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-2**70, 2**70), st.text(max_size=3), st.booleans(), st.none()),
    'bool': st.one_of(st.integers(), st.floats(), st.text(max_size=5), st.none()),
    'ranks': st.one_of(st.lists(_num, max_size=6), st.lists(st.lists(st.integers(-3, 300), max_size=3), max_size=3), st.text(max_size=4)),
    'vector': st.one_of(st.lists(_num, max_size=6), st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=N, max_size=N)),
    'metric': st.text(max_size=8), 'sampled_metric': st.text(max_size=10), 'name': st.text(max_size=6),
    'seq': st.one_of(st.lists(st.one_of(_num, st.text(max_size=4)), max_size=3), st.text(max_size=3)),
    'dict': st.dictionaries(st.text(max_size=2), st.one_of(_num, st.lists(st.integers(-3, 10**6), max_size=4)), max_size=3),
    'path': st.sampled_from(list(BAD_FILES.values())),
    'object': st.one_of(_num, st.text(max_size=3), st.none()),
    'client': st.one_of(_num, st.text(max_size=8), st.lists(st.integers(), max_size=2)),
    'frame': st.none(),
}


# ---------------------------------------------------------------------------------------------------------------
# Running one call: a time bound, and the checks of its outcome.
class CallTimeout(BaseException):
    "Raised by the alarm: a BaseException, so no `except Exception` of the code under test swallows it."


def _alarm(*_): raise CallTimeout()


def timed(f, kw, limit=TIME_LIMIT):
    "f(**kw) within `limit` seconds (SIGALRM); a kernel that never returns to Python ends the run after 6x the limit."
    old = signal.signal(signal.SIGALRM, _alarm)
    faulthandler.dump_traceback_later(6 * limit, exit=True)
    signal.alarm(limit)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return f(**kw)
    finally:
        signal.alarm(0); faulthandler.cancel_dump_traceback_later(); signal.signal(signal.SIGALRM, old)


def nonfinite(x, depth=0):
    "A description of the first non-finite number in `x` (arrays, frames, dicts, sequences, RankDistribution), or None."
    if depth > 4 or x is None or isinstance(x, (str, bytes, Path, bool, np.bool_)): return None
    if isinstance(x, (int, np.integer)): return None
    if isinstance(x, (float, np.floating, complex)): return None if np.isfinite(x) else repr(x)
    if sps.issparse(x): return nonfinite(x.data, depth + 1)
    if isinstance(x, np.ndarray):
        if x.dtype.kind in 'fc' and not np.isfinite(x).all(): return f'array with {int((~np.isfinite(x)).sum())} non-finite of {x.size}'
        if x.dtype.kind == 'O': return next((d for v in x.ravel()[:1000] if (d := nonfinite(v, depth + 1))), None)
        return None
    if isinstance(x, pd.Series): return nonfinite(pd.DataFrame({x.name or 0: x}), depth)
    if isinstance(x, pd.DataFrame):
        for c in x.columns:
            v = x[c]
            if pd.api.types.is_numeric_dtype(v) and not pd.api.types.is_bool_dtype(v) and not np.isfinite(v.to_numpy(np.float64)).all():
                return f'column {c!r} has {int((~np.isfinite(v.to_numpy(np.float64))).sum())} non-finite of {len(v)}'
        return None
    if isinstance(x, dict): return next((f'[{k!r}] {d}' for k, v in x.items() if (d := nonfinite(v, depth + 1))), None)
    if isinstance(x, (list, tuple)): return next((f'[{i}] {d}' for i, v in enumerate(x) if (d := nonfinite(v, depth + 1))), None)
    if isinstance(x, sr.RankDistribution): return nonfinite(x.pmf, depth + 1)
    return None


def names_arg(msg, arg, value=None, kind=None):
    "True when the message names `arg` as a word (for string-valued arguments, naming the bad string itself also counts)."
    word = lambda w: re.search(rf'(?<![A-Za-z0-9_]){re.escape(w)}(?![A-Za-z0-9_])', msg)
    if word(arg): return True
    if kind == 'seq' and arg.endswith('s') and word(arg[:-1]): return True     # Ks=(0,): 'K must satisfy 1 <= K'
    return kind in ('name', 'metric', 'path') and isinstance(value, (str, Path)) and str(value) != '' and str(value) in msg


def problem(fname, kw, arg, value, kind):
    "None when the call refuses `arg` = `value` with a ValueError naming it, or returns finite numbers in time; else what went wrong."
    e = API[fname]; f = e['call'] or getattr(sr, fname)
    t = time.perf_counter()
    try: r = timed(f, {**kw, arg: value})
    except CallTimeout: return f'ran over {TIME_LIMIT} s'
    except ValueError as ex:
        msg = str(ex)
        if '\n' in msg.strip(): return f'ValueError of several lines: {msg[:200]!r}'
        return None if names_arg(msg, arg, value, kind) else f'ValueError not naming {arg}: {msg[:200]!r}'
    except Exception as ex: return f'{type(ex).__name__}: {str(ex)[:200]!r}'
    d = nonfinite(r)
    return None if d is None else f'returned non-finite numbers: {d}'


def _short(v):
    if isinstance(v, pd.DataFrame): return f'DataFrame{list(v.columns)[:6]}x{len(v)}'
    if isinstance(v, np.ndarray): return f'np.array({v.tolist()!r}, {v.dtype})' if v.size <= 6 else f'array{v.shape} {v.dtype} {v.ravel()[:3]}...'
    if isinstance(v, Path): return f'Path({v.name!r})'
    r = repr(v); return r if len(r) < 60 else r[:57] + '...'


def signature_args(fname):
    "The arguments of a table entry: its baseline keywords (every one is fuzzed, defaults included)."
    return list(API[fname]['args'])


CASES = [(f, a) for f in API for a in signature_args(f)]


def notebook(fname):
    "The notebook that defines public function `fname` (where its fix belongs)."
    import samplerank.cli
    mod = samplerank.cli if fname == 'main' else sys.modules[getattr(sr, fname).__module__]
    m = re.search(r'File to edit: \.\./(nbs/\S+\.ipynb)', Path(mod.__file__).read_text()[:2000])
    return m.group(1) if m else mod.__name__


# Known defects, found by this suite: (function, argument) -> a reproducer and what it gives instead of a named ValueError
# or a finite value. Each is a strict xfail: it becomes an error once fixed, and its line here is then removed.
KNOWN_FIXED = {}
KNOWN_DRAWN = {}


def _marks(known, key, fname):
    if key not in known: return ()
    return pytest.mark.xfail(strict=True, reason=f'{known[key]}; fix in {notebook(fname)}')


# ---------------------------------------------------------------------------------------------------------------
# 1. The table covers the public API, and every baseline call works.
def test_api_table_is_complete():
    "A public name without a table entry (or an explicit skip with its reason) fails here: add its baseline call to API."
    public = set(sr.__all__)
    missing = sorted(public - set(API) - set(SKIPPED))
    assert not missing, f'public names without a fuzz entry: {missing}'
    assert not (set(API) | set(SKIPPED)) - public, 'entries for names no longer public'
    for name in SKIPPED: assert not callable(getattr(sr, name)) or name in SKIPPED
    for name, e in API.items():
        if e['call'] is None:
            params = inspect.signature(getattr(sr, name)).parameters
            assert set(e['args']) <= set(params), (name, set(e['args']) - set(params))


KNOWN_BASELINE = {}
_BASELINES = {}


def baseline(fname):
    "The result of the baseline call of `fname`, made once per process (each edge-value test compares with it)."
    if fname not in _BASELINES:
        e = API[fname]
        _BASELINES[fname] = timed(e['call'] or getattr(sr, fname), e['args'])
    return _BASELINES[fname]


@pytest.mark.parametrize('fname', [pytest.param(f, marks=_marks(KNOWN_BASELINE, f, f)) for f in API])
def test_baseline(fname):
    "The baseline call of every entry succeeds within the time bound and returns finite numbers."
    r = baseline(fname)
    assert nonfinite(r) is None, nonfinite(r)


# ---------------------------------------------------------------------------------------------------------------
# 2. One bad argument at a time: the fixed list of its kind, then values drawn by Hypothesis.
@pytest.mark.parametrize('fname,arg', [pytest.param(f, a, marks=_marks(KNOWN_FIXED, (f, a), f), id=f'{f}-{a}') for f, a in CASES])
def test_fixed_bad_values(fname, arg):
    "Every bad value of the argument's kind: a ValueError naming `arg`, or a finite result, within the time bound."
    kw = API[fname]['args']; kind = kind_of(fname, arg, kw[arg])
    found = [(v, p) for v in bad_values(fname, arg, kind) if (p := problem(fname, kw, arg, v, kind))]
    assert not found, f'{len(found)} bad value(s) of {fname}({arg}=...) [{kind}]:\n' + '\n'.join(
        f'  sr.{fname}(..., {arg}={_short(v)}) -> {p}' for v, p in found)


def _drawn(data, fname, arg, kind):
    if kind == 'path': _files()                               # the bad files as they were made, whatever ran before
    if kind != 'frame': return data.draw(DRAWN[kind], label=arg)
    df = API[fname]['args'][arg].copy()
    col = data.draw(st.sampled_from(list(df.columns)), label='column')
    row = data.draw(st.integers(0, max(0, len(df) - 1)), label='row')
    val = data.draw(st.one_of(_num, st.text(max_size=3), st.none()), label='value')
    df[col] = df[col].astype(object); df.iloc[row, df.columns.get_loc(col)] = val
    return df


@pytest.mark.parametrize('fname', [pytest.param(f, marks=_marks(KNOWN_DRAWN, f, f)) for f in API if API[f]['args']])
@settings(max_examples=12, phases=['explicit', 'reuse', 'generate'], **SETTINGS)
@given(data=st.data())
def test_drawn_bad_values(fname, data):
    "One argument replaced by a value drawn from its kind's strategy: a ValueError naming it, or a finite result."
    kw = API[fname]['args']
    arg = data.draw(st.sampled_from(list(kw)), label='argument')
    kind = kind_of(fname, arg, kw[arg])
    v = _drawn(data, fname, arg, kind)
    p = problem(fname, kw, arg, v, kind)
    assert p is None, f'sr.{fname}(..., {arg}={_short(v)}) -> {p}'


# ---------------------------------------------------------------------------------------------------------------
# 3. Valid edge values are accepted, with the baseline's result.
def _edge_values(arg, kind, v):
    "Other spellings of the valid baseline value `v`: 0-d arrays, NumPy scalars, integral floats, sets, upper case."
    if v is None: return []
    if kind == 'seed' and isinstance(v, int): return [np.array(v), np.int64(v), np.uint32(v)]
    if kind == 'int' and isinstance(v, int): return [np.array(v), np.int64(v), np.int32(v), float(v), np.uint16(v) if v < 2**16 else v]
    if kind == 'float' and isinstance(v, float): return [np.array(v), np.float64(v)] + ([int(v)] if v.is_integer() else [])
    if kind == 'bool': return [np.bool_(v), np.array(v)]
    if kind == 'metric': return [v.upper(), v.capitalize(), np.str_(v), np.array(v)]
    if kind == 'ranks' and not (isinstance(v, list) and v and isinstance(v[0], list)):
        a = np.asarray(v)
        return [a.tolist(), tuple(a.tolist()), a.astype(np.int32), a.astype(np.uint32), a.astype(np.float64), pd.Series(a)]
    return []


def _same(a, b):
    "Equal results: numbers to 1e-9, frames and arrays elementwise, other objects by type."
    if isinstance(a, sr.RankDistribution): return _same(a.pmf, b.pmf)
    if isinstance(a, (pd.DataFrame, pd.Series)):
        if isinstance(a, pd.DataFrame):                  # timings (run_study's fit_seconds) differ from run to run
            a, b = (x.drop(columns=[c for c in x.columns if 'seconds' in str(c)]) for x in (a, b))
        try: pd.testing.assert_frame_equal(pd.DataFrame(a), pd.DataFrame(b), check_dtype=False, rtol=1e-9); return True
        except AssertionError: return False
    if sps.issparse(a): return _same(a.toarray(), b.toarray())
    if isinstance(a, dict): return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)): return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, (np.ndarray, float, int, np.number)):
        try: return np.allclose(np.asarray(a, float), np.asarray(b, float), rtol=1e-9, atol=0, equal_nan=True)
        except (TypeError, ValueError): return np.array_equal(a, b)
    return type(a) is type(b)


EDGE_CASES = [(f, a, i) for f, a in CASES for i in range(len(_edge_values(a, kind_of(f, a, API[f]['args'][a]), API[f]['args'][a])))]
KNOWN_EDGE = {
}


@pytest.mark.parametrize('fname,arg,i', [pytest.param(f, a, i, marks=_marks(KNOWN_EDGE, (f, a, i), f), id=f'{f}-{a}-{i}')
                                        for f, a, i in EDGE_CASES])
def test_valid_edge_values_accepted(fname, arg, i):
    "A 0-d array, NumPy scalar, integral float, tuple or Series of the baseline value, or an upper-case metric: same result."
    e = API[fname]; f = e['call'] or getattr(sr, fname); kw = e['args']
    v = _edge_values(arg, kind_of(fname, arg, kw[arg]), kw[arg])[i]
    base = baseline(fname)
    got = timed(f, {**kw, arg: v})
    assert _same(base, got), f'sr.{fname}(..., {arg}={_short(v)}) differs from {arg}={_short(kw[arg])}'


SET_CASES = [('exact_metric', dict(ranks={3, 50, 7}), dict(ranks=[3, 7, 50])),
             ('expected_sampled_metric', dict(ranks={3, 50, 7}), dict(ranks=[3, 7, 50])),
             ('percentile_ranks', dict(ranks={3, 50, 7}), dict(ranks=[3, 7, 50])),
             ('estimate_mle', dict(sampled_ranks={1, 2, 5}), dict(sampled_ranks=[1, 2, 5])),
             ('hit_ratio_curve', dict(ranks=frozenset({3, 50})), dict(ranks=[3, 50])),
             ('empirical_distribution', dict(global_ranks={3, 50}), dict(global_ranks=[3, 50]))]


@pytest.mark.parametrize('fname,as_set,as_list', SET_CASES, ids=[c[0] for c in SET_CASES])
def test_sets_of_ranks_accepted(fname, as_set, as_list):
    "A set of ranks is the list of its elements, in the set's order (results per element follow it)."
    e = API[fname]; f = e['call'] or getattr(sr, fname)
    (k, v), = as_set.items()
    assert sorted(v) == as_list[k]
    assert _same(timed(f, {**e['args'], k: v}), timed(f, {**e['args'], k: list(v)}))


def test_bv_distribution_default_gamma():
    "Valid input with the default gamma: a finite distribution (eq 15 projected onto the simplex: >= 0, summing to 1)."
    d = timed(sr.bv_distribution, dict(sampled_ranks=SR, N=N, n=n))
    assert nonfinite(d) is None
    assert (d.pmf >= 0).all() and abs(d.pmf.sum() - 1) < 1e-12


# ---------------------------------------------------------------------------------------------------------------
# 4. The command line: its exit status and its stderr. The cases run `main(argv)` in this process (`cli`), as the
# `samplerank` script does, with what a fresh interpreter would do around it: SystemExit's status (argparse's errors),
# an uncaught exception as a traceback on stderr with status 1, Python's default warning filters. Starting ~30 Python
# processes that import samplerank cost most of this file's time; `test_cli_in_process_is_the_command` runs cases of
# both kinds (an input error, an argparse error) as real processes too (as tests/test_cli.py does) and checks that
# status and stderr are the same.
def cli_process(*args, timeout=120):
    "The command as a real process: `python -c 'main()' args`."
    return subprocess.run([sys.executable, '-c', 'import sys; from samplerank.cli import main; sys.exit(main())', *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, env={**os.environ, 'MPLBACKEND': 'Agg'})


def cli(*args, timeout=120):
    "The command run in this process: `main(argv)` with stdout and stderr captured, ended as a real process would end."
    import contextlib, traceback
    from samplerank.cli import main
    argv, out, err = [str(a) for a in args], io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm); signal.alarm(timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
            warnings.resetwarnings()                                   # a fresh interpreter's filters, not pytest's
            for c in (ResourceWarning, ImportWarning, PendingDeprecationWarning, DeprecationWarning): warnings.simplefilter('ignore', c)
            try: code = main(argv)
            except SystemExit as e:                                    # argparse's errors: its status (a text: printed, status 1)
                if e.code is None or isinstance(e.code, int): code = e.code or 0
                else: print(e.code, file=sys.stderr); code = 1
            except CallTimeout: raise
            except BaseException: traceback.print_exc(); code = 1      # what the interpreter prints for an uncaught exception
    except CallTimeout: pytest.fail(f'samplerank {" ".join(argv)}: ran over {timeout} s')
    finally: signal.alarm(0); signal.signal(signal.SIGALRM, old)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def assert_one_line_exit_2(r, *must_name):
    "Exit status 2, exactly one non-empty stderr line, no traceback, naming each of `must_name` (file, line, value)."
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert r.returncode == 2, (r.returncode, r.stderr[-600:])
    assert 'Traceback' not in r.stderr, r.stderr[-600:]
    assert len(lines) == 1, r.stderr[-600:]
    for s in must_name: assert str(s) in lines[0], (s, lines[0])


CLI_DIR = TMP / 'cli'; CLI_DIR.mkdir(exist_ok=True)
GOOD = CLI_DIR / 'good.csv'; GOOD.write_text('rank\n' + '\n'.join(str(1 + i % 37) for i in range(200)) + '\n')
GOOD2 = CLI_DIR / 'good2.csv'; GOOD2.write_text('rank\n' + '\n'.join(str(1 + i % 41) for i in range(200)) + '\n')
BAD_RANK_FILES = {      # name: (content, text the error line must contain besides the path)
    'empty.csv': (b'', ''), 'bom.csv': (b'\xef\xbb\xbf', ''),
    'latin1.csv': ('rank\n\xe9\n'.encode('latin-1'), ''), 'huge.csv': (b'rank\n1\n99999999999999999999\n', 'line 3'),
    'e300.csv': (b'rank\n1e300\n', 'line 2'), 'nan.csv': (b'rank\n1\nnan\n', 'line 3'), 'neg.csv': (b'rank\n-1\n', 'line 2'),
    'frac.csv': (b'rank\n2.5\n', 'line 2'), 'columns.csv': (b'rank,n\n1,100\n2\n', 'line 3'),
}
for _name, (_data, _) in BAD_RANK_FILES.items(): (CLI_DIR / _name).write_bytes(_data)
(CLI_DIR / 'a_directory.csv').mkdir(exist_ok=True)
NOT_A_DIR = CLI_DIR / 'plain_file'; NOT_A_DIR.write_text('x')


@pytest.mark.parametrize('name', list(BAD_RANK_FILES) + ['a_directory.csv'])
def test_cli_estimate_bad_file(name):
    "estimate with a bad file of ranks: exit 2, one line naming the file (and the line, where there is one)."
    p = CLI_DIR / name
    r = cli('estimate', p, '--N', 3000, '--n', 100, '--n-boot', 20)
    assert_one_line_exit_2(r, p, *(BAD_RANK_FILES.get(name, ('', ''))[1:] if BAD_RANK_FILES.get(name, ('', ''))[1] else ()))


CLI_BAD_OPTIONS = {   # id: (arguments, text the line must contain)
    'estimate-N-huge': (('estimate', GOOD, '--N', 99999999999999999999, '--n', 100), 'N'),
    'estimate-N-1e19': (('estimate', GOOD, '--N', '1e19', '--n', 100), 'N'),
    'estimate-N-nan': (('estimate', GOOD, '--N', 'nan', '--n', 100), 'N'),
    'estimate-level': (('estimate', GOOD, '--N', 3000, '--n', 100, '--level', 'nan'), 'level'),
    'estimate-n-boot': (('estimate', GOOD, '--N', 3000, '--n', 100, '--n-boot', -1), 'n_boot'),
    'estimate-method': (('estimate', GOOD, '--N', 3000, '--n', 100, '--method', 'nosuch'), 'nosuch'),
    'estimate-metric': (('estimate', GOOD, '--N', 3000, '--n', 100, '--metrics', 'foo'), 'foo'),
    'compare-directory': (('compare', GOOD, CLI_DIR / 'a_directory.csv', '--N', 3000, '--n', 100), 'a_directory.csv'),
    'compare-level': (('compare', GOOD, GOOD2, '--N', 3000, '--n', 100, '--level', 1.5), 'level'),
    'translate-tol': (('translate', '--N', 3000, '--n', 100, '--reported', 'hr@10=0.5', '--tol', 'nan'), 'tol'),
    'translate-value': (('translate', '--N', 3000, '--n', 100, '--reported', 'hr@10=nan'), 'hr@10'),
    'example-out-is-a-file': (('example', '--out', NOT_A_DIR, '--repeats', 10), str(NOT_A_DIR)),
    'example-repeats': (('example', '--out', CLI_DIR / 'ex', '--repeats', -1), 'repeats'),
    'demo-n': (('demo', '--out', CLI_DIR / 'demo', '--n', 1), 'n'),
    'estimate-n-not-int': (('estimate', GOOD, '--N', 3000, '--n', 'x'), '--n'),
}
KNOWN_CLI = {
}


@pytest.mark.parametrize('case', [pytest.param(k, marks=_marks(KNOWN_CLI, k, 'main'), id=k) for k in CLI_BAD_OPTIONS])
def test_cli_bad_option(case):
    "A bad option of each subcommand: exit 2 and one stderr line naming the option or value; no work, no traceback."
    args, name = CLI_BAD_OPTIONS[case]
    assert_one_line_exit_2(cli(*args), name)


@pytest.mark.parametrize('args', [('estimate', CLI_DIR / 'huge.csv', '--N', 3000, '--n', 100, '--n-boot', 20), CLI_BAD_OPTIONS['estimate-N-1e19'][0]],
                         ids=['input-error', 'argparse-error'])
def test_cli_in_process_is_the_command(args):
    "The in-process runs stand for the command: a real process gives the same exit status (2) and the same stderr line."
    r, p = cli(*args), cli_process(*args)
    assert_one_line_exit_2(p)
    assert (r.returncode, r.stderr) == (p.returncode, p.stderr), (r, p)


@settings(max_examples=4, **SETTINGS)
@given(rows=st.lists(st.one_of(st.integers(-2**70, 2**70).map(str), st.floats(allow_nan=True, allow_infinity=True).map(repr),
                               st.text(alphabet='0123456789.,-eE naif\t', max_size=8)), min_size=0, max_size=4),
       header=st.booleans(), bom=st.booleans())
def test_cli_estimate_drawn_file(rows, header, bom):
    "A drawn file of bad ranks (at least one out of 1..n): exit 2 with one line naming the file; never a traceback."
    rows = rows + ['0']                                       # at least one bad rank: the file must be refused
    p = CLI_DIR / 'drawn.csv'
    p.write_bytes((b'\xef\xbb\xbf' if bom else b'') + (('rank\n' if header else '') + '\n'.join(rows) + '\n').encode())
    assert_one_line_exit_2(cli('estimate', p, '--N', 3000, '--n', 100, '--n-boot', 20), p)
