"""Cost of the main job: `samplerank demo` against its own modelling step, both timed as whole processes in one run.

The modelling step is what any evaluation of the four models must do: load and split the bundled MovieLens data,
fit the four default models and compute their global and sampled ranks (`rank_models`, n = 100). The demo does that
and then everything samplerank adds: the adaptive ranks, the estimates with 95% intervals (MLE-auto and MN-MES at fixed
n, MLE-auto adaptive), the paired comparisons with their plans for two designs and two metrics, the figures and the
report. Issue 33 asks for the demo in at most 3x its modelling step.

To say what 3x would take, two more measurements run in the same session. The floor: the demo in a process where
every bootstrap refit is replaced by its point fit (the posterior draws stay, the refits cost nothing), i.e. what the
demo costs with a free bootstrap. Its narrower intervals decide more pairs, so the run checks, from both reports,
that its plans still simulate the same models (those of the undecided pairs) at the same sizes. The parts: for each
model and pool stratum of the fixed-n evaluation, one MLE-auto fit, its 200 bootstrap refits by batched EM
(`_batch_priors`, what the intervals do), and the gradient of the two metrics along the fit's plain-EM path
(`_path_gradient` with every step an EM step: what a linearised bootstrap of the plain path would cost, as the fast
path's is linearised). And the report: `samplerank report` on the four models' sampled ranks, saved as files, with
its plan and with `--no-plan` (issue 61 asks for at most 1.5x).

Run: `python bench/demo.py [--repeat 2]`; writes bench/results-demo.md and bench/results-demo.json (the median of
`--repeat` runs of each process, one Numba and one BLAS thread, as CI runs the notebooks). Timings are of a shared
2-core machine: compare the ratio, not the seconds across runs."""
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

MODELLING = r"""
from samplerank.data import load_movielens, filter_min_interactions, leave_one_out
from samplerank.models import default_models
from samplerank.pipeline import rank_models
split = leave_one_out(filter_min_interactions(load_movielens(), min_item=5))
ranks, N = rank_models(split, default_models(0), n=100, seed=0, progress=False)
print(len(ranks), N)
"""

FLOOR = r"""
import numpy as np, samplerank.bootstrap as bs, samplerank.trust as tr
from samplerank.evaluation import RankDistribution
def draws(ev, fitted, pairs, W, Hb, refits, rng, linear=False):   # the point fit in place of every refit
    if isinstance(fitted, RankDistribution):
        return fitted.pmf @ W, bs._posterior_metric_draws(ev, np.broadcast_to(fitted.pmf, (len(Hb), ev.N)), W, rng)
    e = np.array([fitted.metric(m, K) for m, K in pairs])
    return e, e + 1e-3 * rng.standard_normal((len(Hb), len(e)))   # a spread, so that every table still fills
tr._draws, tr._refits = draws, lambda *a: (lambda: None)
from samplerank.demo import run_demo
run_demo({out!r}, progress=False)
"""

PARTS = r"""
import json, time, numpy as np
from samplerank.data import load_movielens, filter_min_interactions, leave_one_out
from samplerank.models import default_models
from samplerank.pipeline import rank_models
from samplerank.evaluation import SampledRanks, get_estimator
from samplerank.bootstrap import (_support, _path_gradient, _batch_priors, _BATCH_CACHE, _one_blas_thread,
                                  _REPLICATES_PER_TASK as B)
from samplerank.mle import _is_fast_fit
from samplerank.trust import _metric_grid, _resample_counts
split = leave_one_out(filter_min_interactions(load_movielens(), min_item=5))
ranks, N = rank_models(split, default_models(0), n=100, seed=0, progress=False)
evs = {k: SampledRanks(d.sampled_rank.values, d.pool_size.values, 100) for k, d in ranks.items()}
est, rng, t = get_estimator('MLE-auto'), np.random.default_rng(0), dict(fit=0.0, refits=0.0, gradient=0.0)
def clock(key, f):
    s = time.perf_counter(); out = f(); t[key] += time.perf_counter() - s; return out
strata = next(iter(evs.values())).pool_strata(6)
for users in strata:
    for k, ev in evs.items():
        sub = ev.stratum(users, False)
        fit = clock('fit', lambda: est.fit(sub))
        assert not _is_fast_fit(fit)                      # the plain-EM path, refitted batch by batch in the demo
        Hb, W = _resample_counts({k: sub}, 200, rng)[k], _metric_grid([('recall', 10), ('ndcg', 10)], sub.N)
        _BATCH_CACHE.clear()
        with _one_blas_thread():
            clock('refits', lambda: [_batch_priors(sub, fit, Hb[i:i + B]) for i in range(0, len(Hb), B)])   # its tasks
            steps = np.ones(fit.info['iterations'])
            clock('gradient', lambda: _path_gradient(_support(sub)[0], sub.counts / sub.M, np.full(sub.N, 1 / sub.N),
                                                     steps, W))
print(json.dumps(dict(cells=len(strata) * len(evs), **t)))
"""

RANK_FILES = MODELLING + r"""
import numpy as np, pandas as pd
for k, d in ranks.items(): np.save({out!r} + f'/{{k}}.npy', d.sampled_rank.to_numpy())
pd.DataFrame(dict(N=next(iter(ranks.values())).pool_size.to_numpy())).to_csv({out!r} + '/N.csv', index=False)
print(' '.join(ranks))
"""

def planned_models(report:Path) -> dict:
    "Design -> the models whose simulated evaluations its plans run: those of the report's undecided pairs."
    out = {}
    for line in report.read_text().splitlines():
        c = [x.strip() for x in line.strip().strip('|').split('|')]
        if line.startswith(('| fixed', '| adaptive')) and c[8] == 'undecided':    # design, metric, a, b, ..., decision
            out.setdefault(c[0], set()).update(c[2:4])
    return out

def timed(cmd, env) -> float:
    "Wall time of one process, in seconds (it must succeed)."
    t = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--repeat', type=int, default=1, help='runs of each process (the median is reported)')
    p.add_argument('--out', default=str(Path(__file__).with_name('results-demo.md')))
    p.add_argument('--render', action='store_true', help='only render the runs stored in the JSON beside --out again')
    a = p.parse_args(argv)
    if a.render:
        stored = json.loads(Path(a.out).with_suffix('.json').read_text()); runs = stored['runs']
        return write(runs['modelling'], runs['demo'], a.out, runs.get('floor', []), stored.get('parts'),
                     runs.get('report'))
    env = {**os.environ, 'NUMBA_NUM_THREADS': '1', 'OPENBLAS_NUM_THREADS': '1', 'OMP_NUM_THREADS': '1',
           'MPLBACKEND': 'Agg'}
    py = sys.executable
    subprocess.run([py, '-c', 'import samplerank.demo'], env=env, check=True)   # compile caches, outside the timing
    model_t, demo_t, floor_t, report_t = [], [], [], {'plan': [], 'no plan': []}
    with tempfile.TemporaryDirectory() as d:
        names = subprocess.run([py, '-c', RANK_FILES.format(out=d)], env=env, check=True, capture_output=True,
                               text=True).stdout.splitlines()[-1].split()       # the models' names
        report = [py, '-m', 'samplerank.cli', 'report', *(f'{d}/{k}.npy' for k in names), '--N', f'{d}/N.csv',
                  '--n', '100', '--without-replacement', '--quiet']
        for i in range(a.repeat):                                # interleaved: the same load for all
            model_t.append(timed([py, '-c', MODELLING], env))
            demo_t.append(timed([py, '-m', 'samplerank.cli', 'demo', '--quiet', '--out', str(Path(d) / f'r{i}')], env))
            floor_t.append(timed([py, '-c', FLOOR.format(out=str(Path(d) / f'f{i}'))], env))
            report_t['plan'].append(timed([*report, '--out', f'{d}/p{i}'], env))
            report_t['no plan'].append(timed([*report, '--out', f'{d}/q{i}', '--no-plan'], env))
        same = planned_models(Path(d) / 'r0' / 'report.md') == planned_models(Path(d) / 'f0' / 'report.md')
    parts = json.loads(subprocess.run([py, '-c', PARTS], env=env, check=True, capture_output=True, text=True).stdout)
    write(model_t, demo_t, a.out, floor_t, dict(parts, same_plan_models=same), report_t)

def write(model_t:list, demo_t:list, out:str, floor_t:list=(), parts:dict=None, report_t:dict=None):
    "Write the medians and their ratios to `out` (Markdown) and beside it as JSON, and print the tables."
    res = dict(modelling_s=statistics.median(model_t), demo_s=statistics.median(demo_t), repeat=len(demo_t),
               runs=dict(modelling=model_t, demo=demo_t, floor=list(floor_t), report=report_t), parts=parts)
    res['ratio'] = res['demo_s'] / res['modelling_s']
    rows = [f"| modelling step (load, split, fit four models, ranks) | {res['modelling_s']:.1f} | 1.0x |",
            f"| `samplerank demo --quiet` | {res['demo_s']:.1f} | {res['ratio']:.1f}x |"]
    if floor_t:
        res['floor_s'] = statistics.median(floor_t)
        res['floor_ratio'] = res['floor_s'] / res['modelling_s']
        rows.append("| the demo with every bootstrap refit replaced by its point fit (the floor) | "
                    f"{res['floor_s']:.1f} | {res['floor_ratio']:.1f}x |")
    text = ['# `samplerank demo` against its modelling step (whole processes, one run)', '',
            '| process | seconds | ratio |', '|---|---|---|', *rows, '',
            f"Median of {res['repeat']} run(s) each; target: at most 3x."]
    if floor_t and parts and 'same_plan_models' in parts:
        text += ['', "Without the refits' spread the floor decides more pairs; its plans simulate "
                 + ("the same models at the same sizes as the demo's" if parts['same_plan_models'] else
                    "other models than the demo's: the floor is not comparable") + '.']
    if report_t:
        plan, none = statistics.median(report_t['plan']), statistics.median(report_t['no plan'])
        res.update(report_plan_s=plan, report_no_plan_s=none, report_ratio=plan / none)
        text += ['', "`samplerank report` on the four models' sampled ranks (the modelling step's, saved as files; "
                 "without replacement, per-user N), whole processes:", '', '| process | seconds | ratio |',
                 '|---|---|---|', f"| `samplerank report --no-plan` | {none:.1f} | 1.00x |",
                 f"| `samplerank report` (with the plan) | {plan:.1f} | {plan / none:.2f}x |", '',
                 'Target: at most 1.5x.']
    if parts:
        per = {k: 1000 * parts[k] / parts['cells'] for k in ('fit', 'refits', 'gradient')}
        text += ['', f"Per model and pool stratum of the fixed-n evaluation ({parts['cells']} of them), MLE-auto, "
                 "milliseconds (one run; the refits in the demo's tasks of 25 replicates):", '',
                 '| MLE-auto fit | 200 refits (batched EM) | gradient along the plain-EM path |',
                 '|---|---|---|', f"| {per['fit']:.0f} | {per['refits']:.0f} | {per['gradient']:.0f} |"]
    Path(out).with_suffix('.json').write_text(json.dumps(res, indent=1) + '\n')
    Path(out).write_text('\n'.join(text) + '\n')
    print(Path(out).read_text())

if __name__ == '__main__': main()
