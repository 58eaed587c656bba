"""Trustworthy sampled top-K evaluation of recommender systems: exact metrics, sampled-rank theory, and estimators of global metrics from sampled ranks

```python
__version__ = "0.0.1"
from samplerank.core import METRICS
from samplerank.metrics import (metric_weights, exact_metric, map_at_k, ar_at_k, percentile_ranks,
                                expected_percentile_rank, percentile_rank_ecdf)
from samplerank.sampling import (rank_pmf, expected_sampled_weights, expected_sampled_metric, expected_sampled_ap,
                                 sample_ranks, simulate_sampled_metric, sparse_rank_pmf, kernel_cache)
from samplerank.inconsistency import rendle_example, exact_table, sampled_table, expected_vs_samples, order_swaps
from samplerank.mle import estimate_mle, wmle_weights, simulate_global_ranks
from samplerank.mes import estimate_mes
from samplerank.baselines import estimate_bv, estimate_cls, bv_adjusted_metric, cls_adjusted_metric, bv_distribution
from samplerank.study import default_estimators, run_study, summary_table, relative_error_table, winner_table
from samplerank.data import (load_movielens, load_interactions, filter_min_interactions, leave_one_out, temporal_holdout,
                             reference_ranks, Split)
from samplerank.models import Popularity, ItemKNN, EASE, ALS, default_models
from samplerank.ranks import compute_ranks, rank_histograms
from samplerank.pipeline import rank_models, metrics_table, estimate_table, winners
from samplerank.mapping import (hit_ratio_curve, sampled_hit_ratio_curve, shr_moments, f_linear, f_bound, f_beta, f_optimal,
                                fit_beta_a, mapping_errors)
from samplerank.mn import estimate_mn, mn_adjusted_metric, estimate_curves, curve_study, average_relative_error, winner_counts
from samplerank.adaptive import adaptive_sample_ranks, sampling_cost, propose_n_max, plan_sample_size
from samplerank.evaluation import (SampledRanks, ESTIMATORS, get_estimator, fit_estimator, register_estimator,
                                   RankDistribution, empirical_distribution)
from samplerank.trust import (estimate_intervals, compare_models, plan_comparison, smallest_sample, decision_notes,
                              DECISION_RULE)
from samplerank.adapters import (ranks_from_frame, ranks_from_run, ranks_from_scores, draw_negatives, candidates_frame,
                                 read_negatives, write_negatives, read_trec_run, read_trec_qrels, write_trec_run,
                                 write_trec_qrels, estimate_multi, read_model_inputs)
from samplerank.translate import global_metric_bounds, sampled_metric_range
from samplerank.popularity import evaluate, pop_estimate, ht_counts, inclusion_probs
from samplerank.report import (report_results, write_report, report_markdown, latex_tables, results_json, plot_intervals,
                               plot_comparisons, style_estimates, style_comparison)
_all_ = ['__version__', 'METRICS', 'metric_weights', 'exact_metric', 'map_at_k', 'ar_at_k', 'percentile_ranks',
         'expected_percentile_rank', 'percentile_rank_ecdf', 'rank_pmf', 'expected_sampled_weights',
         'expected_sampled_metric', 'expected_sampled_ap', 'sample_ranks', 'simulate_sampled_metric',
         'sparse_rank_pmf', 'kernel_cache', 'rendle_example', 'exact_table', 'sampled_table', 'expected_vs_samples',
         'order_swaps', 'RankDistribution', 'estimate_mle', 'wmle_weights', 'empirical_distribution',
         'simulate_global_ranks', 'estimate_mes', 'estimate_bv', 'estimate_cls', 'bv_adjusted_metric',
         'cls_adjusted_metric', 'bv_distribution', 'default_estimators', 'run_study', 'summary_table',
         'relative_error_table', 'winner_table', 'load_movielens', 'load_interactions',
         'filter_min_interactions', 'leave_one_out', 'temporal_holdout', 'reference_ranks', 'Split',
         'Popularity', 'ItemKNN', 'EASE', 'ALS', 'default_models', 'compute_ranks', 'rank_histograms',
         'rank_models', 'metrics_table', 'estimate_table', 'winners', 'hit_ratio_curve',
         'sampled_hit_ratio_curve', 'shr_moments', 'f_linear', 'f_bound', 'f_beta', 'f_optimal', 'fit_beta_a',
         'mapping_errors', 'estimate_mn', 'mn_adjusted_metric', 'estimate_curves', 'curve_study',
         'average_relative_error', 'winner_counts', 'adaptive_sample_ranks', 'sampling_cost', 'propose_n_max',
         'plan_sample_size', 'SampledRanks', 'ESTIMATORS', 'get_estimator', 'fit_estimator',
         'register_estimator', 'estimate_intervals', 'compare_models', 'plan_comparison', 'smallest_sample',
         'decision_notes', 'DECISION_RULE',
         'ranks_from_frame', 'ranks_from_run', 'ranks_from_scores', 'draw_negatives', 'candidates_frame',
         'read_negatives', 'write_negatives', 'read_trec_run', 'read_trec_qrels', 'write_trec_run',
         'write_trec_qrels', 'estimate_multi', 'read_model_inputs', 'global_metric_bounds', 'sampled_metric_range', 'evaluate',
         'pop_estimate', 'ht_counts', 'inclusion_probs', 'report_results', 'write_report', 'report_markdown',
         'latex_tables', 'results_json', 'plot_intervals', 'plot_comparisons', 'style_estimates', 'style_comparison']   # the public names: `from samplerank import *`
```"""

# AUTOGENERATED! DO NOT EDIT! File to edit: ../nbs/index.ipynb.

# %% auto #0
__all__ = ['__version__', 'METRICS', 'metric_weights', 'exact_metric', 'map_at_k', 'ar_at_k', 'percentile_ranks',
           'expected_percentile_rank', 'percentile_rank_ecdf', 'rank_pmf', 'expected_sampled_weights',
           'expected_sampled_metric', 'expected_sampled_ap', 'sample_ranks', 'simulate_sampled_metric',
           'sparse_rank_pmf', 'kernel_cache', 'rendle_example', 'exact_table', 'sampled_table', 'expected_vs_samples',
           'order_swaps', 'RankDistribution', 'estimate_mle', 'wmle_weights', 'empirical_distribution',
           'simulate_global_ranks', 'estimate_mes', 'estimate_bv', 'estimate_cls', 'bv_adjusted_metric',
           'cls_adjusted_metric', 'bv_distribution', 'default_estimators', 'run_study', 'summary_table',
           'relative_error_table', 'winner_table', 'load_movielens', 'load_interactions', 'filter_min_interactions',
           'leave_one_out', 'temporal_holdout', 'reference_ranks', 'Split', 'Popularity', 'ItemKNN', 'EASE', 'ALS',
           'default_models', 'compute_ranks', 'rank_histograms', 'rank_models', 'metrics_table', 'estimate_table',
           'winners', 'hit_ratio_curve', 'sampled_hit_ratio_curve', 'shr_moments', 'f_linear', 'f_bound', 'f_beta',
           'f_optimal', 'fit_beta_a', 'mapping_errors', 'estimate_mn', 'mn_adjusted_metric', 'estimate_curves',
           'curve_study', 'average_relative_error', 'winner_counts', 'adaptive_sample_ranks', 'sampling_cost',
           'propose_n_max', 'plan_sample_size', 'SampledRanks', 'ESTIMATORS', 'get_estimator', 'fit_estimator',
           'register_estimator', 'estimate_intervals', 'compare_models', 'plan_comparison', 'smallest_sample',
           'decision_notes', 'DECISION_RULE', 'ranks_from_frame', 'ranks_from_run', 'ranks_from_scores',
           'draw_negatives', 'candidates_frame', 'read_negatives', 'write_negatives', 'read_trec_run',
           'read_trec_qrels', 'write_trec_run', 'write_trec_qrels', 'estimate_multi', 'read_model_inputs',
           'global_metric_bounds', 'sampled_metric_range', 'evaluate', 'pop_estimate', 'ht_counts', 'inclusion_probs',
           'report_results', 'write_report', 'report_markdown', 'latex_tables', 'results_json', 'plot_intervals',
           'plot_comparisons', 'style_estimates', 'style_comparison']

# %% ../nbs/index.ipynb #42110331
__version__ = "0.0.1"
from .core import METRICS
from .metrics import (metric_weights, exact_metric, map_at_k, ar_at_k, percentile_ranks,
                                expected_percentile_rank, percentile_rank_ecdf)
from .sampling import (rank_pmf, expected_sampled_weights, expected_sampled_metric, expected_sampled_ap,
                                 sample_ranks, simulate_sampled_metric, sparse_rank_pmf, kernel_cache)
from .inconsistency import rendle_example, exact_table, sampled_table, expected_vs_samples, order_swaps
from .mle import estimate_mle, wmle_weights, simulate_global_ranks
from .mes import estimate_mes
from .baselines import estimate_bv, estimate_cls, bv_adjusted_metric, cls_adjusted_metric, bv_distribution
from .study import default_estimators, run_study, summary_table, relative_error_table, winner_table
from .data import (load_movielens, load_interactions, filter_min_interactions, leave_one_out, temporal_holdout,
                             reference_ranks, Split)
from .models import Popularity, ItemKNN, EASE, ALS, default_models
from .ranks import compute_ranks, rank_histograms
from .pipeline import rank_models, metrics_table, estimate_table, winners
from .mapping import (hit_ratio_curve, sampled_hit_ratio_curve, shr_moments, f_linear, f_bound, f_beta, f_optimal,
                                fit_beta_a, mapping_errors)
from .mn import estimate_mn, mn_adjusted_metric, estimate_curves, curve_study, average_relative_error, winner_counts
from .adaptive import adaptive_sample_ranks, sampling_cost, propose_n_max, plan_sample_size
from .evaluation import (SampledRanks, ESTIMATORS, get_estimator, fit_estimator, register_estimator,
                                   RankDistribution, empirical_distribution)
from .trust import (estimate_intervals, compare_models, plan_comparison, smallest_sample, decision_notes,
                              DECISION_RULE)
from .adapters import (ranks_from_frame, ranks_from_run, ranks_from_scores, draw_negatives, candidates_frame,
                                 read_negatives, write_negatives, read_trec_run, read_trec_qrels, write_trec_run,
                                 write_trec_qrels, estimate_multi, read_model_inputs)
from .translate import global_metric_bounds, sampled_metric_range
from .popularity import evaluate, pop_estimate, ht_counts, inclusion_probs
from .report import (report_results, write_report, report_markdown, latex_tables, results_json, plot_intervals,
                               plot_comparisons, style_estimates, style_comparison)
_all_ = ['__version__', 'METRICS', 'metric_weights', 'exact_metric', 'map_at_k', 'ar_at_k', 'percentile_ranks',
         'expected_percentile_rank', 'percentile_rank_ecdf', 'rank_pmf', 'expected_sampled_weights',
         'expected_sampled_metric', 'expected_sampled_ap', 'sample_ranks', 'simulate_sampled_metric',
         'sparse_rank_pmf', 'kernel_cache', 'rendle_example', 'exact_table', 'sampled_table', 'expected_vs_samples',
         'order_swaps', 'RankDistribution', 'estimate_mle', 'wmle_weights', 'empirical_distribution',
         'simulate_global_ranks', 'estimate_mes', 'estimate_bv', 'estimate_cls', 'bv_adjusted_metric',
         'cls_adjusted_metric', 'bv_distribution', 'default_estimators', 'run_study', 'summary_table',
         'relative_error_table', 'winner_table', 'load_movielens', 'load_interactions',
         'filter_min_interactions', 'leave_one_out', 'temporal_holdout', 'reference_ranks', 'Split',
         'Popularity', 'ItemKNN', 'EASE', 'ALS', 'default_models', 'compute_ranks', 'rank_histograms',
         'rank_models', 'metrics_table', 'estimate_table', 'winners', 'hit_ratio_curve',
         'sampled_hit_ratio_curve', 'shr_moments', 'f_linear', 'f_bound', 'f_beta', 'f_optimal', 'fit_beta_a',
         'mapping_errors', 'estimate_mn', 'mn_adjusted_metric', 'estimate_curves', 'curve_study',
         'average_relative_error', 'winner_counts', 'adaptive_sample_ranks', 'sampling_cost', 'propose_n_max',
         'plan_sample_size', 'SampledRanks', 'ESTIMATORS', 'get_estimator', 'fit_estimator',
         'register_estimator', 'estimate_intervals', 'compare_models', 'plan_comparison', 'smallest_sample',
         'decision_notes', 'DECISION_RULE',
         'ranks_from_frame', 'ranks_from_run', 'ranks_from_scores', 'draw_negatives', 'candidates_frame',
         'read_negatives', 'write_negatives', 'read_trec_run', 'read_trec_qrels', 'write_trec_run',
         'write_trec_qrels', 'estimate_multi', 'read_model_inputs', 'global_metric_bounds', 'sampled_metric_range', 'evaluate',
         'pop_estimate', 'ht_counts', 'inclusion_probs', 'report_results', 'write_report', 'report_markdown',
         'latex_tables', 'results_json', 'plot_intervals', 'plot_comparisons', 'style_estimates', 'style_comparison']   # the public names: `from samplerank import *`
