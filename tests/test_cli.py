"""The `samplerank` command as a user runs it: a real subprocess, its exit status and its files."""
import subprocess, sys
from pathlib import Path

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
    for args in (('example', '--n', '1'), ('example', '--n', 'x'), ('nosuchcommand',)):
        r = run(*args, '--out', str(tmp_path))
        assert r.returncode == 2, (args, r.returncode)
        assert 'Traceback' not in r.stderr
