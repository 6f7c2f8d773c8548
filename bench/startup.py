"""Start-up: from launching the app to its first screen being interactive (headless, measured as a
process), against a bare Textual app with a Header, a DataTable and a Footer. Goal: at most 1.2x."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import how_it_ran, median, report  # noqa: E402

BARE = """
from textual.app import App
from textual.widgets import DataTable, Footer, Header
class Bare(App):
    def compose(self):
        yield Header(); yield DataTable(); yield Footer()
    def on_mount(self):
        t = self.query_one(DataTable); t.add_columns("a", "b"); t.add_row("1", "2")
async def ready(pilot):
    await pilot.pause(); pilot.app.exit()
Bare().run(headless=True, auto_pilot=ready)
"""

ZAPIS = """
import sys
from zapis.ui.app import make_app
async def ready(pilot):
    await pilot.pause(); pilot.app.exit()
make_app(sys.argv[1], "pl").run(headless=True, auto_pilot=ready)
"""


def run(code: str, *args: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True)
    return time.perf_counter() - t


def main(repeat: int = 7) -> None:
    how_it_ran()  # the children inherit this environment (PYTHONDONTWRITEBYTECODE: zapis compiled at every start)
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        from zapis.demo import build_demo
        db = str(Path(d) / "bench.db")
        build_demo(db).close()
        run(BARE), run(ZAPIS, db)  # warm the file caches
        bare, zapis = [], []
        for _ in range(repeat):  # interleaved, so both see the same machine
            bare.append(run(BARE))
            zapis.append(run(ZAPIS, db))
    b, z = median(bare), median(zapis)
    report("start-up (median of %d)" % repeat, z, b, "s", "<= 1.2x the bare app", z <= 1.2 * b)
    print(f"  range: zapis {min(zapis):.3f}-{max(zapis):.3f} s, bare {min(bare):.3f}-{max(bare):.3f} s")


if __name__ == "__main__":
    main()
