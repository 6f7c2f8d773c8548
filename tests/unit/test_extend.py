"""One hand more without scoring the game again (speed issue #14): a module's `extend()` folds the last hand onto the
sheet of the hands before it. Where it does, its sheet equals the one `score()` makes of all the hands (every row,
running total, the end, the next deal, the checks), and the sheet it started from is left as it was (a screen may
be showing it). Held on every prefix of every sample and seed record, on kop under every setting that changes its
sheet, and through the store, which saves a hand that way."""

import copy
import sys
import tomllib
from pathlib import Path

import pytest

from zapis.io import records
from zapis.core.module import ScoringModule, get_module
from zapis.store import Store

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
RECORDS = sorted((DATA / "samples").glob("*.toml")) + sorted((DATA / "seeds").glob("*.toml")) + [
    DATA / "skat" / "seed-seeger-fabian.toml"]
sys.path.insert(0, str(ROOT / "bench"))
from responsiveness import KOP  # noqa: E402


def assert_extends(module, rules, players, hands, start, where) -> bool:
    """extend() on each prefix equals score(); True when the module extended (not only declined)."""
    extended = False
    before = module.score(rules, players, [], start)
    for n in range(1, len(hands) + 1):
        kept = copy.deepcopy(before)
        got = module.extend(rules, players, before, hands[:n], start)
        full = module.score(rules, players, hands[:n], start)
        assert before == kept, f"{where}: the sheet of {n - 1} hands was changed"
        if got is not None:
            assert got == full, f"{where}: {n} hands"
            extended = True
        before = full
    return extended


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_extend_equals_score_on_every_prefix_of_a_record(path):
    rec, rules, module = records.parse(tomllib.loads(path.read_text(encoding="utf-8")))
    extended = assert_extends(module, rules, rec.players, rec.hands, rec.start, path.stem)
    assert extended == (type(module).extend is not ScoringModule.extend) or not rec.hands


KOP_HANDS = [  # every game, a kontra, a category given, a solo won and lost, a solo du
    KOP,
    {"game": "solo", "old": ["Bartek"], "old_points": 40, "kontra": 1},
    {"game": "wedding", "old": ["Celina", "Darek"], "old_points": 90, "category": "bez-bitki"},
    {"game": "silent", "old": ["Ala"], "old_points": 80, "kontra": 2},
    {"game": "solo-du", "old": ["Darek"], "old_tricks": 4},
    {"game": "solo", "old": ["Ala"], "old_points": 70},
    {"game": "ordinary", "old": ["Bartek", "Darek"], "old_points": 20, "old_tricks": 1, "dealer": "Celina"},
]


@pytest.mark.parametrize("ruleset", ["kop-wolsztyn", "kop-koscian"])
@pytest.mark.parametrize("rules", [{}, {"solo_settlement": "per-opponent"}, {"solo_settlement": "flat"},
                                   {"deals": 5}, {"deals": 7}])
def test_kop_extends_under_every_setting_that_changes_its_sheet(ruleset, rules):
    players = ["Ala", "Bartek", "Celina", "Darek"]
    rec, r, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players, "rules": rules,
                                    "start": {"Ala": 3, "Celina": -2}})
    hands = KOP_HANDS[:r["deals"]] if r["deals"] else KOP_HANDS
    assert assert_extends(module, r, players, hands, rec.start, f"{ruleset} {rules}")


def test_the_store_saves_a_hand_by_extending_and_shows_what_a_fresh_score_shows(db, monkeypatch):
    store = Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "kop-wolsztyn",
                                        "players": ["Ala", "Bartek", "Celina", "Darek"]})
    gid = store.new_game(store.new_evening("2026-11-24"), 1, rec, rules, module, hands=[KOP] * 30)
    store.scored(gid)
    scored = []
    kop = type(get_module("kop"))
    monkeypatch.setattr(kop, "score", lambda self, *a, **k: scored.append(1) or ScoringModule.score(self, *a, **k))
    for hand in KOP_HANDS:
        store.enter(gid, hand)
    assert scored == []  # every save folded one hand on: the 30 before were not scored again
    shown = store.scored(gid).sheet
    monkeypatch.undo()
    again = Store(db).scored(gid).sheet  # a fresh store scores the whole game
    assert shown == again
    assert len(shown.hands) == 30 + len(KOP_HANDS)
