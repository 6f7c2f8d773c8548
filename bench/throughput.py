"""Scoring throughput: hands scored per second for each module; duplicate bridge deals against
endplay's contract scoring on the same random deals (endplay is a benchmark extra only:
pip install endplay). Goal: at least as fast as endplay."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import how_it_ran, report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def per_module() -> None:
    from zapis.io import records
    samples = sorted((ROOT / "tests" / "data" / "samples").glob("*.toml")) + sorted(
        (ROOT / "tests" / "data" / "seeds").glob("*.toml")) + [ROOT / "tests" / "data" / "skat" / "seed-seeger-fabian.toml"]
    for path in samples:
        rec, rules, module = records.read(path)
        n = max(len(rec.hands), 1)
        t = time.perf_counter()
        reps = 0
        while time.perf_counter() - t < 0.3:
            module.validate_and_score(rules, rec.players, rec.hands, rec.start)
            reps += 1
        rate = reps * n / (time.perf_counter() - t)
        print(f"  {module.id:18s} {path.stem:24s} {rate:12,.0f} hands/s (validated and scored)")


def deals(n: int):
    rng = random.Random(7)
    for _ in range(n):
        yield rng.randint(1, 7), rng.choice("CDHS") if rng.random() < 0.8 else "NT", rng.randint(0, 2), \
            rng.random() < 0.5, rng.randint(0, 13)


def versus_endplay(n: int = 50_000) -> None:
    from zapis.modules.bridge.law77 import Contract, duplicate_score
    data = list(deals(n))
    contracts = [(Contract(lvl, s, d), vul, tr) for lvl, s, d, vul, tr in data]
    t = time.perf_counter()
    ours = [duplicate_score(c, v, tr) for c, v, tr in contracts]
    mine = time.perf_counter() - t
    try:
        from endplay.types import Contract as EC, Denom, Penalty, Player, Vul
    except ImportError:
        print(f"  zapis duplicate_score: {n / mine:,.0f} deals/s; endplay not installed (pip install endplay) "
              "for the comparison")
        return
    den = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    pen = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
    theirs = [EC(level=lvl, denom=den[s], declarer=Player.north, penalty=pen[d], result=tr - 6 - lvl)
              for lvl, s, d, vul, tr in data]
    vuls = [Vul.ns if vul else Vul.none for _, _, _, vul, _ in data]
    t = time.perf_counter()
    ref = [c.score(v) for c, v in zip(theirs, vuls)]
    other = time.perf_counter() - t
    agree = sum(a == b for a, b in zip(ours, ref))
    print(f"  agreement with endplay: {agree}/{n}")
    report("duplicate scoring time for %d deals" % n, mine, other, "s", "at least as fast as endplay",
           mine <= other)


if __name__ == "__main__":
    how_it_ran()
    per_module()
    versus_endplay()
