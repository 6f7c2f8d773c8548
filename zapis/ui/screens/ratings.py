"""The season's ratings (zapis.club.ratings): each player's rating, its change over the season and the games rated,
best first; `f` goes through the game families (all games, bridge, skat, ...: only those played) and back.

Reached from the standings screen (`r`): the season is the club's evenings from the first one to the evening
shown. Computed from the season's results each time it is shown (Store.season() takes each game's outcome from
the memo): nothing is stored, and another tablet's save is followed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from zapis.core.words import say
from zapis.club.ratings import SeasonRatings, rating_text, season_ratings
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar


class RatingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("f", "next_family", "rt_next")]
    CSS = """
    RatingsScreen #ratings-body { height: 1fr; }
    RatingsScreen #ratings { height: auto; width: auto; max-width: 100%; }
    RatingsScreen #ratings-note { height: auto; padding: 0 1; margin-top: 1; color: $text-muted; }
    """

    def __init__(self, date_from: str, date_to: str):
        super().__init__()
        self.date_from, self.date_to = date_from, date_to
        self.pool = ""  # "": every game of the season; else a family (zapis.club.statistics.family_of)
        self.rated: SeasonRatings | None = None

    def compose(self) -> ComposeResult:
        yield Label(id="ratings-title")
        with VerticalScroll(id="ratings-body"):
            yield DataTable(id="ratings", cursor_type="none", zebra_stripes=True)
            yield Static(id="ratings-note")
        yield KeyBar()

    def on_mount(self) -> None:
        dt = self.query_one("#ratings", DataTable)
        dt.can_focus = False
        dt.styles.max_height = None  # as tall as the players: the screen scrolls, not the table
        self.query_one("#ratings-body").focus()
        self.refresh_ratings()

    def store_changed(self) -> None:
        self.refresh_ratings()

    def refresh_ratings(self) -> None:
        if not self.is_attached or not self.query("#ratings"):
            return  # the app is closing
        self.rated = season_ratings(self.app.store.season(self.date_from, self.date_to))
        if self.pool and self.pool not in self.rated.families:
            self.pool = ""
        self.show()

    def action_next_family(self) -> None:
        """All games, then each family played, then all games again."""
        if self.rated is None:
            return
        pools = ["", *self.rated.families]
        self.pool = pools[(pools.index(self.pool) + 1) % len(pools)] if self.pool in pools else ""
        self.show()

    def show(self) -> None:
        rated = self.rated
        assert rated is not None
        rows = rated.families.get(self.pool, []) if self.pool else rated.players
        pool = say(rated.titles.get(self.pool, self.pool), get_lang()) if self.pool else t("rt_pool")
        self.query_one("#ratings-title", Label).update(
            plain_text(f"{t('rt_title', start=self.date_from, end=self.date_to)} · {pool}", style="bold"))
        dt = self.query_one("#ratings", DataTable)
        dt.clear(columns=True)
        dt.add_column("#", key="rank")
        dt.add_column(t("st_player"), key="player")
        dt.add_column(Text(t("rt_rating"), justify="right"), key="rating")
        dt.add_column(Text(t("rt_change"), justify="right"), key="change")
        dt.add_column(Text(t("games"), justify="right"), key="games")
        for i, r in enumerate(rows, 1):
            change = rating_text(r.change, signed=True)
            dt.add_row(f"{i}.", plain_text(r.player, style="bold"),
                       Text(rating_text(r.rating), justify="right"),
                       Text(change, justify="right", style="red" if change.startswith("-") else
                            "green" if change.startswith("+") else ""),
                       Text(str(r.games), justify="right"), key=r.player)
        note = t("rt_note", rated=rated.rated, skipped=rated.skipped)
        self.query_one("#ratings-note", Static).update(plain_text(note if rows else f"{t('rt_none')}\n{note}"))
