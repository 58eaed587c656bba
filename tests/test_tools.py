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

def _suite():
    spec = importlib.util.spec_from_file_location('suite', ROOT / 'tools' / 'suite.py')
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod

def test_quick_tier_maps_a_change_to_its_checks():
    "tools/suite.py: a changed chapter, module, test or tool maps to its notebook and tests, cut to the budget."
    s = _suite()
    modules = {'core': '00_core.ipynb', 'metrics': '01_metrics.ipynb'}
    tests = {'tests/test_a.py': 'import samplerank as sr\nsr.exact_metric([1], "ndcg")',
             'tests/test_b.py': 'from samplerank.core import _check_int', 'tests/test_c.py': 'sr.exact_metrics_table()'}
    names = {'core': ['INT_MAX'], 'metrics': ['exact_metric']}
    plan = lambda *changed: s.mapped(list(changed), modules, tests, names)
    assert plan('nbs/01_metrics.ipynb') == {'notebooks': ['01_metrics.ipynb'], 'tests': ['tests/test_a.py']}
    assert plan('samplerank/core.py') == {'notebooks': ['00_core.ipynb'], 'tests': ['tests/test_b.py']}
    assert plan('tests/test_c.py', 'tools/build_docs.py') == {'notebooks': [], 'tests': ['tests/test_c.py', 'tests/test_tools.py']}
    assert plan('nbs/15_performance.ipynb') == {'notebooks': ['15_performance.ipynb'], 'tests': []}
    assert plan('README.md', 'pyproject.toml', 'samplerank/_modidx.py') == {'notebooks': [], 'tests': []}
    costs = {'notebooks': {'00_core.ipynb': 5, '01_metrics.ipynb': 100}, 'tests': {'tests/test_b.py': 30, 'tests/test_a.py': 10}}
    taken, left = s.within_budget(plan('samplerank/core.py', 'samplerank/metrics.py'), costs, budget=50)
    assert taken == {'notebooks': ['00_core.ipynb'], 'tests': ['tests/test_a.py', 'tests/test_b.py']}   # cheapest first
    assert left == {'notebooks': ['01_metrics.ipynb'], 'tests': []}
    # on this repository: a chapter's own module and tests; nothing that maps gives the fixed fast subset
    taken, left, _ = s.quick_plan(changed=['nbs/02_sampling.ipynb'], costs={}, budget=10**6)
    assert taken['notebooks'] == ['02_sampling.ipynb'] and 'tests/test_sampling_props.py' in taken['tests']
    taken, left, _ = s.quick_plan(changed=[], costs={})
    assert taken == s.FAST and all((ROOT / 'nbs' / nb).exists() for nb in s.FAST['notebooks'])

def test_profile_parsers(tmp_path):
    "tools/suite.py reads nbdev-test --timing's lines and pytest's JUnit XML into seconds per notebook and test file."
    s = _suite()
    assert s.notebook_times('Success.\n16_trust.ipynb: 285 secs\n00_core.ipynb: 1 secs\n') == {
        '16_trust.ipynb': 285.0, '00_core.ipynb': 1.0}
    xml = tmp_path / 'j.xml'
    xml.write_text('<testsuites><testsuite><testcase classname="tests.test_cli" name="test_demo" time="60.5"/>'
                   '<testcase classname="tests.test_cli" name="test_x" time="1.5"/>'
                   '<testcase classname="tests.test_fuzz" name="test_y[a]" time="3"/></testsuite></testsuites>')
    files, cases = s.test_file_times(str(xml))
    assert files == {'tests/test_cli.py': 62.0, 'tests/test_fuzz.py': 3.0}
    assert cases[0] == (60.5, 'tests/test_cli.py::test_demo')
