from __future__ import annotations

from datetime import date

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from zapis.core.errors import ZapisError
from zapis.core.names import name_problems
from zapis.store.db import parse_date
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.button import Button


class NewEveningDialog(ModalScreen[dict | None]):
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(t("new_evening"), classes="dialog-title")
            yield Label(t("date"))
            yield Input(date.today().isoformat(), id="date", compact=True)
            yield Label(t("title"))
            yield Input(id="title", compact=True)
            yield Label(t("place"))
            yield Input(id="place", compact=True)
            yield Label("", id="error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted)
    def ok(self) -> None:
        d = self.query_one("#date", Input).value.strip()
        try:
            d = parse_date(d)
        except ZapisError:
            self.query_one("#error", Label).update(plain_text(f'{t("date")}: "{d[:20]}" — 20.11.2026'))
            return
        title, place = self.query_one("#title", Input).value.strip(), self.query_one("#place", Input).value.strip()
        problems = name_problems(title, t("title")) + name_problems(place, t("place"))  # as every name that enters
        if problems:
            self.query_one("#error", Label).update(plain_text(problems[0].say(get_lang())))
            return
        self.dismiss({"date": d, "title": title, "place": place})

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
