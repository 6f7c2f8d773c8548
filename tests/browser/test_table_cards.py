"""The table cards and the logins they carry, in a real browser, as a club's people meet them.

A server that asks for logins (`zapis serve --code-here`: even this machine logs in), an evening with a game at
tables 1 and 2 made with the command line. Table 1's card, opened as its QR code would open it, lands a tablet
(800x1280, touch) in table 1's game, where a hand is tapped in and saved in that game; a second tablet types table
2's code, spaced as printed, on the login page and lands at table 2. Table 1's tablet then tries the director's
keys (new evening, players, rulesets): nothing opens, and its cookie opens neither the director's app (/ws) nor
table 2's (/ws/2). The board's login opens the board, never an app. The printed page: one card a table, each with
its number, its short URL, its code and a QR code drawn whole, that is the table's URL; nothing fetched.

Screenshots of each step are kept in the test's temporary folder (printed)."""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import segno

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import lines, tap, wait_for
from tests.browser.test_tablets import enter_hand, wait_text
from zapis.web.serve import SESSION_COOKIE
from zapis.store import Store

PLAYERS = {1: ["Ala", "Bartek", "Celina", "Darek"], 2: ["Ewa", "Franek", "Grażyna", "Henryk"]}
TABLET = {"viewport": {"width": 800, "height": 1280}, "has_touch": True, "is_mobile": True}
A4 = {"width": 794, "height": 1123}  # 210 x 297 mm at 96 px an inch
CODE = re.compile(r"\b\d{3} \d{3} \d{4}\b")  # a typed code as a card prints it


def zapis(db: Path, *args: str) -> str:
    """One command, as a user types it (Polish; wide enough that no line wraps)."""
    done = subprocess.run([sys.executable, "-m", "zapis", "--db", str(db), "--lang", "pl", *args],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, f"zapis {' '.join(args)}: {done.stdout}{done.stderr}"
    return done.stdout


def served_club(tmp_path: Path, serve):
    """An evening with a game at tables 1 and 2 (the command line), served with logins; its logins' URLs."""
    db = tmp_path / "club.db"
    zapis(db, "evening", "new", "--date", "2026-11-20", "--place", "Klub", "--title", "Piątek")
    for table, players in PLAYERS.items():
        game = tmp_path / f"table{table}.toml"
        game.write_text('format = "zapis/1"\nruleset = "bridge-rubber"\n'
                        f"players = {json.dumps(players, ensure_ascii=False)}\n", encoding="utf-8")
        zapis(db, "import", str(game), "--evening", "1", "--table", str(table))
    with Store(db) as store:
        games = {g.table: g.id for g in store.games(1)}
    server = serve(db, extra=["--code-here"])
    deadline = time.monotonic() + 20
    while True:  # `zapis tablets` reads what the server announced once it has started
        done = subprocess.run([sys.executable, "-m", "zapis", "--db", str(db), "tablets", "--json"],
                              capture_output=True, text=True, timeout=60)
        if done.returncode == 0:
            break
        assert time.monotonic() < deadline, done.stderr
        time.sleep(0.2)
    return db, server, json.loads(done.stdout), games


def shots_folder(tmp_path: Path):
    folder = tmp_path / "shots"
    folder.mkdir()
    print(f"screenshots: {folder}")

    def shot(page, name: str) -> None:
        page.screenshot(path=str(folder / f"{name}.png"))
    return shot


def tablet(chromium):
    ctx = chromium.new_context(**TABLET)
    ctx.add_init_script(CAPTURE)
    return ctx, ctx.new_page()


def handshake(server, path: str, cookie: str | None = None) -> int:
    """The HTTP status a websocket's opening handshake gets (101: the app's session opens), from this machine's
    page's origin, with the browser's session cookie or none."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    headers = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(), "Origin": server.url}
    if cookie is not None:
        headers["Cookie"] = f"{SESSION_COOKIE}={cookie}"
    try:
        conn.request("GET", path, headers=headers)
        return conn.getresponse().status
    finally:
        conn.close()  # an opened session ends with its socket


def session_cookie(ctx) -> str:
    return next(c["value"] for c in ctx.cookies() if c["name"] == SESSION_COOKIE)


#: a websocket opened from the page, as the app's own would be: "opened" or "refused"
PROBE = """(path) => new Promise((resolve) => {
    const ws = new WebSocket(`ws://${location.host}${path}`);
    const timer = setTimeout(() => resolve("no answer"), 8000);
    ws.onopen = () => { clearTimeout(timer); ws.close(); resolve("opened"); };
    ws.onerror = () => { clearTimeout(timer); resolve("refused"); };
})"""


def open_cards(chromium, db: Path, tmp_path: Path):
    """`zapis tablets --cards`, opened from its file in an A4-sized window; every request the page made."""
    cards = tmp_path / "cards.html"
    assert str(cards) in zapis(db, "tablets", "--cards", str(cards), "--tables", "30")  # every table the server has
    ctx = chromium.new_context(viewport=A4, device_scale_factor=2)
    requests: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    page = ctx.new_page()
    page.goto(cards.as_uri())
    page.wait_for_load_state("load")
    return ctx, page, requests


def card_texts(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('.card')].map((c) => c.innerText)")


def test_a_table_card_logs_its_tablet_in_at_its_table_and_no_further(chromium, serve, tmp_path):
    db, server, urls, games = served_club(tmp_path, serve)
    shot = shots_folder(tmp_path)
    assert all(u.startswith(server.url + "/k/") for u in [urls["director"], urls["board"], *urls["tables"].values()])
    cards_ctx, cards, _ = open_cards(chromium, db, tmp_path)
    printed = card_texts(cards)
    cards_ctx.close()

    # table 1's card, as its QR code opens it: the key leaves the address bar, the app opens at table 1's game
    ctx1, t1 = tablet(chromium)
    t1.goto(urls["tables"]["1"])
    wait_text(t1, "Rozdanie")
    time.sleep(0.5)
    shot(t1, "2-table-1-from-its-card")
    assert t1.url == server.url + "/"
    rows = lines(t1)
    assert rows[0].strip().startswith("stół 1 ·"), rows[0]
    assert "Ala  0  Bartek  0  Celina  0  Darek  0" in "\n".join(rows)
    enter_hand(t1, "3", "BA", "N Ala", "=")
    wait_text(t1, "Zapisano rozdanie 1.")
    shot(t1, "2-table-1-hand-saved")
    with Store(db) as store:
        assert store.hands(games[1]) == [{"contract": "3NT", "declarer": "N", "tricks": 9}]
        assert store.hands(games[2]) == []
    shown = zapis(db, "evening", "show", "1")
    assert re.search(r"stół 1, gra #\d+: .*\[1 rozdanie\]\s+Ala 400", shown), shown
    assert re.search(r"stół 2, gra #\d+: .*\[0 rozdań\]", shown), shown

    # a second tablet types table 2's code, spaced as its card prints it, on the login page
    code2 = CODE.search(printed[1])
    assert printed[1].startswith("Stół 2") and code2, printed[1]
    ctx2, t2 = tablet(chromium)
    assert t2.goto(server.url + "/").status == 401
    t2.locator("input[name=code]").tap()
    t2.keyboard.type(code2.group(0))
    shot(t2, "3-login-page-code-typed")
    with t2.expect_navigation():
        t2.locator("button").tap()
    wait_text(t2, "Rozdanie")
    time.sleep(0.5)
    shot(t2, "3-table-2-from-its-code")
    rows = lines(t2)
    assert rows[0].strip().startswith("stół 2 ·"), rows[0]
    assert "Ewa  0  Franek  0  Grażyna  0  Henryk  0" in "\n".join(rows)
    assert "Ala" not in "\n".join(rows)
    ctx2.close()

    # table 1's tablet tries the director's work: the evening's list stays, its keys are not even offered
    t1.keyboard.press("Escape")
    wait_for(t1, "Gry przy stole 1")
    time.sleep(0.5)
    before = lines(t1)
    footer = before[-1]
    assert "Nowy wieczór" not in footer and "Zasady" not in footer and "Gracze" not in footer, footer
    for key, what in (("n", "new-evening"), ("p", "players"), ("r", "rulesets")):
        t1.keyboard.press(key)
        time.sleep(0.8)
        shot(t1, f"4-key-{key}-{what}")
        now = lines(t1)
        assert now[:8] == before[:8], f"{key!r} changed the screen:\n" + "\n".join(now)  # the list stays
        assert "To robi kierownik, nie tablet stołu 1." in "\n".join(now)  # and it is said in one line
    assert "▼" not in lines(t1)[1]  # the evening's bar offers no list of evenings to a table...
    tap(t1, "2026-11-20")  # ...and a tap on it says whose that list is
    wait_for(t1, "To robi kierownik, nie tablet stołu 1.")
    shot(t1, "4-evening-bar-refused")
    assert not any("Który wieczór?" in r for r in lines(t1))
    with Store(db) as store:
        assert [e["date"] for e in store.evenings()] == ["2026-11-20"]
        assert set(store.players()) == set(PLAYERS[1] + PLAYERS[2])
    # its cookie opens its own table's app only
    assert t1.evaluate(PROBE, "/ws") == "refused"
    assert t1.evaluate(PROBE, "/ws/2") == "refused"
    cookie = session_cookie(ctx1)
    assert handshake(server, "/ws", cookie) == 403
    assert handshake(server, "/ws/2", cookie) == 403
    assert handshake(server, "/ws/1", cookie) == 101  # the same request, its own table: opened
    assert handshake(server, "/ws/1") == 401  # and without a login, nothing (--code-here: this machine too)
    ctx1.close()

    # the board's login: the board, never an app
    tv_ctx = chromium.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    tv = tv_ctx.new_page()
    tv.goto(urls["board"])
    assert tv.url == server.url + "/board"
    tv.wait_for_function("document.body.dataset.version !== undefined")
    time.sleep(0.5)
    shot(tv, "5-board-from-its-login")
    tv.goto(server.url + "/")
    assert tv.url == server.url + "/board"
    board = session_cookie(tv_ctx)
    assert handshake(server, "/ws", board) == 403 and handshake(server, "/ws/1", board) == 403
    tv_ctx.close()


def test_the_table_cards_print_a_whole_qr_code_for_each_table(chromium, serve, tmp_path):
    db, server, urls, games = served_club(tmp_path, serve)
    ctx, page, requests = open_cards(chromium, db, tmp_path)
    folder = tmp_path / "shots"
    folder.mkdir()
    print(f"screenshots: {folder}")
    page.screenshot(path=str(folder / "1-cards-a4.png"))
    page.locator(".card").first.screenshot(path=str(folder / "1-card-1.png"))

    # nothing external: the one file, no script, no link, no image fetched
    assert requests == [page.url], requests
    source = (tmp_path / "cards.html").read_text(encoding="utf-8")
    assert not re.search(r"<script|<link|<img|src=|@import|url\(", source, re.I)

    # one card a table: its number, its QR code (inline SVG), its short URL and its code
    texts = card_texts(page)
    assert len(texts) == len(urls["tables"]) == 30
    for n, text in enumerate(texts, start=1):
        assert text.startswith(f"Stół {n}\n"), text
        assert urls["tables"][str(n)] in text and CODE.search(text), text
    assert page.evaluate("[...document.querySelectorAll('.card')].every((c) => c.querySelectorAll('svg').length"
                         " === 1 && c.querySelector('svg path'))")
    assert page.evaluate("[...document.querySelectorAll('.card')].every((c) => c.scrollHeight <= c.clientHeight)")
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 5  # six cards an A4 page

    # each QR code drawn whole inside its box (a code cut at an edge does not scan)
    cut = page.evaluate("""[...document.querySelectorAll('.card svg')].map((svg, i) => {
        const box = svg.getBoundingClientRect();
        let right = box.left, bottom = box.top;
        for (const el of svg.querySelectorAll('path')) {
            const r = el.getBoundingClientRect();
            right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
        }
        return [i + 1, Math.round(box.width), Math.round(right - box.left), Math.round(bottom - box.top)];
    }).filter(([n, size, w, h]) => w > size + 0.5 || h > size + 0.5)""")
    assert not cut, ("QR codes drawn larger than their box, cut at the right and the bottom "
                     "([table, box px, drawn width px, drawn height px]): " + repr(cut[:3]))

    # and what is seen of table 1's and table 2's is their URL's QR code, module by module
    for n in ("1", "2"):
        svg = page.locator(".card svg").nth(int(n) - 1)
        seen = page.evaluate(SAMPLE, base64.b64encode(svg.screenshot()).decode())
        assert seen in [[list(row) for row in segno.make(urls["tables"][n], error=e, boost_error=False).matrix]
                        for e in "LMQH"], f"table {n}'s card shows another QR code"
    ctx.close()


#: the modules of a QR code in a screenshot (PNG, base64): the dark area's box cut into the symbol's modules, each
#: sampled at its middle (the browser decodes the PNG); a symbol's size is 21 + 4k modules, read off its finder
SAMPLE = """async (png) => {
    const img = new Image();
    img.src = "data:image/png;base64," + png;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    const dark = (x, y) => px[(Math.floor(y) * c.width + Math.floor(x)) * 4] < 128;
    let x0 = c.width, y0 = c.height, x1 = -1, y1 = -1;
    for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) if (dark(x, y)) {
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    if (x1 < 0) return [];
    let run = 0;  // the top-left finder's dark top row is 7 modules wide
    while (x0 + run < c.width && dark(x0 + run, y0 + 1)) run++;
    const module = run / 7;
    const n = Math.round((x1 - x0 + 1) / module);
    const rows = [];
    for (let j = 0; j < n; j++) {
        const row = [];
        for (let i = 0; i < n; i++) row.push(dark(x0 + (i + 0.5) * module, y0 + (j + 0.5) * module) ? 1 : 0);
        rows.push(row);
    }
    return rows;
}"""
