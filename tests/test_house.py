"The house's rules that a reader of one module cannot see: how the modules lean on each other's private names."
import ast
from pathlib import Path

LIB = Path(__file__).parents[1] / 'samplerank'

def private_imports(lib:Path=LIB) -> list:
    "Every (module, imported module, name) where a module imports another module's private name."
    found = []
    for f in sorted(lib.glob('*.py')):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                found += [(f.stem, node.module, a.name) for a in node.names if a.name.startswith('_')]
    return found

def test_private_imports_counted(tmp_path):
    "The counter finds a private import and ignores public and absolute ones."
    (tmp_path / 'a.py').write_text("from .core import check_int, _finite\nfrom numpy import _x\n")
    assert private_imports(tmp_path) == [('a', 'core', '_finite')]

def test_few_private_imports_across_modules():
    "What another module needs is public (validators, get_estimator): at most 100 private imports remain (95 now)."
    found = private_imports()
    assert 0 < len(found) <= 100, len(found)
    assert not [x for x in found if x[1] == 'core' and x[2].startswith('_check_')], 'validators are public'

def test_estimators_listed_in_declared_order():
    "The registry lists the package's estimators in `LISTED`'s order, and a user's after them, whenever registered."
    import samplerank  # noqa: F401  (registers every estimator)
    from samplerank.evaluation import ESTIMATORS, LISTED, register_estimator
    assert list(ESTIMATORS)[:len(LISTED)] == list(LISTED)
    register_estimator('Test-Listed')(lambda ev: None)
    try:
        assert list(ESTIMATORS)[-1] == 'Test-Listed'
        assert list(ESTIMATORS)[:len(LISTED)] == list(LISTED)          # the package's still first
    finally: del ESTIMATORS['Test-Listed']
