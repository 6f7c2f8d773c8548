"""The season report: the standings of every evening between two dates, the players' ratings and their course,
and each player's statistics, as one self-contained HTML page (A4), or as CSV and JSON for other programs.

Everything is computed from the recorded hands (Store.season judges each game, from its memo where it holds);
nothing here is stored."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from zapis.core.progress import Progress, Series
from zapis.club.evening import money_text, number_text, place_text, rank_spans, season
from zapis.io.export import CSS
from zapis.io.export.chart_svg import svg
from zapis.store import Store
from zapis.lang.text import csv_cell, html_text

WORDS = {  # (pl, en): the report's own words, one language at a time
    "season": ("Sezon", "Season"), "standings": ("Klasyfikacja sezonu", "The season's standings"),
    "place": ("miejsce", "place"), "player": ("gracz", "player"), "evenings": ("wieczory", "evenings"),
    "games": ("gry", "games"), "points": ("pkt za miejsca", "place points"), "money": ("rozliczenie", "money"),
    "firsts": ("1./2./3.", "1st/2nd/3rd"), "ratings": ("Ranking graczy", "Ratings"),
    "rating": ("ranking", "rating"), "change": ("zmiana w sezonie", "change over the season"),
    "stats": ("Statystyki", "Statistics"), "none": ("Nie ma wieczorów od {start} do {end}.",
                                                   "No evenings from {start} to {end}."),
    "head": ("{evenings} wieczorów · {games} gier", "{evenings} evenings · {games} games"),
}


def _w(key: str, lang: str, **kw: Any) -> str:
    pl, en = WORDS[key]
    return (en if lang == "en" else pl).format(**kw)


def season_data(store: Store, start: str, end: str) -> dict[str, Any]:
    """The season as plain data: the standings rows, the ratings and the statistics (what every format shows)."""
    from zapis.club import ratings, statistics

    results = store.season(start, end)
    return {"start": start, "end": end, "results": results, "evenings": len({r.evening for r in results}),
            "games": len(results), "standings": season(results), "ratings": ratings.season_ratings(results),
            "statistics": statistics.season_statistics(results)}


def season_json(d: dict[str, Any]) -> dict[str, Any]:
    from zapis.club.statistics import statistics_json

    return {"season": {"from": d["start"], "to": d["end"], "evenings": d["evenings"], "games": d["games"]},
            "standings": [{"rank": r.rank, "player": r.player, "evenings": r.evenings, "games": r.games,
                           "place_points": r.place_points, "places": list(r.places), "money": r.money}
                          for r in d["standings"]],
            "ratings": d["ratings"].ratings(), "rating_details": d["ratings"].to_json(),
            "statistics": statistics_json(d["statistics"])}


#: the CSV files' column names, in the export's language (the values stay machine-readable)
CSV_HEADS = {"place": ("miejsce", "place"), "player": ("gracz", "player"), "evenings": ("wieczory", "evenings"),
             "games": ("gry", "games"), "place points": ("punkty za miejsca", "place points"),
             "1st": ("1. miejsca", "1st"), "2nd": ("2. miejsca", "2nd"), "3rd": ("3. miejsca", "3rd"),
             "money (zł)": ("pieniądze (zł)", "money (zł)"), "family": ("rodzina gier", "family"),
             "rating": ("ranking", "rating"), "change": ("zmiana", "change"), "all": ("wszystkie", "all")}


def season_csv(d: dict[str, Any], lang: str = "pl") -> dict[str, str]:
    """Three CSV files (UTF-8 with a BOM, as the evening's): the standings, the ratings, the statistics."""
    def table(head: list[str], rows: list[list[Any]]) -> str:
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(head)
        w.writerows(rows)
        return "\ufeff" + out.getvalue()

    from zapis.club.statistics import COLUMNS, HEADERS, statistics_json
    from zapis.lang import t

    def h(*keys: str) -> list[str]:
        return [CSV_HEADS[k][1 if lang == "en" else 0] for k in keys]

    rated = d["ratings"]
    stats = statistics_json(d["statistics"])
    return {
        "season-standings.csv": table(
            h("place", "player", "evenings", "games", "place points", "1st", "2nd", "3rd", "money (zł)"),
            [[r.rank, csv_cell(r.player), r.evenings, r.games, number_text(r.place_points, "en"), *r.places,
              f"{r.money / 100:.2f}"] for r in d["standings"]]),
        "season-ratings.csv": table(
            h("family", "player", "rating", "change", "games"),
            [[h("all")[0], csv_cell(x.player), x.rating, x.change, x.games] for x in rated.players]
            + [[csv_cell(f), csv_cell(x.player), x.rating, x.change, x.games]
               for f, xs in rated.families.items() for x in xs]),
        "season-statistics.csv": table(
            h("player", "family") + [t(HEADERS[c], lang=lang) for c in COLUMNS],
            [[csv_cell(p), csv_cell(f), *("" if v.get(c) is None else v[c] for c in COLUMNS)]
             for p, mine in stats.items() for f, v in mine.items()]),
    }


def rating_chart(rated: Any, lang: str) -> str:
    """Each player's rating over the season as an SVG line (the ratings' history: after each evening he played),
    every line beginning at the season's start; "" when nobody was rated."""
    from zapis.club.ratings import START

    dates = sorted({d for x in rated.players for d, _ in x.history})
    if not dates:
        return ""
    at = {d: i + 1 for i, d in enumerate(dates)}
    series = []
    for x in rated.players:
        values: list[float | None] = [START] + [None] * len(dates)
        for d, v in x.history:
            values[at[d]] = v
        last = START
        for i, v in enumerate(values):  # between his evenings a player's rating stays where it was
            if v is None:
                values[i] = last
            else:
                last = v
        series.append(Series((x.player,), tuple(values)))
    return svg(Progress(len(dates), tuple(series)), lang, title="rating_title", axis="evening")


def season_html(d: dict[str, Any], lang: str = "pl") -> str:
    from zapis.club.ratings import rating_text
    from zapis.club.statistics import HEADERS, by_family, columns, family_titles, figures
    from zapis.lang import t

    def w(key: str, **kw: Any) -> str:
        return _w(key, lang, **kw)

    title = f"{w('season')} {html_text(d['start'])} – {html_text(d['end'])}"
    body = [f"<h1>{title}</h1>"]
    if not d["games"]:
        body.append(f"<p>{html_text(w('none', start=d['start'], end=d['end']))}</p>")
    else:
        body.append(f"<p>{html_text(w('head', evenings=d['evenings'], games=d['games']))}</p>")
        body.append(f"<h2>{w('standings')}</h2><table><tr><th>{w('place')}</th><th>{w('player')}</th>"
                    f"<th>{w('evenings')}</th><th>{w('games')}</th><th>{w('points')}</th><th>{w('firsts')}</th>"
                    f"<th>{w('money')}</th></tr>")
        for r, (first, last) in zip(d["standings"], rank_spans(d["standings"])):
            body.append(f"<tr><td>{place_text(first, last)}</td><td>{html_text(r.player)}</td><td>{r.evenings}</td>"
                        f"<td>{r.games}</td><td>{number_text(r.place_points, lang)}</td>"
                        f"<td class=\"nw\">{'/'.join(map(str, r.places))}</td>"
                        f"<td class=\"{'neg' if r.money < 0 else ''}\">{money_text(r.money, lang)}</td></tr>")
        body.append("</table>")
        rated = d["ratings"]
        body.append(f"<h2>{w('ratings')}</h2><table><tr><th>{w('place')}</th><th>{w('player')}</th>"
                    f"<th>{w('rating')}</th><th>{w('change')}</th><th>{w('games')}</th></tr>")
        for i, x in enumerate(rated.players, 1):
            change = rating_text(x.change, signed=True)
            body.append(f"<tr><td>{i}.</td><td>{html_text(x.player)}</td><td>{rating_text(x.rating)}</td>"
                        f"<td class=\"{'neg' if change.startswith('-') else ''}\">{change}</td>"
                        f"<td>{x.games}</td></tr>")
        body.append("</table>")
        body.append(rating_chart(rated, lang))
        names = family_titles(d["results"], lang)
        body.append(f"<h2>{w('stats')}</h2>")
        for fam, table in by_family(d["statistics"]):
            cols = columns(fam, table)
            body.append(f"<h3>{html_text(names.get(fam, fam))}</h3><table><tr><th>{w('player')}</th>"
                        + "".join(f"<th>{html_text(t(HEADERS[c], lang=lang))}</th>" for c in cols) + "</tr>")
            for p, st in table.items():
                body.append(f"<tr><td>{html_text(p)}</td>" + "".join(f"<td>{v}</td>" for v in figures(st, cols, lang))
                            + "</tr>")
            body.append("</table>")
    return (f"<!DOCTYPE html>\n<html lang=\"{'en' if lang == 'en' else 'pl'}\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{CSS}td.nw {{ white-space: nowrap; }}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def export_season(store: Store, start: str, end: str, fmt: str, lang: str = "pl") -> dict[str, str]:
    """The season's files: name -> text (the HTML report in `lang`; the data files are the same in both)."""
    d = season_data(store, start, end)
    name = f"season-{start}-{end}"
    if fmt == "csv":
        return season_csv(d, lang)
    if fmt == "json":
        return {f"{name}.json": json.dumps(season_json(d), ensure_ascii=False, indent=2, default=str)}
    return {f"{name}.html": season_html(d, lang)}
