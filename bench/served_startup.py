"""Served start-up: from a tablet's websocket connecting to the first frame it receives, `zapis serve` against a
bare Textual app (Header, DataTable, Footer) served the same way by textual-serve. Goal: at most 1.2x.

Each connection starts a new app process on the server (as every tablet does); the clock runs from the moment
the websocket is open to the first frame the app sends (the first message of screen data, not the few bytes of
the terminal set-up before it), read on the client side.
Connections alternate between the two servers, so both see the same machine. Localhost only."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import how_it_ran, median, report  # noqa: E402

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


FRAME_BYTES = 1000  # a whole screen drawn (100x30 cells with their styles), not a terminal mode switched on


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_up(url: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < end:
            try:
                async with http.get(url) as r:
                    if r.status < 500:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit(f"{url} did not come up")


async def first_frame(url: str) -> float:
    """Seconds from the websocket being open to the first frame received."""
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(url.replace("http", "ws") + "/ws?width=100&height=30", headers={"Origin": url})
        t = time.perf_counter()
        try:
            while True:
                msg = await ws.receive(timeout=30)
                # the driver's set-up sequences come first, a few bytes each; a frame of 100x30 is thousands
                if msg.type == aiohttp.WSMsgType.BINARY and len(msg.data) >= FRAME_BYTES:
                    return time.perf_counter() - t
                if msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR, aiohttp.WSMsgType.CLOSE):
                    raise SystemExit(f"{url}: the session closed before its first frame")
        finally:
            await ws.close()
            await asyncio.sleep(0.5)  # the session's process ends before the next one starts


async def main(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as d:
        os.environ["ZAPIS_HOME"] = d
        from zapis.demo import build_demo

        db = str(Path(d) / "demo.db")
        build_demo(db).close()
        bare_app = Path(d) / "bare.py"
        bare_app.write_text(BARE_APP)
        zp, bp = free_port(), free_port()
        servers = [
            subprocess.Popen([sys.executable, "-m", "zapis", "--db", db, "serve", "--port", str(zp)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
            subprocess.Popen([sys.executable, "-c", BARE_SERVER, f"{sys.executable} {bare_app}", str(bp)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
        ]
        try:
            zurl, burl = f"http://127.0.0.1:{zp}", f"http://127.0.0.1:{bp}"
            await wait_up(zurl)
            await wait_up(burl)
            await first_frame(zurl), await first_frame(burl)  # warm the file caches
            zapis, bare = [], []
            for _ in range(repeat):
                zapis.append(await first_frame(zurl))
                bare.append(await first_frame(burl))
        finally:
            for s in servers:
                s.terminate()
                s.wait(20)
    z, b = median(zapis), median(bare)
    report(f"served: first frame after a tablet connects (median of {repeat})", z, b, "s", "<= 1.2x a bare app",
           z <= 1.2 * b)
    print(f"  range: zapis {min(zapis):.3f}-{max(zapis):.3f} s, bare {min(bare):.3f}-{max(bare):.3f} s")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--compile", action="store_true", help="compile zapis to bytecode first (as installed)")
    args = ap.parse_args()
    if args.compile:
        import compileall
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "zapis"), quiet=1)
    how_it_ran()
    asyncio.run(main(args.repeat))
