"""Tournaments: `zapis skat` (draw, ranking), `zapis movement` (a bridge movement) and `zapis pairs` (new, status)."""

from __future__ import annotations

import argparse
import json

from zapis.cli.common import _right, evening_at, evening_or_last, open_store, print_plain
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain, plain_text
from zapis.web.session import cli_lang


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
        drawn = st.draw(args.players or [], series, args.seed, _teams(args.teams or [], args.players or []))
        if args.json:
            print(json.dumps(st.draw_json(drawn), ensure_ascii=False, indent=2))
            return 0
        for k, tables in enumerate(drawn, 1):
            out(t("sk_series", n=k), "bold")
            for j, players in enumerate(tables, 1):
                out(f"  {t('sk_table', n=j, size=len(players))}: {', '.join(players)}")
        return 0
    return _skat_ranking(args, lang)


def _teams(typed: list[str], players: list[str]) -> list[list[str]]:
    """`--teams NAME=P1,P2,...`: each team's players, every one a player of the draw and in one team only; every
    problem said at once (ZapisError, naming --teams)."""
    out, seen, problems = [], set(), []
    known = {p.strip() for p in players}
    for text in typed:
        name, _, members = text.partition("=")
        team = [m.strip() for m in members.split(",") if m.strip()]
        said = plain(text)[:40]
        if not name.strip() or len(team) < 2:
            problems.append(Problem("--teams", Bi(f"{said!r}: drużyna to NAZWA=GRACZ,GRACZ,...",
                                                  f"{said!r}: a team is NAME=PLAYER,PLAYER,...")))
            continue
        for m in team:
            if m not in known:
                problems.append(Problem("--teams", Bi(f"{plain(m)[:40]!r} nie jest w --players",
                                                      f"{plain(m)[:40]!r} is not in --players")))
            elif m in seen:
                problems.append(Problem("--teams", Bi(f"{plain(m)[:40]!r} jest w dwóch drużynach",
                                                      f"{plain(m)[:40]!r} is in two teams")))
            seen.add(m)
        out.append(team)
    if problems:
        raise ZapisError(problems)
    return out


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
    if getattr(args, "tournament", None):
        from pathlib import Path

        from zapis.club import preisskat as pk
        from zapis.io.rulesets import read_toml

        try:
            tournament = pk.parse(read_toml(Path(args.tournament)), [r.player for r in rows])
        except ZapisError as e:  # each problem named in the file: FILE: key: what is wrong
            raise ZapisError([Problem(f"{args.tournament}: {p.place}", p.message) for p in e.problems]) from None
        return _preisskat(args, rows, tournament, ev, lang)
    kept = store.skat_tournament(args.evening)
    if kept is not None:  # the prize tournament made in the app with the evening
        from zapis.club import preisskat as pk

        return _preisskat(args, rows, pk.parse(kept), ev, lang)
    if getattr(args, "html", None):
        raise ZapisError([Problem("--html", Bi("lista nagród wymaga --tournament (albo turnieju zapisanego z "
                                               "wieczorem)", "the prize list needs --tournament (or a tournament "
                                               "kept with the evening)"))])
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


def _preisskat(args: argparse.Namespace, rows: list, tournament, ev, lang: str) -> int:
    """The prize tournament's money (each player's fees, prize and net; the pot; the house), its prize list, and
    the teams' and tandems' rankings (zapis.club.preisskat), from a tournament file or the one kept with the
    evening."""
    from pathlib import Path

    from zapis.club import preisskat as pk
    from zapis.club import skat_tournament as st
    from zapis.lang import t

    money = pk.settle(rows, tournament)
    teams, tandems = pk.group_ranking(rows, tournament.teams), pk.group_ranking(rows, tournament.tandems)
    zl = st._zl  # złoty as the JSON numbers say them (the plain ranking's own)
    if args.html:  # the prize list on A4, as a file (written whole, never over another without --replace)
        from zapis.cli.export import write_files
        from zapis.io.export.prizes import prize_list_html

        title = f"{t('sk_prize_list')} — {ev['date']} {ev['title']}".rstrip()
        return write_files({Path(args.html).name: prize_list_html(title, rows, money, teams, tandems, lang)},
                           args.html, args.replace)
    if args.json:
        group = lambda gs: [{"place": g.place, "name": g.name, "players": list(g.players),  # noqa: E731
                             "result": g.result, "won": g.won, "lost": g.lost} for g in gs]
        print(json.dumps({
            "ranking": [{"place": r.place, "player": r.player, "result": r.result, "won": r.won, "lost": r.lost,
                         "fees": zl(r.fees), "paid": zl(money.paid[r.player]),
                         "prize": zl(money.won(r.player)),
                         "money": zl(money.net(r.player))} for r in rows],
            "pot": zl(money.pot), "house": zl(money.house),
            "prizes": [{"prize": what, "player": p, "amount": zl(g)} for what, p, g in money.awards],
            "teams": group(teams), "tandems": group(tandems)}, ensure_ascii=False, indent=2))
        return 0
    from rich.console import Console

    from zapis.io.prize_render import prize_group

    print_plain(f"{t('sk_ranking')} — {ev['date']} {ev['title']}".rstrip(), "bold")
    Console().print(prize_group(rows, money, teams, tandems, lang))
    return 0


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
    for note in movements.notes(moved):
        print_plain(say(note, lang))
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
                                 title=args.title, table=args.table, phantom=args.phantom,
                                 factoring=args.factoring)
        except ZapisError as e:  # each problem at the option it comes from (rules.boards_per_round: --boards-per-round)
            options = {"rules.boards_per_round": "--boards-per-round", "rules.rounds": "--rounds",
                       "rules.movement": "--movement", "rules.mitchell_even": "--relay", "pairs": "--pair",
                       "title": "--title", "phantom": "--phantom", "rules.factoring": "--factoring"}
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
            from zapis.core.words import say
            from zapis.modules.bridge.movements import notes

            for note in notes(m):
                print_plain(say(note, lang))
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
                          "progress": [{"round": r, "tables": [{"table": tb, "in": n, "boards": of} | (
                                                                   {"phantom": True} if s.facing_phantom(
                                                                       s.movement.at(r, tb)) else {})
                                                               for tb, n, of in seats]}
                                       for r, seats in enumerate(s.progress(), start=1)],
                          "ranking": s.sheet.extra["ranking"]}, ensure_ascii=False, indent=2))
        return 0
    from zapis.web.board import pairs_page

    print_plain(ps.movement_words(s), "bold")
    for r, seats in enumerate(s.progress(), start=1):
        print_plain(f"  {t('pd_round')} {r}: " + "  ".join(
            f"{t('table')} {tb} " + (t("phantom_name") if s.facing_phantom(s.movement.at(r, tb)) else
                                     "✓" if n == of else f"{n}/{of}") for tb, n, of in seats))
    print_plain(t("pd_ranking"), "bold")
    for r in pairs_page(store.game(gid), s.sheet, s.rules, lang)["ranking"]:  # as the board ranks them
        row = (r["place"], r["pair"], " – ".join(r["players"]), r["total"], r.get("percent", ""))
        print_plain("  " + "  ".join(str(x) for x in row if str(x)))
    return 0
