"""A duplicate pairs session run at the tables: the director makes it, each table's tablet enters its boards by the
movement (E-W accept with one tap), the traveller and the live ranking follow, the director corrects."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json

import pytest

from zapis.club import pairs_session as ps
from zapis.cli import main
from zapis.modules.bridge.law77 import board_dealer_vul
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.pairs_director import PairsDirectorScreen
from zapis.ui.screens.pairs_table import PairsTableScreen
from zapis.ui.widgets.hand_form import HandForm
from tests.ui.test_live import Tablet
from tests.ui.test_touch_entry import Finger

PAIRS = [[f"Gracz{i}a", f"Gracz{i}b"] for i in range(1, 11)]
#: contracts a table plays: (level, strain, declarer, result relative to the contract)
PLAYS = [("4", "S", "N", 0), ("3", "NT", "S", 1), ("2", "H", "E", -1), ("4", "H", "W", 0), ("1", "NT", "N", 2),
         ("3", "C", "E", -2), ("6", "S", "S", 0), ("2", "S", "W", 1)]


def session(db, pairs=PAIRS, **kw) -> int:
    store = Store(db)
    eid = store.new_evening("2026-11-20", "Klub", "Piątek")
    gid = ps.new_session(store, eid, pairs, **kw)
    store.close()
    return gid


def play_for(board: int, table: int) -> tuple[str, str, str, int]:
    return PLAYS[(board * 3 + table) % len(PLAYS)]


async def enter_board(pilot, board: int, table: int) -> dict:
    """One board as the table enters it, by taps alone: contract, declarer, result; then E-W accept."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, PairsTableScreen) and screen.board == board
    level, strain, declarer, rel = play_for(board, table)
    finger = Finger(pilot)
    await finger.pad("#part-contract-0", level)
    await finger.pad("#part-contract-1", strain)
    await finger.pad("#in-declarer", declarer)
    await finger.pad("#in-tricks", int(level) + 6 + rel)
    button = screen.query_one("#pt-save")
    await finger._click_at(button, 2, 1 if app.touch else 0)
    assert screen.mode == "confirm", str(screen.query_one("#pt-message").render())
    await finger._click_at(screen.query_one("#pt-accept"), 2, 1 if app.touch else 0)
    assert screen.mode == "traveller", str(screen.query_one("#pt-message").render())
    return {"contract": f"{level}{strain}", "declarer": declarer, "tricks": int(level) + 6 + rel}


async def play_table(tablet: Tablet, table: int, movement) -> int:
    """Every board of the table's rounds, round after round, as the table plays them; how many it entered."""
    entered = 0
    for rnd, seats in enumerate(movement.rounds, start=1):
        seating = next((s for s in seats if s.table == table), None)
        if seating is None:
            continue
        for board in seating.boards:
            async def one(pilot, board=board):
                await enter_board(pilot, board, table)
                screen = pilot.app.screen
                await Finger(pilot)._click_at(screen.query_one("#pt-next"), 2, 1)
            await tablet.do(one)
            entered += 1
            await asyncio.sleep(0)  # the other tablets' turn
    return entered


async def test_five_tablets_enter_a_howell_at_once_and_the_ranking_is_zapis_score(db, tmp_path):
    """A 5-table Howell (10 pairs, 9 rounds, 1 board a round) entered from five tablets at once: every board of
    every table goes in, and the live ranking equals `zapis score` on the session exported as a record."""
    gid = session(db, boards_per_round=1)
    movement = ps.load(Store(db), gid).movement
    assert movement.tables == 5 and len(movement.rounds) == 9
    tablets = [Tablet(db, table=n, touch=True) for n in range(1, 6)]
    board = Tablet(db, board=True)  # the club's TV, watching as the results come in
    for t in tablets + [board]:
        await t.__aenter__()
    try:
        for t in tablets:
            assert await t.do(lambda p: isinstance(p.app.screen, PairsTableScreen))
        counts = await asyncio.gather(*(play_table(t, n, movement) for n, t in enumerate(tablets, start=1)))
        assert sum(counts) == 45
        # every tablet ends on "all boards in"
        for t in tablets:
            await t.until(lambda app: app.screen.mode == "done", limit=3)
        live = ps.load(Store(db), gid).sheet.extra["ranking"]
        # the board shows the live ranking: every pair in its place, with the count of results in
        await board.until(lambda app: board_pairs(app) == [str(it["pair"]) for it in live], limit=3)
        assert "45 / 45" in await board.do(lambda p: str(p.app.screen.query_one("#board-title").render()))
    finally:
        for t in tablets + [board]:
            await t.__aexit__(None, None, None)
    store = Store(db)
    s = ps.load(store, gid)
    assert s.results_in() == (45, 45)
    for res in s.results:  # each where the movement had it played, with what the table entered
        rnd, seating = movement.find(res["board"], res["ns"], res["ew"])
        assert (res["table"], res["round"]) == (seating.table, rnd)
        level, strain, declarer, rel = play_for(res["board"], seating.table)
        assert (res["contract"], res["declarer"], res["tricks"]) == (f"{level}{strain}", declarer,
                                                                     int(level) + 6 + rel)
    live = s.sheet.extra["ranking"]
    out = tmp_path / "out"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "toml", "-o", str(out)]) == 0
    files = sorted(out.glob("*.toml")) if out.is_dir() else [out]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["score", str(files[0]), "--json"]) == 0
    scored = json.loads(printed.getvalue())
    assert scored["ranking"] == live
    check_exports(db, tmp_path, s)
    # every pair ranked on the 9 boards it played (one a round), none left out
    assert sorted(it["pair"] for it in live) == list(range(1, 11)) and all(it["boards"] == 9 for it in live)


def board_pairs(app) -> list[str]:
    """The pair numbers in the order the board's ranking shows them."""
    table = app.screen.query_one("#board-standings")
    return [str(table.get_row_at(i)[1]) for i in range(table.row_count)]


def check_exports(db, tmp_path, s: ps.Session) -> None:
    """The evening's PBN read back by endplay (an independent parser) has every score and matchpoint of the
    session; the USEBIO has the participants in their places with their percentages and every traveller line."""
    import xml.etree.ElementTree as ET

    pbn_parser = pytest.importorskip("endplay.parsers.pbn")
    pbn_file, xml_file = tmp_path / "session.pbn", tmp_path / "session.xml"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "pbn", "-o", str(pbn_file)]) == 0
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "usebio", "-o", str(xml_file)]) == 0
    expected = {(e["board"], e["ns"], e["ew"]): e for e in s.sheet.extra["results"]}
    seen = 0
    for b in pbn_parser.loads(pbn_file.read_text(encoding="utf-8")):
        table = b.info["ScoreTable"]
        cols = [c if isinstance(c, str) else c["name"] for c in table["headers"]]
        for row in table["rows"]:
            r = dict(zip(cols, row))
            e = expected[(b.board_num, int(r["PairId_NS"]), int(r["PairId_EW"]))]
            score = int(r["Score_NS"]) if r["Score_NS"] != "-" else -int(r["Score_EW"])
            assert score == e["score_ns"]
            assert (int(r["Table"]), int(r["Round"])) == (e["table"], e["round"])
            assert float(r["MP_NS"]) == pytest.approx(e["mp_ns"], abs=0.005)
            assert float(r["MP_EW"]) == pytest.approx(e["mp_ew"], abs=0.005)
            seen += 1
    assert seen == len(expected) == 45
    root = ET.fromstring(xml_file.read_text(encoding="utf-8").split("\n", 2)[2])
    section = root.find("EVENT/SESSION/SECTION")
    places = [(int(p.findtext("PAIR_NUMBER")), int(p.findtext("PLACE").rstrip("=")), float(p.findtext("PERCENTAGE")))
              for p in section.findall("PARTICIPANTS/PAIR")]
    assert places == [(it["pair"], it["place"], pytest.approx(it["percent"], abs=0.005))
                      for it in s.sheet.extra["ranking"]]
    assert len(list(section.iter("TRAVELLER_LINE"))) == 45


async def test_a_table_sees_its_round_pairs_boards_and_the_traveller_and_ew_must_accept(db):
    gid = session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)  # 4 tables, skip: 3 rounds
    app = make_app(db, "pl", table=2, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PairsTableScreen)
        text = str(screen.query_one("#pt-title").render()) + str(screen.query_one("#pt-pairs").render())
        # Mitchell: N-S pair 2 stays at table 2, E-W pair 6 (4 + 2) starts there; boards 3-4 (set 2)
        assert "stół 2 · runda 1 z 3" in text and "para 2: Gracz2a – Gracz2b" in text and "para 6" in text
        assert screen.board == 3
        dealer, _ = board_dealer_vul(3)
        assert f"rozdaje {dealer}" in str(screen.query_one("#pt-board").render())
        # the result is not saved before E-W accept: "Popraw" goes back with the values kept
        finger = Finger(pilot)
        await finger.pad("#part-contract-0", "3")
        await finger.pad("#part-contract-1", "NT")
        await finger.pad("#in-declarer", "S")
        await finger.pad("#in-tricks", 8)
        await finger._click_at(screen.query_one("#pt-save"), 2, 1)
        assert "3BA S -1" in str(screen.query_one("#pt-summary").render()) or \
            "3NT S -1" in str(screen.query_one("#pt-summary").render())
        assert Store(db).hands(gid) == []
        await finger._click_at(screen.query_one("#pt-change"), 2, 1)
        assert screen.mode == "entry" and screen.query_one(HandForm).values()["tricks"] == 8
        await finger._click_at(screen.query_one("#pt-save"), 2, 1)
        await finger._click_at(screen.query_one("#pt-accept"), 2, 1)
        hands = Store(db).hands(gid)
        assert hands == [{"board": 3, "ns": 2, "ew": 6, "table": 2, "round": 1, "contract": "3NT",
                          "declarer": "S", "tricks": 8}]
        rows = screen.query_one("#pt-traveller").row_count
        assert rows == 1
        # another table plays board 3 later; its result appears in this traveller when it is in
        other = Store(db)
        s = ps.load(other, gid)
        rnd, seating = next((r, st) for r, seats in enumerate(s.movement.rounds, 1) for st in seats
                            if 3 in st.boards and st.table != 2)
        other.enter(gid, ps.result_hand(seating, 3, rnd, {"contract": "3NT", "declarer": "S", "tricks": 9}))
        await pilot.pause(0.4)
        assert screen.query_one("#pt-traveller").row_count == 2
        await finger._click_at(screen.query_one("#pt-next"), 2, 1)
        assert screen.board == 4 and screen.mode == "entry"


async def test_a_wrong_result_is_refused_in_one_line_naming_the_field(db):
    session(db, pairs=PAIRS[:6], movement="howell")
    app = make_app(db, "pl", table=1, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        finger = Finger(pilot)
        await finger.pad("#part-contract-0", "4")
        await finger.pad("#part-contract-1", "S")
        await finger._click_at(screen.query_one("#pt-save"), 2, 1)
        message = str(screen.query_one("#pt-message").render())
        # one line a problem, each naming its field by the label the form shows: the declarer and the result
        assert screen.mode == "entry", message
        lines = message.strip().splitlines()
        assert len(lines) == 2 and lines[0].startswith("rozgrywający") and lines[1].startswith("wynik"), message


def test_cli_makes_a_session_and_tells_its_progress(db, capsys):
    args = ["--db", str(db), "pairs", "new", "--movement", "mitchell", "--boards-per-round", "3", "--title", "Czwartek"]
    for a, b in PAIRS[:8]:
        args += ["--pair", f"{a}, {b}"]
    assert main(args) == 0
    assert "mitchell, 4 tables, 3 rounds" in capsys.readouterr().out
    assert main(["--db", str(db), "pairs", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["results_in"] == 0 and status["results"] == 4 * 3 * 3
    assert [t["table"] for t in status["progress"][0]["tables"]] == [1, 2, 3, 4]


def test_cli_refuses_a_bad_session_whole(db, capsys):
    assert main(["--db", str(db), "pairs", "new", "--pair", "Ala", "--pair", "Celina, Darek"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--pair: ") and "Traceback" not in err
    assert main(["--db", str(db), "pairs", "new", "--pair", "Ala, Bartek", "--pair", "Ala, Darek",
                 "--pair", "Ewa, Franek"]) == 2
    assert "Ala" in capsys.readouterr().err
    assert Store(db).evenings() == []  # nothing half-made: no empty evening either


async def test_the_director_sees_progress_and_ranking_and_corrects_a_result_kept_in_history(db):
    gid = session(db, pairs=PAIRS[:8], movement="mitchell")
    store = Store(db)
    s = ps.load(store, gid)
    for seating in s.movement.rounds[0]:
        for board in seating.boards:
            store.enter(gid, ps.result_hand(seating, board, 1, {"contract": "4S", "declarer": "N", "tricks": 10}))
    s = ps.load(store, gid)
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PairsDirectorScreen)
        progress = screen.query_one("#pd-progress")
        assert progress.get_row_at(0) == ["1", "✓", "✓", "✓", "✓"]
        assert progress.get_row_at(1)[1:] == ["0/2"] * 4
        assert screen.query_one("#pd-ranking").row_count == 8
        # correct the first result: 4S made +1 by the same table -> the N-S score moves, the log keeps both
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        form = dialog.query_one(HandForm)
        form.set_values({**s.results[0], "tricks": 11})
        await pilot.pause()
        await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is screen
        log = Store(db).log(gid)
        assert [e.action for e in log][-1] == "edit" and log[-1].hand["tricks"] == 11
        assert log[-1].hand["table"] == s.results[0]["table"]
        assert "Poprawiono" in str(screen.query_one("#pd-message").render())


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_the_director_makes_a_session_from_the_app(db, lang):
    store = Store(db)
    store.new_evening("2026-11-20", "Klub", "Piątek")
    store.close()
    app = make_app(db, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#ns-pairs").text = "\n".join(f"{a}, {b}" for a, b in PAIRS[:9])
        dialog.query_one("#ns-movement").value = "mitchell"
        await pilot.click("#ok")
        await pilot.pause()
        assert isinstance(app.screen, PairsDirectorScreen), str(dialog.query_one("#ns-error").render())
        s = app.screen.session
        assert s.movement.kind == "mitchell" and s.movement.pairs == 9
    gid = ps.session_of(Store(db), 1)
    assert Store(db).record(gid)[0].players["9"] == PAIRS[8]


async def test_the_director_picks_a_phantom_and_jfr_factoring_by_keys(db):
    """Nine pairs typed, then Shift+Tab to the two choices: a phantom for the odd pair, plain per cents (JFR)."""
    store = Store(db)
    store.new_evening("2026-11-20", "Klub", "Piątek")
    store.close()
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        for a, b in PAIRS[:9]:
            await pilot.press(*f"{a},{b}", "enter")
        await pilot.press("shift+tab", "enter", "down", "enter")  # the factoring: plain per cent
        await pilot.press("shift+tab", "enter", "down", "enter")  # an odd number of pairs: a phantom
        await pilot.pause()
        assert dialog.query_one("#ns-phantom").value is True and dialog.query_one("#ns-factoring").value == "none"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PairsDirectorScreen), str(dialog.query_one("#ns-error").render())
    gid = ps.session_of(Store(db), 1)
    rec, rules, _ = Store(db).record(gid)
    assert rules["phantom"] == 10 and rules["factoring"] == "none" and len(rec.players) == 10


async def test_a_bad_pair_line_is_said_in_one_line(db):
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#ns-pairs").text = "Ala, Bartek\nCelina\nEwa, Franek"
        await pilot.click("#ok")
        await pilot.pause()
        said = str(dialog.query_one("#ns-error").render())
        assert said.startswith("Pary: para 2") and "\n" not in said
    assert all(g.module != "bridge-pairs" for g in Store(db).games())


async def test_a_new_director_runs_a_4_table_mitchell_two_tablets_enter_a_round_and_a_correction_follows(
        db, tmp_path):
    """As a new user would: the director makes the session in the app, two tablets enter round 1, the director
    corrects one result; the live ranking and the exports follow the correction."""
    store = Store(db)
    store.new_evening("2026-11-20", "Klub", "Czwartek")
    store.close()
    director = Tablet(db)
    tablets = [Tablet(db, table=n, touch=True) for n in (1, 2)]
    await director.__aenter__()
    try:
        async def make(pilot):
            await pilot.press("d")
            await pilot.pause()
            dialog = pilot.app.screen
            dialog.query_one("#ns-pairs").text = "\n".join(f"{a}, {b}" for a, b in PAIRS[:8])
            dialog.query_one("#ns-movement").value = "mitchell"
            await pilot.click("#ok")
            await pilot.pause()
            return isinstance(pilot.app.screen, PairsDirectorScreen)
        assert await director.do(make)
        gid = ps.session_of(Store(db), 1)
        movement = ps.load(Store(db), gid).movement
        assert (movement.kind, movement.tables, len(movement.rounds)) == ("mitchell", 4, 3)
        for t in tablets:
            await t.__aenter__()
        for n, t in zip((1, 2), tablets):
            for board in movement.at(1, n).boards:
                async def one(pilot, board=board, n=n):
                    await enter_board(pilot, board, n)
                    await Finger(pilot)._click_at(pilot.app.screen.query_one("#pt-next"), 2, 1)
                await t.do(one)
        await director.until(lambda app: app.screen.query_one("#pd-progress").get_row_at(0)[1:3] == ["✓", "✓"],
                             limit=3)
        before = ps.load(Store(db), gid)
        first = before.results[0]
        # the director corrects the first result: one more trick
        async def correct(pilot):
            results = pilot.app.screen.query_one("#pd-results")
            results.move_cursor(row=[str(k.value) for k in results.rows].index("0"))
            await pilot.press("c")
            await pilot.pause()
            pilot.app.screen.query_one(HandForm).set_values({**first, "tricks": first["tricks"] + 1})
            await pilot.click("#ok")
            await pilot.pause()
            return str(pilot.app.screen.query_one("#pd-message").render())
        assert "Poprawiono" in await director.do(correct)
        # the tablet that entered it sees the corrected traveller line
        await tablets[0].until(lambda app: ps.load(app.store, gid).version > before.version, limit=3)
    finally:
        for t in tablets + [director]:
            await t.__aexit__(None, None, None)
    after = ps.load(Store(db), gid)
    assert after.results[0]["tricks"] == first["tricks"] + 1
    old_score = next(e["score_ns"] for e in before.sheet.extra["results"] if e["board"] == first["board"]
                     and e["ns"] == first["ns"])
    new_score = next(e["score_ns"] for e in after.sheet.extra["results"] if e["board"] == first["board"]
                     and e["ns"] == first["ns"])
    assert new_score != old_score
    # the ranking follows: it is the corrected session's (each board has one result yet, so each is 50 %)
    records_dir = tmp_path / "records"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "toml", "-o", str(records_dir)]) == 0
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["score", str(records_dir), "--json"]) == 0
    scored = json.loads(printed.getvalue())
    assert scored["ranking"] == after.sheet.extra["ranking"]
    assert [e["score_ns"] for e in scored["results"]] == [e["score_ns"] for e in after.sheet.extra["results"]]
    assert [e.action for e in Store(db).log(gid)].count("edit") == 1
    out = tmp_path / "s.pbn"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "pbn", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert f" {abs(new_score)} " in text or f" {abs(new_score)}\r" in text


async def test_the_director_adds_a_board_not_played_and_an_adjusted_score_placed_by_the_movement(db):
    gid = session(db, pairs=PAIRS[:6], movement="howell")
    movement = ps.load(Store(db), gid).movement
    first, second = movement.at(1, 1), movement.at(1, 2)
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        for seating, extra in ((first, {"not_played": True}), (second, {"adjusted": "A60/A40"})):
            await pilot.press("a")
            await pilot.pause()
            form = app.screen.query_one(HandForm)
            form.set_values({"board": seating.boards[0], "ns": seating.ns, "ew": seating.ew} | extra)
            await pilot.pause()
            await pilot.click("#ok")
            await pilot.pause()
            assert isinstance(app.screen, PairsDirectorScreen)
    hands = Store(db).hands(gid)
    assert hands == [{"board": first.boards[0], "ns": first.ns, "ew": first.ew, "not_played": True, "table": 1,
                      "round": 1},
                     {"board": second.boards[0], "ns": second.ns, "ew": second.ew, "adjusted": "A60/A40",
                      "table": 2, "round": 1}]


async def test_two_tablets_of_one_table_enter_the_same_board_the_second_is_told_and_shown_the_traveller(db):
    gid = session(db, pairs=PAIRS[:6], movement="howell")
    a, b = Tablet(db, table=1, touch=True), Tablet(db, table=1, touch=True)
    await a.__aenter__()
    await b.__aenter__()
    try:
        board = await a.do(lambda p: p.app.screen.board)

        async def up_to_accept(pilot):  # both have the result on the E-W accept screen
            finger = Finger(pilot)
            for pad, value in (("#part-contract-0", "3"), ("#part-contract-1", "NT"), ("#in-declarer", "S"),
                               ("#in-tricks", 9)):
                await finger.pad(pad, value)
            await finger._click_at(pilot.app.screen.query_one("#pt-save"), 2, 1)
        await a.do(up_to_accept)
        await b.do(up_to_accept)

        async def accept(pilot):
            await Finger(pilot)._click_at(pilot.app.screen.query_one("#pt-accept"), 2, 1)
            return pilot.app.screen.mode, str(pilot.app.screen.query_one("#pt-message").render())
        assert (await a.do(accept))[0] == "traveller"
        mode, said = await b.do(accept)
        assert mode == "traveller" and f"Rozdanie {board} ma już wynik" in said
    finally:
        await b.__aexit__(None, None, None)
        await a.__aexit__(None, None, None)
    assert len(Store(db).hands(gid)) == 1


async def test_in_the_directors_correction_tab_tab_plus_1_changes_no_pair(db):
    """The audit: in the correction dialog `Tab Tab + 1` turned "para E-W" into 11. A "+" names no pair: it is
    refused there (the dialog's line names the field), and the 1 typed at once after it is refused with it."""
    gid = session(db, pairs=PAIRS[:8], movement="mitchell")
    store = Store(db)
    s = ps.load(store, gid)
    seating = s.movement.rounds[0][0]
    store.enter(gid, ps.result_hand(seating, seating.boards[0], 1, {"contract": "4S", "declarer": "N", "tricks": 10}))
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        form = dialog.query_one(HandForm)
        before = form.values()
        ew = form.query_one("#in-ew")
        ew.focus()
        await pilot.press("plus", "1")
        await pilot.pause()
        assert form.values() == before and form.values()["ew"] == seating.ew
        assert str(dialog.query_one("#pd-error").render()).startswith("para E-W:")  # the field, in words
        await pilot.press("escape")
    assert [e.action for e in Store(db).log(gid)] == ["enter"]


async def test_a_dealt_boards_traveller_shows_the_deal_its_double_dummy_and_par(db):
    """The director attached a hand record: after E-W accept, the table sees the four hands around the table,
    the tricks each declarer takes double dummy and the par (Polish: BA for notrump)."""
    from zapis.modules.bridge.deals import analyse, deal_board
    gid = session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    dealt = {b: deal_board("tablet", b) for b in range(1, 9)}
    store = Store(db)
    store.attach_deals(gid, [{"board": b, "deal": d.pbn()} for b, d in dealt.items()])
    store.close()
    app = make_app(db, "pl", table=2, touch=True)
    async with app.run_test(size=(113, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.board == 3
        assert await enter_board(pilot, 3, 2)
        shown = str(screen.query_one("#pt-deal").render())
        north = " ".join(shown.splitlines()[1:6])
        assert f"♠ {dealt[3].suit('N', 'S').replace('T', '10') or '—'}" in north
        par = analyse({3: dealt[3]})[3]["par"]
        assert "w widne karty:" in shown and "BA" in shown and f"par: " in shown
        assert f"(N-S {par['score_ns']:+d})" in shown


async def test_the_table_facing_the_phantom_shows_pauza_enters_nothing_and_moves_on_with_the_room(db):
    """9 pairs and a phantom in a Mitchell (5 tables: N-S 1-5, E-W 6-10; the phantom is E-W pair 10, starting at
    table 5): table 5's tablet shows "pauza" in round 1 (no form, no board to pick); its pair 5's boards are
    scored as the rules give (an adjusted 60 %); when the other four tables have entered round 1, the tablet is in
    round 2 with E-W pair 9 (moved up from table 4) and its first board to enter."""
    gid = session(db, pairs=PAIRS[:9], movement="mitchell", boards_per_round=2, phantom=True)
    app = make_app(db, "pl", table=5, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PairsTableScreen) and screen.mode == "pauza" and screen.round == 1
        said = str(screen.query_one("#pt-message").render())
        assert "Para 5 pauzuje w tej rundzie" in said and "(60%)" in said and "Nic tu nie wpisujemy" in said
        assert "E-W  pauza" in str(screen.query_one("#pt-pairs").render())
        assert not screen.query_one("#pt-entry").display and not any(b.display for b in screen.query(".pt-board"))
        assert "save" not in {b.action for _n, b, _e, _t in screen.active_bindings.values()}  # nothing to save
        store = Store(db)
        s = ps.load(store, gid)
        phantom_lines = [h for h in store.hands(gid) if 10 in (h["ns"], h["ew"])]
        assert phantom_lines and all(set(h) == {"board", "ns", "ew", "table", "round"} for h in phantom_lines)
        for seating in s.movement.rounds[0]:
            if seating.table == 5:
                continue
            for board in seating.boards:
                store.enter(gid, ps.result_hand(seating, board, 1, {"contract": "3NT", "declarer": "N", "tricks": 9}))
            if seating.table < 4:
                await pilot.pause(0.3)
                assert screen.mode == "pauza"  # the room still plays round 1
        for _ in range(20):
            await pilot.pause(0.1)
            if screen.mode == "entry":
                break
        assert screen.mode == "entry" and screen.round == 2
        pairs = str(screen.query_one("#pt-pairs").render())
        assert "para 5" in pairs and "para 9" in pairs
        assert screen.board == s.movement.at(2, 5).boards[0]
        store.close()


async def test_the_director_reads_a_results_deal_with_r_and_is_told_when_there_is_none(db):
    from zapis.modules.bridge.deals import deal_board
    from zapis.ui.screens.pairs_director import DealDialog

    gid = session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    store = Store(db)
    s = ps.load(store, gid)
    seating = s.movement.at(1, 2)  # table 2, round 1: boards 3 and 4
    for board in seating.boards:
        store.enter(gid, ps.result_hand(seating, board, 1, {"contract": "4S", "declarer": "N", "tricks": 10}))
    store.attach_deals(gid, [{"board": 3, "deal": deal_board("director", 3).pbn()}])  # board 4 not dealt
    store.close()
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(PairsDirectorScreen(gid))
        await pilot.pause()
        await pilot.press("r")  # the first result: board 3
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DealDialog) and dialog.head.startswith("Rozdanie 3")
        north = deal_board("director", 3).suit("N", "S").replace("T", "10") or "—"
        assert f"♠ {north}" in "\n".join(dialog.lines) and "par" in "\n".join(dialog.lines)
        await pilot.press("escape")
        await pilot.press("down", "r")  # board 4: no deal recorded, said in one line
        await pilot.pause()
        assert isinstance(app.screen, PairsDirectorScreen)
        said = str(app.screen.query_one("#pd-message").render())
        assert said.startswith("Rozdanie 4 nie ma zapisanego rozkładu") and "\n" not in said


async def test_a_tables_tablet_is_not_stranded_by_esc(db):
    """Esc on a table's own tablet went back to an evening listing no game of that table (the session is kept
    under table 1), with no way back but a reload: Esc there goes nowhere and is not offered, except from E-W's
    check back to the entry."""
    session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    app = make_app(db, "pl", table=2, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PairsTableScreen)
        assert "back" not in {b.action for _n, b, _e, _t in screen.active_bindings.values()}
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.mode == "entry"
        finger = Finger(pilot)
        await finger.pad("#part-contract-0", "3")
        await finger.pad("#part-contract-1", "NT")
        await finger.pad("#in-declarer", "S")
        await finger.pad("#in-tricks", 9)
        await finger._click_at(screen.query_one("#pt-save"), 2, 1)
        assert screen.mode == "confirm"
        await pilot.press("escape")  # back to the entry, the values kept
        await pilot.pause()
        assert app.screen is screen and screen.mode == "entry" and screen.query_one(HandForm).values()["tricks"] == 9


async def test_a_board_picked_by_its_tab_opens_as_the_next_board_does(db):
    """Tapping a board's tab gave a form with no double chosen and the cursor on the result: it opens undoubled,
    the cursor on the contract, as "Następne rozdanie" opens it."""
    session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    app = make_app(db, "pl", table=2, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(HandForm)
        await Finger(pilot)._click_at(screen.query_one("#pt-b1"), 2, 1)  # the round's second board
        await pilot.pause()
        assert screen.board == 4 and screen.mode == "entry"
        assert form.query_one("#in-double").value == ""  # undoubled, chosen
        assert app.focused is not None and app.focused.id == "part-contract-0"


async def test_another_tables_result_redraws_nothing_at_a_table_entering_and_scores_nothing(db):
    """Thirty tablets on one session: each result used to have every other table's tablet score the whole session
    and draw its unchanged screen again. A table entering its board shows its round, pairs and boards entered: a
    result of another table changes none of these, so nothing is scored or redrawn; its own board entered elsewhere
    (the director) still turns it to the traveller."""
    gid = session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    app = make_app(db, "pl", table=2, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PairsTableScreen) and screen.mode == "entry"
        shown = []
        original = screen.show
        screen.show = lambda: (shown.append(screen.mode), original())
        with Store(db) as other:  # table 1 enters its first board, as its own tablet would
            s = ps.load(other, gid)
            seating = s.movement.at(1, 1)
            other.enter(gid, ps.result_hand(seating, seating.boards[0], 1,
                                               {"contract": "4S", "declarer": "N", "tricks": 10}))
        app._watch_store()
        await pilot.pause()
        assert screen.session.version == 1 and shown == [] and "sheet" not in vars(screen.session)
        with Store(db) as director:  # the director enters table 2's board: its traveller
            seating = screen.seating()
            director.enter(gid, ps.result_hand(seating, screen.board, 1,
                                                  {"contract": "3NT", "declarer": "S", "tricks": 9}))
        app._watch_store()
        await pilot.pause()
        assert shown == ["traveller"] and screen.mode == "traveller"


async def test_the_directors_app_scores_a_result_once_and_redraws_only_what_changed(db, monkeypatch):
    """The director's view under the evening: a result saved at a table was scored twice there (once for the
    evening's list, once for the ranking) and every row of the ranking and the results added again. Now the
    session is scored once per version, through the store's memo, and the tables keep their unchanged rows."""
    gid = session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    with Store(db) as other:
        s = ps.load(other, gid)
        for table in (1, 2, 3):
            seating = s.movement.at(1, table)
            other.enter(gid, ps.result_hand(seating, seating.boards[0], 1,
                                               {"contract": "4S", "declarer": "N", "tricks": 10}))
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(PairsDirectorScreen(gid))
        await pilot.pause()
        screen = app.screen
        results = screen.query_one("#pd-results")
        kept = {row.key.value: row.key for row in results.ordered_rows}  # the rows' keys as objects
        scored = []
        module = type(screen.session.module)
        real = module.score
        monkeypatch.setattr(module, "score", lambda *a, **k: scored.append(1) or real(*a, **k))
        with Store(db) as other:  # table 4 enters its first board
            seating = s.movement.at(1, 4)
            other.enter(gid, ps.result_hand(seating, seating.boards[0], 1,
                                               {"contract": "3NT", "declarer": "S", "tricks": 9}))
        scored.clear()  # that store checked and scored it: this app has not yet
        app._watch_store()
        await pilot.pause()
        assert len(scored) == 1
        assert results.row_count == 4
        # the three results that were there are the same rows (not removed and added again)
        assert all(any(row.key is key for row in results.ordered_rows) for key in kept.values())


async def test_the_evening_under_a_tablets_first_screen_is_made_only_when_first_shown(db):
    """A table's tablet opens on its game (a pairs table, a game's sheet): the evening's list under it is not made
    (a forked session's memory) until the tablet goes back to it; then it is, and lists the table's game."""
    from tests.ui.conftest import new_game
    from zapis.ui.screens.evening import EveningScreen
    from zapis.ui.screens.game import GameScreen

    session(db, pairs=PAIRS[:8], movement="mitchell", boards_per_round=2)
    app = make_app(db, "pl", table=1, touch=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        evening = app.screen_stack[-2]
        assert isinstance(app.screen, PairsTableScreen) and isinstance(evening, EveningScreen)
        assert not evening.built and not evening.query("#games")
    other = db.parent / "kierki.db"
    gid = new_game(other, "kierki", ["Ala", "Bartek", "Celina", "Darek"], [])  # table 1's
    app = make_app(other, "pl", table=1, touch=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        evening = app.screen_stack[-2]
        assert isinstance(app.screen, GameScreen) and not evening.built and not evening.query("#games")
        await pilot.press("escape")  # Wróć
        await pilot.pause()
        assert app.screen is evening and evening.built
        games = evening.query_one("#games")
        assert games.row_count == 1 and str(games.get_cell(str(gid), "game")) == f"#{gid}"
        assert app.focused is games
