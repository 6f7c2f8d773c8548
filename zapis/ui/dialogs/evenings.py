"""Another evening: every evening of the club, the newest first, found by typing part of its date, title or place
(a club with years of evenings scrolls through none of them). Built when asked for, never at start-up."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from zapis.lang.text import evening_label, plain_text
from zapis.lang import t
from zapis.ui.widgets.options import MarkedOptionList, row_option
from zapis.ui.widgets.button import Button


class EveningsDialog(ModalScreen[int | None]):
    """Dismissed with the chosen evening's id, or None (Esc, Cancel)."""

    tall = False  # the list's rows three lines high (a tablet): set when composed
    BINDINGS = [Binding("escape", "cancel", "cancel"),
                Binding("down", "move(1)", show=False), Binding("up", "move(-1)", show=False),
                Binding("pagedown", "move(10)", show=False), Binding("pageup", "move(-10)", show=False)]

    def __init__(self, current: int | None = None):
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        self.tall = self.app.touch  # a tablet: rows of a finger's size
        rows = self.app.store.evenings()
        # newest first; the words searched are the label's, lower-cased once
        self.all = [(r["id"], label, label.lower()) for r in reversed(rows) for label in (evening_label(r),)]
        with Vertical(classes="dialog evenings"):
            yield Label(t("evening_choose"), classes="dialog-title")
            yield Input(placeholder=t("evening_search"), id="evening-search", compact=not self.app.touch)
            yield MarkedOptionList(*self._options(""), id="evening-list")
            with Horizontal(classes="buttons"):
                yield Button(t("cancel"), id="cancel")

    def on_mount(self) -> None:
        ol = self.query_one("#evening-list", OptionList)
        if self.current is not None:
            try:
                ol.highlighted = ol.get_option_index(str(self.current))
            except Exception:  # noqa: BLE001 - an evening since removed: the newest is highlighted
                ol.highlighted = 0 if ol.option_count else None
        self.query_one("#evening-search", Input).focus()

    def _options(self, text: str) -> list[Option]:
        """The evenings holding every word typed (in any order), the newest first."""
        words = text.lower().split()
        return [row_option(plain_text(label), str(eid), self.tall) for eid, label, low in self.all
                if all(w in low for w in words)]

    @on(Input.Changed, "#evening-search")
    def _search(self, event: Input.Changed) -> None:
        ol = self.query_one("#evening-list", OptionList)
        ol.clear_options()
        ol.add_options(self._options(event.value))
        ol.highlighted = 0 if ol.option_count else None

    def action_move(self, step: int) -> None:
        """Up and down (and the page keys) move through the list while the search box has the cursor."""
        ol = self.query_one("#evening-list", OptionList)
        if ol.option_count:
            at = ol.highlighted if ol.highlighted is not None else -step
            ol.highlighted = max(0, min(ol.option_count - 1, at + step))

    @on(Input.Submitted, "#evening-search")
    def _search_done(self) -> None:
        """Enter takes the evening highlighted (the best match once something is typed)."""
        ol = self.query_one("#evening-list", OptionList)
        if ol.highlighted is not None:
            self.dismiss(int(ol.get_option_at_index(ol.highlighted).id))

    @on(OptionList.OptionSelected, "#evening-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
