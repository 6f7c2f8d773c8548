"""`zapis standings`: an evening's or a season's standings, with the season's ratings and statistics."""

from __future__ import annotations

import argparse
import json
from typing import Any

from zapis.cli.common import _right, evening_at, evening_or_last, open_store, season_span
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain_text
from zapis.web.session import cli_lang


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
