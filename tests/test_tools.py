"""The scripts beside the package: benchmarks and documentation tools compile, and the site check finds what it
should on synthetic pages."""
import importlib.util, py_compile, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]

@pytest.mark.parametrize('script', sorted((ROOT / 'bench').glob('*.py')) + sorted((ROOT / 'tools').glob('*.py')),
                         ids=lambda p: f'{p.parent.name}/{p.name}')
def test_scripts_compile(script):
    py_compile.compile(str(script), doraise=True)

def _check_site():
    spec = importlib.util.spec_from_file_location('check_site', ROOT / 'tools' / 'check_site.py')
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod

def test_check_site_finds_problems(tmp_path, monkeypatch):
    cs = _check_site()
    monkeypatch.setattr(cs, 'SITE', tmp_path)
    page = tmp_path / 'ch' / 'index.html'; page.parent.mkdir(); page.write_text('')
    (tmp_path / 'ch' / 'fig.png').write_bytes(b'png')
    assert cs.page_problems('<p class="MathJax">x</p><img src="fig.png"><img src="data:image/png;base64,AA">', page) == []
    found = cs.page_problems('<span>[Math Processing Error]</span>', page)
    assert len(found) == 1 and 'MathJax' in found[0]
    assert 'a local path' in cs.page_problems('<pre>/work/main/x.py</pre>', page)[0]
    assert 'a stored warning' in cs.page_problems('<pre>TqdmWarning: IProgress not found</pre>', page)[0]
    assert 'a stored traceback' in cs.page_problems('<pre>Traceback (most recent call last):</pre>', page)[0]
    assert cs.page_problems('<img src="missing.png">', page) == ['a missing image (missing.png)']

def test_performance_table_is_the_stored_benchmark():
    "The performance chapter shows bench/results.json as bench/run.py renders it, not a copy that can go stale."
    import json
    spec = importlib.util.spec_from_file_location('bench_run', ROOT / 'bench' / 'run.py')
    run = importlib.util.module_from_spec(spec); spec.loader.exec_module(run)
    nb = json.loads((ROOT / 'nbs' / '15_performance.ipynb').read_text())
    cell = next(c for c in nb['cells'] if c['cell_type'] == 'code' and "results.json" in ''.join(c['source']))
    shown = ''.join(next(o for o in cell['outputs'] if 'text/markdown' in o.get('data', {}))['data']['text/markdown'])
    assert shown == run.render(json.loads((ROOT / 'bench' / 'results.json').read_text()))

def test_chapters_import_only_earlier_chapters():
    "The reading order is the dependency order: no notebook (or its module) imports a chapter that comes after it."
    import json, re
    nbs = sorted(p for p in (ROOT / 'nbs').glob('*.ipynb') if p.name[0].isdigit())
    chapter = {}
    for p in nbs:
        for c in json.loads(p.read_text())['cells']:
            m = re.search(r'^#\|\s*default_exp\s+(\S+)', ''.join(c['source']), re.M) if c['cell_type'] == 'code' else None
            if m: chapter[m.group(1)] = p.name; break
    late = []
    for p in nbs:
        for c in json.loads(p.read_text())['cells']:
            if c['cell_type'] != 'code': continue
            for dep in re.findall(r'(?:from|import) samplerank\.(\w+)', ''.join(c['source'])):
                if chapter.get(dep, '') > p.name: late.append(f'{p.name} imports samplerank.{dep} ({chapter[dep]})')
    assert late == []

def test_export_cells_hold_one_idea():
    "Export cells stay small (issue 35): the median export cell is at most 12 lines and holds at most 1.3 definitions on average."
    import ast, json, re, statistics
    sizes, defs = [], []
    for p in sorted((ROOT / 'nbs').glob('*.ipynb')):
        for c in json.loads(p.read_text())['cells']:
            src = ''.join(c['source'])
            if c['cell_type'] != 'code' or not re.search(r'^#\|\s*export', src, re.M): continue
            sizes.append(sum(not l.startswith('#|') for l in src.splitlines()))
            defs.append(sum(isinstance(x, (ast.FunctionDef, ast.ClassDef)) for x in ast.parse(src).body))
    assert len(sizes) > 100
    assert statistics.median(sizes) <= 12, f'median export cell {statistics.median(sizes)} lines'
    assert sum(defs) / len(defs) <= 1.3, f'{sum(defs) / len(defs):.2f} definitions per export cell'
