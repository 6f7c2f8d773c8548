"""`zapis serve`: another machine needs the access code; the board needs none and changes nothing."""

import asyncio
import socket
import threading
from unittest import mock

from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from tests.ui.conftest import new_game
from zapis.serve import build_server, make_guard
from zapis.store import Store
from zapis.ui.app import make_app


def request(path, remote, cookies=None):
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: (remote, 5555) if name == "peername" else default
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())} if cookies else {}
    return make_mocked_request("GET", path, headers=headers, transport=transport)


async def ok(_request):
    return web.Response(text="app")


async def test_a_non_local_connection_without_the_code_is_refused():
    guard = make_guard("123456")
    # 192.0.2.0/24 is TEST-NET: a documentation address, never contacted; the request is built in memory
    assert (await guard(request("/", "192.0.2.10"), ok)).status == 403
    assert (await guard(request("/ws", "192.0.2.10"), ok)).status == 403
    assert (await guard(request("/?code=000000", "192.0.2.10"), ok)).status == 403
    good = await guard(request("/?code=123456", "192.0.2.10"), ok)
    assert good.status == 200 and good.cookies["zapis_code"].value == "123456"
    assert (await guard(request("/ws", "192.0.2.10", {"zapis_code": "123456"}), ok)).status == 200
    assert (await guard(request("/", "127.0.0.1"), ok)).status == 200  # this machine needs no code
    assert (await guard(request("/board", "192.0.2.10"), ok)).status == 200  # the board needs none


def test_the_server_prints_a_code_only_when_it_listens_beyond_this_machine():
    assert build_server(None, "pl", "127.0.0.1", 8000).code is None
    s = build_server(None, "pl", "0.0.0.0", 8000)
    assert s.code and len(s.code) == 6 and s.code.isdigit()
    assert s.command.endswith(" app") and s.board_command.endswith(" board")


def test_the_server_answers_on_loopback(tmp_path):
    """A real server on 127.0.0.1: the app page and the board page are served."""
    import urllib.request
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = build_server(str(tmp_path / "s.db"), "pl", "127.0.0.1", port)
    loop = asyncio.new_event_loop()
    started = threading.Event()

    async def run():
        app = await server._make_app()
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        started.set()
        await asyncio.sleep(5)
        await runner.cleanup()

    t = threading.Thread(target=lambda: loop.run_until_complete(run()), daemon=True)
    t.start()
    assert started.wait(5)
    for path in ("/", "/board"):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            assert r.status == 200 and b"<html" in r.read().lower()
    t.join(6)


async def test_the_board_is_read_only(tmp_path):
    db = tmp_path / "b.db"
    gid = new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
                   [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    app = make_app(db, "pl", board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "BoardScreen"
        for key in ("ctrl+z", "ctrl+s", "n", "g", "e", "x", "enter", "l", "ctrl+p"):
            await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == "BoardScreen"
    store = Store(db)
    assert len(store.log(gid)) == 1 and len(store.evenings()) == 1
