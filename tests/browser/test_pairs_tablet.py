"""A pairs session's table in a real browser: Chromium with touch at tablet sizes, through `zapis serve`. The table's
tablet opens on its round and board; a result goes in by taps alone, is accepted by E-W with one tap, and the
board's traveller shows; the store holds the result where the movement had it played."""

from __future__ import annotations

import pytest

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import tap, wait_for
from zapis.club import pairs_session as ps
from zapis.store import Store

SIZES = {"1024x768": (1024, 768), "800x1280": (800, 1280)}
PAIRS = [["Ala", "Bartek"], ["Celina", "Darek"], ["Ewa", "Franek"], ["Gosia", "Henryk"], ["Iza", "Janek"],
         ["Kasia", "Leon"]]


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_table_enters_a_board_by_taps_and_ew_accept(chromium, serve, tmp_path, size):
    db = tmp_path / "club.db"
    store = Store(db)
    eid = store.new_evening("2026-11-20", "Klub", "Czwartek")
    gid = ps.new_session(store, eid, PAIRS, movement="howell")
    seating = ps.load(store, gid).movement.at(1, 2)
    store.close()
    server = serve(db)
    width, height = SIZES[size]
    ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=True)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    page.goto(server.url + "/?table=2")
    board = seating.boards[0]
    try:
        wait_for(page, "Turniej par · stół 2 · runda 1")
        wait_for(page, f"Rozdanie {board} ·")
        wait_for(page, f"para {seating.ns}: {' – '.join(PAIRS[seating.ns - 1])}")
        for word, under in (("4", "kontrakt"), ("♠", "kontrakt"), ("N", "rozgrywający"), ("=", "wynik")):
            tap(page, word, after=under)
        tap(page, "Dalej: akceptacja E-W")
        wait_for(page, "E-W: czy wynik się zgadza?")
        assert Store(db).hands(gid) == []  # nothing saved before E-W accept
        tap(page, "E-W akceptuje")
        wait_for(page, f"Rozdanie {board} zapisane.")
        wait_for(page, "4♠ N =")  # the traveller's line
    finally:
        page.screenshot(path=str(tmp_path / f"pairs-table-{size}.png"))
    assert Store(db).hands(gid) == [{"board": board, "ns": seating.ns, "ew": seating.ew, "table": 2, "round": 1,
                                     "contract": "4S", "declarer": "N", "tricks": 10}]
    tap(page, "Następne rozdanie")
    wait_for(page, f"Rozdanie {seating.boards[1]} ·")
    ctx.close()
