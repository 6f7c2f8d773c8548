"""The totals-only path (speed issue #14): a module's `totals()` (what a season scores thousands of games with)
agrees with its full `score()` on everything the standings take: players, totals, finished, winner, and each
game's places, place points, place spans and money (judged with a stake, so money is exercised). Held on every
prefix of every sample and seed record, on the demo evening and on a generated history of five games an evening."""

import sys
import tomllib
from pathlib import Path

import pytest

from zapis.io import records
from zapis.demo import build_demo
from zapis.core.module import DECLARED
from zapis.club.evening import GameResult, declared_of, declarers, judge
from zapis.store import Store

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from make_history import build  # noqa: E402

DATA = ROOT / "tests" / "data"
RECORDS = sorted((DATA / "samples").glob("*.toml")) + sorted((DATA / "seeds").glob("*.toml")) + [
    DATA / "skat" / "seed-seeger-fabian.toml"]


def standings_view(module, rules, sheet, stake=5):
    r = judge(GameResult("g", sheet, rules, module, stake))
    return (list(sheet.players), dict(sheet.totals), sheet.finished, sheet.winner, r.outcome())


def assert_agree(module, rules, players, hands, start, where):
    full = module.score(rules, players, hands, start)
    fast = module.totals(rules, players, hands, start)
    assert standings_view(module, rules, fast) == standings_view(module, rules, full), where
    if DECLARED in fast.extra:  # the declarers a fold found on the way are those `declarers` finds
        assert declared_of(fast.extra[DECLARED], players) == declarers(module, rules, players, hands), where


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_totals_agree_with_the_full_sheet_on_every_prefix_of_a_record(path):
    rec, rules, module = records.parse(tomllib.loads(path.read_text(encoding="utf-8")))
    for n in range(len(rec.hands) + 1):
        assert_agree(module, rules, rec.players, rec.hands[:n], rec.start, f"{path.stem}: first {n} hands")


def test_totals_agree_on_the_demo_and_a_generated_history(tmp_path):
    store = Store(build_demo(tmp_path / "demo.db").path)
    build(tmp_path / "h.db", 6)
    for s in (store, Store(tmp_path / "h.db")):
        for g in s.games():
            rec, rules, module = s.record(g.id)
            for n in sorted({0, 1, len(rec.hands) // 2, len(rec.hands)}):
                assert_agree(module, rules, rec.players, rec.hands[:n], rec.start, f"game {g.id}: {n} hands")
