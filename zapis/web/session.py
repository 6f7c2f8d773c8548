"""A served tablet's app: the process `zapis serve` starts for each tablet that connects.

`python -m zapis.web.session [--db PATH] [--lang pl|en] [--table N]` does what `zapis app` does for a served session,
without building the whole command line's parser and importing its commands first: a tablet waits for every
millisecond before its first frame. `guarded` is also how `zapis` itself turns bad input into plain lines and
exit 2 (never a traceback, never exit 1 for input)."""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
from typing import Callable, Sequence

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi, say
from zapis.lang import cli_lang  # noqa: F401 (the command line and the server name it from here too)
from zapis.lang.text import plain
from zapis.paths import is_db_address


def guarded(run: Callable[[], int], lang: str | None, db: str | None) -> int:
    """`run()`'s exit code; a problem with the input or the database is said in plain lines and is exit 2."""
    try:
        return run()
    except ZapisError as e:
        for line in e.lines(cli_lang(lang)):
            print(plain(line), file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as e:  # a damaged file, met after it opened: the same plain words, exit 2
        from zapis.store.db import _db_message, default_db_path

        print(plain(f"{db or default_db_path()}: {say(_db_message(e), cli_lang(lang))}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug in zapis, not bad input: say so in one line
        if os.environ.get("ZAPIS_DEBUG"):
            raise
        print(f"zapis: internal error: {type(e).__name__}: {e} (set ZAPIS_DEBUG=1 for details)",
              file=sys.stderr)
        return 1


def probe(store) -> None:
    """Before a screen opens: a database that cannot be read is one plain line and exit 2, not a traceback
    (one row of each table read; the store opened has already checked it is a zapis file of a known schema)."""
    for table in ("evenings", "tables", "games", "hand_log"):
        store.conn.execute(f"SELECT * FROM {table} LIMIT 1").fetchall()


SERVER_PID = "ZAPIS_SERVER_PID"  # set by `zapis serve` in its own environment; every session inherits it


def die_with_server(server_pid: int | None = None, sig: int = signal.SIGTERM) -> None:
    """A session started by `zapis serve` ends when the server ends, however it ends (even SIGKILL, which
    leaves it no time to stop its sessions): no orphan keeps running on the club's database.

    Only a session whose environment names the server's pid is bound (run by hand or in a test, nothing is
    done). On Linux the kernel sends `sig` when the parent dies (prctl PR_SET_PDEATHSIG; a forked session's is
    SIGKILL, which a session paused while it waits for its tablet cannot leave pending); a server that
    died before that was set is seen by the parent no longer being the server: exit at once. Elsewhere a
    daemon thread looks at the parent once a second. (The signal follows the thread that forked: the server
    starts sessions from its event loop's thread, which lives as long as the server.)"""
    if server_pid is None:  # a forked session (zapis.web.forks) names its parent, the warm process, itself
        server = os.environ.pop(SERVER_PID, "")  # not handed on to anything the session starts
        if not server.isdigit():
            return
        server_pid = int(server)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            if libc.prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0) == 0:
                if os.getppid() != server_pid:  # the server died before the signal was set
                    os._exit(0)
                return
        except (OSError, AttributeError):
            pass  # no prctl to be had: watch the parent instead
    if os.getppid() != server_pid:
        os._exit(0)

    def watch() -> None:
        import time

        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    import threading

    threading.Thread(target=watch, name="zapis-server-watch", daemon=True).start()


def parse(argv: Sequence[str]) -> dict[str, str | None]:
    """The three options a session is started with; anything else is a problem naming it."""
    opts: dict[str, str | None] = {"--db": None, "--lang": None, "--table": None}
    args, problems = list(argv), []
    while args:
        key = args.pop(0)
        if key not in opts:
            problems.append(Problem(key, Bi("to nie opcja sesji tabletu (--db, --lang, --table)",
                                            "not an option of a served session (--db, --lang, --table)")))
            if args and not args[0].startswith("--"):  # its value, not another problem
                args.pop(0)
        elif not args:
            problems.append(Problem(key, Bi("wymaga wartości", "needs a value")))
        else:
            opts[key] = args.pop(0)
    if opts["--lang"] not in (None, "pl", "en"):
        problems.append(Problem("--lang", Bi(f"{opts['--lang']!r}: pl albo en", f"{opts['--lang']!r}: pl or en")))
    if problems:
        raise ZapisError(problems)
    return opts


def check_options(opts: dict[str, str | None]) -> int | None:
    """The database must exist and the table be a table's number: the table, or a problem naming the option."""
    if opts["--db"] is not None and not is_db_address(opts["--db"]) and not os.path.isfile(opts["--db"]):
        raise ZapisError([Problem(opts["--db"], Bi("nie ma takiej bazy", "no such database"))])
    if opts["--table"] is None:
        return None
    from zapis.store.db import check_table_number

    try:
        table = int(opts["--table"])
    except ValueError:
        raise ZapisError([Problem("--table", Bi(f"{opts['--table']!r}: podaj numer stołu",
                                                f"{opts['--table']!r}: a table number"))]) from None
    problems = check_table_number(table, "--table")
    if problems:
        raise ZapisError(problems)
    return table


def run_app(db: str | None, lang: str | None, table: int | None) -> int:
    """The session itself: the app on the server's database, for one table or the director, until it ends."""
    from zapis.ui.app import make_app

    app = make_app(db, lang, table=table)
    probe(app.store)
    app.run()
    return 0


def session(argv: Sequence[str]) -> int:
    """A session from its options, bad input said in plain lines (exit 2): as a process of its own, or forked."""
    def run() -> int:
        opts = parse(argv)
        return run_app(opts["--db"], opts["--lang"], check_options(opts))

    def given(option: str) -> str | None:  # for the words of a problem met before the options are parsed
        return argv[argv.index(option) + 1] if option in argv[:-1] else None
    return guarded(run, given("--lang"), given("--db"))


def main(argv: Sequence[str] | None = None) -> int:
    die_with_server()
    return session(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    raise SystemExit(main())
