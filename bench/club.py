"""A club evening (issue #33): one duplicate pairs session, a 30-table Mitchell of 60 pairs made with the CLI
(`zapis pairs new`), served by `zapis serve` on 127.0.0.1, with N tablets open (N = 4, 16, 30 by default), each
the tablet of table 1..N: a websocket client that speaks textual-serve's protocol as the page in a tablet's browser
does (bench/_tablets.py), its screen rendered (_common.TextScreen, as exact as pyte for Textual's output and far cheaper), so that what is timed is what a tablet shows.

For each N, with a fresh server and a fresh copy of the session's database, and each figure beside a baseline
measured in the same run:

- memory: PSS (/proc/PID/smaps_rollup) of the server and all its descendants (however the sessions are started: a
  process each, or forked from a warm process; the tree is walked, no command line is matched), with N tablets
  open and idle. Per added tablet = the mean PSS of one session (every process of the tree but the server and its
  warm process) + what the server and its warm process grew by with N tablets, / N. (zapis serve makes a session
  for each table without a tablet before it connects, a spare: the tree "before any tablet" already holds them, so
  the difference of the two trees would not be what a tablet costs.) Baseline: a bare Textual app
  (bench/served_startup.py's BARE_APP) served by textual-serve (BARE_SERVER) with the same N clients, measured
  the same way.
- prepared: from the server's port open until its tree has been idle for a second (the warm process, the spares
  built); the tablets connect only then, as at a club where the server is started before the players sit down.
- idle CPU: utime+stime (/proc/PID/stat) of the whole tree over --idle seconds with the N tablets open and
  nothing happening, as a share of one core; also how many frames the tablets received meanwhile. Baselines: the
  server alone before any tablet, and the bare served app with N clients.
- opening: "finished" is the moment the frame arrives after which the rendered screen shows the table's real
  content and is ready for the first tap: the title "table T · round 1 of R", both pairs of the table by number
  and names, "Board b ·" of its first board, the contract pad with the cursor on it ("▶ contract"), the button
  "Next: E-W accept", and no "…" placeholder anywhere. (The first full frame comes with the cursor on a board
  button; the cursor reaches the pad a few frames later: the tablet is finished then), all of it at the tablet's
  own size (the key bar's words on its last row but one: a spare made at another size first shows what it drew then). Burst: N tablets
  connecting at once, from the common start to the LAST one finished, and the median. One more tablet alone:
  with the N open and idle, one more (table N+1, which has its spare; with N = 30, a second tablet of table 1,
  which has none: its session starts as it connects) from its connect to finished, --repeat times, each closed
  (its session gone, and whatever the server makes again for its table done) before the next. Baseline: the bare app, finished when
  its header, its table's row "1  2" and its footer show, measured the same way with N bare clients.
- save -> redrawn: a result is entered as a table does it: on table 1's tablet, taps on the pad's cells 4, ♠, S
  and = (each tap sent once the screen shows the one before took, at the place the rendered screen shows the
  cell, as SGR mouse reports like xterm.js's), then on "Next: E-W accept"; the clock starts when the bench sends
  E-W's tap on "E-W accept": the session commits then (whatever tells the other sessions: polling, or a nudge
  from the server). It stops for each viewer at the first frame showing the new result:
    - own: the committing tablet itself (its traveller line, and "Board b saved.", or at a round's last board
      "Round r is over." and where the pairs go);
    - second: a second tablet of table 1 (a pairs table's E-W tablet), waiting on the same board's form, which
      turns to the traveller with the result;
    - director: the director's view of the session (`/ws`, `d`), whose title counts the results in ("k of 600");
    - board: the board's websocket (/board/ws), whose pairs page counts the results (JSON `results`).
  "all" is the last of these four. Another table's tablet shows nothing that changes when table 1 commits: its
  round, pairs, boards and form are its own, and a Mitchell table never shows another table's traveller while it
  enters (the boards of a round are at one table each); so those tablets are not waited for, but the frames they
  receive during each save (counted until 0.6 s after the last viewer redrew) and whether their rendered text
  changed are reported. The baseline for "all" is "own": how long the others lag behind the tablet that saved.
  Median and p95 over --saves saves (all at table 1, board after board, round after round: between two saves
  both tablets of table 1 go on to the next board by a tap on "Next board" or "Next round").
  (Keys are not used for the entry: a key typed at once after a choice can reach the cell row the cursor is
  leaving, since the cursor moves on a frame after the choice is drawn; a tap names its cell.)

The bench's own process plays every tablet, each of which has a CPU of its own: it runs at a raised priority when
allowed (the servers and their sessions keep the priority it started with), each frame is time-stamped by a task
that only receives, and the worst lag of its event loop is reported beside the burst and the saves (a client that
cannot answer the server's heartbeat ping within 7.5 s loses its websocket).

Run: `python bench/club.py --compile` (options: --tablets 4,16,30, --saves 20, --repeat 5, --idle 10, --tables 30;
--compile: bytecode as installed, kept in a cache of the run's own). A run takes a few minutes on 2 cores.

Success is checked everywhere: the servers come up, every tablet reaches its finished screen, every step of
every entry shows, every save shows on every viewer, and the database holds exactly the results entered (read
through zapis's store after the server stopped); otherwise the bench stops with a message saying what did not
happen and what the tablet showed. The server's log is scanned for warnings and errors.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import aiohttp

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from _common import how_it_ran, median, p95  # noqa: E402
from _tablets import (BoardViewer, Closed, LoopLag, Tablet, cmdline, descendants, sessions_pss_mib,  # noqa: E402
                      tree_cpu, tree_pss_mib)
from served_startup import BARE_APP, BARE_SERVER  # noqa: E402  (the same bare app as the served start-up's)

TABLET = (100, 40)  # a tablet's terminal at the served font size (cells)
DIRECTOR = (140, 45)  # the director's laptop
BOARDS_PER_ROUND = 2
FIRST = ["Anna", "Bartosz", "Celina", "Dariusz", "Ewa", "Filip", "Grażyna", "Henryk", "Irena", "Jerzy", "Katarzyna",
         "Leszek"]
LAST = ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak",
        "Dąbrowski"]
#: the result table 1 enters, tap by tap as on a tablet (4, ♠, S, =): the cell, the row it is on, and what the
#: screen shows once the tap took
ENTRY = [("4", lambda line: "contract" in line and "pass" in line, "✓4"),
         ("♠", lambda line: "♣" in line and "NT" in line, "✓♠"),
         ("S", lambda line: "declarer" in line, "✓S"),
         ("=", lambda line: "result" in line and "-1" in line, "✓=")]
CONTRACT = "4♠ S ="
LAG = LoopLag()  # the bench's own loop (see _tablets.LoopLag)
NICE = os.getpriority(os.PRIO_PROCESS, 0)  # the priority the servers run at: the bench's own, as it started
SETTLE = 3.0  # seconds after a burst before memory and idle CPU are read (the sessions' work after a first frame)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Failed(Exception):
    """Something the bench checks did not happen: said in the message, the bench stops."""


def player(i: int) -> str:
    return f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]}"


@dataclass
class Session:
    db: Path
    game: int
    tables: int
    rounds: int
    total: int  # results the movement has
    names: dict[int, tuple[str, str]]
    seats: dict[tuple[int, int], tuple[int, int, list[int]]]  # (round, table) -> (ns, ew, boards)

    def boards_of(self, table: int) -> list[tuple[int, int]]:
        """(round, board) in the order the table plays them."""
        return [(r, b) for r in range(1, self.rounds + 1) for b in self.seats[(r, table)][2]]


def make_session(db: Path, tables: int, rounds: int, env: dict) -> Session:
    pairs = []
    for p in range(2 * tables):
        pairs += ["--pair", f"{player(2 * p)},{player(2 * p + 1)}"]
    cmd = [sys.executable, "-m", "zapis", "--db", str(db), "--lang", "en", "pairs", "new", "--movement", "mitchell",
           "--boards-per-round", str(BOARDS_PER_ROUND), "--rounds", str(rounds), "--title", "Club evening",
           "--json", *pairs]
    r = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env, timeout=600)
    if r.returncode != 0:
        raise Failed(f"zapis pairs new failed (exit {r.returncode}):\n{r.stderr.strip()}")
    import json

    data = json.loads(r.stdout)
    seats = {}
    for rnd in data["movement"]["rounds"]:
        for t in rnd["tables"]:
            seats[(rnd["round"], t["table"])] = (t["ns"], t["ew"], list(t["boards"]))
    names = {p: (player(2 * (p - 1)), player(2 * (p - 1) + 1)) for p in range(1, 2 * tables + 1)}
    if data["movement"]["tables"] != tables or len(data["movement"]["rounds"]) != rounds:
        raise Failed(f"zapis pairs new made {data['movement']['tables']} tables and "
                     f"{len(data['movement']['rounds'])} rounds, not {tables} and {rounds}")
    return Session(db, data["game"], tables, rounds, sum(len(s[2]) for s in seats.values()), names, seats)


# --- what a screen shows ------------------------------------------------------------------------------------------
def entry_ready(s: Session, table: int, rnd: int, board: int) -> Callable[[Tablet], bool]:
    """The table's tablet, ready for the first tap of `board`'s result (see the module's docstring)."""
    ns, ew, _ = s.seats[(rnd, table)]
    want = [f"table {table} · round {rnd} of {s.rounds}", f"N-S  pair {ns}: {' – '.join(s.names[ns])}",
            f"E-W  pair {ew}: {' – '.join(s.names[ew])}", f"Board {board} ·", "▶ contract", "Next: E-W accept"]

    def ready(t: Tablet) -> bool:
        text = t.text
        return "…" not in text and all(w in text for w in want) and at_full_size(t)
    return ready


def at_full_size(t: Tablet, bar: int = -2) -> bool:
    """The screen fills the tablet's terminal: its key bar, docked at the bottom, has its words on the last row but
    one (a tablet's keys are three rows tall, the last one blank; a bare app's footer is the last row: bar=-1). (A
    session made before its tablet came, at another size, first shows what it drew then; its screen at the tablet's
    size follows the resize.)"""
    return bool(t.lines and len(t.lines) == t.screen.height and t.lines[bar].strip())


def bare_ready(t: Tablet) -> bool:
    return ("Bare" in t.lines[0] and any(line.split() == ["1", "2"] for line in t.lines) and "palette" in t.text
            and at_full_size(t, bar=-1))


def evening_ready(t: Tablet) -> bool:
    return "Tables and games" in t.text and "#1" in t.text and "…" not in t.text


RESULTS_IN = re.compile(r"\b(\d+) of (\d+) results")


def director_count(t: Tablet) -> int | None:
    m = RESULTS_IN.search(t.flat)
    return int(m.group(1)) if m else None


def board_count(v: BoardViewer) -> int | None:
    try:
        return int(v.state["pairs"][0]["results"])
    except (TypeError, KeyError, IndexError, ValueError):
        return None


def traveller_shows(board: int, table: int = 1, saved_in: int | None = None) -> Callable[[Tablet], bool]:
    """The board's traveller with this table's line; `saved_in`: the tablet that saved says so too ("Board b saved.",
    or at a round's last board "Round r is over." with where the pairs go next)."""
    def shows(t: Tablet) -> bool:
        text = t.text
        if f"Board {board} ·" not in text:
            return False
        if saved_in is not None and f"Board {board} saved." not in text and f"Round {saved_in} is over." not in text:
            return False
        return any(line.lstrip().startswith(f"►{table} ") and CONTRACT in line for line in t.lines)
    return shows


# --- servers --------------------------------------------------------------------------------------------------------
def normal_priority() -> None:
    """In a server's process before it runs: the priority the bench started with, not the bench's raised one."""
    os.setpriority(os.PRIO_PROCESS, 0, NICE)


def raise_priority() -> str:
    """The bench plays tablets, each of which has a CPU of its own: on a busy machine its process is put before
    others (when allowed), so that it is not what is slow, and answers the server's heartbeat pings in time. The
    servers and their sessions keep the priority the bench started with."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, NICE - 10)
        return f"the bench's own process at nice {NICE - 10} (the servers at {NICE})"
    except OSError:
        return f"the bench's own process at nice {NICE} like the servers (raising it was not allowed)"


class Server:
    def __init__(self, name: str, cmd: list[str], log: Path, env: dict):
        self.name, self.cmd, self.log, self.env = name, cmd, log, env
        self.proc: subprocess.Popen | None = None

    async def start(self, url: str, timeout: float = 120) -> None:
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(self.cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=self.env, preexec_fn=normal_priority)
        end = time.monotonic() + timeout
        async with aiohttp.ClientSession() as http:
            while time.monotonic() < end:
                if self.proc.poll() is not None:
                    raise Failed(f"{self.name} exited ({self.proc.returncode}) before it answered:\n{self.tail()}")
                try:
                    async with http.get(url + "/", timeout=aiohttp.ClientTimeout(total=5)) as r:
                        if r.status < 500:
                            return
                except (aiohttp.ClientError, asyncio.TimeoutError):
                    pass
                await asyncio.sleep(0.2)
        raise Failed(f"{self.name} did not answer at {url} within {timeout:.0f} s:\n{self.tail()}")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> list[str]:
        """Stop the server; what of its tree is still running 10 s later is said (and ended)."""
        if self.proc is None or self.proc.poll() is not None:
            return []
        kids = descendants(self.proc.pid)
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        end = time.monotonic() + 10
        left = [p for p in kids if Path(f"/proc/{p}").exists()]
        while left and time.monotonic() < end:
            time.sleep(0.2)
            left = [p for p in left if Path(f"/proc/{p}").exists()]
        said = [f"{p} {cmdline(p)[:80]}" for p in left]
        for p in left:  # started under this server: ended by their ids
            try:
                os.kill(p, 9)
            except OSError:
                pass
        return said

    def problems(self) -> list[str]:
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return []
        return [line for line in lines if re.search(r"error|warning|traceback|exception|internal", line, re.I)]


# --- measuring ------------------------------------------------------------------------------------------------------
async def settle_processes(pid: int, count: int, timeout: float = 20) -> None:
    """Until the tree is back to `count` descendants (a closed tablet's session has ended)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and len(descendants(pid)) > count:
        await asyncio.sleep(0.1)


async def settle(pid: int, timeout: float = 300) -> float:
    """Seconds from now (the server's port open) until its tree has been idle for a second (under 15% of a core):
    whatever it prepares before the first tablet (the warm process, the spares) is done. At least 2 s."""
    t0 = time.perf_counter()
    await asyncio.sleep(2)
    while time.perf_counter() - t0 < timeout:
        cpu, _ = await idle_cpu(pid, 1.0, [])
        if cpu < 0.15:
            return time.perf_counter() - t0
    raise Failed(f"the server's processes were still busy {timeout:.0f} s after it started")


async def idle_cpu(pid: int, seconds: float, viewers: list) -> tuple[float, int]:
    """The tree's CPU over `seconds` as a share of one core, and the frames the viewers received meanwhile."""
    frames = sum(v.messages for v in viewers)
    c0, t0 = tree_cpu(pid), time.perf_counter()
    await asyncio.sleep(seconds)
    c1, wall = tree_cpu(pid), time.perf_counter() - t0
    used = sum(c1[p] - c0.get(p, 0.0) for p in c1)
    return used / wall, sum(v.messages for v in viewers) - frames


async def open_burst(http: aiohttp.ClientSession, url: str, specs: list[tuple[Tablet, str, Callable]],
                     timeout: float) -> list[float]:
    """Every tablet connects at once; each one's seconds from the common start to its finished screen."""
    t0 = time.perf_counter()

    async def one(tab: Tablet, path: str, ready: Callable) -> float:
        await tab.open(http, url, path)
        return await tab.wait(ready, timeout, "finished screen") - t0

    got = await asyncio.gather(*(one(*s) for s in specs), return_exceptions=True)
    bad = [(s[0], g) for s, g in zip(specs, got) if isinstance(g, BaseException)]
    if bad:
        done = len(specs) - len(bad)
        first = bad[0]
        raise Failed(f"{len(bad)} of {len(specs)} tablets never reached their finished screen ({done} did): "
                     f"{', '.join(t.name for t, _ in bad[:10])}\nfirst: {first[1]}")
    return got  # type: ignore[return-value]


async def open_lone(http: aiohttp.ClientSession, url: str, pid: int, path: str, ready: Callable, repeat: int,
                    name: str, timeout: float = 180) -> list[float]:
    out = []
    for i in range(repeat):
        count = len(descendants(pid))
        tab = Tablet(f"{name} (#{i + 1})", *TABLET)
        try:
            await tab.open(http, url, path)
            at = await tab.wait(ready, timeout, "finished screen")
            out.append(at - tab.t_connect)
        except (Closed, TimeoutError, aiohttp.ClientError) as e:
            raise Failed(f"one more tablet ({path}) did not open: {e}") from None
        finally:
            await tab.close()
        await settle_processes(pid, count)
        await settle(pid)  # the session closed, and whatever the server makes again for its table, done
    return out


@dataclass
class Result:
    n: int
    base_mib: float = 0.0
    base_processes: int = 0
    prepared: float = 0.0  # seconds from the server's port open to its tree idle (the spares built)
    spares: int = 0  # sessions with no tablet once prepared (zapis serve's spares)
    core_mib: tuple[float, float] = (0.0, 0.0)  # the server and its warm process: before any tablet, with N
    session_mib: float = 0.0  # the mean PSS of one session with N tablets open
    sessions: int = 0
    mib: float = 0.0
    server_own_mib: tuple[float, float] = (0.0, 0.0)
    processes: int = 0
    base_cpu: float = 0.0
    cpu: float = 0.0
    idle_frames: int = 0
    burst: list[float] = field(default_factory=list)
    lone: list[float] = field(default_factory=list)
    client_cpu_burst: float = 0.0
    lag_burst: float = 0.0
    lag_saves: float = 0.0
    saves: dict[str, list[float]] = field(default_factory=dict)
    others_frames: int = 0
    others_bytes: int = 0
    others_changed: int = 0
    others_n: int = 0
    problems: list[str] = field(default_factory=list)
    leftover: list[str] = field(default_factory=list)

    @property
    def per_tablet(self) -> float:
        """What one more tablet costs: its session (the mean session's PSS) and its share of what the server and
        the warm process grew by with N tablets (sessions made before their tablets, spares, are counted as
        sessions, not as the server's)."""
        return self.session_mib + (self.core_mib[1] - self.core_mib[0]) / self.n


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def measure_open(res: Result, http: aiohttp.ClientSession, url: str, pid: int,
                       specs: list[tuple[Tablet, str, Callable]], args) -> None:
    """Server alone, then the burst of N, then memory and idle CPU with the N open."""
    res.base_mib, own0, res.base_processes = tree_pss_mib(pid)
    core0, _, res.spares = sessions_pss_mib(pid)
    res.base_cpu, _ = await idle_cpu(pid, args.idle, [])
    c0 = own_cpu()
    LAG.take()
    try:
        res.burst = await open_burst(http, url, specs, timeout=120 + 15 * len(specs))
    except Failed as e:
        raise Failed(f"{e}\n(meanwhile the bench's own loop lagged up to {LAG.take():.2f} s)") from None
    res.lag_burst = LAG.take()
    res.client_cpu_burst = own_cpu() - c0
    await asyncio.sleep(SETTLE)
    await settle(pid)  # and whatever the server does once its tablets came, done
    res.mib, own1, res.processes = tree_pss_mib(pid)
    core1, res.session_mib, res.sessions = sessions_pss_mib(pid)
    res.server_own_mib, res.core_mib = (own0, own1), (core0, core1)
    res.cpu, res.idle_frames = await idle_cpu(pid, args.idle, [s[0] for s in specs])


def bare_server(work: Path, env: dict, name: str) -> tuple[Server, str]:
    app = work / "bare.py"
    app.write_text(BARE_APP)
    port = free_port()
    # `exec` as zapis serve starts its sessions: the app is the shell's own process (no shell left between)
    return Server("the bare served app", [sys.executable, "-c", BARE_SERVER, f"exec {sys.executable} {app}",
                                          str(port)], work / f"{name}.log", env), f"http://127.0.0.1:{port}"


def zapis_server(db: Path, work: Path, env: dict, name: str, sessions: int = 64) -> tuple[Server, str]:
    port = free_port()
    return Server("zapis serve", [sys.executable, "-m", "zapis", "--db", str(db), "--lang", "en", "serve", "--port",
                                  str(port), "--max-sessions", str(sessions)], work / f"{name}.log", env), \
        f"http://127.0.0.1:{port}"


async def warm_up(work: Path, env: dict, template: Session) -> None:
    """One tablet, the director's view and one bare client, once, before anything is measured: the files read
    (and, with --compile, the bytecode written) as on a machine that has run them before, and the tablets' size
    remembered by zapis (its next server makes each table's session at it, as on a club's second evening; on the
    first, sessions made at 80x24 and then drawn at a tablet's 100x40 hold about 0.6 MiB more each)."""
    db = work / "warm.db"
    shutil.copyfile(template.db, db)
    server, url = zapis_server(db, work, env, "warm-up")
    try:
        await server.start(url)
        async with aiohttp.ClientSession() as http:
            tab, director = Tablet("warm-up tablet", *TABLET), Tablet("warm-up director", *DIRECTOR)
            try:
                await tab.open(http, url, "/ws/1")
                await director.open(http, url, "/ws")
                await tab.wait(entry_ready(template, 1, *template.boards_of(1)[0]), 600, "finished screen")
                await director.wait(evening_ready, 600, "evening screen")
                await director.keys("d")
                await director.wait(lambda t: director_count(t) == 0, 300, "pairs director's view")
            finally:
                await asyncio.gather(tab.close(), director.close())
    finally:
        server.stop()
    server, url = bare_server(work, env, "warm-up-bare")
    try:
        await server.start(url)
        async with aiohttp.ClientSession() as http:
            tab = Tablet("warm-up bare client", *TABLET)
            try:
                await tab.open(http, url, "/ws")
                await tab.wait(bare_ready, 300, "finished screen")
            finally:
                await tab.close()
    finally:
        server.stop()


async def bare_phase(n: int, args, work: Path, env: dict) -> Result:
    res = Result(n)
    server, url = bare_server(work, env, f"bare-{n}")
    tablets = [Tablet(f"bare client {i + 1}", *TABLET) for i in range(n)]
    try:
        await server.start(url)
        res.prepared = await settle(server.pid)
        async with aiohttp.ClientSession() as http:
            try:
                await measure_open(res, http, url, server.pid, [(t, "/ws", bare_ready) for t in tablets], args)
                res.lone = await open_lone(http, url, server.pid, "/ws", bare_ready, args.repeat,
                                           "one more bare client")
            finally:
                await asyncio.gather(*(t.close() for t in tablets))
    finally:
        res.leftover = server.stop()
    return res


async def club_phase(n: int, args, work: Path, env: dict, template: Session) -> Result:
    res = Result(n)
    db = work / f"club-{n}.db"
    shutil.copyfile(template.db, db)
    s = Session(db, template.game, template.tables, template.rounds, template.total, template.names, template.seats)
    server, url = zapis_server(db, work, env, f"club-{n}", max(64, n + 8))
    tablets = [Tablet(f"table {t}", *TABLET) for t in range(1, n + 1)]
    extra: list = []
    try:
        await server.start(url)
        res.prepared = await settle(server.pid)
        async with aiohttp.ClientSession() as http:
            try:
                specs = [(tab, f"/ws/{t}", entry_ready(s, t, 1, s.seats[(1, t)][2][0]))
                         for t, tab in enumerate(tablets, start=1)]
                await measure_open(res, http, url, server.pid, specs, args)
                if len(descendants(server.pid)) < n:
                    raise Failed(f"{n} tablets open but the server has {len(descendants(server.pid))} descendants")
                lone_table = n % s.tables + 1
                res.lone = await open_lone(http, url, server.pid, f"/ws/{lone_table}",
                                           entry_ready(s, lone_table, 1, s.seats[(1, lone_table)][2][0]), args.repeat,
                                           f"one more tablet, table {lone_table}")
                LAG.take()
                await run_saves(res, http, url, s, tablets, extra, args.saves)
                res.lag_saves = LAG.take()
            except (Failed, TimeoutError, Closed) as e:
                alive = "still running" if server.proc.poll() is None else f"EXITED with {server.proc.returncode}"
                raise Failed(f"{e}\nthe server is {alive}; its log, the last lines:\n{server.tail()}") from None
            finally:
                await asyncio.gather(*(t.close() for t in tablets + extra))
    finally:
        res.leftover = server.stop()
        res.problems = server.problems()
    check_database(s, args.saves)
    return res


async def run_saves(res: Result, http: aiohttp.ClientSession, url: str, s: Session, tablets: list[Tablet],
                    extra: list, saves: int) -> None:
    board = BoardViewer()
    director = Tablet("the director's view", *DIRECTOR)
    second = Tablet("table 1, second tablet", *TABLET)
    extra += [board, director, second]
    plays = s.boards_of(1)
    await board.open(http, url, "/board/ws")
    await director.open(http, url, "/ws")
    await second.open(http, url, "/ws/1")
    await board.wait(lambda v: board_count(v) == 0, 120, "state with 0 results")
    await director.wait(evening_ready, 180, "evening screen")
    await director.keys("d")
    await director.wait(lambda t: director_count(t) == 0, 120, "pairs director's view with 0 results")
    first = tablets[0]
    await second.wait(entry_ready(s, 1, *plays[0]), 180, "finished screen")
    await first.wait(entry_ready(s, 1, *plays[0]), 60, "finished screen")
    others = tablets[1:]
    res.others_n = len(others)
    viewers = {"own": first, "second": second, "director": director, "board": board}
    res.saves = {k: [] for k in (*viewers, "all")}
    for k, (rnd, b) in enumerate(plays[:saves], start=1):
        await enter_result(first, b)
        if director_count(director) != k - 1 or board_count(board) != k - 1:
            raise Failed(f"before save {k}: the director shows {director_count(director)} results, the board "
                         f"{board_count(board)}, not {k - 1}")
        before = [(t.messages, t.received, t.text) for t in others]
        futures = {"own": first.expect(traveller_shows(b, saved_in=rnd)), "second": second.expect(traveller_shows(b)),
                   "director": director.expect(lambda t, k=k: director_count(t) == k),
                   "board": board.expect(lambda v, k=k: board_count(v) == k)}
        await accepted(first, futures, viewers, res.saves, k, b)
        await asyncio.sleep(0.6)  # the other tables' sessions have looked at the database by now
        for t, (frames, received, text) in zip(others, before):
            res.others_frames += t.messages - frames
            res.others_bytes += t.received - received
            res.others_changed += t.text != text
        if k == saves or k == len(plays):
            break
        await next_board(s, (first, second), b, plays[k])


async def enter_result(first: Tablet, b: int) -> None:
    """Board b's result tapped in on table 1's tablet (ENTRY), up to E-W's check of it."""
    for token, row, mark in ENTRY:
        await first.wait(lambda t, c=token, r=row: t.cell(c, r) is not None, 60, f"cell {token!r} (board {b})")
        await first.tap_cell(token, row)
        await first.wait(lambda t, m=mark: m in t.text, 60, f"{mark} after a tap on {token!r} (board {b})")
    await first.tap_words("Next: E-W accept")
    await first.wait(lambda t: "E-W: is the result right?" in t.text and f"Board {b}: {CONTRACT}" in t.text, 60,
                     f"E-W's check of board {b}")


async def accepted(first: Tablet, futures: dict, viewers: dict, took: dict[str, list[float]], k: int,
                   b: int) -> None:
    """E-W's tap on "E-W accept" (the commit), then each viewer's first frame showing it (`futures`), timed from
    that tap into `took` (and the last of them into took["all"])."""
    t0 = time.perf_counter()
    await first.tap_words("E-W accept")  # committed now
    for name, fut in futures.items():
        try:
            at = await asyncio.wait_for(fut, 60)
        except (asyncio.TimeoutError, Closed) as e:
            raise Failed(f"save {k} (board {b}) never showed on {viewers[name].name} ({e or 'timeout'}); it "
                         f"shows:\n{viewers[name].shows()}") from None
        took[name].append(at - t0)
    took["all"].append(max(took[n][-1] for n in viewers))


async def next_board(s: Session, tablets: tuple[Tablet, ...], b: int, nxt: tuple[int, int]) -> None:
    """Table 1's tablets on to the next board (or round) after board b, each on its form."""
    for t in tablets:
        label = next((w for w in ("Next board", "Next round") if w in t.text), None)
        if label is None:
            raise Failed(f"{t.name}: no next button after board {b}:\n{t.shows()}")
        await t.tap_words(label)
    for t in tablets:
        await t.wait(entry_ready(s, 1, *nxt), 60, f"form of board {nxt[1]}")
    await asyncio.sleep(0.3)


def check_database(s: Session, saves: int) -> None:
    """What the tablets showed as saved is in the database: exactly the results entered, at table 1."""
    from zapis.club import pairs_session
    from zapis.store import Store

    with Store(str(s.db)) as store:
        got = sorted((r["board"], r.get("table"), r.get("contract")) for r in pairs_session.load(store, s.game).results)
    boards = sorted(b for _, b in s.boards_of(1)[:saves])
    if [(b, t) for b, t, _ in got] != [(b, 1) for b in boards]:
        raise Failed(f"the database holds {[(b, t) for b, t, _ in got]}, not boards {boards} of table 1")


# --- the report -----------------------------------------------------------------------------------------------------
def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b else "n/a"


def report(n: int, club: Result, bare: Result, args) -> None:
    print(f"\n== {n} tablets (tables 1-{n} of the {args.tables}-table Mitchell; terminals {TABLET[0]}x{TABLET[1]})")
    print(f"memory, PSS of the server and all its descendants: {club.mib:.1f} MiB with {n} tablets "
          f"({club.processes} processes; the server alone before any tablet {club.base_mib:.1f} MiB in "
          f"{club.base_processes}; the server's own process "
          f"{club.server_own_mib[0]:.1f} -> {club.server_own_mib[1]:.1f} MiB)")
    print(f"prepared before the first tablet: {club.prepared:.1f} s to an idle tree, {club.spares} sessions made for "
          f"tables without a tablet (spares)  vs bare {bare.prepared:.1f} s, {bare.spares}")
    print(f"  a session's PSS {club.session_mib:.1f} MiB (mean of {club.sessions}); the server and its warm process "
          f"{club.core_mib[0]:.1f} -> {club.core_mib[1]:.1f} MiB")
    print(f"  per added tablet (a session + the server's growth / {n}) {club.per_tablet:.1f} MiB  vs bare served app "
          f"{bare.per_tablet:.1f} MiB per client "
          f"({bare.mib:.1f} MiB with {n} clients, server alone {bare.base_mib:.1f} MiB)  ratio "
          f"{ratio(club.per_tablet, bare.per_tablet)}")
    print(f"idle CPU over {args.idle:g} s, whole tree: {100 * club.cpu:.1f}% of a core with {n} tablets "
          f"({100 * club.cpu / n:.2f}% per tablet; {club.idle_frames} frames sent meanwhile)  vs server alone "
          f"{100 * club.base_cpu:.1f}%, bare served app with {n} clients {100 * bare.cpu:.1f}% "
          f"({bare.idle_frames} frames)  ratio to bare {ratio(club.cpu, bare.cpu)}")
    print(f"burst, {n} tablets connecting at once: the last finished after {max(club.burst):.2f} s, median "
          f"{median(club.burst):.2f} s  vs bare app {max(bare.burst):.2f} s / {median(bare.burst):.2f} s  ratio "
          f"{ratio(max(club.burst), max(bare.burst))} / {ratio(median(club.burst), median(bare.burst))}  "
          f"(the bench's own CPU meanwhile {club.client_cpu_burst:.2f} s, its loop late by up to "
          f"{club.lag_burst:.2f} s; bare {bare.client_cpu_burst:.2f} s, {bare.lag_burst:.2f} s)")
    print(f"one more tablet alone, connect -> finished (median of {len(club.lone)}): {median(club.lone):.3f} s "
          f"(range {min(club.lone):.3f}-{max(club.lone):.3f})  vs bare app {median(bare.lone):.3f} s  ratio "
          f"{ratio(median(club.lone), median(bare.lone))}")
    sv = club.saves
    k = len(sv.get("all", []))
    if k:
        print(f"save -> redrawn ({k} saves at table 1): every viewer that shows the result, median "
              f"{1000 * median(sv['all']):.0f} ms, p95 {1000 * p95(sv['all']):.0f} ms  vs the committing tablet's "
              f"own frame {1000 * median(sv['own']):.0f} / {1000 * p95(sv['own']):.0f} ms  ratio "
              f"{ratio(median(sv['all']), median(sv['own']))} / {ratio(p95(sv['all']), p95(sv['own']))}  (the "
              f"bench's loop late by up to {1000 * club.lag_saves:.0f} ms)")
        print("  each viewer, median / p95 / max ms: " + ", ".join(
            f"{name} {1000 * median(v):.0f} / {1000 * p95(v):.0f} / {1000 * max(v):.0f}"
            for name, v in sv.items() if name != "all"))
        print(f"  the other {club.others_n} tables' tablets (nothing of theirs changes): {club.others_frames} frames "
              f"({club.others_bytes / 1024:.0f} KiB) received during the {k} saves "
              f"({club.others_frames / max(1, k * club.others_n):.2f} per tablet per save), rendered text changed "
              f"{club.others_changed} times")
    if club.problems:
        print(f"  server log: {len(club.problems)} lines of warnings or errors, the first distinct ones:")
        for line in list(dict.fromkeys(club.problems))[:5]:
            print(f"    {line[:200]}")
    else:
        print("  server log: no warnings or errors")
    for who, res in (("zapis serve", club), ("the bare server", bare)):
        if res.leftover:
            print(f"  LEFT RUNNING after {who} stopped (ended by the bench): {res.leftover}")


def summary(results: list[tuple[int, Result, Result]]) -> None:
    print("\n| tablets | PSS total (MiB) | per tablet (MiB) | bare per client | idle CPU (% core) | bare idle CPU "
          "| burst last / median (s) | bare burst | one more (s) | bare one more | save -> all redrawn, median / p95 "
          "(ms) | own frame (ms) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n, c, b in results:
        sv = c.saves
        print(f"| {n} | {c.mib:.0f} (server alone {c.base_mib:.0f}) | {c.per_tablet:.1f} | {b.per_tablet:.1f} | "
              f"{100 * c.cpu:.1f} (alone {100 * c.base_cpu:.1f}) | {100 * b.cpu:.1f} | "
              f"{max(c.burst):.2f} / {median(c.burst):.2f} | {max(b.burst):.2f} / {median(b.burst):.2f} | "
              f"{median(c.lone):.3f} | {median(b.lone):.3f} | "
              f"{1000 * median(sv['all']):.0f} / {1000 * p95(sv['all']):.0f} | "
              f"{1000 * median(sv['own']):.0f} / {1000 * p95(sv['own']):.0f} |")


async def main(args) -> None:
    counts = [int(x) for x in args.tablets.split(",") if x.strip()]
    if not counts or min(counts) < 1 or max(counts) > args.tables:
        raise Failed(f"--tablets {args.tables}: each between 1 and {args.tables} (the session's tables)")
    rounds = max(10, math.ceil(args.saves / BOARDS_PER_ROUND))
    if rounds > args.tables:
        raise Failed(f"--saves {args.saves}: table 1 plays at most {args.tables * BOARDS_PER_ROUND} boards")
    print(f"priority: {raise_priority()}", flush=True)
    LAG.start()
    with tempfile.TemporaryDirectory(prefix="zapis-club-") as tmp:
        work = Path(tmp)
        env = dict(os.environ, ZAPIS_HOME=str(work / "home"))  # the user's settings and data are not touched
        os.environ["ZAPIS_HOME"] = env["ZAPIS_HOME"]  # the bench's own reading of the database, at the end
        if args.compile:  # bytecode as an installed package has it, kept in this run's own cache (nothing written
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # beside the sources): every process of the run reads it
            env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "zapis")], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        said = ("compiled into this run's own cache (PYTHONPYCACHEPREFIX), which every process of the run reads and "
                "writes" if args.compile else "as the environment has it (see how it ran; --compile compiles it)")
        print(f"bytecode: {said}", flush=True)
        t = time.perf_counter()
        template = make_session(work / "session.db", args.tables, rounds, env)
        print(f"session: a {args.tables}-table Mitchell, {2 * args.tables} pairs, {rounds} rounds of "
              f"{BOARDS_PER_ROUND} boards, {template.total} results to play (made with zapis pairs new in "
              f"{time.perf_counter() - t:.1f} s)", flush=True)
        t = time.perf_counter()
        await warm_up(work, env, template)
        print(f"warm-up (one tablet, the director's view, one bare client; not counted): "
              f"{time.perf_counter() - t:.1f} s", flush=True)
        results = []
        for n in counts:
            bare = await bare_phase(n, args, work, env)
            club = await club_phase(n, args, work, env, template)
            report(n, club, bare, args)
            results.append((n, club, bare))
            sys.stdout.flush()
        summary(results)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tablets", default="4,16,30", help="how many tablets, each count a run (default 4,16,30)")
    ap.add_argument("--saves", type=int, default=20, help="results committed per count (default 20)")
    ap.add_argument("--repeat", type=int, default=5, help="openings of one more tablet alone (default 5)")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured (default 10)")
    ap.add_argument("--tables", type=int, default=30, help="the Mitchell's tables (default 30: 60 pairs)")
    ap.add_argument("--compile", action="store_true",
                    help="run with bytecode, as installed: compiled into a cache of this run's own (nothing is "
                         "written beside the sources)")
    args = ap.parse_args()
    how_it_ran()
    try:
        asyncio.run(main(args))
    except (Failed, TimeoutError, Closed) as e:
        print(f"club bench FAILED: {e}", file=sys.stderr)
        raise SystemExit(1)
