"""pyproject.toml lists every importable directory of the package, so an install ships the bundled data without
setuptools' warning that a package is missing from `packages`."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def _setuptools_config() -> dict:
    return tomllib.loads((ROOT / 'pyproject.toml').read_text())['tool']['setuptools']

def test_every_package_directory_is_listed():
    dirs = {'.'.join(p.relative_to(ROOT).parts) for p in (ROOT / 'samplerank').rglob('*')
            if p.is_dir() and p.name.isidentifier() and p.name != '__pycache__'}
    assert set(_setuptools_config()['packages']) == dirs | {'samplerank'}

def test_bundled_data_is_package_data():
    cfg = _setuptools_config()
    shipped = {f for pkg, globs in cfg['package-data'].items() for g in globs
               for f in (ROOT / pkg.replace('.', '/')).glob(g)}
    data = set((ROOT / 'samplerank' / 'data').iterdir())
    assert data and data <= shipped, sorted(map(str, data - shipped))
