"""`zapis evening` (new, list, show), `zapis import` (a game record into an evening) and `zapis players`."""

from __future__ import annotations

import argparse

from zapis.cli.common import cli_date, evening_at, open_store
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain, plain_text
from zapis.web.session import cli_lang


def cmd_evening(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    if args.action == "new" and args.date:
        args.date = cli_date(args.date, "--date")
    if args.action == "new":  # names that enter: checked before anything is opened or saved
        from zapis.core.names import name_problems

        problems = name_problems(args.title or "", "--title") + name_problems(args.place or "", "--place")
        if problems:
            raise ZapisError(problems)
    store = open_store(args)
    console = Console()
    if args.action == "new":
        eid = store.new_evening(args.date, args.place or "", args.title or "")
        print(eid)
        return 0
    if args.action == "list":
        pl = cli_lang(args.lang) == "pl"
        t = Table("id", *(("data", "miejsce", "nazwa", "gry") if pl else ("date", "place", "title", "games")))
        for ev in store.evenings():
            t.add_row(str(ev["id"]), plain_text(ev["date"]), plain_text(ev["place"]), plain_text(ev["title"]),
                      str(len(store.games(ev["id"]))))
        console.print(t)
        return 0
    if args.id is None:
        raise ZapisError([Problem("evening show", Bi("podaj numer wieczoru", "needs an evening id"))])
    ev = evening_at(store, args.id, "evening show")
    pl = cli_lang(args.lang) == "pl"
    console.print(plain_text(ev["title"] or ("Wieczór" if pl else "Evening"), style="bold")
                  + plain_text(f" {ev['date']} {ev['place']}"))
    for r, g in zip(store.results(args.id), store.games(args.id)):
        totals = ", ".join(f"{p} {r.sheet.totals[p]:g}" for p in r.sheet.players)
        from zapis.lang import plural_pl

        n = len(r.sheet.hands)
        if pl:
            state = "koniec" if r.sheet.finished else f"{n} {plural_pl(n, 'rozdanie', 'rozdania', 'rozdań')}"
            line = f"  stół {g.table}, gra #{g.id}: {g.title} [{state}]  {totals}"
        else:
            state = "finished" if r.sheet.finished else f"{n} {'hand' if n == 1 else 'hands'}"
            line = f"  table {g.table}, game #{g.id}: {g.title} [{state}]  {totals}"
        console.print(plain_text(line), highlight=False)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from zapis.io import records

    if str(args.file).lower().endswith(".pbn"):  # a hand record: the deals of an evening's pairs session
        from zapis.cli.deals import import_hand_record

        return import_hand_record(args)

    rec, rules, module = records.read(args.file)
    records.score(rec, rules, module, args.file)  # all or nothing: the whole record is valid first
    from zapis.store.db import check_stake, check_table_number

    problems = check_table_number(args.table, "--table") + check_stake(args.stake, "--stake")
    if problems:
        raise ZapisError(problems)
    store = open_store(args)
    eid = args.evening
    evening = None if eid is not None else (rec.date.isoformat() if rec.date else None, "", rec.title or "")
    gid = store.new_game(eid, args.table, rec, rules, module, args.stake, rec.hands, evening=evening)
    if eid is None:
        eid = store.game(gid).evening_id
    n = len(rec.hands)
    if cli_lang(args.lang) == "pl":
        from zapis.lang import plural_pl

        print(f"gra {gid} (wieczór {eid}, stół {args.table}): {n} {plural_pl(n, 'rozdanie', 'rozdania', 'rozdań')}")
    else:
        print(f"game {gid} (evening {eid}, table {args.table}): {n} hands")
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    store = open_store(args)
    if args.action == "rename":
        if not args.names or len(args.names) != 2:
            raise ZapisError([Problem("players rename", Bi("podaj STARE NOWE", "needs OLD NEW"))])
        store.rename_player(*args.names)
        return 0
    for name in store.players():
        print(plain(name))
    return 0
