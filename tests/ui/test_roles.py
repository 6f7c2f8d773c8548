"""Each device does only its job: a table's tablet its table, the board nothing but show, the director everything.

The audit's attacks, as tests: a tablet of table 1 pressing the director's keys (a new evening dated 2099-12-31,
renaming a player, saving a ruleset, exporting the evening), its store asked directly for another table's or
another evening's writes, its cookie opening the director's app or another table's, the board's login opening an
app; and the evening the tablets follow is the director's choice, never merely the newest."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.ui.conftest import new_game
from tests.ui.test_serve import SESSION_COOKIE, running, stranger, ws_headers
from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.web.serve import Access
from zapis.store import Store
from zapis.store.roles import BOARD, TABLE, Role
from zapis.ui.app import make_app
from zapis.ui.screens.evening import EveningScreen
from zapis.ui.screens.game import GameScreen
from zapis.web.logins import Logins

P4 = ["Ala", "Bartek", "Celina", "Darek"]
RUBBER_HAND = {"contract": "3NT", "declarer": "N", "tricks": 9}


def game_at(store: Store, evening: int, table: int, ruleset: str = "bridge-rubber") -> int:
    rec, r, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": P4})
    return store.new_game(evening, table, rec, r, module)


@pytest.fixture
def club(tmp_path):
    """An evening with a game at tables 1 and 2 (made by the director), and an older evening with a game at 1."""
    db = tmp_path / "club.db"
    director = Store(db)
    old = director.new_evening("2026-11-13", "Klub", "Piątek")
    old_game = game_at(director, old, 1)
    now = director.new_evening("2026-11-20", "Klub", "Piątek")
    g1, g2 = game_at(director, now, 1), game_at(director, now, 2)
    director.close()
    return db, {"old": old, "now": now, "old_game": old_game, "g1": g1, "g2": g2}


# --- the store holds the role, whatever path a write takes ----------------------------------------------------
def test_a_tables_store_writes_only_its_own_tables_hands_in_the_current_evening(club):
    db, ids = club
    table = Store(db, role=Role(TABLE, 1))
    table.enter(ids["g1"], RUBBER_HAND)  # its own game: entered, corrected, undone
    table.edit(ids["g1"], 0, {"contract": "3NT", "declarer": "N", "tricks": 10})
    table.undo(ids["g1"])
    refused = [
        lambda: table.enter(ids["g2"], RUBBER_HAND),  # another table's game
        lambda: table.enter(ids["old_game"], RUBBER_HAND),  # its own table, another evening
        lambda: table.new_evening("2099-12-31"),
        lambda: table.rename_player("Ala", "Hacked"),
        lambda: table.set_current_evening(ids["old"]),
        lambda: table.set_setting("tables_start_games", True),
        lambda: table.backup(db.with_name("copy.db")),
        lambda: game_at(table, ids["now"], 2),  # a game at another table
        lambda: game_at(table, ids["old"], 1),  # a game in another evening
    ]
    for write in refused:
        with pytest.raises(ZapisError) as e:
            write()
        assert len(e.value.problems) == 1 and "tablet stołu 1" in e.value.problems[0].say("pl")
    director = Store(db)
    assert [e["date"] for e in director.evenings()] == ["2026-11-13", "2026-11-20"]
    assert "Hacked" not in director.players() and not director.hands(ids["g2"])
    assert not db.with_name("copy.db").exists()
    assert game_at(table, ids["now"], 1)  # the next game at its own table: the director allows it by default
    director.set_setting("tables_start_games", False)
    with pytest.raises(ZapisError):
        game_at(table, ids["now"], 1)


def test_the_board_writes_nothing(club):
    db, ids = club
    board = Store(db, role=Role(BOARD))
    for write in (lambda: board.enter(ids["g1"], RUBBER_HAND), lambda: board.new_evening(),
                  lambda: game_at(board, ids["now"], 1)):
        with pytest.raises(ZapisError):
            write()
    assert board.games(ids["now"])  # it reads


def test_in_a_pairs_session_a_table_enters_only_results_played_at_it(tmp_path):
    from zapis.club import pairs_session

    db = tmp_path / "pairs.db"
    director = Store(db)
    ev = director.new_evening("2026-11-20")
    gid = pairs_session.new_session(director, ev, [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]],
                                    movement="howell", boards_per_round=2)
    session = pairs_session.load(director, gid)
    seat1 = session.movement.at(1, 1)
    seat2 = session.movement.at(1, 2)
    result = {"contract": "3NT", "declarer": "N", "tricks": 9}
    table1 = Store(db, role=Role(TABLE, seat1.table))
    table1.enter(gid, pairs_session.result_hand(seat1, seat1.boards[0], 1, result))
    with pytest.raises(ZapisError):  # a result of table 2's, sent by table 1's tablet
        table1.enter(gid, pairs_session.result_hand(seat2, seat2.boards[0], 1, result))
    director.enter(gid, pairs_session.result_hand(seat2, seat2.boards[0], 1, result))
    with pytest.raises(ZapisError):  # the last result is table 2's: table 1 cannot undo it
        table1.undo(gid)
    with pytest.raises(ZapisError):  # nor correct it
        table1.edit(gid, 1, pairs_session.result_hand(seat2, seat2.boards[0], 1, result | {"tricks": 8}))
    table1.edit(gid, 0, pairs_session.result_hand(seat1, seat1.boards[0], 1, result | {"tricks": 10}))
    assert len(Store(db).hands(gid)) == 2


def test_the_tablets_follow_the_evening_the_director_chose_not_the_newest(club):
    db, ids = club
    director = Store(db)
    assert director.current_evening() == ids["now"]  # the one the director started last
    director.set_current_evening(ids["old"])
    assert Store(db, role=Role(TABLE, 1)).current_evening() == ids["old"]
    assert director.latest_evening() == ids["now"]


# --- the app: a table's tablet offers, and does, only its table's work --------------------------------------
async def test_a_tables_tablet_cannot_do_the_directors_work_whatever_keys_it_sends(club):
    db, ids = club
    app = make_app(db, "pl", table=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == ids["g1"]
        await pilot.press("escape")  # the audit: Escape, n, a date 2099-12-31, Enter
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen)
        for key in ("n", *"2099-12-31", "enter", "p", "r", "t", "k", "d", "e"):
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ in ("EveningScreen", "GameScreen"), key
            if isinstance(app.screen, GameScreen):
                await pilot.press("escape")
                await pilot.pause()
        shown = " ".join(k.description for k in app.screen.query_one("KeyBar").keys)
        for word in ("Nowy wieczór", "Gracze", "Zasady"):
            assert word not in shown
        for action in ("new_evening", "players", "rulesets", "tablets", "skat", "pairs_session"):
            app.run_command(action)  # what the command palette would run
            await pilot.pause()
            assert isinstance(app.screen, EveningScreen), action
        from zapis.ui.screens.players import PlayersScreen
        app.push_screen(PlayersScreen())  # even a screen pushed by some other path
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen)
        app.push_screen(GameScreen(ids["g2"]))  # another table's sheet
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen)
        games = app.screen.query_one("#games")
        assert games.row_count == 1  # its own table's games only
    director = Store(db)
    assert [e["date"] for e in director.evenings()] == ["2026-11-13", "2026-11-20"]
    assert director.current_evening() == ids["now"]


async def test_a_tables_tablet_reads_the_standings_but_not_the_seasons_ratings(club):
    db, ids = club
    app = make_app(db, "pl", table=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("escape", "s")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"
        await pilot.press("r", "t")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"


async def test_a_tablet_follows_when_the_director_changes_the_evening(club):
    db, ids = club
    app = make_app(db, "pl", table=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.screen.game_id == ids["g1"]
        Store(db).set_current_evening(ids["old"])  # on the laptop
        for _ in range(40):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameScreen) and app.screen.game_id == ids["old_game"]:
                break
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == ids["old_game"]
        await pilot.pause()


async def test_the_directors_choice_of_evening_becomes_the_current_one(club):
    db, ids = club
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.set_evening(ids["old"])
    assert Store(db).current_evening() == ids["old"]


# --- the server: the role is the login's ---------------------------------------------------------------------
def logins_access(tables: int = 4) -> Access:
    return Access(logins=Logins(b"s" * 32, tables))


async def test_a_tables_cookie_opens_its_table_only_and_the_boards_opens_no_app(tmp_path):
    access = logins_access()
    t1, board = access.logins.key(Role(TABLE, 1)), access.logins.key(Role(BOARD))
    async with running(tmp_path, access) as (server, url), stranger() as tablet:
        async with tablet.get(f"{url}/k/{t1}", allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/"
        async with tablet.get(url + "/?table=2") as r:  # the address bar names table 2: it is still table 1
            page = await r.text()
            assert r.status == 200 and "/ws/1" in page and "/ws/2" not in page
        ws = url.replace("http", "ws")
        for path in ("/ws", "/ws/2"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await tablet.ws_connect(ws + path, headers=ws_headers(url))
            assert e.value.status == 403, path
        cookie = tablet.cookie_jar.filter_cookies(url)[SESSION_COOKIE].value
        assert access.session_role(cookie) == Role(TABLE, 1)
    async with running(tmp_path, access) as (server, url), stranger() as viewer:
        async with viewer.get(f"{url}/k/{board}", allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/board"
        async with viewer.get(url + "/", allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/board"  # no app
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            await viewer.ws_connect(url.replace("http", "ws") + "/ws/1", headers=ws_headers(url))
        assert e.value.status == 403
        async with viewer.get(url + "/board") as r:
            assert r.status == 200


async def test_a_typed_code_leads_to_its_own_role(tmp_path):
    access = logins_access()
    code = access.logins.code(Role(TABLE, 3))
    async with running(tmp_path, access) as (server, url), stranger() as tablet:
        typed = f"{code[:3]} {code[3:6]} {code[6:]}"  # as the card prints it
        async with tablet.post(url + "/login", data={"code": typed}, allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/"
        async with tablet.get(url + "/") as r:
            assert "/ws/3" in await r.text()


async def test_after_a_login_the_redirect_stays_on_the_server(tmp_path):
    access = Access("K" * 16, "482913")
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        for path in ("/%5Cevil.example", "//evil.example", "/%2F%2Fevil.example", "/board/..%5Cevil"):
            async with browser.get(f"{url}{path}?key={'K' * 16}", allow_redirects=False) as r:
                assert r.status == 303 and r.headers["Location"] == "/", path


async def test_thirty_wrong_codes_from_thirty_addresses_never_refuse_the_right_code(tmp_path):
    access = logins_access()
    right = access.logins.code(Role(TABLE, 2))
    async with running(tmp_path, access) as (server, url):
        for i in range(30):
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.1.{i + 1}", 0))) as s:
                async with s.get(f"{url}/?code={1000000000 + i}", allow_redirects=False) as r:
                    assert r.status == 403
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.2.1", 0)),
                                         cookie_jar=aiohttp.CookieJar(unsafe=True)) as fresh:
            async with fresh.get(f"{url}/?code={right}", allow_redirects=False) as r:
                assert r.status == 303  # logged in
            async with fresh.get(url + "/") as r:
                assert "/ws/2" in await r.text()


def test_logins_are_kept_beside_the_database_and_differ_by_role(tmp_path):
    from zapis.web.logins import load_secret, secret_file

    db = tmp_path / "k.db"
    a = Logins(load_secret(db), 30)
    assert (secret_file(db).stat().st_mode & 0o777) == 0o600
    b = Logins(load_secret(db), 30)
    assert a.key(Role(TABLE, 5)) == b.key(Role(TABLE, 5))  # printed cards stay good
    keys = {a.key(r) for r in a._by_role}
    codes = {a.code(r) for r in a._by_role}
    assert len(keys) == len(codes) == 32 and all(len(c) == 10 and c.isdigit() for c in codes)
    renewed = Logins(load_secret(db, renew=True), 30)
    assert renewed.key(Role(TABLE, 5)) != a.key(Role(TABLE, 5))


# --- getting tablets in: zapis tablets -----------------------------------------------------------------------
def test_zapis_tablets_prints_each_roles_login_while_a_server_runs(tmp_path, capsys):
    import json

    from zapis import cli
    from zapis.web.serve import build_server

    db = tmp_path / "t.db"
    Store(db).new_evening("2026-11-20")
    assert cli.main(["--db", str(db), "tablets", "--json"]) == 2  # no server runs for it: one line
    assert capsys.readouterr().err.count("\n") == 1
    server = build_server(str(db), "pl", "0.0.0.0", 8123, tables=6)
    server.write_announcement()  # as a running server does (its pid is this process: alive)
    assert cli.main(["--db", str(db), "tablets", "--json", "--tables", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"server", "director", "board", "tables"} and list(data["tables"]) == ["1", "2", "3", "4"]
    server_url = data["server"]
    assert server_url.startswith("http://") and server_url.endswith(":8123")  # the spec: no slash after it
    logins = server.access.logins
    assert data["tables"]["3"] == f"{server_url}/k/{logins.key(Role(TABLE, 3))}"
    assert data["board"] == f"{server_url}/k/{logins.key(Role(BOARD))}"
    assert server.access.key_role(data["director"].rsplit("/", 1)[1]) == Role()
    assert cli.main(["--db", str(db), "tablets", "--json", "--tables", "7"]) == 2  # the server knows 6
    assert "--tables" in capsys.readouterr().err
    cards = tmp_path / "cards.html"
    assert cli.main(["--db", str(db), "--lang", "pl", "tablets", "--cards", str(cards)]) == 0
    page = cards.read_text(encoding="utf-8")
    assert page.count("<section class='card'>") == 6 and page.count("<svg") == 6 and "Stół 6" in page
    assert "http" not in page.replace(server_url, "").split("<body>")[1].replace("http://www.w3.org/2000/svg", "")
    assert cli.main(["--db", str(db), "tablets", "--cards", str(cards)]) == 2  # never over a file unasked
    with Store(db) as director:  # the evening has tables 1 and 3: the cards are the evening's tables
        game_at(director, director.current_evening(), 3)
    assert cli.main(["--db", str(db), "--lang", "pl", "tablets", "--cards", str(cards), "--replace"]) == 0
    assert cards.read_text(encoding="utf-8").count("<section class='card'>") == 3


async def test_a_table_login_holds_three_sessions_at_most(tmp_path):
    access = logins_access()
    t1 = access.logins.key(Role(TABLE, 1))
    async with running(tmp_path, access) as (server, url), stranger() as tablet:
        async with tablet.get(f"{url}/k/{t1}", allow_redirects=False):
            pass
        for _ in range(3):  # three tablets of table 1 in already (as if: no process is started for them)
            server.owners[object()] = ("table", 1)
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            await tablet.ws_connect(url.replace("http", "ws") + "/ws/1", headers=ws_headers(url))
        assert e.value.status == 503


async def test_over_the_websocket_a_tables_keys_change_nothing_outside_its_table(club):
    """The audit's keys sent as a real tablet sends them (textual-serve's protocol) to a real session process."""
    import asyncio
    import shutil

    db, ids = club
    tmp = db.parent / "served"
    tmp.mkdir()
    shutil.copy(db, tmp / "s.db")  # the test server's database (running() serves tmp/s.db)
    access = logins_access()
    t1 = access.logins.key(Role(TABLE, 1))
    async with running(tmp, access) as (server, url), stranger() as tablet:
        async with tablet.get(f"{url}/k/{t1}", allow_redirects=False):
            pass
        ws = await tablet.ws_connect(url.replace("http", "ws") + "/ws/1?width=100&height=32", headers=ws_headers(url))
        screen = b""

        async def read(seconds: float, until: bytes = b"") -> None:
            nonlocal screen
            end = asyncio.get_running_loop().time() + seconds
            while (left := end - asyncio.get_running_loop().time()) > 0 and not (until and until in screen):
                try:
                    msg = await asyncio.wait_for(ws.receive(), left)  # receive(timeout=) restarts at a ping
                except asyncio.TimeoutError:
                    return
                if msg.type == aiohttp.WSMsgType.BINARY:
                    screen += msg.data
                elif msg.type != aiohttp.WSMsgType.TEXT:
                    return
        await read(30.0, until="stół 1".encode())  # a loaded machine starts the session process slowly
        assert "stół 1".encode() in screen  # its own table's game
        for keys in ("\x1b", "n", "2099-12-31", "\r", "p", "r", "\r", "t", "d", "k", "e", "\r", "\x10", "players\r",
                     "\x1b", "x"):
            await ws.send_str(f'["stdin", {json.dumps(keys)}]')
            await read(0.3)
        await ws.send_str('["stdin", "\\u001b"]')
        await read(0.5)
        await ws.close()
    after = Store(tmp / "s.db")
    assert [e["date"] for e in after.evenings()] == ["2026-11-13", "2026-11-20"]
    assert after.current_evening() == ids["now"] and sorted(after.players()) == sorted(P4)
    assert all(not after.hands(g) for g in (ids["g2"], ids["old_game"]))
