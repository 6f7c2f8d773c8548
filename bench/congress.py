"""A congress (issue #35): one duplicate pairs session (a 30-table Mitchell, the largest zapis's movements make) on
one PostgreSQL database on this machine (a server of the run's own, on loopback: tests/pgserver.py), served by
three `zapis serve` at once, each for its own tables (`--tables 1-10`, `11-20`, `21-30`), each with 30 tablets
open (three at each of its tables: its N-S and E-W tablets and a third, as a caddy's or a kibitzer's); against, in
the same run and on a copy of the same database, one `zapis serve` for tables 1-10 with the same 30 tablets.

Timed, as bench/club.py times it (its tablets, taps and checks are reused): a result entered on a tablet of
table 1 (server 1), from E-W's tap on "E-W accept" (the commit) to the first frame showing it on each viewer that
shows it: the tablet itself, table 1's second tablet, the director's view on the LAST server (another process on
another server, told by PostgreSQL's NOTIFY), and the board of every server. "all" is the last of them; median
and p95 over --saves saves. The baseline's viewers are the same on its one server. Also reported: the 30 tablets
of each server connecting at once (the last one finished), and the memory (PSS) of the servers' trees. Every step
is checked (each tablet's finished screen, each tap, each save on every viewer, the database holding exactly the
results entered); a step that does not happen stops the bench.

Run: `python bench/congress.py --compile` (options: --saves 20). It takes several minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import club  # noqa: E402  (the club bench: its tablets, entry, checks)
from _common import how_it_ran, median, p95  # noqa: E402
from _tablets import BoardViewer, Closed, Tablet, tree_pss_mib  # noqa: E402
from club import (BOARDS_PER_ROUND, DIRECTOR, LAG, TABLET, Failed, Server, accepted, board_count,  # noqa: E402
                  director_count, enter_result, entry_ready, evening_ready, free_port, next_board, normal_priority,
                  raise_priority, traveller_shows)
from tests.pgserver import PgServer  # noqa: E402


TABLES = 30  # the Mitchell's tables (zapis's movements make at most 30)
SPAN = 10  # tables a server
PER_TABLE = 3  # tablets at each table (30 a server)


def server(db: str, work: Path, env: dict, name: str, tables: str) -> tuple[Server, str]:
    port = free_port()
    return Server(f"zapis serve --tables {tables}", [
        sys.executable, "-m", "zapis", "--db", db, "--lang", "en", "serve", "--port", str(port), "--tables", tables,
        "--max-sessions", "80"], work / f"{name}.log", env), f"http://127.0.0.1:{port}"


def copy_db(pg: PgServer, template: str) -> str:
    """A copy of the template database (CREATE DATABASE ... TEMPLATE): each phase starts from the same event."""
    import psycopg

    name = f"copy{time.time_ns() % 10 ** 9}"
    with psycopg.connect(pg.url(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {template.rsplit('/', 1)[1]}")
    return pg.url(name)


async def open_all(http, specs) -> float:
    """Every tablet connected at once; seconds until the last one shows its finished screen."""
    t0 = time.perf_counter()

    async def one(tab: Tablet, url: str, path: str, ready) -> None:
        await tab.open(http, url, path)
        await tab.wait(ready, 300, "finished screen")
    await asyncio.gather(*(one(*spec) for spec in specs))
    return time.perf_counter() - t0


async def phase(name: str, pg: PgServer, template: str, s: club.Session, spans: list[tuple[int, int]], args,
                work: Path, env: dict) -> dict:
    """The event served by one server per span, a tablet at each table; saves at table 1 (the first server)."""
    db = copy_db(pg, template)
    servers = [server(db, work, env, f"{name}-{i + 1}", f"{a}-{b}") for i, (a, b) in enumerate(spans)]
    tablets = {(t, i): Tablet(f"table {t}, tablet {i + 1}", *TABLET) for a, b in spans for t in range(a, b + 1)
               for i in range(PER_TABLE)}
    extra: list = []
    out: dict = {"servers": len(spans), "tablets": len(tablets)}
    try:
        await asyncio.gather(*(srv.start(url, 300) for srv, url in servers))
        await asyncio.gather(*(club.settle(srv.pid, 600) for srv, _ in servers))
        async with aiohttp.ClientSession() as http:
            try:
                where = {t: servers[i][1] for i, (a, b) in enumerate(spans) for t in range(a, b + 1)}
                out["burst"] = await open_all(http, [(tab, where[t], f"/ws/{t}", entry_ready(s, t, 1, s.seats[(1, t)][2][0]))
                                                     for (t, _), tab in tablets.items()])
                await asyncio.sleep(club.SETTLE)
                out["mib"] = sum(tree_pss_mib(srv.pid)[0] for srv, _ in servers)
                out["saves"] = await saves(http, s, servers, tablets[(1, 0)], tablets[(1, 1)], extra, args.saves)
            except (Failed, TimeoutError, Closed) as e:
                raise Failed(f"{name}: {e}\n" + "\n".join(f"{srv.name}: {srv.tail(8)}" for srv, _ in servers)) from None
            finally:
                await asyncio.gather(*(t.close() for t in [*tablets.values(), *extra]))
    finally:
        for srv, _ in servers:
            srv.stop()
        out["problems"] = [p for srv, _ in servers for p in srv.problems()]
    club.check_database(club.Session(db, *[getattr(s, f) for f in ("game", "tables", "rounds", "total", "names",
                                                                   "seats")]), args.saves)
    return out


async def saves(http, s: club.Session, servers, first: Tablet, second: Tablet, extra: list, n: int
                ) -> dict[str, list[float]]:
    """As club.run_saves: table 1's results, each timed to every viewer that shows it (here across servers)."""
    last = servers[-1][1]
    director = Tablet("the director's view (last server)", *DIRECTOR)
    boards = [BoardViewer() for _ in servers]
    extra += [director, *boards]
    await director.open(http, last, "/ws")
    for board, (_, url) in zip(boards, servers):
        await board.open(http, url, "/board/ws")
        await board.wait(lambda v: board_count(v) == 0, 120, "state with 0 results")
    await director.wait(evening_ready, 300, "evening screen")
    await director.keys("d")
    await director.wait(lambda t: director_count(t) == 0, 300, "pairs director's view with 0 results")
    plays = s.boards_of(1)
    await second.wait(entry_ready(s, 1, *plays[0]), 300, "finished screen")
    viewers = {"own": first, "second": second, "director": director,
               **{f"board {i + 1}": b for i, b in enumerate(boards)}}
    took: dict[str, list[float]] = {k: [] for k in (*viewers, "all")}
    for k, (rnd, b) in enumerate(plays[:n], start=1):
        await enter_result(first, b)
        futures = {"own": first.expect(traveller_shows(b, saved_in=rnd)), "second": second.expect(traveller_shows(b)),
                   "director": director.expect(lambda t, k=k: director_count(t) == k),
                   **{f"board {i + 1}": v.expect(lambda x, k=k: board_count(x) == k) for i, v in enumerate(boards)}}
        await accepted(first, futures, viewers, took, k, b)
        if k == n or k == len(plays):
            break
        await next_board(s, (first, second), b, plays[k])
    return took


def said(name: str, out: dict) -> None:
    sv = out["saves"]
    print(f"\n== {name}: {out['servers']} server(s), {out['tablets']} tablets")
    print(f"  tablets connecting at once, the last one finished: {out['burst']:.2f} s; PSS of the servers' trees "
          f"{out['mib']:.0f} MiB")
    print(f"  save -> every viewer redrawn, median / p95 of {len(sv['all'])}: {1000 * median(sv['all']):.0f} / "
          f"{1000 * p95(sv['all']):.0f} ms")
    print("  each viewer, median / p95 / max ms: " + ", ".join(
        f"{k} {1000 * median(v):.0f} / {1000 * p95(v):.0f} / {1000 * max(v):.0f}" for k, v in sv.items() if k != "all"))
    print(f"  servers' logs: {'; '.join(out['problems'][:5]) if out['problems'] else 'no warnings or errors'}")


async def main(args) -> None:
    rounds = max(10, math.ceil(args.saves / BOARDS_PER_ROUND))
    print(f"priority: {raise_priority()}", flush=True)
    LAG.start()
    pg = PgServer()
    try:
        with tempfile.TemporaryDirectory(prefix="zapis-congress-") as tmp:
            work = Path(tmp)
            env = dict(os.environ, ZAPIS_HOME=str(work / "home"))
            os.environ["ZAPIS_HOME"] = env["ZAPIS_HOME"]
            env.pop("ZAPIS_ORIGIN", None)
            if args.compile:
                env.pop("PYTHONDONTWRITEBYTECODE", None)
                env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
                subprocess.run([sys.executable, "-m", "compileall", "-q", str(club.ROOT / "zapis")], env=env,
                               check=True, stdout=subprocess.DEVNULL, preexec_fn=normal_priority)
            template = pg.fresh()
            t = time.perf_counter()
            s = club.make_session(template, TABLES, rounds, env)  # type: ignore[arg-type]
            print(f"session: a {TABLES}-table Mitchell on PostgreSQL {pg.url().rsplit('/', 1)[0]} (loopback), "
                  f"{2 * TABLES} pairs, {rounds} rounds of {BOARDS_PER_ROUND} boards (made in "
                  f"{time.perf_counter() - t:.1f} s); {PER_TABLE} tablets a table", flush=True)
            spans = [(a, a + SPAN - 1) for a in range(1, TABLES + 1, SPAN)]
            one = await phase("one server", pg, template, s, spans[:1], args, work, env)
            said(f"baseline: one server, tables 1-{SPAN}", one)
            three = await phase("three servers", pg, template, s, spans, args, work, env)
            said(f"congress: {len(spans)} servers, tables 1-{TABLES}", three)
            a, b = three["saves"]["all"], one["saves"]["all"]
            d = three["saves"]["director"]
            print(f"\n| servers x tablets | save -> all redrawn, median / p95 (ms) | the director on another server, "
                  f"median / p95 (ms) | baseline: 1 x {SPAN * PER_TABLE} | ratio (p95) |")
            print("|---|---|---|---|---|")
            print(f"| {len(spans)} x {SPAN * PER_TABLE} | {1000 * median(a):.0f} / {1000 * p95(a):.0f} | "
                  f"{1000 * median(d):.0f} / {1000 * p95(d):.0f} | {1000 * median(b):.0f} / {1000 * p95(b):.0f} | "
                  f"{p95(a) / p95(b):.2f}x |")
    finally:
        pg.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=20, help="results committed at table 1 (default 20)")
    ap.add_argument("--compile", action="store_true", help="bytecode as installed, in this run's own cache")
    args = ap.parse_args()
    how_it_ran()
    try:
        asyncio.run(main(args))
    except (Failed, TimeoutError, Closed) as e:
        print(f"congress bench FAILED: {e}", file=sys.stderr)
        raise SystemExit(1)
