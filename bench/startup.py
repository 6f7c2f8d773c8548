"""Start-up: from launching the app (a new process) to its first frame, against a bare Textual app with a Header, a
DataTable and a Footer started the same way. Goal: at most 1.2x, with the demo database and with a 200,000-hand one.

The first frame is the first one the app hands to its driver (`App._display`, headless) showing a screen with
widgets on it (the bare app's own, zapis's evening list) outside a batch update (Textual writes nothing during
one: a screen laid out inside its start-up batch is not yet seen); the child prints the time since the parent
launched it, read from the wall clock both share, and ends there. Work the app leaves for after its first frame (scoring
the evening's games, the automatic backup, a garbage collection) is measured separately as "ready": the time
until the app is idle (`pilot.pause()`), for both apps.

Pass --compile to compile zapis first (as an installed package is): a run with PYTHONDONTWRITEBYTECODE set and
no .pyc files recompiles zapis at every start; the header printed first says which it was."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import how_it_ran, median, report  # noqa: E402

FIRST_FRAME = """
import os, sys, time
LAUNCH = float(sys.argv[1])
def first_frame(app):
    original = app._display
    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None and len(screen.children) and not app._batch_count:
            print(f"FIRST {time.time() - LAUNCH:.6f}", flush=True)
            os._exit(0)
    app._display = display
"""

BARE = """
from textual.app import App
from textual.widgets import DataTable, Footer, Header
class Bare(App):
    def compose(self):
        yield Header(); yield DataTable(); yield Footer()
    def on_mount(self):
        t = self.query_one(DataTable); t.add_columns("a", "b"); t.add_row("1", "2")
app = Bare()
"""

ZAPIS = """
from zapis.ui.app import make_app
app = make_app(sys.argv[2], "pl")
"""

FIRST = FIRST_FRAME + "{make}\nfirst_frame(app)\napp.run(headless=True)\n"
READY = """
import sys, time
LAUNCH = float(sys.argv[1])
{make}
async def ready(pilot):
    await pilot.pause()
    print(f"READY {time.time() - LAUNCH:.6f}", flush=True)
    pilot.app.exit()
app.run(headless=True, auto_pilot=ready)
"""


def run(template: str, make: str, *args: str) -> float:
    code = template.replace("{make}", make)
    out = subprocess.run([sys.executable, "-c", code, repr(time.time()), *args], check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[-1])


def measure(what: str, db: str, repeat: int) -> None:
    for name, template in (("first frame", FIRST), ("ready", READY)):
        run(template, BARE), run(template, ZAPIS, db)  # warm the file caches
        bare, zapis = [], []
        for _ in range(repeat):  # interleaved, so both see the same machine
            bare.append(run(template, BARE))
            zapis.append(run(template, ZAPIS, db))
        b, z = median(bare), median(zapis)
        goal = name == "first frame"
        report(f"start-up to the {name}, {what} (median of {repeat})", z, b, "s",
               "<= 1.2x the bare app" if goal else "(for comparison)", z <= 1.2 * b)
        print(f"  range: zapis {min(zapis):.3f}-{max(zapis):.3f} s, bare {min(bare):.3f}-{max(bare):.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--evenings", type=int, default=1000, help="the big database's evenings (200 hands each)")
    ap.add_argument("--compile", action="store_true", help="compile zapis to bytecode first (as installed)")
    args = ap.parse_args()
    if args.compile:
        import compileall
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "zapis"), quiet=1)
    how_it_ran()  # the children inherit this environment (PYTHONDONTWRITEBYTECODE: zapis compiled at every start)
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        from make_history import build

        from zapis.demo import build_demo
        demo = str(Path(d) / "demo.db")
        build_demo(demo).close()
        measure("demo database", demo, args.repeat)
        big = str(Path(d) / "history.db")
        t = time.perf_counter()
        hands = build(big, args.evenings)
        print(f"history: {args.evenings} evenings, {hands} hands, built in {time.perf_counter() - t:.1f} s")
        measure(f"{hands:,}-hand database", big, args.repeat)


if __name__ == "__main__":
    main()
