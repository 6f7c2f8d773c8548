"""The director's view of a duplicate pairs session: every table's progress, the live ranking, every result with
its score, and corrections (any result, an adjusted score, a board not played, a result moved to the board or
table where it was really played). Each correction is an edit in the hand log: the history keeps what it was."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label, Static

from zapis.club import pairs_session
from zapis.club.pairs_session import movement_words
from zapis.core.errors import ZapisError
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.screens.game import _lines, refusal
from zapis.ui.screens.pairs_table import board_words, deal_lines, traveller_rows
from zapis.ui.widgets.hand_form import FormError, HandForm, SaysRefusals
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.button import Button
from zapis.ui.widgets.table_rows import CursorTable, show_rows


def ranking_rows(s: pairs_session.Session, game):
    """The live ranking as the board shows it (zapis.web.board.pairs_page): place (shared places as 3.–4.), pair
    (with its field in a two-winner Mitchell), names, total and % for matchpoints; "—" for a pair yet to play."""
    from zapis.web.board import pairs_page

    for r in pairs_page(game, s.sheet, s.rules, get_lang())["ranking"]:
        yield r["place"], r["pair"], plain_text(" – ".join(r["players"])), r["total"], r.get("percent", "")


class PairsDirectorScreen(Screen):
    BINDINGS = [
        Binding("c", "correct", "pd_correct"),
        Binding("a", "add", "pd_add"),
        Binding("r", "deal", "pd_deal"),
        Binding("h", "history", "history"),
        Binding("escape", "back", "back"),
    ]

    def __init__(self, game_id: int):
        super().__init__()
        self.game_id = game_id
        self.session: pairs_session.Session | None = None

    @property
    def store(self):
        return self.app.store

    def compose(self) -> ComposeResult:
        yield Static("", id="pd-title")
        with Horizontal(id="pd-top"):
            with Vertical(id="pd-progress-box"):
                yield Label(t("pd_progress"), classes="pd-head")
                yield DataTable(id="pd-progress", cursor_type="none")
            with Vertical(id="pd-ranking-box"):
                yield Label(t("pd_ranking"), classes="pd-head")
                yield DataTable(id="pd-ranking", cursor_type="none", zebra_stripes=True)
        yield Label(t("pd_results"), classes="pd-head")
        yield CursorTable(id="pd-results", cursor_type="row", zebra_stripes=True)
        yield Static("", id="pd-message")
        yield KeyBar()

    def on_mount(self) -> None:
        ranking = self.query_one("#pd-ranking", DataTable)
        for word in ("#", t("pt_pair", n="").strip(), t("players"), t("pd_total"), "%"):
            ranking.add_column(word)
        results = self.query_one("#pd-results", DataTable)
        self.show()
        mp = self.session.rules["method"] == "matchpoints"
        unit = t("pt_mp") if mp else "IMP"
        for word in (t("pd_board"), t("table"), "N-S", "E-W", t("pt_contract"), t("pt_score_ns"), f"{unit} N-S",
                     f"{unit} E-W"):
            results.add_column(word)
        self.show()
        results.focus()

    def show(self) -> None:
        self.session = s = pairs_session.load(self.store, self.game_id)
        title = f"{say(self.store.game(self.game_id).title, get_lang())} · {movement_words(s)}"
        self.query_one("#pd-title", Static).update(plain_text(title, style="bold"))
        # each table redrawn only where it changed (zapis.ui.widgets.table_rows): a save changes a few cells
        progress = self.query_one("#pd-progress", DataTable)
        if len(progress.columns) != s.movement.tables + 1:
            progress.clear(columns=True)
            progress.add_column(t("pd_round"))
            for table in range(1, s.movement.tables + 1):
                progress.add_column(str(table), width=3)  # "5/8" at most (8 boards a round), never cut
        rounds, tables = [], range(1, s.movement.tables + 1)
        for rnd, seats in enumerate(s.progress(), start=1):
            cells = {table: f"{n}/{of}" if n < of else "✓" for table, n, of in seats  # the phantom's: a bye, "—"
                     if not s.facing_phantom(s.movement.at(rnd, table))}
            rounds.append((str(rnd), (str(rnd), *(cells.get(table, "—") for table in tables))))
        show_rows(progress, rounds)
        show_rows(self.query_one("#pd-ranking", DataTable),
                  [(str(row[1]), row) for row in ranking_rows(s, self.store.game(self.game_id))])
        results = self.query_one("#pd-results", DataTable)
        if not results.columns:
            return
        cursor = results.cursor_row
        positions = {(r["board"], r["ns"], r["ew"]): i for i, r in enumerate(s.results)}
        show_rows(results, [(str(positions[(e["board"], e["ns"], e["ew"])]), (str(board), *row))
                            for board in s.movement.boards() + sorted({r["board"] for r in s.results}
                                                                      - set(s.movement.boards()))
                            for row, e in zip(traveller_rows(s, board), s.traveller(board))])
        if results.row_count:
            results.move_cursor(row=min(cursor, results.row_count - 1))


    def store_changed(self) -> None:
        if self.store.game(self.game_id).version != self.session.version:
            self.show()

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#pd-message", Static).update(plain_text(text, style="bold red" if error else "green"))

    # --- corrections -------------------------------------------------------------------------------------
    @on(DataTable.RowSelected, "#pd-results")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.correct(int(event.row_key.value))

    def _highlighted(self) -> int | None:
        """The hand-log position of the result under the cursor; None (said) when there is none."""
        results = self.query_one("#pd-results", DataTable)
        if not results.row_count:
            self.say(t("pd_none"), error=True)
            return None
        return int(results.coordinate_to_cell_key(results.cursor_coordinate).row_key.value)

    def action_correct(self) -> None:
        position = self._highlighted()
        if position is not None:
            self.correct(position)

    def correct(self, position: int) -> None:
        before = self.session.results[position]
        version = self.session.version

        def done(hand) -> None:
            if hand is None:
                return
            hand = self._placed(hand, before)
            if hand == before:  # nothing changed: nothing recorded
                self.say(t("pd_unchanged"))
                return
            try:
                self.store.edit(self.game_id, position, hand, version)
            except ZapisError as e:
                self.say(_lines(e.problems), error=True)
                return
            self.show()
            self.say(t("pd_corrected", board=hand["board"]))
        self.app.push_screen(ResultDialog(self.session, before), done)

    def action_add(self) -> None:
        """A result the director enters himself (a table without a tablet, a result given on paper)."""
        def done(hand) -> None:
            if hand is None:
                return
            hand = self._placed(hand, {})
            try:
                self.store.enter(self.game_id, hand)
            except ZapisError as e:
                self.say(_lines(e.problems), error=True)
                return
            self.show()
            self.say(t("pd_added", board=hand["board"]))
        self.app.push_screen(ResultDialog(self.session, {}), done)

    def _placed(self, hand: dict, before: dict) -> dict:
        """Where a result was played: kept when its board and pairs are unchanged, else from the movement."""
        same = all(hand.get(k) == before.get(k) for k in ("board", "ns", "ew"))
        # as a table records it: nothing empty (undoubled, not "not played"), where it was played added below
        hand = {k: v for k, v in hand.items() if k not in ("table", "round") and v is not None and v != ""
                and v is not False}
        if same and "table" in before:
            return hand | {"table": before["table"], "round": before["round"]}
        found = self.session.movement.find(hand["board"], hand["ns"], hand["ew"])
        return hand | ({"table": found[1].table, "round": found[0]} if found else {})

    def action_deal(self) -> None:
        """The highlighted result's board: its deal around the table, double dummy and par (when dealt)."""
        position = self._highlighted()
        if position is None:
            return
        board = self.session.results[position]["board"]
        lines = deal_lines(self.session, board)
        if not lines:
            self.say(t("pd_no_deal", board=board), error=True)
            return
        self.app.push_screen(DealDialog(board_words(board), lines))

    def action_history(self) -> None:
        from zapis.ui.dialogs.history import HistoryDialog
        self.app.push_screen(HistoryDialog(self.game_id))

    def action_back(self) -> None:
        self.app.pop_screen()


class DealDialog(ModalScreen[None]):
    """A board's hand record as the director reads it: Esc, Enter or a tap closes it."""
    BINDINGS = [Binding("escape", "close", "back"), Binding("enter", "close", "back")]

    def __init__(self, head: str, lines: list[str]):
        super().__init__()
        self.head, self.lines = head, lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog pd-deal"):
            yield Label(plain_text(self.head), classes="dialog-title")
            yield Static(plain_text("\n".join(self.lines).strip("\n")))
            with Horizontal(classes="buttons"):
                yield Button(t("close").capitalize(), id="close", variant="primary")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


class ResultDialog(SaysRefusals, ModalScreen[dict | None]):
    """One result as the director corrects it: every field of the session's result, board and pairs included. A
    key refused in the form (a pair number no pair has, +1 where it cannot be) is said on the dialog's error line."""

    def say(self, text: str, error: bool = False) -> None:
        self._said_error = error and bool(text)
        self.query_one("#pd-error", Static).update(plain_text(text))

    BINDINGS = [Binding("escape", "cancel", "cancel"), Binding("ctrl+s", "ok", "save")]

    def __init__(self, session: pairs_session.Session, hand: dict):
        super().__init__()
        self.session = session
        self.hand = hand

    def compose(self) -> ComposeResult:
        s = self.session
        fields = s.module.hand_fields(s.rules, s.pairs)
        with Vertical(classes="dialog pd-dialog"):
            yield Label(t("pd_correct_title") if self.hand else t("pd_add_title"), classes="dialog-title")
            yield HandForm(fields, [], id="pd-form")
            yield Static("", id="pd-error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button(t("save"), id="ok", variant="primary")
                yield Button(t("cancel"), id="cancel")

    def on_mount(self) -> None:
        form = self.query_one(HandForm)
        if self.hand:
            form.set_values({"double": ""} | {k: v for k, v in self.hand.items() if k not in ("table", "round")})
        else:
            form.prefill({})
        form.focus_first()

    @on(HandForm.Submitted)
    @on(Button.Pressed, "#ok")
    def action_ok(self) -> None:
        form = self.query_one(HandForm)
        try:
            hand = form.to_save()
        except FormError as e:
            self.query_one("#pd-error", Static).update(plain_text(refusal(form, e.problems)))
            return
        if hand.get("not_played") or "adjusted" in hand:  # the contract fields go: the result is that alone
            keep = ("board", "ns", "ew", "not_played") if hand.get("not_played") else ("board", "ns", "ew", "adjusted")
            hand = {k: v for k, v in hand.items() if k in keep and v not in (None, "", False)}
        s = self.session
        problems = s.module.check_each(s.rules, s.pairs, [hand])
        if problems:
            self.query_one("#pd-error", Static).update(plain_text(refusal(form, problems)))
            return
        self.dismiss(hand)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
