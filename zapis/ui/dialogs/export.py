from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from zapis.export import FORMATS
from zapis.ui.i18n import t


class ExportDialog(ModalScreen[tuple[str, str] | None]):
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, evening_id: int, web: bool = False):
        super().__init__()
        self.evening_id = evening_id
        self.web = web  # served: the browser downloads a file; no path on the server is named or asked for

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(t("export"), classes="dialog-title")
            yield Label(t("format"))
            yield Select([(f, f) for f in FORMATS], value="html", id="format", allow_blank=False, compact=True)
            yield Label(t("file"))
            name = f"wieczor-{self.evening_id}.html"
            yield Input(name if self.web else str(Path.cwd() / name), id="path", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    @on(Select.Changed, "#format")
    def _fmt(self, event: Select.Changed) -> None:
        path = self.query_one("#path", Input)
        p = Path(path.value)
        path.value = str(p.with_suffix("." + str(event.value)) if event.value in ("html", "json") else p.with_suffix(""))

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted)
    def ok(self) -> None:
        self.dismiss((str(self.query_one("#format", Select).value), self.query_one("#path", Input).value.strip()))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
