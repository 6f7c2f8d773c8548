"""The read-only board for a TV: it cycles through the tables' sheets and the standings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Label

from zapis.evening import number_text, place_text, rank_spans, standings
from zapis.core.words import say
from zapis.text import plain_text
from zapis.ui.i18n import get_lang, t
from zapis.ui.widgets.sheet_view import SheetView


class BoardScreen(Screen):
    BINDINGS = []

    def compose(self) -> ComposeResult:
        yield Label("", id="board-title")
        yield SheetView(id="board-sheet")
        yield DataTable(id="board-standings")

    def on_mount(self) -> None:
        self.step = 0
        self.show()
        self.set_interval(10, self.advance)

    def store_changed(self) -> None:
        self.show()

    def advance(self) -> None:
        self.step += 1
        self.show()

    def show(self) -> None:
        store = self.app.store
        evs = store.evenings()
        title = self.query_one("#board-title", Label)
        sheet_view = self.query_one(SheetView)
        table = self.query_one("#board-standings", DataTable)
        if not evs:
            title.update(t("no_evening"))
            return
        eid = evs[-1]["id"]
        games = store.games(eid)
        pages = len(games) + 1
        page = self.step % pages
        if page == len(games):
            sheet_view.display, table.display = False, True
            title.update(Text(f"{t('board')} — {t('standings')}", style="bold"))
            table.clear(columns=True)
            table.add_columns("#", t("players"), t("place_pts"))
            ranking = standings(store.judged(eid))
            for s, (first, last) in zip(ranking, rank_spans(ranking)):
                table.add_row(place_text(first, last), plain_text(s.player), number_text(s.place_points, get_lang()))
        else:
            g = games[page]
            sheet_view.display, table.display = True, False
            title.update(plain_text(f"{t('board')} — {t('table')} {g.table}: {say(g.title, get_lang())}", style="bold"))
            sheet_view.show(store.sheet(g.id))
