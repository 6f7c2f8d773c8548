"""The evening's standings and the settlement (who pays whom)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Static

from zapis.core.sheet import fmt_number
from zapis.evening import money_text, settle, standings
from zapis.text import plain_text
from zapis.ui.i18n import t


class StandingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("x", "app.export", "export")]

    def __init__(self, evening_id: int, board: bool = False):
        super().__init__()
        self.evening_id = evening_id
        self.board = board

    def compose(self) -> ComposeResult:
        yield Label(Text(t("standings"), style="bold"), id="standings-title")
        yield DataTable(id="standings", cursor_type="row")
        yield Static(id="settlement")
        yield Footer(compact=True, show_command_palette=False)  # every key visible at 80 columns, no English "palette"

    def on_mount(self) -> None:
        self.refresh_table()
        if self.board:
            self.set_interval(5, self.refresh_table)

    def store_changed(self) -> None:
        """Another tablet saved: the standings follow, rebuilt only when this evening's games changed."""
        if self._key() != getattr(self, "_shown", None):
            self.refresh_table()

    def _key(self) -> tuple:
        ev = self.app.store.evening(self.evening_id)
        return (tuple(ev), tuple((g.id, g.version, g.stake, tuple(g.players), g.title)
                                 for g in self.app.store.games(self.evening_id)))

    def refresh_table(self) -> None:
        if not self.is_attached or not self.query("#standings"):
            return  # the app is closing
        self._shown = self._key()
        ev = self.app.store.evening(self.evening_id)
        self.query_one("#standings-title", Label).update(
            plain_text(f"{t('standings')} — {ev['date']} {ev['title']}", style="bold"))
        results = self.app.store.results(self.evening_id)
        table = standings(results)
        dt = self.query_one("#standings", DataTable)
        row = dt.cursor_row  # where the reader was: a refresh keeps it
        dt.clear(columns=True)
        ids = [r.key.rsplit("(#", 1)[-1].rstrip(")") for r in results]
        dt.add_columns("#", t("players"), t("games"), t("place_pts"), "zł", *[f"#{i}" for i in ids])
        for s in table:
            cells = [f"{fmt_number(s.results[r.key]['total'])} ({fmt_number(s.results[r.key]['place'])}.)"
                     if r.key in s.results else "" for r in results]
            money = Text(money_text(s.money), style="red" if s.money < 0 else "")
            dt.add_row(str(s.rank), plain_text(s.player, style="bold"), str(s.games), fmt_number(s.place_points),
                       money, *cells)
        if 0 < row < dt.row_count:
            dt.move_cursor(row=row, animate=False)
        pays = settle({s.player: s.money for s in table})
        lines = [f"{a} → {b}: {money_text(m)}" for a, b, m in pays]
        legend = "  ".join(f"#{i} = {r.key.rsplit(' (#', 1)[0]}" for i, r in zip(ids, results))
        self.query_one("#settlement", Static).update(plain_text(
            (f"{t('settlement')}:\n" + "\n".join(lines) + "\n" if lines else "") + legend))
