"""The board for a TV and a duplicate pairs session: a ranking page of its own, live as results come in."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import DataTable, Label

from tests.ui.conftest import new_game
from zapis.io import records
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.board import BoardScreen
from zapis.web.board import board_state, expected_results, results_text

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "samples" / "bridge-pairs.toml"
CONTRACTS = [("4S", "N", 10), ("4S", "N", 11), ("3NT", "S", 8), ("3NT", "S", 9), ("2H", "E", 8), ("4H", "W", 9),
             ("1NT", "E", 7), ("3S", "N", 10)]


def pairs_session(db, names: dict[str, list[str]] | None = None, boards: int = 0, ruleset: str = "bridge-pairs",
                  evening: bool = True, seed: int = 1) -> int:
    """A pairs session in the latest evening (made if there is none): the sample's pairs and results, or
    `names` with `boards` boards each played by every table of a simple rotation. Returns the game id."""
    rec, rules, module = records.read(SAMPLE)
    hands = list(rec.hands)
    if names is not None:
        data = {"format": "zapis/1", "ruleset": ruleset, "title": "Turniej par", "pairs": names}
        rec, rules, module = records.parse(data)
        rnd = random.Random(seed)
        nums = sorted(names, key=int)
        hands = []
        for board in range(1, boards + 1):
            order = nums[board % len(nums):] + nums[:board % len(nums)]
            for k in range(0, len(order) - 1, 2):
                contract, declarer, base = rnd.choice(CONTRACTS)
                hands.append({"board": board, "ns": int(order[k]), "ew": int(order[k + 1]), "contract": contract,
                              "declarer": declarer, "tricks": max(0, min(13, base + rnd.choice((-1, 0, 0, 1))))})
    with Store(db) as store:
        evs = store.evenings()
        eid = evs[-1]["id"] if evs and evening else store.new_evening("2026-11-20", "Klub", "Piątek")
        return store.new_game(eid, len(store.games(eid)) + 1, rec, rules, module, hands=hands)


def test_a_pairs_session_has_its_ranking_page_and_no_sheet_to_cycle(db):
    gid = pairs_session(db)
    state = board_state(db, "pl")
    assert state["tables"] == []  # its long per-board sheet is not cycled through
    assert state["standings"] == []  # a pairs-only evening: the players' standings would repeat the ranking
    [s] = state["pairs"]
    assert s["game"] == gid and s["title"] == "Turniej par" and s["unit"] == "PT" and s["percent"]
    assert s["results"] == 4 and s["expected"] is None and s["count"] == "4 wyniki"
    assert [(r["place"], r["pair"], r["players"], r["total"], r["percent"]) for r in s["ranking"]] == [
        ("1.", "4", ["Gosia", "Henryk"], "3,2", "80,00%"),
        ("2.", "1", ["Ala", "Bartek"], "3", "75,00%"),
        ("3.", "3", ["Ewa", "Franek"], "1", "25,00%"),
        ("4.", "2", ["Celina", "Darek"], "0,8", "20,00%")]
    assert [r["first"] for r in s["ranking"]] == [True, False, False, False]
    en = board_state(db, "en")["pairs"][0]
    assert en["unit"] == "MP" and en["count"] == "4 results" and en["ranking"][0]["total"] == "3.2"
    assert en["method_text"] == "matchpoints"


def test_a_new_result_changes_the_ranking_in_the_next_state(db):
    gid = pairs_session(db)
    before = board_state(db, "pl")["pairs"][0]
    with Store(db) as other:
        other.enter(gid, {"board": 3, "ns": 2, "ew": 1, "contract": "4H", "declarer": "S", "tricks": 11})
        other.enter(gid, {"board": 3, "ns": 3, "ew": 4, "contract": "4H", "declarer": "S", "tricks": 9})
    after = board_state(db, "pl")["pairs"][0]
    assert after["version"] == before["version"] + 2 and after["results"] == 6 and after["count"] == "6 wyników"
    totals = {r["pair"]: r["total"] for r in after["ranking"]}
    assert totals["2"] == "2,8" and totals["1"] == "3"  # pair 2 won board 3's top, pair 1 got nothing on it
    assert [r["pair"] for r in after["ranking"]] != [r["pair"] for r in before["ranking"]]


def test_shared_places_imps_and_names_as_data(db):
    hostile = {"1": ["<img src=x onerror=alert(1)>", "[@click=app.quit]Ala"], "2": ["Bartek[/]", "Celina"],
               "3": ["Darek", "Ewa"], "4": ["Franek", "Gosia"]}
    gid = pairs_session(db, hostile, boards=0, ruleset="bridge-pairs-imp")
    s = board_state(db, "pl")["pairs"][0]
    assert s["unit"] == "IMP" and not s["percent"] and "percent" not in s["ranking"][0]
    # nobody has played yet: no place, no total (not all last with 0)
    assert [(r["place"], r["total"]) for r in s["ranking"]] == [("—", "—")] * 4
    assert not any(r["first"] for r in s["ranking"])
    assert s["ranking"][0]["players"] == hostile["1"]  # as they are: the page draws them with textContent
    assert s["count"] == "0 wyników"
    with Store(db) as store:
        store.enter(gid, {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10})
        store.enter(gid, {"board": 1, "ns": 3, "ew": 4, "contract": "4S", "declarer": "N", "tricks": 10})
    s = board_state(db, "pl")["pairs"][0]
    assert [r["place"] for r in s["ranking"]] == ["1.–4."] * 4 and s["count"] == "2 wyniki"
    with Store(db) as store:
        store.enter(gid, {"board": 2, "ns": 1, "ew": 3, "contract": "3NT", "declarer": "S", "tricks": 9})
        store.enter(gid, {"board": 2, "ns": 2, "ew": 4, "contract": "3NT", "declarer": "S", "tricks": 8})
    s = board_state(db, "pl")["pairs"][0]
    rows = {r["pair"]: r for r in s["ranking"]}
    # board 2: 3NT made for pair 1 (N-S) against 3NT down for pair 2 (N-S): pairs 1 and 4 gain alike
    assert rows["1"]["place"] == rows["4"]["place"] == "1.–2." and rows["2"]["place"] == rows["3"]["place"] == "3.–4."
    assert rows["3"]["negative"] and rows["3"]["total"].startswith("-") and not rows["1"]["negative"]


def test_an_evening_with_other_games_keeps_its_tables_and_standings(db):
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
             [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    pairs_session(db)
    state = board_state(db, "pl")
    assert [t["table"] for t in state["tables"]] == [1] and len(state["pairs"]) == 1
    assert state["standings"]  # the evening's players' standings stay for the other games


def test_the_number_of_results_of_a_session_with_a_movement():
    pairs = {str(n): [f"a{n}", f"b{n}"] for n in range(1, 11)}
    # five tables, each playing two boards a round: 7 rounds (read from the rules) or the whole movement
    assert expected_results({"movement": "mitchell", "rounds": 7, "boards_per_round": 2}, pairs) == 70
    assert expected_results({"movement": "mitchell", "rounds": 5, "boards_per_round": 2}, pairs) == 50
    assert expected_results({"movement": "howell", "rounds": 0, "boards_per_round": 2}, pairs) == 90
    assert expected_results({"movement": "none"}, pairs) is None
    assert expected_results({}, pairs) is None
    assert results_text(42, 70, "pl") == "42 / 70 wyników" and results_text(42, 70, "en") == "42 / 70 results"
    assert results_text(1, None, "pl") == "1 wynik" and results_text(22, None, "pl") == "22 wyniki"
    assert results_text(12, None, "pl") == "12 wyników" and results_text(1, None, "en") == "1 result"


# --- the Textual board (`zapis board`) --------------------------------------------------------------------
def _cells(table: DataTable) -> list[list[str]]:
    return [[str(getattr(c, "plain", c)) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_textual_board_shows_the_ranking_and_a_new_result(db):
    gid = pairs_session(db, {"1": ["[b]Ala[/b]", "Bartek"], "2": ["Celina", "Darek"], "3": ["Ewa", "Franek"],
                             "4": ["Gosia", "Henryk"]}, boards=2)
    app = make_app(db, "pl", board=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BoardScreen)
        table = screen.query_one("#board-standings", DataTable)
        title = str(screen.query_one("#board-title", Label).render())
        assert table.display and "Turniej par" in title and "4 wyniki" in title
        rows = _cells(table)
        assert len(rows) == 4 and all(len(r) == 5 for r in rows)
        assert any("[b]Ala[/b] – Bartek" in r[2] for r in rows)  # markup shown as text, never obeyed
        for _ in range(3):  # the only game: the ranking stays on the screen
            screen.advance()
            await pilot.pause()
            assert table.display and "Turniej par" in str(screen.query_one("#board-title", Label).render())
        with Store(db) as other:
            other.enter(gid, {"board": 3, "ns": 1, "ew": 2, "contract": "7NT", "declarer": "N", "tricks": 13})
        for _ in range(40):
            await pilot.pause(0.05)
            if "5 wyników" in str(screen.query_one("#board-title", Label).render()):
                break
        assert "5 wyników" in str(screen.query_one("#board-title", Label).render())
        assert _cells(table) != rows


async def test_the_textual_board_alternates_the_ranking_with_the_tables(db):
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"])
    pairs_session(db)
    app = make_app(db, "pl", board=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        seen = []
        for _ in range(4):
            seen.append(str(screen.query_one("#board-title", Label).render()))
            screen.advance()
            await pilot.pause()
        assert "Turniej par" in seen[0] and "Turniej par" in seen[2]
        assert "Turniej par" not in seen[1] and "Turniej par" not in seen[3]
        assert any("Klasyfikacja" in s for s in seen) and any("Stół 1" in s or "stół 1" in s for s in seen)
