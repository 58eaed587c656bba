"""The `samplerank` command as a user runs it: its exit status, its output and its files.

Real processes (`run`) where the process matters: a report written, a bad argument refused, `python -m`, Ctrl-C. The
other answers run `main(argv)` in this process (`run_here`, ended as a real process would end), since each real process
pays Python's and Numba's imports. The command-line chapter checks what `samplerank demo` hands to `run_demo` and prints,
the demo chapter the pipeline and its report; the Ctrl-C test below starts the real command."""
import subprocess, sys
from pathlib import Path
from test_adapters_cli import run_here

def run(*args):
    return subprocess.run([sys.executable, '-c', 'import sys; from samplerank.cli import main; sys.exit(main())', *args],
                          capture_output=True, text=True)

def test_example_writes_report(tmp_path):
    r = run('example', '--out', str(tmp_path / 'rep'), '--repeats', '100')
    assert r.returncode == 0, r.stderr
    assert '| C | 0.843 | 0.101 | 0.208 | 0.200 |' in r.stdout
    assert {p.name for p in (tmp_path / 'rep').iterdir()} == {'report.md', 'fig2.png', 'fig3.png'}
    assert (tmp_path / 'rep' / 'fig2.png').read_bytes()[:4] == b'\x89PNG'

def test_bad_arguments_exit_2_without_traceback(tmp_path):
    for i, args in enumerate((('example', '--n', '1'), ('example', '--n', 'x'), ('nosuchcommand',))):
        r = (run if i == 0 else run_here)(*args, '--out', str(tmp_path))   # one real process, the rest in this one
        assert r.returncode == 2, (args, r.returncode)
        assert 'Traceback' not in r.stderr

def test_estimate_good_and_bad_files(tmp_path):
    good = tmp_path / 'ranks.csv'
    good.write_text('rank\n' + '\n'.join(str(1 + i % 37) for i in range(500)) + '\n')
    r = run_here('estimate', str(good), '--N', '3000', '--n', '100', '--json')
    assert r.returncode == 0, r.stderr
    from samplerank.trust import RECOMMENDED
    assert f'"{RECOMMENDED}"' in r.stdout and '"lo"' in r.stdout
    cases = {'a.csv': ('rank\n1\n2\nx\n', 'line 4'), 'b.csv': ('rank\n1\n0\n', 'line 3: rank 0 is outside 1..100'),
             'c.csv': ('score\n1\n', "no column 'rank'"), 'd.npy': (b'not numpy', 'not a readable .npy')}
    for name, (content, msg) in cases.items():
        p = tmp_path / name
        p.write_bytes(content if isinstance(content, bytes) else content.encode())
        r = run_here('estimate', str(p), '--N', '3000', '--n', '100')
        assert r.returncode == 2, (name, r.stdout, r.stderr)
        assert msg in r.stderr and str(p) in r.stderr and 'Traceback' not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1

def test_translate_command():
    r = run_here('translate', '--N', '3706', '--n', '100', '--reported', 'hr@10=0.68', 'ndcg@10=0.41', '--metric', 'ndcg@10', 'recall@50', '--monotone', '--json')
    assert r.returncode == 0, r.stderr
    import json
    b = json.loads(r.stdout)['bounds']
    assert 0 <= b['ndcg@10']['lo'] <= b['ndcg@10']['monotone_lo'] <= b['ndcg@10']['monotone_hi'] <= b['ndcg@10']['hi'] <= 1
    for bad in (['hr@10=1.3'], ['hits@10=0.5'], ['hr@10=0.3', 'hr@5=0.5'], ['hr@10:0.5']):
        r = run_here('translate', '--N', '3706', '--n', '100', '--reported', *bad)
        assert r.returncode == 2 and 'Traceback' not in r.stderr and len(r.stderr.strip().splitlines()) == 1, (bad, r.stderr)
    r = run_here('translate', '--N', '50', '--n', '100', '--without-replacement', '--reported', 'hr@10=0.5')
    assert r.returncode == 2 and 'n must satisfy' in r.stderr

def test_ctrl_c_stops_demo_with_one_line_and_no_report(tmp_path):
    "SIGINT during the work: exit 130, one line on stderr, no traceback, no report and no temporary directory left."
    import signal, time
    # a foreground process: SIGINT handled as Python does by default, even when this test runs in a background job,
    # whose children inherit an ignored SIGINT (a shell's `cmd &`; Python then installs no handler)
    p = subprocess.Popen([sys.executable, '-c', 'import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); '
                          'from samplerank.cli import main; sys.exit(main())',
                          'demo', '--out', str(tmp_path), '--n-boot', '20'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while not any(tmp_path.glob('.samplerank-*')) and p.poll() is None and time.time() < deadline: time.sleep(0.2)
    time.sleep(2)                                       # inside the work, past the imports
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130, err
    assert err.strip().splitlines()[-1] == 'samplerank: interrupted' and 'Traceback' not in err
    assert list(tmp_path.iterdir()) == []

def test_python_dash_m():
    "`python -m samplerank.cli` is the command too: help, and exit status 2 with one line for a missing file."
    r = subprocess.run([sys.executable, '-m', 'samplerank.cli', '--help'], capture_output=True, text=True)
    assert r.returncode == 0 and 'estimate' in r.stdout, (r.returncode, r.stdout[:200])
    r = subprocess.run([sys.executable, '-m', 'samplerank.cli', 'estimate', 'no-such-file.csv', '--N', '100', '--n', '10'], capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and 'no-such-file.csv' in r.stderr, (r.returncode, r.stderr)

def test_estimate_takes_methods_and_the_old_method_spelling():
    # `--methods` names several estimators (as `report` does); `--method` stays an alias; the default is RECOMMENDED
    from samplerank.cli import _parser
    from samplerank.trust import RECOMMENDED
    base = ['estimate', 'ranks.csv', '--N', '3000', '--n', '100']
    assert _parser().parse_args(base + ['--methods', 'mle', 'mes']).methods == ['mle', 'mes']
    assert _parser().parse_args(base + ['--method', 'mle']).methods == ['mle']
    assert _parser().parse_args(base).methods == [RECOMMENDED]

def test_report_assumptions_adds_the_column(tmp_path):
    "`report --assumptions`: each decided pair labelled by the assumption on P(R) it needs, in report.md and tables.tex."
    files = []
    for name, spread in (('a', 3), ('b', 60)):
        files.append(tmp_path / f'{name}.csv')
        files[-1].write_text('rank\n' + '\n'.join(str(1 + (7 * i) % spread) for i in range(400)) + '\n')
    out = tmp_path / 'rep'
    r = run_here('report', *map(str, files), '--N', '1000', '--n', '100', '--metrics', 'ndcg', '--n-boot', '20', '--no-plan',
            '--quiet', '--assumptions', '--out', str(out))
    assert r.returncode == 0, r.stderr
    md = (out / 'report.md').read_text()
    assert '| mde | assumption |' in md and '| ndcg@10 | a | b | ' in md
    row = next(l for l in md.splitlines() if l.startswith('| ndcg@10 | a | b | '))
    assert row.split('|')[-2].strip() in ('none', 'non-increasing', 'smooth')
    assert '; the call ' in md and '& assumption' in (out / 'tables.tex').read_text()
    from samplerank.cli import _parser
    base = ['report', 'a.csv', 'b.csv', '--N', '1000', '--n', '100']
    assert _parser().parse_args(base).assumptions is False and _parser().parse_args(base + ['--assumptions']).assumptions
