"""`zapis tablets`: each table's login (its QR code, its short URL, its typed code) while `zapis serve` runs for the
database, as text, as JSON for other programs (docs/records.md), or as one A4 page of table cards to print.

The server writes what it serves beside the database, readable by this user only (`ZapisServer.write_announcement`);
this reads it. A table card logs a tablet in as that table (zapis.web.logins): keep the cards at the tables.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi

WORDS = {
    "title": ("Karty stołów", "Table cards"),
    "table": ("Stół", "Table"),
    "scan": ("Zeskanuj kod tabletem tego stołu", "Scan with this table's tablet"),
    "or": ("albo otwórz", "or open"),
    "code": ("albo otwórz {server} i wpisz kod", "or open {server} and type the code"),
    "board": ("Tablica", "Board"),
    "director": ("Kierownik", "Director"),
    "renewed": ("Nowe loginy: uruchom ponownie zapis serve i wydrukuj nowe karty stołów (zapis tablets --cards).",
                "New logins: start zapis serve again and print new table cards (zapis tablets --cards)."),
}


def word(key: str, lang: str) -> str:
    pl, en = WORDS[key]
    return en if lang == "en" else pl


def announcement_file(db: str | Path) -> Path:
    """Where a server running for `db` writes its addresses and logins (zapis.paths.beside: a PostgreSQL
    database's in the user's data directory)."""
    from zapis.paths import beside

    near = beside(db)
    return near.with_name(near.name + ".serve.json")


def _alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def running_server(db: Path) -> dict[str, Any]:
    """What the server running for `db` announced, or a problem saying none runs."""
    try:
        data = json.loads(announcement_file(db).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("logins"), dict) or not _alive(data.get("pid")):
        raise ZapisError([Problem(str(db), Bi("nie działa dla niej zapis serve: uruchom go najpierw "
                                              "(zapis serve --host 0.0.0.0)",
                                              "no zapis serve runs for it: start one first (zapis serve --host "
                                              "0.0.0.0)"))])
    return data


def logins(data: dict[str, Any], tables: int | None) -> dict[str, Any]:
    """The contract's JSON: {"server", "director", "board", "tables": {"1": URL, ...}}, cut to `tables`."""
    out = data["logins"]
    known = out.get("tables", {})
    if tables is not None:
        numbers = sorted(int(k) for k in known) or [0]
        if not numbers[0] <= tables <= numbers[-1]:
            span = f"{numbers[0]}-{numbers[-1]}"
            raise ZapisError([Problem("--tables", Bi(f"{tables}: ten serwer zna stoły {span} "
                                                     "(zapis serve --tables)",
                                                     f"{tables}: this server knows tables {span} "
                                                     "(zapis serve --tables)"))])
        known = {k: v for k, v in known.items() if int(k) <= tables}
    return {"server": out["server"], "director": out["director"], "board": out["board"], "tables": known}


def evening_tables(db: Path, data: dict[str, Any]) -> int | None:
    """For the cards and the text: the tables the current evening has (its highest table number), within what
    the server knows; None (every table) when the evening has no game yet."""
    from zapis.store import Store
    from zapis.store.roles import BOARD, Role

    try:
        with Store(db, role=Role(BOARD)) as store:
            evening = store.current_evening()
            highest = max((g.table for g in store.games(evening)), default=0) if evening else 0
    except ZapisError:
        return None
    known = max((int(k) for k in (data.get("logins") or {}).get("tables") or {}), default=0)
    return min(highest, known) if highest else None


def qr_svg(data: str, scale: int = 6) -> str:
    """A QR code as inline SVG (no file, nothing fetched), dark on white."""
    import io

    import segno

    buf = io.BytesIO()
    segno.make(data, error="m").save(buf, kind="svg", scale=scale, border=2, xmldecl=False, svgns=True,
                                     dark="#000", light="#fff", omitsize=True)  # a viewBox: scaled, never cut
    return buf.getvalue().decode("utf-8")


def cards_html(urls: dict[str, Any], codes: dict[str, Any] | None, lang: str = "pl") -> str:
    """One A4 page (or more, six cards a page) of table cards: the table's number large, its QR code, its short
    URL and its typed code. Every text is escaped."""
    from zapis.web.logins import spaced

    h = html.escape
    codes = codes or {}
    cards = []
    for n, url in urls["tables"].items():
        code = (codes.get("tables") or {}).get(n)
        typed = (f"<p class='small'>{h(word('code', lang).format(server=urls['server']))} "
                 f"<b class='code'>{h(spaced(code))}</b></p>") if code else ""
        cards.append(f"<section class='card'><div class='no'>{h(word('table', lang))} {h(n)}</div>"
                     f"{qr_svg(url)}<p class='small'>{h(word('scan', lang))}</p>"
                     f"<p class='small'>{h(word('or', lang))} <b class='url'>{h(url)}</b></p>{typed}</section>")
    return ("<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>zapis: {title}</title>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<style>@page{{size:A4;margin:10mm}}body{{font-family:'DejaVu Sans',Arial,sans-serif;margin:0}}"
            ".cards{{display:grid;grid-template-columns:1fr 1fr;gap:6mm}}"
            ".card{{border:1px dashed #888;padding:4mm;text-align:center;break-inside:avoid;height:86mm;"
            "box-sizing:border-box}}.no{{font-size:30pt;font-weight:bold}}.card svg{{width:44mm;height:44mm}}"
            ".small{{font-size:9pt;margin:1mm 0;overflow-wrap:anywhere}}.code{{font-size:14pt;white-space:nowrap}}"
            ".url{{white-space:nowrap;font-family:'DejaVu Sans Mono',monospace;font-size:8pt}}"
            "</style></head><body>"
            "<div class='cards'>{cards}</div></body></html>").format(lang=lang, title=h(word("title", lang)),
                                                                     cards="".join(cards))


def text_lines(urls: dict[str, Any], codes: dict[str, Any] | None, lang: str = "pl") -> list[str]:
    from zapis.web.logins import spaced

    codes = codes or {}
    lines = [f"{word('director', lang)}: {urls['director']}"
             + (f"  {spaced(codes['director'])}" if codes.get("director") else ""),
             f"{word('board', lang)}: {urls['board']}" + (f"  {spaced(codes['board'])}" if codes.get("board") else "")]
    for n, url in urls["tables"].items():
        code = (codes.get("tables") or {}).get(n)
        lines.append(f"{word('table', lang)} {n}: {url}" + (f"  {spaced(code)}" if code else ""))
    return lines


def cmd_tablets(args) -> int:
    from zapis.lang import cli_lang
    from zapis.store.db import default_db_path
    from zapis.lang.text import plain
    from zapis.paths import is_db_address

    db = args.db if is_db_address(args.db) else Path(args.db) if args.db else default_db_path()
    lang = cli_lang(args.lang)
    if getattr(args, "renew", False):  # every card printed so far stops working once the server starts again
        from zapis.web.logins import load_secret
        if is_db_address(db):  # every server of a PostgreSQL database shares the secret kept in it
            from zapis.store import Store

            with Store(db) as store:
                store.login_secret(renew=True)
            print(word("renewed", lang))
            return 0
        if not db.is_file():
            raise ZapisError([Problem(str(db), Bi("nie ma takiej bazy", "no such database"))])
        try:
            load_secret(db, renew=True)
        except OSError as e:
            raise ZapisError([Problem(str(db.parent), e.strerror or str(e))]) from None
        print(word("renewed", lang))
        return 0
    data = running_server(db)
    if args.json:
        print(json.dumps(logins(data, args.tables), ensure_ascii=False))
        return 0
    urls = logins(data, args.tables if args.tables is not None else evening_tables(db, data))
    codes = data.get("codes")
    if args.cards:
        out = Path(args.cards)
        if out.exists() and not args.replace:
            raise ZapisError([Problem(str(out), Bi("już istnieje: podaj inną nazwę albo --replace",
                                                   "exists already: choose another name, or --replace"))])
        try:
            out.write_text(cards_html(urls, codes, lang), encoding="utf-8")
        except OSError as e:
            raise ZapisError([Problem(str(out), e.strerror or str(e))]) from None
        print(plain(str(out)))
        return 0
    for line in text_lines(urls, codes, lang):
        print(plain(line))
    return 0
