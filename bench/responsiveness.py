"""Responsiveness: from saving a hand to the end of the first frame that shows the sheet with it.

The clock starts when the game screen's save action is called (commit, recompute, update the sheet) and
stops when the first compositor frame is written after which the sheet's area on the screen is as it
finally shows (with the new hand's row). The frame is caught where Textual hands it to the driver
(`App._display`); a headless app skips turning it into terminal sequences, so that is done here, inside
the timing, as a terminal would need it. Every frame's sequences are replayed on a small virtual screen
afterwards (outside the timing) to find the first one that shows the new row. Between the save and
the frames the benchmark only sleeps: `await pilot.pause()` is never inside the timing (it sleeps in 20 ms
steps, queues a callback on every widget and forces a refresh of its own).

Measured on the realistic games of issue #14 (every hand of each entered through the game screen) and on a
300-hand game (further hands saved on top); the baseline is the same measurement on a bare Textual app
with a DataTable longer than the screen, adding one row and moving the cursor to it. Goal: median <= 16 ms and p95 <= 33 ms on each game.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import how_it_ran, median, p95  # noqa: E402

SIZE = (120, 40)

# the realistic games of issue #14: each a list of hands entered one by one
RUBBER = [  # a rubber and more: game, part-scores, a double, downs, slam
    {"contract": "3NT", "declarer": "N", "tricks": 9},
    {"contract": "2H", "declarer": "E", "tricks": 8},
    {"contract": "2H", "declarer": "E", "double": "XX", "tricks": 7},
    {"contract": "4H", "declarer": "E", "tricks": 10},
    {"contract": "1NT", "declarer": "S", "tricks": 8},
    {"contract": "3C", "declarer": "W", "tricks": 8},
    {"contract": "4S", "declarer": "N", "tricks": 11},
    {"contract": "2D", "declarer": "E", "double": "X", "tricks": 6},
    {"contract": "6NT", "declarer": "S", "tricks": 12},
    {"contract": "3S", "declarer": "W", "tricks": 9},
]
SKAT = [
    {"declarer": "Ala", "game": "hearts", "bid": 20, "matadors": 1, "card_points": 70},
    {"declarer": "Bartek", "game": "grand", "bid": 48, "matadors": 2, "card_points": 50},
    {"passed": True},
    {"declarer": "Celina", "game": "clubs", "bid": 36, "matadors": 1, "hand": True, "card_points": 80},
]
KIERKI_LOOP = [  # four robbers and four odgrywki
    {"deal": "robber", "points": {"Ala": 18, "Bartek": 47, "Celina": 60, "Darek": 5}},
    {"deal": "robber", "points": {"Ala": 72, "Bartek": 8, "Celina": 40, "Darek": 10}},
    {"deal": "robber", "points": {"Ala": 30, "Bartek": 20, "Celina": 40, "Darek": 40}},
    {"deal": "robber", "points": {"Ala": 15, "Bartek": 70, "Celina": 2, "Darek": 43}},
    {"deal": "trumps", "tricks": {"Ala": 4, "Bartek": 3, "Celina": 3, "Darek": 3}},
    {"deal": "trumps", "tricks": {"Ala": 3, "Bartek": 6, "Celina": 1, "Darek": 3}},
    {"deal": "trumps", "tricks": {"Ala": 2, "Bartek": 2, "Celina": 5, "Darek": 4}},
    {"deal": "trumps", "tricks": {"Ala": 5, "Bartek": 1, "Celina": 3, "Darek": 4}},
]
TYSIAC = [  # each player declares twice, makes one bid and goes down on the other
    {"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}},
    {"declarer": "Bartek", "bid": 110, "points": {"Ala": 30, "Bartek": 60, "Celina": 30}},
    {"declarer": "Celina", "bid": 100, "points": {"Ala": 10, "Bartek": 10, "Celina": 100}},
    {"declarer": "Ala", "bid": 110, "points": {"Ala": 60, "Bartek": 30, "Celina": 30}},
    {"declarer": "Bartek", "bid": 100, "points": {"Ala": 10, "Bartek": 100, "Celina": 10}},
    {"declarer": "Celina", "bid": 110, "points": {"Ala": 30, "Bartek": 30, "Celina": 60}},
]
P3, P4 = ["Ala", "Bartek", "Celina"], ["Ala", "Bartek", "Celina", "Darek"]
KOP = {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60, "old_tricks": 3}


def cycle(hands: list[dict], n: int) -> list[dict]:
    return [hands[i % len(hands)] for i in range(n)]


# name, ruleset, players, hands stored before, hands entered and timed
GAMES = [
    ("rubber, 20 hands", "bridge-rubber", P4, [], cycle(RUBBER, 20)),
    ("skat list, 36 games", "skat-tournament", P3, [], cycle(SKAT, 36)),
    ("kierki-loop, full game", "kierki-loop", P4, [], KIERKI_LOOP),
    ("tysiac, 40 deals", "tysiac", P3, [], cycle(TYSIAC, 40)),
    ("kop, 300 hands + n", "kop-wolsztyn", P4, [KOP] * 300, None),
]

# --- frames: caught where they are written, replayed on a virtual screen afterwards ---------------------

_TOKEN = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[[0-9;:?]*[A-Za-z]|\x1b\][^\x07]*\x07|\n|[^\x1b\n]+")


class Frames:
    """Hooks an app's `_display`: every frame is rendered to terminal sequences, then time-stamped."""

    def __init__(self, app) -> None:
        self.app = app
        self.log: list[tuple[float, str]] = []
        self.recording = False
        original = app._display
        from textual._compositor import CompositorUpdate

        def display(screen, renderable):
            original(screen, renderable)
            if renderable is None or app._batch_count:
                return
            if isinstance(renderable, CompositorUpdate):
                data = renderable.render_segments(app.console)  # the work a real terminal's frame needs
            else:
                data = ""
            if self.recording:
                self.log.append((time.perf_counter(), data))
            else:
                self.screen_apply(data)

        app._display = display
        w, h = SIZE
        self.screen = [[" "] * w for _ in range(h)]

    def screen_apply(self, data: str, screen: list[list[str]] | None = None) -> None:
        from rich.cells import cell_len
        screen = self.screen if screen is None else screen
        h, w = len(screen), len(screen[0])
        x = y = 0
        for m in _TOKEN.finditer(data):
            tok = m.group(0)
            if m.group(1):
                y, x = int(m.group(1)) - 1, int(m.group(2)) - 1
            elif tok[0] == "\x1b" or tok == "\n":
                continue
            else:
                for ch in tok:
                    cw = cell_len(ch)
                    if 0 <= y < h and 0 <= x < w:
                        screen[y][x] = ch
                        if cw == 2 and x + 1 < w:
                            screen[y][x + 1] = ""
                    x += cw

    @staticmethod
    def area(screen: list[list[str]], region) -> list[str]:
        return ["".join(row[region.x:region.right]) for row in screen[region.y:region.bottom]]

    def start(self) -> None:
        self.log = []
        self.recording = True

    def finish(self, t0: float, region) -> tuple[float, bool]:
        """(seconds from t0 to the end of the first frame after which `region` is as it finally shows,
        whether that area changed at all)."""
        self.recording = False
        before = self.area(self.screen, region)
        states = []
        for t, data in self.log:
            self.screen_apply(data)
            states.append((t, self.area(self.screen, region)))
        final = self.area(self.screen, region)
        for t, state in states:
            if state == final:
                return t - t0, final != before
        return float("nan"), False


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


async def quiet(frames: Frames, t0: float, gap: float = 0.25, limit: float = 10.0) -> None:
    """Wait, only sleeping, until no frame has come for `gap` seconds. The pilot is not used here: its
    pause floods every widget with callbacks and then forces a refresh that the app would not make."""
    while True:
        await asyncio.sleep(0.005)
        now = time.perf_counter()
        last = frames.log[-1][0] if frames.log else t0
        if now - last >= gap and frames.log:
            return
        if now - t0 > limit:
            raise SystemExit(f"no frame came within {limit} s")


async def measure_game(db: str, game: int, hands: list[dict]) -> list[float]:
    from zapis.store import Store
    from zapis.ui.app import make_app
    from zapis.ui.screens.game import GameScreen
    from zapis.ui.widgets.hand_form import HandForm
    from zapis.ui.widgets.sheet_view import SheetView

    app = make_app(db, "pl")
    frames = Frames(app)
    out = []
    store = Store(db)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(GameScreen(game))
        await settle(pilot)
        screen = app.screen
        form = screen.query_one(HandForm)
        sheet = screen.query_one(SheetView)
        for hand in hands:
            before = len(store.hands(game))
            form.set_values(hand)
            await settle(pilot)
            frames.start()
            t0 = time.perf_counter()
            screen.action_save()
            await quiet(frames, t0)
            if app.screen is not screen or len(store.hands(game)) != before + 1:
                raise SystemExit(f"hand {before + 1} was not saved: {hand} "
                                 f"({screen.query_one('#message').render()})")
            took, shown = frames.finish(t0, sheet.region)
            if not shown:
                raise SystemExit(f"hand {before + 1}: no frame changed the sheet")
            out.append(took)
            await settle(pilot)
    store.close()
    return out


async def measure_bare(rows: int, n: int) -> list[float]:
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield DataTable()
            yield Footer()

        def on_mount(self):
            t = self.query_one(DataTable)
            t.add_columns("hand", "a", "b", "c", "d")
            for i in range(rows):
                t.add_row(str(i + 1), "10", "20", "30", "40")
            t.move_cursor(row=rows - 1)

    app = Bare()
    frames = Frames(app)
    out = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(DataTable)
        for i in range(n):
            frames.start()
            t0 = time.perf_counter()
            table.add_row(str(table.row_count + 1), "11", "21", "31", "41")
            table.move_cursor(row=table.row_count - 1)
            await quiet(frames, t0)
            took, shown = frames.finish(t0, table.region)
            await settle(pilot)
            if not shown:
                raise SystemExit("bare app: no frame changed the table")
            out.append(took)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2, help="times each realistic game is entered (default 2)")
    ap.add_argument("--long", type=int, default=40, help="hands saved on top of the 300-hand game (default 40)")
    args = ap.parse_args()
    how_it_ran()
    from zapis.io import records
    from zapis.store import Store

    results: list[tuple[str, list[float]]] = []
    base = asyncio.run(measure_bare(50, 40))  # longer than the screen, as a sheet: each new row is scrolled to
    base_med, base_p95 = median(base), p95(base)
    print(f"baseline: bare Textual app, DataTable (5 columns, 50 rows) adding one row and moving to it: median {base_med * 1000:.1f} ms,"
          f" p95 {base_p95 * 1000:.1f} ms ({len(base)} rows)", flush=True)
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        for name, ruleset, players, stored, entered in GAMES:
            times: list[float] = []
            rounds = 1 if entered is None else args.rounds
            for r in range(rounds):
                db = str(Path(d) / f"resp-{ruleset}-{r}.db")
                s = Store(db)
                rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players})
                game = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module, hands=stored)
                s.close()
                times += asyncio.run(measure_game(db, game, entered if entered is not None else [KOP] * args.long))
            results.append((name, times))
            m, p = median(times), p95(times)
            met = m <= 0.016 and p <= 0.033
            print(f"save -> sheet shown, {name}: median {m * 1000:.1f} ms, p95 {p * 1000:.1f} ms, "
                  f"max {max(times) * 1000:.1f} ms ({len(times)} saves)  ratio to baseline: median {m / base_med:.2f}x,"
                  f" p95 {p / base_p95:.2f}x  goal: median <= 16 ms, p95 <= 33 ms  {'MET' if met else 'MISSED'}",
                  flush=True)


if __name__ == "__main__":
    main()
