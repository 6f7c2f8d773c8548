"""The malformed corpus at full size: every hand of every sample (CI takes the first three), every
bad value, each through `zapis import` in-process. Prints the counts; the goal is 0 tracebacks, 0 exit
1, every refusal naming its file and place, and the database untouched."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.unit.test_hostile_corpus import VALID, _bad_values  # noqa: E402
from zapis.cli import main as zapis  # noqa: E402
from zapis.store import Store  # noqa: E402


def cases():
    for path in VALID:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        hkey = "results" if "results" in data else "hands"
        for i, hand in enumerate(data.get(hkey, [])):
            for field in list(hand):
                for label, bad in _bad_values() + [("minus", -1000), ("table", {"zzz": 1}), ("text", "x" * 5000),
                                                   ("list", [1, "a"]), ("bool", True)]:
                    d = copy.deepcopy(data)
                    d[hkey][i][field] = bad
                    yield f"{path.stem}-{hkey}{i}-{field}-{label}", d


def run() -> dict:
    counts = {"cases": 0, "refused": 0, "accepted": 0, "exit_1": 0, "traceback": 0, "unnamed": 0, "stored": 0}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, data in cases():
            counts["cases"] += 1
            f = tmp / f"{name}.toml"
            f.write_text(tomli_w.dumps(data), encoding="utf-8")
            db = tmp / "c.db"
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                try:
                    code = zapis(["--db", str(db), "import", str(f)])
                except BaseException:  # noqa: BLE001 - counted
                    code = -1
            text = err.getvalue()
            if code == 0:
                counts["accepted"] += 1  # a bad value a module may take (a long note, a count of 0)
                db.unlink()
                for suffix in ("-wal", "-shm"):
                    Path(str(db) + suffix).unlink(missing_ok=True)
                continue
            counts["refused"] += code == 2
            counts["exit_1"] += code not in (0, 2)
            counts["traceback"] += "Traceback" in text
            counts["unnamed"] += any(not line.startswith(str(f)) for line in text.strip().splitlines())
            if db.exists():
                with Store(db) as s:
                    counts["stored"] += bool(s.games() or s.evenings())
    counts["seconds"] = round(time.perf_counter() - t0, 1)
    return counts


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import how_it_ran
    how_it_ran()
    print(json.dumps(run()))
