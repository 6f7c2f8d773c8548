"""Responsiveness: from saving a hand to the end of the first frame that shows the sheet with the new hand's row,
against two bare Textual apps measured the same way, interleaved with the saves.

The clock starts when the game screen's save action is called (commit, recompute, update the sheet) and
stops when the first compositor frame is written after which the sheet's area on the screen is as it
finally shows (with the new hand's row). The frame is caught where Textual's compositor refresh hands it to the
driver (`App._display`); a headless app skips turning it into terminal sequences, so that is done here, inside
the timing, as a terminal would need it. Every frame's sequences are replayed on a character screen
(`_common.TextScreen`) afterwards, outside the timing, to find the first one that shows the final area. Between
the action and the frames the benchmark only sleeps: `await pilot.pause()` is never inside the timing (it
sleeps in 20 ms steps, queues a callback on every widget and forces a refresh of its own).

Measured on the realistic games of issue #14 (every hand of each entered through the game screen, --rounds times,
default 2) and on a 300-hand game (--long further hands saved on top, default 40). The baselines, measured the
same way (the widget's area as it finally shows):
- "DataTable": a bare Textual app (Header, DataTable, Footer) whose 5-column DataTable, longer than the screen
  (50 rows at first), adds one row and moves the cursor to it;
- "Log": a bare Textual app (Header, Log, Footer) whose Log, longer than the screen (50 lines at first), appends
  one line (and scrolls to it).
The three apps run side by side in this process's event loop (each idle while another is measured) and every
save is one step of a round that also measures one DataTable row and one Log line, the order rotating from step
to step, so baselines and games see the same machine load. Each game is reported with its median and p95 and
their ratios to the two baselines measured alongside it. A save that was not stored, or a frame that never shows
the change (for the baselines: the new row or line), aborts the benchmark: nothing failed is timed.
Goal: median <= 16 ms and p95 <= 33 ms on each game.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import TextScreen, fail, how_it_ran, median, p95  # noqa: E402

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

# --- frames: caught where they are written, replayed on a character screen afterwards ---------------------


class Frames:
    """Hooks an app's `_display` (where the compositor's refresh hands over a frame): every frame is rendered to
    terminal sequences, then time-stamped."""

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
                self.screen.apply(data)

        app._display = display
        self.screen = TextScreen(*SIZE)

    def start(self) -> None:
        self.log = []
        self.recording = True

    def finish(self, t0: float, region) -> tuple[float, bool, list[str]]:
        """(seconds from t0 to the end of the first frame after which `region` is as it finally shows,
        whether that area changed at all, the area as it finally shows)."""
        self.recording = False
        before = self.screen.area(region)
        states = []
        for t, data in self.log:
            self.screen.apply(data)
            states.append((t, self.screen.area(region)))
        final = self.screen.area(region)
        for t, state in states:
            if state == final:
                return t - t0, final != before, final
        return float("nan"), False, final


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
            fail(f"{type(frames.app).__name__}: no frame came within {limit} s")


# --- the baselines: bare Textual apps ----------------------------------------------------------------------

def bare_apps():
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header, Log

    class BareTable(App):
        def compose(self):
            yield Header()
            yield DataTable()
            yield Footer()

        def on_mount(self):
            t = self.query_one(DataTable)
            t.add_columns("hand", "a", "b", "c", "d")
            for i in range(50):  # longer than the screen, as a sheet: each new row is scrolled to
                t.add_row(str(i + 1), "10", "20", "30", "40")
            t.move_cursor(row=49)

    class BareLog(App):
        def compose(self):
            yield Header()
            yield Log()
            yield Footer()

        def on_mount(self):
            log = self.query_one(Log)
            for i in range(50):  # longer than the screen
                log.write_line(f"line {i + 1}: 10 20 30 40")

    return BareTable(), BareLog()


class Baseline:
    """A bare app, running, measured one change at a time."""

    def __init__(self, app) -> None:
        self.app = app
        self.frames = Frames(app)
        self.times: list[float] = []

    def widget(self):
        raise NotImplementedError

    def change(self, widget) -> str:
        """Make the change; the text the widget's area must show afterwards."""
        raise NotImplementedError

    async def once(self, pilot) -> None:
        widget = self.widget()
        self.frames.start()
        with self.app._context():  # the other apps run in this event loop: calls go to this one
            t0 = time.perf_counter()
            mark = self.change(widget)
        await quiet(self.frames, t0)
        took, shown, final = self.frames.finish(t0, widget.region)
        if not shown or not any(mark in line for line in final):
            fail(f"{type(self.app).__name__}: no frame showed {mark!r}; its area shows:\n" + "\n".join(final))
        self.times.append(took)
        await settle(pilot)


class TableBaseline(Baseline):
    def widget(self):
        from textual.widgets import DataTable
        return self.app.query_one(DataTable)

    def change(self, table) -> str:
        n = table.row_count + 1
        table.add_row(str(n), "11", "21", "31", "41")
        table.move_cursor(row=table.row_count - 1)
        return f" {n} "


class LogBaseline(Baseline):
    def widget(self):
        from textual.widgets import Log
        return self.app.query_one(Log)

    def change(self, log) -> str:
        mark = f"line {log.line_count + 1}:"
        log.write_line(f"{mark} 11 21 31 41")
        return mark


# --- the games ----------------------------------------------------------------------------------------------

async def measure_game(db: str, game: int, hands: list[dict], table_times: list[float],
                       log_times: list[float]) -> list[float]:
    """Every hand of `hands` saved in the game screen, each save in a round with one DataTable row and one Log
    line of the bare apps (their times appended to `table_times` and `log_times`); the saves' times."""
    from zapis.store import Store
    from zapis.ui.app import make_app
    from zapis.ui.screens.game import GameScreen
    from zapis.ui.widgets.hand_form import HandForm
    from zapis.ui.widgets.sheet_view import SheetView

    bare_table, bare_log = bare_apps()
    table, log = TableBaseline(bare_table), LogBaseline(bare_log)
    app = make_app(db, "pl")
    frames = Frames(app)
    out: list[float] = []
    store = Store(db)
    async with bare_table.run_test(size=SIZE) as table_pilot, bare_log.run_test(size=SIZE) as log_pilot, \
            app.run_test(size=SIZE) as pilot:
        await settle(table_pilot)
        await settle(log_pilot)
        with app._context():
            app.push_screen(GameScreen(game))
        await settle(pilot)
        screen = app.screen
        if not isinstance(screen, GameScreen):
            fail(f"game {game}: the game screen did not open ({type(screen).__name__} shown)")
        form = screen.query_one(HandForm)
        sheet = screen.query_one(SheetView)

        async def save(hand: dict) -> None:
            before = len(store.hands(game))
            with app._context():
                form.set_values(hand)
            await settle(pilot)
            frames.start()
            with app._context():
                t0 = time.perf_counter()
                screen.action_save()
            await quiet(frames, t0)
            if app.screen is not screen or len(store.hands(game)) != before + 1:
                fail(f"hand {before + 1} was not saved: {hand} ({screen.query_one('#message').render()})")
            took, shown, _ = frames.finish(t0, sheet.region)
            if not shown:
                fail(f"hand {before + 1}: no frame changed the sheet")
            out.append(took)
            await settle(pilot)

        for i, hand in enumerate(hands):
            steps = [lambda: table.once(table_pilot), lambda: log.once(log_pilot), lambda: save(hand)]
            k = i % len(steps)
            for step in steps[k:] + steps[:k]:  # the order rotates: none always runs first
                await step()
    store.close()
    table_times += table.times
    log_times += log.times
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2, help="times each realistic game is entered (default 2)")
    ap.add_argument("--long", type=int, default=40, help="hands saved on top of the 300-hand game (default 40)")
    args = ap.parse_args()
    how_it_ran()
    from zapis.io import records
    from zapis.store import Store

    all_table: list[float] = []
    all_log: list[float] = []
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        for name, ruleset, players, stored, entered in GAMES:
            times: list[float] = []
            table_times: list[float] = []
            log_times: list[float] = []
            rounds = 1 if entered is None else args.rounds
            for r in range(rounds):
                db = str(Path(d) / f"resp-{ruleset}-{r}.db")
                s = Store(db)
                rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players})
                game = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module, hands=stored)
                s.close()
                times += asyncio.run(measure_game(db, game, entered if entered is not None else [KOP] * args.long,
                                                  table_times, log_times))
            all_table += table_times
            all_log += log_times
            m, p = median(times), p95(times)
            tm, tp, lm, lp = median(table_times), p95(table_times), median(log_times), p95(log_times)
            met = m <= 0.016 and p <= 0.033
            print(f"save -> first frame showing the new row, {name}: median {m * 1000:.1f} ms, p95 {p * 1000:.1f} ms, "
                  f"max {max(times) * 1000:.1f} ms ({len(times)} saves)  goal: median <= 16 ms, p95 <= 33 ms  "
                  f"{'MET' if met else 'MISSED'}", flush=True)
            print(f"  baselines interleaved with these saves: bare DataTable adding a row median {tm * 1000:.1f} ms, "
                  f"p95 {tp * 1000:.1f} ms (ratio median {m / tm:.2f}x, p95 {p / tp:.2f}x); bare Log appending a line "
                  f"median {lm * 1000:.1f} ms, p95 {lp * 1000:.1f} ms (ratio median {m / lm:.2f}x, p95 {p / lp:.2f}x)",
                  flush=True)
    print(f"baselines over the whole run: bare DataTable (5 columns, 50 rows at first) adding one row and moving to it: "
          f"median {median(all_table) * 1000:.1f} ms, p95 {p95(all_table) * 1000:.1f} ms ({len(all_table)} rows); "
          f"bare Log (50 lines at first) appending one line: median {median(all_log) * 1000:.1f} ms, "
          f"p95 {p95(all_log) * 1000:.1f} ms ({len(all_log)} lines)", flush=True)


if __name__ == "__main__":
    main()
