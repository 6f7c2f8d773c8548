"""The board for a TV in a real browser with a duplicate pairs session: its ranking page, names drawn as text,
every row on the screen at a TV's and a tablet's size, and a new result on the screen within a second or two."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

from tests.browser.conftest import free_port
from tests.browser.test_board import SERVE
from tests.ui.conftest import new_game
from tests.unit.test_board_pairs import pairs_session
from zapis.store import Store

NAMES = {"1": ["<img src=x onerror=alert(1)>", "Ala[/]"], "2": ["[@click=app.quit]Celina", "Darek</script><b>x"],
         "3": ["Ewa", "Franek"], "4": ["Gosia", "Henryk"], "5": ["Irena", "Janusz"],
         "6": ["Katarzyna Wiśniewska-Zawadzka", "Leszek"], "7": ["Monika", "Norbert"], "8": ["Ola", "Paweł"]}

#: every row of the ranking inside the window, nothing wider than it
LAYOUT = """() => {
  const rows = Array.from(document.querySelectorAll("table.ranking tr"));
  const out = rows.filter(r => r.getBoundingClientRect().bottom > window.innerHeight + 1).length;
  return {rows: rows.length, out, wide: document.documentElement.scrollWidth > window.innerWidth,
          font: parseFloat(getComputedStyle(document.querySelector("table.ranking")).fontSize)};
}"""


def start(db, port):
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(db), str(port), "pl"])
    deadline = time.time() + 20
    while time.time() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    return proc


def wait(page, script, before=None, seconds=5.0):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        value = page.evaluate(script)
        if value is not None and value != before:
            return value
        time.sleep(0.02)
    return page.evaluate(script)


def test_the_ranking_page_of_a_pairs_session_live_at_a_tv_and_a_tablet(chromium, tmp_path):
    db = tmp_path / "pairs.db"
    gid = pairs_session(db, NAMES, boards=6)
    port = free_port()
    proc = start(db, port)
    try:
        for k, size in enumerate(({"width": 1280, "height": 720}, {"width": 768, "height": 1024})):
            page = chromium.new_page(viewport=size)
            dialogs, errors = [], []
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(f"http://127.0.0.1:{port}/board")
            before = wait(page, "document.body.dataset.pairs")
            assert page.evaluate("document.body.dataset.page") == f"pairs:{gid}"  # the only game: its ranking
            text = page.inner_text("body")
            assert "Turniej par" in text and f"{24 + k} wyni" in text and "zapis maksymalny" in text
            assert "<img src=x onerror=alert(1)> – Ala[/]" in text
            assert "[@click=app.quit]Celina – Darek</script><b>x" in text
            assert page.evaluate("document.querySelectorAll('img, b, main script').length") == 0
            assert page.evaluate("document.querySelectorAll('table.ranking tr.first').length") == 1
            layout = page.evaluate(LAYOUT)
            assert layout["rows"] == 9 and layout["out"] == 0 and not layout["wide"], layout
            assert layout["font"] >= 0.022 * size["height"], layout  # large: read from across the room
            page.evaluate("page += 1; show(false)")  # the cycle moves on: the ranking stays
            assert page.evaluate("document.body.dataset.page") == f"pairs:{gid}"
            t0 = time.perf_counter()
            with Store(db) as other:  # a table's tablet enters a result: the ranking changes on the screen
                other.enter(gid, {"board": 7 + k, "ns": 1, "ew": 2, "contract": "7NT", "declarer": "N",
                                  "tricks": 13})
            after = wait(page, "document.body.dataset.pairs", before)
            took = time.perf_counter() - t0
            assert after != before and took < 2.0, took
            text = page.inner_text("body")
            assert f"{25 + k} wyników" in text
            lit = page.evaluate("Array.from(document.querySelectorAll('table.ranking tr.fresh'))"
                                ".map(r => r.dataset.pair)")
            assert sorted(lit) == ["1", "2"]  # the two pairs whose totals the result changed are lit
            assert not dialogs and not errors, (dialogs, errors)
            page.close()
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_ranking_comes_every_other_page_among_the_tables(chromium, tmp_path):
    db = tmp_path / "mixed.db"
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"])
    new_game(db, "bridge-rubber", ["Ewa", "Franek", "Gosia", "Henryk"])
    gid = pairs_session(db)
    port = free_port()
    proc = start(db, port)
    try:
        page = chromium.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"http://127.0.0.1:{port}/board")
        wait(page, "document.body.dataset.pairs")
        seen = []
        for n in range(6):
            page.evaluate(f"page = {n}; show(false)")
            seen.append(page.evaluate("document.body.dataset.page"))
        assert seen == [f"pairs:{gid}", "table:1", f"pairs:{gid}", "table:2", f"pairs:{gid}", "standings"]
        page.close()
    finally:
        proc.terminate()
        proc.wait(10)
