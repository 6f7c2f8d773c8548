"""The board a room reads (issue 36): each game's page shows its whole sheet, adding up to the large digits above
it, at a TV's 1920x1080 and at 1280x720, in Chromium; screenshots of every page are kept in the test's folder.

An evening of full-length games: a rubber of three rubbers (a hand corrected), three rounds of Chicago, a whole
skat list of 36 games (the Seeger-Fabian example), tysiąc played to 1000, 30 deals of kierki, 24 games of kop,
and a duplicate pairs session of eight pairs; the players' cards for 2, 3, 4 and 6 players. Whole means: every
row of the sheet the server sent is on the screen (a long table goes on in the next column, under its heading
again), none cut by the page's edge, no section left out (a rubber's earlier rubbers may give way to the section
that carries them), the type no smaller than 1.8% of the screen's height."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

import pytest

from tests.browser.conftest import Served
from tests.unit.test_board_pairs import pairs_session
from zapis.io import records
from zapis.store import Store

DATA = Path(__file__).resolve().parents[1] / "data"
P4 = ["Ala", "Bartek", "Celina", "Darek"]
RUBBER = [{"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "2H", "declarer": "E", "tricks": 8},
          {"contract": "4S", "declarer": "S", "tricks": 11}, {"contract": "6H", "declarer": "E", "tricks": 12},
          {"contract": "1NT", "declarer": "W", "tricks": 6},
          {"contract": "3C", "declarer": "N", "tricks": 10, "double": "X"},
          {"contract": "4H", "declarer": "E", "tricks": 10}, {"contract": "2S", "declarer": "S", "tricks": 7},
          {"contract": "3NT", "declarer": "S", "tricks": 10}]
SIZES = [(1920, 1080), (1280, 720)]

#: the page as a reader sees it: the sheet's rows on the screen, where they are, and the type's size
SHOWN = """() => {
  const box = document.querySelector("main .fit");
  const rows = Array.from(box.querySelectorAll("tr")).filter(r => !r.querySelector("th"));
  const out = rows.filter(r => { const b = r.getBoundingClientRect();
    return b.bottom > window.innerHeight + 1 || b.right > window.innerWidth + 1 || b.top < 0 || b.height === 0; });
  const cards = Array.from(document.querySelectorAll(".totals .player")).map(p => p.getBoundingClientRect());
  const band = document.querySelector(".totals");
  return {rows: rows.map(r => r.innerText.replace(/\\s+/g, " ").trim()), out: out.length,
          hidden: box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1,
          titles: Array.from(box.querySelectorAll("h3")).map(h => h.innerText),
          font: parseFloat(getComputedStyle(box.querySelector("td")).fontSize),
          cards: cards.length, past: cards.filter(c => c.right > window.innerWidth + 1).length,
          band: band ? getComputedStyle(band).backgroundColor : null};
}"""

#: the rows and titles of the sheet the server sent (the page's state), counted apart from the page's drawing
SENT = """(i) => {
  const d = document.createElement("div");
  d.innerHTML = state.tables[i].sheet;
  const count = () => ({rows: Array.from(d.querySelectorAll("tr")).filter(r => !r.querySelector("th")).length,
                        titles: Array.from(d.querySelectorAll("h3")).map(h => h.textContent)});
  const all = count();
  const carried = d.querySelector("h3.carried");  // what it carries may leave: it adds up to them
  while (carried && d.firstElementChild !== carried) d.firstElementChild.remove();
  return [all, count()];
}"""


def evening(db: Path) -> dict[int, str]:
    """The evening's games at tables 1-8 (the pairs session last); what each table plays."""
    with Store(db) as store:
        ev = store.new_evening("2026-11-27", "Klub", "Piątek")

        def game(data: dict, hands: list, times: int = 1) -> int:
            rec, rules, module = records.parse(data)
            gid = store.new_game(ev, len(store.games(ev)) + 1, rec, rules, module)
            for _ in range(times):
                for hand in hands:
                    store.enter(gid, hand)
            return gid

        def sample(path: Path) -> tuple[dict, list]:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            return data, data.pop("hands")

        gid = game({"format": "zapis/1", "ruleset": "bridge-rubber", "players": P4}, RUBBER)
        store.edit(gid, 1, {"contract": "2H", "declarer": "E", "tricks": 9})  # a corrected hand
        game(*sample(DATA / "samples" / "bridge-chicago.toml"), times=3)
        game(*sample(DATA / "skat" / "seed-seeger-fabian.toml"))
        data, hands = sample(DATA / "samples" / "tysiac.toml")
        game(data, [hands[0], hands[1]], times=7)  # to 1000 (the sample's third hand is a bomb: once a game)
        game(*sample(DATA / "samples" / "kierki.toml"), times=10)
        game(*sample(DATA / "samples" / "kop.toml"), times=12)
        game(*sample(DATA / "samples" / "metamorfoza.toml"))  # two players
        six = ["Ewa", "Franek", "Gosia", "Henryk", "Irena", "Janusz"]
        game({"format": "zapis/1", "ruleset": "6-sty-bierze", "players": six},
             [{"taken": {p: {"hearts": (i * 7 + n) % 5, "clubs": (i + n) % 3} for i, p in enumerate(six)}}
              for n in range(8)])
    pairs_session(db, {str(k): [f"Gracz {k}A", f"Gracz {k}B"] for k in range(1, 9)}, boards=8)
    return {1: "rubber", 2: "chicago", 3: "skat", 4: "tysiac", 5: "kierki", 6: "kop", 7: "2 players",
            8: "6 players"}


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_games_page_shows_its_whole_sheet(chromium, tmp_path, width, height):
    db = tmp_path / "club.db"
    games = evening(db)
    server = Served(db)
    try:
        page = chromium.new_page(viewport={"width": width, "height": height})
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/board")
        deadline = time.monotonic() + 20
        while page.evaluate("document.body.dataset.version") is None:  # (the page's CSP forbids wait_for_function)
            assert time.monotonic() < deadline, "the board never drew its evening"
            time.sleep(0.05)
        kinds = page.evaluate("pages().map(p => p.kind + ':' + (p.kind === 'table' ? state.tables[p.index].table"
                              " : p.kind === 'pairs' ? 'pairs' : ''))")
        seen = set()
        for n, kind in enumerate(kinds):
            page.evaluate(f"page = {n}; show(false)")
            if not kind.startswith("table:"):
                continue
            table = int(kind.split(":")[1])
            if table in seen:
                continue
            seen.add(table)
            page.screenshot(path=str(tmp_path / f"{width}x{height}-table-{table}-{games[table]}.png"))
            index = page.evaluate(f"state.tables.findIndex(t => t.table === {table})")
            (whole, from_carried), shown = page.evaluate(SENT, index), page.evaluate(SHOWN)
            what = f"table {table} ({games[table]}) at {width}x{height}"
            sent = whole if len(shown["rows"]) == whole["rows"] else from_carried
            assert len(shown["rows"]) == sent["rows"] and shown["out"] == 0 and not shown["hidden"], (what, shown)
            assert shown["titles"] == sent["titles"], what  # no section left out (but those carried)
            assert shown["font"] >= 0.018 * height - 0.5, (what, shown["font"])
            assert shown["past"] == 0 and shown["band"] in ("rgba(0, 0, 0, 0)", "transparent"), (what, shown)
        assert seen == set(games)
        # the pairs session: its ranking whole and large, the latest results beside it
        page.evaluate("page = pages().findIndex(p => p.kind === 'pairs'); show(false)")
        page.screenshot(path=str(tmp_path / f"{width}x{height}-pairs.png"))
        ranking = page.evaluate("""() => {
          const rows = Array.from(document.querySelectorAll("table.ranking tr, table.last tr"));
          return {rows: document.querySelectorAll("table.ranking tr").length,
                  last: document.querySelectorAll("table.last tr").length,
                  out: rows.filter(r => r.getBoundingClientRect().bottom > window.innerHeight + 1
                                   || r.getBoundingClientRect().right > window.innerWidth + 1).length,
                  font: parseFloat(getComputedStyle(document.querySelector("table.ranking")).fontSize),
                  text: document.querySelector("table.last").innerText};
        }""")
        assert ranking["rows"] == 9 and ranking["last"] == 7 and ranking["out"] == 0, ranking
        assert ranking["font"] >= 0.028 * height - 0.5, ranking  # large: read from across the room
        assert "♠" in ranking["text"] or "♥" in ranking["text"] or "BA" in ranking["text"], ranking
        assert not errors, errors
    finally:
        server.stop()
