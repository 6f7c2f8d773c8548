"""What opens a screen or serves one: `zapis app` and `board`, `zapis demo`, `zapis serve`, `zapis tablets`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain
from zapis.paths import is_db_address
from zapis.web.session import cli_lang, probe


def cmd_app(args: argparse.Namespace) -> int:
    from zapis.ui.app import make_app

    if args.db and not is_db_address(args.db) and not Path(args.db).exists():  # a new file: made only when the
        # scorekeeper says so (a PostgreSQL database is made by its administrator: its schema then by zapis)
        from zapis.ui.app import NewDatabaseApp

        db = Path(args.db)
        if not db.parent.is_dir():
            raise ZapisError([Problem(str(db), Bi("nie ma jego folderu (literówka w --db?)",
                                                     "its folder does not exist (a typo in --db?)"))])
        if not NewDatabaseApp(db, args.lang).run():
            from zapis.lang import t

            print(plain(t("db_not_created", path=str(db))), file=sys.stderr)
            return 2  # a file name the scorekeeper did not mean: as any other bad input (never exit 1)
    readable(args.db)

    table = getattr(args, "table", None)
    if table is not None:
        from zapis.store.db import check_table_number

        if check_table_number(table, "--table"):
            raise ZapisError(check_table_number(table, "--table"))
    make_app(args.db, args.lang, board=getattr(args, "board", False), table=table,
             touch=True if getattr(args, "touch", False) else None).run()
    return 0


def readable(db: str | None) -> None:
    """Before a screen opens: a database that cannot be read is one plain line and exit 2, not a traceback."""
    from zapis.store import Store

    with Store(db) as store:
        probe(store)


def cmd_demo(args: argparse.Namespace) -> int:
    import tempfile

    from zapis.demo import build_demo
    from zapis.ui.app import make_app

    with tempfile.TemporaryDirectory(prefix="zapis-demo-") as d:
        db = Path(d) / "demo.db"
        build_demo(db, cli_lang(args.lang))
        if args.build_only:
            print(db)
            return 0
        make_app(db, args.lang).run()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from zapis.web.serve import build_server

    build_server(args.db, args.lang, args.host, args.port, args.code, max_sessions=args.max_sessions,
                 font_size=args.font_size, extra_hosts=args.allow_host or [],
                 local_needs_code=args.code_here, tables=args.tables, spares=args.spares).serve()
    return 0


def cmd_tablets(args: argparse.Namespace) -> int:
    from zapis.web.tablets import cmd_tablets as tablets

    return tablets(args)
