"""A skat tournament from the evening: the draw of the players to tables of 4 and 3 for each series (the same
as `zapis skat draw`), the games of series 1 made at those tables with the tournament list, and the evening's
tournament ranking (the same as `zapis skat ranking`): Seeger-Fabian results summed, with the lost-game fees.
A prize tournament (Preisskat) is made here too (zapis.ui.widgets.prize_form), kept with the evening: its teams
and tandems seated apart by the draw, the ranking with each player's money, the prize list and the teams' and
tandems' rankings, and the prize list printed (A4 HTML) as `zapis skat ranking --html` writes it."""

from __future__ import annotations

from datetime import date

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from zapis.io import records
from zapis.club import skat_tournament as st
from zapis.core.errors import ZapisError
from zapis.club.evening import money_text, place_text
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.button import Button
from zapis.ui.widgets.prize_form import PrizeForm, Refused

#: the ruleset the games of series 1 are made with
RULESET = "skat-tournament"


def split_names(text: str) -> list[str]:
    """Names typed in one field, separated by commas; blanks dropped."""
    return [n.strip() for n in text.replace("\n", ",").split(",") if n.strip()]


class SkatDrawScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("ctrl+d", "draw", "sk_draw")]
    CSS = """
    SkatDrawScreen #sk-body { height: 1fr; padding: 0 1; }
    SkatDrawScreen Input { margin-bottom: 0; }
    SkatDrawScreen .sk-short { width: 30; }
    SkatDrawScreen #sk-draw, SkatDrawScreen #sk-ranking { height: auto; margin-top: 1; }
    """

    def __init__(self, evening_id: int | None = None):
        super().__init__()
        self.evening_id = evening_id
        self.drawn: list[list[list[str]]] | None = None

    def compose(self) -> ComposeResult:
        yield Label(Text(t("sk_title"), style="bold"), id="sk-title")
        with VerticalScroll(id="sk-body"):
            yield Label(t("sk_players"))
            yield Input(self._evening_players(), id="sk-players", compact=True)
            yield Label(t("sk_series_count"))
            yield Input("1", id="sk-series", compact=True, classes="sk-short")
            yield Label(t("sk_seed"))
            yield Input("", id="sk-seed", compact=True, classes="sk-short")
            yield Label("", id="sk-error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("sk_draw"), id="sk-do-draw", variant="primary")
                yield Button(t("sk_by_ranking"), id="sk-by-ranking")
                yield Button(t("sk_create"), id="sk-create", disabled=True)
            yield Static(id="sk-draw")
            yield PrizeForm(id="sk-prizes")
            yield Label("", id="sk-prize-error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("sk_save_prizes"), id="sk-save-prizes")
                yield Button(t("sk_print_prizes"), id="sk-print-prizes")
            yield Static(id="sk-ranking")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#sk-players", Input).focus()
        self.query_one(PrizeForm).fill(self.store.skat_tournament(self.evening_id) if self.evening_id else None)
        self.refresh_ranking()

    @property
    def store(self):
        return self.app.store

    def _evening_players(self) -> str:
        """The evening's players (of every game, in the order met), as the field's first text."""
        seen: list[str] = []
        if self.evening_id:
            for g in self.app.store.games(self.evening_id):
                seen += [p for p in g.players if p not in seen]
        return ", ".join(seen)

    # --- the draw -------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.query_one("#sk-error", Label).update(plain_text(text))

    @on(Button.Pressed, "#sk-do-draw")
    @on(Input.Submitted, "#sk-players, #sk-series, #sk-seed")
    def action_draw(self) -> None:
        players = split_names(self.query_one("#sk-players", Input).value)
        try:  # the teams and tandems typed (saved or not) sit apart: a mistake in the form is said first
            kept = self.query_one(PrizeForm).data(None) or {}
        except Refused as no:
            self._fail(no.line)
            self.query_one(f"#{no.field}").focus()
            return
        apart = [list(v) for key in ("teams", "tandems") for v in kept.get(key, {}).values()]
        text = self.query_one("#sk-series", Input).value.strip()
        seed = self.query_one("#sk-seed", Input).value.strip() or None
        try:
            series = int(text)
        except ValueError:
            self._fail(f"{t('sk_series_count')}: {text[:20]!r}")
            return
        try:
            self.drawn = st.draw(players, series, seed, apart)
        except ZapisError as e:
            self._fail("\n".join(e.lines(get_lang())))
            return
        self._show(self.drawn, t("sk_create"))

    @on(Button.Pressed, "#sk-by-ranking")
    def action_by_ranking(self) -> None:
        """The next series seated by the evening's ranking so far: the best four at table 1, and so on."""
        ranked = [r.player for r in st.ranking(st.evening_lists(self.store, self.evening_id))] \
            if self.evening_id else []
        if not ranked:
            self._fail(t("sk_no_lists"))
            return
        try:
            self.drawn = [st.seat_by_ranking(ranked)]
        except ZapisError as e:
            self._fail("\n".join(e.lines(get_lang())))
            return
        self._show(self.drawn, t("sk_create_ranked"), t("sk_series_ranked"))

    def _show(self, drawn: list[list[list[str]]], create: str, heading: str | None = None) -> None:
        self._say("")
        self.query_one("#sk-draw", Static).update(self._draw_text(drawn, heading))
        button = self.query_one("#sk-create", Button)
        button.label, button.disabled = create, False

    def _fail(self, text: str) -> None:
        self.drawn = None
        self._say(text)
        self.query_one("#sk-draw", Static).update("")
        self.query_one("#sk-create", Button).disabled = True

    @staticmethod
    def _draw_text(drawn: list[list[list[str]]], heading: str | None = None) -> Text:
        out = Text()
        for k, tables in enumerate(drawn, 1):
            if out:
                out.append("\n")
            out.append_text(plain_text(heading or t("sk_series", n=k), style="bold"))
            for j, players in enumerate(tables, 1):
                out.append("\n  ")
                out.append_text(plain_text(f"{t('sk_table', n=j, size=len(players))}: {', '.join(players)}"))
        return out

    @on(Button.Pressed, "#sk-create")
    def create_games(self) -> None:
        """The games of the first series shown (series 1 of a draw, or the series seated by the ranking), one a
        table, with the tournament list; the table numbers after the evening's."""
        if not self.drawn:
            return
        if not self.evening_id:
            self.evening_id = self.store.new_evening(date.today().isoformat())
            self.app.evening_id = self.evening_id
        first = max((g.table for g in self.store.games(self.evening_id)), default=0)
        made = 0
        try:
            for j, players in enumerate(self.drawn[0], 1):
                rec, rules, module = records.parse({"format": "zapis/1", "ruleset": RULESET, "players": players})
                self.store.new_game(self.evening_id, first + j, rec, rules, module, 0)
                made += 1
        except ZapisError as e:
            self._say("\n".join(e.lines(get_lang())))
            return
        self.query_one("#sk-create", Button).disabled = True
        self._say("")
        self.app.notify(plain_text(t("sk_created", n=made)).plain, markup=False)
        self.refresh_ranking()

    # --- the prize tournament -------------------------------------------------------------------------
    @on(Button.Pressed, "#sk-save-prizes")
    @on(Input.Submitted, "PrizeForm Input")
    def save_prizes(self) -> None:
        """The prize tournament typed, checked against the players typed above, kept with the evening (made now
        when there is none); every field empty: no more prize tournament."""
        form, say = self.query_one(PrizeForm), self.query_one("#sk-prize-error", Label)
        try:
            data = form.data(split_names(self.query_one("#sk-players", Input).value))
        except Refused as no:
            say.update(plain_text(no.line))
            self.query_one(f"#{no.field}").focus()
            return
        say.update("")
        if not self.evening_id:
            if data is None:
                return
            self.evening_id = self.store.new_evening(date.today().isoformat())
            self.app.evening_id = self.evening_id
        try:
            self.store.set_skat_tournament(self.evening_id, data)
        except ZapisError as e:
            say.update(plain_text("\n".join(e.lines(get_lang()))))
            return
        self.app.notify(t("sk_prizes_saved" if data else "sk_prizes_removed"), markup=False)
        self.refresh_ranking()

    def _prize_tournament(self):
        """The evening's kept prize tournament, its ranking and money: (rows, money, teams, tandems), or None."""
        from zapis.club import preisskat as pk

        kept = self.store.skat_tournament(self.evening_id) if self.evening_id else None
        if kept is None:
            return None
        tournament = pk.parse(kept)
        rows = st.ranking(st.evening_lists(self.store, self.evening_id))
        return (rows, pk.settle(rows, tournament), pk.group_ranking(rows, tournament.teams),
                pk.group_ranking(rows, tournament.tandems))

    @on(Button.Pressed, "#sk-print-prizes")
    def print_prizes(self) -> None:
        """The prize list on A4 (HTML) beside the other exports (never over a file unasked); served: a download."""
        import io

        from zapis.io.export.prizes import prize_list_html

        try:
            found = self._prize_tournament()
        except ZapisError as e:
            self.query_one("#sk-prize-error", Label).update(plain_text("\n".join(e.lines(get_lang()))))
            return
        if found is None:
            self.query_one("#sk-prize-error", Label).update(t("sk_prizes_first"))
            return
        ev = self.store.evening(self.evening_id)
        title = f"{t('sk_prize_list')} — {ev['date']} {ev['title']}".rstrip()
        name = f"{'nagrody' if get_lang() == 'pl' else 'prizes'}-{ev['date']}.html"
        page = prize_list_html(title, *found, get_lang())
        if self.app.is_web:
            self.app.deliver_text(io.StringIO(page), save_filename=name, encoding="utf-8")
            self.app.notify(t("downloaded", name=name), markup=False)
            return
        from zapis.ui.dialogs.export import export_folder
        self.app._write_export("html", str(export_folder() / name), files={name: page})

    # --- the ranking ----------------------------------------------------------------------------------
    def store_changed(self) -> None:
        self.refresh_ranking()

    def refresh_ranking(self) -> None:
        if not self.is_attached or not self.query("#sk-ranking"):
            return
        box = self.query_one("#sk-ranking", Static)
        lang = get_lang()
        head = plain_text(t("sk_ranking"), style="bold")
        try:
            prized = self._prize_tournament()
            rows = prized[0] if prized else \
                st.ranking(st.evening_lists(self.store, self.evening_id)) if self.evening_id else []
        except ZapisError as e:
            box.update(Text.assemble(head, "\n", plain_text("\n".join(e.lines(lang)))))
            return
        if not rows:
            box.update(Text.assemble(head, "\n", plain_text(t("sk_no_lists"))))
            return
        if prized is not None:
            from rich.console import Group

            from zapis.io.prize_render import prize_group
            box.update(Group(head, prize_group(*prized, lang)))
            return
        grid = Table("#", t("st_player"), *(t(k) for k in ("sk_result", "sk_won", "sk_lost", "sk_fees", "sk_net")),
                     title=head, title_justify="left", box=None, padding=(0, 1))
        for col in grid.columns[2:]:
            col.justify = "right"
        for r in rows:
            last = r.place + sum(1 for q in rows if q.place == r.place) - 1
            grid.add_row(place_text(r.place, last), plain_text(r.player), str(r.result), str(r.won), str(r.lost),
                         money_text(r.fees, lang), Text(money_text(r.net, lang), style="red" if r.net < 0 else ""))
        grid.caption = t("sk_fees_note")
        grid.caption_justify = "left"
        box.update(grid)
