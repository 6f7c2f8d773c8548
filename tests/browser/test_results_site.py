"""The results site of a duplicate evening opened in Chromium as a player opens it from the club's web space: a
5-table Howell of nine pairs and a phantom, dealt, every board played; from the index every board and every
pair's card is reachable by links, nothing is requested from anywhere but the folder, and on a phone (390 px)
the page itself never scrolls sideways (a wide traveller scrolls in its own box)."""

from __future__ import annotations

from collections import deque

import pytest

from zapis.cli import main
from zapis.club import pairs_session as ps
from zapis.modules.bridge.deals import deal_board
from zapis.store import Store

PLAYS = [("4S", "N", 10), ("3NT", "S", 9), ("2H", "E", 7), ("4H", "W", 11), ("1NT", "N", 8), ("3C", "E", 7)]


def evening(db) -> tuple[int, int]:
    store = Store(db)
    eid = store.new_evening("2026-11-27", "Klub Pik", "Piątek <pary>")
    pairs = [[f"Gracz{i}a", f"Gracz{i}b"] for i in range(1, 10)]
    gid = ps.new_session(store, eid, pairs, boards_per_round=2, phantom=True)
    s = ps.load(store, gid)
    store.attach_deals(gid, [{"board": b, "deal": deal_board("site", b).pbn()} for b in s.movement.boards()])
    n = 0
    for rnd, seats in enumerate(s.movement.rounds, start=1):
        for seating in seats:
            if s.facing_phantom(seating):
                continue
            for board in seating.boards:
                contract, declarer, tricks = PLAYS[n % len(PLAYS)]
                n += 1
                store.enter(gid, ps.result_hand(seating, board, rnd, {"contract": contract, "declarer": declarer,
                                                                       "tricks": tricks}))
    store.close()
    return eid, len(s.movement.boards())


@pytest.mark.parametrize("width", [390, 794], ids=["phone", "a4"])
def test_every_board_and_pair_is_reachable_from_the_index_and_nothing_is_external(chromium, tmp_path, capsys,
                                                                                     width):
    db = tmp_path / "club.db"
    eid, boards = evening(db)
    site = tmp_path / "wyniki"
    assert main(["--db", str(db), "--lang", "pl", "export", "--evening", str(eid), "--format", "site",
                 "-o", str(site)]) == 0
    capsys.readouterr()
    page = chromium.new_page(viewport={"width": width, "height": 800}, has_touch=width < 500)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    seen, queue = set(), deque([(site / "index.html").as_uri()])
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        response = page.goto(url)
        assert response is not None and response.ok, url
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url  # no sideways page scroll
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            queue.append(href.split("#")[0])
        if "/board-" in url:
            assert page.locator(".diagram").is_visible() and page.get_by_text("Analiza w widne karty").is_visible()
    names = sorted(u.rsplit("/", 1)[1] for u in seen)
    assert names == sorted(["index.html", *(f"board-{b}.html" for b in range(1, boards + 1)),
                            *(f"pair-{p}.html" for p in range(1, 10))])  # the phantom (pair 10) has no card
    assert all(u.startswith("file://") for u in requested), [u for u in requested if not u.startswith("file://")]
    page.goto((site / "index.html").as_uri())
    assert "Piątek <pary>" in page.locator("h1").inner_text()  # a name is text, never markup
    assert page.locator("table tr").count() == 10  # the head and nine ranked pairs
    page.screenshot(path=str(tmp_path / f"index-{width}.png"), full_page=True)
    page.goto((site / "board-1.html").as_uri())
    page.screenshot(path=str(tmp_path / f"board-1-{width}.png"), full_page=True)
    page.close()
