"""Which hand to correct, picked by a tap: a tablet's way to an earlier hand. The sheet's rows are one line of text
high, too small a target for a finger; here each hand is a pad's cell (its number), the hand the sheet's cursor is
on (else the last one) already marked."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from zapis.lang import t
from zapis.ui.widgets.button import Button
from zapis.ui.widgets.pad import Cell, Pad


class PickHandDialog(ModalScreen[int | None]):
    """Dismissed with the index of the hand tapped, or None (Anuluj, Esc)."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, count: int, marked: int):
        super().__init__()
        self.count, self.marked = count, marked

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog pick-hand"):
            yield Label(t("pick_hand"), classes="dialog-title")
            pad = Pad([Cell(i, str(i + 1)) for i in range(self.count)], tall=True, allow_none=False, id="hands")
            pad.value = self.marked
            yield pad
            with Horizontal(classes="buttons"):
                yield Button(t("cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#hands", Pad).focus()

    @on(Pad.Changed, "#hands")
    def _picked(self, event: Pad.Changed) -> None:
        if event.complete and event.pad.value is not None:
            self.dismiss(event.pad.value)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
