"""A real Dask cluster, started the way docs/running.md tells users to: a ``dask scheduler``
and two ``dask worker`` processes on localhost; grids run through it with
``FEATRANK_BACKEND=dask FEATRANK_DASK_SCHEDULER=tcp://127.0.0.1:<port>``."""
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from featrank import config  # noqa: E402
from featrank.parallel import run_tasks, task_seed  # noqa: E402

DASK = Path(sys.executable).parent / "dask"
HERE = Path(__file__).resolve().parent


def draw(seed, n):
    return np.random.default_rng(task_seed(seed, n)).normal(size=n)


def slow_square(x):
    time.sleep(0.4)
    return x * x


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(args, log):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen([str(DASK), *args], stdout=log, stderr=subprocess.STDOUT, env=env,
                            cwd=HERE)


@pytest.fixture
def cluster(tmp_path):
    """``dask scheduler`` + 2 ``dask worker`` processes (one thread each) on 127.0.0.1."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path / "cluster.log", "w")
    procs = [_start(["scheduler", "--host", "127.0.0.1", "--port", str(port),
                     "--dashboard-address", "127.0.0.1:0", "--no-show"], log)]
    workers = [_start(["worker", address, "--nworkers", "1", "--nthreads", "1",
                       "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0",
                       "--name", f"w{i}"], log) for i in range(2)]
    procs += workers
    try:
        _wait_for_workers(address, 2, tmp_path / "cluster.log")
        yield address, workers
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()


def _wait_for_workers(address, n, log_path, timeout=60):
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            with distributed.Client(address, timeout=5) as c:
                if len(c.scheduler_info()["workers"]) >= n:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"the Dask cluster did not start:\n{Path(log_path).read_text()}")


@pytest.fixture
def use_cluster(cluster, monkeypatch, tmp_path):
    address, workers = cluster
    monkeypatch.setenv("FEATRANK_BACKEND", "dask")
    monkeypatch.setenv("FEATRANK_DASK_SCHEDULER", address)
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path / "cache"))
    config.get_profile("quick")
    return workers


def test_a_cluster_gives_the_numbers_of_one_process(use_cluster):
    tasks = [{"seed": 7, "n": n} for n in range(1, 13)]
    here = run_tasks(draw, tasks, n_jobs=1, backend="sequential", progress=False)
    there = run_tasks(draw, tasks, n_jobs=2, cache="grid", progress=False)
    for a, b in zip(here, there):
        np.testing.assert_array_equal(a, b)
    assert len(list((Path(os.environ["FEATRANK_CACHE"]) / "store" / "grid").rglob("*.json"))) == 12


def test_a_killed_worker_loses_no_result(use_cluster):
    workers = use_cluster
    tasks = [{"x": x} for x in range(16)]
    killer = threading.Timer(1.5, lambda: workers[0].send_signal(signal.SIGKILL))
    killer.start()
    try:
        out = run_tasks(slow_square, tasks, n_jobs=2, cache="killed", progress=False)
    finally:
        killer.cancel()
    assert workers[0].poll() is not None, "the worker was not killed during the grid"
    assert out == [x * x for x in range(16)]
    stored = Path(os.environ["FEATRANK_CACHE"]) / "store" / "killed"
    assert len(list(stored.rglob("*.json"))) == 16
    assert not list(stored.rglob("*.tmp"))
