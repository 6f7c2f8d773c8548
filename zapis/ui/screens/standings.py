"""The evening's standings and the settlement (who pays whom), and each game's result.

Laid out to be read at a glance at any width: the ranking has a fixed few columns (place, player, games,
place points, money), the settlement stands beside it when there is room, and each game's result is a line
of its own under them (its places and totals), so no column ever runs off the screen however many games
were played. The whole screen scrolls when a long evening is taller than the terminal."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from zapis.club.evening import (GameResult, game_heading, money_text, number_text, place_text, rank_spans, result_lines,
                           settle, standings)
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar

#: the settlement beside the ranking from this width on (below it on a narrower screen)
SIDE_BY_SIDE = 100


class StandingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("x", "app.export", "export"),
                Binding("r", "ratings", "rt_key"), Binding("t", "statistics", "stats_key")]
    CSS = """
    StandingsScreen #standings-body { height: 1fr; }
    StandingsScreen #standings-top { height: auto; layout: vertical; }
    StandingsScreen.side #standings-top { layout: horizontal; }
    StandingsScreen #standings { height: auto; width: auto; max-width: 100%; }
    StandingsScreen #pays { height: auto; width: 1fr; padding: 0 1; }
    StandingsScreen.side #pays { padding: 0 2; }
    StandingsScreen #game-results { height: auto; padding: 0 1; margin-top: 1; }
    """

    def __init__(self, evening_id: int, board: bool = False):
        super().__init__()
        self.evening_id = evening_id
        self.board = board
        self._results: list[GameResult] = []

    def compose(self) -> ComposeResult:
        yield Label(Text(t("standings"), style="bold"), id="standings-title")
        with VerticalScroll(id="standings-body"):
            with Horizontal(id="standings-top"):
                # no cursor: the screen scrolls as one, and a refresh moves nothing under the reader's eyes
                yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
                yield Static(id="pays")
            yield Static(id="game-results")
        yield KeyBar()

    def on_mount(self) -> None:
        dt = self.query_one("#standings", DataTable)
        dt.can_focus = False
        dt.styles.max_height = None  # as tall as the players: the screen scrolls, not the table
        self.query_one("#standings-body").focus()
        self.refresh_table()
        if self.board:
            self.set_interval(5, self.refresh_table)

    def on_resize(self) -> None:
        self.set_class(self.size.width >= SIDE_BY_SIDE, "side")
        if self._results:
            self._show_games()

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
        lang = get_lang()
        ev = self.app.store.evening(self.evening_id)
        self.query_one("#standings-title", Label).update(
            plain_text(f"{t('standings')} — {ev['date']} {ev['title']}", style="bold"))
        self._results = self.app.store.judged(self.evening_id)  # no sheet needed: from the memo where it holds
        table = standings(self._results)
        dt = self.query_one("#standings", DataTable)
        dt.clear(columns=True)
        dt.add_column("#", key="rank")
        dt.add_column(t("st_player"), key="player")
        dt.add_column(Text(t("games"), justify="right"), key="games")
        dt.add_column(Text(t("place_pts"), justify="right"), key="points")
        dt.add_column(Text("zł", justify="right"), key="money")
        for s, (first, last) in zip(table, rank_spans(table)):
            dt.add_row(place_text(first, last), plain_text(s.player, style="bold"),
                       Text(str(s.games), justify="right"),
                       Text(number_text(s.place_points, lang), justify="right"),
                       Text(money_text(s.money, lang), style="red" if s.money < 0 else "", justify="right"),
                       key=s.player)
        pays = settle({s.player: s.money for s in table})
        self.query_one("#pays", Static).update(plain_text(
            f"{t('settlement')}:\n" + "\n".join(f"{a} → {b}: {money_text(m, lang)}" for a, b, m in pays)
            if pays else ""))
        self._show_games()

    def _season(self) -> tuple[str, str]:
        """The season the ratings and statistics show: the club's evenings from the first one to this evening."""
        evenings = self.app.store.evenings()
        last = self.app.store.evening(self.evening_id)["date"]
        first = evenings[0]["date"] if evenings else last
        return min(first, last), last

    def check_action(self, action: str, parameters) -> bool | None:
        """A table's tablet reads the evening's standings; the season's ratings and statistics are the director's."""
        return self.app.directs or action not in ("ratings", "statistics")

    def action_ratings(self) -> None:
        from zapis.ui.screens.ratings import RatingsScreen

        self.app.push_screen(RatingsScreen(*self._season()))

    def action_statistics(self) -> None:
        from zapis.ui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen(*self._season()))

    def _show_games(self) -> None:
        """Each game's result on lines of its own, wrapped between results, never inside one."""
        width = max(20, self.size.width - 4)
        text = Text()
        if not self._results:
            text.append(t("st_no_games"))
        for r in self._results:
            if text:
                text.append("\n")
            text.append_text(plain_text(game_heading(r, t('table'), get_lang()), style="bold"))
            for line in result_lines(r, width - 2, get_lang()):
                text.append("\n  ")
                text.append_text(plain_text(line))
        self.query_one("#game-results", Static).update(text)

