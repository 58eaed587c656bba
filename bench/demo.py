"""Cost of the main job: `samplerank demo` against its own modelling step, both timed as whole processes in one run.

The modelling step is what any evaluation of the four models must do: load and split the bundled MovieLens data,
fit the four default models and compute their global and sampled ranks (`rank_models`, n = 100). The demo does that
and then everything samplerank adds: the adaptive ranks, the estimates with 95% intervals (MLE-auto and MN-MES at fixed
n, MLE-auto adaptive), the paired comparisons with their plans for two designs and two metrics, the figures and the
report. Issue 33 asks for the demo in at most 3x its modelling step.

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
        runs = json.loads(Path(a.out).with_suffix('.json').read_text())['runs']
        return write(runs['modelling'], runs['demo'], a.out)
    env = {**os.environ, 'NUMBA_NUM_THREADS': '1', 'OPENBLAS_NUM_THREADS': '1', 'OMP_NUM_THREADS': '1',
           'MPLBACKEND': 'Agg'}
    py = sys.executable
    subprocess.run([py, '-c', 'import samplerank.demo'], env=env, check=True)   # compile caches, outside the timing
    model_t, demo_t = [], []
    with tempfile.TemporaryDirectory() as d:
        for i in range(a.repeat):                                # interleaved: the same load for both
            model_t.append(timed([py, '-c', MODELLING], env))
            demo_t.append(timed([py, '-m', 'samplerank.cli', 'demo', '--quiet', '--out', str(Path(d) / f'r{i}')], env))
    write(model_t, demo_t, a.out)

def write(model_t:list, demo_t:list, out:str):
    "Write the medians and their ratio to `out` (Markdown) and beside it as JSON, and print the table."
    res = dict(modelling_s=statistics.median(model_t), demo_s=statistics.median(demo_t), repeat=len(demo_t),
               runs=dict(modelling=model_t, demo=demo_t))
    res['ratio'] = res['demo_s'] / res['modelling_s']
    Path(out).with_suffix('.json').write_text(json.dumps(res, indent=1) + '\n')
    Path(out).write_text('\n'.join([
        '# `samplerank demo` against its modelling step (whole processes, one run)', '',
        '| process | seconds | ratio |', '|---|---|---|',
        f"| modelling step (load, split, fit four models, ranks) | {res['modelling_s']:.1f} | 1.0x |",
        f"| `samplerank demo --quiet` | {res['demo_s']:.1f} | {res['ratio']:.1f}x |", '',
        f"Median of {res['repeat']} run(s) each; target (issue 33): at most 3x.", '']))
    print(Path(out).read_text())

if __name__ == '__main__': main()
