"""The command line: the composition root of zapis."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from zapis import __version__
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.web.session import cli_lang, guarded, probe
from zapis.lang.text import plain, plain_text


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """`--rules KEY=VALUE`: VALUE is read as a TOML value (900, true, "x", [1, 2]); bare words are text."""
    from zapis.io import rulesets

    out: dict[str, Any] = {}
    problems = []
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            problems.append(Problem(f"--rules {item}", Bi("oczekiwano KLUCZ=WARTOŚĆ", "expected KEY=VALUE")))
            continue
        try:
            out[key] = rulesets.toml_value(value, f"--rules.{key}")
        except ZapisError as e:  # nested too deeply
            problems += e.problems
    if problems:
        raise ZapisError(problems)
    return out


def cmd_score(args: argparse.Namespace) -> int:
    from zapis.io import records

    overrides = parse_overrides(args.rules or [])
    sheet = records.score_file(args.file, overrides)
    if args.json:
        print(json.dumps(sheet.to_json(), ensure_ascii=False, indent=2))
    else:
        from rich.console import Console

        from zapis.io.render import sheet_renderable

        Console().print(sheet_renderable(sheet, lang=cli_lang(args.lang)))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from zapis.io import rulesets
    from zapis.core.module import get_module
    from zapis.core.words import say

    console = Console()
    lang = cli_lang(args.lang)
    if args.action in (None, "list"):
        t = Table("id", *(("moduł", "nazwa") if lang == "pl" else ("module", "title")))
        for rid, mod, title in rulesets.list_rulesets():
            t.add_row(plain_text(rid), plain_text(mod), plain_text(say(title, lang)))
        console.print(t)
        return 0
    if not args.target:
        raise ZapisError([Problem(f"rulesets {args.action}", Bi("podaj id zestawu zasad albo plik", "needs a ruleset id or file"))])
    rules = rulesets.load(args.target)
    if args.action == "check":
        print(plain(f"{args.target}: ok ({rules.module}: {say(rules.title, lang)})"))
        return 0
    module = get_module(rules.module)
    pl = lang == "pl"
    console.print(plain_text(rules.id, style="bold") + plain_text(
        f" — {say(rules.title, lang)}  ({'moduł' if pl else 'module'} {rules.module}"
        + (f", {'rozszerza' if pl else 'extends'} {' → '.join(rules.chain)}" if rules.chain else "") + ")"))
    if rules.description:
        console.print(plain_text(say(rules.description, lang)))
    console.print()
    for p in module.params:
        value, origin = rules[p.name], rules.origin.get(p.name, "default")
        default = "domyślnie" if pl else "default"
        where = default if origin == "default" else (f"{'ustawione w' if pl else 'set by'} {origin}; "
                                                     f"{default} {_show(p.default)}")
        console.print(plain_text(p.name, style="bold") + plain_text(f" = {_show(value)}  ")
                      + plain_text(f"({where})", style="dim"), highlight=False)
        console.print(plain_text(f"    {say(p.meaning, lang)}", style="dim"), highlight=False)
    return 0


def open_store(args: argparse.Namespace):
    from zapis.store import Store

    return Store(args.db)


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


def cmd_standings(args: argparse.Namespace) -> int:
    """An evening: the ranking, who pays whom and each game's places. A season: one row per player (evenings,
    games, place points, how often 1st, 2nd, 3rd, money), whatever the number of games. Words and decimals in
    one language (--lang, else the app's last, else the system's); --json keeps numbers as numbers."""
    from rich.console import Console
    from rich.table import Table

    from zapis.club.evening import (game_heading, money_text, number_text, place_text, rank_spans, result_lines,
                               season, settle, standings)
    from zapis import lang as i18n
    from zapis.lang import t

    if args.season:
        start, end = season_span(args.season)
    if args.stats and not args.season:
        raise ZapisError([Problem("--stats", Bi("tylko z --season OD DO", "needs --season FROM TO"))])
    if getattr(args, "ratings", False) and not args.season:
        raise ZapisError([Problem("--ratings", Bi("tylko z --season OD DO", "needs --season FROM TO"))])
    store = open_store(args)
    ev = None
    if args.season:
        results = store.season(start, end)  # judged without their sheets, remembered for the next time
    else:
        args.evening = evening_or_last(store, args.evening, "standings")
        ev = evening_at(store, args.evening, "--evening")
        results = store.judged(args.evening)  # from the memo where it holds: no sheet is needed
    table = standings(results)
    rated = None
    if getattr(args, "ratings", False):
        from zapis.club.ratings import season_ratings

        rated = season_ratings(results)  # computed from the season's results each time, never stored
    if args.json:
        rows = [{"rank": s.rank, "player": s.player, "games": s.games, "place_points": s.place_points,
                 "money": s.money, "results": s.results} for s in table]
        data: Any = rows
        if rated is not None or args.stats:  # --ratings, --stats: the same rows under "standings", and the rest
            data = {"standings": rows}
            if rated is not None:
                data.update(ratings=rated.ratings(), rating_details=rated.to_json())
            if args.stats:
                from zapis.club.statistics import season_statistics, statistics_json

                data["statistics"] = statistics_json(season_statistics(results))
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    lang = cli_lang(args.lang)
    i18n.set_lang(lang)
    console = Console()
    out = lambda text="", style="": console.print(plain_text(text, style=style), highlight=False)  # noqa: E731
    money = any(s.money for s in table)
    if args.season:
        rows = season(results, table)
        if not rows:
            out(t("season_none", start=start, end=end))
            return 0
        out(t("season_head", start=start, end=end, evenings=len({r.evening for r in results}), games=len(results)),
            "bold")
        if args.stats:
            _print_statistics(console, results, lang)
            if not getattr(args, "ratings", False):
                return 0
        if rated is not None:
            _print_ratings(console, rated, lang)
            return 0
        grid = Table("#", t("st_player"), *(_right(h) for h in (t("st_evenings"), t("games"), t("st_pts"), "1.", "2.",
                                                                  "3.", *(["zł"] if money else []))))
        for r, (first, last) in zip(rows, rank_spans(table)):
            grid.add_row(place_text(first, last), plain_text(r.player), str(r.evenings), str(r.games),
                         number_text(r.place_points, lang), *map(str, r.places),
                         *([money_text(r.money, lang)] if money else []))
        console.print(grid)
        out(t("season_places"), "dim")
        return 0
    out(f"{t('standings')} — {ev['date']} {ev['title']}", "bold")
    grid = Table("#", t("st_player"), *(_right(h) for h in (t("games"), t("place_pts"), "zł")))
    for s, (first, last) in zip(table, rank_spans(table)):
        grid.add_row(place_text(first, last), plain_text(s.player), str(s.games), number_text(s.place_points, lang),
                     money_text(s.money, lang))
    console.print(grid)
    pays = settle({s.player: s.money for s in table})
    if pays:
        out(f"{t('settlement')}:", "bold")
        for a, b, m in pays:
            out(f"  {a} → {b}: {money_text(m, lang)}")
    out()
    for r in results:
        out(game_heading(r, t("table"), lang), "bold")
        for line in result_lines(r, console.width - 2, lang):
            out(f"  {line}")
    return 0


def _print_ratings(console: Any, rated: Any, lang: str) -> None:
    """The season's ratings: player, rating, its change over the season, games rated; then what the number is."""
    from rich.table import Table

    from zapis.club.ratings import rating_text
    from zapis.lang import t

    grid = Table("#", t("st_player"), *(_right(h) for h in (t("rt_rating"), t("rt_change"), t("games"))))
    for i, r in enumerate(rated.players, 1):
        grid.add_row(f"{i}.", plain_text(r.player), rating_text(r.rating), rating_text(r.change, signed=True),
                     str(r.games))
    console.print(grid)
    console.print(plain_text(t("rt_note", rated=rated.rated, skipped=rated.skipped), style="dim"), highlight=False)


def _print_statistics(console: Any, results: Any, lang: str) -> None:
    """The season's statistics: a table per game family (players by wins), then what the columns mean."""
    from rich.table import Table

    from zapis.club.evening import number_text
    from zapis.club.statistics import HEADERS, by_family, columns, family_titles, season_statistics
    from zapis.lang import t

    stats = season_statistics(results)
    titles = family_titles(results, lang)
    for fam, table in by_family(stats):
        cols = columns(fam, table)
        console.print()
        console.print(plain_text(titles.get(fam, fam), style="bold"), highlight=False)
        grid = Table(t("st_player"), *(_right(t(HEADERS[c])) for c in cols))
        for p, s in table.items():
            values = s.to_json()
            grid.add_row(plain_text(p), *("–" if values[c] is None else number_text(values[c], lang) for c in cols))
        console.print(grid)
    console.print(plain_text(t("stats_note") if stats else t("stats_none"), style="dim"), highlight=False)


def _right(header: str):
    from rich.table import Column

    return Column(header, justify="right")


def cli_date(text: str, option: str) -> str:
    """A date typed on the command line (2026-11-20 or 20.11.2026) as ISO; anything else is one line naming the
    option."""
    from zapis.store.db import parse_date

    try:
        return parse_date(text)
    except ZapisError:
        typed = repr(plain(text)[:20])
        raise ZapisError([Problem(option, Bi(f"{typed} to nie data (2026-11-20 albo 20.11.2026)",
                                             f"{typed} is not a date (2026-11-20 or 20.11.2026)"))]) from None


def evening_or_last(store: Any, evening: int | None, place: str) -> int:
    """The evening asked for, else the last one (none yet: said at `place`)."""
    if evening is not None:
        return evening
    evs = store.evenings()
    if not evs:
        raise ZapisError([Problem(place, Bi("nie ma jeszcze żadnego wieczoru", "no evening yet"))])
    return evs[-1]["id"]


def evening_at(store: Any, evening: int, place: str) -> dict:
    """The evening asked for on the command line; none such is said at the option that asked for it."""
    try:
        return store.evening(evening)
    except ZapisError as e:
        raise ZapisError([Problem(place, p.message) for p in e.problems]) from None


def season_span(season: list[str]) -> tuple[str, str]:
    """--season FROM TO as two dates, FROM not after TO."""
    start, end = (cli_date(d, f"--season {which}") for d, which in zip(season, ("FROM", "TO")))  # the options' own words
    if start > end:
        raise ZapisError([Problem("--season", Bi(f"OD {start} jest po DO {end}", f"FROM {start} is after TO {end}"))])
    return start, end


def cmd_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from zapis.io.export import export

    if args.season:  # the season's report: standings, ratings, statistics
        from zapis.io.export.season import export_season

        if args.format == "toml":
            raise ZapisError([Problem("--format", Bi("toml: zapisy gier eksportuje się z wieczoru (--evening E)",
                                                  "toml: game records are exported per evening (--evening E)"))])
        if args.format in ("pbn", "usebio", "travellers"):
            raise ZapisError([Problem("--format", Bi(f"{args.format}: turniej par eksportuje się z wieczoru "
                                                     "(--evening E)", f"{args.format}: a pairs session is exported "
                                                     "per evening (--evening E)"))])
        start, end = season_span(args.season)
        files = export_season(open_store(args), start, end, args.format, cli_lang(args.lang))
    else:
        files = export(open_store(args), args.evening, args.format, cli_lang(args.lang))
    if args.output is None:
        for name, text in files.items():
            if len(files) > 1:
                print(f"# --- {name}")
            sys.stdout.write(text.lstrip("\ufeff"))
        return 0
    out = Path(args.output)
    if out.is_dir():
        paths = [out / name for name in files]
    elif len(files) > 1:  # several files: -o fresh.csv writes fresh-hands.csv and fresh-standings.csv
        paths = [out.with_name(f"{out.stem}-{name}") for name in files] if out.suffix else \
            [out / name for name in files]
    else:
        paths = [out]
    problems = []
    for path in paths:
        if not path.parent.is_dir() and not (path.parent == out and not out.exists() and out.parent.is_dir()):
            problems.append(Problem(str(path), Bi("nie ma takiego folderu", "the folder does not exist")))
        elif path.exists() and not args.replace:
            problems.append(Problem(str(path), Bi("już istnieje: wybierz inną nazwę albo --replace",
                                                   "exists already: choose another name, or --replace")))
        elif path.exists() and not path.is_file():
            problems.append(Problem(str(path), Bi("to nie zwykły plik", "is not a regular file")))
    if problems:
        raise ZapisError(problems)
    for path, text in zip(paths, files.values()):
        path.parent.mkdir(exist_ok=True)
        tmp = path.with_name(f".{path.name}.partial")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise ZapisError([Problem(str(path), Bi(f"nie da się zapisać ({e.strerror or e})",
                                                           f"cannot be written ({e.strerror or e})"))]) from None
        print(path)
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    store = open_store(args)
    print(store.backup(args.file, replace=args.replace))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from zapis.store.db import check_backup, default_db_path, restore

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


def cmd_app(args: argparse.Namespace) -> int:
    from zapis.ui.app import make_app

    if args.db and not Path(args.db).exists():  # a new file: made only when the scorekeeper says so
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


def cmd_skat(args: argparse.Namespace) -> int:
    """Skat tournaments: `skat draw` seats the players at tables of 4 and 3 for each series; `skat ranking`
    ranks an evening's Seeger-Fabian lists as one tournament, with the lost-game fees and their settlement."""
    from zapis.club import skat_tournament as st
    from zapis import lang as i18n
    from zapis.lang import t

    lang = cli_lang(args.lang)
    i18n.set_lang(lang)
    out = lambda text="", style="": print_plain(text, style)  # noqa: E731
    if args.action == "draw":
        try:
            series = int(str(args.series).strip())
        except ValueError:
            typed = repr(plain(str(args.series))[:20])
            raise ZapisError([Problem("--series", Bi(f"{typed} nie jest liczbą całkowitą",
                                                     f"{typed} is not a whole number"))]) from None
        drawn = st.draw(args.players or [], series, args.seed)
        if args.json:
            print(json.dumps(st.draw_json(drawn), ensure_ascii=False, indent=2))
            return 0
        for k, tables in enumerate(drawn, 1):
            out(t("sk_series", n=k), "bold")
            for j, players in enumerate(tables, 1):
                out(f"  {t('sk_table', n=j, size=len(players))}: {', '.join(players)}")
        return 0
    return _skat_ranking(args, lang)


def cmd_movement(args: argparse.Namespace) -> int:
    """`movement mitchell|howell --tables N`: the duplicate movement, round by round (or as JSON)."""
    from zapis.modules.bridge import movements
    from zapis.core.words import say

    lang = cli_lang(args.lang)
    problems = []

    def whole(option: str, text: str | None, default: int) -> int:
        if text is None:
            return default
        try:
            return int(str(text).strip())
        except ValueError:
            problems.append(Problem(option, Bi(f"{plain(str(text))[:20]!r} nie jest liczbą całkowitą",
                                               f"{plain(str(text))[:20]!r} is not a whole number")))
            return default

    tables = whole("--tables", args.tables, 0)
    pairs = whole("--pairs", args.pairs, 2 * tables)
    rounds = whole("--rounds", args.rounds, 0)
    boards = whole("--boards-per-round", args.boards_per_round, 2)
    lo, hi = movements.TABLES[args.kind]
    if not problems and not lo <= tables <= hi:
        problems.append(Problem("--tables", Bi(f"{tables}: liczba stołów od {lo} do {hi}",
                                               f"{tables}: the tables are {lo} to {hi}")))
    if not problems and args.pairs is not None and pairs not in (2 * tables - 1, 2 * tables):
        problems.append(Problem("--pairs", Bi(f"{pairs}: przy {tables} stołach par jest {2 * tables - 1} albo "
                                              f"{2 * tables}",
                                              f"{pairs}: with {tables} tables the pairs are {2 * tables - 1} or "
                                              f"{2 * tables}")))
    if args.kind == "howell":
        for on, option in ((args.arrow_switch, "--arrow-switch"), (args.relay, "--relay")):
            if on:
                problems.append(Problem(option, Bi("tylko dla ruchu Mitchella", "only for a Mitchell")))
    if problems:
        raise ZapisError(problems)
    options = {"pairs": "--pairs" if args.pairs is not None else "--tables", "rounds": "--rounds",
               "boards_per_round": "--boards-per-round", "mitchell_even": "--relay", "movement": "movement"}
    try:
        moved = movements.make(args.kind, pairs, rounds, boards, args.arrow_switch,
                               "relay" if args.relay else "skip")
    except ZapisError as e:
        raise ZapisError([Problem(options.get(p.place, p.place), p.message) for p in e.problems]) from None
    if args.json:
        print(json.dumps(moved.to_json(), ensure_ascii=False, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    words = {"round": Bi("Runda", "Round"), "table": Bi("Stół", "Table"), "boards": Bi("Rozdania", "Boards"),
             "out": Bi("pauzuje", "sits out")}
    console = Console()
    for r, seats in enumerate(moved.rounds, start=1):
        print_plain(f"{say(words['round'], lang)} {r}", "bold")
        grid = Table(say(words["table"], lang), "N-S", "E-W", say(words["boards"], lang))
        for s in seats:
            grid.add_row(str(s.table), str(s.ns), str(s.ew), f"{s.boards[0]}-{s.boards[-1]}"
                         if len(s.boards) > 1 else str(s.boards[0]))
        console.print(grid)
        out = moved.sitting_out(r)
        if out:
            print_plain(f"{say(words['out'], lang)}: {', '.join(map(str, out))}", "dim")
    return 0


def print_plain(text: str = "", style: str = "") -> None:
    """One line of data (names included) printed as it is: never read as markup."""
    from rich.console import Console

    Console().print(plain_text(text, style=style), highlight=False)


def _skat_ranking(args: argparse.Namespace, lang: str) -> int:
    from rich.console import Console
    from rich.table import Table

    from zapis.club import skat_tournament as st
    from zapis.club.evening import money_text, place_text, settle
    from zapis.lang import t

    store = open_store(args)
    args.evening = evening_or_last(store, args.evening, "skat ranking")
    ev = evening_at(store, args.evening, "--evening")
    rows = st.ranking(st.evening_lists(store, args.evening))
    if args.json:
        print(json.dumps(st.ranking_json(rows), ensure_ascii=False, indent=2))
        return 0
    print_plain(f"{t('sk_ranking')} — {ev['date']} {ev['title']}".rstrip(), "bold")
    if not rows:
        print_plain(t("sk_no_lists"))
        return 0
    grid = Table("#", t("st_player"), *(_right(h) for h in (t("sk_result"), t("sk_won"), t("sk_lost"),
                                                          t("sk_fees"), t("sk_net"))))
    for r in rows:
        last = r.place + sum(1 for q in rows if q.place == r.place) - 1
        grid.add_row(place_text(r.place, last), plain_text(r.player), str(r.result), str(r.won), str(r.lost),
                     money_text(r.fees, lang), money_text(r.net, lang))
    Console().print(grid)
    print_plain(t("sk_fees_note"), "dim")
    pays = settle({r.player: r.net for r in rows})
    if pays:
        print_plain(f"{t('sk_fees_settle')}:", "bold")
        for a, b, m in pays:
            print_plain(f"  {a} → {b}: {money_text(m, lang)}")
    return 0


def cmd_pairs(args: argparse.Namespace) -> int:
    """A duplicate pairs session run at the tables: `pairs new` makes it in an evening (the pairs, the movement,
    the scoring); `pairs status` shows each table's progress and the live ranking."""
    from zapis.club import pairs_session as ps
    from zapis import lang as i18n
    from zapis.lang import t

    lang = cli_lang(args.lang)
    i18n.set_lang(lang)
    store = open_store(args)
    if args.action == "new":
        pairs, problems = ps.parse_pairs("\n".join(args.pair or []))
        if problems or not args.pair:
            raise ZapisError([Problem("--pair", p) for p in problems] or [Problem("--pair", Bi("brak", "missing"))])
        try:
            gid = ps.new_session(store, args.evening, pairs, movement=args.movement, method=args.method,
                                 boards_per_round=args.boards_per_round, rounds=args.rounds,
                                 arrow_switch=args.arrow_switch, even="relay" if args.relay else "skip",
                                 title=args.title, table=args.table)
        except ZapisError as e:  # each problem at the option it comes from (rules.boards_per_round: --boards-per-round)
            options = {"rules.boards_per_round": "--boards-per-round", "rules.rounds": "--rounds",
                       "rules.movement": "--movement", "rules.mitchell_even": "--relay", "pairs": "--pair",
                       "title": "--title"}
            raise ZapisError([Problem(next((o for k, o in options.items() if p.place == k or
                                            p.place.startswith(k + ".")), p.place), p.message)
                              for p in e.problems], e.source) from None
        s, eid = ps.load(store, gid), store.game(gid).evening_id
        if args.json:
            print(json.dumps({"game": gid, "evening": eid, "movement": s.movement.to_json()}, ensure_ascii=False))
        else:
            m = s.movement
            print(f"gra {gid} (wieczór {eid}): {m.kind}, stoły: {m.tables}, rundy: {len(m.rounds)}, "
                  f"rozdania: {len(m.boards())}" if lang == "pl" else
                  f"game {gid} (evening {eid}): {m.kind}, {m.tables} tables, {len(m.rounds)} rounds, "
                  f"{len(m.boards())} boards")
        return 0
    eid = evening_or_last(store, args.evening, "pairs status")
    gid = ps.session_of(store, eid)
    if gid is None:
        raise ZapisError([Problem("--evening", Bi(f"wieczór {eid} nie ma turnieju par z ruchem",
                                                 f"evening {eid} has no pairs session with a movement"))])
    s = ps.load(store, gid)
    done, total = s.results_in()
    if args.json:
        print(json.dumps({"game": gid, "results_in": done, "results": total,
                          "progress": [{"round": r, "tables": [{"table": tb, "in": n, "boards": of}
                                                               for tb, n, of in seats]}
                                       for r, seats in enumerate(s.progress(), start=1)],
                          "ranking": s.sheet.extra["ranking"]}, ensure_ascii=False, indent=2))
        return 0
    from zapis.web.board import pairs_page

    print_plain(ps.movement_words(s), "bold")
    for r, seats in enumerate(s.progress(), start=1):
        print_plain(f"  {t('pd_round')} {r}: " + "  ".join(
            f"{t('table')} {tb} {'✓' if n == of else f'{n}/{of}'}" for tb, n, of in seats))
    print_plain(t("pd_ranking"), "bold")
    for r in pairs_page(store.game(gid), s.sheet, s.rules, lang)["ranking"]:  # as the board ranks them
        row = (r["place"], r["pair"], " – ".join(r["players"]), r["total"], r.get("percent", ""))
        print_plain("  " + "  ".join(str(x) for x in row if str(x)))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from zapis.web.serve import build_server

    build_server(args.db, args.lang, args.host, args.port, args.code, max_sessions=args.max_sessions,
                 font_size=args.font_size, extra_hosts=args.allow_host or [],
                 local_needs_code=args.code_here, tables=args.tables).serve()
    return 0


def cmd_tablets(args: argparse.Namespace) -> int:
    from zapis.web.tablets import cmd_tablets as tablets

    return tablets(args)


def _show(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 60 else s[:57] + "..."


#: argparse's own words in Polish (its messages go through gettext, which has no Polish catalogue for it)
ARGPARSE_PL = {
    "usage: ": "użycie: ", "positional arguments": "argumenty", "options": "opcje",
    "show this help message and exit": "pokaż tę pomoc i zakończ",
    "show program's version number and exit": "pokaż wersję programu i zakończ",
    "%(prog)s: error: %(message)s\n": "%(prog)s: błąd: %(message)s\n",
    "invalid choice: %(value)r (choose from %(choices)s)": "nieznany wybór: %(value)r (do wyboru: %(choices)s)",
    "invalid %(type)s value: %(value)r": "zła wartość (%(type)s): %(value)r",
    "the following arguments are required: %s": "brak wymaganych argumentów: %s",
    "unrecognized arguments: %s": "nieznane argumenty: %s",
    "expected one argument": "oczekiwano jednej wartości",
    "expected at least one argument": "oczekiwano co najmniej jednej wartości",
    "expected at most one argument": "oczekiwano najwyżej jednej wartości",
    "expected %s argument": "oczekiwano wartości: %s", "expected %s arguments": "oczekiwano wartości: %s",
    "ambiguous option: %(option)s could match %(matches)s": "niejednoznaczna opcja: %(option)s, pasują %(matches)s",
    "not allowed with argument %s": "nie razem z %s",
    "one of the arguments %s is required": "potrzebny jeden z argumentów %s",
    "ignored explicit argument %r": "pominięto argument %r",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "nieznane polecenie %(parser_name)r (do wyboru: "
                                                               "%(choices)s)",
}


@contextlib.contextmanager
def argparse_speaks(lang: str):
    """argparse's own words (usage, errors, -h) in `lang` while the command line is read."""
    if lang != "pl":
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = lambda text: ARGPARSE_PL.get(text, text)  # type: ignore[attr-defined]
    argparse.ngettext = lambda one, many, n: ARGPARSE_PL.get(one if n == 1 else many, one if n == 1 else many)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    def w(en: str, pl: str) -> str:
        return pl if lang == "pl" else en

    p = argparse.ArgumentParser(prog="zapis", description=w("zapis: a score-keeper for card clubs.",
                                                            "zapis: zapisywanie wyników w klubie karcianym."))
    p.add_argument("--version", action="version", version=f"zapis {__version__}",
                   help=w("show program's version number and exit", "pokaż wersję programu i zakończ"))
    p.add_argument("--db", metavar=w("DB", "BAZA"), help=w(
        "the database file (default: zapis.db in the user's data directory)",
        "plik bazy danych (domyślnie: zapis.db w katalogu danych użytkownika)"))
    p.add_argument("--lang", choices=("pl", "en"), help=w(
        "the language of the app (default: the one chosen last with l, else the system's)",
        "język programu (domyślnie: wybrany ostatnio klawiszem l, inaczej język systemu)"))
    sub = p.add_subparsers(dest="command", title=w("commands", "polecenia"), metavar=w("COMMAND", "POLECENIE"))
    evening = w("EVENING", "WIECZÓR")
    s = sub.add_parser("score", help=w("score a game record (TOML) and print its sheet",
                                       "policz zapis gry (TOML) i pokaż jej arkusz"))
    s.add_argument("file", metavar=w("FILE", "PLIK"), help=w("the game record", "zapis gry"))
    s.add_argument("--json", action="store_true", help=w("print the result as JSON", "wynik jako JSON"))
    s.add_argument("--rules", nargs="+", metavar=w("KEY=VALUE", "KLUCZ=WARTOŚĆ"), action="extend",
                   help=w("override a ruleset parameter for this run", "zmień parametr zasad na ten raz"))
    s.set_defaults(func=cmd_score)
    r = sub.add_parser("rulesets", help=w("list rulesets; show ID; check FILE",
                                          "lista zestawów zasad; show ID; check PLIK"))
    r.add_argument("action", nargs="?", choices=("list", "show", "check"))
    r.add_argument("target", nargs="?", metavar=w("TARGET", "CEL"),
                   help=w("a ruleset id or a .toml file", "id zestawu zasad albo plik .toml"))
    r.set_defaults(func=cmd_rulesets)

    e = sub.add_parser("evening", help=w("evenings: new, list, show ID", "wieczory: new, list, show ID"))
    e.add_argument("action", choices=("new", "list", "show"))
    e.add_argument("id", nargs="?", type=int)
    e.add_argument("--date", metavar=w("DATE", "DATA"), help=w("YYYY-MM-DD (default: today)",
                                                                "RRRR-MM-DD (domyślnie: dziś)"))
    e.add_argument("--place", metavar=w("PLACE", "MIEJSCE"))
    e.add_argument("--title", metavar=w("TITLE", "TYTUŁ"))
    e.set_defaults(func=cmd_evening)
    im = sub.add_parser("import", help=w("import a game record into an evening (all or nothing)",
                                         "wczytaj zapis gry do wieczoru (całość albo nic)"))
    im.add_argument("file", metavar=w("FILE", "PLIK"))
    im.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: a new one)",
                                                                    "wieczór (domyślnie: nowy)"))
    im.add_argument("--table", type=int, default=1, metavar=w("TABLE", "STÓŁ"))
    im.add_argument("--stake", type=float, default=0, metavar=w("STAKE", "STAWKA"),
                    help=w("groszy per point, for the settlement", "grosze za punkt, do rozliczenia"))
    im.set_defaults(func=cmd_import)
    st = sub.add_parser("standings", help=w("the evening's (or a season's) standings and settlement",
                                            "klasyfikacja i rozliczenie wieczoru (albo sezonu)"))
    season_from_to = (w("FROM", "OD"), w("TO", "DO"))
    st.add_argument("--evening", type=int, metavar=evening)
    st.add_argument("--season", nargs=2, metavar=season_from_to)
    st.add_argument("--json", action="store_true")
    st.add_argument("--stats", action="store_true", help=w(
        "with --season: statistics per player and game family (games, wins, average place, best and worst, "
        "declared and made, the longest winning streak)",
        "z --season: statystyki gracza w każdej rodzinie gier (gry, wygrane, średnie miejsce, najlepszy i "
        "najgorszy wynik, rozgrywki i ugrane, najdłuższa seria wygranych)"))
    st.add_argument("--ratings", action="store_true", help=w(
        "with --season: each player's rating (openskill), its change over the season and games",
        "z --season: ranking każdego gracza (openskill), jego zmiana w sezonie i liczba gier"))
    st.set_defaults(func=cmd_standings)
    ex = sub.add_parser("export", help=w("export an evening (csv, json, toml or html) or a season's report",
                                         "eksport wieczoru (csv, json, toml albo html) albo raportu sezonu"))
    which = ex.add_mutually_exclusive_group(required=True)
    which.add_argument("--evening", type=int, metavar=evening)
    which.add_argument("--season", nargs=2, metavar=season_from_to, help=w(
        "the season's standings, ratings and statistics (csv, json or html)",
        "klasyfikacja, rankingi i statystyki sezonu (csv, json albo html)"))
    ex.add_argument("--format", choices=("csv", "json", "toml", "html", "pbn", "usebio", "travellers"),
                    required=True, help=w(
                        "pbn, usebio (XML) and travellers (printable HTML): each duplicate pairs session of the "
                        "evening", "pbn, usebio (XML) i travellers (protokoły do druku, HTML): każdy turniej par "
                        "wieczoru"))
    ex.add_argument("-o", "--output", metavar=w("OUTPUT", "CEL"), help=w(
        "a file (or a folder for several files)", "plik (albo folder na kilka plików)"))
    ex.add_argument("--replace", action="store_true", help=w("replace files that exist (never done silently)",
                                                             "zastąp istniejące pliki (nigdy bez pytania)"))
    ex.set_defaults(func=cmd_export)
    b = sub.add_parser("backup", help=w("copy the database safely while it is in use (checked before it counts)",
                                        "bezpieczna kopia bazy także w trakcie pracy (sprawdzona, zanim się liczy)"))
    b.add_argument("file", metavar=w("FILE", "PLIK"))
    b.add_argument("--replace", action="store_true", help=w("replace FILE if it exists (never done silently)",
                                                            "zastąp PLIK, jeśli istnieje (nigdy bez pytania)"))
    b.set_defaults(func=cmd_backup)
    rs = sub.add_parser("restore", help=w(
        "bring a backup back as the database (the replaced file is kept aside)",
        "przywróć kopię jako bazę danych (zastąpiony plik zostaje obok)"), description=w(
        "Checks BACKUP, moves the database and its -wal/-shm files aside (renamed *.replaced-DATE), and puts "
        "the backup in their place. Close zapis first. Automatic backups are in the backups/ folder beside the "
        "database.", "Sprawdza KOPIĘ, odsuwa bazę danych i jej pliki -wal/-shm (nowe nazwy *.replaced-DATA) i "
        "kładzie kopię na ich miejsce. Najpierw zamknij zapis. Automatyczne kopie są w folderze backups/ obok "
        "bazy danych."))
    rs.add_argument("backup", nargs="?", metavar=w("BACKUP", "KOPIA"), help=w(
        "the backup file (default: list the automatic backups)", "plik kopii (domyślnie: lista automatycznych "
        "kopii)"))
    rs.set_defaults(func=cmd_restore)
    d = sub.add_parser("db", help=w("db check: SQLite's integrity check and every game recomputed",
                                    "db check: kontrola spójności SQLite i przeliczenie każdej gry"))
    d.add_argument("action", choices=("check",))
    d.set_defaults(func=cmd_db)
    pl = sub.add_parser("players", help=w("list players; rename OLD NEW", "lista graczy; rename STARE NOWE"))
    pl.add_argument("action", nargs="?", choices=("list", "rename"))
    pl.add_argument("names", nargs="*", metavar=w("NAME", "NAZWA"))
    pl.set_defaults(func=cmd_players)
    a = sub.add_parser("app", help=w("the scorekeeper's app (the default when no command is given)",
                                     "program do zapisu (domyślnie, gdy nie podano polecenia)"))
    a.add_argument("--table", type=int, metavar=w("TABLE", "STÓŁ"), help=w(
        "a table's tablet: open on this table's game, list its games only",
        "tablet stołu: otwiera grę tego stołu i pokazuje tylko jego gry"))
    a.add_argument("--touch", action="store_true", help=w(
        "pads with large cells and an in-app keypad, for a touch screen (the default when served)",
        "duże pola i klawiatura w programie, dla ekranu dotykowego (domyślnie przy serve)"))
    a.set_defaults(func=cmd_app)
    bo = sub.add_parser("board", help=w("the read-only scoreboard for a TV", "tablica wyników na telewizor "
                                                                            "(tylko do odczytu)"))
    bo.set_defaults(func=cmd_app, board=True)
    sv = sub.add_parser("serve", help=w("serve the app to web browsers (tablets); the board at /board",
                                        "program w przeglądarkach (tablety); tablica pod /board"))
    sv.add_argument("--host", default="127.0.0.1", metavar=w("HOST", "ADRES"), help=w(
        "the address to listen on (default: this machine only)", "adres nasłuchu (domyślnie: tylko ten komputer)"))
    sv.add_argument("--port", type=int, default=8000, metavar=w("PORT", "PORT"))
    sv.add_argument("--code", metavar=w("CODE", "KOD"), help=w(
        "the short access code for other machines, at least 6 characters (default: a random one, printed); the "
        "QR code carries a long key instead", "krótki kod dostępu dla innych urządzeń, co najmniej 6 znaków "
        "(domyślnie losowy, wypisany); kod QR niesie zamiast niego długi klucz"))
    sv.add_argument("--max-sessions", type=int, default=16, metavar="N", help=w(
        "at most N app sessions at once (each is one process; default 16)",
        "najwyżej N sesji naraz (każda to jeden proces; domyślnie 16)"))
    sv.add_argument("--font-size", type=int, default=16, metavar="PX", help=w(
        "the browser's font size (default 16: a touch target of 3 rows is about 56 px)",
        "rozmiar czcionki w przeglądarce (domyślnie 16: pole dotyku na 3 wiersze ma około 56 px)"))
    sv.add_argument("--code-here", action="store_true", help=w(
        "ask for the code on this machine too (a laptop others use at the club)",
        "pytaj o kod także na tym komputerze (laptop, z którego korzystają inni w klubie)"))
    sv.add_argument("--allow-host", action="append", metavar=w("NAME", "NAZWA"), help=w(
        "another name or address the tablets use to reach this machine (repeatable)",
        "inna nazwa albo adres, pod którym tablety widzą ten komputer (można powtarzać)"))
    sv.add_argument("--tables", type=int, default=30, metavar="N", help=w(
        "how many tables have a login (a table card each; default 30)",
        "ile stołów ma logowanie (każdy swoją kartę; domyślnie 30)"))
    sv.set_defaults(func=cmd_serve)
    tb = sub.add_parser("tablets", help=w(
        "each table's login (QR code, short URL, code) while zapis serve runs",
        "logowanie każdego stołu (kod QR, krótki adres, kod), gdy działa zapis serve"))
    tb.add_argument("--json", action="store_true", help=w("the logins as JSON (docs/records.md)",
                                                          "logowania jako JSON (docs/records.md)"))
    tb.add_argument("--tables", type=int, metavar="N", help=w(
        "tables 1 to N only (default: the tables of the current evening for the cards and the list, every table "
        "the server has for --json)", "tylko stoły od 1 do N (domyślnie: stoły bieżącego wieczoru na kartach i "
        "liście, każdy stół serwera dla --json)"))
    tb.add_argument("--cards", metavar=w("FILE", "PLIK"), help=w("write the table cards to print (A4 HTML)",
                                                                 "zapisz karty stołów do druku (HTML A4)"))
    tb.add_argument("--replace", action="store_true", help=w("replace the cards file if it exists",
                                                             "zastąp plik kart, jeśli istnieje"))
    tb.add_argument("--renew", action="store_true", help=w(
        "new logins for every role (the cards printed so far stop working when the server restarts)",
        "nowe logowania dla wszystkich (wydrukowane karty przestaną działać po ponownym starcie serwera)"))
    tb.set_defaults(func=cmd_tablets)
    dm = sub.add_parser("demo", help=w("a sample evening in a temporary database",
                                       "przykładowy wieczór w tymczasowej bazie"))
    dm.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    dm.set_defaults(func=cmd_demo)
    pa = sub.add_parser("pairs", help=w("a duplicate pairs session run at the tables: new, status",
                                        "turniej par prowadzony przy stołach: new, status"))
    pa_sub = pa.add_subparsers(dest="action", required=True, metavar=w("ACTION", "CZYNNOŚĆ"))
    pan = pa_sub.add_parser("new", help=w(
        "make a pairs session in an evening: the pairs, the movement, the scoring",
        "nowy turniej par w wieczorze: pary, ruch, sposób liczenia"))
    pan.add_argument("--evening", type=int, metavar=evening, help=w(
        "the evening (default: a new one today)", "wieczór (domyślnie: nowy, dzisiejszy)"))
    pan.add_argument("--pair", action="append", metavar=w("NAME,NAME", "NAZWA,NAZWA"), help=w(
        "a pair: two names by a comma, numbered 1, 2, ... in the order given (repeatable)",
        "para: dwie nazwy po przecinku, numerowane 1, 2, ... w podanej kolejności (można powtarzać)"))
    pan.add_argument("--movement", choices=("howell", "mitchell"), default="howell")
    pan.add_argument("--method", choices=("matchpoints", "cross-imps", "butler"), default="matchpoints")
    pan.add_argument("--boards-per-round", type=int, default=2, metavar="B")
    pan.add_argument("--rounds", type=int, default=0, metavar="R", help=w(
        "rounds played (default: the whole movement)", "rozegrane rundy (domyślnie: cały ruch)"))
    pan.add_argument("--arrow-switch", action="store_true", help=w(
        "Mitchell: switch directions in the last round", "Mitchell: zamiana kierunków w ostatniej rundzie"))
    pan.add_argument("--relay", action="store_true", help=w(
        "Mitchell with an even number of tables: relay, not skip",
        "Mitchell przy parzystej liczbie stołów: wspólne rozdania zamiast przeskoku"))
    pan.add_argument("--title", metavar=w("TITLE", "TYTUŁ"), help=w("the session's title", "tytuł turnieju"))
    pan.add_argument("--table", type=int, default=1, metavar=w("TABLE", "STÓŁ"), help=w(
        "the table number the session is kept under (default 1)", "numer stołu, pod którym jest turniej "
        "(domyślnie 1)"))
    pan.add_argument("--json", action="store_true")
    pan.set_defaults(func=cmd_pairs)
    pas = pa_sub.add_parser("status", help=w("each table's progress and the live ranking",
                                             "postęp każdego stołu i bieżąca klasyfikacja"))
    pas.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: the last one)",
                                                                     "wieczór (domyślnie: ostatni)"))
    pas.add_argument("--json", action="store_true")
    pas.set_defaults(func=cmd_pairs)
    sk = sub.add_parser("skat", help=w("skat tournaments: draw the tables of each series; rank an evening's lists",
                                       "turnieje skata: losowanie stołów każdej serii; klasyfikacja list "
                                       "wieczoru"))
    sk_sub = sk.add_subparsers(dest="action", required=True, metavar=w("ACTION", "CZYNNOŚĆ"))
    skd = sk_sub.add_parser("draw", help=w("seat the players at tables of 4 and 3, drawn again for each series",
                                           "rozsadzenie graczy przy stołach po 4 i 3, losowane w każdej serii"))
    skd.add_argument("--players", nargs="+", metavar=w("NAME", "NAZWA"), required=True,
                     help=w("the players", "gracze"))
    skd.add_argument("--series", default="1", metavar="K", help=w("how many series (default 1)",
                                                                  "ile serii (domyślnie 1)"))
    skd.add_argument("--seed", metavar="S", help=w("the draw's seed: the same seed, the same draw",
                                                   "ziarno losowania: to samo ziarno, to samo losowanie"))
    skd.add_argument("--json", action="store_true")
    skd.set_defaults(func=cmd_skat)
    skr = sk_sub.add_parser("ranking", help=w("an evening's Seeger-Fabian lists ranked as one tournament, with fees",
                                              "listy Seegera-Fabiana wieczoru jako jeden turniej, z opłatami"))
    skr.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: the last one)",
                                                                     "wieczór (domyślnie: ostatni)"))
    skr.add_argument("--json", action="store_true")
    skr.set_defaults(func=cmd_skat)
    mv = sub.add_parser("movement", help=w("a duplicate bridge movement (Mitchell or Howell), round by round",
                                           "ruch turnieju brydżowego (Mitchell albo Howell), runda po rundzie"))
    mv.add_argument("kind", choices=("mitchell", "howell"))
    mv.add_argument("--tables", metavar="N", required=True, help=w("how many tables", "ile stołów"))
    mv.add_argument("--pairs", metavar="P", help=w(
        "how many pairs: 2N (the default) or 2N-1 (one pair sits out)",
        "ile par: 2N (domyślnie) albo 2N-1 (jedna para pauzuje)"))
    mv.add_argument("--rounds", metavar="R", help=w("play only the first R rounds (default: the whole movement)",
                                                    "tylko pierwsze R rund (domyślnie: cały ruch)"))
    mv.add_argument("--boards-per-round", metavar="B", help=w("boards per round (default 2)",
                                                              "rozdań w rundzie (domyślnie 2)"))
    mv.add_argument("--arrow-switch", action="store_true", help=w(
        "Mitchell: N-S and E-W switch in the last round", "Mitchell: N-S i E-W zamieniają się w ostatniej rundzie"))
    mv.add_argument("--relay", action="store_true", help=w(
        "Mitchell with an even number of tables: a bye stand and shared boards (default: E-W skip)",
        "Mitchell przy parzystej liczbie stołów: stolik pauzy i wspólne rozdania (domyślnie: przeskok E-W)"))
    mv.add_argument("--json", action="store_true")
    mv.set_defaults(func=cmd_movement)
    return p


def _global_options_everywhere(parser: argparse.ArgumentParser) -> None:
    """--db and --lang are taken after the command too (`zapis serve --db X`), as well as before it; a word
    chosen from a list is named by its choices in a message (not by its English name inside zapis)."""
    for action in parser._actions:
        if not action.option_strings and action.choices and action.metavar is None and \
                not isinstance(action, argparse._SubParsersAction):
            action.metavar = "{" + ",".join(action.choices) + "}"
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                sub.add_argument("--db", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
                sub.add_argument("--lang", choices=("pl", "en"), default=argparse.SUPPRESS, help=argparse.SUPPRESS)
                _global_options_everywhere(sub)


def asked_lang(argv: Sequence[str]) -> str | None:
    """--lang as typed anywhere on the command line (read before the parser, which speaks that language)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in ("pl", "en") else None
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1] if arg.split("=", 1)[1] in ("pl", "en") else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = cli_lang(asked_lang(argv))
    with argparse_speaks(lang):
        parser = build_parser(lang)
        _global_options_everywhere(parser)
        args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func = cmd_app
    return guarded(lambda: args.func(args), args.lang, args.db)
