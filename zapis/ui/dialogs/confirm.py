"""A yes/no question with two large buttons (a finger finds them on a tablet)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from zapis.lang import t
from zapis.ui.widgets.button import Button


class ConfirmDialog(ModalScreen[bool]):
    BINDINGS = [Binding("escape", "no", "cancel"), Binding("y,t", "yes", show=False), Binding("n", "no", show=False)]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None, default: bool = False):
        super().__init__()
        self.question = question
        self.default = default  # what Enter answers (the button with the cursor): "no" unless a yes is the safe one
        self.yes, self.no = (yes or t("yes")).capitalize(), (no or t("no")).capitalize()
        # the cursor on that button from the dialog's first frame: a key typed at once (an Enter of a burst meant
        # for the screen below) never lands on the first button by default
        self.AUTO_FOCUS = "#yes" if default else "#no"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog confirm"):
            yield Label(self.question, markup=False, classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    @on(Button.Pressed, "#yes")
    def action_yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def action_no(self) -> None:
        self.dismiss(False)
