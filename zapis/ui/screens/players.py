from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList

from zapis.core.errors import ZapisError
from zapis.ui.i18n import t


class PlayersScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("enter", "rename", "rename")]

    def compose(self) -> ComposeResult:
        yield Label(t("players"), classes="dialog-title")
        yield OptionList(*self.app.store.players(), id="players")
        yield Input(placeholder=t("new_name"), id="new-name", compact=True)
        yield Label("", id="error", classes="error-text")
        yield Footer()

    @on(OptionList.OptionSelected)
    def action_rename(self) -> None:
        self.query_one("#new-name", Input).focus()

    @on(Input.Submitted, "#new-name")
    def _rename(self, event: Input.Submitted) -> None:
        ol = self.query_one("#players", OptionList)
        if ol.highlighted is None:
            return
        old = str(ol.get_option_at_index(ol.highlighted).prompt)
        try:
            self.app.store.rename_player(old, event.value)
        except ZapisError as e:
            self.query_one("#error", Label).update("\n".join(str(p) for p in e.problems))
            return
        ol.clear_options()
        ol.add_options(self.app.store.players())
        event.input.value = ""
        self.query_one("#error", Label).update("")
