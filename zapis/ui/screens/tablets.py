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
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from zapis.ui.i18n import t
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
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("t", "app.pop_screen", "back", show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="tablets-text")
            yield Static(id="tablets-qr")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.set_interval(2, self.show)  # the server may start or stop while this is open

    def show(self) -> None:
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
            if data.get("code"):
                text.append(f"{t('tablets_code')}: ")
                text.append(str(data["code"]), style="bold reverse")
                text.append("\n")
            text.append(f"{t('board')}: {data['urls'][0]}board\n")
            text.append(t("tablets_scan"))
            qr.update(qr_text(data["entry"][0]))
        self.query_one("#tablets-text", Static).update(text)
