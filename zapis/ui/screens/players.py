from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from zapis.core.errors import ZapisError
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.options import MarkedOptionList


class PlayersScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("enter", "rename", "rename")]

    def compose(self) -> ComposeResult:
        yield Label(t("players"), classes="dialog-title")
        self.names = self.app.store.players()
        yield MarkedOptionList(*self._options(), id="players")
        yield Input(placeholder=t("new_name"), id="new-name", compact=True)
        yield Label("", id="error", classes="error-text")
        yield KeyBar()

    def _options(self) -> list[Option]:
        """Names as plain text: a name is never markup (and its option is found by position, not text)."""
        return [Option(plain_text(n)) for n in self.names]

    @on(OptionList.OptionSelected)
    def action_rename(self) -> None:
        self.query_one("#new-name", Input).focus()

    @on(Input.Submitted, "#new-name")
    def _rename(self, event: Input.Submitted) -> None:
        ol = self.query_one("#players", OptionList)
        if ol.highlighted is None:
            return
        old = self.names[ol.highlighted]
        try:
            self.app.store.rename_player(old, event.value)
        except ZapisError as e:  # one line naming the field as the screen names it (its label)
            p = e.problems[0]
            where = t("new_name") if p.place == "name" else p.place
            self.query_one("#error", Label).update(plain_text(f"{where}: {say(p.message, get_lang())}" if where
                                                              else say(p.message, get_lang())))
            return
        self.names = self.app.store.players()
        ol.clear_options()
        ol.add_options(self._options())
        event.input.value = ""
        self.query_one("#error", Label).update("")
