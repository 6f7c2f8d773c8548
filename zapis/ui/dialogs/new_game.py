"""A new game: a ruleset from a searchable list, players from the registry with completion, seats
in order (the first deals first), the table and the stake."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from zapis.club.evening import number_text
from zapis.io import records, rulesets
from zapis.core.errors import ZapisError
from zapis.core.module import get_module
from zapis.core.words import raw, say
from zapis.store.db import check_stake, check_table_number
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.dialog_input import HoldingInput, release
from zapis.ui.widgets.options import MarkedOptionList, row_option
from zapis.ui.widgets.button import Button

SEATS_BRIDGE = ("N", "E", "S", "W")


@dataclass
class NewGame:
    record: records.GameRecord
    rules: Any
    module: Any
    table: int
    stake: float


def _said(p) -> str:
    """A problem in the UI's language, placed at the field the dialog shows: players[2] is the third seat's player,
    pairs.3 (or pairs.3[0], one of its names) the third seat's pair."""
    place = p.place
    if m := re.fullmatch(r"players\[(\d+)\]", place):
        place = f"{t('st_player')} {int(m[1]) + 1}"
    elif m := re.fullmatch(r"pairs\.(\d+)(\[\d+\])?", place):
        place = f"{t('board_pair')} {m[1]}"
    message = say(p.message, get_lang())
    return f"{place}: {message}" if place else message


class NewGameDialog(ModalScreen[NewGame | None]):
    tall = False  # the list's rows three lines high (a tablet): set when composed
    BINDINGS = [Binding("escape", "cancel", "cancel"), Binding("ctrl+s", "ok", "save")]

    held: list | None = None  # keys typed behind an Enter not yet read (HoldingInput)

    def __init__(self, evening_id: int, table: int | None = None):
        super().__init__()
        self.evening_id = evening_id
        self.table = table  # a table's tablet starts that table's next game
        self.all = rulesets.list_rulesets()
        self.chosen: str | None = None
        self._stake_shown = "0"  # the stake the dialog filled in (a ruleset's own), until one is typed over it
        self.counts: list[int] = []  # how many players the chosen ruleset takes

    def compose(self) -> ComposeResult:
        self.tall = self.app.touch  # a tablet: rows of a finger's size
        names = self.app.store.players()
        with VerticalScroll(classes="dialog wide"):
            yield Label(t("new_game"), classes="dialog-title")
            yield HoldingInput(placeholder=t("search"), id="search", compact=not self.app.touch)
            yield MarkedOptionList(*self._options(""), id="rulesets")
            yield Static("", id="description")
            yield Label(t("seats_touch" if self.app.touch else "seats"))  # a tablet has no Enter
            with Horizontal(id="seats"):
                for i in range(8):
                    yield HoldingInput(placeholder=f"{i + 1}", id=f"p{i}", compact=not self.app.touch,
                                suggester=SuggestFromList(names, case_sensitive=False), classes="seat")
            with Horizontal(classes="row"):
                yield Label(t("table"))
                used = [g.table for g in self.app.store.games(self.evening_id)]
                yield Input(str(self.table or max(used, default=0) + 1), id="table", type="integer",
                            compact=not self.app.touch, classes="num")
                yield Label(t("stake"))
                # a decimal as the language writes it (0,5 in Polish): digits and one comma or point
                yield Input("0", id="stake", restrict=r"[0-9]*[.,]?[0-9]*", compact=not self.app.touch, classes="num")
            yield Label("", id="error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()

    def _options(self, text: str) -> list[Option]:
        """The rulesets the search finds, the best match first: the exact id, then an id that begins so, then
        the title's beginning, then anything that holds the words (typing bridge-pairs picks bridge-pairs)."""
        q = text.strip().lower()
        found = [(rid, mod, title) for rid, mod, title in self.all
                 if q in rid.lower() or q in raw(title).lower() or q in mod.lower()]  # either language

        def rank(item):
            rid, _, title = item
            rid, pl, en = rid.lower(), say(title, "pl").lower(), say(title, "en").lower()
            return 0 if rid == q else 1 if rid.startswith(q) else 2 if pl.startswith(q) or en.startswith(q) else 3
        return [row_option(plain_text(f"{rid} — {say(title, get_lang())}"), rid, self.tall)
                for rid, mod, title in sorted(found, key=rank)]

    @on(Input.Changed, "#search")
    def _search(self, event: Input.Changed) -> None:
        ol = self.query_one("#rulesets", OptionList)
        ol.clear_options()
        ol.add_options(self._options(event.value))
        ol.highlighted = 0 if ol.option_count else None

    @on(OptionList.OptionHighlighted, "#rulesets")
    def _highlight(self, event: OptionList.OptionHighlighted) -> None:
        self.chosen = event.option.id
        try:
            r = rulesets.load(self.chosen)
        except ZapisError as e:
            self.query_one("#description", Static).update(plain_text(str(e)))
            return
        module = get_module(r.module)
        n = sorted(module.counts(r))
        self.counts = n
        many = len(n) >= 6 and n == list(range(n[0], n[-1] + 1))
        counts = t("players_from", n=n[0]) if many else t("players_n", n=t("or_word").join(
            [", ".join(map(str, n[:-1])), str(n[-1])] if len(n) > 1 else [str(n[0])]))
        seats = ""
        if r.module == "bridge" and r["seating"] == "four":
            seats = " · N, E, S, W"
        elif r.module == "bridge" and r["seating"] == "two":
            seats = " · N-S, E-W"
        if module.players_key == "pairs":
            seats = " · " + t("pairs_seats")
        own = r.values.get("stake") if "stake" in r.values else None
        stake = self.query_one("#stake", Input)
        if stake.value == self._stake_shown:  # not typed over: the stake that applies to this ruleset's game
            self._stake_shown = stake.value = "0" if own is None else number_text(own, get_lang())
        said = f" · {t('stake_own', stake=number_text(own, get_lang()))}" if own is not None else ""  # never cut
        self.query_one("#description", Static).update(
            plain_text(f"{say(r.description, get_lang())}\n{counts}{seats}{said}"))  # all of it: the box scrolls

    @on(OptionList.OptionSelected, "#rulesets")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen = event.option.id
        self.query_one("#p0", Input).focus()

    def on_key(self, event) -> None:
        """↓ and ↑ in the search move through the rulesets it found (the highlighted one marked ▶), as in a
        search box anywhere; Enter then takes it."""
        if event.key in ("down", "up") and self.focused is self.query_one("#search", Input):
            ol = self.query_one("#rulesets", OptionList)
            ol.action_cursor_down() if event.key == "down" else ol.action_cursor_up()
            event.stop()
            event.prevent_default()

    @on(Input.Submitted, "#search")
    def _search_done(self) -> None:
        """Enter in the search takes the best match and goes on to the first seat."""
        ol = self.query_one("#rulesets", OptionList)
        if ol.option_count:
            self.chosen = ol.get_option_at_index(ol.highlighted or 0).id
            self.set_focus(self.query_one("#p0", Input))
        release(self)

    @on(Input.Submitted, ".seat")
    def _seat_done(self, event: Input.Submitted) -> None:
        """Enter on a seat: on to the next one; on an empty seat (every player typed), the game starts."""
        i = int(event.input.id[1:])
        filled = sum(1 for j in range(8) if self.query_one(f"#p{j}", Input).value.strip())
        if event.value.strip() and i < 7 and filled < max(self.counts or [8]):
            self.set_focus(self.query_one(f"#p{i + 1}", Input))  # at once: the keys held behind it go there
            release(self)
        else:  # the last player the game takes, or an empty seat: the game starts (or says what is missing)
            self.action_ok()
            release(self)

    @on(Input.Submitted, "#table, #stake")
    def _number_done(self) -> None:
        self.action_ok()

    @on(Button.Pressed, "#ok")
    def action_ok(self) -> None:
        err = self.query_one("#error", Label)
        if not self.chosen:
            err.update(f"{t('ruleset')}: ?")
            return
        seats = [self.query_one(f"#p{i}", Input).value.strip() for i in range(8)]
        seats = [s for s in seats if s]
        try:
            rules = rulesets.load(self.chosen)
            module = get_module(rules.module)
            if module.players_key == "pairs":
                players: Any = {str(i + 1): [n.strip() for n in s.split(",")] for i, s in enumerate(seats)}
            else:
                players = seats
            data = {"format": "zapis/1", "ruleset": self.chosen, module.players_key: players}
            rec, rules, module = records.parse(data)
            module.validate_and_score(rules, rec.players, [], {})
            table_text = self.query_one("#table", Input).value.strip() or "1"
            stake_text = self.query_one("#stake", Input).value.strip().replace(",", ".") or "0"
            problems = []
            try:
                table = int(table_text)
            except ValueError:
                table = table_text
            problems += check_table_number(table, t("table"))
            try:
                stake = float(stake_text)
            except ValueError:
                stake = stake_text
            problems += check_stake(stake, t("stake"))
            if problems:
                raise ZapisError(problems)
        except ZapisError as e:  # one line naming the field as the dialog names it (a seat: its player)
            err.update(plain_text(_said(e.problems[0])))
            return
        self.dismiss(NewGame(rec, rules, module, table, stake))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
