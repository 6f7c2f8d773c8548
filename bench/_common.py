"""Shared helpers for the benchmarks: every figure is reported against a baseline measured in the
same run, as a ratio, because timings on shared machines vary."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def p95(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(name: str, value: float, baseline: float, unit: str, goal: str, met: bool) -> None:
    ratio = value / baseline if baseline else float("inf")
    print(f"{name}: {value:.4g} {unit} vs baseline {baseline:.4g} {unit}  ratio {ratio:.2f}  goal: {goal}  "
          f"{'MET' if met else 'MISSED'}")


def how_it_ran() -> dict:
    """How this run was made, printed first by every benchmark: a figure means little without it. Bytecode
    matters most: with PYTHONDONTWRITEBYTECODE set and no .pyc files, every start compiles zapis again."""
    import importlib.metadata
    import os
    import platform
    import sys
    from importlib.util import cache_from_source
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "zapis"
    sources = sorted(root.rglob("*.py"))
    compiled = 0
    for src in sources:
        pyc = Path(cache_from_source(str(src)))
        if pyc.exists() and pyc.stat().st_mtime >= src.stat().st_mtime:
            compiled += 1
    try:
        cpus_usable = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus_usable = os.cpu_count()
    try:
        textual = importlib.metadata.version("textual")
    except importlib.metadata.PackageNotFoundError:
        textual = "not installed"
    import subprocess
    try:  # the figures are of this code: the commit, and whether zapis/ differs from it
        repo = root.parent
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True,
                                text=True).stdout.strip() or "?"
        dirty = subprocess.run(["git", "status", "--porcelain", "zapis"], cwd=repo, capture_output=True,
                               text=True).stdout.strip()
        code = commit + (" + uncommitted changes in zapis/" if dirty else "")
    except OSError:
        code = "?"
    info = {
        "code": code,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "cpus_usable": cpus_usable,
        "writes_bytecode": not sys.dont_write_bytecode,
        "PYTHONDONTWRITEBYTECODE": os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
        "zapis_pyc_up_to_date": f"{compiled}/{len(sources)}",
        "textual": textual,
        "load_average_1min": f"{os.getloadavg()[0]:.2f}",
    }
    print("how it ran: " + ", ".join(f"{k}={v}" for k, v in info.items()), flush=True)
    return info
