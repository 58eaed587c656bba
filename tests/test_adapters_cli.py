"""`samplerank estimate --frame / --run --qrels / --scores` as a user runs it: exit status, JSON, one-line errors (real
processes where the process matters; the other answers, and the refusals of bad input, run `main` in this process,
`run_here`)."""
import json, subprocess, sys
import numpy as np
import pandas as pd

def run(*args):
    return subprocess.run([sys.executable, '-c', 'import sys; from samplerank.cli import main; sys.exit(main())', *args],
                          capture_output=True, text=True)

def run_here(*args):
    """The command in this process, `main(argv)`, for answers that need no interpreter of their own (bad input refused before
    any work): exit status, stdout and stderr as `run` gives them (argparse's SystemExit, a traceback and status 1 for an
    uncaught exception, Python's default warning filters). Each file keeps real processes (`run`) for the rest."""
    import contextlib, io, traceback, warnings
    from samplerank.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.resetwarnings()
        for c in (ResourceWarning, ImportWarning, PendingDeprecationWarning, DeprecationWarning): warnings.simplefilter('ignore', c)
        try: code = main([str(a) for a in args])
        except SystemExit as e: code = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
        except BaseException: traceback.print_exc(); code = 1
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())

def _frame(M=300, n=50, seed=0):
    rng = np.random.default_rng(seed)
    S = rng.normal(size=(M, n)); S[:, 0] += 1.5
    return S, pd.DataFrame({'uid': np.repeat(np.arange(M), n), 'item': np.tile(np.arange(n), M),
                            'score': S.ravel(), 'label': np.tile(np.r_[1, np.zeros(n - 1, int)], M)})

def test_three_inputs_agree(tmp_path):
    S, df = _frame()
    df.to_parquet(tmp_path / 'c.parquet'); np.save(tmp_path / 's.npy', S)
    with open(tmp_path / 'r.trec', 'w') as f:
        for u, i, s in zip(df.uid, df.item, df.score): f.write(f'{u} Q0 {i} 0 {s!r} x\n')
    (tmp_path / 'q.trec').write_text(''.join(f'{u} 0 0 1\n' for u in range(300)))
    outs = []
    for i, args in enumerate((('--frame', str(tmp_path / 'c.parquet'), '--user-col', 'uid'), ('--scores', str(tmp_path / 's.npy')),
                              ('--run', str(tmp_path / 'r.trec'), '--qrels', str(tmp_path / 'q.trec')))):
        r = (run if i == 0 else run_here)('estimate', *args, '--N', '1000', '--method', 'mle', '--json')   # one real process
        assert r.returncode == 0, r.stderr
        assert 'used ' in r.stderr and '300' in r.stderr
        outs.append(json.loads(r.stdout))
    assert outs[0] == outs[1] == outs[2]

def test_bad_inputs_one_line_exit_2(tmp_path):
    _, df = _frame(M=5, n=4)
    cases = {'nan.csv': (df.assign(score=df.score.where(df.index != 6)), 'line 8'),
             'norel.csv': (df.assign(label=np.where(df.uid == 3, 0, df.label)), 'user 3: no relevant item'),
             'dup.csv': (pd.concat([df, df.iloc[[5]]]), 'duplicate candidate item 1')}
    for name, (d, msg) in cases.items():
        d.to_csv(tmp_path / name, index=False)
        r = run_here('estimate', '--frame', str(tmp_path / name), '--user-col', 'uid', '--N', '100')
        assert r.returncode == 2, (name, r.stderr)
        assert msg in r.stderr and str(tmp_path / name) in r.stderr and 'Traceback' not in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    r = run_here('estimate', '--N', '100')
    assert r.returncode == 2 and 'Traceback' not in r.stderr
    r = run('estimate', '--run', str(tmp_path / 'missing.trec'), '--qrels', str(tmp_path / 'q'), '--N', '100')
    assert r.returncode == 2 and 'missing.trec: no such file' in r.stderr

def _runs(tmp_path, M=300, n=50, seed=1):
    "TREC runs of three models on the same candidates (one that ties every candidate), qrels, and per-user sizes."
    rng = np.random.default_rng(seed)
    users = [f'q{i}' for i in range(M)]                      # text order (q0, q1, q10, ...) is not the order written
    cand = pd.DataFrame({'user': np.repeat(users, n), 'item': np.tile(np.arange(n), M), 'label': np.tile(np.r_[1, np.zeros(n - 1, int)], M)})
    S = rng.normal(size=(M, n)); S[:, 0] += 1.0
    scores = {'good': S.ravel(), 'weak': (S + rng.normal(scale=2.0, size=S.shape)).ravel(), 'flat': np.zeros(M * n)}
    for k, s in scores.items():
        with open(tmp_path / f'{k}.run', 'w') as f:
            for u, i, v in zip(cand.user, cand.item, s.tolist()): f.write(f'{u} Q0 {i} 0 {v!r} {k}\n')
    (tmp_path / 'q.qrels').write_text(''.join(f'{u} 0 0 1\n' for u in users))
    sizes = pd.Series(np.where(np.arange(M) % 2 == 0, 3000, 800), index=users)
    return [a for k in scores for a in ('--run', str(tmp_path / f'{k}.run'))], sizes

def test_report_sizes_by_user_id_ties_and_numbers(tmp_path):
    "A user,N file in another order gives the numbers of the plain file in the runs' order; ties on record; exact JSON."
    runs, sizes = _runs(tmp_path)
    (tmp_path / 'N_plain.csv').write_text('N\n' + ''.join(f'{sizes[u]}\n' for u in sorted(sizes.index)))   # the runs' (text) order
    shuffled = sizes.sample(frac=1, random_state=3)
    (tmp_path / 'N_ids.csv').write_text('user,N\n' + ''.join(f'{u},{v}\n' for u, v in shuffled.items()))
    out = {}
    for name in ('N_plain.csv', 'N_ids.csv'):
        r = (run if name == 'N_ids.csv' else run_here)('report', *runs, '--qrels', str(tmp_path / 'q.qrels'), '--N', str(tmp_path / name), '--out', str(tmp_path / name[:-4]),
                '--n-boot', '20', '--no-plan', '--quiet')
        assert r.returncode == 0, r.stderr
        assert 'samplerank: warning: flat: 300 of 300 held-out items (100.0%) tie' in r.stderr, r.stderr
        out[name] = json.loads((tmp_path / name[:-4] / 'results.json').read_text())
        md = (tmp_path / name[:-4] / 'report.md').read_text()
        decimals = [len(m) for line in md.splitlines() if line.startswith('|') for m in __import__('re').findall(r'\d\.(\d+)', line)]
        assert decimals and max(decimals) <= 6
        assert '- ties: pessimistic' in md and '## Warnings' in md
    assert out['N_ids.csv']['estimates'] == out['N_plain.csv']['estimates']
    assert 'matched by user id' in out['N_ids.csv']['protocol']['note'] and 'by position' in out['N_plain.csv']['protocol']['note']
    assert out['N_ids.csv']['ties']['rule'] == 'pessimistic'
    naive = {(x['model'], x['metric']): x['sampled'] for x in out['N_ids.csv']['sampled']}
    ranks = pd.read_csv(tmp_path / 'good.run', sep=' ', header=None, names=['u', 'q', 'i', 'r', 's', 't'])
    hits = sum((g.s.iloc[1:] >= g.s.iloc[0]).sum() + 1 <= 10 for _, g in ranks.groupby('u'))
    assert naive[('good', 'recall')] == hits / 300                                   # k/M, to the last bit

def test_sizes_file_refused_by_user(tmp_path):
    "A user missing from the file, an extra user or a repeated one: exit 2, one line naming the file, the line and the user."
    runs, sizes = _runs(tmp_path, M=60, n=10)
    rows = [f'{u},{v}' for u, v in sizes.items()]
    for name, lines, msg in (('miss.csv', rows[1:], "no line for user 'q0'"), ('extra.csv', rows + ['zz,100'], "line 62: user 'zz'"),
                             ('dup.csv', rows + [rows[5]], "line 62: user 'q5' appears again (first on line 7)")):
        (tmp_path / name).write_text('user,N\n' + '\n'.join(lines) + '\n')
        r = run_here('report', *runs, '--qrels', str(tmp_path / 'q.qrels'), '--N', str(tmp_path / name), '--out', str(tmp_path / 'rep'))
        assert r.returncode == 2, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and str(tmp_path / name) in r.stderr and msg in r.stderr, r.stderr
        assert not (tmp_path / 'rep').exists()
