"""The read-only board for a TV: it cycles through the tables' sheets and the standings; a duplicate pairs
session's ranking comes every other page (and stays when the session is the evening's only game)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Label

from zapis.club.evening import number_text, place_text, rank_spans, standings
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.sheet_view import SheetView

PAIRS_MODULE = "bridge-pairs"


def cycle(sessions: int, others: int) -> list[tuple[str, int]]:
    """The board's pages in their order: ("pairs", i) is session i's ranking, ("other", j) the j-th other page.

    The ranking is what the players look at between rounds: it comes every other page, so it is never more than
    one page away; with nothing else to show it stays."""
    if not sessions:
        return [("other", j) for j in range(others)]
    if not others:
        return [("pairs", i) for i in range(sessions)]
    out: list[tuple[str, int]] = []
    for j in range(others):
        out += [("pairs", j % sessions), ("other", j)]
    return out


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
        sessions = [g for g in games if g.module == PAIRS_MODULE]
        others = [g for g in games if g.module != PAIRS_MODULE]  # a session's long per-board sheet: not cycled
        # the players' standings of an evening of pairs sessions only would repeat the ranking: left out
        pages = cycle(len(sessions), len(others) + (1 if others or not sessions else 0))
        kind, index = pages[self.step % len(pages)]
        if kind == "pairs":
            self.show_pairs(sessions[index], title, sheet_view, table)
        elif index == len(others):
            sheet_view.display, table.display = False, True
            title.update(Text(f"{t('board')} — {t('standings')}", style="bold"))
            table.clear(columns=True)
            table.add_columns("#", t("players"), t("place_pts"))
            ranking = standings(store.judged(eid))
            for s, (first, last) in zip(ranking, rank_spans(ranking)):
                table.add_row(place_text(first, last), plain_text(s.player), number_text(s.place_points, get_lang()))
        else:
            g = others[index]
            sheet_view.display, table.display = True, False
            title.update(plain_text(f"{t('board')} — {t('table')} {g.table}: {say(g.title, get_lang())}", style="bold"))
            sheet_view.show(store.sheet(g.id))

    def show_pairs(self, game, title: Label, sheet_view: SheetView, table: DataTable) -> None:
        """A pairs session's ranking: its title and how many results are in, then place, pair, the two names,
        total and % (matchpoints). Names are plain text: markup in them is shown, never obeyed."""
        from zapis.web.board import pairs_page

        scored = self.app.store.scored(game.id)  # remembered while the session's version holds
        page = pairs_page(game, scored.sheet, scored.rules, get_lang())
        sheet_view.display, table.display = False, True
        heading = plain_text(f"{t('board')} — {page['title']}", style="bold")
        heading.append(plain_text(f"   {page['method_text']} · {page['count']}"))
        title.update(heading)
        table.clear(columns=True)
        columns = ["#", t("board_pair"), t("board_pair_players"), page["unit"]] + (["%"] if page["percent"] else [])
        table.add_columns(*columns)
        for r in page["ranking"]:
            style = "bold" if r["first"] else ""
            cells = [plain_text(r["place"], style=style, justify="right"),
                     plain_text(r["pair"], style=style, justify="right"),
                     plain_text(" – ".join(r["players"]), style=style),
                     plain_text(r["total"], style=(style + " red").strip() if r["negative"] else style, justify="right")]
            if page["percent"]:
                cells.append(plain_text(r["percent"], style=style, justify="right"))
            table.add_row(*cells)
