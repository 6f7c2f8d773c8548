"""Start-up: from launching the app (a new process) to the first frame that shows its FINISHED first screen,
against a bare Textual app (a Header, a DataTable with one row, a Footer) started the same way, runs of the two
interleaved. Goal: at most 1.2x the bare app, with the demo database and with a 200,000-hand one.

Finished means what a person at the screen waits for, read from the characters on the screen: zapis's evening
list shows "…" for a game's hands and totals until the game is scored (after its first frame), so its screen
is finished at the first frame with no "…" anywhere and every game of the evening shown with its totals (the
game's number and its first player's name followed by a number); the bare app's screen is finished at the
first frame showing its DataTable's row "1  2".

How: the child process hooks the frames Textual hands to its driver (`App._display`, headless, 80x24 cells
given as `size`),
outside a batch update (Textual writes nothing during one). Each frame is turned into the terminal's sequences
(`render_segments`: the work a real terminal's frame needs, which a headless app skips) and applied to a
character screen (`_common.TextScreen`); the time since the parent launched the child (the wall clock both
share) is read right after, before the screen is checked. The child ends once the screen is finished.

Printed for each database and app, medians over --repeat runs (default 7):
- "finished first screen": the figure of the goal (above);
- "first frame": the first frame written with any widget on it (placeholders and all), for comparison;
- "finished, with the key bar": finished and the screen's bottom line (the Footer's keys) drawn, for comparison;
- "ready": in separate runs, the time until the app is idle (`pilot.pause()`), its screen then checked to be
  finished, for comparison.
A child that fails (an exit code other than 0, no finished frame within --limit seconds, a screen not finished
when idle) aborts the benchmark with the child's output: nothing failed is timed.

Pass --compile to compile zapis first (as an installed package is): a run with PYTHONDONTWRITEBYTECODE set and
no .pyc files recompiles zapis at every start; the header printed first says which it was."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from _common import compile_zapis, fail, how_it_ran, median, report, run_checked  # noqa: E402

SIZE = (80, 24)  # the terminal's size, given to the app as a terminal gives it (headless, Textual would start at
                 # 80x25 and lay the screen out again at 80x24 after its first frame)

# the child: argv[1] the launch time (wall clock), argv[2] what a finished screen shows (JSON), argv[3] the
# time limit, argv[4:] the app's own arguments
CHILD = """
import os, sys, time, json, threading
LAUNCH = float(sys.argv[1])
EXPECT = json.loads(sys.argv[2])
LIMIT = float(sys.argv[3])
sys.argv[1:4] = []
sys.path.insert(0, {bench})
SIZE = {size}
from _common import TextScreen, finished

class Watch:
    '''Every frame written to the driver, applied to a character screen.'''
    def __init__(self, app):
        self.app, self.screen, self.got = app, None, {}
        original = app._display
        def display(screen, renderable):
            original(screen, renderable)
            if renderable is None or app._batch_count or not hasattr(renderable, "render_segments"):
                return
            data = renderable.render_segments(app.console)  # the terminal's sequences, as a real terminal needs
            t = time.time() - LAUNCH  # the frame is ready to write; what follows is the benchmark's own reading
            if self.screen is None:
                self.screen = TextScreen(*SIZE)
            self.screen.apply(data)
            self.frame(t, screen)
        app._display = display

    def frame(self, t, screen):
        pass

    def text(self):
        return self.screen.text() if self.screen is not None else "(no frame)"

def give_up(what, watch):
    print(f"TIMEOUT {what} not reached within {LIMIT} s; reached: {watch.got}", flush=True)
    print(watch.text(), flush=True)
    os._exit(3)
"""

FIRST = CHILD + """
class First(Watch):
    def frame(self, t, screen):
        got = self.got
        if "first" not in got and len(screen.children):
            got["first"] = t
        text = self.screen.text()
        if "finished" not in got and finished(text, EXPECT["present"], EXPECT["absent"]):
            got["finished"] = t
        if "finished" in got and "keys" not in got and "".join(self.screen.rows[-1]).strip():
            got["keys"] = t
        if len(got) == 3:
            print(" ".join(f"{k.upper()} {v:.6f}" for k, v in got.items()), flush=True)
            os._exit(0)
{make}
watch = First(app)
timer = threading.Timer(LIMIT, give_up, ("a finished first screen", watch))
timer.daemon = True
timer.start()
app.run(headless=True, size=SIZE)
print(f"ENDED the app ended (return code {app.return_code}) before its screen was finished; reached: {watch.got}")
print(watch.text())
sys.exit(4)
"""

READY = CHILD + """
{make}
watch = Watch(app)
timer = threading.Timer(LIMIT, give_up, ("idle", watch))
timer.daemon = True
timer.start()
async def ready(pilot):
    await pilot.pause()
    t = time.time() - LAUNCH
    if not finished(watch.text(), EXPECT["present"], EXPECT["absent"]):
        print("NOT FINISHED when idle:", flush=True)
        print(watch.text(), flush=True)
        os._exit(5)
    print(f"READY {t:.6f}", flush=True)
    os._exit(0)
app.run(headless=True, size=SIZE, auto_pilot=ready)
print(f"ENDED the app ended (return code {app.return_code}) before it was idle")
sys.exit(4)
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
BARE_DONE = {"present": [r"^\s*1\s+2\s*$"], "absent": []}  # the DataTable's row

ZAPIS = """
from zapis.ui.app import make_app
app = make_app(sys.argv[1], "pl")
"""


def zapis_done(db: str) -> dict:
    """What zapis's finished first screen shows for `db`: every game of the evening it opens on, each on a row
    with its number and its totals (its first player's name followed by a number), and no placeholder."""
    from _common import PLACEHOLDER

    from zapis.store import Store
    with Store(db) as store:
        games = store.games(store.current_evening())
    if not games:
        fail(f"{db}: no games in the evening the app opens on: nothing to wait for")
    return {"present": [rf"#{g.id}\s.*\b{re.escape(g.players[0])}\s+[-−]?\d" for g in games],
            "absent": [PLACEHOLDER]}


def child(template: str, make: str, expect: dict, limit: float, *args: str) -> dict[str, float]:
    code = template.replace("{make}", make).replace("{bench}", repr(str(BENCH))).replace("{size}", repr(SIZE))
    name = "zapis" if "zapis" in make else "the bare app"
    r = run_checked([sys.executable, "-c", code, repr(time.time()), json.dumps(expect), str(limit), *args],
                    f"start-up of {name} ({'ready' if template is READY else 'first screen'})", timeout=limit + 60)
    words = r.stdout.split()
    out = {words[i].lower(): float(words[i + 1]) for i in range(len(words) - 1)
           if words[i] in ("FIRST", "FINISHED", "KEYS", "READY")}
    if not out:
        fail(f"start-up of {name}: the child printed no time:\n{r.stdout}{r.stderr}")
    return out


def measure(what: str, db: str, repeat: int, limit: float) -> None:
    expect = zapis_done(db)
    for ready in (False, True):
        template = READY if ready else FIRST
        child(template, BARE, BARE_DONE, limit), child(template, ZAPIS, expect, limit, db)  # warm the file caches
        bare: list[dict] = []
        zapis: list[dict] = []
        for i in range(repeat):  # interleaved (and alternating which goes first), so both see the same machine
            runs = [lambda: bare.append(child(template, BARE, BARE_DONE, limit)),
                    lambda: zapis.append(child(template, ZAPIS, expect, limit, db))]
            for run in runs[::(-1) ** i]:
                run()
        keys = ["ready"] if ready else ["finished", "first", "keys"]
        for key in keys:
            b, z = median([r[key] for r in bare]), median([r[key] for r in zapis])
            label = {"finished": "its finished first screen (no placeholder, every game's totals shown)",
                     "first": "its first frame written (placeholders and all)",
                     "keys": "its finished first screen with the key bar drawn",
                     "ready": "idle (pilot.pause(), the screen then finished)"}[key]
            goal = key == "finished"
            report(f"start-up to {label}, {what} (median of {repeat})" + ("" if goal else ", for comparison"),
                   z, b, "s", "<= 1.2x the bare app", z <= 1.2 * b if goal else None)
            zs, bs = [r[key] for r in zapis], [r[key] for r in bare]
            print(f"  range: zapis {min(zs):.3f}-{max(zs):.3f} s, bare {min(bs):.3f}-{max(bs):.3f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs of each app per figure, interleaved (default 7)")
    ap.add_argument("--evenings", type=int, default=1000,
                    help="the big database's evenings, 200 hands each (default 1000)")
    ap.add_argument("--limit", type=float, default=60.0,
                    help="seconds a child may take to show its finished screen before the benchmark aborts (default 60)")
    ap.add_argument("--compile", action="store_true", help="compile zapis to bytecode first (as installed)")
    args = ap.parse_args()
    if args.compile:
        compile_zapis()
    how_it_ran()  # the children inherit this environment (PYTHONDONTWRITEBYTECODE: zapis compiled at every start)
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        from make_history import build

        from zapis.demo import build_demo
        demo = str(Path(d) / "demo.db")
        build_demo(demo).close()
        measure("demo database", demo, args.repeat, args.limit)
        big = str(Path(d) / "history.db")
        t = time.perf_counter()
        hands = build(big, args.evenings)
        print(f"history: {args.evenings} evenings, {hands} hands, built in {time.perf_counter() - t:.1f} s")
        measure(f"{hands:,}-hand database", big, args.repeat, args.limit)


if __name__ == "__main__":
    main()
