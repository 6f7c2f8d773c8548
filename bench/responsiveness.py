"""Responsiveness: with a game of 300 hands open, the time from saving a hand to the sheet being
updated (commit, recompute, render), against the time of the commit alone. Goal: p95 under 16 ms."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import p95, report  # noqa: E402

HAND = {"game": "ordinary", "old": ["A", "B"], "old_points": 60, "old_tricks": 3}


async def measure(db: str, game: int, n: int) -> tuple[list[float], list[float]]:
    from zapis.store import Store
    from zapis.ui.app import make_app
    from zapis.ui.screens.game import GameScreen
    from zapis.ui.widgets.hand_form import HandForm

    app = make_app(db, "pl")
    full = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(GameScreen(game))
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(HandForm)
        for _ in range(n):
            form.set_values(HAND)
            t = time.perf_counter()
            screen.action_save()  # commit, recompute, refresh the sheet
            await pilot.pause()  # rendered
            full.append(time.perf_counter() - t)
    store = Store(db)
    commits = []
    for _ in range(n):
        v = store.game(game).version
        t = time.perf_counter()
        store.conn.execute("BEGIN IMMEDIATE")
        store.conn.execute("INSERT INTO hand_log (game_id, action, position, hand_json) VALUES (?, 'enter', 0, ?)",
                           (game, '{"game": "ordinary", "old": ["A", "B"], "old_points": 60}'))
        store.conn.execute("UPDATE games SET version = ? WHERE id = ?", (v + 1, game))
        store.conn.execute("COMMIT")
        commits.append(time.perf_counter() - t)
    return full, commits


def main(n: int = 60) -> None:
    from zapis import records
    from zapis.store import Store
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        db = str(Path(d) / "resp.db")
        s = Store(db)
        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "kop-wolsztyn",
                                            "players": ["A", "B", "C", "D"]})
        game = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module, hands=[HAND] * 300)
        s.close()
        full, commits = asyncio.run(measure(db, game, n))
    f, c = p95(full), p95(commits)
    report("save -> sheet updated, 300 hands (p95)", f * 1000, c * 1000, "ms", "p95 < 16 ms", f < 0.016)


if __name__ == "__main__":
    main()
