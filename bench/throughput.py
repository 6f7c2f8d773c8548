"""Scoring throughput: hands validated and scored per second for each module (the sample and seed records,
each scored for --seconds, default 0.3); and duplicate bridge scores of --deals random deals (default 50,000)
against endplay's contract scoring of the same deals (endplay is a benchmark extra only: pip install endplay).

Duplicate scoring is timed two ways, each against endplay scoring every deal:
- "computed": every deal's score computed (`law77.duplicate_score` with Law 77 values that are not the module's
  own `LAW77` object, so its table of remembered results is never used: the arithmetic of every deal);
- "memoised": `law77.duplicate_score` as the app calls it, its table of remembered results (at most
  7 x 5 x 3 x 2 x 14 cells) emptied before each timing, so the timing includes filling it.
Each figure is the median of --repeat timings (default 5), the three interleaved. Every result of both ways must
equal endplay's, and every record must score without a problem and with a result for each hand, before anything
is timed; otherwise the benchmark aborts. Goal: at least as fast as endplay."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fail, how_it_ran, median, report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def per_module(seconds: float) -> None:
    from zapis.io import records
    samples = sorted((ROOT / "tests" / "data" / "samples").glob("*.toml")) + sorted(
        (ROOT / "tests" / "data" / "seeds").glob("*.toml")) + [ROOT / "tests" / "data" / "skat" / "seed-seeger-fabian.toml"]
    for path in samples:
        rec, rules, module = records.read(path)
        n = max(len(rec.hands), 1)
        try:  # checked once before the timing: a record that does not score is not timed
            sheet = module.validate_and_score(rules, rec.players, rec.hands, rec.start)
        except Exception as e:  # noqa: BLE001 - any failure aborts, named
            fail(f"{path.name}: scoring failed: {type(e).__name__}: {e}")
        if len(sheet.hands) != len(rec.hands):
            fail(f"{path.name}: {len(rec.hands)} hands recorded, {len(sheet.hands)} scored")
        t = time.perf_counter()
        reps = 0
        while time.perf_counter() - t < seconds:
            module.validate_and_score(rules, rec.players, rec.hands, rec.start)
            reps += 1
        rate = reps * n / (time.perf_counter() - t)
        print(f"  {module.id:18s} {path.stem:24s} {rate:12,.0f} hands/s (validated and scored)", flush=True)


def deals(n: int):
    rng = random.Random(7)
    for _ in range(n):
        yield rng.randint(1, 7), rng.choice("CDHS") if rng.random() < 0.8 else "NT", rng.randint(0, 2), \
            rng.random() < 0.5, rng.randint(0, 13)


def versus_endplay(n: int, repeat: int) -> None:
    from zapis.modules.bridge import law77
    from zapis.modules.bridge.law77 import LAW77, Contract, Values, duplicate_score

    data = list(deals(n))
    contracts = [(Contract(lvl, s, d), vul, tr) for lvl, s, d, vul, tr in data]
    values = Values()  # the Law 77 values, but not the LAW77 object: duplicate_score computes every deal
    if values != LAW77 or values is LAW77:
        fail("Values() is not a copy of the Law 77 values: the computed path would score other values")

    def computed() -> list[int]:
        return [duplicate_score(c, v, tr, values) for c, v, tr in contracts]

    def memoised() -> list[int]:
        law77._table.clear()  # emptied: the timing includes filling the table
        return [duplicate_score(c, v, tr) for c, v, tr in contracts]

    def once(fn):
        t = time.perf_counter()
        out = fn()
        return time.perf_counter() - t, out

    try:
        from endplay.types import Contract as EC, Denom, Penalty, Player, Vul
    except ImportError:
        ours = computed()
        if ours != memoised():
            fail("the computed and the memoised duplicate scores differ")
        tc, tm = median([once(computed)[0] for _ in range(repeat)]), median([once(memoised)[0] for _ in range(repeat)])
        print(f"  zapis duplicate_score, {n:,} deals: computed {n / tc:,.0f} deals/s, memoised {n / tm:,.0f} deals/s; "
              "endplay not installed (pip install endplay) for the comparison")
        return
    den = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    pen = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
    theirs = [EC(level=lvl, denom=den[s], declarer=Player.north, penalty=pen[d], result=tr - 6 - lvl)
              for lvl, s, d, vul, tr in data]
    vuls = [Vul.ns if vul else Vul.none for _, _, _, vul, _ in data]

    def endplay() -> list[int]:
        return [c.score(v) for c, v in zip(theirs, vuls)]

    runs: dict[str, list[float]] = {"computed": [], "memoised": [], "endplay": []}
    fns = {"computed": computed, "memoised": memoised, "endplay": endplay}
    ref = endplay()
    for name in ("computed", "memoised"):  # checked before anything is timed
        got = fns[name]()
        agree = sum(a == b for a, b in zip(got, ref))
        print(f"  agreement with endplay, {name}: {agree}/{n}", flush=True)
        if agree != n or len(got) != n:
            bad = next(i for i, (a, b) in enumerate(zip(got, ref)) if a != b)
            fail(f"duplicate scores ({name}) differ from endplay's: deal {data[bad]}: {got[bad]} vs {ref[bad]}")
    names = list(fns)
    for i in range(repeat):  # interleaved, the order rotating
        for name in names[i % 3:] + names[:i % 3]:
            took, out = once(fns[name])
            if len(out) != n:
                fail(f"{name}: {len(out)} scores for {n} deals")
            runs[name].append(took)
    e = median(runs["endplay"])
    report(f"duplicate scoring of {n:,} random deals, computed (every score worked out, no table), median of {repeat}",
           median(runs["computed"]), e, "s", "at least as fast as endplay", median(runs["computed"]) <= e)
    report(f"duplicate scoring of {n:,} random deals, memoised (duplicate_score as the app calls it, its table "
           f"emptied first), median of {repeat}", median(runs["memoised"]), e, "s", "at least as fast as endplay",
           median(runs["memoised"]) <= e)
    print(f"  baseline: endplay Contract.score() of the same deals, median of {repeat}: {e:.4g} s", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="timings of each duplicate scoring, interleaved (default 5)")
    ap.add_argument("--deals", type=int, default=50_000, help="random duplicate deals (default 50,000)")
    ap.add_argument("--seconds", type=float, default=0.3, help="seconds each record is scored for (default 0.3)")
    args = ap.parse_args()
    how_it_ran()
    per_module(args.seconds)
    versus_endplay(args.deals, args.repeat)
