"""The one way the library compiles with numba, and the switch that turns compiled paths off.

:func:`jit` is ``numba.njit`` with an on-disk cache (compiled once per machine; without a
writable cache place, compiled per process). :func:`numba_enabled` is False when
``FEATRANK_NO_NUMBA`` is set: the curve engines then take their numpy/BLAS paths, which give
the same curves (the tests compare both).
"""
from __future__ import annotations

import os

from numba import njit


def jit(func=None, **options):
    """``numba.njit(cache=True, **options)``, as a decorator with or without options.

    Parameters
    ----------
    func : callable, optional
        The function to compile (omitted: returns a decorator taking it).
    **options
        Further ``numba.njit`` options (``nogil=True``, ``inline="always"``).

    Returns
    -------
    numba dispatcher, or a decorator making one

    Examples
    --------
    >>> @jit(nogil=True)
    ... def twice(x):
    ...     return 2 * x
    >>> twice(21)
    42
    """
    if func is None:
        return lambda f: jit(f, **options)
    try:
        return njit(cache=True, **options)(func)
    except RuntimeError:  # pragma: no cover - no cache locator (read-only install)
        return njit(**options)(func)


def numba_enabled() -> bool:
    """False when ``FEATRANK_NO_NUMBA`` is set (read at each call, so a test can set it).

    Examples
    --------
    >>> isinstance(numba_enabled(), bool)
    True
    """
    return not os.environ.get("FEATRANK_NO_NUMBA")
