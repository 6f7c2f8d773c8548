"""The database file itself: `zapis backup`, `zapis restore` and `zapis db check`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zapis.cli.common import open_store
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain
from zapis.paths import is_db_address
from zapis.web.session import cli_lang


def cmd_backup(args: argparse.Namespace) -> int:
    store = open_store(args)
    print(store.backup(args.file, replace=args.replace))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from zapis.store.db import check_backup, default_db_path, restore

    if is_db_address(args.db):  # PostgreSQL's copies are pg_dump's, put back by pg_restore
        raise ZapisError([Problem("restore", Bi(
            "baza PostgreSQL: kopię przywraca pg_restore (np. pg_restore -c -d BAZA kopia.dump)",
            "a PostgreSQL database: restore its copy with pg_restore (e.g. pg_restore -c -d DBNAME copy.dump)"))])
    db = Path(args.db) if args.db else default_db_path()
    pl = cli_lang(args.lang) == "pl"
    if args.backup is None:
        found = sorted((db.parent / "backups").glob(f"{db.stem}-*.db"), reverse=True)
        if not found:
            raise ZapisError([Problem("restore", Bi(f"brak automatycznych kopii w {db.parent / 'backups'}",
                                                 f"no automatic backups in {db.parent / 'backups'}"))])
        for f in found:
            bad = check_backup(f)
            print(f"{f}  {'ok' if not bad else 'uszkodzona' if pl else 'damaged'}")
        print(f"zapis restore {found[0]}   # {'najnowsza' if pl else 'the newest'}")
        return 0
    for line in restore(args.backup, db):
        print(line)
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    store = open_store(args)
    problems = store.integrity()
    for p in problems:
        print(plain(p), file=sys.stderr)
    if problems:
        return 2
    n = len(store.games())
    print(f"{store.path}: ok (przeliczone gry: {n})" if cli_lang(args.lang) == "pl" else
          f"{store.path}: ok ({n} games recomputed)")
    return 0
