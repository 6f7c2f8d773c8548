"""The season's statistics (zapis.club.statistics): a table per game family (bridge, skat, tysiąc, ..., then all
games), each player's games, wins, average place, best and worst result, hands as declarer and made (where the
family has a declarer) and the longest winning streak.

Reached from the standings screen (`t`): the season is the club's evenings from the first one to the evening
shown, as the ratings screen takes it. Computed from the season's results each time it is shown (Store.season()
takes each game's outcome from the memo): nothing is stored, and another tablet's save is followed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from zapis.club.statistics import HEADERS, Stats, by_family, columns, family_titles, figures, season_statistics
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar


class StatisticsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back")]
    CSS = """
    StatisticsScreen #stats-body { height: 1fr; }
    StatisticsScreen .stats-family { margin-top: 1; padding: 0 1; text-style: bold; }
    StatisticsScreen DataTable { height: auto; width: auto; max-width: 100%; }
    StatisticsScreen .stats-note { height: auto; padding: 0 1; margin-top: 1; color: $text-muted; }
    """

    def __init__(self, date_from: str, date_to: str):
        super().__init__()
        self.date_from, self.date_to = date_from, date_to
        self.stats: dict[str, dict[str, Stats]] = {}

    def compose(self) -> ComposeResult:
        yield Label(id="stats-title")
        yield VerticalScroll(id="stats-body")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stats-body").focus()
        self.refresh_stats()

    def store_changed(self) -> None:
        """Another tablet saved: the statistics follow, rebuilt only when the season's games changed."""
        if self._key() != getattr(self, "_shown", None):
            self.refresh_stats()

    def _key(self) -> tuple:
        store = self.app.store
        evenings = {ev["id"]: tuple(ev) for ev in store.evenings(self.date_from, self.date_to)}
        return (tuple(evenings.values()), tuple((g.id, g.version, tuple(g.players), g.ruleset)
                                                for g in store.games() if g.evening_id in evenings))

    def refresh_stats(self) -> None:
        if not self.is_attached or not self.query("#stats-body"):
            return  # the app is closing
        self._shown = self._key()
        lang = get_lang()
        results = self.app.store.season(self.date_from, self.date_to)
        self.stats = season_statistics(results)
        titles = family_titles(results, lang)
        self.query_one("#stats-title", Label).update(
            plain_text(t("stats_title", start=self.date_from, end=self.date_to), style="bold"))
        body = self.query_one("#stats-body", VerticalScroll)
        body.remove_children()
        widgets: list = []
        for fam, table in by_family(self.stats):
            widgets.append(Label(plain_text(titles.get(fam, fam)), classes="stats-family"))
            dt = DataTable(cursor_type="none", zebra_stripes=True, classes="stats-table")
            dt.can_focus = False
            cols = columns(fam, table)
            dt.add_column(t("st_player"), key="player")
            for c in cols:
                dt.add_column(Text(t(HEADERS[c]), justify="right"), key=c)
            for p, st in table.items():
                dt.add_row(plain_text(p, style="bold"), *(Text(v, justify="right") for v in figures(st, cols, lang)),
                           key=p)
            widgets.append(dt)
        widgets.append(Static(plain_text(t("stats_note") if self.stats else t("stats_none")), classes="stats-note"))
        body.mount_all(widgets)
