"""Exports of an evening: CSV, JSON, TOML (game records) and one self-contained HTML file."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from zapis.io import records
from zapis.core.sheet import Sheet, fmt_number
from zapis.core.words import say
from zapis.club.evening import money_text, number_text, place_text, rank_spans, settle, standings
from zapis.io.export.chart_svg import game_svg
from zapis.io.render import word
from zapis.store import Store
from zapis.lang.text import csv_cell, html_text

FORMATS = ("csv", "json", "toml", "html", "pbn", "usebio", "travellers", "site")
#: formats of a duplicate pairs session (zapis.io.export.pairs): one file per pairs session of the evening
PAIRS_FORMATS = {"pbn": "pbn", "usebio": "xml", "travellers": "html", "site": ""}


def _evening_data(store: Store, evening_id: int) -> dict[str, Any]:
    ev = store.evening(evening_id)
    games = store.games(evening_id)
    results = store.results(evening_id)
    table = standings(results)
    return {"evening": ev, "games": games, "results": results, "standings": table}


#: the CSV files' column names, in the export's language (the values stay machine-readable: numbers with a dot)
CSV_WORDS = {
    "evening": ("wieczór", "evening"), "date": ("data", "date"), "table": ("stół", "table"), "game": ("gra", "game"),
    "ruleset": ("zasady", "ruleset"), "hand": ("rozdanie", "hand"), "score": ("{p}: wynik", "{p} score"),
    "total": ("{p}: razem", "{p} total"), "place": ("miejsce", "place"), "player": ("gracz", "player"),
    "games": ("gry", "games"), "place points": ("punkty za miejsca", "place points"),
    "money": ("pieniądze (zł)", "money (zł)"), "column": ("stół {table}: {title} (#{id})", "table {table}: {title} (#{id})"),
}


def csv_word(key: str, lang: str, **kw: Any) -> str:
    pl, en = CSV_WORDS[key]
    return (en if lang == "en" else pl).format(**kw)


def export_csv(store: Store, evening_id: int, lang: str = "pl") -> dict[str, str]:
    """Two CSV files: one row per hand, and the standings. UTF-8 with a BOM so spreadsheets keep the
    Polish letters; the column names in `lang`."""
    d = _evening_data(store, evening_id)
    names = sorted({p for r in d["results"] for p in r.sheet.players})
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([csv_word(k, lang) for k in ("evening", "date", "table", "game", "ruleset", "hand")]
               + [csv_cell(csv_word("score", lang, p=p)) for p in names]
               + [csv_cell(csv_word("total", lang, p=p)) for p in names])
    for g, r in zip(d["games"], d["results"]):
        for i, h in enumerate(r.sheet.hands):
            w.writerow([evening_id, d["evening"]["date"], g.table, g.id, g.ruleset, i + 1]
                       + [fmt_number(h.scores[p]) if p in h.scores else "" for p in names]
                       + [fmt_number(h.totals[p]) if p in h.totals else "" for p in names])
    st = io.StringIO()
    w = csv.writer(st)
    keys = [r.key for r in d["results"]]
    heads = [csv_word("column", lang, table=g.table, title=say(g.title, lang), id=g.id) for g in d["games"]]
    w.writerow([csv_word(k, lang) for k in ("place", "player", "games", "place points", "money")]
               + [csv_cell(h) for h in heads])
    for s in d["standings"]:
        w.writerow([s.rank, csv_cell(s.player), s.games, fmt_number(s.place_points), f"{s.money / 100:.2f}"]
                   + [fmt_number(s.results[k]["total"]) if k in s.results else "" for k in keys])
    return {"hands.csv": "\ufeff" + out.getvalue(), "standings.csv": "\ufeff" + st.getvalue()}


def export_json(store: Store, evening_id: int) -> dict[str, Any]:
    d = _evening_data(store, evening_id)
    ev = d["evening"]
    games = []
    for g, r in zip(d["games"], d["results"]):
        rec, rules, module = store.record(g.id)
        games.append({"id": g.id, "table": g.table, "stake": g.stake,
                      "record": json.loads(json.dumps(rec.to_toml_dict(module), default=str)),
                      "result": r.sheet.to_json()})
    net = {s.player: s.money for s in d["standings"]}
    return {"evening": {"id": ev["id"], "date": ev["date"], "place": ev["place"], "title": ev["title"]},
            "games": games,
            "standings": [{"rank": s.rank, "player": s.player, "games": s.games, "place_points": s.place_points,
                           "money": s.money, "results": s.results} for s in d["standings"]],
            "settlement": [{"from": a, "to": b, "amount": m} for a, b, m in settle(net)]}


def export_toml(store: Store, evening_id: int, game_ids: list[int] | None = None) -> dict[str, str]:
    """Each game as a game record (../shared/spec/records.md), one file per game (or only the games named)."""
    ev = store.evening(evening_id)
    out = {}
    for g in store.games(evening_id):
        if game_ids is not None and g.id not in game_ids:
            continue
        rec, rules, module = store.record(g.id)
        rec.rules = {k: v for k, v in rules.values.items() if v != _ruleset_default(rec.ruleset, k)}
        if rec.date is None:
            import datetime as dt
            rec.date = dt.date.fromisoformat(ev["date"])
        out[f"evening-{evening_id}-table-{g.table}-game-{g.id}.toml"] = records.dumps(rec, module)
    return out


def _ruleset_default(ref: str, key: str) -> Any:
    """The value the named ruleset gives a parameter today (so a record keeps only what differs)."""
    from zapis.io import rulesets
    from zapis.core.errors import ZapisError
    try:
        return rulesets.load(ref).values.get(key)
    except ZapisError:
        return object()


CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #999; padding: 0.15em 0.5em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.line td { border-bottom: 2px solid #000; } tr.total td { font-weight: bold; border-top: 2px solid #000; }
.neg, .loop, .bajt, .played, .failed { color: #c00; } .made { color: #070; }
.note { color: #555; font-size: 0.85em; text-align: left; }
.checks li.bad { color: #c00; font-weight: bold; }
section.game { page-break-inside: avoid; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; } section.game { break-inside: avoid; } }
"""


def sheet_html(sheet: Sheet, lang: str = "pl", totals: bool = True) -> str:
    """The sheet as HTML in one language (each text a module wrote in both is said in `lang`), escaped; `totals`:
    with a table of each player's total under it (the board, which shows them in large digits above, leaves it
    out)."""
    def h(value: object) -> str:
        return html_text(say(value, lang))

    parts = []
    for sec in sheet.sections:
        notes = any(r.note for r in sec.rows)
        head = "".join(f"<th>{h(c)}</th>" for c in [sec.label_header, *sec.columns])
        if sec.groups:  # the headings over the sheet's halves, a row above the names
            head = ("<th></th>" + "".join(f'<th colspan="{n}">{h(g)}</th>' for g, n in sec.groups)
                    + ("<th></th>" if notes else "") + f"</tr><tr>{head}")
        if notes:
            head += f'<th class="note">{word("how", lang)}</th>'
        rows = []
        for r in sec.rows:
            cls = " ".join(m for m in ("line", "total") if m in r.marks)
            cells = "".join(f'<td class="{html_text(" ".join(sorted(c.marks)))}">{h(c.text)}</td>'
                            for c in r.cells)
            cells += "<td></td>" * (len(sec.columns) - len(r.cells))
            note = f'<td class="note">{h(r.note)}</td>' if notes else ""  # (the board may leave them out)
            rows.append(f'<tr class="{cls}"><td>{h(r.label)}</td>{cells}{note}</tr>')
        carried = ' class="carried"' if sec.carried else ""  # (the board may show it in place of the ones before)
        parts.append(f"<h3{carried}>{h(sec.title)}</h3><table><tr>{head}</tr>{''.join(rows)}</table>")
    tot = "".join(f"<th>{html_text(p)}</th>" for p in sheet.players)
    vals = "".join(f'<td class="{"neg" if sheet.totals.get(p, 0) < 0 else ""}">'
                   f"{fmt_number(sheet.totals.get(p, 0))}</td>" for p in sheet.players)
    if totals:
        parts.append(f"<table><tr>{tot}</tr><tr>{vals}</tr></table>")
    if sheet.checks:
        parts.append("<ul class=\"checks\">" + "".join(
            f'<li class="{"ok" if c.ok else "bad"}">{"✓" if c.ok else "✗"} {h(c.name)} '
            f"{h(c.detail)}</li>" for c in sheet.checks) + "</ul>")
    parts += [f"<p>{h(n)}</p>" for n in sheet.notes]
    return "\n".join(parts)


HTML_WORDS = {  # (pl, en): the report's own words, one language at a time
    "evening": ("Wieczór", "Evening"), "standings": ("Klasyfikacja", "Standings"), "place": ("miejsce", "place"),
    "player": ("gracz", "player"), "games": ("gry", "games"), "points": ("pkt za miejsca", "place points"),
    "money": ("rozliczenie", "money"), "pays": ("Kto komu płaci", "Who pays whom"), "table": ("Stół", "Table"),
}


def export_html(store: Store, evening_id: int, lang: str = "pl") -> str:
    def w(key: str) -> str:
        return HTML_WORDS[key][1 if lang == "en" else 0]

    def h(text: object) -> str:
        return html_text(say(text, lang))

    d = _evening_data(store, evening_id)
    ev = d["evening"]
    title = html_text(ev["title"] or w("evening")) + f" — {html_text(ev['date'])}"
    if ev["place"]:
        title += f", {html_text(ev['place'])}"
    body = [f"<h1>{title}</h1>"]
    body.append(f"<h2>{w('standings')}</h2><table><tr><th>{w('place')}</th><th>{w('player')}</th>"
                f"<th>{w('games')}</th><th>{w('points')}</th><th>{w('money')}</th></tr>")
    for s, (first, last) in zip(d["standings"], rank_spans(d["standings"])):
        body.append(f"<tr><td>{place_text(first, last)}</td><td>{html_text(s.player)}</td><td>{s.games}</td>"
                    f"<td>{number_text(s.place_points, lang)}</td><td class=\"{'neg' if s.money < 0 else ''}\">"
                    f"{money_text(s.money, lang)}</td></tr>")
    body.append("</table>")
    pays = settle({s.player: s.money for s in d["standings"]})
    if pays:
        body.append(f"<h2>{w('pays')}</h2><ul>" + "".join(
            f"<li>{html_text(a)} → {html_text(b)}: {money_text(m, lang)}</li>" for a, b, m in pays) + "</ul>")
    for g, r in zip(d["games"], d["results"]):
        body.append(f'<section class="game"><h2>{w("table")} {g.table}: {h(g.title)}</h2>'
                    f'{sheet_html(r.sheet, lang)}'
                    f'{game_svg(store, g.id, r.sheet, lang)}'
                    "</section>")
    return (f"<!DOCTYPE html>\n<html lang=\"{'en' if lang == 'en' else 'pl'}\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def export_pairs(store: Store, evening_id: int, fmt: str, lang: str = "pl") -> dict[str, str]:
    """Each duplicate pairs session of the evening as PBN 2.1, USEBIO 1.2 XML or printable travellers (HTML)."""
    from zapis.core.errors import Problem, ZapisError
    from zapis.core.words import Bi
    from zapis.io.export import pairs

    ev = store.evening(evening_id)
    evening = {"date": ev["date"], "place": ev["place"] or "", "title": ev["title"] or ""}
    out = {}
    sessions = [g for g in store.games(evening_id) if g.module == "bridge-pairs"]
    for g in sessions:
        rec, rules, _module = store.record(g.id)
        session = {"record": rec, "rules": rules, "sheet": store.sheet(g.id)}
        name = f"evening-{evening_id}-table-{g.table}-game-{g.id}.{PAIRS_FORMATS[fmt]}"
        if fmt == "site":  # a folder of pages; an evening of several sessions: a folder each
            from zapis.io.export.site import site
            folder = f"game-{g.id}/" if len(sessions) > 1 else ""
            out |= {folder + page: text for page, text in site(session, evening, lang).items()}
        elif fmt == "pbn":
            out[name] = pairs.pbn(session, evening)
        elif fmt == "usebio":
            out[name] = pairs.usebio(session, evening)
        else:
            out[name] = pairs.html(session, evening, lang)
    if not out:
        raise ZapisError([Problem("--format", Bi(f"{fmt}: w wieczorze {evening_id} nie ma turnieju par (brydż "
                                                 "sportowy)",
                                                 f"{fmt}: evening {evening_id} has no duplicate pairs session"))])
    return out


def export(store: Store, evening_id: int, fmt: str, lang: str = "pl") -> dict[str, str]:
    """Files to write: name -> text (the HTML report in `lang`; the data files are the same in both)."""
    if fmt == "csv":
        return export_csv(store, evening_id, lang)
    if fmt == "json":
        return {f"evening-{evening_id}.json": json.dumps(export_json(store, evening_id), ensure_ascii=False,
                                                         indent=2, default=str)}
    if fmt == "toml":
        return export_toml(store, evening_id)
    if fmt in PAIRS_FORMATS:
        return export_pairs(store, evening_id, fmt, lang)
    return {f"evening-{evening_id}.html": export_html(store, evening_id, lang)}
