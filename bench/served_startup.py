"""Served start-up: from a tablet's websocket being open to the first message after which the tablet's screen
is FINISHED, `zapis serve` against a bare Textual app (a Header, a DataTable with one row, a Footer) served by
textual-serve. Two zapis tablets are timed: the director's (`/ws`, the evening's list of games) and table 1's
(`/ws/1`, its game's sheet and entry form). Goal: each at most 1.2x the bare app (medians).

The client is a terminal: everything the server sends as binary messages (the app's terminal output) is fed, as
UTF-8, into a pyte screen of the size the websocket asked for (100x30), and the clock stops at the arrival of
the first message after which that screen is finished:
- zapis, the director's tablet: no "…" anywhere (the placeholder the list shows for a game's hands and totals
  until it is scored) and every game of the demo evening on a row with its number and totals (its first
  player's name followed by a number);
- zapis, table 1's tablet: no "…" and its game's totals line (the first player's name followed by a number);
- the bare app: the DataTable's row "1  2".
Like a browser, the client sends its size (["resize", ...]) and a ping once the websocket is open, and nothing
else. Messages are time-stamped by a task that only receives them; the screen is fed in small pieces, yielding
to it, so the terminal emulation does not delay the time stamps of the messages after.

Every connection starts a new app session on the server (as every tablet does; how the server starts it is its
own business). The three connections of a repeat are made one after another, in an order that rotates, so all
see the same machine. A server that does not come up, a websocket refused or closed, or a screen not finished
within --limit seconds aborts the benchmark with the screen received so far: nothing failed is timed.
Localhost only; --repeat connections to each (default 9)."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import PLACEHOLDER, compile_zapis, fail, finished, how_it_ran, median, report, tail  # noqa: E402

SIZE = (100, 30)
CHUNK = 256  # bytes fed to the terminal emulator between chances for the receiving task to time-stamp a message

BARE_APP = """
from textual.app import App
from textual.widgets import DataTable, Footer, Header
class Bare(App):
    def compose(self):
        yield Header(); yield DataTable(); yield Footer()
    def on_mount(self):
        t = self.query_one(DataTable); t.add_columns("a", "b"); t.add_row("1", "2")
Bare().run()
"""

BARE_SERVER = """
import sys
from textual_serve.server import Server
Server(sys.argv[1], host="127.0.0.1", port=int(sys.argv[2])).serve()
"""
BARE_DONE = {"present": [r"^\s*1\s+2\s*$"], "absent": []}


def zapis_done(db: str, table: int | None) -> dict:
    """What a zapis tablet's finished first screen shows (see the docstring), read from the database."""
    from zapis.store import Store
    with Store(db) as store:
        games = store.games(store.current_evening())
    if table is None:
        present = [rf"#{g.id}\s.*\b{re.escape(g.players[0])}\s+[-−]?\d" for g in games]
    else:
        present = [rf"\b{re.escape(g.players[0])}\s+[-−]?\d" for g in games if g.table == table][:1]
    if not present:
        fail(f"{db}: no game for {'the director' if table is None else f'table {table}'}: nothing to wait for")
    return {"present": present, "absent": [PLACEHOLDER]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A server process whose output is kept for the abort message."""

    def __init__(self, name: str, cmd: list[str], port: int, logs: Path) -> None:
        self.name, self.url = name, f"http://127.0.0.1:{port}"
        self.log = logs / f"{name.replace(' ', '-')}.log"
        self.proc = subprocess.Popen(cmd, stdout=self.log.open("wb"), stderr=subprocess.STDOUT)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def check_alive(self) -> None:
        if self.proc.poll() is not None:
            fail(f"{self.name}: the server ended (exit code {self.proc.returncode})\n{tail(self.output())}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


async def wait_up(server: Server, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < end:
            server.check_alive()
            try:
                async with http.get(server.url + "/") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    fail(f"{server.name}: {server.url}/ did not answer 200 within {seconds} s\n{tail(server.output())}")


async def finished_screen(server: Server, path: str, expect: dict, limit: float) -> float:
    """Seconds from the websocket being open to the arrival of the first message after which the screen is
    finished."""
    import pyte

    w, h = SIZE
    screen = pyte.Screen(w, h)
    stream = pyte.ByteStream(screen)  # decodes UTF-8 across messages
    queue: asyncio.Queue = asyncio.Queue()
    where = f"{server.name} {path}"
    async with aiohttp.ClientSession() as http:
        try:
            ws = await http.ws_connect(f"{server.url.replace('http', 'ws')}{path}?width={w}&height={h}",
                                       headers={"Origin": server.url})
        except aiohttp.ClientError as e:
            server.check_alive()
            fail(f"{where}: the websocket was refused: {e}\n{tail(server.output())}")
        t0 = time.perf_counter()
        await ws.send_json(["resize", {"width": w, "height": h}])  # what the browser's page sends once open
        await ws.send_json(["ping", str(int(time.time() * 1000))])

        async def receive() -> None:  # only receives and time-stamps
            while True:
                msg = await ws.receive()
                queue.put_nowait((time.perf_counter(), msg))
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                                aiohttp.WSMsgType.ERROR):
                    return

        def screen_text() -> str:
            return "\n".join(line.rstrip() for line in screen.display).rstrip("\n")

        receiver = asyncio.create_task(receive())
        try:
            deadline = t0 + limit
            while True:
                try:
                    t, msg = await asyncio.wait_for(queue.get(), max(deadline - time.perf_counter(), 0.001))
                except asyncio.TimeoutError:
                    server.check_alive()
                    fail(f"{where}: the screen was not finished within {limit} s; it shows:\n{screen_text()}\n"
                         f"  server output:\n{tail(server.output())}")
                if msg.type == aiohttp.WSMsgType.BINARY:
                    data = msg.data
                    for i in range(0, len(data), CHUNK):
                        stream.feed(data[i:i + CHUNK])
                        await asyncio.sleep(0)  # the receiving task time-stamps what came meanwhile
                    if finished(screen_text(), expect["present"], expect["absent"]):
                        return t - t0
                elif msg.type != aiohttp.WSMsgType.TEXT:  # JSON (pong, instance id) is not screen data
                    server.check_alive()
                    fail(f"{where}: the websocket closed ({msg.type.name}, {ws.close_code}) before the screen was "
                         f"finished; it shows:\n{screen_text()}\n  server output:\n{tail(server.output())}")
        finally:
            receiver.cancel()
            await ws.close()
            await asyncio.sleep(0.5)  # the session's process ends before the next one starts


async def main(repeat: int, limit: float) -> None:
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        from zapis.demo import build_demo

        db = str(Path(d) / "demo.db")
        build_demo(db).close()
        bare_app = Path(d) / "bare.py"
        bare_app.write_text(BARE_APP)
        zp, bp = free_port(), free_port()
        zapis_server = Server("zapis serve", [sys.executable, "-m", "zapis", "--db", db, "serve", "--port", str(zp)],
                              zp, Path(d))
        bare_server = Server("bare app served", [sys.executable, "-c", BARE_SERVER, f"{sys.executable} {bare_app}",
                                                 str(bp)], bp, Path(d))
        targets = [("bare", bare_server, "/ws", BARE_DONE),
                   ("director", zapis_server, "/ws", zapis_done(db, None)),
                   ("table", zapis_server, "/ws/1", zapis_done(db, 1))]
        times: dict[str, list[float]] = {name: [] for name, *_ in targets}
        try:
            await wait_up(zapis_server)
            await wait_up(bare_server)
            for _, server, path, expect in targets:  # warm the file caches (and check each finishes at all)
                await finished_screen(server, path, expect, limit)
            for i in range(repeat):
                k = i % len(targets)
                for name, server, path, expect in targets[k:] + targets[:k]:
                    times[name].append(await finished_screen(server, path, expect, limit))
        finally:
            zapis_server.stop()
            bare_server.stop()
    b = median(times["bare"])
    for name, what in (("director", "the director's tablet (/ws, the evening's games)"),
                       ("table", "table 1's tablet (/ws/1, its game's sheet and form)")):
        z = median(times[name])
        report(f"served: websocket open -> finished first screen, {what} (median of {repeat})", z, b, "s",
               "<= 1.2x a bare app served", z <= 1.2 * b)
        print(f"  range: zapis {min(times[name]):.3f}-{max(times[name]):.3f} s, "
              f"bare {min(times['bare']):.3f}-{max(times['bare']):.3f} s", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9, help="connections to each of the three tablets (default 9)")
    ap.add_argument("--limit", type=float, default=60.0,
                    help="seconds a tablet may take to show its finished screen before the benchmark aborts (default 60)")
    ap.add_argument("--compile", action="store_true", help="compile zapis to bytecode first (as installed)")
    args = ap.parse_args()
    if args.compile:
        compile_zapis()
    how_it_ran()
    asyncio.run(main(args.repeat, args.limit))
