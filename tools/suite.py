"""Helpers of tools/test.sh: what the quick tier runs, and the profile of the suite.

    python tools/suite.py quick-plan          notebooks and test files that the working tree's change touches
    python tools/suite.py profile STEPS NB.log J.xml   (tools/test.sh --profile calls it) the profile table in
        markdown from the step times, `nbdev-test --timing` and pytest's JUnit XML; tools/timings.json updated

The quick tier maps each changed file (against HEAD, plus untracked files) to checks:
  nbs/NN_name.ipynb    -> that notebook, and the tests of the module it exports
  nbs/other.ipynb      -> that notebook (get_started, contributing: they export nothing)
  samplerank/mod.py    -> the notebook that exports mod, and the tests of mod
  tests/test_x.py      -> that test file
  tools/*, bench/*     -> tests/test_tools.py
The tests of a module are the test files that import it (`samplerank.mod`) or use one of its public names as
`sr.name`. The mapped checks are taken cheapest first, by their cost in tools/timings.json, while their total
stays within the budget; what does not fit is named (the full suite runs it). When nothing is taken, the fixed
fast subset runs instead.
"""
import json, re, subprocess, sys, xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMINGS = ROOT / 'tools' / 'timings.json'
BUDGET = 80       # seconds of notebooks and test files, summed (measured on a busy machine; two workers run them)
# the fixed fast subset: the first chapters and the cheap test files
FAST = {'notebooks': ['00_core.ipynb', '01_metrics.ipynb'],
        'tests': ['tests/test_tools.py', 'tests/test_sampling_props.py']}
DEFAULT_COST = 30  # seconds, for a notebook or test file that has no measured cost yet

def exported_modules(nbs:Path) -> dict:
    "{module name: notebook file name} from each numbered notebook's `#| default_exp`."
    out = {}
    for p in sorted(nbs.glob('*.ipynb')):
        m = re.search(r'#\|\s*default_exp\s+(\w+)', p.read_text())
        if m and p.name[0].isdigit(): out[m.group(1)] = p.name
    return out

def public_names(module_py:Path) -> list:
    "The names in a generated module's `__all__`."
    if not module_py.exists(): return []
    m = re.search(r'^__all__\s*=\s*\[(.*?)\]', module_py.read_text(), re.M | re.S)
    return re.findall(r"'(\w+)'", m.group(1)) if m else []

def tests_of(module:str, tests:dict, names:list) -> list:
    "Test files (of {path: source}) that import samplerank.`module` or use one of its public `names` (sr.name)."
    uses = rf'|\bsr\.(?:{"|".join(map(re.escape, names))})\b' if names else ''
    rx = re.compile(rf'samplerank\.{module}\b' + uses)
    return sorted(p for p, src in tests.items() if rx.search(src))

def mapped(changed:list, modules:dict, tests:dict, names:dict) -> dict:
    "{'notebooks': [...], 'tests': [...]} touched by the `changed` paths (relative to the repository root)."
    nb_of = modules; mod_of = {nb: m for m, nb in modules.items()}
    nbs, tst = set(), set()
    for f in changed:
        p = Path(f)
        if p.parts[0] == 'nbs' and p.suffix == '.ipynb' and p.name in mod_of:
            nbs.add(p.name); tst.update(tests_of(mod_of[p.name], tests, names.get(mod_of[p.name], [])))
        elif p.parts[0] == 'nbs' and p.suffix == '.ipynb' and not p.name.startswith('_'):
            nbs.add(p.name)               # a notebook that exports nothing (15_performance, get_started, contributing)
        elif p.parts[0] == 'samplerank' and p.suffix == '.py' and p.stem in nb_of:
            nbs.add(nb_of[p.stem]); tst.update(tests_of(p.stem, tests, names.get(p.stem, [])))
        elif p.parts[0] == 'tests' and p.name.startswith('test_') and p.suffix == '.py':
            tst.add(p.as_posix())
        elif p.parts[0] in ('tools', 'bench'):
            tst.add('tests/test_tools.py')
    return {'notebooks': sorted(nbs), 'tests': sorted(tst)}

def within_budget(plan:dict, costs:dict, budget:float=BUDGET) -> tuple:
    "The plan cut to the cheapest checks whose summed cost fits `budget`: (taken, left out), both like `plan`."
    items = sorted((costs.get(kind, {}).get(x, DEFAULT_COST), kind, x)
                   for kind in ('notebooks', 'tests') for x in plan[kind])
    taken, left, total = {'notebooks': [], 'tests': []}, {'notebooks': [], 'tests': []}, 0.0
    for c, kind, x in items:
        if total + c <= budget: taken[kind].append(x); total += c
        else: left[kind].append(x)
    return taken, left

def changed_files(root:Path=ROOT) -> list:
    "Paths changed in the working tree against HEAD (staged or not), and untracked files (read-only git commands)."
    def git(*args): return subprocess.run(['git', *args], cwd=root, capture_output=True, text=True, check=True).stdout
    out = git('diff', '--name-only', 'HEAD') + git('ls-files', '--others', '--exclude-standard')
    return sorted({f for f in out.splitlines() if f})

def quick_plan(root:Path=ROOT, changed=None, costs=None, budget:float=BUDGET) -> tuple:
    "(taken, left out, changed files) of this working tree; taken is the fast subset when nothing of it fits."
    changed = changed_files(root) if changed is None else changed
    modules = exported_modules(root / 'nbs')
    tests = {p.relative_to(root).as_posix(): p.read_text() for p in (root / 'tests').glob('test_*.py')}
    names = {m: public_names(root / 'samplerank' / f'{m}.py') for m in modules}
    costs = (json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}) if costs is None else costs
    taken, left = within_budget(mapped(changed, modules, tests, names), costs, budget)
    if not taken['notebooks'] and not taken['tests']: taken = {k: list(v) for k, v in FAST.items()}
    return taken, left, changed

def notebook_times(log:str) -> dict:
    "{notebook: seconds} from the output of `nbdev-test --timing` (its last lines: '00_core.ipynb: 12 secs')."
    return {m.group(1): float(m.group(2)) for m in re.finditer(r'^(\S+\.ipynb): (\d+) secs$', log, re.M)}

def test_file_times(junit_xml:str) -> tuple:
    "({test file: seconds}, [(seconds, test id)] slowest first) from pytest's JUnit XML report."
    files, cases = {}, []
    for tc in ET.parse(junit_xml).getroot().iter('testcase'):
        f = 'tests/' + tc.get('classname', '').split('.')[-1] + '.py'        # classname: tests.test_cli
        t = float(tc.get('time', 0)); files[f] = files.get(f, 0) + t
        cases.append((t, f"{f}::{tc.get('name')}"))
    return files, sorted(cases, reverse=True)

def profile(steps:str, nb_log:str, junit_xml:str, top:int=8) -> str:
    "The profile table (markdown) of one full run; writes the costs per notebook and test file to TIMINGS."
    step_s = [l.split('|', 1) for l in Path(steps).read_text().splitlines() if '|' in l]
    nbs, (files, cases) = notebook_times(Path(nb_log).read_text()), test_file_times(junit_xml)
    TIMINGS.write_text(json.dumps({'notebooks': nbs, 'tests': {k: round(v, 1) for k, v in files.items()}},
                                  indent=1, sort_keys=True) + '\n')
    row = lambda name, sec: f'| {name} | {sec:.0f} |'
    out = ['| step | s |', '|---|---|'] + [row(n, float(t)) for t, n in step_s]
    out += ['', f'| notebook (nbdev-test, 2 workers) | s |', '|---|---|']
    out += [row(k, v) for k, v in sorted(nbs.items(), key=lambda kv: -kv[1]) if v >= 5]
    small = [v for v in nbs.values() if v < 5]
    out += [row(f'{len(small)} others, each under 5 s', sum(small))]
    out += ['', '| test file (pytest, 2 processes) | s |', '|---|---|']
    out += [row(k, v) for k, v in sorted(files.items(), key=lambda kv: -kv[1])]
    out += ['', '| slowest tests | s |', '|---|---|'] + [row(f'`{name}`', t) for t, name in cases[:top]]
    return '\n'.join(out)

def main(argv):
    if argv[:1] == ['quick-plan']:
        taken, left, changed = quick_plan()
        shown = ' '.join(changed[:12]) + (' ...' if len(changed) > 12 else '')
        print(f'changed: {len(changed)} file(s) {shown}', file=sys.stderr)
        if left['notebooks'] or left['tests']:
            print('not in the quick tier (over its budget; the full suite runs them):',
                  *left['notebooks'], *left['tests'], file=sys.stderr)
        # two lines for the shell: the notebooks (nbs/...) and the test files to run
        print(' '.join(f'nbs/{x}' for x in taken['notebooks'])); print(' '.join(taken['tests']))
    elif argv[:1] == ['profile'] and len(argv) == 4:
        print('\n== profile (for nbs/contributing.ipynb; tools/timings.json updated) ==\n' + profile(*argv[1:]))
    else: sys.exit(__doc__)

if __name__ == '__main__': main(sys.argv[1:])
