"""The director starts a duplicate pairs session: the pairs, the movement, boards a round, the scoring."""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, TextArea

from zapis.club import pairs_session
from zapis.club.pairs_session import parse_pairs
from zapis.core.errors import ZapisError
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.button import Button

#: where a problem is placed -> the label the dialog shows for it
PLACES = {"pairs": "ns_pairs", "rules.movement": "ns_movement", "rules.boards_per_round": "ns_boards",
          "rules.rounds": "ns_rounds", "rules.mitchell_even": "ns_relay", "rules.arrow_switch": "ns_arrow",
          "method": "ns_method", "title": "title", "phantom": "ns_odd", "rules.factoring": "ns_factoring"}


class NewSessionDialog(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "cancel"), Binding("ctrl+s", "ok", "save")]

    def __init__(self, evening_id: int):
        super().__init__()
        self.evening_id = evening_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide ns-dialog"):
            yield Label(t("ns_title"), classes="dialog-title")
            with Vertical(id="ns-body"):  # the options first; the pairs' box takes the height that is left
                yield Label(t("title"))
                yield Input(t("pairs_session"), id="ns-title", compact=True)
                with Horizontal(classes="ns-row"):
                    with Vertical():
                        yield Label(t("ns_movement"))
                        yield Select([("Howell", "howell"), ("Mitchell", "mitchell")], value="howell",
                                     allow_blank=False, id="ns-movement", compact=True)
                    with Vertical():
                        yield Label(t("ns_method"))
                        yield Select([(t("ns_matchpoints"), "matchpoints"), (t("ns_cross_imps"), "cross-imps"),
                                      (t("ns_butler"), "butler")], value="matchpoints", allow_blank=False,
                                     id="ns-method", compact=True)
                with Horizontal(classes="ns-row"):
                    with Vertical():
                        yield Label(t("ns_boards"))
                        yield Input("2", id="ns-boards", type="integer", compact=True)
                    with Vertical():
                        yield Label(t("ns_rounds"))
                        yield Input("0", id="ns-rounds", type="integer", compact=True)
                with Horizontal(classes="ns-row"):  # Mitchell only: said in words (a ticked box reads ambiguously)
                    with Vertical():
                        yield Label(t("ns_arrow"))
                        yield Select([(t("ns_arrow_no"), False), (t("ns_arrow_yes"), True)], value=False,
                                     allow_blank=False, id="ns-arrow", compact=True)
                    with Vertical():
                        yield Label(t("ns_relay"))
                        yield Select([(t("ns_skip"), "skip"), (t("ns_relay_stand"), "relay")], value="skip",
                                     allow_blank=False, id="ns-even", compact=True)
                with Horizontal(classes="ns-row"):
                    with Vertical():
                        yield Label(t("ns_odd"))
                        yield Select([(t("ns_sit_out"), False), (t("ns_phantom"), True)], value=False,
                                     allow_blank=False, id="ns-phantom", compact=True)
                    with Vertical():
                        yield Label(t("ns_factoring"))
                        yield Select([(t("ns_neuberg"), "neuberg"), (t("ns_plain"), "none")], value="neuberg",
                                     allow_blank=False, id="ns-factoring", compact=True)
                yield Label(t("ns_pairs"))
                yield TextArea(id="ns-pairs", soft_wrap=False)
            yield Label("", id="ns-error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#ns-pairs", TextArea).focus()

    def error(self, text: str) -> None:
        self.query_one("#ns-error", Label).update(plain_text(text))

    def _int(self, wid: str, key: str) -> int | None:
        text = self.query_one(wid, Input).value.strip()
        if not text.isdigit():
            self.error(f"{t(key)}: „{text[:10]}”" if get_lang() == "pl" else f'{t(key)}: "{text[:10]}"')
            return None
        return int(text)

    @on(Button.Pressed, "#ok")
    def action_ok(self) -> None:
        pairs, problems = parse_pairs(self.query_one("#ns-pairs", TextArea).text)
        if problems:
            self.error(f"{t('ns_pairs').split(':')[0]}: {problems[0]}")
            return
        boards, rounds = self._int("#ns-boards", "ns_boards"), self._int("#ns-rounds", "ns_rounds")
        if boards is None or rounds is None:
            return
        try:
            gid = pairs_session.new_session(
                self.app.store, self.evening_id, pairs, movement=self.query_one("#ns-movement", Select).value,
                method=self.query_one("#ns-method", Select).value, boards_per_round=boards, rounds=rounds,
                arrow_switch=self.query_one("#ns-arrow", Select).value,
                even=self.query_one("#ns-even", Select).value,
                title=self.query_one("#ns-title", Input).value.strip() or None,
                phantom=bool(self.query_one("#ns-phantom", Select).value) and len(pairs) % 2 == 1,
                factoring=self.query_one("#ns-factoring", Select).value)
        except ZapisError as e:
            p = e.problems[0]
            where = next((t(v).split(":")[0] for k, v in PLACES.items() if p.place == k or p.place.startswith(k + ".")),
                         p.place)
            if m := re.match(r"pairs\.(\d+)", p.place):  # which pair: as a pair line's problem says it
                where += f": {t('pt_pair', n=m[1])}"
            self.error(f"{where}: {say(p.message, get_lang())}" if where else say(p.message, get_lang()))
            return
        self.dismiss(gid)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
