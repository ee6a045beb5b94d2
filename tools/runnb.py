"""Run a notebook's command (papermill) and say what is happening: a progress line every
``--every`` seconds (elapsed time, the results taken from the store and computed so far, the
task grid under way) and a closing line with the duration; kernel noise filtered out.

    .venv/bin/python -m tools.runnb [--label NAME] [--every 30] [--quiet] -- COMMAND ...

The counts come from ``featrank.parallel``: the command runs with ``$FEATRANK_STATUS``
naming a small JSON file that the notebook's kernel keeps up to date. Everything the command
prints passes through, except the lines of :data:`NOISE`. ``--quiet`` (``make QUIET=1``)
prints no progress lines, only the closing one. The exit status is the command's.

>>> is_noise("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All")
True
>>> elapsed(75), elapsed(3725)
('1:15', '1:02:05')
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

#: lines that say nothing to the reader: the kernel's transport warning (every start), its
#: note when papermill stops it at the end of a run, and papermill's banner (make has named
#: the notebook already)
NOISE = ("Kernel is running over TCP without encryption", "KeyboardInterrupt caught in kernel",
         "Input Notebook:  ", "Output Notebook: ", "Executing notebook with kernel: ")
#: seconds between progress lines (make's runs: at least one a minute)
EVERY = 30.0


def is_noise(line: str) -> bool:
    return any(n in line for n in NOISE)


def elapsed(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    s = int(round(seconds))
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"


def status_text(path) -> str:
    """``; results: 12 stored, 3 computed (grid f: 15 of 40)`` from a status file, or ``""``
    when there is none yet.

    >>> import tempfile, json
    >>> p = Path(tempfile.mkdtemp()) / "s.json"
    >>> _ = p.write_text(json.dumps(dict(stored=12, computed=3, family="f", done=15, total=40)))
    >>> status_text(p)
    '; results: 12 stored, 3 computed (f: 15 of 40)'
    """
    try:
        st = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    grid = f" ({st['family']}: {st['done']} of {st['total']})" if st["done"] < st["total"] else ""
    return f"; results: {st['stored']} stored, {st['computed']} computed{grid}"


def _pass_on(fd: int, dst) -> None:
    """Copy what the command writes to ``fd`` on to the binary stream ``dst`` as it comes,
    without the noise lines; a progress bar's ``\r`` updates pass at once."""
    buf = b""
    while chunk := os.read(fd, 65536):
        buf += chunk
        *lines, buf = buf.split(b"\n")
        out = b"".join(ln + b"\n" for ln in lines if not is_noise(ln.decode(errors="replace")))
        if b"\r" in buf:
            cut = buf.rindex(b"\r") + 1
            out, buf = out + buf[:cut], buf[cut:]
        if out:
            dst.write(out)
            dst.flush()
    if buf and not is_noise(buf.decode(errors="replace")):
        dst.write(buf)
        dst.flush()
    os.close(fd)


def run(cmd, label: str, every: float = EVERY, quiet: bool = False, out=None) -> int:
    """Run ``cmd``; progress lines and the closing line go to ``out`` (default stdout)."""
    out = out or sys.stdout
    with tempfile.TemporaryDirectory(prefix="featrank-status-") as tmp:
        status = Path(tmp) / "status.json"
        env = dict(os.environ, FEATRANK_STATUS=str(status))
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        pumps = [threading.Thread(target=_pass_on, args=(src.fileno(), dst.buffer), daemon=True)
                 for src, dst in ((proc.stdout, sys.stdout), (proc.stderr, sys.stderr))]
        for p in pumps:
            p.start()
        try:
            while True:
                try:
                    rc = proc.wait(timeout=every)
                    break
                except subprocess.TimeoutExpired:
                    if not quiet:
                        _say(out, f"   {label}: running for "
                                  f"{elapsed(time.monotonic() - t0)}{status_text(status)}")
        except KeyboardInterrupt:
            proc.terminate()
            rc = proc.wait()
        for p in pumps:
            p.join()
        took = elapsed(time.monotonic() - t0)
        done = (f"done in {took}" if rc == 0 else f"failed after {took} (exit status {rc})")
        _say(out, f"   {label}: {done}{status_text(status)}")
    return rc


def _say(out, line: str) -> None:
    out.write(line + "\n")
    out.flush()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.runnb", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", default="notebook", help="the name in the progress lines")
    parser.add_argument("--every", type=float, default=EVERY,
                        help=f"seconds between progress lines (default {EVERY:g})")
    parser.add_argument("--quiet", action="store_true", help="only the closing line")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, help="-- COMMAND ...")
    args = parser.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        parser.error("no command given after --")
    return run(cmd, args.label, args.every, args.quiet)


if __name__ == "__main__":
    sys.exit(main())
