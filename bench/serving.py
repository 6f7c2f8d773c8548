"""Serving: what a viewer and a tablet cost. The board's viewers share the server process (a websocket
each); every app session is a process of its own. Goal: 30 board viewers take at most the memory of
2 app sessions. Baseline in the same run: the server's own memory before anyone connects."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss(pid: int) -> float:
    """Resident memory of a process and its children, MiB."""
    total = 0
    pids = [pid] + [int(p) for p in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True,
                                                    text=True).stdout.split()]
    for p in pids:
        try:
            for line in open(f"/proc/{p}/status"):
                if line.startswith("VmRSS"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


def session_pids(server_pid: int) -> list[int]:
    """The server's descendants that run zapis (a session is `python -m zapis.session ...`, or `zapis ... app`
    in older versions): found by walking the process tree, not by a pattern of the command line."""
    found, stack = [], [server_pid]
    while stack:
        for kid in (int(p) for p in subprocess.run(["pgrep", "-P", str(stack.pop())], capture_output=True,
                                                   text=True).stdout.split()):
            try:
                command = open(f"/proc/{kid}/cmdline", "rb").read().replace(b"\0", b" ")
            except OSError:
                continue
            stack.append(kid)
            if b"zapis" in command:
                found.append(kid)
    return found


async def main() -> None:
    from tests.ui.conftest import new_game

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "b.db"
        for t in range(4):
            new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
                     [{"contract": "3NT", "declarer": "N", "tricks": 9}] * 5)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "zapis", "--db", str(db), "serve", "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            time.sleep(3)
            base = rss(server.pid)
            async with aiohttp.ClientSession() as http:
                viewers = [await http.ws_connect(url.replace("http", "ws") + "/board/ws", headers={"Origin": url})
                           for _ in range(30)]
                for ws in viewers:
                    await ws.receive(timeout=10)
                await asyncio.sleep(1)
                with_viewers = rss(server.pid)
                app = await http.ws_connect(url.replace("http", "ws") + "/ws?width=100&height=30",
                                            headers={"Origin": url})
                await asyncio.sleep(6)
                apps = [p for p in session_pids(server.pid)]
                app_rss = sum(rss(p) for p in apps) or float("nan")
                await app.close()
                for ws in viewers:
                    await ws.close()
        finally:
            server.terminate()
            server.wait(20)
        viewers_cost = with_viewers - base
        print(json.dumps({"python": sys.version.split()[0], "bytecode": not sys.dont_write_bytecode,
                          "server_mib": round(base, 1), "30_viewers_add_mib": round(viewers_cost, 1),
                          "one_app_session_mib": round(app_rss, 1),
                          "ratio_to_two_sessions": round(viewers_cost / (2 * app_rss), 3)}))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import how_it_ran
    how_it_ran()
    asyncio.run(main())
