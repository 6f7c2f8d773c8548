from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select

from zapis import settings
from zapis.io.export import FORMATS, PAIRS_FORMATS
from zapis.paths import documents_dir
from zapis.lang import t
from zapis.ui.widgets.button import Button


SUFFIX = {"html": ".html", "json": ".json"} | {f: "." + ext for f, ext in PAIRS_FORMATS.items() if ext}


def export_folder() -> Path:
    """Where an export is offered: the folder used last (the settings remember it), else the user's documents
    folder, else the home folder."""
    last = settings.load().get("export_dir")
    if last and Path(last).is_dir():
        return Path(last)
    return documents_dir()


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
            yield Input(name if self.web else str(export_folder() / name), id="path", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    @on(Select.Changed, "#format")
    def _fmt(self, event: Select.Changed) -> None:
        path = self.query_one("#path", Input)
        p = Path(path.value)
        suffix = SUFFIX.get(str(event.value))  # one file: its kind's suffix; several (csv, toml): a folder
        path.value = str(p.with_suffix(suffix) if suffix else p.with_suffix(""))

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted)
    def ok(self) -> None:
        path = self.query_one("#path", Input).value.strip()
        if not self.web and path:  # the folder is offered next time; a served tablet changes nothing on the server
            folder = Path(path).expanduser().absolute().parent
            if folder.is_dir():
                settings.save(export_dir=str(folder))
        self.dismiss((str(self.query_one("#format", Select).value), path))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
