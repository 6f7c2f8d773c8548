"""Reliability: nothing confirmed is ever lost, whatever kills zapis, and tablets never see "locked".

- SIGKILL trials: a child process saves hands (through the store, through `zapis import`, and through
  the app's own save driven by Pilot) and prints a line for every save it was told succeeded; the
  parent kills it at a random moment and checks that every confirmed save is in the database, that
  no evening was left empty and that the database passes its integrity check.
- Writers: N processes save on one long game at once (each save checked against the whole game)
  while a reader reads; every save that gets a "busy"/"locked" answer is counted.

`python bench/reliability.py` runs the full sizes (300 kills, 4 writers on a 3,000-hand game);
tests/unit/test_reliability.py runs the same code small, in CI. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUBBER = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"]}
HAND = {"contract": "1NT", "declarer": "N", "tricks": 7}

STORE_CHILD = """
import sys
from zapis.store import Store
s = Store(sys.argv[1]); gid = int(sys.argv[2])
print("ready", flush=True)
i = 0
while True:
    s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7, "note": f"n{i}"})
    print(f"ok n{i}", flush=True)
    i += 1
"""

IMPORT_CHILD = """
import sys
from zapis.cli import main
print("ready", flush=True)
i = 0
while True:
    if main(["--db", sys.argv[1], "import", sys.argv[2], "--table", str(1 + i % 9)]) == 0:
        sys.stdout.flush()
    i += 1
"""

APP_CHILD = """
import asyncio, sys
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

async def main():
    app = make_app(sys.argv[1], "pl")
    print("ready", flush=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            app.push_screen(GameScreen(int(sys.argv[2])))
            await pilot.pause()
        screen = app.screen
        i = 0
        while True:
            before = screen.version
            screen.query_one(HandForm).set_values({"contract": "1NT", "declarer": "N", "tricks": 7,
                                                   "note": f"n{i}"})
            screen.action_save()
            if app.store.game(screen.game_id).version > before:
                print(f"ok n{i}", flush=True)
            i += 1
            await pilot.pause(0)

asyncio.run(main())
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def new_club(db: Path, hands: int = 0) -> int:
    from zapis.io import records
    from zapis.store import Store

    with Store(db) as s:
        rec, rules, module = records.parse(dict(RUBBER))
        return s.new_game(None, 1, rec, rules, module, hands=[dict(HAND) for _ in range(hands)],
                          evening=("2026-11-20", "Klub", ""))


def kill_trials(kind: str, trials: int, seed: int = 1) -> dict:
    """`kind`: store, import or app. Returns counts; `lost` and `corrupt` must be 0."""
    from zapis.store import Store

    rnd = random.Random(seed)
    lost = corrupt = empty = confirmed_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        db = tmp / f"{kind}.db"
        gid = new_club(db)
        record = tmp / "record.toml"
        record.write_text('format = "zapis/1"\nruleset = "bridge-rubber"\nplayers = ["Ala", "Bartek", "Celina", '
                          '"Darek"]\n[[hands]]\ncontract = "1NT"\ndeclarer = "N"\ntricks = 7\n', encoding="utf-8")
        code = {"store": STORE_CHILD, "import": IMPORT_CHILD, "app": APP_CHILD}[kind]
        arg = str(record) if kind == "import" else str(gid)
        for _ in range(trials):
            with Store(db) as s:
                before = len(s.hands(gid))
            p = subprocess.Popen([sys.executable, "-c", code, str(db), arg], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, env=_env())
            p.stdout.readline()  # its imports done: the kill comes while it saves, not while Python starts
            first = p.stdout.readline()  # its first confirmed save, however loaded the machine is
            time.sleep(rnd.uniform(0.4, 1.2) if kind != "app" else rnd.uniform(1.5, 3.0))
            p.send_signal(signal.SIGKILL)
            out, _ = p.communicate()
            lines = (first + out).splitlines()
            with Store(db) as s:
                if s.check():
                    corrupt += 1
                    break
                if kind == "import":
                    games = {g.id for g in s.games()}
                    confirmed = [int(line.split()[1]) for line in lines if line.startswith("game ")]
                    lost += sum(1 for g in confirmed if g not in games)
                    empty += s.conn.execute("SELECT count(*) FROM evenings e WHERE NOT EXISTS (SELECT 1 FROM "
                                            "tables t JOIN games g ON g.table_id = t.id WHERE t.evening_id = e.id)"
                                            ).fetchone()[0]
                elif kind == "app":  # the form has no note: count the hands the app said it saved
                    confirmed = [line for line in lines if line.startswith("ok ")]
                    lost += max(0, len(confirmed) - (len(s.hands(gid)) - before))
                else:
                    notes = {h.get("note") for h in s.hands(gid)}
                    confirmed = [line.split()[1] for line in lines if line.startswith("ok ")]
                    lost += sum(1 for n in confirmed if n not in notes)
                    # the next child starts its notes again at n0: keep them distinct per trial
                    s.conn.execute("UPDATE hand_log SET hand_json = replace(hand_json, '\"note\": \"n', "
                                   "'\"note\": \"old') WHERE game_id = ?", (gid,))
            confirmed_total += len(confirmed)
    return {"kind": kind, "trials": trials, "confirmed": confirmed_total, "lost": lost, "corrupt": corrupt,
            "empty_evenings": empty}


WRITER = """
import sys, time
from zapis.core.errors import ZapisError
from zapis.store import Store
s = Store(sys.argv[1]); gid = int(sys.argv[2]); n = int(sys.argv[3])
ok = busy = other = 0
for i in range(n):
    try:
        s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7})
        ok += 1
    except ZapisError as e:
        if "busy" in str(e) or "locked" in str(e):
            busy += 1
        else:
            other += 1
print(ok, busy, other)
"""

READER = """
import sys, time
from zapis.store import Store
s = Store(sys.argv[1]); gid = int(sys.argv[2]); end = time.time() + float(sys.argv[3])
reads = 0
while time.time() < end:
    s.sheet(gid); reads += 1
print(reads)
"""


def writers(n_writers: int, hands: int, saves: int) -> dict:
    """N writers saving on one game of `hands` hands, plus a reader. `busy` must be 0."""
    from zapis.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "w.db"
        gid = new_club(db, hands)
        t0 = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(gid), str(saves)],
                                  stdout=subprocess.PIPE, text=True, env=_env()) for _ in range(n_writers)]
        reader = subprocess.Popen([sys.executable, "-c", READER, str(db), str(gid), "3"], stdout=subprocess.PIPE,
                                  text=True, env=_env())
        results = [list(map(int, p.communicate()[0].split())) for p in procs]
        reads = int(reader.communicate()[0].strip() or 0)
        seconds = time.perf_counter() - t0
        with Store(db) as s:
            stored = len(s.hands(gid)) - hands
            sound = not s.check()
    ok = sum(r[0] for r in results)
    return {"writers": n_writers, "hands": hands, "saves": n_writers * saves, "ok": ok,
            "busy": sum(r[1] for r in results), "other": sum(r[2] for r in results), "stored": stored,
            "lost": ok - stored, "sound": sound, "reads": reads, "seconds": round(seconds, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kills", type=int, default=100, help="kill trials of each kind (store, import, app)")
    ap.add_argument("--writers", type=int, default=4)
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--saves", type=int, default=60, help="saves per writer")
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import how_it_ran
    how_it_ran()
    print(json.dumps({"python": sys.version.split()[0], "bytecode": not sys.dont_write_bytecode,
                      "machine": os.uname().machine, "cores": os.cpu_count()}))
    for kind in ("store", "import", "app"):
        print(json.dumps(kill_trials(kind, args.kills)), flush=True)
    print(json.dumps(writers(args.writers, args.hands, args.saves)), flush=True)


if __name__ == "__main__":
    main()
