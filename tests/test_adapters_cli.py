"""`samplerank estimate --frame / --run --qrels / --scores` as a user runs it: exit status, JSON, one-line errors."""
import json, subprocess, sys
import numpy as np
import pandas as pd

def run(*args):
    return subprocess.run([sys.executable, '-c', 'import sys; from samplerank.cli import main; sys.exit(main())', *args],
                          capture_output=True, text=True)

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
    for args in (('--frame', str(tmp_path / 'c.parquet'), '--user-col', 'uid'), ('--scores', str(tmp_path / 's.npy')),
                 ('--run', str(tmp_path / 'r.trec'), '--qrels', str(tmp_path / 'q.trec'))):
        r = run('estimate', *args, '--N', '1000', '--method', 'mle', '--json')
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
        r = run('estimate', '--frame', str(tmp_path / name), '--user-col', 'uid', '--N', '100')
        assert r.returncode == 2, (name, r.stderr)
        assert msg in r.stderr and str(tmp_path / name) in r.stderr and 'Traceback' not in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    r = run('estimate', '--N', '100')
    assert r.returncode == 2 and 'Traceback' not in r.stderr
    r = run('estimate', '--run', str(tmp_path / 'missing.trec'), '--qrels', str(tmp_path / 'q'), '--N', '100')
    assert r.returncode == 2 and 'missing.trec: no such file' in r.stderr
