"""The history of one game: every entry, edit and undo, with its time."""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

from zapis.text import plain_text
from zapis.ui.i18n import t

ACTION = {"enter": ("wpisane", "entered"), "edit": ("poprawione", "edited"), "undo": ("cofnięte", "undone")}


class HistoryDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "back")]

    def __init__(self, game_id: int):
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        from zapis.ui.i18n import get_lang
        with Vertical(classes="dialog"):
            yield Label(t("history"), classes="dialog-title")
            table = DataTable(cursor_type="row")
            table.add_columns("#", t("date"), "", t("enter_hand", n="").strip(), "")
            for i, e in enumerate(self.app.store.log(self.game_id)):
                what = ACTION[e.action][0 if get_lang() == "pl" else 1]
                hand = json.dumps(e.hand, ensure_ascii=False) if e.hand else ""
                table.add_row(str(i + 1), e.at[:19], what, str(e.position + 1), plain_text(hand[:90]))
            yield table
