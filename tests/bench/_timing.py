"""Timing helper shared by the bench modules."""
import time


def best_time(f, repeat: int = 3) -> float:
    """The fastest wall time of ``repeat`` calls of ``f()`` (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def peak_mb(f) -> float:
    """Peak memory allocated while ``f()`` runs (MB), as traced by ``tracemalloc``: numpy's
    arrays and Python objects (numba's own allocations inside compiled code are not seen; the
    library allocates its large arrays with numpy)."""
    import tracemalloc

    tracemalloc.start()
    try:
        f()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
