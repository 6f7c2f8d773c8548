"""One language at a time (the screens' issue): every screen and dialog of the demo evening is walked, in
Polish and in English, and what the terminal shows is checked against a list of the other language's words.
Card terms stay Polish in both (musik, rozbójnik, odgrywka, meldunek, bajt); names and titles are data."""

from __future__ import annotations

import html
import re

import pytest

from zapis.io import rulesets
from zapis.core.module import modules
from zapis.demo import build_demo
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.keybar import KeyBar

#: English words a Polish screen must not show
ENGLISH = set("""the and of to is not with without each hand hands game games save undo edit history total totals
player players next deal deals score points above below passed missing standings export table evening new open
search language rubber settlement won lost winner over date place title stake rules ruleset unfinished vulnerable
trick tricks card cards bid melds bomb sums zero contract declarer result chart back cancel quit help yes no
dismiss menu less often dealer note big digits nothing press keys fields command""".split())
#: Polish words an English screen must not show (card terms excepted)
POLISH = set("""rozdanie rozdania rozdań gra gry zapisz cofnij popraw historia razem gracz gracze graczy dalej wynik
stół wieczór nowy nowa tak nie brak nad pod kreską rober partia rozliczenie wygrywa wygrali klasyfikacja eksport
zasady pomoc koniec wróć anuluj język szukaj miejsce data tytuł stawka punkty grający licytacja bomba meldunki
rzadziej wykres rozdaje uwaga wyniki stoły duże cyfry klawisze pola zapisano zostanie plik folder""".split())


def screen_text(app) -> str:
    svg = app.export_screenshot()
    lines: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text[^>]*y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        lines.setdefault(y, []).append(html.unescape(text).replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(lines.items(), key=lambda kv: float(kv[0])))


def foreign(text: str, lang: str) -> set[str]:
    """The other language's words on the screen (identifiers are not words: ruleset ids, and the parameter keys
    a ruleset file holds, which the rulesets screen lists as they are typed)."""
    for rid, module, _ in rulesets.list_rulesets():
        text = text.replace(rid, " ").replace(f"[{module}]", " ")
    keys = {p.name for m in modules().values() for p in m.params}
    text = " ".join(" " if w.strip("│┃|") in keys else w for w in re.split(r"(\s+)", text))
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    return words & (ENGLISH if lang == "pl" else POLISH)


async def walk(app, pilot, look) -> int:
    """Every screen and dialog of the demo evening, `look` called on each; returns the number of games."""
    await look("evening", "Ala")
    app.screen.query_one("#evening").focus()
    await pilot.press("enter")
    await look("evening list opened", "2026")
    await pilot.press("escape")
    await pilot.press("ctrl+p")
    await look("command palette")
    await pilot.press("escape")
    await pilot.pause()
    for key, name in (("s", "standings"), ("x", "export"), ("n", "new evening"), ("g", "new game"),
                      ("r", "rulesets"), ("p", "players"), ("question_mark", "help"), ("t", "tablets")):
        await pilot.press(key)
        await look(name)
        await pilot.press("escape")
        await pilot.pause()
    games = app.store.games(app.evening_id)
    for g in games:
        app.push_screen(GameScreen(g.id))
        await look(f"game {g.id}", g.players[0])
        await pilot.press("ctrl+s")  # an empty form: what is missing, said
        await look(f"game {g.id}: refused")
        app.screen.query_one("#sheet").focus()
        await pilot.press("up")
        await look(f"game {g.id}: how")
        await pilot.click("#undo")
        await look(f"game {g.id}: undo asked")
        await pilot.press("escape")
        await pilot.press("ctrl+r")
        await look(f"game {g.id}: history")
        await pilot.press("escape")
        await pilot.press("ctrl+g")
        await look(f"game {g.id}: chart")
        await pilot.press("escape")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
    return len(games)


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_every_screen_of_the_demo_evening_speaks_one_language(tmp_path, lang):
    db = tmp_path / "demo.db"
    build_demo(db, lang)
    app = make_app(db, lang)
    seen: dict[str, set[str]] = {}
    looked: list[str] = []

    async def look(where: str, must: str = "") -> None:
        await pilot.pause()
        text = screen_text(app)
        assert must in text, (where, must)  # the walk really is where it says
        looked.append(where)
        bad = foreign(text, lang)
        if bad:
            seen[where] = bad

    async with app.run_test(size=(120, 40)) as pilot:
        games = await walk(app, pilot, look)
    assert games == 4 and len(looked) == 11 + 6 * games
    assert not seen, "; ".join(f"{k}: {sorted(v)}" for k, v in seen.items())


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_at_80x24_every_screens_keys_are_on_the_screen(tmp_path, lang):
    """The smallest terminal: on every screen and dialog each key the footer shows ends inside the 80 columns."""
    db = tmp_path / "demo.db"
    build_demo(db, lang)
    app = make_app(db, lang)
    cut: list[str] = []

    async def look(where: str, must: str = "") -> None:
        await pilot.pause()
        for bar in app.screen.query(KeyBar):
            if bar.keys and bar.region.x + bar.keys[-1].end > 80:
                cut.append(f"{where}: {' '.join(k.description for k in bar.keys)}")

    async with app.run_test(size=(80, 24)) as pilot:
        await walk(app, pilot, look)
    assert not cut, cut


NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_every_rulesets_game_screen_speaks_one_language(tmp_path, lang):
    """Beyond the demo: a game of every built-in ruleset, its form (every field, the rare ones too) and what an
    empty save says, in one language."""
    from tests.ui.conftest import new_game
    from zapis.core.module import get_module

    db = tmp_path / "all.db"
    games = []
    for rid, module_id, _ in rulesets.list_rulesets():
        module = get_module(module_id)
        n = 4 if 4 in module.player_counts else module.player_counts[0]
        players = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]} if module.players_key == "pairs" else NAMES[:n]
        games.append((rid, new_game(db, rid, players)))
    app = make_app(db, lang)
    seen: dict[str, set[str]] = {}
    async with app.run_test(size=(120, 60)) as pilot:
        for rid, gid in games:
            app.push_screen(GameScreen(gid))
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            text = screen_text(app)
            assert "Ala" in text, rid  # the game's screen, with its form
            bad = foreign(text, lang)
            if bad:
                seen[rid] = bad
            app.pop_screen()
            await pilot.pause()
    assert len(games) >= 30
    assert not seen, "; ".join(f"{k}: {sorted(v)}" for k, v in seen.items())


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_the_rarer_screens_speak_one_language(tmp_path, lang):
    """Beyond the demo's screens: a skat tournament's draw, a new pairs session's dialog, the director's view of a
    pairs session with its correction, addition and history, a table's pairs screen, the season's ratings and
    statistics (from the standings), and the board."""
    from zapis.club import pairs_session as ps
    from zapis.store import Store
    from zapis.ui.screens.pairs_director import PairsDirectorScreen
    from zapis.ui.screens.pairs_table import PairsTableScreen

    db = tmp_path / "club.db"
    build_demo(db, lang)
    store = Store(db)
    pairs_evening = store.new_evening(None, "Klub", "Pary")
    gid = ps.new_session(store, pairs_evening, [["Ala", "Bartek"], ["Celina", "Darek"], ["Ewa", "Franek"],
                                                 ["Gosia", "Henryk"]])
    seating = ps.load(store, gid).movement.rounds[0][0]  # one result in: the director has one to correct
    store.enter(gid, ps.result_hand(seating, seating.boards[0], 1, {"contract": "4S", "declarer": "N", "tricks": 10}))
    store.close()
    seen: dict[str, set[str]] = {}
    looked: list[str] = []

    async def look(where: str, must: str = "") -> None:
        await pilot.pause()
        text = screen_text(app)
        assert must in text, (where, must)
        looked.append(type(app.screen).__name__)
        bad = foreign(text, lang)
        if bad:
            seen[where] = bad

    app = make_app(db, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await look("evening with a pairs session", "Ala")
        for key, name, then in (("k", "skat draw", ()), ("s", "standings", ("r",)), ("s", "standings", ("t",))):
            await pilot.press(key)
            await look(name)
            for k in then:
                await pilot.press(k)
                await look(f"{name}: {k}")
                await pilot.press("escape")
            await pilot.press("escape")
            await pilot.pause()
        app.push_screen(PairsDirectorScreen(gid))  # the pairs session's own screen: the director's view
        await look("pairs director", "Ala")
        for key in ("c", "a", "h"):
            await pilot.press(key)
            await look(f"pairs director: {key}")
            await pilot.press("escape")
            await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        app.push_screen(PairsTableScreen(gid, 1))
        await look("a table's pairs screen")
        await pilot.press("ctrl+s")
        await look("a table's pairs screen: an empty save")
    board = make_app(db, lang, board=True)
    async with board.run_test(size=(120, 40)) as pilot:
        app = board
        await look("board")
    assert looked == ["EveningScreen", "SkatDrawScreen", "StandingsScreen", "RatingsScreen", "StandingsScreen",
                      "StatisticsScreen", "PairsDirectorScreen", "ResultDialog", "ResultDialog", "HistoryDialog",
                      "PairsTableScreen", "PairsTableScreen", "BoardScreen"], looked  # each screen was reached
    assert not seen, "; ".join(f"{k}: {sorted(v)}" for k, v in seen.items())
