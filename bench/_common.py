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
