"""Tablets: the addresses `zapis serve` answers on and a QR code a tablet scans to come in.

The server writes them, readable by this user only, beside the database while it runs; this screen
reads them. It is the director's: a served session never opens it (it would only show the tablet its
own way in, but it has no business on the server's addresses).
"""

from __future__ import annotations

import json

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from zapis.lang import t
from zapis.ui.widgets.keybar import KeyBar


def qr_text(data: str) -> Text:
    """A QR code drawn with half blocks, dark modules on a light ground whatever the theme."""
    import segno

    rows = [list(r) for r in segno.make(data, error="m").matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    lines = ["".join(" ▀▄█"[(a and 1) + (b and 2)] for a, b in zip(top, bottom))
             for top, bottom in zip(rows[::2], rows[1::2])]
    return Text("\n".join(lines), style="black on white", no_wrap=True, end="")


def read_announcement(db_path) -> dict | None:
    path = db_path.with_name(db_path.name + ".serve.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("urls") else None


class TabletsScreen(Screen):
    """The addresses, then one table's login at a time (its QR code and its typed code; ←/→ another table), and
    the table cards to print (c). Each table's login logs a tablet in as that table only (zapis.web.logins)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("t", "app.pop_screen", "back", show=False),
                Binding("left", "table(-1)", "table_key"), Binding("right", "table(1)", "table_key", show=False),
                Binding("c", "cards", "tablets_cards_key"), Binding("g", "games", "tablets_games_key")]

    def __init__(self) -> None:
        super().__init__()
        self.table = 1

    def compose(self) -> ComposeResult:
        with VerticalScroll(), Horizontal(id="tablets-body"):  # the QR code beside the words: whole at 80x24
            yield Static(id="tablets-text")
            yield Static(id="tablets-qr")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.set_interval(2, self.show)  # the server may start or stop while this is open

    def action_table(self, step: int) -> None:
        data = read_announcement(self.app.store.path)
        tables = len(((data or {}).get("logins") or {}).get("tables") or {}) or 1
        self.table = (self.table - 1 + step) % tables + 1
        self.show()

    def action_games(self) -> None:
        """Whether a table's tablet may start the next game at its table (the director's setting)."""
        store = self.app.store
        store.set_setting("tables_start_games", not store.tables_start_games())
        self.show()

    def action_cards(self) -> None:
        """The table cards (A4 HTML) written beside the other exports, never over a file unasked."""
        from zapis.web.tablets import cards_html
        from zapis.lang import get_lang

        data = read_announcement(self.app.store.path)
        if not data or not data.get("logins"):
            self.app.bell()
            return
        from zapis.ui.dialogs.export import export_folder
        name = "karty-stolow.html" if get_lang() == "pl" else "table-cards.html"
        self.app._write_export("html", str(export_folder() / name),
                               files={name: cards_html(data["logins"], data.get("codes"), get_lang())})

    def show(self) -> None:
        from zapis.web.logins import spaced

        data = read_announcement(self.app.store.path)
        text = Text()
        text.append(t("tablets") + "\n", style="bold")
        qr = self.query_one("#tablets-qr", Static)
        if data is None:
            text.append(t("tablets_none"))
            qr.update("")
        else:
            text.append(t("tablets_urls") + "\n")
            for url in data["urls"]:
                text.append(f"  {url}\n", style="bold")
            logins = data.get("logins") or {}
            codes = data.get("codes") or {}
            if data.get("code"):
                text.append(f"{t('tablets_director')}: {logins.get('director', '')}  {t('tablets_code')}: ")
                text.append(spaced(str(data["code"])), style="bold reverse")
                text.append("\n")
            text.append(f"{t('board')}: {logins.get('board') or data['urls'][0] + 'board'}\n")
            text.append(t("tablets_games_yes" if self.app.store.tables_start_games() else "tablets_games_no") + "\n")
            tables = logins.get("tables") or {}
            url = tables.get(str(self.table))
            if url:
                code = (codes.get("tables") or {}).get(str(self.table))
                text.append((t("tablets_table", n=self.table, code=spaced(code)) if code else
                             t("tablets_table_scan", n=self.table)) + "\n", style="bold")
                text.append(f"  {url}\n")
                qr.update(qr_text(url))
            else:
                qr.update("")
        self.query_one("#tablets-text", Static).update(text)
