"""The bootstrap's batched EM over the kernel's band (issue 48): `mle._em_batch`, whose products run block by block over
the rectangles that hold the kernel's non-zero entries (`mle._band_blocks`), against the same EM with the products
over the whole N x c kernel (dense below 2^24 entries, sparse above: the code before the band), side by side in one
process on the same kernels and histograms.

Three kernels the bootstrap refits on: the interval refits at the current n (N = 3,650, n = 100, 600 users), the
plan's simulated evaluation at a larger n (N = 3,583, n = 1,519, 600 users; the demo's largest planned size) and the
coarse grid at N = 50,000, n = 10,000 (5,000 users; the trust chapter's grid example). Each: B replicates of
multinomial column counts, 100 EM passes from the uniform start, one BLAS thread (as the refits run).

Run: `python bench/em_batch.py [--repeat 3]`; writes bench/results-em-batch.md (the median of --repeat runs of each)."""
import argparse, os, statistics, time
from pathlib import Path
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
import numpy as np
import scipy.sparse as sps
import samplerank.evaluation as evaluation
from samplerank.evaluation import SampledRanks
from samplerank.sampling import sample_ranks
from samplerank.mle import simulate_global_ranks, _em_batch, _band_blocks
from samplerank.bootstrap import _support

def full_products(A, H, n_iter:int=100) -> np.ndarray:
    "The batched EM with its products over the whole kernel: dense up to 2^24 entries, else sparse (before the band)."
    H = np.asarray(H, np.float64); H = H / H.sum(1, keepdims=True)
    N, c = A.shape
    Pi = np.full((H.shape[0], N), 1.0 / N)
    if N * c > 2**24:
        K = sps.csr_matrix(A); Kt = K.T.tocsr()
        for _ in range(n_iter):
            Q = (Kt @ Pi.T).T
            Pi *= (K @ np.divide(H, Q, out=np.zeros_like(H), where=H > 0).T).T
        return Pi / Pi.sum(1, keepdims=True)
    K = A.toarray(); Kt = np.ascontiguousarray(K.T)
    Q, ratio, S, seen = np.empty_like(H), np.zeros_like(H), np.empty_like(Pi), H > 0
    for _ in range(n_iter):
        np.matmul(Pi, K, out=Q)
        np.divide(H, Q, out=ratio, where=seen)
        Pi *= np.matmul(ratio, Kt, out=S)
    return Pi / Pi.sum(1, keepdims=True)

def kernel(N:int, n:int, M:int, grid:bool=False):
    "The kernel (or the coarse grid's rows) of M simulated users' sampled ranks at (N, n)."
    r = sample_ranks(simulate_global_ranks(N, M, median=N // 100, seed=0), N, n, seed=1)
    stream = evaluation._STREAM_BYTES
    if grid: evaluation._STREAM_BYTES = 0                          # as if the kernel took more than 1 GB: the grid
    try:
        ev = SampledRanks(r, N, n)
        return _support(ev)[0], ev.counts
    finally: evaluation._STREAM_BYTES = stream

CASES = [('interval refits, current n', 3_650, 100, 600, False, 25),
         ('plan, simulated evaluation at a larger n', 3_583, 1_519, 600, False, 25),
         ('coarse grid, N = 50,000, n = 10,000', 50_000, 10_000, 5_000, True, 50)]

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--repeat', type=int, default=3)
    p.add_argument('--out', default=str(Path(__file__).with_name('results-em-batch.md')))
    a = p.parse_args(argv)
    rows = []
    for name, N, n, M, grid, B in CASES:
        A, h = kernel(N, n, M, grid)
        H = np.random.default_rng(2).multinomial(M, h / h.sum(), size=B).astype(float)
        cols, blocks, _ = _band_blocks(A)
        band = sum((c1 - c0) * (r1 - r0) for c0, c1, r0, r1 in blocks) / (A.shape[0] * A.shape[1])
        t_full, t_band = [], []
        for _ in range(a.repeat):                                   # interleaved: the same load for both
            t = time.perf_counter(); P0 = full_products(A, H); t_full.append(time.perf_counter() - t)
            t = time.perf_counter(); P1 = _em_batch(A, H); t_band.append(time.perf_counter() - t)
        f, b = statistics.median(t_full), statistics.median(t_band)
        rows.append(f"| {name} | {A.shape[0]:,} x {A.shape[1]:,} | {B} | {len(blocks)} | {band:.0%} | {f:.2f} | {b:.2f} "
                    f"| {f / b:.1f}x | {np.abs(P1 - P0).max() / P0.max():.0e} |")
        print(rows[-1], flush=True)
    Path(a.out).write_text('\n'.join([
        '# The bootstrap\'s batched EM over the kernel\'s band (`python bench/em_batch.py`)', '',
        '100 EM passes for B histograms, one BLAS thread; seconds are medians of '
        f'{a.repeat} interleaved runs in one process.', '',
        '| kernel | rows x columns | B | blocks | band / whole | whole kernel s | band s | speed-up | largest difference '
        '(relative) |', '|---|---|---|---|---|---|---|---|---|', *rows, '']))

if __name__ == '__main__': main()
