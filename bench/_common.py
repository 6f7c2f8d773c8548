"""Shared helpers for the benchmarks: every figure is reported against a baseline measured in the
same run, as a ratio, because timings on shared machines vary; and nothing that failed is ever timed
(`run_checked`, `fail`: a failing step aborts the benchmark with a plain message).

This module is also imported by the start-up benchmark's child processes (for `TextScreen`), so it
imports nothing heavy at the top: `statistics`, `subprocess` and the rest are imported where used."""

from __future__ import annotations

import re
import time
from typing import Callable, Sequence


def fail(message: str) -> None:
    """Abort the benchmark: a step that failed is never timed or reported as a figure."""
    raise SystemExit(f"BENCHMARK ABORTED: {message}")


def tail(text: str, lines: int = 15) -> str:
    """The last lines of a process's output, indented, for an abort message."""
    out = [line for line in (text or "").strip().splitlines() if line.strip()][-lines:]
    return "\n".join("    " + line for line in out) or "    (nothing)"


def run_checked(cmd: Sequence[str], what: str, timeout: float | None = None, **kw):
    """subprocess.run with its output captured; a non-zero exit (or a time-out) aborts with `what` and the
    end of the process's stderr/stdout."""
    import subprocess

    try:
        r = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired as e:
        fail(f"{what}: no result within {timeout} s\n{tail(str(e.stdout or '') + str(e.stderr or ''))}")
    if r.returncode != 0:
        fail(f"{what}: exit code {r.returncode}\n  stderr:\n{tail(r.stderr)}\n  stdout:\n{tail(r.stdout)}")
    return r


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
    import statistics

    return statistics.median(values)


def report(name: str, value: float, baseline: float, unit: str, goal: str, met: bool | None) -> None:
    """One figure, its baseline and their ratio; `met` None: a figure for comparison, with no goal of its own."""
    ratio = value / baseline if baseline else float("inf")
    verdict = "" if met is None else f"  goal: {goal}  {'MET' if met else 'MISSED'}"
    print(f"{name}: {value:.4g} {unit} vs baseline {baseline:.4g} {unit}  ratio {ratio:.2f}{verdict}", flush=True)


# --- what a terminal shows --------------------------------------------------------------------------------
_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")  # the absolute cursor move that starts every run of Textual's output
_OTHER = re.compile(r"\x1b\[[0-9;:?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^\[\]]|[\r\n]")


class TextScreen:
    """The characters a terminal shows after Textual's output for it (`CompositorUpdate.render_segments`):
    Textual places every run of text with an absolute cursor move (and its line breaks are each followed by
    one), so cursor moves and text are all that place characters; styles and modes are dropped. Cheap enough
    to run after every frame: one regular-expression split per frame, and a run of text is copied cell by cell
    only where it holds a character two cells wide. Checked against pyte (a terminal emulator) on zapis's and
    a bare app's start-up frames: the same characters, frame by frame."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]

    def apply(self, data: str) -> None:
        from rich.cells import cell_len

        rows, w, h = self.rows, self.width, self.height
        parts = _MOVE.split(data)  # text before the first move, then (row, column, text) for each move
        for i in range(1, len(parts) - 2, 3):
            y, x = int(parts[i]) - 1, int(parts[i + 1]) - 1
            tok = _OTHER.sub("", parts[i + 2])
            if not tok or not 0 <= y < h:
                continue
            row = rows[y]
            if tok.isascii() or cell_len(tok) == len(tok):  # one cell a character: copied as a slice
                end = min(x + len(tok), w)
                if x < end:
                    row[max(x, 0):end] = tok[max(-x, 0):end - x]
                continue
            for ch in tok:
                cw = cell_len(ch)
                if 0 <= x < w:
                    row[x] = ch
                    if cw == 2 and x + 1 < w:
                        row[x + 1] = ""
                x += cw

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.rows]

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())

    def area(self, region) -> list[str]:
        """The characters of a screen region (anything with x, y, right and bottom, e.g. a Textual Region)."""
        return ["".join(row[region.x:region.right]) for row in self.rows[region.y:region.bottom]]


PLACEHOLDER = "…"  # zapis's first screen shows it for a game's hands and totals until they are scored


def finished(text: str, present: Sequence[str], absent: Sequence[str] = (PLACEHOLDER,)) -> bool:
    """Is a screen's text finished: every pattern of `present` found (regular expressions, searched line by
    line) and no string of `absent` anywhere."""
    return not any(a in text for a in absent) and all(re.search(p, text, re.M) for p in present)


def how_it_ran() -> dict:
    """How this run was made, printed first by every benchmark: a figure means little without it. Bytecode
    matters most: with PYTHONDONTWRITEBYTECODE set and no .pyc files, every start compiles zapis again."""
    import importlib.metadata
    import importlib.util
    import os
    import platform
    import subprocess
    import sys
    from importlib.util import cache_from_source
    from pathlib import Path

    spec = importlib.util.find_spec("zapis")  # the zapis these figures are of (PYTHONPATH may name another)
    root = Path(spec.origin).resolve().parent if spec and spec.origin else Path(__file__).resolve().parent.parent / "zapis"
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
        "zapis": str(root),
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


def compile_zapis() -> None:
    """--compile: zapis compiled to bytecode as an installed package is (a run with PYTHONDONTWRITEBYTECODE
    set and no .pyc files would compile it again at every start)."""
    import compileall
    import importlib.util
    import os
    from pathlib import Path

    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    spec = importlib.util.find_spec("zapis")
    if not compileall.compile_dir(str(Path(spec.origin).resolve().parent), quiet=1):
        fail("compiling zapis failed")
