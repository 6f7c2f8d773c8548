"""The score over time: the game's running totals as a chart, opened from the game screen with Ctrl+G (a graph;
wherever the cursor is) or `w` (wykres; where a letter is not typed into a box).

It shows the sheet the game screen already has and stores nothing. When another tablet saves a hand, the
game screen reads the game again and the chart follows it. Esc (or a tap on Wróć in the footer) goes back.
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from zapis.core.errors import ZapisError
from zapis.core.progress import progress
from zapis.core.sheet import Sheet
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.chart import ProgressChart
from zapis.ui.widgets.keybar import KeyBar


class ChartScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("w,ctrl+g", "app.pop_screen", "back", show=False)]

    DEFAULT_CSS = """
    ChartScreen #chart-title { text-style: bold; padding: 0 1; background: $boost; width: 100%; height: 1;
                               text-wrap: nowrap; text-overflow: ellipsis; }
    ChartScreen #chart-none { padding: 1 2; color: $text-muted; }
    ChartScreen #chart-final { padding: 0 1; color: $text-muted; height: auto; }
    """

    def __init__(self, sheet: Sheet | Callable[[], Sheet], game_id: int | None = None,
                 sides: list[list[str]] | None = None):
        """`sheet`: the sheet to show, or how to read the one the game screen shows now (to follow it).
        `sides`: the partnerships drawn as one line each, else the game's (`game_id`) as its record names them."""
        super().__init__()
        self.read = sheet if callable(sheet) else (lambda: sheet)
        self.sheet = self.read()
        self.game_id = game_id
        self.sides = sides

    def compose(self) -> ComposeResult:
        yield Static(id="chart-title")
        yield Static(t("chart_none"), id="chart-none")
        yield Static(t("chart_final"), id="chart-final")
        yield ProgressChart(x_label=t("chart_hand"), id="chart")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.sides is None and self.game_id is not None:
            try:
                rec, rules, module = self.app.store.record(self.game_id)  # read only: who plays together
                self.sides = module.partnerships(rules, rec.players)
            except ZapisError:
                self.sides = None  # a game that no longer reads: each player a line of their own
        self.show()

    def show(self) -> None:
        sheet = self.sheet
        self.query_one("#chart-title", Static).update(
            plain_text(f"{t('chart_title')} · {say(sheet.title, get_lang())}", style="bold"))  # one line (CSS)
        has_hands = bool(sheet.hands)
        self.query_one("#chart-none").display = not has_hands
        chart = self.query_one(ProgressChart)
        chart.display = has_hands
        p = progress(sheet, self.sides)
        self.query_one("#chart-final").display = p.final
        chart.show(p)

    def store_changed(self) -> None:
        """Another tablet or program wrote: the game screen below has read the game again; show its sheet."""
        sheet = self.read()
        if sheet is not self.sheet:
            self.sheet = sheet
            self.show()
