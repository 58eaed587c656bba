"""Rebuild samplerank/data/ml-latest-small.npz from the original MovieLens ml-latest-small files.

Usage: python tools/bundle_data.py [SRC_DIR]   (default: ../shared/data/ml-latest-small)
"""
import sys
from pathlib import Path
from samplerank.data import bundle_movielens, MOVIELENS_FILE

ROOT = Path(__file__).resolve().parents[1]
src = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / 'shared' / 'data' / 'ml-latest-small'
print(bundle_movielens(src, ROOT / 'samplerank' / 'data' / MOVIELENS_FILE))
